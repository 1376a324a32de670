//! How far a stored shape is from another shape or a point: the exact distance of every
//! kind, compound shapes included, and [`World::distance`] between two shapes of the
//! world.
//!
//! Two convex pieces are measured by [`separation_with_points`] (the casts' obstacle with
//! no motion, `crate::cast`), which defers to the narrow phase where they touch. A shape
//! made of pieces (`pieces.rs`: a concave polygon's parts, a chain's segments, a tile
//! grid's boundary segments) is as far from the other as its nearest piece, and touches it
//! exactly when the step's own test ([`deepest_pieces`]) says so: that test knows what a
//! walk of the pieces does not (a shape entirely inside a grid's solid touches it, a shape
//! behind a loop's segment does not). So distance 0 means what a pair in `pairs()` means.
//!
//! The nearest piece is found by boxes that grow: the pieces whose boxes meet the other
//! shape's box grown by `r` are measured, and once the nearest of them is within `r`, no
//! piece outside (each more than `r` away) can be nearer. `r` starts at the gap between
//! the two boxes (nothing is nearer) or a sixty-fourth of the larger box, and doubles, so
//! a point next to one corner of a 4,096-point chain measures the segments near that
//! corner only, and one far from everything takes a few rounds to reach the nearest.

use super::pieces::{collide_piece, deepest_pieces, pieces_or, Pieces};
use super::World;
use crate::cast::{separation_with_points, support, Separation};
use crate::math::{Aabb, Transform, Vec2};
use crate::shape::Shape;

/// How far apart two shapes are, and where: the answer of [`World::distance`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeDistance {
    /// The distance between the shapes; 0 exactly when they touch (as the step decides).
    pub distance: f32,
    /// A's point closest to B; where they touch, the contact point (B's deepest point,
    /// moved halfway out along the contact normal: midway between the surfaces).
    pub point_a: Vec2,
    /// B's point closest to A; where they touch, the contact point too.
    pub point_b: Vec2,
}

/// A shape as the distance walks take it: its pieces, pose and world box.
pub(super) type Placed<'p, 'a> = (Pieces<'a>, &'p Transform, &'p Aabb);

/// The gap between two boxes (0 when they overlap): nothing inside them is nearer.
pub(super) fn box_gap(a: &Aabb, b: &Aabb) -> f32 {
    let dx = (a.min.x - b.max.x).max(b.min.x - a.max.x).max(0.0);
    let dy = (a.min.y - b.max.y).max(b.min.y - a.max.y).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// True when `outer` contains `inner`.
fn contains(outer: &Aabb, inner: &Aabb) -> bool {
    outer.min.x <= inner.min.x
        && outer.min.y <= inner.min.y
        && outer.max.x >= inner.max.x
        && outer.max.y >= inner.max.y
}

/// What the distance walks find between two shapes.
#[derive(Clone, Copy, Debug)]
pub(super) enum Gap {
    /// They touch (the step would pair them).
    Touching,
    /// Apart, this far, the closest points of A and B.
    Apart(Separation),
    /// Further apart than the bound the caller gave.
    Beyond,
}

/// [`separation_with_points`] of two pieces, the narrow phase's verdict through the
/// world's one copy of its dispatcher ([`collide_piece`]).
fn separation_of(
    (sa, pa, pose_a): (&Shape, &[Vec2], &Transform),
    (sb, pb, pose_b): (&Shape, &[Vec2], &Transform),
) -> Option<Separation> {
    let touching = || collide_piece(sa, pa, pose_a, sb, pb, pose_b).is_some();
    separation_with_points(sa, pa, pose_a, sb, pb, pose_b, &touching)
}

/// The distance of `a` and `b` (see the module docs), or [`Gap::Beyond`] when it is more
/// than `bound`. Not inlined: one copy for every distance query.
#[inline(never)]
pub(super) fn gap(
    (a, pose_a, box_a): Placed<'_, '_>,
    (b, pose_b, box_b): Placed<'_, '_>,
    bound: f32,
) -> Gap {
    if let (Pieces::One(sa, pa), Pieces::One(sb, pb)) = (a, b) {
        return match separation_of((sa, pa, pose_a), (sb, pb, pose_b)) {
            None => Gap::Touching,
            Some(s) if s.distance <= bound => Gap::Apart(s),
            Some(_) => Gap::Beyond,
        };
    }
    let lower = box_gap(box_a, box_b);
    if lower > bound {
        return Gap::Beyond;
    }
    if deepest_pieces(a, pose_a, box_a, b, pose_b, box_b).is_some() {
        return Gap::Touching;
    }
    let (ea, eb) = (box_a.extents(), box_b.extents());
    let mut r = lower
        .max(ea.x.max(ea.y).max(eb.x.max(eb.y)) / 64.0)
        .max(f32::MIN_POSITIVE);
    loop {
        let mut best: Option<Separation> = None;
        a.each_indexed_near(pose_a, &box_b.expanded(r), &mut |_, sa, pa| {
            let near = match a {
                Pieces::One(..) => *box_a,
                _ => sa.aabb(pose_a),
            };
            b.each_indexed_near(pose_b, &near.expanded(r), &mut |_, sb, pb| {
                // A piece touching where the shapes do not (behind a loop's segment)
                // counts as next to nothing.
                let s = separation_of((sa, pa, pose_a), (sb, pb, pose_b)).unwrap_or(Separation {
                    distance: f32::MIN_POSITIVE,
                    point_a: pose_b.translation,
                    point_b: pose_b.translation,
                });
                if best.map_or(true, |b| s.distance < b.distance) {
                    best = Some(s);
                }
                true
            });
            true
        });
        let covered = contains(&box_b.expanded(r), box_a) && contains(&box_a.expanded(r), box_b);
        match best {
            Some(s) if s.distance <= r || covered => {
                return if s.distance <= bound {
                    Gap::Apart(s)
                } else {
                    Gap::Beyond
                };
            }
            None if covered || r >= bound => return Gap::Beyond,
            _ if r >= bound => return Gap::Beyond,
            _ => r *= 2.0,
        }
    }
}

/// The contact point of two touching shapes: the deepest point of B's deepest piece along
/// the contact normal, moved halfway out (midway between the surfaces), or B's position
/// if the pieces give none.
pub(super) fn contact_point(a: Placed<'_, '_>, b: Placed<'_, '_>) -> Vec2 {
    let Some(deepest) = deepest_pieces(a.0, a.1, a.2, b.0, b.1, b.2) else {
        return b.1.translation;
    };
    let pose_b = deepest.placed.map_or(*b.1, |(_, pose)| pose);
    let (sb, pb) = deepest.b;
    let c = deepest.contact;
    support(sb, pb, &pose_b, -c.normal) + c.normal * (0.5 * c.depth)
}

impl World {
    /// Shape `id` as the distance walks take it.
    pub(super) fn placed(&self, id: u32) -> Placed<'_, '_> {
        let row = self.store.row(id);
        let body = &self.store.bodies[row];
        let (start, len) = self.store.point_spans[row];
        let points = &self.store.polygon_points[start as usize..(start + len) as usize];
        let pieces = pieces_or(self.compound(id), &body.shape, points);
        (pieces, &body.pose, &self.store.aabbs[row])
    }

    /// How far apart shapes `a` and `b` are, as the last step saw them, and the closest
    /// point of each: distance 0 and the contact point (for both) exactly when they touch
    /// as the step decides, whatever their layers. Exact for every kind: a concave
    /// polygon's, a chain's or a tile grid's nearest piece (see the module docs).
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// let ball = world.add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, o).unwrap();
    /// let wall = world.add(Shape::aligned_box(1.0, 5.0).unwrap(), 4.0, 0.0, 0.0, o).unwrap();
    /// world.step().unwrap();
    /// let d = world.distance(ball, wall).unwrap();
    /// assert_eq!((d.distance, d.point_a, d.point_b), (2.0, Vec2::new(1.0, 0.0), Vec2::new(3.0, 0.0)));
    /// ```
    pub fn distance(&mut self, a: u32, b: u32) -> Result<ShapeDistance, super::WorldError> {
        self.check_id("a", a)?;
        self.check_id("b", b)?;
        self.see_changes();
        let (pa, pb) = (self.placed(a), self.placed(b));
        Ok(match gap(pa, pb, f32::INFINITY) {
            Gap::Apart(s) => ShapeDistance {
                distance: s.distance,
                point_a: s.point_a,
                point_b: s.point_b,
            },
            Gap::Touching | Gap::Beyond => {
                let point = contact_point(pa, pb);
                ShapeDistance {
                    distance: 0.0,
                    point_a: point,
                    point_b: point,
                }
            }
        })
    }

    /// How far the stored shape `id` is from `point` (0 inside it) and its point nearest
    /// to it (`point` itself inside), or `None` beyond `bound`.
    pub(super) fn point_gap(&self, id: u32, point: Vec2, bound: f32) -> Option<(f32, Vec2)> {
        let pose = Transform {
            translation: point,
            ..Transform::IDENTITY
        };
        let probe = (
            Pieces::One(&Shape::Point, &[]),
            &pose,
            &Aabb::new(point, point),
        );
        match gap(self.placed(id), probe, bound) {
            Gap::Touching => Some((0.0, point)),
            Gap::Apart(s) => Some((s.distance, s.point_a)),
            Gap::Beyond => None,
        }
    }
}
