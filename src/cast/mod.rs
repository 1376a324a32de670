//! Shape casts: where a shape moving in a straight line first touches another, and the
//! plane solver a character mover builds on it; and, on the same configuration-space
//! obstacle, the distance between two shapes ([`separation`], the `distance` submodule).
//!
//! [`cast_shape`] translates a *mover* by `t × delta` for `t` in `[0, 1]` and reports the
//! first `t` at which it touches a *target*, with the target's surface normal there and
//! the contact point. Bullets, fast bodies that must not tunnel, and characters that slide
//! along walls all start from this one question (the world will run it over the broad
//! phase's candidates; this module knows only two shapes).
//!
//! ## Method: one exact ray cast in configuration space
//!
//! Every kind is a convex *core* grown by a radius: a circle is a point plus `r`, a capsule
//! a segment plus `r`, boxes, polygons, segments and points are their own core with radius
//! 0 ([`Shape::rounded_core`], as in the narrow phase). In the target's frame, the mover placed with its origin at
//! `p` touches the target exactly when `p` lies within `r_target + r_mover` of
//! `C = core_target ⊕ (−core_mover)`, the Minkowski sum of the target's core and the
//! mover's core turned into the target's frame and point-reflected. `C` is a convex
//! polygon of at most 64 + 64 edges, and its edges are the two cores' edges merged by
//! angle, so it is found exactly in `O(n + m)`, without a hull and without a buffer (the
//! `minkowski` submodule walks it edge by edge). The cast is then a single ray cast from
//! the mover's relative position along `delta` against `C` grown by the radius sum: the
//! pushed-out edges clip the ray (Cyrus–Beck), and where the entry falls beyond an edge's
//! end the disc around that vertex finishes the job (the `toi` submodule argues why one
//! disc suffices). No iteration, no convergence tolerance, one code path for all 49
//! ordered pairs, and every degenerate sum (point ⊕ point, a point and a segment, two
//! parallel segments) is just a sum with fewer edges. The commonest cast of a game, a
//! circle (a bullet) against a box or polygon, is the cheapest case of it: the mover's
//! core is a point, so `C` is the target's own core, walked straight from its vertices
//! (the ray cast against the rounded target that a dedicated kernel would do, with the
//! same exactness and no second copy of the logic).
//!
//! The alternatives were weighed on exactness and cost:
//!
//! - **GJK ray cast** (van den Bergen 2004; what Box2D's `b2ShapeCast` and parry do) works
//!   on support functions only, which is what makes it general in 3D, but it iterates to a
//!   tolerance, needs care with degenerate simplices (flat sums, points), and each
//!   iteration queries both shapes' supports (`O(n + m)` for polygons). In 2D the whole
//!   sum is available in one `O(n + m)` merge, so the exact answer costs about what one
//!   or two GJK iterations do.
//! - **Conservative advancement** on the exact distance converges slowly at grazing
//!   incidence and needs a termination distance, i.e. it trades exactness for a tolerance.
//! - **Bisection on the overlap test** is not exact and can step over thin walls.
//!
//! ## Precision: `f64` inside
//!
//! A cast compares a path up to `1e8` long with walls `1e-3` thick, or with no thickness at
//! all (a segment): ratios far below `f32::EPSILON`. In `f32` the two crossing times of a
//! thin wall round past each other and the wall is skipped, unless every wall is inflated
//! by `|delta| × ε` and reported that early. So the cast computes in `f64`: the inputs are
//! `f32`, their differences and products are exact or rounded once in `f64`, and the
//! answer is the exact time of impact of the given `f32` geometry, rounded once to the
//! nearest `f32` at the end (half an `f32` rounding of `t`, which the skin below covers).
//! WebAssembly's `f64` arithmetic is native (one instruction per operation, as for `f32`). Configuration obstacles of
//! no width are grown by a slack of about `1e-15` of the coordinates (see `toi`), so that a
//! path that crosses one in exact arithmetic always crosses it in `f64`.
//!
//! The rest of the crate's precision model holds: the cast works in the target's frame
//! after subtracting positions, so what matters is the size of the coordinates involved,
//! not how far from the world's origin the pair is.
//!
//! ## Conventions
//!
//! - `normal` is the target's unit surface normal at the contact, **pointing from the
//!   target towards the mover** (the plane the mover meets; `normal · delta <= 0` for a
//!   cast that did not start in contact). `point` is the world contact point, on both
//!   shapes when the mover is placed at `t`.
//! - **Touching counts**, as in the narrow phase. A cast that **starts overlapping or
//!   touching** (per [`collide`](crate::narrow_phase::collide)) reports `t = 0` with the
//!   narrow phase's minimum-translation normal, oriented from the target towards the mover,
//!   whatever the direction of `delta` (a mover skips hits whose normal does not oppose its
//!   motion). Its `point` is then the mover's deepest point pushed out by the
//!   depth: where the contact would be once the overlap is resolved.
//! - **Zero-width shapes.** Segments and points have no area, but a path that crosses one
//!   is a hit: a point swept across a segment hits it (a ray against a segment), a
//!   segment swept onto another hits it. A point hits a point only when its path runs
//!   through it (to `f64` rounding, about `1e-15` of the coordinates), the one case where
//!   the narrow phase would also see them touch. So no placement along the path that the
//!   narrow phase calls overlapping is ever skipped: **no tunnelling**, for any length.
//! - A **zero `delta`** hits only when the shapes already touch (`t = 0`).
//! - The aligned box ignores its transform's angle, as everywhere in the crate.
//!
//! ## Skin: how a caller stops short of the contact
//!
//! Placing the mover at `moving_pose + delta × t` rounds to `f32`, and the narrow phase
//! rounds too, so at the reported `t` the two may overlap by a few roundings of the
//! coordinates. [`CAST_SKIN`] bounds that (relative to the cast's [`cast_scale`];
//! [`cast_skin`] multiplies it out). A mover that must end touching-but-not-overlapping
//! moves to [`CastHit::safe_fraction`] with a skin of at least that size: it backs off
//! along the path far enough to be `skin` away from the surface *along its normal*,
//! which is what separates the shapes (backing off `skin` along the path would give only
//! `skin × cos θ` of clearance at incidence `θ`, nothing when sliding along a wall).
//!
//! A character mover wants more than a back-off: it wants every move to stop short of the
//! surfaces, so that its next move along a floor does not start touching it (where the
//! next tile's corner would catch it). [`cast_shape_with_margin`] does that exactly (the
//! obstacle's radius simply grows by the margin); the [`mover`] module describes the loop.
//!
//! This module allocates nothing and never panics on finite input (coordinates up to
//! `1e7`, deltas up to `1e8` and beyond); it knows nothing of the world, the broad phase or
//! JavaScript.

use crate::math::{max_f32, Transform, Vec2};
use crate::narrow_phase::{collide_with_points, Contact};
use crate::shape::{Core, RoundedCore, Shape};

mod distance;
mod minkowski;
pub mod mover;
mod toi;

use minkowski::{Ring, Rot64, D2};
use toi::{time_of_impact, Setup, Toi};

pub use distance::{separation, separation_with_points, Separation};
pub use mover::{clip_vector, solve_planes, Plane, PlaneSolution, MAX_PLANES};

/// Where a cast first touches its target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastHit {
    /// The fraction of `delta` travelled at first contact, in `[0, 1]`; `0` when the cast
    /// starts touching or overlapping.
    pub t: f32,
    /// The target's unit surface normal at the contact, pointing from the target towards
    /// the mover. For a cast that starts overlapping, the narrow phase's
    /// minimum-translation direction (moving the mover along it separates them).
    pub normal: Vec2,
    /// The world contact point: on both shapes with the mover placed at `t`. For a cast
    /// with a margin, the target's point (the mover's is `point + normal × margin`). For a
    /// cast that starts overlapping, the mover's deepest point pushed out along `normal` by
    /// the depth.
    pub point: Vec2,
}

/// How far, relative to the cast's [`cast_scale`], the mover placed at
/// `moving_pose + delta × t` may overlap the target: eight `f32` roundings of the scale.
///
/// The reported `t` is the exact time of impact rounded to the nearest `f32`, so the
/// overlap comes only from `f32` roundings: of `t` itself (half an ulp of `t`, times
/// `|delta|`), of the placement `pose + delta × t` (a product and a sum, each rounded, of
/// magnitudes up to the scale) and of the narrow phase measuring the overlap (a few
/// roundings of the scale). The cast tests (`tests/cast/`) measure the worst overlap at
/// below half a rounding over 16,464 random casts of every kind pair; eight leaves a
/// margin of more than ten for configurations the tests did not draw.
///
/// About `2e-3` units for a cast between shapes 1,000 units from the origin (scale about
/// 2,000), `0.2` at `1e5`.
pub const CAST_SKIN: f32 = 8.0 * f32::EPSILON;

/// The size that a cast's roundings are relative to: the distances of both poses and of
/// the mover's destination from the origin, plus the shapes' bounding radii.
#[must_use]
pub fn cast_scale(
    moving: &Shape,
    moving_pose: &Transform,
    delta: Vec2,
    target: &Shape,
    target_pose: &Transform,
) -> f32 {
    let from = moving_pose.translation;
    let to = from + delta;
    max_f32(max_f32(from.length(), to.length()), delta.length())
        + target_pose.translation.length()
        + moving.bounding_radius()
        + target.bounding_radius()
}

/// [`CAST_SKIN`] × [`cast_scale`]: a distance that [`CastHit::safe_fraction`] can keep to
/// be sure the mover does not overlap the target after the move.
#[must_use]
pub fn cast_skin(
    moving: &Shape,
    moving_pose: &Transform,
    delta: Vec2,
    target: &Shape,
    target_pose: &Transform,
) -> f32 {
    CAST_SKIN * cast_scale(moving, moving_pose, delta, target, target_pose)
}

impl CastHit {
    /// The fraction of `delta` that leaves the mover `skin` away from the hit surface,
    /// measured along `normal` (the direction that separates the shapes): `t` minus
    /// `skin / (−normal · delta)`, never below 0.
    ///
    /// A hit met at a grazing angle (a mover sliding along a wall) therefore backs off to
    /// 0, where backing off `skin` along the path would leave almost no clearance; the
    /// caller then removes the motion into the plane (see [`clip_vector`]) and casts the
    /// rest. A cast that started in contact (`t = 0`) stays at 0.
    #[must_use]
    pub fn safe_fraction(&self, delta: Vec2, skin: f32) -> f32 {
        let approach =
            -(self.normal.x as f64 * delta.x as f64 + self.normal.y as f64 * delta.y as f64);
        if self.t <= 0.0 || approach <= 0.0 || approach.is_nan() {
            return 0.0;
        }
        let safe = self.t as f64 - skin as f64 / approach;
        if safe > 0.0 {
            // Rounding `safe` may not undo the back-off.
            let rounded = safe as f32;
            if rounded < self.t {
                rounded
            } else {
                self.t
            }
        } else {
            0.0
        }
    }
}

/// Casts `moving`, placed by `moving_pose` and translated by `t × delta` for `t` in
/// `[0, 1]`, against `target` placed by `target_pose`, and returns the first contact, or
/// `None` when the path never touches the target.
///
/// Exact for every pair of kinds: see the module docs for the method, the conventions
/// (normal from the target towards the mover, touching counts, a cast that starts
/// overlapping reports `t = 0` with the narrow phase's normal) and how to keep a skin.
///
/// ```
/// use sepax::cast::cast_shape;
/// use sepax::{Shape, Transform, Vec2};
/// let ball = Shape::circle(0.5).unwrap();
/// let wall = Shape::aligned_box(1.0, 5.0).unwrap();
/// let hit = cast_shape(
///     &ball, &Transform::from_xy_angle(0.0, 0.0, 0.0), Vec2::new(10.0, 0.0),
///     &wall, &Transform::from_xy_angle(6.0, 0.0, 0.0),
/// ).unwrap();
/// assert_eq!(hit.t, 0.45); // the ball's edge reaches x = 5 after 4.5 of 10 units
/// assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
/// assert_eq!(hit.point, Vec2::new(5.0, 0.0));
/// // Aimed above the wall: no hit.
/// assert!(cast_shape(
///     &ball, &Transform::from_xy_angle(0.0, 6.0, 0.0), Vec2::new(10.0, 0.0),
///     &wall, &Transform::from_xy_angle(6.0, 0.0, 0.0),
/// ).is_none());
/// ```
#[must_use]
pub fn cast_shape(
    moving: &Shape,
    moving_pose: &Transform,
    delta: Vec2,
    target: &Shape,
    target_pose: &Transform,
) -> Option<CastHit> {
    cast_shape_with_margin(moving, moving_pose, delta, target, target_pose, 0.0)
}

/// [`cast_shape`] that stops `margin` short of contact: the first `t` at which the shapes
/// are `margin` or less apart.
///
/// A cast that starts within the margin reports `t = 0`: with the narrow phase's normal
/// when the shapes overlap or touch, otherwise with the direction from the target's
/// nearest point to the mover (the direction in which their distance grows). `normal` is
/// always that direction at the hit, `point` the target's nearest point, and the
/// mover's nearest point is `point + normal × margin`. A negative or NaN margin counts as
/// 0.
///
/// This is the cast a character mover needs (see the [`mover`] module): it stops every
/// move short of the surfaces, so that the next move along a floor starts clear of it
/// instead of exactly touching it, where the corner of the next floor tile would be met
/// head on.
///
/// ```
/// use sepax::cast::cast_shape_with_margin;
/// use sepax::{Shape, Transform, Vec2};
/// let ball = Shape::circle(0.5).unwrap();
/// let floor = Shape::aligned_box(10.0, 1.0).unwrap();
/// let hit = cast_shape_with_margin(
///     &ball, &Transform::from_xy_angle(0.0, 5.0, 0.0), Vec2::new(0.0, -5.0),
///     &floor, &Transform::from_xy_angle(0.0, 0.0, 0.0), 0.5,
/// ).unwrap();
/// assert_eq!(hit.t, 0.6); // it stops 0.5 above the floor's top at y = 1
/// assert_eq!(hit.point, Vec2::new(0.0, 1.0));
/// ```
#[must_use]
pub fn cast_shape_with_margin(
    moving: &Shape,
    moving_pose: &Transform,
    delta: Vec2,
    target: &Shape,
    target_pose: &Transform,
    margin: f32,
) -> Option<CastHit> {
    cast_shape_with_points(
        moving,
        moving.polygon_points(),
        moving_pose,
        delta,
        target,
        target.polygon_points(),
        target_pose,
        margin,
    )
}

/// [`cast_shape_with_margin`] with a polygon's points read from `moving_points` or
/// `target_points` instead of its own buffer: vertices then normals, the layout of
/// [`ConvexPolygon`](crate::shape::ConvexPolygon), equal to the polygon's (as for
/// [`collide_with_points`], so that the world can pass the copies it keeps). Ignored for
/// other kinds.
#[must_use]
#[allow(clippy::too_many_arguments)] // the two shapes' three parts each, the motion, the margin
pub fn cast_shape_with_points(
    moving: &Shape,
    moving_points: &[Vec2],
    moving_pose: &Transform,
    delta: Vec2,
    target: &Shape,
    target_points: &[Vec2],
    target_pose: &Transform,
    margin: f32,
) -> Option<CastHit> {
    debug_assert!(
        moving_pose.translation.is_finite()
            && target_pose.translation.is_finite()
            && delta.is_finite(),
        "cast_shape needs finite input"
    );
    let margin = if margin > 0.0 { margin as f64 } else { 0.0 };
    let (target_core, moving_core) = (
        target.rounded_core(target_points),
        moving.rounded_core(moving_points),
    );
    let (target_radius, moving_radius) = (target_core.radius as f64, moving_core.radius as f64);
    let target_rot = frame_rotation(&target_core, target_pose);
    let moving_rot = frame_rotation(&moving_core, moving_pose);
    let origin = target_rot
        .apply_inv(D2::from_vec2(moving_pose.translation) - D2::from_vec2(target_pose.translation));
    let delta_local = target_rot.apply_inv(D2::from_vec2(delta));
    let bounds = (moving.bounding_radius() + target.bounding_radius()) as f64;
    // The sizes that roundings are relative to, in the L1 norm: within √2 of the
    // Euclidean one, and with no square roots (each costs as much as a box's clip).
    let positions =
        D2::from_vec2(moving_pose.translation).l1() + D2::from_vec2(target_pose.translation).l1();
    let mut target_ring = Ring::new(target_core.core, Rot64::IDENTITY, false);
    let mut mover_ring = Ring::new(moving_core.core, target_rot.inv_mul(moving_rot), true);
    if target_ring.edge_count() > 0 && mover_ring.edge_count() > 0 {
        (target_ring, mover_ring) = (target_ring.ordered(), mover_ring.ordered());
    }
    let setup = Setup {
        target: target_ring,
        mover: mover_ring,
        radius: target_radius + moving_radius,
        margin,
        origin,
        delta: delta_local,
        near: NEAR_ROUNDINGS * f32::EPSILON as f64 * (positions + bounds),
        slack: SLACK_ROUNDINGS * f64::EPSILON * (origin.l1() + delta_local.l1() + bounds + margin),
    };
    let start = || {
        collide_with_points(
            target,
            target_points,
            target_pose,
            moving,
            moving_points,
            moving_pose,
        )
    };
    match time_of_impact(&setup, start) {
        Toi::Miss => None,
        Toi::Overlapping(Contact { normal, depth }) => Some(CastHit {
            t: 0.0,
            normal,
            point: support(moving, moving_points, moving_pose, -normal) + normal * depth,
        }),
        Toi::Hit {
            t,
            normal,
            core_point,
        } => {
            let normal = normal.unit().unwrap_or(D2::new(1.0, 0.0));
            let local_point = core_point + normal * target_radius;
            Some(CastHit {
                t: t.clamp(0.0, 1.0) as f32,
                normal: target_rot.apply(normal).to_vec2(),
                point: (D2::from_vec2(target_pose.translation) + target_rot.apply(local_point))
                    .to_vec2(),
            })
        }
    }
}

/// A start closer to touching than this many `f32` roundings of the coordinates is left
/// to the narrow phase, whose own rounding is about four of them (measured by the crate's
/// reference test).
const NEAR_ROUNDINGS: f64 = 16.0;

/// The slack of the `f64` ray cast, in `f64` roundings of the coordinates (see `toi`).
const SLACK_ROUNDINGS: f64 = 8.0;

/// The rotation of the frame a shape's core is defined in: none for an aligned box (which
/// ignores the angle) and for a point core (circles and points, whose core is the origin:
/// leaving the rotation out keeps their coordinates free of its rounding).
fn frame_rotation(shape: &RoundedCore<'_>, pose: &Transform) -> Rot64 {
    if shape.aligned || matches!(shape.core, Core::Point) {
        Rot64::IDENTITY
    } else {
        Rot64::from_rot(pose.rotation)
    }
}

/// The shape's furthest point along `direction` (a unit vector), in the world (`points`:
/// a polygon's points, as [`cast_shape_with_points`] takes them).
#[must_use]
pub fn support(shape: &Shape, points: &[Vec2], pose: &Transform, direction: Vec2) -> Vec2 {
    let shape = shape.rounded_core(points);
    let (core, radius) = (shape.core, shape.radius as f64);
    let rot = frame_rotation(&shape, pose);
    let local_direction = rot.apply_inv(D2::from_vec2(direction));
    let mut best = D2::ZERO;
    let mut best_along = f64::NEG_INFINITY;
    let ring = Ring::new(core, Rot64::IDENTITY, false);
    let count = ring.edge_count().max(1);
    for k in 0..count {
        let v = ring.vertex(k);
        let along = v.dot(local_direction);
        if along > best_along {
            best_along = along;
            best = v;
        }
    }
    let local = best + local_direction * radius;
    (D2::from_vec2(pose.translation) + rot.apply(local)).to_vec2()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::narrow_phase::collide;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn at(x: f32, y: f32) -> Transform {
        Transform::from_xy_angle(x, y, 0.0)
    }

    #[track_caller]
    fn assert_hit(hit: Option<CastHit>, t: f32, normal: Vec2, point: Vec2) {
        let hit = hit.expect("expected a hit");
        assert!((hit.t - t).abs() < 1e-6, "{hit:?}");
        assert!((hit.normal - normal).length() < 1e-6, "{hit:?}");
        assert!((hit.point - point).length() < 1e-5, "{hit:?}");
    }

    #[test]
    fn circle_into_circle_head_on_and_grazing() {
        let c = Shape::circle(1.0).unwrap();
        assert_hit(
            cast_shape(&c, &at(0.0, 0.0), v(10.0, 0.0), &c, &at(5.0, 0.0)),
            0.3,
            v(-1.0, 0.0),
            v(4.0, 0.0),
        );
        // Tangent at y = 2: touching counts.
        assert_hit(
            cast_shape(&c, &at(0.0, 2.0), v(10.0, 0.0), &c, &at(5.0, 0.0)),
            0.5,
            v(0.0, 1.0),
            v(5.0, 1.0),
        );
        assert!(cast_shape(&c, &at(0.0, 2.001), v(10.0, 0.0), &c, &at(5.0, 0.0)).is_none());
        // Too short, and moving away.
        assert!(cast_shape(&c, &at(0.0, 0.0), v(2.9, 0.0), &c, &at(5.0, 0.0)).is_none());
        assert!(cast_shape(&c, &at(0.0, 0.0), v(-10.0, 0.0), &c, &at(5.0, 0.0)).is_none());
    }

    #[test]
    fn box_corner_onto_a_turned_box_face() {
        // A unit square dropping onto an oriented box turned 45°: the square's bottom
        // face meets the diamond's top corner at (0, √2·2).
        let square = Shape::aligned_box(1.0, 1.0).unwrap();
        let diamond = Shape::oriented_box(2.0, 2.0).unwrap();
        let top = 2.0 * 2.0f32.sqrt();
        let hit = cast_shape(
            &square,
            &at(0.5, 10.0),
            v(0.0, -10.0),
            &diamond,
            &Transform::from_xy_angle(0.0, 0.0, core::f32::consts::FRAC_PI_4),
        );
        assert_hit(hit, (10.0 - 1.0 - top) / 10.0, v(0.0, 1.0), v(0.0, top));
    }

    #[test]
    fn capsule_slides_onto_a_segment_end() {
        // A horizontal capsule moving down past the right end of a horizontal segment:
        // its rounded cap meets the segment's end.
        let capsule = Shape::capsule(1.0, 0.5).unwrap();
        let segment = Shape::segment(v(-3.0, 0.0), v(0.0, 0.0)).unwrap();
        // The capsule core spans x in [0.3, 2.3]: only its left cap disc (centre 0.3)
        // can touch the end (0, 0): 0.3 to the side, so 0.4 above at contact.
        let hit = cast_shape(
            &capsule,
            &at(1.3, 5.0),
            v(0.0, -10.0),
            &segment,
            &at(0.0, 0.0),
        );
        assert_hit(hit, (5.0 - 0.4) / 10.0, v(0.6, 0.8), v(0.0, 0.0));
    }

    #[test]
    fn a_point_crosses_a_segment_and_meets_a_point_only_on_its_path() {
        let point = Shape::point();
        let wall = Shape::segment(v(0.0, -1.0), v(0.0, 1.0)).unwrap();
        assert_hit(
            cast_shape(&point, &at(-5.0, 0.5), v(10.0, 0.0), &wall, &at(0.0, 0.0)),
            0.5,
            v(-1.0, 0.0),
            v(0.0, 0.5),
        );
        // Along the segment's line: the nearer end, head on.
        assert_hit(
            cast_shape(&point, &at(0.0, -5.0), v(0.0, 10.0), &wall, &at(0.0, 0.0)),
            0.4,
            v(0.0, -1.0),
            v(0.0, -1.0),
        );
        assert_hit(
            cast_shape(&point, &at(0.0, 0.0), v(4.0, 0.0), &point, &at(3.0, 0.0)),
            0.75,
            v(-1.0, 0.0),
            v(3.0, 0.0),
        );
        assert!(cast_shape(&point, &at(0.0, 0.0), v(4.0, 0.0), &point, &at(3.0, 1e-3)).is_none());
        // A segment onto a parallel segment.
        // They meet along x in [0.5, 1]; any point of that overlap is the contact.
        let floor = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        let hit = cast_shape(&floor, &at(1.5, 3.0), v(0.0, -6.0), &floor, &at(0.0, 0.0));
        assert_hit(hit, 0.5, v(0.0, 1.0), hit.unwrap().point);
        let point = hit.unwrap().point;
        assert!(
            point.y == 0.0 && (0.5..=1.0).contains(&point.x),
            "{point:?}"
        );
    }

    #[test]
    fn starting_in_contact_reports_zero_with_the_narrow_phase_normal() {
        let a = Shape::oriented_box(1.0, 0.5).unwrap();
        let b = Shape::circle(1.0).unwrap();
        let (pa, pb) = (Transform::from_xy_angle(0.4, 0.3, 0.3), at(0.0, 0.0));
        let contact = collide(&b, &pb, &a, &pa).unwrap();
        for delta in [v(1.0, 0.0), v(-3.0, 2.0), Vec2::ZERO] {
            let hit = cast_shape(&a, &pa, delta, &b, &pb).unwrap();
            assert_eq!(hit.t, 0.0);
            assert_eq!(hit.normal, contact.normal);
        }
        // Zero delta, apart: no hit.
        assert!(cast_shape(&a, &at(5.0, 0.0), Vec2::ZERO, &b, &pb).is_none());
    }

    #[test]
    fn safe_fraction_keeps_the_skin_along_the_normal() {
        let hit = CastHit {
            t: 0.5,
            normal: v(0.0, 1.0),
            point: Vec2::ZERO,
        };
        // Straight down at 10 per unit t: back off 0.1 / 10.
        assert!((hit.safe_fraction(v(0.0, -10.0), 0.1) - 0.49).abs() < 1e-7);
        // At 45°, the approach speed along the normal is 10 / √2 ≈ 7.07.
        let s = hit.safe_fraction(v(7.071_068, -7.071_068), 0.1);
        assert!((s - (0.5 - 0.1 / 7.071_068)).abs() < 1e-6);
        // Sliding along the wall: back to 0.
        assert_eq!(hit.safe_fraction(v(10.0, 0.0), 0.1), 0.0);
    }

    /// Regression: with a margin, a polygon whose face is parallel to a segment target
    /// gives two collinear edges of the Minkowski sum, whose entering times tie up to
    /// rounding; when the segment's edge won the tie, the entry's foot fell beyond it and
    /// the cast looked for the hit in the disc of that edge's end vertex, 2.4 units away,
    /// and missed (found by the world's move-and-slide property test).
    #[test]
    fn a_margin_cast_onto_a_face_parallel_to_a_segment_hits() {
        let mover = Shape::polygon(&[
            v(-2.0, 2.0),
            v(-1.5, 1.5),
            v(1.5, -1.0),
            v(2.0, -0.5),
            v(1.0, 1.0),
        ])
        .unwrap();
        let segment = Shape::segment(v(-1.0, 0.5), v(2.0, -2.0)).unwrap();
        let target = at(5.562476, -14.923199);
        let from = at(8.072599, -17.359848);
        let push = v(-0.34926903, -0.23284602);
        let exact = cast_shape(&mover, &from, push, &segment, &target).unwrap();
        let hit = cast_shape_with_margin(&mover, &from, push, &segment, &target, 0.006).unwrap();
        assert!(
            hit.t < exact.t && hit.t > exact.t - 0.02,
            "{hit:?} {exact:?}"
        );
        assert_eq!(hit.normal, exact.normal);
    }
}
