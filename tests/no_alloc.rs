//! A steady-state step allocates nothing: once the buffers have grown to the scene, moving
//! every shape (through the batch setter and through the columns), moving a static shape,
//! and stepping must not touch the heap.
//!
//! The scene repeats itself with a period of `PERIOD` steps (positions are a table indexed
//! by `step % PERIOD`), so after one period every buffer has seen its largest size and any
//! allocation in the measured period is a real per-step allocation, not growth.

// Host only: the counting allocator is a host dev-dependency.
#![cfg(not(target_arch = "wasm32"))]

use sepax::math::Vec2;
use sepax::{Shape, ShapeOptions, World};

const PERIOD: usize = 64;

#[test]
fn steady_state_steps_do_not_allocate() {
    let mut world = World::new();
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
fn steady_state_steps_with_resting_shapes_do_not_allocate() {
    // A tenth of the shapes moves all the time, a block of others moves for a quarter of
    // each period and rests for the rest of it (waking, falling asleep, the resting grid
    // rebuilt), the rest never moves after the first steps; a static moves now and then.
    let mut world = World::new();
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
