//! The world: shapes in columns, one `step()` that finds every touching pair, and queries.
//!
//! This is the only module that knows the order of the pipeline:
//!
//! 1. **Poses and boxes** — the `xs`, `ys`, `angles` columns (which the game may have
//!    written directly) are checked to be finite and in range and compared with the last
//!    step's copy, in one pass; every moving shape that **moved** gets a new pose (with
//!    cosine and sine) and world box, the others keep theirs. Static shapes are only looked
//!    at when a setter touched them. See `resting.rs` for what counts as moved.
//! 2. **Broad phase** — every [`DEFAULT_REORDER_INTERVAL`] steps the store first puts the
//!    moving shapes' hot data back in spatial order ([`ShapeStore::reorder_rows`]; its
//!    polygon half, [`ShapeStore::reorder_points`], runs at the next step, so that no one
//!    step pays for both). Then the *awake* moving shapes go into the [`HashGrid`]; each
//!    also queries the [`StaticTree`] of static shapes and the grid of *resting* shapes
//!    (those unmoved for [`REST_AFTER`] steps). Both work on rows, so the candidate pairs
//!    come out roughly in spatial order. Where every shape moves, none rests, and this is
//!    the whole broad phase.
//! 3. **Narrow phase** — the candidates are tested in that order, which reads memory that
//!    is close together: layer and mask filtering (skipped while every shape has the
//!    default filter), then [`collide`] on each candidate (through
//!    [`collide_with_points`], with the store's row-ordered copies of polygon points),
//!    always called as `(smaller id, larger id)`, so the normal points from the smaller
//!    id to the larger one. The last step's pairs between two shapes that are resting or
//!    static and unmoved are **carried** over with their contacts, without a test.
//! 4. **Output** — the tested pairs are sorted by `(a, b)` ids (a counting sort on `a`,
//!    then one insertion pass), merged with the carried ones (in order already), and
//!    compared with the previous step's to produce `started` and `ended`.
//!
//! The pairs, contacts and events depend only on the shapes and their ids, never on the
//! rows: the spatial order is a cache optimisation that no result can observe.
//!
//! Every buffer is reused, so a step allocates nothing once the scene has stopped growing.
//! Results (pairs, contacts, started, ended) describe the world **as the last `step()` saw
//! it**: transforms written since are picked up by the next step. Queries, casts, sweeps
//! and moves see it **as it is**: shapes added, moved or removed since the last step
//! through the setters are seen at once (`changes.rs`; [`World::refresh`] for writes
//! through the columns).
//!
//! Errors never leave the world half-changed: every argument is checked before anything is
//! written, and a batch is checked whole before any of it is applied.
//!
//! Every buffer that grows with the pairs grows fallibly (see `crate::grow`): shapes
//! piled at one point have pairs in the square of their count, and a step that cannot
//! hold them fails with [`WorldError::OutOfMemory`] (or, at a limit the game sets, with
//! [`WorldError::TooManyPairs`]) before it touches the published results. See
//! [`World::step`] for what such a step leaves.
//!
//! ## Where things are
//!
//! - `mod.rs` (here): the [`World`], adding and moving shapes, and the step: its order,
//!   what a failed step leaves, and phase 2, which hands the work to the broad phase;
//! - `transforms.rs`: writing transforms, one, a batch, or through the columns;
//! - `poses.rs`: phase 1, the checks of the written transforms and the poses and boxes;
//! - `narrow.rs`: phase 3, the exact tests of the candidates, the carried pairs, and the
//!   limit of pairs;
//! - `resting.rs`: which shapes moved, the resting ones and their grid, the carried pairs;
//! - `events.rs`: phase 4, the sorted output and started/ended, and the result accessors;
//! - `queries.rs`: point, box, shape and ray queries over the broad phase, which take a
//!   [`QueryFilter`] (`filter.rs`); `lookup.rs`: the live ids, boxes and tags;
//! - `changes.rs`: what queries see of the shapes changed since the last step;
//! - `casts.rs`: shape casts, sweeps of the world's own shapes and batched rays, over the
//!   broad phase;
//! - `mover.rs`: move and slide, a character mover over the broad phase and the casts;
//! - `distance.rs`: the distance between shapes; `nearest.rs`: the shapes nearest to points;
//!   `explain.rs`: why two shapes do or do not touch, decided as the step decides;
//!   `debug.rs`: the world as line segments to draw;
//! - `concave.rs` and `chain.rs`: concave polygons and chains, one id and one broad-phase
//!   entry each, their parts and segments in side tables by id; `pieces.rs`: every shape
//!   read as its convex pieces, and the exact tests that walk them;
//! - `scene.rs`: lists of shapes as plain descriptions, added all or nothing, and read back;
//! - `snapshot.rs` (reading in `snapshot/load.rs`): the world as bytes and back, for
//!   rollback netcode and saves;
//! - `errors.rs`: [`WorldError`] and the argument checks.

// The threaded build steps every world through the chunked drivers of `threads` (small
// worlds in one chunk): there the single-threaded drivers are compiled only to be dropped.
#![cfg_attr(feature = "threads", allow(dead_code))]

mod casts;
mod chain;
mod changes;
mod concave;
mod contact_points;
mod continuous;
mod debug;
mod distance;
mod errors;
mod events;
mod explain;
mod filter;
mod lookup;
mod mover;
mod narrow;
mod nearest;
mod one_way;
mod pieces;
mod poses;
mod queries;
mod resting;
mod scene;
mod sensor_index;
mod sensors;
mod separate;
mod side_table;
mod snapshot;
#[cfg(feature = "threads")]
mod threads;
mod tiles;
mod transforms;

use crate::broad_phase::{HashGrid, StaticTree};
use crate::grow::{self, GrowError};
#[cfg(doc)]
use crate::narrow_phase::{collide, collide_with_points};
use crate::shape::Shape;
use crate::store::{ShapeStore, SlotInit, FLAG_CONTINUOUS};
use errors::ArgName::Plain;
use errors::{check_angle, check_coordinate, out_of_memory};
use events::{Found, Removals};
use resting::Resting;

pub use casts::{CastResults, WorldCastHit, CAST_REACH, MAX_CHUNKS};
pub use contact_points::WorldOptions;
pub use continuous::{StepCrossings, MAX_STEP_CROSSINGS};
pub use debug::{DebugKind, DebugOptions, CIRCLE_SEGMENTS};
pub use distance::ShapeDistance;
pub use errors::WorldError;
pub use explain::{Explanation, Side};
pub use filter::QueryFilter;
pub use mover::{
    Ground, MoveOptions, MoveResult, DEFAULT_SKIN, MAX_MOVE_ITERATIONS, SKIN_ROUNDINGS,
};
pub use nearest::{Nearest, NearestResults, MAX_NEAREST};
pub use one_way::ONE_WAY_SKINS;
pub use queries::WorldRayHit;
pub use resting::REST_AFTER;
pub use scene::{SceneError, SceneShape, ShapeDesc};
pub use sensors::{SweepCrossings, MAX_MOVE_CROSSINGS};
pub use separate::MAX_SEPARATE_ITERATIONS;
pub use snapshot::{SnapshotError, SNAPSHOT_HEADER_LEN, SNAPSHOT_MAGIC, SNAPSHOT_VERSION};
#[cfg(feature = "threads")]
pub use threads::{set_default_parallel_grain, DEFAULT_PARALLEL_GRAIN};
pub use tiles::{MAX_TILE_TABLES, NO_CELL};

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

/// Reusable buffers of a step.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Candidate pairs as rows.
    candidates: Vec<(u32, u32)>,
    found: Vec<Found>,
    /// Pairs carried from the last step without a test (see `resting`), in key order.
    carried: Vec<Found>,
    found_buffer: Vec<Found>,
    /// Where each id's run of found pairs starts, and the ids with long runs (see
    /// `sort_found`).
    run_starts: Vec<u32>,
    long_runs: Vec<u32>,
    keys: Vec<u64>,
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
///
/// A frame: move the shapes (one at a time, in batches, or by writing the transform
/// columns, as JavaScript does through its views), call [`World::step`], then read the
/// touching pairs, their contacts, and the pairs that started or ended touching since the
/// step before. The results stay valid until the next step.
///
/// ```
/// use sepax::{Shape, ShapeOptions, Vec2, World};
///
/// let mut world = World::new();
/// let moving = ShapeOptions::default();
/// let fixed = ShapeOptions { is_static: true, ..moving };
/// let ball = world.add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, moving).unwrap();
/// let block = world.add(Shape::aligned_box(1.0, 1.0).unwrap(), 5.0, 0.0, 0.0, moving).unwrap();
/// let upright = Shape::segment(Vec2::new(0.0, -10.0), Vec2::new(0.0, 10.0)).unwrap();
/// let wall = world.add(upright, 8.0, 0.0, 0.0, fixed).unwrap();
///
/// // Frame 1: nothing touches.
/// assert_eq!(world.step().unwrap(), 0);
/// assert!(world.pairs().is_empty());
///
/// // Frame 2: the ball rolls into the block.
/// world.set_transform(ball, 3.5, 0.0, 0.0).unwrap();
/// assert_eq!(world.step().unwrap(), 1);
/// assert_eq!(world.pairs(), [ball, block]); // flattened (a, b) pairs, a < b
/// assert_eq!(world.started(), [ball, block]);
/// // Per pair: the unit normal from a to b, and how far b must move along it to separate.
/// let [nx, ny, depth] = world.contacts() else { panic!("one contact") };
/// assert_eq!((*nx, *ny), (1.0, 0.0));
/// assert!((depth - 0.5).abs() < 1e-6);
///
/// // Frame 3: the block is pushed into the wall through the x column.
/// world.xs_mut()[block as usize] = 7.5;
/// world.step().unwrap();
/// assert_eq!(world.pairs(), [block, wall]);
/// assert_eq!(world.started(), [block, wall]);
/// assert_eq!(world.ended(), [ball, block]);
///
/// // A game's loop over the results: separate each pair along its normal.
/// let contacts = world.contacts().chunks_exact(3);
/// for (pair, contact) in world.pairs().chunks_exact(2).zip(contacts) {
///     let (a, b, depth) = (pair[0], pair[1], contact[2]);
///     assert!(a < b && depth >= 0.0);
/// }
/// ```
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
    /// The ids removed since the last step: their pairs end at the next step, even where
    /// the id has been issued again.
    removals: Removals,
    /// Live shapes whose layer or mask is not the default. While there are none, every
    /// pair passes the filter and the narrow phase skips loading four filter words per
    /// candidate.
    custom_filter_count: usize,
    reorder: ReorderClock,
    /// The result buffers of sweeps and batched rays.
    casts: casts::CastBuffers,
    /// The buffers of [`World::move_and_slide`].
    mover: mover::MoverScratch,
    /// The result buffers of [`World::nearest_many`].
    nearest: nearest::NearestBuffers,
    /// The lines of [`World::debug_lines`].
    debug: debug::DebugBuffers,
    /// The buffers of [`World::separate`].
    separation: separate::Separation,
    /// Which shapes moved since the last step, and the resting ones (see `resting`).
    resting: Resting,
    /// The parts of the concave shapes, by id (see `concave`).
    concaves: concave::Concaves,
    /// The segments of the chains, by id (see `chain`).
    chains: chain::Chains,
    /// The tile grids, by id, and the tile tables they read (see `tiles`).
    grids: tiles::Grids,
    tile_tables: Vec<crate::shape::tiles::TileTable>,
    /// The one-way direction of the one-way shapes, by id (see `one_way`).
    one_ways: side_table::SideTable<crate::math::Vec2>,
    /// The contact points, when the world was created with them (see `contact_points`).
    contact_points: contact_points::ContactPoints,
    /// See [`WorldOptions::max_pairs`].
    max_pairs: Option<usize>,
    /// The threaded step's state (see `threads`).
    #[cfg(feature = "threads")]
    threads: threads::Threads,
    /// The shapes changed since the last step, which queries see (see `changes`).
    changes: changes::Changes,
    /// The continuous shapes and the sensors they crossed (see `continuous`).
    continuous: continuous::Continuous,
}

/// True when a layer/mask pair can reject some pair (anything but the defaults, under
/// which every pair passes).
#[inline]
fn is_custom_filter(layer: u32, mask: u32) -> bool {
    layer != DEFAULT_LAYER || mask != DEFAULT_MASK
}

impl World {
    /// An empty world.
    #[must_use]
    pub fn new() -> World {
        World::default()
    }

    /// An empty world with `options` (see [`WorldOptions`]).
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, World, WorldOptions};
    /// let options = WorldOptions { contact_points: true, ..WorldOptions::default() };
    /// let mut world = World::with_options(options);
    /// let o = ShapeOptions::default();
    /// world.add(Shape::aligned_box(5.0, 1.0).unwrap(), 0.0, 0.0, 0.0, o).unwrap();
    /// world.add(Shape::aligned_box(1.0, 1.0).unwrap(), 0.0, 1.9, 0.0, o).unwrap();
    /// world.step().unwrap();
    /// // Face to face: two points, 0.1 deep, halfway between the surfaces (y = 0.95).
    /// let [count, _, y0, d0, _, y1, d1] = world.contact_points() else { panic!() };
    /// assert_eq!(*count, 2.0);
    /// assert!((y0 - 0.95).abs() < 1e-6 && (y1 - 0.95).abs() < 1e-6);
    /// assert!((d0 - 0.1).abs() < 1e-6 && (d1 - 0.1).abs() < 1e-6);
    /// ```
    #[must_use]
    pub fn with_options(options: WorldOptions) -> World {
        let mut world = World::default();
        world.contact_points.enabled = options.contact_points;
        world.max_pairs = options.max_pairs;
        world
    }

    /// The options the world was created with (and its limit of pairs as last set).
    #[must_use]
    pub fn options(&self) -> WorldOptions {
        WorldOptions {
            contact_points: self.contact_points.enabled,
            max_pairs: self.max_pairs,
        }
    }

    /// Sets the most pairs a step may find (`None`: no limit but memory); see
    /// [`WorldOptions::max_pairs`]. Takes effect at the next step.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, World, WorldError};
    /// let mut world = World::new();
    /// for i in 0..4 {
    ///     let circle = Shape::circle(1.0).unwrap();
    ///     world.add(circle, i as f32, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// }
    /// world.step().unwrap(); // 5 pairs: 0-1, 0-2, 1-2, 1-3, 2-3
    /// world.set_max_pairs(Some(4));
    /// let err = world.step().unwrap_err();
    /// assert_eq!(err, WorldError::TooManyPairs { pairs: 5, limit: 4 });
    /// assert_eq!(world.pairs().len(), 2 * 5); // still the last step's
    /// world.remove(3).unwrap();
    /// assert_eq!(world.step().unwrap(), 3);
    /// assert_eq!(world.ended(), [1, 3, 2, 3]);
    /// ```
    pub fn set_max_pairs(&mut self, limit: Option<usize>) {
        self.max_pairs = limit;
    }

    /// The last step's contact points, parallel to [`World::pairs`]: per pair
    /// `[count, x0, y0, d0, x1, y1, d1]` (`count` is 1 or 2, unused slots 0), each point
    /// midway between the two surfaces along the pair's normal with its own depth (see
    /// [`manifold`](crate::narrow_phase::manifold())). Empty unless the world was created
    /// with [`WorldOptions::contact_points`].
    #[must_use]
    pub fn contact_points(&self) -> &[f32] {
        &self.contact_points.published
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
        check_coordinate(|| Plain("x"), x)?;
        check_coordinate(|| Plain("y"), y)?;
        check_angle(|| Plain("angle"), angle)?;
        if self.store.live_count() >= MAX_SHAPES {
            return Err(WorldError::TooManyShapes);
        }
        if options.is_static {
            self.statics_dirty = true;
        }
        if is_custom_filter(options.layer, options.mask) {
            self.custom_filter_count += 1;
        }
        let id = self.store.insert(
            SlotInit {
                shape,
                layer: options.layer,
                mask: options.mask,
                is_static: options.is_static,
            },
            x,
            y,
            angle,
        );
        self.note_change(id);
        Ok(id)
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
        if self.store.flags[s] & FLAG_CONTINUOUS != 0 {
            self.forget_continuous(id);
        }
        self.store.remove(id);
        self.forget_side_tables(id);
        // O(1): the next step ends this id's pairs (see `events`), so that a new shape
        // reusing the id does not inherit them.
        self.removals.mark(id);
        Ok(())
    }

    /// True when `id` names a live shape.
    #[must_use]
    pub fn contains(&self, id: u32) -> bool {
        self.store.is_alive(id)
    }

    /// The generation of `id`: how many times a shape under this id has been removed,
    /// modulo 2^32, so that an id kept by a game can be told from the same id reissued.
    ///
    /// Save it with the id at [`add`](World::add); `generation(id)` equals it exactly while
    /// that shape is in the world. Removal bumps it at once, so a free id, and the next
    /// shape given that id, answer with another generation (the free id already has the
    /// one its next shape will get). An id never issued has 0. Any `u32` is accepted: a
    /// question, not an operation on a shape.
    ///
    /// The count wraps after 2^32 removals of one id (a shape removed from the same slot
    /// 60 times a second would take over two years), so a comparison can only be fooled by
    /// an id saved that many removals ago.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// let id = world.add(Shape::point(), 0.0, 0.0, 0.0, o).unwrap();
    /// let saved = world.generation(id);
    /// world.remove(id).unwrap();
    /// assert_ne!(world.generation(id), saved);
    /// assert_eq!(world.add(Shape::point(), 1.0, 1.0, 0.0, o).unwrap(), id);
    /// assert_ne!(world.generation(id), saved);
    /// ```
    #[must_use]
    pub fn generation(&self, id: u32) -> u32 {
        self.store.generation(id)
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

    /// The shape stored under `id` (for a concave polygon, its convex hull: see
    /// [`World::concave`] and [`World::parts`]; for a chain, a rectangle around its points:
    /// see [`World::chain`]).
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
        // Its pairs must be tested again, not carried.
        self.resting.filter_changed(id);
        Ok(())
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
    /// through the columns is not finite or out of range. Fails too when the pairs need
    /// more memory than the world can get ([`WorldError::OutOfMemory`]) or are more than
    /// [`World::set_max_pairs`] allows ([`WorldError::TooManyPairs`]): the results (pairs,
    /// contacts, started, ended, contact points) are then still the last successful
    /// step's, shapes removed since are still to be ended, and the next step that
    /// succeeds gives exactly what it would have given had this one not been called.
    /// Queries, which read the poses, see the transforms this step read.
    pub fn step(&mut self) -> Result<usize, WorldError> {
        #[cfg(feature = "threads")]
        if self.threads.wants_pool(self.store.slot_count()) {
            return self.step_on_pool();
        }
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
        #[cfg(feature = "threads")]
        self.threads.begin_step(self.store.slot_count());
        let statics_were_dirty = self.statics_dirty;
        (self.reserve_step_crossings()).map_err(|e| out_of_memory(e.items, e))?;
        self.update_poses()?;
        let t1 = clock();
        let [t2, t3] = match self.pair_phases(&mut clock) {
            Ok(times) => times,
            Err(e) => {
                self.forget_failed_step(statics_were_dirty);
                return Err(e);
            }
        };
        let touched_before = core::mem::take(&mut self.scratch.keys);
        self.cross_continuous(&touched_before);
        self.scratch.keys = touched_before;
        self.store.clear_fresh();
        let t4 = clock();
        let times = PhaseTimes {
            poses: t1 - t0,
            broad_phase: t2 - t1,
            narrow_phase: t3 - t2,
            output: t4 - t3,
            candidates: self.candidate_count(),
        };
        Ok((self.pairs.len() / 2, times))
    }

    /// How many candidate pairs the last step's broad phase found.
    fn candidate_count(&self) -> usize {
        #[cfg(feature = "threads")]
        return self.threads.candidate_count();
        #[cfg(not(feature = "threads"))]
        self.scratch.candidates.len()
    }

    /// Phases 2, 3 and 4 of a step, reading `clock` after the first two. Each fails only
    /// before the published results are touched.
    fn pair_phases(&mut self, clock: &mut impl FnMut() -> f64) -> Result<[f64; 2], WorldError> {
        // The pairs of the error: those the buffer had to hold, or those found, for the
        // output (whose buffers hold several items a pair).
        let no_room = |e: GrowError| out_of_memory(e.items, e);
        self.find_candidates().map_err(no_room)?;
        let t2 = clock();
        #[cfg(feature = "threads")]
        let pairs = self
            .narrow_phase_in_chunks(self.threads.grain())
            .map_err(no_room)?;
        #[cfg(not(feature = "threads"))]
        let pairs = self.narrow_phase().map_err(no_room)?;
        let t3 = clock();
        if let Some(limit) = self.max_pairs.filter(|&limit| pairs > limit) {
            return Err(WorldError::TooManyPairs { pairs, limit });
        }
        #[cfg(feature = "threads")]
        let published = self.sort_and_publish_in_chunks();
        #[cfg(not(feature = "threads"))]
        let published = self.sort_and_publish();
        published.map_err(|e| out_of_memory(pairs, e))?;
        Ok([t2, t3])
    }

    /// After a step that failed past its poses (out of memory, or over the limit of
    /// pairs): its results and the removals were not touched, but the poses, the static
    /// tree and what `resting` knows of moves went on to this step's transforms. The next
    /// step therefore tests every pair, carrying none from results that do not reflect
    /// those moves, and reads the statics again if this step did. The scratch, which may
    /// hold the most pairs of any step, is freed for the game's other needs.
    #[cold]
    fn forget_failed_step(&mut self, statics_were_dirty: bool) {
        self.resting.retest_all();
        self.statics_dirty |= statics_were_dirty;
        self.scratch = Scratch::default();
        self.grid.release_scratch();
        self.contact_points.release_scratch();
        #[cfg(feature = "threads")]
        self.threads.release_scratch();
    }

    /// Phase 2 of a step: the reorder of the rows when it is due, then the candidate
    /// pairs from the grid of awake shapes, the tree of static ones and the grid of
    /// resting ones. Fails when the candidates cannot grow.
    #[cfg_attr(feature = "threads", allow(unreachable_code))]
    fn find_candidates(&mut self) -> Result<(), GrowError> {
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
        let resting = &mut self.resting;
        resting.plan(store);
        let candidates = &mut self.scratch.candidates;
        candidates.clear();
        #[cfg(feature = "threads")]
        return self.find_candidates_in_chunks(self.threads.grain());
        let awake = resting.awake(store);
        self.grid.rebuild(awake, &store.aabbs);
        self.grid
            .overlapping_pairs(awake, &store.aabbs, candidates)?;
        // A query reports to a closure: a push that fails is kept and returned after it.
        let mut failed = None;
        if !self.statics.is_empty() {
            for &row in awake {
                self.statics.query(&store.aabbs[row as usize], |other, _| {
                    if let Err(e) = grow::push(candidates, (row, other)) {
                        failed = Some(e);
                    }
                });
                failed.map_or(Ok(()), Err)?;
            }
        }
        if resting.any_resting() {
            // Awake and moved static shapes against the resting ones; an entry whose shape
            // woke (it is in the grid now) or was removed is skipped.
            let (grid, member_ids, rests) = (&resting.grid, &resting.member_ids, &resting.rests);
            for &row in awake.iter().chain(&resting.moved_static_rows) {
                grid.query(&store.aabbs[row as usize], |k, _| {
                    let id = member_ids[k as usize];
                    if rests[id as usize] {
                        let pair = (row, store.id_to_row[id as usize]);
                        if let Err(e) = grow::push(candidates, pair) {
                            failed = Some(e);
                        }
                    }
                });
                failed.map_or(Ok(()), Err)?;
            }
        }
        Ok(())
    }
}
