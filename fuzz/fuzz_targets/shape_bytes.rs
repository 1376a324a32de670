//! Arbitrary bytes → shapes of every kind with arbitrary parameters (polygons of arbitrary
//! points: any count, any order, garbage floats), then collisions with a few fixed shapes at
//! arbitrary poses.
//!
//! Construction must never panic and must accept only shapes that `validate()` accepts. For
//! every valid shape and pose: `collide` gives a finite unit normal and a finite,
//! non-negative depth, and agrees with `overlaps`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sepax::math::{Transform, Vec2};
use sepax::world::MAX_COORDINATE;
use sepax::{collide, overlaps, ConvexPolygon, Shape};
use sepax_fuzz::Bytes;

fn fixed_shapes() -> Vec<Shape> {
    vec![
        Shape::circle(1.0).unwrap(),
        Shape::aligned_box(1.0, 0.5).unwrap(),
        Shape::oriented_box(2.0, 0.25).unwrap(),
        Shape::polygon(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.5, 1.0),
            Vec2::new(0.0, 1.5),
        ])
        .unwrap(),
        Shape::capsule(1.0, 0.5).unwrap(),
        Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.5)).unwrap(),
        Shape::point(),
    ]
}

fn check(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform) {
    let contact = collide(a, ta, b, tb);
    assert_eq!(
        overlaps(a, ta, b, tb),
        contact.is_some(),
        "overlaps and collide disagree: {a:?} at {ta:?} vs {b:?} at {tb:?}"
    );
    if let Some(c) = contact {
        assert!(
            c.normal.is_finite() && (c.normal.length() - 1.0).abs() < 1e-3,
            "normal {:?} of {a:?} at {ta:?} vs {b:?} at {tb:?}",
            c.normal
        );
        assert!(
            c.depth.is_finite() && c.depth >= 0.0,
            "depth {} of {a:?} at {ta:?} vs {b:?} at {tb:?}",
            c.depth
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let shape = match b.u8() % 7 {
        0 => Shape::circle(b.coarse_float()),
        1 => Shape::aligned_box(b.coarse_float(), b.coarse_float()),
        2 => Shape::oriented_box(b.coarse_float(), b.coarse_float()),
        3 => {
            let n = b.u8() as usize % 72;
            let points: Vec<Vec2> = (0..n)
                .map(|_| Vec2::new(b.coarse_float(), b.coarse_float()))
                .collect();
            let result = ConvexPolygon::new(&points);
            if let Ok(polygon) = &result {
                // A validated polygon re-validates to itself, and its normals are unit.
                assert_eq!(ConvexPolygon::new(polygon.vertices()).as_ref(), Ok(polygon));
                for n in polygon.normals() {
                    assert!((n.length() - 1.0).abs() < 1e-3, "normal {n:?}");
                }
            }
            result.map(Shape::Polygon)
        }
        4 => Shape::capsule(b.coarse_float(), b.coarse_float()),
        5 => Shape::segment(
            Vec2::new(b.coarse_float(), b.coarse_float()),
            Vec2::new(b.coarse_float(), b.coarse_float()),
        ),
        _ => Ok(Shape::point()),
    };
    let Ok(shape) = shape else {
        return;
    };
    assert_eq!(shape.validate(), Ok(()));
    let in_range = |v: f32| v.is_finite() && v.abs() <= MAX_COORDINATE;
    let others = fixed_shapes();
    for _ in 0..4 {
        let (x, y, angle) = (b.coarse_float(), b.coarse_float(), b.coarse_float());
        let (ox, oy, oangle) = (b.coarse_float(), b.coarse_float(), b.coarse_float());
        if ![x, y, ox, oy].into_iter().all(in_range) || !angle.is_finite() || !oangle.is_finite() {
            continue;
        }
        let ta = Transform::from_xy_angle(x, y, angle);
        let tb = Transform::from_xy_angle(ox, oy, oangle);
        let other = &others[b.u8() as usize % others.len()];
        check(&shape, &ta, other, &tb);
        check(other, &tb, &shape, &ta);
        check(&shape, &ta, &shape, &tb);
    }
});
