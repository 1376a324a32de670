//! `bench-js/casts.mjs` natively (sepax only): the standard world of N shapes moving, and per frame one
//! `World::sweep` of 10,000 bullets (circles of radius 0.5, 50 units in a seeded direction) and
//! `World::move_and_slide` of 1,000 capsule characters (half length 1, radius 1; 2 units each). Same seeds and draws
//! as the JS bench, so the same casts; native timings say what wasm costs, and the binary is what `perf` profiles.
//!
//!   cargo bench --bench world_casts                       # N = 20000, 60 measured frames
//!   CASTS_N="20000 100000" CASTS_FRAMES=200 cargo bench --bench world_casts
//!   CASTS_REPEAT=20 perf record …/world_casts-*   # each frame sweeps 20 more times outside the clock, for a profile
//!   CASTS_REPEAT_MOVES=20 …                         # the same for the characters' moves
//!   CASTS_SKIP_SWEEP=1 …                            # the moves alone (a sweep before them warms the caches)
//!
//! Prints median ms per call, the first measured frame's hit count and the FNV-1a checksum of its hit ids and `t`
//! bits, and the checksum of the characters' positions after that frame's moves (a fast path that changes neither
//! changes nothing the bench sees).

#[path = "../tests/common/rng.rs"]
mod rng;

#[path = "workload/standard.rs"]
mod standard;

use rng::Mulberry32;
use sepax::world::MoveOptions;
use sepax::{Shape, ShapeOptions, Vec2, WorldOptions};
use std::time::Instant;

const BULLETS: usize = 10_000;
const CHARACTERS: usize = 1_000;
const SPEED: f64 = 50.0;
const WARM: usize = 10;
const WORLD_LAYER: u32 = 1;
const BULLET_LAYER: u32 = 2;
const CHARACTER_LAYER: u32 = 4;

struct Frame {
    starts: Vec<f32>,
    dxy: Vec<f32>,
    moves: Vec<f32>,
}

fn env_list(name: &str, default: &str) -> Vec<usize> {
    std::env::var(name)
        .unwrap_or_else(|_| default.into())
        .split([' ', ','])
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a number"))
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let measured = env_list("CASTS_FRAMES", "60")[0];
    let repeat = env_list("CASTS_REPEAT", "0")[0];
    let repeat_moves = env_list("CASTS_REPEAT_MOVES", "0")[0];
    let skip_sweep = std::env::var_os("CASTS_SKIP_SWEEP").is_some();
    for n in env_list("CASTS_N", "20000") {
        let mut w = standard::make_workload(n);
        // makeFrames of bench-js/casts.mjs, draw for draw.
        let mut rand = Mulberry32::new(0xb011e7 ^ n as u32);
        let frames: Vec<Frame> = (0..WARM + measured)
            .map(|_| {
                let (mut starts, mut dxy) = (vec![0.0; 2 * BULLETS], vec![0.0; 2 * BULLETS]);
                for k in 0..BULLETS {
                    let a = 2.0 * std::f64::consts::PI * rand.f64();
                    starts[2 * k] = (w.width * rand.f64()) as f32;
                    starts[2 * k + 1] = (w.width * rand.f64()) as f32;
                    dxy[2 * k] = (SPEED * a.cos()) as f32;
                    dxy[2 * k + 1] = (SPEED * a.sin()) as f32;
                }
                let mut moves = vec![0.0; 2 * CHARACTERS];
                for k in 0..CHARACTERS {
                    let a = 2.0 * std::f64::consts::PI * rand.f64();
                    moves[2 * k] = (2.0 * a.cos()) as f32;
                    moves[2 * k + 1] = (2.0 * a.sin()) as f32;
                }
                Frame { starts, dxy, moves }
            })
            .collect();
        let homes: Vec<f32> = (0..2 * CHARACTERS)
            .map(|_| (w.width * rand.f64()) as f32)
            .collect();
        let mut world = standard::build_world(&w, WorldOptions::default());
        let options = |layer, mask| ShapeOptions {
            layer,
            mask,
            ..ShapeOptions::default()
        };
        let bullets: Vec<u32> = (0..BULLETS)
            .map(|_| {
                let ball = Shape::circle(0.5).unwrap();
                world
                    .add(ball, 0.0, 0.0, 0.0, options(BULLET_LAYER, WORLD_LAYER))
                    .unwrap()
            })
            .collect();
        let characters: Vec<u32> = (0..CHARACTERS)
            .map(|k| {
                let capsule = Shape::capsule(1.0, 1.0).unwrap();
                let (x, y) = (homes[2 * k], homes[2 * k + 1]);
                world
                    .add(capsule, x, y, 0.0, options(CHARACTER_LAYER, WORLD_LAYER))
                    .unwrap()
            })
            .collect();
        let move_options = MoveOptions::default();
        let (mut sweeps, mut moves) = (Vec::new(), Vec::new());
        for (f, input) in frames.iter().enumerate() {
            standard::advance(&mut w);
            for i in 0..n {
                world.xs_mut()[i] = w.x[i] as f32;
                world.ys_mut()[i] = w.y[i] as f32;
                world.angles_mut()[i] = w.angle[i] as f32;
            }
            for (k, &id) in bullets.iter().enumerate() {
                world.xs_mut()[id as usize] = input.starts[2 * k];
                world.ys_mut()[id as usize] = input.starts[2 * k + 1];
            }
            world.step().unwrap();
            let t0 = Instant::now();
            if !skip_sweep {
                world.sweep(&bullets, &input.dxy, WORLD_LAYER).unwrap();
            }
            for _ in 0..repeat {
                world.sweep(&bullets, &input.dxy, WORLD_LAYER).unwrap();
            }
            let t1 = Instant::now();
            for (k, &id) in characters.iter().enumerate() {
                let delta = Vec2::new(input.moves[2 * k], input.moves[2 * k + 1]);
                world.move_and_slide(id, delta, &move_options).unwrap();
            }
            let t2 = Instant::now();
            for _ in 0..repeat_moves {
                for (k, &id) in characters.iter().enumerate() {
                    let delta = Vec2::new(input.moves[2 * k], input.moves[2 * k + 1]);
                    world.move_and_slide(id, delta, &move_options).unwrap();
                }
            }
            if f == WARM && !skip_sweep {
                let r = world.cast_results();
                let mut hash = 0x811c_9dc5u32;
                let mut hits = 0;
                for k in 0..BULLETS {
                    if r.ids[k] != u32::MAX {
                        hits += 1;
                    }
                    for word in [r.ids[k], r.t[k].to_bits()] {
                        hash = (hash ^ word).wrapping_mul(0x0100_0193);
                    }
                }
                eprintln!(
                    "[world_casts] N={n}: {hits} of {BULLETS} bullets hit; checksum {hash:08x}"
                );
            }
            if f == WARM || f + 1 == frames.len() {
                let mut hash = 0x811c_9dc5u32;
                for &id in &characters {
                    let s = id as usize;
                    for word in [world.xs_mut()[s].to_bits(), world.ys_mut()[s].to_bits()] {
                        hash = (hash ^ word).wrapping_mul(0x0100_0193);
                    }
                }
                let after = if f == WARM {
                    "the first measured"
                } else {
                    "the last"
                };
                eprintln!("[world_casts] N={n}: characters' positions after {after} frame: checksum {hash:08x}");
            }
            if f >= WARM {
                sweeps.push((t1 - t0).as_secs_f64() * 1e3);
                moves.push((t2 - t1).as_secs_f64() * 1e3);
            }
        }
        println!(
            "N={n}: sweep of {BULLETS} bullets {:.3} ms, moveAndSlide of {CHARACTERS} characters {:.3} ms",
            median(sweeps),
            median(moves)
        );
    }
}
