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

use super::events::{pair_key, Found};
use super::pieces;
use super::{World, NO_CELL};
use crate::grow::{self, GrowError};
use crate::narrow_phase::{collide_with_points, Contact};

/// Candidates (or carried pairs) between two checks of room and of the limit of pairs.
const CHUNK: usize = 4096;

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
        let tables = (&self.concaves, &self.chains, &self.grids);
        // Loop-invariant: a world without shapes made of pieces tests none for them.
        let any_pieces = pieces::any_pieces(tables);
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
            for &(row_a, row_b) in chunk {
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
                if filtering && !store.filters_pass(a, b) {
                    continue;
                }
                let (body_a, body_b) =
                    (&store.bodies[row_a as usize], &store.bodies[row_b as usize]);
                // Polygons are read from the store's row-ordered copies of their points.
                let points = |row: u32| {
                    let (start, len) = store.point_spans[row as usize];
                    &store.polygon_points[start as usize..(start + len) as usize]
                };
                let (points_a, points_b) = (points(row_a), points(row_b));
                let (pose_a, pose_b) = (&body_a.pose, &body_b.pose);
                // A concave shape is tested through its parts; its contact points are those
                // of the deepest part pair, the one whose contact the pair reports. The tile
                // a shape inside a grid's solid was tested against, placed in its cell, and
                // the cell come with it.
                let (mut placed, mut cell) = (None, NO_CELL);
                let tested = if any_pieces && pieces::made_of_pieces(tables, a, b) {
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
                if let Some((contact, (shape_a, piece_a), (shape_b, piece_b))) = tested {
                    let Contact { normal, depth } = contact;
                    let slot = if manifolds.any() {
                        let (pose_a, pose_b) = match &placed {
                            Some((a, b)) => (a, b),
                            None => (pose_a, pose_b),
                        };
                        manifolds.test(
                            shape_a, piece_a, pose_a, shape_b, piece_b, pose_b, normal.x, normal.y,
                            depth, cell,
                        )
                    } else {
                        0
                    };
                    found.push(Found {
                        key: pair_key(a, b),
                        nx: normal.x,
                        ny: normal.y,
                        depth,
                        slot,
                    });
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
