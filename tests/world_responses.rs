//! Responses per layer of `World::move_and_slide` (bump.lua's `slide`, `cross`, `touch`,
//! `bounce`): the move's options name the layers it crosses (reported with the sensors),
//! those that stop it dead, and those it bounces off (the reflected rest returned).

mod common;

use common::rng::Rng;
use common::{random_shape, touching_ids, Style};
use sepax::world::MoveOptions;
use sepax::{Shape, ShapeKind, ShapeOptions, Vec2, World};

const WATER: u32 = 2;
const SPIKES: u32 = 4;
const RUBBER: u32 = 8;

fn on(layer: u32) -> ShapeOptions {
    ShapeOptions {
        layer,
        is_static: true,
        ..ShapeOptions::default()
    }
}

/// A wall on `layer` whose face is at x = 5, and a ball at the origin.
fn wall_world(layer: u32) -> (World, u32, u32) {
    let mut world = World::new();
    let wall = Shape::aligned_box(0.5, 10.0).unwrap();
    let wall = world.add(wall, 5.5, 0.0, 0.0, on(layer)).unwrap();
    let ball = Shape::circle(0.5).unwrap();
    let ball = world
        .add(ball, 0.0, 0.0, 0.0, ShapeOptions::default())
        .unwrap();
    world.step().unwrap();
    (world, wall, ball)
}

#[test]
fn crossed_layers_do_not_block_and_are_reported() {
    let (mut world, water, ball) = wall_world(WATER);
    let options = MoveOptions {
        cross_mask: WATER,
        ..MoveOptions::default()
    };
    let r = world
        .move_and_slide(ball, Vec2::new(10.0, 0.0), &options)
        .unwrap();
    assert_eq!(r.position, Vec2::new(10.0, 0.0));
    assert_eq!(r.contact_count, 0);
    assert_eq!(world.move_crossings(), &[water]);
    assert!((world.move_crossing_ts()[0] - 0.45).abs() < 1e-6);
    // Not crossed when the mask does not meet it at all; blocked without the option.
    world.set_transform(ball, 0.0, 0.0, 0.0).unwrap();
    let unmet = MoveOptions {
        mask: !WATER,
        ..options
    };
    world
        .move_and_slide(ball, Vec2::new(10.0, 0.0), &unmet)
        .unwrap();
    assert!(world.move_crossings().is_empty());
    world.set_transform(ball, 0.0, 0.0, 0.0).unwrap();
    let r = world
        .move_and_slide(ball, Vec2::new(10.0, 0.0), &MoveOptions::default())
        .unwrap();
    assert!((r.position.x - 4.49).abs() < 1e-4, "{r:?}");
}

#[test]
fn touched_layers_stop_the_move_where_it_meets_them() {
    // Diagonally into the wall: sliding goes on up along it; touching stops at the hit.
    for touch in [false, true] {
        let (mut world, spikes, ball) = wall_world(SPIKES);
        let options = MoveOptions {
            touch_mask: if touch { SPIKES } else { 0 },
            ..MoveOptions::default()
        };
        let r = world
            .move_and_slide(ball, Vec2::new(10.0, -10.0), &options)
            .unwrap();
        assert!((r.position.x - 4.49).abs() < 1e-3, "{r:?}");
        assert_eq!(world.move_contacts()[0] as u32, spikes);
        assert_eq!(r.bounce, Vec2::ZERO);
        if touch {
            // Where the cast met it, a fraction of the skin from the surface.
            assert!(
                (r.position.y + 4.49).abs() < 1e-2,
                "stopped at the hit: {r:?}"
            );
        } else {
            assert!((r.position.y + 10.0).abs() < 1e-3, "slid up: {r:?}");
        }
    }
}

#[test]
fn bounced_layers_return_the_rest_of_the_motion_reflected() {
    let (mut world, _, ball) = wall_world(RUBBER);
    let options = MoveOptions {
        bounce_mask: RUBBER,
        ..MoveOptions::default()
    };
    let r = world
        .move_and_slide(ball, Vec2::new(10.0, 2.0), &options)
        .unwrap();
    assert!((r.position.x - 4.49).abs() < 1e-3, "{r:?}");
    // The hit is 4.49 / 10 of the way (with the cast's margin): the rest is turned back
    // along x and kept along y.
    let rest = 1.0 - r.position.x / 10.0;
    assert!((r.bounce.x + 10.0 * rest).abs() < 1e-2, "{r:?}");
    assert!((r.bounce.y - 2.0 * rest).abs() < 1e-2, "{r:?}");
    // Other layers still slide; a move that meets nothing bounces nothing.
    let r = world
        .move_and_slide(ball, Vec2::new(-10.0, 0.0), &options)
        .unwrap();
    assert_eq!(r.bounce, Vec2::ZERO);
}

#[test]
fn responses_never_end_in_what_blocks_and_report_what_is_crossed() {
    // Seeded worlds of shapes on four layers, random responses per move: the mover ends
    // overlapping no blocking shape it did not start in, and every crossed-layer shape it
    // ends in was reported crossed (or started in).
    let mut rng = Rng::new(0x5EED_B0B5);
    let (mut crossed, mut stopped) = (0, 0);
    for _scene in 0..150 {
        let mut world = World::new();
        let mut ids = Vec::new();
        for k in 0..40 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 2.0);
            let p = rng.vec(14.0);
            let layer = 1 << rng.int(0, 3);
            let options = ShapeOptions {
                layer,
                is_static: rng.chance(0.5),
                ..ShapeOptions::default()
            };
            ids.push(world.add(shape, p.x, p.y, rng.angle(), options).unwrap());
        }
        world.step().unwrap();
        for _ in 0..20 {
            let id = ids[rng.int(0, ids.len() as i64 - 1) as usize];
            let started = touching_ids(&world, id);
            let options = MoveOptions {
                cross_mask: rng.int(0, 15) as u32,
                touch_mask: rng.int(0, 15) as u32,
                bounce_mask: rng.int(0, 15) as u32,
                ..MoveOptions::default()
            };
            let delta = rng.vec(10.0);
            let r = world.move_and_slide(id, delta, &options).unwrap();
            let reported = world.move_crossings().to_vec();
            crossed += reported.len();
            stopped += usize::from(r.bounce != Vec2::ZERO);
            for other in touching_ids(&world, id) {
                let (layer, _) = world.layer_mask(other).unwrap();
                if layer & options.cross_mask != 0 {
                    assert!(
                        reported.contains(&other) || started.contains(&other),
                        "{other} crossed, not reported: {reported:?}"
                    );
                } else {
                    assert!(started.contains(&other), "ends in {other}: {r:?}");
                }
            }
            world.step().unwrap();
        }
    }
    assert!(
        crossed > 300 && stopped > 50,
        "{crossed} crossings, {stopped} bounces"
    );
}
