//! The checks of the sections after the shapes: the free list, the pose records, the
//! transforms the poses come from, the removed ids, the pair lists and their contacts and
//! contact points. Each names what is wrong and where.

use super::layout::{f32_at, u32_at, MOVED_RECORD, POSE_RECORD};
use super::{bad, Checked, MARK_FREE_LISTED, MARK_POSE_GIVEN, MARK_REMOVED};
use crate::math::{Rot, Transform, Vec2};
use crate::narrow_phase::MANIFOLD_STRIDE;
use crate::store::{FLAG_ALIVE, FLAG_FRESH, FLAG_STATIC};
use crate::world::events::pair_key;
use crate::world::snapshot::{pose_bits, pose_of, transform_valid, SnapshotError};

/// True when `(cos, sin)` is a rotation (finite, of unit length up to `f32` rounding).
fn is_rotation(cos: f32, sin: f32) -> bool {
    let (c, s) = (f64::from(cos), f64::from(sin));
    cos.is_finite() && sin.is_finite() && (c * c + s * s - 1.0).abs() <= 1e-4
}

impl Checked<'_> {
    /// The free list: ids of free slots, each once (its count was checked against the
    /// free slots, so it holds every one).
    pub(super) fn check_free_list(&self, marks: &mut [u8]) -> Result<(), SnapshotError> {
        let l = &self.layout;
        for k in 0..l.free {
            let at = l.free_at + 4 * k;
            let id = u32_at(self.bytes, at) as usize;
            if id >= l.slots || self.flags(id) != 0 || marks[id] & MARK_FREE_LISTED != 0 {
                return Err(bad("free id", k, at));
            }
            marks[id] |= MARK_FREE_LISTED;
        }
        Ok(())
    }

    /// The records of one pose list: ids ascending, each of a stepped shape with
    /// `want` flags, and `valid` values.
    fn check_records(
        &self,
        marks: &mut [u8],
        (start, count, size): (usize, usize, usize),
        want: u8,
        what: &'static str,
        valid: impl Fn(usize, [f32; 4]) -> bool,
    ) -> Result<(), SnapshotError> {
        let bytes = self.bytes;
        let mut next_id = 0;
        for k in 0..count {
            let at = start + size * k;
            let id = u32_at(bytes, at) as usize;
            let ok_id = id >= next_id && id < self.layout.slots && self.flags(id) == want;
            if !ok_id {
                return Err(bad(what, k, at));
            }
            let values = [4, 8, 12, 16].map(|o| f32_at(bytes, at + o));
            if !valid(id, values) {
                return Err(bad(what, k, at + 4));
            }
            marks[id] |= MARK_POSE_GIVEN;
            next_id = id + 1;
        }
        Ok(())
    }

    /// The moving shapes' last read transforms, and the static shapes' poses. A record
    /// must say something the columns do not (so that one world has one snapshot: a
    /// loaded world's snapshot is the bytes it was loaded from).
    pub(super) fn check_poses(&self, marks: &mut [u8]) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        let column =
            |id: usize| [l.xs_at, l.ys_at, l.angles_at].map(|start| f32_at(bytes, start + 4 * id));
        self.check_records(
            marks,
            (l.moved_at, l.moved, MOVED_RECORD),
            FLAG_ALIVE,
            "moved transform",
            |id, [x, y, angle, _]| {
                let differs = [x, y, angle].map(f32::to_bits) != column(id).map(f32::to_bits);
                transform_valid(x, y, angle) && differs
            },
        )?;
        self.check_records(
            marks,
            (l.poses_at, l.poses, POSE_RECORD),
            FLAG_ALIVE | FLAG_STATIC,
            "static pose",
            |id, [x, y, cos, sin]| {
                let [cx, cy, angle] = column(id);
                let pose = Transform {
                    translation: Vec2::new(x, y),
                    rotation: Rot { cos, sin },
                };
                let derived = transform_valid(cx, cy, angle)
                    && pose_bits(&pose_of(cx, cy, angle)) == pose_bits(&pose);
                transform_valid(x, y, 0.0) && is_rotation(cos, sin) && !derived
            },
        )
    }

    /// Every stepped shape without a record gets its pose from its columns, which must
    /// then be a valid transform. (Other slots may hold anything there, as in a world:
    /// free slots keep stale values, and a transform written since the last step is
    /// checked by the next step.)
    pub(super) fn check_transforms(&self, marks: &[u8]) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        for (id, &mark) in marks.iter().enumerate() {
            let stepped = self.flags(id) & (FLAG_ALIVE | FLAG_FRESH) == FLAG_ALIVE;
            if !stepped || mark & MARK_POSE_GIVEN != 0 {
                continue;
            }
            let (x, y, angle) = (
                f32_at(bytes, l.xs_at + 4 * id),
                f32_at(bytes, l.ys_at + 4 * id),
                f32_at(bytes, l.angles_at + 4 * id),
            );
            if !transform_valid(x, y, angle) {
                return Err(bad("transform of slot", id, l.xs_at + 4 * id));
            }
        }
        Ok(())
    }

    /// The ids removed since the last step: each once, and each free or issued again
    /// since (fresh).
    pub(super) fn check_removed(&self, marks: &mut [u8]) -> Result<(), SnapshotError> {
        let l = &self.layout;
        for k in 0..l.removed {
            let at = l.removed_at + 4 * k;
            let id = u32_at(self.bytes, at) as usize;
            let ok = id < l.slots
                && marks[id] & MARK_REMOVED == 0
                && (self.flags(id) == 0 || self.flags(id) & FLAG_FRESH != 0);
            if !ok {
                return Err(bad("removed id", k, at));
            }
            marks[id] |= MARK_REMOVED;
        }
        Ok(())
    }

    /// The pair lists: keys `a < b < slots`, strictly ascending; the last step's pairs
    /// name shapes it stepped (live and not issued since, or removed since), with finite
    /// contacts of non-negative depth.
    pub(super) fn check_pairs(&self, marks: &[u8]) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        let stepped = |id: u32| {
            let id = id as usize;
            self.flags(id) & (FLAG_ALIVE | FLAG_FRESH) == FLAG_ALIVE
                || marks[id] & MARK_REMOVED != 0
        };
        let lists = [
            ("pair", l.pairs_at, l.pairs, true),
            ("started pair", l.started_at, l.started, false),
            ("ended pair", l.ended_at, l.ended, false),
        ];
        for (what, start, count, last_step) in lists {
            let mut previous = None;
            for k in 0..count {
                let at = start + 8 * k;
                let (a, b) = (u32_at(bytes, at), u32_at(bytes, at + 4));
                let key = pair_key(a, b);
                let ok = a < b
                    && (b as usize) < l.slots
                    && previous.map_or(true, |p| key > p)
                    && (!last_step || (stepped(a) && stepped(b)));
                if !ok {
                    return Err(bad(what, k, at));
                }
                previous = Some(key);
            }
        }
        for k in 0..l.pairs {
            let at = l.contacts_at + 12 * k;
            let [nx, ny, depth] = [0, 4, 8].map(|o| f32_at(bytes, at + o));
            if !(nx.is_finite() && ny.is_finite() && depth.is_finite() && depth >= 0.0) {
                return Err(bad("contact", k, at));
            }
        }
        for k in 0..usize::from(l.contact_points) * l.pairs {
            let at = l.points_at + 4 * MANIFOLD_STRIDE * k;
            let count = f32_at(bytes, at);
            let finite = (1..MANIFOLD_STRIDE).all(|i| f32_at(bytes, at + 4 * i).is_finite());
            if !((count == 1.0 || count == 2.0) && finite) {
                return Err(bad("contact points", k, at));
            }
        }
        Ok(())
    }
}
