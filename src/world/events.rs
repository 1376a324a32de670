//! The output phase of a step, and its results: the found pairs sorted by id and published
//! as flat `pairs` and `contacts`, then compared with the last step's pairs to give
//! `started` and `ended`. Both come out in key order from one merge of two sorted lists.
//!
//! Removing a shape costs O(1) however many pairs the world has: `remove` only marks the
//! id ([`Removals`]). The merge needs the marks in one place only: a pair found by both
//! steps whose id was removed and issued again in between names two different shapes, so
//! it is ended (the old shape's pair) *and* started (the new one's). A pair of a removed
//! shape that was not found again is ended by the merge like any other.

use super::{Scratch, World};
use crate::grow::{self, GrowError};
use crate::sort::{heap_sort_by_key, radix_pass};

/// A colliding pair found by a step, with its sort key.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Found {
    pub(super) key: u64,
    pub(super) nx: f32,
    pub(super) ny: f32,
    pub(super) depth: f32,
    /// Where the pair's contact points are kept (see `contact_points`); in the record's
    /// padding, so it costs no space.
    pub(super) slot: u32,
}

/// The key of the pair `(a, b)`: sorting keys sorts pairs by `a`, then `b`.
#[inline]
pub(super) fn pair_key(a: u32, b: u32) -> u64 {
    ((a as u64) << 32) | b as u64
}

impl World {
    /// Checks internal invariants (tests call it after every operation).
    pub fn validate(&self) -> Result<(), String> {
        self.store.validate()?;
        if self.pairs.len() % 2 != 0 || self.contacts.len() != self.pairs.len() / 2 * 3 {
            return Err("pairs and contacts out of step".into());
        }
        let custom = (0..self.store.slot_count())
            .filter(|&s| self.store.is_alive(s as u32))
            .filter(|&s| super::is_custom_filter(self.store.layers[s], self.store.masks[s]))
            .count();
        if custom != self.custom_filter_count {
            return Err(format!(
                "custom filter count {} != {custom}",
                self.custom_filter_count
            ));
        }
        self.contact_points.validate(self.pairs.len() / 2)?;
        for w in self.previous_keys.windows(2) {
            if w[0] >= w[1] {
                return Err("previous keys not strictly sorted".into());
            }
        }
        self.validate_side_tables()?;
        self.validate_changes()?;
        self.validate_resting()
    }

    /// Phase 4 of a step: sorts the found pairs, publishes them as `pairs` and `contacts`,
    /// and computes `started` and `ended` against the last step's pairs.
    ///
    /// Every buffer it writes gets its room first, so that a step that cannot have it
    /// fails with the last step's results untouched: the published buffers that are too
    /// small are replaced by new ones allocated beside them, and `started` and `ended`
    /// get room for their most (every pair started, every pair of the last step ended).
    pub(super) fn sort_and_publish(&mut self) -> Result<(), GrowError> {
        let Scratch {
            found,
            carried,
            found_buffer,
            run_starts,
            long_runs,
            keys,
            ..
        } = &mut self.scratch;
        let ids = self.store.slot_count();
        let count = found.len() + carried.len();
        if found.len() * 32 < ids {
            // Few tested pairs (most were carried): a counting sort would cost O(ids).
            heap_sort_by_key(found, |f| f.key);
        } else {
            sort_found(found, found_buffer, run_starts, long_runs, ids)?;
        }
        keys.clear();
        grow::reserve(keys, count)?;
        let pairs_room = grow::replacement(&self.pairs, 2 * count)?;
        let contacts_room = grow::replacement(&self.contacts, 3 * count)?;
        let points_room = self.contact_points.room_to_publish(count)?;
        let started_room = grow::replacement(&self.started, 2 * count)?;
        let ended_room = grow::replacement(&self.ended, self.previous_keys.len() * 2)?;
        // Room made: from here on nothing fails.
        grow::clear_into(&mut self.pairs, pairs_room);
        grow::clear_into(&mut self.contacts, contacts_room);
        grow::clear_into(&mut self.started, started_room);
        grow::clear_into(&mut self.ended, ended_room);
        let (pairs, contacts) = (&mut self.pairs, &mut self.contacts);
        let points = &mut self.contact_points;
        points.begin_publish(points_room);
        if carried.is_empty() {
            for f in found.iter() {
                publish(pairs, contacts, keys, f);
                points.publish(f.slot);
            }
        } else {
            // The tested pairs, now sorted, merged with the carried ones (sorted already):
            // no key is in both (see `resting`).
            let (mut i, mut j) = (0, 0);
            while i < found.len() || j < carried.len() {
                if j == carried.len() || (i < found.len() && found[i].key < carried[j].key) {
                    publish(pairs, contacts, keys, &found[i]);
                    points.publish(found[i].slot);
                    i += 1;
                } else {
                    publish(pairs, contacts, keys, &carried[j]);
                    points.publish(carried[j].slot);
                    j += 1;
                }
            }
        }

        // started = current - previous, ended = previous - current, both in key order; a
        // pair in both whose id was reused since is both (see the module docs).
        let (prev, cur) = (&self.previous_keys, &*keys);
        let removals = &self.removals;
        let any_removed = !removals.is_empty();
        let (mut i, mut j) = (0, 0);
        while i < prev.len() || j < cur.len() {
            let p = prev.get(i).copied().unwrap_or(u64::MAX);
            let c = cur.get(j).copied().unwrap_or(u64::MAX);
            if p < c {
                push_key(&mut self.ended, p);
                i += 1;
            } else if c < p {
                push_key(&mut self.started, c);
                j += 1;
            } else {
                if any_removed && removals.involves(p) {
                    push_key(&mut self.ended, p);
                    push_key(&mut self.started, c);
                }
                i += 1;
                j += 1;
            }
        }
        self.removals.clear();
        core::mem::swap(&mut self.previous_keys, &mut self.scratch.keys);
        Ok(())
    }

    /// The last step's touching pairs, flattened `[a0, b0, a1, b1, …]` with `a < b`,
    /// sorted by `a` then `b`.
    #[must_use]
    pub fn pairs(&self) -> &[u32] {
        &self.pairs
    }

    /// The last step's contacts, flattened `[nx, ny, depth, …]`, parallel to
    /// [`World::pairs`]: the unit normal points from `a` to `b`, and moving `b` by
    /// `normal × depth` separates the pair.
    #[must_use]
    pub fn contacts(&self) -> &[f32] {
        &self.contacts
    }

    /// Pairs that touch now and did not at the step before, flattened and sorted like
    /// [`World::pairs`].
    #[must_use]
    pub fn started(&self) -> &[u32] {
        &self.started
    }

    /// Pairs that touched at the step before and do not now (including every pair of a
    /// shape removed in between), flattened and sorted like [`World::pairs`].
    #[must_use]
    pub fn ended(&self) -> &[u32] {
        &self.ended
    }

    /// Allocated lengths (in elements) of the buffers behind [`World::pairs`],
    /// [`World::contacts`], [`World::started`], [`World::ended`] and
    /// [`World::contact_points`]. Views over the whole
    /// allocation stay valid across steps until a buffer has to grow, which lets
    /// JavaScript read results without creating a view object per frame.
    #[must_use]
    pub fn result_capacities(&self) -> [usize; 5] {
        [
            self.pairs.capacity(),
            self.contacts.capacity(),
            self.started.capacity(),
            self.ended.capacity(),
            self.contact_points.published.capacity(),
        ]
    }
}

/// Puts the found pairs in key order, for ids below `ids`: a counting sort on `a` (one
/// counter per id), then one insertion-sort pass for the order on `b` within each run of
/// equal `a`. Runs are short (a shape touches a few others), so that pass moves each pair
/// a few places at most; the rare long run (a big shape touching many) is sorted first
/// ([`sort_run`]), so that it needs no moves. `buffer`, `starts` and `long_runs` are scratch.
///
/// One pass over all the runs rather than a sort of each run in a loop over the ids: that
/// loop mispredicts branches on the runs' lengths, and was slower.
fn sort_found(
    found: &mut Vec<Found>,
    buffer: &mut Vec<Found>,
    starts: &mut Vec<u32>,
    long_runs: &mut Vec<u32>,
    ids: usize,
) -> Result<(), GrowError> {
    const SHORT_RUN: u32 = 16;
    let a_of = |f: &Found| (f.key >> 32) as usize;
    starts.clear();
    grow::resize(starts, ids as u64 + 1, 0)?;
    for f in found.iter() {
        starts[a_of(f) + 1] += 1;
    }
    long_runs.clear();
    for a in 0..ids {
        // `starts[a + 1]` counts the run of `a` until this line makes it the run's start.
        if starts[a + 1] > SHORT_RUN {
            grow::push(long_runs, a as u32)?;
        }
        starts[a + 1] += starts[a];
    }
    // Filled anew although the scatter overwrites every slot: the fill brings the lines
    // into the cache without reading them, and growing the buffer only when needed made
    // this phase slower.
    buffer.clear();
    grow::resize(buffer, found.len() as u64, Found::default())?;
    for f in found.iter() {
        let at = &mut starts[a_of(f)];
        buffer[*at as usize] = *f;
        *at += 1;
    }
    // `found` is read no more: it is the scratch of the long runs, then the result.
    sort_runs(buffer, found, starts, long_runs);
    Ok(())
}

/// The end of a counting sort of found pairs on `a` (`sort_found`'s, and the threaded
/// output's): the pairs scattered into `buffer` run by run (`starts[a]` where the run of
/// `a` ends, and so where the run of `a + 1` begins), each long run sorted by `b` through
/// its own span of `scratch` ([`sort_run`]), the short ones by one insertion pass; the
/// sorted pairs end in `scratch` (as long as `buffer`).
pub(super) fn sort_runs(
    buffer: &mut Vec<Found>,
    scratch: &mut Vec<Found>,
    starts: &[u32],
    long_runs: &[u32],
) {
    for &a in long_runs {
        let a = a as usize;
        let begin = if a == 0 { 0 } else { starts[a - 1] as usize };
        let end = starts[a] as usize;
        sort_run(&mut buffer[begin..end], &mut scratch[begin..end]);
    }
    for k in 1..buffer.len() {
        let mut m = k;
        while m > 0 && buffer[m - 1].key > buffer[m].key {
            buffer.swap(m - 1, m);
            m -= 1;
        }
    }
    core::mem::swap(scratch, buffer);
}

/// Sorts a run of found pairs of one `a` by `b` (the key's low half), through `scratch`
/// (as long as the run): a least-significant-digit radix sort with digits of at most 8
/// bits, as few passes as the largest `b` needs (two below 65,536 ids).
///
/// Not the heap sort: a long run is one large shape (a concave outline, a chain, a level's
/// floor) touching hundreds of small ones, every frame, and the heap sort's unpredictable
/// branches made that run cost as much as all the short ones together.
fn sort_run(run: &mut [Found], scratch: &mut [Found]) {
    let b_of = |f: &Found| f.key as u32;
    let bits = 32 - run.iter().fold(0, |all, f| all | b_of(f)).leading_zeros();
    let passes = bits.div_ceil(8).max(1);
    let digit_bits = bits.div_ceil(passes);
    let mask = (1u32 << digit_bits) - 1;
    let mut counts = [0u32; 256];
    let counts = &mut counts[..1 << digit_bits];
    {
        let (mut from, mut to) = (&mut *run, &mut *scratch);
        for pass in 0..passes {
            let digit = |f: &Found| ((b_of(f) >> (pass * digit_bits)) & mask) as usize;
            radix_pass(from, to, counts, digit);
            core::mem::swap(&mut from, &mut to);
        }
    }
    if passes % 2 == 1 {
        run.copy_from_slice(scratch);
    }
}

/// Appends one found pair to the published pairs, contacts and keys.
#[inline(always)]
fn publish(pairs: &mut Vec<u32>, contacts: &mut Vec<f32>, keys: &mut Vec<u64>, f: &Found) {
    pairs.push((f.key >> 32) as u32);
    pairs.push(f.key as u32);
    contacts.extend([f.nx, f.ny, f.depth]);
    keys.push(f.key);
}

#[inline]
pub(super) fn push_key(out: &mut Vec<u32>, key: u64) {
    out.push((key >> 32) as u32);
    out.push(key as u32);
}

/// The ids removed since the last step, each marked once (an id removed, issued again
/// and removed again is one mark). Marking is O(1) amortised; the step clears the marks
/// it used in O(marks).
#[derive(Clone, Debug, Default)]
pub(super) struct Removals {
    ids: Vec<u32>,
    /// Indexed by id; grown to the largest marked id.
    marked: Vec<bool>,
}

impl Removals {
    /// Marks `id` as removed since the last step.
    pub(super) fn mark(&mut self, id: u32) {
        let slot = id as usize;
        if slot >= self.marked.len() {
            self.marked.resize(slot + 1, false);
        }
        if !self.marked[slot] {
            self.marked[slot] = true;
            self.ids.push(id);
        }
    }

    /// The ids removed since the last step, in the order they were first marked.
    pub(super) fn ids(&self) -> &[u32] {
        &self.ids
    }

    /// Forgets every mark (a loaded snapshot then marks its own).
    pub(super) fn reset(&mut self) {
        self.clear();
    }

    /// True when no id was removed since the last step.
    pub(super) fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// How many ids were removed since the last step.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.ids.len()
    }

    /// True when either id of the pair `key` was removed since the last step.
    #[inline]
    pub(super) fn involves(&self, key: u64) -> bool {
        let marked = |id: u32| self.marked.get(id as usize).copied().unwrap_or(false);
        marked((key >> 32) as u32) || marked(key as u32)
    }

    pub(super) fn clear(&mut self) {
        for &id in &self.ids {
            self.marked[id as usize] = false;
        }
        self.ids.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use crate::world::ShapeOptions;

    #[test]
    fn found_pairs_sort_by_key() {
        let mut rng = crate::test_rng::Rng::new(5);
        let (mut buffer, mut starts, mut long) = (Vec::new(), Vec::new(), Vec::new());
        let mut next = |limit: u64| (rng.next_u64() % limit) as u32;
        // Few ids (long runs, radix-sorted in one to four passes as `b` needs) and many
        // (short runs); one buffer throughout.
        let cases = [
            (10, 3000, 1 << 20),
            (5000, 3000, 1 << 20),
            (70_000, 100, 1 << 20),
            (1, 40, 1 << 20),
            (3, 0, 1 << 20),
            (2, 600, 1 << 32),
            (3, 300, 1 << 11),
            (2, 100, 1),
        ];
        for (ids, len, b_limit) in cases {
            let mut found: Vec<Found> = (0..len)
                .map(|_| Found {
                    key: pair_key(next(ids), next(b_limit)),
                    ..Found::default()
                })
                .collect();
            let mut want: Vec<u64> = found.iter().map(|f| f.key).collect();
            want.sort_unstable();
            sort_found(
                &mut found,
                &mut buffer,
                &mut starts,
                &mut long,
                ids as usize,
            )
            .unwrap();
            let got: Vec<u64> = found.iter().map(|f| f.key).collect();
            assert_eq!(got, want, "{len} pairs over {ids} ids, b below {b_limit}");
        }
    }

    #[test]
    fn removing_every_moving_shape_ends_its_pairs() {
        // Many overlapping circles in a row, then none: the step after must run on an
        // empty grid and end every pair.
        let mut world = World::new();
        let ids: Vec<u32> = (0..500)
            .map(|i| {
                let shape = Shape::circle(1.0).unwrap();
                let options = ShapeOptions::default();
                world.add(shape, i as f32, 0.0, 0.0, options).unwrap()
            })
            .collect();
        let pairs = world.step().unwrap();
        assert_eq!(pairs, 499 + 498);
        for &id in &ids {
            world.remove(id).unwrap();
        }
        assert_eq!(world.step().unwrap(), 0);
        assert_eq!(world.ended().len(), 2 * pairs);
        assert_eq!(world.step().unwrap(), 0);
        assert!(world.ended().is_empty());
    }

    fn circles_in_a_row(world: &mut World, count: usize) -> Vec<u32> {
        (0..count)
            .map(|i| {
                let shape = Shape::circle(1.0).unwrap();
                world
                    .add(shape, i as f32, 0.0, 0.0, ShapeOptions::default())
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn remove_is_constant_work_whatever_the_pair_count() {
        // Counts the work instead of timing it: `remove` may mark the id and nothing more.
        // It must leave the last step's pair list as it was (the old `remove` filtered it,
        // O(pairs) per call: 400 µs at 100,000 shapes) and record exactly one removal.
        let mut world = World::new();
        let ids = circles_in_a_row(&mut world, 20_000);
        let pairs = world.step().unwrap();
        assert_eq!(pairs, 19_999 + 19_998);
        let keys_before = world.previous_keys.clone();
        let address_before = world.previous_keys.as_ptr();
        for (n, &id) in ids.iter().step_by(200).enumerate() {
            world.remove(id).unwrap();
            assert_eq!(world.removals.len(), n + 1);
        }
        assert_eq!(world.previous_keys, keys_before);
        assert_eq!(world.previous_keys.as_ptr(), address_before);
        // The step still ends exactly the removed shapes' pairs (4 each, but the ends of
        // the row: id 0 has 2).
        world.step().unwrap();
        assert_eq!(world.ended().len() / 2, 2 + 4 * 99);
        assert!(world.started().is_empty());
        world.validate().unwrap();
    }

    #[test]
    fn a_reused_id_ends_the_old_pair_and_starts_the_new_one() {
        let mut world = World::new();
        let ids = circles_in_a_row(&mut world, 2);
        world.step().unwrap();
        assert_eq!(world.pairs(), &[ids[0], ids[1]]);
        // Removed and issued again (twice) at the same place before the next step: the same
        // key names a different shape, so the pair ends and starts.
        for _ in 0..2 {
            world.remove(ids[1]).unwrap();
            let again = world
                .add(
                    Shape::circle(1.0).unwrap(),
                    1.0,
                    0.0,
                    0.0,
                    ShapeOptions::default(),
                )
                .unwrap();
            assert_eq!(again, ids[1]);
        }
        world.step().unwrap();
        assert_eq!(world.pairs(), &[ids[0], ids[1]]);
        assert_eq!(world.ended(), &[ids[0], ids[1]]);
        assert_eq!(world.started(), &[ids[0], ids[1]]);
        // The step after sees an unbroken pair.
        world.step().unwrap();
        assert!(world.ended().is_empty() && world.started().is_empty());
    }
}
