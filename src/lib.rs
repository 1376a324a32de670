//! # sepax
//!
//! 2D collision detection for browser games, in Rust compiled to WebAssembly.
//!
//! The crate is layered, and each layer only uses the ones before it:
//!
//! 1. [`math`]: `Copy` values ([`math::Vec2`], [`math::Rot`], [`math::Transform`],
//!    [`math::Aabb`]).
//! 2. [`shape`]: the seven convex shape kinds in local space, validated at construction.
//! 3. [`narrow_phase`]: exact Separating Axis Theorem kernels, one per pair of kinds, that
//!    answer "do these touch?" and "along which unit normal, how deep?".
//! 4. [`store`]: structure-of-arrays columns of a world's shapes, indexed by id, and their
//!    hot data in rows kept in spatial order.
//! 5. [`broad_phase`]: candidate pairs from bounding boxes (hashed grid + static tree).
//! 6. [`world`]: the pipeline (poses, broad phase, narrow phase, sorted output, events)
//!    and the queries.
//!
//! 7. [`cast`]: translational shape casts (exact time of impact on the rounded Minkowski
//!    sum) and the plane solver of move-and-slide; pure functions on shapes and poses.
//!
//! Beside them, `sort` holds the radix and heap sorts a step uses, `grow` the growth of
//! buffers that fails with an error ([`GrowError`]) rather than aborting, `parallel` (the
//! `threads` feature) the two parallel loops of the threaded step, [`raycast`]
//! casts a ray against one shape (used by the world's ray query), and `wasm` (wasm32
//! builds only) is the single JavaScript binding module: it converts and checks
//! arguments, delegates to [`world::World`] and maps errors to JS `TypeError`/`RangeError`.
//!
//! Measurements behind the design choices are in `docs/performance-notes.md`; the code
//! comments keep the reasons.
//!
//! ## Conventions
//!
//! - The contact **normal points from A to B** and is a unit vector; moving B by
//!   `normal × depth` separates the shapes (the convention of sat.js, parry and Box2D).
//! - **Touching counts as colliding**: shapes are closed sets.
//! - Polygons may be given in either winding; they are stored counter-clockwise (positive
//!   signed area). Angles are radians, a positive angle turns +x towards +y.
//!
//! ## Precision model
//!
//! Positions, angles and sizes are stored as `f32`. Kernels work in the frame of one of
//! the two shapes (the difference of the two positions is formed first), so what matters is
//! the `f32` spacing at the shapes' distance from the origin: about `0.008` units at `1e5`
//! and `0.06` at `1e6`. Contacts are exact up to that rounding.

pub mod broad_phase;
pub mod cast;
mod grow;
pub mod math;
pub mod narrow_phase;
#[cfg(feature = "threads")]
mod parallel;
pub mod raycast;
pub mod shape;
mod sort;
pub mod store;
pub mod world;

// The unit tests draw from the same seeded generators as the integration tests and benches
// (one place for them); the file names the crate `sepax`, hence the alias.
#[cfg(test)]
extern crate self as sepax;
#[cfg(test)]
#[path = "../tests/common/rng.rs"]
mod test_rng;

/// The JavaScript binding (only in wasm32 builds).
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use grow::GrowError;
pub use math::{Aabb, Rot, Transform, Vec2};
pub use narrow_phase::{collide, overlaps, Contact};
pub use shape::{ConcavePolygon, ConvexPolygon, MessageWriter, Shape, ShapeError, ShapeKind};
pub use world::{PhaseTimes, ShapeOptions, World, WorldError, WorldOptions, WorldRayHit};
