//! Continuous shapes: the sensors a shape crossed between two steps, reported by the step.
//!
//! A step compares poses: a pair is reported when two shapes overlap at this step, and
//! `started` when they did not at the last. A shape that moves farther in one frame than
//! a sensor is wide (a bullet, a dashing player, a falling rock) can pass a coin, a kill
//! zone or a goal line between two steps and touch it at neither: no pair, no event. Box2D
//! gave up on such "fast sensors" (erincatto/box2d#953); `sweep` and `move_and_slide`
//! report the sensors their own motions cross, but a game that moves a shape by writing
//! its transform has no motion to ask about.
//!
//! A shape made continuous ([`World::set_continuous`]) is followed: the world keeps the
//! position it had at the last step (or when it was made continuous), and each step casts
//! it from there to its position now, exactly, against the sensors. The step then lists, in [`World::step_crossings`], every sensor entered along the way that
//! the shape did not touch at the last step, with the fraction of the motion where it
//! entered it: the bullet that skipped the coin collects it. The sensors a shape ends in
//! are listed too (and `started` reports them as well), so that the crossings alone name
//! every sensor entered, in order.
//!
//! The path is the straight translation between the two positions, at the shape's angle
//! now: a shape that turns as it moves is tested turned. A teleport is a motion like any
//! other; making the shape continuous again after the teleport
//! (`set_continuous(id, true)`) starts its next path where it is. The sensors are where
//! they are now, and they pass the step's layer filter with the shape.
//!
//! Only sensors matter, and a level has few of them among its shapes: the pass keeps trees
//! of the sensors' boxes (the static tree's kind), and each path queries them with the box
//! it sweeps, then casts exactly against the sensors found, rather than walking the whole
//! broad phase along the path as a cast does (ten times slower with a tenth of the shapes
//! sensors). The static sensors' tree is built again only when a static shape was added,
//! removed or moved, or some shape's sensor flag changed; the moving sensors' tree every
//! step that follows a shape. Shapes that are not continuous cost nothing: the pass
//! runs over the followed shapes only, kept sorted by id (so that the crossings come out
//! in id order), and a world without any skips it. At most [`MAX_STEP_CROSSINGS`] sensors per shape and step are
//! listed (the first ones along its path), so that the room for the list is reserved
//! before the step changes anything: out of memory is an error with the world unchanged.
//! A snapshot keeps the flag; a loaded world follows its continuous shapes from their
//! loaded positions.

use super::casts::{row_points, Mover};
use super::events::pair_key;
use super::{World, WorldError};
use crate::broad_phase::StaticTree;
use crate::grow::{self, GrowError};
use crate::math::{Aabb, Transform, Vec2};
use crate::store::{ShapeStore, FLAG_ALIVE, FLAG_CONTINUOUS, FLAG_SENSOR};

/// The most sensors one continuous shape reports per step: the first ones along its path.
pub const MAX_STEP_CROSSINGS: usize = 32;

/// A continuous shape and its position at the last step.
#[derive(Clone, Copy, Debug)]
struct Followed {
    id: u32,
    from: Vec2,
}

/// The followed shapes, sorted by id, and the last step's crossings.
#[derive(Clone, Debug, Default)]
pub(super) struct Continuous {
    followed: Vec<Followed>,
    shapes: Vec<u32>,
    sensors: Vec<u32>,
    ts: Vec<f32>,
    /// The static sensors, and whether their tree holds them as they are.
    fixed: SensorSet,
    fixed_valid: bool,
    /// The moving sensors, listed and indexed anew by each step that follows a shape.
    moving: SensorSet,
    /// `0, 1, 2, …`: the order a set's boxes are given to its tree in.
    indices: Vec<u32>,
}

/// Sensors by id, their boxes, and the tree of those boxes (its leaves index both).
#[derive(Clone, Debug, Default)]
struct SensorSet {
    ids: Vec<u32>,
    boxes: Vec<Aabb>,
    tree: StaticTree,
}

impl SensorSet {
    /// Lists the live sensors of `rows` (the store's static or moving rows), with room for
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

    /// Reads the listed sensors' boxes (where the step put them) and builds the tree.
    fn index(&mut self, store: &ShapeStore, indices: &[u32]) {
        self.boxes.clear();
        (self.boxes).extend(self.ids.iter().map(|&id| store.aabbs[store.row(id)]));
        self.tree.rebuild(&indices[..self.ids.len()], &self.boxes);
    }

    /// Calls `visit` with each sensor whose box meets `query`.
    fn query(&self, query: &Aabb, visit: &mut impl FnMut(u32)) {
        self.tree.query(query, |k, _| visit(self.ids[k as usize]));
    }
}

/// The sensors the continuous shapes crossed at the last step, parallel
/// ([`World::step_crossings`]).
#[derive(Clone, Copy, Debug)]
pub struct StepCrossings<'a> {
    /// The continuous shape of each crossing (in id order).
    pub shapes: &'a [u32],
    /// The sensor it entered.
    pub sensors: &'a [u32],
    /// Where along the shape's motion since the last step it entered the sensor, from 0
    /// (its position at the last step) to 1 (its position now).
    pub t: &'a [f32],
}

impl World {
    /// Makes shape `id` continuous (`true`: each step lists the sensors it crossed since
    /// the last step in [`World::step_crossings`], even those it overlaps at neither step)
    /// or not (`false`, as every shape is when added). Its path starts where it is now,
    /// so that making it continuous again after a teleport keeps the teleport from being
    /// a motion. Fails on an id that is not live.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, World};
    /// let mut world = World::new();
    /// let coin = world.add(Shape::circle(1.0).unwrap(), 50.0, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// world.set_sensor(coin, true).unwrap();
    /// let bullet = world.add(Shape::circle(0.5).unwrap(), 0.0, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// world.set_continuous(bullet, true).unwrap();
    /// world.step().unwrap();
    /// // One frame later the bullet is past the coin: no pair, but a crossing.
    /// world.set_transform(bullet, 100.0, 0.0, 0.0).unwrap();
    /// assert_eq!(world.step().unwrap(), 0);
    /// let crossed = world.step_crossings();
    /// assert_eq!((crossed.shapes, crossed.sensors), (&[bullet][..], &[coin][..]));
    /// assert!((crossed.t[0] - 0.485).abs() < 1e-5); // entered at 48.5 of the 100 units
    /// ```
    pub fn set_continuous(&mut self, id: u32, continuous: bool) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        let s = id as usize;
        let at = self.continuous.followed.binary_search_by_key(&id, |f| f.id);
        if continuous {
            let from = Vec2::new(self.store.xs[s], self.store.ys[s]);
            match at {
                Ok(i) => self.continuous.followed[i].from = from,
                Err(i) => {
                    grow::reserve(&mut self.continuous.followed, 1)
                        .map_err(|e| super::out_of_memory(e.items, e))?;
                    self.continuous.followed.insert(i, Followed { id, from });
                }
            }
            self.store.flags[s] |= FLAG_CONTINUOUS;
        } else {
            if let Ok(i) = at {
                self.continuous.followed.remove(i);
            }
            self.store.flags[s] &= !FLAG_CONTINUOUS;
        }
        Ok(())
    }

    /// True when shape `id` is continuous ([`World::set_continuous`]). Fails on an id
    /// that is not live.
    pub fn is_continuous(&self, id: u32) -> Result<bool, WorldError> {
        self.check_id("id", id)?;
        Ok(self.store.flags[id as usize] & FLAG_CONTINUOUS != 0)
    }

    /// The sensors the continuous shapes entered between the last step and this one, in
    /// the order of the shapes' ids and, for each, in the order entered: `shapes[k]`
    /// entered `sensors[k]` at the fraction `t[k]` of its motion. A sensor it touched at
    /// the last step is not listed again; one it touches now is (and is in
    /// [`World::started`] too).
    #[must_use]
    pub fn step_crossings(&self) -> StepCrossings<'_> {
        let c = &self.continuous;
        StepCrossings {
            shapes: &c.shapes,
            sensors: &c.sensors,
            t: &c.ts,
        }
    }

    /// Forgets shape `id`'s path (it is being removed).
    pub(super) fn forget_continuous(&mut self, id: u32) {
        let followed = &mut self.continuous.followed;
        if let Ok(i) = followed.binary_search_by_key(&id, |f| f.id) {
            followed.remove(i);
        }
    }

    /// Some shape's sensor flag changed: the static sensors' tree must be built again.
    pub(super) fn sensors_changed(&mut self) {
        self.continuous.fixed_valid = false;
    }

    /// Follows the continuous shapes of a loaded snapshot from their loaded positions.
    pub(super) fn follow_loaded(&mut self) {
        let store = &self.store;
        let c = &mut self.continuous;
        c.fixed_valid = false;
        c.followed.clear();
        c.shapes.clear();
        c.sensors.clear();
        c.ts.clear();
        let wanted = FLAG_ALIVE | FLAG_CONTINUOUS;
        let followed = (store.flags.iter().enumerate())
            .filter(|&(_, &flags)| flags & wanted == wanted)
            .map(|(id, _)| Followed {
                id: id as u32,
                from: Vec2::new(store.xs[id], store.ys[id]),
            });
        c.followed.extend(followed);
    }

    /// Room for the most crossings the next step can list, and the lists of sensors (the
    /// static ones only when they may have changed), made before the step changes anything.
    pub(super) fn reserve_step_crossings(&mut self) -> Result<(), GrowError> {
        let c = &mut self.continuous;
        let most = c.followed.len() * MAX_STEP_CROSSINGS;
        c.shapes.clear();
        c.sensors.clear();
        c.ts.clear();
        if most == 0 || !self.store.sensors_seen {
            return Ok(());
        }
        grow::reserve(&mut c.shapes, most)?;
        grow::reserve(&mut c.sensors, most)?;
        grow::reserve(&mut c.ts, most)?;
        let store = &self.store;
        c.fixed_valid &= !self.statics_dirty;
        if !c.fixed_valid {
            c.fixed.list(store, &store.static_rows)?;
        }
        c.moving.list(store, &store.dynamic_rows)?;
        let count = c.fixed.ids.len().max(c.moving.ids.len());
        let missing = count.saturating_sub(c.indices.len());
        grow::reserve(&mut c.indices, missing)?;
        let next = c.indices.len() as u32..count as u32;
        c.indices.extend(next);
        Ok(())
    }

    /// The last phase of a step: each continuous shape cast from its position at the last
    /// step to its position now against the sensors, the ones entered listed, and its
    /// path begun anew. `touched_before` are the last step's pair keys, sorted. Allocates
    /// nothing once the sensor trees have grown to the world's sensors:
    /// [`World::reserve_step_crossings`] made the room for the rest.
    pub(super) fn cross_continuous(&mut self, touched_before: &[u64]) {
        if self.continuous.followed.is_empty() {
            return;
        }
        let mut c = core::mem::take(&mut self.continuous);
        let store = &self.store;
        let sensors = store.sensors_seen;
        if sensors && !c.fixed_valid {
            c.fixed.index(store, &c.indices);
            c.fixed_valid = true;
        }
        if sensors {
            c.moving.index(store, &c.indices);
        }
        for f in &mut c.followed {
            let s = f.id as usize;
            let to = Vec2::new(store.xs[s], store.ys[s]);
            let from = Transform::from_xy_angle(f.from.x, f.from.y, store.angles[s]);
            let delta = to - f.from;
            f.from = to;
            if delta == Vec2::ZERO || !sensors {
                continue;
            }
            let mut entered = [(0.0f32, 0u32); MAX_STEP_CROSSINGS];
            let sets = [&c.fixed, &c.moving];
            let count = self.sensors_entered(f.id, from, delta, sets, touched_before, &mut entered);
            for &(t, sensor) in &entered[..count] {
                c.shapes.push(f.id);
                c.sensors.push(sensor);
                c.ts.push(t);
            }
        }
        self.continuous = c;
    }

    /// The first sensors (of `sets`) that shape `id` enters moved from `from` by `delta`
    /// (within the world, so within a cast's reach), sorted by where it enters them (ties
    /// to the smaller id), those it touched at the last step left out: how many were
    /// written to `entered`.
    fn sensors_entered(
        &self,
        id: u32,
        from: Transform,
        delta: Vec2,
        sets: [&SensorSet; 2],
        touched_before: &[u64],
        entered: &mut [(f32, u32); MAX_STEP_CROSSINGS],
    ) -> usize {
        let store = &self.store;
        let row = store.row(id);
        let shape = &store.bodies[row].shape;
        let mover = Mover {
            shape,
            points: row_points(store, row),
            pose: from,
            compound: self.compound(id),
        };
        let start = shape.aabb(&from);
        let end = Aabb::new(start.min + delta, start.max + delta);
        let one_ways = self.one_ways.count() > 0;
        let mut count = 0;
        let mut visit = |sensor: u32| {
            let key = pair_key(id.min(sensor), id.max(sensor));
            if sensor == id
                || !store.filters_pass(id, sensor)
                || touched_before.binary_search(&key).is_ok()
            {
                return;
            }
            let at = (sensor, store.row(sensor));
            let Some((hit, _)) = self.cast_on(&mover, delta, at, one_ways) else {
                return;
            };
            // Kept sorted, the first MAX_STEP_CROSSINGS only.
            let item = (hit.t, sensor);
            let mut k = count.min(MAX_STEP_CROSSINGS - 1);
            if count == MAX_STEP_CROSSINGS && entered[k] <= item {
                return;
            }
            while k > 0 && entered[k - 1] > item {
                entered[k] = entered[k - 1];
                k -= 1;
            }
            entered[k] = item;
            count = (count + 1).min(MAX_STEP_CROSSINGS);
        };
        let swept = start.union(&end);
        for set in sets {
            set.query(&swept, &mut visit);
        }
        count
    }
}
