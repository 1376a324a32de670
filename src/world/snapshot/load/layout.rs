//! The header of a snapshot: its counts, checked against the length before anything past
//! the header is read (so that a lying count is caught before it sizes an allocation), and
//! where each section starts.

use super::super::{
    SnapshotError, CONTACT_POINTS, LEVELS, SNAPSHOT_HEADER_LEN, SNAPSHOT_MAGIC, SNAPSHOT_VERSION,
    STATICS_DIRTY,
};
use crate::narrow_phase::MANIFOLD_STRIDE;
use crate::world::MAX_SHAPES;

/// A little-endian word at `at` (0 past the end: callers read only checked ranges).
#[inline(never)]
pub(super) fn u32_at(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

#[inline]
pub(super) fn f32_at(bytes: &[u8], at: usize) -> f32 {
    f32::from_bits(u32_at(bytes, at))
}

/// The header's counts and where each section starts, all checked against the length.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub(super) slots: usize,
    pub(super) free: usize,
    pub(super) polygons: usize,
    pub(super) params: usize,
    pub(super) moved: usize,
    pub(super) poses: usize,
    pub(super) pairs: usize,
    pub(super) started: usize,
    pub(super) ended: usize,
    pub(super) removed: usize,
    /// Concave polygons and chains, and the points of their outlines.
    pub(super) concaves: usize,
    pub(super) outline_points: usize,
    pub(super) statics_dirty: bool,
    /// The world computes contact points, and the snapshot holds the last step's.
    pub(super) contact_points: bool,
    /// The levels section follows the point lists (`snapshot/levels.rs`).
    pub(super) levels: bool,
    pub(super) flags_at: usize,
    pub(super) kinds_at: usize,
    pub(super) vertex_counts_at: usize,
    pub(super) xs_at: usize,
    pub(super) ys_at: usize,
    pub(super) angles_at: usize,
    pub(super) layers_at: usize,
    pub(super) masks_at: usize,
    pub(super) generations_at: usize,
    pub(super) params_at: usize,
    pub(super) free_at: usize,
    pub(super) moved_at: usize,
    pub(super) poses_at: usize,
    pub(super) pairs_at: usize,
    pub(super) contacts_at: usize,
    pub(super) started_at: usize,
    pub(super) ended_at: usize,
    pub(super) removed_at: usize,
    pub(super) points_at: usize,
    pub(super) outlines_at: usize,
    /// Where the levels section starts (the end of the input when there is none).
    pub(super) levels_at: usize,
}

/// Byte sizes of the records of the lists after the columns.
pub(super) const MOVED_RECORD: usize = 16;
pub(super) const POSE_RECORD: usize = 20;

/// The length of a snapshot whose header has the counts `c(0)` … `c(9)`, `c(11)` and
/// `c(12)` (without the contact points, which a flag adds), in `u64`:
/// counts below 2^32 times record sizes below 2^5 cannot overflow it.
fn expected_len(c: impl Fn(usize) -> u64) -> u64 {
    let n = c(0);
    let sizes = [
        (n, 2),               // flags, kinds
        (c(2), 1),            // vertex counts
        (n, 24),              // xs ys angles layers masks generations
        (c(3), 4),            // params
        (c(1), 4),            // free ids
        (c(4), MOVED_RECORD), // moved
        (c(5), POSE_RECORD),  // poses
        (c(6), 8 + 12),       // pairs and contacts
        (c(7) + c(8), 8),     // started, ended
        (c(9), 4),            // removed
        (c(11), 4),           // outline point counts
        (c(12), 8),           // outline points
    ];
    SNAPSHOT_HEADER_LEN as u64
        + sizes
            .iter()
            .map(|&(count, size)| count * size as u64)
            .sum::<u64>()
}

impl Layout {
    /// Reads and checks the header: magic, version, counts in range, and a length equal to
    /// what the counts add up to. Nothing past the header is read.
    pub(super) fn read(bytes: &[u8]) -> Result<Layout, SnapshotError> {
        let len = bytes.len();
        let prefix = len.min(4);
        if bytes[..prefix] != SNAPSHOT_MAGIC[..prefix] {
            return Err(SnapshotError::BadMagic);
        }
        if len < 8 {
            return Err(SnapshotError::Truncated {
                at: len,
                expected: 8,
            });
        }
        let version = u32_at(bytes, 4);
        if version != SNAPSHOT_VERSION {
            return Err(SnapshotError::UnsupportedVersion { version });
        }
        if len < SNAPSHOT_HEADER_LEN {
            return Err(SnapshotError::Truncated {
                at: len,
                expected: SNAPSHOT_HEADER_LEN,
            });
        }
        let count = |k: usize| u32_at(bytes, 8 + 4 * k);
        let slots = count(0);
        if slots as usize > MAX_SHAPES {
            return Err(SnapshotError::BadCount {
                what: "slots",
                count: slots,
                expected: MAX_SHAPES,
            });
        }
        let flags = count(10);
        if flags & !(STATICS_DIRTY | CONTACT_POINTS | LEVELS) != 0 {
            return Err(SnapshotError::BadValue {
                what: "header flags",
                index: 0,
                at: 48,
            });
        }
        let points = flags & CONTACT_POINTS != 0;
        let expected = expected_len(|k| u64::from(count(k)))
            + u64::from(points) * u64::from(count(6)) * 4 * MANIFOLD_STRIDE as u64;
        if (len as u64) < expected {
            return Err(SnapshotError::Truncated {
                at: len,
                expected: usize::try_from(expected).unwrap_or(usize::MAX),
            });
        }
        // The levels section's length is its own to check (`load/levels.rs`).
        let levels = flags & LEVELS != 0;
        if len as u64 > expected && !levels {
            return Err(SnapshotError::TooLong {
                expected: expected as usize,
                actual: len,
            });
        }
        Ok(Layout::place(
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12].map(|k| count(k) as usize),
            flags & STATICS_DIRTY != 0,
            points,
            levels,
        ))
    }

    /// Where each section starts, given counts whose total fits the input.
    fn place(
        counts: [usize; 12],
        statics_dirty: bool,
        contact_points: bool,
        levels: bool,
    ) -> Layout {
        let [slots, free, polygons, params, moved, poses, pairs, started, ended, removed, concaves, outline_points] =
            counts;
        let mut at = SNAPSHOT_HEADER_LEN;
        let mut next = |size: usize| {
            let start = at;
            at += size;
            start
        };
        let n = slots;
        Layout {
            slots,
            free,
            polygons,
            params,
            moved,
            poses,
            pairs,
            started,
            ended,
            removed,
            concaves,
            outline_points,
            statics_dirty,
            contact_points,
            levels,
            flags_at: next(n),
            kinds_at: next(n),
            vertex_counts_at: next(polygons),
            xs_at: next(4 * n),
            ys_at: next(4 * n),
            angles_at: next(4 * n),
            layers_at: next(4 * n),
            masks_at: next(4 * n),
            generations_at: next(4 * n),
            params_at: next(4 * params),
            free_at: next(4 * free),
            moved_at: next(MOVED_RECORD * moved),
            poses_at: next(POSE_RECORD * poses),
            pairs_at: next(8 * pairs),
            contacts_at: next(12 * pairs),
            started_at: next(8 * started),
            ended_at: next(8 * ended),
            removed_at: next(4 * removed),
            points_at: next(usize::from(contact_points) * 4 * MANIFOLD_STRIDE * pairs),
            outlines_at: next(4 * concaves + 8 * outline_points),
            levels_at: next(0),
        }
    }
}
