//! Phase 4 of a threaded step: the output of `events.rs`, part by part.
//!
//! A part is a range of the smaller id `a` (see `Parts`), so in the sorted output the
//! parts follow each other: part `p`'s pairs are one slice of `pairs`, `contacts` and the
//! keys, and its pairs of the last step one slice of the last step's keys. Each part is
//! sorted (the counting sort and runs of `events.rs`, over its range of ids), merged with
//! its carried pairs, written to its slices, and compared with its slice of the last step,
//! on whichever thread; `started` and `ended` are then the parts' lists end to end, which
//! is the single-threaded merge's order. Sorting by key leaves one order, so the bits are
//! the single-threaded step's.
//!
//! As in `events.rs`, every buffer gets its room before the published results are touched:
//! sorting and reserving may fail, writing the slices may not.

use super::super::events::{push_key, sort_runs, Found, Removals};
use super::super::World;
use super::{Parts, TaskFound};
use crate::grow::{self, GrowError};
use crate::narrow_phase::MANIFOLD_STRIDE;
use crate::parallel::for_each_item;
use crate::sort::heap_sort_by_key;

/// One part's pairs and scratch, kept from step to step.
#[derive(Clone, Debug, Default)]
pub(in crate::world) struct PartOutput {
    /// The pairs carried from the last step, in key order, and their contact points and
    /// cells (see `contact_points`).
    pub(super) carried: Vec<Found>,
    pub(super) carried_points: Vec<[f32; MANIFOLD_STRIDE]>,
    pub(super) carried_cells: Vec<u32>,
    /// The found pairs, sorted; `buffer`, `starts` and `long_runs` are the sort's scratch.
    sorted: Vec<Found>,
    buffer: Vec<Found>,
    starts: Vec<u32>,
    long_runs: Vec<u32>,
    /// The part's pairs that started and ended.
    started: Vec<u32>,
    ended: Vec<u32>,
    /// Where its pairs start in the output.
    first: usize,
    /// Its slice of the last step's keys.
    previous: core::ops::Range<usize>,
}

impl PartOutput {
    pub(super) fn clear_carried(&mut self) {
        self.carried.clear();
        self.carried_points.clear();
        self.carried_cells.clear();
    }

    /// Sorts the part's found pairs (from every task's bin `p`) into `sorted`, each slot
    /// made an index into all tasks' points and cells (`point_offsets`), and makes the room
    /// of its
    /// `started` and `ended`.
    fn sort(
        &mut self,
        (p, parts, ids): (usize, Parts, usize),
        found: &[TaskFound],
        point_offsets: &[u32],
        previous_keys: &[u64],
    ) -> Result<(), GrowError> {
        let lo = (p << parts.shift).min(ids);
        let width = ((p + 1) << parts.shift).min(ids) - lo;
        let n: usize = found.iter().map(|t| t.bins[p].len()).sum();
        let sources = found.iter().zip(point_offsets).flat_map(|(t, &offset)| {
            t.bins[p].iter().map(move |f| Found {
                slot: f.slot + offset,
                ..*f
            })
        });
        self.sorted.clear();
        grow::reserve(&mut self.sorted, n)?;
        if n * 32 < width {
            // Few pairs over many ids: a counting sort would cost O(ids), as in `events`.
            self.sorted.extend(sources);
            heap_sort_by_key(&mut self.sorted, |f| f.key);
        } else {
            let (starts, long_runs) = (&mut self.starts, &mut self.long_runs);
            sort_by_key(
                sources,
                (lo, width, n),
                (&mut self.sorted, &mut self.buffer),
                (starts, long_runs),
            )?;
        }
        let carried = self.carried.len();
        self.previous = previous_keys.partition_point(|&k| k < parts.first_key(p))
            ..previous_keys.partition_point(|&k| k < parts.first_key(p + 1));
        self.started.clear();
        self.ended.clear();
        grow::reserve(&mut self.started, 2 * (n + carried))?;
        grow::reserve(&mut self.ended, 2 * self.previous.len())
    }
}

/// The found pairs of `sources` (`n` of them, their `a` in `lo..lo + width`) into `out`
/// in key order, through `buffer`: the counting sort on `a`, the radix sort of long runs
/// and the insertion pass of `events::sort_found`, over the part's range of ids.
fn sort_by_key(
    sources: impl Iterator<Item = Found> + Clone,
    (lo, width, n): (usize, usize, usize),
    (out, buffer): (&mut Vec<Found>, &mut Vec<Found>),
    (starts, long_runs): (&mut Vec<u32>, &mut Vec<u32>),
) -> Result<(), GrowError> {
    const SHORT_RUN: u32 = 16;
    let a_of = |f: &Found| (f.key >> 32) as usize - lo;
    starts.clear();
    grow::resize(starts, width as u64 + 1, 0)?;
    for f in sources.clone() {
        starts[a_of(&f) + 1] += 1;
    }
    long_runs.clear();
    for a in 0..width {
        if starts[a + 1] > SHORT_RUN {
            grow::push(long_runs, a as u32)?;
        }
        starts[a + 1] += starts[a];
    }
    buffer.clear();
    grow::resize(buffer, n as u64, Found::default())?;
    out.clear();
    grow::resize(out, n as u64, Found::default())?;
    for f in sources {
        let at = &mut starts[a_of(&f)];
        buffer[*at as usize] = f;
        *at += 1;
    }
    sort_runs(buffer, out, starts, long_runs);
    Ok(())
}

/// The output's slices of one part or more: pairs, contacts, keys, contact points and
/// cells (the last two empty when the world has none).
struct Slices<'a> {
    pairs: &'a mut [u32],
    contacts: &'a mut [f32],
    keys: &'a mut [u64],
    points: &'a mut [f32],
    cells: &'a mut [u32],
}

impl<'a> Slices<'a> {
    /// The first `n` pairs' slices, and the rest.
    fn split_at(self, n: usize) -> (Slices<'a>, Slices<'a>) {
        let (pairs, pairs_rest) = self.pairs.split_at_mut(2 * n);
        let (contacts, contacts_rest) = self.contacts.split_at_mut(3 * n);
        let (keys, keys_rest) = self.keys.split_at_mut(n);
        let points_at = if self.points.is_empty() {
            0
        } else {
            MANIFOLD_STRIDE * n
        };
        let (points, points_rest) = self.points.split_at_mut(points_at);
        let cells_at = if self.cells.is_empty() { 0 } else { n };
        let (cells, cells_rest) = self.cells.split_at_mut(cells_at);
        (
            Slices {
                pairs,
                contacts,
                keys,
                points,
                cells,
            },
            Slices {
                pairs: pairs_rest,
                contacts: contacts_rest,
                keys: keys_rest,
                points: points_rest,
                cells: cells_rest,
            },
        )
    }
}

/// What every part reads while it publishes.
struct Shared<'a> {
    found: &'a [TaskFound],
    point_offsets: &'a [u32],
    previous_keys: &'a [u64],
    removals: &'a Removals,
}

/// Publishes `outputs` (consecutive parts) into `slices`, halving the parts between two
/// threads until one part is left.
fn publish_parts(outputs: &mut [PartOutput], slices: Slices, shared: &Shared) {
    match outputs {
        [] => {}
        [only] => only.publish(slices, shared),
        _ => {
            let mid = outputs.len() / 2;
            let (left, right) = outputs.split_at_mut(mid);
            let (left_slices, right_slices) = slices.split_at(right[0].first - left[0].first);
            rayon::join(
                || publish_parts(left, left_slices, shared),
                || publish_parts(right, right_slices, shared),
            );
        }
    }
}

impl PartOutput {
    /// Writes the part's pairs, merged with its carried ones, to `slices`, and lists the
    /// pairs that started and ended in it (room made by [`PartOutput::sort`]).
    fn publish(&mut self, slices: Slices, shared: &Shared) {
        let Slices {
            pairs,
            contacts,
            keys,
            points,
            cells,
        } = slices;
        let (found, carried) = (&self.sorted, &self.carried);
        let (mut i, mut j) = (0, 0);
        for at in 0..keys.len() {
            let from_found =
                j == carried.len() || (i < found.len() && found[i].key < carried[j].key);
            let f = if from_found { &found[i] } else { &carried[j] };
            pairs[2 * at] = (f.key >> 32) as u32;
            pairs[2 * at + 1] = f.key as u32;
            contacts[3 * at..3 * at + 3].copy_from_slice(&[f.nx, f.ny, f.depth]);
            keys[at] = f.key;
            // A found pair's slot indexes all tasks' points and cells (`point_offsets`).
            let source = from_found.then(|| {
                let slot = f.slot;
                let task = shared.point_offsets.partition_point(|&o| o <= slot) - 1;
                (task, (slot - shared.point_offsets[task]) as usize)
            });
            if !points.is_empty() {
                let source = match source {
                    Some((task, index)) => &shared.found[task].points[index],
                    None => &self.carried_points[f.slot as usize],
                };
                points[MANIFOLD_STRIDE * at..MANIFOLD_STRIDE * (at + 1)].copy_from_slice(source);
            }
            if !cells.is_empty() {
                cells[at] = match source {
                    Some((task, index)) => shared.found[task].cells[index],
                    None => self.carried_cells[f.slot as usize],
                };
            }
            if from_found {
                i += 1;
            } else {
                j += 1;
            }
        }
        // started = current - previous, ended = previous - current, as in `events`.
        let (prev, cur) = (&shared.previous_keys[self.previous.clone()], &*keys);
        let any_removed = !shared.removals.is_empty();
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
                if any_removed && shared.removals.involves(p) {
                    push_key(&mut self.ended, p);
                    push_key(&mut self.started, c);
                }
                i += 1;
                j += 1;
            }
        }
    }
}

/// Sets `v` to `len` items, in `room` when it is given (see [`grow::replacement`]). The
/// items kept from before are overwritten by the caller; only growth is filled.
fn set_len<T: Copy>(v: &mut Vec<T>, room: Option<Vec<T>>, len: usize, fill: T) {
    if let Some(room) = room {
        *v = room;
    }
    v.resize(len, fill);
}

impl World {
    /// Phase 4 of a threaded step (see the module docs): the output of
    /// [`World::sort_and_publish`], part by part.
    pub(in crate::world) fn sort_and_publish_in_chunks(&mut self) -> Result<(), GrowError> {
        let threads = &mut self.threads;
        let parts = threads.parts;
        let tasks = threads.pieces.len();
        let found = &threads.found[..tasks];
        let offsets = &mut threads.point_offsets;
        offsets.clear();
        grow::reserve(offsets, tasks + 1)?;
        let mut total_points = 0u32;
        for t in found {
            offsets.push(total_points);
            total_points += t.points.len().max(t.cells.len()) as u32;
        }
        offsets.push(total_points);
        let (offsets, previous_keys) = (&*offsets, &self.previous_keys);
        let ids = self.store.slot_count();
        let outputs = &mut threads.outputs[..parts.count];
        for_each_item(outputs, &|p, out: &mut PartOutput| {
            out.sort((p, parts, ids), found, offsets, previous_keys)
        })?;
        let mut count = 0;
        for out in outputs.iter_mut() {
            out.first = count;
            count += out.sorted.len() + out.carried.len();
        }
        let keys = &mut self.scratch.keys;
        grow::resize(keys, count as u64, 0)?;
        let pairs_room = grow::replacement(&self.pairs, 2 * count)?;
        let contacts_room = grow::replacement(&self.contacts, 3 * count)?;
        let points_room = self.contact_points.room_to_publish(count)?;
        let started_room = grow::replacement(&self.started, 2 * count)?;
        let ended_room = grow::replacement(&self.ended, previous_keys.len() * 2)?;
        // Room made: from here on nothing fails.
        set_len(&mut self.pairs, pairs_room, 2 * count, 0);
        set_len(&mut self.contacts, contacts_room, 3 * count, 0.0);
        grow::clear_into(&mut self.started, started_room);
        grow::clear_into(&mut self.ended, ended_room);
        let points = &mut self.contact_points;
        points.begin_publish(points_room);
        if points.enabled {
            points.published.resize(MANIFOLD_STRIDE * count, 0.0);
        }
        if points.cells {
            points.published_cells.resize(count, 0);
        }
        let slices = Slices {
            pairs: &mut self.pairs,
            contacts: &mut self.contacts,
            keys,
            points: &mut points.published,
            cells: &mut points.published_cells,
        };
        let shared = Shared {
            found,
            point_offsets: offsets,
            previous_keys,
            removals: &self.removals,
        };
        publish_parts(outputs, slices, &shared);
        for out in outputs.iter() {
            self.started.extend_from_slice(&out.started);
            self.ended.extend_from_slice(&out.ended);
        }
        self.removals.clear();
        core::mem::swap(&mut self.previous_keys, &mut self.scratch.keys);
        Ok(())
    }
}
