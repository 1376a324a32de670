//! Candidate pairs from bounding boxes (the module docs are in `grid.rs` until the split).

mod grid;

pub use grid::{HashGrid, StaticTree};
