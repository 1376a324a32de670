//! The world: shapes in columns, one `step()` that finds every touching pair, and queries.
//!
//! This is the only module that knows the order of the pipeline:
//!
//! 1. **Poses and boxes** — every moving shape's transform is read from the `xs`, `ys`,
//!    `angles` columns (which the game may have written directly), checked to be finite and
//!    in range, and turned into a pose (with cosine and sine) and a world box. Static shapes
//!    are only looked at when a setter touched them.
//! 2. **Broad phase** — every [`DEFAULT_REORDER_INTERVAL`] steps the store first puts the
//!    moving shapes' hot data back in spatial order ([`ShapeStore::reorder_rows`]; its
//!    polygon half, [`ShapeStore::reorder_points`], runs at the next step, so that no one
//!    step pays for both). Then the moving shapes go into the [`HashGrid`]; each also
//!    queries the [`StaticTree`] of static shapes. Both work on rows, so the candidate
//!    pairs come out roughly in spatial order.
//! 3. **Narrow phase** — the candidates are tested in that order, which reads memory that
//!    is close together: layer and mask filtering (skipped while every shape has the
//!    default filter), then [`collide`] on each candidate (through
//!    [`collide_with_points`], with the store's row-ordered copies of polygon points),
//!    always called as `(smaller id, larger id)`, so the normal points from the smaller
//!    id to the larger one.
//! 4. **Output** — the found pairs are sorted by `(a, b)` ids (a counting sort on `a`,
//!    then one insertion pass) and compared with the previous step's to produce `started`
//!    and `ended`.
//!
//! The pairs, contacts and events depend only on the shapes and their ids, never on the
//! rows: the spatial order is a cache optimisation that no result can observe.
//!
//! Every buffer is reused, so a step allocates nothing once the scene has stopped growing.
//! Results (pairs, contacts, started, ended) and queries describe the world **as the last
//! `step()` saw it**: transforms written since are picked up by the next step.
//!
//! Errors never leave the world half-changed: every argument is checked before anything is
//! written, and a batch is checked whole before any of it is applied.

use crate::broad_phase::{HashGrid, StaticTree};
use crate::math::{Aabb, Transform, Vec2};
#[cfg(doc)]
use crate::narrow_phase::collide;
use crate::narrow_phase::{collide_with_points, overlaps, Contact};
use crate::raycast::{raycast, RayHit};
use crate::shape::{polygon_aabb, FormatterWriter, MessageWriter, Shape, ShapeError};
use crate::sort::heap_sort_by_key;
use crate::store::{Body, ShapeStore, SlotInit, FLAG_ALIVE, FLAG_FRESH, FLAG_STATIC};
use core::fmt;

/// The largest absolute coordinate a shape's position may have. Beyond it `f32` spacing
/// exceeds 1 unit, which no game wants from a collision library.
pub const MAX_COORDINATE: f32 = 1.0e7;

/// The most slots a world may hold (ids are below this).
pub const MAX_SHAPES: usize = 1 << 24;

/// Layer bits a shape gets when none are given.
pub const DEFAULT_LAYER: u32 = 1;
/// Mask bits a shape gets when none are given: it collides with every layer.
pub const DEFAULT_MASK: u32 = u32::MAX;

/// Per-shape options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeOptions {
    /// Which layers the shape is on.
    pub layer: u32,
    /// Which layers it collides with. A pair (a, b) is tested only when
    /// `(layer_a & mask_b) != 0 && (layer_b & mask_a) != 0`.
    pub mask: u32,
    /// Static shapes never move on their own and are never paired with each other.
    pub is_static: bool,
}

impl Default for ShapeOptions {
    fn default() -> Self {
        ShapeOptions {
            layer: DEFAULT_LAYER,
            mask: DEFAULT_MASK,
            is_static: false,
        }
    }
}

/// Why a world call was rejected. Nothing was changed.
#[derive(Clone, Debug, PartialEq)]
pub enum WorldError {
    /// An id that was never issued or whose shape was removed.
    UnknownId {
        /// The argument's name.
        arg: &'static str,
        /// The id given.
        id: u32,
    },
    /// A coordinate or angle that is NaN or infinite.
    NonFinite {
        /// The argument's name, e.g. `"x"` or `"xya[5]"`.
        arg: String,
    },
    /// A coordinate beyond [`MAX_COORDINATE`].
    OutOfRange {
        /// The argument's name.
        arg: String,
        /// The value given.
        value: f32,
    },
    /// A shape that failed validation.
    Shape(ShapeError),
    /// Two arrays whose lengths do not fit together.
    LengthMismatch {
        /// The argument's name.
        arg: &'static str,
        /// The length required.
        expected: usize,
        /// The length given.
        actual: usize,
    },
    /// The world already holds [`MAX_SHAPES`] slots.
    TooManyShapes,
}

impl WorldError {
    /// Writes the message that `Display` writes, with the numbers written by `out` (see
    /// [`MessageWriter`]).
    pub fn write_message(&self, out: &mut impl MessageWriter) -> fmt::Result {
        match self {
            WorldError::UnknownId { arg, id } => {
                write!(out, "{arg}: {id} is not the id of a live shape")
            }
            WorldError::NonFinite { arg } => write!(out, "{arg} must be a finite number"),
            WorldError::OutOfRange { arg, value } => {
                write!(out, "{arg} must be between -")?;
                out.write_f32(MAX_COORDINATE, true)?;
                out.write_str(" and ")?;
                out.write_f32(MAX_COORDINATE, true)?;
                out.write_str(" (got ")?;
                out.write_f32(*value, true)?;
                out.write_str(")")
            }
            WorldError::Shape(e) => e.write_message(out),
            WorldError::LengthMismatch {
                arg,
                expected,
                actual,
            } => write!(out, "{arg} must have length {expected} (got {actual})"),
            WorldError::TooManyShapes => {
                write!(out, "the world holds the maximum of {MAX_SHAPES} shapes")
            }
        }
    }
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut FormatterWriter(f))
    }
}

impl std::error::Error for WorldError {}

impl From<ShapeError> for WorldError {
    fn from(e: ShapeError) -> Self {
        WorldError::Shape(e)
    }
}

/// The closest hit of a ray cast into the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldRayHit {
    /// The shape hit.
    pub id: u32,
    /// Where and how it was hit.
    pub hit: RayHit,
}

/// Where a step's time went, in the units of the clock given to [`World::step_timed`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseTimes {
    /// Checking transforms, computing poses and bounding boxes (and rebuilding the static
    /// tree when statics changed).
    pub poses: f64,
    /// Rebuilding the grid and collecting candidate pairs.
    pub broad_phase: f64,
    /// Layer filtering and exact tests of the candidates.
    pub narrow_phase: f64,
    /// Sorting, publishing pairs and contacts, computing started and ended.
    pub output: f64,
    /// How many candidate pairs the broad phase produced.
    pub candidates: usize,
}

/// How many steps the moving shapes' rows stay in one order by default. Shapes of the
/// standard workload move about half a unit per step, so after 32 steps the order is still
/// nearly spatial; a reorder costs about as much as one broad phase.
pub const DEFAULT_REORDER_INTERVAL: u32 = 32;

/// A colliding pair found by a step, with its sort key.
#[derive(Clone, Copy, Debug, Default)]
struct Found {
    key: u64,
    nx: f32,
    ny: f32,
    depth: f32,
}

/// Reusable buffers of a step.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Candidate pairs as rows.
    candidates: Vec<(u32, u32)>,
    found: Vec<Found>,
    found_buffer: Vec<Found>,
    /// Where each id's run of found pairs starts, and the ids with long runs (see
    /// `sort_found`).
    run_starts: Vec<u32>,
    long_runs: Vec<u32>,
    keys: Vec<u64>,
    ended_removed: Vec<u64>,
}

/// When the rows are next put in spatial order.
#[derive(Clone, Copy, Debug)]
struct ReorderClock {
    /// Steps between two reorders; 0 = never.
    interval: u32,
    /// Steps left until the next one (0 = at the next step).
    countdown: u32,
    /// The rows were reordered by the last step; the polygon point copies follow at the
    /// next.
    points_pending: bool,
}

impl Default for ReorderClock {
    fn default() -> Self {
        ReorderClock {
            interval: DEFAULT_REORDER_INTERVAL,
            countdown: 0,
            points_pending: false,
        }
    }
}

/// A collision world. See the module docs for the pipeline.
#[derive(Clone, Debug, Default)]
pub struct World {
    store: ShapeStore,
    grid: HashGrid,
    statics: StaticTree,
    /// A static shape was added, removed or moved since the tree was built.
    statics_dirty: bool,
    scratch: Scratch,
    /// Sorted keys `(a << 32) | b` of the last step's pairs.
    previous_keys: Vec<u64>,
    pairs: Vec<u32>,
    contacts: Vec<f32>,
    started: Vec<u32>,
    ended: Vec<u32>,
    /// Pairs of the last step that involved a shape removed since (they end next step).
    removed_pair_keys: Vec<u64>,
    /// Live shapes whose layer or mask is not the default. While there are none, every
    /// pair passes the filter and the narrow phase skips loading four filter words per
    /// candidate.
    custom_filter_count: usize,
    reorder: ReorderClock,
}

fn check_coordinate(arg: impl FnOnce() -> String, value: f32) -> Result<(), WorldError> {
    if !value.is_finite() {
        Err(WorldError::NonFinite { arg: arg() })
    } else if value.abs() > MAX_COORDINATE {
        Err(WorldError::OutOfRange { arg: arg(), value })
    } else {
        Ok(())
    }
}

fn check_angle(arg: impl FnOnce() -> String, value: f32) -> Result<(), WorldError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(WorldError::NonFinite { arg: arg() })
    }
}

/// Sorts the short lists of a world (query results, pairs ended by removal, a step with
/// few candidates): a heapsort, O(n log n) in place.
///
/// True when a layer/mask pair can reject some pair (anything but the defaults, under
/// which every pair passes).
#[inline]
fn is_custom_filter(layer: u32, mask: u32) -> bool {
    layer != DEFAULT_LAYER || mask != DEFAULT_MASK
}

#[inline]
fn pair_key(a: u32, b: u32) -> u64 {
    ((a as u64) << 32) | b as u64
}

impl World {
    /// An empty world.
    #[must_use]
    pub fn new() -> World {
        World::default()
    }

    // ----- shapes -------------------------------------------------------------------

    /// Adds a shape at `(x, y)` turned by `angle` radians and returns its id (its slot
    /// index). The most recently freed id is reused first.
    pub fn add(
        &mut self,
        shape: Shape,
        x: f32,
        y: f32,
        angle: f32,
        options: ShapeOptions,
    ) -> Result<u32, WorldError> {
        shape.validate()?;
        check_coordinate(|| "x".into(), x)?;
        check_coordinate(|| "y".into(), y)?;
        check_angle(|| "angle".into(), angle)?;
        if self.store.live_count() >= MAX_SHAPES {
            return Err(WorldError::TooManyShapes);
        }
        if options.is_static {
            self.statics_dirty = true;
        }
        if is_custom_filter(options.layer, options.mask) {
            self.custom_filter_count += 1;
        }
        Ok(self.store.insert(
            SlotInit {
                shape,
                layer: options.layer,
                mask: options.mask,
                is_static: options.is_static,
            },
            x,
            y,
            angle,
        ))
    }

    /// Removes a shape. Its pairs are reported in `ended()` by the next step; its id may
    /// be issued again by a later add.
    pub fn remove(&mut self, id: u32) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        if self.store.is_static(id) {
            self.statics_dirty = true;
        }
        let s = id as usize;
        if is_custom_filter(self.store.layers[s], self.store.masks[s]) {
            self.custom_filter_count -= 1;
        }
        self.store.remove(id);
        // The last step's pairs with this id end now: move them out of `previous_keys`
        // so that a new shape reusing the id does not inherit them.
        let removed = &mut self.removed_pair_keys;
        self.previous_keys.retain(|&key| {
            let involved = (key >> 32) as u32 == id || key as u32 == id;
            if involved {
                removed.push(key);
            }
            !involved
        });
        Ok(())
    }

    /// True when `id` names a live shape.
    #[must_use]
    pub fn contains(&self, id: u32) -> bool {
        self.store.is_alive(id)
    }

    /// The number of live shapes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.store.live_count()
    }

    /// True when the world holds no shape.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of slots, live or free: ids are below this, and the transform columns
    /// have this length.
    #[must_use]
    pub fn slot_count(&self) -> usize {
        self.store.slot_count()
    }

    /// The shape stored under `id`.
    pub fn shape(&self, id: u32) -> Result<&Shape, WorldError> {
        self.check_id("id", id)?;
        Ok(&self.store.bodies[self.store.row(id)].shape)
    }

    /// True when `id` is a static shape.
    pub fn is_static(&self, id: u32) -> Result<bool, WorldError> {
        self.check_id("id", id)?;
        Ok(self.store.is_static(id))
    }

    /// The layer and mask bits of `id`.
    pub fn layer_mask(&self, id: u32) -> Result<(u32, u32), WorldError> {
        self.check_id("id", id)?;
        Ok((
            self.store.layers[id as usize],
            self.store.masks[id as usize],
        ))
    }

    /// Changes the layer and mask bits of `id`.
    pub fn set_layer_mask(&mut self, id: u32, layer: u32, mask: u32) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        let s = id as usize;
        let was_custom = is_custom_filter(self.store.layers[s], self.store.masks[s]);
        self.custom_filter_count -= usize::from(was_custom);
        self.custom_filter_count += usize::from(is_custom_filter(layer, mask));
        self.store.layers[s] = layer;
        self.store.masks[s] = mask;
        Ok(())
    }

    /// The current (not yet stepped) transform of `id` as `(x, y, angle)`.
    pub fn transform(&self, id: u32) -> Result<(f32, f32, f32), WorldError> {
        self.check_id("id", id)?;
        let s = id as usize;
        Ok((self.store.xs[s], self.store.ys[s], self.store.angles[s]))
    }

    /// Moves one shape.
    pub fn set_transform(&mut self, id: u32, x: f32, y: f32, angle: f32) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        check_coordinate(|| "x".into(), x)?;
        check_coordinate(|| "y".into(), y)?;
        check_angle(|| "angle".into(), angle)?;
        self.write_transform(id, x, y, angle);
        Ok(())
    }

    /// Moves many shapes: `xya` holds `x, y, angle` for each id in `ids`, in order. The
    /// whole batch is checked before any of it is applied.
    pub fn set_transforms(&mut self, ids: &[u32], xya: &[f32]) -> Result<(), WorldError> {
        if xya.len() != ids.len() * 3 {
            return Err(WorldError::LengthMismatch {
                arg: "xya",
                expected: ids.len() * 3,
                actual: xya.len(),
            });
        }
        for (i, (&id, t)) in ids.iter().zip(xya.chunks_exact(3)).enumerate() {
            if !self.store.is_alive(id) {
                return Err(WorldError::UnknownId { arg: "ids", id });
            }
            check_coordinate(|| format!("xya[{}]", 3 * i), t[0])?;
            check_coordinate(|| format!("xya[{}]", 3 * i + 1), t[1])?;
            check_angle(|| format!("xya[{}]", 3 * i + 2), t[2])?;
        }
        for (&id, t) in ids.iter().zip(xya.chunks_exact(3)) {
            self.write_transform(id, t[0], t[1], t[2]);
        }
        Ok(())
    }

    fn write_transform(&mut self, id: u32, x: f32, y: f32, angle: f32) {
        let s = id as usize;
        self.store.xs[s] = x;
        self.store.ys[s] = y;
        self.store.angles[s] = angle;
        if self.store.is_static(id) {
            self.statics_dirty = true;
        }
    }

    /// The x column (indexed by id; free slots hold stale values). Writing it moves the
    /// shapes at the next step, exactly like [`World::set_transform`].
    pub fn xs_mut(&mut self) -> &mut [f32] {
        &mut self.store.xs
    }

    /// The y column; see [`World::xs_mut`].
    pub fn ys_mut(&mut self) -> &mut [f32] {
        &mut self.store.ys
    }

    /// The angle column; see [`World::xs_mut`].
    pub fn angles_mut(&mut self) -> &mut [f32] {
        &mut self.store.angles
    }

    /// Addresses of the `xs`, `ys` and `angles` columns, for zero-copy views from
    /// JavaScript. Valid until the next add (which may move them; see
    /// [`World::layout_version`]).
    #[must_use]
    pub fn transform_column_addresses(&self) -> [usize; 3] {
        [
            self.store.xs.as_ptr() as usize,
            self.store.ys.as_ptr() as usize,
            self.store.angles.as_ptr() as usize,
        ]
    }

    /// Changes whenever the transform columns move in memory or change length: a counter
    /// of such changes, kept below 2^30 so that JavaScript holds it as a small integer
    /// (a larger `u32` becomes a heap number, garbage on every read). Wrapping would take
    /// 2^30 new slots between two reads; a world holds at most [`MAX_SHAPES`] = 2^24.
    #[must_use]
    pub fn layout_version(&self) -> u32 {
        self.store.layout_version & 0x3FFF_FFFF
    }

    /// Marks every static shape as possibly moved, so the next step re-reads all their
    /// transforms. Needed only after writing static shapes' slots through the columns
    /// ([`World::xs_mut`] and the JS views), which the world cannot observe.
    pub fn touch_statics(&mut self) {
        self.statics_dirty = true;
    }

    /// Sets how many steps pass between two reorders of the moving shapes' rows into
    /// spatial order (default [`DEFAULT_REORDER_INTERVAL`]; 0 = never). A tuning knob for
    /// benchmarks and tests: results do not depend on it, only speed does. The next step
    /// reorders (unless the interval is 0).
    pub fn set_reorder_interval(&mut self, steps: u32) {
        self.reorder.interval = steps;
        self.reorder.countdown = 0;
    }

    fn check_id(&self, arg: &'static str, id: u32) -> Result<(), WorldError> {
        if self.store.is_alive(id) {
            Ok(())
        } else {
            Err(WorldError::UnknownId { arg, id })
        }
    }

    // ----- the step -------------------------------------------------------------------

    /// Finds every touching pair and returns how many there are. See the module docs.
    ///
    /// Fails, changing nothing that the last step reported, when a transform written
    /// through the columns is not finite or out of range.
    pub fn step(&mut self) -> Result<usize, WorldError> {
        self.step_timed(|| 0.0).map(|(count, _)| count)
    }

    /// [`World::step`], reading `clock` between phases to report where the time went.
    /// The core has no clock of its own (wasm32 has none without JavaScript): pass
    /// `performance.now` from JS or an `Instant`-based closure natively.
    pub fn step_timed(
        &mut self,
        mut clock: impl FnMut() -> f64,
    ) -> Result<(usize, PhaseTimes), WorldError> {
        let t0 = clock();
        self.update_poses()?;
        let t1 = clock();
        self.find_candidates();
        let t2 = clock();
        self.narrow_phase();
        let t3 = clock();
        self.sort_and_publish();
        self.store.clear_fresh();
        let t4 = clock();
        let times = PhaseTimes {
            poses: t1 - t0,
            broad_phase: t2 - t1,
            narrow_phase: t3 - t2,
            output: t4 - t3,
            candidates: self.scratch.candidates.len(),
        };
        Ok((self.pairs.len() / 2, times))
    }

    /// Checks the transforms the game wrote (through setters or the columns) and turns
    /// them into poses and boxes. Everything is checked before anything is refreshed: on
    /// error the poses and boxes (what queries see) stay as the last step left them.
    fn update_poses(&mut self) -> Result<(), WorldError> {
        let store = &mut self.store;
        check_transforms(store, false)?;
        if self.statics_dirty {
            check_transforms(store, true)?;
        }
        refresh_poses(store, false);
        if self.statics_dirty {
            refresh_poses(store, true);
            self.statics.rebuild(&store.static_rows, &store.aabbs);
            self.statics_dirty = false;
        }
        Ok(())
    }

    fn find_candidates(&mut self) {
        // The two halves of a reorder go to two steps, to halve the longest step.
        if self.reorder.points_pending {
            self.store.reorder_points();
            self.reorder.points_pending = false;
        }
        if self.reorder.interval > 0 {
            if self.reorder.countdown == 0 {
                self.store.reorder_rows();
                self.reorder.points_pending = true;
                self.reorder.countdown = self.reorder.interval;
            }
            self.reorder.countdown -= 1;
        }
        let store = &self.store;
        let candidates = &mut self.scratch.candidates;
        candidates.clear();
        self.grid.rebuild(&store.dynamic_rows, &store.aabbs);
        self.grid
            .overlapping_pairs(&store.dynamic_rows, &store.aabbs, candidates);
        if !self.statics.is_empty() {
            for &row in &store.dynamic_rows {
                self.statics.query(&store.aabbs[row as usize], |other| {
                    candidates.push((row, other));
                });
            }
        }
    }

    fn narrow_phase(&mut self) {
        let store = &self.store;
        let found = &mut self.scratch.found;
        found.clear();
        // With default filters everywhere every pair passes, and skipping the test saves two
        // random reads per candidate (`layers[b]`, `masks[b]`).
        let filtering = self.custom_filter_count > 0;
        for &(row_a, row_b) in &self.scratch.candidates {
            let (id_a, id_b) = (
                store.row_to_id[row_a as usize],
                store.row_to_id[row_b as usize],
            );
            // A is the smaller id, whichever row it is in.
            let ((a, row_a), (b, row_b)) = if id_a < id_b {
                ((id_a, row_a), (id_b, row_b))
            } else {
                ((id_b, row_b), (id_a, row_a))
            };
            let (sa, sb) = (a as usize, b as usize);
            if filtering
                && (store.layers[sa] & store.masks[sb] == 0
                    || store.layers[sb] & store.masks[sa] == 0)
            {
                continue;
            }
            let (body_a, body_b) = (&store.bodies[row_a as usize], &store.bodies[row_b as usize]);
            // Polygons are read from the store's row-ordered copies of their points.
            let points = |row: u32| {
                let (start, len) = store.point_spans[row as usize];
                &store.polygon_points[start as usize..(start + len) as usize]
            };
            if let Some(Contact { normal, depth }) = collide_with_points(
                &body_a.shape,
                points(row_a),
                &body_a.pose,
                &body_b.shape,
                points(row_b),
                &body_b.pose,
            ) {
                found.push(Found {
                    key: pair_key(a, b),
                    nx: normal.x,
                    ny: normal.y,
                    depth,
                });
            }
        }
    }

    fn sort_and_publish(&mut self) {
        let Scratch {
            found,
            found_buffer,
            run_starts,
            long_runs,
            keys,
            ended_removed: removed,
            ..
        } = &mut self.scratch;
        sort_found(
            found,
            found_buffer,
            run_starts,
            long_runs,
            self.store.slot_count(),
        );
        self.pairs.clear();
        self.contacts.clear();
        keys.clear();
        for f in found.iter() {
            self.pairs.push((f.key >> 32) as u32);
            self.pairs.push(f.key as u32);
            self.contacts.extend([f.nx, f.ny, f.depth]);
            keys.push(f.key);
        }

        // started = current - previous, ended = previous - current, both in key order.
        // `remove` already moved the pairs of removed shapes out of `previous_keys` into
        // `removed_pair_keys`, so a shape that reuses an id starts its pairs afresh.
        self.started.clear();
        self.ended.clear();
        removed.clear();
        removed.extend_from_slice(&self.removed_pair_keys);
        heap_sort_by_key(removed, |&key| key);
        let (prev, cur) = (&self.previous_keys, &*keys);
        let (mut i, mut j) = (0, 0);
        let mut ended_keys = EndedMerge::new(removed);
        while i < prev.len() || j < cur.len() {
            let p = prev.get(i).copied().unwrap_or(u64::MAX);
            let c = cur.get(j).copied().unwrap_or(u64::MAX);
            if p < c {
                ended_keys.push(p, &mut self.ended);
                i += 1;
            } else if c < p {
                push_key(&mut self.started, c);
                j += 1;
            } else {
                i += 1;
                j += 1;
            }
        }
        ended_keys.finish(&mut self.ended);
        self.removed_pair_keys.clear();
        core::mem::swap(&mut self.previous_keys, &mut self.scratch.keys);
    }

    // ----- results --------------------------------------------------------------------

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
    /// [`World::contacts`], [`World::started`] and [`World::ended`]. Views over the whole
    /// allocation stay valid across steps until a buffer has to grow, which lets
    /// JavaScript read results without creating a view object per frame.
    #[must_use]
    pub fn result_capacities(&self) -> [usize; 4] {
        [
            self.pairs.capacity(),
            self.contacts.capacity(),
            self.started.capacity(),
            self.ended.capacity(),
        ]
    }

    // ----- queries --------------------------------------------------------------------

    /// Calls `visit` with every live shape whose box may overlap `query`. One copy for the
    /// four queries (not inlined, `dyn` callback): a smaller wasm, and the indirect call per
    /// candidate is nothing next to the exact test it makes.
    #[inline(never)]
    fn query_candidates(&self, query: &Aabb, visit: &mut dyn FnMut(u32, &Body)) {
        let store = &self.store;
        let mut visit_row = |row: u32| {
            let id = store.row_to_id[row as usize];
            // Shapes removed (or ids reissued) since the last step are still in the grid.
            if store.is_alive(id) && store.flags[id as usize] & FLAG_FRESH == 0 {
                visit(id, &store.bodies[row as usize]);
            }
        };
        self.grid.query(query, &mut visit_row);
        self.statics.query(query, &mut visit_row);
    }

    #[inline]
    fn layer_accepts(&self, id: u32, mask: u32) -> bool {
        self.store.layers[id as usize] & mask != 0
    }

    /// Appends to `out` the ids (on a layer in `mask`) of the shapes that contain `point`,
    /// sorted. Sees the world as the last step did.
    pub fn query_point(
        &self,
        point: Vec2,
        mask: u32,
        out: &mut Vec<u32>,
    ) -> Result<(), WorldError> {
        check_coordinate(|| "x".into(), point.x)?;
        check_coordinate(|| "y".into(), point.y)?;
        let start = out.len();
        let probe = Transform {
            translation: point,
            ..Transform::IDENTITY
        };
        self.query_candidates(&Aabb::new(point, point), &mut |id, body| {
            if self.layer_accepts(id, mask)
                && overlaps(&body.shape, &body.pose, &Shape::Point, &probe)
            {
                out.push(id);
            }
        });
        heap_sort_by_key(&mut out[start..], |&id| id);
        Ok(())
    }

    /// Appends to `out` the ids (on a layer in `mask`) of the shapes whose bounding boxes
    /// overlap the box `min..max`, sorted.
    pub fn query_aabb(
        &self,
        min: Vec2,
        max: Vec2,
        mask: u32,
        out: &mut Vec<u32>,
    ) -> Result<(), WorldError> {
        check_coordinate(|| "minX".into(), min.x)?;
        check_coordinate(|| "minY".into(), min.y)?;
        check_coordinate(|| "maxX".into(), max.x)?;
        check_coordinate(|| "maxY".into(), max.y)?;
        let query = Aabb::new(min.min(max), min.max(max));
        let start = out.len();
        self.query_candidates(&query, &mut |id, _| {
            if self.layer_accepts(id, mask) {
                out.push(id);
            }
        });
        heap_sort_by_key(&mut out[start..], |&id| id);
        Ok(())
    }

    /// Appends to `out` the ids (on a layer in `mask`) of the shapes that touch `shape`
    /// placed at `(x, y, angle)`, sorted. The probe shape is not added to the world.
    pub fn query_shape(
        &self,
        shape: &Shape,
        x: f32,
        y: f32,
        angle: f32,
        mask: u32,
        out: &mut Vec<u32>,
    ) -> Result<(), WorldError> {
        shape.validate()?;
        check_coordinate(|| "x".into(), x)?;
        check_coordinate(|| "y".into(), y)?;
        check_angle(|| "angle".into(), angle)?;
        let pose = Transform::from_xy_angle(x, y, angle);
        let start = out.len();
        self.query_candidates(&shape.aabb(&pose), &mut |id, body| {
            if self.layer_accepts(id, mask) && overlaps(&body.shape, &body.pose, shape, &pose) {
                out.push(id);
            }
        });
        heap_sort_by_key(&mut out[start..], |&id| id);
        Ok(())
    }

    /// The closest shape (on a layer in `mask`) hit by the ray from `origin` along
    /// `direction` (normalised here; it must not be zero) within `max_distance`. Ties go to
    /// the smaller id.
    pub fn raycast(
        &self,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
        mask: u32,
    ) -> Result<Option<WorldRayHit>, WorldError> {
        check_coordinate(|| "originX".into(), origin.x)?;
        check_coordinate(|| "originY".into(), origin.y)?;
        if !direction.is_finite() {
            return Err(WorldError::NonFinite {
                arg: "direction".into(),
            });
        }
        // Scaled by its largest component first: the squared length of a finite direction
        // like (3e38, 3e38) overflows, and that of (1e-30, 0) underflows to zero.
        let scale = direction.x.abs().max(direction.y.abs());
        let unit = Vec2::new(direction.x / scale, direction.y / scale).normalize_or_zero();
        if unit == Vec2::ZERO {
            return Err(WorldError::NonFinite {
                arg: "direction (zero length)".into(),
            });
        }
        if max_distance.is_nan() || max_distance < 0.0 {
            return Err(WorldError::NonFinite {
                arg: "maxDistance".into(),
            });
        }
        // Clip the ray to the coordinate range so that its box stays finite.
        let reach = max_distance.min(4.0 * MAX_COORDINATE);
        let end = origin + unit * reach;
        let mut best: Option<WorldRayHit> = None;
        self.query_candidates(
            &Aabb::new(origin.min(end), origin.max(end)),
            &mut |id, body| {
                if !self.layer_accepts(id, mask) {
                    return;
                }
                if let Some(hit) = raycast(&body.shape, &body.pose, origin, unit, reach) {
                    let better = match best {
                        None => true,
                        Some(b) => {
                            hit.distance < b.hit.distance
                                || (hit.distance == b.hit.distance && id < b.id)
                        }
                    };
                    if better {
                        best = Some(WorldRayHit { id, hit });
                    }
                }
            },
        );
        Ok(best)
    }

    /// Checks internal invariants (tests call it after every operation).
    pub fn validate(&self) -> Result<(), String> {
        self.store.validate()?;
        if self.pairs.len() % 2 != 0 || self.contacts.len() != self.pairs.len() / 2 * 3 {
            return Err("pairs and contacts out of step".into());
        }
        let custom = (0..self.store.slot_count())
            .filter(|&s| self.store.is_alive(s as u32))
            .filter(|&s| is_custom_filter(self.store.layers[s], self.store.masks[s]))
            .count();
        if custom != self.custom_filter_count {
            return Err(format!(
                "custom filter count {} != {custom}",
                self.custom_filter_count
            ));
        }
        for w in self.previous_keys.windows(2) {
            if w[0] >= w[1] {
                return Err("previous keys not strictly sorted".into());
            }
        }
        Ok(())
    }
}

/// Checks the written transforms of the live moving (or static) shapes: finite, and
/// positions within range. Goes through the columns in id order, which reads them front
/// to back; the first bad id is the one named.
#[inline]
fn check_transforms(store: &ShapeStore, statics: bool) -> Result<(), WorldError> {
    let want = FLAG_ALIVE | if statics { FLAG_STATIC } else { 0 };
    let columns = store.xs.iter().zip(&store.ys).zip(&store.angles);
    for (id, (((&x, &y), &angle), &flags)) in columns.zip(&store.flags).enumerate() {
        // One combined test on the fast path; free and other-kind ids are sorted out only
        // when it fails (a free slot may hold anything), and the detailed checks only name
        // the culprit.
        let valid = x.abs() <= MAX_COORDINATE && y.abs() <= MAX_COORDINATE && angle.is_finite();
        if !valid && flags & (FLAG_ALIVE | FLAG_STATIC) == want {
            check_coordinate(|| format!("x of shape {id}"), x)?;
            check_coordinate(|| format!("y of shape {id}"), y)?;
            check_angle(|| format!("angle of shape {id}"), angle)?;
        }
    }
    Ok(())
}

/// Stores the pose and box of every moving (or every static) shape from its checked,
/// written transform.
fn refresh_poses(store: &mut ShapeStore, statics: bool) {
    // Destructured so that the id list can be read while the pose columns are written.
    let ShapeStore {
        xs,
        ys,
        angles,
        bodies,
        aabbs,
        row_to_id,
        point_spans,
        polygon_points,
        dynamic_rows,
        static_rows,
        ..
    } = store;
    let rows = if statics { static_rows } else { dynamic_rows };
    for &row in rows.iter() {
        let (row, s) = (row as usize, row_to_id[row as usize] as usize);
        let pose = Transform::from_xy_angle(xs[s], ys[s], angles[s]);
        let body = &mut bodies[row];
        body.pose = pose;
        // A polygon's box from the store's row-ordered copy of its points (the same bits
        // as `Shape::aabb`, read from memory the loop is walking through anyway).
        let (start, len) = point_spans[row];
        aabbs[row] = if len > 0 {
            let vertices = start as usize..(start + len / 2) as usize;
            polygon_aabb(&polygon_points[vertices], &pose)
        } else {
            body.shape.aabb(&pose)
        };
    }
}

/// Puts the found pairs in key order, for ids below `ids`: a counting sort on `a` (one
/// counter per id), then one insertion-sort pass for the order on `b` within each run of
/// equal `a`. Runs are short (a shape touches a few others), so that pass moves each pair
/// a few places at most; the rare long run (a big shape touching many) is heap-sorted
/// first, so that it needs no moves. `buffer`, `starts` and `long_runs` are scratch.
///
/// (Measured at 100,000 pairs, natively: sorting each run in a loop over the ids took
/// 0.7 ms, mostly mispredicted branches on the runs' lengths; the one pass takes 0.4 ms.)
fn sort_found(
    found: &mut Vec<Found>,
    buffer: &mut Vec<Found>,
    starts: &mut Vec<u32>,
    long_runs: &mut Vec<u32>,
    ids: usize,
) {
    const SHORT_RUN: u32 = 16;
    let a_of = |f: &Found| (f.key >> 32) as usize;
    starts.clear();
    starts.resize(ids + 1, 0);
    for f in found.iter() {
        starts[a_of(f) + 1] += 1;
    }
    long_runs.clear();
    for a in 0..ids {
        // `starts[a + 1]` counts the run of `a` until this line makes it the run's start.
        if starts[a + 1] > SHORT_RUN {
            long_runs.push(a as u32);
        }
        starts[a + 1] += starts[a];
    }
    // Filled anew although the scatter overwrites every slot: measured, growing it only
    // when needed made this phase slower (0.35 -> 0.41 ms at 20,000 shapes in wasm); the
    // fill brings the lines into the cache without reading them.
    buffer.clear();
    buffer.resize(found.len(), Found::default());
    for f in found.iter() {
        let at = &mut starts[a_of(f)];
        buffer[*at as usize] = *f;
        *at += 1;
    }
    // `starts[a]` is now where the run of `a` ends, and so where the run of `a + 1` begins.
    for &a in long_runs.iter() {
        let a = a as usize;
        let begin = if a == 0 { 0 } else { starts[a - 1] as usize };
        heap_sort_by_key(&mut buffer[begin..starts[a] as usize], |f| f.key);
    }
    for k in 1..buffer.len() {
        let mut m = k;
        while m > 0 && buffer[m - 1].key > buffer[m].key {
            buffer.swap(m - 1, m);
            m -= 1;
        }
    }
    core::mem::swap(found, buffer);
}

#[inline]
fn push_key(out: &mut Vec<u32>, key: u64) {
    out.push((key >> 32) as u32);
    out.push(key as u32);
}

/// Merges the keys of pairs ended by removal (sorted) into the ended list in key order.
struct EndedMerge<'a> {
    removed: &'a [u64],
    next: usize,
}

impl<'a> EndedMerge<'a> {
    fn new(removed: &'a [u64]) -> Self {
        EndedMerge { removed, next: 0 }
    }

    fn push(&mut self, key: u64, out: &mut Vec<u32>) {
        while self.next < self.removed.len() && self.removed[self.next] < key {
            push_key(out, self.removed[self.next]);
            self.next += 1;
        }
        push_key(out, key);
    }

    fn finish(&mut self, out: &mut Vec<u32>) {
        for &key in &self.removed[self.next..] {
            push_key(out, key);
        }
        self.next = self.removed.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_pairs_sort_by_key() {
        let mut s = 5u64;
        let (mut buffer, mut starts, mut long) = (Vec::new(), Vec::new(), Vec::new());
        let mut next = |limit: u64| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 24) % limit) as u32
        };
        // Few ids (long runs, heap-sorted) and many (short runs); one buffer throughout.
        for (ids, len) in [(10, 3000), (5000, 3000), (70_000, 100), (1, 40), (3, 0)] {
            let mut found: Vec<Found> = (0..len)
                .map(|_| Found {
                    key: pair_key(next(ids), next(1 << 20)),
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
            );
            let got: Vec<u64> = found.iter().map(|f| f.key).collect();
            assert_eq!(got, want, "{len} pairs over {ids} ids");
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

    #[test]
    fn bad_arguments_change_nothing() {
        let mut world = World::new();
        let a = world
            .add(
                Shape::circle(1.0).unwrap(),
                0.0,
                0.0,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        assert!(world
            .add(
                Shape::circle(1.0).unwrap(),
                f32::NAN,
                0.0,
                0.0,
                ShapeOptions::default()
            )
            .is_err());
        assert_eq!(world.len(), 1);
        let err = world
            .set_transforms(&[a, 7], &[1.0, 1.0, 0.0, 2.0, 2.0, 0.0])
            .unwrap_err();
        assert_eq!(err, WorldError::UnknownId { arg: "ids", id: 7 });
        assert_eq!(world.transform(a).unwrap(), (0.0, 0.0, 0.0));
        world.remove(a).unwrap();
        assert!(world.remove(a).is_err());
        assert!(world.set_transform(a, 1.0, 1.0, 0.0).is_err());
        world.validate().unwrap();
    }
}
