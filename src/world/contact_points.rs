//! Contact points in the step, opt-in per world ([`WorldOptions::contact_points`]).
//!
//! When on, the narrow phase computes each found pair's
//! [`Manifold`](crate::narrow_phase::Manifold) right after its contact, while both shapes'
//! data are still in the cache, and writes it (flat, straight into its slot) in a buffer
//! parallel to the found pairs; the pair records only its index (`slot`, in what was
//! padding of the pair record, so the record does not grow and the default step sorts
//! exactly as many bytes as before). The output phase copies each published pair's seven
//! floats in pair order, so the published buffer is parallel to `pairs()`:
//! `[count, x0, y0, d0, x1, y1, d1]` per pair, unused slots 0.
//!
//! Pairs carried from the last step between resting or unmoved static shapes (see
//! `resting`) carry their points too: the last published points of that pair are copied,
//! which equals recomputing them, because the manifold is a pure function of the two
//! shapes, their poses and the contact, all unchanged (the twin test in
//! `tests/world_oracle.rs` compares the bits with a world that re-tests everything).
//!
//! When off, the only costs are a predictable branch per found pair and per published
//! pair. Every buffer is reused: a steady-state step allocates nothing either way. The
//! buffers grow fallibly, room made before the loops that fill them (see `crate::grow`).
//!
//! The **cells** of a world's pairs with tile grids (`tiles.rs`) ride the same slots: while
//! the world holds a grid, each found pair records the cell of its deepest contact
//! ([`NO_CELL`](super::NO_CELL) without a grid), carried pairs copy theirs, and the
//! output publishes them parallel to `pairs()`. A world without grids records none.

use crate::grow::{self, GrowError};
use crate::math::{Transform, Vec2};
use crate::narrow_phase::manifold::manifold_into;
use crate::narrow_phase::{Contact, MANIFOLD_STRIDE};
use crate::shape::Shape;

/// Settings given when a world is created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorldOptions {
    /// Compute one or two contact points per pair at every step
    /// ([`World::contact_points`](super::World::contact_points)). Off by default, so that
    /// a step costs what it did without them. Fixed for the world's life.
    pub contact_points: bool,
    /// The most pairs a step may find: a step that finds more fails with
    /// [`WorldError::TooManyPairs`](super::WorldError::TooManyPairs), keeping the last
    /// step's results, before it has stored them all. `None` (the default): no limit but
    /// memory ([`WorldError::OutOfMemory`](super::WorldError::OutOfMemory)). Changed
    /// later by [`World::set_max_pairs`](super::World::set_max_pairs).
    pub max_pairs: Option<usize>,
}

/// Replacement buffers for the published points and cells (see
/// [`ContactPoints::room_to_publish`]).
pub(super) type PublishRoom = (Option<Vec<f32>>, Option<Vec<u32>>);

/// Marks a slot that indexes the carried points rather than the tested ones.
const CARRIED: u32 = 1 << 31;

/// The contact point buffers of a world.
#[derive(Clone, Debug, Default)]
pub(super) struct ContactPoints {
    pub(super) enabled: bool,
    /// Parallel to the published pairs, [`MANIFOLD_STRIDE`] floats each.
    pub(super) published: Vec<f32>,
    /// The manifolds of this step's tested pairs, in the order they were found.
    tested: Vec<[f32; MANIFOLD_STRIDE]>,
    /// The points of this step's carried pairs, in carried order.
    carried: Vec<[f32; MANIFOLD_STRIDE]>,
    /// `enabled` or `cells`, set at each step's start: the one flag a pair reads when
    /// neither is on.
    any: bool,
    /// The world holds a tile grid: pairs record their cells (see the module docs).
    pub(super) cells: bool,
    /// Parallel to the published pairs while `cells`.
    pub(super) published_cells: Vec<u32>,
    /// The cells of this step's tested and carried pairs, as `tested` and `carried`.
    tested_cells: Vec<u32>,
    carried_cells: Vec<u32>,
}

impl ContactPoints {
    /// Forgets the last step's tested and carried points (not the published ones, which
    /// the carried pairs copy from).
    #[inline]
    pub(super) fn begin_step(&mut self, cells: bool) {
        self.cells = cells;
        self.any = self.enabled | cells;
        self.tested.clear();
        self.carried.clear();
        self.tested_cells.clear();
        self.carried_cells.clear();
    }

    /// True when found pairs need a slot: the world computes contact points or records
    /// cells.
    #[inline]
    pub(super) fn any(&self) -> bool {
        self.any
    }

    /// Makes room for the manifolds of `tested` more tested pairs and `carried` more
    /// carried ones (when enabled), so that [`ContactPoints::test`] and
    /// [`ContactPoints::carry`] never grow a buffer.
    #[inline]
    pub(super) fn reserve(&mut self, tested: usize, carried: usize) -> Result<(), GrowError> {
        if self.enabled {
            grow::reserve(&mut self.tested, tested)?;
            grow::reserve(&mut self.carried, carried)?;
        }
        if self.cells {
            grow::reserve(&mut self.tested_cells, tested)?;
            grow::reserve(&mut self.carried_cells, carried)?;
        }
        Ok(())
    }

    /// Frees the tested and carried points (after a step that failed: they may hold the
    /// most pairs of any step).
    pub(super) fn release_scratch(&mut self) {
        self.tested = Vec::new();
        self.carried = Vec::new();
        self.tested_cells = Vec::new();
        self.carried_cells = Vec::new();
    }

    /// The slot of a tested pair: its manifold, computed and kept when enabled, and its
    /// cell when the world records cells (call only when [`ContactPoints::any`], after
    /// [`ContactPoints::reserve`]).
    // Out of line, so that the compiler cannot copy the whole narrow-phase loop (with its
    // inlined kernels) into an "on" and an "off" version: that doubled the loop in wasm.
    //
    // Every argument a scalar or a pointer, so that the wasm passes them as parameters: a
    // tuple or a reference to the contact is written to memory by the caller and read back.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn test(
        &mut self,
        shape_a: &Shape,
        points_a: &[Vec2],
        pose_a: &Transform,
        shape_b: &Shape,
        points_b: &[Vec2],
        pose_b: &Transform,
        nx: f32,
        ny: f32,
        depth: f32,
        cell: u32,
    ) -> u32 {
        // The two lists grow together, or only one of them does.
        let slot = self.tested.len().max(self.tested_cells.len());
        if self.cells {
            self.tested_cells.push(cell);
        }
        if self.enabled {
            let contact = Contact {
                normal: Vec2::new(nx, ny),
                depth,
            };
            // Written in place (see `manifold_into`).
            self.tested.push([0.0; MANIFOLD_STRIDE]);
            let (a, b) = ((shape_a, points_a, pose_a), (shape_b, points_b, pose_b));
            manifold_into(a, b, &contact, &mut self.tested[slot]);
        }
        slot as u32
    }

    /// The slot of the last step's pair number `index`, carried: its published points
    /// (after [`ContactPoints::reserve`]).
    #[inline]
    pub(super) fn carry(&mut self, index: usize) -> u32 {
        if !self.any {
            return 0;
        }
        let slot = self.carried.len().max(self.carried_cells.len());
        if self.cells {
            // A pair published before the world held a grid has no cell recorded.
            let cell = self.published_cells.get(index).copied();
            self.carried_cells.push(cell.unwrap_or(super::NO_CELL));
        }
        if self.enabled {
            let at = index * MANIFOLD_STRIDE;
            let mut points = [0.0; MANIFOLD_STRIDE];
            points.copy_from_slice(&self.published[at..at + MANIFOLD_STRIDE]);
            self.carried.push(points);
        }
        slot as u32 | CARRIED
    }

    /// Buffers for the points and cells of `pairs` published pairs, when the published ones
    /// are too small (see [`grow::replacement`]): allocated before the last step's points
    /// and cells are touched, so that a failure keeps them.
    pub(super) fn room_to_publish(&self, pairs: usize) -> Result<PublishRoom, GrowError> {
        let points = if self.enabled {
            grow::replacement(&self.published, pairs * MANIFOLD_STRIDE)?
        } else {
            None
        };
        let cells = if self.cells {
            grow::replacement(&self.published_cells, pairs)?
        } else {
            None
        };
        Ok((points, cells))
    }

    /// Starts publishing a step's points and cells, into `room` where the published buffers
    /// were too small (see [`ContactPoints::room_to_publish`]).
    #[inline]
    pub(super) fn begin_publish(&mut self, room: PublishRoom) {
        grow::clear_into(&mut self.published, room.0);
        grow::clear_into(&mut self.published_cells, room.1);
    }

    /// Appends the points of the pair with `slot` to the published ones.
    #[inline(always)]
    pub(super) fn publish(&mut self, slot: u32) {
        if !self.any {
            return;
        }
        if self.cells {
            let cell = if slot & CARRIED != 0 {
                self.carried_cells[(slot & !CARRIED) as usize]
            } else {
                self.tested_cells[slot as usize]
            };
            self.published_cells.push(cell);
        }
        if self.enabled {
            let points = if slot & CARRIED != 0 {
                &self.carried[(slot & !CARRIED) as usize]
            } else {
                &self.tested[slot as usize]
            };
            self.published.extend_from_slice(points);
        }
    }

    /// Checks the published buffer against the number of published pairs.
    pub(super) fn validate(&self, pair_count: usize) -> Result<(), String> {
        let want = if self.enabled {
            pair_count * MANIFOLD_STRIDE
        } else {
            0
        };
        if self.published.len() != want {
            return Err(format!(
                "{} contact point floats for {pair_count} pairs",
                self.published.len()
            ));
        }
        let cells = if self.cells { pair_count } else { 0 };
        if self.published_cells.len() != cells {
            return Err(format!(
                "{} cells for {pair_count} pairs",
                self.published_cells.len()
            ));
        }
        for m in self.published.chunks_exact(MANIFOLD_STRIDE) {
            if !(m[0] == 1.0 || m[0] == 2.0) {
                return Err(format!("a manifold with {} points", m[0]));
            }
        }
        Ok(())
    }
}
