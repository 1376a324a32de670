//! `World::separate`: overlapping shapes pushed apart from the last step's contacts, in a
//! few sweeps, by weight; statics, shapes left out, sensors and one-way shapes never move.

mod common;

use common::rng::Mulberry32;
use sepax::{Shape, ShapeOptions, Vec2, World, WorldError};

fn fixed() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

fn circle(world: &mut World, x: f32, y: f32, options: ShapeOptions) -> u32 {
    world
        .add(Shape::circle(1.0).unwrap(), x, y, 0.0, options)
        .unwrap()
}

fn x_of(world: &World, id: u32) -> f32 {
    world.transform(id).unwrap().0
}

#[test]
fn pairs_are_pushed_apart_by_weight_and_statics_never_move() {
    let mut world = World::new();
    let (a, b) = (
        circle(&mut world, 0.0, 0.0, ShapeOptions::default()),
        circle(&mut world, 1.0, 0.0, ShapeOptions::default()),
    );
    let wall = circle(&mut world, 10.0, 0.0, fixed());
    let c = circle(&mut world, 11.5, 0.0, ShapeOptions::default());
    world.step().unwrap();
    assert_eq!(world.separate(None, None, 1).unwrap(), 3);
    assert_eq!((x_of(&world, a), x_of(&world, b)), (-0.5, 1.5));
    assert_eq!((x_of(&world, wall), x_of(&world, c)), (10.0, 12.0));
    // A boss of weight 100 against a minion of weight 1.
    let mut world = World::new();
    let (boss, minion) = (
        circle(&mut world, 0.0, 0.0, ShapeOptions::default()),
        circle(&mut world, 1.0, 0.0, ShapeOptions::default()),
    );
    world.step().unwrap();
    world
        .separate(Some(&[boss, minion]), Some(&[100.0, 1.0]), 1)
        .unwrap();
    assert!((x_of(&world, boss) + 1.0 / 101.0).abs() < 1e-6);
    assert!((x_of(&world, minion) - (1.0 + 100.0 / 101.0)).abs() < 1e-6);
    // Left out of `ids`: does not move, its partner takes the whole push.
    world.step().unwrap();
    let mut world = World::new();
    let (a, b) = (
        circle(&mut world, 0.0, 0.0, ShapeOptions::default()),
        circle(&mut world, 1.0, 0.0, ShapeOptions::default()),
    );
    world.step().unwrap();
    assert_eq!(world.separate(Some(&[b]), None, 1).unwrap(), 1);
    assert_eq!((x_of(&world, a), x_of(&world, b)), (0.0, 2.0));
}

#[test]
fn sensors_and_one_way_shapes_are_not_pushed() {
    let mut world = World::new();
    let coin = circle(&mut world, 0.0, 0.0, ShapeOptions::default());
    world.set_sensor(coin, true).unwrap();
    let platform = circle(&mut world, 5.0, 0.0, ShapeOptions::default());
    world
        .set_one_way(platform, Some(Vec2::new(0.0, -1.0)))
        .unwrap();
    let a = circle(&mut world, 1.0, 0.0, ShapeOptions::default());
    let b = circle(&mut world, 6.0, 0.0, ShapeOptions::default());
    world.step().unwrap();
    assert_eq!(world.step().unwrap(), 2);
    assert_eq!(world.separate(None, None, 4).unwrap(), 0);
    assert_eq!((x_of(&world, a), x_of(&world, b)), (1.0, 6.0));
}

/// A crowd of `count` circles and boxes in a square a third of their total size, and a
/// ring of static walls.
fn crowd(count: usize, seed: u32) -> (World, Vec<u32>) {
    let mut rng = Mulberry32::new(seed);
    let mut world = World::new();
    let side = (count as f32).sqrt() * 1.2;
    for k in 0..4 {
        let wall = Shape::aligned_box(side, 1.0).unwrap();
        let (x, y, angle) = [
            (0.0, -side - 1.0, 0.0),
            (0.0, side + 1.0, 0.0),
            (-side - 1.0, 0.0, 1.5707964),
            (side + 1.0, 0.0, 1.5707964),
        ][k];
        world.add(wall, x, y, angle, fixed()).unwrap();
    }
    let ids = (0..count)
        .map(|k| {
            let shape = if k % 2 == 0 {
                Shape::circle(rng.range(0.4, 0.8)).unwrap()
            } else {
                Shape::oriented_box(rng.range(0.3, 0.7), rng.range(0.3, 0.7)).unwrap()
            };
            let (x, y) = (rng.range(-side, side), rng.range(-side, side));
            world
                .add(shape, x, y, rng.range(0.0, 6.0), ShapeOptions::default())
                .unwrap()
        })
        .collect();
    world.step().unwrap();
    (world, ids)
}

fn total_depth(world: &World) -> f32 {
    world.contacts().chunks_exact(3).map(|c| c[2]).sum()
}

#[test]
fn a_crowd_separates_more_with_more_iterations_deterministically() {
    let (mut world, ids) = crowd(2000, 7);
    let before = total_depth(&world);
    let walls: Vec<_> = (0..4).map(|w| world.transform(w).unwrap()).collect();
    let mut after = Vec::new();
    for iterations in [1, 4] {
        let (mut w, _) = crowd(2000, 7);
        let moved = w.separate(None, None, iterations).unwrap();
        assert!(moved > 1000, "{moved}");
        w.step().unwrap();
        after.push(total_depth(&w));
        // The same again: bit for bit.
        let (mut twin, _) = crowd(2000, 7);
        twin.separate(None, None, iterations).unwrap();
        for &id in &ids {
            assert_eq!(w.transform(id).unwrap(), twin.transform(id).unwrap());
        }
    }
    assert!(
        after[0] < 0.7 * before && after[1] < 0.5 * after[0],
        "{before} → {after:?}"
    );
    world.separate(None, None, 4).unwrap();
    for (w, t) in walls.iter().enumerate() {
        assert_eq!(world.transform(w as u32).unwrap(), *t, "a static moved");
    }
    world.validate().unwrap();
}

#[test]
fn hostile_arguments_are_named_and_move_nothing() {
    let (mut world, ids) = crowd(50, 3);
    let before: Vec<_> = ids.iter().map(|&id| world.transform(id).unwrap()).collect();
    type Case<'a> = (Option<&'a [u32]>, Option<&'a [f32]>, u32, &'a str);
    let cases: [Case; 7] = [
        (None, None, 0, "opts.iterations"),
        (None, None, 17, "opts.iterations"),
        (Some(&[999]), None, 1, "ids"),
        (None, Some(&[1.0]), 1, "opts.weights"),
        (Some(&ids[..2]), Some(&[1.0]), 1, "opts.weights"),
        (Some(&ids[..2]), Some(&[1.0, 0.0]), 1, "opts.weights"),
        (Some(&ids[..2]), Some(&[f32::NAN, 1.0]), 1, "opts.weights"),
    ];
    for (which, weights, iterations, arg) in cases {
        let err = world.separate(which, weights, iterations).unwrap_err();
        assert!(err.to_string().starts_with(arg), "{arg}: {err}");
        assert!(matches!(
            err,
            WorldError::InvalidValue { .. }
                | WorldError::UnknownId { .. }
                | WorldError::LengthMismatch { .. }
        ));
    }
    let after: Vec<_> = ids.iter().map(|&id| world.transform(id).unwrap()).collect();
    assert_eq!(before, after);
}
