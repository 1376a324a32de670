//! Kernels whose first shape is a circle: circle against every kind.
//!
//! A circle is the rounded core "point + radius", so every kernel here measures from the
//! circle's centre `c` to the other shape's core and compares with the radii:
//!
//! - **circle–circle**: `d = |c_B - c_A|`; colliding iff `d <= r_A + r_B`, depth
//!   `r_A + r_B - d` along `c_B - c_A`. Squared distances decide; the only square root is
//!   taken for the normal.
//! - **circle–box** (aligned and oriented): in the box's frame, clamp the centre into the
//!   box. Outside: the clamped point is the closest point, depth `r - d` along it. Inside:
//!   the nearest face is the exit, depth `r +` the distance to that face. This is SAT with
//!   the circle projected as `c ± r` on the box's two axes plus the axis from the nearest
//!   corner, written without the projections.
//! - **circle–polygon**: SAT over the polygon's edge normals *and* the axis from the
//!   polygon's closest vertex to the centre. Without that vertex axis, a circle near a
//!   corner overlaps on every edge normal while being clear of the corner (see the
//!   `near_a_corner` test). One pass over the edges finds the edge of largest separation
//!   (exiting on the first normal that separates by more than the radius). If the centre
//!   is inside, that edge is the exit. If it is outside, the polygon's closest point lies
//!   on that edge (see `closest_vertex_of_edge` for why), so only its two ends can be the
//!   closest vertex: the vertex axis is taken when the centre projects past an end of the
//!   edge, and the edge normal otherwise. No second pass over the vertices.
//! - **circle–capsule / segment / point**: the generic rounded-core routine (point core
//!   against segment or point core), see [`super::rounded`].
//!
//! This module must not allocate, and must not look at anything but the two shapes.

use super::rounded::{rounded_contact, rounded_overlap, ASide, BSide};
use super::sat::{unit_and_length, Core, Deepest, BOUND_SLACK};
use super::Contact;
use crate::math::{max_f32, min_f32, Rot, Transform, Vec2};
use crate::shape::PolygonRef;

/// Contact between circle A (`radius_a`) and circle B (`radius_b`).
///
/// Concentric circles: the normal is A's local `+x` in the world, depth `r_A + r_B`.
#[must_use]
pub fn collide_circle_circle(
    radius_a: f32,
    tf_a: &Transform,
    radius_b: f32,
    tf_b: &Transform,
) -> Option<Contact> {
    let delta = tf_b.translation - tf_a.translation;
    let reach = radius_a + radius_b;
    if delta.length_squared() > reach * reach {
        return None;
    }
    Some(match unit_and_length(delta) {
        Some((normal, distance)) => Contact {
            normal,
            depth: max_f32(reach - distance, 0.0),
        },
        None => Contact {
            normal: tf_a.rotation.x_axis(),
            depth: reach,
        },
    })
}

/// True when circle A and circle B overlap or touch.
#[must_use]
pub fn overlap_circle_circle(
    radius_a: f32,
    tf_a: &Transform,
    radius_b: f32,
    tf_b: &Transform,
) -> bool {
    let reach = radius_a + radius_b;
    (tf_b.translation - tf_a.translation).length_squared() <= reach * reach
}

/// The circle's centre in the box's frame.
#[inline]
fn centre_in_box(tf_circle: &Transform, rot_box: Rot, box_centre: Vec2) -> Vec2 {
    rot_box.apply_inv(tf_circle.translation - box_centre)
}

/// The point of the box `±h` nearest to `p`, clamped with [`min_f32`] and [`max_f32`]
/// (no float `select`, which V8 turns into a jump).
#[inline]
fn clamp_into_box(p: Vec2, h: Vec2) -> Vec2 {
    let clamp = |v: f32, h: f32| max_f32(-h, min_f32(v, h));
    Vec2::new(clamp(p.x, h.x), clamp(p.y, h.y))
}

/// Circle of `radius` centred at `p` (box frame) against the box `±h`: normal from the
/// circle to the box (box frame) and depth.
#[inline]
fn circle_box_local(radius: f32, p: Vec2, h: Vec2) -> Option<(Vec2, f32)> {
    let inside = p.x.abs() <= h.x && p.y.abs() <= h.y;
    if inside {
        // The centre is in the box: leave through the nearest face. The box is B, so its
        // offset from the circle is `-p`; a zero offset counts as positive.
        let gap_x = h.x - p.x.abs();
        let gap_y = h.y - p.y.abs();
        return Some(if gap_x <= gap_y {
            let normal = if p.x <= 0.0 { Vec2::X } else { -Vec2::X };
            (normal, radius + gap_x)
        } else {
            let normal = if p.y <= 0.0 { Vec2::Y } else { -Vec2::Y };
            (normal, radius + gap_y)
        });
    }
    let closest = clamp_into_box(p, h);
    let delta = closest - p;
    if delta.length_squared() > radius * radius {
        return None;
    }
    match unit_and_length(delta) {
        Some((normal, distance)) => Some((normal, max_f32(radius - distance, 0.0))),
        // Unreachable for a centre outside the box (the clamp moved it), kept total.
        None => Some((Vec2::X, radius)),
    }
}

#[inline]
fn circle_box_overlap_local(radius: f32, p: Vec2, h: Vec2) -> bool {
    let closest = clamp_into_box(p, h);
    (closest - p).length_squared() <= radius * radius
}

/// Contact between circle A and the aligned box B (`±half_extents_b`, rotation ignored).
#[must_use]
pub fn collide_circle_aligned_box(
    radius_a: f32,
    tf_a: &Transform,
    half_extents_b: Vec2,
    tf_b: &Transform,
) -> Option<Contact> {
    let p = tf_a.translation - tf_b.translation;
    circle_box_local(radius_a, p, half_extents_b).map(|(normal, depth)| Contact { normal, depth })
}

/// True when circle A and the aligned box B overlap or touch.
#[must_use]
pub fn overlap_circle_aligned_box(
    radius_a: f32,
    tf_a: &Transform,
    half_extents_b: Vec2,
    tf_b: &Transform,
) -> bool {
    circle_box_overlap_local(
        radius_a,
        tf_a.translation - tf_b.translation,
        half_extents_b,
    )
}

/// Contact between circle A and the oriented box B (`±half_extents_b`, turned by
/// `tf_b`).
#[must_use]
pub fn collide_circle_oriented_box(
    radius_a: f32,
    tf_a: &Transform,
    half_extents_b: Vec2,
    tf_b: &Transform,
) -> Option<Contact> {
    let p = centre_in_box(tf_a, tf_b.rotation, tf_b.translation);
    circle_box_local(radius_a, p, half_extents_b).map(|(normal, depth)| Contact {
        normal: tf_b.rotation.apply(normal),
        depth,
    })
}

/// True when circle A and the oriented box B overlap or touch.
#[must_use]
pub fn overlap_circle_oriented_box(
    radius_a: f32,
    tf_a: &Transform,
    half_extents_b: Vec2,
    tf_b: &Transform,
) -> bool {
    let p = centre_in_box(tf_a, tf_b.rotation, tf_b.translation);
    circle_box_overlap_local(radius_a, p, half_extents_b)
}

/// What the edge pass of circle–polygon found.
enum EdgePass {
    /// An edge normal separates by more than the radius.
    Separated,
    /// The centre is inside the polygon (largest separation `sep <= 0` at edge `index`).
    Inside { sep: f32, index: usize },
    /// The centre is outside; the largest separation is `sep > 0` at edge `index`.
    Outside { sep: f32, index: usize },
}

/// The edge pass: largest signed distance from `c` to the edge lines, with early exit.
#[inline]
fn circle_polygon_edges(radius: f32, c: Vec2, polygon: PolygonRef<'_>) -> EdgePass {
    let reach = (radius + polygon.bounding_radius()) * BOUND_SLACK;
    if c.length_squared() > reach * reach {
        return EdgePass::Separated;
    }
    let mut deepest = Deepest::new();
    for (i, (v, n)) in polygon.vertices().iter().zip(polygon.normals()).enumerate() {
        let sep = n.dot(c - *v);
        if sep > radius {
            return EdgePass::Separated;
        }
        deepest.offer(sep, i);
    }
    let (best, index) = deepest.get();
    if best <= 0.0 {
        EdgePass::Inside { sep: best, index }
    } else {
        EdgePass::Outside { sep: best, index }
    }
}

/// For a centre `c` outside the polygon whose edge of largest separation is `index`: the
/// end of that edge nearest to `c` with its squared distance, when `c` lies in that
/// vertex's Voronoi region (the vertex is then the polygon's closest point), or `None`
/// when `c` projects inside the edge (the edge is then closest).
///
/// Only that edge needs looking at: the closest point of a convex polygon to an outside
/// point lies on the edge of largest separation. Every edge's separation is at most the
/// distance `d` (the polygon lies behind each edge line); the closest edge's equals `d`;
/// and when the closest point is a vertex, the direction to `c` lies between its two edge
/// normals, so any other edge, whose normal is further round, separates by less.
#[inline]
fn closest_vertex_of_edge(c: Vec2, vertices: &[Vec2], index: usize) -> Option<(Vec2, f32)> {
    let v0 = vertices[index];
    let v1 = vertices[if index + 1 == vertices.len() {
        0
    } else {
        index + 1
    }];
    let e = v1 - v0;
    if (c - v0).dot(e) <= 0.0 {
        Some((v0, (c - v0).length_squared()))
    } else if (c - v1).dot(e) >= 0.0 {
        Some((v1, (c - v1).length_squared()))
    } else {
        None
    }
}

/// Contact between circle A and polygon B.
#[must_use]
pub fn collide_circle_polygon(
    radius_a: f32,
    tf_a: &Transform,
    polygon_b: PolygonRef<'_>,
    tf_b: &Transform,
) -> Option<Contact> {
    let rot = tf_b.rotation;
    let c = centre_in_box(tf_a, rot, tf_b.translation);
    // Normals below point from the polygon to the circle (B to A); the contact flips them.
    let (out, depth) = match circle_polygon_edges(radius_a, c, polygon_b) {
        EdgePass::Separated => return None,
        EdgePass::Inside { sep, index } => (polygon_b.normals()[index], radius_a - sep),
        EdgePass::Outside { sep, index } => {
            match closest_vertex_of_edge(c, polygon_b.vertices(), index) {
                Some((v, dist_sq)) => {
                    if dist_sq > radius_a * radius_a {
                        return None;
                    }
                    match unit_and_length(c - v) {
                        Some((axis, distance)) => (axis, max_f32(radius_a - distance, 0.0)),
                        None => (polygon_b.normals()[index], radius_a - sep),
                    }
                }
                None => (polygon_b.normals()[index], radius_a - sep),
            }
        }
    };
    Some(Contact {
        normal: -rot.apply(out),
        depth,
    })
}

/// True when circle A and polygon B overlap or touch.
#[must_use]
pub fn overlap_circle_polygon(
    radius_a: f32,
    tf_a: &Transform,
    polygon_b: PolygonRef<'_>,
    tf_b: &Transform,
) -> bool {
    let c = centre_in_box(tf_a, tf_b.rotation, tf_b.translation);
    match circle_polygon_edges(radius_a, c, polygon_b) {
        EdgePass::Separated => false,
        EdgePass::Inside { .. } => true,
        EdgePass::Outside { index, .. } => {
            match closest_vertex_of_edge(c, polygon_b.vertices(), index) {
                Some((_, dist_sq)) => dist_sq <= radius_a * radius_a,
                None => true,
            }
        }
    }
}

/// The circle as the rounded point core of the generic routine.
#[inline]
fn circle_side(radius: f32, tf: &Transform) -> ASide<'static> {
    ASide {
        core: Core::Point(Vec2::ZERO),
        rot: tf.rotation,
        pos: tf.translation,
        radius,
        bound: radius,
    }
}

/// Contact between circle A and capsule B (segment `(±half_length_b, 0)` grown by
/// `radius_b`).
#[must_use]
pub fn collide_circle_capsule(
    radius_a: f32,
    tf_a: &Transform,
    half_length_b: f32,
    radius_b: f32,
    tf_b: &Transform,
) -> Option<Contact> {
    rounded_contact(
        &circle_side(radius_a, tf_a),
        &BSide::capsule(half_length_b, radius_b, tf_b),
    )
}

/// True when circle A and capsule B overlap or touch.
#[must_use]
pub fn overlap_circle_capsule(
    radius_a: f32,
    tf_a: &Transform,
    half_length_b: f32,
    radius_b: f32,
    tf_b: &Transform,
) -> bool {
    rounded_overlap(
        &circle_side(radius_a, tf_a),
        &BSide::capsule(half_length_b, radius_b, tf_b),
    )
}

/// Contact between circle A and segment B (local ends `segment_b.0`, `segment_b.1`).
#[must_use]
pub fn collide_circle_segment(
    radius_a: f32,
    tf_a: &Transform,
    segment_b: (Vec2, Vec2),
    tf_b: &Transform,
) -> Option<Contact> {
    rounded_contact(
        &circle_side(radius_a, tf_a),
        &BSide::segment(segment_b, tf_b),
    )
}

/// True when circle A and segment B overlap or touch.
#[must_use]
pub fn overlap_circle_segment(
    radius_a: f32,
    tf_a: &Transform,
    segment_b: (Vec2, Vec2),
    tf_b: &Transform,
) -> bool {
    rounded_overlap(
        &circle_side(radius_a, tf_a),
        &BSide::segment(segment_b, tf_b),
    )
}

/// Contact between circle A and point B.
///
/// A point at the centre: the normal is A's local `+x` in the world, depth `r_A`.
#[must_use]
pub fn collide_circle_point(radius_a: f32, tf_a: &Transform, tf_b: &Transform) -> Option<Contact> {
    rounded_contact(&circle_side(radius_a, tf_a), &BSide::point(tf_b))
}

/// True when point B lies in circle A or on its rim.
#[must_use]
pub fn overlap_circle_point(radius_a: f32, tf_a: &Transform, tf_b: &Transform) -> bool {
    rounded_overlap(&circle_side(radius_a, tf_a), &BSide::point(tf_b))
}

#[cfg(test)]
mod tests {
    use super::super::collide;
    use super::super::test_util::*;
    use super::*;
    use crate::shape::Shape;
    use core::f32::consts::{FRAC_PI_2, FRAC_PI_4, SQRT_2};

    const EPS: f32 = 1e-6;

    fn circle(r: f32) -> Shape {
        Shape::circle(r).unwrap()
    }

    /// The circle's side of the generic routine reads it as
    /// [`Shape::rounded_core`] does (as `rounded/tests.rs` checks the other sides): a point
    /// core at its origin, its radius, its frame.
    #[test]
    fn the_circles_side_is_its_rounded_core() {
        let tf = at_angle(1.0, -2.0, 0.3);
        let side = circle_side(1.5, &tf);
        let rounded = circle(1.5).rounded_core(&[]);
        assert!(matches!(rounded.core, crate::shape::Core::Point));
        assert!(matches!(side.core, Core::Point(p) if p == Vec2::ZERO));
        let got = (side.radius, side.rot, side.pos);
        assert_eq!(got, (rounded.radius, tf.rotation, tf.translation));
    }

    #[test]
    fn circle_circle() {
        let (a, b) = (circle(1.0), circle(2.0));
        let o = at(0.0, 0.0);
        // Colliding: centres 2 apart, radii 3.
        check(&a, &o, &b, &at(2.0, 0.0), Some((v(1.0, 0.0), 1.0)), EPS);
        // Diagonal (3-4-5 triangle): centres 2.5 apart along (0.6, 0.8).
        check(&a, &o, &b, &at(1.5, 2.0), Some((v(0.6, 0.8), 0.5)), EPS);
        // Touching.
        check(&a, &o, &b, &at(0.0, -3.0), Some((v(0.0, -1.0), 0.0)), EPS);
        // Separated.
        check(&a, &o, &b, &at(3.001, 0.0), None, EPS);
        // The kernel directly.
        let c = collide_circle_circle(1.0, &o, 2.0, &at(2.0, 0.0)).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: v(1.0, 0.0),
                depth: 1.0
            }
        );
        assert!(overlap_circle_circle(1.0, &o, 2.0, &at(3.0, 0.0)));
    }

    #[test]
    fn concentric_circles_use_a_local_x() {
        let (a, b) = (circle(1.0), circle(2.0));
        // A turned a quarter (the f32 quarter, 4.4e-8 rad past world +y): its +x exactly.
        let tf_a = at_angle(5.0, 5.0, FRAC_PI_2);
        let c = collide(&a, &tf_a, &b, &at(5.0, 5.0)).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: tf_a.rotation.x_axis(),
                depth: 3.0
            }
        );
        let c = collide(&a, &at(5.0, 5.0), &b, &at(5.0, 5.0)).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: v(1.0, 0.0),
                depth: 3.0
            }
        );
    }

    #[test]
    fn circle_aligned_box() {
        let (a, b) = (circle(1.0), Shape::aligned_box(2.0, 1.0).unwrap());
        let o = at(0.0, 0.0);
        // Box to the right, overlapping the face by 0.5; the box's angle is ignored.
        check(
            &a,
            &o,
            &b,
            &at_angle(2.5, 0.0, 0.3),
            Some((v(1.0, 0.0), 0.5)),
            EPS,
        );
        // Off the corner (-2, -1) by (-0.5, -0.5): the corner is √0.5 away, diagonally.
        let corner = at(-2.5, -1.5);
        check(
            &a,
            &corner,
            &b,
            &o,
            Some((v(SQRT_2 / 2.0, SQRT_2 / 2.0), 1.0 - SQRT_2 / 2.0)),
            EPS,
        );
        // Touching the top face.
        check(&a, &at(0.5, 2.0), &b, &o, Some((v(0.0, -1.0), 0.0)), EPS);
        // Separated diagonally even though both axis intervals overlap.
        check(&a, &at(2.8, 1.8), &b, &o, None, EPS);
        // Centre inside: leave through the nearest face (the right one, 0.25 away).
        check(&a, &at(1.75, 0.0), &b, &o, Some((v(-1.0, 0.0), 1.25)), EPS);
        let c = collide_circle_aligned_box(1.0, &o, v(2.0, 1.0), &at(2.5, 0.0)).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: v(1.0, 0.0),
                depth: 0.5
            }
        );
    }

    #[test]
    fn circle_oriented_box() {
        let (a, b) = (circle(1.0), Shape::oriented_box(2.0, 1.0).unwrap());
        // Box turned a quarter: its long side is vertical, so its right face is at x = 1.
        let tf_b = at_angle(0.0, 0.0, FRAC_PI_2);
        check(&a, &at(1.5, 0.0), &b, &tf_b, Some((v(-1.0, 0.0), 0.5)), EPS);
        // Touching the top (y = 2).
        check(&a, &at(0.0, 3.0), &b, &tf_b, Some((v(0.0, -1.0), 0.0)), EPS);
        // Separated at (2.1, 0).
        check(&a, &at(2.1, 0.0), &b, &tf_b, None, EPS);
        // Box at 45°: its corner (2, 1) in local space; circle along the local x axis.
        let tf_b = at_angle(0.0, 0.0, FRAC_PI_4);
        let along = v(FRAC_PI_4.cos(), FRAC_PI_4.sin());
        check(
            &a,
            &Transform {
                translation: along * 2.5,
                ..at(0.0, 0.0)
            },
            &b,
            &tf_b,
            Some((-along, 0.5)),
            1e-5,
        );
        let c = collide_circle_oriented_box(
            1.0,
            &at(1.5, 0.0),
            v(2.0, 1.0),
            &at_angle(0.0, 0.0, FRAC_PI_2),
        )
        .unwrap();
        assert_close(c, v(-1.0, 0.0), 0.5, EPS);
    }

    #[test]
    fn circle_polygon() {
        let a = circle(1.0);
        let tri = polygon(&[(0.0, 0.0), (4.0, 0.0), (0.0, 3.0)]);
        let o = at(0.0, 0.0);
        // Below the bottom edge: overlapping by 0.5.
        check(&a, &at(2.0, -0.5), &tri, &o, Some((v(0.0, 1.0), 0.5)), EPS);
        // Outside the hypotenuse (normal (0.6, 0.8)) at distance 0.5.
        let foot = v(2.0, 1.5);
        check(
            &a,
            &Transform {
                translation: foot + v(0.6, 0.8) * 0.5,
                ..o
            },
            &tri,
            &o,
            Some((v(-0.6, -0.8), 0.5)),
            1e-5,
        );
        // Touching the left edge.
        check(&a, &at(-1.0, 1.0), &tri, &o, Some((v(1.0, 0.0), 0.0)), EPS);
        // Separated.
        check(&a, &at(-1.1, 1.0), &tri, &o, None, EPS);
        // Inside: the centre at (0.5, 1) is 0.5 from the left edge.
        check(&a, &at(0.5, 1.0), &tri, &o, Some((v(1.0, 0.0), 1.5)), EPS);
        let c = collide_circle_polygon(
            1.0,
            &at(2.0, -0.5),
            match &tri {
                Shape::Polygon(p) => p.view(),
                _ => unreachable!(),
            },
            &o,
        )
        .unwrap();
        assert_close(c, v(0.0, 1.0), 0.5, EPS);
    }

    #[test]
    fn circle_polygon_near_a_corner() {
        // Every edge normal of the square shows overlap (0.8 < 1) but the corner (1, 1)
        // is 0.8·√2 ≈ 1.13 away: only the closest-vertex axis separates.
        let a = circle(1.0);
        let square = polygon(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]);
        let o = at(0.0, 0.0);
        check(&a, &at(1.8, 1.8), &square, &o, None, EPS);
        // Closer: the vertex axis gives the exact depth 1 - 0.5·√2.
        let d = SQRT_2 / 2.0;
        check(
            &a,
            &at(1.5, 1.5),
            &square,
            &o,
            Some((v(-d, -d), 1.0 - d)),
            1e-6,
        );
    }

    #[test]
    fn circle_polygon_clockwise_input() {
        // The same triangle given clockwise: normalised by ConvexPolygon::new.
        let a = circle(1.0);
        let tri = polygon(&[(0.0, 0.0), (0.0, 3.0), (4.0, 0.0)]);
        check(
            &a,
            &at(2.0, -0.5),
            &tri,
            &at(0.0, 0.0),
            Some((v(0.0, 1.0), 0.5)),
            EPS,
        );
    }

    #[test]
    fn circle_capsule() {
        let (a, b) = (circle(1.0), Shape::capsule(2.0, 0.5).unwrap());
        let o = at(0.0, 0.0);
        // Above the core's middle: 1.25 apart, radii 1.5.
        check(&a, &o, &b, &at(0.5, 1.25), Some((v(0.0, 1.0), 0.25)), EPS);
        // Beyond the end cap, on the axis: the core starts at x = 1.2.
        check(&a, &o, &b, &at(3.2, 0.0), Some((v(1.0, 0.0), 0.3)), EPS);
        // Touching the side.
        check(&a, &o, &b, &at(0.0, -1.5), Some((v(0.0, -1.0), 0.0)), EPS);
        // Separated.
        check(&a, &o, &b, &at(0.0, 1.6), None, EPS);
        // Centre exactly on the core: depth 1.5 along the capsule's +y (zero offset).
        check(&a, &o, &b, &at(1.0, 0.0), Some((v(0.0, 1.0), 1.5)), EPS);
        // Turned capsule: vertical core, circle to its left.
        check(
            &a,
            &o,
            &b,
            &at_angle(1.25, 0.5, FRAC_PI_2),
            Some((v(1.0, 0.0), 0.25)),
            EPS,
        );
        let c = collide_circle_capsule(1.0, &o, 2.0, 0.5, &at(0.5, 1.25)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.25, EPS);
    }

    #[test]
    fn circle_segment() {
        let a = circle(1.0);
        let b = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        let o = at(0.0, 0.0);
        check(&a, &o, &b, &at(0.0, 0.5), Some((v(0.0, 1.0), 0.5)), EPS);
        // Past the end: the segment ends at x = -0.75.
        check(&a, &o, &b, &at(-1.75, 0.0), Some((v(-1.0, 0.0), 0.25)), EPS);
        check(&a, &o, &b, &at(0.3, -1.0), Some((v(0.0, -1.0), 0.0)), EPS);
        check(&a, &o, &b, &at(2.01, 0.0), None, EPS);
        let c =
            collide_circle_segment(1.0, &o, (v(-1.0, 0.0), v(1.0, 0.0)), &at(0.0, 0.5)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.5, EPS);
    }

    #[test]
    fn circle_point() {
        let (a, b) = (circle(2.0), Shape::point());
        let o = at(1.0, 1.0);
        check(&a, &o, &b, &at(1.0, 2.5), Some((v(0.0, 1.0), 0.5)), EPS);
        check(&a, &o, &b, &at(-1.0, 1.0), Some((v(-1.0, 0.0), 0.0)), EPS);
        check(&a, &o, &b, &at(3.01, 1.0), None, EPS);
        // The point at the centre: A's +x (turned a quarter: world +y, to 4.4e-8 rad).
        let tf_a = at_angle(1.0, 1.0, FRAC_PI_2);
        let c = collide(&a, &tf_a, &b, &o).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: tf_a.rotation.x_axis(),
                depth: 2.0
            }
        );
        assert_close(
            collide_circle_point(2.0, &o, &at(1.0, 2.5)).unwrap(),
            v(0.0, 1.0),
            0.5,
            EPS,
        );
    }

    #[test]
    fn tiny_and_far_circles() {
        let (a, b) = (circle(1e-3), circle(1e-3));
        check(
            &a,
            &at(0.0, 0.0),
            &b,
            &at(1.5e-3, 0.0),
            Some((v(1.0, 0.0), 5e-4)),
            1e-8,
        );
        let c = collide(&a, &at(1e5, 1e5), &circle(1.0), &at(1e5 + 0.5, 1e5)).unwrap();
        assert_close(c, v(1.0, 0.0), 0.501, 1e-6);
    }
}
