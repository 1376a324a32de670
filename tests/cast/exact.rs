//! The `f64` reference for shape casts, sharing nothing with the crate's method.
//!
//! A shape is a convex core (1, 2 or n points) plus a radius, placed in the world in `f64`
//! from the exact `f32` inputs with the transform's own `f32` cosine and sine (an aligned
//! box ignores the rotation), as in the narrow phase's reference (`tests/reference.rs`).
//!
//! Two shapes overlap when the distance between their cores is at most `r = rA + rB`.
//! With the mover displaced by `q`, that is `dist(q, G) <= r` for the convex hull
//! `G = hull{ t_i − m_j }` of the pairwise differences of the target's and the mover's
//! core points (at the mover's start). So the mover displaced by `t × delta` overlaps the
//! target iff `s(t) <= 0` with `s(t) = sd_G(t × delta) − r` and `sd_G` the signed distance
//! to `G`, which is convex in `t`. The reference time of impact is found by brute force
//! on that convex function: its minimum over `[0, 1]` by golden-section search (a miss when
//! it is positive), then bisection on the decreasing part before the minimum for the first
//! zero. Nothing here merges edges by angle or clips half-planes.

use sepax::{Shape, Transform, Vec2};

pub type P = [f64; 2];

pub fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}
pub fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1]]
}
pub fn scaled(a: P, s: f64) -> P {
    [a[0] * s, a[1] * s]
}
pub fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
pub fn norm(a: P) -> f64 {
    a[0].hypot(a[1])
}
pub fn to_p(v: Vec2) -> P {
    [v.x as f64, v.y as f64]
}

/// A shape in the world: a convex core (1, 2 or n counter-clockwise points) and a radius.
#[derive(Clone, Debug)]
pub struct Body {
    pub core: Vec<P>,
    pub radius: f64,
}

impl Body {
    pub fn new(shape: &Shape, tf: &Transform) -> Body {
        let (core, radius) = crate::common::f64_core_and_radius(shape, tf);
        Body { core, radius }
    }

    pub fn translated(&self, by: P) -> Body {
        Body {
            core: self.core.iter().map(|&p| add(p, by)).collect(),
            radius: self.radius,
        }
    }

    /// Signed distance from `p` to the shape: negative inside.
    pub fn signed_distance(&self, p: P) -> f64 {
        signed_distance_to_convex(&self.core, p) - self.radius
    }
}

/// The configuration obstacle of a cast: the mover displaced by `q` overlaps the target
/// iff `dist(q, hull) <= radius`.
#[derive(Clone, Debug)]
pub struct Obstacle {
    pub hull: Vec<P>,
    pub radius: f64,
}

impl Obstacle {
    pub fn new(target: &Body, mover: &Body) -> Obstacle {
        let mut differences = Vec::with_capacity(target.core.len() * mover.core.len());
        for &t in &target.core {
            for &m in &mover.core {
                differences.push(sub(t, m));
            }
        }
        Obstacle {
            hull: crate::common::convex_hull(differences),
            radius: target.radius + mover.radius,
        }
    }

    /// `sd_G(q) − r`: negative when the mover displaced by `q` overlaps the target.
    pub fn gap(&self, q: P) -> f64 {
        signed_distance_to_convex(&self.hull, q) - self.radius
    }

    /// The point of the hull nearest to `q` (`q` itself when inside).
    pub fn nearest(&self, q: P) -> P {
        if signed_distance_to_convex(&self.hull, q) <= 0.0 {
            return q;
        }
        let n = self.hull.len();
        (0..n)
            .map(|i| {
                let (a, b) = (sub(self.hull[i], q), sub(self.hull[(i + 1) % n], q));
                add(q, if n == 1 { a } else { closest_on_segment(a, b) })
            })
            .min_by(|x, y| norm(sub(*x, q)).total_cmp(&norm(sub(*y, q))))
            .unwrap()
    }

    /// The hull's support value along `direction`.
    pub fn support(&self, direction: P) -> f64 {
        self.hull
            .iter()
            .map(|&p| dot(p, direction))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Signed distance from `p` to a convex counter-clockwise polygon (1 or 2 points: a point
/// or a segment, with no inside).
pub fn signed_distance_to_convex(poly: &[P], p: P) -> f64 {
    let shifted: Vec<P> = poly.iter().map(|&c| sub(c, p)).collect();
    let n = shifted.len();
    if n == 1 {
        return norm(shifted[0]);
    }
    let mut distance = f64::MAX;
    let mut inner = f64::MAX;
    let mut inside = n >= 3;
    for i in 0..n {
        let (a, b) = (shifted[i], shifted[(i + 1) % n]);
        distance = distance.min(norm(closest_on_segment(a, b)));
        let e = sub(b, a);
        let offset = (e[1] * a[0] - e[0] * a[1]) / norm(e);
        inside &= offset >= 0.0;
        inner = inner.min(offset);
    }
    if inside {
        -inner.max(0.0)
    } else {
        distance
    }
}

/// The point of segment `a b` nearest to the origin.
pub fn closest_on_segment(a: P, b: P) -> P {
    let e = sub(b, a);
    let t = (-dot(a, e) / dot(e, e)).clamp(0.0, 1.0);
    add(a, scaled(e, t))
}

/// The reference answer for a cast.
#[derive(Clone, Copy, Debug)]
pub struct ReferenceCast {
    /// `s(0)`: the gap at the start (negative: overlapping).
    pub start: f64,
    /// The smallest gap along the path and where it is.
    pub lowest: f64,
    pub t_lowest: f64,
    /// The first `t` with `s(t) <= 0`, if any.
    pub t_first: Option<f64>,
}

pub fn reference_cast(obstacle: &Obstacle, delta: P) -> ReferenceCast {
    let s = |t: f64| obstacle.gap(scaled(delta, t));
    let start = s(0.0);
    let (t_lowest, lowest) = golden_minimum(&s, 0.0, 1.0);
    let t_first = if start <= 0.0 {
        Some(0.0)
    } else if lowest <= 0.0 {
        let (mut lo, mut hi) = (0.0, t_lowest);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if s(mid) <= 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(hi)
    } else {
        None
    };
    ReferenceCast {
        start,
        lowest,
        t_lowest,
        t_first,
    }
}

/// The minimum of a convex function on `[lo, hi]` by golden-section search: `(x, f(x))`.
pub fn golden_minimum(f: &impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> (f64, f64) {
    const INV_PHI: f64 = 0.618_033_988_749_894_9;
    let (a, b) = (lo, hi);
    let mut x1 = hi - INV_PHI * (hi - lo);
    let mut x2 = lo + INV_PHI * (hi - lo);
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..120 {
        if f1 <= f2 {
            hi = x2;
            (x2, f2) = (x1, f1);
            x1 = hi - INV_PHI * (hi - lo);
            f1 = f(x1);
        } else {
            lo = x1;
            (x1, f1) = (x2, f2);
            x2 = lo + INV_PHI * (hi - lo);
            f2 = f(x2);
        }
    }
    [(x1, f1), (x2, f2), (a, f(a)), (b, f(b))]
        .into_iter()
        .min_by(|p, q| p.1.total_cmp(&q.1))
        .unwrap()
}
