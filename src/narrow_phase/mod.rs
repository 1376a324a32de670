//! The narrow phase: exact Separating Axis Theorem kernels, one per unordered pair of
//! shape kinds, and the dispatcher that picks one.
//!
//! [`overlaps`] answers "do these touch?" and [`collide`] answers "along which unit normal,
//! how deep?". Both are pure functions on values: they allocate nothing, keep no state,
//! and know nothing of storage, the broad phase or JavaScript.
//!
//! ## Kernels
//!
//! There are 7 kinds, hence 28 unordered pairs. Each has a kernel `collide_<a>_<b>` and a
//! boolean twin `overlap_<a>_<b>`, named in the canonical order of [`ShapeKind`]
//! (`a <= b`); the dispatcher swaps the arguments when needed and negates the normal. Each
//! kernel takes the typed geometry of its two kinds and their world transforms, and works
//! in the local frame of one of the shapes (the *local-space trick* of the seed articles):
//! the difference of the two positions is formed first, so precision depends on the
//! shapes' size and distance, not on how far from the origin they are.
//!
//! The hot, common pairs have specialised code:
//!
//! - circle–circle: centre distance against the radius sum ([`circle`]);
//! - circle–box (aligned and oriented): clamp the centre into the box's frame ([`circle`]);
//! - circle–polygon: edge normals plus the axis from the closest vertex ([`circle`]);
//! - box–box: interval overlap for two aligned boxes, two axes per box with the `|R|`
//!   trick otherwise ([`polygon`]);
//! - box–polygon: the box's two axes give its four faces from one pass over the polygon's
//!   vertices, and the box's deepest corner along each polygon edge normal is a formula
//!   ([`polygon`]);
//! - polygon–polygon: SAT on precomputed edge normals, each normal turned into the other
//!   polygon's frame, whose vertices are read in place ([`polygon`]).
//!
//! Every pair involving a capsule, segment or point, and circle–capsule/segment/point,
//! share one routine for *rounded convex cores* ([`rounded`], on the machinery in the
//! private `sat` module): every shape is a convex core (point, segment, polygon) grown by a
//! radius, and the exact minimum translation distance follows from the cores.
//!
//! Optimisations from the seed articles, wherever they apply: the bounding-circle reject
//! (`|c_B - c_A| > r_A + r_B`, squared, on precomputed radii: no square root) before SAT
//! in the polygon, box–polygon and generic kernels (box–box skips it: its first axis costs
//! no more than the reject); early exit on the first separating axis; circles projected
//! as `centre ± r`; B placed in A's frame. The dispatchers send the swapped orders of the
//! standard workload's mixed pairs (box–circle, polygon–circle, polygon–box) straight to
//! their kernel, without a second dispatch.
//!
//! ## Exactness
//!
//! The depth is the true penetration depth (the minimum translation distance), not merely
//! the overlap on some separating axis:
//!
//! - convex polygons (and boxes): the minimum over both polygons' outward edge normals;
//! - rounded shapes: if the cores overlap, the SAT depth of the cores plus `r_A + r_B`;
//!   otherwise `r_A + r_B - d` along the direction between the cores' closest points;
//! - shapes without area (segments, points) follow the same rule with radius 0, so
//!   segment-vs-polygon depth is the distance to push the segment out of the polygon.
//!
//! Touching counts: every comparison is `<=`, and touching shapes collide with depth 0.
//!
//! ## Degenerate directions
//!
//! A normal is always unit length (to `f32` rounding), never zero or NaN:
//!
//! - **ties** between equally deep axes go to the axis tested first: A's axes before B's,
//!   `x` before `y`, polygon edges in vertex order (a box's first face is `+x`);
//! - a **zero offset** along the chosen axis (B centred on A along it) gives the axis'
//!   positive direction;
//! - when there is **no direction at all** (concentric circles, a point at a circle's
//!   centre, coincident points, a zero-length closest pair), the normal is **`+x` of A's
//!   local frame, mapped to the world** (world `+x` when A is an aligned box). This keeps
//!   the answer invariant when the whole scene is moved and turned. "A" is the kernel's
//!   first argument, i.e. the shape of lower [`ShapeKind`]: for [`collide`] called with
//!   `kind(a) > kind(b)` the result is the negation, `-(+x of b's frame)`. Identical shapes
//!   at identical transforms therefore get the same normal from `collide(a, b)` and
//!   `collide(b, a)`; no rule can make those two answers opposite.

use crate::math::{Transform, Vec2};
#[cfg(doc)]
use crate::shape::ShapeKind;
use crate::shape::{capsule_frame, ConvexPolygon, PolygonRef, Shape};

pub mod circle;
pub mod manifold;
pub mod polygon;
pub mod rounded;
mod sat;

pub use circle::*;
pub use manifold::{manifold, manifold_with_points, ContactPoint, Manifold, MANIFOLD_STRIDE};
pub use polygon::*;
pub use rounded::*;
// The ray casts need the same range-safe normalisation (it belongs with `Vec2` in `math`).
pub(crate) use sat::unit_and_length;

/// How two shapes touch: unit `normal` from A to B and penetration `depth` (>= 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Unit vector pointing from A to B.
    pub normal: Vec2,
    /// Minimum translation distance: moving B by `normal * depth` separates the shapes.
    pub depth: f32,
}

impl Contact {
    /// The same contact seen from the other shape.
    #[inline]
    #[must_use]
    pub fn flipped(self) -> Contact {
        Contact {
            normal: -self.normal,
            depth: self.depth,
        }
    }
}

/// The kernel of a row of the dispatch table: the `collide_` or the `overlap_` twin.
macro_rules! pick {
    (collide, $collide:ident, $overlap:ident) => {
        $collide
    };
    (overlap, $collide:ident, $overlap:ident) => {
        $overlap
    };
}

/// A swapped pair's answer seen from the caller's order: a contact's normal is negated, a
/// boolean stays as it is.
macro_rules! flipped {
    (collide, $answer:expr $(,)?) => {
        $answer.map(Contact::flipped)
    };
    (overlap, $answer:expr $(,)?) => {
        $answer
    };
}

/// Writes a dispatcher (`collide` or `overlaps`) from the one table of kernels below, so
/// that the two can never disagree on which kernel serves which pair of kinds.
macro_rules! dispatcher {
    ($mode:ident, $(#[$doc:meta])* $name:ident, $with_points:ident -> $answer:ty) => {
        $(#[$doc])*
        #[must_use]
        pub fn $name(a: &Shape, tf_a: &Transform, b: &Shape, tf_b: &Transform) -> $answer {
            $with_points(a, a.polygon_points(), tf_a, b, b.polygon_points(), tf_b)
        }

        #[doc = concat!("[`", stringify!($name), "`] with a polygon's points read from `points_a`")]
        /// or `points_b` instead of its own buffer: vertices then normals, the layout of
        /// [`ConvexPolygon`](crate::shape::ConvexPolygon), and equal to the polygon's (the
        /// world passes copies it keeps in the order its step reads them). Ignored for
        /// other kinds.
        #[must_use]
        #[inline]
        pub fn $with_points(
            a: &Shape,
            points_a: &[Vec2],
            tf_a: &Transform,
            b: &Shape,
            points_b: &[Vec2],
            tf_b: &Transform,
        ) -> $answer {
            use Shape::{AlignedBox, Capsule, Circle, OrientedBox, Point, Polygon, Segment};
            let poly_a = |p: &ConvexPolygon| PolygonRef::from_points(points_a, p.bounding_radius());
            let poly_b = |p: &ConvexPolygon| PolygonRef::from_points(points_b, p.bounding_radius());
            match (a, b) {
                (Circle { radius: ra }, Circle { radius: rb }) => {
                    pick!($mode, collide_circle_circle, overlap_circle_circle)(*ra, tf_a, *rb, tf_b)
                }
                (Circle { radius }, AlignedBox { half_extents }) => {
                    pick!($mode, collide_circle_aligned_box, overlap_circle_aligned_box)(
                        *radius, tf_a, *half_extents, tf_b,
                    )
                }
                (Circle { radius }, OrientedBox { half_extents }) => {
                    pick!($mode, collide_circle_oriented_box, overlap_circle_oriented_box)(
                        *radius, tf_a, *half_extents, tf_b,
                    )
                }
                (Circle { radius }, Polygon(p)) => {
                    pick!($mode, collide_circle_polygon, overlap_circle_polygon)(
                        *radius, tf_a, poly_b(p), tf_b,
                    )
                }
                (
                    Circle { radius: ra },
                    Capsule {
                        half_length,
                        radius: rb,
                        upright,
                    },
                ) => {
                    pick!($mode, collide_circle_capsule, overlap_circle_capsule)(
                        *ra, tf_a, *half_length, *rb, &capsule_frame(*upright, tf_b),
                    )
                }
                (Circle { radius }, Segment { a: s, b: e }) => {
                    pick!($mode, collide_circle_segment, overlap_circle_segment)(
                        *radius, tf_a, (*s, *e), tf_b,
                    )
                }
                (Circle { radius }, Point) => {
                    pick!($mode, collide_circle_point, overlap_circle_point)(
                        *radius, tf_a, tf_b,
                    )
                }

                (AlignedBox { half_extents: ha }, AlignedBox { half_extents: hb }) => {
                    pick!($mode, collide_aligned_box_aligned_box, overlap_aligned_box_aligned_box)(
                        *ha, tf_a, *hb, tf_b,
                    )
                }
                (AlignedBox { half_extents: ha }, OrientedBox { half_extents: hb }) => {
                    pick!(
                        $mode,
                        collide_aligned_box_oriented_box,
                        overlap_aligned_box_oriented_box
                    )(*ha, tf_a, *hb, tf_b)
                }
                (AlignedBox { half_extents }, Polygon(p)) => {
                    pick!($mode, collide_aligned_box_polygon, overlap_aligned_box_polygon)(
                        *half_extents, tf_a, poly_b(p), tf_b,
                    )
                }
                (
                    AlignedBox { half_extents },
                    Capsule {
                        half_length,
                        radius,
                        upright,
                    },
                ) => {
                    pick!($mode, collide_aligned_box_capsule, overlap_aligned_box_capsule)(
                        *half_extents, tf_a, *half_length, *radius, &capsule_frame(*upright, tf_b),
                    )
                }
                (AlignedBox { half_extents }, Segment { a: s, b: e }) => {
                    pick!($mode, collide_aligned_box_segment, overlap_aligned_box_segment)(
                        *half_extents, tf_a, (*s, *e), tf_b,
                    )
                }
                (AlignedBox { half_extents }, Point) => {
                    pick!($mode, collide_aligned_box_point, overlap_aligned_box_point)(
                        *half_extents, tf_a, tf_b,
                    )
                }

                (OrientedBox { half_extents: ha }, OrientedBox { half_extents: hb }) => {
                    pick!(
                        $mode,
                        collide_oriented_box_oriented_box,
                        overlap_oriented_box_oriented_box
                    )(*ha, tf_a, *hb, tf_b)
                }
                (OrientedBox { half_extents }, Polygon(p)) => {
                    pick!($mode, collide_oriented_box_polygon, overlap_oriented_box_polygon)(
                        *half_extents, tf_a, poly_b(p), tf_b,
                    )
                }
                (
                    OrientedBox { half_extents },
                    Capsule {
                        half_length,
                        radius,
                        upright,
                    },
                ) => {
                    pick!($mode, collide_oriented_box_capsule, overlap_oriented_box_capsule)(
                        *half_extents, tf_a, *half_length, *radius, &capsule_frame(*upright, tf_b),
                    )
                }
                (OrientedBox { half_extents }, Segment { a: s, b: e }) => {
                    pick!($mode, collide_oriented_box_segment, overlap_oriented_box_segment)(
                        *half_extents, tf_a, (*s, *e), tf_b,
                    )
                }
                (OrientedBox { half_extents }, Point) => {
                    pick!($mode, collide_oriented_box_point, overlap_oriented_box_point)(
                        *half_extents, tf_a, tf_b,
                    )
                }

                (Polygon(pa), Polygon(pb)) => {
                    pick!($mode, collide_polygon_polygon, overlap_polygon_polygon)(
                        poly_a(pa), tf_a, poly_b(pb), tf_b,
                    )
                }
                (
                    Polygon(p),
                    Capsule {
                        half_length,
                        radius,
                        upright,
                    },
                ) => {
                    pick!($mode, collide_polygon_capsule, overlap_polygon_capsule)(
                        poly_a(p), tf_a, *half_length, *radius, &capsule_frame(*upright, tf_b),
                    )
                }
                (Polygon(p), Segment { a: s, b: e }) => {
                    pick!($mode, collide_polygon_segment, overlap_polygon_segment)(
                        poly_a(p), tf_a, (*s, *e), tf_b,
                    )
                }
                (Polygon(p), Point) => {
                    pick!($mode, collide_polygon_point, overlap_polygon_point)(
                        poly_a(p), tf_a, tf_b,
                    )
                }

                (
                    Capsule {
                        half_length: la,
                        radius: ra,
                        upright: ua,
                    },
                    Capsule {
                        half_length: lb,
                        radius: rb,
                        upright: ub,
                    },
                ) => {
                    pick!($mode, collide_capsule_capsule, overlap_capsule_capsule)(
                        *la, *ra, &capsule_frame(*ua, tf_a), *lb, *rb, &capsule_frame(*ub, tf_b),
                    )
                }
                (
                    Capsule {
                        half_length,
                        radius,
                        upright,
                    },
                    Segment { a: s, b: e },
                ) => {
                    pick!($mode, collide_capsule_segment, overlap_capsule_segment)(
                        *half_length, *radius, &capsule_frame(*upright, tf_a), (*s, *e), tf_b,
                    )
                }
                (
                    Capsule {
                        half_length,
                        radius,
                        upright,
                    },
                    Point,
                ) => {
                    pick!($mode, collide_capsule_point, overlap_capsule_point)(
                        *half_length, *radius, &capsule_frame(*upright, tf_a), tf_b,
                    )
                }

                (Segment { a: sa, b: ea }, Segment { a: sb, b: eb }) => {
                    pick!($mode, collide_segment_segment, overlap_segment_segment)(
                        (*sa, *ea), tf_a, (*sb, *eb), tf_b,
                    )
                }
                (Segment { a: s, b: e }, Point) => {
                    pick!($mode, collide_segment_point, overlap_segment_point)(
                        (*s, *e), tf_a, tf_b,
                    )
                }

                (Point, Point) => {
                    pick!($mode, collide_point_point, overlap_point_point)(
                        tf_a, tf_b,
                    )
                }

                // The swapped orders of the standard workload's mixed pairs go straight to their
                // kernel: half of those candidates come in this order, and a second dispatch
                // would cost them as much as a circle–circle test.
                (AlignedBox { half_extents }, Circle { radius }) => {
                    flipped!(
                        $mode,
                        pick!($mode, collide_circle_aligned_box, overlap_circle_aligned_box)(
                            *radius, tf_b, *half_extents, tf_a,
                        ),
                    )
                }
                (OrientedBox { half_extents }, Circle { radius }) => {
                    flipped!(
                        $mode,
                        pick!($mode, collide_circle_oriented_box, overlap_circle_oriented_box)(
                            *radius, tf_b, *half_extents, tf_a,
                        ),
                    )
                }
                (Polygon(p), Circle { radius }) => {
                    flipped!(
                        $mode,
                        pick!($mode, collide_circle_polygon, overlap_circle_polygon)(
                            *radius, tf_b, poly_a(p), tf_a,
                        ),
                    )
                }
                (Polygon(p), AlignedBox { half_extents }) => {
                    flipped!(
                        $mode,
                        pick!($mode, collide_aligned_box_polygon, overlap_aligned_box_polygon)(
                            *half_extents, tf_b, poly_a(p), tf_a,
                        ),
                    )
                }
                (Polygon(p), OrientedBox { half_extents }) => {
                    flipped!(
                        $mode,
                        pick!($mode, collide_oriented_box_polygon, overlap_oriented_box_polygon)(
                            *half_extents, tf_b, poly_a(p), tf_a,
                        ),
                    )
                }

                // Every remaining combination has kind(a) > kind(b): swap into canonical order
                // (and flip a normal so that it still points from `a` to `b`). Listed, not
                // `_`, so that a new kind's missing rows are a compile error, not a swap
                // that recurses forever.
                (OrientedBox { .. }, AlignedBox { .. })
                | (
                    Capsule { .. },
                    Circle { .. } | AlignedBox { .. } | OrientedBox { .. } | Polygon(_),
                )
                | (
                    Segment { .. },
                    Circle { .. }
                    | AlignedBox { .. }
                    | OrientedBox { .. }
                    | Polygon(_)
                    | Capsule { .. },
                )
                | (
                    Point,
                    Circle { .. }
                    | AlignedBox { .. }
                    | OrientedBox { .. }
                    | Polygon(_)
                    | Capsule { .. }
                    | Segment { .. },
                ) => {
                    debug_assert!(a.kind() > b.kind());
                    flipped!($mode, $with_points(b, points_b, tf_b, a, points_a, tf_a))
                }
            }
        }
    };
}

dispatcher!(
    overlap,
    /// True when the shapes overlap or touch (shapes are closed sets).
    ///
    /// The boolean fast path: it runs the same tests as [`collide`] and always agrees with
    /// `collide(..).is_some()`, but skips building the normal (no square roots where the
    /// kernel can avoid them).
    ///
    /// ```
    /// use sepax::{overlaps, Shape, Transform};
    /// let circle = Shape::circle(1.0).unwrap();
    /// let square = Shape::aligned_box(1.0, 1.0).unwrap();
    /// let here = Transform::from_xy_angle(0.0, 0.0, 0.0);
    /// assert!(overlaps(&circle, &here, &square, &Transform::from_xy_angle(2.0, 0.0, 0.0)));
    /// assert!(!overlaps(&circle, &here, &square, &Transform::from_xy_angle(2.5, 0.0, 0.0)));
    /// ```
    overlaps,
    overlaps_with_points -> bool
);

dispatcher!(
    collide,
    /// The contact between two shapes, or `None` when they are apart.
    ///
    /// The normal is a unit vector from A to B and `depth` the minimum translation distance:
    /// moving B by `normal × depth` separates the shapes. Touching shapes collide with depth
    /// 0. When the configuration has no preferred direction (concentric circles, coincident
    /// points), the normal is `+x` of the frame of whichever of `a`, `b` has the lower
    /// [`ShapeKind`] (`a` on a tie), pointing away from it: see the module docs.
    ///
    /// ```
    /// use sepax::{collide, Shape, Transform, Vec2};
    /// let a = Shape::circle(1.0).unwrap();
    /// let b = Shape::circle(2.0).unwrap();
    /// let contact = collide(
    ///     &a, &Transform::from_xy_angle(0.0, 0.0, 0.0),
    ///     &b, &Transform::from_xy_angle(2.0, 0.0, 0.0),
    /// ).unwrap();
    /// assert_eq!(contact.normal, Vec2::new(1.0, 0.0));
    /// assert_eq!(contact.depth, 1.0);
    /// ```
    collide,
    collide_with_points -> Option<Contact>
);

#[cfg(test)]
pub(crate) mod test_util {
    //! Helpers for the kernel tests: every case is checked through the dispatcher in both
    //! orders, and the boolean path must agree with the contact path.

    use super::*;
    use crate::shape::ConvexPolygon;

    pub(crate) fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    pub(crate) fn at(x: f32, y: f32) -> Transform {
        Transform::from_xy_angle(x, y, 0.0)
    }

    pub(crate) fn at_angle(x: f32, y: f32, angle: f32) -> Transform {
        Transform::from_xy_angle(x, y, angle)
    }

    pub(crate) fn polygon(points: &[(f32, f32)]) -> Shape {
        let points: Vec<Vec2> = points.iter().map(|&(x, y)| v(x, y)).collect();
        Shape::Polygon(ConvexPolygon::new(&points).unwrap())
    }

    /// Asserts the contact of (a, b) in both orders through the dispatcher, and that the
    /// boolean path agrees. `expected` is `(normal, depth)` from A to B.
    #[track_caller]
    pub(crate) fn check(
        a: &Shape,
        tf_a: &Transform,
        b: &Shape,
        tf_b: &Transform,
        expected: Option<(Vec2, f32)>,
        tol: f32,
    ) {
        let got = collide(a, tf_a, b, tf_b);
        let swapped = collide(b, tf_b, a, tf_a);
        assert_eq!(
            overlaps(a, tf_a, b, tf_b),
            got.is_some(),
            "overlaps vs collide"
        );
        assert_eq!(
            overlaps(b, tf_b, a, tf_a),
            swapped.is_some(),
            "swapped overlaps"
        );
        match expected {
            None => {
                assert_eq!(got, None, "expected no contact");
                assert_eq!(swapped, None, "expected no contact (swapped)");
            }
            Some((normal, depth)) => {
                let got = got.expect("expected a contact");
                let swapped = swapped.expect("expected a contact (swapped)");
                assert_close(got, normal, depth, tol);
                assert_close(swapped, -normal, depth, tol);
            }
        }
    }

    #[track_caller]
    pub(crate) fn assert_close(got: Contact, normal: Vec2, depth: f32, tol: f32) {
        assert!(
            (got.normal - normal).length() <= tol && (got.depth - depth).abs() <= tol,
            "got {got:?}, expected normal {normal:?} depth {depth}"
        );
        assert!(
            (got.normal.length() - 1.0).abs() <= 1e-6,
            "normal not unit: {got:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::test_util::*;
    use super::*;
    use crate::shape::ShapeKind;

    /// One shape of each kind, each roughly two units across.
    fn samples() -> Vec<Shape> {
        vec![
            Shape::circle(1.0).unwrap(),
            Shape::aligned_box(1.0, 0.75).unwrap(),
            Shape::oriented_box(1.0, 0.5).unwrap(),
            polygon(&[(-1.0, -0.8), (1.0, -0.6), (0.7, 0.9), (-0.6, 1.0)]),
            Shape::capsule(0.8, 0.4).unwrap(),
            Shape::segment(v(-1.0, -0.3), v(0.9, 0.6)).unwrap(),
            Shape::point(),
        ]
    }

    #[test]
    fn every_ordered_pair_dispatches_and_flips() {
        let shapes = samples();
        for (i, a) in shapes.iter().enumerate() {
            assert_eq!(a.kind(), ShapeKind::ALL[i]);
        }
        let mut seed = crate::test_rng::Mulberry32::new(7);
        for a in &shapes {
            for b in &shapes {
                for _ in 0..400 {
                    let tf_a = at_angle(
                        seed.f32() * 3.0 - 1.5,
                        seed.f32() * 3.0 - 1.5,
                        seed.f32() * 6.3,
                    );
                    let tf_b = at_angle(
                        seed.f32() * 3.0 - 1.5,
                        seed.f32() * 3.0 - 1.5,
                        seed.f32() * 6.3,
                    );
                    let ab = collide(a, &tf_a, b, &tf_b);
                    let ba = collide(b, &tf_b, a, &tf_a);
                    assert_eq!(overlaps(a, &tf_a, b, &tf_b), ab.is_some());
                    assert_eq!(ab.is_some(), ba.is_some(), "{:?} {:?}", a.kind(), b.kind());
                    if let (Some(ab), Some(ba)) = (ab, ba) {
                        assert!((ab.normal.length() - 1.0).abs() < 1e-5);
                        assert!(ab.depth >= 0.0 && ab.depth.is_finite());
                        // Different kinds: the same kernel answers both orders.
                        if a.kind() != b.kind() {
                            assert_eq!(ab.normal, -ba.normal);
                            assert_eq!(ab.depth, ba.depth);
                        } else {
                            assert!((ab.depth - ba.depth).abs() < 1e-4, "{ab:?} {ba:?}");
                        }
                    }
                }
            }
        }
    }

    /// The contact must actually resolve the overlap: moving B by `normal × depth` (plus a
    /// hair) separates the shapes, while moving it a little less than `depth` does not.
    /// This checks that the depth is a minimum translation distance along the normal, for
    /// every pair, on seeded random placements.
    #[test]
    fn moving_by_the_contact_separates_every_pair() {
        let shapes = samples();
        let mut seed = crate::test_rng::Mulberry32::new(42);
        for a in &shapes {
            for b in &shapes {
                for _ in 0..300 {
                    let tf_a = at_angle(
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 6.3,
                    );
                    let mut tf_b = at_angle(
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 6.3,
                    );
                    let Some(c) = collide(a, &tf_a, b, &tf_b) else {
                        continue;
                    };
                    let base = tf_b.translation;
                    tf_b.translation = base + c.normal * (c.depth + 1e-3);
                    assert!(
                        !overlaps(a, &tf_a, b, &tf_b),
                        "{:?} vs {:?}: {c:?} does not separate",
                        a.kind(),
                        b.kind()
                    );
                    if c.depth > 2e-3 {
                        tf_b.translation = base + c.normal * (c.depth - 1e-3);
                        assert!(
                            overlaps(a, &tf_a, b, &tf_b),
                            "{:?} vs {:?}: {c:?} overshoots",
                            a.kind(),
                            b.kind()
                        );
                    }
                }
            }
        }
    }

    /// The depth is the *minimum* translation: no direction in a fine sweep separates the
    /// shapes with a shorter move than `depth`.
    #[test]
    fn no_shorter_move_separates() {
        let shapes = samples();
        let mut seed = crate::test_rng::Mulberry32::new(99);
        for a in &shapes {
            for b in &shapes {
                for _ in 0..40 {
                    let tf_a = at_angle(seed.f32() - 0.5, seed.f32() - 0.5, seed.f32() * 6.3);
                    let tf_b = at_angle(seed.f32() - 0.5, seed.f32() - 0.5, seed.f32() * 6.3);
                    let Some(c) = collide(a, &tf_a, b, &tf_b) else {
                        continue;
                    };
                    let shorter = c.depth - 2e-3;
                    if shorter <= 0.0 {
                        continue;
                    }
                    for k in 0..720 {
                        let angle = k as f32 * core::f32::consts::TAU / 720.0;
                        let dir = Vec2::new(angle.cos(), angle.sin());
                        let mut moved = tf_b;
                        moved.translation = tf_b.translation + dir * shorter;
                        assert!(
                            overlaps(a, &tf_a, b, &moved),
                            "{:?} vs {:?}: {c:?} but moving {shorter} along {dir:?} separates",
                            a.kind(),
                            b.kind()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn far_from_the_origin_matches_near_it() {
        let shapes = samples();
        let mut seed = crate::test_rng::Mulberry32::new(5);
        for a in &shapes {
            for b in &shapes {
                for _ in 0..50 {
                    let (xa, ya, aa) = (
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 6.3,
                    );
                    let (xb, yb, ab) = (
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 2.0 - 1.0,
                        seed.f32() * 6.3,
                    );
                    // Offsets that are multiples of the f32 spacing at 1e5 (2^-7), so that
                    // both placements describe exactly the same relative configuration.
                    let snap = |x: f32| (x * 128.0).round() / 128.0;
                    let (xa, ya, xb, yb) = (snap(xa), snap(ya), snap(xb), snap(yb));
                    let near = collide(a, &at_angle(xa, ya, aa), b, &at_angle(xb, yb, ab));
                    let far = collide(
                        a,
                        &at_angle(1e5 + xa, -1e5 + ya, aa),
                        b,
                        &at_angle(1e5 + xb, -1e5 + yb, ab),
                    );
                    assert_eq!(
                        near.is_some(),
                        far.is_some(),
                        "{:?} {:?}",
                        a.kind(),
                        b.kind()
                    );
                    if let (Some(n), Some(f)) = (near, far) {
                        assert!((n.depth - f.depth).abs() < 1e-5, "{n:?} {f:?}");
                        assert!((n.normal - f.normal).length() < 1e-4, "{n:?} {f:?}");
                    }
                }
            }
        }
    }
}
