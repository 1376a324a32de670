//! Property tests of the narrow phase: relations that must hold between several calls,
//! whatever the kernels compute inside. Exactness against geometry is the job of
//! `tests/reference.rs`; these catch inconsistencies that a reference comparison of single
//! calls would let through (an asymmetric dispatcher, a frame mix-up that only shows after
//! a rotation, a normal that does not actually separate).
//!
//! Every call also checks `overlaps == collide.is_some()`.
//!
//! Tolerances: `TOL = 32 × f32::EPSILON × scale` (scale = distance from the world origin
//! plus sizes, see `common::scale`). The reference test measures kernels within one
//! `f32::EPSILON × scale` of the exact answer; here two kernel calls are compared, and the
//! second configuration is itself rounded to `f32` (a moved position by half an ulp of its
//! magnitude, an angle sum by half an ulp of up to 2π times the shape's size), so the
//! budget is several times the reference test's, with room to spare.
//!
//! Normals: when two calls should give the same (or negated, or rotated) normal but do
//! not, that is only allowed if the contact has several equally deep axes (two boxes
//! overlapping corner to corner by the same amount in x and y may answer either). The
//! test then requires both normals to be valid for the second configuration: moving B
//! along either by `depth + ε` separates the shapes.

// Host only: proptest and the f64 reference do not build for wasm32.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use core::f64::consts::{PI, TAU};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use sepax::{collide, overlaps, Contact, Shape, Transform, Vec2};

/// See the module docs.
const TOL_FACTOR: f64 = 32.0;

/// The separation margin `ε` relative to the scale. Shapes below are at least 0.2 thick
/// and the scale at most about 40, so `ε <= 0.04` never carries a shape through another,
/// while it is still about 250 times the rounding tolerance.
const SEPARATION: f64 = 1e-3;

/// When two normals that should agree are this close (radians), they do.
const SAME_NORMAL: f64 = 1e-4;

fn config() -> Config {
    Config {
        cases: 10_000,
        // Deterministic runs; with a fixed seed there is nothing to persist.
        rng_seed: RngSeed::Fixed(0x5E9A_0003),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A valid shape of a kind with area, between 0.2 and about 3 across.
fn shape_with_area() -> impl Strategy<Value = Shape> {
    let extent = || 0.2f32..2.0;
    prop_oneof![
        extent().prop_map(|r| Shape::circle(r).unwrap()),
        (extent(), extent()).prop_map(|(w, h)| Shape::aligned_box(w, h).unwrap()),
        (extent(), extent()).prop_map(|(w, h)| Shape::oriented_box(w, h).unwrap()),
        polygon(),
        (0.1f32..2.0, extent()).prop_map(|(l, r)| Shape::capsule(l, r).unwrap()),
    ]
}

/// A valid shape of any kind (each of the seven equally likely).
fn any_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        5 => shape_with_area(),
        1 => (point(2.0), point(2.0))
            .prop_filter_map("distinct ends", |(a, b)| Shape::segment(a, b).ok()),
        1 => Just(Shape::point()),
    ]
}

fn point(half: f32) -> impl Strategy<Value = Vec2> {
    (-half..half, -half..half).prop_map(|(x, y)| Vec2::new(x, y))
}

/// Points on an ellipse at sorted angles (convex), turned and moved off the local origin;
/// rare draws that `f32` rounding makes concave are filtered out.
fn polygon() -> impl Strategy<Value = Shape> {
    (
        prop::collection::vec(0.0..TAU, 3..=12),
        0.5f64..2.0,
        0.3f64..1.0,
        0.0..TAU,
        point(0.3),
    )
        .prop_filter_map(
            "convex after rounding",
            |(mut angles, semi_x, aspect, turn, offset)| {
                angles.sort_by(f64::total_cmp);
                let (sin, cos) = turn.sin_cos();
                let points: Vec<Vec2> = angles
                    .iter()
                    .map(|a| {
                        let (x, y) = (semi_x * a.cos(), semi_x * aspect * a.sin());
                        Vec2::new(
                            (cos * x - sin * y) as f32 + offset.x,
                            (sin * x + cos * y) as f32 + offset.y,
                        )
                    })
                    .collect();
                let shape = Shape::polygon(&points).ok()?;
                // Thin slivers (all points near one side of the ellipse) would break the
                // "at least 0.2 thick" premise of SEPARATION.
                let aabb = shape.aabb(&Transform::IDENTITY).extents();
                (aabb.x.min(aabb.y) >= 0.4).then_some(shape)
            },
        )
}

/// Two shapes drawn by `shapes`, A anywhere near the origin and B within reach of A so
/// that about half the pairs collide.
fn pair<S: Strategy<Value = Shape>>(
    shapes: fn() -> S,
) -> impl Strategy<Value = (Shape, Transform, Shape, Transform)> {
    (
        shapes(),
        point(10.0),
        -PI..PI,
        shapes(),
        point(3.0),
        -PI..PI,
    )
        .prop_map(|(a, at, angle_a, b, offset, angle_b)| {
            let ta = Transform::from_xy_angle(at.x, at.y, angle_a as f32);
            let tb = Transform::from_xy_angle(at.x + offset.x, at.y + offset.y, angle_b as f32);
            (a, ta, b, tb)
        })
}

/// `collide`, after checking that `overlaps` agrees with it.
fn contact(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform) -> Option<Contact> {
    let c = collide(a, ta, b, tb);
    assert_eq!(
        overlaps(a, ta, b, tb),
        c.is_some(),
        "overlaps disagrees with collide = {c:?}"
    );
    c
}

fn tolerance(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform) -> f64 {
    TOL_FACTOR * f32::EPSILON as f64 * common::scale(a, ta, b, tb)
}

fn moved(tf: &Transform, by: Vec2) -> Transform {
    Transform {
        translation: tf.translation + by,
        rotation: tf.rotation,
    }
}

fn angle_between(u: Vec2, v: Vec2) -> f64 {
    (u.perp_dot(v) as f64).atan2(u.dot(v) as f64).abs()
}

/// True when moving B along `normal` by `depth + ε` separates the pair: `normal` is a
/// valid contact normal for a contact of that depth.
fn separates(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform, c: Contact) -> bool {
    let margin = SEPARATION * common::scale(a, ta, b, tb);
    let tb_out = moved(tb, c.normal * (c.depth + margin as f32));
    contact(a, ta, b, &tb_out).is_none()
}

/// Compares two answers for the same geometry: `expected` is the first call's contact
/// mapped into the second call's terms (normal negated or rotated), `actual` the second
/// call's. `(a, ta, b, tb)` is the second call's configuration.
fn same_answer(
    expected: Option<Contact>,
    actual: Option<Contact>,
    (a, ta, b, tb): (&Shape, &Transform, &Shape, &Transform),
    tol: f64,
) -> Result<(), TestCaseError> {
    match (expected, actual) {
        (Some(x), Some(y)) => {
            prop_assert!(
                (x.depth as f64 - y.depth as f64).abs() <= tol,
                "depths differ: {x:?} vs {y:?} (tol {tol:e})"
            );
            // Different normals are fine only on tied axes, where both are valid.
            prop_assert!(
                angle_between(x.normal, y.normal) <= SAME_NORMAL
                    || (separates(a, ta, b, tb, x) && separates(a, ta, b, tb, y)),
                "normals differ and are not both valid: expected {x:?}, got {y:?}"
            );
        }
        // Different verdicts only in the touching band.
        (Some(c), None) | (None, Some(c)) => {
            prop_assert!(
                c.depth as f64 <= tol,
                "one call says {c:?}, the other says apart (tol {tol:e})"
            );
        }
        (None, None) => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    /// Swapping A and B gives the same contact with the normal negated.
    #[test]
    fn swapping_shapes_negates_the_normal((a, ta, b, tb) in pair(any_shape)) {
        let ab = contact(&a, &ta, &b, &tb);
        let ba = contact(&b, &tb, &a, &ta);
        let flipped = ab.map(|c| Contact { normal: -c.normal, depth: c.depth });
        same_answer(flipped, ba, (&b, &tb, &a, &ta), tolerance(&a, &ta, &b, &tb))?;
    }

    /// Moving and turning the whole scene moves and turns the contact with it. An aligned
    /// box does not turn with its transform, so in the turned scene it becomes the oriented
    /// box of the same size turned by the scene's angle: the same set of points.
    #[test]
    fn a_shared_rigid_motion_moves_the_contact(
        (a, ta, b, tb) in pair(any_shape),
        turn in -PI..PI,
        shift in point(30.0),
    ) {
        let turn = turn as f32;
        let rotation = Transform::from_xy_angle(0.0, 0.0, turn).rotation;
        let carry = |shape: &Shape, tf: &Transform| {
            let (sin, cos) = (turn as f64).sin_cos();
            let (x, y) = (tf.translation.x as f64, tf.translation.y as f64);
            let (x, y) = (cos * x - sin * y + shift.x as f64, sin * x + cos * y + shift.y as f64);
            match shape {
                Shape::AlignedBox { half_extents } => (
                    Shape::OrientedBox { half_extents: *half_extents },
                    Transform::from_xy_angle(x as f32, y as f32, turn),
                ),
                _ => {
                    let angle = tf.rotation.sin.atan2(tf.rotation.cos) + turn;
                    (shape.clone(), Transform::from_xy_angle(x as f32, y as f32, angle))
                }
            }
        };
        let (a2, ta2) = carry(&a, &ta);
        let (b2, tb2) = carry(&b, &tb);
        let before = contact(&a, &ta, &b, &tb);
        let after = contact(&a2, &ta2, &b2, &tb2);
        let tol = tolerance(&a, &ta, &b, &tb).max(tolerance(&a2, &ta2, &b2, &tb2));
        let turned = before.map(|c| Contact { normal: rotation.apply(c.normal), depth: c.depth });
        same_answer(turned, after, (&a2, &ta2, &b2, &tb2), tol)?;
    }

    /// Moving B along the normal by `depth + ε` separates; by `depth − ε` it still
    /// collides. Only for pairs of shapes with area: a point or segment against anything
    /// has a depth that is zero or ill-conditioned (a point exactly on a segment, two
    /// segments crossing near an end), and "still collides after `depth − ε`" needs
    /// `depth >= ε`, which such pairs almost never reach.
    #[test]
    fn moving_by_the_depth_separates((a, ta, b, tb) in pair(shape_with_area)) {
        if let Some(c) = contact(&a, &ta, &b, &tb) {
            let margin = (SEPARATION * common::scale(&a, &ta, &b, &tb)) as f32;
            let out = moved(&tb, c.normal * (c.depth + margin));
            prop_assert!(
                contact(&a, &ta, &b, &out).is_none(),
                "still colliding after moving B by normal × (depth + {margin:e}): {c:?}"
            );
            // Every direction had an overlap of at least the depth (the depth is the
            // minimum), and moving B by `s` lowers any of them by at most `s`, so after
            // `depth − ε` every direction still overlaps by ε. With `depth < ε` the move
            // would go backwards and could carry a thin part through: skipped.
            if c.depth >= margin {
                let inside = moved(&tb, c.normal * (c.depth - margin));
                prop_assert!(
                    contact(&a, &ta, &b, &inside).is_some(),
                    "apart after moving B by normal × (depth − {margin:e}): {c:?}"
                );
            }
        }
    }
}
