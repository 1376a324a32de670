//! A steady-state step allocates nothing: once the buffers have grown to the scene, moving
//! every shape (through the batch setter and through the columns), moving a static shape,
//! and stepping must not touch the heap. Nor may sweeps and ray batches (`World::sweep`,
//! `World::raycast_many`) once their result buffers have grown to the largest batch.
//!
//! The scene repeats itself with a period of `PERIOD` steps (positions are a table indexed
//! by `step % PERIOD`), so after one period every buffer has seen its largest size and any
//! allocation in the measured period is a real per-step allocation, not growth.

// Host only: the counting allocator is a host dev-dependency.
#![cfg(not(target_arch = "wasm32"))]

use sepax::math::Vec2;
use sepax::{Shape, ShapeOptions, World, WorldOptions};

const PERIOD: usize = 64;

#[test]
fn steady_state_steps_do_not_allocate() {
    steady_state_steps(World::new());
}

/// The same with contact points: their buffers are reused like the pairs'.
#[test]
fn steady_state_steps_with_contact_points_do_not_allocate() {
    steady_state_steps(World::with_options(WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    }));
}

fn steady_state_steps(mut world: World) {
    let mut ids = Vec::new();
    let mut base = Vec::new();
    let side = 45usize;
    for i in 0..side * side {
        let (x, y) = ((i % side) as f32 * 3.0, (i / side) as f32 * 3.0);
        let shape = match i % 6 {
            0 => Shape::circle(1.6).unwrap(),
            1 => Shape::oriented_box(1.5, 0.9).unwrap(),
            2 => Shape::polygon(&[
                Vec2::new(-1.5, -1.2),
                Vec2::new(1.6, -1.0),
                Vec2::new(0.2, 1.7),
            ])
            .unwrap(),
            3 => Shape::capsule(1.2, 0.6).unwrap(),
            4 => Shape::aligned_box(1.4, 1.4).unwrap(),
            _ => Shape::segment(Vec2::new(-1.5, 0.0), Vec2::new(1.5, 0.3)).unwrap(),
        };
        let options = ShapeOptions {
            is_static: i % 50 == 0,
            layer: if i % 7 == 0 { 2 } else { 1 },
            ..ShapeOptions::default()
        };
        let id = world.add(shape, x, y, 0.0, options).unwrap();
        if !options.is_static {
            ids.push(id);
            base.push((x, y));
        }
    }
    let static_id = 0;
    assert!(world.is_static(static_id).unwrap());

    // Positions of every moving shape at each phase of the period, computed up front.
    let table: Vec<Vec<f32>> = (0..PERIOD)
        .map(|t| {
            let phase = t as f32 / PERIOD as f32 * core::f32::consts::TAU;
            base.iter()
                .enumerate()
                .flat_map(|(k, &(x, y))| {
                    let wobble = 1.4 * (phase + k as f32 * 0.37).sin();
                    [x + wobble, y - wobble * 0.5, phase + k as f32]
                })
                .collect()
        })
        .collect();

    let run = |world: &mut World, t: usize| {
        let xya = &table[t % PERIOD];
        if t % 2 == 0 {
            world.set_transforms(&ids, xya).unwrap();
        } else {
            for (k, &id) in ids.iter().enumerate() {
                world.xs_mut()[id as usize] = xya[3 * k];
                world.ys_mut()[id as usize] = xya[3 * k + 1];
                world.angles_mut()[id as usize] = xya[3 * k + 2];
            }
        }
        // One static shape moves too: its tree is rebuilt in place.
        let s = (t % PERIOD) as f32 * 0.01;
        world.set_transform(static_id, s, -s, 0.0).unwrap();
        let pairs = world.step().unwrap();
        (pairs, world.started().len() / 2)
    };

    for t in 0..2 * PERIOD {
        run(&mut world, t);
    }
    let (mut measured_pairs, mut measured_starts) = (0, 0);
    let info = allocation_counter::measure(|| {
        for t in 2 * PERIOD..3 * PERIOD {
            let (pairs, starts) = run(&mut world, t);
            measured_pairs += pairs;
            measured_starts += starts;
        }
    });
    // The scene must really collide and change for the measurement to mean anything.
    assert!(measured_pairs > PERIOD * 500, "only {measured_pairs} pairs");
    assert!(
        measured_starts > PERIOD * 10,
        "only {measured_starts} pairs started"
    );
    assert_eq!(
        info.count_total, 0,
        "{} allocations ({} bytes) in {PERIOD} steady-state steps",
        info.count_total, info.bytes_total
    );
}

#[test]
fn steady_state_sweeps_and_ray_batches_do_not_allocate() {
    let mut world = World::new();
    let side = 30usize;
    for i in 0..side * side {
        let (x, y) = ((i % side) as f32 * 4.0, (i / side) as f32 * 4.0);
        let shape = match i % 4 {
            0 => Shape::circle(1.2).unwrap(),
            1 => Shape::oriented_box(1.5, 0.4).unwrap(),
            2 => Shape::polygon(&[
                Vec2::new(-1.0, -1.0),
                Vec2::new(1.2, -0.8),
                Vec2::new(0.1, 1.3),
            ])
            .unwrap(),
            _ => Shape::segment(Vec2::new(-1.5, 0.0), Vec2::new(1.5, 0.3)).unwrap(),
        };
        let options = ShapeOptions {
            is_static: i % 3 == 0,
            ..ShapeOptions::default()
        };
        world.add(shape, x, y, 0.3 * i as f32, options).unwrap();
    }
    let bullet = ShapeOptions {
        layer: 2,
        mask: 1,
        is_static: false,
    };
    let mut ids = Vec::new();
    for k in 0..200 {
        let (x, y) = ((k % 20) as f32 * 6.0 + 2.0, (k / 20) as f32 * 11.0 + 2.0);
        ids.push(
            world
                .add(Shape::circle(0.2).unwrap(), x, y, 0.0, bullet)
                .unwrap(),
        );
    }
    world.step().unwrap();
    // Motions and rays of varying lengths and directions, so that call sizes vary too.
    let frame = |world: &mut World, t: usize| {
        let n = ids.len() - t % 50;
        let dxy: [f32; 400] =
            core::array::from_fn(|i| 45.0 * ((i + t) as f32 * 0.7).sin() + 5.0 * (i % 2) as f32);
        let swept = world.sweep(&ids[..n], &dxy[..2 * n], !2).unwrap();
        let rays: [f32; 400] = core::array::from_fn(|i| match i % 4 {
            0 | 1 => (i + t) as f32 % 110.0,
            _ => ((i * 7 + t) as f32).cos() + 0.01,
        });
        let cast = world
            .raycast_many(&rays[..4 * (n / 2)], 60.0, u32::MAX)
            .unwrap();
        let hits = world.cast_results().ids[..cast]
            .iter()
            .filter(|&&id| id != u32::MAX)
            .count();
        (swept, hits)
    };
    for t in 0..PERIOD {
        frame(&mut world, t);
    }
    let mut hits = 0;
    let info = allocation_counter::measure(|| {
        for t in PERIOD..2 * PERIOD {
            hits += frame(&mut world, t).1;
        }
    });
    assert!(hits > PERIOD * 20, "only {hits} ray hits");
    assert_eq!(
        info.count_total, 0,
        "{} allocations ({} bytes) in {PERIOD} steady-state sweeps and ray batches",
        info.count_total, info.bytes_total
    );
}

/// Movers walking to and fro over a tile floor between two walls, with gravity, stepped
/// every frame: once the first period has grown the mover's buffers, a move allocates
/// nothing (measured around the moves only; the steps have the test above).
#[test]
fn steady_state_moves_do_not_allocate() {
    use sepax::world::MoveOptions;
    let mut world = World::new();
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    for i in 0..200 {
        let tile = if i % 2 == 0 {
            Shape::aligned_box(0.5, 0.5).unwrap()
        } else {
            Shape::oriented_box(0.5, 0.5).unwrap()
        };
        world.add(tile, i as f32 + 0.5, 0.5, 0.0, fixed).unwrap();
    }
    for x in [-0.5, 200.5] {
        let wall = Shape::aligned_box(0.5, 10.0).unwrap();
        world.add(wall, x, -10.0, 0.0, fixed).unwrap();
    }
    // Coins the movers walk through: sensors, whose crossings each move reports.
    for i in 0..100 {
        let coin = Shape::circle(0.2).unwrap();
        let id = world
            .add(coin, i as f32 * 2.0 + 0.7, -0.5, 0.0, fixed)
            .unwrap();
        world.set_sensor(id, true).unwrap();
    }
    let movers: Vec<u32> = (0..100)
        .map(|k| {
            let shape = match k % 3 {
                0 => Shape::aligned_box(0.3, 0.5).unwrap(),
                1 => Shape::capsule(0.3, 0.25).unwrap(),
                _ => Shape::circle(0.4).unwrap(),
            };
            let x = 1.0 + k as f32 * 1.95;
            world
                .add(shape, x, -1.0, 0.0, ShapeOptions::default())
                .unwrap()
        })
        .collect();
    world.step().unwrap();
    let options = MoveOptions::default();
    // Every other mover with the character options: steps, snapping, carrying, slopes.
    let character = MoveOptions {
        max_step_height: 0.6,
        min_step_width: 0.1,
        snap_distance: 0.5,
        stop_on_slope: true,
        slide_on_steep: true,
        constant_slope_speed: true,
        carry: true,
        ..options
    };
    let crossed = core::cell::Cell::new(0);
    let frame = |world: &mut World, t: usize| -> usize {
        let mut contacts = 0;
        for (k, &id) in movers.iter().enumerate() {
            let options = if k % 2 == 0 { &options } else { &character };
            // Walks right for half a period, left for the other half: into the neighbours'
            // old places and the walls.
            let walk = if (t / (PERIOD / 2) + k) % 2 == 0 {
                0.2
            } else {
                -0.2
            };
            let moved = world
                .move_and_slide(id, Vec2::new(walk, 0.3), options)
                .unwrap();
            contacts += moved.contact_count;
            crossed.set(crossed.get() + world.move_crossings().len());
        }
        contacts
    };
    for t in 0..2 * PERIOD {
        frame(&mut world, t);
        world.step().unwrap();
    }
    let mut contacts = 0;
    let mut allocations = 0;
    for t in 2 * PERIOD..3 * PERIOD {
        let info = allocation_counter::measure(|| contacts += frame(&mut world, t));
        allocations += info.count_total;
        world.step().unwrap();
    }
    assert!(
        crossed.get() > PERIOD,
        "only {} sensors crossed",
        crossed.get()
    );
    assert!(contacts > PERIOD * 100, "only {contacts} contacts");
    assert_eq!(
        allocations, 0,
        "{allocations} allocations in {PERIOD} frames of moves"
    );
}

#[test]
fn steady_state_steps_with_resting_shapes_do_not_allocate() {
    steady_state_steps_with_resting_shapes(World::new());
}

/// The same with contact points, which carried pairs carry.
#[test]
fn steady_state_steps_with_resting_shapes_and_contact_points_do_not_allocate() {
    steady_state_steps_with_resting_shapes(World::with_options(WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    }));
}

fn steady_state_steps_with_resting_shapes(mut world: World) {
    // A tenth of the shapes moves all the time, a block of others moves for a quarter of
    // each period and rests for the rest of it (waking, falling asleep, the resting grid
    // rebuilt), the rest never moves after the first steps; a static moves now and then.
    let side = 40usize;
    let mut ids = Vec::new();
    for i in 0..side * side {
        let (x, y) = ((i % side) as f32 * 3.0, (i / side) as f32 * 3.0);
        let shape = match i % 3 {
            0 => Shape::circle(1.7).unwrap(),
            1 => Shape::oriented_box(1.5, 1.0).unwrap(),
            _ => Shape::capsule(1.2, 0.7).unwrap(),
        };
        let options = ShapeOptions {
            is_static: i % 97 == 0,
            ..ShapeOptions::default()
        };
        let id = world.add(shape, x, y, 0.0, options).unwrap();
        if !options.is_static {
            ids.push((id, x, y));
        }
    }
    let static_id = 0;
    let run = |world: &mut World, t: usize| {
        let phase = (t % PERIOD) as f32 / PERIOD as f32 * core::f32::consts::TAU;
        for (k, &(id, x, y)) in ids.iter().enumerate() {
            let always = k % 10 == 0;
            let sometimes = k % 10 == 1 && t % PERIOD < PERIOD / 4;
            if always || sometimes || t < 2 {
                let wobble = 1.2 * (phase + k as f32 * 0.37).sin();
                world
                    .set_transform(id, x + wobble, y - 0.5 * wobble, phase)
                    .unwrap();
            }
        }
        if t % 16 == 0 {
            let s = (t % PERIOD) as f32 * 0.01;
            world.set_transform(static_id, s, -s, 0.0).unwrap();
        }
        let pairs = world.step().unwrap();
        (pairs, world.resting_count())
    };
    for t in 0..2 * PERIOD {
        run(&mut world, t);
    }
    let (mut measured_pairs, mut most_resting) = (0, 0);
    let (mut last_resting, mut rebuilds, mut wakes) = (world.resting_count(), 0, 0);
    let info = allocation_counter::measure(|| {
        for t in 2 * PERIOD..3 * PERIOD {
            let (pairs, resting) = run(&mut world, t);
            measured_pairs += pairs;
            most_resting = most_resting.max(resting);
            // The resting set grows only when its grid is rebuilt.
            rebuilds += usize::from(resting > last_resting);
            wakes += usize::from(resting < last_resting);
            last_resting = resting;
        }
    });
    assert!(measured_pairs > PERIOD * 500, "only {measured_pairs} pairs");
    assert!(most_resting > ids.len() / 2, "only {most_resting} resting");
    assert!(
        rebuilds > 0 && wakes > 0,
        "{rebuilds} rebuilds, {wakes} wakes"
    );
    assert_eq!(
        info.count_total, 0,
        "{} allocations ({} bytes) in {PERIOD} steady-state steps",
        info.count_total, info.bytes_total
    );
}

#[test]
fn steady_state_steps_casts_and_moves_with_concave_shapes_do_not_allocate() {
    use sepax::world::MoveOptions;
    use sepax::ConcavePolygon;
    // Static and moving concave outlines (stars and a comb) among moving convex shapes.
    let star = |spikes: usize, inner: f32, outer: f32| -> ConcavePolygon {
        let points: Vec<Vec2> = (0..2 * spikes)
            .map(|k| {
                let a = k as f32 * core::f32::consts::PI / spikes as f32;
                let r = if k % 2 == 0 { outer } else { inner };
                Vec2::new(r * a.cos(), r * a.sin())
            })
            .collect();
        ConcavePolygon::new(&points).unwrap()
    };
    let mut comb = vec![Vec2::new(0.0, 0.0), Vec2::new(40.0, 0.0)];
    for k in (0..20).rev() {
        let x = 2.0 * k as f32;
        comb.extend([
            Vec2::new(x + 1.0, -1.0),
            Vec2::new(x + 1.0, -4.0),
            Vec2::new(x, -4.0),
        ]);
        if k > 0 {
            comb.push(Vec2::new(x, -1.0));
        }
    }
    let mut world = World::new();
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    let o = ShapeOptions::default();
    world
        .add_concave(ConcavePolygon::new(&comb).unwrap(), 0.0, 30.0, 0.0, fixed)
        .unwrap();
    for k in 0..4 {
        let s = star(12 + k, 3.0, 8.0);
        world
            .add_concave(s, 10.0 + 20.0 * k as f32, 12.0, 0.0, fixed)
            .unwrap();
    }
    let mut ids = Vec::new();
    let mut base = Vec::new();
    for k in 0..6 {
        let x = 5.0 + 14.0 * k as f32;
        ids.push(
            world
                .add_concave(star(5, 1.0, 2.5), x, 0.0, 0.0, o)
                .unwrap(),
        );
        base.push((x, 0.0));
    }
    add_crowd(&mut world, 2.0, &mut ids, &mut base);
    let table = wobble_table(&base);
    let sweepers = [ids[0], ids[1], ids[10], ids[11]];
    let motions = [0.0, 8.0, 3.0, -6.0, 0.0, 9.0, 1.0, 9.0];
    let rays: Vec<f32> = (0..20)
        .flat_map(|k| [k as f32 * 4.0, -5.0, 0.1, 1.0])
        .collect();
    let run = |world: &mut World, t: usize, hits: &mut Vec<u32>| -> usize {
        world.set_transforms(&ids, &table[t % PERIOD]).unwrap();
        let mut pairs = world.step().unwrap();
        world.sweep(&sweepers, &motions, u32::MAX).unwrap();
        world.raycast_many(&rays, 60.0, u32::MAX).unwrap();
        let moved = world
            .move_and_slide(ids[2], Vec2::new(0.5, 3.0), &MoveOptions::default())
            .unwrap();
        pairs += moved.contact_count;
        hits.clear();
        world
            .query_point(Vec2::new(10.0 + t as f32 * 0.1, 12.0), u32::MAX, hits)
            .unwrap();
        pairs + hits.len()
    };
    assert_steady(&mut world, run, PERIOD * 50, "concave shapes");
}

#[test]
fn steady_state_steps_casts_and_moves_with_chains_do_not_allocate() {
    use sepax::shape::Chain;
    use sepax::world::MoveOptions;
    // A static wavy floor of 1,000 segments, a static loop, and moving chains (a zigzag
    // that is swept and moved by move_and_slide) among moving convex shapes.
    let mut world = World::new();
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    let o = ShapeOptions::default();
    let floor: Vec<Vec2> = (0..=1000)
        .map(|i| Vec2::new(i as f32 * 0.1, 0.5 * (i as f32 * 0.05).sin()))
        .collect();
    world
        .add_chain(Chain::new(&floor, false).unwrap(), 0.0, 0.0, 0.0, fixed)
        .unwrap();
    let ring: Vec<Vec2> = (0..40)
        .map(|k| {
            let a = k as f32 * core::f32::consts::TAU / 40.0;
            Vec2::new(6.0 * a.cos(), 6.0 * a.sin())
        })
        .collect();
    world
        .add_chain(Chain::new(&ring, true).unwrap(), 50.0, 20.0, 0.0, fixed)
        .unwrap();
    let zigzag: Vec<Vec2> = (0..12)
        .map(|k| Vec2::new(k as f32, (k % 2) as f32))
        .collect();
    let mut ids = Vec::new();
    let mut base = Vec::new();
    for k in 0..4 {
        let (x, y) = (10.0 + 20.0 * k as f32, 8.0);
        let chain = Chain::new(&zigzag, k % 2 == 1).unwrap();
        ids.push(world.add_chain(chain, x, y, 0.0, o).unwrap());
        base.push((x, y));
    }
    add_crowd(&mut world, 1.0, &mut ids, &mut base);
    let table = wobble_table(&base);
    let sweepers = [ids[0], ids[1], ids[10], ids[11]];
    let motions = [0.0, -8.0, 3.0, -6.0, 0.0, -9.0, 1.0, -9.0];
    let rays: Vec<f32> = (0..20)
        .flat_map(|k| [k as f32 * 4.0, 25.0, 0.1, -1.0])
        .collect();
    let run = |world: &mut World, t: usize, hits: &mut Vec<u32>| -> usize {
        world.set_transforms(&ids, &table[t % PERIOD]).unwrap();
        let mut pairs = world.step().unwrap();
        world.sweep(&sweepers, &motions, u32::MAX).unwrap();
        world.raycast_many(&rays, 60.0, u32::MAX).unwrap();
        for mover in [ids[0], ids[6]] {
            let moved = world
                .move_and_slide(mover, Vec2::new(0.5, -3.0), &MoveOptions::default())
                .unwrap();
            pairs += moved.contact_count;
        }
        hits.clear();
        let probe = Shape::oriented_box(2.0, 1.0).unwrap();
        world
            .query_shape(&probe, 10.0 + t as f32 * 0.5, 0.5, 0.3, u32::MAX, hits)
            .unwrap();
        pairs + hits.len()
    };
    assert_steady(&mut world, run, PERIOD * 30, "chains");
}

/// Queries between the changes and the step (`world::changes`): every frame moves a crowd
/// through the setters and the columns (then `refresh`), moves a static, asks point, box,
/// shape and ray queries and a cast and moves a character before the step: once the
/// grid of refreshed shapes and its buffers have grown, nothing allocates.
#[test]
fn steady_state_queries_between_steps_do_not_allocate() {
    use sepax::world::MoveOptions;
    let mut world = World::new();
    let (mut ids, mut base) = (Vec::new(), Vec::new());
    add_crowd(&mut world, 0.0, &mut ids, &mut base);
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    let wall = world
        .add(
            Shape::aligned_box(2.0, 40.0).unwrap(),
            -6.0,
            20.0,
            0.0,
            fixed,
        )
        .unwrap();
    let table = wobble_table(&base);
    let probe = Shape::circle(2.0).unwrap();
    let options = MoveOptions::default();
    let frame = |world: &mut World, t: usize, hits: &mut Vec<u32>| {
        let xya = &table[t % PERIOD];
        let half = ids.len() / 2;
        world
            .set_transforms(&ids[..half], &xya[..3 * half])
            .unwrap();
        let mut found = 0;
        for k in 0..8 {
            let p = Vec2::new(k as f32 * 10.0, (t % 30) as f32);
            hits.clear();
            world.query_point(p, u32::MAX, hits).unwrap();
            world
                .query_aabb(p, p + Vec2::new(6.0, 6.0), u32::MAX, hits)
                .unwrap();
            world
                .query_shape(&probe, p.x, p.y, 0.3, u32::MAX, hits)
                .unwrap();
            found += hits.len();
            let ray = world
                .raycast(p, Vec2::new(1.0, 0.4), 20.0, u32::MAX)
                .unwrap();
            found += usize::from(ray.is_some());
        }
        for (k, &id) in ids[half..].iter().enumerate() {
            let at = 3 * (half + k);
            world.xs_mut()[id as usize] = xya[at];
            world.ys_mut()[id as usize] = xya[at + 1];
        }
        world.refresh().unwrap();
        let s = (t % PERIOD) as f32 * 0.01;
        world.set_transform(wall, -6.0 + s, 20.0, 0.0).unwrap();
        let cast = world.cast_shape(&probe, -20.0, 10.0, 0.0, Vec2::new(40.0, 0.0), u32::MAX);
        found += usize::from(cast.unwrap().is_some());
        let moved = world
            .move_and_slide(ids[3], Vec2::new(0.5, 0.5), &options)
            .unwrap();
        found + moved.contact_count + world.step().unwrap()
    };
    assert_steady(&mut world, frame, PERIOD * 50, "queries between steps");
}

/// Adds 300 moving circles, boxes and capsules on a grid from `y0` up, appending their ids
/// and positions.
fn add_crowd(world: &mut World, y0: f32, ids: &mut Vec<u32>, base: &mut Vec<(f32, f32)>) {
    for i in 0..300 {
        let (x, y) = ((i % 30) as f32 * 3.0, y0 + (i / 30) as f32 * 3.0);
        let shape = match i % 3 {
            0 => Shape::circle(0.8).unwrap(),
            1 => Shape::oriented_box(0.7, 0.4).unwrap(),
            _ => Shape::capsule(0.5, 0.3).unwrap(),
        };
        ids.push(
            world
                .add(shape, x, y, 0.0, ShapeOptions::default())
                .unwrap(),
        );
        base.push((x, y));
    }
}

/// `PERIOD` frames of transforms (`x, y, angle` per shape) wobbling around `base`.
fn wobble_table(base: &[(f32, f32)]) -> Vec<Vec<f32>> {
    (0..PERIOD)
        .map(|t| {
            let phase = t as f32 / PERIOD as f32 * core::f32::consts::TAU;
            base.iter()
                .enumerate()
                .flat_map(|(k, &(x, y))| {
                    let wobble = 2.0 * (phase + k as f32 * 0.37).sin();
                    [x + wobble, y + wobble, phase + k as f32]
                })
                .collect()
        })
        .collect()
}

/// Runs `frame` for two periods to warm up, then counts allocations over a third: none,
/// and more than `least` pairs and hits (so that the frames did work). `what` names the
/// world in the message.
fn assert_steady(
    world: &mut World,
    mut frame: impl FnMut(&mut World, usize, &mut Vec<u32>) -> usize,
    least: usize,
    what: &str,
) {
    let mut hits = Vec::with_capacity(64);
    for t in 0..2 * PERIOD {
        frame(world, t, &mut hits);
    }
    let mut measured = 0;
    let info = allocation_counter::measure(|| {
        for t in 2 * PERIOD..3 * PERIOD {
            measured += frame(world, t, &mut hits);
        }
    });
    assert!(measured > least, "only {measured} pairs and hits");
    assert_eq!(
        info.count_total, 0,
        "{} allocations in {PERIOD} steady-state frames with {what}",
        info.count_total
    );
}

#[test]
fn steady_state_steps_casts_and_moves_with_tile_grids_and_one_way_shapes_do_not_allocate() {
    use sepax::shape::tiles::{Cells, TileDef, TileTable};
    use sepax::world::MoveOptions;
    // A static grid of 100 × 20 cells (full, slope and one-way tiles, a cave) under a crowd,
    // a one-way platform, casts, sweeps, rays, queries and moves over them.
    let mut world = World::new();
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    let up = Some(Vec2::new(0.0, -1.0));
    let slope = vec![
        Vec2::new(0.0, 3.0),
        Vec2::new(3.0, 3.0),
        Vec2::new(3.0, 0.0),
    ];
    let table = TileTable::new(vec![
        (
            2,
            TileDef::Solid {
                outline: Some(slope),
                one_way: None,
            },
        ),
        (
            3,
            TileDef::Solid {
                outline: None,
                one_way: up,
            },
        ),
    ])
    .unwrap();
    let t = world.define_tiles(table).unwrap();
    let cells: Vec<u8> = (0..2000)
        .map(|k| match (k % 100, k / 100) {
            (_, r) if r < 12 => 0,
            (c, 12) if c % 7 == 0 => 2,
            (c, 12) if c % 5 == 0 => 3,
            (c, r) if (40..50).contains(&c) && r < 16 => 0,
            _ => 1,
        })
        .collect();
    let cell = Vec2::new(3.0, 3.0);
    let grid = world
        .add_tile_grid(
            0.0,
            -10.0,
            100,
            20,
            cell,
            Cells::Narrow(cells),
            Some(t),
            fixed,
        )
        .unwrap();
    let platform = world
        .add(
            Shape::aligned_box(10.0, 0.5).unwrap(),
            50.0,
            20.0,
            0.0,
            fixed,
        )
        .unwrap();
    world
        .set_one_way(platform, Some(Vec2::new(0.0, 1.0)))
        .unwrap();
    let mut ids = Vec::new();
    let mut base = Vec::new();
    add_crowd(&mut world, 1.0, &mut ids, &mut base);
    let table = wobble_table(&base);
    let sweepers = [ids[0], ids[1], ids[10], ids[11]];
    let motions = [0.0, -8.0, 3.0, -6.0, 0.0, -9.0, 1.0, -9.0];
    let rays: Vec<f32> = (0..20)
        .flat_map(|k| [k as f32 * 4.0, 25.0, 0.1, -1.0])
        .collect();
    let run = |world: &mut World, t: usize, hits: &mut Vec<u32>| -> usize {
        world.set_transforms(&ids, &table[t % PERIOD]).unwrap();
        let mut pairs = world.step().unwrap();
        pairs += world.pair_cells().len();
        world.sweep(&sweepers, &motions, u32::MAX).unwrap();
        world.raycast_many(&rays, 60.0, u32::MAX).unwrap();
        let options = MoveOptions {
            up: Vec2::new(0.0, 1.0),
            drop_through: t % 3 == 0,
            ..MoveOptions::default()
        };
        for mover in [ids[0], ids[6], ids[29]] {
            let moved = world
                .move_and_slide(mover, Vec2::new(0.5, -3.0), &options)
                .unwrap();
            pairs += moved.contact_count + world.move_contact_cells().len();
        }
        hits.clear();
        let probe = Shape::oriented_box(2.0, 1.0).unwrap();
        world
            .query_shape(&probe, 10.0 + t as f32 * 0.5, 0.5, 0.3, u32::MAX, hits)
            .unwrap();
        world
            .query_point(Vec2::new(t as f32, -5.0), u32::MAX, hits)
            .unwrap();
        pairs + hits.len()
    };
    assert_steady(&mut world, run, PERIOD * 30, "tile grids");
    assert!(world.tile_grid(grid).unwrap().is_some());
}

/// A crowd pushed apart every frame after its step, walking into itself again: once the
/// first frames have grown the buffers, `separate` allocates nothing (measured around it).
#[test]
fn steady_state_separation_does_not_allocate() {
    let mut world = World::new();
    let ids: Vec<u32> = (0..400)
        .map(|k| {
            let (x, y) = ((k % 20) as f32 * 0.9, (k / 20) as f32 * 0.9);
            let circle = Shape::circle(0.5).unwrap();
            world
                .add(circle, x, y, 0.0, ShapeOptions::default())
                .unwrap()
        })
        .collect();
    let weights: Vec<f32> = (0..ids.len()).map(|k| 1.0 + (k % 3) as f32).collect();
    let mut moved = 0;
    let mut allocations = 0;
    for t in 0..3 * PERIOD {
        // Everyone drifts towards the middle, so the crowd keeps overlapping.
        for &id in &ids {
            let (x, y, a) = world.transform(id).unwrap();
            world
                .set_transform(id, x + (9.0 - x) * 0.05, y + (9.0 - y) * 0.05, a)
                .unwrap();
        }
        world.step().unwrap();
        let info = allocation_counter::measure(|| {
            moved += world.separate(Some(&ids), Some(&weights), 4).unwrap();
        });
        if t >= 2 * PERIOD {
            allocations += info.count_total;
        }
    }
    assert!(moved > PERIOD * 100, "only {moved} moved");
    assert_eq!(
        allocations, 0,
        "{allocations} allocations in {PERIOD} separations"
    );
}
