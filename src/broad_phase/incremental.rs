//! A grid that takes boxes one at a time ([`IncrementalGrid`]): the shapes a game changed
//! since the last step, for the queries that must see them before the next one.
//!
//! The per-step [`HashGrid`](super::HashGrid) is a counting sort, rebuilt whole: right for
//! a step, where most shapes moved, and wrong for a frame in which a game moves a thousand
//! characters one after the other, each move querying the world with the others' new
//! boxes. Rebuilt after each move, the frame would cost the square of the movers. So the
//! boxes changed since the last step go here, each in O(cells it covers), and a query
//! visits the cells of its own box.
//!
//! One level of square cells, hashed into chained buckets (`heads` → `entries` → `next`),
//! the cell size fixed by the first box after a [`IncrementalGrid::clear`] (the caller
//! passes the step grid's base cell as a hint: the moving shapes' typical size). A box
//! covering more than [`MAX_CELLS`] cells goes to a list of wide boxes that every query
//! scans; a query covering more cells than the grid holds entries scans the entries
//! instead of its cells.
//!
//! A key inserted again replaces its box: a character moved a little covers the same
//! cells, and its entries are rewritten in place; otherwise they are unlinked from their
//! buckets (a walk of a short chain) and new ones appended. So a thousand moves of one
//! character leave one entry per cell it covers, not a thousand.
//!
//! Each box is reported once per query, from the cell at the lower-left corner of the
//! intersection of its cell range with the query's (a cell both ranges hold), as the step
//! grid reports a pair once. Nothing here allocates once the buffers have grown.

use crate::math::{Aabb, Vec2};

/// The most cells a box is entered in; a larger one is kept in the list of wide boxes.
const MAX_CELLS: u64 = 16;

/// "No entry" in `heads` and `next`.
const NONE: u32 = u32::MAX;

/// The cell of a wide box's entry: in no bucket, and never its first cell.
const WIDE_CELL: (i32, i32) = (i32::MAX, i32::MIN);
/// The cell of a replaced entry: in no bucket, never a first cell, not wide.
const DEAD_CELL: (i32, i32) = (i32::MIN, i32::MAX);

/// One box's presence in one cell (or in the list of wide boxes).
#[derive(Clone, Copy, Debug)]
struct CellEntry {
    aabb: Aabb,
    key: u32,
    /// The next entry of its bucket.
    next: u32,
    /// Its cell ([`WIDE_CELL`], [`DEAD_CELL`]), and the box's first (lower-left) and last
    /// cells.
    cell: (i32, i32),
    first: (i32, i32),
    last: (i32, i32),
}

/// See the module docs.
#[derive(Clone, Debug, Default)]
pub struct IncrementalGrid {
    /// `1 / cell size`; 0 until the first box after a clear.
    inverse_cell: f32,
    heads: Vec<u32>,
    /// `64 - log2(heads.len())`.
    shift: u32,
    entries: Vec<CellEntry>,
    /// Indices of the entries of wide boxes.
    wide: Vec<u32>,
    /// Each key's entries, `start + 1` and count (0, 0: none since the clear), by key.
    spans: Vec<(u32, u32)>,
    /// How many keys have a box.
    keys: u32,
}

impl IncrementalGrid {
    /// True when no box was inserted since the last clear.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys == 0
    }

    /// Forgets every box, keeping the buffers.
    pub fn clear(&mut self) {
        if self.keys == 0 {
            return;
        }
        for e in &self.entries {
            self.spans[e.key as usize] = (0, 0);
        }
        self.heads.fill(NONE);
        self.entries.clear();
        self.wide.clear();
        self.keys = 0;
        self.inverse_cell = 0.0;
    }

    /// The cell holding `p`; coordinates saturate far away, which keeps the order the
    /// reporting rule needs, one short of the extremes so that no cell is [`WIDE_CELL`] or
    /// [`DEAD_CELL`] (a box far out in cells, or a cell size from a point's box, would
    /// otherwise be taken for a wide one and unlinked from the wide list).
    #[inline]
    fn cell_of(&self, p: Vec2) -> (i32, i32) {
        let c =
            |v: f32| ((v * self.inverse_cell).floor() as i32).clamp(-i32::MAX + 1, i32::MAX - 1);
        (c(p.x), c(p.y))
    }

    #[inline]
    fn bucket(&self, cell: (i32, i32)) -> usize {
        let key = (cell.0 as u32 as u64) << 32 | cell.1 as u32 as u64;
        super::grid::hash_bucket(key, self.shift)
    }

    /// The first and last cells of `aabb` and how many cells it covers.
    #[inline]
    fn footprint(&self, aabb: &Aabb) -> ((i32, i32), (i32, i32), u64) {
        let (lo, hi) = (self.cell_of(aabb.min), self.cell_of(aabb.max));
        let cells = (hi.0.abs_diff(lo.0) as u64 + 1) * (hi.1.abs_diff(lo.1) as u64 + 1);
        (lo, hi, cells)
    }

    /// Enters `aabb` under `key` (a small integer: ids), replacing the key's earlier box.
    /// `cell_hint` is the cell size to use when this is the first box since the clear
    /// (raised to the box's own extent; any positive size is correct).
    pub fn insert(&mut self, key: u32, aabb: &Aabb, cell_hint: f32) {
        if self.inverse_cell == 0.0 {
            let e = aabb.extents();
            let size = cell_hint.max(e.x).max(e.y);
            self.inverse_cell = if size > 0.0 && size.is_finite() {
                1.0 / size
            } else {
                1.0
            };
        }
        if self.spans.len() <= key as usize {
            self.spans.resize(key as usize + 1, (0, 0));
        }
        let (lo, hi, cells) = self.footprint(aabb);
        let wide = cells > MAX_CELLS;
        let (start, count) = self.spans[key as usize];
        if start > 0 {
            let old = (start - 1) as usize..(start - 1 + count) as usize;
            let e = self.entries[old.start];
            if (e.first, e.last) == (lo, hi) && (e.cell == WIDE_CELL) == wide {
                // The same cells: rewritten in place, still linked.
                for entry in &mut self.entries[old] {
                    entry.aabb = *aabb;
                }
                return;
            }
            self.unlink(old);
        } else {
            self.keys += 1;
        }
        let mut entry = CellEntry {
            aabb: *aabb,
            key,
            next: NONE,
            cell: WIDE_CELL,
            first: lo,
            last: hi,
        };
        let at = self.entries.len() as u32;
        if wide {
            self.spans[key as usize] = (at + 1, 1);
            self.wide.push(at);
            self.entries.push(entry);
            return;
        }
        self.spans[key as usize] = (at + 1, cells as u32);
        if self.entries.len() + cells as usize > self.heads.len() {
            self.grow(self.entries.len() + cells as usize);
        }
        for cy in lo.1..=hi.1 {
            for cx in lo.0..=hi.0 {
                entry.cell = (cx, cy);
                let b = self.bucket(entry.cell);
                entry.next = self.heads[b];
                self.heads[b] = self.entries.len() as u32;
                self.entries.push(entry);
            }
        }
    }

    /// Takes the entries `range` (one key's) out of their buckets or of the wide list.
    fn unlink(&mut self, range: core::ops::Range<usize>) {
        for k in range {
            let cell = self.entries[k].cell;
            if cell == WIDE_CELL {
                let at = self.wide.iter().position(|&w| w as usize == k);
                self.wide.swap_remove(at.unwrap_or(0));
            } else {
                let b = self.bucket(cell);
                let next = self.entries[k].next;
                if self.heads[b] == k as u32 {
                    self.heads[b] = next;
                } else {
                    let mut p = self.heads[b];
                    while p != NONE && self.entries[p as usize].next != k as u32 {
                        p = self.entries[p as usize].next;
                    }
                    if p != NONE {
                        self.entries[p as usize].next = next;
                    }
                }
            }
            self.entries[k].cell = DEAD_CELL;
        }
    }

    /// Makes at least `needed` buckets (a power of two) and links every entry again.
    #[cold]
    fn grow(&mut self, needed: usize) {
        let size = (2 * needed).next_power_of_two().max(64);
        self.heads.clear();
        self.heads.resize(size, NONE);
        self.shift = 64 - size.trailing_zeros();
        for k in 0..self.entries.len() {
            let cell = self.entries[k].cell;
            if cell == WIDE_CELL || cell == DEAD_CELL {
                continue;
            }
            let b = self.bucket(cell);
            self.entries[k].next = self.heads[b];
            self.heads[b] = k as u32;
        }
    }

    /// Calls `visit` with the key and box of every box that overlaps `query`, once each, in
    /// no particular order.
    pub fn query(&self, query: &Aabb, mut visit: impl FnMut(u32, &Aabb)) {
        if self.keys == 0 {
            return;
        }
        for &k in &self.wide {
            let e = &self.entries[k as usize];
            if e.aabb.overlaps(query) {
                visit(e.key, &e.aabb);
            }
        }
        let (lo, hi, cells) = self.footprint(query);
        if cells > self.entries.len() as u64 {
            // Fewer entries than cells to visit: each box once, from its first cell.
            for e in &self.entries {
                if e.cell == e.first && e.aabb.overlaps(query) {
                    visit(e.key, &e.aabb);
                }
            }
            return;
        }
        for cy in lo.1..=hi.1 {
            for cx in lo.0..=hi.0 {
                let mut k = self.heads[self.bucket((cx, cy))];
                while k != NONE {
                    let e = &self.entries[k as usize];
                    k = e.next;
                    // A cell of another box that hashed here, or a cell other than the
                    // corner one, is skipped.
                    let corner = (e.first.0.max(lo.0), e.first.1.max(lo.1));
                    if e.cell == (cx, cy) && corner == (cx, cy) && e.aabb.overlaps(query) {
                        visit(e.key, &e.aabb);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Mulberry32;

    /// Against brute force on seeded boxes of mixed sizes, keys inserted several times,
    /// queries small and huge: each current box overlapping the query exactly once.
    #[test]
    fn queries_find_each_current_box_once() {
        let mut rng = Mulberry32::new(17);
        let mut grid = IncrementalGrid::default();
        for round in 0..4 {
            grid.clear();
            let mut boxes: Vec<Option<Aabb>> = vec![None; 300];
            for _ in 0..600 {
                let key = rng.below(300);
                let c = Vec2::new(rng.range(-500.0, 500.0), rng.range(-500.0, 500.0));
                let size = if rng.below(20) == 0 { 200.0 } else { 4.0 };
                let half = Vec2::new(rng.range(0.0, size), rng.range(0.0, size));
                let b = Aabb::new(c - half, c + half);
                grid.insert(key as u32, &b, [0.0, 3.0, 50.0, 1e-3][round]);
                boxes[key] = Some(b);
                // Small moves, as a character's: mostly the same cells, rewritten in place.
                for _ in 0..rng.below(3) {
                    let d = Vec2::new(rng.range(-0.2, 0.2), rng.range(-0.2, 0.2));
                    let b = Aabb::new(b.min + d, b.max + d);
                    grid.insert(key as u32, &b, 0.0);
                    boxes[key] = Some(b);
                }
            }
            for _ in 0..200 {
                let c = Vec2::new(rng.range(-600.0, 600.0), rng.range(-600.0, 600.0));
                let reach = if rng.below(10) == 0 { 2000.0 } else { 30.0 };
                let half = Vec2::new(rng.range(0.0, reach), rng.range(0.0, reach));
                let q = Aabb::new(c - half, c + half);
                let mut got = Vec::new();
                grid.query(&q, |key, b| {
                    assert_eq!(Some(*b), boxes[key as usize]);
                    got.push(key);
                });
                got.sort_unstable();
                let want: Vec<u32> = (0..300u32)
                    .filter(|&k| boxes[k as usize].is_some_and(|b| b.overlaps(&q)))
                    .collect();
                assert_eq!(got, want);
            }
        }
        grid.clear();
        assert!(grid.is_empty());
        grid.query(&Aabb::new(Vec2::ZERO, Vec2::ZERO), |_, _| panic!("cleared"));
    }

    /// A box whose cell saturated to `(i32::MAX, i32::MIN)`, the wide entries' cell, was
    /// unlinked from the wide list when moved again (an index into an empty list): a point
    /// mover moved twice between steps in a world of statics, where the first box gives a
    /// cell size from almost nothing.
    #[test]
    fn a_box_saturating_to_the_wide_cell_is_moved_again() {
        let mut grid = IncrementalGrid::default();
        let far = Aabb::new(Vec2::new(3e9, -3e9), Vec2::new(3e9, -3e9));
        grid.insert(7, &far, 1.0);
        let near = Aabb::new(Vec2::ZERO, Vec2::new(1.0, 1.0));
        grid.insert(7, &near, 1.0);
        let mut got = Vec::new();
        grid.query(&near, |key, b| got.push((key, *b)));
        assert_eq!(got, [(7, near)]);
        grid.query(&far, |_, _| panic!("moved away"));
    }
}
