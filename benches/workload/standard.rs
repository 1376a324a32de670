//! The standard workload's generator (the definition is `bench-js/workload.mjs`), shared by the benches that
//! build it: a line-by-line port (same mulberry32 stream, same draws in the same order, same f32 rounding).

use super::rng::Mulberry32;
use sepax::{Shape, ShapeOptions, Vec2, World, WorldOptions};
use std::f64::consts::PI;

const TWO_PI: f64 = 2.0 * PI;

fn seed_for(n: usize) -> u32 {
    12345 ^ (n as u32).wrapping_mul(0x9e37_79b1)
}

fn f32r(v: f64) -> f64 {
    f64::from(v as f32)
}

pub enum Kind {
    Box { hw: f32, hh: f32 },
    Circle { r: f32 },
    Polygon { points: Vec<Vec2> },
}

pub struct Workload {
    pub width: f64,
    pub shapes: Vec<Kind>,
    pub radius: Vec<f64>,
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub angle: Vec<f64>,
    pub vx: Vec<f64>,
    pub vy: Vec<f64>,
    pub va: Vec<f64>,
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

pub fn make_workload(n: usize) -> Workload {
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

/// One step of a coordinate `p` at velocity `v` for a shape of radius `r` in `[0, width]`:
/// reflected off a wall it crossed, its velocity turned round (as `bounce` in
/// bench-js/workload.mjs).
fn bounce(p: f64, v: &mut f64, r: f64, width: f64) -> f64 {
    let p = p + *v;
    if p - r < 0.0 {
        *v = -*v;
        2.0 * r - p
    } else if p + r > width {
        *v = -*v;
        2.0 * (width - r) - p
    } else {
        p
    }
}

/// One frame of motion, exactly as `advance` in bench-js/workload.mjs.
pub fn advance(w: &mut Workload) {
    let width = w.width;
    for i in 0..w.x.len() {
        let r = w.radius[i];
        let px = bounce(w.x[i], &mut w.vx[i], r, width);
        let py = bounce(w.y[i], &mut w.vy[i], r, width);
        let mut a = w.angle[i] + w.va[i];
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

pub fn shape_of(kind: &Kind) -> Shape {
    match kind {
        Kind::Box { hw, hh } => Shape::oriented_box(*hw, *hh),
        Kind::Circle { r } => Shape::circle(*r),
        Kind::Polygon { points } => Shape::polygon(points),
    }
    .expect("workload shapes are valid")
}

/// The workload's shapes in a world made with `options`.
pub fn build_world(w: &Workload, options: WorldOptions) -> World {
    let mut world = World::with_options(options);
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
