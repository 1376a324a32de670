//! Scenes as plain data: a list of [`ShapeDesc`]s (a kind, its sizes, where it is and its
//! options) added to a world in one call, all or nothing, and any live shape read back as
//! one.
//!
//! A level editor or a saved game holds its shapes as records, not as calls. Adding such a
//! list one shape at a time would leave a half-built world when record 37 of 40 is wrong,
//! so [`World::add_shapes`] checks **every** record first (the same checks as
//! [`World::add`], through the same constructors, so the messages match) and only then
//! inserts them, in list order: the ids are those that the same `add` calls would have
//! returned.
//!
//! A description is not a [`Shape`]: it is what the user wrote, before validation. A
//! polygon's points are kept as given (the constructor reverses, merges and checks them),
//! and a segment's ends are named `x1, y1, x2, y2` like everywhere in the JavaScript API.
//! The ends are *local* (relative to `x, y`, turned by `angle`), as in a probe shape, so
//! that [`World::shape_desc`] can describe a moved and turned segment exactly:
//! `add_shapes(&[world.shape_desc(id)?])` rebuilds a bit-identical shape (same geometry,
//! transform, layer, mask and static flag). Polygons come back with the vertices the
//! constructor kept, which it keeps unchanged when given them again.
//!
//! Errors name the record and the field, `list[3].halfWidth must be greater than 0 (got
//! -1)`: [`SceneError`] is the core's error plus the index of the record. The wasm binding
//! decodes JavaScript objects into descriptions and adds nothing of its own.

use super::errors::{check_angle, check_coordinate};
use super::{ShapeOptions, World, WorldError, MAX_SHAPES};
use crate::math::Vec2;
use crate::shape::{MessageWriter, Shape, ShapeError, ShapeKind, MAX_SHAPE_SIZE};
use core::fmt;

/// The geometry of a [`ShapeDesc`], one variant per [`ShapeKind`], with the JavaScript
/// API's field names in the docs.
#[derive(Clone, Debug, PartialEq)]
pub enum Geometry {
    /// `{ kind: "circle", radius }`.
    Circle {
        /// The radius, > 0.
        radius: f32,
    },
    /// `{ kind: "box", halfWidth, halfHeight }`: turns with the transform.
    Box {
        /// Half the width, > 0.
        half_width: f32,
        /// Half the height, > 0.
        half_height: f32,
    },
    /// `{ kind: "alignedBox", halfWidth, halfHeight }`: stays axis-aligned.
    AlignedBox {
        /// Half the width, > 0.
        half_width: f32,
        /// Half the height, > 0.
        half_height: f32,
    },
    /// `{ kind: "capsule", halfLength, radius }`: along the local x axis.
    Capsule {
        /// Half the length of the core segment, > 0.
        half_length: f32,
        /// The radius, > 0.
        radius: f32,
    },
    /// `{ kind: "segment", x1, y1, x2, y2 }`: the ends, local (relative to the position).
    Segment {
        /// `x1, y1`.
        a: Vec2,
        /// `x2, y2`.
        b: Vec2,
    },
    /// `{ kind: "point" }`.
    Point,
    /// `{ kind: "polygon", points }`: local points, as [`Shape::polygon`] takes them.
    Polygon(Vec<Vec2>),
}

/// One shape of a scene as plain data: its geometry, its transform and its options.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeDesc {
    /// The kind and its sizes.
    pub geometry: Geometry,
    /// The position's x.
    pub x: f32,
    /// The position's y.
    pub y: f32,
    /// The angle, radians.
    pub angle: f32,
    /// Layer, mask and whether the shape is static.
    pub options: ShapeOptions,
}

/// Why [`World::add_shapes`] rejected a list: the first bad record's index and what was
/// wrong with it. Nothing was added.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneError {
    /// The index of the record in the list.
    pub index: usize,
    /// What was wrong, as [`World::add`] would say it.
    pub error: WorldError,
}

impl SceneError {
    /// Writes `list[index].field …` (or `list[index]: …` for what no one field causes), the
    /// numbers written by `out` (see [`MessageWriter`]).
    pub fn write_message(&self, out: &mut impl MessageWriter) -> fmt::Result {
        let index = self.index;
        match &self.error {
            WorldError::Shape(ShapeError::ZeroLengthSegment) => write!(
                out,
                "list[{index}]: x2, y2 must differ from x1, y1 (a segment needs two distinct ends)"
            ),
            WorldError::TooManyShapes => write!(
                out,
                "list[{index}]: the world holds the maximum of {MAX_SHAPES} shapes"
            ),
            // Every other message starts with the field it is about.
            error => {
                write!(out, "list[{index}].")?;
                error.write_message(out)
            }
        }
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut crate::shape::FormatterWriter(f))
    }
}

impl std::error::Error for SceneError {}

impl Geometry {
    /// The kind of shape this geometry describes.
    #[must_use]
    pub fn kind(&self) -> ShapeKind {
        match self {
            Geometry::Circle { .. } => ShapeKind::Circle,
            Geometry::Box { .. } => ShapeKind::OrientedBox,
            Geometry::AlignedBox { .. } => ShapeKind::AlignedBox,
            Geometry::Capsule { .. } => ShapeKind::Capsule,
            Geometry::Segment { .. } => ShapeKind::Segment,
            Geometry::Point => ShapeKind::Point,
            Geometry::Polygon(_) => ShapeKind::Polygon,
        }
    }

    /// The shape, through the checked constructors the `add*` methods use (so a bad size
    /// is named as they name it).
    pub fn to_shape(&self) -> Result<Shape, ShapeError> {
        match self {
            Geometry::Circle { radius } => Shape::circle(*radius),
            Geometry::Box {
                half_width,
                half_height,
            } => Shape::oriented_box(*half_width, *half_height),
            Geometry::AlignedBox {
                half_width,
                half_height,
            } => Shape::aligned_box(*half_width, *half_height),
            Geometry::Capsule {
                half_length,
                radius,
            } => Shape::capsule(*half_length, *radius),
            Geometry::Segment { a, b } => {
                // Named as the description names them (the constructor says `ax`, …).
                for (name, value) in [("x1", a.x), ("y1", a.y), ("x2", b.x), ("y2", b.y)] {
                    check_end(name, value)?;
                }
                Shape::segment(*a, *b)
            }
            Geometry::Point => Ok(Shape::point()),
            Geometry::Polygon(points) => Shape::polygon(points),
        }
    }

    /// The geometry of a stored shape (a polygon's kept vertices).
    #[must_use]
    pub fn of_shape(shape: &Shape) -> Geometry {
        match shape {
            Shape::Circle { radius } => Geometry::Circle { radius: *radius },
            Shape::OrientedBox { half_extents } => Geometry::Box {
                half_width: half_extents.x,
                half_height: half_extents.y,
            },
            Shape::AlignedBox { half_extents } => Geometry::AlignedBox {
                half_width: half_extents.x,
                half_height: half_extents.y,
            },
            Shape::Capsule {
                half_length,
                radius,
            } => Geometry::Capsule {
                half_length: *half_length,
                radius: *radius,
            },
            Shape::Segment { a, b } => Geometry::Segment { a: *a, b: *b },
            Shape::Point => Geometry::Point,
            Shape::Polygon(polygon) => Geometry::Polygon(polygon.vertices().to_vec()),
        }
    }
}

/// A segment end's coordinate: finite and within [`MAX_SHAPE_SIZE`] of the origin.
fn check_end(name: &'static str, value: f32) -> Result<(), ShapeError> {
    if !value.is_finite() {
        Err(ShapeError::NonFiniteParameter { name })
    } else if value.abs() > MAX_SHAPE_SIZE {
        Err(ShapeError::ParameterTooLarge { name, value })
    } else {
        Ok(())
    }
}

impl ShapeDesc {
    /// The shape, checked as [`World::add`] checks it: the geometry, then the position
    /// and angle.
    pub fn check(&self) -> Result<Shape, WorldError> {
        let shape = self.geometry.to_shape()?;
        check_coordinate(|| "x".into(), self.x)?;
        check_coordinate(|| "y".into(), self.y)?;
        check_angle(|| "angle".into(), self.angle)?;
        Ok(shape)
    }
}

impl World {
    /// Adds every shape of `list`, in order, and appends their ids to `ids` (the ids that
    /// the same [`add`](World::add) calls would return). Every record is checked before
    /// anything is added: on an error, naming the first bad record, the world and `ids`
    /// are unchanged.
    ///
    /// ```
    /// use sepax::world::{Geometry, ShapeDesc};
    /// use sepax::{ShapeOptions, World};
    ///
    /// let mut world = World::new();
    /// let desc = |geometry, x| ShapeDesc { geometry, x, y: 0.0, angle: 0.0, options: ShapeOptions::default() };
    /// let mut ids = Vec::new();
    /// let list = [desc(Geometry::Circle { radius: 1.0 }, 0.0), desc(Geometry::Point, 0.5)];
    /// world.add_shapes(&list, &mut ids).unwrap();
    /// assert_eq!(ids, [0, 1]);
    ///
    /// let bad = [desc(Geometry::Point, 3.0), desc(Geometry::Circle { radius: -1.0 }, 0.0)];
    /// let err = world.add_shapes(&bad, &mut ids).unwrap_err();
    /// assert_eq!(err.to_string(), "list[1].radius must be greater than 0 (got -1)");
    /// assert_eq!((world.len(), ids.len()), (2, 2));
    /// ```
    pub fn add_shapes(&mut self, list: &[ShapeDesc], ids: &mut Vec<u32>) -> Result<(), SceneError> {
        let room = MAX_SHAPES - self.len();
        if list.len() > room {
            return Err(SceneError {
                index: room,
                error: WorldError::TooManyShapes,
            });
        }
        let mut shapes = Vec::with_capacity(list.len());
        for (index, desc) in list.iter().enumerate() {
            shapes.push(desc.check().map_err(|error| SceneError { index, error })?);
        }
        ids.reserve(list.len());
        for (index, (shape, desc)) in shapes.into_iter().zip(list).enumerate() {
            // Cannot fail: `add` repeats the checks just passed, and there is room.
            let id = self
                .add(shape, desc.x, desc.y, desc.angle, desc.options)
                .map_err(|error| SceneError { index, error })?;
            ids.push(id);
        }
        Ok(())
    }

    /// The live shape `id` as a description: its geometry, its current (not yet stepped)
    /// transform and its options. `add_shapes` of it makes an identical shape.
    pub fn shape_desc(&self, id: u32) -> Result<ShapeDesc, WorldError> {
        let geometry = Geometry::of_shape(self.shape(id)?);
        let (x, y, angle) = self.transform(id)?;
        let (layer, mask) = self.layer_mask(id)?;
        Ok(ShapeDesc {
            geometry,
            x,
            y,
            angle,
            options: ShapeOptions {
                layer,
                mask,
                is_static: self.is_static(id)?,
            },
        })
    }
}
