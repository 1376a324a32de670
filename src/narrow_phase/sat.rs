//! The machinery the kernels share: projections onto an axis, the per-axis separation
//! test, polygon-versus-polygon SAT on precomputed normals, and the generic routine for
//! *rounded convex cores*.
//!
//! ## Rounded cores
//!
//! Every shape kind is a convex **core** grown by a **radius**: a circle is a point plus
//! `r`, a capsule a segment plus `r`, and boxes, polygons, segments and points are their
//! own core with radius 0. Two such shapes overlap exactly when their cores are within
//! `R = r_A + r_B` of each other, and the minimum translation distance follows from the
//! cores alone:
//!
//! - **cores overlap**: the depth is `R` plus the SAT depth of the cores, along the SAT
//!   axis. The SAT depth is exact when the axis set contains every face normal of the
//!   Minkowski difference of the cores: the outward edge normals of a polygon, both normals
//!   of a segment, and — only when a core has no area and the difference may collapse to a
//!   segment (point or segment against a point or segment) — the segment's own direction.
//!   Without the direction axis two collinear segments end to end, or a point on a
//!   segment's line past its end, would look overlapping;
//! - **cores apart**: they touch the rounded shapes iff the core distance `d <= R`, the
//!   depth is `R - d` and the normal is the direction between the closest points. The
//!   closest pair of two disjoint convex cores is always a vertex (polygon vertex or
//!   segment end) against an edge, so a loop of point-to-segment distances finds it. When
//!   the foot lies strictly inside the edge, the normal is the edge's normal (exact, and
//!   well-conditioned even when `d` is tiny); otherwise it is the vertex-to-vertex
//!   direction. That direction is the one along which the cores are separated the most
//!   (by exactly `d`), so it is checked against the cores' projections: when a feature
//!   of B lies within rounding of a feature of A (a circle's centre on a segment's end),
//!   the vector between the closest points is rounding noise and may point into the
//!   other core; it then separates the cores by less than the best SAT axis does, and
//!   the SAT axis, exact and off by at most `d` in depth, is the normal instead.
//!
//! SAT runs first in both cases: any axis whose gap exceeds `R` ends the test at once, and
//! the largest gap decides between the two branches without a tolerance.
//!
//! Projections and the deepest face are found by comparing [`order_key`]s, not floats:
//! `f32::min`/`max` cost a library call or several instructions per vertex, and a float
//! compare-and-select becomes an unpredictable jump in V8 (see
//! [`min_f32`](crate::math::min_f32)); the inputs are finite.
//!
//! This module must not allocate: polygons are read through slices, boxes become stack
//! arrays of four vertices, and nothing is collected.

use crate::math::{from_order_key, max_f32, order_key, Rot, Vec2};
pub(crate) use crate::shape::PolygonRef;

/// Squared lengths in this range are normalised directly; outside it, through a rescaled
/// copy, so that a subnormal or overflowing square cannot make the result non-unit.
const DIRECT_LEN_SQ_MIN: f32 = 1e-30;
const DIRECT_LEN_SQ_MAX: f32 = 1e30;

/// The bounding-circle reject compares against `(bound_a + bound_b) × BOUND_SLACK`: the
/// bounds can be tight (a point on a circle's rim), and the reject must never overrule
/// the exact test because `d²` rounded up.
pub(crate) const BOUND_SLACK: f32 = 1.0 + 1e-5;

/// `delta` scaled to unit length, with its length; `None` when `delta` is zero or not
/// finite, so that callers pick their documented fallback instead of producing NaN.
#[inline]
pub(crate) fn unit_and_length(delta: Vec2) -> Option<(Vec2, f32)> {
    let len_sq = delta.length_squared();
    if (DIRECT_LEN_SQ_MIN..=DIRECT_LEN_SQ_MAX).contains(&len_sq) {
        let len = len_sq.sqrt();
        Some((delta * (1.0 / len), len))
    } else {
        unit_and_length_rescaled(delta)
    }
}

/// The slow path of [`unit_and_length`]: divide by the largest component first.
#[cold]
fn unit_and_length_rescaled(delta: Vec2) -> Option<(Vec2, f32)> {
    let m = max_f32(delta.x.abs(), delta.y.abs());
    // `f32::max` ignores a NaN operand, hence the separate finiteness check.
    if !(m > 0.0 && delta.is_finite()) {
        return None;
    }
    let scaled = Vec2::new(delta.x / m, delta.y / m);
    let len = scaled.length();
    Some((scaled * (1.0 / len), m * len))
}

/// The interval `[min, max]` that `points` cover on `axis` (the seed articles' min/max
/// projection; `axis` need not be unit, the values are then scaled by its length).
///
/// Compared as [`order_key`]s, so that wasm selects integers (see the module docs); the
/// inputs here are finite.
#[inline]
pub(crate) fn interval(points: &[Vec2], axis: Vec2) -> (f32, f32) {
    let mut lo = order_key(f32::INFINITY);
    let mut hi = order_key(f32::NEG_INFINITY);
    for p in points {
        let s = order_key(p.dot(axis));
        lo = lo.min(s);
        hi = hi.max(s);
    }
    (from_order_key(lo), from_order_key(hi))
}

/// The smallest projection of `points` on `axis` (compared as keys, see [`interval`]), a
/// zero minimum always `+0.0`.
///
/// Keys order `-0.0` below `+0.0`, while the simd128 build's `f32x4.pmin` keeps whichever
/// zero came last; adding `+0.0` (which turns `-0.0` into `+0.0` and leaves every other
/// value alone) makes both builds return the same bits. Without it, two polygons touching
/// exactly (a separation of zero, whose sign comes from products like `0 × −1`) got a depth
/// of `-0.0` in one build and `+0.0` in the other (`tests/common/determinism.rs`).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
pub(crate) fn min_dot(points: &[Vec2], axis: Vec2) -> f32 {
    let mut lo = order_key(f32::INFINITY);
    for p in points {
        lo = lo.min(order_key(p.dot(axis)));
    }
    from_order_key(lo) + 0.0
}

/// An upper bound on the length of `h` (a box's half extents, both non-negative) without
/// a square root: `√(M² + m²) <= M + m²/(2M) <= M + m/2` for `m <= M`, at most 6 % above
/// the true length (square boxes). Only the bounding-circle reject uses it, which may be
/// loose but never tight.
#[inline]
pub(crate) fn box_bound(h: Vec2) -> f32 {
    let (big, small) = if h.x >= h.y { (h.x, h.y) } else { (h.y, h.x) };
    big + 0.5 * small
}

/// The two values as an ordered interval.
#[inline]
fn ordered(s: f32, t: f32) -> (f32, f32) {
    if s <= t {
        (s, t)
    } else {
        (t, s)
    }
}

/// One tested axis: the gap between the shapes along it (negative: overlap) and the unit
/// normal, oriented from A to B, along which B would have to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Axis {
    /// Gap along `normal` (positive: separated by that much; negative: penetration).
    pub(crate) sep: f32,
    /// Unit direction from A to B.
    pub(crate) normal: Vec2,
}

impl Axis {
    /// No axis tested yet: any real axis beats it.
    const NONE: Axis = Axis {
        sep: f32::NEG_INFINITY,
        normal: Vec2::X,
    };
}

/// Separation along the unit `axis` of A's interval `a` and B's interval `b`, in the
/// direction needing less translation. On a tie (B's interval centred on A's) the positive
/// direction wins, which is the documented zero-offset convention.
#[inline]
pub(crate) fn axis_sep(axis: Vec2, a: (f32, f32), b: (f32, f32)) -> Axis {
    let plus = b.0 - a.1;
    let minus = a.0 - b.1;
    if plus >= minus {
        Axis {
            sep: plus,
            normal: axis,
        }
    } else {
        Axis {
            sep: minus,
            normal: -axis,
        }
    }
}

/// Keeps the axis with the largest gap (ties: the earlier one) and reports whether this
/// one separates by more than `radius`, which ends the test.
#[inline]
fn consider(best: &mut Axis, candidate: Axis, radius: f32) -> bool {
    if candidate.sep > radius {
        return true;
    }
    if candidate.sep > best.sep {
        *best = candidate;
    }
    false
}

// ---------------------------------------------------------------------------------------
// Polygon against polygon
// ---------------------------------------------------------------------------------------

/// An axis-aligned box `±half_extents` as a four-vertex polygon on the stack: the shape of
/// a box for the generic rounded-core routine (the box–box and box–polygon kernels use the
/// box's two axes directly instead).
///
/// The first edge is the `+x` face, so that ties between equally deep faces (identical
/// boxes) resolve to `+x`, as in the specialised box kernels.
pub(crate) struct BoxPolygon {
    pub(crate) vertices: [Vec2; 4],
    pub(crate) normals: [Vec2; 4],
    pub(crate) bound: f32,
}

impl BoxPolygon {
    #[inline]
    pub(crate) fn new(h: Vec2) -> BoxPolygon {
        BoxPolygon {
            vertices: [
                Vec2::new(h.x, -h.y),
                Vec2::new(h.x, h.y),
                Vec2::new(-h.x, h.y),
                Vec2::new(-h.x, -h.y),
            ],
            normals: [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y],
            bound: box_bound(h),
        }
    }
}

/// The largest of a run of separations and the index where it was found, ties to the
/// first. Kept as an [`order_key`] and an index, so that each update is integer selects:
/// a float select is a jump in V8, taken at random here (see
/// [`min_f32`](crate::math::min_f32)).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deepest {
    key: i32,
    index: usize,
}

impl Deepest {
    /// Nothing offered yet: any separation beats it.
    #[inline(always)]
    pub(crate) fn new() -> Deepest {
        Deepest {
            key: order_key(f32::NEG_INFINITY),
            index: 0,
        }
    }

    /// Keeps `sep` and `index` if `sep` is strictly larger than the best so far.
    #[inline(always)]
    pub(crate) fn offer(&mut self, sep: f32, index: usize) {
        let key = order_key(sep);
        self.index = if key > self.key { index } else { self.index };
        self.key = self.key.max(key);
    }

    /// The largest separation offered and its index.
    #[inline(always)]
    pub(crate) fn get(self) -> (f32, usize) {
        (from_order_key(self.key), self.index)
    }
}

/// The largest separation of `b` from `a` over `a`'s face normals, with the face index;
/// `None` as soon as one face separates (early exit). `rot` and `t` place `b`'s local frame
/// in `a`'s. Rather than mapping every vertex of `b` into `a`'s frame, each of `a`'s
/// normals is mapped into `b`'s frame (one rotation per axis, and `b`'s vertices are read
/// in place, with no copy): `n · (R w + t - v) = (Rᵀ n) · w + n · (t - v)`.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn max_face_separation(
    a: PolygonRef<'_>,
    b: PolygonRef<'_>,
    rot: Rot,
    t: Vec2,
) -> Option<(f32, usize)> {
    let mut deepest = Deepest::new();
    for (i, (v, n)) in a.vertices.iter().zip(a.normals).enumerate() {
        let sep = n.dot(t - *v) + min_dot(b.vertices, rot.apply_inv(*n));
        if sep > 0.0 {
            return None;
        }
        deepest.offer(sep, i);
    }
    Some(deepest.get())
}

/// [`max_face_separation`] in the simd128 build: four of `a`'s faces at a time. Each of
/// `b`'s vertices is projected on the four mapped normals at once and one `f32x4.pmin`
/// keeps the four minima (the scalar build's [`min_dot`], lane by lane, with the same
/// roundings). The faces are then taken in order as in the scalar build, so the deepest
/// face and the verdict are the same; a separating face ends the test after its group of
/// four instead of at once.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn max_face_separation(
    a: PolygonRef<'_>,
    b: PolygonRef<'_>,
    rot: Rot,
    t: Vec2,
) -> Option<(f32, usize)> {
    use core::arch::wasm32::{
        f32x4, f32x4_add, f32x4_extract_lane, f32x4_mul, f32x4_pmin, f32x4_splat,
    };
    let faces = a.vertices.len();
    let mut deepest = Deepest::new();
    let mut first = 0;
    while first < faces {
        // Lanes past the last face repeat it; their minima are ignored.
        let axis = |lane: usize| rot.apply_inv(a.normals[(first + lane).min(faces - 1)]);
        let (n0, n1, n2, n3) = (axis(0), axis(1), axis(2), axis(3));
        let by_x = f32x4(n0.x, n1.x, n2.x, n3.x);
        let by_y = f32x4(n0.y, n1.y, n2.y, n3.y);
        let mut lo = f32x4_splat(f32::INFINITY);
        for w in b.vertices {
            let projected = f32x4_add(
                f32x4_mul(f32x4_splat(w.x), by_x),
                f32x4_mul(f32x4_splat(w.y), by_y),
            );
            lo = f32x4_pmin(projected, lo);
        }
        let minima = [
            f32x4_extract_lane::<0>(lo),
            f32x4_extract_lane::<1>(lo),
            f32x4_extract_lane::<2>(lo),
            f32x4_extract_lane::<3>(lo),
        ];
        for (lane, &min) in minima.iter().enumerate().take(faces - first) {
            let i = first + lane;
            // `+ 0.0`: a zero minimum as `+0.0`, as the scalar build's `min_dot` gives it.
            let sep = a.normals[i].dot(t - a.vertices[i]) + (min + 0.0);
            if sep > 0.0 {
                return None;
            }
            deepest.offer(sep, i);
        }
        first += 4;
    }
    Some(deepest.get())
}

/// SAT between two polygons placed by (`rot_a`, `t_a`) and (`rot_b`, `t_b`): `None` when
/// apart, otherwise the world normal from A to B and the exact penetration depth (the
/// minimum over both polygons' face normals, which are the faces of the Minkowski
/// difference). The boolean path calls it too and ignores the contact: finding the
/// deepest face costs one comparison per face, which is less than a second copy of the
/// loops.
#[inline]
pub(crate) fn polygon_polygon(
    a: PolygonRef<'_>,
    rot_a: Rot,
    t_a: Vec2,
    b: PolygonRef<'_>,
    rot_b: Rot,
    t_b: Vec2,
) -> Option<(Vec2, f32)> {
    let d = t_b - t_a;
    let reach = (a.bound + b.bound) * BOUND_SLACK;
    if d.length_squared() > reach * reach {
        return None;
    }
    // B's frame in A's, and A's in B's, both built from the world difference so that
    // neither depends on how far from the origin the pair is.
    let rot_ab = rot_a.inverse() * rot_b;
    let (sep_a, face_a) = max_face_separation(a, b, rot_ab, rot_a.apply_inv(d))?;
    let (sep_b, face_b) = max_face_separation(b, a, rot_ab.inverse(), rot_b.apply_inv(-d))?;
    if sep_a >= sep_b {
        Some((rot_a.apply(a.normals[face_a]), -sep_a))
    } else {
        Some((-rot_b.apply(b.normals[face_b]), -sep_b))
    }
}

// ---------------------------------------------------------------------------------------
// Rounded cores
// ---------------------------------------------------------------------------------------

/// A's core, in A's local frame. In canonical kind order A is the only side that can be a
/// polygon (a box becomes a [`BoxPolygon`]).
#[derive(Clone, Copy)]
pub(crate) enum Core<'a> {
    /// The core of a circle or a point.
    Point(Vec2),
    /// The core of a capsule or a segment.
    Segment(Vec2, Vec2),
    /// A box or polygon.
    Polygon(&'a [Vec2], &'a [Vec2]),
}

impl Core<'_> {
    #[inline]
    fn interval(&self, axis: Vec2) -> (f32, f32) {
        match *self {
            Core::Point(p) => {
                let s = p.dot(axis);
                (s, s)
            }
            Core::Segment(p, q) => ordered(p.dot(axis), q.dot(axis)),
            Core::Polygon(vertices, _) => interval(vertices, axis),
        }
    }
}

/// B's core, already mapped into A's frame: in canonical order B is never a polygon when
/// the generic routine is used.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Thin {
    /// The core of a circle or a point.
    Point(Vec2),
    /// The core of a capsule or a segment.
    Segment(Vec2, Vec2),
}

impl Thin {
    #[inline]
    fn interval(&self, axis: Vec2) -> (f32, f32) {
        match *self {
            Thin::Point(p) => {
                let s = p.dot(axis);
                (s, s)
            }
            Thin::Segment(p, q) => ordered(p.dot(axis), q.dot(axis)),
        }
    }
}

/// The closest pair found between two disjoint cores: a vertex (`point`) against an edge
/// from `start` to `end`, whose nearest point to `point` is `foot`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Closest {
    /// Squared distance between `point` and `foot`.
    pub(crate) dist_sq: f32,
    point: Vec2,
    start: Vec2,
    end: Vec2,
    foot: Vec2,
    /// The edge's outward unit normal when it is a polygon edge (precomputed, exact).
    edge_normal: Option<Vec2>,
    /// The foot lies strictly inside the edge: the normal is the edge's normal.
    interior: bool,
    /// `point` belongs to B (and the edge to A); otherwise the other way round.
    point_on_b: bool,
}

impl Closest {
    const FAR: Closest = Closest {
        dist_sq: f32::INFINITY,
        point: Vec2::ZERO,
        start: Vec2::ZERO,
        end: Vec2::ZERO,
        foot: Vec2::ZERO,
        edge_normal: None,
        interior: false,
        point_on_b: true,
    };

    /// `point` against the edge `start..end`.
    #[inline]
    fn measure(
        point: Vec2,
        start: Vec2,
        end: Vec2,
        edge_normal: Option<Vec2>,
        point_on_b: bool,
    ) -> Closest {
        let e = end - start;
        let ee = e.length_squared();
        let along = (point - start).dot(e);
        // The ends themselves, not `start + e × 1`, so that a vertex-vertex pair measures
        // between the actual vertices. Most measurements of a polygon's loop land on an
        // end, and those need no division: `along / ee` is outside (0, 1) exactly when
        // `along` is outside (0, ee).
        let (foot, interior) = if !(ee > 0.0 && along > 0.0) {
            (start, false)
        } else if along >= ee {
            (end, false)
        } else {
            let t = along / ee;
            if t <= 0.0 {
                (start, false)
            } else if t >= 1.0 {
                (end, false)
            } else {
                (start + e * t, true)
            }
        };
        Closest {
            dist_sq: (point - foot).length_squared(),
            point,
            start,
            end,
            foot,
            edge_normal,
            interior,
            point_on_b,
        }
    }

    #[inline]
    fn keep_nearer(&mut self, other: Closest) {
        if other.dist_sq < self.dist_sq {
            *self = other;
        }
    }

    /// Normal (from A to B, in A's frame) and depth for total radius `radius`, or `None`
    /// when the cores are further apart than `radius`. `a` and `b` are the cores the pair
    /// was measured between, `fallback` their best SAT axis.
    fn contact(&self, radius: f32, fallback: Axis, a: Core<'_>, b: Thin) -> Option<(Vec2, f32)> {
        if self.dist_sq > radius * radius {
            return None;
        }
        let fallback_contact = Some((fallback.normal, radius - max_f32(fallback.sep, 0.0)));
        let (normal, depth) = if self.interior {
            let edge_normal = self
                .edge_normal
                .or_else(|| unit_and_length((self.end - self.start).perp()).map(|(n, _)| n));
            let Some(mut n) = edge_normal else {
                return fallback_contact;
            };
            let mut s = n.dot(self.point - self.start);
            if s < 0.0 {
                s = -s;
                n = -n;
            }
            // `n` now points from the edge to the point.
            let normal = if self.point_on_b { n } else { -n };
            (normal, max_f32(radius - s, 0.0))
        } else {
            match unit_and_length(self.point - self.foot) {
                Some((u, len)) => {
                    let normal = if self.point_on_b { u } else { -u };
                    (normal, max_f32(radius - len, 0.0))
                }
                None => return fallback_contact,
            }
        };
        // The closest-pair direction separates the cores by exactly their distance, and no
        // direction separates them by more; the best SAT axis separates them by less or
        // the same. When the pair is within rounding of touching (a vertex on an edge's
        // end, a circle's centre on a segment's end), the direction is rounding noise,
        // and along it the cores may overlap deeply: then it separates them by less than
        // the SAT axis does, and the SAT axis is the normal (exact, and moving B by
        // `radius - sep` along it frees B). Two point cores have no SAT axis to fall back
        // on (their `sep` is -inf), and need none: the direction between two points is
        // never misleading.
        let sep = b.interval(normal).0 - a.interval(normal).1;
        if sep < fallback.sep {
            return fallback_contact;
        }
        Some((normal, depth))
    }
}

/// What the generic routine found.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Proximity {
    /// An axis separates the rounded shapes.
    Separated,
    /// The cores overlap (or touch); the axis holds their SAT depth (`sep <= 0`).
    CoresOverlap(Axis),
    /// The cores are disjoint; `Closest` is their closest pair, the axis the best SAT axis
    /// (kept as the fallback direction should the pair coincide after rounding).
    CoresApart(Axis, Closest),
}

impl Proximity {
    /// True when the rounded shapes overlap or touch.
    #[inline]
    pub(crate) fn overlaps(&self, radius: f32) -> bool {
        match self {
            Proximity::Separated => false,
            Proximity::CoresOverlap(_) => true,
            Proximity::CoresApart(_, closest) => closest.dist_sq <= radius * radius,
        }
    }

    /// Normal (A to B, in A's frame) and exact depth for total radius `radius`; `a` and
    /// `b` are the cores given to [`rounded_cores`].
    #[inline]
    pub(crate) fn contact(&self, radius: f32, a: Core<'_>, b: Thin) -> Option<(Vec2, f32)> {
        match self {
            Proximity::Separated => None,
            Proximity::CoresOverlap(axis) => Some((axis.normal, radius - axis.sep)),
            Proximity::CoresApart(axis, closest) => closest.contact(radius, *axis, a, b),
        }
    }
}

/// The generic routine: core `a` (A's frame) against core `b` (mapped into A's frame),
/// total radius `radius`. See the module docs for why the result is exact.
///
/// SAT on A's axes, then on B's, ends the test as soon as an axis separates the rounded
/// shapes; two point cores are settled on their own; overlapping cores give the SAT
/// depth; disjoint ones their closest features. Each step is a function called once from
/// here and always inlined, so that the routine compiles as it would as one function.
pub(crate) fn rounded_cores(a: Core<'_>, b: Thin, radius: f32) -> Proximity {
    let mut best = Axis::NONE;
    if a_axes_separate(a, b, radius, &mut best) || b_axes_separate(a, b, radius, &mut best) {
        return Proximity::Separated;
    }
    if let Some(proximity) = point_cores(a, b, &best) {
        return proximity;
    }
    if best.sep <= 0.0 {
        return Proximity::CoresOverlap(best);
    }
    Proximity::CoresApart(best, closest_features(a, b))
}

/// SAT on A's axes (its face normals, or its segment's normal and direction), keeping the
/// deepest in `best`: true as soon as one separates the rounded shapes.
#[inline(always)]
fn a_axes_separate(a: Core<'_>, b: Thin, radius: f32, best: &mut Axis) -> bool {
    match a {
        Core::Polygon(vertices, normals) => {
            for (v, n) in vertices.iter().zip(normals) {
                // Only the outward direction: the inward one is another face's business.
                let sep = b.interval(*n).0 - n.dot(*v);
                let candidate = Axis { sep, normal: *n };
                if consider(best, candidate, radius) {
                    return true;
                }
            }
        }
        Core::Segment(p, q) => {
            if let Some((e, _)) = unit_and_length(q - p) {
                for axis in [e.perp(), e] {
                    let candidate = axis_sep(axis, a.interval(axis), b.interval(axis));
                    if consider(best, candidate, radius) {
                        return true;
                    }
                }
            }
        }
        Core::Point(_) => {}
    }
    false
}

/// SAT on B's axes, as [`a_axes_separate`]. A polygon core has area, so the difference
/// never collapses to a segment and B's direction axis would be redundant.
#[inline(always)]
fn b_axes_separate(a: Core<'_>, b: Thin, radius: f32, best: &mut Axis) -> bool {
    if let Thin::Segment(p, q) = b {
        if let Some((e, _)) = unit_and_length(q - p) {
            let with_direction = !matches!(a, Core::Polygon(..));
            let axes = [e.perp(), e];
            let count = if with_direction { 2 } else { 1 };
            for &axis in &axes[..count] {
                let candidate = axis_sep(axis, a.interval(axis), b.interval(axis));
                if consider(best, candidate, radius) {
                    return true;
                }
            }
        }
    }
    false
}

/// The answer when neither core has a face: B is a point too, or a segment whose ends
/// coincide once mapped into A's frame (a core shorter than the rounding of its position
/// there) and which gave no axis either; the overlap branch of [`rounded_cores`] would
/// read that `sep` of -inf as an infinite depth. The cores are two points, and the
/// direction between them is the only axis. Only a point core A can leave the axis set
/// empty: a segment in its own frame always has a direction (its ends differ, and under
/// gradual underflow so does their difference). `None` for every other pair of cores.
#[inline(always)]
fn point_cores(a: Core<'_>, b: Thin, best: &Axis) -> Option<Proximity> {
    let (pa, pb) = match (a, b) {
        (Core::Point(pa), Thin::Point(pb)) => (pa, pb),
        (Core::Point(pa), Thin::Segment(pb, _)) if best.sep == f32::NEG_INFINITY => (pa, pb),
        _ => return None,
    };
    if pa == pb {
        return Some(Proximity::CoresOverlap(Axis {
            sep: 0.0,
            normal: Vec2::X,
        }));
    }
    let closest = Closest::measure(pb, pa, pa, None, true);
    // No SAT axis: `sep` -inf leaves the direction between the points unchallenged.
    Some(Proximity::CoresApart(Axis::NONE, closest))
}

/// The closest pair of features of two disjoint cores: every vertex of each against every
/// edge of the other.
#[inline(always)]
fn closest_features(a: Core<'_>, b: Thin) -> Closest {
    let mut closest = Closest::FAR;
    match (a, b) {
        (Core::Polygon(vertices, normals), _) => {
            let n = vertices.len();
            for i in 0..n {
                let start = vertices[i];
                let end = vertices[if i + 1 == n { 0 } else { i + 1 }];
                let edge_normal = Some(normals[i]);
                match b {
                    Thin::Point(p) => {
                        closest.keep_nearer(Closest::measure(p, start, end, edge_normal, true));
                    }
                    Thin::Segment(p, q) => {
                        closest.keep_nearer(Closest::measure(start, p, q, None, false));
                        closest.keep_nearer(Closest::measure(p, start, end, edge_normal, true));
                        closest.keep_nearer(Closest::measure(q, start, end, edge_normal, true));
                    }
                }
            }
        }
        (Core::Segment(a0, a1), Thin::Point(p)) => {
            closest = Closest::measure(p, a0, a1, None, true);
        }
        (Core::Segment(a0, a1), Thin::Segment(b0, b1)) => {
            closest.keep_nearer(Closest::measure(b0, a0, a1, None, true));
            closest.keep_nearer(Closest::measure(b1, a0, a1, None, true));
            closest.keep_nearer(Closest::measure(a0, b0, b1, None, false));
            closest.keep_nearer(Closest::measure(a1, b0, b1, None, false));
        }
        (Core::Point(pa), Thin::Segment(b0, b1)) => {
            closest = Closest::measure(pa, b0, b1, None, false);
        }
        (Core::Point(_), Thin::Point(_)) => {}
    }
    closest
}

#[cfg(test)]
mod tests;
