//! Sensors (`World::set_sensor`): never met by a motion (move and slide, casts, sweeps,
//! rays), reported by the step and found by the overlap queries like any shape, kept in
//! snapshots. The seeded oracle: in random worlds with random sensors, every motion gives
//! bit for bit what it gives when the sensors are instead left out by the motion's mask.

mod common;

use common::rng::Rng;
use common::sampling::{Judged, SampledPath};
use common::{random_shape, Style};
use sepax::world::MoveOptions;
use sepax::{Shape, ShapeKind, ShapeOptions, Vec2, World, WorldError};

fn fixed() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

#[test]
fn a_sensor_never_stops_moves_casts_sweeps_or_rays() {
    let mut world = World::new();
    let wall = Shape::aligned_box(0.5, 5.0).unwrap();
    let gate = world.add(wall, 5.0, 0.0, 0.0, fixed()).unwrap();
    let ball = Shape::circle(0.5).unwrap();
    // On a layer of its own, which the probes leave out.
    let own = ShapeOptions {
        layer: 2,
        ..ShapeOptions::default()
    };
    let mover = world.add(ball.clone(), 0.0, 0.0, 0.0, own).unwrap();
    world.step().unwrap();
    for sensor in [true, false] {
        world.set_sensor(gate, sensor).unwrap();
        assert_eq!(world.is_sensor(gate).unwrap(), sensor);
        world.set_transform(mover, 0.0, 0.0, 0.0).unwrap();
        let cast = world
            .cast_shape(&ball, 0.0, 0.0, 0.0, Vec2::new(10.0, 0.0), 1)
            .unwrap();
        let ray = world
            .raycast(Vec2::ZERO, Vec2::new(1.0, 0.0), 10.0, 1)
            .unwrap();
        world.sweep(&[mover], &[10.0, 0.0], u32::MAX).unwrap();
        let swept = world.cast_results().t[0];
        let moved = world
            .move_and_slide(mover, Vec2::new(10.0, 0.0), &MoveOptions::default())
            .unwrap();
        if sensor {
            assert!(
                cast.is_none() && ray.is_none() && swept == 1.0,
                "{cast:?} {ray:?}"
            );
            assert_eq!(moved.position, Vec2::new(10.0, 0.0));
            assert_eq!(moved.contact_count, 0);
        } else {
            assert_eq!(cast.unwrap().id, gate);
            assert_eq!(ray.unwrap().id, gate);
            assert!((swept - 0.4).abs() < 1e-5, "{swept}");
            assert!(
                (moved.position.x - (4.5 - 0.5 - 0.01)).abs() < 1e-4,
                "{moved:?}"
            );
        }
    }
}

#[test]
fn a_sensor_is_reported_by_the_step_and_found_by_queries() {
    let mut world = World::new();
    let coin = world
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, fixed())
        .unwrap();
    world.set_sensor(coin, true).unwrap();
    let player = world
        .add(
            Shape::aligned_box(0.5, 0.5).unwrap(),
            5.0,
            0.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    assert!(world.pairs().is_empty());
    world.set_transform(player, 1.0, 0.0, 0.0).unwrap();
    assert_eq!(world.step().unwrap(), 1);
    assert_eq!(world.pairs(), &[coin, player]);
    assert_eq!(world.started(), &[coin, player]);
    let mut out = Vec::new();
    world.query_point(Vec2::ZERO, u32::MAX, &mut out).unwrap();
    assert_eq!(out, [coin]);
    out.clear();
    world
        .query_aabb(
            Vec2::new(-2.0, -2.0),
            Vec2::new(2.0, 2.0),
            u32::MAX,
            &mut out,
        )
        .unwrap();
    assert_eq!(out, [coin, player]);
    world.set_transform(player, 5.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    assert_eq!(world.ended(), &[coin, player]);
    // A removed sensor's id, issued again, is a solid shape.
    world.remove(coin).unwrap();
    let again = world
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, fixed())
        .unwrap();
    assert_eq!(again, coin);
    assert!(!world.is_sensor(again).unwrap());
    assert!(matches!(
        world.set_sensor(99, true),
        Err(WorldError::UnknownId { .. })
    ));
    world.validate().unwrap();
}

#[test]
fn sensors_survive_snapshots() {
    let mut world = World::new();
    let ids: Vec<u32> = (0..6)
        .map(|k| {
            let shape = Shape::circle(0.5).unwrap();
            world
                .add(shape, 2.0 * k as f32, 0.0, 0.0, ShapeOptions::default())
                .unwrap()
        })
        .collect();
    for &id in ids.iter().step_by(2) {
        world.set_sensor(id, true).unwrap();
    }
    world.step().unwrap();
    let bytes = world.snapshot();
    let restored = World::restore(&bytes).unwrap();
    for &id in &ids {
        assert_eq!(restored.is_sensor(id).unwrap(), id % 2 == 0);
    }
    assert_eq!(restored.snapshot(), bytes);
    restored.validate().unwrap();
}

#[test]
fn motions_ignore_sensors_exactly_as_a_mask_leaving_them_out() {
    // Twin worlds: in one a random third of the shapes are sensors, in the other the same
    // shapes are on layer bit 31 and every motion's mask leaves that bit out. Every cast,
    // sweep, ray and move gives the same result, bit for bit.
    const SENSOR_LAYER: u32 = 1 << 31;
    let mut rng = Rng::new(0x5EED_5E45);
    let mut met = 0;
    for _scene in 0..100 {
        let mut worlds = [World::new(), World::new()];
        let mut ids = Vec::new();
        for k in 0..40 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 2.0);
            let p = rng.vec(12.0);
            let angle = rng.angle();
            let is_static = rng.chance(0.5);
            let sensor = rng.chance(0.33);
            for (w, world) in worlds.iter_mut().enumerate() {
                let options = ShapeOptions {
                    is_static,
                    layer: if sensor && w == 1 { SENSOR_LAYER } else { 1 },
                    ..ShapeOptions::default()
                };
                let id = world.add(shape.clone(), p.x, p.y, angle, options).unwrap();
                if sensor && w == 0 {
                    world.set_sensor(id, true).unwrap();
                }
                if w == 0 {
                    ids.push(id);
                }
            }
        }
        for world in &mut worlds {
            world.step().unwrap();
        }
        let masks = [u32::MAX, !SENSOR_LAYER];
        for _ in 0..20 {
            let id = ids[rng.int(0, ids.len() as i64 - 1) as usize];
            let delta = rng.vec(15.0);
            let origin = rng.vec(12.0);
            let shape = worlds[0].shape(id).unwrap().clone();
            let mut answers = Vec::new();
            for (world, &mask) in worlds.iter_mut().zip(&masks) {
                let cast = world
                    .cast_shape(&shape, origin.x, origin.y, 0.0, delta, mask)
                    .unwrap();
                let ray = world.raycast(origin, delta, 20.0, mask).unwrap();
                world.sweep(&[id], &[delta.x, delta.y], mask).unwrap();
                let r = world.cast_results();
                let swept = (r.t[0], r.ids[0], r.normals.to_vec(), r.points.to_vec());
                let options = MoveOptions {
                    mask,
                    ..MoveOptions::default()
                };
                let moved = world.move_and_slide(id, delta, &options).unwrap();
                let contacts = world.move_contacts().to_vec();
                answers.push(format!("{cast:?} {ray:?} {swept:?} {moved:?} {contacts:?}"));
                met += usize::from(cast.is_some());
                world.step().unwrap();
            }
            assert_eq!(answers[0], answers[1]);
        }
    }
    assert!(met > 500, "only {met} casts hit");
}

#[test]
fn scene_records_carry_the_sensor_flag_both_ways() {
    use sepax::world::ShapeDesc;
    let mut world = World::new();
    let desc = |sensor: bool, x: f32| ShapeDesc {
        shape: Shape::circle(1.0).unwrap().into(),
        x,
        y: 0.0,
        angle: 0.0,
        options: ShapeOptions::default(),
        one_way: None,
        sensor,
        continuous: false,
        tag: 0,
    };
    let mut ids = Vec::new();
    world
        .add_shapes(vec![desc(true, 0.0), desc(false, 5.0)], &mut ids)
        .unwrap();
    assert_eq!(ids, [0, 1]);
    assert!(world.is_sensor(0).unwrap() && !world.is_sensor(1).unwrap());
    assert_eq!(world.shape_desc(0).unwrap(), desc(true, 0.0));
    assert_eq!(world.shape_desc(1).unwrap(), desc(false, 5.0));
}

/// The sensors and their `t` of the last move.
fn crossings(world: &World) -> Vec<(u32, f32)> {
    let ids = world.move_crossings();
    let ts = world.move_crossing_ts();
    assert_eq!(ids.len(), ts.len());
    ids.iter().copied().zip(ts.iter().copied()).collect()
}

#[test]
fn a_move_reports_the_sensors_it_passed_in_order_along_its_path() {
    let mut world = World::new();
    let coin = |world: &mut World, x: f32, y: f32| {
        let id = world
            .add(Shape::circle(0.25).unwrap(), x, y, 0.0, fixed())
            .unwrap();
        world.set_sensor(id, true).unwrap();
        id
    };
    let coins = [
        coin(&mut world, 6.0, 0.0),
        coin(&mut world, 2.0, 0.0),
        coin(&mut world, 4.0, 0.0),
    ];
    let on_the_slope = [2.0, 4.0, 6.0].map(|x| coin(&mut world, x, -0.5 * x));
    // Beyond the wall, where the move aims: never reached.
    let hidden = coin(&mut world, 9.6, -4.5);
    // Up the wall, where the slide along it goes.
    let slid = coin(&mut world, 7.75, -4.7);
    world
        .add(
            Shape::aligned_box(0.5, 10.0).unwrap(),
            8.5,
            0.0,
            0.0,
            fixed(),
        )
        .unwrap();
    let mover = world
        .add(
            Shape::circle(0.5).unwrap(),
            0.0,
            0.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    // Up and right to the wall (the coins on the way), then up along it.
    let moved = world
        .move_and_slide(mover, Vec2::new(9.0, -4.5), &MoveOptions::default())
        .unwrap();
    assert!(
        (moved.position - Vec2::new(7.49, -4.5)).length() < 1e-4,
        "{moved:?}"
    );
    let found = crossings(&world);
    let ids: Vec<u32> = found.iter().map(|c| c.0).collect();
    let [a, b, c] = on_the_slope;
    assert_eq!(ids, [a, b, c, slid], "{found:?}");
    assert!(!ids.contains(&hidden));
    assert!(found.windows(2).all(|w| w[0].1 <= w[1].1), "{found:?}");
    assert!(found.iter().all(|c| (0.0..=1.0).contains(&c.1)));
    // A straight move along x: each coin entered at (x − 0.75) over the path.
    let coins = [coins[1], coins[2], coins[0]];
    world.set_transform(mover, 0.0, 0.0, 0.0).unwrap();
    world
        .move_and_slide(mover, Vec2::new(7.0, 0.0), &MoveOptions::default())
        .unwrap();
    let found = crossings(&world);
    assert_eq!(found.len(), 3);
    for (((id, t), x), coin) in found.iter().zip([2.0, 4.0, 6.0]).zip(coins) {
        assert_eq!(*id, coin);
        assert!((t - (x - 0.75) / 7.0).abs() < 1e-5, "{id} at {t}");
    }
    // The move's mask leaves sensors out as it leaves solids out; a sensor it starts in is
    // crossed at 0; a move that does not move crosses nothing.
    world.set_transform(mover, 2.0, 0.0, 0.0).unwrap();
    let options = MoveOptions {
        mask: 0,
        ..MoveOptions::default()
    };
    world
        .move_and_slide(mover, Vec2::new(3.0, 0.0), &options)
        .unwrap();
    assert!(crossings(&world).is_empty());
    world.set_transform(mover, 2.0, 0.0, 0.0).unwrap();
    world
        .move_and_slide(mover, Vec2::new(3.0, 0.0), &MoveOptions::default())
        .unwrap();
    let expected = [(coins[0], 0.0), (coins[1], (4.0 - 0.75 - 2.0) / 3.0)];
    assert_eq!(crossings(&world), expected);
    world
        .move_and_slide(mover, Vec2::ZERO, &MoveOptions::default())
        .unwrap();
    assert!(crossings(&world).is_empty());
}

#[test]
fn move_crossings_match_sampling_along_straight_paths() {
    // Worlds of sensors only, so that a move goes straight: a sensor the mover overlaps at
    // any of 400 samples of its path is reported, entered no later than that sample and
    // no earlier than the sample before; and whatever the move, a sensor the mover ends
    // overlapping was crossed.
    const SAMPLES: usize = 400;
    let mut rng = Rng::new(0x5EED_C055);
    let (mut reported, mut grazes) = (0, 0);
    for scene in 0..60 {
        let mut world = World::new();
        let mut ids = Vec::new();
        for k in 0..40 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 1.5);
            let p = rng.vec(12.0);
            let id = world.add(shape, p.x, p.y, rng.angle(), fixed()).unwrap();
            world.set_sensor(id, true).unwrap();
            ids.push(id);
        }
        let kind = ShapeKind::ALL[scene % ShapeKind::ALL.len()];
        let shape = random_shape(&mut rng, kind, Style::Generic, 1.0);
        let start = rng.vec(12.0);
        let angle = rng.angle();
        let mover = world
            .add(
                shape.clone(),
                start.x,
                start.y,
                angle,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        for _ in 0..10 {
            let (x, y, _) = world.transform(mover).unwrap();
            let delta = rng.vec(15.0);
            let moved = world
                .move_and_slide(mover, delta, &MoveOptions::default())
                .unwrap();
            assert_eq!(moved.position, Vec2::new(x, y) + delta);
            let found = crossings(&world);
            assert!(found.windows(2).all(|w| w[0].1 <= w[1].1), "{found:?}");
            for &id in &ids {
                let (sx, sy, sa) = world.transform(id).unwrap();
                let sensor = world.shape(id).unwrap();
                let at = |k: usize| {
                    let p = Vec2::new(x, y) + delta * (k as f32 / SAMPLES as f32);
                    sepax::Transform::from_xy_angle(p.x, p.y, angle)
                };
                let pose = sepax::Transform::from_xy_angle(sx, sy, sa);
                let first = (0..=SAMPLES)
                    .find(|&k| sepax::collide(sensor, &pose, &shape, &at(k)).is_some());
                let report = found.iter().find(|c| c.0 == id);
                match (first, report) {
                    (Some(k), Some(&(_, t))) => {
                        let s = k as f32 / SAMPLES as f32;
                        let early = if k == 0 {
                            0.0
                        } else {
                            s - 1.0 / SAMPLES as f32
                        };
                        assert!(
                            t <= s + 1e-4 && t >= early - 1e-4,
                            "{id}: {t} vs sample {s}"
                        );
                    }
                    (Some(k), None) => {
                        panic!("scene {scene}: {id} overlapped at sample {k}, not reported")
                    }
                    (None, Some(_)) => grazes += 1,
                    (None, None) => {}
                }
                reported += usize::from(report.is_some());
            }
        }
    }
    assert!(reported > 200, "only {reported} crossings");
    assert!(
        grazes * 20 < reported,
        "{grazes} of {reported} between samples"
    );
}

#[test]
fn a_sweep_reports_the_sensors_each_item_crossed_before_its_hit() {
    let mut world = World::new();
    let coin = |world: &mut World, x: f32, y: f32| {
        let id = world
            .add(Shape::circle(0.25).unwrap(), x, y, 0.0, fixed())
            .unwrap();
        world.set_sensor(id, true).unwrap();
        id
    };
    let row = [4.0, 2.0, 6.0].map(|x| coin(&mut world, x, 0.0));
    let beyond = coin(&mut world, 12.0, 0.0);
    let start_in = coin(&mut world, 0.0, 5.0);
    let wall = world
        .add(
            Shape::aligned_box(0.5, 1.0).unwrap(),
            9.0,
            0.0,
            0.0,
            fixed(),
        )
        .unwrap();
    let bullet = |world: &mut World, y: f32| {
        world
            .add(
                Shape::circle(0.1).unwrap(),
                0.0,
                y,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap()
    };
    let bullets = [
        bullet(&mut world, 0.0),
        bullet(&mut world, -3.0),
        bullet(&mut world, 5.0),
    ];
    world.step().unwrap();
    world
        .sweep(&bullets, &[20.0, 0.0, 20.0, 0.0, 4.0, 0.0], u32::MAX)
        .unwrap();
    let hit_t = world.cast_results().t[0];
    assert_eq!(world.cast_results().ids[0], wall);
    let c = world.sweep_crossings();
    assert_eq!(c.items, [0, 0, 0, 2]);
    assert_eq!(c.ids, [row[1], row[0], row[2], start_in]);
    assert!(!c.ids.contains(&beyond));
    for (k, x) in [2.0, 4.0, 6.0].into_iter().enumerate() {
        assert!((c.t[k] - (x - 0.35) / 20.0).abs() < 1e-6, "{:?}", c.t);
        assert!(c.t[k] < hit_t);
    }
    assert_eq!(c.t[3], 0.0);
    // The mask leaves them out; a sweep without crossings clears the last ones.
    world
        .sweep(&bullets, &[20.0, 0.0, 20.0, 0.0, 4.0, 0.0], 0)
        .unwrap();
    assert!(world.sweep_crossings().ids.is_empty());
}

#[test]
fn sweep_crossings_match_sampling_before_each_hit() {
    // Random worlds of solids and sensors, bullets of every kind swept at once: a sensor a
    // bullet overlaps at any of 300 samples of its motion up to its hit is reported for
    // it, entered no later than that sample and no earlier than the one before.
    let mut rng = Rng::new(0x5EED_5EEB);
    let (mut reported, mut grazes) = (0, 0);
    for _scene in 0..40 {
        let mut world = World::new();
        let mut sensors = Vec::new();
        for k in 0..40 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 1.5);
            let p = rng.vec(15.0);
            let id = world.add(shape, p.x, p.y, rng.angle(), fixed()).unwrap();
            if k % 3 != 0 {
                world.set_sensor(id, true).unwrap();
                sensors.push(id);
            }
        }
        let mut bullets = Vec::new();
        let mut dxy = Vec::new();
        for k in 0..20 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 0.5);
            let p = rng.vec(15.0);
            let layer = ShapeOptions {
                layer: 2,
                mask: 1,
                ..ShapeOptions::default()
            };
            bullets.push(world.add(shape, p.x, p.y, rng.angle(), layer).unwrap());
            let d = rng.vec(20.0);
            dxy.extend([d.x, d.y]);
        }
        world.step().unwrap();
        world.sweep(&bullets, &dxy, 1).unwrap();
        let hits: Vec<f32> = world.cast_results().t[..bullets.len()].to_vec();
        let c = world.sweep_crossings();
        let (items, ids, ts) = (c.items.to_vec(), c.ids.to_vec(), c.t.to_vec());
        assert!(items.windows(2).all(|w| w[0] <= w[1]), "grouped by item");
        for (i, &b) in bullets.iter().enumerate() {
            let shape = world.shape(b).unwrap().clone();
            let (x, y, a) = world.transform(b).unwrap();
            let d = Vec2::new(dxy[2 * i], dxy[2 * i + 1]);
            let mine: Vec<(u32, f32)> = (0..ids.len())
                .filter(|&k| items[k] as usize == i)
                .map(|k| (ids[k], ts[k]))
                .collect();
            assert!(mine.windows(2).all(|w| w[0].1 <= w[1].1), "{mine:?}");
            for &s in &sensors {
                let (sx, sy, sa) = world.transform(s).unwrap();
                let pose = sepax::Transform::from_xy_angle(sx, sy, sa);
                let sensor = world.shape(s).unwrap();
                let path = SampledPath {
                    shape: &shape,
                    start: Vec2::new(x, y),
                    angle: a,
                    delta: d,
                    reach: hits[i],
                };
                let report = mine.iter().find(|c| c.0 == s);
                let what = format!("bullet {i}, sensor {s}");
                let first = path.first_touch(sensor, &pose);
                if path.judge(first, report.map(|r| r.1), &what) == Judged::Graze {
                    grazes += 1;
                }
                reported += usize::from(report.is_some());
            }
        }
    }
    assert!(reported > 100, "only {reported} crossings");
    assert!(
        grazes * 20 < reported,
        "{grazes} of {reported} between samples"
    );
}

#[test]
fn a_filter_that_excludes_sensors_leaves_them_out_of_queries() {
    let mut world = World::new();
    let circle = || Shape::circle(1.0).unwrap();
    let coin = world.add(circle(), 0.0, 0.0, 0.0, fixed()).unwrap();
    world.set_sensor(coin, true).unwrap();
    let crate_ = world.add(circle(), 0.5, 0.0, 0.0, fixed()).unwrap();
    world.step().unwrap();
    let all = sepax::world::QueryFilter::default();
    let solid = sepax::world::QueryFilter {
        exclude_sensors: true,
        ..all
    };
    let mut found = Vec::new();
    world
        .query_point(Vec2::new(0.2, 0.0), all, &mut found)
        .unwrap();
    assert_eq!(found, [coin, crate_]);
    found.clear();
    world
        .query_point(Vec2::new(0.2, 0.0), solid, &mut found)
        .unwrap();
    assert_eq!(found, [crate_]);
    let near = world.closest_point(Vec2::new(-3.0, 0.0), solid, f32::INFINITY);
    assert_eq!(near.unwrap().map(|n| n.id), Some(crate_));
    let near = world.closest_point(Vec2::new(-3.0, 0.0), all, f32::INFINITY);
    assert_eq!(near.unwrap().map(|n| n.id), Some(coin));
}

#[test]
fn a_batched_sweep_crosses_the_sensors_its_items_cross_one_by_one() {
    // A sweep of many items finds crossings through trees of the sensors alone, one of a
    // few items by walking the broad phase: both must list the same sensors, in the same
    // order, at the same t. Random worlds; between a sweep and the next, sensors are
    // added, removed, moved (static and moving) and turned solid or sensor, so that the
    // trees kept between sweeps must follow the world, and the mask leaves some out.
    let mut rng = Rng::new(0x5EED_BA7C);
    let mut compared = 0;
    for scene in 0..30 {
        let mut world = World::new();
        let mut sensors = Vec::new();
        for k in 0..60 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let shape = random_shape(&mut rng, kind, Style::Generic, 1.5);
            let p = rng.vec(20.0);
            let options = ShapeOptions {
                layer: 1 << (k % 3),
                is_static: k % 2 == 0,
                ..ShapeOptions::default()
            };
            let id = world.add(shape, p.x, p.y, rng.angle(), options).unwrap();
            if k % 3 != 1 {
                world.set_sensor(id, true).unwrap();
                sensors.push(id);
            }
        }
        let solid = 1; // k = 1: not a sensor
        let bullets: Vec<u32> = (0..24)
            .map(|k| {
                let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
                let shape = random_shape(&mut rng, kind, Style::Generic, 0.4);
                let p = rng.vec(20.0);
                let layer = ShapeOptions {
                    layer: 8,
                    mask: 7,
                    ..ShapeOptions::default()
                };
                world.add(shape, p.x, p.y, rng.angle(), layer).unwrap()
            })
            .collect();
        let mask = if scene % 2 == 0 { u32::MAX } else { 3 };
        let listed = |world: &World, item_of: &dyn Fn(u32) -> u32| {
            let c = world.sweep_crossings();
            (0..c.ids.len())
                .map(|k| (item_of(c.items[k]), c.ids[k], c.t[k].to_bits()))
                .collect::<Vec<_>>()
        };
        // Each round: a step, a batched sweep (which builds the trees), one kind of change,
        // then the batched sweep again against the items swept one by one.
        for round in 0..5 {
            world.step().unwrap();
            let dxy: Vec<f32> = (0..bullets.len())
                .flat_map(|_| {
                    let d = rng.vec(25.0);
                    [d.x, d.y]
                })
                .collect();
            world.sweep(&bullets, &dxy, mask).unwrap();
            let statics: Vec<u32> = (sensors.iter().copied())
                .filter(|&s| world.is_static(s).unwrap())
                .collect();
            let pick = statics[(scene + round) % statics.len()];
            match round {
                0 => world.set_sensor(pick, false).unwrap(),
                1 => {
                    let (x, y, a) = world.transform(pick).unwrap();
                    world
                        .set_transform(pick, x + 1.5, y - 1.0, a + 0.5)
                        .unwrap();
                }
                2 => {
                    let shape = Shape::circle(2.0).unwrap();
                    let late = world.add(shape, 0.0, 0.0, 0.0, fixed()).unwrap();
                    world.set_sensor(late, true).unwrap();
                    sensors.push(late);
                }
                3 => world.remove(pick).unwrap(),
                _ => {
                    // A moving sensor moved, and a solid shape made a sensor.
                    let moving = (sensors.iter().copied())
                        .find(|&s| !world.is_static(s).unwrap())
                        .unwrap();
                    let (x, y, a) = world.transform(moving).unwrap();
                    world.set_transform(moving, x - 2.0, y, a).unwrap();
                    world.set_sensor(solid, true).unwrap();
                }
            }
            sensors.retain(|&s| world.contains(s) && world.is_sensor(s).unwrap());
            world.sweep(&bullets, &dxy, mask).unwrap();
            let batched = listed(&world, &|item| item);
            let mut single = Vec::new();
            for (i, &b) in bullets.iter().enumerate() {
                world.sweep(&[b], &dxy[2 * i..2 * i + 2], mask).unwrap();
                single.extend(listed(&world, &|_| i as u32));
            }
            assert_eq!(batched, single, "scene {scene}, round {round}");
            compared += batched.len();
        }
    }
    assert!(compared > 200, "only {compared} crossings compared");
}
