//! The shapes a move may meet, and the first hit of a cast among them.
//!
//! A move queries the broad phase (the grid of moving shapes and the tree of static ones)
//! for the candidates of a box, once for its start and straight path and again only when a
//! round leaves that box, and keeps them in id order, so that the order of the planes, on
//! which the solve's rounding depends, does not follow the rows.
//!
//! **The candidates keep what the broad phase handed over:** each one's row and box, so
//! that the passes of a move read them from one short list instead of looking them up
//! again in the store's columns, which a move through a large world finds cold (in the
//! standard world these cache misses, not the arithmetic, were a tenth or more of a move
//! in the wasm).
//!
//! The first hit of a cast goes through every piece of each candidate against every piece
//! of the mover, skips what the loop has settled (the module docs of `mover.rs` list the
//! hits skipped) and what a plane keeps clear (`planes.rs`), and breaks ties by [`source`].

use super::planes::{larger, largest_coordinate, source, Planes, PLANE_ROUNDINGS};
use super::{Mover, MoverScratch};
use crate::cast::CastHit;
use crate::math::{Aabb, Transform, Vec2};
use crate::sort::heap_sort_by_key;
use crate::world::one_way::OneWay;
use crate::world::pieces::{cast_piece, row_pieces, smooth_hit_normal, Pieces};
use crate::world::World;

/// A shape a move may meet, as the broad phase handed it over: its id, its row in the
/// store and its box (the store's, as the last step left it). Kept so that the passes of
/// a move over its candidates do not look the row and box up again, in columns that a
/// move through a large world finds cold.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    pub(super) id: u32,
    pub(super) row: u32,
    pub(super) aabb: Aabb,
}

/// True when `inner` lies within `outer`.
fn contains(outer: &Aabb, inner: &Aabb) -> bool {
    outer.min.x <= inner.min.x
        && outer.min.y <= inner.min.y
        && inner.max.x <= outer.max.x
        && inner.max.y <= outer.max.y
}

/// The first hit of a cast over the candidates.
#[derive(Clone, Copy)]
pub(super) struct FirstHit {
    /// Where it came from (see [`source`]).
    pub(super) source: u64,
    pub(super) t: f32,
    pub(super) normal: Vec2,
    /// The cell met, on a tile grid.
    pub(super) cell: u32,
}

impl World {
    /// The first shape the mover, displaced by `moved`, meets when cast along `motion`
    /// with `margin`, among the candidates of the swept box (see the module docs for the
    /// hits skipped; `skip_started` also skips the shapes the mover started in, for the
    /// push out of them and the correction).
    #[allow(clippy::too_many_arguments)] // the mover, where from, along what, which margin, what to skip
    pub(super) fn first_hit(
        &self,
        mover: &Mover,
        moved: Vec2,
        motion: Vec2,
        margin: f32,
        planes: &Planes,
        skip_started: bool,
        scratch: &mut MoverScratch,
    ) -> Option<FirstHit> {
        let from = mover.at(moved);
        let swept = mover.box_at(moved).union(&mover.box_at(moved + motion));
        let query = swept.expanded(margin);
        if !scratch
            .gathered
            .is_some_and(|gathered| contains(&gathered, &query))
        {
            self.gather(mover, &query, scratch);
        }
        let mut first: Option<FirstHit> = None;
        let mover_pieces = mover.pieces();
        let convex_mover = mover.compound.is_none();
        let moved_to = mover.at(moved + motion);
        for candidate in &scratch.candidates {
            let aabb = &candidate.aabb;
            if !aabb.overlaps(&query) {
                continue;
            }
            let other = candidate.id;
            // Each piece of the other shape (each part of a concave one) on its own, as a
            // source of its own plane.
            let pose = &self.pose_of(candidate);
            let other_pieces = self.candidate_pieces(candidate);
            let one_way = self.one_way_of(mover, other);
            // A convex piece that gave a plane need not be cast against when that plane
            // alone keeps the path clear of it by more than the margin, with room for the
            // rounding of the two shapes' coordinates. Not for a chain's segments, whose
            // planes have smoothed normals (nor a grid's boundary), nor (so far) for the
            // pieces of a concave or chain mover.
            let separable =
                convex_mover && !matches!(other_pieces, Pieces::Chain(_) | Pieces::Tiles(_));
            let least = margin
                + PLANE_ROUNDINGS * f32::EPSILON * larger(mover.scale, largest_coordinate(aabb));
            for k in 0..mover_pieces.count() {
                let (km, (mover_shape, mover_points)) = (k as u32, mover_pieces.piece(k));
                // A concave mover's part sweeps a box of its own; a convex mover, the query.
                let near = if convex_mover {
                    query
                } else {
                    let swept = mover_shape.aabb(&from).union(&mover_shape.aabb(&moved_to));
                    swept.expanded(margin)
                };
                other_pieces.each_indexed_near(pose, &near, &mut |piece, shape, points| {
                    let key = source(other, piece, km);
                    if skip_started && planes.started_in(key) {
                        return true;
                    }
                    if separable && planes.keeps_clear(key, moved, moved + motion, least) {
                        return true;
                    }
                    let Some(hit) = cast_piece(
                        mover_shape,
                        mover_points,
                        &from,
                        motion,
                        shape,
                        points,
                        pose,
                        margin,
                    ) else {
                        return true;
                    };
                    let target_side = (other_pieces, piece, pose);
                    let mover_side = (mover_pieces, km, &from);
                    let Some(normal) = smooth_hit_normal(target_side, mover_side, hit.normal)
                    else {
                        return true;
                    };
                    // A one-way piece stops only a mover that started above it, moving down
                    // onto it (`one_way.rs`).
                    if let Some(one_way) = &one_way {
                        let up = one_way.up_of(other_pieces, piece, pose);
                        let (moving, target) = ((mover_shape, mover_points), (shape, points));
                        if !one_way.stops(up, motion, normal, moving, &mover.start, target, pose) {
                            return true;
                        }
                    }
                    let hit = CastHit { normal, ..hit };
                    // A piece that gave a plane this frame, met again at the start by the same
                    // piece of the mover: its plane already clipped the motion. Not for the
                    // correction (`skip_started`), which the solve may push into such a piece
                    // when planes conflict.
                    if hit.normal.dot(motion) >= 0.0
                        || (hit.t == 0.0 && !skip_started && planes.has_source(key))
                    {
                        return true;
                    }
                    // Ties go to the smaller id (candidates come in no particular order), then
                    // to the mover's first piece, then to the other shape's (see `source`).
                    let better =
                        first.map_or(true, |f| hit.t < f.t || (hit.t == f.t && key < f.source));
                    if better {
                        first = Some(FirstHit {
                            source: key,
                            t: hit.t,
                            normal: hit.normal,
                            cell: other_pieces.cell(piece),
                        });
                    }
                    true
                });
            }
        }
        first
    }

    /// Fills `scratch.candidates` with the ids, other than the mover's, whose boxes touch
    /// `query`, that pass the layer filter with it and are on a layer of the move's mask,
    /// in id order.
    pub(super) fn gather(&self, mover: &Mover, query: &Aabb, scratch: &mut MoverScratch) {
        scratch.gathered = Some(*query);
        let candidates = &mut scratch.candidates;
        candidates.clear();
        let store = &self.store;
        // The broad phase's rows straight (not `query_candidates`, whose second indirect
        // call per entry is measurable in the wasm, where every candidate of a move passes).
        self.query_rows(query, &mut |row, aabb| {
            let Some(other) = self.live_id(row) else {
                return;
            };
            let met = self.blocks(other, &mover.mask.into());
            let own = other == mover.id || other == mover.exclude;
            if !own && met && store.filters_pass(mover.id, other) {
                // The broad phase indexes the store's boxes (see `World::query_rows`).
                debug_assert_eq!(*aabb, store.aabbs[row as usize]);
                candidates.push(Candidate {
                    id: other,
                    row,
                    aabb: *aabb,
                });
            }
        });
        // In id order: the grid's order follows the rows, which a reorder changes, and the
        // order of the planes must not (the solve's rounding depends on it).
        if candidates.len() > 1 {
            heap_sort_by_key(candidates, |c| c.id);
        }
    }

    /// The candidate's pose, as the last step saw it.
    pub(super) fn pose_of(&self, candidate: &Candidate) -> Transform {
        self.store.bodies[candidate.row as usize].pose
    }

    /// How the shape `id` meets the mover under the one-way rule; `None` while the world has
    /// no one-way shape and no grid (which may have one-way tiles): then nothing is one-way,
    /// and a move of the common case pays one test per candidate for the rule.
    #[inline]
    pub(super) fn one_way_of(&self, mover: &Mover, id: u32) -> Option<OneWay> {
        mover.one_ways.then(|| OneWay {
            up: self.one_ways.get(id).copied(),
            ..mover.one_way
        })
    }

    /// The candidate's pieces: its parts or segments, or its one convex shape.
    pub(super) fn candidate_pieces(&self, candidate: &Candidate) -> Pieces<'_> {
        row_pieces(
            &self.store,
            self.tables(),
            candidate.id,
            candidate.row as usize,
        )
    }
}
