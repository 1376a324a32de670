//! The threaded step (the `threads` feature) against the single-threaded one: the same bits,
//! on 1, 2 and 4 threads. `cargo test --features threads --test threads`.
//!
//! Chunks of a few items make every phase split in many chunks even in these small worlds,
//! so that every merge (lists of candidates, bins of parts, slices of the output) is
//! exercised many times a step. The single-threaded twin is the same world with a grain too
//! large to split: it steps through the code the package's single-threaded builds run.
#![cfg(all(feature = "threads", not(target_arch = "wasm32")))]

#[path = "common/rng.rs"]
mod rng;

#[path = "common/determinism.rs"]
mod determinism;

use rng::Mulberry32;
use sepax::{Shape, ShapeOptions, Vec2, World, WorldOptions};

/// Items per chunk in the threaded worlds of these tests.
const SMALL_GRAIN: usize = 8;

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
}

#[test]
fn the_determinism_sequence_hashes_the_same_on_1_2_and_4_threads() {
    // The sequence makes its worlds itself: they take the default grain.
    sepax::world::set_default_parallel_grain(SMALL_GRAIN);
    for threads in [1, 2, 4] {
        let (hash, words) = pool(threads).install(determinism::run);
        println!("determinism hash ({threads} threads): {hash:#018x} over {words} words");
        assert!(words > 100_000, "only {words} words hashed");
        assert_eq!(
            hash,
            determinism::EXPECTED,
            "the threaded step on {threads} threads changed the determinism hash"
        );
    }
}

/// A shape of one of the kinds, about `size` across.
fn shape(rng: &mut Mulberry32, size: f32) -> Shape {
    let s = |rng: &mut Mulberry32| size * (0.3 + 0.7 * rng.f64() as f32);
    match (rng.f64() * 5.0) as u32 {
        0 => Shape::circle(s(rng)).unwrap(),
        1 => Shape::aligned_box(s(rng), s(rng)).unwrap(),
        2 => Shape::oriented_box(s(rng), s(rng)).unwrap(),
        3 => Shape::capsule(s(rng), s(rng) * 0.3).unwrap(),
        _ => {
            let (a, b) = (s(rng), s(rng));
            let points = [
                Vec2::new(-a, -b),
                Vec2::new(a, -b * 0.5),
                Vec2::new(a * 0.7, b),
                Vec2::new(-a * 0.4, b * 0.8),
            ];
            Shape::polygon(&points).unwrap()
        }
    }
}

/// Two worlds stepped side by side, one threaded in chunks of `SMALL_GRAIN`, one on the
/// calling thread, with the same calls: shapes of every kind, some static, some idle
/// (they rest and wake), removals and adds that reuse ids, layer changes, contact points.
struct Twins {
    threaded: World,
    single: World,
    rng: Mulberry32,
    ids: Vec<u32>,
    side: f32,
}

impl Twins {
    fn new(seed: u32, count: usize, options: WorldOptions) -> Twins {
        let mut threaded = World::with_options(options);
        threaded.set_parallel_grain(SMALL_GRAIN);
        let mut single = World::with_options(options);
        single.set_parallel_grain(usize::MAX);
        let side = (count as f32).sqrt() * 2.5;
        let mut twins = Twins {
            threaded,
            single,
            rng: Mulberry32::new(seed),
            ids: Vec::new(),
            side,
        };
        for i in 0..count {
            twins.add(i % 7 == 0);
        }
        twins
    }

    fn add(&mut self, is_static: bool) {
        let size = if self.rng.f64() < 0.02 { 6.0 } else { 1.0 };
        let shape = shape(&mut self.rng, size);
        let (x, y) = (
            self.side * self.rng.f64() as f32,
            self.side * self.rng.f64() as f32,
        );
        let angle = (self.rng.f64() * 6.0) as f32;
        let options = ShapeOptions {
            is_static,
            ..ShapeOptions::default()
        };
        let a = self.threaded.add(shape.clone(), x, y, angle, options);
        let b = self.single.add(shape, x, y, angle, options);
        assert_eq!(a, b);
        self.ids.push(a.unwrap());
    }

    /// One frame of calls, then a step of both.
    fn frame(&mut self, frame: usize) {
        let n = self.ids.len();
        for k in 0..n {
            let id = self.ids[k];
            // A third never moves, a third moves on some frames only: both come to rest.
            let moves = match id % 3 {
                0 => false,
                1 => (frame / 20) % 2 == 0,
                _ => true,
            };
            if !moves || self.threaded.is_static(id).unwrap() {
                continue;
            }
            let (x, y, angle) = self.threaded.transform(id).unwrap();
            let dx = (self.rng.f64() as f32 - 0.5) * 0.6;
            let dy = (self.rng.f64() as f32 - 0.5) * 0.6;
            let t = (
                (x + dx).rem_euclid(self.side),
                (y + dy).rem_euclid(self.side),
                angle + 0.05,
            );
            // Half through the setter, half through the columns.
            if k % 2 == 0 {
                for world in [&mut self.threaded, &mut self.single] {
                    world.set_transform(id, t.0, t.1, t.2).unwrap();
                }
            } else {
                for world in [&mut self.threaded, &mut self.single] {
                    let s = id as usize;
                    world.xs_mut()[s] = t.0;
                    world.ys_mut()[s] = t.1;
                    world.angles_mut()[s] = t.2;
                }
            }
        }
        if frame % 5 == 4 {
            // Churn: remove a few and add as many (the ids come back).
            for _ in 0..3 {
                let k = (self.rng.f64() * self.ids.len() as f64) as usize;
                let id = self.ids.swap_remove(k);
                self.threaded.remove(id).unwrap();
                self.single.remove(id).unwrap();
            }
            for _ in 0..3 {
                let is_static = self.rng.f64() < 0.1;
                self.add(is_static);
            }
            let id = self.ids[(self.rng.f64() * self.ids.len() as f64) as usize];
            let layer = 1 << (frame % 3);
            for world in [&mut self.threaded, &mut self.single] {
                world.set_layer_mask(id, layer, !2).unwrap();
            }
        }
        let a = self.threaded.step();
        let b = self.single.step();
        assert_eq!(a, b, "frame {frame}: step results differ");
        self.threaded.validate().unwrap();
    }

    fn assert_same(&self, frame: usize) {
        let (t, s) = (&self.threaded, &self.single);
        assert_eq!(t.pairs(), s.pairs(), "frame {frame}: pairs");
        assert_eq!(
            bits(t.contacts()),
            bits(s.contacts()),
            "frame {frame}: contacts"
        );
        assert_eq!(t.started(), s.started(), "frame {frame}: started");
        assert_eq!(t.ended(), s.ended(), "frame {frame}: ended");
        assert_eq!(
            bits(t.contact_points()),
            bits(s.contact_points()),
            "frame {frame}: contact points"
        );
        assert_eq!(
            t.resting_count(),
            s.resting_count(),
            "frame {frame}: resting"
        );
    }
}

fn bits(values: &[f32]) -> Vec<u32> {
    values.iter().map(|v| v.to_bits()).collect()
}

fn run_twins(threads: usize, options: WorldOptions, frames: usize) {
    pool(threads).install(|| {
        let mut twins = Twins::new(0x7EAD_5000 + threads as u32, 600, options);
        let mut touching = 0;
        for frame in 0..frames {
            twins.frame(frame);
            twins.assert_same(frame);
            touching += twins.single.pairs().len() / 2;
            if frame % 25 == 24 {
                assert_eq!(
                    twins.threaded.snapshot(),
                    twins.single.snapshot(),
                    "frame {frame}: snapshots"
                );
            }
        }
        // A run with next to no pairs or no resting shapes would prove little.
        assert!(
            touching > 100 * frames,
            "only {touching} pairs in {frames} frames"
        );
        assert!(twins.single.resting_count() > 0, "no shape rests");
    });
}

#[test]
fn twin_worlds_give_the_same_bits_on_1_2_and_4_threads() {
    for threads in [1, 2, 4] {
        run_twins(threads, WorldOptions::default(), 120);
    }
}

#[test]
fn twin_worlds_with_contact_points_give_the_same_bits() {
    let options = WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    };
    for threads in [2, 4] {
        run_twins(threads, options, 80);
    }
}

#[test]
fn a_limit_of_pairs_fails_the_same_step_with_the_same_count() {
    // Shapes piled on a few points: many pairs, over the limit; both worlds must refuse
    // with the same count and keep their last results.
    pool(2).install(|| {
        let options = WorldOptions {
            max_pairs: Some(3000),
            ..WorldOptions::default()
        };
        let mut twins = Twins::new(0x11A1_7000, 300, options);
        twins.frame(0);
        twins.assert_same(0);
        for id in twins.ids.clone() {
            for world in [&mut twins.threaded, &mut twins.single] {
                world.set_transform(id, 5.0, 5.0, 0.0).unwrap();
            }
        }
        let a = twins.threaded.step().unwrap_err();
        let b = twins.single.step().unwrap_err();
        assert_eq!(a.to_string(), b.to_string());
        twins.assert_same(1);
        twins.threaded.validate().unwrap();
    });
}
