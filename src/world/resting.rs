//! Idle shapes: a step's work follows what changed.
//!
//! Games move nearly everything every frame, and the pipeline is built for that. But most
//! games also have parts that stand still for a while (props, sleeping enemies, the level
//! away from the player), and a step that re-tests every shape pays as much for an unmoved
//! one as for a moving one. This module lets such shapes **rest**, with results identical
//! to a step that re-tests everything.
//!
//! ## What moved
//!
//! The world cannot observe every write: JavaScript writes the transform columns through
//! views. So each step compares the columns with a copy of what the last step read
//! (`last_xs`, `last_ys`, `last_angles`, by id) **bitwise**: writing a shape's same value
//! is no change, and `-0.0` after `0.0` is one (merely conservative: the pose is then
//! recomputed, to the same or other bits). A moving shape has **moved** when its bits
//! differ, when its id was issued since the last step (`FLAG_FRESH`), or when its layer or
//! mask was set since. The comparison is one sequential pass over the columns without
//! branches, which also does the range checks of the transforms (one pass rather than
//! two, because where everything moves it is pure overhead), then three `memcpy` for the
//! next copy: the per-shape constant of a step, with the output's O(pairs).
//!
//! Static shapes are not compared with the copy: a full step reads their transforms only
//! while statics are dirty (a setter, or [`World::touch_statics`]), so a static has moved
//! when that refresh gives it **other pose bits** (or it is new, or its filter changed).
//! That also counts a write through the columns that the world did not observe, at the
//! moment a full step would.
//!
//! A moving shape that did not move keeps its pose and box: both are functions of the
//! transform's bits (and the shape), so they already are what a refresh would compute.
//!
//! ## Resting
//!
//! A moving shape unmoved for [`REST_AFTER`] consecutive steps is *ready* to rest. Ready
//! shapes join the **resting grid** (a second [`HashGrid`], over their boxes) when it is
//! next rebuilt, and from then on are *resting*: out of the per-step grid. A grid rather
//! than a tree like the statics': its rebuild is linear, and a query of a small box
//! visits a few cells rather than a path of nodes, which measured faster at 10 % moving.
//! It is rebuilt only once the waste of not rebuilding has added up to about the cost of
//! a rebuild: every step, each ready shape still in the per-step grid and each stale entry
//! add one to a debt, and the grid is rebuilt when the debt reaches
//! [`REBUILD_DEBT_PER_SHAPE`] times the number of moving shapes. So shapes waking and
//! falling asleep do not rebuild it every step, and a world where everything moves never
//! builds it.
//!
//! A resting shape that moves **wakes at once**: it goes back into the per-step grid that
//! same step, and its entry in the resting grid becomes stale (skipped by the check of
//! `rests`, dropped at the next rebuild). A removed shape leaves the same way.
//!
//! ## Candidates and carried pairs
//!
//! Call *awake* the moving shapes in the per-step grid (those that moved, and those
//! unmoved but not resting yet). A step's candidates are:
//!
//! - awake × awake: the per-step grid;
//! - awake × static and awake × resting: each awake shape queries the static tree and the
//!   resting grid;
//! - moved static × resting: each static that moved queries the resting grid;
//! - resting × resting and resting × unmoved static: **carried** from the last step's
//!   pairs, with their contacts, without a test.
//!
//! Carrying is exact: both shapes are unchanged since the last step (same transform bits,
//! same filter, same shape behind the id), and the last step's pairs are complete, so a
//! test would find the same pair with the same contact bits, or no pair. Carrying goes by
//! id, so the reorder of the rows cannot disturb it. No pair is both carried and tested:
//! carrying needs both ids resting or static-and-unmoved, and every test involves an awake
//! shape or a moved static. The carried pairs come out of the last step's sorted list in
//! order, so the output merges them with the sorted tested pairs instead of sorting them
//! again; it stays O(pairs).
//!
//! ## What it must not do
//!
//! Change a result: pairs, contacts, started and ended are identical, bit for bit, to a
//! step that tests everything. [`World::set_resting`] with `false` forces such steps, and
//! `tests/world_oracle.rs` runs long sequences in both worlds side by side against brute
//! force. It knows nothing of the narrow phase.

use super::{World, MAX_COORDINATE};
use crate::broad_phase::HashGrid;
use crate::math::{Aabb, Transform};
use crate::store::{ShapeStore, FLAG_ALIVE, FLAG_FRESH, FLAG_REFRESHED, FLAG_STATIC};

/// Steps a moving shape must stay unmoved before it may rest.
pub const REST_AFTER: u8 = 8;

/// The resting grid is rebuilt when the debt (ready shapes left in the per-step grid plus
/// stale entries, summed over steps) reaches this many times the number of moving shapes
/// plus [`REBUILD_DEBT_FLOOR`]. A rebuild costs about what a step of the per-step grid
/// costs with every shape in it; a ready shape left out costs its share of that per step,
/// and a stale entry a little in every query that meets it.
const REBUILD_DEBT_PER_SHAPE: usize = 4;
/// See [`REBUILD_DEBT_PER_SHAPE`]: keeps tiny worlds from rebuilding for one shape.
const REBUILD_DEBT_FLOOR: usize = 64;

/// What the world knows about idle shapes; see the module docs.
#[derive(Clone, Debug)]
pub(super) struct Resting {
    /// False: every live shape counts as moved at every step (full steps).
    enabled: bool,
    /// The bits of the transforms the last step read, by id.
    last_xs: Vec<f32>,
    last_ys: Vec<f32>,
    last_angles: Vec<f32>,
    /// The next copy, written by [`Resting::scan`] on its way and swapped with the last
    /// one by [`Resting::commit`]: a failed step leaves the last one as it was, and a
    /// successful one pays no second pass over the columns for the copy.
    next_xs: Vec<f32>,
    next_ys: Vec<f32>,
    next_angles: Vec<f32>,
    /// The shape moved this step, by id (see the module docs).
    pub(super) moved: Vec<bool>,
    /// How many moving shapes moved this step.
    moved_count: usize,
    /// The ids of the moving shapes that moved this step, in `moved_list[..listed]`
    /// (`listed` is `usize::MAX` when the list was not made).
    moved_list: Vec<u32>,
    listed: usize,
    /// Every moving shape moved this step (the poses then skip the test of `moved`).
    pub(super) all_moved: bool,
    /// Consecutive steps a moving shape has not moved, saturating, by id.
    still: Vec<u8>,
    /// The shape is resting: in the resting grid, and its entry there is current, by id.
    pub(super) rests: Vec<bool>,
    /// How many ids have `rests` set.
    resting_count: usize,
    /// The resting grid, built over positions in `member_ids`.
    pub(super) grid: HashGrid,
    /// The id at each position of the resting grid.
    pub(super) member_ids: Vec<u32>,
    /// The box of each position when the resting grid was built (`validate` compares
    /// them with the boxes of today).
    member_boxes: Vec<Aabb>,
    /// `0, 1, 2, …`: the positions the resting grid is built over.
    positions: Vec<u32>,
    /// Shapes ready to rest but still in the grid, counted by the last `detect_moves`.
    ready_count: usize,
    /// See [`REBUILD_DEBT_PER_SHAPE`].
    debt: usize,
    /// Ids whose layer or mask was set since the last step.
    filter_changes: Vec<u32>,
    /// Rows of the static shapes that moved this step.
    pub(super) moved_static_rows: Vec<u32>,
    /// Rows of the awake moving shapes: the grid's content this step, while some rest
    /// (see [`Resting::awake`]).
    awake_rows: Vec<u32>,
    /// The next step counts every shape as moved, once (see [`Resting::retest_all`]).
    retest: bool,
}

impl Default for Resting {
    fn default() -> Self {
        Resting {
            enabled: true,
            last_xs: Vec::new(),
            last_ys: Vec::new(),
            last_angles: Vec::new(),
            next_xs: Vec::new(),
            next_ys: Vec::new(),
            next_angles: Vec::new(),
            moved: Vec::new(),
            moved_count: 0,
            moved_list: Vec::new(),
            listed: usize::MAX,
            all_moved: false,
            still: Vec::new(),
            rests: Vec::new(),
            resting_count: 0,
            grid: HashGrid::new(),
            member_ids: Vec::new(),
            member_boxes: Vec::new(),
            positions: Vec::new(),
            ready_count: 0,
            debt: 0,
            filter_changes: Vec::new(),
            moved_static_rows: Vec::new(),
            awake_rows: Vec::new(),
            retest: false,
        }
    }
}

impl Resting {
    /// Records that the layer or mask of `id` was set: it counts as moved at the next step.
    pub(super) fn filter_changed(&mut self, id: u32) {
        self.filter_changes.push(id);
    }

    /// Makes the next step count every shape as moved, as a full step does: after a step
    /// that failed past its poses, which moved `last_xs` and the still counters on to
    /// transforms that the published pairs do not reflect. Carrying a pair needs both
    /// shapes unchanged since the pairs it is carried from; after one full step they are
    /// that step's again.
    pub(super) fn retest_all(&mut self) {
        self.retest = true;
    }

    /// False while every live shape counts as moved at every step: full steps (set by
    /// [`World::set_resting`], or for one step by [`Resting::retest_all`]).
    #[inline]
    fn compares(&self) -> bool {
        self.enabled & !self.retest
    }

    /// True when some shape rests (queries must then look in the resting grid too).
    #[inline]
    pub(super) fn any_resting(&self) -> bool {
        self.resting_count > 0
    }

    /// Finds which moving shapes moved since the last step (into `moved`), and checks on
    /// the way that the written transforms are valid, as
    /// [`check_transforms`](super::poses) would (moving shapes, and static ones while
    /// `statics_dirty`). Returns false when one is not: the step must then fail, and since
    /// only `moved`, rewritten at every step, was touched, nothing else changed. One pass
    /// for both, because where every shape moves this pass is pure overhead on the full
    /// step.
    pub(super) fn scan(&mut self, store: &ShapeStore, statics_dirty: bool) -> bool {
        let n = store.slot_count();
        self.grow_columns(n);
        let enabled = self.compares();
        let (xs, ys, angles, flags) = (
            &store.xs[..n],
            &store.ys[..n],
            &store.angles[..n],
            &store.flags[..n],
        );
        // Statics are seen in `commit` and by their poses (see `static_moved`).
        let checked = if statics_dirty {
            FLAG_ALIVE
        } else {
            FLAG_ALIVE | FLAG_STATIC
        };
        let (invalid, moved_count) = scan_slots(
            (xs, ys, angles, flags),
            (
                &self.last_xs[..n],
                &self.last_ys[..n],
                &self.last_angles[..n],
            ),
            (
                &mut self.next_xs[..n],
                &mut self.next_ys[..n],
                &mut self.next_angles[..n],
            ),
            &mut self.moved[..n],
            (enabled, checked),
        );
        self.moved_count = moved_count;
        !invalid
    }

    /// [`Resting::scan`] in chunks of `grain` slots, in parallel: the same columns written,
    /// the same answer (an `or` of the chunks' and a sum of their counts, which no order
    /// changes).
    #[cfg(feature = "threads")]
    pub(super) fn scan_in_chunks(
        &mut self,
        store: &ShapeStore,
        statics_dirty: bool,
        grain: usize,
    ) -> bool {
        let n = store.slot_count();
        self.grow_columns(n);
        let enabled = self.compares();
        let checked = if statics_dirty {
            FLAG_ALIVE
        } else {
            FLAG_ALIVE | FLAG_STATIC
        };
        let (last_xs, last_ys, last_angles) = (
            &self.last_xs[..n],
            &self.last_ys[..n],
            &self.last_angles[..n],
        );
        let next = (
            &mut self.next_xs[..n],
            &mut self.next_ys[..n],
            &mut self.next_angles[..n],
            &mut self.moved[..n],
        );
        type Next<'a> = (&'a mut [f32], &'a mut [f32], &'a mut [f32], &'a mut [bool]);
        let run = |first: usize, (next_xs, next_ys, next_angles, moved): Next| {
            let ids = first..first + moved.len();
            fn column<'c>(c: &'c [f32], ids: &core::ops::Range<usize>) -> &'c [f32] {
                &c[ids.clone()]
            }
            scan_slots(
                (
                    column(&store.xs, &ids),
                    column(&store.ys, &ids),
                    column(&store.angles, &ids),
                    &store.flags[ids.clone()],
                ),
                (
                    column(last_xs, &ids),
                    column(last_ys, &ids),
                    column(last_angles, &ids),
                ),
                (next_xs, next_ys, next_angles),
                moved,
                (enabled, checked),
            )
        };
        let fold = |a: (bool, usize), b: (bool, usize)| (a.0 | b.0, a.1 + b.1);
        let (invalid, moved_count) = crate::parallel::for_each_run(next, grain, &run, fold);
        self.moved_count = moved_count;
        !invalid
    }

    /// Sizes the per-id columns to `n` slots.
    #[inline(always)]
    fn grow_columns(&mut self, n: usize) {
        if self.moved.len() < n {
            // New slots: their ids are fresh, so the values here are never read as "last".
            self.last_xs.resize(n, 0.0);
            self.last_ys.resize(n, 0.0);
            self.last_angles.resize(n, 0.0);
            self.next_xs.resize(n, 0.0);
            self.next_ys.resize(n, 0.0);
            self.next_angles.resize(n, 0.0);
            self.moved.resize(n, false);
            self.still.resize(n, 0);
            self.rests.resize(n, false);
        }
    }

    /// After a successful [`Resting::scan`]: updates the copy of the transforms, the still
    /// counters and the resting set (a moved resting shape wakes), and finds the statics
    /// issued since the last step. Statics that moved are found later, by their poses.
    pub(super) fn commit(&mut self, store: &ShapeStore) {
        self.moved_static_rows.clear();
        // The copy for the next step (a free slot's is never read: its id is fresh when
        // issued again; a static's neither).
        core::mem::swap(&mut self.last_xs, &mut self.next_xs);
        core::mem::swap(&mut self.last_ys, &mut self.next_ys);
        core::mem::swap(&mut self.last_angles, &mut self.next_angles);
        self.note_new_statics(store);
        let (mut ready, mut listed) = self.count_still(store);
        let mut moved_count = self.moved_count;
        self.apply_filter_changes(store, &mut moved_count, &mut ready, &mut listed);
        self.all_moved = moved_count == store.dynamic_rows.len();
        self.listed = listed;
        self.ready_count = ready;
        self.retest = false;
    }

    /// Statics issued since the last step (or all, for full steps) count as moved.
    fn note_new_statics(&mut self, store: &ShapeStore) {
        if self.compares() {
            for &id in &store.fresh_ids {
                if store.is_static(id) {
                    self.static_moved(id, store.id_to_row[id as usize]);
                }
            }
        } else {
            for &row in &store.static_rows {
                self.static_moved(store.row_to_id[row as usize], row);
            }
        }
    }

    /// Counts every moving shape's still steps (a moved one wakes, a removed one leaves)
    /// and lists the moved ones; returns how many are ready to rest and how many the list
    /// holds (`usize::MAX`: it was not made).
    fn count_still(&mut self, store: &ShapeStore) -> (usize, usize) {
        let n = store.slot_count();
        let flags = &store.flags[..n];
        if self.moved_count == store.dynamic_rows.len() && self.resting_count == 0 {
            // Every moving shape moved and none rests: nothing to count.
            self.still[..n].fill(0);
            return (0, usize::MAX);
        }
        let (mut ready, mut listed) = (0, 0);
        let (still_steps, rest_marks) = (&mut self.still[..n], &mut self.rests[..n]);
        let mut resting = self.resting_count;
        if self.moved_list.len() < n {
            self.moved_list.resize(n, 0);
        }
        let moved_list = &mut self.moved_list[..n];
        for id in 0..n {
            let f = flags[id];
            // Listed without a branch: written always, kept when it moved (the count is at
            // most `id`, so it stays in bounds).
            moved_list[listed] = id as u32;
            listed += usize::from(self.moved[id] & (f & (FLAG_ALIVE | FLAG_STATIC) == FLAG_ALIVE));
            // A moved shape wakes; a removed one leaves (its id may even have been issued
            // again, to a static shape).
            let reset = self.moved[id] | (f & (FLAG_ALIVE | FLAG_STATIC) != FLAG_ALIVE);
            let still = if reset {
                0
            } else {
                still_steps[id].saturating_add(1)
            };
            still_steps[id] = still;
            let was_resting = rest_marks[id];
            let rests = was_resting & !reset;
            rest_marks[id] = rests;
            resting -= usize::from(was_resting & !rests);
            ready += usize::from(!reset & !rests & (still >= REST_AFTER));
        }
        self.resting_count = resting;
        (ready, listed)
    }

    /// Shapes whose layer or mask changed count as moved (a resting one wakes).
    fn apply_filter_changes(
        &mut self,
        store: &ShapeStore,
        moved_count: &mut usize,
        ready: &mut usize,
        listed: &mut usize,
    ) {
        for k in 0..self.filter_changes.len() {
            let id = self.filter_changes[k] as usize;
            let flags = store.flags[id];
            if flags & FLAG_ALIVE == 0 || self.moved[id] {
                continue;
            }
            self.moved[id] = true;
            if flags & FLAG_STATIC != 0 {
                self.moved_static_rows.push(store.id_to_row[id]);
            } else {
                *ready -= usize::from(self.still[id] >= REST_AFTER && !self.rests[id]);
                self.still[id] = 0;
                self.resting_count -= usize::from(self.rests[id]);
                self.rests[id] = false;
                *moved_count += 1;
                if *listed != usize::MAX {
                    // Its slot is free: the list holds at most the moving shapes.
                    self.moved_list[*listed] = id as u32;
                    *listed += 1;
                }
            }
        }
        self.filter_changes.clear();
    }

    /// Rebuilds the resting grid when the debt says so (see [`REBUILD_DEBT_PER_SHAPE`]),
    /// then lists the awake rows (in the order of `dynamic_rows`). Called after the rows
    /// were reordered, if they were.
    pub(super) fn plan(&mut self, store: &ShapeStore) {
        let stale = self.member_ids.len() - self.resting_count;
        if self.ready_count + stale > 0 {
            self.debt += self.ready_count + stale;
            let limit = REBUILD_DEBT_PER_SHAPE * store.dynamic_rows.len() + REBUILD_DEBT_FLOOR;
            if self.debt >= limit {
                self.rebuild(store);
            }
        }
        self.awake_rows.clear();
        if self.resting_count > 0 {
            let rests = &self.rests;
            let rows = store.dynamic_rows.iter().copied();
            self.awake_rows
                .extend(rows.filter(|&row| !rests[store.row_to_id[row as usize] as usize]));
        }
    }

    /// The ids of the moving shapes that moved this step, when they are few (under a
    /// quarter): refreshing them from the list is then cheaper than a pass over the rows.
    #[inline]
    pub(super) fn few_moved(&self, store: &ShapeStore) -> Option<&[u32]> {
        (self.listed != usize::MAX && self.listed * 4 < store.dynamic_rows.len())
            .then(|| &self.moved_list[..self.listed])
    }

    /// The rows of the awake moving shapes, after [`Resting::plan`].
    #[inline]
    pub(super) fn awake<'a>(&'a self, store: &'a ShapeStore) -> &'a [u32] {
        if self.resting_count > 0 {
            &self.awake_rows
        } else {
            &store.dynamic_rows
        }
    }

    /// Puts every shape that is resting or ready to rest in a new resting grid.
    fn rebuild(&mut self, store: &ShapeStore) {
        self.debt = 0;
        self.member_ids.clear();
        self.member_boxes.clear();
        for &row in &store.dynamic_rows {
            let id = store.row_to_id[row as usize];
            let s = id as usize;
            if self.rests[s] || (!self.moved[s] && self.still[s] >= REST_AFTER) {
                self.rests[s] = true;
                self.member_ids.push(id);
                self.member_boxes.push(store.aabbs[row as usize]);
            }
        }
        self.resting_count = self.member_ids.len();
        self.ready_count = 0;
        self.positions.clear();
        self.positions.extend(0..self.member_ids.len() as u32);
        self.grid.rebuild(&self.positions, &self.member_boxes);
    }

    /// True when the pair of `a` and `b` can be carried over from the last step: neither
    /// moved, and neither is in the grid (see the module docs).
    #[inline]
    pub(super) fn carries(&self, store: &ShapeStore, a: u32, b: u32) -> bool {
        let unchanged = |id: u32| {
            let s = id as usize;
            self.rests[s]
                || (store.flags[s] & (FLAG_ALIVE | FLAG_STATIC) == FLAG_ALIVE | FLAG_STATIC
                    && !self.moved[s])
        };
        unchanged(a) && unchanged(b)
    }

    /// Records that the static shape `id` in `row` got a new pose this step (statics are
    /// compared by pose, when they are refreshed: a write the world did not observe, through
    /// the columns, counts when the statics are next refreshed, exactly as for a full step).
    #[inline]
    pub(super) fn static_moved(&mut self, id: u32, row: u32) {
        let s = id as usize;
        if !self.moved[s] {
            self.moved[s] = true;
            self.moved_static_rows.push(row);
        }
    }

    /// The transform the last step read for `id` (`None` before a step has read one).
    pub(super) fn last_transform(&self, id: u32) -> Option<(f32, f32, f32)> {
        let s = id as usize;
        Some((
            *self.last_xs.get(s)?,
            *self.last_ys.get(s)?,
            *self.last_angles.get(s)?,
        ))
    }

    /// Sets the transform the last step read for `id` (a slot below the length given to
    /// [`Resting::reset_to`]).
    pub(super) fn set_last_transform(&mut self, id: u32, x: f32, y: f32, angle: f32) {
        let s = id as usize;
        self.last_xs[s] = x;
        self.last_ys[s] = y;
        self.last_angles[s] = angle;
    }

    /// Forgets every idle shape (none rests, none is still, no filter change is pending)
    /// and takes `xs`, `ys`, `angles` as the transforms the last step read: the state of a
    /// loaded snapshot (see `world::snapshot`). Keeps `enabled`, a tuning knob, and every
    /// buffer's allocation. The per-step columns are left empty: the next [`Resting::scan`]
    /// sizes them, as it does for new slots, and nothing reads them before it.
    pub(super) fn reset_to(&mut self, xs: &[f32], ys: &[f32], angles: &[f32]) {
        for (last, column) in [
            (&mut self.last_xs, xs),
            (&mut self.last_ys, ys),
            (&mut self.last_angles, angles),
        ] {
            last.clear();
            last.extend_from_slice(column);
        }
        self.next_xs.clear();
        self.next_ys.clear();
        self.next_angles.clear();
        self.moved.clear();
        self.still.clear();
        self.rests.clear();
        self.moved_count = 0;
        self.listed = usize::MAX;
        self.all_moved = false;
        self.resting_count = 0;
        self.member_ids.clear();
        self.member_boxes.clear();
        self.ready_count = 0;
        self.debt = 0;
        self.filter_changes.clear();
        self.moved_static_rows.clear();
        self.awake_rows.clear();
    }

    /// Checks the resting set against the store (see [`World::validate`]).
    fn validate(&self, store: &ShapeStore) -> Result<(), String> {
        let resting = self.rests.iter().filter(|&&r| r).count();
        if resting != self.resting_count {
            return Err(format!(
                "{resting} shapes resting, {} counted",
                self.resting_count
            ));
        }
        let mut seen = 0;
        for (k, &id) in self.member_ids.iter().enumerate() {
            let s = id as usize;
            if !self.rests[s] {
                continue;
            }
            seen += 1;
            // Removed since the last step (and maybe issued again): it leaves at the next.
            if !store.is_alive(id) || store.flags[s] & FLAG_FRESH != 0 {
                continue;
            }
            if store.is_static(id) {
                return Err(format!("resting id {id} is static"));
            }
            let row = store.row(id);
            // A shape refreshed for the queries has its box back at the next step.
            let refreshed = store.flags[s] & FLAG_REFRESHED != 0;
            if !refreshed && store.aabbs[row] != self.member_boxes[k] {
                return Err(format!("resting id {id}: box differs from its entry"));
            }
            if self.still[s] < REST_AFTER {
                return Err(format!("resting id {id} was still {} steps", self.still[s]));
            }
        }
        if seen != self.resting_count {
            return Err(format!(
                "{seen} resting entries, {} resting",
                self.resting_count
            ));
        }
        // Every stepped moving shape's pose is the one its last read transform gives.
        for id in 0..self.last_xs.len().min(store.slot_count()) {
            let flags = store.flags[id];
            // A refreshed shape's stepped pose is kept aside (`changes` checks it).
            if flags & (FLAG_ALIVE | FLAG_STATIC | FLAG_FRESH | FLAG_REFRESHED) != FLAG_ALIVE {
                continue;
            }
            let pose =
                Transform::from_xy_angle(self.last_xs[id], self.last_ys[id], self.last_angles[id]);
            if store.bodies[store.row(id as u32)].pose != pose {
                return Err(format!("id {id}: pose is not that of its last transform"));
            }
        }
        Ok(())
    }
}

/// The loop of [`Resting::scan`] over a run of slots (every slice the same run): writes
/// the next copy of the transforms and which moving shapes moved; returns whether a
/// transform is invalid and how many moved. `checked` are the flags whose shapes' values
/// are checked (live moving ones, and static ones while statics are dirty).
#[inline(always)]
fn scan_slots(
    (xs, ys, angles, flags): (&[f32], &[f32], &[f32], &[u8]),
    (last_xs, last_ys, last_angles): (&[f32], &[f32], &[f32]),
    (next_xs, next_ys, next_angles): (&mut [f32], &mut [f32], &mut [f32]),
    moved_ids: &mut [bool],
    (enabled, checked): (bool, u8),
) -> (bool, usize) {
    let mut invalid = false;
    let mut moved_count = 0;
    // Without branches: the same few instructions for every slot. `&` and `|` on booleans
    // on purpose.
    for id in 0..moved_ids.len() {
        let f = flags[id];
        let (x, y, angle) = (xs[id], ys[id], angles[id]);
        (next_xs[id], next_ys[id], next_angles[id]) = (x, y, angle);
        let valid = (x.abs() <= MAX_COORDINATE) & (y.abs() <= MAX_COORDINATE) & angle.is_finite();
        invalid |= !valid & (f & checked == FLAG_ALIVE);
        let differs = ((x.to_bits() ^ last_xs[id].to_bits())
            | (y.to_bits() ^ last_ys[id].to_bits())
            | (angle.to_bits() ^ last_angles[id].to_bits()))
            != 0;
        let moved = (f & (FLAG_ALIVE | FLAG_STATIC) == FLAG_ALIVE)
            & (!enabled | (f & FLAG_FRESH != 0) | differs);
        moved_ids[id] = moved;
        moved_count += usize::from(moved);
    }
    (invalid, moved_count)
}

impl World {
    /// Lets shapes that did not move rest (the default): see the module essay of
    /// `world::resting`. With `false`, every step re-reads and re-tests every shape, as if
    /// all had moved. Results are identical either way; only the cost of a step differs.
    /// For tests and benchmarks.
    pub fn set_resting(&mut self, enabled: bool) {
        self.resting.enabled = enabled;
    }

    /// How many moving shapes rest after the last step: out of the grid, their pairs with
    /// each other and with unmoved statics carried without a test.
    #[must_use]
    pub fn resting_count(&self) -> usize {
        self.resting.resting_count
    }

    pub(super) fn validate_resting(&self) -> Result<(), String> {
        self.resting.validate(&self.store)
    }
}
