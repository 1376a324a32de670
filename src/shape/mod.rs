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
//! | [`Shape::Capsule`] | points within `radius` of the segment `(±half_length, 0)`, or `(0, ±half_length)` upright | turns |
//! | [`Shape::Segment`] | the segment from `a` to `b` | turns |
//! | [`Shape::Point`] | the origin | irrelevant |
//!
//! Polygons are validated once, at construction, and carry their precomputed outward edge
//! normals, so the narrow phase never normalises anything per test. The enum's variants are
//! public for pattern matching; build shapes through the checked constructors
//! ([`Shape::circle`], [`ConvexPolygon::new`], …) or call [`Shape::validate`], because the
//! narrow phase assumes valid input.
//!
//! This module knows nothing of storage, broad phase or JavaScript. Polygons live in
//! `polygon.rs`; every shape read as a convex core grown by a radius, in
//! `rounded_core.rs`.
//!
//! ## How to add a shape kind
//!
//! Every place an eighth kind touches, in the order of the layers. **(compiler)** marks the
//! places that fail to build until they handle the new kind (an exhaustive `match`, or the
//! check of [`ShapeKind::ALL`] at the end of this file); the others must be remembered.
//!
//! 1. `shape` (here): a [`ShapeKind`] variant, last (its number is its place in the
//!    canonical order of the kernels), added to [`ShapeKind::ALL`] and to the successor
//!    table that checks it **(compiler)**, with its [`ShapeKind::name`] and
//!    [`ShapeKind::has_area`] **(compiler)**.
//! 2. `shape` (here): a [`Shape`] variant and its checked constructor; its arms in
//!    [`Shape::validate`], [`Shape::kind`], [`Shape::bounding_radius`],
//!    [`Shape::aabb_half_extents`], [`Shape::aabb`], [`Shape::polygon_points`] and
//!    [`Shape::rounded_core`] (`rounded_core.rs`: what its core and radius are)
//!    **(compiler)**; a row in the table above; the count of kinds in this essay, the crate
//!    docs and the narrow phase's docs.
//! 3. `narrow_phase`: a `collide_`/`overlap_` kernel pair for each kind it meets (the
//!    seven older kinds and itself), named in canonical order, in the file of its family
//!    (`circle.rs`, `polygon.rs`, `rounded.rs`, or a new one). A rounded kind (a core plus
//!    a radius) needs only its `ASide`/`BSide` constructor and `generic_pair!` rows in
//!    `rounded.rs`, and its sides in the test that holds them to [`Shape::rounded_core`]
//!    (`rounded/tests.rs`). Its rows in the dispatcher's table, canonical and swapped
//!    **(compiler)**. A sample in the dispatcher's tests (`samples`, which must follow
//!    [`ShapeKind::ALL`]).
//! 4. The contact points (`narrow_phase/manifold.rs`) and the casts (`cast`) read every
//!    shape through [`Shape::rounded_core`]: nothing, unless its core is a new [`Core`]
//!    variant (then its arms in the manifold's faces and the casts' `Ring` and [`Core`]'s
//!    own methods, **(compiler)**), or a point core: the manifold takes the point cores
//!    before building faces, by kind (circles and points), not by compiler.
//! 5. `raycast`: whether the ray is turned into the shape's frame, and the ray test
//!    **(compiler)**. `store` and `world`: nothing, unless the kind keeps data the step
//!    reads per pair (as polygons keep points): then a row-ordered copy like
//!    `polygon_points`. Snapshots (`world/snapshot.rs`): a `KindByte` of a byte no kind
//!    has had, in `KindByte::of` and `KindByte::shape_kind` **(compiler)**, in
//!    `KindByte::ALL` and the test that pins every byte; its parameters in
//!    `for_each_param`, `param_count` and `read_shape` **(compiler)**; its byte and
//!    parameters in `docs/snapshot-format.md`.
//! 6. The JavaScript API: in the raw binding (`src/wasm`), its sizes in `shapes::shape_of`
//!    and in `shape(id)`'s record (`scene.rs`), both **(compiler)**; in the TypeScript entry
//!    (`pkg-template/src/`), its row in the `KINDS` table of `shapes.ts` (JS name, kind
//!    number, size fields: the one list of the JS names, which the probe and record readers
//!    and their messages use), an `add…` method (`base.ts`), its members of the `ProbeShape`
//!    and `ShapeDesc` types (`types.ts`; `tests/js/kinds.test.mjs` holds them to the table);
//!    the kinds in `pkg-template/README.md` and `README.md`.
//! 7. Tests and tools: `random_shape`, `shape_literal` and the f64 reference's core
//!    (`f64_core_and_radius`) in `tests/common`, `shape_of` in `benches/kernels.rs` and
//!    `benches/cast.rs` **(compiler)**; the samples of `shape/rounded_core.rs`'s tests
//!    (which must follow [`ShapeKind::ALL`]); the reference's ray checks (default arms),
//!    the random kinds of `tests/world_oracle.rs` (`below(7)`), the shape decoders of both
//!    fuzz targets (`% 7`), the JS tests (`tests/js/basics.test.mjs`,
//!    `tests/js/hostile-sweep.mjs`), and the demo's colliders (`www/src/kinds.ts`) if the
//!    demo should show it. The reference tests cover every pair of [`ShapeKind::ALL`] by
//!    themselves. (The determinism hash's scene, `tests/common/determinism.rs`, keeps its
//!    seven kinds: its hash is pinned.)

mod box_tree;
pub mod chain;
pub mod decompose;
mod polygon;
mod rounded_core;
pub mod tiles;

use crate::math::{Aabb, Rot, Transform, Vec2};
pub use chain::{Chain, Joints, Smoothed, MAX_CHAIN_POINTS};
use core::fmt;
pub use decompose::{ConcavePolygon, MAX_OUTLINE_VERTICES};
pub(crate) use polygon::polygon_aabb;
pub use polygon::{ConvexPolygon, PolygonRef};
pub(crate) use rounded_core::BOX_CORNERS;
pub use rounded_core::{Core, RoundedCore};

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
        match self {
            ShapeKind::Circle
            | ShapeKind::AlignedBox
            | ShapeKind::OrientedBox
            | ShapeKind::Polygon
            | ShapeKind::Capsule => true,
            ShapeKind::Segment | ShapeKind::Point => false,
        }
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
    /// A concave outline was given more than [`MAX_OUTLINE_VERTICES`] points.
    TooManyOutlinePoints {
        /// How many points were given.
        count: usize,
    },
    /// A concave outline crosses or touches itself: the edge that starts at this input
    /// vertex meets another edge that it does not share a vertex with (or folds back onto
    /// its neighbour). The first such vertex in input order is named.
    OutlineCrossing {
        /// The index in the input of the first vertex whose edge crosses another.
        index: usize,
    },
    /// A chain has fewer distinct points than it needs (2 when open, 3 when a loop), after
    /// close duplicates were merged.
    TooFewChainPoints {
        /// How many distinct points were left.
        count: usize,
        /// How many it needs.
        needed: usize,
    },
    /// A chain was given more than [`MAX_CHAIN_POINTS`] points.
    TooManyChainPoints {
        /// How many points were given.
        count: usize,
    },
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
            ShapeError::ZeroLengthSegment => {
                out.write_str("x2, y2 must differ from x1, y1 (a segment needs two distinct ends)")
            }
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
            ShapeError::TooManyOutlinePoints { count } => write!(
                out,
                "points: a concave polygon has at most {MAX_OUTLINE_VERTICES} points (got {count})"
            ),
            ShapeError::OutlineCrossing { index } => write!(
                out,
                "points: the outline crosses itself at the edge from vertex {index}"
            ),
            ShapeError::TooFewChainPoints { count, needed } => write!(
                out,
                "points: a chain needs at least {needed} distinct points (got {count})"
            ),
            ShapeError::TooManyChainPoints { count } => write!(
                out,
                "points: a chain has at most {MAX_CHAIN_POINTS} points (got {count})"
            ),
        }
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut FormatterWriter(f))
    }
}

impl std::error::Error for ShapeError {}

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
    /// `(half_length, 0)`, or, `upright`, from `(0, -half_length)` to `(0, half_length)`.
    Capsule {
        /// Half the length of the core segment, > 0.
        half_length: f32,
        /// The radius, > 0.
        radius: f32,
        /// The core lies along the local y axis: a standing character at angle 0, exactly
        /// (an angle of π/2 as an `f32` is 4.4e-8 radians off vertical). Its kernels see the
        /// capsule's transform turned a quarter, which is exact ([`capsule_frame`]).
        upright: bool,
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
            upright: false,
        })
    }

    /// A capsule along the local y axis: standing, exactly, at angle 0.
    ///
    /// ```
    /// use sepax::{Shape, Transform, Vec2};
    /// let standing = Shape::upright_capsule(1.0, 0.5).unwrap();
    /// let b = standing.aabb(&Transform::from_xy_angle(0.0, 0.0, 0.0));
    /// assert_eq!((b.min, b.max), (Vec2::new(-0.5, -1.5), Vec2::new(0.5, 1.5)));
    /// ```
    pub fn upright_capsule(half_length: f32, radius: f32) -> Result<Shape, ShapeError> {
        Shape::capsule(half_length, radius).map(|_| Shape::Capsule {
            half_length,
            radius,
            upright: true,
        })
    }

    /// A segment between two local points.
    pub fn segment(a: Vec2, b: Vec2) -> Result<Shape, ShapeError> {
        check_coordinate("x1", a.x)?;
        check_coordinate("y1", a.y)?;
        check_coordinate("x2", b.x)?;
        check_coordinate("y2", b.y)?;
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
                ..
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
            Shape::Polygon(polygon) => polygon.points(),
            Shape::Circle { .. }
            | Shape::AlignedBox { .. }
            | Shape::OrientedBox { .. }
            | Shape::Capsule { .. }
            | Shape::Segment { .. }
            | Shape::Point => &[],
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
                ..
            } => half_length + radius,
            Shape::Segment { a, b } => a.length().max(b.length()),
            Shape::Point => 0.0,
        }
    }

    /// The half extents of the shape's box when turned by `rotation`, for the kinds whose
    /// box is their position plus or minus them (circles, boxes, capsules): then
    /// [`Shape::aabb`] is `Aabb::from_center_half_extents(translation, half)`, to the bit.
    /// `None` for polygons, segments and points.
    #[inline]
    #[must_use]
    pub fn aabb_half_extents(&self, rotation: &Rot) -> Option<Vec2> {
        match self {
            Shape::Circle { radius } => Some(Vec2::new(*radius, *radius)),
            Shape::AlignedBox { half_extents } => Some(*half_extents),
            Shape::OrientedBox { half_extents } => Some(turned_box_reach(*half_extents, rotation)),
            Shape::Capsule {
                half_length,
                radius,
                upright,
            } => Some(capsule_reach(*half_length, *radius, *upright, rotation)),
            Shape::Polygon(_) | Shape::Segment { .. } | Shape::Point => None,
        }
    }

    /// The tight world-space bounding box of the shape placed by `transform`.
    #[must_use]
    pub fn aabb(&self, transform: &Transform) -> Aabb {
        let c = transform.translation;
        match self {
            Shape::Circle { radius } => {
                Aabb::from_center_half_extents(c, Vec2::new(*radius, *radius))
            }
            Shape::AlignedBox { half_extents } => Aabb::from_center_half_extents(c, *half_extents),
            Shape::OrientedBox { half_extents } => Aabb::from_center_half_extents(
                c,
                turned_box_reach(*half_extents, &transform.rotation),
            ),
            Shape::Capsule {
                half_length,
                radius,
                upright,
            } => Aabb::from_center_half_extents(
                c,
                capsule_reach(*half_length, *radius, *upright, &transform.rotation),
            ),
            Shape::Polygon(polygon) => polygon_aabb(polygon.vertices(), transform),
            Shape::Segment { a, b } => {
                let pa = transform.apply(*a);
                let pb = transform.apply(*b);
                Aabb::new(pa.min(pb), pa.max(pb))
            }
            Shape::Point => Aabb::new(c, c),
        }
    }
}

/// The half extents of the box of a box of half extents `half` turned by `rotation`.
#[inline(always)]
fn turned_box_reach(half: Vec2, rotation: &Rot) -> Vec2 {
    let (cos, sin) = (rotation.cos.abs(), rotation.sin.abs());
    Vec2::new(cos * half.x + sin * half.y, sin * half.x + cos * half.y)
}

/// The half extents of the box of a capsule turned by `rotation` (an upright one's core
/// lies along the turned y axis, whose components are the rotation's swapped).
#[inline(always)]
fn capsule_reach(half_length: f32, radius: f32, upright: bool, rotation: &Rot) -> Vec2 {
    let (mut cos, mut sin) = (rotation.cos.abs(), rotation.sin.abs());
    if upright {
        (cos, sin) = (sin, cos);
    }
    Vec2::new(cos * half_length + radius, sin * half_length + radius)
}

/// The frame in which a capsule's kernels see it: its transform, turned a quarter when it
/// stands `upright` (the core along local y is the core along local x turned by π/2). The
/// turn is exact: the rotation `(cos, sin)` becomes `(−sin, cos)`.
#[inline(never)]
#[must_use]
pub fn capsule_frame(upright: bool, transform: &Transform) -> Transform {
    if upright {
        let Rot { cos, sin } = transform.rotation;
        Transform {
            translation: transform.translation,
            rotation: Rot {
                cos: -sin,
                sin: cos,
            },
        }
    } else {
        *transform
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

/// Compile-time check that [`ShapeKind::ALL`] lists every kind once, in canonical order:
/// the tests, the reference and the benches walk it to cover every kind and pair.
/// `successor` is an exhaustive `match`, so a new kind does not build until it has an arm
/// there; once it follows `Point`, the assertions fail until `ALL` ends with it.
const _: () = {
    const fn successor(kind: ShapeKind) -> Option<ShapeKind> {
        match kind {
            ShapeKind::Circle => Some(ShapeKind::AlignedBox),
            ShapeKind::AlignedBox => Some(ShapeKind::OrientedBox),
            ShapeKind::OrientedBox => Some(ShapeKind::Polygon),
            ShapeKind::Polygon => Some(ShapeKind::Capsule),
            ShapeKind::Capsule => Some(ShapeKind::Segment),
            ShapeKind::Segment => Some(ShapeKind::Point),
            ShapeKind::Point => None,
        }
    }
    let all = ShapeKind::ALL;
    let mut i = 0;
    while i < all.len() {
        assert!(all[i] as usize == i, "ShapeKind::ALL is in canonical order");
        match successor(all[i]) {
            Some(next) => assert!(
                i + 1 < all.len() && next as usize == i + 1,
                "ShapeKind::ALL lists every kind, each followed by its successor"
            ),
            None => assert!(i + 1 == all.len(), "ShapeKind::ALL ends with the last kind"),
        }
        i += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
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
}
