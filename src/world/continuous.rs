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
//! it from there to its position now, exactly, against the sensors. The step then lists,
//! in [`World::step_crossings`], every sensor entered along the way that the shape did not
//! touch at the last step, with the fraction of the motion where it entered it: the
//! bullet that skipped the coin collects it. The sensors a shape ends in are listed too
//! (and `started` reports them as well), so that the crossings alone name every sensor
//! entered, in order.
//!
//! The path is the straight translation between the two positions, at the shape's angle
//! now: a shape that turns as it moves is tested turned. A teleport is a motion like any
//! other; making the shape continuous again after the teleport
//! (`set_continuous(id, true)`) starts its next path where it is. The sensors are where
//! they are now, and they pass the step's layer filter with the shape.
//!
//! Only sensors matter, and a level has few of them among its shapes: the pass looks them
//! up in trees of their own (`sensor_index`) rather than walking the whole broad phase
//! along each path as a cast does (ten times slower with a tenth of the shapes sensors).
//! Shapes that are not continuous cost nothing: the pass runs over the followed shapes
//! only, kept sorted by id (so that the crossings come out in id order), and a world
//! without any skips it. At most [`MAX_STEP_CROSSINGS`] sensors per shape and step are
//! listed (the first ones along its path), and the room for the list and the index is
//! made before the step changes anything: out of memory is an error with the world
//! unchanged. A snapshot keeps the flag; a loaded world follows its continuous shapes from
//! their loaded positions.

use super::sensor_index::{SensorIndex, SensorMotion};
use super::{World, WorldError};
use crate::grow::{self, GrowError};
use crate::math::{Transform, Vec2};
use crate::store::{FLAG_ALIVE, FLAG_CONTINUOUS};

/// The most sensors one continuous shape reports per step: the first ones along its path.
pub const MAX_STEP_CROSSINGS: usize = 32;

/// A continuous shape and its position at the last step.
#[derive(Clone, Copy, Debug)]
struct Followed {
    id: u32,
    from: Vec2,
}

/// The followed shapes, sorted by id, the last step's crossings, and the sensors indexed
/// for the paths (shared with the sweeps).
#[derive(Clone, Debug, Default)]
pub(super) struct Continuous {
    followed: Vec<Followed>,
    shapes: Vec<u32>,
    sensors: Vec<u32>,
    ts: Vec<f32>,
    /// Some followed shape moved since the last step: only then does the step list and
    /// index the sensors, and walk the paths (a world whose continuous shapes stand still
    /// pays one look at each).
    any_path: bool,
    pub(super) index: SensorIndex,
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
        self.continuous.index.invalidate();
    }

    /// Follows the continuous shapes of a loaded snapshot from their loaded positions.
    pub(super) fn follow_loaded(&mut self) {
        let store = &self.store;
        let c = &mut self.continuous;
        c.index.invalidate();
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

    /// Room for the most crossings the next step can list, and the lists of sensors, made
    /// before the step changes anything.
    pub(super) fn reserve_step_crossings(&mut self) -> Result<(), GrowError> {
        let c = &mut self.continuous;
        let most = c.followed.len() * MAX_STEP_CROSSINGS;
        c.shapes.clear();
        c.sensors.clear();
        c.ts.clear();
        let store = &self.store;
        let moved =
            |f: &Followed| f.from != Vec2::new(store.xs[f.id as usize], store.ys[f.id as usize]);
        c.any_path = c.followed.iter().any(moved);
        if !c.any_path || !store.sensors_seen {
            // The static sensors' tree is not listed this step: it must still learn that
            // the statics changed, before the step forgets it.
            if self.statics_dirty {
                c.index.invalidate();
            }
            return Ok(());
        }
        grow::reserve(&mut c.shapes, most)?;
        grow::reserve(&mut c.sensors, most)?;
        grow::reserve(&mut c.ts, most)?;
        c.index.list(&self.store, self.statics_dirty)
    }

    /// The last phase of a step: each continuous shape cast from its position at the last
    /// step to its position now against the sensors, the ones entered listed, and its
    /// path begun anew. `touched_before` are the last step's pair keys, sorted. Allocates
    /// nothing once the sensor trees have grown to the world's sensors:
    /// [`World::reserve_step_crossings`] made the room for the rest.
    pub(super) fn cross_continuous(&mut self, touched_before: &[u64]) {
        if !self.continuous.any_path {
            // No followed shape moved: every path is empty, and starts where it was.
            return;
        }
        let mut c = core::mem::take(&mut self.continuous);
        let sensors = self.store.sensors_seen;
        if sensors {
            c.index.build(&self.store);
        }
        for f in &mut c.followed {
            let s = f.id as usize;
            let store = &self.store;
            let to = Vec2::new(store.xs[s], store.ys[s]);
            let motion = SensorMotion {
                id: f.id,
                from: Transform::from_xy_angle(f.from.x, f.from.y, store.angles[s]),
                delta: to - f.from,
                reach: 1.0,
                mask: u32::MAX,
                left_out: touched_before,
                between_steps: false,
            };
            f.from = to;
            if motion.delta == Vec2::ZERO || !sensors {
                continue;
            }
            self.sensors_entered(&motion, &mut c.index);
            for &(t, sensor) in c.index.hits().iter().take(MAX_STEP_CROSSINGS) {
                c.shapes.push(f.id);
                c.sensors.push(sensor);
                c.ts.push(t);
            }
        }
        self.continuous = c;
    }
}
