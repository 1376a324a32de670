//! Kernels for capsules, segments and points against boxes, polygons and each other: the
//! pairs that share the generic *rounded convex core* routine.
//!
//! Each shape is a convex core plus a radius (see the private `sat` module for the full
//! argument): boxes and polygons are polygon cores with radius 0, a capsule is the segment
//! `(±half_length, 0)` with its radius, a segment is itself with radius 0, a point is a
//! point core with radius 0. In canonical order the first shape A is the only one that can
//! be a polygon, so each kernel
//!
//! 1. rejects on bounding circles (`|c_B - c_A| > bound_A + bound_B`),
//! 2. maps B's core (two points at most) into A's frame, the difference of positions
//!    formed first,
//! 3. runs SAT on the cores with the radius sum `R`: A's edge normals (or its segment's
//!    normal and direction), B's segment normal, and B's direction when A has no area;
//!    the first axis whose gap exceeds `R` ends the test,
//! 4. if the largest gap is `<= 0` the cores overlap and the depth is `R` minus it along
//!    that axis; otherwise the cores' closest pair (vertex against edge) gives the
//!    distance `d`, colliding iff `d <= R`, depth `R - d`, along the closest pair's
//!    direction, unless that direction separates the cores by less than the best SAT
//!    axis (a closest pair within rounding of touching: its direction is noise), in
//!    which case along that axis.
//!
//! Segments and points have no area, but the depth is still the minimum translation
//! distance: for segment-vs-polygon the shortest move of the segment out of the polygon;
//! for two crossing segments the shortest move that uncrosses them (SAT on both segments'
//! normals and directions); a point on a segment, or two coincident points, need no move
//! at all (depth 0).
//!
//! Circle–capsule/segment/point also use this routine (from [`super::circle`]).
//!
//! Each side's core is the one [`Shape::rounded_core`](crate::shape::Shape::rounded_core)
//! gives its shape (a unit test holds every constructor here to it), in the routine's own
//! form, built from the kernel's typed arguments (the kernels are public and take no
//! `Shape`): A's core as a polygon when it has area (a box's faces on the stack, read by the
//! same loops as a stored polygon's), B's as a point or segment, which canonical order
//! guarantees and which is mapped into A's frame as it is built.
//!
//! This module must not allocate: boxes become stack arrays.

use super::sat::{rounded_cores, BoxPolygon, Core, Proximity, Thin, BOUND_SLACK};
use super::Contact;
use crate::math::{max_f32, Rot, Transform, Vec2};
use crate::shape::PolygonRef;

/// Shape A of a generic pair: its core in its own frame, where its frame is, its radius,
/// and the radius of a circle around its origin that contains the rounded shape.
pub(crate) struct ASide<'a> {
    pub(crate) core: Core<'a>,
    pub(crate) rot: Rot,
    pub(crate) pos: Vec2,
    pub(crate) radius: f32,
    pub(crate) bound: f32,
}

/// Shape B of a generic pair: a point or segment core in B's own frame.
pub(crate) struct BSide {
    core: Thin,
    rot: Rot,
    pos: Vec2,
    radius: f32,
    bound: f32,
}

impl BSide {
    #[inline]
    pub(crate) fn capsule(half_length: f32, radius: f32, tf: &Transform) -> BSide {
        BSide {
            core: Thin::Segment(Vec2::new(-half_length, 0.0), Vec2::new(half_length, 0.0)),
            rot: tf.rotation,
            pos: tf.translation,
            radius,
            bound: half_length + radius,
        }
    }

    #[inline]
    pub(crate) fn segment((a, b): (Vec2, Vec2), tf: &Transform) -> BSide {
        BSide {
            core: Thin::Segment(a, b),
            rot: tf.rotation,
            pos: tf.translation,
            radius: 0.0,
            bound: max_f32(a.length_squared(), b.length_squared()).sqrt(),
        }
    }

    #[inline]
    pub(crate) fn point(tf: &Transform) -> BSide {
        BSide {
            core: Thin::Point(Vec2::ZERO),
            rot: tf.rotation,
            pos: tf.translation,
            radius: 0.0,
            bound: 0.0,
        }
    }
}

/// Steps 1-4 of the module docs; also returns B's core in A's frame and the radius sum.
#[inline]
fn proximity(a: &ASide<'_>, b: &BSide) -> (Proximity, Thin, f32) {
    let radius = a.radius + b.radius;
    let d = b.pos - a.pos;
    let reach = (a.bound + b.bound) * BOUND_SLACK;
    if d.length_squared() > reach * reach {
        return (Proximity::Separated, b.core, radius);
    }
    let rot = a.rot.inverse() * b.rot;
    let t = a.rot.apply_inv(d);
    let core = match b.core {
        Thin::Point(p) => Thin::Point(rot.apply(p) + t),
        Thin::Segment(p, q) => Thin::Segment(rot.apply(p) + t, rot.apply(q) + t),
    };
    (rounded_cores(a.core, core, radius), core, radius)
}

/// The contact of a generic pair, normal mapped back to the world.
#[inline]
pub(crate) fn rounded_contact(a: &ASide<'_>, b: &BSide) -> Option<Contact> {
    let (found, b_core, radius) = proximity(a, b);
    found
        .contact(radius, a.core, b_core)
        .map(|(normal, depth)| Contact {
            normal: a.rot.apply(normal),
            depth,
        })
}

/// The boolean verdict of a generic pair.
#[inline]
pub(crate) fn rounded_overlap(a: &ASide<'_>, b: &BSide) -> bool {
    let (found, _, radius) = proximity(a, b);
    found.overlaps(radius)
}

#[inline]
fn box_side<'a>(shape: &'a BoxPolygon, rot: Rot, tf: &Transform) -> ASide<'a> {
    ASide {
        core: Core::Polygon(&shape.vertices, &shape.normals),
        rot,
        pos: tf.translation,
        radius: 0.0,
        bound: shape.bound,
    }
}

#[inline]
fn polygon_side<'a>(polygon: PolygonRef<'a>, tf: &Transform) -> ASide<'a> {
    ASide {
        core: Core::Polygon(polygon.vertices(), polygon.normals()),
        rot: tf.rotation,
        pos: tf.translation,
        radius: 0.0,
        bound: polygon.bounding_radius(),
    }
}

#[inline]
fn capsule_side(half_length: f32, radius: f32, tf: &Transform) -> ASide<'static> {
    ASide {
        core: Core::Segment(Vec2::new(-half_length, 0.0), Vec2::new(half_length, 0.0)),
        rot: tf.rotation,
        pos: tf.translation,
        radius,
        bound: half_length + radius,
    }
}

#[inline]
fn segment_side((a, b): (Vec2, Vec2), tf: &Transform) -> ASide<'static> {
    ASide {
        core: Core::Segment(a, b),
        rot: tf.rotation,
        pos: tf.translation,
        radius: 0.0,
        bound: max_f32(a.length_squared(), b.length_squared()).sqrt(),
    }
}

#[inline]
fn point_side(tf: &Transform) -> ASide<'static> {
    ASide {
        core: Core::Point(Vec2::ZERO),
        rot: tf.rotation,
        pos: tf.translation,
        radius: 0.0,
        bound: 0.0,
    }
}

/// Writes the `collide_`/`overlap_` pair of a generic kernel: the statements in brackets
/// prepare A (a box's stack polygon), `$a` builds A's side, `$b` B's side.
macro_rules! generic_pair {
    (
        $(#[$collide_doc:meta])* $collide:ident,
        $(#[$overlap_doc:meta])* $overlap:ident,
        ($($arg:ident : $ty:ty),*),
        [$($setup:stmt)?] $a:expr, $b:expr
    ) => {
        $(#[$collide_doc])*
        #[must_use]
        pub fn $collide($($arg: $ty),*) -> Option<Contact> {
            $($setup)?
            rounded_contact(&$a, &$b)
        }

        $(#[$overlap_doc])*
        #[must_use]
        pub fn $overlap($($arg: $ty),*) -> bool {
            $($setup)?
            rounded_overlap(&$a, &$b)
        }
    };
}

generic_pair!(
    /// Contact between the aligned box A (`±half_extents_a`, rotation ignored) and capsule
    /// B (segment `(±half_length_b, 0)` grown by `radius_b`).
    collide_aligned_box_capsule,
    /// True when the aligned box A and capsule B overlap or touch.
    overlap_aligned_box_capsule,
    (half_extents_a: Vec2, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, Rot::IDENTITY, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between the aligned box A (rotation ignored) and segment B (local ends
    /// `segment_b.0`, `segment_b.1`).
    collide_aligned_box_segment,
    /// True when the aligned box A and segment B overlap or touch.
    overlap_aligned_box_segment,
    (half_extents_a: Vec2, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, Rot::IDENTITY, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between the aligned box A (rotation ignored) and point B: the way out
    /// through the nearest face.
    collide_aligned_box_point,
    /// True when point B lies in the aligned box A or on its boundary.
    overlap_aligned_box_point,
    (half_extents_a: Vec2, tf_a: &Transform, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, Rot::IDENTITY, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between the oriented box A and capsule B.
    collide_oriented_box_capsule,
    /// True when the oriented box A and capsule B overlap or touch.
    overlap_oriented_box_capsule,
    (half_extents_a: Vec2, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, tf_a.rotation, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between the oriented box A and segment B.
    collide_oriented_box_segment,
    /// True when the oriented box A and segment B overlap or touch.
    overlap_oriented_box_segment,
    (half_extents_a: Vec2, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, tf_a.rotation, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between the oriented box A and point B.
    collide_oriented_box_point,
    /// True when point B lies in the oriented box A or on its boundary.
    overlap_oriented_box_point,
    (half_extents_a: Vec2, tf_a: &Transform, tf_b: &Transform),
    [let stack = BoxPolygon::new(half_extents_a)] box_side(&stack, tf_a.rotation, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between polygon A and capsule B.
    collide_polygon_capsule,
    /// True when polygon A and capsule B overlap or touch.
    overlap_polygon_capsule,
    (polygon_a: PolygonRef<'_>, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [] polygon_side(polygon_a, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between polygon A and segment B: the depth is the shortest move of the
    /// segment out of the polygon.
    collide_polygon_segment,
    /// True when polygon A and segment B overlap or touch.
    overlap_polygon_segment,
    (polygon_a: PolygonRef<'_>, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [] polygon_side(polygon_a, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between polygon A and point B: the way out through the nearest edge.
    collide_polygon_point,
    /// True when point B lies in polygon A or on its boundary.
    overlap_polygon_point,
    (polygon_a: PolygonRef<'_>, tf_a: &Transform, tf_b: &Transform),
    [] polygon_side(polygon_a, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between capsule A and capsule B.
    ///
    /// Parallel, overlapping cores: the shortest way out is sideways (the cores' common
    /// line has no thickness), unless the overlap along the axis is shorter.
    collide_capsule_capsule,
    /// True when capsules A and B overlap or touch.
    overlap_capsule_capsule,
    (half_length_a: f32, radius_a: f32, tf_a: &Transform, half_length_b: f32, radius_b: f32, tf_b: &Transform),
    [] capsule_side(half_length_a, radius_a, tf_a),
    BSide::capsule(half_length_b, radius_b, tf_b)
);

generic_pair!(
    /// Contact between capsule A and segment B.
    collide_capsule_segment,
    /// True when capsule A and segment B overlap or touch.
    overlap_capsule_segment,
    (half_length_a: f32, radius_a: f32, tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [] capsule_side(half_length_a, radius_a, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between capsule A and point B.
    collide_capsule_point,
    /// True when point B lies in capsule A or on its boundary.
    overlap_capsule_point,
    (half_length_a: f32, radius_a: f32, tf_a: &Transform, tf_b: &Transform),
    [] capsule_side(half_length_a, radius_a, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between segments A and B: they collide only when they cross or touch, and
    /// the depth is the shortest move of B that ends the crossing.
    collide_segment_segment,
    /// True when segments A and B cross or touch.
    overlap_segment_segment,
    (segment_a: (Vec2, Vec2), tf_a: &Transform, segment_b: (Vec2, Vec2), tf_b: &Transform),
    [] segment_side(segment_a, tf_a),
    BSide::segment(segment_b, tf_b)
);

generic_pair!(
    /// Contact between segment A and point B (the point lies on the segment): depth 0
    /// along the segment's normal.
    collide_segment_point,
    /// True when point B lies on segment A.
    overlap_segment_point,
    (segment_a: (Vec2, Vec2), tf_a: &Transform, tf_b: &Transform),
    [] segment_side(segment_a, tf_a),
    BSide::point(tf_b)
);

generic_pair!(
    /// Contact between points A and B (they coincide): depth 0, normal `+x` of A's frame.
    collide_point_point,
    /// True when points A and B coincide.
    overlap_point_point,
    (tf_a: &Transform, tf_b: &Transform),
    [] point_side(tf_a),
    BSide::point(tf_b)
);

#[cfg(test)]
mod tests;
