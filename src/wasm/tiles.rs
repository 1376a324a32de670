//! Tile tables and grids, one-way shapes, and the cells of results.
//!
//! A tile table arrives as parallel arrays, one entry each: its value, its flags (0 empty;
//! [`TILE_SOLID`], with [`TILE_OUTLINE`] when `numbers` holds its outline, [`TILE_ONE_WAY`]
//! when it holds its one-way direction) and its outline's point count; `numbers` holds, entry
//! after entry, the outline's points then the direction. `tileTable` writes a table back the
//! same way into the floats: per entry `value, flags, count`, the points, the direction. A
//! grid's cells arrive as bytes, two per cell (little-endian) when `wide`.

use super::RawWorld;
use crate::math::Vec2;
use crate::shape::tiles::{Cells, TileDef, TileTable};
use crate::world::{ShapeOptions, WorldError};
use wasm_bindgen::prelude::*;

/// A tile entry's flags (the snapshot format's, `docs/snapshot-format.md`).
pub const TILE_SOLID: u8 = 1;
/// The entry has an outline.
pub const TILE_OUTLINE: u8 = 2;
/// The entry is one-way.
pub const TILE_ONE_WAY: u8 = 4;

/// The table of the parallel arrays (see the module docs).
pub(super) fn table_of(
    values: &[u32],
    flags: &[u8],
    counts: &[u8],
    numbers: &[f32],
) -> Result<TileTable, WorldError> {
    let mut at = 0;
    let mut next = |n: usize| {
        let taken = numbers.get(at..at + n).unwrap_or(&[]);
        at += n;
        taken
    };
    let entries = values
        .iter()
        .zip(flags)
        .zip(counts)
        .map(|((&value, &flags), &count)| {
            if flags & TILE_SOLID == 0 {
                return (value, TileDef::Empty);
            }
            let outline = (flags & TILE_OUTLINE != 0).then(|| {
                let xy = next(2 * usize::from(count));
                xy.chunks_exact(2).map(|p| Vec2::new(p[0], p[1])).collect()
            });
            let one_way = (flags & TILE_ONE_WAY != 0).then(|| {
                let xy = next(2);
                Vec2::new(
                    xy.first().copied().unwrap_or(0.0),
                    xy.get(1).copied().unwrap_or(0.0),
                )
            });
            (value, TileDef::Solid { outline, one_way })
        })
        .collect();
    Ok(TileTable::new(entries)?)
}

/// Cells as the core keeps them, from their bytes.
pub(super) fn cells_of(bytes: &[u8], wide: bool) -> Cells {
    if wide {
        let values = bytes
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]));
        Cells::Wide(values.collect())
    } else {
        Cells::Narrow(bytes.to_vec())
    }
}

#[wasm_bindgen]
impl RawWorld {
    /// Defines a tile table (see the module docs); returns its id.
    #[wasm_bindgen(js_name = defineTiles)]
    pub fn define_tiles(
        &mut self,
        values: &[u32],
        flags: &[u8],
        counts: &[u8],
        numbers: &[f32],
    ) -> u32 {
        let result =
            table_of(values, flags, counts, numbers).and_then(|t| self.inner.define_tiles(t));
        self.count(result.map(|id| id as usize))
    }

    /// Writes tile table `id` to the floats (see the module docs); returns how many numbers.
    #[wasm_bindgen(js_name = tileTable)]
    pub fn tile_table(&mut self, id: u32) -> u32 {
        let Some(table) = self.inner.tile_table(id) else {
            return self.fail(WorldError::UnknownTable { id }, u32::MAX);
        };
        let out = &mut self.floats;
        out.clear();
        for (value, def) in table.entries() {
            out.push(f32::from(value));
            let TileDef::Solid { outline, one_way } = def else {
                out.extend([0.0, 0.0]);
                continue;
            };
            let flags = TILE_SOLID
                | if outline.is_some() { TILE_OUTLINE } else { 0 }
                | if one_way.is_some() { TILE_ONE_WAY } else { 0 };
            let count = outline.as_ref().map_or(0, Vec::len);
            out.extend([f32::from(flags), count as f32]);
            for p in outline.iter().flatten() {
                out.extend([p.x, p.y]);
            }
            if let Some(up) = one_way {
                out.extend([up.x, up.y]);
            }
        }
        out.len() as u32
    }

    /// Adds a tile grid of `cols × rows` cells of `cell_width × cell_height` with its min
    /// corner at `(x, y)`, read with table `table` (`u32::MAX`: the default); returns its id.
    #[wasm_bindgen(js_name = addTileGrid)]
    #[allow(clippy::too_many_arguments)] // the grid, its cells, its table and its options
    pub fn add_tile_grid(
        &mut self,
        x: f32,
        y: f32,
        cols: u32,
        rows: u32,
        cell_width: f32,
        cell_height: f32,
        cells: &[u8],
        wide: bool,
        table: u32,
        layer: u32,
        mask: u32,
        is_static: bool,
    ) -> u32 {
        let options = ShapeOptions {
            layer,
            mask,
            is_static,
        };
        let table = (table != u32::MAX).then_some(table);
        let cell = Vec2::new(cell_width, cell_height);
        let cells = cells_of(cells, wide);
        let result = self
            .inner
            .add_tile_grid(x, y, cols, rows, cell, cells, table, options);
        self.count(result.map(|id| id as usize))
    }

    /// Sets cell `(col, row)` of grid `id` to `value`.
    #[wasm_bindgen(js_name = setTile)]
    pub fn set_tile(&mut self, id: u32, col: u32, row: u32, value: u16) -> bool {
        let result = self.inner.set_tile(id, col, row, value);
        self.done(result)
    }

    /// The value of cell `(col, row)` of grid `id` (`u32::MAX` on failure).
    pub fn tile(&mut self, id: u32, col: u32, row: u32) -> u32 {
        let result = self.inner.tile(id, col, row);
        self.count(result.map(usize::from))
    }

    /// Describes grid `id`: `io[0..6]` = `cols, rows, table, wide, cellWidth, cellHeight`;
    /// its cells go to the bytes (address in `io[6]`). Returns the number of bytes.
    #[wasm_bindgen(js_name = tileGrid)]
    pub fn tile_grid(&mut self, id: u32) -> u32 {
        let grid = match self.inner.tile_grid(id) {
            Ok(Some(grid)) => grid,
            Ok(None) => return self.fail(WorldError::NotATileGrid { id }, u32::MAX),
            Err(e) => return self.fail(e, u32::MAX),
        };
        self.bytes.clear();
        let wide = match grid.cells() {
            Cells::Narrow(cells) => {
                self.bytes.extend_from_slice(cells);
                false
            }
            Cells::Wide(cells) => {
                self.bytes
                    .extend(cells.iter().flat_map(|c| c.to_le_bytes()));
                true
            }
        };
        let cell = grid.cell_size();
        let numbers = [
            f64::from(grid.cols()),
            f64::from(grid.rows()),
            f64::from(grid.table_id()),
            f64::from(u8::from(wide)),
            f64::from(cell.x),
            f64::from(cell.y),
            self.bytes.as_ptr() as usize as f64,
        ];
        self.io[..numbers.len()].copy_from_slice(&numbers);
        self.bytes.len() as u32
    }

    /// Makes shape `id` one-way along `(x, y)`, or solid from every side unless `one_way`.
    #[wasm_bindgen(js_name = setOneWay)]
    pub fn set_one_way(&mut self, id: u32, one_way: bool, x: f32, y: f32) -> bool {
        let up = one_way.then_some(Vec2::new(x, y));
        let result = self.inner.set_one_way(id, up);
        self.done(result)
    }

    /// Makes shape `id` a sensor (reported by the step, met by no motion), or solid.
    #[wasm_bindgen(js_name = setSensor)]
    pub fn set_sensor(&mut self, id: u32, sensor: bool) -> bool {
        let result = self.inner.set_sensor(id, sensor);
        self.done(result)
    }

    /// The one-way direction of shape `id`: 1 with `io[0..2]` = `x, y`, 0 for a shape solid
    /// from every side (`u32::MAX` on failure).
    #[wasm_bindgen(js_name = oneWay)]
    pub fn one_way(&mut self, id: u32) -> u32 {
        match self.inner.one_way(id) {
            Ok(Some(up)) => {
                self.io[0] = up.x.into();
                self.io[1] = up.y.into();
                1
            }
            Ok(None) => 0,
            Err(e) => self.fail(e, u32::MAX),
        }
    }

    /// The number of pair cells of the last step (0 while the world holds no grid).
    #[wasm_bindgen(js_name = pairCellCount)]
    pub fn pair_cell_count(&self) -> u32 {
        self.inner.pair_cells().len() as u32
    }
}
