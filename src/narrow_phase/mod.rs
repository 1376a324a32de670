//! PLACEHOLDER — to be written by the narrow-phase engineer (see the brief).

use crate::math::{Transform, Vec2};
use crate::shape::Shape;

/// How two shapes touch: unit `normal` from A to B and penetration `depth` (>= 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Unit vector pointing from A to B.
    pub normal: Vec2,
    /// Minimum translation distance: moving B by `normal * depth` separates the shapes.
    pub depth: f32,
}

/// True when the shapes overlap or touch.
pub fn overlaps(a: &Shape, tf_a: &Transform, b: &Shape, tf_b: &Transform) -> bool {
    collide(a, tf_a, b, tf_b).is_some()
}

/// The contact between two shapes, or `None` when they are apart.
pub fn collide(_a: &Shape, _tf_a: &Transform, _b: &Shape, _tf_b: &Transform) -> Option<Contact> {
    None
}
