//! Reading the grid: every pair of overlapping boxes (the step's candidates) and every box
//! overlapping a query box (the world's queries). Both report each pair or box once, from
//! the cell that holds the lower-left corner of the intersection (see the module docs of
//! `broad_phase`).

use super::{pack_cell, Entry, HashGrid, FIRST_COLUMN, FIRST_ROW};
use crate::math::Aabb;

impl HashGrid {
    /// Appends the pairs of `box_a` (shape `id`) with the shapes of another `level` whose
    /// boxes it overlaps, each reported from the cell of `level` holding the lower-left
    /// corner of the intersection (so from exactly one of the cells visited).
    #[inline]
    fn pairs_on_level(&self, id: u32, box_a: &Aabb, level: u32, out: &mut Vec<(u32, u32)>) {
        self.visit_cells(level, box_a, |other, _| {
            out.push((id.min(other), id.max(other)))
        });
    }

    /// Calls `visit` with the id of every entry of `level` whose box overlaps `query`,
    /// once each, visiting the cells `query` covers: a box is reported from the cell
    /// holding the lower-left corner of its intersection with `query`.
    ///
    /// That cell is found as `same_cell_pairs` finds it, from first columns and rows rather
    /// than by computing the corner's cell: both footprints (the entry's and the query's,
    /// on the same level) contain the cell, so it holds the corner exactly when it is the
    /// first column of one of them and the first row of one of them. The whole test is
    /// evaluated without a jump until the answer: an entry in a visited cell overlaps the
    /// query at random, which short-circuit tests mispredicted (this loop was the largest
    /// part of a step where a tenth of the shapes move and query the resting grid).
    #[inline]
    fn visit_cells(&self, level: u32, query: &Aabb, mut visit: impl FnMut(u32, &Aabb)) {
        let (cx0, cy0) = self.cell_of(level, query.min);
        let (cx1, cy1) = self.cell_of(level, query.max);
        const BOTH: u32 = FIRST_COLUMN | FIRST_ROW;
        for cy in cy0..=cy1 {
            let first_row = if cy == cy0 { FIRST_ROW } else { 0 };
            for cx in cx0..=cx1 {
                let query_tags = first_row | if cx == cx0 { FIRST_COLUMN } else { 0 };
                let cell = pack_cell(level, cx, cy);
                for index in self.bucket(level, cx, cy) {
                    let e = &self.entries[index];
                    let b = &e.aabb;
                    // `&` on booleans on purpose: no jump per comparison.
                    let hit = self.in_cell(index, cell)
                        & ((e.tagged_id | query_tags) & BOTH == BOTH)
                        & (b.min.x <= query.max.x)
                        & (query.min.x <= b.max.x)
                        & (b.min.y <= query.max.y)
                        & (query.min.y <= b.max.y);
                    if hit {
                        visit(e.id(), &e.aabb);
                    }
                }
            }
        }
    }

    /// Appends every pair of indexed boxes that overlap (touching counts), once each, in no
    /// particular order, each pair's two ids in either order (the world orders them by id
    /// itself, so ordering them here would be wasted work).
    pub fn overlapping_pairs(&mut self, ids: &[u32], aabbs: &[Aabb], out: &mut Vec<(u32, u32)>) {
        // Same-level pairs, bucket by bucket (the table has at most four buckets per
        // shape, so walking it costs little beside the entries). They are written to
        // `slots`, which keeps its length from step to step: growing `out` instead would
        // zero-fill the slack again every step.
        let table_size = self.table_size;
        let slots = &mut self.pair_slots;
        let mut count = 0;
        for b in 0..table_size {
            let (start, end) = (self.starts[b] as usize, self.starts[b + 1] as usize);
            if end - start < 2 {
                continue;
            }
            count = if self.dense {
                same_cell_pairs::<true>(&self.entries[start..end], &[], slots, count)
            } else {
                same_cell_pairs::<false>(
                    &self.entries[start..end],
                    &self.cells[start..end],
                    slots,
                    count,
                )
            };
        }
        out.extend_from_slice(&slots[..count]);
        // Cross-level pairs: from the side chosen by `plan_cross_level_lookups`.
        if self.levels_in_use.count_ones() < 2 {
            return;
        }
        for (f, &id) in self.footprints.iter().zip(ids) {
            let mut others = self.look_up[f.level as usize] | self.look_down[f.level as usize];
            if others == 0 {
                continue;
            }
            let box_a = &aabbs[id as usize];
            while others != 0 {
                let level = others.trailing_zeros();
                others &= others - 1;
                self.pairs_on_level(id, box_a, level, out);
            }
        }
    }

    /// Calls `visit` with every indexed id whose box overlaps `query` (touching counts),
    /// once each, and its box as indexed.
    pub fn query(&self, query: &Aabb, mut visit: impl FnMut(u32, &Aabb)) {
        let mut levels = self.levels_in_use;
        while levels != 0 {
            let level = levels.trailing_zeros();
            levels &= levels - 1;
            let (cx0, cy0) = self.cell_of(level, query.min);
            let (cx1, cy1) = self.cell_of(level, query.max);
            let cells = (cx1.abs_diff(cx0) as u64 + 1) * (cy1.abs_diff(cy0) as u64 + 1);
            if cells > self.entry_count as u64 {
                // A query box covering more cells than there are entries: scanning the
                // entries of this level is cheaper than visiting empty cells.
                self.scan_level(level, query, &mut visit);
            } else {
                self.visit_cells(level, query, &mut visit);
            }
        }
    }

    /// [`HashGrid::query`] on one level by scanning its entries instead of its cells.
    fn scan_level(&self, level: u32, query: &Aabb, visit: &mut impl FnMut(u32, &Aabb)) {
        let mut report = |e: &Entry, cell: u64| {
            if e.aabb.overlaps(query) && self.reports_in(level, &e.aabb, query, cell) {
                visit(e.id(), &e.aabb);
            }
        };
        if self.dense {
            // The level's buckets are a block of the table; a bucket's index gives its cell.
            let table = &self.dense_levels[level as usize];
            for row in 0..table.rows {
                for column in 0..table.columns {
                    let b = table.offset + row * table.columns + column;
                    let cell = pack_cell(level, column as i32, row as i32);
                    for e in &self.entries[self.starts[b] as usize..self.starts[b + 1] as usize] {
                        report(e, cell);
                    }
                }
            }
        } else {
            let count = self.entry_count;
            for (e, &cell) in self.entries[..count].iter().zip(&self.cells[..count]) {
                if (cell >> 42) as u32 == level {
                    report(e, cell);
                }
            }
        }
    }
}

/// The pairs of overlapping boxes among the entries of one bucket, written to
/// `out[count..]` (grown as needed); returns the new count. In hashed mode (`DENSE`
/// false) `cells` tells which entries share a cell; in dense mode the bucket is one cell.
///
/// The inner loop is branch-free: about one comparison in five is a hit, at random, so
/// short-circuit tests and a conditional push would mispredict constantly. Every
/// comparison writes its pair to the next free slot and advances the count by the hit
/// bit; the slack written past the count is cut off by the caller.
#[inline]
fn same_cell_pairs<const DENSE: bool>(
    entries: &[Entry],
    cells: &[u64],
    out: &mut Vec<(u32, u32)>,
    mut count: usize,
) -> usize {
    for (i, ea) in entries.iter().enumerate() {
        let rest = &entries[i + 1..];
        if out.len() < count + rest.len() {
            out.resize((count + rest.len()) * 2, (0, 0));
        }
        let slots = &mut out[count..count + rest.len()];
        let mut hits = 0;
        for (j, eb) in rest.iter().enumerate() {
            // Both footprints contain this cell, so the lower-left corner of the boxes'
            // intersection lies in it exactly when the cell is the rightmost of the two
            // first columns and the topmost of the two first rows: one of the two entries
            // is in its shape's first column, and one in its first row. Integer tests
            // only, no cell recomputed per pair.
            let flags = ea.tagged_id | eb.tagged_id;
            let same_cell = DENSE || cells[i] == cells[i + 1 + j];
            let hit = same_cell
                & (flags & (FIRST_COLUMN | FIRST_ROW) == FIRST_COLUMN | FIRST_ROW)
                & (ea.aabb.min.x <= eb.aabb.max.x)
                & (eb.aabb.min.x <= ea.aabb.max.x)
                & (ea.aabb.min.y <= eb.aabb.max.y)
                & (eb.aabb.min.y <= ea.aabb.max.y);
            let (a, b) = (ea.id(), eb.id());
            slots[hits] = (a, b);
            hits += usize::from(hit);
        }
        count += hits;
    }
    count
}
