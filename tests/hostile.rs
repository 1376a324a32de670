//! Hostile input to the core `World`: every rejected call returns the right `WorldError` and
//! changes nothing a caller can observe (a snapshot of all observable state is compared
//! before and after), and `validate()` passes after every call.
//!
//! The second half holds the regression tests of the fuzzers' findings (`fuzz/`), named
//! after the bug they pin.

use sepax::math::{Rot, Vec2};
use sepax::shape::ConvexPolygon;
use sepax::world::{MAX_COORDINATE, MAX_SHAPES};
use sepax::{collide, Shape, ShapeError, ShapeOptions, Transform, World, WorldError};

/// A live slot: shape, transform bits, layer and mask, static.
type Slot = (Shape, [u32; 3], (u32, u32), bool);

/// Everything a caller can observe, with floats as bits so that NaN compares equal to itself.
#[derive(Debug, PartialEq)]
struct Snapshot {
    len: usize,
    slot_count: usize,
    layout_version: u32,
    slots: Vec<Option<Slot>>,
    pairs: Vec<u32>,
    contacts: Vec<u32>,
    started: Vec<u32>,
    ended: Vec<u32>,
    point_query: Vec<u32>,
    box_query: Vec<u32>,
}

fn snapshot(world: &mut World) -> Snapshot {
    let slots = (0..world.slot_count() as u32)
        .map(|id| {
            world.contains(id).then(|| {
                let (x, y, a) = world.transform(id).unwrap();
                (
                    world.shape(id).unwrap().clone(),
                    [x.to_bits(), y.to_bits(), a.to_bits()],
                    world.layer_mask(id).unwrap(),
                    world.is_static(id).unwrap(),
                )
            })
        })
        .collect();
    let mut point_query = Vec::new();
    world
        .query_point(Vec2::new(0.5, 0.0), u32::MAX, &mut point_query)
        .unwrap();
    let mut box_query = Vec::new();
    world
        .query_aabb(
            Vec2::new(-100.0, -100.0),
            Vec2::new(100.0, 100.0),
            u32::MAX,
            &mut box_query,
        )
        .unwrap();
    Snapshot {
        len: world.len(),
        slot_count: world.slot_count(),
        layout_version: world.layout_version(),
        slots,
        pairs: world.pairs().to_vec(),
        contacts: world.contacts().iter().map(|c| c.to_bits()).collect(),
        started: world.started().to_vec(),
        ended: world.ended().to_vec(),
        point_query,
        box_query,
    }
}

/// A stepped scene with pairs, a static shape, a custom filter and a removed id.
fn scene() -> (World, Vec<u32>, u32) {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let ids = vec![
        world
            .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, o)
            .unwrap(),
        world
            .add(Shape::circle(1.0).unwrap(), 1.5, 0.0, 0.0, o)
            .unwrap(),
        world
            .add(
                Shape::aligned_box(20.0, 1.0).unwrap(),
                0.0,
                -1.5,
                0.0,
                ShapeOptions {
                    is_static: true,
                    ..o
                },
            )
            .unwrap(),
        world
            .add(
                Shape::oriented_box(1.0, 0.5).unwrap(),
                5.0,
                -0.25,
                0.3,
                ShapeOptions {
                    layer: 2,
                    mask: 3,
                    is_static: false,
                },
            )
            .unwrap(),
    ];
    let removed = world
        .add(Shape::point(), 50.0, 50.0, 0.0, ShapeOptions::default())
        .unwrap();
    world.step().unwrap();
    world.remove(removed).unwrap();
    world.step().unwrap();
    world.validate().unwrap();
    assert!(world.pairs().len() >= 6, "the scene has pairs to lose");
    (world, ids, removed)
}

/// Runs a call that must fail with `want`, then checks that nothing changed.
fn rejects<T: core::fmt::Debug>(
    world: &mut World,
    want: WorldError,
    call: impl FnOnce(&mut World) -> Result<T, WorldError>,
) {
    let before = snapshot(world);
    let got = call(world);
    assert_eq!(got.unwrap_err(), want);
    world.validate().unwrap();
    assert_eq!(snapshot(world), before, "a rejected call changed the world");
}

fn non_finite(arg: &str) -> WorldError {
    WorldError::NonFinite { arg: arg.into() }
}

const BAD_FLOATS: [f32; 3] = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];

#[test]
fn add_rejects_bad_positions_angles_and_shapes() {
    let (mut world, _, _) = scene();
    let o = ShapeOptions::default();
    let circle = Shape::circle(1.0).unwrap();
    for bad in BAD_FLOATS {
        rejects(&mut world, non_finite("x"), |w| {
            w.add(circle.clone(), bad, 0.0, 0.0, o)
        });
        rejects(&mut world, non_finite("y"), |w| {
            w.add(circle.clone(), 0.0, bad, 0.0, o)
        });
        rejects(&mut world, non_finite("angle"), |w| {
            w.add(circle.clone(), 0.0, 0.0, bad, o)
        });
    }
    for value in [MAX_COORDINATE * 1.01, -2e7, f32::MAX] {
        rejects(
            &mut world,
            WorldError::OutOfRange {
                arg: "x".into(),
                value,
            },
            |w| w.add(circle.clone(), value, 0.0, 0.0, o),
        );
    }
    // Shapes built straight from the enum skip the constructors; add() re-validates them.
    let bad_shapes = [
        (
            Shape::Circle { radius: -1.0 },
            ShapeError::NonPositiveParameter {
                name: "radius",
                value: -1.0,
            },
        ),
        (
            Shape::Circle {
                radius: f32::INFINITY,
            },
            ShapeError::NonFiniteParameter { name: "radius" },
        ),
        (
            Shape::Capsule {
                half_length: 1.0,
                radius: 0.0,
                upright: false,
            },
            ShapeError::NonPositiveParameter {
                name: "radius",
                value: 0.0,
            },
        ),
        (
            Shape::Segment {
                a: Vec2::new(1.0, 1.0),
                b: Vec2::new(1.0, 1.0),
            },
            ShapeError::ZeroLengthSegment,
        ),
    ];
    for (shape, error) in bad_shapes {
        rejects(&mut world, WorldError::Shape(error), |w| {
            w.add(shape, 0.0, 0.0, 0.0, o)
        });
    }
}

#[test]
fn polygons_are_rejected_with_the_vertex_that_is_wrong() {
    let v = Vec2::new;
    let pentagram: Vec<Vec2> = (0..5)
        .map(|k| {
            let a = (2 * k) as f32 * core::f32::consts::TAU / 5.0;
            v(a.cos(), a.sin())
        })
        .collect();
    let many: Vec<Vec2> = (0..65)
        .map(|k| {
            let a = k as f32 * core::f32::consts::TAU / 65.0;
            v(a.cos(), a.sin())
        })
        .collect();
    let cases: Vec<(Vec<Vec2>, ShapeError)> = vec![
        (
            vec![v(0.0, 0.0), v(1.0, 0.0)],
            ShapeError::TooFewPoints { count: 2 },
        ),
        (
            vec![v(0.0, 0.0), v(1.0, 1.0), v(3.0, 3.0)],
            ShapeError::ZeroArea,
        ),
        (vec![v(2.0, 2.0); 5], ShapeError::ZeroArea),
        (
            vec![
                v(0.0, 0.0),
                v(2.0, 0.0),
                v(1.0, 0.5),
                v(2.0, 2.0),
                v(0.0, 2.0),
            ],
            ShapeError::NonConvex { index: 2 },
        ),
        (pentagram, ShapeError::SelfIntersecting),
        (many, ShapeError::TooManyPoints { count: 65 }),
        (
            vec![v(0.0, 0.0), v(1.0, 0.0), v(f32::NAN, 1.0)],
            ShapeError::NonFinitePoint { index: 2 },
        ),
        (
            vec![v(0.0, 0.0), v(1.0, 0.0), v(0.0, 2e7)],
            ShapeError::PointTooFar { index: 2 },
        ),
    ];
    for (points, error) in cases {
        assert_eq!(Shape::polygon(&points), Err(error.clone()), "{points:?}");
        assert!(error.to_string().starts_with("points"), "{error}");
    }
}

#[test]
fn unknown_and_removed_ids_are_rejected_everywhere() {
    let (mut world, ids, removed) = scene();
    for id in [removed, 999, u32::MAX, MAX_SHAPES as u32] {
        let unknown = WorldError::UnknownId { arg: "id", id };
        rejects(&mut world, unknown.clone(), |w| w.remove(id));
        rejects(&mut world, unknown.clone(), |w| {
            w.set_transform(id, 1.0, 1.0, 0.0)
        });
        rejects(&mut world, unknown.clone(), |w| w.set_layer_mask(id, 1, 1));
        rejects(&mut world, unknown.clone(), |w| w.transform(id));
        rejects(&mut world, unknown.clone(), |w| w.shape(id).cloned());
        rejects(&mut world, unknown.clone(), |w| w.is_static(id));
        rejects(&mut world, unknown, |w| w.layer_mask(id));
        assert!(!world.contains(id));
        // In a batch, after a valid entry: the valid one must not be applied either.
        rejects(&mut world, WorldError::UnknownId { arg: "ids", id }, |w| {
            w.set_transforms(&[ids[0], id], &[9.0, 9.0, 0.0, 1.0, 1.0, 0.0])
        });
    }
}

/// Issue 21: ids are reused, so a game keeping an id must be able to tell that it now
/// names another shape, or none. Removal bumps the id's generation; reuse keeps it.
#[test]
fn a_stale_id_is_told_apart_by_its_generation() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let statics = ShapeOptions {
        is_static: true,
        ..o
    };
    let a = world.add(Shape::point(), 0.0, 0.0, 0.0, o).unwrap();
    let b = world
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, statics)
        .unwrap();
    let saved = world.generation(a);
    assert_eq!((saved, world.generation(b)), (0, 0));
    // Moves, steps and filter changes leave it alone.
    world.set_transform(a, 5.0, 5.0, 1.0).unwrap();
    world.set_layer_mask(a, 2, 2).unwrap();
    world.step().unwrap();
    assert_eq!(world.generation(a), saved);
    // Removal changes it at once; the free id already has its next shape's generation.
    world.remove(a).unwrap();
    let free = world.generation(a);
    assert_ne!(free, saved);
    let again = world.add(Shape::point(), 0.0, 0.0, 0.0, o).unwrap();
    assert_eq!(again, a, "the id is reused");
    assert_eq!(world.generation(a), free);
    // A static shape's id too; ids never issued answer 0; nothing panics.
    world.remove(b).unwrap();
    world.add(Shape::point(), 0.0, 0.0, 0.0, statics).unwrap();
    assert_eq!(world.generation(b), 1);
    for id in [999, u32::MAX, MAX_SHAPES as u32] {
        assert_eq!(world.generation(id), 0);
    }
    world.validate().unwrap();
}

#[test]
fn set_transform_and_batches_reject_bad_values_whole() {
    let (mut world, ids, _) = scene();
    for bad in BAD_FLOATS {
        rejects(&mut world, non_finite("x"), |w| {
            w.set_transform(ids[0], bad, 0.0, 0.0)
        });
        rejects(&mut world, non_finite("angle"), |w| {
            w.set_transform(ids[0], 0.0, 0.0, bad)
        });
        for index in 0..6 {
            let mut xya = [3.0, 3.0, 0.5, 4.0, 4.0, 0.5];
            xya[index] = bad;
            rejects(&mut world, non_finite(&format!("xya[{index}]")), |w| {
                w.set_transforms(&[ids[0], ids[1]], &xya)
            });
        }
    }
    rejects(
        &mut world,
        WorldError::OutOfRange {
            arg: "xya[4]".into(),
            value: -1e8,
        },
        |w| w.set_transforms(&[ids[0], ids[1]], &[1.0, 1.0, 0.0, 1.0, -1e8, 0.0]),
    );
    for (n_ids, n_xya) in [(1, 0), (1, 2), (1, 4), (2, 3), (0, 3)] {
        let batch_ids = &ids[..n_ids];
        let xya = vec![1.0; n_xya];
        rejects(
            &mut world,
            WorldError::LengthMismatch {
                arg: "xya",
                expected: 3 * n_ids,
                actual: n_xya,
            },
            |w| w.set_transforms(batch_ids, &xya),
        );
    }
}

#[test]
fn a_step_rejects_bad_columns_and_publishes_nothing() {
    let (mut world, ids, _) = scene();
    let slot = ids[1] as usize;
    let id = ids[1];
    for (column, bad, want) in [
        (0, f32::NAN, non_finite(&format!("x of shape {id}"))),
        (
            1,
            f32::NEG_INFINITY,
            non_finite(&format!("y of shape {id}")),
        ),
        (
            2,
            f32::INFINITY,
            non_finite(&format!("angle of shape {id}")),
        ),
        (
            0,
            2e7,
            WorldError::OutOfRange {
                arg: format!("x of shape {id}"),
                value: 2e7,
            },
        ),
    ] {
        let before = snapshot(&mut world);
        fn column_of(w: &mut World, column: usize) -> &mut [f32] {
            match column {
                0 => w.xs_mut(),
                1 => w.ys_mut(),
                _ => w.angles_mut(),
            }
        }
        let good = column_of(&mut world, column)[slot];
        column_of(&mut world, column)[slot] = bad;
        assert_eq!(world.step().unwrap_err(), want);
        world.validate().unwrap();
        // Published results and queries are still those of the last good step.
        let after = snapshot(&mut world);
        assert_eq!(after.pairs, before.pairs);
        assert_eq!(after.contacts, before.contacts);
        assert_eq!(after.started, before.started);
        assert_eq!(after.ended, before.ended);
        assert_eq!(after.point_query, before.point_query);
        assert_eq!(after.box_query, before.box_query);
        column_of(&mut world, column)[slot] = good;
        world.step().unwrap();
        assert_eq!(
            snapshot(&mut world),
            before,
            "the repaired world steps as before"
        );
    }
}

#[test]
fn a_failed_step_leaves_queries_seeing_the_world_as_it_is() {
    // The first moving shape is moved far away, the second gets a NaN through the column:
    // the step fails at the second, after it has looked at the first. Queries see the first
    // where the setter put it, and the second where the last step saw it (a written
    // transform that a step rejects is never refreshed).
    let mut world = World::new();
    let o = ShapeOptions::default();
    let a = world
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, o)
        .unwrap();
    let b = world
        .add(Shape::circle(1.0).unwrap(), 10.0, 0.0, 0.0, o)
        .unwrap();
    world.step().unwrap();
    world.set_transform(a, 100.0, 0.0, 0.0).unwrap();
    world.xs_mut()[b as usize] = f32::NAN;
    assert!(world.step().is_err());
    assert!(world.refresh().is_err());
    let mut hits = Vec::new();
    for (x, want) in [(0.0, None), (100.0, Some(a)), (10.0, Some(b))] {
        hits.clear();
        world
            .query_point(Vec2::new(x, 0.0), u32::MAX, &mut hits)
            .unwrap();
        assert_eq!(hits.first().copied(), want, "query_point at x = {x}");
        world.validate().unwrap();
    }
    world.xs_mut()[b as usize] = 20.0;
    world.step().unwrap();
    world.validate().unwrap();
    assert!(world.pairs().is_empty());
}

#[test]
fn queries_reject_non_finite_and_out_of_range_arguments() {
    let (mut world, _, _) = scene();
    let mut out = Vec::new();
    for bad in BAD_FLOATS {
        let p = Vec2::new(bad, 0.0);
        rejects(&mut world, non_finite("x"), |w| {
            w.query_point(p, u32::MAX, &mut out)
        });
        rejects(&mut world, non_finite("maxY"), |w| {
            w.query_aabb(Vec2::ZERO, Vec2::new(1.0, bad), u32::MAX, &mut out)
        });
        let circle = Shape::circle(1.0).unwrap();
        rejects(&mut world, non_finite("angle"), |w| {
            w.query_shape(&circle, 0.0, 0.0, bad, u32::MAX, &mut out)
        });
        rejects(&mut world, non_finite("y"), |w| {
            w.raycast(Vec2::new(0.0, bad), Vec2::new(1.0, 0.0), 1.0, u32::MAX)
        });
        rejects(&mut world, non_finite("direction"), |w| {
            w.raycast(Vec2::ZERO, Vec2::new(bad, 0.0), 1.0, u32::MAX)
        });
    }
    assert!(out.is_empty(), "a rejected query appends nothing");
    let zero = WorldError::ZeroLength {
        arg: "dx, dy".into(),
    };
    rejects(&mut world, zero, |w| {
        w.raycast(Vec2::ZERO, Vec2::ZERO, 1.0, u32::MAX)
    });
    for bad in [f32::NAN, -1.0] {
        let reach = WorldError::InvalidValue {
            arg: "maxDistance",
            expected: ">= 0",
            value: bad,
        };
        let got = world.raycast(Vec2::ZERO, Vec2::new(1.0, 0.0), bad, u32::MAX);
        // NaN is never equal to itself: compare the messages.
        assert_eq!(got.unwrap_err().to_string(), reach.to_string());
    }
    rejects(
        &mut world,
        WorldError::Shape(ShapeError::NonPositiveParameter {
            name: "radius",
            value: 0.0,
        }),
        |w| {
            w.query_shape(
                &Shape::Circle { radius: 0.0 },
                0.0,
                0.0,
                0.0,
                u32::MAX,
                &mut out,
            )
        },
    );
}

#[test]
fn errors_name_their_argument() {
    let messages = [
        non_finite("xya[5]").to_string(),
        WorldError::UnknownId { arg: "id", id: 7 }.to_string(),
        WorldError::LengthMismatch {
            arg: "xya",
            expected: 6,
            actual: 5,
        }
        .to_string(),
        WorldError::OutOfRange {
            arg: "x".into(),
            value: 2e7,
        }
        .to_string(),
    ];
    for (message, arg) in messages.iter().zip(["xya[5]", "id", "xya", "x"]) {
        assert!(message.starts_with(arg), "{message}");
    }
}

// ----- regressions found by the fuzzers -------------------------------------------------

/// fuzz/world_ops: `Rot::from_angle(10000010.0)` snapped both cosine and sine to 0 (the
/// snapping tolerance grows with the angle), so an oriented box turned by a large angle
/// collapsed to a point and collided with a zero normal.
#[test]
fn rotation_of_a_huge_angle_is_a_unit_rotation() {
    for angle in [1e4f32, 1e5, 1e6, 5.9e6, 6e6, 1e7, 10000010.0, 3e38, -1e7] {
        let r = Rot::from_angle(angle);
        let length = (r.cos * r.cos + r.sin * r.sin).sqrt();
        assert!((length - 1.0).abs() < 1e-6, "angle {angle}: {r:?}");
    }
    let mut world = World::new();
    let o = ShapeOptions::default();
    world
        .add(Shape::circle(5.0625).unwrap(), 0.5, 0.0, 0.0, o)
        .unwrap();
    world
        .add(
            Shape::oriented_box(6.5625, 210000.0).unwrap(),
            0.0,
            0.0,
            10000010.0,
            o,
        )
        .unwrap();
    assert_eq!(world.step().unwrap(), 1);
    let c = world.contacts();
    assert!((Vec2::new(c[0], c[1]).length() - 1.0).abs() < 1e-5, "{c:?}");
}

/// fuzz/world_ops (oracle): a ray whose direction is finite but whose squared length
/// overflows f32, like (3e38, 3e38), was rejected as "zero length"; one like (1e-30, 0)
/// whose squared length underflows was too.
#[test]
fn raycast_directions_with_huge_or_tiny_components_are_accepted() {
    let mut world = World::new();
    let id = world
        .add(
            Shape::circle(1.0).unwrap(),
            10.0,
            0.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    for direction in [
        Vec2::new(3e38, 0.0),
        Vec2::new(1e-30, 0.0),
        Vec2::new(1e-45, 0.0),
    ] {
        let hit = world
            .raycast(Vec2::ZERO, direction, 100.0, u32::MAX)
            .unwrap()
            .unwrap_or_else(|| panic!("{direction:?} missed"));
        assert_eq!(hit.id, id);
        assert_eq!(hit.hit.distance, 9.0);
    }
    let hit = world
        .raycast(
            Vec2::new(10.0, -10.0),
            Vec2::new(3e38, 3e38),
            100.0,
            u32::MAX,
        )
        .unwrap();
    assert!(hit.is_none(), "(3e38, 3e38) is a valid diagonal ray");
}

/// fuzz/world_ops: a circle against a capsule or segment whose core is tiny compared with
/// the circle (half length 1e-6 and below against a radius of 1000) got an infinite depth:
/// mapped into the circle's frame the core's ends coincided, no SAT axis was left, and the
/// rounded-core routine read the untouched `-inf` separation as overlapping cores.
#[test]
fn circle_against_a_near_zero_core_has_finite_depth() {
    let circle = Shape::circle(1000.0).unwrap();
    let at_origin = Transform::from_xy_angle(0.0, 0.0, 5.835205);
    let here = Transform::from_xy_angle(-47.185547, 0.0, 0.0);
    for core in [
        Shape::capsule(1e-6, 1.0).unwrap(),
        Shape::capsule(1e-10, 1.0).unwrap(),
        Shape::segment(Vec2::new(-1e-18, 0.0), Vec2::new(1e-38, 0.0)).unwrap(),
    ] {
        // The core is (within 1e-6) a point 47.185547 from the circle's centre.
        let want = 1000.0 + core.bounding_radius() - 47.185547;
        let c = collide(&core, &here, &circle, &at_origin).expect("the circle contains it");
        assert!((c.depth - want).abs() < 1e-3, "{core:?}: {c:?}");
        assert!(
            (c.normal - Vec2::new(1.0, 0.0)).length() < 1e-3,
            "{core:?}: {c:?}"
        );
        let c = collide(&circle, &at_origin, &core, &here).unwrap();
        assert!((c.depth - want).abs() < 1e-3, "{core:?}: {c:?}");
        assert!(
            (c.normal - Vec2::new(-1.0, 0.0)).length() < 1e-3,
            "{core:?}: {c:?}"
        );
    }
}

/// fuzz/world_ops: a ray that hits a circle of radius below about 1e-19 (or a segment of
/// that length) got a zero normal: the normal was normalised from a vector whose square
/// underflows (or, for the circle, that rounds to zero outright).
#[test]
fn raycast_normal_of_a_tiny_shape_is_unit() {
    let origin = Vec2::new(4.517578, -0.091796875);
    let up = Vec2::new(0.0, 1.0);
    let at = Transform::from_xy_angle(4.517578, 4.517578, 0.0);
    for size in [4.2351645e-22f32, 1e-30, f32::MIN_POSITIVE, 1e-45] {
        for shape in [
            Shape::circle(size).unwrap(),
            Shape::capsule(size, size).unwrap(),
            Shape::segment(Vec2::new(-size, 0.0), Vec2::new(size, 0.0)).unwrap(),
        ] {
            let hit = sepax::raycast::raycast(&shape, &at, origin, up, 100.0).expect("hits");
            let n = hit.normal;
            assert!(
                (n.length() - 1.0).abs() < 1e-3 && n.dot(up) <= 0.0,
                "{shape:?}: {hit:?}"
            );
            // Head on at a circle's centre: the normal faces the ray. (The capsule's
            // caps are tangent to the ray, and tie with its side after rounding.)
            if let Shape::Circle { .. } = shape {
                assert!(
                    (n - Vec2::new(0.0, -1.0)).length() < 1e-3,
                    "{shape:?}: {hit:?}"
                );
            }
        }
    }
}

/// fuzz/shape_bytes: a validated polygon re-validates to itself (add() re-runs the checks
/// on shapes it is given, so a polygon that failed its own re-validation could not be added).
#[test]
fn validated_polygons_revalidate() {
    let p = ConvexPolygon::new(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(0.5, 1.0),
        Vec2::new(0.0, 1.0),
    ])
    .unwrap();
    assert_eq!(ConvexPolygon::new(p.vertices()).as_ref(), Ok(&p));
    assert_eq!(Shape::Polygon(p).validate(), Ok(()));
}
