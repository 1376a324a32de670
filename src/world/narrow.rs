//! Phase 3 of a step: the layer filter and the exact test of every candidate, always as
//! `(smaller id, larger id)`, then the last step's pairs that are carried without a test
//! (see `resting`).
//!
//! The found and carried pairs grow with the candidates, which a pile of shapes at one
//! point makes more than memory holds, so they grow fallibly (see `crate::grow`). Room is
//! made for a chunk of candidates at a time: the loop's pushes then never grow a buffer,
//! and the checks cost one comparison per chunk rather than per pair. The limit of pairs
//! ([`World::set_max_pairs`]) is checked at the same place: a step over it stops keeping
//! pairs and only counts the rest, so that its error tells how many there were without
//! the memory to hold them (through the same loop: a second loop for counting would be a
//! second copy of the inlined kernels in the wasm).

use super::chain::Chains;
use super::concave::Concaves;
use super::events::{pair_key, Found};
use super::pieces;
use super::tiles::Grids;
use super::{World, NO_CELL};
use crate::grow::{self, GrowError};
use crate::math::{Transform, Vec2};
use crate::narrow_phase::{collide_with_points, Contact};
use crate::shape::Shape;
use crate::store::ShapeStore;

/// Candidates (or carried pairs) between two checks of room and of the limit of pairs.
pub(super) const CHUNK: usize = 4096;

/// One side of a touching pair as the contact points read it: the shape (or the piece of
/// a concave shape or chain that touched), its polygon points, and its pose.
pub(super) type Side<'a> = (&'a Shape, &'a [Vec2], &'a Transform);

/// What the exact test of a candidate reads: the store and the side tables, and whether
/// the layer filter applies. Shared by the step's single-threaded loop and the chunks of
/// the threaded one (see `threads`), so that both test a pair with the same code.
pub(super) struct Tester<'a> {
    pub(super) store: &'a ShapeStore,
    pub(super) concaves: &'a Concaves,
    pub(super) chains: &'a Chains,
    pub(super) grids: &'a Grids,
    pub(super) filtering: bool,
    /// The world holds a shape made of pieces (loop-invariant: a world without any tests
    /// none for them).
    pub(super) any_pieces: bool,
}

impl Tester<'_> {
    /// The found pair of the candidate rows, when they pass the filter and touch;
    /// `manifold` gets the two sides, the contact (normal x, y and depth) and the cell of a
    /// tile grid the contact is on ([`NO_CELL`] elsewhere), and returns the slot of the
    /// pair's contact points and cell.
    #[inline(always)]
    pub(super) fn test(
        &self,
        row_a: u32,
        row_b: u32,
        manifold: impl FnOnce(Side, Side, f32, f32, f32, u32) -> u32,
    ) -> Option<Found> {
        let store = self.store;
        let (id_a, id_b) = (
            store.row_to_id[row_a as usize],
            store.row_to_id[row_b as usize],
        );
        // A is the smaller id, whichever row it is in.
        let ((a, row_a), (b, row_b)) = if id_a < id_b {
            ((id_a, row_a), (id_b, row_b))
        } else {
            ((id_b, row_b), (id_a, row_a))
        };
        if self.filtering && !store.filters_pass(a, b) {
            return None;
        }
        let (body_a, body_b) = (&store.bodies[row_a as usize], &store.bodies[row_b as usize]);
        // Polygons are read from the store's row-ordered copies of their points.
        let points = |row: u32| {
            let (start, len) = store.point_spans[row as usize];
            &store.polygon_points[start as usize..(start + len) as usize]
        };
        let (points_a, points_b) = (points(row_a), points(row_b));
        let (pose_a, pose_b) = (&body_a.pose, &body_b.pose);
        // A concave shape is tested through its parts; its contact points are those of the
        // deepest part pair, the one whose contact the pair reports. The tile a shape inside
        // a grid's solid was tested against, placed in its cell, and the cell come with it.
        let tables = (self.concaves, self.chains, self.grids);
        let (mut placed, mut cell) = (None, NO_CELL);
        let tested = if self.any_pieces && pieces::made_of_pieces(tables, a, b) {
            pieces::collide_rows(store, tables, (a, row_a), (b, row_b)).map(|d| {
                (placed, cell) = (d.placed, d.cell);
                (d.contact, d.a, d.b)
            })
        } else {
            collide_with_points(
                &body_a.shape,
                points_a,
                pose_a,
                &body_b.shape,
                points_b,
                pose_b,
            )
            .map(|c| (c, (&body_a.shape, points_a), (&body_b.shape, points_b)))
        };
        let (contact, (shape_a, piece_a), (shape_b, piece_b)) = tested?;
        let Contact { normal, depth } = contact;
        let (pose_a, pose_b) = match &placed {
            Some((a, b)) => (a, b),
            None => (pose_a, pose_b),
        };
        let (a_side, b_side) = ((shape_a, piece_a, pose_a), (shape_b, piece_b, pose_b));
        let slot = manifold(a_side, b_side, normal.x, normal.y, depth, cell);
        Some(Found {
            key: pair_key(a, b),
            nx: normal.x,
            ny: normal.y,
            depth,
            slot,
        })
    }
}

impl World {
    /// Phase 3 of a step (see the module docs): returns how many pairs touch, found and
    /// carried. Fails when they cannot grow. Over the limit of pairs it keeps a part of
    /// them only: the step must then fail (see [`World::step`]).
    pub(super) fn narrow_phase(&mut self) -> Result<usize, GrowError> {
        let store = &self.store;
        let found = &mut self.scratch.found;
        found.clear();
        // With default filters everywhere every pair passes, and skipping the test saves two
        // random reads per candidate (`layers[b]`, `masks[b]`).
        let filtering = self.custom_filter_count > 0;
        let limit = self.max_pairs.unwrap_or(usize::MAX);
        let manifolds = &mut self.contact_points;
        let cells = self.grids.count() > 0;
        manifolds.begin_step(cells);
        // Pairs found past the limit: the step fails, and they are only counted (a chunk's
        // at most are kept at a time), so that the error tells how many there were.
        let mut dropped = 0;
        for chunk in self.scratch.candidates.chunks(CHUNK) {
            if found.len() > limit {
                dropped += found.len();
                found.clear();
                manifolds.begin_step(cells);
            }
            grow::reserve(found, chunk.len())?;
            manifolds.reserve(chunk.len(), 0)?;
            let tester = Tester {
                store,
                concaves: &self.concaves,
                chains: &self.chains,
                grids: &self.grids,
                filtering,
                any_pieces: pieces::any_pieces((&self.concaves, &self.chains, &self.grids)),
            };
            for &(row_a, row_b) in chunk {
                let found_pair = tester.test(row_a, row_b, |a, b, nx, ny, depth, cell| {
                    if manifolds.any() {
                        let ((shape_a, piece_a, pose_a), (shape_b, piece_b, pose_b)) = (a, b);
                        manifolds.test(
                            shape_a, piece_a, pose_a, shape_b, piece_b, pose_b, nx, ny, depth, cell,
                        )
                    } else {
                        0
                    }
                });
                if let Some(pair) = found_pair {
                    found.push(pair);
                }
            }
        }
        self.carry_pairs()?;
        Ok(dropped + self.scratch.found.len() + self.scratch.carried.len())
    }

    /// The pairs between shapes that are resting or static and unmoved: the last step's,
    /// carried without a test (see `resting`), in key order.
    fn carry_pairs(&mut self) -> Result<(), GrowError> {
        let carried = &mut self.scratch.carried;
        carried.clear();
        if !self.resting.any_resting() {
            return Ok(());
        }
        let (store, manifolds) = (&self.store, &mut self.contact_points);
        let mut index = 0;
        let chunks = self
            .pairs
            .chunks(2 * CHUNK)
            .zip(self.contacts.chunks(3 * CHUNK));
        for (pairs, contacts) in chunks {
            let n = pairs.len() / 2;
            grow::reserve(carried, n)?;
            manifolds.reserve(0, n)?;
            for (pair, contact) in pairs.chunks_exact(2).zip(contacts.chunks_exact(3)) {
                if self.resting.carries(store, pair[0], pair[1]) {
                    carried.push(Found {
                        key: pair_key(pair[0], pair[1]),
                        nx: contact[0],
                        ny: contact[1],
                        depth: contact[2],
                        slot: manifolds.carry(index),
                    });
                }
                index += 1;
            }
        }
        Ok(())
    }
}
