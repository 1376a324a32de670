//! The first phase of a step: the transforms the game wrote (through the setters or
//! straight into the columns) are checked, then turned into poses and world boxes. Only
//! moving shapes that moved are refreshed (see `resting.rs`), and static ones only when a
//! setter touched them.

use super::errors::{check_angle, check_coordinate, ArgName::OfShape};
use super::resting::Resting;
use super::{World, WorldError, MAX_COORDINATE};
use crate::math::{Aabb, Transform, Vec2};
use crate::shape::polygon_aabb;
use crate::shape::Shape;
#[cfg(feature = "threads")]
use crate::store::Body;
use crate::store::{ShapeStore, FLAG_ALIVE, FLAG_STATIC};

impl World {
    /// Checks the transforms the game wrote (through setters or the columns) and turns
    /// them into poses and boxes. Everything is checked before anything is refreshed: on
    /// error the poses and boxes (what queries see) stay as the last step left them.
    pub(super) fn update_poses(&mut self) -> Result<(), WorldError> {
        #[cfg(feature = "threads")]
        let grain = self.threads.grain();
        #[cfg(feature = "threads")]
        let scanned = (self.resting).scan_in_chunks(&self.store, self.statics_dirty, grain);
        #[cfg(not(feature = "threads"))]
        let (grain, scanned) = ((), self.resting.scan(&self.store, self.statics_dirty));
        if !scanned {
            // Some transform is bad: name the first one.
            check_transforms(&self.store, false)?;
            if self.statics_dirty {
                check_transforms(&self.store, true)?;
            }
        }
        // What the queries refreshed since the last step goes back to what that step left:
        // a refresh is not a step (see `changes`).
        self.forget_changes();
        let store = &mut self.store;
        self.resting.commit(store);
        if self.resting.all_moved {
            refresh_moving::<false>(store, &[], grain);
        } else if let Some(ids) = self.resting.few_moved(store) {
            refresh_listed(store, ids);
        } else {
            refresh_moving::<true>(store, &self.resting.moved, grain);
        }
        if self.statics_dirty {
            detect_static_moves(store, &mut self.resting);
            refresh_poses::<false>(store, true, &[]);
            self.statics.rebuild(&store.static_rows, &store.aabbs);
            self.statics_dirty = false;
        }
        Ok(())
    }
}

/// Checks the written transforms of the live moving (or static) shapes: finite, and
/// positions within range. Goes through the columns in id order, which reads them front
/// to back; the first bad id is the one named. Runs only when [`Resting::scan`] found a
/// bad one (it checks the same on its way).
#[inline]
pub(super) fn check_transforms(store: &ShapeStore, statics: bool) -> Result<(), WorldError> {
    let want = FLAG_ALIVE | if statics { FLAG_STATIC } else { 0 };
    let columns = store.xs.iter().zip(&store.ys).zip(&store.angles);
    for (id, (((&x, &y), &angle), &flags)) in columns.zip(&store.flags).enumerate() {
        // One combined test on the fast path; free and other-kind ids are sorted out only
        // when it fails (a free slot may hold anything), and the detailed checks only name
        // the culprit.
        let valid = x.abs() <= MAX_COORDINATE && y.abs() <= MAX_COORDINATE && angle.is_finite();
        if !valid && flags & (FLAG_ALIVE | FLAG_STATIC) == want {
            check_coordinate(|| OfShape("x", id as u32), x)?;
            check_coordinate(|| OfShape("y", id as u32), y)?;
            check_angle(|| OfShape("angle", id as u32), angle)?;
        }
    }
    Ok(())
}

/// Tells `resting` which static shapes will get a new pose: they moved, for whatever path
/// their transform was written by (statics are compared by pose, when they are refreshed,
/// so that a write the world did not observe counts when the statics are next refreshed,
/// exactly as for a full step). Statics are refreshed rarely; the pose is computed twice.
fn detect_static_moves(store: &ShapeStore, resting: &mut Resting) {
    for &row in &store.static_rows {
        let id = store.row_to_id[row as usize];
        let s = id as usize;
        let pose = Transform::from_xy_angle(store.xs[s], store.ys[s], store.angles[s]);
        if !same_bits(&pose, &store.bodies[row as usize].pose) {
            resting.static_moved(id, row);
        }
    }
}

/// True when two poses are the same bits (so that `-0.0` and `0.0` differ, conservatively).
#[inline]
fn same_bits(a: &Transform, b: &Transform) -> bool {
    let words = |t: &Transform| {
        [
            t.translation.x.to_bits(),
            t.translation.y.to_bits(),
            t.rotation.cos.to_bits(),
            t.rotation.sin.to_bits(),
        ]
    };
    words(a) == words(b)
}

/// Stores the pose and box of every moving shape that moved (or of every static shape)
/// from its checked, written transform. A moving shape that did not move keeps both:
/// they are functions of the same bits. `SOME`: only the ids `moved` says (else all: where
/// every shape moves, the test would be one more random read per shape).
fn refresh_poses<const SOME: bool>(store: &mut ShapeStore, statics: bool, moved: &[bool]) {
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
        if SOME && !moved[s] {
            continue;
        }
        let pose = Transform::from_xy_angle(xs[s], ys[s], angles[s]);
        let body = &mut bodies[row];
        body.pose = pose;
        aabbs[row] = row_box(&body.shape, &pose, point_spans[row], polygon_points);
    }
}

/// [`refresh_poses`] of the moving shapes (`SOME`: those `moved` says).
#[cfg(not(feature = "threads"))]
#[inline(always)]
fn refresh_moving<const SOME: bool>(store: &mut ShapeStore, moved: &[bool], _grain: ()) {
    refresh_poses::<SOME>(store, false, moved);
}

/// [`refresh_poses`] of the moving shapes (`SOME`: those `moved` says) in chunks of
/// `grain` rows, in parallel. Goes through every row and skips those of free ids and
/// static shapes, which are the rows not in `dynamic_rows`: each chunk then writes only its
/// own rows, and each row gets the bits the single-threaded pass gives it.
#[cfg(feature = "threads")]
fn refresh_moving<const SOME: bool>(store: &mut ShapeStore, moved: &[bool], grain: usize) {
    let ShapeStore {
        xs,
        ys,
        angles,
        flags,
        bodies,
        aabbs,
        row_to_id,
        point_spans,
        polygon_points,
        ..
    } = store;
    let (xs, ys, angles, flags) = (&*xs, &*ys, &*angles, &*flags);
    let (row_to_id, point_spans, polygon_points) = (&*row_to_id, &*point_spans, &*polygon_points);
    let refresh = |first: usize, (bodies, aabbs): (&mut [Body], &mut [Aabb])| {
        for (i, (body, aabb)) in bodies.iter_mut().zip(aabbs).enumerate() {
            let row = first + i;
            let s = row_to_id[row] as usize;
            if flags[s] & (FLAG_ALIVE | FLAG_STATIC) != FLAG_ALIVE || (SOME && !moved[s]) {
                continue;
            }
            let pose = Transform::from_xy_angle(xs[s], ys[s], angles[s]);
            body.pose = pose;
            *aabb = row_box(&body.shape, &pose, point_spans[row], polygon_points);
        }
    };
    let rows = (&mut bodies[..], &mut aabbs[..]);
    crate::parallel::for_each_run(rows, grain, &refresh, |(), ()| ());
}

/// [`refresh_poses`] for the moving shapes `ids` only (when few moved: no pass over the
/// rows).
fn refresh_listed(store: &mut ShapeStore, ids: &[u32]) {
    for &id in ids {
        let s = id as usize;
        let row = store.id_to_row[s] as usize;
        let pose = Transform::from_xy_angle(store.xs[s], store.ys[s], store.angles[s]);
        let body = &mut store.bodies[row];
        body.pose = pose;
        store.aabbs[row] = row_box(
            &body.shape,
            &pose,
            store.point_spans[row],
            &store.polygon_points,
        );
    }
}

/// The world box of a row's shape at `pose`. A polygon's from the store's row-ordered copy
/// of its points (the same bits as `Shape::aabb`, read from memory the loop is walking
/// through anyway).
#[inline(always)]
pub(super) fn row_box(
    shape: &Shape,
    pose: &Transform,
    span: (u32, u32),
    polygon_points: &[Vec2],
) -> Aabb {
    let (start, len) = span;
    if len > 0 {
        let vertices = start as usize..(start + len / 2) as usize;
        polygon_aabb(&polygon_points[vertices], pose)
    } else {
        shape.aabb(pose)
    }
}
