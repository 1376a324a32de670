//! The planes a move has met, where each came from, and when one keeps a path clear.
//!
//! Each plane comes from one piece of a shape met by one piece of the mover ([`source`]),
//! and the first planes of a move are those of the shapes the mover started in. A plane
//! also says how far the mover was from its shape when it was met, which lets a later cast
//! of that shape be skipped without changing any answer:
//!
//! **A plane that already keeps the path clear skips the cast.** Every plane's normal is a
//! separating axis of the mover and the shape that gave it, at the time it was met, with a
//! known gap along it (the contact's depth, or the cast's margin). Along a fixed axis that
//! gap changes by exactly the mover's displacement along it, so a later cast whose straight
//! path keeps it above the cast's margin (with an allowance of [`PLANE_ROUNDINGS`]
//! roundings of the coordinates) cannot hit that shape, and is not made. Most of them are
//! the correction's, which moves away from what the move met, and the first round's after
//! a push out. Only for a convex mover against a convex piece whose normal was not smoothed
//! (not a chain's segment). A unit test checks the rule against the exact cast on seeded
//! random pairs, and fails with planes that overstate their gap by `0.05`.

use crate::cast::{Plane, MAX_PLANES};
use crate::math::{Aabb, Vec2};

/// How many `f32` roundings of the coordinates involved (the mover's scale, the other
/// shape's box) a plane's clearance must exceed a cast's margin by before the cast is
/// skipped (see [`Planes::keeps_clear`]): the narrow phase's contacts and the casts' first
/// contacts are within about four of them (the crate's reference tests), the positions
/// they were measured at within one or two more.
pub(super) const PLANE_ROUNDINGS: f32 = 16.0;

/// Where a plane came from: a shape's id, its piece (the part of a concave shape, the
/// segment of a chain or of a tile grid's boundary, each of which gives its own planes; 0
/// for a convex shape) and the mover's piece that met it (0 for a convex mover), as
/// `id << 40 | mover_piece << 28 | piece`: ids are below `2^24`, a mover's pieces (parts,
/// chain segments) below `2^12`, and a shape's below `2^28` (a grid's segments are
/// numbered `chunk << 10 | k`, with fewer than `2^18` chunks). Ordered by id, then the
/// mover's piece, then the shape's.
pub(super) fn source(id: u32, piece: u32, mover_piece: u32) -> u64 {
    u64::from(id) << 40 | u64::from(mover_piece) << 28 | u64::from(piece)
}

/// The bits of a [`source`] that name the mover's piece.
const MOVER_PIECE_BITS: u64 = ((1 << 12) - 1) << 28;

/// The planes a move has met, with the shape each came from.
pub(super) struct Planes {
    planes: [Plane; MAX_PLANES],
    sources: [u64; MAX_PLANES],
    /// How far the mover was from the plane's shape, along its normal, at the plane's
    /// separation 0 (see [`Planes::keeps_clear`]); `−∞` where that is not known.
    clearances: [f32; MAX_PLANES],
    pub(super) count: usize,
    /// The first `started` planes come from shapes the mover started in.
    pub(super) started: usize,
}

impl Planes {
    pub(super) fn new() -> Planes {
        Planes {
            planes: [Plane {
                normal: Vec2::ZERO,
                offset: 0.0,
            }; MAX_PLANES],
            sources: [u64::MAX; MAX_PLANES],
            clearances: [f32::NEG_INFINITY; MAX_PLANES],
            count: 0,
            started: 0,
        }
    }

    pub(super) fn all(&self) -> &[Plane] {
        &self.planes[..self.count]
    }

    pub(super) fn has_source(&self, source: u64) -> bool {
        self.sources[..self.count].contains(&source)
    }

    /// True when any piece of the mover started in the shape's piece that `source` names.
    pub(super) fn started_in(&self, source: u64) -> bool {
        let piece = source & !MOVER_PIECE_BITS;
        self.sources[..self.started]
            .iter()
            .any(|&s| s & !MOVER_PIECE_BITS == piece)
    }

    /// True when some plane of piece `source` shows that a convex mover moving in a
    /// straight line from displacement `from` to `to` stays further than `least` from
    /// that convex piece (see [`World::first_hit`]).
    ///
    /// A plane's normal is a separating axis of the two shapes at the time it was met:
    /// the narrow phase's minimum-translation axis, along which they overlap by the
    /// contact's depth, or a cast's normal at first contact, along which they are exactly
    /// the cast's margin apart. Along a fixed axis the gap between the two shapes' extents
    /// changes by exactly the mover's displacement along it, so it is the plane's
    /// separation plus its clearance, and it bounds the distance between the shapes from
    /// below. Along a straight path it is least at one end.
    pub(super) fn keeps_clear(&self, source: u64, from: Vec2, to: Vec2, least: f32) -> bool {
        (0..self.count).any(|k| {
            self.sources[k] == source && {
                let plane = &self.planes[k];
                let nearest = -larger(-plane.separation(from), -plane.separation(to));
                nearest + self.clearances[k] > least
            }
        })
    }

    /// Adds a plane from `source` (ignored once full), which the mover was `clearance` from
    /// at the plane's separation 0, and records it as a contact.
    pub(super) fn push(
        &mut self,
        source: u64,
        plane: Plane,
        clearance: f32,
        contacts: &mut Vec<f32>,
    ) {
        if self.count < MAX_PLANES {
            let id = (source >> 40) as u32;
            self.planes[self.count] = plane;
            self.sources[self.count] = source;
            self.clearances[self.count] = clearance;
            self.count += 1;
            // A move of several slides (carry, steps, snap) appends theirs: at most
            // `MAX_PLANES` in all, the room the buffer was given once.
            if contacts.len() < 3 * MAX_PLANES {
                contacts.extend_from_slice(&[id as f32, plane.normal.x, plane.normal.y]);
            }
        }
    }
}

/// The larger of two numbers (not NaN): a comparison, where `f32::max` costs a sequence of
/// NaN checks in the wasm.
#[inline]
pub(super) fn larger(a: f32, b: f32) -> f32 {
    if a > b {
        a
    } else {
        b
    }
}

/// The largest magnitude of a box's coordinates.
pub(super) fn largest_coordinate(b: &Aabb) -> f32 {
    larger(
        larger(b.min.x.abs(), b.min.y.abs()),
        larger(b.max.x.abs(), b.max.y.abs()),
    )
}
