//! The nearest shapes to a point: [`World::closest_point`], the `k` nearest
//! ([`World::nearest`]) and the same for many points at once ([`World::nearest_many`], the
//! game AI's batch: every agent's nearest enemy in one call).
//!
//! ## The walk: rings of the broad phase
//!
//! A query box centred on the point grows by doubling, from one base cell of the grid (a
//! couple of shape sizes). Each round asks the broad phase (grid, static tree, resting
//! grid) for the boxes that meet it, skips those that met the round before (measured
//! already), and measures the rest exactly ([`World::point_gap`], `distance.rs`), unless
//! the gap to its box alone is more than the `k`-th distance found so far or the
//! `max_distance`. A shape whose box misses a query box of half side `r` is more than
//! `r` away, so the walk **stops** once it holds `k` shapes and the `k`-th is within `r`,
//! once `r` reaches `max_distance`, or once the query box holds every box the broad phase
//! has. Shapes near the point are found in the first round or two; a point far from
//! everything costs a round per doubling of the distance to its nearest shape, each round
//! a box query (which scans a level's entries once the box covers more cells than there
//! are entries). Ties go to the smaller id; the search keeps at most `k` candidates in
//! order, so a steady-state call allocates nothing.
//!
//! Like every query, the walk sees the world as it is: shapes moved or added since the last
//! step where they are now (see `changes.rs`).
//!
//! ## Batches
//!
//! [`World::nearest_many`] runs the walk for each point and writes `k` results per point
//! into buffers the world owns and reuses (read with [`World::nearest_results`]), padded
//! with `u32::MAX`, infinity and NaN where fewer than `k` shapes qualify. One call from
//! JavaScript for every agent saves a crossing and a result array per agent, and the batch
//! walks its points in Z order over their bounding box (a sort of the points, written back
//! in their own order): consecutive walks then read the same cells of the broad phase,
//! where points given in any order (agents by id) would each read memory the last did not.

use super::distance::box_gap;
use super::errors::{check_coordinate, check_max_distance, ArgName::Element, ArgName::Plain};
use super::{QueryFilter, World, WorldError};
use crate::math::{Aabb, Vec2};
use crate::sort::heap_sort_by_key;

/// The most shapes one nearest query may ask for.
pub const MAX_NEAREST: usize = 1024;

/// One of the shapes nearest to a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Nearest {
    /// The shape.
    pub id: u32,
    /// Its distance from the point: 0 when the point is inside it (touches it, as
    /// [`World::query_point`] says).
    pub distance: f32,
    /// Its point nearest to the query point (the query point itself when inside).
    pub point: Vec2,
}

/// A result slot that holds no shape.
const NO_SHAPE: Nearest = Nearest {
    id: u32::MAX,
    distance: f32::INFINITY,
    point: Vec2::new(f32::NAN, f32::NAN),
};

/// The result buffers of [`World::nearest_many`], reused by every call.
#[derive(Clone, Debug, Default)]
pub(super) struct NearestBuffers {
    ids: Vec<u32>,
    distances: Vec<f32>,
    points: Vec<f32>,
    /// One point's candidates while it is walked.
    scratch: Vec<Nearest>,
    /// The points in the order they are walked: a Z-order key above each index.
    order: Vec<u64>,
    /// Bumped whenever a buffer grows (and may move), so that views over them rebuild.
    version: u32,
}

/// The results of the last [`World::nearest_many`]: `k` per query point, point `i`'s
/// `j`-th nearest at `i × k + j` (`points` two numbers each), nearest first. Slots past
/// the shapes found hold `u32::MAX`, infinity and NaN. The slices are as long as the
/// longest call so far.
#[derive(Clone, Copy, Debug)]
pub struct NearestResults<'a> {
    /// The ids.
    pub ids: &'a [u32],
    /// Their distances.
    pub distances: &'a [f32],
    /// Their points nearest to the query point, `x, y` each.
    pub points: &'a [f32],
}

/// Puts `item` among the `found` best of `best` (kept sorted by distance, then id), if it
/// is better than the last of a full list.
fn keep(best: &mut [Nearest], found: &mut usize, item: Nearest) {
    let k = best.len();
    let before = |a: &Nearest, b: &Nearest| {
        a.distance < b.distance || (a.distance == b.distance && a.id < b.id)
    };
    if *found == k && !before(&item, &best[k - 1]) {
        return;
    }
    let mut at = (*found).min(k - 1);
    while at > 0 && before(&item, &best[at - 1]) {
        best[at] = best[at - 1];
        at -= 1;
    }
    best[at] = item;
    *found = (*found + 1).min(k);
}

/// The number of nearest shapes asked for, checked.
fn check_k(k: usize) -> Result<(), WorldError> {
    if (1..=MAX_NEAREST).contains(&k) {
        Ok(())
    } else {
        Err(WorldError::InvalidValue {
            arg: "k",
            expected: "an integer from 1 to 1024",
            value: k as f32,
        })
    }
}

impl World {
    /// The box around every entry of the broad phase, or `None` when it has none.
    fn entry_bounds(&self) -> Option<Aabb> {
        let resting = self
            .resting
            .any_resting()
            .then(|| self.resting.grid.bounds());
        [self.grid.bounds(), self.statics.bounds(), resting.flatten()]
            .into_iter()
            .flatten()
            .reduce(|a, b| a.union(&b))
    }

    /// Fills `best` with the shapes `filter` accepts nearest to `point` within
    /// `max_distance`, nearest first (see the module docs); returns how many it found.
    #[inline(never)]
    fn nearest_walk(
        &self,
        point: Vec2,
        filter: &QueryFilter,
        max_distance: f32,
        best: &mut [Nearest],
    ) -> usize {
        best.fill(NO_SHAPE);
        let (k, mut found) = (best.len(), 0);
        let Some(everything) = self.entry_bounds() else {
            return 0;
        };
        let spot = Aabb::new(point, point);
        let extent = everything.extents();
        let mut r = match self.grid.base_cell() {
            base if base > 0.0 => base,
            _ => extent.x.max(extent.y) / 64.0,
        }
        .min(max_distance)
        .max(f32::MIN_POSITIVE);
        let mut seen: Option<Aabb> = None;
        loop {
            let query = Aabb::from_center_half_extents(point, Vec2::new(r, r));
            self.query_rows(&query, &mut |row, aabb| {
                if seen.is_some_and(|s| aabb.overlaps(&s)) {
                    return;
                }
                let limit = if found == k {
                    best[k - 1].distance
                } else {
                    max_distance
                };
                // A box gap a few roundings over the limit may still hold a tie.
                if box_gap(aabb, &spot) * (1.0 - 4.0 * f32::EPSILON) > limit {
                    return;
                }
                let Some(id) = self.live_id(row) else {
                    return;
                };
                if !self.accepts(id, filter) {
                    return;
                }
                if let Some((distance, nearest)) = self.point_gap(id, point, limit) {
                    let item = Nearest {
                        id,
                        distance,
                        point: nearest,
                    };
                    keep(best, &mut found, item);
                }
            });
            let settled = found == k && best[k - 1].distance <= r;
            let all = query.min.x <= everything.min.x
                && query.min.y <= everything.min.y
                && query.max.x >= everything.max.x
                && query.max.y >= everything.max.y;
            if settled || all || r >= max_distance {
                return found;
            }
            seen = Some(query);
            r *= 2.0;
        }
    }

    /// The shape (that `filter` accepts: a layer mask or a [`QueryFilter`]) nearest to
    /// `point` within `max_distance`, its distance (0 when the point is inside it) and its
    /// point nearest to `point`; `None` when no shape qualifies. Exact for every kind,
    /// concave polygons, chains and tile grids included. Ties go to the smaller id; the
    /// world is seen as the last step saw it.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// let near = world.add(Shape::circle(1.0).unwrap(), 5.0, 0.0, 0.0, o).unwrap();
    /// world.add(Shape::circle(1.0).unwrap(), 9.0, 0.0, 0.0, o).unwrap();
    /// world.step().unwrap();
    /// let hit = world.closest_point(Vec2::new(0.0, 0.0), u32::MAX, f32::INFINITY).unwrap().unwrap();
    /// assert_eq!((hit.id, hit.distance, hit.point), (near, 4.0, Vec2::new(4.0, 0.0)));
    /// ```
    pub fn closest_point(
        &mut self,
        point: Vec2,
        filter: impl Into<QueryFilter>,
        max_distance: f32,
    ) -> Result<Option<Nearest>, WorldError> {
        let filter = filter.into();
        check_coordinate(|| Plain("x"), point.x)?;
        check_coordinate(|| Plain("y"), point.y)?;
        check_max_distance(max_distance)?;
        self.see_changes();
        let mut best = [NO_SHAPE];
        let found = self.nearest_walk(point, &filter, max_distance, &mut best);
        Ok((found > 0).then_some(best[0]))
    }

    /// Appends to `out` the `k` (1 to [`MAX_NEAREST`]) shapes that `filter` accepts
    /// nearest to `point` within `max_distance`, nearest first (ties to the smaller id);
    /// fewer when fewer qualify. See [`World::closest_point`].
    pub fn nearest(
        &mut self,
        point: Vec2,
        k: usize,
        filter: impl Into<QueryFilter>,
        max_distance: f32,
        out: &mut Vec<Nearest>,
    ) -> Result<(), WorldError> {
        let filter = filter.into();
        check_coordinate(|| Plain("x"), point.x)?;
        check_coordinate(|| Plain("y"), point.y)?;
        check_k(k)?;
        check_max_distance(max_distance)?;
        self.see_changes();
        let start = out.len();
        out.resize(start + k, NO_SHAPE);
        let found = self.nearest_walk(point, &filter, max_distance, &mut out[start..]);
        out.truncate(start + found);
        Ok(())
    }

    /// For each point of `points` (`x, y` each), its `k` nearest shapes as
    /// [`World::nearest`] finds them, written to the buffers read with
    /// [`World::nearest_results`]; returns the number of points. Errors, before anything
    /// is written: an odd length ([`WorldError::LengthMismatch`] naming `points`), a
    /// coordinate not finite or out of range (naming `points[i]`), a bad `k` or
    /// `max_distance`. Allocates nothing once the buffers have grown to the largest batch.
    pub fn nearest_many(
        &mut self,
        points: &[f32],
        k: usize,
        filter: impl Into<QueryFilter>,
        max_distance: f32,
    ) -> Result<usize, WorldError> {
        let filter = filter.into();
        if points.len() % 2 != 0 {
            return Err(WorldError::LengthMismatch {
                arg: "points",
                expected: points.len() + 1,
                actual: points.len(),
            });
        }
        for (i, &v) in points.iter().enumerate() {
            check_coordinate(|| Element("points", i), v)?;
        }
        check_k(k)?;
        check_max_distance(max_distance)?;
        self.see_changes();
        let count = points.len() / 2;
        let mut out = core::mem::take(&mut self.nearest);
        let size = count * k;
        if out.ids.len() < size {
            out.ids.resize(size, u32::MAX);
            out.distances.resize(size, f32::INFINITY);
            out.points.resize(2 * size, f32::NAN);
            out.version = out.version.wrapping_add(1);
        }
        out.scratch.resize(k, NO_SHAPE);
        z_order(points, &mut out.order);
        for &entry in &out.order {
            let i = (entry & u64::from(u32::MAX)) as usize;
            let best = &mut out.scratch[..k];
            let point = Vec2::new(points[2 * i], points[2 * i + 1]);
            self.nearest_walk(point, &filter, max_distance, best);
            for (j, n) in best.iter().enumerate() {
                let at = i * k + j;
                out.ids[at] = n.id;
                out.distances[at] = n.distance;
                out.points[2 * at] = n.point.x;
                out.points[2 * at + 1] = n.point.y;
            }
        }
        self.nearest = out;
        Ok(count)
    }

    /// The results of the last [`World::nearest_many`] (see [`NearestResults`]).
    #[must_use]
    pub fn nearest_results(&self) -> NearestResults<'_> {
        let n = &self.nearest;
        NearestResults {
            ids: &n.ids,
            distances: &n.distances,
            points: &n.points,
        }
    }

    /// Addresses of the [`NearestResults`] buffers (`ids`, `distances`, `points`), for
    /// zero-copy views from JavaScript: valid until [`World::nearest_results_version`]
    /// changes.
    #[must_use]
    pub fn nearest_result_addresses(&self) -> [usize; 3] {
        let n = &self.nearest;
        [
            n.ids.as_ptr() as usize,
            n.distances.as_ptr() as usize,
            n.points.as_ptr() as usize,
        ]
    }

    /// Changes whenever the [`NearestResults`] buffers grow (and may move), kept below
    /// 2^30 like [`World::layout_version`].
    #[must_use]
    pub fn nearest_results_version(&self) -> u32 {
        self.nearest.version & 0x3FFF_FFFF
    }
}

/// Fills `order` with the indices of `points` (`x, y` each) sorted along a Z-order curve
/// over their bounding box, each below its 32-bit key (see the module docs).
fn z_order(points: &[f32], order: &mut Vec<u64>) {
    let (mut lo, mut hi) = (Vec2::new(f32::MAX, f32::MAX), Vec2::new(f32::MIN, f32::MIN));
    for xy in points.chunks_exact(2) {
        let p = Vec2::new(xy[0], xy[1]);
        lo = lo.min(p);
        hi = hi.max(p);
    }
    // 16 bits a coordinate; a span of 0 (one point, or all in a line) keeps every key 0
    // along that axis. The float-to-int conversions saturate.
    let scale = |span: f32| if span > 0.0 { 65535.0 / span } else { 0.0 };
    let (sx, sy) = (scale(hi.x - lo.x), scale(hi.y - lo.y));
    order.clear();
    for (i, xy) in points.chunks_exact(2).enumerate() {
        let (qx, qy) = (((xy[0] - lo.x) * sx) as u32, ((xy[1] - lo.y) * sy) as u32);
        let key = spread(qx) | spread(qy) << 1;
        order.push(u64::from(key) << 32 | i as u64);
    }
    heap_sort_by_key(order, |&entry| entry);
}

/// The low 16 bits of `v` moved to the even bits (a Z-order key's one coordinate).
fn spread(v: u32) -> u32 {
    let mut x = v & 0xFFFF;
    x = (x | x << 8) & 0x00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}
