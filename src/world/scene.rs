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
//! A description holds a [`Shape`] that may be built straight from the enum, unchecked,
//! and is checked here by [`Shape::validate`], the constructors' own checks. A segment's
//! ends are *local* (relative to `x, y`, turned by `angle`), as in a probe shape, so that
//! [`World::shape_desc`] can describe a moved and turned segment exactly:
//! `add_shapes(vec![world.shape_desc(id)?], …)` rebuilds a bit-identical shape (same
//! geometry, transform, layer, mask and static flag).
//!
//! A concave polygon is a description too ([`SceneShape::Concave`], its checked outline
//! cut into parts when it was built), and so is a chain ([`SceneShape::Chain`]) and a tile
//! grid ([`SceneShape::TileGrid`], with its table itself, so that the record stands alone),
//! so that a scene, and `shape_desc` of any live shape, round-trips: the parts, segments and
//! boundaries are rebuilt, bit for bit, and a grid's table is the world's equal table if it
//! has one. A one-way shape's direction is part of its description.
//!
//! A grid is built (its boundary derived) while its record is checked, so that a bad grid
//! is found before anything is added; it is then moved into the world as it is.
//!
//! Errors name the record and the field, `list[3].halfWidth must be greater than 0 (got
//! -1)`: [`SceneError`] is the core's error plus the index of the record. The wasm binding
//! decodes JavaScript objects into descriptions and adds nothing of its own.

use super::errors::{check_angle, check_coordinate, ArgName::Plain};
use super::one_way::unit_up;
use super::{ShapeOptions, World, WorldError, MAX_SHAPES, MAX_TILE_TABLES};
use crate::math::Vec2;
use crate::shape::tiles::{Cells, TileGrid, TileTable};
use crate::shape::{Chain, ConcavePolygon, MessageWriter, Shape, ShapeError};
use core::fmt;

/// The geometry of a [`ShapeDesc`]: a convex shape of one of the seven kinds, a concave
/// polygon or a chain.
#[derive(Clone, Debug, PartialEq)]
pub enum SceneShape {
    /// A convex shape, possibly built straight from the enum, unchecked: checked when added.
    Convex(Shape),
    /// A concave polygon (checked and cut into parts when it was built).
    Concave(ConcavePolygon),
    /// A chain (checked when it was built).
    Chain(Chain),
    /// A tile grid (checked when it is added: see [`World::add_tile_grid`]).
    TileGrid {
        /// Columns.
        cols: u32,
        /// Rows.
        rows: u32,
        /// The size of a cell.
        cell: Vec2,
        /// The cells, row-major.
        cells: Cells,
        /// What its values are.
        table: TileTable,
    },
}

impl From<Chain> for SceneShape {
    fn from(chain: Chain) -> SceneShape {
        SceneShape::Chain(chain)
    }
}

impl From<Shape> for SceneShape {
    fn from(shape: Shape) -> SceneShape {
        SceneShape::Convex(shape)
    }
}

impl From<ConcavePolygon> for SceneShape {
    fn from(concave: ConcavePolygon) -> SceneShape {
        SceneShape::Concave(concave)
    }
}

/// One shape of a scene as plain data: its geometry, its transform and its options.
///
/// A convex `shape` may be built straight from the [`Shape`] enum, unchecked (a record read
/// from a file, say): [`World::add_shapes`] checks it as [`World::add`] does.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeDesc {
    /// The kind and its sizes (a segment's ends relative to the position), or a concave
    /// polygon.
    pub shape: SceneShape,
    /// The position's x.
    pub x: f32,
    /// The position's y.
    pub y: f32,
    /// The angle, radians.
    pub angle: f32,
    /// Layer, mask and whether the shape is static.
    pub options: ShapeOptions,
    /// The shape's one-way direction, if it is one-way (see [`World::set_one_way`]).
    pub one_way: Option<Vec2>,
    /// The game's tag (see [`World::set_tag`]).
    pub tag: u32,
    /// The shape is a sensor (see [`World::set_sensor`]).
    pub sensor: bool,
    /// The shape is continuous (see [`World::set_continuous`]).
    pub continuous: bool,
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
                "list[{index}].x2, list[{index}].y2 must differ from list[{index}].x1, \
                 list[{index}].y1 (a segment needs two distinct ends)"
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

impl ShapeDesc {
    /// Checks the description as [`World::add`] checks its arguments: the shape (with the
    /// constructors' messages), then the position and the angle.
    pub fn check(&self) -> Result<(), WorldError> {
        if let SceneShape::Convex(shape) = &self.shape {
            shape.validate()?;
        }
        check_coordinate(|| Plain("x"), self.x)?;
        check_coordinate(|| Plain("y"), self.y)?;
        check_angle(|| Plain("angle"), self.angle)?;
        match self.one_way {
            Some(up) if unit_up(up).is_none() => Err(WorldError::InvalidValue {
                arg: "oneWay",
                expected: "a finite non-zero vector",
                value: if up.x.is_finite() { up.y } else { up.x },
            }),
            _ => Ok(()),
        }
    }
}

impl World {
    /// Adds every shape of `list`, in order, and appends their ids to `ids` (the ids that
    /// the same [`add`](World::add) calls would return). Every record is checked before
    /// anything is added: on an error, naming the first bad record, the world and `ids`
    /// are unchanged.
    ///
    /// ```
    /// use sepax::world::ShapeDesc;
    /// use sepax::{Shape, ShapeOptions, World};
    ///
    /// let mut world = World::new();
    /// let desc = |shape: Shape, x| ShapeDesc {
    ///     shape: shape.into(),
    ///     x,
    ///     y: 0.0,
    ///     angle: 0.0,
    ///     options: ShapeOptions::default(),
    ///     one_way: None,
    ///     tag: 0,
    ///     sensor: false,
    ///     continuous: false,
    /// };
    /// let mut ids = Vec::new();
    /// let list = vec![desc(Shape::Circle { radius: 1.0 }, 0.0), desc(Shape::Point, 0.5)];
    /// world.add_shapes(list, &mut ids).unwrap();
    /// assert_eq!(ids, [0, 1]);
    ///
    /// // Built from the enum, unchecked: checked here, with the constructor's message.
    /// let bad = vec![desc(Shape::Point, 3.0), desc(Shape::Circle { radius: -1.0 }, 0.0)];
    /// let err = world.add_shapes(bad, &mut ids).unwrap_err();
    /// assert_eq!(err.to_string(), "list[1].radius must be greater than 0 (got -1)");
    /// assert_eq!((world.len(), ids.len()), (2, 2));
    /// ```
    pub fn add_shapes(
        &mut self,
        list: Vec<ShapeDesc>,
        ids: &mut Vec<u32>,
    ) -> Result<(), SceneError> {
        let room = MAX_SHAPES - self.len();
        if list.len() > room {
            return Err(SceneError {
                index: room,
                error: WorldError::TooManyShapes,
            });
        }
        // Grids are built here, checked with their tables (numbered as they will be).
        let mut grids = Vec::new();
        let mut new_tables: Vec<&TileTable> = Vec::new();
        for (index, desc) in list.iter().enumerate() {
            let at = |error| SceneError { index, error };
            desc.check().map_err(at)?;
            if let SceneShape::TileGrid {
                cols,
                rows,
                cell,
                cells,
                table,
            } = &desc.shape
            {
                let known = self.tile_tables.iter().position(|t| t == table);
                let fresh = || new_tables.iter().position(|t| *t == table);
                let table_id = match known.or_else(|| fresh().map(|k| self.tile_tables.len() + k)) {
                    Some(k) => k,
                    None => {
                        new_tables.push(table);
                        self.tile_tables.len() + new_tables.len() - 1
                    }
                };
                if table_id >= MAX_TILE_TABLES {
                    return Err(at(WorldError::TooManyTables));
                }
                let cells = cells.clone().narrowed();
                let grid = TileGrid::new(*cols, *rows, *cell, cells, table, table_id as u32);
                grids.push(grid.map_err(|e| at(e.into()))?);
            }
        }
        ids.reserve(list.len());
        let mut grids = grids.into_iter();
        for (index, desc) in list.into_iter().enumerate() {
            // Cannot fail: `add` repeats the checks just passed, and there is room.
            let (x, y, angle, options) = (desc.x, desc.y, desc.angle, desc.options);
            let id = match desc.shape {
                SceneShape::Convex(shape) => self.add(shape, x, y, angle, options),
                SceneShape::Concave(concave) => self.add_concave(concave, x, y, angle, options),
                SceneShape::Chain(chain) => self.add_chain(chain, x, y, angle, options),
                SceneShape::TileGrid { table, .. } => {
                    let table_id = self.define_tiles(table);
                    let grid = grids.next();
                    match (table_id, grid) {
                        (Ok(table_id), Some(mut grid)) => {
                            grid.set_table_id(table_id);
                            self.add_grid(grid, x, y, angle, options)
                        }
                        (Err(error), _) => Err(error),
                        (_, None) => Err(WorldError::TooManyTables),
                    }
                }
            }
            .and_then(|id| {
                self.set_one_way(id, desc.one_way)?;
                self.store.tags[id as usize] = desc.tag;
                self.set_sensor(id, desc.sensor)?;
                if desc.continuous {
                    self.set_continuous(id, true)?;
                }
                Ok(id)
            })
            .map_err(|error| SceneError { index, error })?;
            ids.push(id);
        }
        Ok(())
    }

    /// The live shape `id` as a description: its geometry, its current (not yet stepped)
    /// transform and its options (a concave polygon as its outline). `add_shapes` of it
    /// makes an identical shape.
    pub fn shape_desc(&self, id: u32) -> Result<ShapeDesc, WorldError> {
        let shape = if let Some(concave) = self.concave(id)? {
            SceneShape::Concave(concave.clone())
        } else if let Some(chain) = self.chain(id)? {
            SceneShape::Chain(chain.clone())
        } else if let Some(grid) = self.tile_grid(id)? {
            SceneShape::TileGrid {
                cols: grid.cols(),
                rows: grid.rows(),
                cell: grid.cell_size(),
                cells: grid.cells().clone(),
                table: self.tile_tables[grid.table_id() as usize].clone(),
            }
        } else {
            SceneShape::Convex(self.shape(id)?.clone())
        };
        let (x, y, angle) = self.transform(id)?;
        let (layer, mask) = self.layer_mask(id)?;
        Ok(ShapeDesc {
            shape,
            x,
            y,
            angle,
            options: ShapeOptions {
                layer,
                mask,
                is_static: self.is_static(id)?,
            },
            one_way: self.one_way(id)?,
            tag: self.store.tags[id as usize],
            sensor: self.is_sensor(id)?,
            continuous: self.is_continuous(id)?,
        })
    }
}
