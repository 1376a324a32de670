//! The levels section of a snapshot: what one-way shapes and tile grids add to a world.
//!
//! It follows the point lists when the header's flag bit 2 says so, and holds, in order:
//! the one-way shapes (`id, up`), every tile table the world has defined (in id order, so
//! that table ids survive a load), each tile grid in id order (its table, size and cells,
//! in the width it keeps them in) and the last step's pair cells when the step recorded
//! them. A world that uses none of these writes no section and no flag: its snapshot is
//! byte for byte what it was before grids existed, and an older reader, which rejects an
//! unknown header flag, refuses a snapshot it could not load. `docs/snapshot-format.md`
//! gives the bytes; `load/levels.rs` reads them back.

use super::Out;
use crate::shape::tiles::{Cells, TileDef};
use crate::world::World;

/// A tile table entry's flags (`docs/snapshot-format.md`).
pub(super) const TILE_SOLID: u32 = 1;
pub(super) const TILE_OUTLINE: u32 = 2;
pub(super) const TILE_ONE_WAY: u32 = 4;

impl World {
    /// True when the world has something for the levels section.
    pub(super) fn has_levels(&self) -> bool {
        self.one_ways.count() > 0
            || !self.tile_tables.is_empty()
            || self.grids.count() > 0
            || self.contact_points.cells
    }

    /// Writes the levels section (see the module docs).
    pub(super) fn write_levels(&self, o: &mut Out) {
        let ids = 0..self.store.slot_count() as u32;
        o.u32(self.one_ways.count() as u32);
        for id in ids.clone() {
            if let Some(up) = self.one_ways.get(id) {
                o.u32(id);
                o.f32(up.x);
                o.f32(up.y);
            }
        }
        o.u32(self.tile_tables.len() as u32);
        for table in &self.tile_tables {
            o.u32(table.entries().count() as u32);
            for (value, def) in table.entries() {
                o.u32(u32::from(value));
                let TileDef::Solid { outline, one_way } = def else {
                    o.u32(0);
                    continue;
                };
                let flags = TILE_SOLID
                    | (u32::from(outline.is_some()) * TILE_OUTLINE)
                    | (u32::from(one_way.is_some()) * TILE_ONE_WAY);
                o.u32(flags);
                if let Some(points) = outline {
                    o.u32(points.len() as u32);
                    for p in points {
                        o.f32(p.x);
                        o.f32(p.y);
                    }
                }
                if let Some(up) = one_way {
                    o.f32(up.x);
                    o.f32(up.y);
                }
            }
        }
        for id in ids {
            let Some(grid) = self.grids.get(id) else {
                continue;
            };
            o.u32(grid.table_id());
            o.u32(grid.cols());
            o.u32(grid.rows());
            o.f32(grid.cell_size().x);
            o.f32(grid.cell_size().y);
            match grid.cells() {
                Cells::Narrow(cells) => {
                    o.u32(1);
                    o.0.extend_from_slice(cells);
                }
                Cells::Wide(cells) => {
                    o.u32(2);
                    o.0.extend(cells.iter().flat_map(|c| c.to_le_bytes()));
                }
            }
        }
        let cells = &self.contact_points;
        o.u32(u32::from(cells.cells));
        if cells.cells {
            o.words(&cells.published_cells, |c| c);
        }
    }
}
