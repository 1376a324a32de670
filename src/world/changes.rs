//! Queries see the world as it is: a shape added, moved or removed since the last step is
//! seen at once by every query, ray, cast, sweep and move, with the answers a step would
//! have given.
//!
//! ## What a query sees, and what the step sees
//!
//! A step refreshes the poses and boxes of the shapes that moved and rebuilds the broad
//! phase; queries walk that broad phase and read those poses. Between two steps a game
//! moves shapes (each `move_and_slide` moves one), adds and removes them, and asks
//! questions about the result: a coin placed with a query before the first step, a
//! character that must meet the wall added this frame and the characters moved before it.
//!
//! So the setters (`set_transform`, `set_transforms`, every add, `move_and_slide`'s write)
//! **queue** the id, which costs a push. The next query **refreshes** what was queued: the
//! pose and box of each queued shape are computed from its written transform (the same
//! functions of the same bits a step uses), the shape is marked [`FLAG_REFRESHED`], and
//! its box goes into an [`IncrementalGrid`], which takes boxes one at a time: a frame of a
//! thousand character moves, each a query after a write, costs a thousand insertions
//! rather than a thousand rebuilds. Queries walk the step's broad phase as before,
//! skipping the entries of refreshed shapes (stale: their boxes moved), and the
//! incremental grid for those. A removed shape needs nothing: every walk already skips
//! entries whose id is not live. A game that steps before it asks pays nothing: the queue
//! is empty, and the only cost left is one test of an empty grid per query.
//!
//! **A refresh is not a step.** The step decides what moved since the last step (which
//! shapes rest, which pairs are carried, what started and ended: `resting.rs`) by
//! comparing transforms and poses with what that step left. So each refreshed shape's
//! stepped pose and box are kept, and the next step puts them back before it looks: it
//! then runs exactly as if no query had refreshed anything. Snapshots write those stepped
//! poses too. The cost is one copy of a pose and a box per refreshed shape and step.
//!
//! ## Writes the world cannot observe
//!
//! Transforms written straight into the columns (the JavaScript views) are not queued:
//! [`World::refresh`] compares every column with the pose it should give (a pass like the
//! step's comparison, bit for bit, no trigonometry but for what changed) and refreshes
//! what differs. Static shapes written that way are found after [`World::touch_statics`],
//! as by the step.
//!
//! This module knows which shapes changed; the broad phase's incremental grid, the poses
//! (`poses.rs`) and the walks (`queries.rs`) do the rest.

use super::poses::{check_transforms, row_box};
use super::{World, WorldError, MAX_COORDINATE};
use crate::broad_phase::IncrementalGrid;
use crate::math::{Aabb, Transform};
use crate::store::{FLAG_ALIVE, FLAG_FRESH, FLAG_REFRESHED, FLAG_STATIC};

/// What changed since the last step (see the module docs).
#[derive(Clone, Debug, Default)]
pub(super) struct Changes {
    /// Ids written since the last refresh, each once (`queued`, by id).
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Compare every static shape's transform with its pose at the next refresh.
    statics_touched: bool,
    /// Where the row's shape's stepped pose is kept in `stepped`, plus one; 0 when it is
    /// not refreshed (its entries in the step's broad phase are then current), by row: the
    /// walks test it before they look anything up about the entry.
    pub(super) refreshed_rows: Vec<u32>,
    /// The id, pose and box the last step left, of every refreshed shape, for the next
    /// step to put back.
    stepped: Vec<(u32, Transform, Aabb)>,
    /// The boxes of the refreshed shapes.
    pub(super) grid: IncrementalGrid,
}

impl Changes {
    /// Forgets everything (a loaded snapshot replaced the world).
    pub(super) fn reset(&mut self) {
        self.queue.clear();
        self.queued.fill(false);
        self.statics_touched = false;
        self.refreshed_rows.fill(0);
        self.stepped.clear();
        self.grid.clear();
    }

    /// The pose the last step left to the shape in `row`, if it is refreshed.
    #[inline]
    pub(super) fn stepped_pose_of_row(&self, row: u32) -> Option<Transform> {
        let k = *self.refreshed_rows.get(row as usize)?;
        (k > 0).then(|| self.stepped[k as usize - 1].1)
    }

    /// True when `id` is queued for the next refresh.
    pub(super) fn is_queued(&self, id: u32) -> bool {
        self.queued.get(id as usize).copied().unwrap_or(false)
    }

    /// The pose the last step left to the refreshed shape `id` (for checks).
    pub(super) fn stepped_pose(&self, id: u32) -> Option<Transform> {
        let found = self.stepped.iter().rev().find(|s| s.0 == id);
        found.map(|s| s.1)
    }
}

impl World {
    /// Queues `id`, written or added since the last refresh.
    #[inline]
    pub(super) fn note_change(&mut self, id: u32) {
        let c = &mut self.changes;
        let s = id as usize;
        if c.queued.len() <= s {
            c.queued.resize(self.store.slot_count().max(s + 1), false);
        }
        if !c.queued[s] {
            c.queued[s] = true;
            c.queue.push(id);
        }
    }

    /// Refreshes what was queued since the last refresh (see the module docs). Called by
    /// every query before it walks the broad phase; free when nothing was.
    #[inline]
    pub(super) fn see_changes(&mut self) {
        if !self.changes.queue.is_empty() || self.changes.statics_touched {
            self.refresh_queued();
        }
    }

    #[inline(never)]
    fn refresh_queued(&mut self) {
        let mut queue = core::mem::take(&mut self.changes.queue);
        for &id in &queue {
            self.changes.queued[id as usize] = false;
            self.refresh_one(id, None);
        }
        queue.clear();
        self.changes.queue = queue;
        if self.changes.statics_touched {
            self.changes.statics_touched = false;
            for k in 0..self.store.static_rows.len() {
                let row = self.store.static_rows[k] as usize;
                let id = self.store.row_to_id[row];
                let s = id as usize;
                let (x, y, angle) = (self.store.xs[s], self.store.ys[s], self.store.angles[s]);
                if transform_valid(x, y, angle) {
                    let pose = Transform::from_xy_angle(x, y, angle);
                    if !same_pose(&pose, &self.store.bodies[row].pose) {
                        self.refresh_one(id, Some(pose));
                    }
                }
            }
        }
    }

    /// Gives shape `id` the pose (`pose`, or the one of its written transform) and box of
    /// its written transform, keeping the stepped ones the first time, and enters its box
    /// in the grid of refreshed shapes. A removed shape, or one whose written transform a
    /// step would reject, is left alone.
    fn refresh_one(&mut self, id: u32, pose: Option<Transform>) {
        let store = &mut self.store;
        let s = id as usize;
        if store.flags[s] & FLAG_ALIVE == 0 {
            return;
        }
        let (x, y, angle) = (store.xs[s], store.ys[s], store.angles[s]);
        if !transform_valid(x, y, angle) {
            return;
        }
        let row = store.row(id);
        let c = &mut self.changes;
        if c.refreshed_rows.len() < store.slot_count() {
            c.refreshed_rows.resize(store.slot_count(), 0);
        }
        if store.flags[s] & FLAG_REFRESHED == 0 {
            store.flags[s] |= FLAG_REFRESHED;
            c.stepped
                .push((id, store.bodies[row].pose, store.aabbs[row]));
            c.refreshed_rows[row] = c.stepped.len() as u32;
        }
        let pose = pose.unwrap_or_else(|| Transform::from_xy_angle(x, y, angle));
        let body = &mut store.bodies[row];
        body.pose = pose;
        let aabb = row_box(
            &body.shape,
            &pose,
            store.point_spans[row],
            &store.polygon_points,
        );
        store.aabbs[row] = aabb;
        c.grid.insert(id, &aabb, 2.0 * self.grid.base_cell());
    }

    /// Puts back the poses and boxes the last step left (see the module docs) and forgets
    /// the refreshed shapes: the step then sees what it would have seen without them.
    /// Shapes issued since the last step keep theirs (the step computes them anyway).
    pub(super) fn forget_changes(&mut self) {
        let c = &mut self.changes;
        let store = &mut self.store;
        for &(id, pose, aabb) in &c.stepped {
            let s = id as usize;
            let row = store.row(id);
            c.refreshed_rows[row] = 0;
            if store.flags[s] & FLAG_REFRESHED != 0 {
                store.flags[s] &= !FLAG_REFRESHED;
                if store.flags[s] & FLAG_FRESH == 0 {
                    store.bodies[row].pose = pose;
                    store.aabbs[row] = aabb;
                }
            }
        }
        c.stepped.clear();
        c.grid.clear();
        for &id in &c.queue {
            c.queued[id as usize] = false;
        }
        c.queue.clear();
        c.statics_touched = false;
    }

    /// Refreshes, after a snapshot was loaded (with the poses the saved world's last step
    /// left), what the saved world had refreshed: its queries then see what the saved
    /// world's did, and its snapshot is the one it loaded.
    pub(super) fn refresh_loaded_changes(&mut self) {
        self.changes.reset();
        for id in 0..self.store.slot_count() as u32 {
            if self.store.flags[id as usize] & FLAG_REFRESHED != 0 {
                self.store.flags[id as usize] &= !FLAG_REFRESHED;
                self.refresh_one(id, None);
            }
        }
    }

    /// Makes transforms written straight into the columns (the JavaScript views, or
    /// [`World::xs_mut`]) visible to queries, casts, sweeps and moves without a step: the
    /// poses and boxes of the shapes whose columns changed are refreshed (see the module
    /// docs of `world::changes`), no pair is searched. Static shapes written that way need
    /// [`World::touch_statics`] first, as for a step. Setters need no refresh: what they
    /// write is seen at once.
    ///
    /// Fails, changing nothing, when a written transform is not finite or out of range
    /// (named as the step names it).
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// let ball = world.add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, o).unwrap();
    /// world.step().unwrap();
    /// world.xs_mut()[ball as usize] = 10.0; // as JavaScript writes its views
    /// let mut ids = Vec::new();
    /// world.query_point(Vec2::new(10.0, 0.0), u32::MAX, &mut ids).unwrap();
    /// assert!(ids.is_empty()); // not seen yet
    /// world.refresh().unwrap();
    /// world.query_point(Vec2::new(10.0, 0.0), u32::MAX, &mut ids).unwrap();
    /// assert_eq!(ids, [ball]);
    /// ```
    pub fn refresh(&mut self) -> Result<(), WorldError> {
        check_transforms(&self.store, false)?;
        if self.statics_dirty {
            check_transforms(&self.store, true)?;
            self.changes.statics_touched = true;
        }
        let n = self.store.slot_count();
        for id in 0..n as u32 {
            let f = self.store.flags[id as usize];
            if f & (FLAG_ALIVE | FLAG_STATIC) != FLAG_ALIVE {
                continue;
            }
            // A shape issued or refreshed since the step is refreshed again (few); any other
            // moving shape's pose is the one its last read transform gives.
            let changed = f & (FLAG_FRESH | FLAG_REFRESHED) != 0
                || self
                    .resting
                    .last_transform(id)
                    .map_or(true, |(x, y, angle)| {
                        let s = id as usize;
                        let store = &self.store;
                        (x.to_bits(), y.to_bits(), angle.to_bits())
                            != (
                                store.xs[s].to_bits(),
                                store.ys[s].to_bits(),
                                store.angles[s].to_bits(),
                            )
                    });
            if changed {
                self.note_change(id);
            }
        }
        self.see_changes();
        Ok(())
    }

    /// Checks the refreshed shapes (see [`World::validate`]): each marked one is in its
    /// row's mark and has a stepped pose kept, and its box is its pose's.
    pub(super) fn validate_changes(&self) -> Result<(), String> {
        let store = &self.store;
        for id in 0..store.slot_count() as u32 {
            let s = id as usize;
            let refreshed = store.flags[s] & FLAG_REFRESHED != 0;
            let row = store.row(id);
            let row_mark = self.changes.refreshed_rows.get(row).copied().unwrap_or(0);
            let kept = self
                .changes
                .stepped
                .get((row_mark as usize).wrapping_sub(1));
            if refreshed && kept.map(|k| k.0) != Some(id) {
                return Err(format!("refreshed id {id} not recorded"));
            }
            if refreshed && store.flags[s] & (FLAG_ALIVE | FLAG_STATIC | FLAG_FRESH) == FLAG_ALIVE {
                // A stepped moving shape's stepped pose is the one its last read transform
                // gives (as `resting` checks for the others).
                let last = self
                    .resting
                    .last_transform(id)
                    .map(|(x, y, a)| Transform::from_xy_angle(x, y, a));
                if last != self.changes.stepped_pose(id) {
                    return Err(format!(
                        "refreshed id {id}: stepped pose is not its last transform's"
                    ));
                }
            }
            if refreshed && store.flags[s] & FLAG_ALIVE != 0 {
                let body = &store.bodies[row];
                let aabb = row_box(
                    &body.shape,
                    &body.pose,
                    store.point_spans[row],
                    &store.polygon_points,
                );
                if aabb != store.aabbs[row] {
                    return Err(format!("refreshed id {id}: box is not its pose's"));
                }
            }
        }
        Ok(())
    }
}

/// True when a transform is one a step accepts.
#[inline]
fn transform_valid(x: f32, y: f32, angle: f32) -> bool {
    x.abs() <= MAX_COORDINATE && y.abs() <= MAX_COORDINATE && angle.is_finite()
}

/// True when two poses are the same bits.
fn same_pose(a: &Transform, b: &Transform) -> bool {
    let bits = |t: &Transform| {
        [
            t.translation.x.to_bits(),
            t.translation.y.to_bits(),
            t.rotation.cos.to_bits(),
            t.rotation.sin.to_bits(),
        ]
    };
    bits(a) == bits(b)
}
