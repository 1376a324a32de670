//! Unit tests of the generic kernels, pair by pair, and of the sides they build (each the shape's rounded core).

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

/// The points of a core as the routine reads them.
fn core_points(core: Core<'_>) -> Vec<Vec2> {
    match core {
        Core::Point(p) => vec![p],
        Core::Segment(p, q) => vec![p, q],
        Core::Polygon(vertices, _) => vertices.to_vec(),
    }
}

/// The points of a shape's rounded core.
fn rounded_core_points(shape: &Shape) -> (Vec<Vec2>, f32) {
    let rounded = shape.rounded_core(shape.polygon_points());
    let core = rounded.core;
    let points = (0..core.vertex_count()).map(|k| core.vertex(k)).collect();
    (points, rounded.radius)
}

/// Every side the generic kernels build reads its shape as
/// [`Shape::rounded_core`](crate::shape::Shape::rounded_core) does: the same core
/// points, radius and frame.
#[test]
fn each_sides_core_is_its_shapes_rounded_core() {
    let tf = at_angle(1.0, -2.0, 0.3);
    let (h, (a, b)) = (v(2.0, 1.0), (v(-1.0, 2.0), v(3.0, -1.0)));
    let faces = BoxPolygon::new(h);
    let poly = triangle();
    let Shape::Polygon(p) = &poly else {
        unreachable!()
    };
    // The circle's side is checked beside it, in `circle.rs`.
    let a_sides = [
        (
            Shape::aligned_box(2.0, 1.0).unwrap(),
            box_side(&faces, Rot::IDENTITY, &tf),
        ),
        (
            Shape::oriented_box(2.0, 1.0).unwrap(),
            box_side(&faces, tf.rotation, &tf),
        ),
        (poly.clone(), polygon_side(p.view(), &tf)),
        (capsule(2.0, 0.5), capsule_side(2.0, 0.5, &tf)),
        (Shape::segment(a, b).unwrap(), segment_side((a, b), &tf)),
        (Shape::point(), point_side(&tf)),
    ];
    for (shape, side) in a_sides {
        let aligned = shape.rounded_core(shape.polygon_points()).aligned;
        let rot = if aligned { Rot::IDENTITY } else { tf.rotation };
        let got = (core_points(side.core), side.radius);
        assert_eq!(got, rounded_core_points(&shape), "{shape:?}");
        assert_eq!((side.rot, side.pos), (rot, tf.translation), "{shape:?}");
    }
    let b_sides = [
        (capsule(2.0, 0.5), BSide::capsule(2.0, 0.5, &tf)),
        (Shape::segment(a, b).unwrap(), BSide::segment((a, b), &tf)),
        (Shape::point(), BSide::point(&tf)),
    ];
    for (shape, side) in b_sides {
        let points = match side.core {
            Thin::Point(p) => vec![p],
            Thin::Segment(p, q) => vec![p, q],
        };
        assert_eq!(
            (points, side.radius),
            rounded_core_points(&shape),
            "{shape:?}"
        );
        assert_eq!(
            (side.rot, side.pos),
            (tf.rotation, tf.translation),
            "{shape:?}"
        );
    }
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
    let c =
        collide_aligned_box_segment(v(1.0, 1.0), &o, (v(0.0, -0.5), v(0.0, 0.5)), &at(0.0, 1.25))
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
    let c =
        collide_polygon_segment(p.view(), &o, (v(0.0, -0.5), v(0.0, 0.5)), &at(1.0, 0.25)).unwrap();
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
    let c =
        collide_capsule_segment(1.0, 0.5, &o, (v(-0.5, 0.0), v(0.5, 0.0)), &at(0.0, 0.25)).unwrap();
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
