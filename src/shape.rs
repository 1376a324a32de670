//! The seven shape kinds, defined in local space, and the validation that makes them safe
//! to collide.
//!
//! A [`Shape`] is pure geometry around a local origin (the origin the game draws the sprite
//! around). A [`Transform`] places it in the world. Every shape is convex and closed, so the
//! Separating Axis Theorem applies to every pair, and touching counts as colliding.
//!
//! | kind | local geometry | rotation |
//! |---|---|---|
//! | [`Shape::Circle`] | disc of `radius` around the origin | irrelevant |
//! | [`Shape::AlignedBox`] | `±half_extents` | **ignored**: always axis-aligned in the world |
//! | [`Shape::OrientedBox`] | `±half_extents` | turns with the transform |
//! | [`Shape::Polygon`] | a [`ConvexPolygon`] (3 to [`MAX_POLYGON_VERTICES`] vertices) | turns |
//! | [`Shape::Capsule`] | points within `radius` of the segment `(±half_length, 0)` | turns |
//! | [`Shape::Segment`] | the segment from `a` to `b` | turns |
//! | [`Shape::Point`] | the origin | irrelevant |
//!
//! Polygons are validated once, at construction, and carry their precomputed outward edge
//! normals, so the narrow phase never normalises anything per test. The enum's variants are
//! public for pattern matching; build shapes through the checked constructors
//! ([`Shape::circle`], [`ConvexPolygon::new`], …) or call [`Shape::validate`], because the
//! narrow phase assumes valid input.
//!
//! This module knows nothing of storage, broad phase or JavaScript.

use crate::math::{projection_extremes, Aabb, Rot, Transform, Vec2};
use core::fmt;

/// The most vertices a [`ConvexPolygon`] may have.
pub const MAX_POLYGON_VERTICES: usize = 64;

/// The largest size (radius, half extent, half length) and the largest absolute local
/// coordinate a shape may have. Larger values would overflow `f32` in squared distances.
pub const MAX_SHAPE_SIZE: f32 = 1.0e7;

/// The kind of a shape. The numeric order is the canonical order of the narrow phase:
/// a kernel `collide_<a>_<b>` always has `a <= b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum ShapeKind {
    /// A disc.
    Circle = 0,
    /// A box that stays axis-aligned whatever the transform's angle.
    AlignedBox = 1,
    /// A box that turns with the transform (a rotated rectangle).
    OrientedBox = 2,
    /// A convex polygon.
    Polygon = 3,
    /// A segment with a radius (a stadium).
    Capsule = 4,
    /// A line segment.
    Segment = 5,
    /// A single point.
    Point = 6,
}

impl ShapeKind {
    /// All kinds, in canonical order.
    pub const ALL: [ShapeKind; 7] = [
        ShapeKind::Circle,
        ShapeKind::AlignedBox,
        ShapeKind::OrientedBox,
        ShapeKind::Polygon,
        ShapeKind::Capsule,
        ShapeKind::Segment,
        ShapeKind::Point,
    ];

    /// The kind's name as used in messages and kernel names (`"aligned_box"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind::Circle => "circle",
            ShapeKind::AlignedBox => "aligned_box",
            ShapeKind::OrientedBox => "oriented_box",
            ShapeKind::Polygon => "polygon",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Segment => "segment",
            ShapeKind::Point => "point",
        }
    }

    /// True for kinds that enclose area (everything but segments and points).
    #[must_use]
    pub fn has_area(self) -> bool {
        !matches!(self, ShapeKind::Segment | ShapeKind::Point)
    }

    /// The kind's name in the JavaScript API (`queryShape`'s `{ kind: "box", … }`). `"box"`
    /// is the oriented box (`addBox`) and `"alignedBox"` the aligned one. The one table of
    /// these names: the binding reads the accepted kinds and its messages from it.
    #[must_use]
    pub fn js_name(self) -> &'static str {
        match self {
            ShapeKind::Circle => "circle",
            ShapeKind::AlignedBox => "alignedBox",
            ShapeKind::OrientedBox => "box",
            ShapeKind::Polygon => "polygon",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Segment => "segment",
            ShapeKind::Point => "point",
        }
    }

    /// All kinds in the order the JavaScript API lists them (its `ProbeShape` type and the
    /// message naming the accepted kinds).
    pub const JS_ORDER: [ShapeKind; ShapeKind::ALL.len()] = [
        ShapeKind::Circle,
        ShapeKind::OrientedBox,
        ShapeKind::AlignedBox,
        ShapeKind::Capsule,
        ShapeKind::Segment,
        ShapeKind::Point,
        ShapeKind::Polygon,
    ];

    /// The kind whose [`js_name`](ShapeKind::js_name) is `name`.
    #[must_use]
    pub fn from_js_name(name: &str) -> Option<ShapeKind> {
        ShapeKind::JS_ORDER
            .into_iter()
            .find(|k| k.js_name() == name)
    }
}

/// Why a shape was rejected. Every message names the offending parameter or vertex.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeError {
    /// A size parameter is NaN or infinite.
    NonFiniteParameter {
        /// The parameter's name, e.g. `"radius"`.
        name: &'static str,
    },
    /// A size parameter is zero or negative.
    NonPositiveParameter {
        /// The parameter's name.
        name: &'static str,
        /// The value given.
        value: f32,
    },
    /// A size parameter or coordinate exceeds [`MAX_SHAPE_SIZE`].
    ParameterTooLarge {
        /// The parameter's name.
        name: &'static str,
        /// The value given.
        value: f32,
    },
    /// A segment whose two ends coincide.
    ZeroLengthSegment,
    /// A polygon was given fewer than 3 points.
    TooFewPoints {
        /// How many points were given.
        count: usize,
    },
    /// A polygon was given more than [`MAX_POLYGON_VERTICES`] points.
    TooManyPoints {
        /// How many points were given.
        count: usize,
    },
    /// A polygon point is NaN or infinite.
    NonFinitePoint {
        /// The index of the point in the input.
        index: usize,
    },
    /// A polygon point lies further than [`MAX_SHAPE_SIZE`] from the local origin on an axis.
    PointTooFar {
        /// The index of the point in the input.
        index: usize,
    },
    /// The polygon encloses no area: its points all coincide or all lie on one line.
    ZeroArea,
    /// The polygon turns the wrong way at this vertex (it is concave there).
    NonConvex {
        /// The index of the reflex vertex in the input.
        index: usize,
    },
    /// The outline crosses itself (it winds around more than once, like a star).
    SelfIntersecting,
}

/// Where an error message is written: text, and `f32` values as Rust's `{}` (or `{:e}`)
/// writes them.
///
/// The errors' [`fmt::Display`] writes numbers with Rust's float formatting. Their
/// `write_message` methods (such as [`ShapeError::write_message`]) take any
/// `MessageWriter` instead, so that a caller can write the same message without linking
/// that code: the wasm binding formats numbers with JavaScript, which keeps tens of
/// kilobytes of float formatting out of the `.wasm`.
pub trait MessageWriter: fmt::Write {
    /// Writes `value` as `{}` would, or as `{:e}` would when `exponent` is true.
    fn write_f32(&mut self, value: f32, exponent: bool) -> fmt::Result;
}

/// The [`MessageWriter`] of `Display`: Rust's own float formatting.
pub(crate) struct FormatterWriter<'a, 'b>(pub(crate) &'a mut fmt::Formatter<'b>);

impl fmt::Write for FormatterWriter<'_, '_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.write_str(s)
    }
}

impl MessageWriter for FormatterWriter<'_, '_> {
    fn write_f32(&mut self, value: f32, exponent: bool) -> fmt::Result {
        if exponent {
            write!(self.0, "{value:e}")
        } else {
            write!(self.0, "{value}")
        }
    }
}

impl ShapeError {
    /// Writes the message that `Display` writes, with the numbers written by `out`.
    pub fn write_message(&self, out: &mut impl MessageWriter) -> fmt::Result {
        match self {
            ShapeError::NonFiniteParameter { name } => {
                write!(out, "{name} must be a finite number")
            }
            ShapeError::NonPositiveParameter { name, value } => {
                write!(out, "{name} must be greater than 0 (got ")?;
                out.write_f32(*value, false)?;
                out.write_str(")")
            }
            ShapeError::ParameterTooLarge { name, value } => {
                write!(out, "{name} must be at most ")?;
                out.write_f32(MAX_SHAPE_SIZE, true)?;
                out.write_str(" (got ")?;
                out.write_f32(*value, true)?;
                out.write_str(")")
            }
            ShapeError::ZeroLengthSegment => out.write_str("segment ends must differ"),
            ShapeError::TooFewPoints { count } => {
                write!(
                    out,
                    "points: a polygon needs at least 3 points (got {count})"
                )
            }
            ShapeError::TooManyPoints { count } => write!(
                out,
                "points: a polygon has at most {MAX_POLYGON_VERTICES} points (got {count})"
            ),
            ShapeError::NonFinitePoint { index } => {
                write!(out, "points: vertex {index} is not a finite number")
            }
            ShapeError::PointTooFar { index } => {
                write!(out, "points: vertex {index} is further than ")?;
                out.write_f32(MAX_SHAPE_SIZE, true)?;
                out.write_str(" from the origin")
            }
            ShapeError::ZeroArea => out.write_str(
                "points: the polygon has zero area (all points coincide or are collinear)",
            ),
            ShapeError::NonConvex { index } => {
                write!(out, "points: the polygon is not convex at vertex {index}")
            }
            ShapeError::SelfIntersecting => {
                out.write_str("points: the polygon outline intersects itself")
            }
        }
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut FormatterWriter(f))
    }
}

impl std::error::Error for ShapeError {}

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
/// Shared by [`Shape::aabb`] and the store, which keeps a copy of the vertices in row
/// order for this loop, so that both give the same bits.
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

        // Validation runs in f64 so that the verdict does not depend on f32 rounding of
        // the intermediate products.
        let mut lo = [f64::MAX; 2];
        let mut hi = [f64::MIN; 2];
        for p in points {
            lo[0] = lo[0].min(p.x as f64);
            lo[1] = lo[1].min(p.y as f64);
            hi[0] = hi[0].max(p.x as f64);
            hi[1] = hi[1].max(p.y as f64);
        }
        let size = (hi[0] - lo[0]).hypot(hi[1] - lo[1]);
        if size == 0.0 {
            return Err(ShapeError::ZeroArea);
        }
        let merge_distance = size * 1e-6;

        // Work on (input index, point) so that errors can name the caller's vertex.
        let mut ring: Vec<(usize, [f64; 2])> = Vec::with_capacity(points.len());
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

        let area2: f64 = (0..ring.len())
            .map(|i| cross(ring[i].1, ring[(i + 1) % ring.len()].1))
            .sum();
        if area2.abs() <= size * size * 1e-9 {
            return Err(ShapeError::ZeroArea);
        }
        if area2 < 0.0 {
            ring.reverse();
        }

        // Drop collinear vertices until none is left. A vertex whose neighbours are on a
        // line through it but on the same side (a spike folding back) is not redundant: it
        // makes the outline cross itself, which the turn check below rejects.
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

        // Every turn must be to the left, and the turns must add up to exactly one full
        // revolution: a pentagram turns left everywhere but winds twice.
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
        Ok(ConvexPolygon {
            points: vertices_and_normals,
            bounding_radius,
        })
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

fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}
fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}
fn len(a: [f64; 2]) -> f64 {
    a[0].hypot(a[1])
}
fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    len(sub(a, b))
}

/// A convex shape in local space. See the module docs for each kind's geometry.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A disc around the local origin.
    Circle {
        /// The radius, > 0.
        radius: f32,
    },
    /// A box `±half_extents` that stays axis-aligned: the transform's angle is ignored.
    AlignedBox {
        /// Half the width and half the height, each > 0.
        half_extents: Vec2,
    },
    /// A box `±half_extents` that turns with the transform.
    OrientedBox {
        /// Half the width and half the height, each > 0.
        half_extents: Vec2,
    },
    /// A convex polygon.
    Polygon(ConvexPolygon),
    /// All points within `radius` of the segment from `(-half_length, 0)` to
    /// `(half_length, 0)`.
    Capsule {
        /// Half the length of the core segment, > 0.
        half_length: f32,
        /// The radius, > 0.
        radius: f32,
    },
    /// The segment from `a` to `b` (local coordinates).
    Segment {
        /// One end.
        a: Vec2,
        /// The other end.
        b: Vec2,
    },
    /// The local origin itself.
    Point,
}

impl Shape {
    /// A circle of `radius`.
    pub fn circle(radius: f32) -> Result<Shape, ShapeError> {
        check_size("radius", radius)?;
        Ok(Shape::Circle { radius })
    }

    /// A box that stays axis-aligned.
    pub fn aligned_box(half_width: f32, half_height: f32) -> Result<Shape, ShapeError> {
        check_size("halfWidth", half_width)?;
        check_size("halfHeight", half_height)?;
        Ok(Shape::AlignedBox {
            half_extents: Vec2::new(half_width, half_height),
        })
    }

    /// A box that turns with its transform.
    pub fn oriented_box(half_width: f32, half_height: f32) -> Result<Shape, ShapeError> {
        check_size("halfWidth", half_width)?;
        check_size("halfHeight", half_height)?;
        Ok(Shape::OrientedBox {
            half_extents: Vec2::new(half_width, half_height),
        })
    }

    /// A convex polygon; see [`ConvexPolygon::new`] for the checks and repairs.
    pub fn polygon(points: &[Vec2]) -> Result<Shape, ShapeError> {
        ConvexPolygon::new(points).map(Shape::Polygon)
    }

    /// A capsule along the local x axis.
    pub fn capsule(half_length: f32, radius: f32) -> Result<Shape, ShapeError> {
        check_size("halfLength", half_length)?;
        check_size("radius", radius)?;
        Ok(Shape::Capsule {
            half_length,
            radius,
        })
    }

    /// A segment between two local points.
    pub fn segment(a: Vec2, b: Vec2) -> Result<Shape, ShapeError> {
        check_coordinate("ax", a.x)?;
        check_coordinate("ay", a.y)?;
        check_coordinate("bx", b.x)?;
        check_coordinate("by", b.y)?;
        if a == b {
            return Err(ShapeError::ZeroLengthSegment);
        }
        Ok(Shape::Segment { a, b })
    }

    /// The segment from `a` to `b` centred on its local origin, and its midpoint: placed at
    /// the midpoint with angle 0, its ends are `a` and `b`.
    pub fn segment_between(a: Vec2, b: Vec2) -> Result<(Shape, Vec2), ShapeError> {
        let half = (b - a) * 0.5;
        Shape::segment(-half, half).map(|shape| (shape, (a + b) * 0.5))
    }

    /// A point.
    #[must_use]
    pub fn point() -> Shape {
        Shape::Point
    }

    /// Re-runs the checks of the constructors on a shape built directly from the enum.
    pub fn validate(&self) -> Result<(), ShapeError> {
        match self {
            Shape::Circle { radius } => Shape::circle(*radius).map(drop),
            Shape::AlignedBox { half_extents } | Shape::OrientedBox { half_extents } => {
                Shape::aligned_box(half_extents.x, half_extents.y).map(drop)
            }
            Shape::Polygon(polygon) => ConvexPolygon::new(polygon.vertices()).and_then(|p| {
                if p.vertices().len() == polygon.vertices().len() {
                    Ok(())
                } else {
                    Err(ShapeError::ZeroArea)
                }
            }),
            Shape::Capsule {
                half_length,
                radius,
            } => Shape::capsule(*half_length, *radius).map(drop),
            Shape::Segment { a, b } => Shape::segment(*a, *b).map(drop),
            Shape::Point => Ok(()),
        }
    }

    /// A polygon's points (vertices, then normals); empty for other kinds.
    #[inline]
    #[must_use]
    pub fn polygon_points(&self) -> &[Vec2] {
        match self {
            Shape::Polygon(polygon) => &polygon.points,
            _ => &[],
        }
    }

    /// The shape's kind.
    #[inline]
    #[must_use]
    pub fn kind(&self) -> ShapeKind {
        match self {
            Shape::Circle { .. } => ShapeKind::Circle,
            Shape::AlignedBox { .. } => ShapeKind::AlignedBox,
            Shape::OrientedBox { .. } => ShapeKind::OrientedBox,
            Shape::Polygon(_) => ShapeKind::Polygon,
            Shape::Capsule { .. } => ShapeKind::Capsule,
            Shape::Segment { .. } => ShapeKind::Segment,
            Shape::Point => ShapeKind::Point,
        }
    }

    /// The radius of the smallest circle around the local origin that contains the shape
    /// (used for the bounding-circle reject before SAT).
    #[inline]
    #[must_use]
    pub fn bounding_radius(&self) -> f32 {
        match self {
            Shape::Circle { radius } => *radius,
            Shape::AlignedBox { half_extents } | Shape::OrientedBox { half_extents } => {
                half_extents.length()
            }
            Shape::Polygon(polygon) => polygon.bounding_radius(),
            Shape::Capsule {
                half_length,
                radius,
            } => half_length + radius,
            Shape::Segment { a, b } => a.length().max(b.length()),
            Shape::Point => 0.0,
        }
    }

    /// The tight world-space bounding box of the shape placed by `transform`.
    #[must_use]
    pub fn aabb(&self, transform: &Transform) -> Aabb {
        let c = transform.translation;
        let rot = transform.rotation;
        match self {
            Shape::Circle { radius } => {
                Aabb::from_center_half_extents(c, Vec2::new(*radius, *radius))
            }
            Shape::AlignedBox { half_extents } => Aabb::from_center_half_extents(c, *half_extents),
            Shape::OrientedBox { half_extents } => {
                let ext = Vec2::new(
                    rot.cos.abs() * half_extents.x + rot.sin.abs() * half_extents.y,
                    rot.sin.abs() * half_extents.x + rot.cos.abs() * half_extents.y,
                );
                Aabb::from_center_half_extents(c, ext)
            }
            Shape::Polygon(polygon) => polygon_aabb(polygon.vertices(), transform),
            Shape::Capsule {
                half_length,
                radius,
            } => {
                let ext = Vec2::new(
                    rot.cos.abs() * half_length + radius,
                    rot.sin.abs() * half_length + radius,
                );
                Aabb::from_center_half_extents(c, ext)
            }
            Shape::Segment { a, b } => {
                let pa = transform.apply(*a);
                let pb = transform.apply(*b);
                Aabb::new(pa.min(pb), pa.max(pb))
            }
            Shape::Point => Aabb::new(c, c),
        }
    }
}

fn check_size(name: &'static str, value: f32) -> Result<(), ShapeError> {
    if !value.is_finite() {
        Err(ShapeError::NonFiniteParameter { name })
    } else if value <= 0.0 {
        Err(ShapeError::NonPositiveParameter { name, value })
    } else if value > MAX_SHAPE_SIZE {
        Err(ShapeError::ParameterTooLarge { name, value })
    } else {
        Ok(())
    }
}

fn check_coordinate(name: &'static str, value: f32) -> Result<(), ShapeError> {
    if !value.is_finite() {
        Err(ShapeError::NonFiniteParameter { name })
    } else if value.abs() > MAX_SHAPE_SIZE {
        Err(ShapeError::ParameterTooLarge { name, value })
    } else {
        Ok(())
    }
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

    #[test]
    fn size_checks_name_the_parameter() {
        assert_eq!(
            Shape::circle(0.0),
            Err(ShapeError::NonPositiveParameter {
                name: "radius",
                value: 0.0
            })
        );
        assert_eq!(
            Shape::oriented_box(1.0, f32::INFINITY),
            Err(ShapeError::NonFiniteParameter { name: "halfHeight" })
        );
        assert_eq!(
            Shape::segment(v(1.0, 1.0), v(1.0, 1.0)),
            Err(ShapeError::ZeroLengthSegment)
        );
        assert!(Shape::circle(2.0e7)
            .unwrap_err()
            .to_string()
            .contains("radius"));
    }

    #[test]
    fn aabbs_are_tight() {
        let tf = Transform::from_xy_angle(10.0, 20.0, core::f32::consts::FRAC_PI_2);
        let obb = Shape::oriented_box(3.0, 1.0).unwrap().aabb(&tf);
        assert_eq!(obb, Aabb::new(v(9.0, 17.0), v(11.0, 23.0)));
        let aligned = Shape::aligned_box(3.0, 1.0).unwrap().aabb(&tf);
        assert_eq!(aligned, Aabb::new(v(7.0, 19.0), v(13.0, 21.0)));
        let capsule = Shape::capsule(2.0, 0.5).unwrap().aabb(&tf);
        assert_eq!(capsule, Aabb::new(v(9.5, 17.5), v(10.5, 22.5)));
    }

    #[test]
    fn segment_between_is_centred_on_the_midpoint() {
        let (shape, mid) = Shape::segment_between(v(1.0, 2.0), v(5.0, -6.0)).unwrap();
        assert_eq!(mid, v(3.0, -2.0));
        assert_eq!(
            shape,
            Shape::Segment {
                a: v(-2.0, 4.0),
                b: v(2.0, -4.0)
            }
        );
        let Shape::Segment { a, b } = shape else {
            unreachable!()
        };
        let placed = Transform::from_xy_angle(mid.x, mid.y, 0.0);
        assert_eq!(
            (placed.apply(a), placed.apply(b)),
            (v(1.0, 2.0), v(5.0, -6.0))
        );
        assert_eq!(
            Shape::segment_between(v(1.0, 1.0), v(1.0, 1.0)),
            Err(ShapeError::ZeroLengthSegment)
        );
    }

    #[test]
    fn js_names_cover_every_kind_once() {
        for kind in ShapeKind::ALL {
            let listed = ShapeKind::JS_ORDER.iter().filter(|&&k| k == kind).count();
            assert_eq!(listed, 1, "{kind:?} in JS_ORDER");
            assert_eq!(ShapeKind::from_js_name(kind.js_name()), Some(kind));
        }
        assert_eq!(ShapeKind::from_js_name("box"), Some(ShapeKind::OrientedBox));
        assert_eq!(ShapeKind::from_js_name("aligned_box"), None);
    }
}
