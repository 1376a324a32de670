//! Seeded simple outlines for the concave polygon tests: random outlines that are
//! star-shaped around a centre, regular stars, spirals, combs, outlines with collinear
//! runs and duplicate points, in either winding; and the plain even-odd test and area
//! they are checked against.

use super::rng::Mulberry32;
use sepax::Vec2;

/// `n` points at increasing random angles around the origin (one in each of `n` equal
/// sectors, so that no gap reaches half a turn), at random radii in `[0.2, 1] × size`:
/// simple, since every ray from the origin crosses it once.
pub fn radial(rng: &mut Mulberry32, n: usize, size: f32) -> Vec<Vec2> {
    let sector = core::f32::consts::TAU / n as f32;
    (0..n)
        .map(|k| {
            let a = (k as f32 + rng.range(0.0, 0.999)) * sector;
            let r = size * rng.range(0.2, 1.0);
            Vec2::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

/// A star of `spikes` points between radii `inner` and `outer`.
pub fn star(spikes: usize, inner: f32, outer: f32) -> Vec<Vec2> {
    (0..2 * spikes)
        .map(|k| {
            let a = k as f32 * core::f32::consts::PI / spikes as f32;
            let r = if k % 2 == 0 { outer } else { inner };
            Vec2::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

/// A band of `width` along the spiral `r = 1 + pitch × θ / 2π`, `turns` times round,
/// `steps` points per turn on each side.
pub fn spiral(turns: f32, steps: usize, pitch: f32, width: f32) -> Vec<Vec2> {
    let count = (turns * steps as f32) as usize;
    let at = |k: usize, offset: f32| {
        let theta = k as f32 * core::f32::consts::TAU / steps as f32;
        let r = 1.0 + pitch * theta / core::f32::consts::TAU + offset;
        Vec2::new(r * theta.cos(), r * theta.sin())
    };
    let mut points: Vec<Vec2> = (0..=count).map(|k| at(k, width)).collect();
    points.extend((0..=count).rev().map(|k| at(k, 0.0)));
    points
}

/// A comb: a bar `teeth × 2` wide and 1 high with `teeth` teeth of width 1 and `length`
/// hanging from it.
pub fn comb(teeth: usize, length: f32) -> Vec<Vec2> {
    let mut points = vec![Vec2::new(0.0, 0.0), Vec2::new(2.0 * teeth as f32, 0.0)];
    for k in (0..teeth).rev() {
        let x = 2.0 * k as f32;
        points.extend([
            Vec2::new(x + 1.0, 1.0),
            Vec2::new(x + 1.0, 1.0 + length),
            Vec2::new(x, 1.0 + length),
        ]);
        if k > 0 {
            points.push(Vec2::new(x, 1.0));
        }
    }
    points
}

/// `outline` with every edge cut into `cuts` collinear pieces, and every `every`-th vertex
/// given twice.
pub fn with_collinear_runs_and_duplicates(
    outline: &[Vec2],
    cuts: usize,
    every: usize,
) -> Vec<Vec2> {
    let n = outline.len();
    let mut points = Vec::new();
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        points.push(a);
        if i % every == 0 {
            points.push(a);
        }
        for k in 1..cuts {
            let t = k as f32 / cuts as f32;
            // Exactly on the line where the coordinates allow it (axis-aligned edges).
            points.push(Vec2::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));
        }
    }
    points
}

/// The signed area of an outline (positive when counter-clockwise), in `f64`.
pub fn signed_area(points: &[Vec2]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            f64::from(a.x) * f64::from(b.y) - f64::from(b.x) * f64::from(a.y)
        })
        .sum::<f64>()
        / 2.0
}

/// The even-odd test: true when `p` is inside the outline.
pub fn even_odd(points: &[Vec2], p: [f64; 2]) -> bool {
    let n = points.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let (ax, ay, bx, by) = (
            f64::from(a.x),
            f64::from(a.y),
            f64::from(b.x),
            f64::from(b.y),
        );
        if (ay > p[1]) != (by > p[1]) {
            let x = ax + (p[1] - ay) * (bx - ax) / (by - ay);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// The distance from `p` to the outline's nearest edge, in `f64`.
pub fn distance_to_outline(points: &[Vec2], p: [f64; 2]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            let (ax, ay) = (f64::from(a.x), f64::from(a.y));
            let (dx, dy) = (f64::from(b.x) - ax, f64::from(b.y) - ay);
            let l2 = dx * dx + dy * dy;
            let t = if l2 > 0.0 {
                (((p[0] - ax) * dx + (p[1] - ay) * dy) / l2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (p[0] - ax - t * dx).hypot(p[1] - ay - t * dy)
        })
        .fold(f64::MAX, f64::min)
}
