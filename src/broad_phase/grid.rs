//! The hierarchical hashed grid of the moving shapes ([`HashGrid`]): how it is built.
//!
//! The module docs of `broad_phase` explain why a grid, why rebuilt every step, why
//! hierarchical and hashed, and the rule that reports a pair from exactly one cell. This
//! file builds the table ([`HashGrid::rebuild`]: bounds → plan → count → scatter); its
//! child module `pairs` reads it (the step's overlapping pairs and the world's box
//! queries).
//!
//! The table is a counting sort of entries (one per shape per cell it covers) into
//! buckets: `entries[starts[b]..starts[b + 1]]` is bucket `b`. Dense mode indexes cells
//! directly, level after level, row by row; hashed mode hashes the packed cell key.

#[cfg(feature = "threads")]
mod chunks;
mod pairs;

#[cfg(feature = "threads")]
pub use chunks::PairList;

use crate::math::{max_f32, Aabb, Vec2};

/// Levels go from 0 to this; a shape whose extent exceeds base × 2^MAX_LEVEL is put on the
/// last level anyway (it then covers more than 2 × 2 cells, which stays correct).
const MAX_LEVEL: u32 = 31;

/// The base cell size is this factor times the mean extent of the moving shapes: cells
/// about twice as large as a typical shape, so that most shapes sit in one to four cells
/// and most cells hold a few shapes (chosen on the standard workload with the bench).
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

/// The cells of a footprint of at most 2 × 2 in the dense table (see
/// [`HashGrid::dense_corners`]): bucket `first` (left, bottom), `first + 1` (right,
/// bottom), `first + up` (left, top), `first + up + 1` (right, top).
#[derive(Clone, Copy, Debug)]
struct DenseCorners {
    first: usize,
    /// The columns of the level's rectangle: one row up.
    up: usize,
    /// 1 when the footprint has a second column, else 0.
    wide: u32,
    /// 1 when the footprint has a second row, else 0.
    tall: u32,
}

/// Cell coordinates are clamped to 21 bits so that `(level, cx, cy)` packs into a `u64`.
/// Indexed shapes never reach the clamp (the base cell is at least 1/65536 of the span);
/// far-away query points do, and clamping keeps the mapping monotonic, which is all the
/// dedup rule needs.
const CELL_COORD_MAX: i32 = (1 << 21) - 1;

#[inline]
pub(super) fn pack_cell(level: u32, cx: i32, cy: i32) -> u64 {
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
    /// The box around every indexed box at the last rebuild (`None` when empty).
    bounds: Option<Aabb>,
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
    /// The threaded rebuild's bins: for each run of shapes, for each range of buckets, the
    /// positions of the shapes with a cell in it (see `chunks.rs`).
    #[cfg(feature = "threads")]
    range_bins: Vec<Vec<Vec<u32>>>,
}

/// One level's rectangle of cells in the dense table.
#[derive(Clone, Copy, Debug, Default)]
struct DenseLevel {
    offset: usize,
    columns: usize,
    rows: usize,
}

/// What the plan of a rebuild needs to know of the boxes.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    /// The lower-left corner of the box around all boxes.
    lo: Vec2,
    /// Its upper-right corner.
    hi: Vec2,
    /// The mean of the boxes' larger side.
    mean_extent: f32,
    /// The largest side of any box.
    max_extent: f32,
}

impl Bounds {
    /// The bounds of the boxes `aabbs[id]` of `ids` (at least one): the simd128 build
    /// keeps the running minimum and maximum of the four sides of the boxes in one vector
    /// each, and takes a box's larger side from its vector (one `f32x4.pmin`, one
    /// `f32x4.pmax` and a shuffle per box, no jump). The same values as the scalar build's
    /// (summed in the same order), but for the sign of a zero corner, which moves no cell.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    #[inline(always)]
    fn of(ids: &[u32], aabbs: &[Aabb]) -> Bounds {
        use core::arch::wasm32::{
            f32x4, f32x4_extract_lane, f32x4_pmax, f32x4_pmin, f32x4_splat, f32x4_sub,
            i32x4_shuffle,
        };
        let mut lo = f32x4_splat(f32::INFINITY);
        let mut hi = f32x4_splat(f32::NEG_INFINITY);
        let mut widest = f32x4_splat(0.0);
        let mut extent_sum = 0.0f64;
        for &id in ids {
            let aabb = &aabbs[id as usize];
            let sides = f32x4(aabb.min.x, aabb.min.y, aabb.max.x, aabb.max.y);
            lo = f32x4_pmin(sides, lo);
            hi = f32x4_pmax(sides, hi);
            // Lanes 0 and 1: width and height; lane 0 of `larger`: the larger of the two.
            let extents = f32x4_sub(i32x4_shuffle::<2, 3, 0, 1>(sides, sides), sides);
            let larger = f32x4_pmax(extents, i32x4_shuffle::<1, 0, 3, 2>(extents, extents));
            widest = f32x4_pmax(larger, widest);
            extent_sum += f32x4_extract_lane::<0>(larger) as f64;
        }
        Bounds {
            lo: Vec2::new(f32x4_extract_lane::<0>(lo), f32x4_extract_lane::<1>(lo)),
            hi: Vec2::new(f32x4_extract_lane::<2>(hi), f32x4_extract_lane::<3>(hi)),
            mean_extent: (extent_sum / ids.len() as f64) as f32,
            max_extent: f32x4_extract_lane::<0>(widest),
        }
    }

    /// The bounds of the boxes `aabbs[id]` of `ids` (at least one).
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    #[inline(always)]
    fn of(ids: &[u32], aabbs: &[Aabb]) -> Bounds {
        let mut lo = Vec2::new(f32::INFINITY, f32::INFINITY);
        let mut hi = Vec2::new(f32::NEG_INFINITY, f32::NEG_INFINITY);
        let mut extent_sum = 0.0f64;
        let mut max_extent = 0.0f32;
        for &id in ids {
            let aabb = &aabbs[id as usize];
            // Plain comparisons for the bounds and the largest extent: a jump in V8, but
            // one almost never taken (they settle after a few shapes), which costs less
            // than order keys.
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
        Bounds {
            lo,
            hi,
            mean_extent: (extent_sum / ids.len() as f64) as f32,
            max_extent,
        }
    }
}

/// The bucket of a cell key in a hashed table of `2^(64 - shift)` buckets. Cell keys form
/// a lattice (`cx << 21 | cy`), which a single multiplicative hash folds onto a fraction of
/// the buckets (under half of them on the standard workload, which tripled the pair
/// tests), so the product is mixed and multiplied again.
#[inline]
pub(super) fn hash_bucket(key: u64, shift: u32) -> usize {
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

    /// The box around every box indexed by the last rebuild (`None` when it indexed none):
    /// a query that contains it has seen every entry.
    #[must_use]
    pub fn bounds(&self) -> Option<Aabb> {
        self.bounds
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

    /// Re-indexes the boxes `aabbs[id]` of `ids`, in the four steps of a counting sort
    /// into cells: the **bounds** of the boxes, the **plan** (cell size, origin and table
    /// layout chosen from them), the **count** of entries per bucket, and the **scatter**
    /// of the entries into their buckets.
    pub fn rebuild(&mut self, ids: &[u32], aabbs: &[Aabb]) {
        // Each step is a function called once from here and always inlined, so that the
        // rebuild compiles to the loops of the one long function it was.
        self.footprints.clear();
        self.entry_count = 0;
        self.levels_in_use = 0;
        self.level_counts.fill(0);
        self.bounds = None;
        if ids.is_empty() {
            self.clear_table();
            return;
        }
        let bounds = Bounds::of(ids, aabbs);
        self.bounds = Some(Aabb::new(bounds.lo, bounds.hi));
        self.plan_cells(&bounds);
        let dense_size = self.plan_table(&bounds, ids.len());
        let hashed_entries = self.count_footprints(ids, aabbs);
        self.plan_cross_level_lookups();
        let table_size = if self.dense {
            dense_size
        } else {
            self.count_hashed(hashed_entries)
        };
        self.table_size = table_size;
        for b in 0..table_size {
            self.starts[b + 1] += self.starts[b];
        }
        self.entry_count = self.starts[table_size] as usize;
        self.scatter(ids, aabbs);
    }

    /// The table of an empty grid: two hashed buckets, both empty.
    fn clear_table(&mut self) {
        self.table_size = 2;
        self.starts.clear();
        self.starts.extend([0, 0, 0]);
        self.table_shift = 63;
        self.dense = false;
        self.plan_cross_level_lookups();
    }

    /// Plan, first half: the base cell size, from the boxes' mean extent, and the origin.
    #[inline(always)]
    fn plan_cells(&mut self, bounds: &Bounds) {
        let Bounds { lo, hi, .. } = *bounds;
        let span = (hi - lo).x.max((hi - lo).y);
        // Points only (extent 0) still need a positive cell; a cell of span / 2^16 keeps
        // cell indices small whatever the coordinates.
        self.base_cell = (bounds.mean_extent * CELL_PER_MEAN_EXTENT)
            .max(span / 65536.0)
            .max(f32::MIN_POSITIVE * 1e3);
        self.origin = lo;
        self.inverse_cells.clear();
        self.inverse_cells
            .extend((0..=MAX_LEVEL).map(|level| 1.0 / (self.base_cell * (1u64 << level) as f32)));
    }

    /// Plan, second half: dense or hashed. Returns the dense table's size (used only when
    /// dense), and in dense mode clears the bucket counters.
    ///
    /// Dense when the rectangles covering all boxes, on every level up to the coarsest a
    /// shape may need, have at most four cells per shape in all (the standard workload:
    /// about a third of a cell per shape, over two levels). Knowing the table before the
    /// footprints lets the footprint pass count the buckets too.
    #[inline(always)]
    fn plan_table(&mut self, bounds: &Bounds, id_count: usize) -> usize {
        let top_level = self.level_for_extent(bounds.max_extent);
        let mut dense_size = 0usize;
        for level in 0..=MAX_LEVEL {
            let table = &mut self.dense_levels[level as usize];
            *table = DenseLevel {
                offset: dense_size,
                ..DenseLevel::default()
            };
            if level <= top_level {
                let (cx, cy) = self.cell_of(level, bounds.hi);
                let table = &mut self.dense_levels[level as usize];
                table.columns = cx as usize + 1;
                table.rows = cy as usize + 1;
                dense_size = dense_size.saturating_add(table.columns.saturating_mul(table.rows));
            }
        }
        self.dense = dense_size <= 4 * id_count;
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
        dense_size
    }

    /// Count, first pass: each shape's level and cells (its footprint), the levels in use,
    /// and in dense mode the entries of each bucket. Returns the number of entries in
    /// hashed mode (which sizes its table by it), 0 in dense mode (where the counts add up
    /// to it).
    ///
    /// The buffers it writes are moved out of `self` for the loop: every store through a
    /// field of `self` made LLVM reload the other fields (the vectors' pointers and
    /// lengths, the level counts) after it, a dozen loads per shape in wasm.
    #[inline(always)]
    fn count_footprints(&mut self, ids: &[u32], aabbs: &[Aabb]) -> usize {
        let mut footprints = core::mem::take(&mut self.footprints);
        let mut starts = core::mem::take(&mut self.starts);
        let mut level_counts = self.level_counts;
        let mut levels_in_use = self.levels_in_use;
        let mut entry_count = 0usize;
        let grid = &*self;
        let counts = &mut starts[..];
        // `extend` over a mapped slice reserves once and then writes without a capacity
        // check per shape.
        footprints.extend(ids.iter().map(|&id| {
            let aabb = &aabbs[id as usize];
            let level = grid.level_for(aabb);
            let (cx0, cy0) = grid.cell_of(level, aabb.min);
            let (cx1, cy1) = grid.cell_of(level, aabb.max);
            levels_in_use |= 1 << level;
            level_counts[level as usize] += 1;
            if !grid.dense {
                entry_count += (cx1.abs_diff(cx0) as usize + 1) * (cy1.abs_diff(cy0) as usize + 1);
            } else if let Some(c) = grid.dense_corners(level, cx0, cy0, cx1, cy1) {
                counts[c.first + 1] += 1;
                counts[c.first + 2] += c.wide;
                counts[c.first + c.up + 1] += c.tall;
                counts[c.first + c.up + 2] += c.wide & c.tall;
            } else {
                for cy in cy0..=cy1 {
                    for cx in cx0..=cx1 {
                        counts[grid.bucket_of_indexed(level, cx, cy) + 1] += 1;
                    }
                }
            }
            Footprint {
                level,
                cx0,
                cy0,
                cx1,
                cy1,
            }
        }));
        self.footprints = footprints;
        self.starts = starts;
        self.level_counts = level_counts;
        self.levels_in_use = levels_in_use;
        entry_count
    }

    /// Count, hashed mode: sizes the table to the entries (a power of two) and counts the
    /// entries of each bucket from the footprints. Returns the table size.
    #[inline(always)]
    fn count_hashed(&mut self, entry_count: usize) -> usize {
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
    }

    /// Scatter: writes every entry to its bucket, using `starts[b]` as the bucket's write
    /// cursor, then shifts `starts` back so that `starts[b]` is the bucket's start again.
    /// The buffers it writes are moved out of `self` for the loop, as in
    /// [`HashGrid::count_footprints`].
    #[inline(always)]
    fn scatter(&mut self, ids: &[u32], aabbs: &[Aabb]) {
        let entry_count = self.entry_count;
        let mut entries = core::mem::take(&mut self.entries);
        let mut cells = core::mem::take(&mut self.cells);
        let mut starts = core::mem::take(&mut self.starts);
        // One slot more than the entries: the branch-free scatter writes the corners a
        // footprint does not have there. Filled anew every step, although the scatter
        // overwrites it: on large worlds (megabytes) the fill takes the lines into the
        // cache without reading them, where the scatter's first writes would each wait for
        // a read.
        let spare_slot = entry_count;
        entries.clear();
        entries.resize(entry_count + 1, Entry::default());
        if !self.dense {
            cells.clear();
            cells.resize(entry_count, 0);
        }
        let grid = &*self;
        let (entries_out, cursors) = (&mut entries[..], &mut starts[..]);
        for (f, &id) in grid.footprints.iter().zip(ids) {
            let aabb = aabbs[id as usize];
            if grid.dense {
                if let Some(c) = grid.dense_corners(f.level, f.cx0, f.cy0, f.cx1, f.cy1) {
                    // Written out for the four cells rather than looped over an array: the
                    // array stayed in memory in wasm (on the shadow stack), each corner
                    // stored and loaded back.
                    let mut put = |b: usize, present: u32, tags: u32| {
                        let cursor = cursors[b];
                        let slot = if present != 0 {
                            cursor as usize
                        } else {
                            spare_slot
                        };
                        entries_out[slot] = Entry {
                            aabb,
                            tagged_id: id | tags,
                        };
                        cursors[b] = cursor + present;
                    };
                    put(c.first, 1, FIRST_COLUMN | FIRST_ROW);
                    put(c.first + 1, c.wide, FIRST_ROW);
                    put(c.first + c.up, c.tall, FIRST_COLUMN);
                    put(c.first + c.up + 1, c.wide & c.tall, 0);
                    continue;
                }
            }
            for cy in f.cy0..=f.cy1 {
                for cx in f.cx0..=f.cx1 {
                    let b = grid.bucket_of_indexed(f.level, cx, cy);
                    let slot = cursors[b] as usize;
                    let first_column = if cx == f.cx0 { FIRST_COLUMN } else { 0 };
                    let first_row = if cy == f.cy0 { FIRST_ROW } else { 0 };
                    entries_out[slot] = Entry {
                        aabb,
                        tagged_id: id | first_column | first_row,
                    };
                    if !grid.dense {
                        cells[slot] = pack_cell(f.level, cx, cy);
                    }
                    cursors[b] += 1;
                }
            }
        }
        starts.copy_within(0..self.table_size, 1);
        starts[0] = 0;
        self.entries = entries;
        self.cells = cells;
        self.starts = starts;
    }

    /// In dense mode, the buckets of the 2 × 2 cells from a footprint's first cell, with
    /// whether the footprint (of at most 2 × 2 cells: every footprint below the last level)
    /// really has the second column and the second row. `None` for a larger footprint.
    /// Counting and scattering through all four cells, absent ones with no effect (count +
    /// 0, entry to a spare slot), replaces two loops whose random trip counts (one or two
    /// each) were mispredicted about once per shape per pass. An absent cell is still the
    /// neighbouring bucket, never the first cell again, so that its `+ 0` does not wait on
    /// the first cell's `+ 1`; past the end of the table it lands in the zero tail of
    /// `starts`.
    #[inline]
    fn dense_corners(
        &self,
        level: u32,
        cx0: i32,
        cy0: i32,
        cx1: i32,
        cy1: i32,
    ) -> Option<DenseCorners> {
        // Both differences are 0 or more (truncation is monotonic): one test for both.
        let (wide, tall) = ((cx1 - cx0) as u32, (cy1 - cy0) as u32);
        if wide | tall > 1 {
            return None;
        }
        Some(DenseCorners {
            first: self.bucket_of_indexed(level, cx0, cy0),
            up: self.dense_levels[level as usize].columns,
            wide,
            tall,
        })
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
}

/// A grid's table as [`HashGrid::table`] gives it.
#[cfg(all(test, feature = "threads"))]
pub(super) type GridTable = (Vec<u32>, Vec<(Aabb, u32)>, Vec<u64>, Vec<[i32; 5]>);

/// What the tests check was exercised: both table modes, both look-up directions.
#[cfg(test)]
impl HashGrid {
    /// True when the last rebuild chose the dense table.
    pub(super) fn is_dense(&self) -> bool {
        self.dense
    }

    /// The table, for comparing two rebuilds: the bucket starts, each entry's box and
    /// tagged id, the cells of a hashed table, and each shape's footprint.
    #[cfg(feature = "threads")]
    pub(super) fn table(&self) -> GridTable {
        let count = self.entry_count;
        let entries = self.entries[..count].iter();
        let footprints = self.footprints.iter();
        (
            self.starts[..=self.table_size].to_vec(),
            entries.map(|e| (e.aabb, e.tagged_id)).collect(),
            self.cells[..if self.dense { 0 } else { count }].to_vec(),
            footprints
                .map(|f| [f.level as i32, f.cx0, f.cy0, f.cx1, f.cy1])
                .collect(),
        )
    }

    /// Whether some level looks down into a finer one, and whether some level looks up
    /// into a coarser one.
    pub(super) fn looks_down_and_up(&self) -> (bool, bool) {
        let any = |bits: &[u64]| bits.iter().any(|&b| b != 0);
        (any(&self.look_down), any(&self.look_up))
    }
}
