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
use super::{
    pack_cell, Bounds, DenseCorners, Entry, Footprint, HashGrid, FIRST_COLUMN, FIRST_ROW, MAX_LEVEL,
};
use crate::grow::{self, GrowError};
use crate::math::Aabb;
use crate::parallel::{for_each_item, for_each_run, Rows};

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
    /// footprints in runs of `grain` shapes, each run also binning its shapes by the
    /// `ranges` ranges of buckets their cells fall in; then the count and the scatter range
    /// by range, each range reading its bins (runs in order, shapes in order) and writing
    /// only its own buckets. Each bucket then holds its entries in the order of `ids`, as
    /// the single-threaded scatter leaves them, whatever `ranges` is: the same table, bit
    /// for bit. (Cutting the shapes instead would have the chunks write each other's
    /// buckets.) The bounds and the prefix sums stay on one thread, and so does a hashed
    /// table (a world spread far apart, rare in games), whose size is known only once the
    /// cells are counted.
    pub fn rebuild_in_chunks(&mut self, ids: &[u32], aabbs: &[Aabb], grain: usize, ranges: usize) {
        if ids.len() <= grain {
            self.rebuild(ids, aabbs);
            return;
        }
        self.entry_count = 0;
        let bounds = Bounds::of(ids, aabbs);
        self.plan_cells(&bounds);
        let table_size = self.plan_table(&bounds, ids.len());
        if !self.dense {
            self.rebuild(ids, aabbs);
            return;
        }
        self.table_size = table_size;
        let width = table_size
            .div_ceil(ranges.clamp(1, table_size.max(1)))
            .max(1);
        let (levels_in_use, level_counts) = self.footprints_in_chunks(ids, aabbs, grain, width);
        self.levels_in_use = levels_in_use;
        self.level_counts = level_counts;
        self.plan_cross_level_lookups();
        self.count_in_ranges(width);
        for b in 0..table_size {
            self.starts[b + 1] += self.starts[b];
        }
        self.entry_count = self.starts[table_size] as usize;
        self.scatter_in_ranges(ids, aabbs, width);
    }

    /// Every shape's footprint, in runs of `grain` shapes, each run binning its shapes by
    /// the ranges of `width` buckets they have a cell in; returns the levels in use and the
    /// shapes per level.
    fn footprints_in_chunks(
        &mut self,
        ids: &[u32],
        aabbs: &[Aabb],
        grain: usize,
        width: usize,
    ) -> (u64, [usize; MAX_LEVEL as usize + 1]) {
        type Counts = (u64, [usize; MAX_LEVEL as usize + 1]);
        let mut footprints = core::mem::take(&mut self.footprints);
        let mut bins = core::mem::take(&mut self.range_bins);
        footprints.clear();
        footprints.resize(ids.len(), Footprint::default());
        let (runs, ranges) = (ids.len().div_ceil(grain), self.table_size.div_ceil(width));
        bins.resize_with(runs, Vec::new);
        for run in &mut bins {
            run.resize_with(ranges.max(run.len()), Vec::new);
            run.iter_mut().for_each(Vec::clear);
        }
        let grid = &*self;
        let run = |first: usize, (out, bins): (&mut [Footprint], &mut [Vec<Vec<u32>>])| -> Counts {
            let (mut levels, mut counts) = (0u64, [0; MAX_LEVEL as usize + 1]);
            let bins = &mut bins[0];
            for (k, (f, &id)) in out.iter_mut().zip(&ids[first..]).enumerate() {
                let aabb = &aabbs[id as usize];
                let level = grid.level_for(aabb);
                let (cx0, cy0) = grid.cell_of(level, aabb.min);
                let (cx1, cy1) = grid.cell_of(level, aabb.max);
                levels |= 1 << level;
                counts[level as usize] += 1;
                let lowest = grid.bucket_of_indexed(level, cx0, cy0);
                let highest = grid.bucket_of_indexed(level, cx1, cy1);
                for bin in &mut bins[lowest / width..=highest / width] {
                    bin.push((first + k) as u32);
                }
                *f = Footprint {
                    level,
                    cx0,
                    cy0,
                    cx1,
                    cy1,
                };
            }
            (levels, counts)
        };
        let fold = |a: Counts, b: Counts| {
            let mut counts = a.1;
            counts.iter_mut().zip(b.1).for_each(|(c, d)| *c += d);
            (a.0 | b.0, counts)
        };
        // One bin list per run of `grain` shapes: the runs of the footprints and of the
        // bins are cut alike (the second column has one item per run).
        let result = for_each_run(
            Runs {
                rows: &mut footprints[..],
                runs: &mut bins[..runs],
                grain,
            },
            grain,
            &|first, runs: Runs<Footprint, Vec<Vec<u32>>>| run(first, (runs.rows, runs.runs)),
            fold,
        );
        self.footprints = footprints;
        self.range_bins = bins;
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

    /// The dense corners of footprint `f` (see [`HashGrid::dense_corners`]) when all four
    /// possible corners lie in the buckets `range`.
    #[inline(always)]
    fn corners_within(
        &self,
        f: &Footprint,
        range: core::ops::Range<usize>,
    ) -> Option<DenseCorners> {
        let c = self.dense_corners(f.level, f.cx0, f.cy0, f.cx1, f.cy1)?;
        (c.first >= range.start && c.first + c.up + 1 < range.end).then_some(c)
    }

    /// The positions of the shapes with a cell in range `r`, runs in order.
    fn binned(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        let runs = self.range_bins.iter();
        runs.flat_map(move |run| run[r].iter().map(|&i| i as usize))
    }

    /// Counts the entries of each bucket into `starts[b + 1]` (zero before), range by
    /// range of `width` buckets.
    fn count_in_ranges(&mut self, width: usize) {
        let mut starts = core::mem::take(&mut self.starts);
        let table_size = self.table_size;
        let grid = &*self;
        let run = |first: usize, counts: &mut [u32]| {
            let end = first + counts.len();
            for i in grid.binned(first / width) {
                let f = &grid.footprints[i];
                // Most footprints have all their (at most 2 × 2) cells in the range: those
                // are counted without a jump, as the single-threaded count does.
                if let Some(c) = grid.corners_within(f, first..end) {
                    let at = c.first - first;
                    counts[at] += 1;
                    counts[at + 1] += c.wide;
                    counts[at + c.up] += c.tall;
                    counts[at + c.up + 1] += c.wide & c.tall;
                    continue;
                }
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
    /// [`HashGrid::scatter`] leaves it), range by range of `width` buckets.
    fn scatter_in_ranges(&mut self, ids: &[u32], aabbs: &[Aabb], width: usize) {
        let entry_count = self.entry_count;
        let mut entries = core::mem::take(&mut self.entries);
        let mut starts = core::mem::take(&mut self.starts);
        entries.clear();
        entries.resize(entry_count + 1, Entry::default());
        let table_size = self.table_size;
        let task = ScatterTask {
            grid: self,
            ids,
            aabbs,
            width,
        };
        let ranges = table_size.div_ceil(width);
        task.run(
            0..ranges,
            (&mut starts[..table_size], &mut entries[..entry_count]),
        );
        starts.copy_within(0..table_size, 1);
        starts[0] = 0;
        self.entries = entries;
        self.starts = starts;
    }
}

/// Rows of a column cut in runs of `grain`, beside one item per run of another: what the
/// footprint pass of [`HashGrid::rebuild_in_chunks`] cuts (footprints, and each run's
/// bins).
struct Runs<'a, A, B> {
    rows: &'a mut [A],
    runs: &'a mut [B],
    grain: usize,
}

impl<A: Send, B: Send> Rows for Runs<'_, A, B> {
    fn rows(&self) -> usize {
        self.rows.len()
    }
    fn split_rows(self, n: usize) -> (Self, Self) {
        let (rows, rows_rest) = self.rows.split_at_mut(n);
        let (runs, runs_rest) = self.runs.split_at_mut(n / self.grain);
        let grain = self.grain;
        (
            Runs { rows, runs, grain },
            Runs {
                rows: rows_rest,
                runs: runs_rest,
                grain,
            },
        )
    }
}

/// The scatter of [`HashGrid::rebuild_in_chunks`]: ranges of buckets, halved between two
/// threads until one is left.
struct ScatterTask<'a> {
    grid: &'a HashGrid,
    ids: &'a [u32],
    aabbs: &'a [Aabb],
    /// Buckets per range.
    width: usize,
}

impl ScatterTask<'_> {
    /// Scatters the ranges `ranges` into their cursors (`starts` of their buckets) and
    /// entries, which begin at the first of them.
    fn run(&self, ranges: core::ops::Range<usize>, (cursors, entries): (&mut [u32], &mut [Entry])) {
        if ranges.len() > 1 {
            let mid = ranges.start + ranges.len() / 2;
            let buckets = (mid - ranges.start) * self.width;
            // The cursors are still the buckets' starts: the right half's entries begin at
            // the start of its first bucket.
            let at = match cursors.get(buckets) {
                Some(&start) => (start - cursors[0]) as usize,
                None => entries.len(),
            };
            let (cursors, cursors_rest) = cursors.split_at_mut(buckets.min(cursors.len()));
            let (entries, entries_rest) = entries.split_at_mut(at);
            rayon::join(
                || self.run(ranges.start..mid, (cursors, entries)),
                || self.run(mid..ranges.end, (cursors_rest, entries_rest)),
            );
            return;
        }
        let lo = ranges.start * self.width;
        let hi = lo + cursors.len();
        let Some(&base) = cursors.first() else {
            return;
        };
        let grid = self.grid;
        // Where the corners a footprint does not have are written (see `scatter`).
        let mut spare = Entry::default();
        for i in grid.binned(ranges.start) {
            let (f, id) = (&grid.footprints[i], self.ids[i]);
            let aabb = self.aabbs[id as usize];
            if let Some(c) = grid.corners_within(f, lo..hi) {
                let at = c.first - lo;
                let mut put = |k: usize, present: u32, tags: u32| {
                    let cursor = cursors[k];
                    let entry = Entry {
                        aabb,
                        tagged_id: id | tags,
                    };
                    if present != 0 {
                        entries[(cursor - base) as usize] = entry;
                    } else {
                        spare = entry;
                    }
                    cursors[k] = cursor + present;
                };
                put(at, 1, FIRST_COLUMN | FIRST_ROW);
                put(at + 1, c.wide, FIRST_ROW);
                put(at + c.up, c.tall, FIRST_COLUMN);
                put(at + c.up + 1, c.wide & c.tall, 0);
                continue;
            }
            grid.visit_cells_of(f, |b, tags, _| {
                if (lo..hi).contains(&b) {
                    let cursor = &mut cursors[b - lo];
                    entries[(*cursor - base) as usize] = Entry {
                        aabb,
                        tagged_id: id | tags,
                    };
                    *cursor += 1;
                }
            });
        }
    }
}
