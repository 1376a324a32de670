//! Phase 3 of a step: the layer filter and the exact test of every candidate, always as
//! `(smaller id, larger id)`, then the last step's pairs that are carried without a test
//! (see `resting`).
//!
//! The found and carried pairs grow with the candidates, which a pile of shapes at one
//! point makes more than memory holds, so they grow fallibly (see `crate::grow`). Room is
//! made for a chunk of candidates at a time: the loop's pushes then never grow a buffer,
//! and the checks cost one comparison per chunk rather than per pair. The limit of pairs
//! ([`World::set_max_pairs`]) is checked at the same place: a step over it stops storing
//! pairs and only counts the rest, so that its error tells how many there were without
//! the memory to hold them.

use super::chain::Chains;
use super::concave::{self, Concaves};
use super::errors::out_of_memory;
use super::events::{pair_key, Found};
use super::{World, WorldError};
use crate::grow;
use crate::math::{Transform, Vec2};
use crate::narrow_phase::{collide_with_points, Contact};
use crate::shape::Shape;
use crate::store::ShapeStore;

/// Candidates (or carried pairs) between two checks of room and of the limit of pairs.
const CHUNK: usize = 4096;

/// A candidate that touches: its ids, its contact, and each side's shape, points and pose
/// (for a concave shape or a chain, the piece of the deepest piece pair, whose contact the
/// pair reports).
struct Touching<'a> {
    a: u32,
    b: u32,
    contact: Contact,
    side_a: (&'a Shape, &'a [Vec2], &'a Transform),
    side_b: (&'a Shape, &'a [Vec2], &'a Transform),
}

impl World {
    /// Phase 3 of a step (see the module docs). Fails when the found or carried pairs
    /// cannot grow, or when there are more than [`World::set_max_pairs`] allows; the
    /// published results are untouched either way.
    pub(super) fn narrow_phase(&mut self) -> Result<(), WorldError> {
        let store = &self.store;
        let tables = (&self.concaves, &self.chains);
        let found = &mut self.scratch.found;
        found.clear();
        // With default filters everywhere every pair passes, and skipping the test saves two
        // random reads per candidate (`layers[b]`, `masks[b]`).
        let filtering = self.custom_filter_count > 0;
        let limit = self.max_pairs.unwrap_or(usize::MAX);
        let manifolds = &mut self.contact_points;
        manifolds.begin_step();
        let mut stopped_at = None;
        for (k, chunk) in self.scratch.candidates.chunks(CHUNK).enumerate() {
            if found.len() > limit {
                stopped_at = Some(k * CHUNK);
                break;
            }
            grow::reserve(found, chunk.len()).map_err(|e| out_of_memory(e.items, e))?;
            manifolds
                .reserve(chunk.len(), 0)
                .map_err(|e| out_of_memory(e.items, e))?;
            for &(row_a, row_b) in chunk {
                let Some(t) = touching(store, tables, filtering, row_a, row_b) else {
                    continue;
                };
                let Contact { normal, depth } = t.contact;
                let slot = if manifolds.enabled {
                    let ((shape_a, piece_a, pose_a), (shape_b, piece_b, pose_b)) =
                        (t.side_a, t.side_b);
                    manifolds.test(
                        shape_a, piece_a, pose_a, shape_b, piece_b, pose_b, normal.x, normal.y,
                        depth,
                    )
                } else {
                    0
                };
                found.push(Found {
                    key: pair_key(t.a, t.b),
                    nx: normal.x,
                    ny: normal.y,
                    depth,
                    slot,
                });
            }
        }
        if let Some(from) = stopped_at {
            let pairs = self.scratch.found.len() + self.count_touching(from) + self.count_carried();
            return Err(WorldError::TooManyPairs { pairs, limit });
        }
        self.carry_pairs()?;
        let pairs = self.scratch.found.len() + self.scratch.carried.len();
        if pairs > limit {
            return Err(WorldError::TooManyPairs { pairs, limit });
        }
        Ok(())
    }

    /// The pairs between shapes that are resting or static and unmoved: the last step's,
    /// carried without a test (see `resting`), in key order.
    fn carry_pairs(&mut self) -> Result<(), WorldError> {
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
            grow::reserve(carried, n).map_err(|e| out_of_memory(e.items, e))?;
            manifolds
                .reserve(0, n)
                .map_err(|e| out_of_memory(e.items, e))?;
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

    /// How many of the candidates from number `from` on touch (the rest of a step over
    /// the limit of pairs, counted without storing them).
    fn count_touching(&self, from: usize) -> usize {
        let (store, tables) = (&self.store, (&self.concaves, &self.chains));
        let filtering = self.custom_filter_count > 0;
        let rest = &self.scratch.candidates[from..];
        rest.iter()
            .filter(|&&(row_a, row_b)| touching(store, tables, filtering, row_a, row_b).is_some())
            .count()
    }

    /// How many pairs [`World::carry_pairs`] would carry.
    fn count_carried(&self) -> usize {
        if !self.resting.any_resting() {
            return 0;
        }
        let pairs = self.pairs.chunks_exact(2);
        pairs
            .filter(|pair| self.resting.carries(&self.store, pair[0], pair[1]))
            .count()
    }
}

/// The exact test of the candidate in rows `row_a` and `row_b`, after the layer filter
/// (when `filtering`): `None` when the two do not touch.
#[inline(always)]
fn touching<'a>(
    store: &'a ShapeStore,
    tables: (&'a Concaves, &'a Chains),
    filtering: bool,
    row_a: u32,
    row_b: u32,
) -> Option<Touching<'a>> {
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
    // deepest part pair, the one whose contact the pair reports.
    let tested = if tables.0.involves(a, b) || tables.1.involves(a, b) {
        concave::collide_rows(store, tables, (a, row_a), (b, row_b)).map(|d| (d.contact, d.a, d.b))
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
    tested.map(
        |(contact, (shape_a, piece_a), (shape_b, piece_b))| Touching {
            a,
            b,
            contact,
            side_a: (shape_a, piece_a, pose_a),
            side_b: (shape_b, piece_b, pose_b),
        },
    )
}
