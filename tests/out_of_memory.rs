//! A step whose pairs cannot be allocated fails with `WorldError::OutOfMemory` instead
//! of aborting (issue 33 point 5: in wasm the abort was a trap that left the world
//! unusable), its results stay the last successful step's, and the world goes on: its
//! next steps equal those of a world that never failed.
//!
//! This test binary installs an allocator that refuses past a byte limit ([`cap::Cap`]),
//! and gives a step over a pile of shapes every budget from nothing to what it needs, so
//! that each of the step's buffers that grow with the pairs is in turn the one that
//! fails. One test only: the limit holds for every thread of the binary.

// Host only: the limiting allocator is a host dev-dependency.
#![cfg(not(target_arch = "wasm32"))]

use cap::Cap;
use sepax::math::Vec2;
use sepax::{Shape, ShapeOptions, World, WorldError, WorldOptions};
use std::alloc::System;
use std::collections::BTreeSet;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Runs `f` with at most `budget` bytes more allocated than now.
fn with_budget<R>(budget: usize, f: impl FnOnce() -> R) -> R {
    ALLOCATOR.set_limit(ALLOCATOR.allocated() + budget).unwrap();
    let result = f();
    ALLOCATOR.set_limit(usize::MAX).unwrap();
    result
}

/// Everything a step publishes, floats as bits.
#[derive(Debug, PartialEq)]
struct Results {
    pairs: Vec<u32>,
    contacts: Vec<u32>,
    started: Vec<u32>,
    ended: Vec<u32>,
    points: Vec<u32>,
}

fn results(world: &World) -> Results {
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect();
    Results {
        pairs: world.pairs().to_vec(),
        contacts: bits(world.contacts()),
        started: world.started().to_vec(),
        ended: world.ended().to_vec(),
        points: bits(world.contact_points()),
    }
}

const PILE: usize = 120;
const SIDE: usize = 20;

/// A field of touching shapes (some static, most of the moving ones resting after its
/// first steps) and `PILE` shapes spread over it; then the spread ones are moved to one
/// point. Every per-shape buffer of a step has grown to the scene before (the pile's
/// shapes spread out are as many as piled), so the step over the pile grows only the
/// buffers of its pairs.
fn piled_world(contact_points: bool) -> (World, Vec<u32>) {
    let mut world = World::with_options(WorldOptions {
        contact_points,
        ..WorldOptions::default()
    });
    let triangle = [
        Vec2::new(1.2, 0.0),
        Vec2::new(-0.7, 0.9),
        Vec2::new(-0.7, -0.9),
    ];
    let shapes = [
        Shape::circle(1.0).unwrap(),
        Shape::oriented_box(1.0, 0.6).unwrap(),
        Shape::polygon(&triangle).unwrap(),
    ];
    for i in 0..SIDE * SIDE {
        let options = ShapeOptions {
            is_static: i % 7 == 0,
            ..ShapeOptions::default()
        };
        let (x, y) = ((i % SIDE) as f32 * 1.8, (i / SIDE) as f32 * 1.8);
        world
            .add(shapes[i % 3].clone(), x, y, i as f32, options)
            .unwrap();
    }
    let pile: Vec<u32> = (0..PILE)
        .map(|k| {
            let (x, y) = ((k % 12) as f32 * 3.0 + 0.9, (k / 12) as f32 * 3.0 + 0.9);
            let o = ShapeOptions::default();
            world.add(shapes[k % 3].clone(), x, y, 0.0, o).unwrap()
        })
        .collect();
    for frame in 0..24 {
        for (k, &id) in pile.iter().enumerate() {
            let x = (k % 12) as f32 * 3.0 + 0.9 + frame as f32 * 0.01;
            world
                .set_transform(id, x, (k / 12) as f32 * 3.0 + 0.9, 0.0)
                .unwrap();
        }
        world.step().unwrap();
    }
    assert!(world.resting_count() > 200);
    for &id in &pile {
        world.set_transform(id, 17.1, 17.1, 0.5).unwrap();
    }
    (world, pile)
}

#[test]
fn a_step_out_of_memory_fails_cleanly_and_the_world_goes_on() {
    for contact_points in [false, true] {
        let (base, pile) = piled_world(contact_points);
        // What the step over the pile needs, and what it gives.
        let mut expected = base.clone();
        let allocated = ALLOCATOR.allocated();
        expected.step().unwrap();
        let need = ALLOCATOR.allocated() - allocated;
        assert!(expected.pairs().len() / 2 > PILE * (PILE - 1) / 2);
        let mut after_pile = expected.clone();
        for &id in &pile {
            after_pile.remove(id).unwrap();
        }
        after_pile.step().unwrap();

        let (mut failures, mut successes) = (0, 0);
        let mut failed_sizes = BTreeSet::new();
        let budgets = 200;
        for k in 0..=budgets {
            let budget = need * 5 / 4 * k / budgets;
            let mut world = base.clone();
            let before = results(&world);
            match with_budget(budget, || world.step()) {
                Ok(count) => {
                    successes += 1;
                    assert_eq!(count, expected.pairs().len() / 2);
                    assert_eq!(results(&world), results(&expected));
                    continue;
                }
                Err(WorldError::OutOfMemory { pairs, bytes }) => {
                    failures += 1;
                    assert!(pairs > 0 && bytes > 0);
                    failed_sizes.insert(bytes);
                    let message = WorldError::OutOfMemory { pairs, bytes }.to_string();
                    assert!(message.contains(&format!("{bytes} bytes for {pairs} pairs")));
                }
                Err(e) => panic!("budget {budget}: {e}"),
            }
            // Failed: the last results, a valid world, and the next steps of a world
            // that never failed.
            assert_eq!(results(&world), before, "budget {budget}");
            world.validate().unwrap();
            world.step().unwrap();
            assert_eq!(results(&world), results(&expected), "budget {budget}");
            for &id in &pile {
                world.remove(id).unwrap();
            }
            world.step().unwrap();
            assert_eq!(results(&world), results(&after_pile), "budget {budget}");
        }
        assert!(
            failures > 0 && successes > 0,
            "{failures} failed, {successes} not"
        );
        // Not one buffer only: each that grows with the pairs failed in turn.
        assert!(
            failed_sizes.len() >= 6,
            "failures at {failed_sizes:?} bytes only (contact points: {contact_points})"
        );
    }
}
