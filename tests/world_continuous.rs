//! Continuous shapes (`World::set_continuous`): each step lists the sensors a continuous
//! shape crossed since the last step, with where along its motion it entered each, even
//! those it overlaps at neither step. Named cases (the bullet past the coin, the sensor
//! already touched, the teleport, removal, layers, snapshots, scene records), and the
//! seeded oracle: in random worlds, every sensor a continuous shape overlaps at some
//! sample of its straight motion is listed, entered between that sample and the one
//! before, and none it touched at the last step.

mod common;

use common::rng::Rng;
use common::sampling::{Judged, SampledPath};
use common::{random_shape, Style};
use sepax::world::ShapeDesc;
use sepax::{Shape, ShapeKind, ShapeOptions, Vec2, World, WorldError};

fn fixed() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

/// A static circle sensor of radius `r` at `(x, y)`.
fn coin(world: &mut World, x: f32, y: f32, r: f32) -> u32 {
    let id = world
        .add(Shape::circle(r).unwrap(), x, y, 0.0, fixed())
        .unwrap();
    world.set_sensor(id, true).unwrap();
    id
}

/// A moving circle of radius 0.5 at `(x, y)`.
fn ball(world: &mut World, x: f32, y: f32) -> u32 {
    let shape = Shape::circle(0.5).unwrap();
    world
        .add(shape, x, y, 0.0, ShapeOptions::default())
        .unwrap()
}

/// The last step's crossings as `(shape, sensor, t)`.
fn crossed(world: &World) -> Vec<(u32, u32, f32)> {
    let c = world.step_crossings();
    assert!(c.shapes.len() == c.sensors.len() && c.sensors.len() == c.t.len());
    (0..c.sensors.len())
        .map(|k| (c.shapes[k], c.sensors[k], c.t[k]))
        .collect()
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-5
}

#[test]
fn a_bullet_moved_past_a_coin_between_steps_reports_the_crossing() {
    let mut world = World::new();
    let coin = coin(&mut world, 50.0, 0.0, 1.0);
    let bullet = ball(&mut world, 0.0, 0.0);
    // Its twin, one row down, is not continuous and passes a coin of its own.
    let other_coin = self::coin(&mut world, 50.0, 10.0, 1.0);
    let twin = ball(&mut world, 0.0, 10.0);
    world.set_continuous(bullet, true).unwrap();
    assert!(world.is_continuous(bullet).unwrap() && !world.is_continuous(twin).unwrap());
    world.step().unwrap();
    assert!(crossed(&world).is_empty());
    world.set_transform(bullet, 100.0, 0.0, 0.0).unwrap();
    world.set_transform(twin, 100.0, 10.0, 0.0).unwrap();
    // Overlapping at neither step: no pair, nothing started, one crossing.
    assert_eq!(world.step().unwrap(), 0);
    assert!(world.started().is_empty() && world.ended().is_empty());
    let c = crossed(&world);
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!((c[0].0, c[0].1), (bullet, coin));
    // Entered when the centres are 1.5 apart: at x = 48.5 of the 100 units.
    assert!(close(c[0].2, 0.485), "{c:?}");
    assert!(!c.iter().any(|&(_, s, _)| s == other_coin));
    // A step without motion crosses nothing.
    world.step().unwrap();
    assert!(crossed(&world).is_empty());
}

#[test]
fn a_sensor_touched_at_the_last_step_is_not_listed_again_and_one_ended_in_is() {
    let mut world = World::new();
    let water = coin(&mut world, 0.0, 0.0, 3.0);
    let goal = coin(&mut world, 20.0, 0.0, 1.0);
    let player = ball(&mut world, 0.0, 0.0);
    world.set_continuous(player, true).unwrap();
    world.step().unwrap();
    assert_eq!(world.pairs(), &[water, player]);
    // Out of the water into the goal: the water was touched before, the goal is entered.
    world.set_transform(player, 20.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    assert_eq!(world.started(), &[goal, player]);
    let c = crossed(&world);
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!((c[0].0, c[0].1), (player, goal));
    assert!(close(c[0].2, 18.5 / 20.0), "{c:?}");
    // Back through the water: entered again (it was not touched at the step before).
    world.set_transform(player, -10.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    let c = crossed(&world);
    assert_eq!(c.len(), 1, "{c:?}");
    assert_eq!((c[0].1, c[0].2 > 0.0), (water, true));
    // Sensors only: a solid shape on the way is no crossing.
    let wall = world
        .add(
            Shape::aligned_box(0.5, 5.0).unwrap(),
            -20.0,
            0.0,
            0.0,
            fixed(),
        )
        .unwrap();
    world.set_transform(player, -30.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    assert!(crossed(&world).iter().all(|&(_, s, _)| s != wall));
}

#[test]
fn crossings_come_in_id_order_then_in_the_order_entered() {
    let mut world = World::new();
    let coins: Vec<u32> = (1..=5)
        .map(|k| coin(&mut world, 10.0 * k as f32, 0.0, 1.0))
        .collect();
    // Two continuous shapes made so in the opposite order to their ids, moving opposite ways.
    let east = ball(&mut world, 0.0, 0.0);
    let west = ball(&mut world, 60.0, 0.0);
    world.set_continuous(west, true).unwrap();
    world.set_continuous(east, true).unwrap();
    world.step().unwrap();
    world.set_transform(east, 60.0, 0.0, 0.0).unwrap();
    world.set_transform(west, 0.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    let c = crossed(&world);
    let mut want: Vec<(u32, u32)> = coins.iter().map(|&s| (east, s)).collect();
    want.extend(coins.iter().rev().map(|&s| (west, s)));
    let got: Vec<(u32, u32)> = c.iter().map(|&(a, s, _)| (a, s)).collect();
    assert_eq!(got, want);
    for pair in c.windows(2).filter(|w| w[0].0 == w[1].0) {
        assert!(pair[0].2 < pair[1].2, "{c:?}");
    }
}

#[test]
fn making_a_shape_continuous_again_starts_its_path_where_it_is() {
    let mut world = World::new();
    coin(&mut world, 50.0, 0.0, 1.0);
    let player = ball(&mut world, 0.0, 0.0);
    world.set_continuous(player, true).unwrap();
    world.step().unwrap();
    // A teleport past the coin, marked as one: no crossing.
    world.set_transform(player, 100.0, 0.0, 0.0).unwrap();
    world.set_continuous(player, true).unwrap();
    world.step().unwrap();
    assert!(crossed(&world).is_empty());
    // Not continuous: nothing, whatever it passes.
    world.set_continuous(player, false).unwrap();
    world.set_transform(player, 0.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    assert!(crossed(&world).is_empty());
    assert!(!world.is_continuous(player).unwrap());
}

#[test]
fn a_removed_continuous_shape_is_forgotten_and_its_reused_id_is_not_continuous() {
    let mut world = World::new();
    coin(&mut world, 50.0, 0.0, 1.0);
    let bullet = ball(&mut world, 0.0, 0.0);
    world.set_continuous(bullet, true).unwrap();
    world.step().unwrap();
    world.remove(bullet).unwrap();
    let again = ball(&mut world, 100.0, 0.0);
    assert_eq!(again, bullet);
    assert!(!world.is_continuous(again).unwrap());
    world.step().unwrap();
    assert!(crossed(&world).is_empty());
    world.validate().unwrap();
    // Made continuous, the new shape's path starts where it was added.
    world.set_continuous(again, true).unwrap();
    world.set_transform(again, 0.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    assert_eq!(crossed(&world).len(), 1);
    assert_eq!(
        world.set_continuous(99, true),
        Err(WorldError::UnknownId { arg: "id", id: 99 })
    );
    assert_eq!(
        world.is_continuous(99),
        Err(WorldError::UnknownId { arg: "id", id: 99 })
    );
}

#[test]
fn the_layer_filter_decides_crossings_as_it_decides_pairs() {
    let mut world = World::new();
    let ghost_layer = ShapeOptions {
        layer: 2,
        mask: 2,
        is_static: true,
    };
    let ghost = world
        .add(Shape::circle(1.0).unwrap(), 30.0, 0.0, 0.0, ghost_layer)
        .unwrap();
    world.set_sensor(ghost, true).unwrap();
    let coin = coin(&mut world, 60.0, 0.0, 1.0);
    let bullet = ball(&mut world, 0.0, 0.0);
    world.set_continuous(bullet, true).unwrap();
    world.step().unwrap();
    world.set_transform(bullet, 100.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    let sensors: Vec<u32> = crossed(&world).iter().map(|c| c.1).collect();
    assert_eq!(sensors, [coin]);
}

#[test]
fn snapshots_and_scene_records_keep_continuous_shapes() {
    let mut world = World::new();
    coin(&mut world, 50.0, 0.0, 1.0);
    let bullet = ball(&mut world, 0.0, 0.0);
    world.set_continuous(bullet, true).unwrap();
    world.step().unwrap();
    let bytes = world.snapshot();
    let mut restored = World::restore(&bytes).unwrap();
    assert!(restored.is_continuous(bullet).unwrap());
    assert_eq!(restored.snapshot(), bytes);
    for w in [&mut world, &mut restored] {
        w.set_transform(bullet, 100.0, 0.0, 0.0).unwrap();
        w.step().unwrap();
    }
    assert_eq!(crossed(&world).len(), 1);
    assert_eq!(crossed(&world), crossed(&restored));
    restored.validate().unwrap();

    let desc = world.shape_desc(bullet).unwrap();
    assert!(desc.continuous);
    let mut ids = Vec::new();
    let plain = ShapeDesc {
        continuous: false,
        ..desc.clone()
    };
    world.add_shapes(vec![desc, plain], &mut ids).unwrap();
    assert!(world.is_continuous(ids[0]).unwrap() && !world.is_continuous(ids[1]).unwrap());
}

#[test]
fn step_crossings_match_sampling_between_steps() {
    // Random worlds of solids and sensors (some of them moving), and continuous shapes of
    // every kind moved and turned between steps, three rounds, the sensors changing
    // between them: a sensor a shape overlaps at one of
    // 300 samples of its straight motion (at its new angle, the sensors where they are
    // now) is listed, entered no later than that sample and no earlier than the one
    // before, unless the shape touched it at the step before; nothing else is listed but
    // grazes between samples.
    let mut rng = Rng::new(0xC047_1005);
    let (mut listed, mut grazes, mut touched_before) = (0, 0, 0);
    for _scene in 0..40 {
        let mut world = World::new();
        let (mut sensors, mut solids) = (Vec::new(), Vec::new());
        for k in 0..40 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 1.5);
            let p = rng.vec(15.0);
            let options = if k % 4 == 1 {
                ShapeOptions::default()
            } else {
                fixed()
            };
            let id = world.add(shape, p.x, p.y, rng.angle(), options).unwrap();
            if k % 3 != 0 {
                world.set_sensor(id, true).unwrap();
                sensors.push(id);
            } else {
                solids.push(id);
            }
        }
        let mut movers = Vec::new();
        for k in 0..20 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 0.5);
            let p = rng.vec(15.0);
            let id = world
                .add(shape, p.x, p.y, rng.angle(), ShapeOptions::default())
                .unwrap();
            world.set_continuous(id, true).unwrap();
            movers.push(id);
        }
        world.step().unwrap();
        for round in 0..3 {
            let pairs_before = world.pairs().to_vec();
            let from: Vec<Vec2> = (movers.iter())
                .map(|&m| {
                    let (x, y, _) = world.transform(m).unwrap();
                    Vec2::new(x, y)
                })
                .collect();
            for &m in &movers {
                let (x, y, _) = world.transform(m).unwrap();
                let d = rng.vec(20.0);
                world
                    .set_transform(m, x + d.x, y + d.y, rng.angle())
                    .unwrap();
            }
            for &s in &sensors {
                if !world.is_static(s).unwrap() {
                    let (x, y, a) = world.transform(s).unwrap();
                    world.set_transform(s, x + 0.5, y - 0.5, a + 0.3).unwrap();
                }
            }
            if round > 0 {
                // The sensor set changes between steps: a static sensor moves, one sensor
                // turns solid, one solid shape turns sensor, a static sensor is removed and
                // another added (the static sensors' tree must follow each).
                let s = sensors[round % sensors.len()];
                let (x, y, a) = world.transform(s).unwrap();
                world.set_transform(s, x - 1.0, y + 1.0, a).unwrap();
                let solid = sensors.remove((3 * round) % sensors.len());
                world.set_sensor(solid, false).unwrap();
                let turned = solids.pop().unwrap();
                world.set_sensor(turned, true).unwrap();
                sensors.push(turned);
                let gone = sensors.remove(0);
                world.remove(gone).unwrap();
                let kind = ShapeKind::ALL[round % ShapeKind::ALL.len()];
                let shape = random_shape(&mut rng, kind, Style::Generic, 1.5);
                let p = rng.vec(15.0);
                let id = world.add(shape, p.x, p.y, rng.angle(), fixed()).unwrap();
                world.set_sensor(id, true).unwrap();
                sensors.push(id);
            }
            world.step().unwrap();
            let c = crossed(&world);
            assert!(c.windows(2).all(|w| w[0].0 <= w[1].0), "in id order");
            for (i, &m) in movers.iter().enumerate() {
                let shape = world.shape(m).unwrap().clone();
                let (x, y, a) = world.transform(m).unwrap();
                let d = Vec2::new(x, y) - from[i];
                let mine: Vec<(u32, f32)> = (c.iter())
                    .filter(|e| e.0 == m)
                    .map(|e| (e.1, e.2))
                    .collect();
                assert!(mine.windows(2).all(|w| w[0].1 <= w[1].1), "{mine:?}");
                for &s in &sensors {
                    let (sx, sy, sa) = world.transform(s).unwrap();
                    let pose = sepax::Transform::from_xy_angle(sx, sy, sa);
                    let sensor = world.shape(s).unwrap();
                    let path = SampledPath {
                        shape: &shape,
                        start: from[i],
                        angle: a,
                        delta: d,
                        reach: 1.0,
                    };
                    let first = path.first_touch(sensor, &pose);
                    let report = mine.iter().find(|e| e.0 == s);
                    let before = (pairs_before.chunks(2)).any(|p| p == [m.min(s), m.max(s)]);
                    if before {
                        assert!(report.is_none(), "{m}: sensor {s} touched before, listed");
                        touched_before += usize::from(first.is_some());
                    } else {
                        let what = format!("shape {m}, sensor {s}");
                        if path.judge(first, report.map(|r| r.1), &what) == Judged::Graze {
                            grazes += 1;
                        }
                    }
                    listed += usize::from(report.is_some());
                }
            }
        }
    }
    assert!(listed > 100, "only {listed} crossings");
    assert!(
        touched_before > 5,
        "only {touched_before} sensors touched before"
    );
    assert!(grazes * 20 < listed, "{grazes} of {listed} between samples");
}

#[test]
fn a_step_with_no_path_indexes_nothing_yet_the_next_sees_what_changed() {
    // The continuous shape stands still for a step (no sensor is listed then) while a
    // static sensor is moved onto its next path (a move of a static, no sensor flag
    // changed). The step after, it moves, and crosses that sensor where it is now.
    let mut world = World::new();
    let old = coin(&mut world, 100.0, 50.0, 1.0);
    let new = coin(&mut world, 40.0, 0.0, 1.0);
    let bullet = ball(&mut world, 0.0, 0.0);
    world.set_continuous(bullet, true).unwrap();
    world.step().unwrap();
    world.set_transform(bullet, 10.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    assert!(crossed(&world).is_empty());
    world.set_transform(old, 70.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    assert!(crossed(&world).is_empty(), "it stood still");
    world.set_transform(bullet, 100.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    let sensors: Vec<u32> = crossed(&world).iter().map(|c| c.1).collect();
    assert_eq!(sensors, [new, old]);
}

#[test]
fn paths_begin_at_the_last_step_even_while_the_world_has_no_sensor() {
    // Steps before any sensor exists still move each path's start along: the first
    // sensor made later is not crossed by the motion of frames long gone.
    let mut world = World::new();
    let bullet = ball(&mut world, 0.0, 0.0);
    world.set_continuous(bullet, true).unwrap();
    world.step().unwrap();
    for x in [100.0, 200.0] {
        world.set_transform(bullet, x, 0.0, 0.0).unwrap();
        world.step().unwrap();
    }
    let behind = coin(&mut world, 50.0, 0.0, 1.0);
    let ahead = coin(&mut world, 250.0, 0.0, 1.0);
    world.set_transform(bullet, 300.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    let sensors: Vec<u32> = crossed(&world).iter().map(|c| c.1).collect();
    assert_eq!(sensors, [ahead]);
    assert_ne!(behind, ahead);
}
