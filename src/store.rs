//! Structure-of-arrays storage for the shapes of a world, with a free list of slots.
//!
//! A shape's **id is its slot index**: every column is indexed by it, and a game can keep
//! `sprites[id]` in a plain JS array. Columns are split by how hot they are:
//!
//! - written by the game every frame: `xs`, `ys`, `angles` (these are the columns the
//!   zero-copy JavaScript views expose, so they must stay plain `f32` arrays);
//! - read by the narrow phase: `bodies`, each the shape's geometry (kind and parameters,
//!   a polygon's vertex buffer) next to the pose the last step used (position, cosine and
//!   sine), so that testing a candidate pair reads one record per shape rather than two
//!   columns (random reads: the pairs' ids are spatially unrelated);
//! - written by every step: the poses inside `bodies` and the cached world `aabbs`;
//! - cold: `layers`, `masks`, `flags`.
//!
//! Removing a shape pushes its slot on a free list; the next add reuses the most recently
//! freed slot first (LIFO), so ids stay dense and the columns stay short. A removed id is
//! invalid until it is issued again by an add.
//!
//! The store also keeps two compact id lists, `dynamic_ids` and `static_ids`, so that a
//! step iterates over moving shapes only and never touches a static one that did not move.
//!
//! This module owns data and its invariants; it does not know about pairs, broad phase or
//! narrow phase.

use crate::math::{Aabb, Transform, Vec2};
use crate::shape::Shape;

/// The slot holds a live shape.
pub const FLAG_ALIVE: u8 = 1;
/// The shape is static: it is never paired with another static shape and is only
/// re-indexed when it moves.
pub const FLAG_STATIC: u8 = 2;
/// The slot was (re)issued since the last step, so a pair reported by the last step with
/// this id belonged to a different shape.
pub const FLAG_FRESH: u8 = 4;

/// The shapes of a world, one slot per id, stored column by column.
#[derive(Clone, Debug, Default)]
pub struct ShapeStore {
    /// x of each shape's position, written by the game.
    pub xs: Vec<f32>,
    /// y of each shape's position, written by the game.
    pub ys: Vec<f32>,
    /// Angle of each shape in radians, written by the game.
    pub angles: Vec<f32>,
    /// Each shape's geometry and the transform it had at the last step (what pairs and
    /// queries refer to).
    pub bodies: Vec<Body>,
    /// The world bounding box each shape had at the last step.
    pub aabbs: Vec<Aabb>,
    /// Collision layer bits of each shape.
    pub layers: Vec<u32>,
    /// Which layers each shape collides with.
    pub masks: Vec<u32>,
    /// `FLAG_*` bits of each slot.
    pub flags: Vec<u8>,
    /// Position of each live shape inside `dynamic_ids` or `static_ids`.
    list_positions: Vec<u32>,
    /// Ids of the live moving shapes, in no particular order.
    pub dynamic_ids: Vec<u32>,
    /// Ids of the live static shapes, in no particular order.
    pub static_ids: Vec<u32>,
    /// Freed slots, reused last-in first-out.
    free_slots: Vec<u32>,
    /// Ids issued since the last step (their `FLAG_FRESH` is cleared by the step).
    pub fresh_ids: Vec<u32>,
    /// Bumped whenever the `xs`/`ys`/`angles` buffers move in memory or grow by a slot, so
    /// views over them know to rebuild.
    pub layout_version: u32,
}

/// A shape and its pose at the last step, stored together because the narrow phase
/// always reads both.
#[derive(Clone, Debug)]
pub struct Body {
    /// The transform the last step used.
    pub pose: Transform,
    /// Kind and parameters (a placeholder point in free slots).
    pub shape: Shape,
}

/// What is stored about a shape apart from its transform.
#[derive(Clone, Debug)]
pub struct SlotInit {
    /// The geometry.
    pub shape: Shape,
    /// Layer bits.
    pub layer: u32,
    /// Mask bits.
    pub mask: u32,
    /// Static or moving.
    pub is_static: bool,
}

impl ShapeStore {
    /// An empty store.
    #[must_use]
    pub fn new() -> ShapeStore {
        ShapeStore::default()
    }

    /// The number of slots (live or free): the length of every column.
    #[inline]
    #[must_use]
    pub fn slot_count(&self) -> usize {
        self.flags.len()
    }

    /// The number of live shapes.
    #[inline]
    #[must_use]
    pub fn live_count(&self) -> usize {
        self.dynamic_ids.len() + self.static_ids.len()
    }

    /// True when `id` names a live shape.
    #[inline]
    #[must_use]
    pub fn is_alive(&self, id: u32) -> bool {
        self.flags
            .get(id as usize)
            .is_some_and(|f| f & FLAG_ALIVE != 0)
    }

    /// True when `id` names a live static shape.
    #[inline]
    #[must_use]
    pub fn is_static(&self, id: u32) -> bool {
        self.flags
            .get(id as usize)
            .is_some_and(|f| f & (FLAG_ALIVE | FLAG_STATIC) == FLAG_ALIVE | FLAG_STATIC)
    }

    /// Stores a shape at `(x, y, angle)` and returns its id. The caller has validated
    /// everything.
    pub fn insert(&mut self, init: SlotInit, x: f32, y: f32, angle: f32) -> u32 {
        let pose = Transform::from_xy_angle(x, y, angle);
        let aabb = init.shape.aabb(&pose);
        let flags = FLAG_ALIVE | FLAG_FRESH | if init.is_static { FLAG_STATIC } else { 0 };
        let id = match self.free_slots.pop() {
            Some(id) => id,
            None => {
                let id = self.flags.len() as u32;
                self.xs.push(0.0);
                self.ys.push(0.0);
                self.angles.push(0.0);
                self.bodies.push(Body {
                    pose: Transform::IDENTITY,
                    shape: Shape::Point,
                });
                self.aabbs.push(Aabb::new(Vec2::ZERO, Vec2::ZERO));
                self.layers.push(0);
                self.masks.push(0);
                self.flags.push(0);
                self.list_positions.push(0);
                // The columns grew (and may have moved): views over them are stale.
                self.layout_version = self.layout_version.wrapping_add(1);
                id
            }
        };
        let slot = id as usize;
        self.xs[slot] = x;
        self.ys[slot] = y;
        self.angles[slot] = angle;
        self.bodies[slot] = Body {
            pose,
            shape: init.shape,
        };
        self.aabbs[slot] = aabb;
        self.layers[slot] = init.layer;
        self.masks[slot] = init.mask;
        self.flags[slot] = flags;
        let list = if init.is_static {
            &mut self.static_ids
        } else {
            &mut self.dynamic_ids
        };
        self.list_positions[slot] = list.len() as u32;
        list.push(id);
        self.fresh_ids.push(id);
        id
    }

    /// Frees the slot of a live shape. The caller has checked that `id` is alive.
    pub fn remove(&mut self, id: u32) {
        let slot = id as usize;
        let list = if self.flags[slot] & FLAG_STATIC != 0 {
            &mut self.static_ids
        } else {
            &mut self.dynamic_ids
        };
        let position = self.list_positions[slot] as usize;
        list.swap_remove(position);
        if let Some(&moved) = list.get(position) {
            self.list_positions[moved as usize] = position as u32;
        }
        self.flags[slot] = 0;
        // Drop the polygon's vertex buffers now rather than when the slot is reused.
        self.bodies[slot].shape = Shape::Point;
        self.free_slots.push(id);
    }

    /// Clears the "issued since the last step" marks.
    pub fn clear_fresh(&mut self) {
        for &id in &self.fresh_ids {
            self.flags[id as usize] &= !FLAG_FRESH;
        }
        self.fresh_ids.clear();
    }

    /// Checks the store's invariants; used by tests after every operation.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.slot_count();
        for column in [
            self.xs.len(),
            self.ys.len(),
            self.angles.len(),
            self.bodies.len(),
            self.aabbs.len(),
            self.layers.len(),
            self.masks.len(),
            self.list_positions.len(),
        ] {
            if column != n {
                return Err(format!("column length {column} != slot count {n}"));
            }
        }
        for (list, want_static) in [(&self.dynamic_ids, false), (&self.static_ids, true)] {
            for (position, &id) in list.iter().enumerate() {
                let slot = id as usize;
                if !self.is_alive(id) || self.is_static(id) != want_static {
                    return Err(format!(
                        "id {id} listed with wrong flags {}",
                        self.flags[slot]
                    ));
                }
                if self.list_positions[slot] as usize != position {
                    return Err(format!("id {id} has a stale list position"));
                }
            }
        }
        let live = self.flags.iter().filter(|f| *f & FLAG_ALIVE != 0).count();
        if live != self.live_count() || live + self.free_slots.len() != n {
            return Err(format!(
                "{live} live, {} listed, {} free, {n} slots",
                self.live_count(),
                self.free_slots.len()
            ));
        }
        Ok(())
    }
}
