//! `BENCH_MINIMUMS=frames cargo bench --bench workload`: each phase of a full-motion step of the standard workload,
//! beside the least work that phase must do, timed on the same frames (medians, ms). The floors:
//!
//! - **poses**: a pose (`Transform::from_xy_angle`, i.e. one sine and cosine) and a world box (`Shape::aabb`) per
//!   shape, into a flat array; "sin/cos" alone is the sines and cosines without the boxes.
//! - **broad phase**: a counting sort of the boxes into a uniform grid of cells twice the mean box size (one
//!   entry per box, in the cell of its centre: count, prefix sum, scatter), plus one box-overlap test per
//!   candidate pair. Any grid must at least bin every box and test every pair it reports.
//! - **narrow phase**: `collide` on each candidate pair (the pairs whose boxes overlap, found outside the clock),
//!   from a flat list: the exact tests and nothing else (no layer filter, no bookkeeping).
//! - **output**: an LSD radix sort of the colliding pairs' keys (3 passes of 12 bits) plus one merge with the
//!   last frame's sorted keys (what started and ended).
//!
//! The floors are natively timed loops over the crate's own kernels, so a phase's ratio to its floor says how
//! much of it is bookkeeping around the kernels.

use super::{advance, make_workload, new_world, shape_of, sizes, write};
use sepax::{collide, Aabb, Shape, Transform, Vec2};
use std::hint::black_box;
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Milliseconds taken by `f`, and its result.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = f();
    (start.elapsed().as_secs_f64() * 1e3, out)
}

/// The pairs `(a, b)`, `a < b`, whose boxes overlap (touching counts): sort and sweep on `min.x`, untimed.
fn overlapping_boxes(boxes: &[Aabb]) -> Vec<(u32, u32)> {
    let mut order: Vec<u32> = (0..boxes.len() as u32).collect();
    order.sort_by(|&a, &b| boxes[a as usize].min.x.total_cmp(&boxes[b as usize].min.x));
    let mut out = Vec::new();
    for (k, &a) in order.iter().enumerate() {
        let ba = &boxes[a as usize];
        for &b in &order[k + 1..] {
            let bb = &boxes[b as usize];
            if bb.min.x > ba.max.x {
                break;
            }
            if ba.overlaps(bb) {
                out.push((a.min(b), a.max(b)));
            }
        }
    }
    out
}

/// LSD radix sort of keys below 2^36, three passes of 12 bits.
fn radix_sort(keys: &mut Vec<u64>, scratch: &mut Vec<u64>) {
    scratch.resize(keys.len(), 0);
    for pass in 0..3 {
        let shift = 12 * pass;
        let mut counts = [0u32; 4097];
        for &k in keys.iter() {
            counts[((k >> shift) & 0xFFF) as usize + 1] += 1;
        }
        for d in 1..4097 {
            counts[d] += counts[d - 1];
        }
        for &k in keys.iter() {
            let d = ((k >> shift) & 0xFFF) as usize;
            scratch[counts[d] as usize] = k;
            counts[d] += 1;
        }
        std::mem::swap(keys, scratch);
    }
}

/// How many keys are in one sorted list and not the other (started plus ended), by one merge.
fn changed(now: &[u64], before: &[u64]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < now.len() && j < before.len() {
        match now[i].cmp(&before[j]) {
            std::cmp::Ordering::Less => (i, n) = (i + 1, n + 1),
            std::cmp::Ordering::Greater => (j, n) = (j + 1, n + 1),
            std::cmp::Ordering::Equal => (i, j) = (i + 1, j + 1),
        }
    }
    n + (now.len() - i) + (before.len() - j)
}

/// The broad phase's floor: bin every box by its centre (count, prefix, scatter), then one box test per pair.
fn binning(
    boxes: &[Aabb],
    cell: f32,
    columns: usize,
    counts: &mut Vec<u32>,
    slots: &mut Vec<u32>,
) -> usize {
    counts.clear();
    counts.resize(columns * columns + 1, 0);
    slots.resize(boxes.len(), 0);
    let cell_of = |b: &Aabb| {
        let c = b.center();
        let (cx, cy) = ((c.x / cell) as usize, (c.y / cell) as usize);
        cy.min(columns - 1) * columns + cx.min(columns - 1)
    };
    for b in boxes {
        counts[cell_of(b) + 1] += 1;
    }
    for k in 1..counts.len() {
        counts[k] += counts[k - 1];
    }
    for (i, b) in boxes.iter().enumerate() {
        let c = cell_of(b);
        slots[counts[c] as usize] = i as u32;
        counts[c] += 1;
    }
    slots[0] as usize
}

/// Runs the comparison for every N of `BENCH_N` and prints a Markdown table.
pub fn run(frames: usize) {
    println!("| N | phase | step (ms) | floor (ms) | ratio |");
    println!("|---:|---|---:|---:|---:|");
    for n in sizes() {
        let mut w = make_workload(n);
        let shapes: Vec<Shape> = w.shapes.iter().map(shape_of).collect();
        let mut world = new_world(&w);
        let epoch = Instant::now();
        let clock = move || epoch.elapsed().as_secs_f64() * 1e3;
        let mut step = [vec![], vec![], vec![], vec![]];
        let mut floor = [vec![], vec![], vec![], vec![], vec![]];
        let (mut poses, mut boxes) = (
            vec![Transform::IDENTITY; n],
            vec![Aabb::new(Vec2::ZERO, Vec2::ZERO); n],
        );
        let (mut keys, mut scratch, mut last) = (Vec::new(), Vec::new(), Vec::new());
        let (mut counts, mut slots) = (Vec::new(), Vec::new());
        for f in 0..30 + frames {
            advance(&mut w);
            write(&mut world, &w, None);
            let (_, t) = world
                .step_timed(clock)
                .expect("workload transforms are valid");
            let column = |v: &[f64]| v.iter().map(|&x| x as f32).collect::<Vec<f32>>();
            let (xs, ys, angles) = (column(&w.x), column(&w.y), column(&w.angle));
            let (sincos, _) = timed(|| {
                let mut sum = 0.0f32;
                for &a in &angles {
                    sum += sepax::Rot::from_angle(a).cos;
                }
                black_box(sum)
            });
            let (pose_floor, _) = timed(|| {
                for i in 0..n {
                    poses[i] = Transform::from_xy_angle(xs[i], ys[i], angles[i]);
                    boxes[i] = shapes[i].aabb(&poses[i]);
                }
                black_box(&boxes);
            });
            let candidates = overlapping_boxes(&boxes);
            let mean = boxes
                .iter()
                .map(|b| b.extents().x.max(b.extents().y))
                .sum::<f32>()
                / n as f32;
            let width = boxes
                .iter()
                .map(|b| b.max.x.max(b.max.y))
                .fold(0.0f32, f32::max);
            let columns = ((width / (2.0 * mean)) as usize).max(1);
            let (broad_floor, _) = timed(|| {
                binning(&boxes, 2.0 * mean, columns, &mut counts, &mut slots);
                let hits = candidates
                    .iter()
                    .filter(|&&(a, b)| boxes[a as usize].overlaps(&boxes[b as usize]));
                black_box(hits.count())
            });
            let (narrow_floor, colliding) = timed(|| {
                let mut colliding = Vec::with_capacity(candidates.len());
                for &(a, b) in &candidates {
                    let (i, j) = (a as usize, b as usize);
                    if collide(&shapes[i], &poses[i], &shapes[j], &poses[j]).is_some() {
                        colliding.push((a, b));
                    }
                }
                colliding
            });
            let (output_floor, _) = timed(|| {
                keys.clear();
                keys.extend(
                    colliding
                        .iter()
                        .map(|&(a, b)| (u64::from(a) << 18) | u64::from(b)),
                );
                radix_sort(&mut keys, &mut scratch);
                black_box(changed(&keys, &last))
            });
            std::mem::swap(&mut keys, &mut last);
            assert_eq!(
                colliding.len(),
                world.pairs().len() / 2,
                "the floor found other pairs than the step"
            );
            if f >= 30 {
                for (k, v) in [t.poses, t.broad_phase, t.narrow_phase, t.output]
                    .into_iter()
                    .enumerate()
                {
                    step[k].push(v);
                }
                for (k, v) in [pose_floor, broad_floor, narrow_floor, output_floor, sincos]
                    .into_iter()
                    .enumerate()
                {
                    floor[k].push(v);
                }
            }
        }
        let [poses_s, broad_s, narrow_s, output_s] = step.map(median);
        let [poses_f, broad_f, narrow_f, output_f, sincos_f] = floor.map(median);
        for (name, s, f) in [
            ("poses", poses_s, poses_f),
            ("poses (sin/cos alone)", poses_s, sincos_f),
            ("broad phase", broad_s, broad_f),
            ("narrow phase", narrow_s, narrow_f),
            ("output", output_s, output_f),
        ] {
            println!("| {n} | {name} | {s:.3} | {f:.3} | {:.1} |", s / f);
        }
    }
}
