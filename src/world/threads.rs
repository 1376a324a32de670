//! The step on every core (the `threads` feature): each phase cut into chunks that the
//! threads of rayon's pool share, with results **bit-identical** to the single-threaded
//! step, whatever the number of threads.
//!
//! ## Same bits, any number of threads
//!
//! A chunk is a fixed run of the phase's items (`grain` of them: slots, rows, grid entries,
//! candidates), so the cut depends on the world and the grain only, never on how many
//! threads there are or which one runs what. Each chunk writes memory no other chunk
//! writes (its own rows, its own list), and whatever a phase gathers from its chunks it
//! reads in chunk order. Every pair is tested by the same code as in the single-threaded
//! step, so its contact has the same bits, and the output is sorted by id, which leaves
//! one order possible. Nothing sums floats across chunks. So the published pairs,
//! contacts, contact points, started and ended, and every state a later step or a
//! snapshot reads, are the single-threaded step's, bit for bit (`tests/threads.rs` runs
//! the determinism sequence and long workloads on 1, 2 and 4 threads against the
//! single-threaded step).
//!
//! ## The phases
//!
//! 1. **Poses**: the scan of the written transforms in runs of slots, the refresh of poses
//!    and boxes in runs of rows (`poses.rs`, `resting.rs`).
//! 2. **Broad phase**: the grid's footprints are computed in runs of shapes, its count and
//!    scatter in ranges of buckets (one per thread, each reading every shape and writing
//!    only its buckets: the table is the single-threaded one whatever their number), its
//!    pairs found in runs of buckets and of shapes (`broad_phase/grid/chunks.rs`), and the
//!    awake shapes query the static tree and the resting grid in runs of rows. Each run
//!    fills its own list of candidates.
//! 3. **Narrow phase**: the lists, cut in tasks of at most `grain` candidates. A task
//!    keeps what it finds in one bin per *part*: a part is a range of the smaller id `a`,
//!    so the parts are the slices of the sorted output. The pairs carried from the last
//!    step are found part by part too, from the last step's pairs of that range.
//! 4. **Output** (`threads/output.rs`): each part is sorted, merged with its carried pairs,
//!    written to its slice of `pairs` and `contacts`, and compared with its slice of the
//!    last step's pairs; `started` and `ended` are the parts' lists end to end.
//!
//! What stays on one thread: the bounds and prefix sums of the grid, the reorder of the
//! rows every few dozen steps, the resting bookkeeping (and the resting grid's rebuild),
//! the statics' refresh, and gathering `started` and `ended`. `docs/performance-notes.md` has what each phase gains.
//!
//! ## When
//!
//! A world steps on the pool when it has at least two chunks of slots
//! ([`World::set_parallel_grain`]); smaller worlds, whose step is shorter than waking the
//! pool, step on the calling thread in one chunk a phase. The threads are rayon's global
//! pool: natively whatever rayon starts, in wasm the workers the package starts
//! (`src/wasm/threads.rs`). [`World::step`] runs whole on a thread of the pool while the
//! caller waits; [`World::step_timed`], whose clock may not leave the calling thread, hands
//! the pool each phase's chunks from there and waits for each.
//!
//! ## What it must not do
//!
//! Change a result or what a failed step leaves: every buffer grows fallibly before the
//! published results are touched, as in the single-threaded step. Its scratch is kept
//! from step to step; rayon's own queues may allocate now and then.

mod output;

use super::events::{pair_key, Found};
use super::narrow::{Tester, CHUNK};
use super::{World, WorldError};
use crate::broad_phase::PairList;
use crate::grow::{self, GrowError};
use crate::narrow_phase::manifold::manifold_into;
use crate::narrow_phase::MANIFOLD_STRIDE;
use crate::parallel::for_each_item;
use core::sync::atomic::{AtomicUsize, Ordering};

/// The items of a chunk by default: slots, rows, grid entries or candidates. Large enough
/// that a chunk's work (tens of microseconds) outweighs handing it to a thread; worlds
/// under two chunks of slots step on one thread.
pub const DEFAULT_PARALLEL_GRAIN: usize = 4096;

/// A grain no phase reaches: one chunk, run on the calling thread without the pool. The
/// threaded build steps small worlds through the same chunked code as large ones (one
/// copy of the phases, with their inlined kernels, in the wasm), in one chunk each; small
/// enough that no chunk bound overflows.
const ONE_CHUNK: usize = usize::MAX >> 2;

/// The grain new worlds get (see [`set_default_parallel_grain`]).
static DEFAULT_GRAIN: AtomicUsize = AtomicUsize::new(DEFAULT_PARALLEL_GRAIN);

/// Sets the grain of the worlds created from now on (see [`World::set_parallel_grain`]): a
/// tuning knob for tests and benchmarks, which results do not depend on. 0 means
/// [`DEFAULT_PARALLEL_GRAIN`].
pub fn set_default_parallel_grain(items: usize) {
    let items = if items == 0 {
        DEFAULT_PARALLEL_GRAIN
    } else {
        items
    };
    DEFAULT_GRAIN.store(items, Ordering::Relaxed);
}

/// A piece of one candidate list that one narrow-phase task tests.
#[derive(Clone, Copy, Debug, Default)]
struct Piece {
    list: usize,
    start: usize,
    end: usize,
}

/// What one narrow-phase task found.
#[derive(Clone, Debug, Default)]
struct TaskFound {
    /// The found pairs, one bin per part (see [`Parts`]), in the order found.
    bins: Vec<Vec<Found>>,
    /// The contact points of the pairs found, by their `slot` (when the world has them).
    points: Vec<[f32; MANIFOLD_STRIDE]>,
    /// The cells of the pairs found, by their `slot` (when the world holds a tile grid).
    cells: Vec<u32>,
    /// Pairs found past the limit of pairs, only counted.
    dropped: usize,
}

/// The ranges of the smaller id that cut the output: part `p` holds the pairs whose `a`
/// is in `p << shift .. (p + 1) << shift`.
#[derive(Clone, Copy, Debug, Default)]
struct Parts {
    shift: u32,
    count: usize,
}

impl Parts {
    /// About one part per `grain` candidates, over `ids` ids.
    fn for_step(ids: usize, candidates: usize, grain: usize) -> Parts {
        let wanted = candidates.div_ceil(grain).max(1);
        let mut shift = 0;
        while (ids >> shift) >= wanted && shift < 31 {
            shift += 1;
        }
        Parts {
            shift,
            count: (ids >> shift) + 1,
        }
    }

    #[inline(always)]
    fn of(&self, a: u32) -> usize {
        (a >> self.shift) as usize
    }

    /// The first key of part `p` (keys are `a << 32 | b`).
    fn first_key(&self, p: usize) -> u64 {
        ((p as u64) << self.shift) << 32
    }
}

/// The state of the threaded step, kept by the world.
#[derive(Clone, Debug)]
pub(super) struct Threads {
    /// Items per chunk.
    grain: usize,
    /// The step under way runs on the pool.
    active: bool,
    /// The candidate lists of the broad phase, `lists[..list_count]`.
    lists: Vec<PairList>,
    list_count: usize,
    /// The narrow phase's pieces of the lists and what each found.
    pieces: Vec<Piece>,
    found: Vec<TaskFound>,
    parts: Parts,
    /// Per part: the carried pairs and the output's scratch (see `output`).
    outputs: Vec<output::PartOutput>,
    /// Where each task's contact points start in the slots the output sees.
    point_offsets: Vec<u32>,
}

impl Default for Threads {
    fn default() -> Self {
        Threads {
            grain: DEFAULT_GRAIN.load(Ordering::Relaxed),
            active: false,
            lists: Vec::new(),
            list_count: 0,
            pieces: Vec::new(),
            found: Vec::new(),
            parts: Parts::default(),
            outputs: Vec::new(),
            point_offsets: Vec::new(),
        }
    }
}

impl Threads {
    /// True when a world of `slots` slots steps on the pool: two chunks of slots or more.
    #[inline]
    pub(super) fn wants_pool(&self, slots: usize) -> bool {
        slots >= self.grain.saturating_mul(2)
    }

    /// Decides whether the step about to run goes on the pool.
    pub(super) fn begin_step(&mut self, slots: usize) {
        self.active = self.wants_pool(slots);
        self.list_count = 0;
    }

    /// The items of a chunk in the step under way: the grain when it runs on the pool,
    /// else [`ONE_CHUNK`], so that every phase is one chunk, run on the calling thread.
    #[inline]
    pub(super) fn grain(&self) -> usize {
        if self.active {
            self.grain
        } else {
            ONE_CHUNK
        }
    }

    /// How many candidates the broad phase found.
    pub(super) fn candidate_count(&self) -> usize {
        self.lists[..self.list_count]
            .iter()
            .map(|l| l.as_slice().len())
            .sum()
    }

    /// Frees the scratch (after a failed step).
    pub(super) fn release_scratch(&mut self) {
        *self = Threads {
            grain: self.grain,
            ..Threads::default()
        };
    }
}

impl World {
    /// Sets how many items (slots, rows, grid entries, candidates) a chunk of a threaded
    /// step holds; 0 means [`DEFAULT_PARALLEL_GRAIN`]. A world with fewer than two chunks
    /// of slots steps on the calling thread. A tuning knob for tests and benchmarks: the
    /// results are the same bits whatever it is.
    pub fn set_parallel_grain(&mut self, items: usize) {
        self.threads.grain = if items == 0 {
            DEFAULT_PARALLEL_GRAIN
        } else {
            items
        };
    }

    /// [`World::step`] run on a thread of the pool, whole: the calling thread waits once,
    /// and the phases hand their chunks to the other threads from inside the pool, without
    /// waking the caller between two phases.
    pub(super) fn step_on_pool(&mut self) -> Result<usize, WorldError> {
        let (stepped, ()) = rayon::join(|| self.step_timed(|| 0.0), || ());
        stepped.map(|(count, _)| count)
    }

    /// Phase 2 past the reorder and the resting grid, in chunks: the grid's rebuild and
    /// pairs, then the awake shapes' queries of the static tree and of the resting grid,
    /// each run of rows into its own list.
    pub(super) fn find_candidates_in_chunks(&mut self, grain: usize) -> Result<(), GrowError> {
        let store = &self.store;
        let resting = &self.resting;
        let awake = resting.awake(store);
        // As many ranges of buckets as threads: each reads every shape (see
        // `rebuild_in_chunks`), so more would only add reads. In one chunk no range is
        // cut, and the pool is not asked (it may not exist yet).
        let ranges = if self.threads.active {
            rayon::current_num_threads()
        } else {
            1
        };
        self.grid
            .rebuild_in_chunks(awake, &store.aabbs, grain, ranges);
        let lists = &mut self.threads.lists;
        let mut end =
            self.grid
                .overlapping_pairs_in_chunks(awake, &store.aabbs, grain, lists, 0)?;
        let row_chunks = awake.len().div_ceil(grain);
        let statics = !self.statics.is_empty();
        let resting_any = resting.any_resting();
        let moved_statics = &resting.moved_static_rows;
        // The moved statics query the resting grid in one more list.
        let query_lists =
            usize::from(statics) * row_chunks + usize::from(resting_any) * (row_chunks + 1);
        if lists.len() < end + query_lists {
            lists.resize_with(end + query_lists, PairList::default);
        }
        let statics_tree = &self.statics;
        for_each_item(
            &mut lists[end..end + query_lists],
            &|k, list: &mut PairList| {
                list.clear();
                let (of_statics, k) = if statics && k < row_chunks {
                    (true, k)
                } else {
                    (false, k - usize::from(statics) * row_chunks)
                };
                let rows = if k < row_chunks {
                    &awake[k * grain..((k + 1) * grain).min(awake.len())]
                } else {
                    &moved_statics[..]
                };
                let mut failed = None;
                for &row in rows {
                    let aabb = &store.aabbs[row as usize];
                    if of_statics {
                        statics_tree.query(aabb, |other, _| {
                            if let Err(e) = list.push((row, other)) {
                                failed = Some(e);
                            }
                        });
                    } else {
                        // An entry whose shape woke (it is in the grid now) or was removed is
                        // skipped, as in `find_candidates`.
                        let (grid, member_ids, rests) =
                            (&resting.grid, &resting.member_ids, &resting.rests);
                        grid.query(aabb, |k, _| {
                            let id = member_ids[k as usize];
                            if rests[id as usize] {
                                let pair = (row, store.id_to_row[id as usize]);
                                if let Err(e) = list.push(pair) {
                                    failed = Some(e);
                                }
                            }
                        });
                    }
                    failed.map_or(Ok(()), Err)?;
                }
                Ok(())
            },
        )?;
        end += query_lists;
        self.threads.list_count = end;
        Ok(())
    }

    /// Phase 3 in chunks (see the module docs): returns how many pairs touch, found and
    /// carried. Fails when they cannot grow. Over the limit of pairs it keeps a part of
    /// them only, as the single-threaded phase does.
    pub(super) fn narrow_phase_in_chunks(&mut self, grain: usize) -> Result<usize, GrowError> {
        let threads = &mut self.threads;
        let lists = &threads.lists[..threads.list_count];
        let candidates: usize = lists.iter().map(|l| l.as_slice().len()).sum();
        let parts = Parts::for_step(self.store.slot_count(), candidates, grain);
        threads.parts = parts;
        threads.pieces.clear();
        for (list, l) in lists.iter().enumerate() {
            let len = l.as_slice().len();
            for start in (0..len).step_by(grain) {
                let end = (start + grain).min(len);
                grow::push(&mut threads.pieces, Piece { list, start, end })?;
            }
        }
        let tasks = threads.pieces.len();
        if threads.found.len() < tasks {
            threads.found.resize_with(tasks, TaskFound::default);
        }
        let tester = Tester {
            store: &self.store,
            concaves: &self.concaves,
            chains: &self.chains,
            grids: &self.grids,
            filtering: self.custom_filter_count > 0,
            any_pieces: super::pieces::any_pieces((&self.concaves, &self.chains, &self.grids)),
        };
        let with_points = self.contact_points.enabled;
        let with_cells = self.grids.count() > 0;
        // The published cells are compared with the world's grids by `contact_points`.
        self.contact_points.begin_step(with_cells);
        let limit = self.max_pairs.unwrap_or(usize::MAX);
        // Pairs kept by all tasks so far, to stop keeping past the limit (as the
        // single-threaded phase does) however the tasks interleave; the count of pairs
        // does not depend on it.
        let kept = AtomicUsize::new(0);
        let pieces = &threads.pieces;
        for_each_item(&mut threads.found[..tasks], &|k, out: &mut TaskFound| {
            let piece = pieces[k];
            let candidates = &lists[piece.list].as_slice()[piece.start..piece.end];
            out.bins
                .resize_with(out.bins.len().max(parts.count), Vec::new);
            out.bins.iter_mut().for_each(Vec::clear);
            out.points.clear();
            out.cells.clear();
            out.dropped = 0;
            if with_points {
                grow::reserve(&mut out.points, candidates.len())?;
            }
            if with_cells {
                grow::reserve(&mut out.cells, candidates.len())?;
            }
            let mut bins_len = 0;
            for chunk in candidates.chunks(CHUNK) {
                for &(row_a, row_b) in chunk {
                    let (points, cells) = (&mut out.points, &mut out.cells);
                    let found = tester.test(row_a, row_b, |a, b, nx, ny, depth, cell| {
                        // As `ContactPoints::test`: the two lists grow together, or one does.
                        let slot = points.len().max(cells.len());
                        if with_cells {
                            cells.push(cell);
                        }
                        if with_points {
                            let contact = crate::narrow_phase::Contact {
                                normal: crate::math::Vec2::new(nx, ny),
                                depth,
                            };
                            points.push([0.0; MANIFOLD_STRIDE]);
                            manifold_into(a, b, &contact, &mut points[slot]);
                        }
                        slot as u32
                    });
                    if let Some(f) = found {
                        grow::push(&mut out.bins[parts.of((f.key >> 32) as u32)], f)?;
                        bins_len += 1;
                    }
                }
                if limit != usize::MAX {
                    let total = kept.fetch_add(bins_len, Ordering::Relaxed) + bins_len;
                    if total > limit {
                        out.dropped += bins_len;
                        out.bins.iter_mut().for_each(Vec::clear);
                        out.points.clear();
                        out.cells.clear();
                    }
                    bins_len = 0;
                }
            }
            Ok(())
        })?;
        let found: usize = threads.found[..tasks]
            .iter()
            .map(|t| t.dropped + t.bins[..parts.count].iter().map(Vec::len).sum::<usize>())
            .sum();
        let carried = self.carry_pairs_in_parts()?;
        Ok(found + carried)
    }

    /// The pairs carried from the last step (see `resting`), part by part: each part's
    /// from the last step's pairs of its range of `a`, in key order. Returns how many.
    fn carry_pairs_in_parts(&mut self) -> Result<usize, GrowError> {
        let parts = self.threads.parts;
        let outputs = &mut self.threads.outputs;
        if outputs.len() < parts.count {
            outputs.resize_with(parts.count, output::PartOutput::default);
        }
        let outputs = &mut outputs[..parts.count];
        if !self.resting.any_resting() {
            outputs.iter_mut().for_each(|o| o.clear_carried());
            return Ok(0);
        }
        let (store, resting) = (&self.store, &self.resting);
        let (keys, contacts) = (&self.previous_keys, &self.contacts);
        let published = &self.contact_points.published;
        let published_cells = &self.contact_points.published_cells;
        let with_points = self.contact_points.enabled;
        let with_cells = self.contact_points.cells;
        for_each_item(outputs, &|p, out: &mut output::PartOutput| {
            out.clear_carried();
            let first = keys.partition_point(|&k| k < parts.first_key(p));
            let end = keys.partition_point(|&k| k < parts.first_key(p + 1));
            grow::reserve(&mut out.carried, end - first)?;
            if with_points {
                grow::reserve(&mut out.carried_points, end - first)?;
            }
            if with_cells {
                grow::reserve(&mut out.carried_cells, end - first)?;
            }
            for index in first..end {
                let (a, b) = ((keys[index] >> 32) as u32, keys[index] as u32);
                if resting.carries(store, a, b) {
                    let slot = out.carried_points.len().max(out.carried_cells.len()) as u32;
                    if with_cells {
                        // A pair published before the world held a grid has no cell recorded.
                        let cell = published_cells.get(index).copied();
                        out.carried_cells.push(cell.unwrap_or(super::NO_CELL));
                    }
                    if with_points {
                        let at = index * MANIFOLD_STRIDE;
                        let mut points = [0.0; MANIFOLD_STRIDE];
                        points.copy_from_slice(&published[at..at + MANIFOLD_STRIDE]);
                        out.carried_points.push(points);
                    }
                    let contact = &contacts[3 * index..3 * index + 3];
                    out.carried.push(Found {
                        key: pair_key(a, b),
                        nx: contact[0],
                        ny: contact[1],
                        depth: contact[2],
                        slot,
                    });
                }
            }
            Ok(())
        })?;
        Ok(outputs.iter().map(|o| o.carried.len()).sum())
    }
}
