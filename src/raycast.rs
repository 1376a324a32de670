//! Ray casts against a single shape: where a ray first enters it, and the surface normal
//! there.
//!
//! A ray is `origin + t × direction` for `0 <= t <= max_distance`, with `direction` a unit
//! vector so that `t` is a distance. The cast works in the shape's **local space** (the
//! ray's origin and direction are turned into it once), where every kind is simple:
//!
//! - **circle**: the entry is the smaller root of `|m + t d|² = r²`. It is computed from
//!   the point of closest approach (`t_c = −m·d`, squared half-chord `r² − |m + t_c d|²`)
//!   rather than from the textbook discriminant `b² − c`, which cancels catastrophically
//!   when the ray starts far away;
//! - **boxes and polygons**: Cyrus–Beck clipping. Each edge is a half-plane `n·p <= c`; the
//!   ray's parameter interval `[0, max_distance]` is cut by every half-plane, the last
//!   *entering* cut is the hit and its edge gives the normal. The slab test for boxes is
//!   the same thing with four axis-aligned half-planes, so both share the code;
//! - **capsule**: the union of a rectangle and two discs. A ray that starts outside enters
//!   a union where it first enters one of its pieces, so the hit is the earliest of the two
//!   long sides (the short sides of the rectangle lie inside the discs and can never be
//!   first) and the two end discs;
//! - **segment**: the intersection of two lines; it has no inside, so it is hit from either
//!   side, with the normal facing the ray. A ray running along the segment's own line hits
//!   its nearer end, head on (normal `−direction`);
//! - **point**: zero width, never hit.
//!
//! Shapes are closed sets, as in the narrow phase. A ray that **starts inside** a shape
//! with area (or on its boundary) hits at distance 0, and since no surface was crossed its
//! normal is `−direction`: pushing back along the ray, the convention of Box2D's and
//! parry's "solid" casts. This module knows shapes and transforms, nothing of storage or
//! the broad phase (the world runs the broad phase and calls [`raycast`] per candidate).

use crate::math::{max_f32, min_f32, Rot, Transform, Vec2};
use crate::narrow_phase::unit_and_length;
use crate::shape::{capsule_frame, Shape};

/// Where a ray first meets a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// Distance from the ray's origin to the hit, in `[0, max_distance]`.
    pub distance: f32,
    /// The hit point in world space: `origin + direction × distance`.
    pub point: Vec2,
    /// The unit surface normal at the hit, facing the ray (`normal · direction <= 0`);
    /// `−direction` when the ray starts inside the shape.
    pub normal: Vec2,
}

/// Casts the ray `origin + t × direction`, `0 <= t <= max_distance`, against `shape` placed
/// by `tf`, and returns the closest entry point, or `None` when the ray misses (or every
/// hit lies beyond `max_distance`).
///
/// `direction` must be a unit vector (distances are measured in its length). A ray that
/// starts inside a shape with area hits at distance 0 with normal `−direction`; segments
/// are hit from either side with the normal facing the ray; points are never hit (zero
/// width). A negative or NaN `max_distance` never hits.
///
/// ```
/// use sepax::{raycast::raycast, Shape, Transform, Vec2};
/// let circle = Shape::circle(1.0).unwrap();
/// let tf = Transform::from_xy_angle(5.0, 0.0, 0.0);
/// let hit = raycast(&circle, &tf, Vec2::ZERO, Vec2::X, 100.0).unwrap();
/// assert_eq!(hit.distance, 4.0);
/// assert_eq!(hit.point, Vec2::new(4.0, 0.0));
/// assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
/// assert!(raycast(&circle, &tf, Vec2::ZERO, Vec2::X, 3.5).is_none());
/// ```
#[must_use]
pub fn raycast(
    shape: &Shape,
    tf: &Transform,
    origin: Vec2,
    direction: Vec2,
    max_distance: f32,
) -> Option<RayHit> {
    if max_distance.is_nan() || max_distance < 0.0 {
        return None;
    }
    // Circles do not need the rotation, and skipping it keeps their local coordinates
    // free of its rounding: a ray that is exactly tangent in the world stays tangent.
    let rotation = match shape {
        Shape::AlignedBox { .. } | Shape::Circle { .. } | Shape::Point => Rot::IDENTITY,
        Shape::OrientedBox { .. } | Shape::Polygon(_) | Shape::Segment { .. } => tf.rotation,
        Shape::Capsule { upright, .. } => capsule_frame(*upright, tf).rotation,
    };
    let o = rotation.apply_inv(origin - tf.translation);
    let d = rotation.apply_inv(direction);
    let hit = match shape {
        Shape::Circle { radius } => ray_circle(o, d, Vec2::ZERO, *radius, max_distance),
        Shape::AlignedBox { half_extents } | Shape::OrientedBox { half_extents } => {
            let h = *half_extents;
            let planes = [
                (Vec2::X, h.x),
                (-Vec2::X, h.x),
                (Vec2::Y, h.y),
                (-Vec2::Y, h.y),
            ];
            ray_half_planes(o, d, max_distance, planes)
        }
        Shape::Polygon(polygon) => {
            let planes = polygon
                .normals()
                .iter()
                .zip(polygon.vertices())
                .map(|(&n, &v)| (n, n.dot(v)));
            ray_half_planes(o, d, max_distance, planes)
        }
        Shape::Capsule {
            half_length,
            radius,
            ..
        } => ray_capsule(o, d, *half_length, *radius, max_distance),
        Shape::Segment { a, b } => ray_segment(o, d, *a, *b, max_distance),
        Shape::Point => None,
    }?;
    Some(RayHit {
        distance: hit.distance,
        // From the world-space ray, so that the point lies on it whatever the rounding of
        // the local frame.
        point: origin + direction * hit.distance,
        normal: match hit.normal {
            Some(n) => rotation.apply(n),
            None => -direction,
        },
    })
}

/// A hit in local space. `normal` is `None` when there is no crossed surface (the ray
/// starts inside, or runs head-on into a segment's end); the caller then uses
/// `−direction`.
struct LocalHit {
    distance: f32,
    normal: Option<Vec2>,
}

/// The disc of `radius` around `centre`.
fn ray_circle(o: Vec2, d: Vec2, centre: Vec2, radius: f32, max: f32) -> Option<LocalHit> {
    let m = o - centre;
    let r2 = radius * radius;
    if m.length_squared() <= r2 {
        return Some(LocalHit {
            distance: 0.0,
            normal: None,
        });
    }
    let along = m.dot(d);
    if along >= 0.0 {
        // Outside and moving away.
        return None;
    }
    let closest = m + d * -along;
    let half_chord2 = r2 - closest.length_squared();
    if half_chord2 < 0.0 {
        return None;
    }
    // Outside means the entry is ahead; `max` guards against rounding the other way.
    let distance = max_f32(-along - half_chord2.sqrt(), 0.0);
    if distance > max {
        return None;
    }
    Some(LocalHit {
        distance,
        normal: circle_normal(m + d * distance, closest, d, half_chord2),
    })
}

/// The unit normal at a circle's entry point `offset` (from the centre). An offset whose
/// square is below 1e-30 (a circle under about 1e-15 across) is mostly the rounding of
/// `m + d × distance`, a difference of two far larger numbers, or exactly zero, and its
/// square may underflow; the offset is then rebuilt from its two parts, which are small
/// themselves: the centre's perpendicular offset from the ray `closest` and the half
/// chord back along the ray. When both are zero the ray runs at the centre and `None`
/// makes the normal face it.
fn circle_normal(offset: Vec2, closest: Vec2, d: Vec2, half_chord2: f32) -> Option<Vec2> {
    if offset.length_squared() >= 1e-30 {
        return Some(offset.normalize_or_zero());
    }
    unit_and_length(closest - d * half_chord2.sqrt()).map(|(n, _)| n)
}

/// The intersection of half-planes `n · p <= c` given as `(n, c)` with unit `n`
/// (Cyrus–Beck clipping of `[0, max]`).
fn ray_half_planes(
    o: Vec2,
    d: Vec2,
    max: f32,
    planes: impl IntoIterator<Item = (Vec2, f32)>,
) -> Option<LocalHit> {
    let mut enter = 0.0f32;
    let mut exit = max;
    let mut normal = None;
    for (n, c) in planes {
        // How far inside this half-plane the origin is, and how fast the ray leaves it.
        let inside = c - n.dot(o);
        let speed = n.dot(d);
        if speed == 0.0 {
            if inside < 0.0 {
                return None;
            }
            continue;
        }
        let t = inside / speed;
        if speed < 0.0 {
            if t > enter {
                enter = t;
                normal = Some(n);
            }
        } else {
            exit = min_f32(exit, t);
        }
        if enter > exit {
            return None;
        }
    }
    Some(LocalHit {
        distance: enter,
        normal,
    })
}

/// The capsule around the segment `(±half_length, 0)`.
fn ray_capsule(o: Vec2, d: Vec2, half_length: f32, radius: f32, max: f32) -> Option<LocalHit> {
    // Compare and select, not `f32::clamp`: its panic message (for bounds in the wrong
    // order) would link Rust's float formatting into the wasm.
    let x = if o.x > half_length {
        half_length
    } else if o.x < -half_length {
        -half_length
    } else {
        o.x
    };
    let nearest_on_core = Vec2::new(x, 0.0);
    if (o - nearest_on_core).length_squared() <= radius * radius {
        return Some(LocalHit {
            distance: 0.0,
            normal: None,
        });
    }
    let mut best: Option<LocalHit> = None;
    let mut consider = |hit: Option<LocalHit>| {
        if let Some(hit) = hit {
            let closer = match &best {
                Some(b) => hit.distance < b.distance,
                None => true,
            };
            if closer {
                best = Some(hit);
            }
        }
    };
    for side in [1.0f32, -1.0] {
        // The long side `y = side × radius`, entered from beyond it.
        if o.y * side > radius && d.y * side < 0.0 {
            let t = (side * radius - o.y) / d.y;
            if t <= max && (o.x + t * d.x).abs() <= half_length {
                consider(Some(LocalHit {
                    distance: t,
                    normal: Some(Vec2::new(0.0, side)),
                }));
            }
        }
        let cap = Vec2::new(side * half_length, 0.0);
        consider(ray_circle(o, d, cap, radius, max));
    }
    best
}

/// The segment from `a` to `b`, hit from either side.
fn ray_segment(o: Vec2, d: Vec2, a: Vec2, b: Vec2, max: f32) -> Option<LocalHit> {
    let e = b - a;
    let w = a - o;
    let denominator = d.perp_dot(e);
    if denominator == 0.0 {
        // Parallel: only a ray along the segment's own line meets it, at the nearer end
        // (or at once, when it starts on the segment).
        if d.perp_dot(w) != 0.0 {
            return None;
        }
        let (ta, tb) = (w.dot(d), (b - o).dot(d));
        if max_f32(ta, tb) < 0.0 {
            return None;
        }
        let distance = max_f32(min_f32(ta, tb), 0.0);
        return (distance <= max).then_some(LocalHit {
            distance,
            normal: None,
        });
    }
    // Solve o + t d = a + s e with 2D cross products.
    let t = w.perp_dot(e) / denominator;
    let s = w.perp_dot(d) / denominator;
    if !(0.0..=max).contains(&t) || !(0.0..=1.0).contains(&s) {
        return None;
    }
    // Rescaled when short: a segment below about 1e-19 long has a zero squared length.
    let normal = unit_and_length(e.perp()).map(|(n, _)| if n.dot(d) > 0.0 { -n } else { n });
    Some(LocalHit {
        distance: t,
        normal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f32::consts::FRAC_PI_2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn close(hit: Option<RayHit>, distance: f32, point: Vec2, normal: Vec2) {
        let hit = hit.expect("expected a hit");
        assert!((hit.distance - distance).abs() < 1e-5, "{hit:?}");
        assert!((hit.point - point).length() < 1e-5, "{hit:?}");
        assert!((hit.normal - normal).length() < 1e-5, "{hit:?}");
    }

    #[test]
    fn circle_front_graze_and_miss() {
        let circle = Shape::circle(2.0).unwrap();
        let tf = Transform::from_xy_angle(10.0, 1.0, 0.3);
        // Straight at the centre from the left: enters at x = 8.
        close(
            raycast(&circle, &tf, v(0.0, 1.0), Vec2::X, 100.0),
            8.0,
            v(8.0, 1.0),
            v(-1.0, 0.0),
        );
        // A 3-4-5 chord: offset 1.2 from the centre, half-chord 1.6.
        close(
            raycast(&circle, &tf, v(0.0, 2.2), Vec2::X, 100.0),
            8.4,
            v(8.4, 2.2),
            v(-0.8, 0.6),
        );
        // Tangent at y = 3 touches (closed set); just above misses.
        close(
            raycast(&circle, &tf, v(0.0, 3.0), Vec2::X, 100.0),
            10.0,
            v(10.0, 3.0),
            Vec2::Y,
        );
        assert!(raycast(&circle, &tf, v(0.0, 3.001), Vec2::X, 100.0).is_none());
        // Pointing away, and too short.
        assert!(raycast(&circle, &tf, v(0.0, 1.0), -Vec2::X, 100.0).is_none());
        assert!(raycast(&circle, &tf, v(0.0, 1.0), Vec2::X, 7.9).is_none());
    }

    #[test]
    fn aligned_box_ignores_rotation_oriented_box_does_not() {
        let tf = Transform::from_xy_angle(5.0, 0.0, FRAC_PI_2);
        let aligned = Shape::aligned_box(2.0, 1.0).unwrap();
        close(
            raycast(&aligned, &tf, v(0.0, 0.5), Vec2::X, 100.0),
            3.0,
            v(3.0, 0.5),
            v(-1.0, 0.0),
        );
        // Turned a quarter: the box is 2 wide and 4 tall.
        let oriented = Shape::oriented_box(2.0, 1.0).unwrap();
        close(
            raycast(&oriented, &tf, v(0.0, 0.5), Vec2::X, 100.0),
            4.0,
            v(4.0, 0.5),
            v(-1.0, 0.0),
        );
        close(
            raycast(&oriented, &tf, v(5.5, -10.0), Vec2::Y, 100.0),
            8.0,
            v(5.5, -2.0),
            v(0.0, -1.0),
        );
        // Slanted: along (2, 1) / √5 the ray climbs 0.5 while crossing 2 units of x.
        let slanted = v(2.0, 1.0).normalize_or_zero();
        close(
            raycast(&aligned, &tf, v(-1.0, -1.5), slanted, 100.0),
            2.0 * 5.0f32.sqrt(),
            v(3.0, 0.5),
            v(-1.0, 0.0),
        );
    }

    #[test]
    fn polygon_in_local_space() {
        // The unit right triangle, turned a quarter and moved to (10, 0): its vertices
        // land at (10, 0), (10, 1), (9, 0).
        let triangle = Shape::polygon(&[v(0.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)]).unwrap();
        let tf = Transform::from_xy_angle(10.0, 0.0, FRAC_PI_2);
        close(
            raycast(&triangle, &tf, v(0.0, 0.25), Vec2::X, 100.0),
            9.25,
            v(9.25, 0.25),
            v(-0.5f32.sqrt(), 0.5f32.sqrt()),
        );
        close(
            raycast(&triangle, &tf, v(9.75, -5.0), Vec2::Y, 100.0),
            5.0,
            v(9.75, 0.0),
            v(0.0, -1.0),
        );
        assert!(raycast(&triangle, &tf, v(0.0, 1.5), Vec2::X, 100.0).is_none());
        // Parallel to the bottom edge, on it: touching counts.
        close(
            raycast(&triangle, &tf, v(0.0, 0.0), Vec2::X, 100.0),
            9.0,
            v(9.0, 0.0),
            v(-0.5f32.sqrt(), 0.5f32.sqrt()),
        );
    }

    #[test]
    fn capsule_sides_and_caps() {
        let capsule = Shape::capsule(2.0, 1.0).unwrap();
        let tf = Transform::from_xy_angle(0.0, 0.0, FRAC_PI_2);
        // Standing up: the core runs from (0, -2) to (0, 2).
        close(
            raycast(&capsule, &tf, v(-5.0, 1.5), Vec2::X, 100.0),
            4.0,
            v(-1.0, 1.5),
            v(-1.0, 0.0),
        );
        close(
            raycast(&capsule, &tf, v(0.0, 10.0), -Vec2::Y, 100.0),
            7.0,
            v(0.0, 3.0),
            Vec2::Y,
        );
        // Into the top cap off-centre: the cap circle at (0, 2) is hit at (0.6, 2.8).
        close(
            raycast(&capsule, &tf, v(0.6, 10.0), -Vec2::Y, 100.0),
            7.2,
            v(0.6, 2.8),
            v(0.6, 0.8),
        );
        assert!(raycast(&capsule, &tf, v(1.01, 10.0), -Vec2::Y, 100.0).is_none());
    }

    #[test]
    fn segment_from_both_sides_and_head_on() {
        let segment = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        let tf = Transform::from_xy_angle(0.0, 2.0, 0.0);
        close(
            raycast(&segment, &tf, v(0.5, 0.0), Vec2::Y, 100.0),
            2.0,
            v(0.5, 2.0),
            -Vec2::Y,
        );
        close(
            raycast(&segment, &tf, v(0.5, 5.0), -Vec2::Y, 100.0),
            3.0,
            v(0.5, 2.0),
            Vec2::Y,
        );
        close(
            raycast(&segment, &tf, v(-4.0, 2.0), Vec2::X, 100.0),
            3.0,
            v(-1.0, 2.0),
            -Vec2::X,
        );
        assert!(raycast(&segment, &tf, v(1.5, 0.0), Vec2::Y, 100.0).is_none());
        assert!(raycast(&segment, &tf, v(-4.0, 2.5), Vec2::X, 100.0).is_none());
    }

    #[test]
    fn starting_inside_hits_at_zero_facing_back() {
        let direction = v(0.6, 0.8);
        let tf = Transform::from_xy_angle(1.0, 1.0, 0.4);
        for shape in [
            Shape::circle(1.0).unwrap(),
            Shape::aligned_box(1.0, 1.0).unwrap(),
            Shape::oriented_box(1.0, 1.0).unwrap(),
            Shape::polygon(&[v(-1.0, -1.0), v(1.0, -1.0), v(0.0, 1.0)]).unwrap(),
            Shape::capsule(1.0, 0.5).unwrap(),
        ] {
            close(
                raycast(&shape, &tf, v(1.0, 1.0), direction, 10.0),
                0.0,
                v(1.0, 1.0),
                -direction,
            );
        }
    }

    #[test]
    fn points_are_never_hit_and_bad_ranges_never_hit() {
        let tf = Transform::from_xy_angle(3.0, 0.0, 0.0);
        assert!(raycast(&Shape::point(), &tf, Vec2::ZERO, Vec2::X, 10.0).is_none());
        let circle = Shape::circle(1.0).unwrap();
        assert!(raycast(&circle, &tf, Vec2::ZERO, Vec2::X, f32::NAN).is_none());
        assert!(raycast(&circle, &tf, v(3.0, 0.0), Vec2::X, -1.0).is_none());
    }
}
