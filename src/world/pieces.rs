//! The convex pieces of a world shape, and the exact tests that walk them.
//!
//! Every exact path of the world that may meet a shape made of several convex pieces (the
//! step's pairs, point and shape queries, rays, casts and sweeps, the mover's planes) reads
//! each shape as [`Pieces`]: a convex shape is one piece, a concave polygon (`concave.rs`)
//! its convex parts, a chain (`chain.rs`) its segments and a tile grid (`tiles.rs`) the
//! segments of its boundary, whose contacts and hit normals go through the chain's
//! smoothing. This module holds that reading and the walks over it:
//!
//! - the **deepest piece pair** of two shapes ([`deepest_pieces`]: ties to the first, A's
//!   pieces in order, then B's; a concave shape and a convex one, the step's common case,
//!   take one direct walk of the parts with the kernel inlined into it), which the step
//!   and the queries use, and whose pieces give the contact points;
//! - the **closest ray hit** ([`raycast_pieces`]) and the **earliest cast hit**
//!   ([`cast_pieces`]) on any piece;
//! - one **piece pair's contact** after each side's smoothing ([`piece_pair_contact`]),
//!   shared by the deepest pair and the mover's push out.
//!
//! Each walk visits only the pieces whose boxes meet the other shape's (through the grid
//! or hierarchy over the parts or segments), so a shape touching one corner of a large
//! outline tests the pieces near that corner only.
//!
//! It reads the side tables of `concave.rs`, `chain.rs` and `tiles.rs` and calls the
//! chain's smoothing and the grid's inside test; of those modules only `tiles.rs` reads
//! this one (for the record of a pair it builds).

use super::chain::{
    smooth_contact, smooth_normal, smooth_segment_contact, smooth_segment_normal, Chains,
};
use super::concave::Concaves;
use super::one_way::OneWay;
use super::tiles::{inside_contact, Grids, NO_CELL};
use super::World;
use crate::cast::{cast_shape_with_points, CastHit};
use crate::math::{Aabb, Transform, Vec2};
use crate::narrow_phase::{collide_with_points, overlaps, Contact};
use crate::raycast::{raycast, RayHit};
use crate::shape::tiles::TileGrid;
use crate::shape::{Chain, ConcavePolygon, Shape, Smoothed};
use crate::store::{Body, ShapeStore};

/// The convex pieces of a shape, as the kernels take them: the shape itself (with the
/// points it is read from), a concave polygon's parts, or a chain's segments (whose
/// contacts, hits and planes go through the chain's smoothing, see `chain.rs`).
#[derive(Clone, Copy, Debug)]
pub enum Pieces<'a> {
    /// A convex shape and its polygon points (empty for other kinds).
    One(&'a Shape, &'a [Vec2]),
    /// The parts of a concave polygon.
    Parts(&'a ConcavePolygon),
    /// The segments of a chain.
    Chain(&'a Chain),
    /// The boundary segments of a tile grid, numbered `chunk << 10 | k` (never a moving
    /// shape's pieces: a grid is not swept or moved by the mover).
    Tiles(&'a TileGrid),
}

impl<'a> Pieces<'a> {
    /// A convex shape read from its own points.
    #[must_use]
    pub fn of(shape: &'a Shape) -> Pieces<'a> {
        Pieces::One(shape, shape.polygon_points())
    }

    /// How many pieces: 1, or the parts or segments, numbered from 0 (none for a grid,
    /// whose numbers are not a range; it is never a moving shape).
    #[inline]
    pub(super) fn count(&self) -> usize {
        match *self {
            Pieces::One(..) => 1,
            Pieces::Parts(concave) => concave.parts().len(),
            Pieces::Chain(chain) => chain.segments().len(),
            Pieces::Tiles(_) => 0,
        }
    }

    /// Piece `k` (below [`Pieces::count`]) and its polygon points (empty for other kinds).
    #[inline]
    pub(super) fn piece(&self, k: usize) -> (&'a Shape, &'a [Vec2]) {
        match *self {
            Pieces::One(shape, points) => (shape, points),
            Pieces::Parts(concave) => {
                let part = &concave.parts()[k];
                (part, part.polygon_points())
            }
            Pieces::Chain(chain) => (&chain.segments()[k], &[]),
            Pieces::Tiles(grid) => (&grid.segment(k as u32).shape, &[]),
        }
    }

    /// Calls `visit` with every piece and its index, in part order.
    pub(super) fn each(&self, visit: &mut dyn FnMut(u32, &'a Shape, &'a [Vec2])) {
        match *self {
            Pieces::One(shape, points) => visit(0, shape, points),
            Pieces::Parts(concave) => {
                for (k, part) in concave.parts().iter().enumerate() {
                    visit(k as u32, part, part.polygon_points());
                }
            }
            Pieces::Chain(chain) => {
                for (k, segment) in chain.segments().iter().enumerate() {
                    visit(k as u32, segment, &[]);
                }
            }
            Pieces::Tiles(grid) => {
                grid.each_segment_near(&grid.local_bounds(), &mut |k, s| {
                    visit(k, &s.shape, &[]);
                    true
                });
            }
        }
    }

    /// The contact `contact` found on piece `k` of these pieces (placed at `pose`; its
    /// normal from them to `other`, placed at `other_pose`), as these pieces report it:
    /// unchanged, except on a chain, whose smoothing may drop it or turn its normal
    /// (see `chain.rs`).
    #[inline]
    pub(super) fn smooth_contact(
        &self,
        k: u32,
        pose: &Transform,
        contact: Contact,
        other: (&Shape, &[Vec2]),
        other_pose: &Transform,
    ) -> Option<Contact> {
        match *self {
            Pieces::Chain(chain) => smooth_contact(chain, pose, k, contact, other, other_pose),
            Pieces::Tiles(grid) => {
                let s = grid.segment(k);
                let Shape::Segment { a, b } = s.shape else {
                    return None;
                };
                smooth_segment_contact((a, b), &s.joints, true, pose, contact, other, other_pose)
            }
            _ => Some(contact),
        }
    }

    /// True when a contact of normal `normal` (from these pieces to the other shape) on
    /// piece `k` is behind it: the back of a loop's segment, which a shape never touches.
    /// Any other contact that smoothing drops is a ghost, which a pair falls back to when
    /// it has no other contact (see [`deepest_pieces`]).
    #[inline]
    pub(super) fn behind(&self, k: u32, pose: &Transform, normal: Vec2) -> bool {
        match *self {
            Pieces::Chain(chain) => {
                chain.smooth(k as usize, pose.rotation.apply_inv(normal)) == Smoothed::Skip
            }
            _ => false,
        }
    }

    /// The normal `normal` (from these pieces outwards) of a hit on piece `k` (placed at
    /// `pose`), as these pieces report it: unchanged, except on a chain (see `chain.rs`).
    #[inline]
    pub(super) fn smooth_normal(&self, k: u32, pose: &Transform, normal: Vec2) -> Option<Vec2> {
        match *self {
            Pieces::Chain(chain) => smooth_normal(chain, pose, k, normal),
            Pieces::Tiles(grid) => smooth_segment_normal(&grid.segment(k).joints, pose, normal),
            _ => Some(normal),
        }
    }

    /// Calls `visit` with each piece (placed at `pose`) whose box may meet `near`, a world
    /// box, and its index (its part or segment number; 0 for a convex shape), in order,
    /// until it returns false. One copy for every caller (`dyn`): the exact test it calls costs far more
    /// than the indirect call.
    pub(super) fn each_indexed_near(
        &self,
        pose: &Transform,
        near: &Aabb,
        visit: &mut dyn FnMut(u32, &'a Shape, &'a [Vec2]) -> bool,
    ) {
        match *self {
            Pieces::One(shape, points) => {
                visit(0, shape, points);
            }
            Pieces::Parts(concave) => {
                let parts = concave.parts();
                concave.each_part_near(&local_box(pose, near), |k: usize| {
                    visit(k as u32, &parts[k], parts[k].polygon_points())
                });
            }
            Pieces::Chain(chain) => {
                let segments = chain.segments();
                chain.each_segment_near(&local_box(pose, near), &mut |k| {
                    visit(k as u32, &segments[k], &[])
                });
            }
            Pieces::Tiles(grid) => {
                grid.each_segment_near(&local_box(pose, near), &mut |k, s| visit(k, &s.shape, &[]));
            }
        }
    }

    /// The cell of piece `k`: a grid's segment's, [`NO_CELL`] for other pieces.
    #[inline]
    pub(super) fn cell(&self, k: u32) -> u32 {
        match *self {
            Pieces::Tiles(grid) => grid.segment(k).cell,
            _ => NO_CELL,
        }
    }
}

/// A box containing the world box `b` in the local frame of `pose`, padded by a few `f32`
/// roundings of the values involved, so that no piece the kernels find touching is missed.
fn local_box(pose: &Transform, b: &Aabb) -> Aabb {
    let half = b.extents() * 0.5;
    let centre = pose.apply_inv(b.center());
    let r = pose.rotation;
    let (c, s) = (r.cos.abs(), r.sin.abs());
    let extent = Vec2::new(c * half.x + s * half.y, s * half.x + c * half.y);
    let scale = pose.translation.abs() + b.center().abs() + half;
    let pad = 16.0 * f32::EPSILON * (scale.x + scale.y) + f32::MIN_POSITIVE;
    Aabb::from_center_half_extents(centre, extent).expanded(pad)
}

/// The deepest touching piece pair of two shapes: its contact (the normal from A to B) and
/// the two pieces, for the contact points (`narrow_phase::manifold` of that pair).
#[derive(Clone, Copy, Debug)]
pub struct DeepestPieces<'a> {
    /// The pair's contact.
    pub contact: Contact,
    /// A's piece and its polygon points (placed at A's pose).
    pub a: (&'a Shape, &'a [Vec2]),
    /// B's piece and its polygon points (placed at B's pose).
    pub b: (&'a Shape, &'a [Vec2]),
    /// The poses of the two pieces when they are not the shapes' (a tile of a grid that
    /// the other shape lies inside, placed in its cell: `tiles.rs`).
    pub placed: Option<(Transform, Transform)>,
    /// The grid cell of the contact ([`NO_CELL`] without a grid): A's when A is a grid,
    /// else B's.
    pub cell: u32,
}

/// The contact of the deepest touching piece pair of `a` and `b` (ties to the first: A's
/// pieces in order, then B's), the normal from A to B; `None` when no pair touches.
#[must_use]
pub fn collide_pieces(
    a: Pieces<'_>,
    pose_a: &Transform,
    box_a: &Aabb,
    b: Pieces<'_>,
    pose_b: &Transform,
    box_b: &Aabb,
) -> Option<Contact> {
    deepest_pieces(a, pose_a, box_a, b, pose_b, box_b).map(|d| d.contact)
}

/// [`collide_pieces`], with the two pieces that gave the contact.
#[must_use]
pub fn deepest_pieces<'a>(
    a: Pieces<'a>,
    pose_a: &Transform,
    box_a: &Aabb,
    b: Pieces<'a>,
    pose_b: &Transform,
    box_b: &Aabb,
) -> Option<DeepestPieces<'a>> {
    if let (Pieces::One(shape_a, points_a), Pieces::One(shape_b, points_b)) = (a, b) {
        return collide_piece(shape_a, points_a, pose_a, shape_b, points_b, pose_b).map(
            |contact| DeepestPieces {
                contact,
                a: (shape_a, points_a),
                b: (shape_b, points_b),
                placed: None,
                cell: NO_CELL,
            },
        );
    }
    let mut best: Option<DeepestPieces<'a>> = None;
    // The deepest contact that a chain's smoothing dropped as a ghost (not one behind a
    // loop's segment): it counts only when no piece pair gives a contact, so that
    // smoothing chooses normals but never hides an overlap (a shape across a segment near a
    // sharp joint, whose deepest point lies past the joint, where the next segment does
    // not reach it).
    let mut ghost: Option<DeepestPieces<'a>> = None;
    let mut keep = |ka: u32, pa: (&'a Shape, &'a [Vec2]), kb: u32, pb: (&'a Shape, &'a [Vec2])| {
        let (slot, contact) = match piece_pair_contact((a, ka, pa, pose_a), (b, kb, pb, pose_b)) {
            Some(PairContact::Kept(contact)) => (&mut best, contact),
            Some(PairContact::Ghost(contact)) => (&mut ghost, contact),
            None => return,
        };
        if slot.map_or(true, |kept| contact.depth > kept.contact.depth) {
            let cell = match a.cell(ka) {
                NO_CELL => b.cell(kb),
                cell => cell,
            };
            *slot = Some(DeepestPieces {
                contact,
                a: pa,
                b: pb,
                placed: None,
                cell,
            });
        }
    };
    // The step's common case, a concave shape and a convex one: one direct walk of the parts.
    match (a, b) {
        (Pieces::Parts(concave), Pieces::One(shape_b, points_b)) => {
            return deepest_part(concave, pose_a, (shape_b, points_b), pose_b, box_b, false);
        }
        (Pieces::One(shape_a, points_a), Pieces::Parts(concave)) => {
            return deepest_part(concave, pose_b, (shape_a, points_a), pose_a, box_a, true);
        }
        _ => {}
    }
    let b_has_parts = !matches!(b, Pieces::One(..));
    a.each_indexed_near(pose_a, box_b, &mut |ka, shape_a, points_a| {
        // Only pieces of B are sorted out by A's piece's box; a convex B takes any.
        let near_a = if b_has_parts {
            piece_box(a, shape_a, pose_a, box_a)
        } else {
            *box_a
        };
        b.each_indexed_near(pose_b, &near_a, &mut |kb, shape_b, points_b| {
            keep(ka, (shape_a, points_a), kb, (shape_b, points_b));
            true
        });
        true
    });
    best.or(ghost).or_else(|| match (a, b) {
        // A shape touching no boundary segment of a grid may lie inside its solid.
        (Pieces::Tiles(grid), Pieces::One(shape, points)) => {
            inside_contact(grid, pose_a, (shape, points), pose_b, true)
        }
        (Pieces::One(shape, points), Pieces::Tiles(grid)) => {
            inside_contact(grid, pose_b, (shape, points), pose_a, false)
        }
        _ => None,
    })
}

/// [`deepest_pieces`] of a concave polygon (at `pose`) and a convex shape (`other`, at
/// `other_pose`, within the world box `other_box`): the concave one is B when `swapped`.
///
/// The walk of the parts is inlined here, with the kernel called straight from it: no
/// indirect call per part, and no smoothing (neither side is a chain). The same part pairs
/// in the same order as the general walk, so the same contact.
#[inline(never)]
fn deepest_part<'a>(
    concave: &'a ConcavePolygon,
    pose: &Transform,
    other: (&'a Shape, &'a [Vec2]),
    other_pose: &Transform,
    other_box: &Aabb,
    swapped: bool,
) -> Option<DeepestPieces<'a>> {
    let parts = concave.parts();
    let mut best: Option<DeepestPieces<'a>> = None;
    concave.each_part_near(&local_box(pose, other_box), |k| {
        let part = &parts[k];
        let piece = (part, part.polygon_points());
        let (a, pose_a, b, pose_b) = if swapped {
            (other, other_pose, piece, pose)
        } else {
            (piece, pose, other, other_pose)
        };
        if let Some(contact) = collide_piece(a.0, a.1, pose_a, b.0, b.1, pose_b) {
            if best.map_or(true, |best| contact.depth > best.contact.depth) {
                best = Some(DeepestPieces {
                    contact,
                    a,
                    b,
                    placed: None,
                    cell: NO_CELL,
                });
            }
        }
        true
    });
    best
}

/// The closest hit of the ray on any piece (ties to the first) that the one-way rule lets
/// stop it, and the hit piece's cell ([`NO_CELL`] but on a grid).
#[must_use]
pub(super) fn raycast_pieces(
    pieces: Pieces<'_>,
    pose: &Transform,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
    one_way: OneWay,
) -> Option<(RayHit, u32)> {
    let end = origin + direction * max_distance;
    let ray_box = Aabb::new(origin.min(end), origin.max(end));
    let mut best: Option<(RayHit, u32)> = None;
    let start = Transform {
        translation: origin,
        ..Transform::IDENTITY
    };
    pieces.each_indexed_near(pose, &ray_box, &mut |k, shape, points| {
        let hit = raycast(shape, pose, origin, direction, max_distance).and_then(|hit| {
            let normal = pieces.smooth_normal(k, pose, hit.normal)?;
            let up = one_way.up_of(pieces, k, pose);
            let point = (&Shape::Point, &[][..]);
            one_way
                .stops(up, direction, normal, point, &start, (shape, points), pose)
                .then_some(RayHit { normal, ..hit })
        });
        if let Some(hit) = hit {
            if best.map_or(true, |b| hit.distance < b.0.distance) {
                best = Some((hit, pieces.cell(k)));
            }
        }
        true
    });
    best
}

/// The earliest hit of any piece of `moving` (at `moving_pose`, moved by `delta`) on any
/// piece of `target`, with the cast's `margin` (ties to the first pair), that the one-way
/// rule lets stop it, and the hit piece's cell ([`NO_CELL`] but on a grid).
#[must_use]
#[allow(clippy::too_many_arguments)] // the two sides, the motion, and how they meet
pub(super) fn cast_pieces(
    moving: Pieces<'_>,
    moving_pose: &Transform,
    delta: Vec2,
    target: Pieces<'_>,
    target_pose: &Transform,
    margin: f32,
    one_way: OneWay,
) -> Option<(CastHit, u32)> {
    if let (Pieces::One(shape_m, points_m), Pieces::One(shape_t, points_t)) = (moving, target) {
        let hit = cast_piece(
            shape_m,
            points_m,
            moving_pose,
            delta,
            shape_t,
            points_t,
            target_pose,
            margin,
        )?;
        let up = one_way.up_of(target, 0, target_pose);
        let (m, t) = ((shape_m, points_m), (shape_t, points_t));
        let stops = one_way.stops(up, delta, hit.normal, m, moving_pose, t, target_pose);
        return stops.then_some((hit, NO_CELL));
    }
    let moved = Transform {
        translation: moving_pose.translation + delta,
        rotation: moving_pose.rotation,
    };
    let mut best: Option<(CastHit, u32)> = None;
    moving.each(&mut |km, shape_m, points_m| {
        let swept = shape_m
            .aabb(moving_pose)
            .union(&shape_m.aabb(&moved))
            .expanded(margin.max(0.0));
        target.each_indexed_near(target_pose, &swept, &mut |kt, shape_t, points_t| {
            let hit = cast_piece(
                shape_m,
                points_m,
                moving_pose,
                delta,
                shape_t,
                points_t,
                target_pose,
                margin,
            )
            .and_then(|hit| {
                let target_side = (target, kt, target_pose);
                let normal = smooth_hit_normal(target_side, (moving, km, moving_pose), hit.normal)?;
                let up = one_way.up_of(target, kt, target_pose);
                let (m, t) = ((shape_m, points_m), (shape_t, points_t));
                let stops = one_way.stops(up, delta, normal, m, moving_pose, t, target_pose);
                stops.then_some(CastHit { normal, ..hit })
            });
            if let Some(hit) = hit {
                if best.map_or(true, |b| hit.t < b.0.t) {
                    best = Some((hit, target.cell(kt)));
                }
            }
            true
        });
    });
    best
}

/// Piece `k` of some pieces, the piece itself (a shape and its polygon points) and its pose.
pub(super) type PlacedPiece<'p, 'a> = (Pieces<'a>, u32, (&'a Shape, &'a [Vec2]), &'p Transform);

/// A piece pair's contact after each side's smoothing (see [`piece_pair_contact`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum PairContact {
    /// The contact, each side's normal smoothing applied.
    Kept(Contact),
    /// The kernel's contact, which a chain's smoothing dropped as a ghost: it counts only
    /// for a pair of shapes that has no other contact (smoothing never hides an overlap).
    Ghost(Contact),
}

/// The contact of piece A and piece B (the normal from A to B), each side smoothing its
/// own (a chain's segments; see `chain.rs`): kept, a ghost, or `None` when they do not
/// touch or the contact is behind a loop's segment (which a shape never touches).
/// One copy for both callers (the step's pieces and the mover's push out).
#[inline(never)]
pub(super) fn piece_pair_contact(
    (a, ka, (shape_a, points_a), pose_a): PlacedPiece<'_, '_>,
    (b, kb, (shape_b, points_b), pose_b): PlacedPiece<'_, '_>,
) -> Option<PairContact> {
    let raw = collide_piece(shape_a, points_a, pose_a, shape_b, points_b, pose_b)?;
    let smoothed = a
        .smooth_contact(ka, pose_a, raw, (shape_b, points_b), pose_b)
        .and_then(|c| b.smooth_contact(kb, pose_b, c.flipped(), (shape_a, points_a), pose_a))
        .map(Contact::flipped);
    match smoothed {
        Some(contact) => Some(PairContact::Kept(contact)),
        None if !a.behind(ka, pose_a, raw.normal) && !b.behind(kb, pose_b, -raw.normal) => {
            Some(PairContact::Ghost(raw))
        }
        None => None,
    }
}

/// The normal `normal` (from the target to the mover) of a cast hit of piece `km` of
/// `moving` (at `moving_pose`) on piece `kt` of `target` (at `target_pose`), each side
/// smoothing its own (a chain's segments): `None` when either drops it.
pub(super) fn smooth_hit_normal(
    (target, kt, target_pose): (Pieces<'_>, u32, &Transform),
    (moving, km, moving_pose): (Pieces<'_>, u32, &Transform),
    normal: Vec2,
) -> Option<Vec2> {
    let normal = target.smooth_normal(kt, target_pose, normal)?;
    Some(-moving.smooth_normal(km, moving_pose, -normal)?)
}

/// [`collide_with_points`], in one copy for every caller here: the dispatcher is inlined
/// where it is called, and each copy would add its whole table of kernels to the `.wasm`.
#[inline(never)]
pub(super) fn collide_piece(
    a: &Shape,
    points_a: &[Vec2],
    pose_a: &Transform,
    b: &Shape,
    points_b: &[Vec2],
    pose_b: &Transform,
) -> Option<Contact> {
    collide_with_points(a, points_a, pose_a, b, points_b, pose_b)
}

/// [`cast_shape_with_points`], in one copy for every caller here (see [`collide_piece`]).
#[inline(never)]
#[allow(clippy::too_many_arguments)] // the kernel's own arguments
pub(super) fn cast_piece(
    moving: &Shape,
    moving_points: &[Vec2],
    moving_pose: &Transform,
    delta: Vec2,
    target: &Shape,
    target_points: &[Vec2],
    target_pose: &Transform,
    margin: f32,
) -> Option<CastHit> {
    cast_shape_with_points(
        moving,
        moving_points,
        moving_pose,
        delta,
        target,
        target_points,
        target_pose,
        margin,
    )
}

/// The world box of a piece of `pieces`: the shape's stored box for a convex shape, the
/// part's own for a part.
fn piece_box(pieces: Pieces<'_>, shape: &Shape, pose: &Transform, stored: &Aabb) -> Aabb {
    match pieces {
        Pieces::One(..) => *stored,
        Pieces::Parts(_) | Pieces::Chain(_) | Pieces::Tiles(_) => shape.aabb(pose),
    }
}

/// The pieces of the shape in `row` (id `id`), as the step reads them: a convex shape
/// from the store's copy of its points.
#[inline]
pub(super) fn row_pieces<'a>(
    store: &'a ShapeStore,
    tables: Tables<'a>,
    id: u32,
    row: usize,
) -> Pieces<'a> {
    match compound(tables, id) {
        Some(pieces) => pieces,
        None => {
            let (start, len) = store.point_spans[row];
            let points = &store.polygon_points[start as usize..(start + len) as usize];
            Pieces::One(&store.bodies[row].shape, points)
        }
    }
}

impl World {
    /// The parts of a concave shape or the segments of a chain stored under `id`, or
    /// `None` for a convex shape.
    #[inline]
    pub(super) fn compound(&self, id: u32) -> Option<Pieces<'_>> {
        compound(self.tables(), id)
    }

    /// The side tables of the shapes made of pieces.
    #[inline]
    pub(super) fn tables(&self) -> Tables<'_> {
        (&self.concaves, &self.chains, &self.grids)
    }

    /// Forgets what the side tables hold for `id` (its pieces, its one-way direction):
    /// called on every removal.
    pub(super) fn forget_side_tables(&mut self, id: u32) {
        self.concaves.remove(id);
        self.chains.remove(id);
        self.grids.remove(id);
        self.one_ways.remove(id);
    }

    /// Every entry of the side tables of pieces belongs to a live id whose row holds its
    /// stand-in (a concave polygon's hull, a chain's or a grid's rectangle).
    pub(super) fn validate_side_tables(&self) -> Result<(), String> {
        let hull = |c: &ConcavePolygon| Shape::Polygon(c.hull().clone());
        self.concaves.validate(&self.store, "concave", hull)?;
        let bounds = |c: &Chain| Shape::Polygon(c.bounds().clone());
        self.chains.validate(&self.store, "chain", bounds)?;
        let rectangle = |g: &TileGrid| Shape::Polygon(g.bounds().clone());
        self.grids.validate(&self.store, "tile grid", rectangle)
    }

    /// True when the stored shape `id` (`body`, its row) touches `shape` at `pose`.
    pub(super) fn body_overlaps(
        &self,
        id: u32,
        body: &Body,
        shape: &Shape,
        pose: &Transform,
    ) -> bool {
        match self.compound(id) {
            None => overlaps(&body.shape, &body.pose, shape, pose),
            Some(pieces) => collide_pieces(
                pieces,
                &body.pose,
                &self.store.aabbs[self.store.row(id)],
                Pieces::of(shape),
                pose,
                &shape.aabb(pose),
            )
            .is_some(),
        }
    }

    /// The ray's hit on the stored shape `id` (`body`, its row), under the one-way rule
    /// (see `one_way.rs`), and the hit's cell ([`NO_CELL`] but on a grid).
    pub(super) fn body_raycast(
        &self,
        id: u32,
        body: &Body,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
    ) -> Option<(RayHit, u32)> {
        let one_way = self.one_way_rule(id, origin, 0.0);
        let pieces = pieces_or(self.compound(id), &body.shape, body.shape.polygon_points());
        if let (Pieces::One(..), None) = (pieces, one_way.up) {
            let hit = raycast(&body.shape, &body.pose, origin, direction, max_distance)?;
            return Some((hit, NO_CELL));
        }
        raycast_pieces(pieces, &body.pose, origin, direction, max_distance, one_way)
    }

    /// The one-way rule of shape `id` as a target of a cast or ray whose moving shape starts
    /// around `position`, `radius` across.
    #[inline]
    pub(super) fn one_way_rule(&self, id: u32, position: Vec2, radius: f32) -> OneWay {
        let up = self.one_ways.get(id).copied();
        OneWay::new(up, super::one_way::cast_tolerance(position, radius))
    }
}

/// The pieces of a shape that is `compound` (concave or a chain), or else `shape` read
/// from `points`.
#[inline]
pub(super) fn pieces_or<'a>(
    compound: Option<Pieces<'a>>,
    shape: &'a Shape,
    points: &'a [Vec2],
) -> Pieces<'a> {
    compound.unwrap_or(Pieces::One(shape, points))
}

/// The side tables of the shapes made of pieces: concave polygons, chains, tile grids.
pub(super) type Tables<'a> = (&'a Concaves, &'a Chains, &'a Grids);

/// True when some shape is made of pieces.
#[inline]
pub(super) fn any_pieces((concaves, chains, grids): Tables<'_>) -> bool {
    concaves.count() + chains.count() + grids.count() > 0
}

/// True when `a` or `b` is made of pieces (each table checked only while it holds some).
#[inline]
pub(super) fn made_of_pieces((concaves, chains, grids): Tables<'_>, a: u32, b: u32) -> bool {
    concaves.involves(a, b) || chains.involves(a, b) || grids.involves(a, b)
}

/// The parts of the concave shape, the segments of the chain or the boundary of the grid
/// `id`, if it is one.
#[inline]
fn compound<'a>((concaves, chains, grids): Tables<'a>, id: u32) -> Option<Pieces<'a>> {
    if let Some(concave) = concaves.get(id) {
        return Some(Pieces::Parts(concave));
    }
    if let Some(chain) = chains.get(id) {
        return Some(Pieces::Chain(chain));
    }
    grids.get(id).map(Pieces::Tiles)
}

/// The step's exact test of the rows of ids `a < b`, one of them concave: the deepest
/// piece pair.
pub(super) fn collide_rows<'a>(
    store: &'a ShapeStore,
    tables: Tables<'a>,
    (a, row_a): (u32, u32),
    (b, row_b): (u32, u32),
) -> Option<DeepestPieces<'a>> {
    let (row_a, row_b) = (row_a as usize, row_b as usize);
    deepest_pieces(
        row_pieces(store, tables, a, row_a),
        &store.bodies[row_a].pose,
        &store.aabbs[row_a],
        row_pieces(store, tables, b, row_b),
        &store.bodies[row_b].pose,
        &store.aabbs[row_b],
    )
}
