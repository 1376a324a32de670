//! Shape cast benchmarks: nanoseconds per `cast_shape` call for each of the 49 ordered kind
//! pairs, on casts that hit and on casts that miss.
//!
//! The placements are seeded (mulberry32), so every run measures the same work: for each
//! pair, 16 hits and 16 misses of a mover started 3 units from the target. The misses pass
//! the target within its reach (the swept box overlaps the target's box: the candidates
//! a broad phase would hand over), the hits run into it; where random aims never hit
//! (point against point), the hits run along an axis through the target's centre.
//!
//! Measurement is short (0.2 s, 20 samples) so the whole run takes under a minute; the
//! table at the end is read back from Criterion's `estimates.json` (median).
//!
//! Run: `cargo bench --bench cast` (a Criterion filter such as `-- polygon` works too).

use criterion::Criterion;
use sepax::cast::{cast_shape, CastHit};
use sepax::{Shape, ShapeKind, Transform, Vec2};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

mod results;
use results::{median_ns, output_directory};

/// Placements per benchmark, and so the divisor of the per-iteration time.
const CONFIGS: usize = 16;

/// mulberry32: a tiny deterministic generator in [0, 1).
struct Mulberry32(u32);

impl Mulberry32 {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x6D2B_79F5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        ((t ^ (t >> 14)) as f32) / 4_294_967_296.0
    }
}

/// One shape of each kind, each roughly two units across.
fn shape_of(kind: ShapeKind) -> Shape {
    match kind {
        ShapeKind::Circle => Shape::circle(1.0).unwrap(),
        ShapeKind::AlignedBox => Shape::aligned_box(1.0, 0.75).unwrap(),
        ShapeKind::OrientedBox => Shape::oriented_box(1.0, 0.5).unwrap(),
        ShapeKind::Polygon => Shape::polygon(&[
            Vec2::new(-1.0, -0.8),
            Vec2::new(0.2, -1.0),
            Vec2::new(1.0, -0.6),
            Vec2::new(1.1, 0.3),
            Vec2::new(0.7, 0.9),
            Vec2::new(-0.6, 1.0),
        ])
        .unwrap(),
        ShapeKind::Capsule => Shape::capsule(0.8, 0.4).unwrap(),
        ShapeKind::Segment => Shape::segment(Vec2::new(-1.0, -0.3), Vec2::new(0.9, 0.6)).unwrap(),
        ShapeKind::Point => Shape::point(),
    }
}

type Placement = (Transform, Vec2, Transform);

fn placements(moving: &Shape, target: &Shape, seed: u32) -> (Vec<Placement>, Vec<Placement>) {
    let mut rng = Mulberry32(seed);
    let (mut hits, mut misses) = (Vec::new(), Vec::new());
    let target_pose = Transform::from_xy_angle(0.0, 0.0, 0.4);
    let reach = (moving.bounding_radius() + target.bounding_radius()).max(0.5);
    for attempt in 0..100_000 {
        if hits.len() >= CONFIGS && misses.len() >= CONFIGS {
            break;
        }
        let angle = rng.next() * core::f32::consts::TAU;
        let along_axis = attempt % 2 == 1;
        let heading = if along_axis {
            (angle / core::f32::consts::FRAC_PI_2).floor() * core::f32::consts::FRAC_PI_2
        } else {
            angle
        };
        let direction = Vec2::new(heading.cos(), heading.sin());
        let side = Vec2::new(-direction.y, direction.x);
        let offset = if along_axis {
            0.0
        } else {
            (rng.next() * 2.0 - 1.0) * 1.2 * reach
        };
        let start = direction * -3.0 + side * offset;
        let moving_pose = Transform::from_xy_angle(start.x, start.y, rng.next() * 6.3);
        let delta = direction * 6.0;
        let found: Option<CastHit> = cast_shape(moving, &moving_pose, delta, target, &target_pose);
        let set = match found {
            Some(hit) if hit.t > 0.0 => &mut hits,
            None => &mut misses,
            Some(_) => continue,
        };
        if set.len() < CONFIGS {
            set.push((moving_pose, delta, target_pose));
        }
    }
    (hits, misses)
}

fn pair_name(a: ShapeKind, b: ShapeKind) -> String {
    format!("cast_{}_{}", a.name(), b.name())
}

fn bench_pair(c: &mut Criterion, mover_kind: ShapeKind, target_kind: ShapeKind, seed: u32) {
    let (moving, target) = (shape_of(mover_kind), shape_of(target_kind));
    let (hits, misses) = placements(&moving, &target, seed);
    let mut group = c.benchmark_group(pair_name(mover_kind, target_kind));
    for (column, set) in [("hit", &hits), ("miss", &misses)] {
        if set.is_empty() {
            continue;
        }
        group.bench_function(column, |bencher| {
            bencher.iter(|| {
                let mut sum = 0.0f32;
                for (moving_pose, delta, target_pose) in set.iter() {
                    if let Some(hit) = cast_shape(
                        black_box(&moving),
                        moving_pose,
                        *delta,
                        black_box(&target),
                        target_pose,
                    ) {
                        sum += hit.t + hit.normal.x;
                    }
                }
                sum
            });
        });
    }
    group.finish();
}

fn print_table(dir: &Path) {
    println!();
    println!("ns per cast_shape call (median over {CONFIGS} seeded casts); rows: mover, columns: target, cells: hit / miss");
    println!();
    let header: Vec<&str> = ShapeKind::ALL.iter().map(|k| k.name()).collect();
    println!("| mover \\ target | {} |", header.join(" | "));
    println!("|---|{}", "---:|".repeat(ShapeKind::ALL.len()));
    for &a in &ShapeKind::ALL {
        let cells: Vec<String> = ShapeKind::ALL
            .iter()
            .map(|&b| {
                let read = |column: &str| {
                    let file = dir
                        .join(pair_name(a, b))
                        .join(column)
                        .join("new")
                        .join("estimates.json");
                    median_ns(&file).map_or_else(
                        || "-".to_string(),
                        |ns| format!("{:.0}", ns / CONFIGS as f64),
                    )
                };
                format!("{} / {}", read("hit"), read("miss"))
            })
            .collect();
        println!("| {} | {} |", a.name(), cells.join(" | "));
    }
}

fn main() {
    let dir = output_directory();
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(200))
        .sample_size(20)
        .output_directory(&dir)
        .configure_from_args();
    for (i, &a) in ShapeKind::ALL.iter().enumerate() {
        for (j, &b) in ShapeKind::ALL.iter().enumerate() {
            bench_pair(&mut criterion, a, b, 0xCA57_0000 + (7 * i + j) as u32);
        }
    }
    criterion.final_summary();
    print_table(&dir);
}
