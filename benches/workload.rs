//! The standard benchmark workload (defined in `bench-js/workload.mjs`), natively, so that the cost of wasm is
//! known: `cargo bench --bench workload` (N from `BENCH_N="1000 5000"`, default 1k, 5k, 20k, 100k).
//!
//! The workload generator is a line-by-line port of `bench-js/workload.mjs` (same mulberry32 stream, same draws in the
//! same order, same f32 rounding); before timing, each N prints its frame-0 pair count and the FNV-1a checksum of
//! the sorted pairs, which must equal what `bench-js/run.mjs` prints for sepax. One timed frame = write every
//! transform through the `xs_mut`/`ys_mut`/`angles_mut` columns + `step()` + read the pairs (summing the ids);
//! the motion (the game's work) is advanced outside the clock.
//!
//! `BENCH_MOVING="1 0.1 0.01"` (default `1`) also runs the cases of `bench-js/scenarios.mjs` where only a share of
//! the shapes moves: a fixed seeded subset is written each frame (same draw as there), the rest is written nowhere
//! and comes to rest. `BENCH_RESTING=0` forces full steps (`World::set_resting(false)`) for comparison.
//! `BENCH_CONTACT_POINTS=1` runs every case in a world that computes contact points (`WorldOptions`).

// The tests' seeded generators; Mulberry32::f64 is the very stream of bench-js/rng.mjs.
#[path = "../tests/common/rng.rs"]
mod rng;

// The generator, shared with benches/world_casts.rs.
#[path = "workload/standard.rs"]
mod standard;

// `BENCH_MINIMUMS=frames`: each phase of the step beside the least work it must do.
#[path = "workload/minimums.rs"]
mod minimums;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rng::Mulberry32;
use sepax::{World, WorldOptions};
use standard::{advance, build_world, make_workload, shape_of, Kind, Workload};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Writes the transforms of the moving shapes (`None`: all of them) through the columns.
fn write(world: &mut World, w: &Workload, moving: Option<&[u32]>) {
    let Some(ids) = moving else {
        for (dst, src) in world.xs_mut().iter_mut().zip(&w.x) {
            *dst = *src as f32;
        }
        for (dst, src) in world.ys_mut().iter_mut().zip(&w.y) {
            *dst = *src as f32;
        }
        for (dst, src) in world.angles_mut().iter_mut().zip(&w.angle) {
            *dst = *src as f32;
        }
        return;
    };
    for &id in ids {
        let i = id as usize;
        world.xs_mut()[i] = w.x[i] as f32;
        world.ys_mut()[i] = w.y[i] as f32;
        world.angles_mut()[i] = w.angle[i] as f32;
    }
}

/// The timed part of a frame: write the transforms, step, read the pairs.
fn frame(world: &mut World, w: &Workload, moving: Option<&[u32]>) -> u64 {
    write(world, w, moving);
    world.step().expect("workload transforms are valid");
    world.pairs().iter().map(|&id| u64::from(id)).sum()
}

/// The shares of moving shapes to run (`BENCH_MOVING`, default 1).
fn shares() -> Vec<f64> {
    std::env::var("BENCH_MOVING")
        .ok()
        .map(|s| {
            s.split([' ', ','])
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().expect("BENCH_MOVING holds numbers"))
                .collect()
        })
        .unwrap_or_else(|| vec![1.0])
}

/// The ids written each frame when `share` of `n` shapes move, drawn as in bench-js/scenarios.mjs (`None`: all).
fn moving_ids(n: usize, share: f64) -> Option<Vec<u32>> {
    if share >= 1.0 {
        return None;
    }
    let mut rand = Mulberry32::new(0x5eed ^ n as u32);
    Some((0..n as u32).filter(|_| rand.f64() < share).collect())
}

fn new_world(w: &Workload) -> World {
    let contact_points = std::env::var("BENCH_CONTACT_POINTS").is_ok_and(|v| v == "1");
    let options = WorldOptions {
        contact_points,
        ..WorldOptions::default()
    };
    let mut world = build_world(w, options);
    if std::env::var("BENCH_RESTING").is_ok_and(|v| v == "0") {
        world.set_resting(false);
    }
    world
}

/// FNV-1a over the sorted pairs, as `pairChecksum` in bench-js/workload.mjs.
fn checksum(pairs: &[u32]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &word in pairs {
        for s in (0..32).step_by(8) {
            h ^= (word >> s) & 0xff;
            h = h.wrapping_mul(0x0100_0193);
        }
    }
    h
}

fn sizes() -> Vec<usize> {
    std::env::var("BENCH_N")
        .ok()
        .map(|s| {
            s.split([' ', ','])
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().expect("BENCH_N holds integers"))
                .collect()
        })
        .unwrap_or_else(|| vec![1_000, 5_000, 20_000, 100_000])
}

/// `BENCH_PHASES=frames`: instead of criterion, runs that many frames per N after 30 warm-up frames and prints
/// the median of each phase of `World::step_timed` in ms (for profiling; criterion remains the figure to quote).
fn phases(frames: usize) {
    println!(
        "| N | moving | frame | poses | broad phase | narrow phase | output | candidates | pairs | resting |"
    );
    for (n, share) in sizes()
        .into_iter()
        .flat_map(|n| shares().into_iter().map(move |s| (n, s)))
    {
        let mut w = make_workload(n);
        let moving = moving_ids(n, share);
        if std::env::var("BENCH_SORTED").is_ok() {
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&i| ((w.y[i] / 32.0) as u64, (w.x[i] * 16.0) as u64));
            let shapes: Vec<Kind> = std::mem::take(&mut w.shapes);
            let mut shapes: Vec<Option<Kind>> = shapes.into_iter().map(Some).collect();
            w.shapes = order.iter().map(|&i| shapes[i].take().unwrap()).collect();
            for col in [
                &mut w.radius,
                &mut w.x,
                &mut w.y,
                &mut w.angle,
                &mut w.vx,
                &mut w.vy,
                &mut w.va,
            ] {
                let copy = col.clone();
                for (k, &i) in order.iter().enumerate() {
                    col[k] = copy[i];
                }
            }
        }
        let mut world = new_world(&w);
        let epoch = Instant::now();
        let clock = move || epoch.elapsed().as_secs_f64() * 1e3;
        let mut rows: Vec<[f64; 5]> = Vec::new();
        let mut candidates = 0;
        for f in 0..30 + frames {
            advance(&mut w);
            let start = clock();
            write(&mut world, &w, moving.as_deref());
            let (_, t) = world
                .step_timed(clock)
                .expect("workload transforms are valid");
            black_box(world.pairs().iter().map(|&id| u64::from(id)).sum::<u64>());
            let total = clock() - start;
            candidates = t.candidates;
            if f >= 30 {
                rows.push([total, t.poses, t.broad_phase, t.narrow_phase, t.output]);
            }
        }
        let median = |k: usize| {
            let mut v: Vec<f64> = rows.iter().map(|r| r[k]).collect();
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        println!(
            "| {n} | {share} | {:.3} | {:.3} | {:.3} | {:.3} | {:.3} | {candidates} | {} | {} |",
            median(0),
            median(1),
            median(2),
            median(3),
            median(4),
            world.pairs().len() / 2,
            world.resting_count()
        );
    }
}

fn workload(c: &mut Criterion) {
    if let Some(frames) = std::env::var("BENCH_MINIMUMS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        minimums::run(frames);
        return;
    }
    if let Some(frames) = std::env::var("BENCH_PHASES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        phases(frames);
        return;
    }
    let mut group = c.benchmark_group("workload");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for n in sizes() {
        for share in shares() {
            bench_case(&mut group, n, share);
        }
    }
    group.finish();
}

fn bench_case(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    n: usize,
    share: f64,
) {
    {
        let mut w = make_workload(n);
        let moving = moving_ids(n, share);
        let moving = moving.as_deref();
        let mut world = new_world(&w);
        black_box(frame(&mut world, &w, None));
        println!(
            "N = {n}: W = {:.1}, frame 0: {} pairs, checksum {:08x} (bench-js/run.mjs prints the same for sepax)",
            w.width,
            world.pairs().len() / 2,
            checksum(world.pairs())
        );
        let id = if share >= 1.0 {
            BenchmarkId::from_parameter(n)
        } else {
            BenchmarkId::new(format!("moving{share}"), n)
        };
        group.bench_with_input(id, &n, |b, _| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    advance(&mut w);
                    let start = Instant::now();
                    black_box(frame(&mut world, &w, moving));
                    total += start.elapsed();
                }
                total
            });
        });
    }
}

criterion_group!(benches, workload);
criterion_main!(benches);
