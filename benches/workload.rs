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

// The tests' seeded generators; Mulberry32::f64 is the very stream of bench-js/rng.mjs.
#[path = "../tests/common/rng.rs"]
mod rng;

// `BENCH_MINIMUMS=frames`: each phase of the step beside the least work it must do.
#[path = "workload/minimums.rs"]
mod minimums;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rng::Mulberry32;
use sepax::{Shape, ShapeOptions, Vec2, World};
use std::f64::consts::PI;
use std::hint::black_box;
use std::time::{Duration, Instant};

const TWO_PI: f64 = 2.0 * PI;

fn seed_for(n: usize) -> u32 {
    12345 ^ (n as u32).wrapping_mul(0x9e37_79b1)
}

fn f32r(v: f64) -> f64 {
    f64::from(v as f32)
}

enum Kind {
    Box { hw: f32, hh: f32 },
    Circle { r: f32 },
    Polygon { points: Vec<Vec2> },
}

struct Workload {
    width: f64,
    shapes: Vec<Kind>,
    radius: Vec<f64>,
    x: Vec<f64>,
    y: Vec<f64>,
    angle: Vec<f64>,
    vx: Vec<f64>,
    vy: Vec<f64>,
    va: Vec<f64>,
}

fn cross(o: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

fn convex_hull(points: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    let mut lower: Vec<[f64; 2]> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<[f64; 2]> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// (area, centroid x, centroid y, perimeter) of a closed polygon.
fn polygon_properties(points: &[[f64; 2]]) -> (f64, f64, f64, f64) {
    let (mut a2, mut cx, mut cy, mut perimeter) = (0.0, 0.0, 0.0, 0.0);
    for i in 0..points.len() {
        let [x0, y0] = points[i];
        let [x1, y1] = points[(i + 1) % points.len()];
        let c = x0 * y1 - x1 * y0;
        a2 += c;
        cx += (x0 + x1) * c;
        cy += (y0 + y1) * c;
        perimeter += ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).sqrt();
    }
    (a2 / 2.0, cx / (3.0 * a2), cy / (3.0 * a2), perimeter)
}

fn make_polygon(rand: &mut Mulberry32) -> Vec<[f64; 2]> {
    let n = 3 + (6.0 * rand.f64()).floor() as usize;
    let big = f32r(2.0 + 6.0 * rand.f64());
    let step = TWO_PI / n as f64;
    let mut raw = Vec::with_capacity(n);
    for k in 0..n {
        let jitter = (2.0 * rand.f64() - 1.0) * (step / 4.0);
        let radius = big * (0.8 + 0.2 * rand.f64());
        let angle = step * k as f64 + jitter;
        raw.push([f32r(radius * angle.cos()), f32r(radius * angle.sin())]);
    }
    let hull = convex_hull(&raw);
    let (_, cx, cy, _) = polygon_properties(&hull);
    hull.iter()
        .map(|&[x, y]| [f32r(x - cx), f32r(y - cy)])
        .collect()
}

fn make_workload(n: usize) -> Workload {
    let mut rand = Mulberry32::new(seed_for(n));
    let mut shapes = Vec::with_capacity(n);
    let mut radius = Vec::with_capacity(n);
    let (mut area_sum, mut perimeter_sum) = (0.0, 0.0);
    for i in 0..n {
        let slot = i % 10;
        if slot < 4 {
            let hw = f32r(2.0 + 6.0 * rand.f64());
            let hh = f32r(2.0 + 6.0 * rand.f64());
            shapes.push(Kind::Box {
                hw: hw as f32,
                hh: hh as f32,
            });
            radius.push((hw * hw + hh * hh).sqrt());
            area_sum += 4.0 * hw * hh;
            perimeter_sum += 4.0 * (hw + hh);
        } else if slot < 7 {
            let r = f32r(2.0 + 6.0 * rand.f64());
            shapes.push(Kind::Circle { r: r as f32 });
            radius.push(r);
            area_sum += PI * r * r;
            perimeter_sum += TWO_PI * r;
        } else {
            let points = make_polygon(&mut rand);
            let r2 = points
                .iter()
                .fold(0.0f64, |m, p| m.max(p[0] * p[0] + p[1] * p[1]));
            radius.push(r2.sqrt());
            let (area, _, _, perimeter) = polygon_properties(&points);
            area_sum += area;
            perimeter_sum += perimeter;
            shapes.push(Kind::Polygon {
                points: points
                    .iter()
                    .map(|p| Vec2::new(p[0] as f32, p[1] as f32))
                    .collect(),
            });
        }
    }
    let mean_area = area_sum / n as f64;
    let mean_perimeter = perimeter_sum / n as f64;
    let width = ((n as f64 - 1.0) * (2.0 * mean_area + mean_perimeter * mean_perimeter / TWO_PI)
        / 2.0)
        .sqrt();
    let mut w = Workload {
        width,
        shapes,
        radius,
        x: vec![0.0; n],
        y: vec![0.0; n],
        angle: vec![0.0; n],
        vx: vec![0.0; n],
        vy: vec![0.0; n],
        va: vec![0.0; n],
    };
    for i in 0..n {
        let r = w.radius[i];
        w.x[i] = r + (width - 2.0 * r) * rand.f64();
        w.y[i] = r + (width - 2.0 * r) * rand.f64();
        w.angle[i] = PI * (2.0 * rand.f64() - 1.0);
        w.vx[i] = rand.f64() - 0.5;
        w.vy[i] = rand.f64() - 0.5;
        w.va[i] = 0.1 * (rand.f64() - 0.5);
    }
    w
}

/// One frame of motion, exactly as `advance` in bench-js/workload.mjs.
fn advance(w: &mut Workload) {
    let width = w.width;
    for i in 0..w.x.len() {
        let r = w.radius[i];
        let mut px = w.x[i] + w.vx[i];
        let mut py = w.y[i] + w.vy[i];
        let mut a = w.angle[i] + w.va[i];
        if px - r < 0.0 {
            px = 2.0 * r - px;
            w.vx[i] = -w.vx[i];
        } else if px + r > width {
            px = 2.0 * (width - r) - px;
            w.vx[i] = -w.vx[i];
        }
        if py - r < 0.0 {
            py = 2.0 * r - py;
            w.vy[i] = -w.vy[i];
        } else if py + r > width {
            py = 2.0 * (width - r) - py;
            w.vy[i] = -w.vy[i];
        }
        if a > PI {
            a -= TWO_PI;
        } else if a < -PI {
            a += TWO_PI;
        }
        w.x[i] = px;
        w.y[i] = py;
        w.angle[i] = a;
    }
}

fn shape_of(kind: &Kind) -> Shape {
    match kind {
        Kind::Box { hw, hh } => Shape::oriented_box(*hw, *hh),
        Kind::Circle { r } => Shape::circle(*r),
        Kind::Polygon { points } => Shape::polygon(points),
    }
    .expect("workload shapes are valid")
}

fn build_world(w: &Workload) -> World {
    let mut world = World::new();
    for (i, kind) in w.shapes.iter().enumerate() {
        let shape = shape_of(kind);
        let id = world
            .add(
                shape,
                w.x[i] as f32,
                w.y[i] as f32,
                w.angle[i] as f32,
                ShapeOptions::default(),
            )
            .expect("workload transforms are valid");
        assert_eq!(id as usize, i);
    }
    world
}

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
    let mut world = build_world(w);
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
