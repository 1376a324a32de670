//! Reading the grid: every pair of overlapping boxes (the step's candidates) and every box
//! overlapping a query box (the world's queries). Both report each pair or box once, from
//! the cell that holds the lower-left corner of the intersection (see the module docs of
//! `broad_phase`). And the cells that hold entries, for a debug drawing.

use super::{pack_cell, Entry, HashGrid, FIRST_COLUMN, FIRST_ROW};
use crate::grow::{self, GrowError};
use crate::math::{Aabb, Vec2};

impl HashGrid {
    /// Appends the pairs of `box_a` (shape `id`) with the shapes of another `level` whose
    /// boxes it overlaps, each reported from the cell of `level` holding the lower-left
    /// corner of the intersection (so from exactly one of the cells visited).
    #[inline]
    pub(super) fn pairs_on_level(
        &self,
        id: u32,
        box_a: &Aabb,
        level: u32,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), GrowError> {
        let mut result = Ok(());
        self.visit_cells(level, box_a, |other, _| {
            if let Err(e) = grow::push(out, (id.min(other), id.max(other))) {
                result = Err(e);
            }
        });
        result
    }

    /// Calls `visit` with the id of every entry of `level` whose box overlaps `query`,
    /// once each, visiting the cells `query` covers: a box is reported from the cell
    /// holding the lower-left corner of its intersection with `query`.
    ///
    /// That cell is found as `same_cell_pairs` finds it ([`reports_here`]), from first
    /// columns and rows rather than by computing the corner's cell, the query's footprint
    /// on this level taking the place of the second entry's. The whole test is evaluated
    /// without a jump until the answer: an entry in a visited cell overlaps the query at
    /// random, which short-circuit tests mispredicted (this loop was the largest part of a
    /// step where a tenth of the shapes move and query the resting grid).
    #[inline]
    fn visit_cells(&self, level: u32, query: &Aabb, mut visit: impl FnMut(u32, &Aabb)) {
        let (cx0, cy0) = self.cell_of(level, query.min);
        let (cx1, cy1) = self.cell_of(level, query.max);
        let probe = BoxProbe::new(query);
        for cy in cy0..=cy1 {
            let first_row = if cy == cy0 { FIRST_ROW } else { 0 };
            for cx in cx0..=cx1 {
                let query_tags = first_row | if cx == cx0 { FIRST_COLUMN } else { 0 };
                let cell = pack_cell(level, cx, cy);
                for index in self.bucket(level, cx, cy) {
                    let e = &self.entries[index];
                    // `&` on booleans on purpose: no jump per comparison.
                    let hit = self.in_cell(index, cell)
                        & reports_here(e.tagged_id | query_tags)
                        & probe.overlaps(&e.aabb);
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
    ///
    /// Fails when a buffer cannot grow to the pairs (shapes piled at one point give a
    /// number of pairs that grows with the square of their count); `out` then holds some
    /// of them.
    pub fn overlapping_pairs(
        &mut self,
        ids: &[u32],
        aabbs: &[Aabb],
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), GrowError> {
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
                same_cell_pairs::<true>(&self.entries[start..end], &[], slots, count)?
            } else {
                same_cell_pairs::<false>(
                    &self.entries[start..end],
                    &self.cells[start..end],
                    slots,
                    count,
                )?
            };
        }
        grow::reserve(out, count)?;
        out.extend_from_slice(&slots[..count]);
        // Cross-level pairs: from the side chosen by `plan_cross_level_lookups`.
        if self.levels_in_use.count_ones() < 2 {
            return Ok(());
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
                self.pairs_on_level(id, box_a, level, out)?;
            }
        }
        Ok(())
    }

    /// Frees the scratch of the same-cell pairs (after a step that failed: it may hold
    /// the most pairs of any step).
    pub fn release_scratch(&mut self) {
        self.pair_slots = Vec::new();
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

    /// Calls `visit` with the box of every cell that holds an entry and meets `near`, each
    /// once: what a debug drawing shows of the grid. Not a hot path: in hashed mode each
    /// entry is compared with the ones before it in its bucket.
    pub fn each_occupied_cell(&self, near: &Aabb, visit: &mut dyn FnMut(Aabb)) {
        let mut report = |level: u32, cx: i32, cy: i32| {
            let size = self.base_cell * (1u64 << level) as f32;
            let min = self.origin + Vec2::new(cx as f32 * size, cy as f32 * size);
            let cell = Aabb::new(min, min + Vec2::new(size, size));
            if cell.overlaps(near) {
                visit(cell);
            }
        };
        if self.dense {
            let mut levels = self.levels_in_use;
            while levels != 0 {
                let level = levels.trailing_zeros();
                levels &= levels - 1;
                let t = &self.dense_levels[level as usize];
                let (cx0, cy0) = self.cell_of(level, near.min);
                let (cx1, cy1) = self.cell_of(level, near.max);
                for cy in cy0..=cy1.min(t.rows as i32 - 1) {
                    for cx in cx0..=cx1.min(t.columns as i32 - 1) {
                        let b = t.offset + cy as usize * t.columns + cx as usize;
                        if self.starts[b] < self.starts[b + 1] {
                            report(level, cx, cy);
                        }
                    }
                }
            }
            return;
        }
        for b in 0..self.table_size {
            let (start, end) = (self.starts[b] as usize, self.starts[b + 1] as usize);
            for i in start..end {
                let key = self.cells[i];
                if !self.cells[start..i].contains(&key) {
                    let mask = (1u64 << 21) - 1;
                    report(
                        (key >> 42) as u32,
                        ((key >> 21) & mask) as i32,
                        (key & mask) as i32,
                    );
                }
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
/// `out[count..]` (grown as needed); returns the new count, or the error of a buffer that
/// could not grow. In hashed mode (`DENSE` false) `cells` tells which entries share a
/// cell; in dense mode the bucket is one cell.
///
/// The inner loop is branch-free: about one comparison in five is a hit, at random, so
/// short-circuit tests and a conditional push would mispredict constantly. Every
/// comparison writes its pair to the next free slot and advances the count by the hit
/// bit; the slack written past the count is cut off by the caller.
#[inline]
pub(super) fn same_cell_pairs<const DENSE: bool>(
    entries: &[Entry],
    cells: &[u64],
    out: &mut Vec<(u32, u32)>,
    mut count: usize,
) -> Result<usize, GrowError> {
    // Room for every comparison of the bucket at once, rather than checked for each entry;
    // at least doubled when it grows, so that growing stays rare. Counted in `u64`: a pile
    // of 65,536 shapes in one cell has more comparisons than a 32-bit `usize` counts.
    let n = entries.len();
    let needed = count as u64 + n as u64 * (n as u64 - 1) / 2;
    if (out.len() as u64) < needed {
        grow::resize(out, needed.max(2 * out.len() as u64), (0, 0))?;
    }
    if !DENSE {
        // Hashed mode (rare in games): one entry at a time, the smaller code.
        for (i, ea) in entries[..n - 1].iter().enumerate() {
            let a_probe = BoxProbe::new(&ea.aabb);
            let rest = &entries[i + 1..];
            let slots = &mut out[count..count + rest.len()];
            let mut hits = 0;
            for (j, eb) in rest.iter().enumerate() {
                let hit =
                    (cells[i] == cells[i + 1 + j]) & reported(ea, eb) & a_probe.overlaps(&eb.aabb);
                slots[hits] = (ea.id(), eb.id());
                hits += usize::from(hit);
            }
            count += hits;
        }
        return Ok(count);
    }
    // Dense mode (the bucket is one cell): entries are taken two at a time, each pair of
    // them compared with every later entry in one inner loop: half the inner loops (whose
    // set-up and unpredictable exit, not their comparisons, were most of the cost) and one
    // load of each later box for two comparisons.
    let mut i = 0;
    while i + 2 < n {
        let (ea, eb) = (&entries[i], &entries[i + 1]);
        let (a_probe, b_probe) = (BoxProbe::new(&ea.aabb), BoxProbe::new(&eb.aabb));
        let (a, b) = (ea.id(), eb.id());
        let rest = &entries[i + 2..];
        let slots = &mut out[count..count + 1 + 2 * rest.len()];
        slots[0] = (a, b);
        let mut hits = usize::from(reported(ea, eb) & a_probe.overlaps(&eb.aabb));
        for ec in rest {
            let (hit_a, hit_b) = (reported(ea, ec), reported(eb, ec));
            let c = ec.id();
            slots[hits] = (a, c);
            hits += usize::from(hit_a & a_probe.overlaps(&ec.aabb));
            slots[hits] = (b, c);
            hits += usize::from(hit_b & b_probe.overlaps(&ec.aabb));
        }
        count += hits;
        i += 2;
    }
    if i + 1 < n {
        // One entry left with a later one: the last two.
        let (ea, eb) = (&entries[i], &entries[i + 1]);
        out[count] = (ea.id(), eb.id());
        count += usize::from(reported(ea, eb) & BoxProbe::new(&ea.aabb).overlaps(&eb.aabb));
    }
    Ok(count)
}

/// True when the pair of two entries of one cell, if their boxes overlap, is reported
/// from this cell ([`reports_here`] of their tags).
#[inline(always)]
fn reported(ea: &Entry, eb: &Entry) -> bool {
    reports_here(ea.tagged_id | eb.tagged_id)
}

/// True when two boxes whose footprints (on one level) both contain a cell, their
/// first-column and first-row tags in that cell or-ed into `tags`, are reported from that
/// cell. The lower-left corner of the boxes' intersection lies in it exactly when the
/// cell is the rightmost of the two first columns and the topmost of the two first rows:
/// one of the two is in its first column there, and one in its first row. Integer tests
/// only, no cell recomputed per pair.
#[inline(always)]
fn reports_here(tags: u32) -> bool {
    tags & (FIRST_COLUMN | FIRST_ROW) == FIRST_COLUMN | FIRST_ROW
}

/// One box prepared for many overlap tests against others (touching counts): the box of
/// the outer entry of [`same_cell_pairs`], tested against each later entry of its bucket,
/// or a query box, tested against the entries of the cells it covers.
///
/// The simd128 build tests the four sides at once: `b` overlaps `a` when
/// `(b.min.x, b.min.y, -b.max.x, -b.max.y) <= (a.max.x, a.max.y, -a.min.x, -a.min.y)`
/// lane by lane, one `f32x4.le` of a box loaded whole (LLVM merges the four adjacent
/// fields into one `v128.load`) against lanes built once per outer entry. Negation is
/// exact, so the answer is the scalar build's: in V8 the four scalar comparisons, each
/// turned into a boolean, cost more than the load, sign flip, compare and `all_true`.
#[derive(Clone, Copy)]
struct BoxProbe {
    /// `(a.max.x, a.max.y, -a.min.x, -a.min.y)`.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    lanes: core::arch::wasm32::v128,
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    aabb: Aabb,
}

impl BoxProbe {
    /// `a`, prepared.
    #[inline(always)]
    fn new(a: &Aabb) -> BoxProbe {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            use core::arch::wasm32::f32x4;
            BoxProbe {
                lanes: f32x4(a.max.x, a.max.y, -a.min.x, -a.min.y),
            }
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        BoxProbe { aabb: *a }
    }

    /// True when `b` overlaps the prepared box (touching counts).
    #[inline(always)]
    fn overlaps(&self, b: &Aabb) -> bool {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            use core::arch::wasm32::{f32x4, f32x4_le, i32x4_all_true, u32x4, v128_xor};
            let sign = u32x4(0, 0, 0x8000_0000, 0x8000_0000);
            let lanes = v128_xor(f32x4(b.min.x, b.min.y, b.max.x, b.max.y), sign);
            i32x4_all_true(f32x4_le(lanes, self.lanes))
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            let a = &self.aabb;
            (a.min.x <= b.max.x)
                & (b.min.x <= a.max.x)
                & (a.min.y <= b.max.y)
                & (b.min.y <= a.max.y)
        }
    }
}
