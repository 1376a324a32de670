//! Tile grids: a level's tile layer as one shape, read as the boundary of its solid cells.
//!
//! A [`TileGrid`] is `cols × rows` cells of `cell.x × cell.y` units, each holding a tile
//! value (0 = empty). A [`TileTable`] says what a value is: empty, the full cell (every
//! value it does not list), or a convex outline inside the cell (slopes, half tiles),
//! possibly **one-way** (solid only from one side, see `world/one_way.rs`). The grid's
//! local frame has its origin at the grid's min corner, `x` along a row and `y` across
//! rows: cell `(col, row)` spans `[col·w, (col+1)·w] × [row·h, (row+1)·h]`, and an outline
//! is given in cell units from the cell's min corner (the frame of Tiled's per-tile
//! collision objects, `y` down a row on a `y`-down canvas).
//!
//! ## Seam-free: the boundary of the union
//!
//! One box per tile is how games get snagged: a box sliding along a floor of tiles meets
//! the side faces of the next tile, flush with the floor, and stops on an internal edge.
//! The grid is therefore never read as its tiles. It is read as the **boundary of the
//! union** of its solid tiles: for every solid cell, each edge of its outline that lies on
//! a side of the cell is cut by the edge the neighbour's outline has on the same side
//! (a convex outline has at most one edge per side, so the covered interval is one
//! interval, and 0, 1 or 2 pieces remain); what remains, and the edges inside the cell
//! (slopes), are the **boundary segments**. A floor of full tiles has no internal edge
//! left at all; a half tile beside a full one leaves the part of the full tile's side that
//! stands above the half tile.
//!
//! Every boundary segment keeps its outline's orientation, counter-clockwise around the
//! solid (with `y` up): the solid is on its left, its face normal is the right
//! perpendicular, as for a chain loop. Each also knows the directions of the segments
//! before and after it (found among the segments of the up-to-four cells around its ends;
//! where two cells touch at a corner only, the continuation that turns furthest left,
//! which keeps the two cells apart), so the chain's ghost-vertex smoothing
//! ([`Joints::smooth`]) applies unchanged: a box or capsule sliding across 1,000 cells only
//! ever sees the surface's normal. Corners are computed from the cell indices the same way
//! by every cell that shares them (`col·w` for a left side, `(col + 1)·w` for a right one),
//! so the ends of neighbouring segments are equal to the bit, and that equality is how
//! neighbours are found.
//!
//! ## Classes
//!
//! Solid cells form one boundary. One-way cells (a one-way value, by direction) form their
//! own among cells of the same direction: a row of one-way tiles is one seam-free surface.
//! A one-way cell's faces are also covered by solid neighbours (a platform flush with a
//! wall ends at the wall), but a solid cell's face is never covered by a one-way
//! neighbour (the solid's side stays solid behind the platform). Where a one-way surface
//! meets solid ground its joints look at the solid's segments too, so a platform flush with
//! a solid top continues it without a corner.
//!
//! ## Chunks, and `set_tile` in constant time
//!
//! The segments are kept per **chunk** of [`CHUNK_CELLS`] × [`CHUNK_CELLS`] cells, each
//! with its segments, their boxes, the cell each comes from and their joints. A segment
//! depends on its cell, the cell's four neighbours (what covers its sides) and, through
//! its joints, on the segments of the cells around its ends, whose own covers reach one
//! cell further: on the cells within two of it. So [`TileGrid::set_tile`] derives again the
//! chunks that meet the 5 × 5 cells around the edited one (at most four chunks, from at
//! most four hundred cells), whatever the grid's size; [`TileGrid::derived_cells`] counts
//! that work for the tests. A walk near a box visits the chunks the box meets, and their
//! segments whose boxes meet it.
//!
//! Memory: the cells (one byte each while every value fits in a byte, two otherwise), a
//! chunk record per 64 cells, and a segment record per boundary segment: a level's
//! surface, not its area.
//!
//! This module is pure geometry: the world reads a grid through its pieces
//! (`world/pieces.rs`) and its inside test (`world/tiles.rs`).

use super::chain::Joints;
use super::{ConvexPolygon, MessageWriter, Shape, ShapeError, MAX_SHAPE_SIZE};
use crate::math::{Aabb, Vec2};
use core::fmt;

/// The most points a tile's outline may have: a tile's boundary segments are numbered
/// within their chunk (below `2^10`, see [`TileGrid::segment`]), which allows
/// `8 + 4` per cell.
pub const MAX_TILE_VERTICES: usize = 8;

/// The most cells a grid may have (its cells are numbered in a `u32`, and a chunk number
/// with the segment's number within it fits the world's piece numbers).
pub const MAX_TILE_CELLS: usize = 1 << 24;

/// The side of a chunk, in cells.
pub const CHUNK_CELLS: u32 = 8;

/// How many low bits of a segment's number are its index within its chunk.
const SEGMENT_BITS: u32 = 10;

/// How close (as a fraction of the cell's larger side) an outline's point must be to a
/// side of the cell to be put on it, and how far outside the cell it may lie.
const SNAP: f32 = 1e-4;

/// The class of an empty value, of a solid one; one-way classes follow.
const EMPTY: u16 = 0;
const SOLID: u16 = 1;

/// What a tile value is.
#[derive(Clone, Debug, PartialEq)]
pub enum TileDef {
    /// No collision (a decoration in a collision layer).
    Empty,
    /// A solid tile.
    Solid {
        /// Its convex outline (3 to [`MAX_TILE_VERTICES`] points, either winding) in cell
        /// units from the cell's min corner, every point within the cell; `None` for the
        /// full cell.
        outline: Option<Vec<Vec2>>,
        /// Solid only from this side: the normal of the side a mover lands on (any
        /// non-zero vector, scaled to unit length; in the grid's frame).
        one_way: Option<Vec2>,
    },
}

impl TileDef {
    /// The full cell, solid from every side (what every value a table does not list is).
    pub const SOLID: TileDef = TileDef::Solid {
        outline: None,
        one_way: None,
    };
}

/// What each tile value is: a table given once, referred to by the grids that use it.
/// Values it does not list are full solid cells; 0 is always empty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TileTable {
    /// Listed values, ascending, and their definitions.
    values: Vec<u16>,
    defs: Vec<TileDef>,
}

impl TileTable {
    /// Checks the entries and builds the table. Each value must be from 1 to 65,535 and
    /// listed once; an outline is checked as [`ConvexPolygon::new`] checks a polygon (its
    /// errors name the point), with at most [`MAX_TILE_VERTICES`] points; a one-way
    /// direction must be finite and not zero. Whether an outline lies within the cell is
    /// checked by the grid, which knows the cell's size.
    ///
    /// ```
    /// use sepax::math::Vec2;
    /// use sepax::shape::tiles::{TileDef, TileTable};
    /// let slope = vec![Vec2::new(0.0, 16.0), Vec2::new(16.0, 16.0), Vec2::new(16.0, 0.0)];
    /// let table = TileTable::new(vec![
    ///     (2, TileDef::Solid { outline: Some(slope), one_way: None }),
    ///     (3, TileDef::Empty),
    /// ])
    /// .unwrap();
    /// assert_eq!(table.get(3), Some(&TileDef::Empty));
    /// assert_eq!(table.get(9), None); // unlisted: a full solid cell
    /// ```
    pub fn new(entries: Vec<(u32, TileDef)>) -> Result<TileTable, TileError> {
        let mut entries = entries;
        for (value, def) in &entries {
            let value = *value;
            if !(1..=u32::from(u16::MAX)).contains(&value) {
                return Err(TileError::BadValue { value });
            }
            let value = value as u16;
            if let TileDef::Solid { outline, one_way } = def {
                if let Some(points) = outline {
                    if points.len() > MAX_TILE_VERTICES {
                        return Err(TileError::TooManyVertices {
                            value,
                            count: points.len(),
                        });
                    }
                    ConvexPolygon::new(points)
                        .map_err(|error| TileError::Outline { value, error })?;
                }
                if let Some(up) = one_way {
                    if !up.is_finite() || unit(*up) == Vec2::ZERO {
                        return Err(TileError::BadOneWay { value });
                    }
                }
            }
        }
        entries.sort_by_key(|e| e.0);
        if let Some(pair) = entries.windows(2).find(|p| p[0].0 == p[1].0) {
            return Err(TileError::RepeatedValue { value: pair[0].0 });
        }
        Ok(TileTable {
            values: entries.iter().map(|e| e.0 as u16).collect(),
            defs: entries.into_iter().map(|e| e.1).collect(),
        })
    }

    /// The definition of `value`, if the table lists it.
    #[must_use]
    pub fn get(&self, value: u16) -> Option<&TileDef> {
        self.index(value).map(|k| &self.defs[k])
    }

    /// The listed values and their definitions, values ascending.
    pub fn entries(&self) -> impl Iterator<Item = (u16, &TileDef)> {
        self.values.iter().copied().zip(&self.defs)
    }

    /// The position of `value` among the listed ones.
    fn index(&self, value: u16) -> Option<usize> {
        self.values.binary_search(&value).ok()
    }
}

/// Why a tile table or grid was rejected. Messages name the argument as the JavaScript
/// API does (`tiles[3].points`, `cells`, `col`).
#[derive(Clone, Debug, PartialEq)]
pub enum TileError {
    /// A table key that is not a value from 1 to 65,535.
    BadValue {
        /// The key given.
        value: u32,
    },
    /// A value listed twice.
    RepeatedValue {
        /// The value.
        value: u32,
    },
    /// An outline that is not a convex polygon.
    Outline {
        /// Its value.
        value: u16,
        /// Why.
        error: ShapeError,
    },
    /// An outline of more than [`MAX_TILE_VERTICES`] points.
    TooManyVertices {
        /// Its value.
        value: u16,
        /// How many points were given.
        count: usize,
    },
    /// A one-way direction that is not finite or is zero.
    BadOneWay {
        /// Its value.
        value: u16,
    },
    /// An outline point outside the grid's cell.
    OutsideCell {
        /// Its value.
        value: u16,
        /// The index of the point as given.
        vertex: usize,
    },
    /// A count or size of the grid out of its range (`cols`, `rows`: from 1, at most
    /// [`MAX_TILE_CELLS`] cells; `cellWidth`, `cellHeight`: above 0, and the grid at most
    /// [`MAX_SHAPE_SIZE`] across).
    BadSize {
        /// The argument's name.
        arg: &'static str,
        /// The value given.
        value: f32,
    },
    /// `cells` of another length than `cols × rows`.
    CellsLength {
        /// `cols × rows`.
        expected: usize,
        /// The length given.
        actual: usize,
    },
    /// A cell outside the grid.
    OutOfGrid {
        /// The column given.
        col: u32,
        /// The row given.
        row: u32,
    },
}

impl TileError {
    /// Writes the message that `Display` writes, with the numbers written by `out` (see
    /// [`MessageWriter`]).
    pub fn write_message(&self, out: &mut impl MessageWriter) -> fmt::Result {
        match self {
            TileError::BadValue { value } => write!(
                out,
                "tiles: key {value} must be a tile value from 1 to 65535"
            ),
            TileError::RepeatedValue { value } => {
                write!(out, "tiles[{value}] is listed twice")
            }
            TileError::Outline { value, error } => {
                write!(out, "tiles[{value}].points: ")?;
                error.write_message(out)
            }
            TileError::TooManyVertices { value, count } => write!(
                out,
                "tiles[{value}].points must have at most {MAX_TILE_VERTICES} points (got {count})"
            ),
            TileError::BadOneWay { value } => write!(
                out,
                "tiles[{value}].oneWay must be a finite non-zero vector"
            ),
            TileError::OutsideCell { value, vertex } => write!(
                out,
                "tiles[{value}].points: point {vertex} lies outside the cell"
            ),
            TileError::BadSize { arg, value } => {
                let what = match *arg {
                    "cols" | "rows" => "an integer from 1, with cols × rows at most 16777216",
                    _ => "greater than 0, with the grid at most 1e7 across",
                };
                write!(out, "{arg} must be {what} (got ")?;
                out.write_f32(*value, false)?;
                out.write_str(")")
            }
            TileError::CellsLength { expected, actual } => write!(
                out,
                "cells must have length cols × rows = {expected} (got {actual})"
            ),
            TileError::OutOfGrid { col, row } => {
                write!(out, "col, row: ({col}, {row}) is not a cell of the grid")
            }
        }
    }
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut super::FormatterWriter(f))
    }
}

impl std::error::Error for TileError {}

/// The cells of a grid, row-major: one byte each while every value fits, else two.
#[derive(Clone, Debug, PartialEq)]
pub enum Cells {
    /// Values below 256.
    Narrow(Vec<u8>),
    /// Any values.
    Wide(Vec<u16>),
}

impl Cells {
    fn len(&self) -> usize {
        match self {
            Cells::Narrow(v) => v.len(),
            Cells::Wide(v) => v.len(),
        }
    }

    #[inline]
    fn get(&self, k: usize) -> u16 {
        match self {
            Cells::Narrow(v) => u16::from(v[k]),
            Cells::Wide(v) => v[k],
        }
    }

    /// Wide cells whose values all fit in a byte, as narrow ones.
    fn narrowed(self) -> Cells {
        match self {
            Cells::Wide(v) if v.iter().all(|&x| x <= 0xFF) => {
                Cells::Narrow(v.into_iter().map(|x| x as u8).collect())
            }
            cells => cells,
        }
    }

    fn set(&mut self, k: usize, value: u16) {
        if let Cells::Narrow(v) = self {
            if value > 0xFF {
                // Once in a grid's life: every value after this one fits.
                *self = Cells::Wide(v.iter().map(|&x| u16::from(x)).collect());
            }
        }
        match self {
            Cells::Narrow(v) => v[k] = value as u8,
            Cells::Wide(v) => v[k] = value,
        }
    }
}

/// A tile value as a grid reads it: its class, its outline in cell units and what covers
/// the cell's sides.
#[derive(Clone, Debug)]
struct TileShape {
    /// [`EMPTY`], [`SOLID`], or `2 + k` for the one-way direction `ups[k]`.
    class: u16,
    /// The outline as a polygon in cell units, or `None` for the full cell.
    outline: Option<Shape>,
    /// The interval (min, max) each side of the cell has covered by the outline: sides
    /// `x = 0`, `x = w`, `y = 0`, `y = h`, along `y` for the first two and `x` for the others.
    sides: [Option<(f32, f32)>; 4],
}

/// A boundary segment of a grid: what its walks and smoothing read.
#[derive(Clone, Debug, PartialEq)]
pub struct TileSegment {
    /// A [`Shape::Segment`] in the grid's frame (the solid on its left, `y` up).
    pub shape: Shape,
    /// Its direction and its neighbours' (one-sided).
    pub joints: Joints,
    /// Its box in the grid's frame.
    pub bounds: Aabb,
    /// The cell it comes from (`row × cols + col`).
    pub cell: u32,
    /// The unit direction a mover lands from, for a one-way tile's segment.
    pub up: Option<Vec2>,
}

/// The segments of a chunk.
#[derive(Clone, Debug)]
struct Chunk {
    segments: Vec<TileSegment>,
    /// The union of their boxes (empty: min above max).
    bounds: Aabb,
}

impl Default for Chunk {
    fn default() -> Chunk {
        Chunk {
            segments: Vec::new(),
            bounds: NO_BOX,
        }
    }
}

const NO_BOX: Aabb = Aabb::new(Vec2::new(f32::MAX, f32::MAX), Vec2::new(f32::MIN, f32::MIN));

/// A boundary segment before its joints are known.
#[derive(Clone, Copy, Debug)]
struct RawSegment {
    a: Vec2,
    b: Vec2,
    class: u16,
}

/// The buffers of a chunk's derivation.
#[derive(Clone, Debug, Default)]
struct Scratch {
    raw: Vec<RawSegment>,
    starts: Vec<u32>,
}

/// A tile layer as one shape. See the module docs.
#[derive(Clone, Debug)]
pub struct TileGrid {
    cols: u32,
    rows: u32,
    cell: Vec2,
    cells: Cells,
    /// The world's id of the table the grid was made with.
    table_id: u32,
    /// The table's listed values, ascending, and how the grid reads each.
    values: Vec<u16>,
    shapes: Vec<TileShape>,
    /// How the grid reads an unlisted value and 0.
    solid: TileShape,
    empty: TileShape,
    /// The one-way directions, unit, by class − 2.
    ups: Vec<Vec2>,
    /// The full cell as an oriented box around the cell's centre, for the inside test.
    full: Shape,
    chunks: Vec<Chunk>,
    chunk_cols: u32,
    /// A rectangle around the grid: the shape the world's row holds.
    bounds: ConvexPolygon,
    /// Cells whose boundary was derived, ever (the work of builds and edits).
    derived: u64,
    scratch: Scratch,
}

impl TileGrid {
    /// Checks the arguments and builds the grid: `cols × rows` cells (from 1, at most
    /// [`MAX_TILE_CELLS`]) of `cell` units (each side above 0, the grid at most
    /// [`MAX_SHAPE_SIZE`] across), `cells` row-major, read with `table` (whose world id is
    /// `table_id`; every outline must lie within the cell, within a ten-thousandth of its
    /// size, and points that close to a side are put on it).
    ///
    /// ```
    /// use sepax::math::Vec2;
    /// use sepax::shape::tiles::{Cells, TileGrid, TileTable};
    /// // Two full cells side by side: no edge between them, and the two halves of the
    /// // face at y = 0 (facing -y) each see the other as its straight continuation.
    /// let cells = Cells::Narrow(vec![1, 1]);
    /// let grid = TileGrid::new(2, 1, Vec2::new(16.0, 16.0), cells, &TileTable::default(), 0).unwrap();
    /// assert_eq!(grid.segment_count(), 6); // 2 + 2 faces along the rows, 2 ends
    /// let mut faces = Vec::new();
    /// grid.each_segment_near(&grid.local_bounds(), &mut |_, s| {
    ///     if s.joints.face_normal() == Vec2::new(0.0, -1.0) {
    ///         faces.push((s.cell, s.joints.previous, s.joints.next));
    ///     }
    ///     true
    /// });
    /// let along = Some(Vec2::new(1.0, 0.0));
    /// assert_eq!(faces[0], (0, Some(Vec2::new(0.0, -1.0)), along));
    /// assert_eq!(faces[1], (1, along, Some(Vec2::new(0.0, 1.0))));
    /// ```
    pub fn new(
        cols: u32,
        rows: u32,
        cell: Vec2,
        cells: Cells,
        table: &TileTable,
        table_id: u32,
    ) -> Result<TileGrid, TileError> {
        let count = u64::from(cols) * u64::from(rows);
        for (arg, n) in [("cols", cols), ("rows", rows)] {
            if n == 0 || count > MAX_TILE_CELLS as u64 {
                return Err(TileError::BadSize {
                    arg,
                    value: n as f32,
                });
            }
        }
        for (arg, size, n) in [("cellWidth", cell.x, cols), ("cellHeight", cell.y, rows)] {
            let ok = size.is_finite() && size > 0.0 && size * n as f32 <= MAX_SHAPE_SIZE;
            if !ok {
                return Err(TileError::BadSize { arg, value: size });
            }
        }
        if cells.len() as u64 != count {
            return Err(TileError::CellsLength {
                expected: count as usize,
                actual: cells.len(),
            });
        }
        let mut ups: Vec<Vec2> = Vec::new();
        let mut shapes = Vec::with_capacity(table.defs.len());
        for (value, def) in table.entries() {
            shapes.push(read_tile(value, def, cell, &mut ups)?);
        }
        let (w, h) = (cell.x, cell.y);
        let size = Vec2::new(cols as f32 * w, rows as f32 * h);
        let chunk_cols = cols.div_ceil(CHUNK_CELLS);
        let chunk_rows = rows.div_ceil(CHUNK_CELLS);
        let corners = [
            Vec2::ZERO,
            Vec2::new(size.x, 0.0),
            size,
            Vec2::new(0.0, size.y),
        ];
        let mut grid = TileGrid {
            cols,
            rows,
            cell,
            cells: cells.narrowed(),
            table_id,
            values: table.values.clone(),
            shapes,
            solid: full_tile(SOLID, cell),
            empty: full_tile(EMPTY, cell),
            ups,
            full: Shape::OrientedBox {
                half_extents: cell * 0.5,
            },
            chunks: vec![Chunk::default(); (chunk_cols * chunk_rows) as usize],
            chunk_cols,
            bounds: ConvexPolygon::from_hull(&corners),
            derived: 0,
            scratch: Scratch::default(),
        };
        for k in 0..grid.chunks.len() {
            grid.derive_chunk(k);
        }
        Ok(grid)
    }

    /// The number of columns.
    #[must_use]
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The number of rows.
    #[must_use]
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The size of a cell.
    #[must_use]
    pub fn cell_size(&self) -> Vec2 {
        self.cell
    }

    /// The world's id of the table the grid reads its values with.
    #[must_use]
    pub fn table_id(&self) -> u32 {
        self.table_id
    }

    /// The cells, row-major.
    #[must_use]
    pub fn cells(&self) -> &Cells {
        &self.cells
    }

    /// The rectangle around the grid, `(0, 0)` to `(cols·w, rows·h)`: what the world's row
    /// holds.
    #[must_use]
    pub fn bounds(&self) -> &ConvexPolygon {
        &self.bounds
    }

    /// [`TileGrid::bounds`] as a box.
    #[must_use]
    pub fn local_bounds(&self) -> Aabb {
        let v = self.bounds.vertices();
        Aabb::new(v[0], v[2])
    }

    /// The value of cell `(col, row)`.
    pub fn tile(&self, col: u32, row: u32) -> Result<u16, TileError> {
        Ok(self.cells.get(self.cell_index(col, row)?))
    }

    /// Sets cell `(col, row)` to `value` and derives again the boundary around it, in time
    /// independent of the grid's size (see the module docs). Any value is accepted (those
    /// the table does not list are full solid cells).
    pub fn set_tile(&mut self, col: u32, row: u32, value: u16) -> Result<(), TileError> {
        let k = self.cell_index(col, row)?;
        self.cells.set(k, value);
        // The chunks that meet the cells within two of this one (see the module docs).
        let c = CHUNK_CELLS;
        let (c0, c1) = (col.saturating_sub(2) / c, (col + 2).min(self.cols - 1) / c);
        let (r0, r1) = (row.saturating_sub(2) / c, (row + 2).min(self.rows - 1) / c);
        for cy in r0..=r1 {
            for cx in c0..=c1 {
                self.derive_chunk((cy * self.chunk_cols + cx) as usize);
            }
        }
        Ok(())
    }

    /// How many cells' boundaries have been derived since the grid was built, the build
    /// included: the work of [`TileGrid::set_tile`], which the tests count.
    #[must_use]
    pub fn derived_cells(&self) -> u64 {
        self.derived
    }

    /// How many boundary segments the grid has.
    #[must_use]
    pub fn segment_count(&self) -> usize {
        self.chunks.iter().map(|c| c.segments.len()).sum()
    }

    /// Segment number `k` (as [`TileGrid::each_segment_near`] numbers them).
    #[must_use]
    pub fn segment(&self, k: u32) -> &TileSegment {
        let chunk = &self.chunks[(k >> SEGMENT_BITS) as usize];
        &chunk.segments[(k & ((1 << SEGMENT_BITS) - 1)) as usize]
    }

    /// Calls `visit` with the number and the record of every boundary segment whose box
    /// meets `near` (a box in the grid's frame), chunk by chunk in row-major order, until
    /// it returns false. Numbers grow along the walk.
    pub fn each_segment_near<'a>(
        &'a self,
        near: &Aabb,
        visit: &mut dyn FnMut(u32, &'a TileSegment) -> bool,
    ) {
        let span = self.cell * CHUNK_CELLS as f32;
        let range = |lo: f32, hi: f32, size: f32, count: u32| {
            // Saturating conversions: a box beyond the grid clamps to its edge chunks, and
            // one that misses the grid entirely gives an empty range below.
            let last = count as f32 - 1.0;
            let first = (lo / size).floor().clamp(0.0, last) as u32;
            let end = (hi / size).floor().clamp(0.0, last) as u32;
            (first, end)
        };
        let b = self.local_bounds();
        if !super::box_tree::meets(&b, near) {
            return;
        }
        let chunk_rows = self.chunks.len() as u32 / self.chunk_cols;
        let (x0, x1) = range(near.min.x, near.max.x, span.x, self.chunk_cols);
        let (y0, y1) = range(near.min.y, near.max.y, span.y, chunk_rows);
        for cy in y0..=y1 {
            for cx in x0..=x1 {
                let index = cy * self.chunk_cols + cx;
                let chunk = &self.chunks[index as usize];
                if !super::box_tree::meets(&chunk.bounds, near) {
                    continue;
                }
                for (j, s) in chunk.segments.iter().enumerate() {
                    if super::box_tree::meets(&s.bounds, near)
                        && !visit(index << SEGMENT_BITS | j as u32, s)
                    {
                        return;
                    }
                }
            }
        }
    }

    /// The solid tile whose cell holds `p` (grid frame): its cell number, its shape (a
    /// polygon in cell units, or the full cell as a box around the cell's centre) and
    /// where that shape's origin lies in the grid's frame; `None` outside the grid or in an
    /// empty cell. A point on a side between two cells belongs to the one after it.
    #[must_use]
    pub fn tile_at(&self, p: Vec2) -> Option<(u32, &Shape, Vec2)> {
        let (w, h) = (self.cell.x, self.cell.y);
        let (fx, fy) = ((p.x / w).floor(), (p.y / h).floor());
        let inside = |f: f32, v: f32, count: u32, size: f32| {
            // The far edge of the grid belongs to its last cell.
            if f == count as f32 && v == count as f32 * size {
                Some(count - 1)
            } else {
                (f >= 0.0 && f < count as f32).then_some(f as u32)
            }
        };
        let col = inside(fx, p.x, self.cols, w)?;
        let row = inside(fy, p.y, self.rows, h)?;
        let k = row * self.cols + col;
        let tile = self.tile_shape(self.cells.get(k as usize));
        let corner = Vec2::new(col as f32 * w, row as f32 * h);
        match &tile.outline {
            _ if tile.class == EMPTY => None,
            Some(outline) => Some((k, outline, corner)),
            None => Some((k, &self.full, corner + self.cell * 0.5)),
        }
    }

    /// The unit one-way direction of one-way class `class`, if it is one.
    fn up_of(&self, class: u16) -> Option<Vec2> {
        class.checked_sub(2).map(|k| self.ups[k as usize])
    }

    fn cell_index(&self, col: u32, row: u32) -> Result<usize, TileError> {
        if col < self.cols && row < self.rows {
            Ok(row as usize * self.cols as usize + col as usize)
        } else {
            Err(TileError::OutOfGrid { col, row })
        }
    }

    /// How the grid reads `value`.
    #[inline]
    fn tile_shape(&self, value: u16) -> &TileShape {
        if value == 0 {
            return &self.empty;
        }
        match self.values.binary_search(&value) {
            Ok(k) => &self.shapes[k],
            Err(_) => &self.solid,
        }
    }

    /// The tile of cell `(col, row)`, both in the grid.
    #[inline]
    fn tile_of(&self, col: u32, row: u32) -> &TileShape {
        self.tile_shape(
            self.cells
                .get(row as usize * self.cols as usize + col as usize),
        )
    }

    /// The point `p` of cell `(col, row)` (cell units) in the grid's frame, computed the
    /// same way by every cell whose closure holds it (see the module docs).
    fn place(&self, col: u32, row: u32, p: Vec2) -> Vec2 {
        let at = |i: u32, v: f32, size: f32| {
            if v == 0.0 {
                i as f32 * size
            } else if v == size {
                (i + 1) as f32 * size
            } else {
                i as f32 * size + v
            }
        };
        Vec2::new(at(col, p.x, self.cell.x), at(row, p.y, self.cell.y))
    }

    /// Appends the boundary segments of cell `(col, row)` (see the module docs).
    fn cell_boundary(&self, col: u32, row: u32, out: &mut Vec<RawSegment>) {
        let tile = self.tile_of(col, row);
        if tile.class == EMPTY {
            return;
        }
        let (w, h) = (self.cell.x, self.cell.y);
        let corners = [Vec2::ZERO, Vec2::new(w, 0.0), self.cell, Vec2::new(0.0, h)];
        let vertices = match &tile.outline {
            Some(Shape::Polygon(polygon)) => polygon.vertices(),
            _ => &corners,
        };
        let class = tile.class;
        let mut emit = |p: Vec2, q: Vec2| {
            let (a, b) = (self.place(col, row, p), self.place(col, row, q));
            if a != b {
                out.push(RawSegment { a, b, class });
            }
        };
        for (i, &p) in vertices.iter().enumerate() {
            let q = vertices[(i + 1) % vertices.len()];
            let Some(side) = side_of(p, q, self.cell) else {
                emit(p, q);
                continue;
            };
            let cover = self.neighbour(col, row, side).and_then(|(c, r)| {
                let other = self.tile_of(c, r);
                let covers = other.class == class || (class > SOLID && other.class == SOLID);
                if covers {
                    other.sides[side ^ 1]
                } else {
                    None
                }
            });
            let Some((lo, hi)) = cover else {
                emit(p, q);
                continue;
            };
            // Along the side: `y` on the sides x = 0 and x = w, `x` on the others.
            let along = |v: Vec2| if side < 2 { v.y } else { v.x };
            let at = |s: f32| {
                if side < 2 {
                    Vec2::new(p.x, s)
                } else {
                    Vec2::new(s, p.y)
                }
            };
            let (s0, s1) = (along(p), along(q));
            let (e0, e1) = (s0.min(s1), s0.max(s1));
            let mut pieces = [(e0, e1.min(lo)), (e0.max(hi), e1)];
            if s0 > s1 {
                pieces.reverse();
            }
            for (u, v) in pieces {
                if u < v {
                    let (u, v) = if s0 > s1 { (v, u) } else { (u, v) };
                    emit(at(u), at(v));
                }
            }
        }
    }

    /// The neighbour of cell `(col, row)` across `side`, if the grid has one.
    fn neighbour(&self, col: u32, row: u32, side: usize) -> Option<(u32, u32)> {
        match side {
            0 => col.checked_sub(1).map(|c| (c, row)),
            1 => (col + 1 < self.cols).then_some((col + 1, row)),
            2 => row.checked_sub(1).map(|r| (col, r)),
            _ => (row + 1 < self.rows).then_some((col, row + 1)),
        }
    }

    /// Derives the segments of chunk `k` anew (see the module docs).
    fn derive_chunk(&mut self, k: usize) {
        let c = CHUNK_CELLS;
        let (cx, cy) = (k as u32 % self.chunk_cols, k as u32 / self.chunk_cols);
        let (col0, row0) = (cx * c, cy * c);
        let (col1, row1) = ((col0 + c).min(self.cols), (row0 + c).min(self.rows));
        // The chunk's cells and the ring around them, whose segments the joints read.
        let (bc0, br0) = (col0.saturating_sub(1), row0.saturating_sub(1));
        let (bc1, br1) = ((col1 + 1).min(self.cols), (row1 + 1).min(self.rows));
        let block_cols = bc1 - bc0;
        let mut scratch = core::mem::take(&mut self.scratch);
        let (raw, starts) = (&mut scratch.raw, &mut scratch.starts);
        raw.clear();
        starts.clear();
        for row in br0..br1 {
            for col in bc0..bc1 {
                starts.push(raw.len() as u32);
                self.cell_boundary(col, row, raw);
            }
        }
        starts.push(raw.len() as u32);
        self.derived += u64::from(block_cols * (br1 - br0));
        let bucket = |col: u32, row: u32| {
            let at = ((row - br0) * block_cols + (col - bc0)) as usize;
            starts[at] as usize..starts[at + 1] as usize
        };
        let mut chunk = core::mem::take(&mut self.chunks[k]);
        chunk.segments.clear();
        chunk.bounds = NO_BOX;
        for row in row0..row1 {
            for col in col0..col1 {
                for i in bucket(col, row) {
                    let s = raw[i];
                    let direction = (s.b - s.a).normalize_or_zero();
                    let (mut previous, mut next) = (None, None);
                    let (mut best_previous, mut best_next) = (f32::MIN, f32::MIN);
                    for r in row.saturating_sub(1)..(row + 2).min(self.rows) {
                        for c in col.saturating_sub(1)..(col + 2).min(self.cols) {
                            for j in bucket(c, r) {
                                let t = raw[j];
                                let joins =
                                    t.class == s.class || (s.class > SOLID && t.class == SOLID);
                                if j == i || !joins {
                                    continue;
                                }
                                let d = (t.b - t.a).normalize_or_zero();
                                if t.a == s.b && turn(direction, d) > best_next {
                                    best_next = turn(direction, d);
                                    next = Some(d);
                                }
                                if t.b == s.a && turn(d, direction) > best_previous {
                                    best_previous = turn(d, direction);
                                    previous = Some(d);
                                }
                            }
                        }
                    }
                    let bounds = Aabb::new(s.a.min(s.b), s.a.max(s.b));
                    chunk.bounds = chunk.bounds.union(&bounds);
                    chunk.segments.push(TileSegment {
                        shape: Shape::Segment { a: s.a, b: s.b },
                        joints: Joints {
                            direction,
                            previous,
                            next,
                            one_sided: true,
                        },
                        bounds,
                        cell: row * self.cols + col,
                        up: self.up_of(s.class),
                    });
                }
            }
        }
        self.chunks[k] = chunk;
        self.scratch = scratch;
    }

    /// Every chunk's segments equal those a new build of the same cells derives (the
    /// tests' check that edits keep the boundary exact).
    #[must_use]
    pub fn same_boundary(&self, other: &TileGrid) -> bool {
        self.chunks.len() == other.chunks.len()
            && self
                .chunks
                .iter()
                .zip(&other.chunks)
                .all(|(a, b)| a.segments == b.segments)
    }
}

/// How much `v` turns left from `u` (both unit): a number that grows with the signed
/// angle from `u` to `v`, from −π (exclusive) to π, without a trigonometric call.
fn turn(u: Vec2, v: Vec2) -> f32 {
    let (cross, dot) = (u.perp_dot(v), u.dot(v));
    if cross >= 0.0 {
        1.0 - dot
    } else {
        dot - 1.0
    }
}

/// The side of a `size` cell that the edge `p → q` (cell units) lies on, if any: 0 for
/// `x = 0`, 1 for `x = w`, 2 for `y = 0`, 3 for `y = h`.
fn side_of(p: Vec2, q: Vec2, size: Vec2) -> Option<usize> {
    [
        p.x == 0.0 && q.x == 0.0,
        p.x == size.x && q.x == size.x,
        p.y == 0.0 && q.y == 0.0,
        p.y == size.y && q.y == size.y,
    ]
    .iter()
    .position(|&on| on)
}

/// The full cell as a tile of `class`.
fn full_tile(class: u16, cell: Vec2) -> TileShape {
    let covered = |size: f32| Some((0.0, size));
    TileShape {
        class,
        outline: None,
        sides: [
            covered(cell.y),
            covered(cell.y),
            covered(cell.x),
            covered(cell.x),
        ],
    }
}

/// `v` scaled to unit length (by its largest component first, so that neither a huge
/// nor a tiny vector over- or underflows), or zero.
fn unit(v: Vec2) -> Vec2 {
    let scale = v.x.abs().max(v.y.abs());
    if scale == 0.0 || !scale.is_finite() {
        return Vec2::ZERO;
    }
    Vec2::new(v.x / scale, v.y / scale).normalize_or_zero()
}

/// How a grid of `cell` units reads the definition `def` of `value`, adding its one-way
/// direction to `ups` if it is new.
fn read_tile(
    value: u16,
    def: &TileDef,
    cell: Vec2,
    ups: &mut Vec<Vec2>,
) -> Result<TileShape, TileError> {
    let TileDef::Solid { outline, one_way } = def else {
        return Ok(full_tile(EMPTY, cell));
    };
    let class = match one_way.map(unit) {
        None => SOLID,
        Some(up) => {
            let k = match ups.iter().position(|&u| u == up) {
                Some(k) => k,
                None => {
                    ups.push(up);
                    ups.len() - 1
                }
            };
            2 + k as u16
        }
    };
    let Some(points) = outline else {
        return Ok(full_tile(class, cell));
    };
    let tolerance = SNAP * cell.x.max(cell.y);
    let snap = |v: f32, size: f32| {
        if v.abs() <= tolerance {
            Some(0.0)
        } else if (v - size).abs() <= tolerance {
            Some(size)
        } else {
            (v > 0.0 && v < size).then_some(v)
        }
    };
    let mut snapped = Vec::with_capacity(points.len());
    for (vertex, p) in points.iter().enumerate() {
        match (snap(p.x, cell.x), snap(p.y, cell.y)) {
            (Some(x), Some(y)) => snapped.push(Vec2::new(x, y)),
            _ => return Err(TileError::OutsideCell { value, vertex }),
        }
    }
    let polygon =
        ConvexPolygon::new(&snapped).map_err(|error| TileError::Outline { value, error })?;
    let mut sides = [None; 4];
    let v = polygon.vertices();
    for (i, &p) in v.iter().enumerate() {
        let q = v[(i + 1) % v.len()];
        if let Some(side) = side_of(p, q, cell) {
            let (s0, s1) = if side < 2 { (p.y, q.y) } else { (p.x, q.x) };
            sides[side] = Some((s0.min(s1), s0.max(s1)));
        }
    }
    Ok(TileShape {
        class,
        outline: Some(Shape::Polygon(polygon)),
        sides,
    })
}

#[cfg(test)]
mod tests;
