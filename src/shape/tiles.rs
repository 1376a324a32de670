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
//!
//! ## Where things are
//!
//! - `tiles.rs` (here): the grid, its cells, chunks and walks;
//! - `tiles/table.rs`: tile tables, their errors, and how a grid reads a definition;
//! - `tiles/boundary.rs`: the derivation of each cell's boundary segments and each chunk's
//!   joints.

use super::chain::Joints;
use super::{ConvexPolygon, Shape, MAX_SHAPE_SIZE};
use crate::math::{Aabb, Vec2};
use boundary::RawSegment;
use table::{full_tile, read_tile, TileShape, EMPTY, SOLID};
pub use table::{TileDef, TileError, TileTable, MAX_TILE_VERTICES};

/// The most cells a grid may have (its cells are numbered in a `u32`, and a chunk number
/// with the segment's number within it fits the world's piece numbers).
pub const MAX_TILE_CELLS: usize = 1 << 24;

/// The side of a chunk, in cells.
pub const CHUNK_CELLS: u32 = 8;

/// How many low bits of a segment's number are its index within its chunk.
const SEGMENT_BITS: u32 = 10;

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

    /// Wide cells whose values all fit in a byte, as narrow ones: what a new grid stores
    /// (a grid keeps the width it was built with until a value needs two bytes).
    #[must_use]
    pub fn narrowed(self) -> Cells {
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

pub(super) const NO_BOX: Aabb =
    Aabb::new(Vec2::new(f32::MAX, f32::MAX), Vec2::new(f32::MIN, f32::MIN));

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
    /// size, and points that close to a side are put on it). The cells keep their width
    /// (see [`Cells::narrowed`]).
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
            cells,
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

    /// Names the table the grid was built with by another id (a grid checked before its
    /// table was given an id: `World::add_shapes`).
    pub(crate) fn set_table_id(&mut self, id: u32) {
        self.table_id = id;
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
            // Saturating conversions (negative and NaN to 0; for a non-negative value, a
            // truncation is its floor): a box beyond the grid clamps to its edge chunks, and
            // one that misses the grid entirely returned above.
            let first = ((lo / size) as u32).min(count - 1);
            let end = ((hi / size) as u32).min(count - 1);
            (first, end)
        };
        if !super::box_tree::meets(&self.local_bounds(), near) {
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

mod boundary;
mod table;

#[cfg(test)]
mod tests;
