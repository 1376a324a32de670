//! Shape casts against an independent `f64` reference ([`exact`]), for every ordered pair
//! of kinds, and the properties a game relies on: no tunnelling through thin walls at any
//! length, `t = 0` with the narrow phase's normal for a start in contact, the skin, and
//! behaviour at zero, huge and far-away input.
//!
//! # Tolerances
//!
//! The cast computes in `f64` from the `f32` inputs and rounds `t` once to `f32`, so its
//! time of impact does not depend on how far from the origin the pair is. Its error comes
//! from the rounding of `t` (a quarter of `f32::EPSILON` of `|delta|` at most) and from the
//! polygons' `f32` edge normals (each tilted by up to an `f32` rounding, which moves a
//! contact by about `f32::EPSILON × size`). Hence distances *along the path* are held to
//! `tol = TOL_FACTOR × f32::EPSILON × (|delta| + sizes)`. World points (the contact point)
//! and the skin also carry the `f32` rounding of the positions, so they are held to the
//! same factor of `f32::EPSILON × (largest coordinate + |delta| + sizes)`.
//!
//! The reference's gap `s(t)` along the path decides:
//!
//! - **misses**: the cast may miss only if the path never gets deeper than `tol`
//!   (`min s > −tol`); it may hit only if the path gets within `tol` (a grazing band of
//!   `±tol` where either answer is right);
//! - **hits**: `|s(t)| <= tol` at the reported `t`, no point of the path before `t` deeper
//!   than `tol`, and `|t − t_ref| × |delta| <= tol / cos θ` where `θ` is the incidence
//!   (the error along the path of a contact that is off by `tol` along the normal),
//!   asserted where `cos θ >= 0.1` and reported per kind pair;
//! - **normals**: unit, `normal · delta <= 0` (a first contact is met head on or
//!   tangentially), and in the obstacle's normal cone at the hit: stepping out from the
//!   hit along the normal keeps the nearest obstacle point;
//! - **points**: within the position tolerance of both shapes' surfaces at `t`.

// Host only, like the other reference tests.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../common/mod.rs"]
mod common;
mod exact;
mod mover;

use common::rng::Rng;
use common::{random_shape, shape_literal, transform_literal, Style};
use exact::{add, dot, golden_minimum, norm, reference_cast, scaled, sub, to_p, Body, Obstacle};
use sepax::cast::{cast_shape, cast_shape_with_margin, cast_skin, CastHit, CAST_SKIN};
use sepax::{collide, overlaps, Shape, ShapeKind, Transform, Vec2};

/// See the module docs.
const TOL_FACTOR: f64 = 4.0;
const EPS: f64 = f32::EPSILON as f64;

/// Casts per family and ordered kind pair: 7 families × 49 pairs × 48 = 16,464.
const CASTS_PER_FAMILY: usize = 48;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Generic,
    Graze,
    Long,
    Far,
    Tiny,
    Start,
    Grid,
    Margin,
}

impl Family {
    const ALL: [Family; 8] = [
        Family::Generic,
        Family::Graze,
        Family::Long,
        Family::Far,
        Family::Tiny,
        Family::Start,
        Family::Grid,
        Family::Margin,
    ];
}

/// One cast; poses are `(x, y, angle)` for `Transform::from_xy_angle`.
#[derive(Clone, Debug)]
struct Case {
    family: Family,
    moving: Shape,
    moving_pose: [f32; 3],
    delta: Vec2,
    target: Shape,
    target_pose: [f32; 3],
    /// The cast's margin (0: an exact contact cast).
    margin: f32,
}

fn tf(pose: [f32; 3]) -> Transform {
    Transform::from_xy_angle(pose[0], pose[1], pose[2])
}

impl Case {
    fn run(&self) -> Option<CastHit> {
        let (moving_pose, target_pose) = (tf(self.moving_pose), tf(self.target_pose));
        if self.margin == 0.0 {
            cast_shape(
                &self.moving,
                &moving_pose,
                self.delta,
                &self.target,
                &target_pose,
            )
        } else {
            cast_shape_with_margin(
                &self.moving,
                &moving_pose,
                self.delta,
                &self.target,
                &target_pose,
                self.margin,
            )
        }
    }

    fn literal(&self) -> String {
        format!(
            "let moving = {};\nlet moving_pose = {};\nlet delta = Vec2::new({:?}, {:?});\nlet target = {};\nlet target_pose = {};\nlet margin = {:?};",
            shape_literal(&self.moving),
            transform_literal(self.moving_pose[0], self.moving_pose[1], self.moving_pose[2]),
            self.delta.x,
            self.delta.y,
            shape_literal(&self.target),
            transform_literal(self.target_pose[0], self.target_pose[1], self.target_pose[2]),
            self.margin,
        )
    }

    fn bounds(&self) -> f64 {
        (self.moving.bounding_radius() + self.target.bounding_radius()) as f64
    }

    /// The scale of distances along the path (see the module docs).
    fn path_scale(&self) -> f64 {
        norm(to_p(self.delta)) + self.bounds() + self.margin as f64
    }

    /// The scale of world coordinates.
    fn position_scale(&self) -> f64 {
        let from = Vec2::new(self.moving_pose[0], self.moving_pose[1]);
        let positions = [
            from,
            from + self.delta,
            Vec2::new(self.target_pose[0], self.target_pose[1]),
        ]
        .iter()
        .map(|p| norm(to_p(*p)))
        .fold(0.0, f64::max);
        positions + self.path_scale()
    }
}

fn unit_vector(rng: &mut Rng) -> Vec2 {
    let a = rng.range(0.0, core::f64::consts::TAU);
    Vec2::new(a.cos() as f32, a.sin() as f32)
}

fn generate(rng: &mut Rng, family: Family, km: ShapeKind, kt: ShapeKind) -> Case {
    let style = |rng: &mut Rng| {
        let x = rng.unit();
        if x < 0.7 {
            Style::Generic
        } else if x < 0.85 {
            Style::Sliver
        } else {
            Style::ManyVertex
        }
    };
    // A target somewhere, a mover aimed at a point near it from `distance` reaches away.
    let aimed =
        |rng: &mut Rng, size: f64, centre: [f64; 2], distance: (f64, f64), stretch: (f64, f64)| {
            let s = style(rng);
            let target = random_shape(rng, kt, s, size);
            let moving_size = size * rng.range(0.3, 1.5);
            let moving = random_shape(rng, km, s, moving_size);
            let target_pose = [centre[0] as f32, centre[1] as f32, rng.angle()];
            // Two points have no reach; keep them a size apart all the same.
            let reach = ((target.bounding_radius() + moving.bounding_radius()) as f64).max(size);
            let c = Vec2::new(target_pose[0], target_pose[1]);
            let start = c + unit_vector(rng) * (reach * rng.range(distance.0, distance.1)) as f32;
            let aim = c + rng.vec(1.2 * reach);
            let delta = (aim - start) * rng.range(stretch.0, stretch.1) as f32;
            Case {
                family,
                moving,
                moving_pose: [start.x, start.y, rng.angle()],
                delta,
                target,
                target_pose,
                margin: 0.0,
            }
        };
    let near_origin = |rng: &mut Rng| [rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)];
    match family {
        Family::Generic => {
            let (size, at) = (rng.range(0.5, 2.0), near_origin(rng));
            aimed(rng, size, at, (1.0, 4.0), (0.3, 2.5))
        }
        Family::Margin => {
            let (size, at) = (rng.range(0.5, 2.0), near_origin(rng));
            let mut case = aimed(rng, size, at, (1.0, 4.0), (0.3, 2.5));
            case.margin = (size * 10f64.powf(rng.range(-4.0, -0.3))) as f32;
            case
        }
        Family::Long => {
            let (size, at) = (rng.range(0.5, 2.0), near_origin(rng));
            let far = 10f64.powf(rng.range(2.0, 5.0));
            aimed(rng, size, at, (far, far * 1.01), (0.9, 2.0))
        }
        Family::Far => {
            let radius = if rng.chance(0.8) { 1e5 } else { 1e6 };
            let a = rng.range(0.0, core::f64::consts::TAU);
            let size = rng.range(0.5, 2.0);
            aimed(
                rng,
                size,
                [radius * a.cos(), radius * a.sin()],
                (1.0, 4.0),
                (0.3, 2.5),
            )
        }
        Family::Tiny => {
            let at = [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)];
            aimed(rng, 1e-3, at, (1.0, 4.0), (0.3, 2.5))
        }
        Family::Start => {
            let (size, at) = (rng.range(0.5, 2.0), near_origin(rng));
            let mut case = aimed(rng, size, at, (1.0, 2.0), (0.3, 2.5));
            let reach = case.bounds();
            let start = Vec2::new(case.target_pose[0], case.target_pose[1]) + rng.vec(0.6 * reach);
            case.moving_pose[0] = start.x;
            case.moving_pose[1] = start.y;
            case.delta = if rng.chance(0.1) {
                Vec2::ZERO
            } else {
                rng.vec(2.0 * reach)
            };
            case
        }
        Family::Grid => {
            let target = random_shape(rng, kt, Style::Grid, 1.0);
            let moving = random_shape(rng, km, Style::Grid, 1.0);
            let quarter = |rng: &mut Rng| rng.int(-4, 4) as f32 * core::f32::consts::FRAC_PI_2;
            let grid = |rng: &mut Rng, r: i64| rng.int(-r, r) as f32 * 0.25;
            let (tx, ty) = (grid(rng, 40), grid(rng, 40));
            let directions = [
                (1.0, 0.0),
                (0.0, 1.0),
                (-1.0, 0.0),
                (0.0, -1.0),
                (1.0, 1.0),
                (-1.0, 1.0),
                (1.0, -1.0),
                (-1.0, -1.0),
            ];
            let (dx, dy) = directions[rng.int(0, 7) as usize];
            let length = rng.int(1, 32) as f32 * 0.25;
            Case {
                family,
                moving,
                moving_pose: [tx + grid(rng, 16), ty + grid(rng, 16), quarter(rng)],
                delta: Vec2::new(dx * length, dy * length),
                target,
                target_pose: [tx, ty, quarter(rng)],
                margin: 0.0,
            }
        }
        Family::Graze => {
            // Place the start so that the path passes the obstacle at a chosen gap: the
            // path `w + t δ` touches the obstacle iff `w · perp` is within the obstacle's
            // extent along `perp` (support plus radius).
            let (size, at) = (rng.range(0.5, 2.0), near_origin(rng));
            let mut case = aimed(rng, size, at, (1.0, 2.0), (1.0, 1.0));
            let centre = Vec2::new(case.target_pose[0], case.target_pose[1]);
            case.moving_pose[0] = centre.x;
            case.moving_pose[1] = centre.y;
            let obstacle = Obstacle::new(
                &Body::new(&case.target, &tf(case.target_pose)),
                &Body::new(&case.moving, &tf(case.moving_pose)),
            );
            let along = to_p(unit_vector(rng));
            let perp = [-along[1], along[0]];
            let gap = [1e-4, -1e-4, 0.0][rng.int(0, 2) as usize];
            let side = obstacle.support(perp) + obstacle.radius + gap;
            let back = -obstacle.support(scaled(along, -1.0)) - obstacle.radius;
            let behind = back - rng.range(0.5, 3.0) * case.bounds();
            let w = add(scaled(perp, side), scaled(along, behind));
            let ahead = obstacle.support(along) + obstacle.radius;
            let length = (ahead - behind) * rng.range(1.05, 2.0);
            case.moving_pose[0] = (centre.x as f64 + w[0]) as f32;
            case.moving_pose[1] = (centre.y as f64 + w[1]) as f32;
            case.delta = Vec2::new((along[0] * length) as f32, (along[1] * length) as f32);
            case
        }
    }
}

/// Statistics for one ordered kind pair.
#[derive(Clone, Copy, Debug, Default)]
struct PairStats {
    casts: usize,
    hits: usize,
    starts: usize,
    band: usize,
    /// `|t − t_ref| × |delta|` in units of `f32::EPSILON × path scale`, where the incidence
    /// has `cos θ >= 0.1`, and over all hits.
    t_error: f64,
    t_error_all: f64,
    /// `|s(t)|` at the reported `t`, same units.
    gap_error: f64,
    /// Overlap depth at the placement `pose + delta × t`, in `f32::EPSILON × position scale`.
    overlap: f64,
    /// Distance of the contact point from the surfaces, in `f32::EPSILON × position scale`.
    point_error: f64,
}

fn max_into(slot: &mut f64, value: f64) {
    if value > *slot {
        *slot = value;
    }
}

/// Checks one cast against the reference; returns why it disagrees, if it does.
fn judge(case: &Case, stats: &mut PairStats) -> Option<String> {
    let (tf_m, tf_t) = (tf(case.moving_pose), tf(case.target_pose));
    let hit = case.run();
    let target_body = Body::new(&case.target, &tf_t);
    let mover_body = Body::new(&case.moving, &tf_m);
    // A margin grows the obstacle: the cast stops where the gap is the margin.
    let mut obstacle = Obstacle::new(&target_body, &mover_body);
    obstacle.radius += case.margin as f64;
    let d = to_p(case.delta);
    let length = norm(d);
    let reference = reference_cast(&obstacle, d);
    let s = |t: f64| obstacle.gap(scaled(d, t));
    let (path_unit, position_unit) = (EPS * case.path_scale(), EPS * case.position_scale());
    let tol = TOL_FACTOR * path_unit;
    let tol_position = TOL_FACTOR * position_unit;
    stats.casts += 1;
    stats.band += usize::from(reference.lowest.abs() <= tol);

    let Some(h) = hit else {
        return (reference.lowest < -tol).then(|| {
            format!(
                "missed: the path gets {:e} deep at t = {} (tol {tol:e})",
                -reference.lowest, reference.t_lowest
            )
        });
    };
    stats.hits += 1;
    let n = to_p(h.normal);
    let t = h.t as f64;
    if !(h.t.is_finite() && (0.0..=1.0).contains(&h.t) && h.point.is_finite()) {
        return Some(format!("not finite or out of range: {h:?}"));
    }
    if (norm(n) - 1.0).abs() > 1e-6 {
        return Some(format!("normal not unit: {h:?}"));
    }
    if reference.lowest > tol {
        return Some(format!(
            "phantom hit {h:?}: the path stays {:e} away (tol {tol:e})",
            reference.lowest
        ));
    }
    if h.t == 0.0 {
        stats.starts += 1;
        // A start in contact: the narrow phase decides, within its rounding.
        if reference.start > tol_position {
            return Some(format!(
                "t = 0 but the start is {:e} apart (tol {tol_position:e}): {h:?}",
                reference.start
            ));
        }
        if let Some(contact) = collide(&case.target, &tf_t, &case.moving, &tf_m) {
            if contact.normal != h.normal {
                return Some(format!(
                    "t = 0 but the normal is not collide's {contact:?}: {h:?}"
                ));
            }
        }
        return None;
    }
    if reference.start < -tol_position {
        return Some(format!(
            "starts {:e} deep but t = {} (tol {tol_position:e})",
            -reference.start, h.t
        ));
    }
    let gap = s(t);
    max_into(&mut stats.gap_error, gap.abs() / path_unit);
    if gap.abs() > tol {
        return Some(format!(
            "the hit is {gap:e} off the surface (tol {tol:e}): {h:?}"
        ));
    }
    let (t_before, before) = golden_minimum(&s, 0.0, t);
    if before < -tol {
        return Some(format!(
            "an earlier entry: the path is {:e} deep at t = {t_before} before the hit {h:?}",
            -before
        ));
    }
    if dot(n, d) > 1e-6 * length {
        return Some(format!("the normal does not face the motion: {h:?}"));
    }
    // The normal cone: step out from the hit along the normal; the nearest obstacle point
    // must stay where it was.
    let q = scaled(d, t);
    let lever = if obstacle.radius > 0.0 {
        obstacle.radius
    } else {
        case.bounds()
    };
    let foot = obstacle.nearest(q);
    let stepped = obstacle.nearest(add(q, scaled(n, lever)));
    let slip = norm(sub(stepped, foot));
    if slip > 4.0 * tol + 8.0 * EPS * lever {
        return Some(format!(
            "the normal is not the obstacle's: stepping out by {lever:e} moves the foot by {slip:e}: {h:?}"
        ));
    }
    // The point is on both surfaces (on the target's, and `margin` along the normal on
    // the mover's).
    let p = to_p(h.point);
    let on_target = target_body.signed_distance(p);
    let on_mover = mover_body
        .translated(q)
        .signed_distance(add(p, scaled(n, case.margin as f64)));
    let point_error = on_target.abs().max(on_mover.abs());
    max_into(&mut stats.point_error, point_error / position_unit);
    if point_error > tol_position {
        return Some(format!(
            "the point is {on_target:e} from the target and {on_mover:e} from the mover (tol {tol_position:e}): {h:?}"
        ));
    }
    // Time of impact against the reference, where the incidence makes it well defined.
    if let Some(t_ref) = reference.t_first {
        let error = (t - t_ref).abs() * length;
        let step = (1e-6 * case.path_scale()).min(t_ref * length);
        if step > 0.0 {
            let cos = (s(t_ref - step / length) - s(t_ref)) / step;
            max_into(&mut stats.t_error_all, error / path_unit);
            if cos >= 0.1 {
                max_into(&mut stats.t_error, error / path_unit);
                if error > tol / cos {
                    return Some(format!(
                        "t = {} but the reference says {t_ref} ({error:e} along the path, cos θ = {cos:.3}, tol {tol:e})",
                        h.t
                    ));
                }
            }
        }
    }
    // The skin: placed at t, the mover overlaps by at most the skin; backed off by
    // `safe_fraction`, not at all.
    let skin = cast_skin(&case.moving, &tf_m, case.delta, &case.target, &tf_t);
    let placed = |fraction: f32| Transform {
        translation: tf_m.translation + case.delta * fraction,
        rotation: tf_m.rotation,
    };
    let depth = collide(&case.target, &tf_t, &case.moving, &placed(h.t)).map_or(0.0, |c| c.depth);
    max_into(&mut stats.overlap, depth as f64 / position_unit);
    if depth > skin {
        return Some(format!(
            "placed at t the mover overlaps by {depth:e}, more than the skin {skin:e}: {h:?}"
        ));
    }
    let safe = h.safe_fraction(case.delta, skin);
    if overlaps(&case.target, &tf_t, &case.moving, &placed(safe)) {
        return Some(format!(
            "placed at the safe fraction {safe} (skin {skin:e}) the mover still overlaps: {h:?}"
        ));
    }
    None
}

#[test]
fn casts_agree_with_the_reference_for_every_kind_pair() {
    let mut rng = Rng::new(0xCA57_0001);
    let mut stats = [[PairStats::default(); 7]; 7];
    let mut failures: Vec<(String, Case)> = Vec::new();
    for family in Family::ALL {
        for &km in &ShapeKind::ALL {
            for &kt in &ShapeKind::ALL {
                for _ in 0..CASTS_PER_FAMILY {
                    let case = generate(&mut rng, family, km, kt);
                    if let Some(why) = judge(&case, &mut stats[km as usize][kt as usize]) {
                        failures.push((why, case));
                    }
                }
            }
        }
    }
    let total: usize = stats.iter().flatten().map(|s| s.casts).sum();
    let hits: usize = stats.iter().flatten().map(|s| s.hits).sum();
    let starts: usize = stats.iter().flatten().map(|s| s.starts).sum();
    let band: usize = stats.iter().flatten().map(|s| s.band).sum();
    eprintln!(
        "== shape casts vs f64 reference: {total} casts, {hits} hits ({starts} at t = 0), {band} in the grazing band, tol = {TOL_FACTOR} × f32::EPSILON × scale =="
    );
    eprintln!(
        "   (errors in f32::EPSILON × path scale: t error where cos θ >= 0.1 / over all hits, |gap| at t; in f32::EPSILON × position scale: overlap at t, point error)"
    );
    eprintln!(
        "{:>26} {:>5} {:>5} {:>8} {:>9} {:>8} {:>8} {:>8}",
        "mover -> target", "casts", "hits", "t err", "t err all", "gap", "overlap", "point"
    );
    for km in ShapeKind::ALL {
        for kt in ShapeKind::ALL {
            let s = stats[km as usize][kt as usize];
            eprintln!(
                "{:>26} {:>5} {:>5} {:>8.3} {:>9.3} {:>8.3} {:>8.3} {:>8.3}",
                format!("{} -> {}", km.name(), kt.name()),
                s.casts,
                s.hits,
                s.t_error,
                s.t_error_all,
                s.gap_error,
                s.overlap,
                s.point_error
            );
        }
    }
    let worst = |f: fn(&PairStats) -> f64| stats.iter().flatten().map(f).fold(0.0, f64::max);
    eprintln!(
        "   worst: t err {:.3}, t err all {:.3}, gap {:.3}, overlap {:.3}, point {:.3}; disagreements: {}",
        worst(|s| s.t_error),
        worst(|s| s.t_error_all),
        worst(|s| s.gap_error),
        worst(|s| s.overlap),
        worst(|s| s.point_error),
        failures.len()
    );
    for (why, case) in failures.iter().take(8) {
        eprintln!(
            "\n-- {:?} {} -> {}: {why}\n{}",
            case.family,
            case.moving.kind().name(),
            case.target.kind().name(),
            case.literal()
        );
    }
    assert!(
        failures.is_empty(),
        "{} casts disagree with the reference",
        failures.len()
    );
}

/// The walls a mover must never pass through: zero thickness (a segment), 1e-3 thick
/// (aligned, turned and polygon slabs), and a capsule of radius 5e-4.
fn thin_walls() -> Vec<Shape> {
    let h = 50.0;
    vec![
        Shape::segment(Vec2::new(0.0, -h), Vec2::new(0.0, h)).unwrap(),
        Shape::aligned_box(5e-4, h).unwrap(),
        Shape::oriented_box(5e-4, h).unwrap(),
        Shape::polygon(&[
            Vec2::new(-5e-4, -h),
            Vec2::new(5e-4, -h + 1.0),
            Vec2::new(5e-4, h),
            Vec2::new(-5e-4, h - 1.0),
        ])
        .unwrap(),
        Shape::capsule(h, 5e-4).unwrap(),
        Shape::upright_capsule(h, 5e-4).unwrap(),
    ]
}

#[test]
fn no_tunnelling_through_thin_walls_at_any_length() {
    let mut rng = Rng::new(0xCA57_0002);
    let mut stats = PairStats::default();
    let mut failures = Vec::new();
    let mut count = 0;
    for wall in thin_walls() {
        for &kind in &ShapeKind::ALL {
            for &length in &[1.0f64, 10.0, 1e3, 1e5] {
                for &origin in &[0.0f64, 1e5] {
                    for _ in 0..8 {
                        let size = rng.range(0.2, 1.0);
                        let moving = random_shape(&mut rng, kind, Style::Generic, size);
                        // The wall runs along its local y (a capsule along x: turn it).
                        let turn = if matches!(wall, Shape::Capsule { upright: false, .. }) {
                            core::f32::consts::FRAC_PI_2
                        } else {
                            0.0
                        };
                        // An aligned box ignores the angle: keep its wall upright.
                        let wall_angle = if matches!(wall, Shape::AlignedBox { .. }) {
                            0.0
                        } else {
                            rng.range(-0.5, 0.5) as f32
                        };
                        let target_pose = [origin as f32, (origin * 0.5) as f32, turn + wall_angle];
                        // Cross it at up to 60° from its normal, somewhere along its middle.
                        let heading = rng.range(-1.0, 1.0) + wall_angle as f64;
                        let forward = [heading.cos(), heading.sin()];
                        let along_wall = [-(wall_angle as f64).sin(), (wall_angle as f64).cos()];
                        let cross_at = add(
                            to_p(Vec2::new(target_pose[0], target_pose[1])),
                            scaled(along_wall, rng.range(-20.0, 20.0)),
                        );
                        // The whole shape starts behind the wall's line and ends past it:
                        // `length` plus twice the distance its farthest point needs.
                        let incidence = (heading - wall_angle as f64).cos();
                        let margin = 2.0 * moving.bounding_radius() as f64 / incidence;
                        let before = margin + length * rng.range(0.2, 0.8);
                        let start = sub(cross_at, scaled(forward, before));
                        let travel = length + 2.0 * margin;
                        let case = Case {
                            family: Family::Long,
                            moving,
                            moving_pose: [start[0] as f32, start[1] as f32, rng.angle()],
                            delta: Vec2::new(
                                (forward[0] * travel) as f32,
                                (forward[1] * travel) as f32,
                            ),
                            target: wall.clone(),
                            target_pose,
                            margin: 0.0,
                        };
                        count += 1;
                        let hit = case.run();
                        if hit.is_none() {
                            failures.push(("tunnelled: no hit".to_string(), case));
                            continue;
                        }
                        if let Some(why) = judge(&case, &mut stats) {
                            failures.push((why, case));
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "== thin walls: {count} casts through 5 walls, every mover kind, lengths 1 to 1e5 (plus the shape's own reach), at the origin and at 1e5: {} failures; worst t error {:.3} eps×path scale ==",
        failures.len(),
        stats.t_error
    );
    for (why, case) in failures.iter().take(6) {
        eprintln!("\n-- {why}\n{}", case.literal());
    }
    assert!(
        failures.is_empty(),
        "{} casts went through a wall",
        failures.len()
    );
}

fn sample_shapes() -> Vec<Shape> {
    vec![
        Shape::circle(1.0).unwrap(),
        Shape::aligned_box(1.0, 0.75).unwrap(),
        Shape::oriented_box(1.0, 0.5).unwrap(),
        Shape::polygon(&[
            Vec2::new(-1.0, -0.8),
            Vec2::new(1.0, -0.6),
            Vec2::new(0.7, 0.9),
            Vec2::new(-0.6, 1.0),
        ])
        .unwrap(),
        Shape::capsule(0.8, 0.4).unwrap(),
        Shape::segment(Vec2::new(-1.0, -0.3), Vec2::new(0.9, 0.6)).unwrap(),
        Shape::point(),
    ]
}

#[test]
fn a_start_in_contact_reports_zero_and_the_narrow_phase_normal() {
    let shapes = sample_shapes();
    let mut rng = Rng::new(0xCA57_0003);
    let mut checked = 0;
    for moving in &shapes {
        for target in &shapes {
            for _ in 0..200 {
                let tf_t = Transform::from_xy_angle(
                    rng.range(-5.0, 5.0) as f32,
                    rng.range(-5.0, 5.0) as f32,
                    rng.angle(),
                );
                let offset = rng.vec(1.5);
                let tf_m = Transform::from_xy_angle(
                    tf_t.translation.x + offset.x,
                    tf_t.translation.y + offset.y,
                    rng.angle(),
                );
                let Some(contact) = collide(target, &tf_t, moving, &tf_m) else {
                    continue;
                };
                checked += 1;
                for delta in [
                    Vec2::ZERO,
                    rng.vec(3.0),
                    contact.normal * 2.0,
                    contact.normal * -2.0,
                ] {
                    let hit =
                        cast_shape(moving, &tf_m, delta, target, &tf_t).unwrap_or_else(|| {
                            panic!(
                                "{:?} -> {:?}: no hit from a start in contact",
                                moving.kind(),
                                target.kind()
                            )
                        });
                    assert_eq!(hit.t, 0.0);
                    assert_eq!(hit.normal, contact.normal);
                    assert!(hit.point.is_finite());
                    // Moving the mover out along the normal by the depth (and a hair)
                    // separates them: the normal points from the target to the mover.
                    let out = Transform {
                        translation: tf_m.translation + contact.normal * (contact.depth + 1e-3),
                        rotation: tf_m.rotation,
                    };
                    assert!(!overlaps(target, &tf_t, moving, &out));
                }
            }
        }
    }
    assert!(checked > 49 * 50, "only {checked} starts in contact");
}

#[test]
fn zero_delta_hits_only_when_already_touching() {
    let shapes = sample_shapes();
    let mut rng = Rng::new(0xCA57_0004);
    for moving in &shapes {
        for target in &shapes {
            for _ in 0..200 {
                let tf_t = Transform::from_xy_angle(0.0, 0.0, rng.angle());
                let p = rng.vec(3.0);
                let tf_m = Transform::from_xy_angle(p.x, p.y, rng.angle());
                let hit = cast_shape(moving, &tf_m, Vec2::ZERO, target, &tf_t);
                let touching = collide(target, &tf_t, moving, &tf_m);
                match (hit, touching) {
                    (Some(h), Some(c)) => assert_eq!((h.t, h.normal), (0.0, c.normal)),
                    (None, None) => {}
                    other => panic!("{:?} -> {:?}: {other:?}", moving.kind(), target.kind()),
                }
            }
        }
    }
}

#[test]
fn huge_deltas_stay_finite_and_exact_to_the_rounding_of_t() {
    // A unit circle from -5e7 through a box at the origin to +5e7: its edge meets the box
    // face x = -1 after 5e7 - 2 units.
    let circle = Shape::circle(1.0).unwrap();
    let wall = Shape::aligned_box(1.0, 10.0).unwrap();
    let origin = Transform::from_xy_angle(0.0, 0.0, 0.0);
    for length in [1e6f32, 1e8, 1e10, 3e38] {
        let start = Transform::from_xy_angle(-length / 2.0, 0.5, 0.0);
        let hit = cast_shape(&circle, &start, Vec2::new(length, 0.0), &wall, &origin).unwrap();
        let expected = (length as f64 / 2.0 - 2.0) / length as f64;
        // The only error is rounding t to f32: half an ulp of t.
        assert!(
            (hit.t as f64 - expected).abs() <= 2f64.powi(-26) + 1e-12,
            "{length}: {hit:?}"
        );
        assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
        assert!(hit.point.is_finite(), "{hit:?}");
        // Every kind as the mover, a huge delta in a slanted direction.
        for moving in sample_shapes() {
            let slanted = Vec2::new(length, 4.0);
            let hit = cast_shape(&moving, &start, slanted, &wall, &origin).unwrap();
            assert!(
                hit.t > 0.0 && hit.t < 1.0 && hit.normal.is_finite() && hit.point.is_finite(),
                "{hit:?}"
            );
        }
    }
}

#[test]
fn far_from_the_origin_matches_near_it() {
    let shapes = sample_shapes();
    let mut rng = Rng::new(0xCA57_0005);
    for moving in &shapes {
        for target in &shapes {
            for _ in 0..60 {
                // Offsets on the grid of 2^-4: exact up to 2^20 (about 1.05e6).
                let snap = |x: f64| ((x * 16.0).round() / 16.0) as f32;
                let (tx, ty) = (snap(rng.range(-2.0, 2.0)), snap(rng.range(-2.0, 2.0)));
                let (mx, my) = (snap(rng.range(-6.0, 6.0)), snap(rng.range(-6.0, 6.0)));
                let delta = Vec2::new(snap(rng.range(-8.0, 8.0)), snap(rng.range(-8.0, 8.0)));
                let (at, am) = (rng.angle(), rng.angle());
                let near = cast_shape(
                    moving,
                    &Transform::from_xy_angle(mx, my, am),
                    delta,
                    target,
                    &Transform::from_xy_angle(tx, ty, at),
                );
                for far in [1e5f32, 1e6, -1e6] {
                    let shifted = cast_shape(
                        moving,
                        &Transform::from_xy_angle(far + mx, -far + my, am),
                        delta,
                        target,
                        &Transform::from_xy_angle(far + tx, -far + ty, at),
                    );
                    assert_eq!(
                        near.map(|h| (h.t, h.normal)),
                        shifted.map(|h| (h.t, h.normal)),
                        "{:?} -> {:?} at {far}",
                        moving.kind(),
                        target.kind()
                    );
                    if let (Some(n), Some(s)) = (near, shifted) {
                        let moved = n.point + Vec2::new(far, -far);
                        let spacing = far.abs() * f32::EPSILON;
                        assert!((moved - s.point).length() <= spacing, "{n:?} {s:?}");
                    }
                }
            }
        }
    }
    // At the largest coordinates a shape may have (1e7), nothing breaks.
    let big = Transform::from_xy_angle(1e7, -1e7, 0.3);
    for moving in &shapes {
        for target in &shapes {
            let hit = cast_shape(
                moving,
                &big,
                Vec2::new(-3e7, 2e7),
                target,
                &Transform::from_xy_angle(-1e7, 1e7, 1.0),
            );
            if let Some(h) = hit {
                assert!(h.t.is_finite() && h.normal.is_finite() && h.point.is_finite());
            }
        }
    }
}

#[test]
fn the_skin_constant_is_what_the_docs_say() {
    assert_eq!(CAST_SKIN, 8.0 * f32::EPSILON);
}
