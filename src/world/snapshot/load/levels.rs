//! Reading the levels section (`snapshot/levels.rs`): one-way shapes, tile tables, tile
//! grids and the last step's pair cells, each checked (the tables and grids through their
//! constructors) before anything is built. Its length is not in the header: each list's
//! count is checked against the bytes left before it sizes anything, and the section must
//! end where the input does.

use super::layout::u32_at;
use super::{bad, Layout};
use crate::math::Vec2;
use crate::shape::tiles::{Cells, TileDef, TileGrid, TileTable, MAX_TILE_CELLS, MAX_TILE_VERTICES};
use crate::store::FLAG_ALIVE;
use crate::world::one_way::unit_up;
use crate::world::snapshot::levels::{TILE_ONE_WAY, TILE_OUTLINE, TILE_SOLID};
use crate::world::snapshot::SnapshotError;
use crate::world::{World, MAX_TILE_TABLES};

/// The checked levels section, ready to be built.
#[derive(Default)]
pub(super) struct Levels {
    pub(super) one_ways: Vec<(u32, Option<Vec2>)>,
    pub(super) tables: Vec<TileTable>,
    /// The grids by id, in id order (`None`: the target's, which is the same).
    pub(super) grids: Vec<(u32, Option<TileGrid>)>,
    /// The last step's pair cells, when it recorded them.
    pub(super) cells: Option<Vec<u32>>,
}

/// Reads words from `at` on, failing as a truncated snapshot past the end.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    /// Fails unless `count` more bytes are there.
    fn need(&self, count: u64) -> Result<(), SnapshotError> {
        let end = self.at as u64 + count;
        if end > self.bytes.len() as u64 {
            return Err(SnapshotError::Truncated {
                at: self.bytes.len(),
                expected: usize::try_from(end).unwrap_or(usize::MAX),
            });
        }
        Ok(())
    }

    fn u32(&mut self) -> Result<u32, SnapshotError> {
        self.need(4)?;
        let v = u32_at(self.bytes, self.at);
        self.at += 4;
        Ok(v)
    }

    fn f32(&mut self) -> Result<f32, SnapshotError> {
        self.u32().map(f32::from_bits)
    }

    fn vec2(&mut self) -> Result<Vec2, SnapshotError> {
        Ok(Vec2::new(self.f32()?, self.f32()?))
    }
}

impl Levels {
    /// Reads and checks the section of `bytes` at `layout.levels_at` (when the header says
    /// there is one): `grid_ids` are the live slots whose kind is a tile grid, in id order;
    /// a grid equal to the one `target` holds under the same id is kept.
    pub(super) fn read(
        bytes: &[u8],
        layout: &Layout,
        grid_ids: &[u32],
        target: &World,
    ) -> Result<Levels, SnapshotError> {
        let mut levels = Levels::default();
        let mut c = Cursor {
            bytes,
            at: layout.levels_at,
        };
        if !layout.levels {
            // A grid's slot needs the section that holds its grid.
            return match grid_ids.first() {
                Some(&id) => Err(bad(
                    "kind of slot",
                    id as usize,
                    layout.kinds_at + id as usize,
                )),
                None => Ok(levels),
            };
        }
        let count = c.u32()? as usize;
        c.need(12 * count as u64)?;
        let mut next = 0;
        for k in 0..count {
            let at = c.at;
            let (id, up) = (c.u32()?, c.vec2()?);
            let live = (id as usize) < layout.slots
                && bytes[layout.flags_at + id as usize] & FLAG_ALIVE != 0;
            let kept = unit_up(up).is_some_and(|u| {
                u.x.to_bits() == up.x.to_bits() && u.y.to_bits() == up.y.to_bits()
            });
            if id < next || !live || !kept {
                return Err(bad("one-way record", k, at));
            }
            next = id + 1;
            levels.one_ways.push((id, Some(up)));
        }
        let count = c.u32()? as usize;
        if count > MAX_TILE_TABLES {
            return Err(bad("tile table count", count, c.at - 4));
        }
        for k in 0..count {
            let at = c.at;
            levels
                .tables
                .push(read_table(&mut c).map_err(|e| e.unwrap_or(bad("tile table", k, at)))?);
        }
        for &id in grid_ids {
            let at = c.at;
            let [table, cols, rows] = [c.u32()?, c.u32()?, c.u32()?];
            let (cell, width) = (c.vec2()?, c.u32()?);
            let n = u64::from(cols) * u64::from(rows);
            let bad_grid = || bad("tile grid of slot", id as usize, at);
            if table as usize >= levels.tables.len()
                || n > MAX_TILE_CELLS as u64
                || !(1..=2).contains(&width)
            {
                return Err(bad_grid());
            }
            c.need(n * u64::from(width))?;
            let n = n as usize;
            let stored = &bytes[c.at..c.at + n * width as usize];
            c.at += n * width as usize;
            let tiles = &levels.tables[table as usize];
            let old = target.grids.get(id).filter(|g| {
                g.table_id() == table
                    && (g.cols(), g.rows()) == (cols, rows)
                    && g.cell_size().x.to_bits() == cell.x.to_bits()
                    && g.cell_size().y.to_bits() == cell.y.to_bits()
                    && target.tile_table(table) == Some(tiles)
                    && match g.cells() {
                        Cells::Narrow(v) => width == 1 && v[..] == *stored,
                        Cells::Wide(v) => {
                            width == 2
                                && v.iter()
                                    .flat_map(|x| x.to_le_bytes())
                                    .eq(stored.iter().copied())
                        }
                    }
            });
            if old.is_some() {
                levels.grids.push((id, None));
                continue;
            }
            let cells = if width == 1 {
                Cells::Narrow(stored.to_vec())
            } else {
                Cells::Wide(
                    stored
                        .chunks_exact(2)
                        .map(|w| u16::from_le_bytes([w[0], w[1]]))
                        .collect(),
                )
            };
            let grid =
                TileGrid::new(cols, rows, cell, cells, tiles, table).map_err(|_| bad_grid())?;
            levels.grids.push((id, Some(grid)));
        }
        let at = c.at;
        match c.u32()? {
            0 => {}
            1 => {
                c.need(4 * layout.pairs as u64)?;
                levels.cells = Some(
                    (0..layout.pairs)
                        .map(|k| u32_at(bytes, c.at + 4 * k))
                        .collect(),
                );
                c.at += 4 * layout.pairs;
            }
            _ => return Err(bad("pair cells flag", 0, at)),
        }
        if c.at != bytes.len() {
            return Err(SnapshotError::TooLong {
                expected: c.at,
                actual: bytes.len(),
            });
        }
        Ok(levels)
    }
}

/// One tile table: its entries, values ascending, through [`TileTable::new`]'s checks
/// (`Err(None)`: a value that no table holds; the caller names the table).
fn read_table(c: &mut Cursor) -> Result<TileTable, Option<SnapshotError>> {
    let count = c.u32()? as usize;
    if count > usize::from(u16::MAX) {
        return Err(None);
    }
    c.need(8 * count as u64)?;
    let mut entries = Vec::with_capacity(count);
    for _ in 0..count {
        let (value, flags) = (c.u32()?, c.u32()?);
        if flags & !(TILE_SOLID | TILE_OUTLINE | TILE_ONE_WAY) != 0
            || (flags != 0 && flags & TILE_SOLID == 0)
        {
            return Err(None);
        }
        if flags == 0 {
            entries.push((value, TileDef::Empty));
            continue;
        }
        let mut outline = None;
        if flags & TILE_OUTLINE != 0 {
            let points = c.u32()? as usize;
            if points > MAX_TILE_VERTICES {
                return Err(None);
            }
            let mut list = Vec::with_capacity(points);
            for _ in 0..points {
                list.push(c.vec2()?);
            }
            outline = Some(list);
        }
        let one_way = if flags & TILE_ONE_WAY != 0 {
            Some(c.vec2()?)
        } else {
            None
        };
        entries.push((value, TileDef::Solid { outline, one_way }));
    }
    // Ascending as written, so that the table writes back the same bytes.
    if entries.windows(2).any(|w| w[0].0 >= w[1].0) {
        return Err(None);
    }
    TileTable::new(entries).map_err(|_| None)
}
