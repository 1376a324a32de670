//! Tile grids in the world: one id, one broad-phase entry, a boundary read chunk by chunk.
//!
//! A tile grid ([`TileGrid`], `shape/tiles.rs`) is stored as chains are (`chain.rs`): its
//! row holds a rectangle around the grid ([`TileGrid::bounds`]), which is all the broad
//! phase, the poses and the boxes read, and the grid lives beside the store in a side
//! table by id ([`Grids`]). Every exact path that meets a grid id reads it as
//! `Pieces::Tiles` (`pieces.rs`), whose pieces are the boundary segments near the other
//! shape (found chunk by chunk, numbered `chunk << 10 | k`): the step's deepest pair,
//! point and shape queries, rays, casts, sweeps and the planes of move and slide. Each
//! segment's contacts, hits and planes go through the chain's smoothing with the
//! segment's joints, so a shape sliding across the cells only ever meets the surface's
//! normal. Where a contact is behind a segment (the shape has sunk past the face into the
//! solid), the segment's face separates it, as a ghost's does: behind a grid's boundary
//! is solid, unlike behind a chain loop.
//!
//! ## Inside
//!
//! A shape that touches no boundary segment is either outside the solid or entirely
//! inside it. For the answers about overlap (the step, `query_point`, `query_shape`), one
//! point of the shape (its support point along `+x`) is looked up in its cell: when that
//! cell's tile holds it, the pair touches, with the contact of the shape against that
//! cell's tile as the kernel finds it, unsmoothed (as a chain falls back to a ghost
//! contact: smoothing never hides an overlap). Rays and casts that start inside the solid
//! pass out of it (a segment seen from behind is no hit), like rays inside a chain loop.
//!
//! ## Tables
//!
//! Tile tables ([`TileTable`]) are world-wide and referred to by id: [`World::define_tiles`]
//! returns the id of an equal table if the world has one, so that a level loaded twice, or
//! a grid described by its record and added back, does not grow the list. Tables are never
//! removed (a grid's record names its table).
//!
//! A grid cannot be moved by [`World::sweep`] or [`World::move_and_slide`] (it would be
//! read as every segment of its boundary); [`World::set_transform`] moves it like any
//! shape.

use super::pieces::{collide_piece, DeepestPieces};
use super::side_table::SideTable;
use super::{ShapeOptions, World, WorldError};
use crate::math::{Transform, Vec2};
use crate::shape::tiles::{Cells, TileGrid, TileTable};
use crate::shape::Shape;

/// The tile grids of a world, by id.
pub(super) type Grids = SideTable<TileGrid>;

/// The cell reported for a pair, hit or contact without a grid.
pub const NO_CELL: u32 = u32::MAX;

/// The most tile tables a world may define.
pub const MAX_TILE_TABLES: usize = 1 << 16;

/// [`DeepestPieces`] of a grid (at `pose`) and a convex piece `other` (at `other_pose`)
/// that touch no boundary segment: the contact of `other` against the tile of the cell
/// holding its support point along `+x`, if that tile holds the point (see the module
/// docs). The grid is A when `grid_is_a`.
pub(super) fn inside_contact<'a>(
    grid: &'a TileGrid,
    pose: &Transform,
    other: (&'a Shape, &'a [Vec2]),
    other_pose: &Transform,
    grid_is_a: bool,
) -> Option<DeepestPieces<'a>> {
    let point = crate::cast::support(other.0, other.1, other_pose, Vec2::X);
    let (cell, tile, origin) = grid.tile_at(pose.apply_inv(point))?;
    let tile_pose = Transform {
        translation: pose.apply(origin),
        rotation: pose.rotation,
    };
    let piece = (tile, tile.polygon_points());
    let (a, pose_a, b, pose_b) = if grid_is_a {
        (piece, &tile_pose, other, other_pose)
    } else {
        (other, other_pose, piece, &tile_pose)
    };
    let contact = collide_piece(a.0, a.1, pose_a, b.0, b.1, pose_b)?;
    Some(DeepestPieces {
        contact,
        a,
        b,
        placed: Some((*pose_a, *pose_b)),
        cell,
    })
}

impl World {
    /// Defines a tile table and returns its id, or the id of an equal table the world
    /// already has. Fails only when the world has [`MAX_TILE_TABLES`] tables.
    pub fn define_tiles(&mut self, table: TileTable) -> Result<u32, WorldError> {
        if let Some(k) = self.tile_tables.iter().position(|t| *t == table) {
            return Ok(k as u32);
        }
        if self.tile_tables.len() >= MAX_TILE_TABLES {
            return Err(WorldError::TooManyTables);
        }
        self.tile_tables.push(table);
        Ok(self.tile_tables.len() as u32 - 1)
    }

    /// The tile table `id`, if the world defined it.
    #[must_use]
    pub fn tile_table(&self, id: u32) -> Option<&TileTable> {
        self.tile_tables.get(id as usize)
    }

    /// Adds a tile grid and returns its id: `cols × rows` cells of `cell` units, `cells`
    /// row-major (0 = empty), read with tile table `table` (`None`: every non-zero value a
    /// full solid cell), its min corner at `(x, y)` (see [`TileGrid::new`] for the limits).
    /// One shape, one id, whatever the number of its cells; [`World::set_transform`] moves
    /// it as any shape (its cells are local).
    ///
    /// ```
    /// use sepax::shape::tiles::Cells;
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let fixed = ShapeOptions { is_static: true, ..ShapeOptions::default() };
    /// // A floor of 100 cells of 16 × 16 whose top is at y = 320.
    /// let cells = Cells::Narrow(vec![1; 100]);
    /// let floor = world.add_tile_grid(0.0, 320.0, 100, 1, Vec2::new(16.0, 16.0), cells, None, fixed).unwrap();
    /// // A box across the seam of cells 10 and 11, sunk 0.5 into the floor.
    /// let crate_ = world.add(Shape::aligned_box(8.0, 8.0).unwrap(), 176.0, 312.5, 0.0, ShapeOptions::default()).unwrap();
    /// assert_eq!(world.step().unwrap(), 1);
    /// assert_eq!(world.pairs(), [floor, crate_]);
    /// let c = world.contacts();
    /// assert_eq!((c[0], c[1], c[2]), (0.0, -1.0, 0.5)); // the floor's normal, nothing else
    /// ```
    #[allow(clippy::too_many_arguments)] // where, how many, how large, what, and the options
    pub fn add_tile_grid(
        &mut self,
        x: f32,
        y: f32,
        cols: u32,
        rows: u32,
        cell: Vec2,
        cells: Cells,
        table: Option<u32>,
        options: ShapeOptions,
    ) -> Result<u32, WorldError> {
        let table_id = match table {
            Some(id) if self.tile_table(id).is_some() => id,
            Some(id) => return Err(WorldError::UnknownTable { id }),
            None => self.define_tiles(TileTable::default())?,
        };
        let tiles = &self.tile_tables[table_id as usize];
        let grid = TileGrid::new(cols, rows, cell, cells.narrowed(), tiles, table_id)?;
        self.add_grid(grid, x, y, 0.0, options)
    }

    /// Adds a grid built with one of the world's tables.
    pub(super) fn add_grid(
        &mut self,
        grid: TileGrid,
        x: f32,
        y: f32,
        angle: f32,
        options: ShapeOptions,
    ) -> Result<u32, WorldError> {
        let id = self.add_row(Shape::Polygon(grid.bounds().clone()), x, y, angle, options)?;
        self.grids.insert(id, grid);
        Ok(id)
    }

    /// The last step's cells of the pairs with a tile grid, parallel to [`World::pairs`]:
    /// for each pair, the cell (`row × cols + col`) of its deepest contact on the grid's
    /// side (the smaller id's, for a pair of two grids), [`NO_CELL`] for a pair without a
    /// grid. Empty while the world holds no grid (a world without grids records none).
    #[must_use]
    pub fn pair_cells(&self) -> &[u32] {
        &self.contact_points.published_cells
    }

    /// The allocated length of the buffer behind [`World::pair_cells`], for views over it
    /// (as [`World::result_capacities`] gives the others').
    #[must_use]
    pub fn pair_cell_capacity(&self) -> usize {
        self.contact_points.published_cells.capacity()
    }

    /// The tile grid stored under `id`, or `None` for another kind of shape.
    pub fn tile_grid(&self, id: u32) -> Result<Option<&TileGrid>, WorldError> {
        self.check_id("id", id)?;
        Ok(self.grids.get(id))
    }

    /// The value of cell `(col, row)` of grid `id`.
    pub fn tile(&self, id: u32, col: u32, row: u32) -> Result<u16, WorldError> {
        Ok(self.grid_of(id)?.tile(col, row)?)
    }

    /// Sets cell `(col, row)` of grid `id` to `value`, in time independent of the grid's
    /// size ([`TileGrid::set_tile`]). Like every change, the next step sees it: its pairs
    /// with the grid are tested again then.
    pub fn set_tile(&mut self, id: u32, col: u32, row: u32, value: u16) -> Result<(), WorldError> {
        self.grid_of(id)?;
        if let Some(grid) = self.grids.get_mut(id) {
            grid.set_tile(col, row, value)?;
        }
        // Pairs with the grid are carried while both sides are unchanged; its boundary
        // changed, so the next step tests them again.
        self.resting.filter_changed(id);
        Ok(())
    }

    /// The grid under `id`, or why there is none.
    fn grid_of(&self, id: u32) -> Result<&TileGrid, WorldError> {
        self.check_id("id", id)?;
        self.grids.get(id).ok_or(WorldError::NotATileGrid { id })
    }

    /// Fails when `id` is a grid, which `what` (`"sweep"`, `"moveAndSlide"`) cannot move.
    pub(super) fn check_not_grid(&self, arg: &'static str, id: u32) -> Result<(), WorldError> {
        match self.grids.get(id) {
            Some(_) => Err(WorldError::GridCannotMove { arg, id }),
            None => Ok(()),
        }
    }
}
