//! The distance between two convex shapes and their closest points, on the casts'
//! configuration-space obstacle.
//!
//! Placed in A's frame, B (its origin at `o`) and A are `d − r_A − r_B` apart, where `d`
//! is the distance from `o` to `C = core_A ⊕ (−core_B)` (the sum the casts walk, see
//! `minkowski`) and the radii are the two shapes'. So the distance is a cast with no
//! motion: the point of `C` closest to `o` (walked edge by edge, exact, in `f64`) gives
//! the distance and, through the edge's A part, both closest points; `o` inside `C` (a
//! sum with area, every edge's half-plane holding it) means the cores overlap. A GJK
//! distance would iterate to a tolerance for the same answer; the sum is exact in
//! `O(n + m)`, and its two walks (the closest point, and the half-planes' test) are the
//! casts' own functions, so the distance adds no copy of them to the `.wasm`.
//!
//! **Touching is the narrow phase's to decide**, as in the casts: where the exact gap is
//! within a few `f32` roundings of zero, [`collide_with_points`] is asked, and the shapes
//! touch exactly when it finds a contact. So a distance is 0 exactly for the pairs a step
//! reports, and never 0 otherwise: a gap the narrow phase calls open but the `f64` sum
//! calls closed (a rounding tie) is reported as the smallest positive `f32`.

use super::minkowski::{Ring, Rot64, D2};
use super::toi::{clip_ray, closest_point_to, Setup};
use super::{frame_rotation, NEAR_ROUNDINGS};
use crate::math::{Transform, Vec2};
use crate::narrow_phase::collide_with_points;
use crate::shape::Shape;

/// How far apart two shapes are, and the closest point of each.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Separation {
    /// The distance between the shapes, greater than 0.
    pub distance: f32,
    /// A's point closest to B.
    pub point_a: Vec2,
    /// B's point closest to A (`point_a` moved `distance` along the direction from A to
    /// B, to the `f32` rounding of the two points).
    pub point_b: Vec2,
}

/// How far apart `a` (placed by `pose_a`) and `b` are, with their closest points; `None`
/// when they touch or overlap, as [`collide`](crate::narrow_phase::collide) decides.
///
/// ```
/// use sepax::cast::separation;
/// use sepax::{Shape, Transform, Vec2};
/// let ball = Shape::circle(1.0).unwrap();
/// let wall = Shape::aligned_box(1.0, 5.0).unwrap();
/// let at = |x| Transform::from_xy_angle(x, 0.0, 0.0);
/// let gap = separation(&ball, &at(0.0), &wall, &at(4.0)).unwrap();
/// assert_eq!(gap.distance, 2.0);
/// assert_eq!((gap.point_a, gap.point_b), (Vec2::new(1.0, 0.0), Vec2::new(3.0, 0.0)));
/// assert!(separation(&ball, &at(0.0), &wall, &at(2.0)).is_none()); // touching
/// ```
#[must_use]
pub fn separation(
    a: &Shape,
    pose_a: &Transform,
    b: &Shape,
    pose_b: &Transform,
) -> Option<Separation> {
    let (points_a, points_b) = (a.polygon_points(), b.polygon_points());
    let touching = || collide_with_points(a, points_a, pose_a, b, points_b, pose_b).is_some();
    separation_with_points(a, points_a, pose_a, b, points_b, pose_b, &touching)
}

/// [`separation`] with a polygon's points read from `points_a` or `points_b` (vertices
/// then normals, as [`collide_with_points`] takes them), so that the world can pass the
/// copies it keeps, and the narrow phase's verdict from `touching` (asked only where the
/// gap is within its rounding), so that the world can pass its one copy of the narrow
/// phase's dispatcher. One copy, not inlined: every distance query of the world calls it.
#[must_use]
#[inline(never)]
#[allow(clippy::too_many_arguments)] // the two shapes' three parts each, and the verdict
pub fn separation_with_points(
    a: &Shape,
    points_a: &[Vec2],
    pose_a: &Transform,
    b: &Shape,
    points_b: &[Vec2],
    pose_b: &Transform,
    touching: &dyn Fn() -> bool,
) -> Option<Separation> {
    let (core_a, core_b) = (a.rounded_core(points_a), b.rounded_core(points_b));
    let (radius_a, radius_b) = (core_a.radius as f64, core_b.radius as f64);
    let rot_a = frame_rotation(&core_a, pose_a);
    let rot_b = frame_rotation(&core_b, pose_b);
    let t_a = D2::from_vec2(pose_a.translation);
    let origin = rot_a.apply_inv(D2::from_vec2(pose_b.translation) - t_a);
    let mut ring_a = Ring::new(core_a.core, Rot64::IDENTITY, false);
    let mut ring_b = Ring::new(core_b.core, rot_a.inv_mul(rot_b), true);
    if ring_a.edge_count() > 0 && ring_b.edge_count() > 0 {
        (ring_a, ring_b) = (ring_a.ordered(), ring_b.ordered());
    }
    let bounds = (a.bounding_radius() + b.bounding_radius()) as f64;
    let positions = t_a.l1() + D2::from_vec2(pose_b.translation).l1();
    let radius = radius_a + radius_b;
    let setup = Setup {
        target: ring_a,
        mover: ring_b,
        radius,
        margin: 0.0,
        origin,
        delta: D2::ZERO,
        near: NEAR_ROUNDINGS * f32::EPSILON as f64 * (positions + bounds),
        slack: 0.0,
    };
    // The half-planes' test (how far outside its furthest edge line `o` is), then the
    // closest point of `C`; a sum of two points has no edge and is that one point.
    let clip = clip_ray(&setup, radius);
    let (d, closest, core_a_point) = if clip.edges == 0 {
        let corner = ring_a.start_vertex();
        let point = corner + ring_b.start_vertex();
        ((origin - point).length(), point, corner)
    } else {
        closest_point_to(&setup, origin)
    };
    let inside = clip.edges >= 3 && clip.sep <= 0.0;
    let gap = if inside { -1.0 } else { d - radius };
    if gap <= setup.near && touching() {
        return None;
    }
    // From A towards B; `o` on or inside `C` (a rounding tie the narrow phase called open)
    // has no direction of its own: the furthest edge line's normal stands in.
    let normal = match (origin - closest).unit() {
        Some(n) if !inside => n,
        _ => clip.outermost.unwrap_or(D2::new(1.0, 0.0)),
    };
    let local_a = core_a_point + normal * radius_a;
    let local_b = origin + core_a_point - closest - normal * radius_b;
    let world = |local: D2| (t_a + rot_a.apply(local)).to_vec2();
    Some(Separation {
        distance: (gap as f32).max(f32::MIN_POSITIVE),
        point_a: world(local_a),
        point_b: world(local_b),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f32, y: f32, angle: f32) -> Transform {
        Transform::from_xy_angle(x, y, angle)
    }

    #[test]
    fn closest_points_of_each_core_kind() {
        let v = Vec2::new;
        // Two boxes corner to corner: the corners are the closest points.
        let square = Shape::aligned_box(1.0, 1.0).unwrap();
        let gap = separation(&square, &at(0.0, 0.0, 0.0), &square, &at(5.0, 6.0, 0.0)).unwrap();
        assert!((gap.distance - 5.0).abs() < 1e-6, "{gap:?}");
        assert_eq!((gap.point_a, gap.point_b), (v(1.0, 1.0), v(4.0, 5.0)));
        // A capsule above a segment: radius taken off, points on the surfaces.
        let capsule = Shape::capsule(2.0, 0.5).unwrap();
        let floor = Shape::segment(v(-10.0, 0.0), v(10.0, 0.0)).unwrap();
        let gap = separation(&floor, &at(0.0, 0.0, 0.0), &capsule, &at(1.0, 3.0, 0.0)).unwrap();
        assert!((gap.distance - 2.5).abs() < 1e-6);
        assert!((gap.point_a.y, gap.point_b.y) == (0.0, 2.5), "{gap:?}");
        // Two points: their distance.
        let gap = separation(
            &Shape::Point,
            &at(0.0, 0.0, 0.0),
            &Shape::Point,
            &at(3.0, 4.0, 0.0),
        );
        assert_eq!(gap.map(|g| g.distance), Some(5.0));
        // A point inside a turned box touches it; just outside, it is its distance away.
        let turned = Shape::oriented_box(2.0, 1.0).unwrap();
        let pose = at(0.0, 0.0, core::f32::consts::FRAC_PI_2);
        assert!(separation(&turned, &pose, &Shape::Point, &at(0.5, 1.9, 0.0)).is_none());
        let gap = separation(&turned, &pose, &Shape::Point, &at(0.0, 2.5, 0.0)).unwrap();
        assert!((gap.distance - 0.5).abs() < 1e-6 && (gap.point_a - v(0.0, 2.0)).length() < 1e-6);
    }

    #[test]
    fn touching_is_the_narrow_phases_verdict() {
        // Exactly touching boxes (face to face) and circles: no separation.
        let square = Shape::aligned_box(1.0, 1.0).unwrap();
        assert!(separation(&square, &at(0.0, 0.0, 0.0), &square, &at(2.0, 0.5, 0.0)).is_none());
        let ball = Shape::circle(1.0).unwrap();
        assert!(separation(&ball, &at(0.0, 0.0, 0.0), &ball, &at(2.0, 0.0, 0.0)).is_none());
        // Apart by one f32 step of the coordinate: a positive distance.
        let x = f32::from_bits(2.0f32.to_bits() + 1);
        let gap = separation(&square, &at(0.0, 0.0, 0.0), &square, &at(x, 0.5, 0.0)).unwrap();
        assert!(
            gap.distance > 0.0 && gap.distance <= 2.0 * f32::EPSILON,
            "{gap:?}"
        );
    }
}
