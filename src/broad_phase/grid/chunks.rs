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
use super::HashGrid;
use crate::grow::{self, GrowError};
use crate::math::Aabb;
use crate::parallel::for_each_item;

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
