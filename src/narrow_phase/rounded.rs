//! Kernels for capsules, segments and points against boxes, polygons and each other: the
//! pairs that share the generic *rounded convex core* routine.
//!
//! Each shape is a convex core plus a radius (see the private `sat` module for the full
//! argument): boxes and polygons are polygon cores with radius 0, a capsule is the segment
//! `(±half_length, 0)` with its radius, a segment is itself with radius 0, a point is a
//! point core with radius 0. In canonical order the first shape A is the only one that can
//! be a polygon, so each kernel
//!
//! 1. rejects on bounding circles (`|c_B - c_A| > bound_A + bound_B`),
//! 2. maps B's core (two points at most) into A's frame, the difference of positions
//!    formed first,
//! 3. runs SAT on the cores with the radius sum `R`: A's edge normals (or its segment's
//!    normal and direction), B's segment normal, and B's direction when A has no area;
//!    the first axis whose gap exceeds `R` ends the test,
//! 4. if the largest gap is `<= 0` the cores overlap and the depth is `R` minus it along
//!    that axis; otherwise the cores' closest pair (vertex against edge) gives the
//!    distance `d`, colliding iff `d <= R`, depth `R - d`, along the closest pair's
//!    direction, unless that direction separates the cores by less than the best SAT
//!    axis (a closest pair within rounding of touching: its direction is noise), in
//!    which case along that axis.
//!
//! Segments and points have no area, but the depth is still the minimum translation
//! distance: for segment-vs-polygon the shortest move of the segment out of the polygon;
//! for two crossing segments the shortest move that uncrosses them (SAT on both segments'
//! normals and directions); a point on a segment, or two coincident points, need no move
//! at all (depth 0).
//!
//! Circle–capsule/segment/point also use this routine (from [`super::circle`]).
//!
//! This module must not allocate: boxes become stack arrays.

use super::sat::{rounded_cores, BoxPolygon, Core, Proximity, Thin, BOUND_SLACK};
use super::Contact;
use crate::math::{max_f32, Rot, Transform, Vec2};
use crate::shape::PolygonRef;

/// Shape A of a generic pair: its core in its own frame, where its frame is, its radius,
/// and the radius of a circle around its origin that contains the rounded shape.
pub(crate) struct ASide<'a> {
    pub(crate) core: Core<'a>,
    pub(crate) rot: Rot,
    pub(crate) pos: Vec2,
    pub(crate) radius: f32,
    pub(crate) bound: f32,
}

/// Shape B of a generic pair: a point or segment core in B's own frame.
pub(crate) struct BSide {
    core: Thin,
    rot: Rot,
    pos: Vec2,
    radius: f32,
    bound: f32,
}

impl BSide {
    #[inline]
    pub(crate) fn capsule(half_length: f32, radius: f32, tf: &Transform) -> BSide {
        BSide {
            core: Thin::Segment(Vec2::new(-half_length, 0.0), Vec2::new(half_length, 0.0)),
            rot: tf.rotation,
            pos: tf.translation,
            radius,
            bound: half_length + radius,
        }
    }

    #[inline]
    pub(crate) fn segment((a, b): (Vec2, Vec2), tf: &Transform) -> BSide {
        BSide {
            core: Thin::Segment(a, b),
            rot: tf.rotation,
            pos: tf.translation,
            radius: 0.0,
            bound: max_f32(a.length_squared(), b.length_squared()).sqrt(),
        }
    }

    #[inline]
    pub(crate) fn point(tf: &Transform) -> BSide {
        BSide {
            core: Thin::Point(Vec2::ZERO),
            rot: tf.rotation,
            pos: tf.translation,
            radius: 0.0,
            bound: 0.0,
        }
    }
}

/// Steps 1-4 of the module docs; also returns B's core in A's frame and the radius sum.
#[inline]
fn proximity(a: &ASide<'_>, b: &BSide) -> (Proximity, Thin, f32) {
    let radius = a.radius + b.radius;
    let d = b.pos - a.pos;
    let reach = (a.bound + b.bound) * BOUND_SLACK;
    if d.length_squared() > reach * reach {
        return (Proximity::Separated, b.core, radius);
    }
    let rot = a.rot.inverse() * b.rot;
    let t = a.rot.apply_inv(d);
    let core = match b.core {
        Thin::Point(p) => Thin::Point(rot.apply(p) + t),
        Thin::Segment(p, q) => Thin::Segment(rot.apply(p) + t, rot.apply(q) + t),
    };
    (rounded_cores(a.core, core, radius), core, radius)
}

/// The contact of a generic pair, normal mapped back to the world.
#[inline]
pub(crate) fn rounded_contact(a: &ASide<'_>, b: &BSide) -> Option<Contact> {
    let (found, b_core, radius) = proximity(a, b);
    found
        .contact(radius, a.core, b_core)
        .map(|(normal, depth)| Contact {
            normal: a.rot.apply(normal),
            depth,
        })
}

/// The boolean verdict of a generic pair.
#[inline]
pub(crate) fn rounded_overlap(a: &ASide<'_>, b: &BSide) -> bool {
    let (found, _, radius) = proximity(a, b);
    found.overlaps(radius)
}

#[inline]
fn box_side<'a>(shape: &'a BoxPolygon, rot: Rot, tf: &Transform) -> ASide<'a> {
    ASide {
        core: Core::Polygon(&shape.vertices, &shape.normals),
        rot,
        pos: tf.translation,
        radius: 0.0,
        bound: shape.bound,
    }
}

#[inline]
fn polygon_side<'a>(polygon: PolygonRef<'a>, tf: &Transform) -> ASide<'a> {
    ASide {
        core: Core::Polygon(polygon.vertices(), polygon.normals()),
        rot: tf.rotation,
        pos: tf.translation,
        radius: 0.0,
        bound: polygon.bounding_radius(),
    }
}

#[inline]
fn capsule_side(half_length: f32, radius: f32, tf: &Transform) -> ASide<'static> {
    ASide {
        core: Core::Segment(Vec2::new(-half_length, 0.0), Vec2::new(half_length, 0.0)),
        rot: tf.rotation,
        pos: tf.translation,
        radius,
        bound: half_length + radius,
    }
}

#[inline]
fn segment_side((a, b): (Vec2, Vec2), tf: &Transform) -> ASide<'static> {
    ASide {
        core: Core::Segment(a, b),
        rot: tf.rotation,
        pos: tf.translation,
        radius: 0.0,
        bound: max_f32(a.length_squared(), b.length_squared()).sqrt(),
    }
}

#[inline]
fn point_side(tf: &Transform) -> ASide<'static> {
    ASide {
        core: Core::Point(Vec2::ZERO),
        rot: tf.rotation,
        pos: tf.translation,
        radius: 0.0,
        bound: 0.0,
    }
}

/// Writes the `collide_`/`overlap_` pair of a generic kernel: the statements in brackets
/// prepare A (a box's stack polygon), `$a` builds A's side, `$b` B's side.
macro_rules! generic_pair {
    (
        $(#[$collide_doc:meta])* $collide:ident,
        $(#[$overlap_doc:meta])* $overlap:ident,
        ($($arg:ident : $ty:ty),*),
        [$($setup:stmt)?] $a:expr, $b:expr
    ) => {
        $(#[$collide_doc])*
        #[must_use]
        pub fn $collide($($arg: $ty),*) -> Option<Contact> {
            $($setup)?
            rounded_contact(&$a, &$b)
        }

        $(#[$overlap_doc])*
        #[must_use]
        pub fn $overlap($($arg: $ty),*) -> bool {
            $($setup)?
            rounded_overlap(&$a, &$b)
        }
    };
}

generic_pair!(
    /// Contact between the aligned box A (`±half_extents_a`, rotation ignored) and capsule
    /// B (segment `(±half_length_b, 0)` grown by `radius_b`).
    collide_aligned_box_capsule,
    /// True when the aligned box A and capsule B overlap or touch.
    overlap_aligned_box_capsule,
    (half_extents_a: Vec2, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, Rot::IDENTITY, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between the aligned box A (rotation ignored) and segment B (local ends
    /// `segment_b.0`, `segment_b.1`).
    collide_aligned_box_segment,
    /// True when the aligned box A and segment B overlap or touch.
    overlap_aligned_box_segment,
    (half_extents_a: Vec2, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, Rot::IDENTITY, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between the aligned box A (rotation ignored) and point B: the way out
    /// through the nearest face.
    collide_aligned_box_point,
    /// True when point B lies in the aligned box A or on its boundary.
    overlap_aligned_box_point,
    (half_extents_a: Vec2, tf_a: &Transform, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, Rot::IDENTITY, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between the oriented box A and capsule B.
    collide_oriented_box_capsule,
    /// True when the oriented box A and capsule B overlap or touch.
    overlap_oriented_box_capsule,
    (half_extents_a: Vec2, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, tf_a.rotation, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between the oriented box A and segment B.
    collide_oriented_box_segment,
    /// True when the oriented box A and segment B overlap or touch.
    overlap_oriented_box_segment,
    (half_extents_a: Vec2, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, tf_a.rotation, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between the oriented box A and point B.
    collide_oriented_box_point,
    /// True when point B lies in the oriented box A or on its boundary.
    overlap_oriented_box_point,
    (half_extents_a: Vec2, tf_a: &Transform, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, tf_a.rotation, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between polygon A and capsule B.
    collide_polygon_capsule,
    /// True when polygon A and capsule B overlap or touch.
    overlap_polygon_capsule,
    (polygon_a: PolygonRef<'_>, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [] polygon_side(polygon_a, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between polygon A and segment B: the depth is the shortest move of the
    /// segment out of the polygon.
    collide_polygon_segment,
    /// True when polygon A and segment B overlap or touch.
    overlap_polygon_segment,
    (polygon_a: PolygonRef<'_>, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [] polygon_side(polygon_a, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between polygon A and point B: the way out through the nearest edge.
    collide_polygon_point,
    /// True when point B lies in polygon A or on its boundary.
    overlap_polygon_point,
    (polygon_a: PolygonRef<'_>, tf_a: &Transform, tf_b: &Transform),
    [] polygon_side(polygon_a, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between capsule A and capsule B.
    ///
    /// Parallel, overlapping cores: the shortest way out is sideways (the cores' common
    /// line has no thickness), unless the overlap along the axis is shorter.
    collide_capsule_capsule,
    /// True when capsules A and B overlap or touch.
    overlap_capsule_capsule,
    (half_length_a: f32, radius_a: f32, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [] capsule_side(half_length_a, radius_a, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between capsule A and segment B.
    collide_capsule_segment,
    /// True when capsule A and segment B overlap or touch.
    overlap_capsule_segment,
    (half_length_a: f32, radius_a: f32, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [] capsule_side(half_length_a, radius_a, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between capsule A and point B.
    collide_capsule_point,
    /// True when point B lies in capsule A or on its boundary.
    overlap_capsule_point,
    (half_length_a: f32, radius_a: f32, tf_a: &Transform, tf_b: &Transform),
    [] capsule_side(half_length_a, radius_a, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between segments A and B: they collide only when they cross or touch, and
    /// the depth is the shortest move of B that ends the crossing.
    collide_segment_segment,
    /// True when segments A and B cross or touch.
    overlap_segment_segment,
    (segment_a: (Vec2, Vec2), tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [] segment_side(segment_a, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between segment A and point B (the point lies on the segment): depth 0
    /// along the segment's normal.
    collide_segment_point,
    /// True when point B lies on segment A.
    overlap_segment_point,
    (segment_a: (Vec2, Vec2), tf_a: &Transform, tf_b: &Transform),
    [] segment_side(segment_a, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between points A and B (they coincide): depth 0, normal `+x` of A's frame.
    collide_point_point,
    /// True when points A and B coincide.
    overlap_point_point,
    (tf_a: &Transform, tf_b: &Transform),
    [] point_side(tf_a),
    BSide::point(tf_b)
);

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::super::{collide, overlaps};
    use super::*;
    use crate::shape::Shape;
    use core::f32::consts::{FRAC_PI_2, FRAC_PI_4, SQRT_2};

    const EPS: f32 = 1e-6;

    fn capsule(half_length: f32, radius: f32) -> Shape {
        Shape::capsule(half_length, radius).unwrap()
    }

    fn segment(ax: f32, ay: f32, bx: f32, by: f32) -> Shape {
        Shape::segment(v(ax, ay), v(bx, by)).unwrap()
    }

    fn triangle() -> Shape {
        // Clockwise on purpose: ConvexPolygon::new normalises it.
        polygon(&[(0.0, 0.0), (0.0, 3.0), (4.0, 0.0)])
    }

    #[test]
    fn aligned_box_capsule() {
        let (a, b) = (Shape::aligned_box(2.0, 1.0).unwrap(), capsule(1.0, 0.5));
        let o = at_angle(0.0, 0.0, 0.4); // ignored by the aligned box
                                         // Cores apart: the capsule's core is 0.25 above the top face.
        check(&a, &o, &b, &at(0.0, 1.25), Some((v(0.0, 1.0), 0.25)), EPS);
        // Cores overlap: the core is 0.25 inside, so 0.25 + 0.5 to leave.
        check(&a, &o, &b, &at(0.0, 0.75), Some((v(0.0, 1.0), 0.75)), EPS);
        // Beside a corner: the core's end (2.3, 1.3) is 0.3·√2 from the corner (2, 1).
        let k = SQRT_2 / 2.0;
        check(
            &a,
            &o,
            &b,
            &at(3.3, 1.3),
            Some((v(k, k), 0.5 - 0.3 * SQRT_2)),
            1e-6,
        );
        // Turned capsule beside the right face.
        check(
            &a,
            &o,
            &b,
            &at_angle(2.25, 0.0, FRAC_PI_2),
            Some((v(1.0, 0.0), 0.25)),
            EPS,
        );
        // Touching and apart.
        check(&a, &o, &b, &at(0.0, -1.5), Some((v(0.0, -1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(0.0, 1.51), None, EPS);
        let c = collide_aligned_box_capsule(v(2.0, 1.0), &o, 1.0, 0.5, &at(0.0, 1.25)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.25, EPS);
        assert!(overlap_aligned_box_capsule(
            v(2.0, 1.0),
            &o,
            1.0,
            0.5,
            &at(0.0, 1.5)
        ));
    }

    #[test]
    fn aligned_box_segment() {
        let (a, b) = (
            Shape::aligned_box(1.0, 1.0).unwrap(),
            segment(0.0, -0.5, 0.0, 0.5),
        );
        let o = at(0.0, 0.0);
        // The vertical segment pokes 0.25 into the top face.
        check(&a, &o, &b, &at(0.0, 1.25), Some((v(0.0, 1.0), 0.25)), EPS);
        check(&a, &o, &b, &at(0.3, 1.5), Some((v(0.0, 1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(0.0, 1.51), None, EPS);
        // Collinear with the right face's line but beyond the corner: apart.
        check(&a, &o, &b, &at(1.0, 1.51), None, EPS);
        let c = collide_aligned_box_segment(
            v(1.0, 1.0),
            &o,
            (v(0.0, -0.5), v(0.0, 0.5)),
            &at(0.0, 1.25),
        )
        .unwrap();
        assert_close(c, v(0.0, 1.0), 0.25, EPS);
    }

    #[test]
    fn aligned_box_point() {
        let (a, b) = (Shape::aligned_box(2.0, 1.0).unwrap(), Shape::point());
        let o = at(0.0, 0.0);
        check(&a, &o, &b, &at(1.5, 0.25), Some((v(1.0, 0.0), 0.5)), EPS);
        check(
            &a,
            &o,
            &b,
            &at(-0.5, -0.75),
            Some((v(0.0, -1.0), 0.25)),
            EPS,
        );
        check(&a, &o, &b, &at(2.0, 0.0), Some((v(1.0, 0.0), 0.0)), EPS);
        check(&a, &o, &b, &at(2.01, 0.0), None, EPS);
        let c = collide_aligned_box_point(v(2.0, 1.0), &o, &at(1.5, 0.25)).unwrap();
        assert_close(c, v(1.0, 0.0), 0.5, EPS);
    }

    #[test]
    fn oriented_box_capsule() {
        // Box turned a quarter: 2 wide, 4 tall.
        let (a, b) = (Shape::oriented_box(2.0, 1.0).unwrap(), capsule(1.0, 0.5));
        let tf_a = at_angle(0.0, 0.0, FRAC_PI_2);
        check(
            &a,
            &tf_a,
            &b,
            &at(2.25, 0.0),
            Some((v(1.0, 0.0), 0.25)),
            EPS,
        );
        check(&a, &tf_a, &b, &at(2.5, 0.3), Some((v(1.0, 0.0), 0.0)), EPS);
        check(&a, &tf_a, &b, &at(2.51, 0.0), None, EPS);
        // Capsule lying across the top, core 0.25 inside.
        check(
            &a,
            &tf_a,
            &b,
            &at(0.0, 1.75),
            Some((v(0.0, 1.0), 0.75)),
            EPS,
        );
        let c = collide_oriented_box_capsule(v(2.0, 1.0), &tf_a, 1.0, 0.5, &at(2.25, 0.0)).unwrap();
        assert_close(c, v(1.0, 0.0), 0.25, EPS);
    }

    #[test]
    fn oriented_box_segment() {
        let b = segment(0.0, -1.0, 0.0, 1.0);
        // A diamond (unit box at 45°): a vertical segment 0.1 inside its right vertex
        // leaves along +x (its own normal), not along a face of the diamond.
        let a = Shape::oriented_box(1.0, 1.0).unwrap();
        check(
            &a,
            &at_angle(0.0, 0.0, FRAC_PI_4),
            &b,
            &at(SQRT_2 - 0.1, 0.0),
            Some((v(1.0, 0.0), 0.1)),
            1e-5,
        );
        let a = Shape::oriented_box(2.0, 1.0).unwrap();
        let tf_a = at_angle(0.0, 0.0, FRAC_PI_2);
        check(&a, &tf_a, &b, &at(1.0, 0.5), Some((v(1.0, 0.0), 0.0)), EPS);
        check(&a, &tf_a, &b, &at(1.01, 0.5), None, EPS);
        check(
            &a,
            &tf_a,
            &b,
            &at(0.5, 2.75),
            Some((v(0.0, 1.0), 0.25)),
            EPS,
        );
        let c = collide_oriented_box_segment(
            v(2.0, 1.0),
            &tf_a,
            (v(0.0, -1.0), v(0.0, 1.0)),
            &at(0.5, 2.75),
        )
        .unwrap();
        assert_close(c, v(0.0, 1.0), 0.25, EPS);
    }

    #[test]
    fn oriented_box_point() {
        let (a, b) = (Shape::oriented_box(2.0, 1.0).unwrap(), Shape::point());
        let tf_a = at_angle(0.0, 0.0, FRAC_PI_2);
        check(&a, &tf_a, &b, &at(0.25, 1.5), Some((v(0.0, 1.0), 0.5)), EPS);
        check(&a, &tf_a, &b, &at(1.0, 0.0), Some((v(1.0, 0.0), 0.0)), EPS);
        check(&a, &tf_a, &b, &at(1.01, 0.0), None, EPS);
        let c = collide_oriented_box_point(v(2.0, 1.0), &tf_a, &at(0.25, 1.5)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.5, EPS);
    }

    #[test]
    fn polygon_capsule() {
        let (a, b) = (triangle(), capsule(1.0, 0.5));
        let o = at(0.0, 0.0);
        let vertical = |x: f32, y: f32| at_angle(x, y, FRAC_PI_2);
        check(
            &a,
            &o,
            &b,
            &vertical(-0.25, 1.5),
            Some((v(-1.0, 0.0), 0.25)),
            EPS,
        );
        check(
            &a,
            &o,
            &b,
            &vertical(-0.5, 1.5),
            Some((v(-1.0, 0.0), 0.0)),
            EPS,
        );
        check(&a, &o, &b, &vertical(-0.51, 1.5), None, EPS);
        // Core crossing the hypotenuse 0.6x + 0.8y = 2.4: its deepest point (0.5, 1.5) is
        // 2.4 - 1.5 = 0.9 inside, so the way out is 0.9 + 0.5 along the edge's normal.
        check(&a, &o, &b, &at(1.5, 1.5), Some((v(0.6, 0.8), 1.4)), 1e-5);
        let Shape::Polygon(p) = &a else {
            unreachable!()
        };
        let c = collide_polygon_capsule(p.view(), &o, 1.0, 0.5, &vertical(-0.25, 1.5)).unwrap();
        assert_close(c, v(-1.0, 0.0), 0.25, EPS);
    }

    #[test]
    fn polygon_segment() {
        let (a, b) = (triangle(), segment(0.0, -0.5, 0.0, 0.5));
        let o = at(0.0, 0.0);
        // Crossing the bottom edge: the shortest way out is down by 0.75.
        check(&a, &o, &b, &at(1.0, 0.25), Some((v(0.0, -1.0), 0.75)), EPS);
        check(&a, &o, &b, &at(1.0, -0.5), Some((v(0.0, -1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(1.0, -0.51), None, EPS);
        // Entirely inside: out through the left edge (0.5), not the hypotenuse (0.7) or the
        // bottom (0.75).
        check(&a, &o, &b, &at(0.5, 1.25), Some((v(-1.0, 0.0), 0.5)), EPS);
        let Shape::Polygon(p) = &a else {
            unreachable!()
        };
        let c = collide_polygon_segment(p.view(), &o, (v(0.0, -0.5), v(0.0, 0.5)), &at(1.0, 0.25))
            .unwrap();
        assert_close(c, v(0.0, -1.0), 0.75, EPS);
    }

    #[test]
    fn polygon_point() {
        let (a, b) = (triangle(), Shape::point());
        let o = at(0.0, 0.0);
        check(&a, &o, &b, &at(1.0, 0.25), Some((v(0.0, -1.0), 0.25)), EPS);
        check(&a, &o, &b, &at(2.0, 0.0), Some((v(0.0, -1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(2.0, -0.01), None, EPS);
        // Near the hypotenuse.
        check(
            &a,
            &o,
            &b,
            &at(2.0, 1.5 - 0.25),
            Some((v(0.6, 0.8), 0.2)),
            1e-6,
        );
        let Shape::Polygon(p) = &a else {
            unreachable!()
        };
        let c = collide_polygon_point(p.view(), &o, &at(1.0, 0.25)).unwrap();
        assert_close(c, v(0.0, -1.0), 0.25, EPS);
    }

    #[test]
    fn capsule_capsule() {
        let (a, b) = (capsule(1.0, 0.5), capsule(1.0, 0.5));
        let o = at(0.0, 0.0);
        // Parallel cores 0.75 apart.
        check(&a, &o, &b, &at(0.5, 0.75), Some((v(0.0, 1.0), 0.25)), EPS);
        // Collinear, overlapping cores: sideways (1) beats lengthways (1.5).
        let c = collide(&a, &o, &b, &at(1.5, 0.0)).unwrap();
        assert_close(c, v(0.0, 1.0), 1.0, EPS);
        // Collinear, end to end, 0.5 apart: along the axis.
        check(&a, &o, &b, &at(2.5, 0.0), Some((v(1.0, 0.0), 0.5)), EPS);
        check(&a, &o, &b, &at(-3.0, 0.0), Some((v(-1.0, 0.0), 0.0)), EPS);
        check(&a, &o, &b, &at(3.01, 0.0), None, EPS);
        // Crossed at the centre: every axis needs 1 + 1; ties go to A's normal (+y).
        let c = collide(&a, &o, &b, &at_angle(0.0, 0.0, FRAC_PI_2)).unwrap();
        assert_close(c, v(0.0, 1.0), 2.0, EPS);
        let c = collide_capsule_capsule(1.0, 0.5, &o, 1.0, 0.5, &at(0.5, 0.75)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.25, EPS);
    }

    #[test]
    fn capsule_segment() {
        let (a, b) = (capsule(1.0, 0.5), segment(-0.5, 0.0, 0.5, 0.0));
        let o = at(0.0, 0.0);
        check(&a, &o, &b, &at(0.0, 0.25), Some((v(0.0, 1.0), 0.25)), EPS);
        check(&a, &o, &b, &at(0.0, -0.5), Some((v(0.0, -1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(0.0, 0.51), None, EPS);
        // A vertical segment starting 0.3 above the core's end: vertex against vertex.
        let upright = segment(0.0, 0.0, 0.0, 1.0);
        check(
            &a,
            &o,
            &upright,
            &at(1.0, 0.3),
            Some((v(0.0, 1.0), 0.2)),
            EPS,
        );
        let c = collide_capsule_segment(1.0, 0.5, &o, (v(-0.5, 0.0), v(0.5, 0.0)), &at(0.0, 0.25))
            .unwrap();
        assert_close(c, v(0.0, 1.0), 0.25, EPS);
    }

    #[test]
    fn capsule_point() {
        let (a, b) = (capsule(1.0, 0.5), Shape::point());
        let o = at_angle(0.0, 0.0, FRAC_PI_2); // vertical core
        check(&a, &o, &b, &at(0.0, 1.25), Some((v(0.0, 1.0), 0.25)), EPS);
        check(&a, &o, &b, &at(-0.5, 0.3), Some((v(-1.0, 0.0), 0.0)), EPS);
        check(&a, &o, &b, &at(0.0, 1.51), None, EPS);
        let c = collide_capsule_point(1.0, 0.5, &o, &at(0.0, 1.25)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.25, EPS);
    }

    #[test]
    fn segment_segment() {
        let (a, b) = (segment(-1.0, 0.0, 1.0, 0.0), segment(0.0, -1.0, 0.0, 1.0));
        let o = at(0.0, 0.0);
        // Crossing 0.25 from A's end: the shortest move that uncrosses is +x by 0.25.
        check(&a, &o, &b, &at(0.75, 0.2), Some((v(1.0, 0.0), 0.25)), EPS);
        check(&a, &o, &b, &at(1.0, 0.2), Some((v(1.0, 0.0), 0.0)), EPS);
        check(&a, &o, &b, &at(1.01, 0.2), None, EPS);
        // Collinear: overlapping pieces touch with depth 0; pieces apart do not collide
        // (the perpendicular axis alone would say they do).
        let c = collide(&a, &o, &a, &at(1.5, 0.0)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.0, EPS);
        check(&a, &o, &a, &at(2.5, 0.0), None, EPS);
        let c = collide_segment_segment(
            (v(-1.0, 0.0), v(1.0, 0.0)),
            &o,
            (v(0.0, -1.0), v(0.0, 1.0)),
            &at(0.75, 0.2),
        )
        .unwrap();
        assert_close(c, v(1.0, 0.0), 0.25, EPS);
    }

    #[test]
    fn segment_point() {
        let (a, b) = (segment(-1.0, 0.0, 1.0, 0.0), Shape::point());
        let o = at(0.0, 0.0);
        check(&a, &o, &b, &at(0.5, 0.0), Some((v(0.0, 1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(1.0, 0.0), Some((v(0.0, 1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(0.5, 0.01), None, EPS);
        // On the line past the end.
        check(&a, &o, &b, &at(1.01, 0.0), None, EPS);
        let c = collide_segment_point((v(-1.0, 0.0), v(1.0, 0.0)), &o, &at(0.5, 0.0)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.0, EPS);
    }

    #[test]
    fn point_point() {
        let p = Shape::point();
        // Coincident: depth 0, A's +x; in the other order B's +x (same kind, no swap).
        let tf_a = at_angle(1e5, 2.0, FRAC_PI_2);
        let tf_b = at(1e5, 2.0);
        let c = collide(&p, &tf_a, &p, &tf_b).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: tf_a.rotation.x_axis(),
                depth: 0.0
            }
        );
        let c = collide(&p, &tf_b, &p, &tf_a).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: v(1.0, 0.0),
                depth: 0.0
            }
        );
        assert!(overlaps(&p, &tf_a, &p, &tf_b));
        assert!(!overlaps(&p, &tf_a, &p, &at(1e5 + 0.01, 2.0)));
        assert_eq!(collide(&p, &tf_a, &p, &at(1e5, 2.01)), None);
        assert!(collide_point_point(&tf_a, &tf_b).is_some());
        assert!(!overlap_point_point(&tf_a, &at(0.0, 0.0)));
    }

    #[test]
    fn tiny_shapes() {
        let a = capsule(1e-3, 1e-3);
        let c = collide(&a, &at(0.0, 0.0), &a, &at(0.0, 1.5e-3)).unwrap();
        assert_close(c, v(0.0, 1.0), 5e-4, 1e-8);
        let b = Shape::aligned_box(1e-3, 1e-3).unwrap();
        let c = collide(&b, &at(0.0, 0.0), &Shape::point(), &at(0.75e-3, 0.0)).unwrap();
        assert_close(c, v(1.0, 0.0), 0.25e-3, 1e-8);
    }

    /// A circle's centre on a segment's upper end, up to the rounding of a turn by one ulp
    /// of π: the closest-pair vector is noise (it gave `(0.83, -0.55)`, into the segment).
    /// Any normal with `y >= 0` frees the circle by `r`; the SAT axis `+x` is taken.
    #[test]
    fn normal_from_a_near_zero_closest_pair_vector() {
        let segment = Shape::segment(v(0.5, -0.75), v(0.5, 0.5)).unwrap();
        let circle = Shape::circle(0.75).unwrap();
        let (tf_a, tf_b) = (at_angle(0.0, 0.0, 1.748_455_5e-7), at(0.5, 0.5));
        for c in [
            collide(&segment, &tf_a, &circle, &tf_b).unwrap(),
            collide(&circle, &tf_b, &segment, &tf_a).unwrap().flipped(),
        ] {
            assert!(c.normal.y >= -1e-6, "{c:?}");
            assert!((c.depth - 0.75).abs() < 1e-6, "{c:?}");
        }
    }
}
