//! The queries: the shapes that contain a point, overlap a box or touch a probe shape,
//! and the first shape a ray hits. Each finds its candidates through the broad phase (the
//! grid and the static tree, never a scan of every shape), then tests them exactly, and
//! sees the world as it is (shapes changed since the last step too: see `changes`).

use super::errors::{check_angle, check_coordinate, check_max_distance, ArgName::Plain};
use super::{QueryFilter, World, WorldError, MAX_COORDINATE};
use crate::math::{Aabb, Transform, Vec2};
use crate::raycast::RayHit;
use crate::shape::Shape;
use crate::sort::heap_sort_by_key;
use crate::store::{Body, FLAG_ALIVE, FLAG_FRESH, FLAG_REFRESHED, FLAG_SENSOR};

/// The closest hit of a ray cast into the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorldRayHit {
    /// The shape hit.
    pub id: u32,
    /// Where and how it was hit.
    pub hit: RayHit,
    /// The cell hit, on a tile grid (`row × cols + col`); [`NO_CELL`](super::NO_CELL) for
    /// other shapes.
    pub cell: u32,
}

impl World {
    /// Calls `visit` with every live shape whose box may overlap `query`. One copy for the
    /// four queries (not inlined, `dyn` callback): a smaller wasm, and the indirect call per
    /// candidate is nothing next to the exact test it makes.
    #[inline(never)]
    pub(super) fn query_candidates(&self, query: &Aabb, visit: &mut dyn FnMut(u32, &Body)) {
        self.query_rows(query, &mut |row, _| {
            if let Some(id) = self.live_id(row) {
                visit(id, &self.store.bodies[row as usize]);
            }
        });
    }

    /// Calls `visit` with the row and the box of every entry of the broad phase whose box
    /// overlaps `query`, before anything is read about the shape behind it: a caller with
    /// a sharper box test of its own (a cast's path) runs it on the box it is handed, which
    /// is already in cache, and looks up only the rows that pass (with
    /// [`World::live_id`]); most do not. Entries may be stale (see `live_id`).
    ///
    /// The shapes changed since the last step (see `changes`) are visited from the grid of
    /// refreshed shapes, with their boxes of now; their entries in the step's broad phase
    /// are skipped.
    #[inline(never)]
    pub(super) fn query_rows(&self, query: &Aabb, visit: &mut dyn FnMut(u32, &Aabb)) {
        let changes = &self.changes;
        let any_refreshed = !changes.grid.is_empty();
        let mut stepped = |row: u32, aabb: &Aabb| {
            if !(any_refreshed && changes.refreshed_rows[row as usize] != 0) {
                visit(row, aabb);
            }
        };
        self.grid.query(query, &mut stepped);
        self.statics.query(query, &mut stepped);
        // Resting shapes are out of the grid; an entry whose shape woke is in the grid.
        let resting = &self.resting;
        let store = &self.store;
        if resting.any_resting() {
            resting.grid.query(query, |k, _| {
                let id = resting.member_ids[k as usize];
                if resting.rests[id as usize] {
                    let row = store.id_to_row[id as usize];
                    stepped(row, &store.aabbs[row as usize]);
                }
            });
        }
        changes
            .grid
            .query(query, |id, aabb| visit(store.id_to_row[id as usize], aabb));
    }

    /// Calls `visit` with the row and stepped box of every entry of the step's broad phase
    /// whose box overlaps `query`: the world as the last step saw it (the entries of
    /// refreshed shapes included, those of shapes issued since the step not there). See
    /// [`World::stepped_id`].
    pub(super) fn query_stepped_rows(&self, query: &Aabb, visit: &mut dyn FnMut(u32, &Aabb)) {
        self.grid.query(query, &mut *visit);
        self.statics.query(query, &mut *visit);
        let resting = &self.resting;
        if resting.any_resting() {
            resting.grid.query(query, |k, b| {
                let id = resting.member_ids[k as usize];
                if resting.rests[id as usize] {
                    visit(self.store.id_to_row[id as usize], b);
                }
            });
        }
    }

    /// The id of the shape in `row` of the step's broad phase if it is live and was there
    /// at the last step (not issued since).
    #[inline]
    pub(super) fn stepped_id(&self, row: u32) -> Option<u32> {
        let store = &self.store;
        let id = store.row_to_id[row as usize];
        let f = store.flags.get(id as usize).copied().unwrap_or(0);
        (f & (FLAG_ALIVE | FLAG_FRESH) == FLAG_ALIVE).then_some(id)
    }

    /// The id of the shape in `row` of the broad phase's entries, unless it was removed
    /// (or its id reissued) since the last step, which leaves its entries in place. A
    /// shape issued since is live once refreshed (`changes`).
    #[inline]
    pub(super) fn live_id(&self, row: u32) -> Option<u32> {
        let store = &self.store;
        let id = store.row_to_id[row as usize];
        let f = store.flags.get(id as usize).copied().unwrap_or(0);
        (f & FLAG_ALIVE != 0 && f & (FLAG_FRESH | FLAG_REFRESHED) != FLAG_FRESH).then_some(id)
    }

    #[inline]
    pub(super) fn accepts(&self, id: u32, filter: &QueryFilter) -> bool {
        filter.accepts(&self.store, id)
    }

    /// [`World::accepts`], for a motion: a sensor never stops one.
    #[inline]
    pub(super) fn blocks(&self, id: u32, filter: &QueryFilter) -> bool {
        self.accepts(id, filter) && self.store.flags[id as usize] & FLAG_SENSOR == 0
    }

    /// Appends to `out` the ids (that `filter` accepts: a layer mask or a [`QueryFilter`])
    /// of the shapes that contain `point`, sorted.
    pub fn query_point(
        &mut self,
        point: Vec2,
        filter: impl Into<QueryFilter>,
        out: &mut Vec<u32>,
    ) -> Result<(), WorldError> {
        let filter = filter.into();
        check_coordinate(|| Plain("x"), point.x)?;
        check_coordinate(|| Plain("y"), point.y)?;
        self.see_changes();
        let start = out.len();
        let probe = Transform {
            translation: point,
            ..Transform::IDENTITY
        };
        self.query_candidates(&Aabb::new(point, point), &mut |id, body| {
            if self.accepts(id, &filter) && self.body_overlaps(id, body, &Shape::Point, &probe) {
                out.push(id);
            }
        });
        heap_sort_by_key(&mut out[start..], |&id| id);
        Ok(())
    }

    /// Appends to `out` the ids (that `filter` accepts) of the shapes whose bounding boxes
    /// overlap the box `min..max`, sorted.
    pub fn query_aabb(
        &mut self,
        min: Vec2,
        max: Vec2,
        filter: impl Into<QueryFilter>,
        out: &mut Vec<u32>,
    ) -> Result<(), WorldError> {
        let filter = filter.into();
        check_coordinate(|| Plain("minX"), min.x)?;
        check_coordinate(|| Plain("minY"), min.y)?;
        check_coordinate(|| Plain("maxX"), max.x)?;
        check_coordinate(|| Plain("maxY"), max.y)?;
        let query = Aabb::new(min.min(max), min.max(max));
        self.see_changes();
        let start = out.len();
        self.query_candidates(&query, &mut |id, _| {
            if self.accepts(id, &filter) {
                out.push(id);
            }
        });
        heap_sort_by_key(&mut out[start..], |&id| id);
        Ok(())
    }

    /// Appends to `out` the ids (that `filter` accepts) of the shapes that touch `shape`
    /// placed at `(x, y, angle)`, sorted. The probe shape is not added to the world.
    pub fn query_shape(
        &mut self,
        shape: &Shape,
        x: f32,
        y: f32,
        angle: f32,
        filter: impl Into<QueryFilter>,
        out: &mut Vec<u32>,
    ) -> Result<(), WorldError> {
        let filter = filter.into();
        shape.validate()?;
        check_coordinate(|| Plain("x"), x)?;
        check_coordinate(|| Plain("y"), y)?;
        check_angle(|| Plain("angle"), angle)?;
        let pose = Transform::from_xy_angle(x, y, angle);
        self.see_changes();
        let start = out.len();
        self.query_candidates(&shape.aabb(&pose), &mut |id, body| {
            if self.accepts(id, &filter) && self.body_overlaps(id, body, shape, &pose) {
                out.push(id);
            }
        });
        heap_sort_by_key(&mut out[start..], |&id| id);
        Ok(())
    }

    /// The closest shape (that `filter` accepts) hit by the ray from `origin` along
    /// `direction` (normalised here; it must not be zero) within `max_distance`. Ties go to
    /// the smaller id.
    pub fn raycast(
        &mut self,
        origin: Vec2,
        direction: Vec2,
        max_distance: f32,
        filter: impl Into<QueryFilter>,
    ) -> Result<Option<WorldRayHit>, WorldError> {
        let filter = filter.into();
        check_coordinate(|| Plain("x"), origin.x)?;
        check_coordinate(|| Plain("y"), origin.y)?;
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
            return Err(WorldError::ZeroLength {
                arg: "dx, dy".into(),
            });
        }
        check_max_distance(max_distance)?;
        // Clip the ray to the coordinate range so that its box stays finite.
        let reach = max_distance.min(4.0 * MAX_COORDINATE);
        self.see_changes();
        // The same walk as each ray of `raycast_many`, so that the two agree bit for bit.
        let best = self.ray_closest(origin, unit, reach, &filter);
        Ok(best.map(|(id, hit, cell)| WorldRayHit { id, hit, cell }))
    }
}
