//! An independent, exact (`f64`) reference for the narrow phase and the ray casts, and the
//! agreement tests that hold the `f32` kernels to it.
//!
//! # The reference
//!
//! Every shape kind is a **convex core plus a radius**: a circle is one point plus its
//! radius, a capsule two points plus its radius, a box or polygon its corners, a segment its
//! two ends, a point itself. The core is placed in the world in `f64` from the exact `f32`
//! inputs, using the transform's own `f32` cosine and sine so that both sides see the same
//! geometry (an aligned box ignores the rotation, as specified).
//!
//! Two shapes collide when the origin is within `rA + rB` of the **Minkowski difference**
//! `C = hull{ b_j − a_i }` of the cores (A and B overlap iff some `b − a` is zero). Along a
//! unit direction `n`, the overlap of the projections is `f(n) = h_A(n) + h_B(−n)` (the
//! support functions, radii included): moving B by `n × s` separates the projections once
//! `s > f(n)`, so the depth is `min_n f(n)` and the normal its minimiser. Geometrically:
//!
//! - origin **outside** `C` at distance `d`, nearest point `q`: depth `rA + rB − d`
//!   (negative when apart: minus the gap), normal `q / d`;
//! - origin **inside** `C` (or on it): depth `rA + rB + o`, where `o` is the distance to
//!   the nearest edge line of `C`, normal minus that edge's outward normal.
//!
//! None of this shares code or structure with a SAT kernel: there is no axis list, no
//! per-pair case analysis, only a convex hull and distances to it.
//!
//! # Tolerances
//!
//! A kernel works in `f32`. Every coordinate it forms is bounded by the *scale*
//! `max|position| + sizeA + sizeB` (see [`common::scale`]), so one rounding costs at most
//! half an ulp, `f32::EPSILON / 2 × scale`. The longest chain of roundings between the
//! inputs and a depth is about eight: the difference of the positions, a rotation into one
//! shape's frame (a product and a sum per component), a support projection (two products
//! and a sum), the final difference; and the rotation's `f32` cosine and sine are
//! themselves up to an ulp from orthonormal. Eight half-ulps is four ulps, hence
//! `tol = TOL_FACTOR × f32::EPSILON × scale` with `TOL_FACTOR = 4`. The report prints the
//! largest depth error actually seen in units of `f32::EPSILON × scale` (below 1 when
//! this was written), so the factor can be checked against the data.
//!
//! - **Verdicts** must agree, except inside the *rounding band* `|reference depth| <= tol`
//!   (touching within rounding), where either answer is right.
//! - **Depths** must agree within `tol`.
//! - **Normals**: when the reference's best axis is unique (every other candidate axis is
//!   more than `tol` deeper), the kernel's normal must lie in the arc of directions around
//!   the reference normal along which the reference depth stays within `tol` of the
//!   optimum, i.e. the directions the depth tolerance cannot tell apart (sampled at eight
//!   points between the two normals). When it is not unique, moving B by
//!   `kernel_normal × (kernel_depth + tol)` must separate the shapes in the reference.

// Host only: proptest and the f64 reference do not build for wasm32.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::rng::Rng;
use common::{random_shape, scale, shape_literal, transform_literal, Style};
use sepax::raycast::{raycast, RayHit};
use sepax::{collide, overlaps, Shape, ShapeKind, Transform, Vec2};

/// See the module docs: the worst rounding chain of a kernel is about eight half-ulp
/// roundings of the scale.
const TOL_FACTOR: f64 = 4.0;

const EPS: f64 = f32::EPSILON as f64;

/// Pairs per family and per ordered kind pair: 8 families × 49 pairs × 256 = 100,352.
const PAIRS_PER_COMBINATION: usize = 256;

type P = [f64; 2];

fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}
fn add(a: P, b: P) -> P {
    [a[0] + b[0], a[1] + b[1]]
}
fn scaled(a: P, s: f64) -> P {
    [a[0] * s, a[1] * s]
}
fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: P, b: P) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}
fn norm(a: P) -> f64 {
    a[0].hypot(a[1])
}
fn rotated(a: P, angle: f64) -> P {
    let (s, c) = angle.sin_cos();
    [c * a[0] - s * a[1], s * a[0] + c * a[1]]
}
fn to_p(v: Vec2) -> P {
    [v.x as f64, v.y as f64]
}

/// A shape in the world: a convex core (1, 2 or n counter-clockwise points) and a radius.
#[derive(Clone, Debug)]
struct Body {
    core: Vec<P>,
    radius: f64,
}

impl Body {
    fn new(shape: &Shape, tf: &Transform) -> Body {
        let (core, radius) = common::f64_core_and_radius(shape, tf);
        Body { core, radius }
    }

    fn translated(&self, by: P) -> Body {
        Body {
            core: self.core.iter().map(|&p| add(p, by)).collect(),
            radius: self.radius,
        }
    }

    /// Signed distance from `p` to the shape: negative inside.
    fn signed_distance(&self, p: P) -> f64 {
        let shifted: Vec<P> = self.core.iter().map(|&c| sub(c, p)).collect();
        let (distance, inside_depth) = origin_to_convex(&shifted);
        match inside_depth {
            Some(depth) => -depth - self.radius,
            None => distance - self.radius,
        }
    }

    /// The point of the shape nearest to `p`, for `p` outside it.
    fn nearest_point(&self, p: P) -> P {
        let n = self.core.len();
        let on_core = (0..n)
            .map(|i| {
                let (c0, c1) = (sub(self.core[i], p), sub(self.core[(i + 1) % n], p));
                add(
                    p,
                    if n == 1 {
                        c0
                    } else {
                        closest_on_segment(c0, c1)
                    },
                )
            })
            .min_by(|x, y| norm(sub(*x, p)).total_cmp(&norm(sub(*y, p))))
            .unwrap();
        let away = sub(p, on_core);
        if self.radius == 0.0 {
            on_core
        } else {
            add(on_core, scaled(away, self.radius / norm(away)))
        }
    }
}

/// The support overlap `f(n) = h_A(n) + h_B(−n)`: how far B must move along `n` before the
/// projections of A and B on `n` stop overlapping (negative: the gap along `n`).
fn overlap_along(a: &Body, b: &Body, n: P) -> f64 {
    let max_a = a.core.iter().map(|&p| dot(p, n)).fold(f64::MIN, f64::max);
    let min_b = b.core.iter().map(|&p| dot(p, n)).fold(f64::MAX, f64::min);
    max_a + a.radius - min_b + b.radius
}

/// Where the origin is relative to a convex counter-clockwise polygon (1 or 2 points are a
/// point or a segment). Returns the distance to it and, when the origin is inside (or on a
/// degenerate core), the distance to the boundary.
fn origin_to_convex(poly: &[P]) -> (f64, Option<f64>) {
    let n = poly.len();
    if n == 1 {
        let d = norm(poly[0]);
        return (d, (d == 0.0).then_some(0.0));
    }
    let mut distance = f64::MAX;
    let mut inner = f64::MAX;
    let mut inside = n >= 3;
    for i in 0..n {
        let (p, q) = (poly[i], poly[(i + 1) % n]);
        distance = distance.min(norm(closest_on_segment(p, q)));
        let e = sub(q, p);
        // The outward normal (e.y, −e.x) / |e| dotted with p: how far the origin lies
        // behind this edge's line.
        let offset = (e[1] * p[0] - e[0] * p[1]) / norm(e);
        inside &= offset >= 0.0;
        inner = inner.min(offset);
    }
    if inside || distance == 0.0 {
        (0.0, Some(inner.max(0.0)))
    } else {
        (distance, None)
    }
}

/// The point of segment `p q` nearest to the origin.
fn closest_on_segment(p: P, q: P) -> P {
    let e = sub(q, p);
    let t = (-dot(p, e) / dot(e, e)).clamp(0.0, 1.0);
    add(p, scaled(e, t))
}

/// The reference answer for a pair.
#[derive(Clone, Copy, Debug)]
struct Reference {
    /// Penetration depth; negative when apart (minus the gap).
    depth: f64,
    /// The unit normal from A to B; `None` when every direction is equally good (two
    /// concentric round shapes).
    normal: Option<P>,
    /// The depth along the best candidate axis other than `normal` (infinite if none).
    runner_up: f64,
}

fn reference(a: &Body, b: &Body) -> Reference {
    let mut diff = Vec::with_capacity(a.core.len() * b.core.len());
    for &pb in &b.core {
        for &pa in &a.core {
            diff.push(sub(pb, pa));
        }
    }
    let hull = common::convex_hull(diff);
    let radius = a.radius + b.radius;
    let (distance, inside) = origin_to_convex(&hull);

    // Candidate axes: minus each edge's outward normal, with depth `radius + offset`.
    let n = hull.len();
    let mut candidates: Vec<(f64, P)> = Vec::new();
    if n >= 2 {
        for i in 0..n {
            let (p, q) = (hull[i], hull[(i + 1) % n]);
            let e = sub(q, p);
            let outward = scaled([e[1], -e[0]], 1.0 / norm(e));
            candidates.push((radius + dot(outward, p), scaled(outward, -1.0)));
        }
    }
    if inside.is_none() {
        let q = hull
            .iter()
            .zip(hull.iter().cycle().skip(1))
            .map(|(&p, &q)| if n == 1 { p } else { closest_on_segment(p, q) })
            .min_by(|x, y| norm(*x).total_cmp(&norm(*y)))
            .unwrap();
        candidates.push((radius - distance, scaled(q, 1.0 / distance)));
    }
    let best = candidates
        .iter()
        .copied()
        .min_by(|x, y| x.0.total_cmp(&y.0));
    match best {
        None => Reference {
            depth: radius,
            normal: None,
            runner_up: f64::INFINITY,
        },
        Some((depth, normal)) => {
            let runner_up = candidates
                .iter()
                .filter(|c| dot(c.1, normal) < 1.0 - 1e-12)
                .map(|c| c.0)
                .fold(f64::INFINITY, f64::min);
            Reference {
                depth,
                normal: Some(normal),
                runner_up,
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Generic,
    NearTouching,
    Containment,
    Sliver,
    Tiny,
    Far,
    ManyVertex,
    RightAngle,
}

impl Family {
    const ALL: [Family; 8] = [
        Family::Generic,
        Family::NearTouching,
        Family::Containment,
        Family::Sliver,
        Family::Tiny,
        Family::Far,
        Family::ManyVertex,
        Family::RightAngle,
    ];

    fn name(self) -> &'static str {
        match self {
            Family::Generic => "generic",
            Family::NearTouching => "near-touching (gap ±1e-4)",
            Family::Containment => "containment",
            Family::Sliver => "slivers (1:100)",
            Family::Tiny => "tiny (size 1e-3)",
            Family::Far => "far (1e5 from origin)",
            Family::ManyVertex => "many-vertex polygons",
            Family::RightAngle => "right angles on a grid",
        }
    }
}

/// One generated pair; poses are `(x, y, angle)` for `Transform::from_xy_angle`.
#[derive(Clone, Debug)]
struct Case {
    family: Family,
    a: Shape,
    pose_a: [f32; 3],
    b: Shape,
    pose_b: [f32; 3],
}

fn tf(pose: [f32; 3]) -> Transform {
    Transform::from_xy_angle(pose[0], pose[1], pose[2])
}

impl Case {
    fn literal(&self) -> String {
        format!(
            "let a = {};\nlet tf_a = {};\nlet b = {};\nlet tf_b = {};",
            shape_literal(&self.a),
            transform_literal(self.pose_a[0], self.pose_a[1], self.pose_a[2]),
            shape_literal(&self.b),
            transform_literal(self.pose_b[0], self.pose_b[1], self.pose_b[2]),
        )
    }
}

/// B's position: A's plus an offset within reach of both shapes, so that about half the
/// generic pairs collide.
fn near(rng: &mut Rng, at: [f64; 2], a: &Shape, b: &Shape) -> [f32; 2] {
    let reach = 1.1 * (a.bounding_radius() + b.bounding_radius()) as f64;
    [
        (at[0] + rng.range(-reach, reach)) as f32,
        (at[1] + rng.range(-reach, reach)) as f32,
    ]
}

fn generate(rng: &mut Rng, family: Family, ka: ShapeKind, kb: ShapeKind) -> Case {
    let generic_pair = |rng: &mut Rng, style: Style, size: f64, at: [f64; 2]| {
        let a = random_shape(rng, ka, style, size);
        let b = random_shape(rng, kb, style, size);
        let pose_a = [at[0] as f32, at[1] as f32, rng.angle()];
        let pb = near(rng, to_p(Vec2::new(pose_a[0], pose_a[1])), &a, &b);
        let pose_b = [pb[0], pb[1], rng.angle()];
        Case {
            family,
            a,
            pose_a,
            b,
            pose_b,
        }
    };
    let at = |rng: &mut Rng| [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)];
    match family {
        Family::Generic => {
            let (size, at) = (rng.range(0.5, 2.0), at(rng));
            generic_pair(rng, Style::Generic, size, at)
        }
        Family::Sliver => {
            let (size, at) = (rng.range(0.5, 2.0), at(rng));
            generic_pair(rng, Style::Sliver, size, at)
        }
        Family::ManyVertex => {
            let (size, at) = (rng.range(0.5, 2.0), at(rng));
            generic_pair(rng, Style::ManyVertex, size, at)
        }
        Family::Tiny => {
            let at = [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)];
            generic_pair(rng, Style::Generic, 1e-3, at)
        }
        Family::Far => {
            let direction = rng.range(-core::f64::consts::PI, core::f64::consts::PI);
            let at = [1e5 * direction.cos(), 1e5 * direction.sin()];
            let size = rng.range(0.5, 2.0);
            generic_pair(rng, Style::Generic, size, at)
        }
        Family::RightAngle => {
            // Everything on the quarter grid: sizes, vertices, positions, and rotations by
            // exact multiples of 90°, so coordinates are exact and touching is frequent. A
            // quarter of the angles are nudged by up to 3e-7 rad (a game's accumulated
            // rotation drift): features that coincided then sit within rounding of each
            // other, where a direction between them is noise.
            let a = random_shape(rng, ka, Style::Grid, 1.0);
            let b = random_shape(rng, kb, Style::Grid, 1.0);
            let quarter = |rng: &mut Rng| {
                let nudge = if rng.chance(0.25) {
                    rng.range(-3e-7, 3e-7) as f32
                } else {
                    0.0
                };
                rng.int(-4, 4) as f32 * core::f32::consts::FRAC_PI_2 + nudge
            };
            let grid = |rng: &mut Rng, r: i64| rng.int(-r, r) as f32 * 0.25;
            let (ax, ay) = (grid(rng, 40), grid(rng, 40));
            let pose_a = [ax, ay, quarter(rng)];
            let pose_b = [ax + grid(rng, 12), ay + grid(rng, 12), quarter(rng)];
            Case {
                family,
                a,
                pose_a,
                b,
                pose_b,
            }
        }
        Family::Containment => {
            // A small shape placed at a random point of a big one's core, which is inside
            // the big shape; which of A and B is the big one is random.
            let size = rng.range(1.0, 2.0);
            let big_is_a = rng.chance(0.5);
            let (big_kind, small_kind) = if big_is_a { (ka, kb) } else { (kb, ka) };
            let big = random_shape(rng, big_kind, Style::Generic, size);
            let small = random_shape(rng, small_kind, Style::Generic, size * 0.05);
            let big_pose = [
                rng.range(-10.0, 10.0) as f32,
                rng.range(-10.0, 10.0) as f32,
                rng.angle(),
            ];
            let body = Body::new(&big, &tf(big_pose));
            let weights: Vec<f64> = body.core.iter().map(|_| rng.unit() + 1e-3).collect();
            let total: f64 = weights.iter().sum();
            let mut inner = [0.0, 0.0];
            for (p, w) in body.core.iter().zip(&weights) {
                inner = add(inner, scaled(*p, w / total));
            }
            let jitter = rotated([rng.unit() * 0.5 * body.radius, 0.0], rng.range(0.0, 7.0));
            let inner = add(inner, jitter);
            let small_pose = [inner[0] as f32, inner[1] as f32, rng.angle()];
            if big_is_a {
                Case {
                    family,
                    a: big,
                    pose_a: big_pose,
                    b: small,
                    pose_b: small_pose,
                }
            } else {
                Case {
                    family,
                    a: small,
                    pose_a: small_pose,
                    b: big,
                    pose_b: big_pose,
                }
            }
        }
        Family::NearTouching => {
            // A generic or sliver pair, then B slid along the reference normal so that the
            // reference gap becomes ±1e-4: well outside the rounding band at this scale
            // (tol ≈ 1e-5), so the verdict must be exact.
            let style = if rng.chance(0.3) {
                Style::Sliver
            } else {
                Style::Generic
            };
            let (size, at) = (rng.range(0.5, 2.0), at(rng));
            let mut case = generic_pair(rng, style, size, at);
            let r = reference(
                &Body::new(&case.a, &tf(case.pose_a)),
                &Body::new(&case.b, &tf(case.pose_b)),
            );
            if let Some(n) = r.normal {
                let gap = if rng.chance(0.5) { 1e-4 } else { -1e-4 };
                let shift = scaled(n, r.depth + gap);
                case.pose_b[0] = (case.pose_b[0] as f64 + shift[0]) as f32;
                case.pose_b[1] = (case.pose_b[1] as f64 + shift[1]) as f32;
            }
            case
        }
    }
}

/// Why a pair disagrees with the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Disagreement {
    OverlapsVsCollide,
    NonFiniteOrNonUnit,
    MissedContact,
    PhantomContact,
    Depth,
    NormalUniqueAxis,
    NormalTiedAxes,
}

#[derive(Default)]
struct Report {
    pairs: [usize; 8],
    by_kinds: [[usize; 7]; 7],
    colliding: usize,
    band: usize,
    band_verdict_differs: usize,
    exact_touching: usize,
    exact_touching_missed: usize,
    unique_normals: usize,
    tied_normals: usize,
    max_depth_error: [f64; 8],
    max_angle_unique: f64,
    disagreements: Vec<(Disagreement, String, Case)>,
}

/// Checks one pair against the reference and records statistics and any disagreement.
fn check(case: &Case, report: &mut Report) {
    if let Some((kind, detail)) = judge(case, report) {
        report.disagreements.push((kind, detail, case.clone()));
    }
}

/// The checks of [`check`]: updates the statistics, returns the first disagreement.
fn judge(case: &Case, report: &mut Report) -> Option<(Disagreement, String)> {
    let family = Family::ALL.iter().position(|f| *f == case.family).unwrap();
    let (tf_a, tf_b) = (tf(case.pose_a), tf(case.pose_b));
    let (a, b) = (&case.a, &case.b);
    report.pairs[family] += 1;
    report.by_kinds[a.kind() as usize][b.kind() as usize] += 1;

    let body_a = Body::new(a, &tf_a);
    let body_b = Body::new(b, &tf_b);
    let r = reference(&body_a, &body_b);
    let tol = TOL_FACTOR * EPS * scale(a, &tf_a, b, &tf_b);
    let in_band = r.depth.abs() <= tol;
    let reference_collides = r.depth >= 0.0;
    report.band += usize::from(in_band);
    report.colliding += usize::from(reference_collides);

    let overlap = overlaps(a, &tf_a, b, &tf_b);
    let contact = collide(a, &tf_a, b, &tf_b);
    if overlap != contact.is_some() {
        return Some((
            Disagreement::OverlapsVsCollide,
            format!("overlaps = {overlap}, collide = {contact:?}"),
        ));
    }
    if r.depth == 0.0 {
        report.exact_touching += 1;
        report.exact_touching_missed += usize::from(contact.is_none());
    }
    if contact.is_some() != reference_collides && in_band {
        report.band_verdict_differs += 1;
    }
    let Some(c) = contact else {
        return (reference_collides && !in_band).then(|| {
            (
                Disagreement::MissedContact,
                format!("reference depth {:e}, tol {tol:e}", r.depth),
            )
        });
    };
    let n = to_p(c.normal);
    let dk = c.depth as f64;
    if !(dk.is_finite() && dk >= 0.0 && (norm(n) - 1.0).abs() <= TOL_FACTOR * EPS) {
        return Some((Disagreement::NonFiniteOrNonUnit, format!("{c:?}")));
    }
    if !reference_collides && !in_band {
        return Some((
            Disagreement::PhantomContact,
            format!("kernel {c:?}, reference gap {:e}, tol {tol:e}", -r.depth),
        ));
    }
    let depth_error = (dk - r.depth.max(0.0)).abs();
    let worst = &mut report.max_depth_error[family];
    *worst = worst.max(depth_error / (EPS * scale(a, &tf_a, b, &tf_b)));
    if depth_error > tol {
        return Some((
            Disagreement::Depth,
            format!(
                "kernel depth {dk:e}, reference {:e}, error {depth_error:e} > tol {tol:e}",
                r.depth
            ),
        ));
    }
    match r.normal {
        Some(best) if r.runner_up - r.depth > tol => {
            report.unique_normals += 1;
            let angle = cross(best, n).atan2(dot(best, n));
            report.max_angle_unique = report.max_angle_unique.max(angle.abs());
            let indistinguishable = (1..=8).all(|i| {
                let direction = rotated(best, angle * i as f64 / 8.0);
                overlap_along(&body_a, &body_b, direction) <= r.depth + tol
            });
            (!indistinguishable).then(|| {
                (
                    Disagreement::NormalUniqueAxis,
                    format!(
                        "kernel {c:?}, reference normal {best:?} depth {:e}, angle {angle:e}, \
                         reference overlap along kernel normal {:e}, tol {tol:e}",
                        r.depth,
                        overlap_along(&body_a, &body_b, n)
                    ),
                )
            })
        }
        _ => {
            report.tied_normals += 1;
            let moved = body_b.translated(scaled(n, dk + tol));
            let separated =
                overlap_along(&body_a, &moved, n) < 0.0 || reference(&body_a, &moved).depth < 0.0;
            (!separated).then(|| {
                (
                    Disagreement::NormalTiedAxes,
                    format!(
                        "kernel {c:?}, reference depth {:e} normal {:?} runner-up {:e}; \
                         moving B by normal × (depth + tol) leaves overlap {:e}",
                        r.depth,
                        r.normal,
                        r.runner_up,
                        reference(&body_a, &moved).depth
                    ),
                )
            })
        }
    }
}

#[test]
fn reference_matches_hand_computed_contacts() {
    let at = |x: f32, y: f32| Transform::from_xy_angle(x, y, 0.0);
    let run = |a: Shape, ta: Transform, b: Shape, tb: Transform| {
        reference(&Body::new(&a, &ta), &Body::new(&b, &tb))
    };
    let close = |r: Reference, depth: f64, normal: P| {
        let n = r.normal.unwrap();
        assert!((r.depth - depth).abs() < 1e-12, "{r:?} vs depth {depth}");
        assert!(norm(sub(n, normal)) < 1e-12, "{r:?} vs normal {normal:?}");
    };
    let circle = Shape::circle(1.0).unwrap();
    let unit_box = Shape::aligned_box(1.0, 1.0).unwrap();
    close(
        run(circle.clone(), at(0.0, 0.0), circle.clone(), at(1.5, 0.0)),
        0.5,
        [1.0, 0.0],
    );
    close(
        run(
            unit_box.clone(),
            at(0.0, 0.0),
            unit_box.clone(),
            at(1.5, 0.25),
        ),
        0.5,
        [1.0, 0.0],
    );
    // B to the left of A: the normal still points from A to B.
    close(
        run(
            unit_box.clone(),
            at(0.0, 0.0),
            unit_box.clone(),
            at(-1.75, 0.5),
        ),
        0.25,
        [-1.0, 0.0],
    );
    close(
        run(
            unit_box.clone(),
            at(0.0, 0.0),
            Shape::point(),
            at(0.25, 0.875),
        ),
        0.125,
        [0.0, 1.0],
    );
    // A circle off a box corner, apart: depth is minus the gap.
    let s = 0.5f64.sqrt();
    close(
        run(unit_box.clone(), at(0.0, 0.0), circle.clone(), at(2.0, 2.0)),
        1.0 - 2.0f64.sqrt(),
        [s, s],
    );
    let capsule = Shape::capsule(1.0, 0.5).unwrap();
    close(
        run(capsule.clone(), at(0.0, 0.0), capsule, at(0.5, 0.75)),
        0.25,
        [0.0, 1.0],
    );
    // A cross: pushing the vertical segment up by 0.75 frees it.
    let horizontal = Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap();
    let vertical = Shape::segment(Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0)).unwrap();
    close(
        run(horizontal, at(0.0, 0.0), vertical, at(0.0, 0.25)),
        0.75,
        [0.0, 1.0],
    );
    // The aligned box ignores the rotation; the oriented one turns.
    let turned = Transform::from_xy_angle(0.0, 0.0, core::f32::consts::FRAC_PI_4);
    let aligned = run(
        Shape::aligned_box(1.0, 1.0).unwrap(),
        turned,
        Shape::point(),
        at(1.2, 0.0),
    );
    assert!(aligned.depth < 0.0);
    let oriented = run(
        Shape::oriented_box(1.0, 1.0).unwrap(),
        turned,
        Shape::point(),
        at(1.2, 0.0),
    );
    assert!((oriented.depth - (2.0f64.sqrt() - 1.2) * s).abs() < 1e-6);
    // Deep centre of a square: four tied axes.
    let centre = run(unit_box, at(0.0, 0.0), Shape::point(), at(0.0, 0.0));
    assert_eq!(centre.depth, 1.0);
    assert_eq!(centre.runner_up, 1.0);
}

/// Found by the agreement test: when a feature of B lies within rounding (~1e-7) of a
/// feature of A (a circle's centre on a segment's end, a polygon vertex on a capsule's core
/// end), the kernel takes the normal from the near-zero vector between them, a direction
/// that is rounding noise, and reports the right depth along it although B does not come
/// free along it. Each case is checked like any agreement-test pair.
#[test]
fn regression_normal_from_a_near_zero_closest_pair_vector() {
    let case = |a: Shape, pose_a: [f32; 3], b: Shape, pose_b: [f32; 3]| Case {
        family: Family::RightAngle,
        a,
        pose_a,
        b,
        pose_b,
    };
    let drift = 1.748_455_5e-7;
    let cases = [
        // The circle's centre is on the segment's upper end: a valid normal has y >= 0.
        case(
            Shape::segment(Vec2::new(0.5, -0.75), Vec2::new(0.5, 0.5)).unwrap(),
            [0.0, 0.0, drift],
            Shape::circle(0.75).unwrap(),
            [0.5, 0.5, 0.0],
        ),
        // The same pair in the other order.
        case(
            Shape::circle(0.75).unwrap(),
            [0.5, 0.5, 0.0],
            Shape::segment(Vec2::new(0.5, -0.75), Vec2::new(0.5, 0.5)).unwrap(),
            [0.0, 0.0, drift],
        ),
        // A polygon vertex on the end of the capsule's core.
        case(
            Shape::polygon(&[
                Vec2::new(-0.75, -0.75),
                Vec2::new(0.5, 0.0),
                Vec2::new(0.0, 0.5),
            ])
            .unwrap(),
            [0.0, 0.0, drift],
            Shape::capsule(0.25, 0.5).unwrap(),
            [0.5, -0.25, -core::f32::consts::FRAC_PI_2],
        ),
        case(
            Shape::capsule(0.75, 0.75).unwrap(),
            [-5.0, -6.75, -core::f32::consts::FRAC_PI_2],
            Shape::polygon(&[
                Vec2::new(-0.25, 0.0),
                Vec2::new(0.75, 0.25),
                Vec2::new(-0.25, 0.25),
            ])
            .unwrap(),
            [-5.75, -7.75, drift],
        ),
    ];
    let mut report = Report::default();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            judge(c, &mut report).map(|(kind, why)| format!("{kind:?}: {why}\n{}", c.literal()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn kernels_agree_with_the_reference() {
    let mut rng = Rng::new(0x5E9A_0001);
    let mut report = Report::default();
    for family in Family::ALL {
        for &ka in &ShapeKind::ALL {
            for &kb in &ShapeKind::ALL {
                for _ in 0..PAIRS_PER_COMBINATION {
                    let case = generate(&mut rng, family, ka, kb);
                    check(&case, &mut report);
                }
            }
        }
    }

    let total: usize = report.pairs.iter().sum();
    eprintln!("== narrow phase vs f64 reference: {total} pairs, tol = {TOL_FACTOR} × f32::EPSILON × scale ==");
    for (i, family) in Family::ALL.iter().enumerate() {
        eprintln!(
            "  {:<28} {:>6} pairs, max depth error {:>6.2} eps×scale",
            family.name(),
            report.pairs[i],
            report.max_depth_error[i]
        );
    }
    let fewest = report.by_kinds.iter().flatten().min().unwrap();
    eprintln!("  every ordered kind pair covered at least {fewest} times");
    eprintln!(
        "  colliding per reference: {}; inside the rounding band: {} (verdict differs there: {})",
        report.colliding, report.band, report.band_verdict_differs
    );
    eprintln!(
        "  exactly touching (reference depth 0): {}, of which the kernel called apart: {}",
        report.exact_touching, report.exact_touching_missed
    );
    eprintln!(
        "  normals checked: {} on a unique axis (max angle {:.3e} rad), {} on tied axes",
        report.unique_normals, report.max_angle_unique, report.tied_normals
    );
    let mut counts = std::collections::BTreeMap::new();
    for (kind, _, _) in &report.disagreements {
        *counts.entry(*kind).or_insert(0usize) += 1;
    }
    eprintln!("  disagreements beyond tolerance: {counts:?}");
    for (kind, detail, case) in report.disagreements.iter().take(8) {
        eprintln!(
            "\n-- {kind:?} [{} / {} vs {}]: {detail}\n{}",
            case.family.name(),
            case.a.kind().name(),
            case.b.kind().name(),
            case.literal()
        );
    }
    assert!(
        report.disagreements.is_empty(),
        "{} pairs disagree with the reference (run with --nocapture for the cases)",
        report.disagreements.len()
    );
}

/// Checks one ray cast against the reference; returns why it disagrees, if it does.
///
/// The reference's signed distance `s(t)` from the ray point at `t` to the shape is convex
/// in `t` (a signed distance to a convex set), which makes the brute force simple: its
/// minimum over an interval comes from a golden-section search, and "the ray robustly enters
/// the shape before `t`" is "that minimum over `[0, t]` is below `−tol`".
fn judge_ray(
    shape: &Shape,
    tf: &Transform,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
    hit: Option<RayHit>,
) -> Option<String> {
    let body = Body::new(shape, tf);
    let o = to_p(origin);
    let d = to_p(direction);
    let at = |t: f64| add(o, scaled(d, t));
    let s = |t: f64| body.signed_distance(at(t));
    let travel = (origin - tf.translation).length() as f64;
    let scale = (origin.length().max(tf.translation.length()) as f64)
        + travel
        + shape.bounding_radius() as f64;
    let tol = TOL_FACTOR * EPS * scale;
    let lowest = |hi: f64| golden_minimum(&s, 0.0, hi);

    let Some(hit) = hit else {
        return match shape {
            // Zero width: no interior to enter robustly. Robust crossing instead: each
            // segment's ends lie strictly (beyond tol) on both sides of the other's line.
            Shape::Segment { .. } => {
                let (a, b) = (body.core[0], body.core[1]);
                let end = at(max_distance as f64);
                let side = |p: P, q: P, x: P| cross(sub(q, p), sub(x, p)) / norm(sub(q, p));
                let crosses = |p: P, q: P, x: P, y: P| {
                    let (sx, sy) = (side(p, q, x), side(p, q, y));
                    sx.abs() > tol && sy.abs() > tol && (sx > 0.0) != (sy > 0.0)
                };
                (crosses(a, b, o, end) && crosses(o, end, a, b))
                    .then(|| "missed a robust crossing of the segment".to_string())
            }
            _ => {
                let deepest = lowest(max_distance as f64);
                (deepest < -tol).then(|| {
                    format!(
                        "missed: the ray gets {:e} deep within range (tol {tol:e})",
                        -deepest
                    )
                })
            }
        };
    };
    if shape.kind() == ShapeKind::Point {
        return Some(format!("hit a point: {hit:?}"));
    }
    let t = hit.distance as f64;
    let n = to_p(hit.normal);
    if !(0.0..=max_distance as f64).contains(&t) || !(norm(n) - 1.0).abs().le(&(TOL_FACTOR * EPS)) {
        return Some(format!("out of range or not unit: {hit:?}"));
    }
    if norm(sub(to_p(hit.point), at(t))) > tol {
        return Some(format!("point off the ray: {hit:?}"));
    }
    if dot(n, d) > TOL_FACTOR * EPS {
        return Some(format!("normal does not face the ray: {hit:?}"));
    }
    if t == 0.0 {
        let start = s(0.0);
        if start > tol {
            return Some(format!(
                "hit at 0 but the origin is {start:e} outside (tol {tol:e})"
            ));
        }
        if start < -tol && norm(add(n, d)) > TOL_FACTOR * EPS {
            return Some(format!(
                "started inside but normal is not −direction: {hit:?}"
            ));
        }
        return None;
    }
    let surface = s(t);
    if surface.abs() > tol {
        return Some(format!(
            "hit point is {surface:e} from the surface (tol {tol:e})"
        ));
    }
    let before = lowest(t);
    if before < -tol {
        return Some(format!(
            "an earlier entry exists: the ray is {:e} deep before the hit",
            -before
        ));
    }
    // The normal: stepping out along it by a lever arm `h` must lead to a point whose
    // nearest surface point is the hit, i.e. the normal lies in the normal cone of the
    // surface there. On round kinds `h` is the radius, so that a hit point off by `tol`
    // (which turns the true normal by `tol / radius`) moves the foot by at most `tol`.
    let h = match shape {
        Shape::Circle { radius } | Shape::Capsule { radius, .. } => *radius as f64,
        _ => shape.bounding_radius() as f64,
    };
    let foot = body.nearest_point(add(at(t), scaled(n, h)));
    let slip = norm(sub(foot, at(t)));
    (slip > 4.0 * tol).then(|| {
        format!("normal {n:?} is not the surface's: stepping out by {h:e} lands {slip:e} away")
    })
}

/// The minimum of a convex function on `[lo, hi]` by golden-section search.
fn golden_minimum(f: &impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    const INV_PHI: f64 = 0.618_033_988_749_894_9;
    let mut x1 = hi - INV_PHI * (hi - lo);
    let mut x2 = lo + INV_PHI * (hi - lo);
    let (mut f1, mut f2) = (f(x1), f(x2));
    for _ in 0..100 {
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
    f1.min(f2).min(f(lo)).min(f(hi))
}

#[test]
fn raycasts_agree_with_the_reference() {
    const RAYS_PER_KIND: usize = 4000;
    let mut rng = Rng::new(0x5E9A_0002);
    let mut hits = 0;
    let mut failures = Vec::new();
    for &kind in &ShapeKind::ALL {
        for i in 0..RAYS_PER_KIND {
            // Cycle through styles, sizes and distances from the world origin.
            let style = [
                Style::Generic,
                Style::Sliver,
                Style::ManyVertex,
                Style::Grid,
            ][i % 4];
            let size = if i % 7 == 0 {
                1e-3
            } else {
                rng.range(0.5, 2.0)
            };
            let far = if i % 5 == 0 { 1e4 } else { 10.0 };
            let shape = random_shape(&mut rng, kind, style, size);
            let angle = if style == Style::Grid {
                rng.int(-4, 4) as f32 * core::f32::consts::FRAC_PI_2
            } else {
                rng.angle()
            };
            let centre = rng.vec(far);
            let tf = Transform::from_xy_angle(centre.x, centre.y, angle);
            let reach = shape.bounding_radius() as f64;
            // Aim at a point near the shape from up to three sizes away, sometimes from
            // inside; on the grid, rays run along the axes (often along an edge).
            let origin = centre + rng.vec(3.0 * reach);
            let target = centre + rng.vec(1.2 * reach);
            let direction = if style == Style::Grid {
                [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y][rng.int(0, 3) as usize]
            } else {
                (target - origin).normalize_or_zero()
            };
            if direction == Vec2::ZERO {
                continue;
            }
            let max_distance = if rng.chance(0.5) {
                1e6
            } else {
                rng.range(0.0, 2.0 * (target - origin).length() as f64) as f32
            };
            let hit = raycast(&shape, &tf, origin, direction, max_distance);
            hits += usize::from(hit.is_some());
            if let Some(why) = judge_ray(&shape, &tf, origin, direction, max_distance, hit) {
                failures.push(format!(
                    "{why}\nlet shape = {};\nlet tf = {};\nlet hit = raycast(&shape, &tf, Vec2::new({:?}, {:?}), Vec2::new({:?}, {:?}), {:?});",
                    shape_literal(&shape),
                    transform_literal(centre.x, centre.y, angle),
                    origin.x,
                    origin.y,
                    direction.x,
                    direction.y,
                    max_distance
                ));
            }
        }
    }
    eprintln!(
        "== ray casts vs f64 reference: {} rays, {hits} hits, {} disagreements ==",
        RAYS_PER_KIND * ShapeKind::ALL.len(),
        failures.len()
    );
    for failure in failures.iter().take(8) {
        eprintln!("\n{failure}");
    }
    assert!(failures.is_empty(), "{} ray casts disagree", failures.len());
}
