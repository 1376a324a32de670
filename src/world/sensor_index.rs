//! The sensors indexed on their own: which sensors a straight motion enters, and where,
//! without walking the whole broad phase along it.
//!
//! A cast walks the broad phase along its path and ends at its first hit. Looking for the
//! sensors a motion crosses cannot end early (every sensor along the whole path counts)
//! and meets every other shape on the way too, only to leave it out: in a world whose
//! tenth are sensors that walk costs ten times the sensors' own casts. Where many motions
//! ask at once (the step's continuous shapes, a sweep's bullets), the sensors get trees of
//! their own (the static tree's kind): each motion queries them with the box it sweeps and
//! casts exactly against the sensors found, and the entries sorted by `t` (ties to the
//! smaller id) are what the one-by-one casts of `sensors` would find.
//!
//! The static sensors' tree is kept until a static shape is added, removed or moved
//! (`statics_dirty`) or a sensor flag changes ([`World::set_sensor`], a loaded snapshot);
//! the moving sensors' tree is built anew for each batch. Both index compact lists of ids
//! and boxes, not rows, so that a reorder of the rows cannot stale them.

use super::casts::{row_points, Mover};
use super::events::pair_key;
use super::World;
use crate::broad_phase::StaticTree;
use crate::grow::{self, GrowError};
use crate::math::{Aabb, Transform, Vec2};
use crate::store::{ShapeStore, FLAG_FRESH, FLAG_REFRESHED, FLAG_SENSOR};

/// Sensors by id, their boxes, and the tree of those boxes (its leaves index both).
#[derive(Clone, Debug, Default)]
struct SensorSet {
    ids: Vec<u32>,
    boxes: Vec<Aabb>,
    tree: StaticTree,
}

impl SensorSet {
    /// Lists the sensors of `rows` (the store's static or moving rows), with room for
    /// their boxes.
    fn list(&mut self, store: &ShapeStore, rows: &[u32]) -> Result<(), GrowError> {
        self.ids.clear();
        for &row in rows {
            let id = store.row_to_id[row as usize];
            if store.flags[id as usize] & FLAG_SENSOR != 0 {
                grow::push(&mut self.ids, id)?;
            }
        }
        self.boxes.clear();
        grow::reserve(&mut self.boxes, self.ids.len())
    }

    /// Reads the listed sensors' boxes as the store holds them and builds the tree.
    fn index(&mut self, store: &ShapeStore, indices: &[u32]) {
        self.boxes.clear();
        (self.boxes).extend(self.ids.iter().map(|&id| store.aabbs[store.row(id)]));
        self.tree.rebuild(&indices[..self.ids.len()], &self.boxes);
    }
}

/// The trees of the static and the moving sensors, and the room their searches use.
#[derive(Clone, Debug, Default)]
pub(super) struct SensorIndex {
    fixed: SensorSet,
    /// The static sensors' tree holds them as they are.
    fixed_valid: bool,
    moving: SensorSet,
    /// `0, 1, 2, …`: the order a set's boxes are given to its tree in.
    indices: Vec<u32>,
    /// One motion's entries, `(t, id)`, before they are sorted.
    hits: Vec<(f32, u32)>,
}

impl SensorIndex {
    /// The last motion's entries, `(t, id)`, sorted ([`World::sensors_entered`]).
    pub(super) fn hits(&self) -> &[(f32, u32)] {
        &self.hits
    }

    /// Forgets the static sensors' tree (a sensor flag changed, or a snapshot was loaded).
    pub(super) fn invalidate(&mut self) {
        self.fixed_valid = false;
    }

    /// Lists the sensors (the static ones only when their tree may be stale: always when
    /// `statics_dirty`), with room for their boxes and for one motion's entries. Fails
    /// before changing anything the queries read.
    pub(super) fn list(
        &mut self,
        store: &ShapeStore,
        statics_dirty: bool,
    ) -> Result<(), GrowError> {
        self.fixed_valid &= !statics_dirty;
        if !self.fixed_valid {
            self.fixed.list(store, &store.static_rows)?;
        }
        self.moving.list(store, &store.dynamic_rows)?;
        let count = self.fixed.ids.len().max(self.moving.ids.len());
        let missing = count.saturating_sub(self.indices.len());
        grow::reserve(&mut self.indices, missing)?;
        let next = self.indices.len() as u32..count as u32;
        self.indices.extend(next);
        let all = self.fixed.ids.len() + self.moving.ids.len();
        self.hits.clear();
        grow::reserve(&mut self.hits, all)
    }

    /// Builds the trees of what [`SensorIndex::list`] listed, from the boxes as the store
    /// holds them now.
    pub(super) fn build(&mut self, store: &ShapeStore) {
        if !self.fixed_valid {
            self.fixed.index(store, &self.indices);
            self.fixed_valid = true;
        }
        self.moving.index(store, &self.indices);
    }
}

/// A straight motion of shape `id` from `from` by `delta` (within a cast's reach), up to
/// the fraction `reach` of it, looking for the sensors on a layer in `mask` that pass the
/// step's filter with it, but those whose pair key is in `left_out` (sorted). Between
/// steps (`between_steps`), a shape added since the last step is seen only once refreshed
/// for the queries, as the broad phase sees it; the step's own pass sees every shape.
pub(super) struct SensorMotion<'a> {
    pub(super) id: u32,
    pub(super) from: Transform,
    pub(super) delta: Vec2,
    pub(super) reach: f32,
    pub(super) mask: u32,
    pub(super) left_out: &'a [u64],
    pub(super) between_steps: bool,
}

impl World {
    /// The sensors `motion` enters, sorted by where it enters them (ties to the smaller
    /// id): `index.hits` afterwards. Allocates nothing: [`SensorIndex::list`] made room for
    /// every sensor.
    pub(super) fn sensors_entered(&self, motion: &SensorMotion<'_>, index: &mut SensorIndex) {
        let store = &self.store;
        let id = motion.id;
        let row = store.row(id);
        let shape = &store.bodies[row].shape;
        let mover = Mover {
            shape,
            points: row_points(store, row),
            pose: motion.from,
            compound: self.compound(id),
        };
        let start = shape.aabb(&motion.from);
        let end = Aabb::new(start.min + motion.delta, start.max + motion.delta);
        let swept = start.union(&end);
        let one_ways = self.one_ways.count() > 0;
        let SensorIndex {
            fixed,
            moving,
            hits,
            ..
        } = index;
        hits.clear();
        for set in [&*fixed, &*moving] {
            set.tree.query(&swept, |k, _| {
                let sensor = set.ids[k as usize];
                let key = pair_key(id.min(sensor), id.max(sensor));
                let flags = store.flags[sensor as usize];
                let unseen = flags & (FLAG_FRESH | FLAG_REFRESHED) == FLAG_FRESH;
                if sensor == id
                    || (motion.between_steps && unseen)
                    || store.layers[sensor as usize] & motion.mask == 0
                    || !store.filters_pass(id, sensor)
                    || motion.left_out.binary_search(&key).is_ok()
                {
                    return;
                }
                let at = (sensor, store.row(sensor));
                let hit = self.cast_on(&mover, motion.delta, at, one_ways);
                if let Some((hit, _)) = hit.filter(|(hit, _)| hit.t <= motion.reach) {
                    // Kept sorted as they come, by an insertion: a path enters a few
                    // sensors, and a library sort would add its code to the wasm.
                    let item = (hit.t, sensor);
                    let mut k = hits.len();
                    hits.push(item);
                    while k > 0 && hits[k - 1] > item {
                        hits[k] = hits[k - 1];
                        k -= 1;
                    }
                    hits[k] = item;
                }
            });
        }
    }
}
