//! Sensors: shapes that report what touches them and stop nothing, for coins, kill zones,
//! goal lines, water and ladders.
//!
//! A sensor ([`World::set_sensor`]) is a flag on the shape (`FLAG_SENSOR`, kept in
//! snapshots with the other flags). It changes only the answers about **motion**: move and
//! slide, casts, sweeps and rays never meet it (a trigger must not block the character that
//! walks into it, nor a line of sight). The **step** reports its pairs like any other's, so
//! that `started()` says "the player entered the water", and the **overlap queries**
//! (`query_point`, `query_aabb`, `query_shape`) find it: they answer "what is here". Two
//! sensors touching each other are a pair too; a game that does not want them puts sensors
//! on a layer of their own (the layer filter decides pairs, not this flag).
//!
//! The flag is read where a motion accepts a shape (`World::blocks`): one byte of a
//! column the filter reads beside, for each candidate.
//!
//! ## Crossings
//!
//! A move reports the sensors its path crossed, in order, with the fraction of the path
//! where it entered each ([`World::move_crossings`]): a coin collected by a character
//! that slid past it, not only one it ends in. The path is the polyline of the move's
//! waypoints (each slide's push out, each round of cast and clip, its solve; the carry, the
//! step and the snap are slides too), and each straight piece is cast against the sensors
//! exactly (`cross_sensors`), the found ones left out of the next casts, so that a sensor
//! is reported once, where it was first entered. A sweep reports, per item, the sensors
//! crossed before its hit ([`World::sweep_crossings`]): the bullet that skips a coin
//! between two frames collects it (the "fast sensor" events Box2D gave up on,
//! erincatto/box2d#953). Only once some shape was made a sensor
//! (`ShapeStore::sensors_seen`): a world without sensors pays nothing.

use super::casts::{row_points, CastBuffers, Mover as CastMover};
use super::{World, WorldError};
use crate::math::{Transform, Vec2};
use crate::store::FLAG_SENSOR;

impl World {
    /// Makes shape `id` a sensor (`true`: reported by the step and found by queries, never
    /// met by moves, casts, sweeps or rays) or a solid shape again (`false`, as every shape
    /// is when added). Fails on an id that is not live.
    ///
    /// ```
    /// use sepax::world::MoveOptions;
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let coin = world.add(Shape::circle(0.5).unwrap(), 3.0, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// world.set_sensor(coin, true).unwrap();
    /// let player = world.add(Shape::circle(0.5).unwrap(), 0.0, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// world.step().unwrap();
    /// // The player walks through the coin, and the step reports the pair.
    /// let moved = world.move_and_slide(player, Vec2::new(3.0, 0.0), &MoveOptions::default()).unwrap();
    /// assert_eq!(moved.position, Vec2::new(3.0, 0.0));
    /// assert_eq!(world.step().unwrap(), 1);
    /// ```
    pub fn set_sensor(&mut self, id: u32, sensor: bool) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        let flags = &mut self.store.flags[id as usize];
        *flags = (*flags & !FLAG_SENSOR) | (u8::from(sensor) * FLAG_SENSOR);
        self.store.sensors_seen |= sensor;
        self.sensors_changed();
        Ok(())
    }

    /// True when shape `id` is a sensor ([`World::set_sensor`]). Fails on an id that is not
    /// live.
    pub fn is_sensor(&self, id: u32) -> Result<bool, WorldError> {
        self.check_id("id", id)?;
        Ok(self.store.flags[id as usize] & FLAG_SENSOR != 0)
    }
}

/// The most sensors one move reports (the room its buffers are given once, so that the JS
/// views over them never move): the first ones along the path.
pub const MAX_MOVE_CROSSINGS: usize = 32;

/// The sensors a motion crossed, in order along it: ids and where each was entered.
#[derive(Clone, Debug, Default)]
pub(super) struct Crossings {
    pub(super) ids: Vec<u32>,
    pub(super) ts: Vec<f32>,
}

impl Crossings {
    pub(super) fn clear(&mut self) {
        self.ids.clear();
        self.ts.clear();
    }
}

/// The sensors crossed by the items of a sweep ([`World::sweep_crossings`]), parallel.
#[derive(Clone, Copy, Debug)]
pub struct SweepCrossings<'a> {
    /// The item (its index in the sweep's `ids`) of each crossing.
    pub items: &'a [u32],
    /// The sensor crossed.
    pub ids: &'a [u32],
    /// Where along the item's motion it entered the sensor (0 to the item's `t`).
    pub t: &'a [f32],
}

/// One straight motion of shape `id` from `pose` by `delta`, up to the fraction `reach`
/// of it, meeting the sensors on a layer in `mask` and every shape on a layer in `cross`
/// (a move's crossed layers), those that pass the step's filter with it.
pub(super) struct SensorPath {
    pub(super) id: u32,
    pub(super) pose: Transform,
    pub(super) delta: Vec2,
    pub(super) reach: f32,
    pub(super) mask: u32,
    pub(super) cross: u32,
}

impl World {
    /// Appends to `out` the sensors `path` crosses that are not in `out.ids[from..]` yet,
    /// in the order it enters them (ties to the smaller id), up to its reach and until `out`
    /// holds `cap`; each entered at the fraction `t` of the motion is recorded at
    /// `t0 + span × t`.
    ///
    /// One exact cast among the sensors per crossing, each leaving out those found: the
    /// cast's broad-phase walk visits only the boxes along the path, so a motion that
    /// passes no sensor costs one walk that finds nothing to cast against.
    pub(super) fn cross_sensors(
        &self,
        path: &SensorPath,
        from: usize,
        (t0, span): (f32, f32),
        cap: usize,
        out: &mut Crossings,
    ) {
        if path.delta == Vec2::ZERO {
            return;
        }
        let store = &self.store;
        let row = store.row(path.id);
        let mover = CastMover {
            shape: &store.bodies[row].shape,
            points: row_points(store, row),
            pose: path.pose,
            compound: self.compound(path.id),
        };
        while out.ids.len() < cap {
            let found = &out.ids[from..];
            let accepts = |other: u32| {
                let o = other as usize;
                let layer = store.layers[o];
                let sensor = store.flags[o] & FLAG_SENSOR != 0 && layer & path.mask != 0;
                other != path.id
                    && (sensor || layer & path.cross != 0)
                    && store.filters_pass(path.id, other)
                    && !found.contains(&other)
            };
            let Some(hit) = self
                .cast_mover(&mover, path.delta, &accepts)
                .filter(|hit| hit.hit.t <= path.reach)
            else {
                break;
            };
            out.ids.push(hit.id);
            out.ts.push(t0 + span * hit.hit.t);
        }
    }

    /// Sweep item `i` (shape `id` from `pose` by `delta`, its result written to `out`): the
    /// sensors it crosses before its hit, appended to `out`'s crossings with `t` as the
    /// sweep's (the fraction of `delta`).
    pub(super) fn cross_before_hit(
        &self,
        i: usize,
        id: u32,
        pose: Transform,
        delta: Vec2,
        mask: u32,
        out: &mut CastBuffers,
    ) {
        // The whole motion, the hits beyond the item's own left out: one stopped at its
        // start still reports the sensors it starts in.
        let path = SensorPath {
            id,
            pose,
            delta,
            reach: out.ts[i],
            mask,
            cross: 0,
        };
        let from = out.crossings.ids.len();
        self.cross_sensors(&path, from, (0.0, 1.0), usize::MAX, &mut out.crossings);
        out.crossing_items.resize(out.crossings.ids.len(), i as u32);
    }

    /// The sensors each item of the last [`World::sweep`] crossed before its hit (or its
    /// whole motion), grouped by item in order and in the order entered within each:
    /// `items[k]` the item, `ids[k]` the sensor, `t[k]` the fraction of the item's motion
    /// where it entered (as the sweep's `t`; a sensor it starts in at 0). Sensors are
    /// those on a layer in the sweep's mask that pass the step's filter with the shape.
    #[must_use]
    pub fn sweep_crossings(&self) -> SweepCrossings<'_> {
        let c = &self.casts;
        SweepCrossings {
            items: &c.crossing_items,
            ids: &c.crossings.ids,
            t: &c.crossings.ts,
        }
    }

    /// The sensors the last [`World::move_and_slide`] crossed, in order along its path
    /// (at most [`MAX_MOVE_CROSSINGS`]): those on a layer in its mask that pass the step's
    /// filter with the mover, including those it started in (at `t = 0`).
    #[must_use]
    pub fn move_crossings(&self) -> &[u32] {
        &self.mover.crossings.ids
    }

    /// Where the last move entered each sensor of [`World::move_crossings`]: the fraction
    /// of its path's length (the path of every slide it made, from 0 to 1).
    #[must_use]
    pub fn move_crossing_ts(&self) -> &[f32] {
        &self.mover.crossings.ts
    }
}
