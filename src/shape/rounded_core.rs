//! Every shape read one way: a convex core grown by a radius.
//!
//! A circle is a point grown by its radius and a capsule a segment grown by its radius;
//! boxes, polygons, segments and points are their own core, with radius 0. Two shapes
//! touch exactly when their cores are within the sum of their radii, and a shape's
//! furthest point along a direction is its core's, moved out by the radius. So the
//! algorithms that hold for any pair of kinds (the contact points, the casts and their
//! support function) are written once against this view and name no kind, as Box2D v3
//! reads every shape through one `b2ShapeProxy`. [`Shape::rounded_core`] is the one place
//! that says what each kind's core is.
//!
//! The view keeps what a kind makes exact, because the algorithms' results depend on it
//! to the bit: a box stays its half extents (its corners are their signs, its normals the
//! axes themselves, and no buffer holds them), and a capsule's core stays its half length
//! on the local `x` axis (its normals are exactly `±y`, where a segment's are computed
//! from its ends). An algorithm that wants every core as a polygon builds that form from
//! here, in its own precision. A polygon's core borrows the points it was read from
//! (vertices, then normals: the shape's own, or the world's row-ordered copy); every
//! other core is a copy of a few numbers.

use super::{PolygonRef, Shape};
use crate::math::Vec2;

/// A shape's convex core, in its local frame (see the module docs).
#[derive(Clone, Copy, Debug)]
pub enum Core<'a> {
    /// The local origin: the core of a circle and of a point.
    Point,
    /// The segment from `(-half_length, 0)` to `(half_length, 0)`: a capsule's core.
    AxisSegment(f32),
    /// The segment between two local points: a segment's core.
    Segment(Vec2, Vec2),
    /// The box `±half_extents`: the core of both boxes.
    Box(Vec2),
    /// A convex polygon, its own core: its counter-clockwise vertices and the outward unit
    /// normal of each edge (edge `i` runs from vertex `i` to `i + 1`).
    Polygon {
        /// The vertices.
        vertices: &'a [Vec2],
        /// The edge normals.
        normals: &'a [Vec2],
    },
}

/// The corners of a box `±h`, counter-clockwise from `(+x, −y)`, as the signs of `h`:
/// the first edge is the `+x` face (the order of the narrow phase's box polygon).
pub(crate) const BOX_CORNERS: [(f32, f32); 4] =
    [(1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0)];

impl Core<'_> {
    /// How many vertices: 1 for a point, 2 for a segment, 4 for a box.
    #[inline]
    #[must_use]
    pub fn vertex_count(&self) -> usize {
        match *self {
            Core::Point => 1,
            Core::AxisSegment(_) | Core::Segment(..) => 2,
            Core::Box(_) => 4,
            Core::Polygon { vertices, .. } => vertices.len(),
        }
    }

    /// Vertex `k` (below [`Core::vertex_count`]; the origin past it), counter-clockwise
    /// for a box or polygon, `a` then `b` for a segment.
    #[inline]
    #[must_use]
    pub fn vertex(&self, k: usize) -> Vec2 {
        match *self {
            Core::Point => Vec2::ZERO,
            Core::AxisSegment(half_length) => {
                let x = if k == 0 { -half_length } else { half_length };
                Vec2::new(x, 0.0)
            }
            Core::Segment(a, b) => {
                if k == 0 {
                    a
                } else {
                    b
                }
            }
            Core::Box(h) => {
                let (sx, sy) = BOX_CORNERS[k & 3];
                Vec2::new(sx * h.x, sy * h.y)
            }
            Core::Polygon { vertices, .. } => vertices.get(k).copied().unwrap_or(Vec2::ZERO),
        }
    }
}

/// A shape as a convex core grown by a radius (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct RoundedCore<'a> {
    /// The core, in the shape's local frame.
    pub core: Core<'a>,
    /// How far the shape reaches beyond its core (0 for every kind but circles and
    /// capsules).
    pub radius: f32,
    /// True when the local frame keeps to the world's axes whatever the transform's
    /// angle: an aligned box, which ignores its angle.
    pub aligned: bool,
}

impl Shape {
    /// The shape read as a convex core grown by a radius; `points` stand for a polygon's
    /// own (vertices, then normals, as [`Shape::polygon_points`] gives them).
    ///
    /// ```
    /// use sepax::shape::{Core, RoundedCore};
    /// use sepax::Shape;
    /// let capsule = Shape::capsule(2.0, 0.5).unwrap();
    /// let RoundedCore { core, radius, .. } = capsule.rounded_core(&[]);
    /// assert!(matches!(core, Core::AxisSegment(h) if h == 2.0));
    /// assert_eq!(radius, 0.5);
    /// ```
    #[inline]
    #[must_use]
    pub fn rounded_core<'a>(&self, points: &'a [Vec2]) -> RoundedCore<'a> {
        let (core, radius, aligned) = match self {
            Shape::Circle { radius } => (Core::Point, *radius, false),
            Shape::AlignedBox { half_extents } => (Core::Box(*half_extents), 0.0, true),
            Shape::OrientedBox { half_extents } => (Core::Box(*half_extents), 0.0, false),
            Shape::Polygon(polygon) => {
                let polygon = PolygonRef::from_points(points, polygon.bounding_radius());
                let (vertices, normals) = (polygon.vertices(), polygon.normals());
                (Core::Polygon { vertices, normals }, 0.0, false)
            }
            Shape::Capsule {
                half_length,
                radius,
                upright: false,
            } => (Core::AxisSegment(*half_length), *radius, false),
            Shape::Capsule {
                half_length: h,
                radius,
                upright: true,
            } => (
                Core::Segment(Vec2::new(0.0, -h), Vec2::new(0.0, *h)),
                *radius,
                false,
            ),
            Shape::Segment { a, b } => (Core::Segment(*a, *b), 0.0, false),
            Shape::Point => (Core::Point, 0.0, false),
        };
        RoundedCore {
            core,
            radius,
            aligned,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::ShapeKind;

    /// One shape of each kind.
    fn samples() -> Vec<Shape> {
        let shapes = vec![
            Shape::circle(1.5).unwrap(),
            Shape::aligned_box(2.0, 1.0).unwrap(),
            Shape::oriented_box(2.0, 1.0).unwrap(),
            Shape::polygon(&[
                Vec2::new(0.0, 0.0),
                Vec2::new(3.0, 0.0),
                Vec2::new(0.0, 2.0),
            ])
            .unwrap(),
            Shape::capsule(2.0, 0.5).unwrap(),
            Shape::segment(Vec2::new(-1.0, 2.0), Vec2::new(3.0, -1.0)).unwrap(),
            Shape::point(),
        ];
        let kinds: Vec<ShapeKind> = shapes.iter().map(Shape::kind).collect();
        assert_eq!(kinds, ShapeKind::ALL, "a sample of every kind");
        shapes
    }

    /// The core grown by the radius is the shape: each core vertex lies within the shape,
    /// its support point along each of 64 directions (the core's vertex moved out by the
    /// radius) lies on the shape's box, and the radius is the shape's own.
    #[test]
    fn every_kinds_core_grown_by_its_radius_is_the_shape() {
        for shape in samples() {
            let RoundedCore {
                core,
                radius,
                aligned,
            } = shape.rounded_core(shape.polygon_points());
            assert_eq!(aligned, shape.kind() == ShapeKind::AlignedBox);
            let expected_radius = match shape {
                Shape::Circle { radius } | Shape::Capsule { radius, .. } => radius,
                _ => 0.0,
            };
            assert_eq!(radius, expected_radius, "{shape:?}");
            let b = shape.aabb(&crate::math::Transform::IDENTITY);
            let (mut lo, mut hi) = (Vec2::new(f32::MAX, f32::MAX), Vec2::new(f32::MIN, f32::MIN));
            for k in 0..64 {
                let angle = k as f32 * core::f32::consts::TAU / 64.0;
                let d = Vec2::new(angle.cos(), angle.sin());
                let best = (0..core.vertex_count())
                    .map(|i| core.vertex(i))
                    .max_by(|p, q| p.dot(d).total_cmp(&q.dot(d)))
                    .unwrap();
                let reach = best + d * radius;
                lo = lo.min(reach);
                hi = hi.max(reach);
            }
            // The sampled extremes of the rounded core span the shape's box (a disc's
            // sampled directions include the four axes).
            for (got, want) in [
                (lo.x, b.min.x),
                (lo.y, b.min.y),
                (hi.x, b.max.x),
                (hi.y, b.max.y),
            ] {
                assert!((got - want).abs() <= 1e-6, "{shape:?}: {lo:?} {hi:?} {b:?}");
            }
        }
    }

    #[test]
    fn exact_cores_keep_their_numbers() {
        let capsule = Shape::capsule(2.0, 0.5).unwrap();
        let core = capsule.rounded_core(&[]).core;
        assert_eq!(
            (core.vertex(0), core.vertex(1)),
            (Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0))
        );
        let boxed = Shape::oriented_box(2.0, 1.0)
            .unwrap()
            .rounded_core(&[])
            .core;
        let corners: Vec<Vec2> = (0..4).map(|k| boxed.vertex(k)).collect();
        assert_eq!(
            corners,
            [
                Vec2::new(2.0, -1.0),
                Vec2::new(2.0, 1.0),
                Vec2::new(-2.0, 1.0),
                Vec2::new(-2.0, -1.0)
            ]
        );
    }
}
