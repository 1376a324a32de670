//! The configuration-space obstacle of a translational cast, walked edge by edge.
//!
//! Every shape kind is a convex **core** grown by a radius ([`Core`], the shape's
//! [`rounded_core`](crate::shape::Shape::rounded_core)). Placed in
//! the target's frame, the mover's origin touches the target exactly when it lies within
//! `r_target + r_mover` of the Minkowski sum `core_target ⊕ (−core_mover)`. That sum is a
//! convex polygon whose edges are the edges of both cores (the mover's turned and negated),
//! taken in the order of their normals' angles: the classic merge of two angle-sorted
//! lists, `O(n + m)` and exact, since every vertex of the sum is one target vertex plus one
//! negated mover vertex.
//!
//! The sum is never stored: [`for_each_edge`] walks it and hands each edge to a closure,
//! computing vertices on the fly, so a cast needs no buffer (two 64-gons make 128 edges,
//! and zeroing a stack array of them would cost more than a box–box cast). Each edge also
//! carries the target's part of its ends, from which the contact point on the target is
//! recovered.
//!
//! Degenerate cores need nothing special: a point core has no edges (the sum is the other
//! core, moved; a circle or point mover, the bullets case, then walks the target's box or
//! polygon as it is, without the merge and its ordering pass), a segment core is a two-gon
//! whose edges have opposite normals (two
//! parallel segments sum to a two-gon, a point and a segment to that segment, two points to
//! a point). Edges of the two cores with exactly the same direction are merged into one
//! edge, so that the sum never has two consecutive collinear edges (the ray cast's corner
//! logic relies on that).
//!
//! Everything here is `f64` (see the parent module for why); the inputs are `f32`.

use crate::math::{Rot, Vec2};
use crate::shape::{Core, BOX_CORNERS};
use core::ops::{Add, Mul, Neg, Sub};

/// A 2D vector of `f64`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct D2 {
    pub(super) x: f64,
    pub(super) y: f64,
}

impl D2 {
    pub(super) const ZERO: D2 = D2 { x: 0.0, y: 0.0 };

    #[inline]
    pub(super) const fn new(x: f64, y: f64) -> D2 {
        D2 { x, y }
    }

    /// The exact `f64` value of an `f32` vector.
    #[inline]
    pub(super) fn from_vec2(v: Vec2) -> D2 {
        D2::new(v.x as f64, v.y as f64)
    }

    /// Rounded to the nearest `f32`.
    #[inline]
    pub(super) fn to_vec2(self) -> Vec2 {
        Vec2::new(self.x as f32, self.y as f32)
    }

    #[inline]
    pub(super) fn dot(self, other: D2) -> f64 {
        self.x * other.x + self.y * other.y
    }

    /// The z of the 3D cross product: positive when `other` is counter-clockwise of `self`.
    #[inline]
    pub(super) fn cross(self, other: D2) -> f64 {
        self.x * other.y - self.y * other.x
    }

    #[inline]
    pub(super) fn length_squared(self) -> f64 {
        self.dot(self)
    }

    /// `|x| + |y|`: between the length and √2 times it, without a square root.
    #[inline]
    pub(super) fn l1(self) -> f64 {
        self.x.abs() + self.y.abs()
    }

    #[inline]
    pub(super) fn length(self) -> f64 {
        self.length_squared().sqrt()
    }

    /// This vector scaled to unit length, or `None` when it is zero (or not finite).
    /// Inputs come from `f32` values, so the squares neither overflow nor underflow `f64`.
    #[inline]
    pub(super) fn unit(self) -> Option<D2> {
        let len = self.length();
        (len > 0.0 && len.is_finite()).then(|| self * (1.0 / len))
    }
}

impl Add for D2 {
    type Output = D2;
    #[inline]
    fn add(self, rhs: D2) -> D2 {
        D2::new(self.x + rhs.x, self.y + rhs.y)
    }
}

impl Sub for D2 {
    type Output = D2;
    #[inline]
    fn sub(self, rhs: D2) -> D2 {
        D2::new(self.x - rhs.x, self.y - rhs.y)
    }
}

impl Neg for D2 {
    type Output = D2;
    #[inline]
    fn neg(self) -> D2 {
        D2::new(-self.x, -self.y)
    }
}

impl Mul<f64> for D2 {
    type Output = D2;
    #[inline]
    fn mul(self, rhs: f64) -> D2 {
        D2::new(self.x * rhs, self.y * rhs)
    }
}

/// A rotation in `f64`, built from a [`Rot`]'s `f32` cosine and sine (taken as exact).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Rot64 {
    cos: f64,
    sin: f64,
}

impl Rot64 {
    pub(super) const IDENTITY: Rot64 = Rot64 { cos: 1.0, sin: 0.0 };

    #[inline]
    pub(super) fn from_rot(rot: Rot) -> Rot64 {
        Rot64 {
            cos: rot.cos as f64,
            sin: rot.sin as f64,
        }
    }

    /// `self⁻¹ · other`: maps `other`'s frame into `self`'s. The products of `f32` values
    /// are exact in `f64`, so each component is rounded once.
    #[inline]
    pub(super) fn inv_mul(self, other: Rot64) -> Rot64 {
        Rot64 {
            cos: self.cos * other.cos + self.sin * other.sin,
            sin: self.cos * other.sin - self.sin * other.cos,
        }
    }

    #[inline]
    pub(super) fn apply(self, v: D2) -> D2 {
        D2::new(
            self.cos * v.x - self.sin * v.y,
            self.sin * v.x + self.cos * v.y,
        )
    }

    #[inline]
    pub(super) fn apply_inv(self, v: D2) -> D2 {
        D2::new(
            self.cos * v.x + self.sin * v.y,
            -self.sin * v.x + self.cos * v.y,
        )
    }
}

/// A core placed in the target's frame: the target's own core as it is, or the mover's
/// turned into the target's frame and negated (point-reflected, which keeps it
/// counter-clockwise).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ring<'a> {
    /// A segment core is a two-gon (its edges face opposite ways), a box core is
    /// counter-clockwise from `(+x, −y)` ([`BOX_CORNERS`]).
    core: Core<'a>,
    /// Local frame to target frame, negation included.
    rot: Rot64,
    sign: f64,
    /// A segment's outward unit normal of its edge from `a` to `b`, in its local frame.
    segment_normal: D2,
    /// How many vertices (1, 2, 4 or the polygon's).
    count: usize,
    /// The edge the walk starts from: 0 as built, and after [`Ring::ordered`] the one
    /// whose normal has the smallest angle in `[0, 2π)` from `+x` (in the target frame), so
    /// that the walk meets the normals in increasing angle.
    first: usize,
}

/// The most vertices of a mover ring that [`for_each_edge`] walks from arrays.
const SMALL_RING: usize = 4;

/// [`BOX_NORMALS`] in `f32` (exact), for walking a box as a polygon.
const BOX_NORMALS_F32: [Vec2; 4] = [
    Vec2::new(1.0, 0.0),
    Vec2::new(0.0, 1.0),
    Vec2::new(-1.0, 0.0),
    Vec2::new(0.0, -1.0),
];
const BOX_NORMALS: [D2; 4] = [
    D2::new(1.0, 0.0),
    D2::new(0.0, 1.0),
    D2::new(-1.0, 0.0),
    D2::new(0.0, -1.0),
];

impl<'a> Ring<'a> {
    /// `core` turned by `rot` into the target frame, and negated when `negate`.
    pub(super) fn new(core: Core<'a>, rot: Rot64, negate: bool) -> Ring<'a> {
        let (count, segment_normal) = match core {
            Core::Point => (1, D2::ZERO),
            Core::AxisSegment(_) | Core::Segment(..) => {
                let e = D2::from_vec2(core.vertex(1)) - D2::from_vec2(core.vertex(0));
                // A validated segment has distinct ends; `+y` only guards hand-built ones.
                let n = D2::new(e.y, -e.x).unit().unwrap_or(D2::new(0.0, 1.0));
                (2, n)
            }
            Core::Box(_) => (4, D2::ZERO),
            Core::Polygon { vertices, normals } => (vertices.len().min(normals.len()), D2::ZERO),
        };
        Ring {
            core,
            rot,
            sign: if negate { -1.0 } else { 1.0 },
            segment_normal,
            count: count.max(1),
            first: 0,
        }
    }

    /// The ring walked from its edge of smallest normal angle, as merging two rings'
    /// edges by angle needs ([`for_each_edge`]). A ring summed with a point needs no
    /// order (the sum is the ring itself, moved), and the search costs a pass over the
    /// normals, as much as the rest of a circle's cast against a box.
    #[inline]
    #[must_use]
    pub(super) fn ordered(mut self) -> Ring<'a> {
        // A box in its own frame (every box target) starts at its +x face, of angle 0.
        if matches!(self.core, Core::Box(_)) && self.rot == Rot64::IDENTITY && self.sign > 0.0 {
            self.first = 0;
            return self;
        }
        let mut first = 0;
        let mut lowest = self.normal(0);
        for k in 1..self.edge_count() {
            let n = self.normal(k);
            if precedes(n, lowest) {
                first = k;
                lowest = n;
            }
        }
        self.first = first;
        self
    }

    /// How many edges: none for a point, two for a segment.
    #[inline]
    pub(super) fn edge_count(&self) -> usize {
        if self.count >= 2 {
            self.count
        } else {
            0
        }
    }

    /// Vertex `k` (`k < count`) in the target frame.
    #[inline]
    pub(super) fn vertex(&self, k: usize) -> D2 {
        self.rot.apply(D2::from_vec2(self.core.vertex(k))) * self.sign
    }

    /// The outward unit normal of edge `k` (from vertex `k` to `k + 1`) in the target
    /// frame; meaningless for a point.
    #[inline]
    pub(super) fn normal(&self, k: usize) -> D2 {
        let local = match self.core {
            Core::Point => D2::new(1.0, 0.0),
            Core::AxisSegment(_) | Core::Segment(..) => {
                if k == 0 {
                    self.segment_normal
                } else {
                    -self.segment_normal
                }
            }
            Core::Box(_) => BOX_NORMALS[k & 3],
            Core::Polygon { normals, .. } => normals
                .get(k)
                .map_or(D2::new(1.0, 0.0), |&n| D2::from_vec2(n)),
        };
        self.rot.apply(local) * self.sign
    }

    /// The first vertex of the walk: the ring's support point just below the angle 0.
    #[inline]
    pub(super) fn start_vertex(&self) -> D2 {
        self.vertex(self.first)
    }
}

/// 0 for directions with an angle in `[0, π)` from `+x`, 1 for `[π, 2π)`.
#[inline]
fn half(v: D2) -> u8 {
    u8::from(!(v.y > 0.0 || (v.y == 0.0 && v.x > 0.0)))
}

/// True when the direction of `a` comes strictly before that of `b`, counting angles
/// counter-clockwise from `+x` in `[0, 2π)`.
#[inline]
pub(super) fn precedes(a: D2, b: D2) -> bool {
    let (ha, hb) = (half(a), half(b));
    if ha != hb {
        ha < hb
    } else {
        a.cross(b) > 0.0
    }
}

/// One edge of the Minkowski sum, counter-clockwise, in the target frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Edge {
    pub(super) start: D2,
    pub(super) end: D2,
    /// Outward unit normal (to the rounding of the core's normals).
    pub(super) normal: D2,
    /// The target core's part of `start` and `end`: the sum's point `start + u (end −
    /// start)` is the target core's point `target_start + u (target_end − target_start)`
    /// plus a point of the negated mover core.
    pub(super) target_start: D2,
    pub(super) target_end: D2,
}

/// Calls `f` on every edge of `target ⊕ mover`, counter-clockwise; when both rings have
/// edges they must be [`Ring::ordered`], and the walk starts from the edge of smallest
/// normal angle. Nothing is called when both rings are points; then the sum is the single
/// point `target.start_vertex() + mover.start_vertex()`.
///
/// `f` returns whether to go on: a caller that has its answer stops the walk.
///
/// The commonest sums, a box or polygon target (in its own frame, as every target ring
/// is) plus a mover of at most [`SMALL_RING`] vertices (a capsule's segment, a box), are
/// walked from arrays: the target's vertices and normals read from its points, the
/// mover's turned into the target frame once, not once per step with a dispatch on its
/// kind. A point mover (a circle's or a point's core) gives the target's own edges,
/// walked by [`for_each_own_edge`] without a merge. The edges and their order are the
/// general walk's.
#[inline]
pub(super) fn for_each_edge(target: &Ring<'_>, mover: &Ring<'_>, mut f: impl FnMut(&Edge) -> bool) {
    if mover.count <= SMALL_RING && target.rot == Rot64::IDENTITY && target.sign > 0.0 {
        let corners;
        let (vertices, normals) = match target.core {
            Core::Box(h) => {
                corners = BOX_CORNERS.map(|(sx, sy)| Vec2::new(sx * h.x, sy * h.y));
                (&corners[..], &BOX_NORMALS_F32[..])
            }
            Core::Polygon { vertices, normals } if target.count >= 2 => (vertices, normals),
            _ => return merge_edges(target, mover, &mut f),
        };
        if mover.count == 1 {
            return for_each_own_edge(vertices, normals, target.first, f);
        }
        let (mut m_vertices, mut m_normals) = ([D2::ZERO; SMALL_RING], [D2::ZERO; SMALL_RING]);
        for k in 0..mover.count {
            m_vertices[k] = mover.vertex(k);
            m_normals[k] = mover.normal(k);
        }
        let count = vertices.len().min(normals.len());
        return merge_walk(
            Side {
                vertex: |k| D2::from_vec2(vertices[k]),
                normal: |k| D2::from_vec2(normals[k]),
                edges: count,
                count,
                first: target.first,
            },
            Side {
                vertex: |k| m_vertices[k % SMALL_RING],
                normal: |k| m_normals[k % SMALL_RING],
                edges: mover.edge_count(),
                count: mover.count,
                first: mover.first,
            },
            f,
        );
    }
    merge_edges(target, mover, &mut f);
}

/// [`for_each_edge`]'s general walk: the two rings' edges merged by angle. One copy, the
/// caller's closure called through a pointer: it serves the sums the array walks do not
/// (a circle's or capsule's core as the target, large polygon movers), and each copy of
/// a merge is kilobytes of wasm.
#[inline(never)]
fn merge_edges(target: &Ring<'_>, mover: &Ring<'_>, f: &mut dyn FnMut(&Edge) -> bool) {
    merge_walk(ring_side(target), ring_side(mover), f);
}

/// A [`Ring`] as [`merge_walk`] reads it: each vertex and normal through the ring's
/// dispatch on its kind.
#[inline(always)]
fn ring_side<'r>(ring: &'r Ring<'_>) -> Side<impl Fn(usize) -> D2 + 'r, impl Fn(usize) -> D2 + 'r> {
    Side {
        vertex: |k| ring.vertex(k),
        normal: |k| ring.normal(k),
        edges: ring.edge_count(),
        count: ring.count,
        first: ring.first,
    }
}

/// One ring as [`merge_walk`] reads it: its vertices and edge normals in the target frame
/// by index, how many edges and vertices, and the edge its walk starts from.
struct Side<V, N> {
    vertex: V,
    normal: N,
    edges: usize,
    count: usize,
    first: usize,
}

impl<V: Fn(usize) -> D2, N: Fn(usize) -> D2> Side<V, N> {
    /// The walk's `step`-th vertex (`step <= count`). One subtraction instead of `%`: an
    /// integer division is the slowest instruction of an edge, and the walk takes three
    /// indices per edge.
    #[inline(always)]
    fn index(&self, step: usize) -> usize {
        let k = self.first + step;
        if k >= self.count {
            k - self.count
        } else {
            k
        }
    }
}

/// The merge of two rings' edges by angle, each ring read through its [`Side`]: the
/// general walk reads [`Ring`]s (a dispatch on the kind for every vertex and normal), a
/// box or polygon target and a mover of at most [`SMALL_RING`] vertices read arrays
/// ([`for_each_edge`]); the same edges, in the same order.
#[inline(always)]
fn merge_walk<TV, TN, MV, MN>(
    target: Side<TV, TN>,
    mover: Side<MV, MN>,
    mut f: impl FnMut(&Edge) -> bool,
) where
    TV: Fn(usize) -> D2,
    TN: Fn(usize) -> D2,
    MV: Fn(usize) -> D2,
    MN: Fn(usize) -> D2,
{
    let (target_edges, mover_edges) = (target.edges, mover.edges);
    let (mut i, mut j) = (0, 0);
    let mut t_vertex = (target.vertex)(target.index(0));
    let mut m_vertex = (mover.vertex)(mover.index(0));
    let mut t_normal = (target.normal)(target.index(0));
    let mut m_normal = (mover.normal)(mover.index(0));
    // Each normal's half-plane of angles is found once, when it is read, and one cross
    // product orders the two (`precedes` both ways: `t × m` is exactly `−(m × t)`).
    let (mut t_half, mut m_half) = (half(t_normal), half(m_normal));
    while i < target_edges || j < mover_edges {
        let (mover_first, target_first) = if i < target_edges && j < mover_edges {
            if t_half != m_half {
                (m_half < t_half, t_half < m_half)
            } else {
                let c = m_normal.cross(t_normal);
                (c > 0.0, c < 0.0)
            }
        } else {
            (false, false)
        };
        let take_target = i < target_edges && !mover_first;
        let take_mover = j < mover_edges && !target_first;
        let t_next = if take_target {
            (target.vertex)(target.index(i + 1))
        } else {
            t_vertex
        };
        let m_next = if take_mover {
            (mover.vertex)(mover.index(j + 1))
        } else {
            m_vertex
        };
        if !f(&Edge {
            start: t_vertex + m_vertex,
            end: t_next + m_next,
            normal: if take_target { t_normal } else { m_normal },
            target_start: t_vertex,
            target_end: t_next,
        }) {
            return;
        }
        if take_target {
            i += 1;
            t_vertex = t_next;
            t_normal = (target.normal)(target.index(i));
            t_half = half(t_normal);
        }
        if take_mover {
            j += 1;
            m_vertex = m_next;
            m_normal = (mover.normal)(mover.index(j));
            m_half = half(m_normal);
        }
    }
}

/// [`for_each_edge`] of a box or polygon target ring in its own frame (not turned, not
/// negated) plus a point at the origin: the ring's edges from its vertex `first`, read
/// from `vertices` and `normals` as the general walk would give them (the same values,
/// in the same order). A box's corners and normals are exact in `f32`, so it is walked
/// as the polygon it is, through the same loop (one copy of the caller's closure).
#[inline]
fn for_each_own_edge(
    vertices: &[Vec2],
    normals: &[Vec2],
    first: usize,
    mut f: impl FnMut(&Edge) -> bool,
) {
    let count = vertices.len().min(normals.len());
    let mut k = first;
    for _ in 0..count {
        let next = if k + 1 == count { 0 } else { k + 1 };
        let (start, end) = (D2::from_vec2(vertices[k]), D2::from_vec2(vertices[next]));
        if !f(&Edge {
            start,
            end,
            normal: D2::from_vec2(normals[k]),
            target_start: start,
            target_end: end,
        }) {
            return;
        }
        k = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The polygon core of `vertices` and their edge normals.
    fn polygon<'a>(vertices: &'a [Vec2], normals: &'a [Vec2]) -> Core<'a> {
        Core::Polygon { vertices, normals }
    }

    fn collect(target: &Ring<'_>, mover: &Ring<'_>) -> Vec<Edge> {
        let mut edges = Vec::new();
        for_each_edge(&target.ordered(), &mover.ordered(), |e| {
            edges.push(*e);
            true
        });
        edges
    }

    fn close(a: D2, b: D2) -> bool {
        (a - b).length() < 1e-12
    }

    #[test]
    fn box_plus_box_is_a_box_of_summed_extents() {
        let t = Ring::new(Core::Box(Vec2::new(2.0, 1.0)), Rot64::IDENTITY, false);
        let m = Ring::new(Core::Box(Vec2::new(0.5, 0.25)), Rot64::IDENTITY, true);
        let edges = collect(&t, &m);
        // Parallel edges merge: four edges, not eight.
        assert_eq!(edges.len(), 4);
        for e in &edges {
            // Every edge lies on a face of the 2.5 × 1.25 box.
            let face = if e.normal.x != 0.0 { 2.5 } else { 1.25 };
            assert!((e.start.dot(e.normal) - face).abs() < 1e-12, "{e:?}");
            assert!((e.end.dot(e.normal) - face).abs() < 1e-12, "{e:?}");
        }
        // Closed, counter-clockwise chain.
        for k in 0..4 {
            assert!(close(edges[k].end, edges[(k + 1) % 4].start));
            assert!(edges[k].normal.cross(edges[(k + 1) % 4].normal) > 0.0);
        }
    }

    /// The triangle (0, 0), (1, 0), (0, 1) and its outward edge normals.
    fn triangle() -> ([Vec2; 3], [Vec2; 3]) {
        let s = 0.5f32.sqrt();
        (
            [
                Vec2::new(0.0, 0.0),
                Vec2::new(1.0, 0.0),
                Vec2::new(0.0, 1.0),
            ],
            [Vec2::new(0.0, -1.0), Vec2::new(s, s), Vec2::new(-1.0, 0.0)],
        )
    }

    #[test]
    fn turned_box_and_triangle_give_all_edges_in_angle_order() {
        let (tri, tri_normals) = triangle();
        let t = Ring::new(polygon(&tri, &tri_normals), Rot64::IDENTITY, false);
        let rot = Rot64::from_rot(Rot::from_angle(0.3));
        let m = Ring::new(Core::Box(Vec2::new(0.5, 0.25)), rot, true);
        let edges = collect(&t, &m);
        assert_eq!(edges.len(), 7);
        for k in 0..7 {
            let (e, next) = (edges[k], edges[(k + 1) % 7]);
            assert!(close(e.end, next.start), "{k}: {e:?} {next:?}");
            assert!(e.normal.cross(next.normal) > 0.0, "{k}");
            // The normal is perpendicular to the edge and outward (the sum contains the
            // sum of the two centroids).
            let dir = e.end - e.start;
            assert!(dir.dot(e.normal).abs() < 1e-6 * dir.length(), "{k}: {e:?}");
            let centre = D2::new(1.0 / 3.0, 1.0 / 3.0);
            assert!(e.normal.dot(e.start - centre) > 0.0);
        }
    }

    /// The edges of `target ⊕ mover` as [`for_each_edge`] walks them (its fast walks where
    /// they apply), and as the general merge walks them.
    fn walked_and_merged(target: &Ring<'_>, mover: &Ring<'_>) -> (Vec<Edge>, Vec<Edge>) {
        let (mut walked, mut merged) = (Vec::new(), Vec::new());
        for_each_edge(target, mover, |e| {
            walked.push(*e);
            true
        });
        merge_edges(target, mover, &mut |e| {
            merged.push(*e);
            true
        });
        (walked, merged)
    }

    /// The walk of a target plus a point mover gives exactly what the merge gives, for
    /// every outline, from its first edge as built and as ordered.
    #[test]
    fn a_point_movers_walk_equals_the_merge() {
        let (tri, tri_normals) = triangle();
        let cores = [
            Core::Point,
            Core::Segment(Vec2::new(2.0, -1.0), Vec2::new(-0.5, 0.25)),
            Core::Box(Vec2::new(0.75, 0.5)),
            polygon(&tri, &tri_normals),
        ];
        for core in cores {
            let built = Ring::new(core, Rot64::IDENTITY, false);
            for target in [built, built.ordered()] {
                for negate in [false, true] {
                    let point =
                        Ring::new(Core::Point, Rot64::from_rot(Rot::from_angle(0.7)), negate);
                    let (own, merged) = walked_and_merged(&target, &point);
                    assert_eq!(own, merged, "{core:?}");
                }
            }
        }
    }

    /// The segment mover's walk (a capsule's core against a box or polygon target) gives
    /// the general merge's edges, in its order, for segments turned every way, negated or
    /// not, and parallel to a target face (where the two normals tie).
    #[test]
    fn a_segment_movers_walk_equals_the_merge() {
        let (tri, tri_normals) = triangle();
        let targets = [Core::Box(Vec2::new(0.75, 0.5)), polygon(&tri, &tri_normals)];
        let segments = [
            Core::Segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)),
            Core::Segment(Vec2::new(2.0, -1.0), Vec2::new(-0.5, 0.25)),
        ];
        let mut compared = 0;
        for target in targets {
            let target = Ring::new(target, Rot64::IDENTITY, false).ordered();
            for segment in segments {
                for k in 0..16 {
                    let angle = k as f32 * core::f32::consts::FRAC_PI_4 * 0.5;
                    for negate in [false, true] {
                        let mover =
                            Ring::new(segment, Rot64::from_rot(Rot::from_angle(angle)), negate)
                                .ordered();
                        let (walked, merged) = walked_and_merged(&target, &mover);
                        assert_eq!(walked, merged, "{target:?} + {mover:?}");
                        // Two more edges than the target's, less one for each segment
                        // edge parallel to a target face (they merge into one).
                        assert!(
                            (target.edge_count()..=target.edge_count() + 2).contains(&walked.len())
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert_eq!(compared, 2 * 2 * 16 * 2);
    }

    #[test]
    fn degenerate_cores() {
        let p = Ring::new(Core::Point, Rot64::IDENTITY, false);
        let q = Ring::new(Core::Point, Rot64::IDENTITY, true);
        assert!(collect(&p, &q).is_empty());
        let seg = Ring::new(
            Core::Segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)),
            Rot64::IDENTITY,
            false,
        );
        // Point plus segment: the segment as a two-gon.
        let edges = collect(&seg, &q);
        assert_eq!(edges.len(), 2);
        assert_eq!(edges[0].normal, -edges[1].normal);
        // Two parallel segments: a longer two-gon.
        let other = Ring::new(
            Core::Segment(Vec2::new(-0.5, 0.0), Vec2::new(0.5, 0.0)),
            Rot64::IDENTITY,
            true,
        );
        let edges = collect(&seg, &other);
        assert_eq!(edges.len(), 2);
        let span = (edges[0].end - edges[0].start).length();
        assert!((span - 3.0).abs() < 1e-12, "{edges:?}");
        // Crossing segments: a parallelogram.
        let cross = Ring::new(
            Core::Segment(Vec2::new(0.0, -0.5), Vec2::new(0.0, 0.5)),
            Rot64::IDENTITY,
            true,
        );
        assert_eq!(collect(&seg, &cross).len(), 4);
    }
}
