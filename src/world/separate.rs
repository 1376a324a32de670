//! Batched separation: push overlapping shapes apart in one call, for the crowds of a
//! top-down game (enemies, units and players that must not stack), from the contacts the
//! last step found.
//!
//! Position-based, as a game without a physics engine wants it: each pair's normal and
//! depth come from the step; a few Gauss-Seidel sweeps over the pairs, in the step's sorted
//! order, each pushing the pair's two shapes apart along its normal by what is left of its
//! depth (the step's depth less what earlier pushes already separated, linearised along the
//! normal), shared by their inverse weights. Statics, and shapes left out of `ids`, have
//! none: they never move, and their partner takes the whole push. A boss of weight 100
//! takes a hundredth of what a minion of weight 1 does. Then the new positions are written,
//! as `set_transform` would (angles kept): queries see them at once, the next step pairs
//! from them.
//!
//! What it does not do: find new pairs (a push into a third shape is seen by the next
//! step), turn shapes, or move sensors, one-way shapes and grids, whose pairs are
//! skipped (a trigger is not an obstacle; a one-way platform's pairs say nothing about
//! which way to push). Deterministic: the pairs' order is the step's, the sums are in it.

use super::{World, WorldError, MAX_COORDINATE};
use crate::math::Vec2;
use crate::store::{FLAG_ALIVE, FLAG_FRESH, FLAG_SENSOR};

/// The most sweeps over the pairs one call may ask.
pub const MAX_SEPARATE_ITERATIONS: u32 = 16;

/// The inverse weight of a shape whose pairs are skipped (a sensor, a one-way shape, a grid,
/// or one issued since the step), read once per call rather than once per pair and sweep.
const SKIPPED: f32 = -1.0;

/// The buffers of [`World::separate`], reused by every call.
#[derive(Clone, Debug, Default)]
pub(super) struct Separation {
    /// The inverse weight of each shape, by id (0: never moves; [`SKIPPED`]: its pairs are
    /// skipped).
    inverse_weights: Vec<f32>,
    /// The displacement of each shape so far, by id.
    moves: Vec<Vec2>,
    /// The shapes given a displacement, in the order first pushed.
    moved: Vec<u32>,
}

impl World {
    /// Pushes the overlapping shapes of the last step's pairs apart, `iterations` sweeps
    /// over the pairs (1 to [`MAX_SEPARATE_ITERATIONS`]; 4 leaves a crowd with little
    /// overlap), and writes their new positions; returns how many shapes moved. See the
    /// module docs.
    ///
    /// `ids` lists the shapes that may move (`None`: every shape that is not static);
    /// `weights`, parallel to `ids`, their weights (default 1; a heavier shape is pushed
    /// less). Fails, moving nothing, on an id that is not live (naming `ids`), `weights`
    /// without `ids` or not as long, a weight that is not a positive finite number, or
    /// `iterations` out of range.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let a = world.add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// let b = world.add(Shape::circle(1.0).unwrap(), 1.0, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// world.step().unwrap();
    /// assert_eq!(world.separate(None, None, 4).unwrap(), 2);
    /// // Each moved half the overlap of 1.
    /// assert_eq!(world.transform(a).unwrap().0, -0.5);
    /// assert_eq!(world.transform(b).unwrap().0, 1.5);
    /// ```
    pub fn separate(
        &mut self,
        ids: Option<&[u32]>,
        weights: Option<&[f32]>,
        iterations: u32,
    ) -> Result<usize, WorldError> {
        if !(1..=MAX_SEPARATE_ITERATIONS).contains(&iterations) {
            return Err(WorldError::InvalidValue {
                arg: "opts.iterations",
                expected: "an integer from 1 to 16",
                value: iterations as f32,
            });
        }
        if let Some(weights) = weights {
            let expected = ids.map_or(0, <[u32]>::len);
            if weights.len() != expected {
                return Err(WorldError::LengthMismatch {
                    arg: "opts.weights",
                    expected,
                    actual: weights.len(),
                });
            }
            if let Some(&w) = weights.iter().find(|w| !(w.is_finite() && **w > 0.0)) {
                return Err(WorldError::InvalidValue {
                    arg: "opts.weights",
                    expected: "positive finite numbers",
                    value: w,
                });
            }
        }
        for &id in ids.unwrap_or(&[]) {
            self.check_id("ids", id)?;
        }
        let mut s = core::mem::take(&mut self.separation);
        let n = self.store.slot_count();
        s.inverse_weights.clear();
        s.inverse_weights.resize(n, 0.0);
        s.moves.clear();
        s.moves.resize(n, Vec2::ZERO);
        s.moved.clear();
        let store = &self.store;
        match ids {
            None => {
                for (id, w) in s.inverse_weights.iter_mut().enumerate() {
                    *w = f32::from(u8::from(
                        store.is_alive(id as u32) && !store.is_static(id as u32),
                    ));
                }
            }
            Some(ids) => {
                for (k, &id) in ids.iter().enumerate() {
                    let weight = weights.map_or(1.0, |w| w[k]);
                    let movable = !store.is_static(id);
                    s.inverse_weights[id as usize] = if movable { 1.0 / weight } else { 0.0 };
                }
            }
        }
        let pairs = self.pairs();
        let contacts = self.contacts();
        // While no shape is one-way and no grid exists, the flags alone say.
        let tables = self.one_ways.count() + self.grids.count() > 0;
        for &id in pairs {
            if !self.separable(id, tables) {
                s.inverse_weights[id as usize] = SKIPPED;
            }
        }
        for _ in 0..iterations {
            for (pair, c) in pairs.chunks_exact(2).zip(contacts.chunks_exact(3)) {
                let (a, b) = (pair[0] as usize, pair[1] as usize);
                let (wa, wb) = (s.inverse_weights[a], s.inverse_weights[b]);
                if wa < 0.0 || wb < 0.0 || wa + wb == 0.0 {
                    continue;
                }
                let normal = Vec2::new(c[0], c[1]);
                let left = c[2] - (s.moves[b] - s.moves[a]).dot(normal);
                if left <= 0.0 {
                    continue;
                }
                let push = normal * (left / (wa + wb));
                for (id, share) in [(a, -wa), (b, wb)] {
                    if share != 0.0 {
                        if s.moves[id] == Vec2::ZERO {
                            s.moved.push(id as u32);
                        }
                        s.moves[id] += push * share;
                    }
                }
            }
        }
        let mut count = 0;
        for k in 0..s.moved.len() {
            let id = s.moved[k];
            let i = id as usize;
            let d = s.moves[i];
            let (x, y, angle) = (self.store.xs[i], self.store.ys[i], self.store.angles[i]);
            let to = |v: f32| v.clamp(-MAX_COORDINATE, MAX_COORDINATE);
            if d != Vec2::ZERO && (x + d.x).is_finite() && (y + d.y).is_finite() {
                self.write_transform(id, to(x + d.x), to(y + d.y), angle);
                count += 1;
            }
        }
        self.separation = s;
        Ok(count)
    }

    /// True when shape `id` of the last step's pairs is still that shape, and pushes and is
    /// pushed: not a sensor, one-way or a grid (`tables`: the world may hold those two).
    fn separable(&self, id: u32, tables: bool) -> bool {
        let f = self.store.flags[id as usize];
        f & (FLAG_ALIVE | FLAG_FRESH | FLAG_SENSOR) == FLAG_ALIVE
            && !(tables && (self.one_ways.get(id).is_some() || self.grids.get(id).is_some()))
    }
}
