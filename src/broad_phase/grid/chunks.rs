//! The step's overlapping pairs of [`HashGrid::overlapping_pairs`], found in chunks that the
//! threads of rayon's pool share (the `threads` feature).
//!
//! The same pairs as the single-threaded walk, found by the same code (`same_cell_pairs`
//! bucket by bucket, `pairs_on_level` shape by shape), only cut in pieces: the buckets in
//! runs of about `grain` entries, the shapes' look-ups across levels in runs of `grain`
//! shapes. Each chunk writes its own [`PairList`], so no two threads write the same memory,
//! and the lists are read in chunk order: which thread ran a chunk, or when, changes
//! nothing. The cut depends only on the grid and `grain`, never on the number of threads.

use super::pairs::same_cell_pairs;
use super::{pack_cell, Bounds, Entry, Footprint, HashGrid, FIRST_COLUMN, FIRST_ROW, MAX_LEVEL};
use crate::grow::{self, GrowError};
use crate::math::Aabb;
use crate::parallel::{for_each_item, for_each_run};

/// A list of candidate pairs (two rows, in either order) that keeps its buffer from step to
/// step: `pairs[..len]` are this step's, what lies beyond is slack from an earlier step
/// (the branch-free same-cell walk writes every comparison and keeps the hits, so its
/// buffer is longer than its pairs).
#[derive(Clone, Debug, Default)]
pub struct PairList {
    pairs: Vec<(u32, u32)>,
    len: usize,
}

impl PairList {
    /// This step's pairs.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[(u32, u32)] {
        &self.pairs[..self.len]
    }

    /// Empties the list, for [`PairList::push`].
    #[inline]
    pub fn clear(&mut self) {
        self.pairs.clear();
        self.len = 0;
    }

    /// Appends a pair (after [`PairList::clear`]). Fails when the buffer cannot grow.
    #[inline]
    pub fn push(&mut self, pair: (u32, u32)) -> Result<(), GrowError> {
        grow::push(&mut self.pairs, pair)?;
        self.len = self.pairs.len();
        Ok(())
    }
}

impl HashGrid {
    /// [`HashGrid::overlapping_pairs`] in chunks: fills `lists[first..]` (grown as needed)
    /// with the pairs of the last rebuild (over `ids` and `aabbs`, as given to it), one list
    /// per chunk, and returns the index past the last list filled. Together the lists hold
    /// exactly the pairs `overlapping_pairs` finds; the chunks run in parallel.
    ///
    /// Fails when a list cannot grow; the lists then hold some of the pairs.
    pub fn overlapping_pairs_in_chunks(
        &self,
        ids: &[u32],
        aabbs: &[Aabb],
        grain: usize,
        lists: &mut Vec<PairList>,
        first: usize,
    ) -> Result<usize, GrowError> {
        let grain = grain.max(1);
        let cell_chunks = self.entry_count.div_ceil(grain);
        let level_chunks = if self.levels_in_use.count_ones() < 2 {
            0
        } else {
            self.footprints.len().div_ceil(grain)
        };
        let end = first + cell_chunks + level_chunks;
        if lists.len() < end {
            lists.resize_with(end, PairList::default);
        }
        // Chunk `k` of the buckets starts at the first bucket whose entries start at or
        // after entry `k × grain`.
        let starts = &self.starts[..=self.table_size];
        let bucket_at = |k: usize| starts.partition_point(|&s| (s as usize) < k * grain);
        let chunk = |k: usize, list: &mut PairList| -> Result<(), GrowError> {
            if k < cell_chunks {
                let buckets = bucket_at(k)..bucket_at(k + 1).min(self.table_size);
                list.len = self.same_cell_pairs_of(buckets, &mut list.pairs)?;
            } else {
                let from = (k - cell_chunks) * grain;
                let to = (from + grain).min(self.footprints.len());
                list.clear();
                self.cross_level_pairs_of(from..to, ids, aabbs, &mut list.pairs)?;
                list.len = list.pairs.len();
            }
            Ok(())
        };
        for_each_item(&mut lists[first..end], &chunk)?;
        Ok(end)
    }

    /// The same-cell pairs of the buckets `buckets`, written to `out` from its start as
    /// `overlapping_pairs` writes its slots; returns how many there are.
    fn same_cell_pairs_of(
        &self,
        buckets: core::ops::Range<usize>,
        out: &mut Vec<(u32, u32)>,
    ) -> Result<usize, GrowError> {
        let mut count = 0;
        for b in buckets {
            let (start, end) = (self.starts[b] as usize, self.starts[b + 1] as usize);
            if end - start < 2 {
                continue;
            }
            count = if self.dense {
                same_cell_pairs::<true>(&self.entries[start..end], &[], out, count)?
            } else {
                same_cell_pairs::<false>(
                    &self.entries[start..end],
                    &self.cells[start..end],
                    out,
                    count,
                )?
            };
        }
        Ok(count)
    }

    /// The cross-level pairs of the shapes at `positions` of `ids`, appended to `out`.
    fn cross_level_pairs_of(
        &self,
        positions: core::ops::Range<usize>,
        ids: &[u32],
        aabbs: &[Aabb],
        out: &mut Vec<(u32, u32)>,
    ) -> Result<(), GrowError> {
        let footprints = &self.footprints[positions.clone()];
        for (f, &id) in footprints.iter().zip(&ids[positions]) {
            let mut others = self.look_up[f.level as usize] | self.look_down[f.level as usize];
            let box_a = &aabbs[id as usize];
            while others != 0 {
                let level = others.trailing_zeros();
                others &= others - 1;
                self.pairs_on_level(id, box_a, level, out)?;
            }
        }
        Ok(())
    }
}

impl HashGrid {
    /// [`HashGrid::rebuild`] with its passes over the shapes shared by the threads: the
    /// footprints in runs of `grain` shapes, the count and the scatter in `ranges` runs of
    /// buckets, each of which reads every footprint and writes only its own buckets. Each
    /// bucket then holds its entries in the order of `ids`, as the single-threaded scatter
    /// leaves them, whatever `ranges` is: the same table, bit for bit. (Cutting the shapes
    /// instead would have the chunks write each other's buckets.) The bounds and the prefix
    /// sums stay on one thread.
    pub fn rebuild_in_chunks(&mut self, ids: &[u32], aabbs: &[Aabb], grain: usize, ranges: usize) {
        if ids.len() <= grain {
            self.rebuild(ids, aabbs);
            return;
        }
        self.entry_count = 0;
        let bounds = Bounds::of(ids, aabbs);
        self.plan_cells(&bounds);
        let dense_size = self.plan_table(&bounds, ids.len());
        let (levels_in_use, level_counts, hashed_entries) =
            self.footprints_in_chunks(ids, aabbs, grain);
        self.levels_in_use = levels_in_use;
        self.level_counts = level_counts;
        self.plan_cross_level_lookups();
        let table_size = if self.dense {
            dense_size
        } else {
            let size = hashed_entries.next_power_of_two().max(2);
            self.table_shift = 64 - size.trailing_zeros();
            self.starts.resize(size + 1, 0);
            size
        };
        self.table_size = table_size;
        let ranges = ranges.clamp(1, table_size);
        self.count_in_ranges(table_size.div_ceil(ranges));
        for b in 0..table_size {
            self.starts[b + 1] += self.starts[b];
        }
        self.entry_count = self.starts[table_size] as usize;
        self.scatter_in_ranges(ids, aabbs, ranges);
    }

    /// Every shape's footprint, in runs of `grain` shapes; returns the levels in use, the
    /// shapes per level and (for a hashed table) the number of entries.
    fn footprints_in_chunks(
        &mut self,
        ids: &[u32],
        aabbs: &[Aabb],
        grain: usize,
    ) -> (u64, [usize; MAX_LEVEL as usize + 1], usize) {
        type Counts = (u64, [usize; MAX_LEVEL as usize + 1], usize);
        let mut footprints = core::mem::take(&mut self.footprints);
        footprints.clear();
        footprints.resize(ids.len(), Footprint::default());
        let grid = &*self;
        let run = |first: usize, out: &mut [Footprint]| -> Counts {
            let (mut levels, mut counts, mut entries) = (0u64, [0; MAX_LEVEL as usize + 1], 0);
            for (f, &id) in out.iter_mut().zip(&ids[first..]) {
                let aabb = &aabbs[id as usize];
                let level = grid.level_for(aabb);
                let (cx0, cy0) = grid.cell_of(level, aabb.min);
                let (cx1, cy1) = grid.cell_of(level, aabb.max);
                levels |= 1 << level;
                counts[level as usize] += 1;
                entries += (cx1.abs_diff(cx0) as usize + 1) * (cy1.abs_diff(cy0) as usize + 1);
                *f = Footprint {
                    level,
                    cx0,
                    cy0,
                    cx1,
                    cy1,
                };
            }
            (levels, counts, entries)
        };
        let fold = |a: Counts, b: Counts| {
            let mut counts = a.1;
            counts.iter_mut().zip(b.1).for_each(|(c, d)| *c += d);
            (a.0 | b.0, counts, a.2 + b.2)
        };
        let result = for_each_run(&mut footprints[..], grain, &run, fold);
        self.footprints = footprints;
        result
    }

    /// Calls `visit` with the bucket, the tags and the packed cell of each cell of
    /// footprint `f`, in the order the single-threaded scatter writes them.
    #[inline(always)]
    fn visit_cells_of(&self, f: &Footprint, mut visit: impl FnMut(usize, u32, u64)) {
        for cy in f.cy0..=f.cy1 {
            let first_row = if cy == f.cy0 { FIRST_ROW } else { 0 };
            for cx in f.cx0..=f.cx1 {
                let first_column = if cx == f.cx0 { FIRST_COLUMN } else { 0 };
                let b = self.bucket_of_indexed(f.level, cx, cy);
                visit(b, first_column | first_row, pack_cell(f.level, cx, cy));
            }
        }
    }

    /// Counts the entries of each bucket into `starts[b + 1]` (zero before), in runs of
    /// `width` buckets.
    fn count_in_ranges(&mut self, width: usize) {
        let mut starts = core::mem::take(&mut self.starts);
        let table_size = self.table_size;
        let grid = &*self;
        let run = |first: usize, counts: &mut [u32]| {
            let end = first + counts.len();
            for f in &grid.footprints {
                grid.visit_cells_of(f, |b, _, _| {
                    if (first..end).contains(&b) {
                        counts[b - first] += 1;
                    }
                });
            }
        };
        for_each_run(&mut starts[1..=table_size], width, &run, |(), ()| ());
        self.starts = starts;
    }

    /// Writes every entry to its bucket (`starts` holds the buckets' starts, and ends as
    /// [`HashGrid::scatter`] leaves it), in `ranges` runs of buckets of about as many
    /// entries each.
    fn scatter_in_ranges(&mut self, ids: &[u32], aabbs: &[Aabb], ranges: usize) {
        let entry_count = self.entry_count;
        let mut entries = core::mem::take(&mut self.entries);
        let mut cells = core::mem::take(&mut self.cells);
        let mut starts = core::mem::take(&mut self.starts);
        entries.clear();
        entries.resize(entry_count + 1, Entry::default());
        if !self.dense {
            cells.clear();
            cells.resize(entry_count, 0);
        }
        let table_size = self.table_size;
        // The first bucket of each range: ranges of about `entry_count / ranges` entries.
        let per_range = entry_count.div_ceil(ranges).max(1);
        let bounds = &starts[..=table_size];
        let first_bucket = |k: usize| bounds.partition_point(|&s| (s as usize) < k * per_range);
        let mut firsts = [0usize; 65];
        let ranges = ranges.min(64);
        for (k, first) in firsts.iter_mut().enumerate().take(ranges + 1) {
            *first = if k == ranges {
                table_size
            } else {
                first_bucket(k).min(table_size)
            };
        }
        let task = ScatterTask {
            grid: self,
            ids,
            aabbs,
            firsts: &firsts[..=ranges],
        };
        let cells_out: &mut [u64] = if self.dense { &mut [] } else { &mut cells[..] };
        task.run(
            0..ranges,
            (
                &mut starts[..table_size],
                &mut entries[..entry_count],
                cells_out,
            ),
        );
        starts.copy_within(0..table_size, 1);
        starts[0] = 0;
        self.entries = entries;
        self.cells = cells;
        self.starts = starts;
    }
}

/// The scatter of [`HashGrid::rebuild_in_chunks`]: ranges of buckets, halved between two
/// threads until one is left.
struct ScatterTask<'a> {
    grid: &'a HashGrid,
    ids: &'a [u32],
    aabbs: &'a [Aabb],
    /// The first bucket of each range, then the table's size.
    firsts: &'a [usize],
}

impl ScatterTask<'_> {
    /// Scatters the ranges `ranges` into their cursors (`starts` of their buckets), entries
    /// and cells (empty in dense mode), which begin at the first of them.
    fn run(
        &self,
        ranges: core::ops::Range<usize>,
        (cursors, entries, cells): (&mut [u32], &mut [Entry], &mut [u64]),
    ) {
        if ranges.len() > 1 {
            let mid = ranges.start + ranges.len() / 2;
            let buckets = self.firsts[mid] - self.firsts[ranges.start];
            // The cursors are still the buckets' starts: the right half's entries begin at
            // the start of its first bucket.
            let at = match cursors.get(buckets) {
                Some(&start) => (start - cursors[0]) as usize,
                None => entries.len(),
            };
            let (cursors, cursors_rest) = cursors.split_at_mut(buckets);
            let (entries, entries_rest) = entries.split_at_mut(at);
            let (cells, cells_rest) = cells.split_at_mut(if cells.is_empty() { 0 } else { at });
            rayon::join(
                || self.run(ranges.start..mid, (cursors, entries, cells)),
                || self.run(mid..ranges.end, (cursors_rest, entries_rest, cells_rest)),
            );
            return;
        }
        let (lo, hi) = (self.firsts[ranges.start], self.firsts[ranges.end]);
        let Some(&base) = cursors.first() else {
            return;
        };
        let grid = self.grid;
        for (f, &id) in grid.footprints.iter().zip(self.ids) {
            let aabb = self.aabbs[id as usize];
            grid.visit_cells_of(f, |b, tags, cell| {
                if (lo..hi).contains(&b) {
                    let cursor = &mut cursors[b - lo];
                    let slot = (*cursor - base) as usize;
                    entries[slot] = Entry {
                        aabb,
                        tagged_id: id | tags,
                    };
                    if !cells.is_empty() {
                        cells[slot] = cell;
                    }
                    *cursor += 1;
                }
            });
        }
    }
}
