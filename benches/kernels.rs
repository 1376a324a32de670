//! Narrow-phase kernel benchmarks: nanoseconds per call for each of the 28 kind pairs,
//! through the public dispatcher (`collide` and `overlaps`), on colliding and on
//! separated configurations.
//!
//! The configurations are seeded (mulberry32, no `rand`), so every run measures the same
//! work: for each pair, 16 colliding and 16 separated placements of B around A. The
//! separated ones are chosen among placements whose bounding boxes overlap, i.e. the
//! misses the broad phase would actually hand to the narrow phase (the expensive kind),
//! except where that is impossible (two aligned boxes, two points): near misses then.
//! Point–point and segment–point hits are built (coincident points, a point on an end)
//! since random placements never produce them.
//!
//! Each benchmark runs over its 16 placements per iteration; the summary divides by 16.
//! Measurement is short (0.3 s, 20 samples) so the whole run takes about a minute; the
//! table printed at the end is read back from Criterion's `estimates.json` (median).
//!
//! Run: `cargo bench --bench kernels` (a Criterion filter such as `-- circle` works too;
//! the table then shows `-` for pairs that were not run).

// The tests' seeded generators.
#[path = "../tests/common/rng.rs"]
mod rng;

use core::f32::consts::FRAC_PI_2;
use criterion::Criterion;
use rng::Mulberry32;
use sepax::{collide, overlaps, Shape, ShapeKind, Transform, Vec2};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

mod results;
use results::{median_ns, output_directory};

/// Placements per benchmark, and so the divisor of the per-iteration time.
const CONFIGS: usize = 16;

/// One shape of each kind, each about two units across; the polygon is an octagon.
fn shape_of(kind: ShapeKind) -> Shape {
    match kind {
        ShapeKind::Circle => Shape::circle(1.0),
        ShapeKind::AlignedBox => Shape::aligned_box(1.0, 0.75),
        ShapeKind::OrientedBox => Shape::oriented_box(1.0, 0.5),
        ShapeKind::Polygon => {
            let points: Vec<Vec2> = (0..8)
                .map(|k| {
                    let t = k as f32 * core::f32::consts::TAU / 8.0 + 0.2;
                    Vec2::new(t.cos(), 0.8 * t.sin())
                })
                .collect();
            Shape::polygon(&points)
        }
        ShapeKind::Capsule => Shape::capsule(0.8, 0.4),
        ShapeKind::Segment => Shape::segment(Vec2::new(-1.0, -0.3), Vec2::new(0.9, 0.6)),
        ShapeKind::Point => Ok(Shape::point()),
    }
    .expect("valid bench shape")
}

type Placements = Vec<(Transform, Transform)>;

/// Seeded colliding and separated placements of `b` around `a`.
fn placements(a: &Shape, b: &Shape, seed: u32) -> (Placements, Placements) {
    let mut rng = Mulberry32::new(seed);
    // The full 32-bit draw rounded to f32 (so 1.0 can come up): the placements these benches
    // have always measured.
    let mut unit = || rng.f64() as f32;
    let (mut hits, mut misses) = (Vec::new(), Vec::new());
    let both_points = a.kind() == ShapeKind::Point && b.kind() == ShapeKind::Point;
    for attempt in 0..1_000_000 {
        if hits.len() == CONFIGS && misses.len() == CONFIGS {
            break;
        }
        let tf_a = Transform::from_xy_angle(unit() * 10.0 - 5.0, unit() * 10.0 - 5.0, unit() * 6.3);
        let spread = if both_points { 0.02 } else { 5.0 };
        // Where no miss can have overlapping boxes (two aligned boxes, two points), near
        // misses stand in.
        let relaxed = both_points || attempt > 20_000;
        let tf_b = Transform::from_xy_angle(
            tf_a.translation.x + (unit() - 0.5) * spread,
            tf_a.translation.y + (unit() - 0.5) * spread,
            unit() * 6.3,
        );
        if both_points && hits.len() < CONFIGS && attempt % 2 == 0 {
            hits.push((tf_a, tf_a));
            continue;
        }
        if let (Shape::Segment { a: start, b: end }, Shape::Point) = (a, b) {
            // A random point never lands on a segment: put it on an end, exactly (right
            // angles and the origin keep every coordinate exact).
            if hits.len() < CONFIGS {
                let k = hits.len();
                let tf_a = Transform::from_xy_angle(0.0, 0.0, (k % 4) as f32 * FRAC_PI_2);
                let on = tf_a.apply(if k % 8 < 4 { *start } else { *end });
                hits.push((tf_a, Transform::from_xy_angle(on.x, on.y, 0.0)));
                continue;
            }
        }
        if overlaps(a, &tf_a, b, &tf_b) {
            if hits.len() < CONFIGS {
                hits.push((tf_a, tf_b));
            }
        } else if misses.len() < CONFIGS && (relaxed || a.aabb(&tf_a).overlaps(&b.aabb(&tf_b))) {
            misses.push((tf_a, tf_b));
        }
    }
    assert_eq!(
        (hits.len(), misses.len()),
        (CONFIGS, CONFIGS),
        "{:?} {:?}",
        a.kind(),
        b.kind()
    );
    (hits, misses)
}

/// The four measurements of a pair, in table order.
const COLUMNS: [&str; 4] = ["collide_hit", "collide_miss", "overlap_hit", "overlap_miss"];

fn pair_name(a: ShapeKind, b: ShapeKind) -> String {
    format!("{}_{}", a.name(), b.name())
}

fn bench_pair(c: &mut Criterion, a_kind: ShapeKind, b_kind: ShapeKind, seed: u32) {
    let (a, b) = (shape_of(a_kind), shape_of(b_kind));
    let (hits, misses) = placements(&a, &b, seed);
    let mut group = c.benchmark_group(pair_name(a_kind, b_kind));
    for (column, set) in COLUMNS.iter().zip([&hits, &misses, &hits, &misses]) {
        let contact_path = column.starts_with("collide");
        group.bench_function(*column, |bencher| {
            if contact_path {
                bencher.iter(|| {
                    let mut sum = 0.0f32;
                    for (tf_a, tf_b) in set.iter() {
                        if let Some(contact) = collide(black_box(&a), tf_a, black_box(&b), tf_b) {
                            sum += contact.depth + contact.normal.x;
                        }
                    }
                    sum
                });
            } else {
                bencher.iter(|| {
                    let mut count = 0u32;
                    for (tf_a, tf_b) in set.iter() {
                        count += u32::from(overlaps(black_box(&a), tf_a, black_box(&b), tf_b));
                    }
                    count
                });
            }
        });
    }
    group.finish();
}

fn print_table(dir: &Path, pairs: &[(ShapeKind, ShapeKind)]) {
    println!();
    println!("ns per call (median over {CONFIGS} seeded placements, via collide/overlaps)");
    println!();
    println!(
        "| pair | {} | {} | {} | {} |",
        COLUMNS[0], COLUMNS[1], COLUMNS[2], COLUMNS[3]
    );
    println!("|---|---:|---:|---:|---:|");
    for &(a, b) in pairs {
        let name = pair_name(a, b);
        let cells: Vec<String> = COLUMNS
            .iter()
            .map(|column| {
                let file = dir
                    .join(&name)
                    .join(column)
                    .join("new")
                    .join("estimates.json");
                median_ns(&file).map_or_else(
                    || "-".to_string(),
                    |ns| format!("{:.1}", ns / CONFIGS as f64),
                )
            })
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
}

fn main() {
    let dir = output_directory();
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300))
        .sample_size(20)
        .output_directory(&dir)
        .configure_from_args();
    let mut pairs = Vec::new();
    for (i, &a) in ShapeKind::ALL.iter().enumerate() {
        for &b in &ShapeKind::ALL[i..] {
            pairs.push((a, b));
        }
    }
    for (index, &(a, b)) in pairs.iter().enumerate() {
        bench_pair(&mut criterion, a, b, 0x5E9A_0000 + index as u32);
    }
    criterion.final_summary();
    print_table(&dir, &pairs);
}
