//! Candidate pairs from bounding boxes: a hierarchical hashed grid for moving shapes,
//! rebuilt every step, and a bounding-volume tree for static shapes, rebuilt only when a
//! static shape is added, removed or moved.
//!
//! ## Why a grid, rebuilt from scratch
//!
//! Games move nearly everything every frame, so structures that are maintained
//! incrementally (a dynamic AABB tree, a persistent sort-and-sweep list) pay for updates on
//! most of their content anyway. Sort-and-sweep also degrades in 2D: projecting a square
//! world of N shapes on one axis leaves about √N shapes overlapping each interval, so a
//! step costs O(N^1.5) (24 million interval tests at N = 100,000 on the standard workload).
//! A uniform grid whose cells are about twice the typical shape size finds each shape's
//! neighbours among a handful of cell mates, in time linear in N, and rebuilding it is two
//! passes of a counting sort.
//!
//! ## Why hierarchical and hashed
//!
//! A single cell size fails for mixed sizes: a shape far larger than the cells would be
//! copied into thousands of them. So each shape goes to the **level** whose cell size
//! (base × 2^level) is at least its extent, where it covers at most 2 × 2 cells. Pairs
//! within a level are found cell by cell. Pairs across two levels are found from the side
//! that needs fewer look-ups: usually each shape of the finer level looks up the at most
//! 2 × 2 cells it covers on the coarser one, but when the coarser level holds only a few
//! shapes (the standard workload puts a handful of large ones one level up), those look
//! down into the at most 3 × 3 finer cells they cover instead.
//!
//! When the shapes' bounds, cut into each level's cells, give at most four cells per shape
//! (a game world), the table is **dense**: one bucket per cell, row by row, no hashing.
//! Otherwise (clustered far apart, everything on one long line, huge coordinates) cells are
//! **hashed** into a table sized to the number of entries, so an empty region costs
//! nothing and the world has no bounds to declare. The hash mixes its product twice: a
//! single multiplication folded the lattice of cell keys onto less than half the buckets.
//!
//! A pair that shares several cells is reported once: only in the cell that contains the
//! lower-left corner of the two boxes' intersection. That corner lies inside both boxes, so
//! both have an entry for its cell, and exactly one cell contains it.
//!
//! ## Statics
//!
//! Static shapes live apart, in a [`StaticTree`] (a binary tree of boxes built by median
//! split). Moving shapes query it; static shapes never query anything, so static-static
//! pairs never come up and an unmoved static costs nothing per step.
//!
//! ## Shapes changed since the step
//!
//! Queries see the world as it is: the shapes a game added or moved since the last step are
//! kept in an [`IncrementalGrid`] until the next one, which takes them one at a time (a
//! frame of character moves changes one shape per query).
//!
//! ## Resting shapes
//!
//! The world also keeps moving shapes that stopped moving out of the per-step grid, in a
//! second [`HashGrid`] rebuilt only when that set has changed enough (see the world's
//! `resting` module): the grid here is "rebuilt every step" for the shapes that move.
//!
//! This module sees bounding boxes and ids only: it knows nothing of shapes, layers or
//! contacts, and it allocates nothing once its buffers have grown to the scene. The
//! buffers of the pairs grow through `try_reserve`: shapes piled at one point can ask for
//! more pairs than memory holds, and that is an error for the world to report
//! ([`GrowError`](crate::GrowError)), not an abort.
//!
//! ## Where things are
//!
//! - `grid.rs`: the [`HashGrid`] and its rebuild, in the four steps of a counting sort
//!   (bounds → plan → count → scatter);
//! - `grid/pairs.rs`: reading the grid, the step's overlapping pairs and the queries' boxes;
//! - `grid/chunks.rs` (the `threads` feature): the same pairs found in chunks, in parallel;
//! - `static_tree.rs`: the [`StaticTree`];
//! - `incremental.rs`: the [`IncrementalGrid`], which takes boxes one at a time: the
//!   shapes changed since the last step, which queries must see before the next;
//! - `tests.rs`: both against brute force on seeded scenes.

mod grid;
mod incremental;
mod static_tree;
#[cfg(test)]
mod tests;

pub use grid::HashGrid;
#[cfg(feature = "threads")]
pub use grid::PairList;
pub use incremental::IncrementalGrid;
pub use static_tree::StaticTree;
