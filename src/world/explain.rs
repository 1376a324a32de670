//! Why two shapes do or do not touch: [`World::explain`], the answer to the commonest
//! question about any collision library ("why did no collision fire?").
//!
//! It walks the step's own decisions, in the step's order, and stops at the first that
//! keeps the pair out (or finds it touching):
//!
//! 1. **Removed** or **stale**: an id of no live shape, or a live id whose generation is
//!    not the one the game saved (the id was reissued to another shape).
//! 2. **Not stepped**: a shape added since the last step, or whose transform was written
//!    since (the step has not seen it there yet; results and queries describe the world as
//!    the last step saw it).
//! 3. **Both static**: static shapes are never paired with each other.
//! 4. **Layer and mask**: `(layer_a & mask_b) != 0 && (layer_b & mask_a) != 0` fails; the
//!    side whose mask rejects the other's layer is named (or both).
//! 5. **Boxes apart**: the broad phase never offers the pair; the gap between the boxes
//!    the step used.
//! 6. **Separated** or **touching**: the exact test. Separated gives the gap and the
//!    direction from A to B along which it is measured (the shapes' distance, through
//!    their nearest pieces: `distance.rs`); touching gives the normal (from A to B) and
//!    depth, as `pairs()` and `contacts()` report them when the pair is among the last
//!    step's, the cell of a tile grid's contact, and whether a shape is one-way (the step
//!    reports one-way pairs like any other; casts and the mover are what pass them).
//!
//! Layers, masks, one-way directions and tiles are read as they are now (what the next
//! step will read); poses as the last step saw them. Nothing is computed unless asked, and
//! an explanation allocates nothing.

use super::distance::{box_gap, gap, Gap};
use super::events::pair_key;
use super::pieces::deepest_pieces;
use super::World;
use crate::math::{Transform, Vec2};
use crate::store::FLAG_FRESH;

/// Which of the two shapes a reason is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first shape, `a`.
    A,
    /// The second shape, `b`.
    B,
    /// Both.
    Both,
}

impl Side {
    /// The side of two conditions about `a` and `b`, `None` when neither holds.
    fn of(a: bool, b: bool) -> Option<Side> {
        match (a, b) {
            (true, true) => Some(Side::Both),
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            (false, false) => None,
        }
    }
}

/// Why two shapes do or do not touch (see the module docs for the order of the reasons).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Explanation {
    /// The id names no live shape.
    Removed {
        /// Which id.
        side: Side,
    },
    /// The id names a live shape, but not the one of the generation given: it was removed
    /// and the id reissued.
    Stale {
        /// Which id.
        side: Side,
    },
    /// Added, or moved, since the last step: the step has not seen it where it is.
    NotStepped {
        /// Which shape.
        side: Side,
    },
    /// Both shapes are static: they are never paired.
    BothStatic,
    /// A mask rejects the other's layer.
    LayerMask {
        /// Whose mask: `A` when `layer_b & mask_a == 0`, `B` when `layer_a & mask_b == 0`.
        side: Side,
    },
    /// The boxes the step used do not overlap: the broad phase never offers the pair.
    BoxesApart {
        /// The distance between the boxes.
        gap: f32,
    },
    /// The boxes overlap, but the shapes do not touch.
    Separated {
        /// The unit direction from A to B along which they are apart.
        normal: Vec2,
        /// How far apart they are (their distance).
        gap: f32,
    },
    /// They touch: the step pairs them.
    Touching {
        /// The unit normal from A to B (moving B by `normal × depth` separates them).
        normal: Vec2,
        /// How deep they overlap.
        depth: f32,
        /// The cell of the contact on a tile grid (`row × cols + col`), or
        /// [`NO_CELL`](super::NO_CELL).
        cell: u32,
        /// One of the two is one-way: casts, sweeps, rays and the mover may pass it.
        one_way: bool,
    },
}

impl World {
    /// True when `id` is live and the last step saw it where it is: not added since, and
    /// its transform not written since.
    fn stepped_as_is(&self, id: u32) -> bool {
        let s = id as usize;
        let store = &self.store;
        if store.flags[s] & FLAG_FRESH != 0 {
            return false;
        }
        let now = (store.xs[s], store.ys[s], store.angles[s]);
        let bits = |t: (f32, f32, f32)| [t.0.to_bits(), t.1.to_bits(), t.2.to_bits()];
        if store.is_static(id) {
            // A static's pose is refreshed from its columns by the step after a write.
            let pose = &store.bodies[store.row(id)].pose;
            let read = Transform::from_xy_angle(now.0, now.1, now.2);
            let pose_bits = |t: &Transform| {
                let (p, r) = (t.translation, t.rotation);
                [p.x, p.y, r.cos, r.sin].map(f32::to_bits)
            };
            return now.0.is_finite() && now.1.is_finite() && pose_bits(&read) == pose_bits(pose);
        }
        self.resting
            .last_transform(id)
            .is_some_and(|last| bits(last) == bits(now))
    }

    /// Why shapes `a` and `b` do or do not touch, in the order the step decides (see the
    /// module docs). `generations`, when given, are the generations the game saved with
    /// the ids (see [`World::generation`]): a live id of another generation is
    /// [`Explanation::Stale`]. Any ids are accepted (an id of no shape is
    /// [`Explanation::Removed`]), but not the same id twice.
    ///
    /// ```
    /// use sepax::world::{Explanation, Side};
    /// use sepax::{Shape, ShapeOptions, World};
    /// let mut world = World::new();
    /// let player = ShapeOptions { layer: 1, mask: 2, ..ShapeOptions::default() };
    /// let coin = ShapeOptions { layer: 4, ..ShapeOptions::default() };
    /// let a = world.add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, player).unwrap();
    /// let b = world.add(Shape::circle(1.0).unwrap(), 1.0, 0.0, 0.0, coin).unwrap();
    /// world.step().unwrap();
    /// // The player's mask (2) has no bit of the coin's layer (4).
    /// assert_eq!(world.explain(a, b, None).unwrap(), Explanation::LayerMask { side: Side::A });
    /// ```
    pub fn explain(
        &self,
        a: u32,
        b: u32,
        generations: Option<(Option<u32>, Option<u32>)>,
    ) -> Result<Explanation, super::WorldError> {
        if a == b {
            return Err(super::WorldError::InvalidValue {
                arg: "b",
                expected: "another id than a",
                value: b as f32,
            });
        }
        let store = &self.store;
        if let Some(side) = Side::of(!store.is_alive(a), !store.is_alive(b)) {
            return Ok(Explanation::Removed { side });
        }
        let (gen_a, gen_b) = generations.unwrap_or_default();
        let stale =
            |id, generation: Option<u32>| generation.is_some_and(|g| g != store.generation(id));
        if let Some(side) = Side::of(stale(a, gen_a), stale(b, gen_b)) {
            return Ok(Explanation::Stale { side });
        }
        if let Some(side) = Side::of(!self.stepped_as_is(a), !self.stepped_as_is(b)) {
            return Ok(Explanation::NotStepped { side });
        }
        if store.is_static(a) && store.is_static(b) {
            return Ok(Explanation::BothStatic);
        }
        let (layer_a, mask_a) = (store.layers[a as usize], store.masks[a as usize]);
        let (layer_b, mask_b) = (store.layers[b as usize], store.masks[b as usize]);
        if let Some(side) = Side::of(layer_b & mask_a == 0, layer_a & mask_b == 0) {
            return Ok(Explanation::LayerMask { side });
        }
        let (pa, pb) = (self.placed(a), self.placed(b));
        if !pa.2.overlaps(pb.2) {
            return Ok(Explanation::BoxesApart {
                gap: box_gap(pa.2, pb.2),
            });
        }
        let one_way = self.one_ways.get(a).is_some() || self.one_ways.get(b).is_some();
        match gap(pa, pb, f32::INFINITY) {
            Gap::Apart(s) => {
                let along = s.point_b - s.point_a;
                let normal = along.normalize_or_zero();
                Ok(Explanation::Separated {
                    normal,
                    gap: s.distance,
                })
            }
            // Nothing to measure (a grid without solid cells): apart, infinitely.
            Gap::Beyond => Ok(Explanation::Separated {
                normal: Vec2::ZERO,
                gap: f32::INFINITY,
            }),
            Gap::Touching => {
                // As the last step reported it, when it holds the pair (its normal from the
                // smaller id to the larger; `previous_keys` are its pairs' keys, in order).
                let key = pair_key(a.min(b), a.max(b));
                let sign = if a < b { 1.0 } else { -1.0 };
                if let Ok(k) = self.previous_keys.binary_search(&key) {
                    let c = &self.contacts[3 * k..3 * k + 3];
                    let cell = self.contact_points.published_cells.get(k).copied();
                    return Ok(Explanation::Touching {
                        normal: Vec2::new(c[0], c[1]) * sign,
                        depth: c[2],
                        cell: cell.unwrap_or(super::NO_CELL),
                        one_way,
                    });
                }
                let deepest = deepest_pieces(pa.0, pa.1, pa.2, pb.0, pb.1, pb.2);
                let (normal, depth, cell) = deepest
                    .map_or((Vec2::ZERO, 0.0, super::NO_CELL), |d| {
                        (d.contact.normal, d.contact.depth, d.cell)
                    });
                Ok(Explanation::Touching {
                    normal,
                    depth,
                    cell,
                    one_way,
                })
            }
        }
    }
}
