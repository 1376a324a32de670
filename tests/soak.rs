//! Soak, short variant (the long one is `node bench-js/soak.mjs`): 1,000 shapes of the
//! workload's mix (40 % boxes, 30 % circles, 30 % polygons) plus a few static walls, 2,000
//! steps; at every step 1 % of the shapes are removed, 1 % added, and everything moves.
//!
//! Every step: `validate()`, and the events add up (`(previous − ended) ∪ started` is the new
//! pair set). Every 500 steps: pairs and contacts equal a brute force over all live pairs
//! with `sepax::collide`, bit for bit. Throughout: ids are reused, so the columns never
//! grow past the peak number of shapes, and the result buffers stay within twice the most
//! pairs seen (nothing accumulates); each id's generation counts the removals under it.

mod common;

use common::rng::Mulberry32;
use sepax::math::Vec2;
use sepax::{Shape, ShapeOptions, World};
use std::collections::BTreeSet;

const SHAPES: usize = 1000;
const STEPS: usize = 2000;
const CHECK_EVERY: usize = 500;

/// A workload-like shape: 40 % boxes, 30 % circles, 30 % polygons of 3 to 8 vertices.
fn workload_shape(rng: &mut Mulberry32) -> Shape {
    match rng.below(10) {
        0..=3 => Shape::oriented_box(rng.range(2.0, 8.0), rng.range(2.0, 8.0)).unwrap(),
        4..=6 => Shape::circle(rng.range(2.0, 8.0)).unwrap(),
        _ => {
            let n = 3 + rng.below(6);
            let big = rng.range(2.0, 8.0);
            let points: Vec<Vec2> = (0..n)
                .map(|k| {
                    let step = core::f32::consts::TAU / n as f32;
                    let a = step * k as f32 + rng.range(-0.25, 0.25) * step;
                    let r = big * rng.range(0.8, 1.0);
                    Vec2::new(r * a.cos(), r * a.sin())
                })
                .collect();
            Shape::polygon(&points).unwrap()
        }
    }
}

struct Motion {
    x: f32,
    y: f32,
    angle: f32,
    vx: f32,
    vy: f32,
    va: f32,
}

struct Soak {
    world: World,
    rng: Mulberry32,
    width: f32,
    /// Motion of each live moving shape, by id.
    motion: Vec<Option<Motion>>,
    live: Vec<u32>,
    /// How many times each id's shape has been removed: what `generation(id)` must say.
    removals: Vec<u32>,
}

impl Soak {
    fn add(&mut self) {
        let shape = workload_shape(&mut self.rng);
        let w = self.width;
        let m = Motion {
            x: self.rng.range(0.0, w),
            y: self.rng.range(0.0, w),
            angle: self.rng.range(-3.0, 3.0),
            vx: self.rng.range(-0.5, 0.5),
            vy: self.rng.range(-0.5, 0.5),
            va: self.rng.range(-0.05, 0.05),
        };
        let id = self
            .world
            .add(shape, m.x, m.y, m.angle, ShapeOptions::default())
            .unwrap();
        let slot = id as usize;
        if self.motion.len() <= slot {
            self.motion.resize_with(slot + 1, || None);
            self.removals.resize(slot + 1, 0);
        }
        assert_eq!(self.world.generation(id), self.removals[slot], "id {id}");
        assert!(self.motion[slot].is_none(), "id {id} issued twice");
        self.motion[slot] = Some(m);
        self.live.push(id);
    }

    fn remove_random(&mut self) {
        let i = self.rng.below(self.live.len());
        let id = self.live.swap_remove(i);
        let generation = self.world.generation(id);
        self.world.remove(id).unwrap();
        self.motion[id as usize] = None;
        self.removals[id as usize] += 1;
        assert_eq!(self.world.generation(id), generation + 1, "id {id}");
    }

    /// Moves every live moving shape, half of the time through the columns and half through
    /// `set_transforms`, bouncing off the square's sides.
    fn advance(&mut self, step: usize) {
        let w = self.width;
        let mut ids = Vec::new();
        let mut xya = Vec::new();
        for &id in &self.live {
            let m = self.motion[id as usize].as_mut().unwrap();
            m.x += m.vx;
            m.y += m.vy;
            m.angle += m.va;
            if !(0.0..=w).contains(&m.x) {
                m.vx = -m.vx;
                m.x = m.x.clamp(0.0, w);
            }
            if !(0.0..=w).contains(&m.y) {
                m.vy = -m.vy;
                m.y = m.y.clamp(0.0, w);
            }
            ids.push(id);
            xya.extend([m.x, m.y, m.angle]);
        }
        if step % 2 == 0 {
            self.world.set_transforms(&ids, &xya).unwrap();
        } else {
            for (&id, t) in ids.iter().zip(xya.chunks_exact(3)) {
                let s = id as usize;
                self.world.xs_mut()[s] = t[0];
                self.world.ys_mut()[s] = t[1];
                self.world.angles_mut()[s] = t[2];
            }
        }
    }
}

fn pair_set(flat: &[u32]) -> BTreeSet<(u32, u32)> {
    flat.chunks_exact(2).map(|p| (p[0], p[1])).collect()
}

#[test]
fn a_thousand_shapes_for_two_thousand_steps_with_churn() {
    let mut soak = Soak {
        world: World::new(),
        rng: Mulberry32::new(20_261_122),
        // About 2 % of the area covered: a few hundred pairs at any time.
        width: 600.0,
        motion: Vec::new(),
        live: Vec::new(),
        removals: Vec::new(),
    };
    // Four static walls around the square (never paired with each other).
    let w = soak.width;
    for (x, y, hw, hh) in [
        (w / 2.0, -5.0, w / 2.0 + 10.0, 5.0),
        (w / 2.0, w + 5.0, w / 2.0 + 10.0, 5.0),
        (-5.0, w / 2.0, 5.0, w / 2.0 + 10.0),
        (w + 5.0, w / 2.0, 5.0, w / 2.0 + 10.0),
    ] {
        soak.world
            .add(
                Shape::aligned_box(hw, hh).unwrap(),
                x,
                y,
                0.0,
                ShapeOptions {
                    is_static: true,
                    ..ShapeOptions::default()
                },
            )
            .unwrap();
    }
    for _ in 0..SHAPES {
        soak.add();
    }
    let slots = soak.world.slot_count();
    let churn = SHAPES / 100;
    let mut most_pairs = 0;
    let mut checkpoints = 0;
    let mut events = 0;
    for step in 1..=STEPS {
        for _ in 0..churn {
            soak.remove_random();
        }
        for _ in 0..churn {
            soak.add();
        }
        soak.advance(step);
        let previous = soak.world.pairs().to_vec();
        let count = soak.world.step().unwrap();
        soak.world.validate().unwrap();
        assert_eq!(count * 2, soak.world.pairs().len());
        most_pairs = most_pairs.max(count);
        events += soak.world.started().len() + soak.world.ended().len();

        let prev = pair_set(&previous);
        let started = pair_set(soak.world.started());
        let ended = pair_set(soak.world.ended());
        let now = pair_set(soak.world.pairs());
        let rebuilt: BTreeSet<_> = prev.difference(&ended).chain(&started).copied().collect();
        assert_eq!(
            rebuilt, now,
            "step {step}: (previous − ended) ∪ started != pairs"
        );
        assert!(
            ended.is_subset(&prev),
            "step {step}: an ended pair did not exist"
        );

        // Removals come before adds and ids are reused last-in first-out: no slot is ever added.
        assert_eq!(
            soak.world.slot_count(),
            slots,
            "step {step}: the columns grew"
        );
        for capacity in soak.world.result_capacities() {
            assert!(
                capacity <= 2 * 3 * most_pairs.max(64),
                "step {step}: buffers keep growing"
            );
        }

        if step % CHECK_EVERY == 0 {
            let (pairs, contacts) = common::brute_force_flat(&soak.world);
            assert_eq!(soak.world.pairs(), &pairs[..], "step {step}: pairs");
            let got: Vec<u32> = soak.world.contacts().iter().map(|c| c.to_bits()).collect();
            assert_eq!(got, contacts, "step {step}: contacts");
            checkpoints += 1;
        }
    }
    assert_eq!(checkpoints, STEPS / CHECK_EVERY);
    assert!(
        most_pairs >= 100,
        "the scene is too sparse to mean much ({most_pairs} pairs)"
    );
    assert!(events > STEPS, "pairs hardly change ({events} events)");
}
