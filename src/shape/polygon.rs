//! Convex polygons: [`ConvexPolygon`], checked and repaired once at construction, with
//! its outward unit edge normals precomputed, and [`PolygonRef`], the slices the
//! narrow-phase kernels read.
//!
//! [`ConvexPolygon::new`] validates in `f64`, in named steps: the plain input checks, the
//! size the tolerances are relative to, duplicates merged, orientation made
//! counter-clockwise, collinear vertices dropped, and the turns checked (convex, winding
//! once). The vertices kept are the caller's own `f32` points; only the normals are
//! computed.
//!
//! This module knows nothing of storage, broad phase or JavaScript.

use super::{ShapeError, MAX_POLYGON_VERTICES, MAX_SHAPE_SIZE};
use crate::math::{projection_extremes, Aabb, Rot, Transform, Vec2};

/// A validated convex polygon in local space, counter-clockwise (positive signed area),
/// with its outward unit edge normals precomputed.
///
/// Edge `i` runs from `vertices[i]` to `vertices[(i + 1) % n]`; `normals[i]` is its outward
/// unit normal.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexPolygon {
    /// The `n` vertices, then the `n` edge normals, in one allocation: the narrow phase
    /// reads both, and one buffer is one cache miss fewer per test.
    points: Vec<Vec2>,
    bounding_radius: f32,
}

/// The world box of a polygon with local `vertices` (at least one) placed by `transform`.
/// Shared by [`Shape::aabb`](super::Shape::aabb) and the store, which keeps a copy of the
/// vertices in row order for this loop, so that both give the same bits.
///
/// The rotated vertices' extremes come from [`projection_extremes`] on the rows of the
/// rotation, `(cos, -sin)` and `(sin, cos)`, which round as [`Rot::apply`] does; the
/// translation is added once at the end, which gives the same bits as adding it to every
/// vertex, because rounding is monotonic.
#[inline]
pub(crate) fn polygon_aabb(vertices: &[Vec2], transform: &Transform) -> Aabb {
    let Rot { cos, sin } = transform.rotation;
    let [lo_x, lo_y, hi_x, hi_y] =
        projection_extremes(vertices, Vec2::new(cos, -sin), Vec2::new(sin, cos));
    let t = transform.translation;
    Aabb::new(
        Vec2::new(lo_x + t.x, lo_y + t.y),
        Vec2::new(hi_x + t.x, hi_y + t.y),
    )
}

impl ConvexPolygon {
    /// Validates `points` and builds the polygon.
    ///
    /// Accepted and repaired (documented repairs, nothing else is changed):
    /// - **clockwise input** (negative signed area) is reversed to counter-clockwise;
    /// - **duplicate consecutive points** (including last = first) are merged;
    /// - **redundant collinear points** (a vertex on the straight line between its
    ///   neighbours) are removed.
    ///
    /// Rejected, with the input index where there is one: fewer than 3 points, more than
    /// [`MAX_POLYGON_VERTICES`], a non-finite coordinate, a coordinate beyond
    /// [`MAX_SHAPE_SIZE`], zero area (all points coincide or are collinear), a concave
    /// vertex, a self-intersecting outline.
    ///
    /// Tolerances are relative to the polygon's size: points closer than `1e-6 × size`
    /// are duplicates, and a vertex whose turn is below `1e-6` radians is collinear.
    ///
    /// ```
    /// use sepax::{math::Vec2, shape::ConvexPolygon};
    /// // Clockwise square with a duplicated corner: repaired.
    /// let square = ConvexPolygon::new(&[
    ///     Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0),
    ///     Vec2::new(1.0, 1.0), Vec2::new(1.0, 0.0),
    /// ]).unwrap();
    /// assert_eq!(square.vertices().len(), 4);
    /// ```
    pub fn new(points: &[Vec2]) -> Result<ConvexPolygon, ShapeError> {
        check_points(points)?;
        // Validation runs in f64 so that the verdict does not depend on f32 rounding of
        // the intermediate products.
        let size = outline_size(points);
        if size == 0.0 {
            return Err(ShapeError::ZeroArea);
        }
        let mut ring = merge_duplicates(points, size * 1e-6)?;
        orient_counter_clockwise(&mut ring, size)?;
        drop_collinear(&mut ring)?;
        check_turns(&ring)?;
        Ok(ConvexPolygon::from_ring(points, &ring))
    }

    /// The convex polygon of `hull`, counter-clockwise points already known to turn left at
    /// every vertex (a convex hull), with no limit on their number: the stand-in shape of a
    /// concave polygon (see `decompose`), which only its bounds and its radius are read from.
    pub(super) fn from_hull(hull: &[Vec2]) -> ConvexPolygon {
        let ring: Ring = hull
            .iter()
            .enumerate()
            .map(|(i, p)| (i, [p.x as f64, p.y as f64]))
            .collect();
        ConvexPolygon::from_ring(hull, &ring)
    }

    /// The polygon of a checked ring: the caller's own points (not their `f64` copies) as
    /// vertices, then the unit edge normals, computed in `f64`.
    fn from_ring(points: &[Vec2], ring: &[(usize, [f64; 2])]) -> ConvexPolygon {
        let n = ring.len();
        let mut vertices_and_normals: Vec<Vec2> = Vec::with_capacity(2 * n);
        vertices_and_normals.extend(ring.iter().map(|&(index, _)| points[index]));
        vertices_and_normals.extend((0..n).map(|i| {
            let a = ring[i].1;
            let b = ring[(i + 1) % n].1;
            let e = sub(b, a);
            let l = len(e);
            Vec2::new((e[1] / l) as f32, (-e[0] / l) as f32)
        }));
        let bounding_radius = vertices_and_normals[..n]
            .iter()
            .map(|v| v.length())
            .fold(0.0f32, f32::max);
        ConvexPolygon {
            points: vertices_and_normals,
            bounding_radius,
        }
    }

    /// The vertices, then the normals, in one slice (the layout [`PolygonRef::from_points`]
    /// reads).
    #[inline]
    #[must_use]
    pub(super) fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// The vertices, counter-clockwise.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Vec2] {
        &self.points[..self.points.len() / 2]
    }

    /// The outward unit normal of each edge (`normals()[i]` belongs to the edge from
    /// vertex `i` to vertex `i + 1`).
    #[inline]
    #[must_use]
    pub fn normals(&self) -> &[Vec2] {
        &self.points[self.points.len() / 2..]
    }

    /// The distance from the local origin to the furthest vertex.
    #[inline]
    #[must_use]
    pub fn bounding_radius(&self) -> f32 {
        self.bounding_radius
    }

    /// The polygon as the narrow-phase kernels read it.
    #[inline]
    #[must_use]
    pub fn view(&self) -> PolygonRef<'_> {
        PolygonRef::from_points(&self.points, self.bounding_radius)
    }
}

/// A convex polygon read through slices, as the narrow-phase kernels take it: the
/// counter-clockwise vertices, their outward unit edge normals (normal `i` belongs to the
/// edge from vertex `i` to `i + 1`) and the radius of a circle around the local origin
/// containing it. Made from a [`ConvexPolygon`] by [`ConvexPolygon::view`]; the world
/// makes its own from a copy of the points kept next to the other shapes' data.
#[derive(Clone, Copy, Debug)]
pub struct PolygonRef<'a> {
    pub(crate) vertices: &'a [Vec2],
    pub(crate) normals: &'a [Vec2],
    pub(crate) bound: f32,
}

impl<'a> PolygonRef<'a> {
    /// A view of `points` laid out as a [`ConvexPolygon`] keeps them: the vertices, then
    /// as many normals.
    #[inline]
    pub(crate) fn from_points(points: &'a [Vec2], bound: f32) -> PolygonRef<'a> {
        let (vertices, normals) = points.split_at(points.len() / 2);
        PolygonRef {
            vertices,
            normals,
            bound,
        }
    }

    /// The vertices, counter-clockwise.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &'a [Vec2] {
        self.vertices
    }

    /// The outward unit normal of each edge.
    #[inline]
    #[must_use]
    pub fn normals(&self) -> &'a [Vec2] {
        self.normals
    }

    /// The distance from the local origin to the furthest vertex.
    #[inline]
    #[must_use]
    pub fn bounding_radius(&self) -> f32 {
        self.bound
    }
}

/// The input's vertices as the validation works on them: `(input index, point in f64)`, so
/// that an error can name the caller's vertex.
pub(super) type Ring = Vec<(usize, [f64; 2])>;

/// The checks that need no geometry: the number of points, and every coordinate finite
/// and within [`MAX_SHAPE_SIZE`].
fn check_points(points: &[Vec2]) -> Result<(), ShapeError> {
    if points.len() < 3 {
        return Err(ShapeError::TooFewPoints {
            count: points.len(),
        });
    }
    if points.len() > MAX_POLYGON_VERTICES {
        return Err(ShapeError::TooManyPoints {
            count: points.len(),
        });
    }
    for (index, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(ShapeError::NonFinitePoint { index });
        }
        if p.x.abs() > MAX_SHAPE_SIZE || p.y.abs() > MAX_SHAPE_SIZE {
            return Err(ShapeError::PointTooFar { index });
        }
    }
    Ok(())
}

/// The diagonal of the points' bounding box: the size the tolerances are relative to.
pub(super) fn outline_size(points: &[Vec2]) -> f64 {
    let mut lo = [f64::MAX; 2];
    let mut hi = [f64::MIN; 2];
    for p in points {
        lo[0] = lo[0].min(p.x as f64);
        lo[1] = lo[1].min(p.y as f64);
        hi[0] = hi[0].max(p.x as f64);
        hi[1] = hi[1].max(p.y as f64);
    }
    len([hi[0] - lo[0], hi[1] - lo[1]])
}

/// The points as a ring, with duplicate consecutive points (closer than `merge_distance`,
/// including last = first) merged. Fewer than three left: zero area.
pub(super) fn merge_duplicates(points: &[Vec2], merge_distance: f64) -> Result<Ring, ShapeError> {
    let mut ring: Ring = Vec::with_capacity(points.len());
    for (index, p) in points.iter().enumerate() {
        let q = [p.x as f64, p.y as f64];
        if let Some(&(_, last)) = ring.last() {
            if dist(last, q) <= merge_distance {
                continue;
            }
        }
        ring.push((index, q));
    }
    while ring.len() > 1 && dist(ring[0].1, ring[ring.len() - 1].1) <= merge_distance {
        ring.pop();
    }
    if ring.len() < 3 {
        return Err(ShapeError::ZeroArea);
    }
    Ok(ring)
}

/// Rejects a ring of (almost) zero signed area, and reverses a clockwise one.
pub(super) fn orient_counter_clockwise(
    ring: &mut [(usize, [f64; 2])],
    size: f64,
) -> Result<(), ShapeError> {
    let area2: f64 = (0..ring.len())
        .map(|i| cross(ring[i].1, ring[(i + 1) % ring.len()].1))
        .sum();
    if area2.abs() <= size * size * 1e-9 {
        return Err(ShapeError::ZeroArea);
    }
    if area2 < 0.0 {
        ring.reverse();
    }
    Ok(())
}

/// Drops collinear vertices until none is left. A vertex whose neighbours are on a line
/// through it but on the same side (a spike folding back) is not redundant: it makes the
/// outline cross itself, which [`check_turns`] rejects. Fewer than three left: zero area.
pub(super) fn drop_collinear(ring: &mut Ring) -> Result<(), ShapeError> {
    const COLLINEAR_SINE: f64 = 1e-6;
    let mut i = 0;
    let mut unchanged = 0;
    while unchanged < ring.len() && ring.len() >= 3 {
        let n = ring.len();
        let prev = ring[(i + n - 1) % n].1;
        let here = ring[i % n].1;
        let next = ring[(i + 1) % n].1;
        let e0 = sub(here, prev);
        let e1 = sub(next, here);
        let turn = cross(e0, e1);
        let straight = dot(e0, e1) > 0.0;
        if straight && turn.abs() <= COLLINEAR_SINE * len(e0) * len(e1) {
            ring.remove(i % n);
            unchanged = 0;
            if ring.is_empty() {
                break;
            }
            i %= ring.len();
        } else {
            unchanged += 1;
            i = (i + 1) % n;
        }
    }
    if ring.len() < 3 {
        return Err(ShapeError::ZeroArea);
    }
    Ok(())
}

/// Every turn must be to the left, and the turns must add up to exactly one full
/// revolution: a pentagram turns left everywhere but winds twice.
fn check_turns(ring: &[(usize, [f64; 2])]) -> Result<(), ShapeError> {
    let n = ring.len();
    let mut total_turn = 0.0;
    for i in 0..n {
        let prev = ring[(i + n - 1) % n].1;
        let here = ring[i].1;
        let next = ring[(i + 1) % n].1;
        let e0 = sub(here, prev);
        let e1 = sub(next, here);
        let turn = cross(e0, e1).atan2(dot(e0, e1));
        if turn <= 0.0 {
            return Err(ShapeError::NonConvex { index: ring[i].0 });
        }
        total_turn += turn;
    }
    if total_turn > 3.0 * core::f64::consts::PI {
        return Err(ShapeError::SelfIntersecting);
    }
    Ok(())
}

fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}
fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}
/// The length of `a`, as `√(x² + y²)`: basic operations and a square root, each rounded
/// the one way IEEE 754 allows, so the edge normals are the same bits on every target. Not
/// `f64::hypot`, a library function whose last-bit rounding differs between C libraries
/// (the native build links the system's, wasm the Rust port of musl's). Points are within
/// [`MAX_SHAPE_SIZE`] of the origin, so the squares neither overflow nor lose the length.
fn len(a: [f64; 2]) -> f64 {
    (a[0] * a[0] + a[1] * a[1]).sqrt()
}
fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    len(sub(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn counter_clockwise_square_keeps_order_and_normals() {
        let p = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)]).unwrap();
        assert_eq!(p.vertices()[0], v(0.0, 0.0));
        assert_eq!(
            p.normals(),
            &[v(0.0, -1.0), v(1.0, 0.0), v(0.0, 1.0), v(-1.0, 0.0)]
        );
    }

    #[test]
    fn clockwise_is_reversed() {
        let p = ConvexPolygon::new(&[v(0.0, 0.0), v(0.0, 1.0), v(1.0, 1.0), v(1.0, 0.0)]).unwrap();
        let verts = p.vertices();
        let area2: f32 = (0..4).map(|i| verts[i].perp_dot(verts[(i + 1) % 4])).sum();
        assert!(area2 > 0.0);
    }

    #[test]
    fn duplicates_and_collinear_points_are_merged() {
        let p = ConvexPolygon::new(&[
            v(0.0, 0.0),
            v(0.0, 0.0),
            v(1.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 2.0),
            v(0.0, 2.0),
            v(0.0, 0.0),
        ])
        .unwrap();
        assert_eq!(p.vertices().len(), 4);
    }

    #[test]
    fn rejections_name_the_problem() {
        assert_eq!(
            ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0)]),
            Err(ShapeError::TooFewPoints { count: 2 })
        );
        assert_eq!(
            ConvexPolygon::new(&[v(0.0, 0.0), v(f32::NAN, 0.0), v(1.0, 1.0)]),
            Err(ShapeError::NonFinitePoint { index: 1 })
        );
        assert_eq!(
            ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]),
            Err(ShapeError::ZeroArea)
        );
        assert_eq!(
            ConvexPolygon::new(&[v(1.0, 1.0), v(1.0, 1.0), v(1.0, 1.0)]),
            Err(ShapeError::ZeroArea)
        );
        // An arrow head: vertex 2 is reflex.
        assert_eq!(
            ConvexPolygon::new(&[
                v(0.0, 0.0),
                v(2.0, 0.0),
                v(1.0, 0.5),
                v(2.0, 2.0),
                v(0.0, 2.0)
            ]),
            Err(ShapeError::NonConvex { index: 2 })
        );
        // A pentagram visits the points of a pentagon in star order.
        let star: Vec<Vec2> = (0..5)
            .map(|k| {
                let a = (k * 2) as f32 * core::f32::consts::TAU / 5.0;
                v(a.cos(), a.sin())
            })
            .collect();
        assert_eq!(ConvexPolygon::new(&star), Err(ShapeError::SelfIntersecting));
        let many: Vec<Vec2> = (0..=MAX_POLYGON_VERTICES)
            .map(|k| {
                let a = k as f32 * core::f32::consts::TAU / 65.0;
                v(a.cos(), a.sin())
            })
            .collect();
        assert_eq!(
            ConvexPolygon::new(&many),
            Err(ShapeError::TooManyPoints { count: 65 })
        );
    }
}
