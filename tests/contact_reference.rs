//! Contact points against an independent reference written here in `f64`, on seeded random
//! colliding pairs of every ordered pair of kinds.
//!
//! Two checks per pair, from the contact [`collide`] gives:
//!
//! 1. **Where the points are** (no reference needed): at least one point, at most two,
//!    each depth in `[0, depth]`, and for each point `p` with depth `d`, `p + n·d/2` lies
//!    on A and `p - n·d/2` on B (within the tolerance, by an `f64` signed distance): on
//!    the boundary for shapes without a radius, inside or on it for circles and capsules
//!    (see the module docs of `narrow_phase::manifold`).
//! 2. **The same points as the reference**: the manifold's definition re-implemented in
//!    `f64` with other code (faces listed with their normals, Sutherland–Hodgman clipping
//!    of the incident face against the two side half-planes). Cases where a decision of the
//!    definition is within rounding of its threshold (a face at the alignment limit, two
//!    faces equally close to the normal, a point at depth 0, a clipped run of zero length) may
//!    legitimately go either way: they are counted, must stay rare, and are held to check
//!    1 only.

mod common;

use common::rng::Rng;
use common::{f64_core_and_radius, random_shape, scale, Style};
use sepax::narrow_phase::{manifold, manifold::ALIGNED, Manifold};
use sepax::{collide, Contact, Shape, ShapeKind, Transform};

type P = [f64; 2];

fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}
fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1]]
}
fn mul(a: P, s: f64) -> P {
    [a[0] * s, a[1] * s]
}
fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn norm(a: P) -> f64 {
    a[0].hypot(a[1])
}
fn unit(a: P) -> P {
    mul(a, 1.0 / norm(a))
}
/// `a` turned a quarter clockwise: the outward normal of a counter-clockwise edge `a`.
fn right(a: P) -> P {
    [a[1], -a[0]]
}

/// A placed shape: convex core (1, 2 or n counter-clockwise points) and radius.
struct Body {
    core: Vec<P>,
    radius: f64,
}

/// A face of a core: its ends and outward unit normal.
#[derive(Clone, Copy, Debug)]
struct Face {
    p: P,
    q: P,
    normal: P,
}

impl Body {
    /// Every face with its outward normal: a segment has two, one each way; a point none.
    fn faces(&self) -> Vec<Face> {
        let c = &self.core;
        match c.len() {
            1 => vec![],
            2 => {
                let m = unit(right(sub(c[1], c[0])));
                vec![
                    Face {
                        p: c[0],
                        q: c[1],
                        normal: m,
                    },
                    Face {
                        p: c[1],
                        q: c[0],
                        normal: mul(m, -1.0),
                    },
                ]
            }
            n => (0..n)
                .map(|i| Face {
                    p: c[i],
                    q: c[(i + 1) % n],
                    normal: unit(right(sub(c[(i + 1) % n], c[i]))),
                })
                .collect(),
        }
    }

    /// The face whose normal is closest to `dir`, with that cosine.
    fn best_face(&self, dir: P) -> Option<(Face, f64)> {
        self.faces()
            .into_iter()
            .map(|f| (f, dot(f.normal, dir)))
            .max_by(|x, y| x.1.total_cmp(&y.1))
    }

    /// True when two faces are equally close to `dir` (a polygon's corner pointing along
    /// it): either may be the incident face.
    fn incident_tie(&self, dir: P) -> bool {
        let mut dots: Vec<f64> = self.faces().iter().map(|f| dot(f.normal, dir)).collect();
        dots.sort_by(|x, y| y.total_cmp(x));
        self.core.len() > 2 && dots[0] - dots[1] < 1e-6
    }

    /// Signed distance from `x` to the shape (negative inside).
    fn signed_distance(&self, x: P) -> f64 {
        let c = &self.core;
        let n = c.len();
        let to_edges = (0..n.max(1))
            .map(|i| distance_to_segment(x, c[i], c[(i + 1) % n]))
            .fold(f64::INFINITY, f64::min);
        let inside =
            n >= 3 && (0..n).all(|i| dot(sub(x, c[i]), right(sub(c[(i + 1) % n], c[i]))) <= 0.0);
        (if inside { -to_edges } else { to_edges }) - self.radius
    }

    fn along(&self, dir: P) -> f64 {
        if self.core.len() == 2 {
            dot(unit(sub(self.core[1], self.core[0])), dir).abs()
        } else {
            0.0
        }
    }

    fn support(&self, dir: P) -> P {
        *self
            .core
            .iter()
            .max_by(|x, y| dot(**x, dir).total_cmp(&dot(**y, dir)))
            .unwrap()
    }
}

fn distance_to_segment(x: P, p: P, q: P) -> f64 {
    let d = sub(q, p);
    let len2 = dot(d, d);
    let t = if len2 == 0.0 {
        0.0
    } else {
        (dot(sub(x, p), d) / len2).clamp(0.0, 1.0)
    };
    norm(sub(x, add(p, mul(d, t))))
}

/// The reference's answer: the points `(p, depth)`, and whether a decision was marginal.
struct Answer {
    points: Vec<(P, f64)>,
    marginal: bool,
}

/// Sutherland–Hodgman: the part of `[c0, c1]` where `dot(x - at, toward) >= 0`, with
/// whether an end lay within `eps` of the line.
fn clip_half_plane(
    c: Option<(P, P)>,
    at: P,
    toward: P,
    eps: f64,
    marginal: &mut bool,
) -> Option<(P, P)> {
    let (c0, c1) = c?;
    let (d0, d1) = (dot(sub(c0, at), toward), dot(sub(c1, at), toward));
    *marginal |= d0.abs() < eps && d1.abs() < eps;
    match (d0 >= 0.0, d1 >= 0.0) {
        (true, true) => Some((c0, c1)),
        (false, false) => {
            *marginal |= d0.max(d1) > -eps;
            None
        }
        (true, false) => Some((c0, add(c0, mul(sub(c1, c0), d0 / (d0 - d1))))),
        (false, true) => Some((add(c0, mul(sub(c1, c0), d0 / (d0 - d1))), c1)),
    }
}

/// The definition in f64: `reference` face on the shape of radius `r_ref`, `incident`
/// face, `dir` the unit direction from the reference shape to the incident one.
fn clip(
    reference: Face,
    incident: Face,
    dir: P,
    r_ref: f64,
    r_inc: f64,
    eps: f64,
    answer: &mut Answer,
) {
    let t = [-dir[1], dir[0]];
    let t = if dot(sub(reference.q, reference.p), t) >= 0.0 {
        t
    } else {
        mul(t, -1.0)
    };
    let run = Some((incident.p, incident.q));
    let run = clip_half_plane(run, reference.p, t, eps, &mut answer.marginal);
    let run = clip_half_plane(run, reference.q, mul(t, -1.0), eps, &mut answer.marginal);
    let Some((c0, c1)) = run else { return };
    if norm(sub(c1, c0)) < eps {
        answer.marginal = true;
    }
    for c in [c0, c1] {
        let gap = dot(sub(c, reference.p), reference.normal) / dot(dir, reference.normal);
        let depth = r_ref + r_inc - gap;
        if depth.abs() < eps {
            answer.marginal = true;
        }
        if depth >= 0.0 {
            answer
                .points
                .push((add(c, mul(dir, 0.5 * (r_ref - r_inc - gap))), depth));
        }
    }
}

/// The definition's answer.
fn reference(a: &Body, b: &Body, n: P, depth: f64, eps: f64) -> Answer {
    let mut answer = Answer {
        points: vec![],
        marginal: false,
    };
    let minus_n = mul(n, -1.0);
    if a.core.len() == 1 {
        answer
            .points
            .push((add(a.core[0], mul(n, a.radius - 0.5 * depth)), depth));
        return answer;
    }
    if b.core.len() == 1 {
        answer
            .points
            .push((add(b.core[0], mul(n, 0.5 * depth - b.radius)), depth));
        return answer;
    }
    // Each core's face towards the other; the reference is A's when aligned, else B's (or
    // B's when clipping against A's leaves nothing), the incident face the other one.
    let (fa, align_a) = a.best_face(n).unwrap();
    let (fb, align_b) = b.best_face(minus_n).unwrap();
    answer.marginal |= a.incident_tie(n) || b.incident_tie(minus_n);
    for (face, align, on_a) in [(fa, align_a, true), (fb, align_b, false)] {
        answer.marginal |= (align - ALIGNED as f64).abs() < 1e-6;
        if align < ALIGNED as f64 {
            continue;
        }
        if on_a {
            clip(face, fb, n, a.radius, b.radius, eps, &mut answer);
        } else {
            clip(face, fa, minus_n, b.radius, a.radius, eps, &mut answer);
        }
        if !answer.points.is_empty() {
            return answer;
        }
    }
    if b.along(n) > a.along(n) {
        let v = b.support(minus_n);
        answer
            .points
            .push((add(v, mul(n, 0.5 * depth - b.radius)), depth));
    } else {
        let v = a.support(n);
        answer
            .points
            .push((add(v, mul(n, a.radius - 0.5 * depth)), depth));
    }
    answer
}

fn points_of(m: &Manifold) -> Vec<(P, f64)> {
    m.points[..m.count]
        .iter()
        .map(|p| ([p.point.x as f64, p.point.y as f64], p.depth as f64))
        .collect()
}

/// Check 1 of the module docs; `Err` names what failed.
fn on_both_shapes(a: &Body, b: &Body, c: &Contact, m: &Manifold, tol: f64) -> Result<(), String> {
    if !(1..=2).contains(&m.count) {
        return Err(format!("{} points", m.count));
    }
    let n = [c.normal.x as f64, c.normal.y as f64];
    for (p, d) in points_of(m) {
        if d < -tol || d > c.depth as f64 + tol {
            return Err(format!("depth {d} outside [0, {}]", c.depth));
        }
        for (body, q) in [(a, add(p, mul(n, 0.5 * d))), (b, sub(p, mul(n, 0.5 * d)))] {
            let sd = body.signed_distance(q);
            let flat = body.radius == 0.0;
            if sd > tol || (flat && sd < -tol) {
                return Err(format!(
                    "point {p:?} depth {d}: signed distance {sd} from its shape"
                ));
            }
        }
    }
    Ok(())
}

fn same_points(want: &[(P, f64)], got: &[(P, f64)], tol: f64) -> bool {
    let key = |x: &(P, f64)| (x.0[0], x.0[1]);
    let mut want = want.to_vec();
    let mut got = got.to_vec();
    want.sort_by(|x, y| key(x).partial_cmp(&key(y)).unwrap());
    got.sort_by(|x, y| key(x).partial_cmp(&key(y)).unwrap());
    // Two points within the tolerance of each other may sort either way.
    let close = |x: &(P, f64), y: &(P, f64)| norm(sub(x.0, y.0)) <= tol && (x.1 - y.1).abs() <= tol;
    want.len() == got.len()
        && (want.iter().zip(&got).all(|(x, y)| close(x, y))
            || want.iter().zip(got.iter().rev()).all(|(x, y)| close(x, y)))
}

struct Tally {
    pairs: usize,
    two_points: usize,
    marginal: usize,
}

fn check_pair(a: &Shape, tf_a: &Transform, b: &Shape, tf_b: &Transform, tally: &mut Tally) {
    let Some(c) = collide(a, tf_a, b, tf_b) else {
        return;
    };
    let m = manifold(a, tf_a, b, tf_b, &c);
    let s = scale(a, tf_a, b, tf_b);
    let tol = 1e-5 * s + 4.0 * f32::EPSILON as f64 * s;
    let body = |shape: &Shape, tf: &Transform| {
        let (core, radius) = f64_core_and_radius(shape, tf);
        Body { core, radius }
    };
    let (body_a, body_b) = (body(a, tf_a), body(b, tf_b));
    let case = format!("{:?} at {tf_a:?} vs {:?} at {tf_b:?}: {c:?} -> {m:?}", a, b);
    if let Err(why) = on_both_shapes(&body_a, &body_b, &c, &m, tol) {
        panic!("{why}\n{case}");
    }
    let n = [c.normal.x as f64, c.normal.y as f64];
    let got = points_of(&m);
    let want = reference(&body_a, &body_b, n, c.depth as f64, tol);
    tally.pairs += 1;
    tally.two_points += usize::from(m.count == 2);
    if want.marginal {
        tally.marginal += 1;
    } else {
        assert!(
            same_points(&want.points, &got, tol),
            "reference {:?}\n{case}",
            want.points
        );
    }
}

/// A segment's first end, a point's position (the local origin).
fn end(shape: &Shape) -> sepax::Vec2 {
    match shape {
        Shape::Segment { a, .. } => *a,
        _ => sepax::Vec2::ZERO,
    }
}

#[test]
fn contact_points_agree_with_the_f64_reference_and_lie_on_both_shapes() {
    let mut rng = Rng::new(0x5eed_c0de);
    let mut total = Tally {
        pairs: 0,
        two_points: 0,
        marginal: 0,
    };
    for ka in ShapeKind::ALL {
        for kb in ShapeKind::ALL {
            let mut tally = Tally {
                pairs: 0,
                two_points: 0,
                marginal: 0,
            };
            let mut tries = 0;
            while tally.pairs < 300 && tries < 20_000 {
                tries += 1;
                let style = match rng.int(0, 3) {
                    0 => Style::Grid,
                    1 => Style::Sliver,
                    _ => Style::Generic,
                };
                let size = rng.range(0.5, 4.0);
                let a = random_shape(&mut rng, ka, style, size);
                let b = random_shape(&mut rng, kb, style, size);
                let far = if rng.chance(0.2) { 1e4 } else { 0.0 };
                let reach = 1.2 * f64::from(a.bounding_radius() + b.bounding_radius());
                let (ax, ay) = (far + rng.range(-5.0, 5.0), rng.range(-5.0, 5.0));
                let angle = |rng: &mut Rng| {
                    if style == Style::Grid {
                        (rng.int(0, 3) as f32) * core::f32::consts::FRAC_PI_2
                    } else {
                        rng.angle()
                    }
                };
                let tf_a = Transform::from_xy_angle(ax as f32, ay as f32, angle(&mut rng));
                let (bx, by) = (ax + rng.range(-reach, reach), ay + rng.range(-reach, reach));
                let tf_b = Transform::from_xy_angle(bx as f32, by as f32, angle(&mut rng));
                // A point meets a point or a segment only where it lies exactly on it: put
                // it on the other's core end.
                let (tf_a, tf_b) = match (&a, &b) {
                    (Shape::Point | Shape::Segment { .. }, Shape::Point) => (
                        Transform::IDENTITY,
                        Transform::from_xy_angle(end(&a).x, end(&a).y, 0.3),
                    ),
                    (Shape::Point, Shape::Segment { .. }) => (
                        Transform::from_xy_angle(end(&b).x, end(&b).y, 0.3),
                        Transform::IDENTITY,
                    ),
                    _ => (tf_a, tf_b),
                };
                check_pair(&a, &tf_a, &b, &tf_b, &mut tally);
            }
            assert!(
                tally.pairs >= 100,
                "{ka:?} vs {kb:?}: only {} colliding pairs",
                tally.pairs
            );
            assert!(
                tally.marginal * 4 <= tally.pairs,
                "{ka:?} vs {kb:?}: {} of {} marginal",
                tally.marginal,
                tally.pairs
            );
            total.pairs += tally.pairs;
            total.two_points += tally.two_points;
            total.marginal += tally.marginal;
        }
    }
    eprintln!(
        "{} colliding pairs, {} with two points, {} marginal (checked for position only)",
        total.pairs, total.two_points, total.marginal
    );
    assert!(
        total.two_points * 10 > total.pairs,
        "two-point manifolds should be common"
    );
}
