//! Precision far from the origin, through the `World`.
//!
//! ## The precision model
//!
//! Positions are stored as `f32`: a position near `B` is a multiple of the spacing
//! `u = ulp(B)` (`2^-7 ≈ 0.0078` at 1e5, `2^-4 = 0.0625` at 1e6, `1` at 1e7 =
//! `MAX_COORDINATE`). The kernels first form the difference of the two positions (exact
//! when the two are close: both are multiples of `u` and the difference is small), then work
//! in the frame of one shape, so everything after the storage is as precise as it is at the
//! origin. Hence:
//!
//! - a gap or overlap that is a whole number of `u` is stored exactly and resolved exactly:
//!   3 ulps apart is apart, 3 ulps of overlap is a pair of depth 3 ulps, touching is a pair
//!   of depth 0;
//! - the same relative placement gives bit-identical contacts at 1e5, at 1e6 and at the
//!   origin (translation invariance, for offsets that are representable at both places);
//! - anything finer than `u` is lost when the position is stored (rounded to nearest), so
//!   for arbitrary placements the error of a depth is at most about one `u`.
//!
//! The boxes of the broad phase are computed from the same stored values with monotonic
//! rounding, so they never lose a pair that the kernel finds.

use sepax::math::Vec2;
use sepax::{Shape, ShapeOptions, World};

/// The spacing of f32 values at `x` (the unit in the last place).
fn ulp(x: f32) -> f32 {
    let x = x.abs();
    f32::from_bits(x.to_bits() + 1) - x
}

/// One stepped world holding `a` at `(xa, ya)` and `b` at `(xb, yb)`, both turned by
/// `angle`; returns the contact of the pair `(a, b)`, if any.
fn contact_in_world(
    a: &Shape,
    (xa, ya): (f32, f32),
    b: &Shape,
    (xb, yb): (f32, f32),
    angle: f32,
) -> Option<(Vec2, f32)> {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let ia = world.add(a.clone(), xa, ya, angle, o).unwrap();
    let ib = world.add(b.clone(), xb, yb, angle, o).unwrap();
    assert!(ia < ib);
    world.step().unwrap();
    world.validate().unwrap();
    match world.pairs() {
        [] => None,
        [pa, pb] => {
            assert_eq!((*pa, *pb), (ia, ib));
            let c = world.contacts();
            Some((Vec2::new(c[0], c[1]), c[2]))
        }
        more => panic!("two shapes, pairs {more:?}"),
    }
}

/// 1e5 and 1e6 from the origin; at 1e7 (`MAX_COORDINATE`) the spacing is a whole unit, coarser than
/// the shapes used here.
const BASES: [f32; 2] = [1.0e5, 1.0e6];

#[test]
fn circles_three_ulps_apart_are_apart_and_three_ulps_deep_collide() {
    let r = 1.0f32;
    let circle = Shape::circle(r).unwrap();
    for base in BASES {
        let u = ulp(base);
        for (dx, dy) in [(1.0f32, 0.0f32), (0.0, 1.0), (-1.0, 0.0)] {
            let at = |offset: f32| (base + dx * offset, base + dy * offset);
            let apart = contact_in_world(&circle, at(0.0), &circle, at(2.0 * r + 3.0 * u), 0.0);
            assert_eq!(apart, None, "base {base:e}: 3 ulps apart collided");
            let touching = contact_in_world(&circle, at(0.0), &circle, at(2.0 * r), 0.0)
                .unwrap_or_else(|| panic!("base {base:e}: touching circles missed"));
            assert_eq!(touching.1, 0.0, "base {base:e}: touching depth");
            let (normal, depth) =
                contact_in_world(&circle, at(0.0), &circle, at(2.0 * r - 3.0 * u), 0.0)
                    .unwrap_or_else(|| panic!("base {base:e}: 3 ulps deep missed"));
            assert_eq!(depth, 3.0 * u, "base {base:e}: depth");
            assert_eq!(normal, Vec2::new(dx, dy), "base {base:e}: normal");
        }
    }
}

#[test]
fn boxes_and_polygons_resolve_single_ulps_far_from_the_origin() {
    let square = Shape::polygon(&[
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
    ])
    .unwrap();
    let shapes = [
        Shape::aligned_box(1.0, 1.0).unwrap(),
        Shape::oriented_box(1.0, 1.0).unwrap(),
        square,
        Shape::capsule(0.5, 0.5).unwrap(),
    ];
    for base in BASES {
        let u = ulp(base);
        for shape in &shapes {
            // Every one of these is 2 units wide along x at angle 0.
            for (steps, want) in [
                (1.0f32, None),
                (0.0, Some(0.0)),
                (-1.0, Some(u)),
                (-3.0, Some(3.0 * u)),
            ] {
                let got = contact_in_world(
                    shape,
                    (base, base),
                    shape,
                    (base + 2.0 + steps * u, base),
                    0.0,
                );
                assert_eq!(
                    got.map(|(_, depth)| depth),
                    want,
                    "base {base:e}, {shape:?}, {steps} ulps"
                );
            }
        }
    }
}

/// Same relative placement, far away and at the origin: bit-identical contacts, for every
/// kind against every kind and a turned pose, as long as the offset is representable at both.
#[test]
fn contacts_far_away_equal_contacts_at_the_origin() {
    let kinds = [
        Shape::circle(1.5).unwrap(),
        Shape::aligned_box(2.0, 1.0).unwrap(),
        Shape::oriented_box(2.0, 0.5).unwrap(),
        Shape::polygon(&[
            Vec2::new(0.0, -1.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.5, 1.5),
            Vec2::new(-1.0, 0.5),
        ])
        .unwrap(),
        Shape::capsule(1.0, 0.5).unwrap(),
        Shape::segment(Vec2::new(-1.5, -0.5), Vec2::new(1.5, 0.5)).unwrap(),
        Shape::point(),
    ];
    let mut compared = 0;
    for base in BASES {
        let u = ulp(base);
        for a in &kinds {
            for b in &kinds {
                for (ox, oy) in [(1.0f32, 0.5f32), (0.25, -1.0), (2.0, 2.0), (0.0, 0.0)] {
                    // Offsets rounded to the far spacing, so that both placements are exact.
                    let (ox, oy) = ((ox / u).round() * u, (oy / u).round() * u);
                    for angle in [0.0f32, 0.7] {
                        let near = contact_in_world(a, (0.0, 0.0), b, (ox, oy), angle);
                        let far =
                            contact_in_world(a, (base, -base), b, (base + ox, -base + oy), angle);
                        let bits = |c: Option<(Vec2, f32)>| {
                            c.map(|(n, d)| [n.x.to_bits(), n.y.to_bits(), d.to_bits()])
                        };
                        assert_eq!(
                            bits(far),
                            bits(near),
                            "base {base:e}: {a:?} vs {b:?} at ({ox}, {oy}), angle {angle}"
                        );
                        compared += usize::from(near.is_some());
                    }
                }
            }
        }
    }
    assert!(
        compared > 300,
        "only {compared} colliding placements compared"
    );
}

/// Arbitrary placements (not multiples of the spacing): the stored positions are rounded,
/// and the depth is within about one spacing of the depth of the placement asked for.
#[test]
fn depth_errors_stay_within_an_ulp_of_the_coordinate() {
    let r = 1.0f32;
    let circle = Shape::circle(r).unwrap();
    for base in BASES {
        let u = ulp(base) as f64;
        let mut worst = 0.0f64;
        for k in 0..200 {
            // Overlaps of 0.1 to 0.6 units along a turning direction, asked for in f64.
            let t = k as f64 * 0.1;
            let overlap = 0.1 + 0.5 * (k as f64 / 200.0);
            let d = 2.0 * r as f64 - overlap;
            let (bx, by) = (base as f64 + d * t.cos(), base as f64 + d * t.sin());
            let (_, depth) =
                contact_in_world(&circle, (base, base), &circle, (bx as f32, by as f32), 0.0)
                    .unwrap_or_else(|| panic!("base {base:e}, k {k}: missed"));
            worst = worst.max((depth as f64 - overlap).abs() / u);
        }
        println!("base {base:e}: spacing {u}, worst depth error {worst:.3} spacings");
        assert!(worst <= 1.0, "base {base:e}: depth error {worst} spacings");
    }
}

#[test]
fn queries_and_rays_far_from_the_origin() {
    for base in BASES {
        let u = ulp(base);
        let mut world = World::new();
        let id = world
            .add(
                Shape::aligned_box(1.0, 1.0).unwrap(),
                base,
                base,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        let mut hits = Vec::new();
        world
            .query_point(Vec2::new(base + 1.0, base), u32::MAX, &mut hits)
            .unwrap();
        assert_eq!(hits, [id], "base {base:e}: the edge point is inside");
        hits.clear();
        world
            .query_point(Vec2::new(base + 1.0 + u, base), u32::MAX, &mut hits)
            .unwrap();
        assert!(hits.is_empty(), "base {base:e}: one ulp outside is outside");
        let hit = world
            .raycast(
                Vec2::new(base - 10.0, base),
                Vec2::new(1.0, 0.0),
                100.0,
                u32::MAX,
            )
            .unwrap()
            .expect("hits the box");
        assert_eq!(hit.id, id);
        assert_eq!(hit.hit.distance, 9.0, "base {base:e}");
        assert_eq!(hit.hit.normal, Vec2::new(-1.0, 0.0));
    }
}
