//! Scenes as plain descriptions (`World::add_shapes`, `World::shape_desc`): every kind
//! round-trips bit for bit, a bad record is named by its index and field, nothing of a bad
//! list is added, and a world built from descriptions steps exactly like one built by `add`.

mod common;

use common::rng::Rng;
use common::{random_shape, Style};
use sepax::shape::{Chain, ConcavePolygon};
use sepax::world::{SceneError, SceneShape, ShapeDesc};
use sepax::{Shape, ShapeKind, ShapeOptions, Vec2, World, WorldError};

fn desc(shape: Shape, x: f32, y: f32) -> ShapeDesc {
    ShapeDesc {
        shape: shape.into(),
        x,
        y,
        angle: 0.0,
        options: ShapeOptions::default(),
        one_way: None,
        tag: 0,
        sensor: false,
        continuous: false,
    }
}

/// One valid description of each kind, turned, with filters and one static shape.
fn one_of_each() -> Vec<ShapeDesc> {
    let geometries = [
        Shape::Circle { radius: 1.5 },
        Shape::OrientedBox {
            half_extents: Vec2::new(2.0, 0.5),
        },
        Shape::AlignedBox {
            half_extents: Vec2::new(3.0, 1.0),
        },
        Shape::Capsule {
            half_length: 2.0,
            radius: 0.25,
            upright: false,
        },
        Shape::Segment {
            a: Vec2::new(-1.0, 0.5),
            b: Vec2::new(2.0, -0.75),
        },
        Shape::Point,
        // Clockwise, with a duplicate: the constructor repairs it.
        Shape::polygon(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 2.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(2.5, 0.5),
        ])
        .unwrap(),
    ];
    geometries
        .into_iter()
        .enumerate()
        .map(|(i, shape)| ShapeDesc {
            shape: shape.into(),
            x: i as f32 * 1.25 - 3.0,
            y: 0.1 * i as f32,
            angle: 0.3 + i as f32,
            options: ShapeOptions {
                layer: 1 << i,
                mask: !(1 << (i + 8)),
                is_static: i == 2,
            },
            one_way: None,
            // Every shape tagged but the first: tags come back with the shapes.
            tag: if i == 0 { 0 } else { 0xF000_0000 | i as u32 },
            sensor: false,
            continuous: false,
        })
        .collect()
}

/// Everything a world says about a shape: geometry, transform, layer and mask, static,
/// generation.
type State = (Shape, (f32, f32, f32), (u32, u32), bool, u32);

/// Everything a world says about `id`.
fn state(world: &World, id: u32) -> State {
    (
        world.shape(id).unwrap().clone(),
        world.transform(id).unwrap(),
        world.layer_mask(id).unwrap(),
        world.is_static(id).unwrap(),
        world.generation(id),
    )
}

#[test]
fn every_kind_round_trips_bit_for_bit() {
    let mut world = World::new();
    let mut ids = Vec::new();
    world.add_shapes(one_of_each(), &mut ids).unwrap();
    assert_eq!(ids, (0..7).collect::<Vec<u32>>());
    // Moved and turned after adding: the description follows the current transform.
    world.set_transform(4, 10.5, -2.25, 7.0).unwrap();
    let kinds: Vec<ShapeKind> = ids
        .iter()
        .map(|&id| world.shape(id).unwrap().kind())
        .collect();
    let mut sorted = kinds.clone();
    sorted.sort();
    assert_eq!(sorted, ShapeKind::ALL, "one of each kind");

    let mut copy = World::new();
    let mut copy_ids = Vec::new();
    let descs: Vec<ShapeDesc> = ids
        .iter()
        .map(|&id| world.shape_desc(id).unwrap())
        .collect();
    copy.add_shapes(descs.clone(), &mut copy_ids).unwrap();
    assert_eq!(copy_ids, ids);
    for &id in &ids {
        assert_eq!(state(&copy, id), state(&world, id), "id {id}");
        assert_eq!(copy.shape_desc(id).unwrap(), descs[id as usize]);
    }
    // The repaired polygon is described by the vertices it kept.
    let SceneShape::Convex(Shape::Polygon(polygon)) = &descs[6].shape else {
        panic!("a polygon")
    };
    assert_eq!(polygon.vertices().len(), 4);
}

#[test]
fn a_world_built_from_descriptions_steps_like_one_built_by_add() {
    let mut rng = Rng::new(21);
    let mut by_add = World::new();
    for i in 0..400 {
        let kind = ShapeKind::ALL[i % ShapeKind::ALL.len()];
        let style = [
            Style::Generic,
            Style::Sliver,
            Style::ManyVertex,
            Style::Grid,
        ][i % 4];
        let shape = random_shape(&mut rng, kind, style, 4.0);
        let p = rng.vec(60.0);
        let options = ShapeOptions {
            layer: 1 << rng.int(0, 3),
            mask: if rng.chance(0.2) { 0b101 } else { u32::MAX },
            is_static: rng.chance(0.25),
        };
        by_add.add(shape, p.x, p.y, rng.angle(), options).unwrap();
    }
    // Holes in the id space: the descriptions skip them, so compare through a fresh add.
    for id in (0..400).step_by(7) {
        by_add.remove(id).unwrap();
    }
    let live: Vec<u32> = (0..400).filter(|&id| by_add.contains(id)).collect();
    let descs: Vec<ShapeDesc> = live
        .iter()
        .map(|&id| by_add.shape_desc(id).unwrap())
        .collect();

    let mut compact = World::new();
    let mut ids = Vec::new();
    compact.add_shapes(descs, &mut ids).unwrap();
    let mut reference = World::new();
    for &id in &live {
        let (x, y, angle) = by_add.transform(id).unwrap();
        let (layer, mask) = by_add.layer_mask(id).unwrap();
        let options = ShapeOptions {
            layer,
            mask,
            is_static: by_add.is_static(id).unwrap(),
        };
        let shape = by_add.shape(id).unwrap().clone();
        let expected = ids[reference.len()];
        assert_eq!(
            reference.add(shape, x, y, angle, options).unwrap(),
            expected
        );
    }
    for _ in 0..3 {
        let n = compact.step().unwrap();
        assert_eq!(reference.step().unwrap(), n);
        assert!(n > 20, "a scene with pairs ({n})");
        assert_eq!(compact.pairs(), reference.pairs());
        let same_bits =
            |a: &[f32], b: &[f32]| a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits());
        assert!(same_bits(compact.contacts(), reference.contacts()));
        assert_eq!(compact.started(), reference.started());
        compact.validate().unwrap();
        for (&id, moved) in ids.iter().zip(&live).take(50) {
            let (x, y, a) = by_add.transform(*moved).unwrap();
            if !compact.is_static(id).unwrap() {
                compact.set_transform(id, x + 0.5, y, a + 0.1).unwrap();
                reference.set_transform(id, x + 0.5, y, a + 0.1).unwrap();
            }
        }
    }
}

/// The message of the error `add_shapes` gives for `list`, after checking that it changed
/// nothing.
fn rejection(list: Vec<ShapeDesc>) -> (SceneError, String) {
    let mut world = World::new();
    let kept = world
        .add(Shape::point(), 0.0, 0.0, 0.0, ShapeOptions::default())
        .unwrap();
    world.remove(kept).unwrap();
    world
        .add(
            Shape::circle(1.0).unwrap(),
            0.0,
            0.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    let before = (
        world.len(),
        world.slot_count(),
        world.generation(0),
        world.generation(1),
    );
    let mut ids = vec![99];
    let err = world.add_shapes(list, &mut ids).unwrap_err();
    assert_eq!(ids, [99], "ids untouched");
    let after = (
        world.len(),
        world.slot_count(),
        world.generation(0),
        world.generation(1),
    );
    assert_eq!(after, before, "nothing added");
    world.validate().unwrap();
    assert_eq!(world.step().unwrap(), 0);
    // The free list is as it was: the next add gets the id it would have got.
    let next = world
        .add(Shape::point(), 5.0, 5.0, 0.0, ShapeOptions::default())
        .unwrap();
    assert_eq!(next, 1);
    let message = err.to_string();
    (err, message)
}

#[test]
fn a_bad_record_is_named_by_index_and_field_and_nothing_is_added() {
    let ok = || desc(Shape::Point, 1.0, 1.0);
    let cases: Vec<(ShapeDesc, &str)> = vec![
        (
            desc(Shape::Circle { radius: -1.0 }, 0.0, 0.0),
            "list[2].radius must be greater than 0 (got -1)",
        ),
        (
            desc(
                Shape::OrientedBox {
                    half_extents: Vec2::new(1.0, f32::NAN),
                },
                0.0,
                0.0,
            ),
            "list[2].halfHeight must be a finite number",
        ),
        (
            desc(
                Shape::Capsule {
                    half_length: 2e7,
                    radius: 1.0,
                    upright: false,
                },
                0.0,
                0.0,
            ),
            "list[2].halfLength must be at most 1e7 (got 2e7)",
        ),
        (
            desc(Shape::Point, f32::INFINITY, 0.0),
            "list[2].x must be a finite number",
        ),
        (
            desc(Shape::Point, 0.0, -3e7),
            "list[2].y must be between -1e7 and 1e7 (got -3e7)",
        ),
        (
            ShapeDesc {
                angle: f32::NEG_INFINITY,
                ..ok()
            },
            "list[2].angle must be a finite number",
        ),
        (
            desc(
                Shape::Segment {
                    a: Vec2::new(1.0, 1.0),
                    b: Vec2::new(1.0, 1.0),
                },
                0.0,
                0.0,
            ),
            "list[2].x2, list[2].y2 must differ from list[2].x1, list[2].y1 \
             (a segment needs two distinct ends)",
        ),
        (
            desc(
                Shape::Segment {
                    a: Vec2::new(0.0, 0.0),
                    b: Vec2::new(0.0, f32::NAN),
                },
                0.0,
                0.0,
            ),
            "list[2].y2 must be a finite number",
        ),
    ];
    for (bad, expected) in cases {
        // Good records before and after the bad one: the whole list is refused.
        let (err, message) = rejection(vec![ok(), ok(), bad, ok()]);
        assert_eq!(err.index, 2);
        assert_eq!(message, expected);
    }
    // The first bad record is the one named.
    let two_bad = vec![
        ok(),
        desc(Shape::Circle { radius: 0.0 }, 0.0, 0.0),
        ShapeDesc {
            x: f32::NAN,
            ..ok()
        },
    ];
    let (err, _) = rejection(two_bad);
    assert_eq!(err.index, 1);
    // A bad record at the very end of a long list.
    let mut long: Vec<ShapeDesc> = (0..5000)
        .map(|i| desc(Shape::Point, i as f32, 0.0))
        .collect();
    long.push(desc(Shape::Circle { radius: 0.0 }, 0.0, 0.0));
    let (err, message) = rejection(long);
    assert_eq!(err.index, 5000);
    assert_eq!(message, "list[5000].radius must be greater than 0 (got 0)");
}

#[test]
fn errors_match_those_of_add() {
    let bad = [
        desc(Shape::Circle { radius: 0.0 }, 0.0, 0.0),
        desc(Shape::Point, f32::NAN, 0.0),
        desc(
            Shape::Segment {
                a: Vec2::new(f32::NAN, 0.0),
                b: Vec2::ZERO,
            },
            0.0,
            0.0,
        ),
    ];
    for record in bad {
        let mut world = World::new();
        let direct = record.check().unwrap_err();
        let err = world.add_shapes(vec![record], &mut Vec::new()).unwrap_err();
        assert_eq!(err.error, direct);
        assert_eq!(err.to_string(), format!("list[0].{direct}"));
    }
    let shape_error = Shape::circle(-2.0).unwrap_err();
    let err = World::new()
        .add_shapes(
            vec![desc(Shape::Circle { radius: -2.0 }, 0.0, 0.0)],
            &mut Vec::new(),
        )
        .unwrap_err();
    assert_eq!(err.error, WorldError::Shape(shape_error));
}

#[test]
fn an_empty_list_adds_nothing_and_a_removed_id_has_no_description() {
    let mut world = World::new();
    let mut ids = Vec::new();
    world.add_shapes(Vec::new(), &mut ids).unwrap();
    assert!(ids.is_empty() && world.is_empty());
    world.add_shapes(one_of_each(), &mut ids).unwrap();
    world.remove(3).unwrap();
    assert_eq!(
        world.shape_desc(3).unwrap_err(),
        WorldError::UnknownId { arg: "id", id: 3 }
    );
    assert!(world.shape_desc(70).is_err());
    // The freed id is reused first, as by `add`.
    let mut more = Vec::new();
    world
        .add_shapes(one_of_each()[..2].to_vec(), &mut more)
        .unwrap();
    assert_eq!(more, [3, 7]);
    world.validate().unwrap();
}

#[test]
fn concave_polygons_round_trip_as_their_outline() {
    let l = [
        (0.0, 0.0),
        (4.0, 0.0),
        (4.0, 1.0),
        (1.0, 1.0),
        (1.0, 4.0),
        (0.0, 4.0),
    ];
    // Clockwise, with a collinear point: the description holds the checked outline.
    let mut points: Vec<Vec2> = l.iter().rev().map(|&(x, y)| Vec2::new(x, y)).collect();
    points.push(Vec2::new(0.0, 2.0));
    let concave = ConcavePolygon::new(&points).unwrap();
    let mut world = World::new();
    let mut ids = Vec::new();
    let list = vec![
        desc(Shape::Circle { radius: 0.5 }, 3.0, 0.5),
        ShapeDesc {
            shape: concave.clone().into(),
            angle: 0.4,
            ..desc(Shape::Point, 1.0, 2.0)
        },
    ];
    world.add_shapes(list, &mut ids).unwrap();
    assert_eq!(ids, [0, 1]);
    assert_eq!(world.concave(1).unwrap(), Some(&concave));
    let described = world.shape_desc(1).unwrap();
    let SceneShape::Concave(back) = &described.shape else {
        panic!("a concave description, not its hull")
    };
    assert_eq!(back.outline().len(), 6, "the checked outline");
    // Rebuilt from the description: the same parts, the same pairs.
    let mut copy = World::new();
    let mut copy_ids = Vec::new();
    let descs = vec![world.shape_desc(0).unwrap(), described.clone()];
    copy.add_shapes(descs, &mut copy_ids).unwrap();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    world.parts(1, &mut a).unwrap();
    copy.parts(1, &mut b).unwrap();
    assert_eq!(a, b);
    assert_eq!(copy.shape_desc(1).unwrap(), described);
    for w in [&mut world, &mut copy] {
        // The circle sits in the notch of the L, inside its hull, touching neither arm.
        w.set_transform(1, 0.0, 0.0, 0.0).unwrap();
        w.set_transform(0, 2.5, 2.5, 0.0).unwrap();
        assert_eq!(w.step().unwrap(), 0);
        w.set_transform(0, 2.5, 1.25, 0.0).unwrap();
        assert_eq!(w.step().unwrap(), 1);
    }
    assert_eq!(world.contacts(), copy.contacts());
    // All or nothing: a bad record after a concave one adds neither.
    let bad = vec![
        ShapeDesc {
            shape: concave.into(),
            ..desc(Shape::Point, 0.0, 0.0)
        },
        desc(Shape::Circle { radius: -1.0 }, 0.0, 0.0),
    ];
    let before = world.len();
    let err = world.add_shapes(bad, &mut ids).unwrap_err();
    assert_eq!(err.index, 1);
    assert_eq!(world.len(), before);
}

#[test]
fn chains_round_trip_as_their_points_and_side() {
    let mut world = World::new();
    let mut ids = Vec::new();
    // A floor with a repeated point (merged) and a closed diamond.
    let floor = [(0.0, 0.0), (5.0, 0.0), (5.0, 0.0), (10.0, 1.0), (15.0, 0.0)];
    let floor: Vec<Vec2> = floor.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    let diamond = [(0.0, -2.0), (2.0, 0.0), (0.0, 2.0), (-2.0, 0.0)];
    let diamond: Vec<Vec2> = diamond.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    let list = vec![
        ShapeDesc {
            shape: Chain::new(&floor, false).unwrap().into(),
            ..desc(Shape::Point, 1.0, -3.0)
        },
        ShapeDesc {
            shape: Chain::new(&diamond, true).unwrap().into(),
            angle: 0.3,
            ..desc(Shape::Point, 20.0, 0.0)
        },
        desc(Shape::Circle { radius: 0.5 }, 7.0, -2.8),
    ];
    world.add_shapes(list, &mut ids).unwrap();
    assert_eq!(world.chain(0).unwrap().unwrap().points().len(), 4);
    assert!(world.chain(1).unwrap().unwrap().is_loop());
    let descs: Vec<ShapeDesc> = ids
        .iter()
        .map(|&id| world.shape_desc(id).unwrap())
        .collect();
    assert!(matches!(&descs[1].shape, SceneShape::Chain(c) if c.is_loop()));
    let mut copy = World::new();
    let mut copy_ids = Vec::new();
    copy.add_shapes(descs.clone(), &mut copy_ids).unwrap();
    assert_eq!(copy_ids, ids);
    for &id in &ids {
        assert_eq!(copy.shape_desc(id).unwrap(), descs[id as usize]);
    }
    // The same pairs and contacts: the circle on the floor, then inside the loop (none).
    for (x, y) in [(7.0, -2.8), (20.0, 0.0), (21.9, 0.0)] {
        for w in [&mut world, &mut copy] {
            w.set_transform(2, x, y, 0.0).unwrap();
            w.step().unwrap();
        }
        assert_eq!(world.pairs(), copy.pairs(), "at {x}, {y}");
        assert_eq!(world.contacts(), copy.contacts());
    }
}
