//! Candidate pairs from bounding boxes: a hierarchical hashed grid for moving shapes,
//! rebuilt every step, and a bounding-volume tree for static shapes, rebuilt only when a
//! static shape is added, removed or moved.
//!
//! ## Why a grid, rebuilt from scratch
//!
//! Games move nearly everything every frame, so structures that are maintained
//! incrementally (a dynamic AABB tree, a persistent sort-and-sweep list) pay for updates on
//! most of their content anyway. Sort-and-sweep also degrades in 2D: projecting a square
//! world of N shapes on one axis leaves about √N shapes overlapping each interval, so a
//! step costs O(N^1.5) (24 million interval tests at N = 100,000 on the standard workload).
//! A uniform grid whose cells are about twice the typical shape size finds each shape's
//! neighbours among a handful of cell mates, in time linear in N, and rebuilding it is two
//! passes of a counting sort.
//!
//! ## Why hierarchical and hashed
//!
//! A single cell size fails for mixed sizes: a shape far larger than the cells would be
//! copied into thousands of them. So each shape goes to the **level** whose cell size
//! (base × 2^level) is at least its extent, where it covers at most 2 × 2 cells. Pairs
//! within a level are found cell by cell. Pairs across two levels are found from the side
//! that needs fewer look-ups: usually each shape of the finer level looks up the at most
//! 2 × 2 cells it covers on the coarser one, but when the coarser level holds only a few
//! shapes (the standard workload puts a handful of large ones one level up), those look
//! down into the at most 3 × 3 finer cells they cover instead.
//!
//! When the shapes' bounds, cut into each level's cells, give at most four cells per shape
//! (a game world), the table is **dense**: one bucket per cell, row by row, no hashing.
//! Otherwise (clustered far apart, everything on one long line, huge coordinates) cells are
//! **hashed** into a table sized to the number of entries, so an empty region costs
//! nothing and the world has no bounds to declare. The hash mixes its product twice: a
//! single multiplication folded the lattice of cell keys onto less than half the buckets.
//!
//! A pair that shares several cells is reported once: only in the cell that contains the
//! lower-left corner of the two boxes' intersection. That corner lies inside both boxes, so
//! both have an entry for its cell, and exactly one cell contains it.
//!
//! ## Statics
//!
//! Static shapes live apart, in a [`StaticTree`] (a binary tree of boxes built by median
//! split). Moving shapes query it; static shapes never query anything, so static-static
//! pairs never come up and an unmoved static costs nothing per step.
//!
//! This module sees bounding boxes and ids only: it knows nothing of shapes, layers or
//! contacts, and it allocates nothing once its buffers have grown to the scene.

use crate::math::{max_f32, Aabb, Vec2};

/// Levels go from 0 to this; a shape whose extent exceeds base × 2^MAX_LEVEL is put on the
/// last level anyway (it then covers more than 2 × 2 cells, which stays correct).
const MAX_LEVEL: u32 = 31;

/// The base cell size is this factor times the mean extent of the moving shapes: cells
/// about twice as large as a typical shape, so that most shapes sit in one to four cells
/// and most cells hold a few shapes (measured on the standard workload; see the bench).
const CELL_PER_MEAN_EXTENT: f32 = 2.0;

/// One shape's presence in one grid cell. The box is copied in so that scanning a cell
/// reads memory in order instead of jumping to `aabbs[id]` for every comparison.
#[derive(Clone, Copy, Debug)]
struct Entry {
    aabb: Aabb,
    /// The shape id in the low bits, plus [`FIRST_COLUMN`] and [`FIRST_ROW`].
    tagged_id: u32,
}

/// Set on an entry in the leftmost column of its shape's footprint.
const FIRST_COLUMN: u32 = 1 << 31;
/// Set on an entry in the bottom row of its shape's footprint.
const FIRST_ROW: u32 = 1 << 30;
/// Ids are below 2^30 (the world allows far fewer).
const ID_MASK: u32 = FIRST_ROW - 1;

impl Entry {
    #[inline]
    fn id(&self) -> u32 {
        self.tagged_id & ID_MASK
    }
}

impl Default for Entry {
    fn default() -> Self {
        Entry {
            aabb: Aabb::new(Vec2::ZERO, Vec2::ZERO),
            tagged_id: 0,
        }
    }
}

/// The first-column and first-row tags of the four corners [`HashGrid::dense_corners`]
/// lists, in its order.
const CORNER_TAGS: [u32; 4] = [FIRST_COLUMN | FIRST_ROW, FIRST_ROW, FIRST_COLUMN, 0];

/// Cell coordinates are clamped to 21 bits so that `(level, cx, cy)` packs into a `u64`.
/// Indexed shapes never reach the clamp (the base cell is at least 1/65536 of the span);
/// far-away query points do, and clamping keeps the mapping monotonic, which is all the
/// dedup rule needs.
const CELL_COORD_MAX: i32 = (1 << 21) - 1;

#[inline]
fn pack_cell(level: u32, cx: i32, cy: i32) -> u64 {
    ((level as u64) << 42) | ((cx as u64) << 21) | cy as u64
}

/// Cell range of one shape on its own level, computed once per step.
#[derive(Clone, Copy, Debug, Default)]
struct Footprint {
    level: u32,
    cx0: i32,
    cy0: i32,
    cx1: i32,
    cy1: i32,
}

/// The per-step hierarchical hashed grid. Keep one and call [`HashGrid::rebuild`] each
/// step: its buffers are reused.
#[derive(Clone, Debug, Default)]
pub struct HashGrid {
    base_cell: f32,
    /// `1 / (base_cell × 2^level)` for each level.
    inverse_cells: Vec<f32>,
    origin: Vec2,
    /// Bit `l` set when level `l` holds at least one shape.
    levels_in_use: u64,
    /// How many shapes each level holds.
    level_counts: [usize; MAX_LEVEL as usize + 1],
    /// Cross-level pairs are found from the side with fewer cell look-ups: bit `c` of
    /// `look_up[l]` says that shapes of level `l` look up the cells of the coarser level `c`;
    /// bit `f` of `look_down[l]` says that shapes of level `l` look up the cells of the finer
    /// level `f`. Exactly one of the two is set for each pair of levels in use.
    look_up: [u64; MAX_LEVEL as usize + 1],
    look_down: [u64; MAX_LEVEL as usize + 1],
    /// One per input id, in input order.
    footprints: Vec<Footprint>,
    /// Entries sorted by bucket; bucket `b` is `entries[starts[b]..starts[b + 1]]`, then
    /// one spare entry.
    entries: Vec<Entry>,
    /// The number of entries in use.
    entry_count: usize,
    /// The number of buckets; `starts` has `table_size + 1` items, plus in dense mode a
    /// tail of zeros that [`HashGrid::dense_corners`] may touch.
    table_size: usize,
    /// In hashed mode, the packed cell of each entry (a bucket may hold several cells);
    /// empty in dense mode, where a bucket is one cell.
    cells: Vec<u64>,
    starts: Vec<u32>,
    /// Scratch for same-cell pairs (see [`HashGrid::overlapping_pairs`]).
    pair_slots: Vec<(u32, u32)>,
    /// `64 - log2(table size)`: buckets are the top bits of a multiplicative hash, which
    /// (unlike the low bits) depend on every bit of the cell key.
    table_shift: u32,
    /// Dense mode (false = hashed): each level up to the coarsest one a shape may need
    /// gets the rectangle of cells covering the bounds of all boxes, and all the
    /// rectangles together are small enough to index directly, level after level, row by
    /// row. The table then needs no hashing, a bucket is exactly one cell, and the entries
    /// come out in spatial order.
    dense: bool,
    /// Where each level's rectangle starts in the table and its size, in dense mode
    /// (zero columns for levels beyond the coarsest).
    dense_levels: [DenseLevel; MAX_LEVEL as usize + 1],
}

/// One level's rectangle of cells in the dense table.
#[derive(Clone, Copy, Debug, Default)]
struct DenseLevel {
    offset: usize,
    columns: usize,
    rows: usize,
}

/// The bucket of a cell key in a hashed table of `2^(64 - shift)` buckets. Cell keys form
/// a lattice (`cx << 21 | cy`), which a single multiplicative hash folds onto a fraction of
/// the buckets (measured: 6,861 cells of the standard workload in 3,044 of 65,536
/// buckets, tripling the pair tests), so the product is mixed and multiplied again.
#[inline]
fn hash_bucket(key: u64, shift: u32) -> usize {
    let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> shift) as usize
}

impl HashGrid {
    /// An empty grid.
    #[must_use]
    pub fn new() -> HashGrid {
        HashGrid::default()
    }

    /// The cell size of level 0 chosen by the last rebuild.
    #[must_use]
    pub fn base_cell(&self) -> f32 {
        self.base_cell
    }

    /// The cell containing `p` on `level`. Indexed boxes lie above and right of `origin`,
    /// so truncation is floor for them; for query points below the origin it merges cells
    /// -1 and 0, which is harmless because the dedup rule needs only a monotonic mapping
    /// (and truncation is cheaper than `floor`, a library call on baseline x86).
    #[inline]
    fn cell_of(&self, level: u32, p: Vec2) -> (i32, i32) {
        let inv = self.inverse_cells[level as usize];
        (
            (((p.x - self.origin.x) * inv) as i32).clamp(0, CELL_COORD_MAX),
            (((p.y - self.origin.y) * inv) as i32).clamp(0, CELL_COORD_MAX),
        )
    }

    /// The level whose cells are at least `extent` (the last level for anything larger).
    #[inline]
    fn level_for_extent(&self, extent: f32) -> u32 {
        let mut level = 0;
        let mut size = self.base_cell;
        while extent > size && level < MAX_LEVEL {
            size *= 2.0;
            level += 1;
        }
        level
    }

    #[inline]
    fn level_for(&self, aabb: &Aabb) -> u32 {
        let extent = aabb.extents();
        self.level_for_extent(max_f32(extent.x, extent.y))
    }

    /// The bucket of a cell that holds at least one indexed shape (so, in dense mode, a
    /// cell inside its level's rectangle).
    #[inline]
    fn bucket_of_indexed(&self, level: u32, cx: i32, cy: i32) -> usize {
        if self.dense {
            let table = &self.dense_levels[level as usize];
            table.offset + cy as usize * table.columns + cx as usize
        } else {
            hash_bucket(pack_cell(level, cx, cy), self.table_shift)
        }
    }

    /// The range of `entries` in the bucket of any cell (empty for a cell outside the
    /// dense rectangles). In hashed mode the range may hold other cells too: check
    /// [`HashGrid::in_cell`].
    #[inline]
    fn bucket(&self, level: u32, cx: i32, cy: i32) -> core::ops::Range<usize> {
        if self.dense {
            let table = &self.dense_levels[level as usize];
            if cx as usize >= table.columns || cy as usize >= table.rows {
                return 0..0;
            }
        }
        let b = self.bucket_of_indexed(level, cx, cy);
        self.starts[b] as usize..self.starts[b + 1] as usize
    }

    /// True when entry `index`, found in the bucket of `cell`, belongs to that cell.
    #[inline]
    fn in_cell(&self, index: usize, cell: u64) -> bool {
        self.dense || self.cells[index] == cell
    }

    /// True when the pair of boxes, both present in `cell`, should be reported from it:
    /// the lower-left corner of their intersection lies in it.
    #[inline]
    fn reports_in(&self, level: u32, a: &Aabb, b: &Aabb, cell: u64) -> bool {
        let (cx, cy) = self.cell_of(level, a.min.max(b.min));
        pack_cell(level, cx, cy) == cell
    }

    /// Re-indexes the boxes `aabbs[id]` of `ids`.
    pub fn rebuild(&mut self, ids: &[u32], aabbs: &[Aabb]) {
        self.footprints.clear();
        self.entry_count = 0;
        self.levels_in_use = 0;
        self.level_counts.fill(0);
        if ids.is_empty() {
            // An empty hashed table of two buckets.
            self.table_size = 2;
            self.starts.clear();
            self.starts.extend([0, 0, 0]);
            self.table_shift = 63;
            self.dense = false;
            self.plan_cross_level_lookups();
            return;
        }

        let mut lo = Vec2::new(f32::INFINITY, f32::INFINITY);
        let mut hi = Vec2::new(f32::NEG_INFINITY, f32::NEG_INFINITY);
        let mut extent_sum = 0.0f64;
        let mut max_extent = 0.0f32;
        for &id in ids {
            let aabb = &aabbs[id as usize];
            // Plain comparisons for the bounds and the largest extent: a jump in V8, but
            // one almost never taken (they settle after a few shapes), which costs less
            // than order keys (measured: broad phase 1.44 -> 1.37 ms at 20,000 shapes).
            if aabb.min.x < lo.x {
                lo.x = aabb.min.x;
            }
            if aabb.min.y < lo.y {
                lo.y = aabb.min.y;
            }
            if aabb.max.x > hi.x {
                hi.x = aabb.max.x;
            }
            if aabb.max.y > hi.y {
                hi.y = aabb.max.y;
            }
            let e = aabb.extents();
            let extent = max_f32(e.x, e.y);
            extent_sum += extent as f64;
            if extent > max_extent {
                max_extent = extent;
            }
        }
        let span = (hi - lo).x.max((hi - lo).y);
        let mean_extent = (extent_sum / ids.len() as f64) as f32;
        // Points only (extent 0) still need a positive cell; a cell of span / 2^16 keeps
        // cell indices small whatever the coordinates.
        self.base_cell = (mean_extent * CELL_PER_MEAN_EXTENT)
            .max(span / 65536.0)
            .max(f32::MIN_POSITIVE * 1e3);
        self.origin = lo;
        self.inverse_cells.clear();
        self.inverse_cells
            .extend((0..=MAX_LEVEL).map(|level| 1.0 / (self.base_cell * (1u64 << level) as f32)));

        // Dense when the rectangles covering all boxes, on every level up to the coarsest
        // a shape may need, have at most four cells per shape in all (the standard
        // workload: about a third of a cell per shape, over two levels). Knowing the table
        // before the footprints lets the footprint pass count the buckets too.
        let top_level = self.level_for_extent(max_extent);
        let mut dense_size = 0usize;
        for level in 0..=MAX_LEVEL {
            let table = &mut self.dense_levels[level as usize];
            *table = DenseLevel {
                offset: dense_size,
                ..DenseLevel::default()
            };
            if level <= top_level {
                let (cx, cy) = self.cell_of(level, hi);
                let table = &mut self.dense_levels[level as usize];
                table.columns = cx as usize + 1;
                table.rows = cy as usize + 1;
                dense_size = dense_size.saturating_add(table.columns.saturating_mul(table.rows));
            }
        }
        self.dense = dense_size <= 4 * ids.len();
        self.starts.clear();
        if self.dense {
            // The tail: an absent corner of a footprint in the top row of the last level is
            // counted (as zero) up to a row plus two buckets past the end.
            let widest = self
                .dense_levels
                .iter()
                .map(|t| t.columns)
                .max()
                .unwrap_or(0);
            self.starts.resize(dense_size + widest + 3, 0);
        }

        let mut entry_count = 0usize;
        for &id in ids {
            let aabb = &aabbs[id as usize];
            let level = self.level_for(aabb);
            let (cx0, cy0) = self.cell_of(level, aabb.min);
            let (cx1, cy1) = self.cell_of(level, aabb.max);
            self.levels_in_use |= 1 << level;
            self.level_counts[level as usize] += 1;
            entry_count += (cx1.abs_diff(cx0) as usize + 1) * (cy1.abs_diff(cy0) as usize + 1);
            if self.dense {
                if let Some(corners) = self.dense_corners(level, cx0, cy0, cx1, cy1) {
                    for (b, present) in corners {
                        self.starts[b + 1] += u32::from(present);
                    }
                } else {
                    for cy in cy0..=cy1 {
                        for cx in cx0..=cx1 {
                            let b = self.bucket_of_indexed(level, cx, cy);
                            self.starts[b + 1] += 1;
                        }
                    }
                }
            }
            self.footprints.push(Footprint {
                level,
                cx0,
                cy0,
                cx1,
                cy1,
            });
        }
        self.plan_cross_level_lookups();

        let table_size = if self.dense {
            dense_size
        } else {
            let size = entry_count.next_power_of_two().max(2);
            self.table_shift = 64 - size.trailing_zeros();
            self.starts.resize(size + 1, 0);
            for f in &self.footprints {
                for cy in f.cy0..=f.cy1 {
                    for cx in f.cx0..=f.cx1 {
                        let b = self.bucket_of_indexed(f.level, cx, cy);
                        self.starts[b + 1] += 1;
                    }
                }
            }
            size
        };
        self.table_size = table_size;
        for b in 0..table_size {
            self.starts[b + 1] += self.starts[b];
        }
        // Scatter using `starts[b]` as the write cursor, then shift back: afterwards
        // `starts[b]` is the bucket's start again.
        self.entry_count = entry_count;
        // One slot more than the entries: the branch-free scatter writes the corners a
        // footprint does not have there. Filled anew every step, although the scatter
        // overwrites it: measured, the fill makes the scatter faster at 100,000 shapes
        // (4.5 MB: the fill takes the lines into the cache without reading them, where the
        // scatter's first writes would each wait for a read).
        let spare_slot = entry_count;
        self.entries.clear();
        self.entries.resize(entry_count + 1, Entry::default());
        if !self.dense {
            self.cells.clear();
            self.cells.resize(entry_count, 0);
        }
        for (f, &id) in self.footprints.iter().zip(ids) {
            let aabb = aabbs[id as usize];
            if self.dense {
                if let Some(corners) = self.dense_corners(f.level, f.cx0, f.cy0, f.cx1, f.cy1) {
                    for ((b, present), first) in corners.into_iter().zip(CORNER_TAGS) {
                        let cursor = self.starts[b];
                        let slot = if present { cursor as usize } else { spare_slot };
                        self.entries[slot] = Entry {
                            aabb,
                            tagged_id: id | first,
                        };
                        self.starts[b] = cursor + u32::from(present);
                    }
                    continue;
                }
            }
            for cy in f.cy0..=f.cy1 {
                for cx in f.cx0..=f.cx1 {
                    let b = self.bucket_of_indexed(f.level, cx, cy);
                    let slot = self.starts[b] as usize;
                    let first_column = if cx == f.cx0 { FIRST_COLUMN } else { 0 };
                    let first_row = if cy == f.cy0 { FIRST_ROW } else { 0 };
                    self.entries[slot] = Entry {
                        aabb,
                        tagged_id: id | first_column | first_row,
                    };
                    if !self.dense {
                        self.cells[slot] = pack_cell(f.level, cx, cy);
                    }
                    self.starts[b] += 1;
                }
            }
        }
        for b in (1..=table_size).rev() {
            self.starts[b] = self.starts[b - 1];
        }
        self.starts[0] = 0;
    }

    /// In dense mode, the buckets of the 2 × 2 cells from a footprint's first cell, each
    /// with whether the footprint (of at most 2 × 2 cells: every footprint below the last
    /// level) really has it: (left, bottom), (right, bottom), (left, top), (right, top).
    /// `None` for a larger footprint. Counting and scattering through all four, absent
    /// ones with no effect (count + 0, entry to a spare slot), replaces two loops whose
    /// random trip counts (one or two each) were mispredicted about once per shape per
    /// pass. An absent cell is still the neighbouring bucket, never the first cell again,
    /// so that its `+ 0` does not wait on the first cell's `+ 1`; past the end of the
    /// table it lands in the zero tail of `starts`.
    #[inline]
    fn dense_corners(
        &self,
        level: u32,
        cx0: i32,
        cy0: i32,
        cx1: i32,
        cy1: i32,
    ) -> Option<[(usize, bool); 4]> {
        let (wide, tall) = (cx1 - cx0, cy1 - cy0);
        if wide > 1 || tall > 1 {
            return None;
        }
        let b = self.bucket_of_indexed(level, cx0, cy0);
        let up = self.dense_levels[level as usize].columns;
        Some([
            (b, true),
            (b + 1, wide == 1),
            (b + up, tall == 1),
            (b + up + 1, wide == 1 && tall == 1),
        ])
    }

    /// Chooses, for each pair of levels in use, which side looks up the other's cells: a
    /// shape looking up a coarser level visits at most 2 × 2 cells, a shape looking up a
    /// level `d` steps finer visits up to `(2^d + 1)^2`. On the standard workload a few
    /// shapes sit one level up, and letting them look down (9 cells each) replaces a
    /// look-up by every other shape.
    fn plan_cross_level_lookups(&mut self) {
        self.look_up.fill(0);
        self.look_down.fill(0);
        let mut fine_levels = self.levels_in_use;
        while fine_levels != 0 {
            let fine = fine_levels.trailing_zeros();
            fine_levels &= fine_levels - 1;
            let mut coarse_levels = fine_levels;
            while coarse_levels != 0 {
                let coarse = coarse_levels.trailing_zeros();
                coarse_levels &= coarse_levels - 1;
                let span = (1u64 << (coarse - fine).min(30)) + 1;
                let down_cost =
                    (self.level_counts[coarse as usize] as u64).saturating_mul(span * span);
                let up_cost = self.level_counts[fine as usize] as u64 * 4;
                if down_cost < up_cost {
                    self.look_down[coarse as usize] |= 1 << fine;
                } else {
                    self.look_up[fine as usize] |= 1 << coarse;
                }
            }
        }
    }

    /// Appends the pairs of `box_a` (shape `id`) with the shapes of another `level` whose
    /// boxes it overlaps, each reported from the cell of `level` holding the lower-left
    /// corner of the intersection (so from exactly one of the cells visited).
    #[inline]
    fn pairs_on_level(&self, id: u32, box_a: &Aabb, level: u32, out: &mut Vec<(u32, u32)>) {
        self.visit_cells(level, box_a, |other| {
            out.push((id.min(other), id.max(other)))
        });
    }

    /// Calls `visit` with the id of every entry of `level` whose box overlaps `query`,
    /// once each, visiting the cells `query` covers: a box is reported from the cell
    /// holding the lower-left corner of its intersection with `query`.
    #[inline]
    fn visit_cells(&self, level: u32, query: &Aabb, mut visit: impl FnMut(u32)) {
        let (cx0, cy0) = self.cell_of(level, query.min);
        let (cx1, cy1) = self.cell_of(level, query.max);
        for cy in cy0..=cy1 {
            for cx in cx0..=cx1 {
                let cell = pack_cell(level, cx, cy);
                for index in self.bucket(level, cx, cy) {
                    let e = &self.entries[index];
                    if self.in_cell(index, cell)
                        && e.aabb.overlaps(query)
                        && self.reports_in(level, &e.aabb, query, cell)
                    {
                        visit(e.id());
                    }
                }
            }
        }
    }

    /// Appends every pair of indexed boxes that overlap (touching counts), once each, in no
    /// particular order, each pair's two ids in either order (the world orders them by id
    /// itself, so ordering them here was measured as wasted work: 0.06 ms of 4.1 at 20,000
    /// shapes in wasm).
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
    /// once each.
    pub fn query(&self, query: &Aabb, mut visit: impl FnMut(u32)) {
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
    fn scan_level(&self, level: u32, query: &Aabb, visit: &mut impl FnMut(u32)) {
        let mut report = |e: &Entry, cell: u64| {
            if e.aabb.overlaps(query) && self.reports_in(level, &e.aabb, query, cell) {
                visit(e.id());
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
/// `out[count..]` (grown as needed); returns the new count. In hashed mode (`DENSE` false) `cells` tells which entries
/// share a cell; in dense mode the bucket is one cell.
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

/// A node of the static tree: a box and either two children or a run of leaf ids.
#[derive(Clone, Copy, Debug)]
struct Node {
    aabb: Aabb,
    /// Internal node: index of the first child (the second follows it).
    /// Leaf: start of its ids in `leaf_ids`.
    first: u32,
    /// 0 for an internal node, else the number of ids in the leaf.
    count: u32,
}

/// How many ids a leaf of the static tree holds at most.
const LEAF_SIZE: usize = 4;

/// A bounding-volume tree over static shapes, built by median split on the longer axis.
///
/// Built once per change of the static set (O(S log S)), queried by moving shapes in
/// O(log S + hits).
#[derive(Clone, Debug, Default)]
pub struct StaticTree {
    nodes: Vec<Node>,
    leaf_ids: Vec<u32>,
    leaf_boxes: Vec<Aabb>,
    /// Work list of the build, kept so that moving a static shape every step allocates
    /// nothing once the tree has been built at its size.
    build_stack: Vec<(usize, usize, usize)>,
}

impl StaticTree {
    /// An empty tree.
    #[must_use]
    pub fn new() -> StaticTree {
        StaticTree::default()
    }

    /// True when the tree holds no shape.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.leaf_ids.is_empty()
    }

    /// Rebuilds the tree over `ids` with boxes `aabbs[id]`.
    pub fn rebuild(&mut self, ids: &[u32], aabbs: &[Aabb]) {
        self.nodes.clear();
        self.leaf_ids.clear();
        self.leaf_ids.extend_from_slice(ids);
        self.leaf_boxes.clear();
        if ids.is_empty() {
            return;
        }
        self.nodes.push(Node {
            aabb: aabbs[ids[0] as usize],
            first: 0,
            count: 0,
        });
        // Iterative build: (node index, range of leaf_ids).
        let mut stack = core::mem::take(&mut self.build_stack);
        stack.clear();
        stack.push((0, 0, ids.len()));
        while let Some((node, start, end)) = stack.pop() {
            let range = &mut self.leaf_ids[start..end];
            let mut bounds = aabbs[range[0] as usize];
            for &id in range.iter() {
                bounds = bounds.union(&aabbs[id as usize]);
            }
            if end - start <= LEAF_SIZE {
                self.nodes[node] = Node {
                    aabb: bounds,
                    first: start as u32,
                    count: (end - start) as u32,
                };
                continue;
            }
            let ext = bounds.extents();
            let mid = (end - start) / 2;
            if ext.x >= ext.y {
                range.select_nth_unstable_by(mid, |&a, &b| {
                    let ca = aabbs[a as usize].min.x + aabbs[a as usize].max.x;
                    let cb = aabbs[b as usize].min.x + aabbs[b as usize].max.x;
                    ca.total_cmp(&cb)
                });
            } else {
                range.select_nth_unstable_by(mid, |&a, &b| {
                    let ca = aabbs[a as usize].min.y + aabbs[a as usize].max.y;
                    let cb = aabbs[b as usize].min.y + aabbs[b as usize].max.y;
                    ca.total_cmp(&cb)
                });
            }
            let first = self.nodes.len();
            let placeholder = self.nodes[node];
            self.nodes.push(placeholder);
            self.nodes.push(placeholder);
            self.nodes[node] = Node {
                aabb: bounds,
                first: first as u32,
                count: 0,
            };
            stack.push((first, start, start + mid));
            stack.push((first + 1, start + mid, end));
        }
        self.leaf_boxes
            .extend(self.leaf_ids.iter().map(|&id| aabbs[id as usize]));
        self.build_stack = stack;
    }

    /// Calls `visit` with every static id whose box overlaps `query` (touching counts).
    #[inline]
    pub fn query(&self, query: &Aabb, mut visit: impl FnMut(u32)) {
        if self.nodes.is_empty() {
            return;
        }
        // A median split halves the ids at every level, so the depth is at most
        // log2(2^32 / LEAF_SIZE) + 1 < 64.
        let mut stack = [0u32; 64];
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let node = &self.nodes[stack[top] as usize];
            if !node.aabb.overlaps(query) {
                continue;
            }
            if node.count > 0 {
                let start = node.first as usize;
                let end = start + node.count as usize;
                for (id, aabb) in self.leaf_ids[start..end]
                    .iter()
                    .zip(&self.leaf_boxes[start..end])
                {
                    if aabb.overlaps(query) {
                        visit(*id);
                    }
                }
            } else {
                stack[top] = node.first;
                stack[top + 1] = node.first + 1;
                top += 2;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift32, enough for scattering boxes.
    fn rng(state: &mut u32) -> f32 {
        *state ^= *state << 13;
        *state ^= *state >> 17;
        *state ^= *state << 5;
        (*state >> 8) as f32 / (1u32 << 24) as f32
    }

    fn brute_pairs(ids: &[u32], aabbs: &[Aabb]) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for (i, &a) in ids.iter().enumerate() {
            for &b in &ids[i + 1..] {
                if aabbs[a as usize].overlaps(&aabbs[b as usize]) {
                    out.push((a.min(b), a.max(b)));
                }
            }
        }
        out.sort_unstable();
        out
    }

    fn scene(seed: u32, n: usize, layout: u32) -> Vec<Aabb> {
        let mut s = seed;
        (0..n)
            .map(|i| {
                let (x, y, size) = match layout {
                    // uniform
                    0 => (
                        rng(&mut s) * 200.0,
                        rng(&mut s) * 200.0,
                        1.0 + rng(&mut s) * 8.0,
                    ),
                    // all on one line, some huge
                    1 => (
                        rng(&mut s) * 2000.0,
                        5.0,
                        if i % 50 == 0 { 300.0 } else { 2.0 },
                    ),
                    // sparse: small shapes scattered far apart (a hashed table)
                    3 => (
                        ((i / 4) * 7919 % 1000) as f32 * 100.0 + rng(&mut s) * 2.0,
                        ((i / 4) * 104_729 % 1000) as f32 * 100.0 + rng(&mut s) * 2.0,
                        1.5,
                    ),
                    // clustered, mixed sizes over 5 orders of magnitude, points
                    _ => (
                        (i % 3) as f32 * 1000.0 + rng(&mut s) * 20.0,
                        rng(&mut s) * 20.0,
                        if i % 7 == 0 {
                            0.0
                        } else {
                            10f32.powf(rng(&mut s) * 5.0 - 2.0)
                        },
                    ),
                };
                Aabb::new(Vec2::new(x, y), Vec2::new(x + size, y + size * 0.5))
            })
            .collect()
    }

    /// The listed ids whose boxes overlap `query`, in list order.
    fn brute_hits(ids: &[u32], aabbs: &[Aabb], query: &Aabb) -> Vec<u32> {
        let mut hits: Vec<u32> = ids
            .iter()
            .copied()
            .filter(|&id| aabbs[id as usize].overlaps(query))
            .collect();
        hits.sort_unstable();
        hits
    }

    #[test]
    fn grid_pairs_equal_brute_force_on_every_layout() {
        let mut grid = HashGrid::new();
        let (mut dense_runs, mut hashed_runs) = (0, 0);
        let (mut looked_down, mut looked_up) = (false, false);
        for layout in 0..4 {
            for seed in 1..6u32 {
                let aabbs = scene(seed * 7919, 600, layout);
                // Leave a few slots out to check that only listed ids are indexed.
                let mut ids: Vec<u32> = (0..aabbs.len() as u32).filter(|i| i % 11 != 3).collect();
                // Any order of ids (the world's is spatial).
                if seed % 2 == 0 {
                    ids.reverse();
                }
                grid.rebuild(&ids, &aabbs);
                looked_down |= grid.look_down.iter().any(|&bits| bits != 0);
                looked_up |= grid.look_up.iter().any(|&bits| bits != 0);
                if grid.dense {
                    dense_runs += 1;
                } else {
                    hashed_runs += 1;
                }
                let mut got = Vec::new();
                grid.overlapping_pairs(&ids, &aabbs, &mut got);
                let mut got: Vec<(u32, u32)> =
                    got.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
                got.sort_unstable();
                assert_eq!(
                    got,
                    brute_pairs(&ids, &aabbs),
                    "layout {layout} seed {seed}"
                );

                // A small query (cell by cell) and a huge one (more cells than entries: the
                // entries of each level are scanned instead).
                for query in [
                    Aabb::new(Vec2::new(10.0, 0.0), Vec2::new(60.0, 30.0)),
                    Aabb::new(Vec2::new(-50.0, -1e6), Vec2::new(1e6, 12.0)),
                ] {
                    let mut hits = Vec::new();
                    grid.query(&query, |id| hits.push(id));
                    hits.sort_unstable();
                    assert_eq!(
                        hits,
                        brute_hits(&ids, &aabbs, &query),
                        "query {query:?}, layout {layout} seed {seed}"
                    );
                }
            }
        }
        // Both table layouts must have been exercised.
        assert!(
            looked_down && looked_up,
            "cross-level look-ups in both directions"
        );
        assert!(
            dense_runs > 0 && hashed_runs > 0,
            "dense {dense_runs}, hashed {hashed_runs}"
        );
    }

    #[test]
    fn a_grid_emptied_after_a_full_step_has_no_pairs() {
        // The empty rebuild must reset the whole table, its size included: a step with no
        // moving shapes follows a step with many when the last one is removed.
        let aabbs = scene(7, 2000, 0);
        let ids: Vec<u32> = (0..2000).collect();
        let mut grid = HashGrid::new();
        let mut pairs = Vec::new();
        grid.rebuild(&ids, &aabbs);
        grid.overlapping_pairs(&ids, &aabbs, &mut pairs);
        assert!(!pairs.is_empty());
        pairs.clear();
        grid.rebuild(&[], &aabbs);
        grid.overlapping_pairs(&[], &aabbs, &mut pairs);
        assert!(pairs.is_empty());
        let mut hits = Vec::new();
        grid.query(&aabbs[0], |id| hits.push(id));
        assert!(hits.is_empty());
    }

    #[test]
    fn hashed_cells_of_a_lattice_spread_over_the_table() {
        // 100 × 100 neighbouring cells into 16,384 buckets: a random function would fill
        // about 7,500 buckets; the single multiplicative hash this replaced filled under half.
        let shift = 64 - 14;
        let mut used = vec![false; 1 << 14];
        for cx in 0..100 {
            for cy in 0..100 {
                used[hash_bucket(pack_cell(0, cx, cy), shift)] = true;
            }
        }
        let filled = used.iter().filter(|&&u| u).count();
        assert!(filled > 7_000, "{filled} buckets used");
    }

    #[test]
    fn static_tree_query_equals_brute_force() {
        let aabbs = scene(42, 500, 2);
        let ids: Vec<u32> = (0..500).collect();
        let mut tree = StaticTree::new();
        tree.rebuild(&ids, &aabbs);
        let mut s = 99u32;
        for _ in 0..200 {
            let x = rng(&mut s) * 2100.0 - 50.0;
            let y = rng(&mut s) * 40.0 - 10.0;
            let q = Aabb::new(Vec2::new(x, y), Vec2::new(x + rng(&mut s) * 30.0, y + 3.0));
            let mut hits = Vec::new();
            tree.query(&q, |id| hits.push(id));
            hits.sort_unstable();
            assert_eq!(hits, brute_hits(&ids, &aabbs, &q));
        }
    }
}
