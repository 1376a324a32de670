//! Casts into the world: where a shape moving in a straight line first touches another
//! ([`World::cast_shape`]), the same for many of the world's own shapes at once
//! ([`World::sweep`], the bullets case), and many rays at once ([`World::raycast_many`]).
//!
//! Each is the exact pairwise cast of [`crate::cast`] (or the ray cast of
//! [`crate::raycast`]) run over the broad phase's candidates, keeping the closest hit,
//! ties going to the smaller id. No shape is ever tested unless its box meets the path.
//!
//! ## The broad-phase query: the path in chunks
//!
//! The candidates of a cast are the shapes whose boxes meet the box *swept* by the moving
//! shape: the union of its box at the start and at the end (a translation sweeps its box
//! along the path, so that union contains every placement). For a short or axis-aligned
//! motion that box is about the shape's size. For a long diagonal one it is not: a bullet
//! moving 50 units diagonally sweeps a 35 × 35 box, ~1,250 square units, of which its path
//! covers a thin strip; a ray with no distance limit sweeps a box as big as the world, and
//! the grid then scans a whole level. Each shape in that box costs an exact cast.
//!
//! So the path is cut into **chunks**, queried in order, each with the union of the moving
//! box at its two ends. The first chunk is half a base cell of the grid long (or the moving
//! box's size, if larger), and each next one twice as long as the one before, up to four
//! base cells (or twice the box's size), after which they stay that long; a diagonal path
//! of length `L` in chunks of length `c` queries about `L × c` square units instead of
//! `L² / 2`. The walk **stops** at the first chunk that ends after the best hit found so
//! far (a hit at `t` touches the moving shape placed at `t`, which lies in the chunk that
//! contains `t`, so no later chunk can hold a closer hit). Most casts a game makes hit
//! early (a bullet in a crowded level meets something within a few shape sizes, and a
//! shape that starts touching something hits at `t = 0`), so the small first chunks
//! decide most casts after a query of one or two cells: on the standard world, 10,000
//! bullets moving 50 units cost about half what equal chunks of four cells did (see
//! `bench-js/casts.mjs`). A shape whose box meets two chunks is cast twice: the answer is
//! the same, the cost one more exact test. A path longer than [`MAX_CHUNKS`] chunks of the
//! longest length is queried as one box (a hostile or
//! unbounded motion: one scan of the grid's levels, never more). Walking the grid's cells
//! along the path (a DDA) would cut the area down to the path's own strip, but the grid is
//! hierarchical and hashed, and a cell walk per level costs more code and wasm than these
//! chunks, which reach most of the gain on the paths games cast (a few cells to a few dozen).
//!
//! Within a chunk, each candidate's box is first met by the moving *box* along the path (a
//! slab test in `f64`, a few operations): a candidate whose box that path misses (half of a
//! diagonal chunk's area lies off it), or enters only after the best hit found so far, is
//! skipped without the exact cast, which costs some hundred times more. The test runs on
//! the box the broad phase hands over with the entry (`World::query_rows`), before
//! anything else is read about the shape: in a crowded world most entries of a chunk's
//! cells are off the path (and a third of the standard world's are the bullets
//! themselves, on another layer), and looking each up (its id, liveness, layer) would
//! touch memory the test does not need. The candidates that pass are then cast against
//! in the order the path enters their boxes (up to `SORTED_CANDIDATES` a chunk; any
//! more as they come): a cast usually hits the first shape it enters, and then every box
//! entered after that hit is skipped. Neither changes the answer, only how much is cast
//! to find it.
//!
//! Chunk boxes (and the slab test's boxes) are padded by four `f32` roundings of the
//! coordinates involved, so that rounding can never drop a shape that the exact cast
//! touches.
//!
//! What remains per cast is about one box query of the grid (the cost of a
//! [`World::query_aabb`] of the swept box) plus one exact cast per shape that the moving
//! box's path meets before the first hit.
//!
//! ## Poses
//!
//! Like every query, casts see the world **as it is**: shapes added, moved or removed since
//! the last step through the setters are where they were put (see `changes`; writes
//! through the columns after [`World::refresh`]). The moving shape of a [`World::sweep`]
//! starts from its written transform. Each listed shape is swept on its own, against the
//! others where they are: a sweep moves nothing, so the results do not depend on the order
//! of the list.
//!
//! ## Results
//!
//! [`World::sweep`] and [`World::raycast_many`] write one result per item into buffers the
//! world owns and reuses ([`CastResults`], read with [`World::cast_results`]); they only
//! grow, so a steady-state call allocates nothing. A failed call writes nothing: the whole
//! batch is checked before anything is cast.
//!
//! This module finds candidates and keeps the closest hit; the geometry is `cast`'s and
//! `raycast`'s.

use super::errors::ArgName::{Element, OfShape, Plain};
use super::errors::{check_angle, check_coordinate, check_max_distance};
use super::pieces::{cast_pieces, pieces_or, Pieces};
use super::sensor_index::SensorMotion;
use super::sensors::Crossings;
use super::{QueryFilter, World, WorldError, MAX_COORDINATE, NO_CELL};
use crate::cast::{cast_shape_with_points, CastHit};
use crate::math::{Aabb, Transform, Vec2};
use crate::raycast::RayHit;
use crate::shape::Shape;
use crate::store::ShapeStore;

mod path;
use path::{Path, PathBox};

/// The closest hit of a shape cast into the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldCastHit {
    /// The shape hit.
    pub id: u32,
    /// When, where and how it was hit: the fraction `t` of the motion, the contact point,
    /// and the hit shape's surface normal pointing towards the moving shape (see
    /// [`CastHit`]).
    pub hit: CastHit,
    /// The cell hit, on a tile grid (`row × cols + col`); [`NO_CELL`] for other shapes.
    pub cell: u32,
}

/// The most chunks a cast's path is cut into (see the module docs).
pub const MAX_CHUNKS: u32 = 64;

/// The longest motion a shape cast tests: `8 ×` [`MAX_COORDINATE`]. A shape placed within
/// the coordinate range meets any other (both at most [`MAX_SHAPE_SIZE`] across) within
/// less than `7 ×` [`MAX_COORDINATE`] of travel (centres `2√2 ×` apart, each shape reaching
/// at most `2 ×` [`MAX_SHAPE_SIZE`] from its position), so a longer motion is cut to this length
/// and its `t` scaled back (exact to two `f32` roundings instead of one).
///
/// [`MAX_SHAPE_SIZE`]: crate::shape::MAX_SHAPE_SIZE
pub const CAST_REACH: f32 = 8.0 * MAX_COORDINATE;

/// The result buffers of [`World::sweep`] and [`World::raycast_many`], reused by every
/// call. Each holds one entry (or pair) per item of the last call in its first `count`
/// places; beyond that, stale values of earlier, longer calls.
#[derive(Clone, Debug, Default)]
pub(super) struct CastBuffers {
    /// `t` (sweep) or distance (rays) of each item.
    pub(super) ts: Vec<f32>,
    /// The hit id of each item, or `u32::MAX`.
    hit_ids: Vec<u32>,
    /// `nx, ny` of each item.
    normals: Vec<f32>,
    /// `x, y` of each item.
    points: Vec<f32>,
    /// The cell hit of each item, or [`NO_CELL`].
    cells: Vec<u32>,
    /// Bumped whenever a buffer grows (and may move), so that views over them rebuild.
    version: u32,
    /// The sensors each item of the last sweep crossed (`sensors.rs`), and the item of
    /// each.
    pub(super) crossings: Crossings,
    pub(super) crossing_items: Vec<u32>,
}

impl CastBuffers {
    /// Makes room for `count` results; grows only.
    fn reserve(&mut self, count: usize) {
        if self.ts.len() < count {
            self.ts.resize(count, 0.0);
            self.hit_ids.resize(count, u32::MAX);
            self.normals.resize(2 * count, 0.0);
            self.points.resize(2 * count, 0.0);
            self.cells.resize(count, NO_CELL);
            self.version = self.version.wrapping_add(1);
        }
    }

    // Always inlined, as it was before it took the cell: out of line, its call costs more than
    // its stores in a sweep of 10,000 bullets.
    #[inline(always)]
    fn write(&mut self, i: usize, (t, id, cell): (f32, u32, u32), normal: Vec2, point: Vec2) {
        self.ts[i] = t;
        self.cells[i] = cell;
        self.hit_ids[i] = id;
        self.normals[2 * i] = normal.x;
        self.normals[2 * i + 1] = normal.y;
        self.points[2 * i] = point.x;
        self.points[2 * i + 1] = point.y;
    }
}

/// The results of the last [`World::sweep`] or [`World::raycast_many`], parallel to its
/// items: item `i` is `t[i]`, `ids[i]`, `normals[2i..2i + 2]`, `points[2i..2i + 2]`. The
/// slices are as long as the longest call so far; only the first `count` items (the call's
/// return value) belong to the last call.
#[derive(Clone, Copy, Debug)]
pub struct CastResults<'a> {
    /// [`World::sweep`]: the fraction of its motion each shape can travel before its first
    /// hit (1 when nothing is hit, 0 when it starts touching something).
    /// [`World::raycast_many`]: the distance along each ray to its first hit (the ray's
    /// reach when nothing is hit).
    pub t: &'a [f32],
    /// The id of the shape hit, or `u32::MAX` (`0xFFFFFFFF`) when nothing is.
    pub ids: &'a [u32],
    /// The hit shape's unit surface normal, `nx, ny` per item: towards the moving shape
    /// (sweep) or facing the ray. `0, 0` when nothing is hit.
    pub normals: &'a [f32],
    /// The contact point `x, y` per item. When nothing is hit: the moving shape's position
    /// at the end of its motion (sweep), the ray's end (rays).
    pub points: &'a [f32],
    /// The cell hit on a tile grid (`row × cols + col`), or [`NO_CELL`] (`0xFFFFFFFF`)
    /// when the hit shape is not a grid or nothing is hit.
    pub cells: &'a [u32],
}

/// How many items a sweep has at least for their crossings to be found through the
/// sensors' own trees (`sensor_index`), whose listing costs a pass over the shapes.
const SENSOR_INDEX_BATCH: usize = 16;

/// How many candidates of one chunk a cast sorts by their box entry before casting
/// against them; a chunk with more casts the rest as they come (the answer is the same,
/// only less is skipped). The chunks of the standard world's bullets hold one or two.
const SORTED_CANDIDATES: usize = 16;

/// True when `a` (t, id) is a closer hit than `b`: smaller t, ties to the smaller id.
#[inline]
fn closer(t: f32, id: u32, best: Option<(f32, u32)>) -> bool {
    match best {
        None => true,
        Some((bt, bid)) => t < bt || (t == bt && id < bid),
    }
}

/// A polygon's row-ordered points in the store (empty for other kinds).
pub(super) fn row_points(store: &ShapeStore, row: usize) -> &[Vec2] {
    let (start, len) = store.point_spans[row];
    &store.polygon_points[start as usize..(start + len) as usize]
}

/// `direction` as a unit vector, or `None` when it is zero (or too small to normalise).
fn unit_direction(direction: Vec2) -> Option<Vec2> {
    // Scaled by its largest component first, as `raycast` does: the squared length of
    // (3e38, 3e38) overflows and that of (1e-30, 0) underflows.
    let scale = direction.x.abs().max(direction.y.abs());
    let unit = Vec2::new(direction.x / scale, direction.y / scale).normalize_or_zero();
    (unit != Vec2::ZERO).then_some(unit)
}

/// The moving shape of a cast, with its points and pose.
pub(super) struct Mover<'a> {
    pub(super) shape: &'a Shape,
    pub(super) points: &'a [Vec2],
    pub(super) pose: Transform,
    /// The parts or segments, when the moving shape is a concave polygon or a chain.
    pub(super) compound: Option<Pieces<'a>>,
}

impl World {
    /// The path of `moving_box` moved by `delta`, in chunks: the first half a base cell of
    /// the grid long (or the moving box's size), doubling up to four base cells (or twice
    /// the box).
    fn path(&self, moving_box: Aabb, delta: Vec2) -> Path {
        let e = moving_box.extents();
        let (cell, size) = (self.grid.base_cell(), e.x.max(e.y));
        Path::new(
            moving_box,
            delta,
            (0.5 * cell).max(size),
            (4.0 * cell).max(2.0 * size),
        )
    }

    /// The closest hit of `mover` moved by `delta` among the shapes that `accepts` (by id),
    /// over the broad phase (see the module docs), with `delta` cut
    /// to [`CAST_REACH`].
    pub(super) fn cast_mover(
        &self,
        mover: &Mover<'_>,
        delta: Vec2,
        accepts: &dyn Fn(u32) -> bool,
    ) -> Option<WorldCastHit> {
        // A motion longer than any first contact can be is cut to that length, and `t`
        // scaled back at the end: the exact cast's `f64` slack grows with the motion's
        // length (see `crate::cast`), and at 1e38 it would swallow the world.
        // In `f64` the squares of `f32` values neither overflow nor underflow to zero (and
        // `hypot` would link a libm routine into the wasm).
        let (dx, dy) = (delta.x as f64, delta.y as f64);
        let length = (dx * dx + dy * dy).sqrt();
        let ratio = if length > CAST_REACH as f64 {
            CAST_REACH as f64 / length
        } else {
            1.0
        };
        let delta = Vec2::new(
            (delta.x as f64 * ratio) as f32,
            (delta.y as f64 * ratio) as f32,
        );
        let start = mover.shape.aabb(&mover.pose);
        let path = self.path(start, delta);
        let path_box = PathBox::new(start.center(), start.extents() * 0.5, delta, path.pad);
        // Read once: while no shape is one-way, no cast asks about it.
        let one_ways = self.one_ways.count() > 0;
        // The cell of the last hit on a grid's segment, kept beside the hit so that the cast of
        // a convex pair, nearly every cast, returns what it did before grids existed.
        let hit_cell = core::cell::Cell::new(NO_CELL);
        let cast = |id: u32, row: usize| {
            self.cast_on(mover, delta, (id, row), one_ways)
                .map(|(hit, cell)| {
                    hit_cell.set(cell);
                    hit
                })
        };
        let keep = |best: &mut Option<WorldCastHit>, id: u32, hit: Option<CastHit>| {
            if let Some(hit) = hit {
                let cell = hit_cell.replace(NO_CELL);
                if closer(hit.t, id, best.map(|b| (b.hit.t, b.id))) {
                    *best = Some(WorldCastHit { id, hit, cell });
                }
            }
        };
        // A shape entered after the best hit so far cannot beat it (ties still can: `>`
        // keeps them).
        let beaten =
            |best: &Option<WorldCastHit>, enter: f64| best.is_some_and(|b| enter > b.hit.t as f64);
        let mut best: Option<WorldCastHit> = None;
        for (query, t_end) in path.chunks() {
            // The chunk's box holds the whole chunk; the moving box's own path is thinner (a
            // diagonal covers half of it), so it is tested first, on the box the broad
            // phase hands over, and only the boxes it meets are looked up. Those are cast
            // against in the order the path enters their boxes: the first hit then skips
            // the boxes entered after it (in a crowded world most casts hit the first
            // shape they enter).
            let mut sorted = [(0.0f64, 0u32, 0u32); SORTED_CANDIDATES];
            let mut count = 0;
            self.query_rows(&query, &mut |row, aabb| {
                let Some(enter) = path_box.entry(aabb) else {
                    return;
                };
                if beaten(&best, enter) {
                    return;
                }
                let Some(id) = self.live_id(row) else {
                    return;
                };
                if !accepts(id) {
                    return;
                }
                if count < SORTED_CANDIDATES {
                    // Insertion by entry, ties by id (the order `closer` breaks them in).
                    let mut k = count;
                    while k > 0 && (sorted[k - 1].0, sorted[k - 1].1) > (enter, id) {
                        sorted[k] = sorted[k - 1];
                        k -= 1;
                    }
                    sorted[k] = (enter, id, row);
                    count += 1;
                } else {
                    keep(&mut best, id, cast(id, row as usize));
                }
            });
            for &(enter, id, row) in &sorted[..count] {
                if beaten(&best, enter) {
                    break;
                }
                keep(&mut best, id, cast(id, row as usize));
            }
            if best.is_some_and(|b| b.hit.t < t_end) {
                break;
            }
        }
        if ratio < 1.0 {
            if let Some(b) = best.as_mut() {
                b.hit.t = (b.hit.t as f64 * ratio) as f32;
            }
        }
        best
    }

    /// The hit of `mover` moved by `delta` (within [`CAST_REACH`]) on the shape `id` in
    /// `row`, and the cell hit on a tile grid ([`NO_CELL`] for other shapes): the exact cast
    /// of each pair of kinds, through the pieces of a concave polygon, a chain or a grid, and
    /// a one-way shape's rule (looked up only while `one_ways`, some shape being one-way).
    pub(super) fn cast_on(
        &self,
        mover: &Mover<'_>,
        delta: Vec2,
        (id, row): (u32, usize),
        one_ways: bool,
    ) -> Option<(CastHit, u32)> {
        let store = &self.store;
        let body = &store.bodies[row];
        let target = self.compound(id);
        let one_way = one_ways && self.one_ways.get(id).is_some();
        if mover.compound.is_none() && target.is_none() && !one_way {
            cast_shape_with_points(
                mover.shape,
                mover.points,
                &mover.pose,
                delta,
                &body.shape,
                row_points(store, row),
                &body.pose,
                0.0,
            )
            .map(|hit| (hit, NO_CELL))
        } else {
            cast_pieces(
                pieces_or(mover.compound, mover.shape, mover.points),
                &mover.pose,
                delta,
                pieces_or(target, &body.shape, row_points(store, row)),
                &body.pose,
                0.0,
                self.one_way_rule(id, mover.pose.translation, mover.shape.bounding_radius()),
            )
        }
    }

    /// The closest hit of the ray `origin + unit × s`, `0 <= s <= reach`, among the
    /// shapes `filter` accepts, over the broad phase in chunks.
    pub(super) fn ray_closest(
        &self,
        origin: Vec2,
        unit: Vec2,
        reach: f32,
        filter: &QueryFilter,
    ) -> Option<(u32, RayHit, u32)> {
        let start = Aabb::new(origin, origin);
        let delta = unit * reach;
        let path = self.path(start, delta);
        let path_box = PathBox::new(origin, Vec2::ZERO, delta, path.pad);
        let mut best: Option<(u32, RayHit, u32)> = None;
        for (query, t_end) in path.chunks() {
            self.query_rows(&query, &mut |row, aabb| {
                // As for shape casts: skip boxes the ray misses or enters after the best hit,
                // before looking the shape up.
                match path_box.entry(aabb) {
                    Some(enter)
                        if best.map_or(true, |(_, b, _)| {
                            enter * reach as f64 <= b.distance as f64
                        }) => {}
                    _ => return,
                }
                let Some(id) = self.live_id(row) else {
                    return;
                };
                if !self.blocks(id, filter) {
                    return;
                }
                let body = &self.store.bodies[row as usize];
                if let Some((hit, cell)) = self.body_raycast(id, body, origin, unit, reach) {
                    if closer(hit.distance, id, best.map(|(bid, b, _)| (b.distance, bid))) {
                        best = Some((id, hit, cell));
                    }
                }
            });
            if best.is_some_and(|(_, b, _)| b.distance < t_end * reach) {
                break;
            }
        }
        best
    }

    /// The closest shape (that `filter` accepts: a layer mask or a [`QueryFilter`]) that
    /// `shape`, placed at `(x, y, angle)`
    /// and moved by `delta`, touches first: the fraction `t` of `delta` at first contact,
    /// the contact point, and the hit shape's surface normal pointing towards the moving
    /// shape. Ties go to the smaller id. The probe is not added to the world; the world is
    /// seen as it is (see the module docs).
    ///
    /// A cast that starts touching a shape reports it at `t = 0` (with the
    /// minimum-translation normal); a zero `delta` therefore hits only what the shape
    /// already touches. Any finite `delta` is accepted; one longer than [`CAST_REACH`] is
    /// cut to that length (nothing lies further) and its `t` scaled back.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let wall = world
    ///     .add(Shape::aligned_box(1.0, 5.0).unwrap(), 6.0, 0.0, 0.0, ShapeOptions::default())
    ///     .unwrap();
    /// world.step().unwrap();
    /// let ball = Shape::circle(0.5).unwrap();
    /// let hit = world
    ///     .cast_shape(&ball, 0.0, 0.0, 0.0, Vec2::new(10.0, 0.0), u32::MAX)
    ///     .unwrap()
    ///     .unwrap();
    /// assert_eq!(hit.id, wall);
    /// assert_eq!(hit.hit.t, 0.45); // the ball's edge reaches x = 5 after 4.5 units
    /// assert_eq!(hit.hit.normal, Vec2::new(-1.0, 0.0));
    /// ```
    pub fn cast_shape(
        &mut self,
        shape: &Shape,
        x: f32,
        y: f32,
        angle: f32,
        delta: Vec2,
        filter: impl Into<QueryFilter>,
    ) -> Result<Option<WorldCastHit>, WorldError> {
        let filter = filter.into();
        shape.validate()?;
        check_coordinate(|| Plain("x"), x)?;
        check_coordinate(|| Plain("y"), y)?;
        check_angle(|| Plain("angle"), angle)?;
        check_angle(|| Plain("dx"), delta.x)?;
        check_angle(|| Plain("dy"), delta.y)?;
        self.see_changes();
        let mover = Mover {
            shape,
            points: shape.polygon_points(),
            pose: Transform::from_xy_angle(x, y, angle),
            compound: None,
        };
        Ok(self.cast_mover(&mover, delta, &|id| self.blocks(id, &filter)))
    }

    /// Sweeps each shape of `ids` along its own motion `dxy[2i], dxy[2i + 1]` and returns
    /// how many results it wrote (`ids.len()`): for each, how far it can move before it
    /// first touches another shape, read with [`World::cast_results`].
    ///
    /// Each shape starts at its **current transform** (as written by the game, possibly
    /// since the last step) and is cast against the others where they are (see the module
    /// docs), ignoring itself. A shape is hit only when the pair passes the
    /// step's filter (`(layer_a & mask_b) != 0 && (layer_b & mask_a) != 0`) and the hit
    /// shape passes `filter`. Per item: `t` in `[0, 1]` (1 when nothing is hit, 0
    /// when it starts touching something), the hit id or `u32::MAX`, the normal (towards
    /// the moving shape; `0, 0` on a miss) and the contact point (on a miss, the shape's
    /// position moved by its whole motion). Ties go to the smaller id. Moving a shape to
    /// `t` leaves it touching what it hit; see [`CastHit::safe_fraction`] to stop short.
    ///
    /// Errors, before anything is written: `dxy` not `2 × ids.len()` long
    /// ([`WorldError::LengthMismatch`]), an id that is not live ([`WorldError::UnknownId`]
    /// naming `ids`), a shape whose written transform is not finite or out of range (named
    /// as the step names it), a motion that is not finite ([`WorldError::NonFinite`] naming
    /// `dxy[i]`). Any finite motion is accepted (see [`World::cast_shape`]).
    pub fn sweep(
        &mut self,
        ids: &[u32],
        dxy: &[f32],
        filter: impl Into<QueryFilter>,
    ) -> Result<usize, WorldError> {
        let filter = filter.into();
        if dxy.len() != 2 * ids.len() {
            return Err(WorldError::LengthMismatch {
                arg: "dxy",
                expected: 2 * ids.len(),
                actual: dxy.len(),
            });
        }
        let store = &self.store;
        for (i, (&id, d)) in ids.iter().zip(dxy.chunks_exact(2)).enumerate() {
            self.check_id("ids", id)?;
            self.check_not_grid("ids", id)?;
            let s = id as usize;
            check_coordinate(|| OfShape("x", id), store.xs[s])?;
            check_coordinate(|| OfShape("y", id), store.ys[s])?;
            check_angle(|| OfShape("angle", id), store.angles[s])?;
            check_angle(|| Element("dxy", 2 * i), d[0])?;
            check_angle(|| Element("dxy", 2 * i + 1), d[1])?;
        }
        self.see_changes();
        // Many motions at once look the sensors they cross up in trees of the sensors
        // alone (see `sensor_index`); a few walk the broad phase.
        let indexed = self.store.sensors_seen && ids.len() >= SENSOR_INDEX_BATCH;
        let mut index = core::mem::take(&mut self.continuous.index);
        if indexed {
            if let Err(e) = index.list(&self.store, self.statics_dirty) {
                self.continuous.index = index;
                return Err(super::out_of_memory(e.items, e));
            }
            index.build(&self.store);
        }
        let store = &self.store;
        let mut out = core::mem::take(&mut self.casts);
        out.reserve(ids.len());
        out.crossings.clear();
        out.crossing_items.clear();
        for (i, (&id, d)) in ids.iter().zip(dxy.chunks_exact(2)).enumerate() {
            let (s, row) = (id as usize, store.row(id));
            let delta = Vec2::new(d[0], d[1]);
            let pose = Transform::from_xy_angle(store.xs[s], store.ys[s], store.angles[s]);
            let mover = Mover {
                shape: &store.bodies[row].shape,
                points: row_points(store, row),
                pose,
                compound: self.compound(id),
            };
            let accepts = |other: u32| {
                other != id && self.blocks(other, &filter) && store.filters_pass(id, other)
            };
            match self.cast_mover(&mover, delta, &accepts) {
                Some(WorldCastHit {
                    id: hit_id,
                    hit,
                    cell,
                }) => {
                    out.write(i, (hit.t, hit_id, cell), hit.normal, hit.point);
                }
                None => {
                    let end = pose.translation + delta;
                    out.write(i, (1.0, u32::MAX, NO_CELL), Vec2::ZERO, end);
                }
            }
            if indexed && delta.length() <= CAST_REACH {
                let motion = SensorMotion {
                    id,
                    from: pose,
                    delta,
                    reach: out.ts[i],
                    mask: filter.mask,
                    left_out: &[],
                    between_steps: true,
                };
                self.sensors_entered(&motion, &mut index);
                for &(t, sensor) in index.hits() {
                    out.crossings.ids.push(sensor);
                    out.crossings.ts.push(t);
                    out.crossing_items.push(i as u32);
                }
            } else if store.sensors_seen {
                self.cross_before_hit(i, id, pose, delta, filter.mask, &mut out);
            }
        }
        self.casts = out;
        self.continuous.index = index;
        Ok(ids.len())
    }

    /// Casts every ray of `rays` (`x, y, dx, dy` each; the direction need not be unit
    /// length) up to `max_distance` and returns how many results it wrote (one per ray),
    /// read with [`World::cast_results`]: the closest hit of each, exactly as
    /// [`World::raycast`] would report it. `t` holds the **distance** along the ray (as
    /// `raycast`'s `distance`; on a miss, the ray's reach: `max_distance`, clipped to
    /// `4 ×` [`MAX_COORDINATE`] like `raycast`), then the hit id or `u32::MAX`, the normal
    /// facing the ray (`0, 0` on a miss) and the hit point (on a miss, the ray's end).
    ///
    /// Errors, before anything is written: a length that is not a multiple of 4
    /// ([`WorldError::LengthMismatch`] naming `rays`), an origin that is not finite or out
    /// of range, a direction that is not finite ([`WorldError::NonFinite`]) or zero
    /// ([`WorldError::ZeroLength`]), each naming the element (`rays[6]`), and a NaN or
    /// negative `max_distance`.
    ///
    /// A ray with no distance limit that hits nothing queries the world's whole extent
    /// once; give AI sight lines a `max_distance`.
    pub fn raycast_many(
        &mut self,
        rays: &[f32],
        max_distance: f32,
        filter: impl Into<QueryFilter>,
    ) -> Result<usize, WorldError> {
        let filter = filter.into();
        if rays.len() % 4 != 0 {
            return Err(WorldError::LengthMismatch {
                arg: "rays",
                expected: rays.len().next_multiple_of(4),
                actual: rays.len(),
            });
        }
        for (i, r) in rays.chunks_exact(4).enumerate() {
            let at = 4 * i;
            check_coordinate(|| Element("rays", at), r[0])?;
            check_coordinate(|| Element("rays", at + 1), r[1])?;
            check_angle(|| Element("rays", at + 2), r[2])?;
            check_angle(|| Element("rays", at + 3), r[3])?;
            if unit_direction(Vec2::new(r[2], r[3])).is_none() {
                return Err(WorldError::ZeroLength {
                    arg: format!("rays[{}], rays[{}]", at + 2, at + 3),
                });
            }
        }
        check_max_distance(max_distance)?;
        let reach = max_distance.min(4.0 * MAX_COORDINATE);
        self.see_changes();
        let count = rays.len() / 4;
        let mut out = core::mem::take(&mut self.casts);
        out.reserve(count);
        for (i, r) in rays.chunks_exact(4).enumerate() {
            let origin = Vec2::new(r[0], r[1]);
            // Checked above: never zero here.
            let unit = unit_direction(Vec2::new(r[2], r[3])).unwrap_or(Vec2::new(1.0, 0.0));
            match self.ray_closest(origin, unit, reach, &filter) {
                Some((id, hit, cell)) => {
                    out.write(i, (hit.distance, id, cell), hit.normal, hit.point);
                }
                None => {
                    let end = origin + unit * reach;
                    out.write(i, (reach, u32::MAX, NO_CELL), Vec2::ZERO, end);
                }
            }
        }
        self.casts = out;
        Ok(count)
    }

    /// The results of the last [`World::sweep`] or [`World::raycast_many`] (see
    /// [`CastResults`]); the first `count` items (the call's return value) are its own.
    #[must_use]
    pub fn cast_results(&self) -> CastResults<'_> {
        let c = &self.casts;
        CastResults {
            t: &c.ts,
            ids: &c.hit_ids,
            normals: &c.normals,
            points: &c.points,
            cells: &c.cells,
        }
    }

    /// Addresses of the [`CastResults`] buffers (`t`, `ids`, `normals`, `points`,
    /// `cells`), for zero-copy views from JavaScript: valid until
    /// [`World::cast_results_version`] changes.
    #[must_use]
    pub fn cast_result_addresses(&self) -> [usize; 5] {
        let c = &self.casts;
        [
            c.ts.as_ptr() as usize,
            c.hit_ids.as_ptr() as usize,
            c.normals.as_ptr() as usize,
            c.points.as_ptr() as usize,
            c.cells.as_ptr() as usize,
        ]
    }

    /// Changes whenever the [`CastResults`] buffers grow (and may move), kept below 2^30
    /// like [`World::layout_version`].
    #[must_use]
    pub fn cast_results_version(&self) -> u32 {
        self.casts.version & 0x3FFF_FFFF
    }
}
