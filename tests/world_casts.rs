//! The world's casts (`cast_shape`, `sweep`, `raycast_many`) must equal a brute force over
//! every live shape (the pairwise cast or ray cast against each, no broad phase), the
//! batched forms must equal the single calls, fast bullets must never pass through walls,
//! and bad input must be named and change nothing.

mod common;

use common::rng::Rng;
use common::{random_shape, Style};
use sepax::cast::cast_shape;
use sepax::math::{Transform, Vec2};
use sepax::raycast::raycast;
use sepax::world::{WorldCastHit, MAX_COORDINATE};
use sepax::{Shape, ShapeKind, ShapeOptions, World, WorldError};

const ALL: u32 = u32::MAX;

/// A random shape of a random kind, about `lo..hi` across.
fn any_shape(rng: &mut Rng, lo: f64, hi: f64) -> Shape {
    let kind = ShapeKind::ALL[rng.int(0, 6) as usize];
    let size = rng.range(lo, hi);
    random_shape(rng, kind, Style::Generic, size)
}

/// A seeded world of every kind: statics, three layers, custom masks when `masks`, then a
/// step, a few removals and a few adds after it (which casts see at once).
fn scene(seed: u64, count: usize, masks: bool) -> (World, Rng, Vec<u32>) {
    let mut rng = Rng::new(seed);
    let mut world = World::new();
    let extent = 120.0;
    for k in 0..count {
        let options = ShapeOptions {
            layer: 1 << (k % 3),
            mask: if masks && k % 5 == 0 { 0b011 } else { ALL },
            is_static: k % 4 == 0,
        };
        let shape = any_shape(&mut rng, 0.5, 4.0);
        let (x, y) = (rng.range(0.0, extent) as f32, rng.range(0.0, extent) as f32);
        world.add(shape, x, y, rng.angle(), options).unwrap();
    }
    world.step().unwrap();
    for id in (0..count as u32).step_by(23) {
        world.remove(id).unwrap();
    }
    let mut fresh = Vec::new();
    for _ in 0..5 {
        let shape = any_shape(&mut rng, 2.0, 2.0);
        let (x, y) = (rng.range(0.0, extent) as f32, rng.range(0.0, extent) as f32);
        fresh.push(
            world
                .add(shape, x, y, 0.0, ShapeOptions::default())
                .unwrap(),
        );
    }
    (world, rng, fresh)
}

/// The live shapes, with the poses of their written transforms.
fn stepped(world: &World) -> Vec<(u32, Transform)> {
    common::live_ids(world)
        .into_iter()
        .map(|id| {
            let (x, y, a) = world.transform(id).unwrap();
            (id, Transform::from_xy_angle(x, y, a))
        })
        .collect()
}

/// The closest of every exact cast, ties to the smaller id, among the shapes `accepts`.
fn brute_cast(
    world: &World,
    visible: &[(u32, Transform)],
    shape: &Shape,
    pose: &Transform,
    delta: Vec2,
    accepts: impl Fn(u32) -> bool,
) -> Option<WorldCastHit> {
    let mut best: Option<WorldCastHit> = None;
    for &(id, target_pose) in visible {
        if !accepts(id) {
            continue;
        }
        if let Some(hit) = cast_shape(shape, pose, delta, world.shape(id).unwrap(), &target_pose) {
            let better = best.map_or(true, |b| hit.t < b.hit.t || (hit.t == b.hit.t && id < b.id));
            if better {
                best = Some(WorldCastHit {
                    id,
                    hit,
                    cell: sepax::world::NO_CELL,
                });
            }
        }
    }
    best
}

fn random_delta(rng: &mut Rng) -> Vec2 {
    match rng.int(0, 5) {
        0 => Vec2::ZERO,
        1 => rng.vec(3.0),
        2 => rng.vec(60.0),
        3 => rng.vec(400.0),
        4 => Vec2::new(rng.range(-200.0, 200.0) as f32, 0.0),
        _ => rng.vec(1e5),
    }
}

fn bits(hit: Option<WorldCastHit>) -> Option<(u32, [u32; 5])> {
    hit.map(|h| {
        let c = h.hit;
        (
            h.id,
            [c.t, c.normal.x, c.normal.y, c.point.x, c.point.y].map(f32::to_bits),
        )
    })
}

#[test]
fn cast_shape_equals_brute_force() {
    for seed in 1..=4 {
        let (mut world, mut rng, _) = scene(seed, 400, false);
        let visible = stepped(&world);
        let mut hits = 0;
        for _ in 0..300 {
            let shape = any_shape(&mut rng, 0.2, 3.0);
            let (x, y, a) = (
                rng.range(-20.0, 140.0) as f32,
                rng.range(-20.0, 140.0) as f32,
                rng.angle(),
            );
            let delta = random_delta(&mut rng);
            let mask = if rng.chance(0.5) { ALL } else { 0b101 };
            let got = world.cast_shape(&shape, x, y, a, delta, mask).unwrap();
            let world = &world;
            let pose = Transform::from_xy_angle(x, y, a);
            let want = brute_cast(world, &visible, &shape, &pose, delta, |id| {
                world.layer_mask(id).unwrap().0 & mask != 0
            });
            assert_eq!(
                bits(got),
                bits(want),
                "seed {seed}: {shape:?} at {pose:?} by {delta:?}"
            );
            hits += usize::from(got.is_some());
        }
        assert!(hits > 100, "only {hits} hits: the test would prove little");
    }
}

#[test]
fn sweep_equals_brute_force_and_is_order_independent() {
    for seed in 10..=13 {
        let (mut world, mut rng, fresh) = scene(seed, 400, true);
        // Moving shapes placed somewhere new since the step: the sweep starts from there,
        // and the others meet them there.
        let mut ids: Vec<u32> = common::live_ids(&world).into_iter().step_by(3).collect();
        ids.push(fresh[0]);
        for &id in ids.iter().step_by(2) {
            if !world.is_static(id).unwrap() {
                let (x, y, a) = world.transform(id).unwrap();
                world.set_transform(id, x + 3.0, y - 2.0, a + 0.5).unwrap();
            }
        }
        let visible = stepped(&world);
        let dxy: Vec<f32> = ids
            .iter()
            .flat_map(|_| {
                let d = random_delta(&mut rng);
                [d.x, d.y]
            })
            .collect();
        let mask = 0b111 & !(1 << (seed % 3));
        let count = world.sweep(&ids, &dxy, mask).unwrap();
        assert_eq!(count, ids.len());
        let results = world.cast_results();
        let (t, hit_ids, normals, points) = (
            results.t.to_vec(),
            results.ids.to_vec(),
            results.normals.to_vec(),
            results.points.to_vec(),
        );
        let mut hits = 0;
        for (i, &id) in ids.iter().enumerate() {
            let (x, y, a) = world.transform(id).unwrap();
            let pose = Transform::from_xy_angle(x, y, a);
            let delta = Vec2::new(dxy[2 * i], dxy[2 * i + 1]);
            let (layer, own_mask) = world.layer_mask(id).unwrap();
            let want = brute_cast(
                &world,
                &visible,
                world.shape(id).unwrap(),
                &pose,
                delta,
                |o| {
                    let (lo, mo) = world.layer_mask(o).unwrap();
                    o != id && lo & mask != 0 && lo & own_mask != 0 && layer & mo != 0
                },
            );
            let got = (
                hit_ids[i],
                [
                    t[i],
                    normals[2 * i],
                    normals[2 * i + 1],
                    points[2 * i],
                    points[2 * i + 1],
                ]
                .map(f32::to_bits),
            );
            match want {
                Some(_) => {
                    assert_eq!(Some(got), bits(want), "seed {seed} item {i} (id {id})");
                    hits += 1;
                }
                None => {
                    let end = pose.translation + delta;
                    assert_eq!(
                        got,
                        (u32::MAX, [1.0, 0.0, 0.0, end.x, end.y].map(f32::to_bits))
                    );
                }
            }
            // One item alone gives the same answer as in the batch.
            world.sweep(&[id], &dxy[2 * i..2 * i + 2], mask).unwrap();
            let one = world.cast_results();
            assert_eq!(
                (one.ids[0], one.t[0].to_bits(), one.points[0].to_bits()),
                (hit_ids[i], t[i].to_bits(), points[2 * i].to_bits())
            );
        }
        assert!(hits > ids.len() / 4, "only {hits} of {} hit", ids.len());
        world.validate().unwrap();
    }
}

#[test]
fn sweep_of_shapes_off_the_mask_equals_cast_shape() {
    // Bullets on their own layer, excluded by the call's mask: each sweep is then exactly
    // the single cast of the same shape from the same pose.
    let (mut world, mut rng, _) = scene(21, 300, false);
    let bullet = ShapeOptions {
        layer: 1 << 8,
        ..ShapeOptions::default()
    };
    let mut ids = Vec::new();
    for _ in 0..60 {
        let shape = any_shape(&mut rng, 0.5, 0.5);
        let (x, y) = (rng.range(0.0, 120.0) as f32, rng.range(0.0, 120.0) as f32);
        ids.push(world.add(shape, x, y, rng.angle(), bullet).unwrap());
    }
    world.step().unwrap();
    let dxy: Vec<f32> = ids
        .iter()
        .flat_map(|_| {
            let d = random_delta(&mut rng);
            [d.x, d.y]
        })
        .collect();
    let mask = !(1 << 8);
    world.sweep(&ids, &dxy, mask).unwrap();
    let r = world.cast_results();
    let batch: Vec<_> = (0..ids.len())
        .map(|i| (r.ids[i], r.t[i], r.normals[2 * i], r.points[2 * i + 1]))
        .collect();
    for (i, &id) in ids.iter().enumerate() {
        let (x, y, a) = world.transform(id).unwrap();
        let delta = Vec2::new(dxy[2 * i], dxy[2 * i + 1]);
        let shape = world.shape(id).unwrap().clone();
        let single = world.cast_shape(&shape, x, y, a, delta, mask).unwrap();
        let want = match single {
            Some(h) => (h.id, h.hit.t, h.hit.normal.x, h.hit.point.y),
            None => (u32::MAX, 1.0, 0.0, y + delta.y),
        };
        assert_eq!(batch[i], want, "bullet {i}");
    }
}

#[test]
fn raycast_many_equals_raycast_and_brute_force() {
    for seed in 30..=33 {
        let (mut world, mut rng, _) = scene(seed, 400, false);
        let visible = stepped(&world);
        let mut rays = Vec::new();
        for _ in 0..300 {
            let d = loop {
                let d = rng.vec(1.0);
                if d != Vec2::ZERO {
                    break d * rng.range(0.01, 100.0) as f32;
                }
            };
            rays.extend([
                rng.range(-20.0, 140.0) as f32,
                rng.range(-20.0, 140.0) as f32,
                d.x,
                d.y,
            ]);
        }
        for max_distance in [f32::INFINITY, 30.0, 0.0] {
            let mask = if seed % 2 == 0 { ALL } else { 0b110 };
            let count = world.raycast_many(&rays, max_distance, mask).unwrap();
            assert_eq!(count, rays.len() / 4);
            let mut twin = world.clone();
            let r = world.cast_results();
            let mut hits = 0;
            for (i, ray) in rays.chunks_exact(4).enumerate() {
                let (origin, dir) = (Vec2::new(ray[0], ray[1]), Vec2::new(ray[2], ray[3]));
                let single = twin.raycast(origin, dir, max_distance, mask).unwrap();
                let got = (r.ids[i], r.t[i], r.normals[2 * i], r.normals[2 * i + 1]);
                let got_point = (r.points[2 * i], r.points[2 * i + 1]);
                match single {
                    Some(h) => {
                        hits += 1;
                        assert_eq!(got, (h.id, h.hit.distance, h.hit.normal.x, h.hit.normal.y));
                        assert_eq!(got_point, (h.hit.point.x, h.hit.point.y));
                    }
                    None => {
                        let reach = max_distance.min(4.0 * MAX_COORDINATE);
                        assert_eq!(got, (u32::MAX, reach, 0.0, 0.0), "ray {i}");
                    }
                }
                // The brute force over every visible shape agrees on the distance and id.
                // Normalised as the world does: scaled by the largest component first.
                let scale = dir.x.abs().max(dir.y.abs());
                let unit = Vec2::new(dir.x / scale, dir.y / scale).normalize_or_zero();
                let reach = max_distance.min(4.0 * MAX_COORDINATE);
                let mut best: Option<(f32, u32)> = None;
                for &(id, pose) in &visible {
                    if world.layer_mask(id).unwrap().0 & mask == 0 {
                        continue;
                    }
                    if let Some(h) = raycast(world.shape(id).unwrap(), &pose, origin, unit, reach) {
                        if best.map_or(true, |(d, b)| h.distance < d || (h.distance == d && id < b))
                        {
                            best = Some((h.distance, id));
                        }
                    }
                }
                let brute = best.map_or((u32::MAX, reach), |(d, id)| (id, d));
                assert_eq!((r.ids[i], r.t[i]), brute, "seed {seed} ray {i}");
            }
            if max_distance > 0.0 {
                assert!(hits > 30, "only {hits} hits");
            }
        }
        world.validate().unwrap();
    }
}

#[test]
fn fast_bullets_never_pass_through_walls() {
    // Walls 10 units thick, 0.01 thick, and segments (no thickness), across the bullets'
    // way; bullets of every kind cross 40 to 400 units per frame. Every bullet whose path
    // crosses the wall's line must stop at the wall, frame after frame.
    let mut world = World::new();
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    let thick = world
        .add(
            Shape::aligned_box(5.0, 1000.0).unwrap(),
            100.0,
            0.0,
            0.0,
            fixed,
        )
        .unwrap();
    let thin = world
        .add(
            Shape::oriented_box(0.005, 1000.0).unwrap(),
            300.0,
            0.0,
            0.0,
            fixed,
        )
        .unwrap();
    let (segment, mid) =
        Shape::segment_between(Vec2::new(500.0, -1000.0), Vec2::new(500.7, 1000.0)).unwrap();
    let seg = world.add(segment, mid.x, mid.y, 0.0, fixed).unwrap();
    let walls = [(thick, 95.0), (thin, 299.995), (seg, 500.0)];
    let bullet = ShapeOptions {
        layer: 2,
        mask: 1,
        is_static: false,
    };
    let mut rng = Rng::new(77);
    let mut ids = Vec::new();
    let mut speeds = Vec::new();
    for k in 0..70 {
        let shape = random_shape(&mut rng, ShapeKind::ALL[k % 7], Style::Generic, 0.3);
        let x = [0.0, 200.0, 400.0][k % 3] + rng.range(-60.0, 20.0) as f32;
        ids.push(
            world
                .add(
                    shape,
                    x,
                    rng.range(-500.0, 500.0) as f32,
                    rng.angle(),
                    bullet,
                )
                .unwrap(),
        );
        speeds.push(Vec2::new(
            rng.range(40.0, 400.0) as f32,
            rng.range(-30.0, 30.0) as f32,
        ));
    }
    world.step().unwrap();
    let mut stopped = vec![false; ids.len()];
    let mut dxy = vec![0.0; 2 * ids.len()];
    for _frame in 0..20 {
        for (k, v) in speeds.iter().enumerate() {
            let v = if stopped[k] { Vec2::ZERO } else { *v };
            dxy[2 * k] = v.x;
            dxy[2 * k + 1] = v.y;
        }
        world.sweep(&ids, &dxy, ALL).unwrap();
        let r = world.cast_results();
        let moves: Vec<(u32, f32)> = (0..ids.len()).map(|k| (r.ids[k], r.t[k])).collect();
        for (k, &id) in ids.iter().enumerate() {
            if stopped[k] {
                continue;
            }
            let (x, y, a) = world.transform(id).unwrap();
            let (hit, t) = moves[k];
            let pose = Transform::from_xy_angle(x, y, a);
            let reach = world.shape(id).unwrap().aabb(&pose).max.x;
            // The first wall ahead of the bullet's front that its path reaches.
            let ahead = walls.iter().find(|&&(_, face)| face >= reach - 1e-3);
            if let Some(&(wall, face)) = ahead {
                if reach + dxy[2 * k] >= face + 1.0 {
                    assert_eq!(
                        hit,
                        wall,
                        "bullet {k} ({:?}) passed wall {wall}",
                        world.shape(id)
                    );
                }
            }
            if hit != u32::MAX {
                stopped[k] = true;
            }
            let (nx, ny) = (x + dxy[2 * k] * t, y + dxy[2 * k + 1] * t);
            world.set_transform(id, nx, ny, a).unwrap();
        }
        world.step().unwrap();
    }
    assert!(stopped.iter().filter(|&&s| s).count() > 60);
}

#[test]
fn layers_and_masks_filter_every_cast() {
    let mut world = World::new();
    let opts = |layer, mask| ShapeOptions {
        layer,
        mask,
        is_static: false,
    };
    let bullet = world
        .add(Shape::circle(0.5).unwrap(), 0.0, 0.0, 0.0, opts(2, 0b101))
        .unwrap();
    let near = world
        .add(
            Shape::aligned_box(0.5, 5.0).unwrap(),
            5.0,
            0.0,
            0.0,
            opts(1, 0b001),
        )
        .unwrap();
    let mid = world
        .add(
            Shape::aligned_box(0.5, 5.0).unwrap(),
            10.0,
            0.0,
            0.0,
            opts(4, ALL),
        )
        .unwrap();
    let far = world
        .add(
            Shape::aligned_box(0.5, 5.0).unwrap(),
            15.0,
            0.0,
            0.0,
            opts(1, ALL),
        )
        .unwrap();
    world.step().unwrap();
    let sweep_hit = |world: &mut World, mask| {
        world.sweep(&[bullet], &[20.0, 0.0], mask).unwrap();
        world.cast_results().ids[0]
    };
    // `near` does not collide with layer 2 (its mask is 1): skipped both ways.
    assert_eq!(sweep_hit(&mut world, ALL), mid);
    assert_eq!(sweep_hit(&mut world, !4), far);
    assert_eq!(sweep_hit(&mut world, 0), u32::MAX);
    // The bullet's own mask: 0b101 excludes nothing here; with 0b100 only `mid` is left.
    world.set_layer_mask(bullet, 2, 0b100).unwrap();
    assert_eq!(sweep_hit(&mut world, !4), u32::MAX);
    // cast_shape and rays filter by the call's mask alone.
    let probe = Shape::circle(0.5).unwrap();
    let mut cast = |mask| {
        world
            .cast_shape(&probe, 0.0, 3.0, 0.0, Vec2::new(20.0, 0.0), mask)
            .unwrap()
            .map(|h| h.id)
    };
    assert_eq!(cast(ALL), Some(near));
    assert_eq!(cast(4 | 2), Some(mid));
    assert_eq!(cast(2), None);
    let mut w = world.clone();
    w.raycast_many(&[0.0, 1.0, 1.0, 0.0, 0.0, 1.0, -1.0, 0.0], 100.0, !1)
        .unwrap();
    assert_eq!(&w.cast_results().ids[..2], [mid, u32::MAX]);
}

#[test]
fn starting_in_contact_hits_at_zero_and_zero_motion_only_then() {
    let mut world = World::new();
    let [a, b, c] = [0.0, 1.5, 10.0].map(|x| {
        let shape = Shape::circle(1.0).unwrap();
        world
            .add(shape, x, 0.0, 0.0, ShapeOptions::default())
            .unwrap()
    });
    world.step().unwrap();
    world.sweep(&[a, c], &[0.0, 0.0, 0.0, 0.0], ALL).unwrap();
    let r = world.cast_results();
    assert_eq!((r.ids[0], r.t[0]), (b, 0.0));
    assert_eq!((r.normals[0], r.normals[1]), (-1.0, 0.0)); // from b towards a
    assert_eq!((r.ids[1], r.t[1]), (u32::MAX, 1.0));
    // Moving away from the contact still reports it at t = 0 (the normal says which way is out).
    world.sweep(&[a], &[-5.0, 0.0], ALL).unwrap();
    assert_eq!(world.cast_results().t[0], 0.0);
}

#[test]
fn enormous_motions_are_exact_and_rays_are_clipped() {
    let mut world = World::new();
    let wall = world
        .add(
            Shape::aligned_box(1.0, 1.0).unwrap(),
            1000.0,
            0.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    let bullet = world
        .add(Shape::point(), 0.0, 0.0, 0.0, ShapeOptions::default())
        .unwrap();
    world.step().unwrap();
    for dx in [1e6f32, 1e8, 3e38] {
        world.sweep(&[bullet], &[dx, 0.0], ALL).unwrap();
        let r = world.cast_results();
        assert_eq!(r.ids[0], wall, "dx {dx}");
        assert!(
            (r.t[0] * dx - 999.0).abs() <= 999.0 * 1e-6,
            "dx {dx}: t {}",
            r.t[0]
        );
        assert_eq!(r.points[0], 999.0);
    }
    world
        .raycast_many(
            &[0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -1.0, 0.0],
            f32::INFINITY,
            ALL,
        )
        .unwrap();
    let r = world.cast_results();
    assert_eq!((r.ids[0], r.t[0]), (wall, 999.0));
    assert_eq!(
        (r.ids[1], r.t[1], r.points[2]),
        (u32::MAX, 4.0 * MAX_COORDINATE, -4.0 * MAX_COORDINATE)
    );
}

#[test]
fn bad_input_is_named_and_changes_nothing() {
    let (mut world, _, _) = scene(5, 60, false);
    let id = common::live_ids(&world)[0];
    world.sweep(&[id], &[1.0, 2.0], ALL).unwrap();
    let before = (
        world.cast_results().t.to_vec(),
        world.cast_results().ids.to_vec(),
    );
    let probe = Shape::circle(1.0).unwrap();
    let cases: Vec<(Result<usize, WorldError>, &str)> = vec![
        (
            world.clone().sweep(&[id, id], &[1.0, 2.0, 3.0], ALL),
            "dxy must have length 4 (got 3)",
        ),
        (
            world
                .clone()
                .sweep(&[id, 99_999], &[1.0, 2.0, 3.0, 4.0], ALL),
            "ids: 99999 is not the id",
        ),
        (
            world
                .clone()
                .sweep(&[id, id], &[1.0, 2.0, 3.0, f32::NAN], ALL),
            "dxy[3] must be a finite",
        ),
        (
            world.clone().sweep(&[id], &[f32::INFINITY, 0.0], ALL),
            "dxy[0] must be a finite",
        ),
        (
            world.clone().raycast_many(&[0.0; 7], 1.0, ALL),
            "rays must have length 8 (got 7)",
        ),
        (
            world
                .clone()
                .raycast_many(&[0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0], 1.0, ALL),
            "rays[6], rays[7] must not both be 0",
        ),
        (
            world
                .clone()
                .raycast_many(&[0.0, 0.0, 1.0, 0.0, 0.0, f32::NAN, 1.0, 0.0], 1.0, ALL),
            "rays[5] must be a finite",
        ),
        (
            world.clone().raycast_many(&[0.0, 2e7, 1.0, 0.0], 1.0, ALL),
            "rays[1] must be between",
        ),
        (
            world
                .clone()
                .raycast_many(&[0.0, 0.0, f32::NEG_INFINITY, 0.0], 1.0, ALL),
            "rays[2] must be a finite",
        ),
        (
            world
                .clone()
                .raycast_many(&[0.0, 0.0, 1.0, 0.0], f32::NAN, ALL),
            "maxDistance",
        ),
        (
            world.clone().raycast_many(&[0.0, 0.0, 1.0, 0.0], -1.0, ALL),
            "maxDistance",
        ),
        (
            world
                .cast_shape(&probe, 0.0, 0.0, 0.0, Vec2::new(f32::NAN, 0.0), ALL)
                .map(|_| 0),
            "dx must be a finite",
        ),
        (
            world
                .cast_shape(&probe, 0.0, 0.0, 0.0, Vec2::new(0.0, f32::INFINITY), ALL)
                .map(|_| 0),
            "dy must be a finite",
        ),
        (
            world
                .cast_shape(&probe, 2e7, 0.0, 0.0, Vec2::ZERO, ALL)
                .map(|_| 0),
            "x must be between",
        ),
    ];
    for (result, needle) in cases {
        let message = result.unwrap_err().to_string();
        assert!(message.contains(needle), "{message:?} lacks {needle:?}");
    }
    // A shape whose written transform is bad is named as the step names it.
    world.xs_mut()[id as usize] = f32::NAN;
    let err = world.sweep(&[id], &[1.0, 0.0], ALL).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("x of shape {id} must be a finite number")
    );
    world.xs_mut()[id as usize] = 5.0;
    // Failed calls on the world itself wrote nothing.
    for bad in [&[1.0f32, 2.0, 3.0][..], &[f32::NAN, 0.0]] {
        assert!(world.sweep(&[id], bad, ALL).is_err());
    }
    assert!(world.raycast_many(&[0.0, 0.0, 0.0, 0.0], 1.0, ALL).is_err());
    assert_eq!(
        (
            world.cast_results().t.to_vec(),
            world.cast_results().ids.to_vec()
        ),
        before
    );
    world.validate().unwrap();
    assert!(world.sweep(&[], &[], ALL).is_ok_and(|n| n == 0));
}

#[test]
fn casts_see_shapes_at_rest() {
    // Unmoved for many steps, the moving shapes rest (they leave the per-step grid for the
    // resting one); casts and sweeps must still see every one of them.
    for seed in 5..=6 {
        let (mut world, mut rng, _) = scene(seed, 400, false);
        for _ in 0..2 * sepax::world::REST_AFTER {
            world.step().unwrap();
        }
        assert!(
            world.resting_count() > 200,
            "{} resting",
            world.resting_count()
        );
        let visible = stepped(&world);
        let mut hits = 0;
        for _ in 0..300 {
            let shape = any_shape(&mut rng, 0.2, 3.0);
            let (x, y, a) = (
                rng.range(-20.0, 140.0) as f32,
                rng.range(-20.0, 140.0) as f32,
                rng.angle(),
            );
            let delta = random_delta(&mut rng);
            let got = world.cast_shape(&shape, x, y, a, delta, ALL).unwrap();
            let pose = Transform::from_xy_angle(x, y, a);
            let want = brute_cast(&world, &visible, &shape, &pose, delta, |_| true);
            assert_eq!(
                bits(got),
                bits(want),
                "seed {seed}: {shape:?} at {pose:?} by {delta:?}"
            );
            hits += usize::from(got.is_some());
        }
        assert!(hits > 100, "only {hits} hits: the test would prove little");
    }
}

/// The ids `shape` at `(x, y, angle)` overlaps or touches, as the world's exact query sees
/// them (through a concave polygon's parts and a chain's smoothed segments).
fn overlapping(world: &mut World, shape: &Shape, x: f32, y: f32, angle: f32) -> Vec<u32> {
    let mut out = Vec::new();
    world
        .query_shape(shape, x, y, angle, ALL, &mut out)
        .unwrap();
    out
}

#[test]
fn casts_among_concave_polygons_and_chains_agree_with_the_overlap_query() {
    // Every cast of a convex shape through scenes of concave polygons, open zigzag chains
    // and convex shapes (not loops: a cast leaving a one-sided loop passes through its
    // segments, which a shape straddling one still overlaps, by design): a miss must leave every placement along the path clear of
    // what the start did not touch, and a hit at `t` must leave the path before `t` clear
    // and touch the shape it names at `t` (within the cast's rounding). The path is
    // sampled finely enough that no placement between two samples can pass through a
    // shape unseen: steps of at most a quarter of the mover's narrowest width.
    let mut rng = Rng::new(0xCA57_C4A1);
    let mut outlines = common::rng::Mulberry32::new(5);
    let (mut hits, mut misses, mut chain_hits, mut concave_hits) = (0, 0, 0, 0);
    for scene in 0..40 {
        let mut world = World::new();
        let (mut concave_ids, mut chain_ids) = (Vec::new(), Vec::new());
        for k in 0..30 {
            let (x, y) = (rng.range(0.0, 40.0) as f32, rng.range(0.0, 40.0) as f32);
            let options = ShapeOptions {
                is_static: k % 2 == 0,
                ..ShapeOptions::default()
            };
            match k % 5 {
                0 => {
                    let outline = common::outlines::radial(&mut outlines, 7 + k % 9, 4.0);
                    let concave = sepax::ConcavePolygon::new(&outline).unwrap();
                    concave_ids.push(
                        world
                            .add_concave(concave, x, y, rng.angle(), options)
                            .unwrap(),
                    );
                }
                1 => {
                    let count = 3 + k % 6;
                    let points: Vec<Vec2> = (0..count)
                        .map(|i| Vec2::new(2.0 * i as f32, rng.range(-2.0, 2.0) as f32))
                        .collect();
                    let chain = sepax::shape::Chain::new(&points, false).unwrap();
                    chain_ids.push(world.add_chain(chain, x, y, rng.angle(), options).unwrap());
                }
                _ => {
                    let shape = any_shape(&mut rng, 0.5, 3.0);
                    world.add(shape, x, y, rng.angle(), options).unwrap();
                }
            }
        }
        world.step().unwrap();
        for _ in 0..60 {
            let kind = ShapeKind::ALL[rng.int(0, 4) as usize]; // circle to capsule: a width
            let size = rng.range(0.4, 1.5);
            let mover = random_shape(&mut rng, kind, Style::Generic, size);
            let (x, y, a) = (
                rng.range(-5.0, 45.0) as f32,
                rng.range(-5.0, 45.0) as f32,
                rng.angle(),
            );
            let delta = Vec2::new(rng.range(-30.0, 30.0) as f32, rng.range(-30.0, 30.0) as f32);
            let start = overlapping(&mut world, &mover, x, y, a);
            let hit = world.cast_shape(&mover, x, y, a, delta, ALL).unwrap();
            let bound = mover.aabb(&Transform::from_xy_angle(0.0, 0.0, a)).extents();
            let width = match mover {
                Shape::Circle { radius } => 2.0 * radius,
                Shape::Capsule { radius, .. } => 2.0 * radius,
                _ => bound.x.min(bound.y) * 0.5,
            };
            let end_t = hit.map_or(1.0, |h| h.hit.t);
            let steps = ((delta.length() * end_t / (0.25 * width)).ceil() as usize).max(1);
            // Before the hit, less a margin for the cast's rounding and the last sample.
            let clear_until = if hit.is_some() {
                end_t - 1e-3 * (1.0 + 1.0 / delta.length())
            } else {
                1.0
            };
            for s in 0..=steps {
                let t = end_t * s as f32 / steps as f32;
                if t > clear_until {
                    break;
                }
                let (px, py) = (x + delta.x * t, y + delta.y * t);
                for other in overlapping(&mut world, &mover, px, py, a) {
                    assert!(
                        start.contains(&other),
                        "scene {scene}: {mover:?} at ({x}, {y}, {a}) cast by {delta:?} \
                         ({hit:?}) overlaps {other} at t = {t} without starting in it"
                    );
                }
            }
            match hit {
                None => misses += 1,
                Some(h) => {
                    hits += 1;
                    chain_hits += usize::from(chain_ids.contains(&h.id));
                    concave_hits += usize::from(concave_ids.contains(&h.id));
                }
            }
        }
    }
    assert!(
        hits > 400 && misses > 200 && chain_hits > 100 && concave_hits > 100,
        "{hits} hits ({chain_hits} on chains, {concave_hits} on concave polygons), {misses} misses"
    );
}
