//! Unit tests of the contact points: face to face, tilted, corner, rounded and turned cases, and the flat layout.

use super::super::collide;
use super::super::test_util::{at, at_angle, polygon, v};
use super::*;
use core::f32::consts::{FRAC_PI_2, FRAC_PI_4};

/// The contact and its manifold, in that order of shapes.
fn points(a: &Shape, tf_a: &Transform, b: &Shape, tf_b: &Transform) -> (Contact, Manifold) {
    let c = collide(a, tf_a, b, tf_b).expect("the shapes collide");
    (c, manifold(a, tf_a, b, tf_b, &c))
}

/// The manifold's points sorted by x then y, as `(x, y, depth)`.
fn sorted(m: &Manifold) -> Vec<(f32, f32, f32)> {
    let mut out: Vec<_> = m.points[..m.count]
        .iter()
        .map(|p| (p.point.x, p.point.y, p.depth))
        .collect();
    out.sort_by(|p, q| p.partial_cmp(q).unwrap());
    out
}

#[track_caller]
fn assert_points(m: &Manifold, want: &[(f32, f32, f32)], tol: f32) {
    let got = sorted(m);
    assert_eq!(got.len(), want.len(), "{m:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g.0 - w.0).abs() <= tol && (g.1 - w.1).abs() <= tol && (g.2 - w.2).abs() <= tol,
            "got {got:?}, want {want:?}"
        );
    }
}

#[test]
fn face_to_face_boxes_give_two_points() {
    let floor = Shape::aligned_box(5.0, 1.0).unwrap();
    let crate_ = Shape::oriented_box(1.0, 1.0).unwrap();
    // The crate's bottom face (y = 0.9) is 0.1 into the floor's top (y = 1): the points
    // are the bottom corners, raised by half the depth.
    let (c, m) = points(&floor, &at(0.0, 0.0), &crate_, &at(0.5, 1.9));
    assert_eq!((c.normal, c.depth), (v(0.0, 1.0), c.depth));
    assert_points(&m, &[(-0.5, 0.95, 0.1), (1.5, 0.95, 0.1)], 1e-5);
    // The other order: same points, normal reversed.
    let (_, m) = points(&crate_, &at(0.5, 1.9), &floor, &at(0.0, 0.0));
    assert_points(&m, &[(-0.5, 0.95, 0.1), (1.5, 0.95, 0.1)], 1e-5);
    // A crate hanging over the floor's end: clipped at the floor's side plane x = 5.
    let (_, m) = points(&floor, &at(0.0, 0.0), &crate_, &at(4.5, 1.9));
    assert_points(&m, &[(3.5, 0.95, 0.1), (5.0, 0.95, 0.1)], 1e-5);
}

#[test]
fn a_tilted_face_gives_two_depths() {
    // A polygon whose bottom face slopes: its ends sit 0.1 and 0.3 into the floor.
    let floor = Shape::aligned_box(5.0, 1.0).unwrap();
    let wedge = polygon(&[(-1.0, -0.1), (1.0, -0.3), (1.0, 1.0), (-1.0, 1.0)]);
    let (c, m) = points(&floor, &at(0.0, 0.0), &wedge, &at(0.0, 1.0));
    assert!((c.normal - v(0.0, 1.0)).length() < 1e-6 && (c.depth - 0.3).abs() < 1e-6);
    assert_points(&m, &[(-1.0, 0.95, 0.1), (1.0, 0.85, 0.3)], 1e-5);
}

#[test]
fn a_corner_into_a_face_gives_one_point() {
    let floor = Shape::aligned_box(5.0, 1.0).unwrap();
    let diamond = Shape::oriented_box(1.0, 1.0).unwrap();
    let r = 2f32.sqrt();
    // The diamond's lowest corner 0.2 below the floor's top, at x = 1.
    let (c, m) = points(
        &floor,
        &at(0.0, 0.0),
        &diamond,
        &at_angle(1.0, 1.0 + r - 0.2, FRAC_PI_4),
    );
    assert!((c.depth - 0.2).abs() < 1e-5);
    assert_points(&m, &[(1.0, 0.9, 0.2)], 1e-5);
}

#[test]
fn circles_give_one_point_midway() {
    let a = Shape::circle(1.0).unwrap();
    let b = Shape::circle(2.0).unwrap();
    let (_, m) = points(&a, &at(0.0, 0.0), &b, &at(2.5, 0.0));
    // Surfaces at x = 1 (A) and x = 0.5 (B): midpoint 0.75, depth 0.5.
    assert_points(&m, &[(0.75, 0.0, 0.5)], 1e-6);
    let floor = Shape::aligned_box(5.0, 1.0).unwrap();
    let (_, m) = points(&a, &at(2.0, 1.5), &floor, &at(0.0, 0.0));
    assert_points(&m, &[(2.0, 0.75, 0.5)], 1e-6);
    // A point inside a box: depth to the nearest face (the top), point halfway to it.
    let (_, m) = points(&floor, &at(0.0, 0.0), &Shape::point(), &at(1.0, 0.8));
    assert_points(&m, &[(1.0, 0.9, 0.2)], 1e-6);
}

#[test]
fn capsules_on_a_box() {
    let floor = Shape::aligned_box(5.0, 1.0).unwrap();
    let capsule = Shape::capsule(1.0, 0.5).unwrap();
    // Lying flat, its core 0.4 above the floor: 0.1 deep at both core ends.
    let (_, m) = points(&floor, &at(0.0, 0.0), &capsule, &at(0.0, 1.4));
    assert_points(&m, &[(-1.0, 0.95, 0.1), (1.0, 0.95, 0.1)], 1e-5);
    // Standing on its end: one point under the lower cap.
    let (_, m) = points(
        &capsule,
        &at_angle(2.0, 2.4, FRAC_PI_2),
        &floor,
        &at(0.0, 0.0),
    );
    assert_points(&m, &[(2.0, 0.95, 0.1)], 1e-5);
    // Off the floor's corner, closest vertex to vertex: one point on the line between
    // the corner (5, 1) and the core's end.
    let k = 0.4 / 2f32.sqrt();
    let (c, m) = points(&floor, &at(0.0, 0.0), &capsule, &at(6.0 + k, 1.0 + k));
    assert!((c.depth - 0.1).abs() < 1e-5);
    // A's surface is the corner, B's is 0.1 past it along -n: the midpoint is 0.05 in.
    let h = 0.05 / 2f32.sqrt();
    assert_points(&m, &[(5.0 - h, 1.0 - h, 0.1)], 1e-5);
}

#[test]
fn two_capsules_side_by_side() {
    let capsule = Shape::capsule(2.0, 0.5).unwrap();
    // Parallel, overlapping by 1 along x: two points at the ends of the shared run.
    let (_, m) = points(&capsule, &at(0.0, 0.0), &capsule, &at(3.0, 0.8));
    assert_points(&m, &[(1.0, 0.4, 0.2), (2.0, 0.4, 0.2)], 1e-5);
}

#[test]
fn segments_on_a_polygon() {
    let hexagon = polygon(&[
        (1.0, 0.0),
        (0.5, 0.866),
        (-0.5, 0.866),
        (-1.0, 0.0),
        (-0.5, -0.866),
        (0.5, -0.866),
    ]);
    // A horizontal segment 0.066 below the top face, longer than it: clipped to the
    // face's ends.
    let seg = Shape::segment(v(-2.0, 0.0), v(2.0, 0.0)).unwrap();
    let (c, m) = points(&hexagon, &at(0.0, 0.0), &seg, &at(0.0, 0.8));
    assert!((c.normal - v(0.0, 1.0)).length() < 1e-5);
    assert_points(&m, &[(-0.5, 0.833, 0.066), (0.5, 0.833, 0.066)], 1e-4);
    // A segment poking into a face end-on: one point.
    let upright = Shape::segment(v(0.0, -1.0), v(0.0, 1.0)).unwrap();
    let floor = Shape::aligned_box(5.0, 1.0).unwrap();
    let (_, m) = points(&floor, &at(0.0, 0.0), &upright, &at(2.0, 1.75));
    assert_points(&m, &[(2.0, 0.875, 0.25)], 1e-5);
}

#[test]
fn turning_the_scene_turns_the_points() {
    let pairs = [
        (
            Shape::aligned_box(5.0, 1.0).unwrap(),
            Shape::oriented_box(1.0, 1.0).unwrap(),
            v(0.5, 1.9),
        ),
        (
            Shape::oriented_box(5.0, 1.0).unwrap(),
            Shape::capsule(1.0, 0.5).unwrap(),
            v(0.0, 1.4),
        ),
        (
            polygon(&[(-3.0, -1.0), (3.0, -1.0), (3.0, 1.0), (-3.0, 1.0)]),
            Shape::oriented_box(1.0, 1.0).unwrap(),
            v(0.5, 1.9),
        ),
    ];
    for (a, b, offset) in pairs {
        let (_, flat) = points(&a, &at(0.0, 0.0), &b, &at(offset.x, offset.y));
        for k in 1..8 {
            let angle = 0.7 * k as f32;
            let rot = Rot::from_angle(angle);
            let (base, mut tf_b) = (v(30.0, -20.0), at_angle(0.0, 0.0, angle));
            tf_b.translation = base + rot.apply(offset);
            // An aligned box ignores turning: turn it only in the oriented cases.
            let tf_a = if let Shape::AlignedBox { .. } = a {
                continue;
            } else {
                at_angle(base.x, base.y, angle)
            };
            let (_, turned) = points(&a, &tf_a, &b, &tf_b);
            let want: Vec<_> = flat.points[..flat.count]
                .iter()
                .map(|p| {
                    let q = base + rot.apply(p.point);
                    (q.x, q.y, p.depth)
                })
                .collect();
            let mut want = want;
            want.sort_by(|p, q| p.partial_cmp(q).unwrap());
            assert_points(&turned, &want, 1e-4);
        }
    }
}

#[test]
fn the_flat_layout() {
    let m = Manifold::one(v(1.0, 2.0), 0.5);
    assert_eq!(m.to_array(), [1.0, 1.0, 2.0, 0.5, 0.0, 0.0, 0.0]);
    assert_eq!(Manifold::default().to_array(), [0.0; MANIFOLD_STRIDE]);
}
