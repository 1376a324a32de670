//! Kernels between shapes with straight edges and area: aligned boxes, oriented boxes and
//! convex polygons (6 pairs).
//!
//! All of them are the Separating Axis Theorem on the edge normals of both shapes: two
//! convex polygons are apart iff some edge normal of one of them separates their
//! projections, and when they overlap, the smallest overlap over those normals is the exact
//! penetration depth (the normals are the face normals of the Minkowski difference).
//!
//! - **aligned–aligned**: the normals are world `x` and `y`; the test is two interval
//!   comparisons and needs neither the bounding-circle reject (it would cost as much as
//!   the test) nor any rotation.
//! - **aligned–oriented, oriented–oriented**: two axes per box. In A's frame B is turned by
//!   `R = R_Aᵀ R_B`, and B's projection radius on A's axes is `|R| · h_B` (the absolute
//!   rotation matrix times the half extents); symmetrically for A on B's axes. No corner is
//!   ever computed. An aligned box is the same with `R_A = I`. There is no bounding-circle
//!   reject: the first axis test costs no more than the reject would, and the reject only
//!   slowed the colliding pairs down.
//! - **box–polygon**: bounding circles first (the box's radius bounded without a square
//!   root). The box's four faces are its two axes: one pass over B's vertices, each taken
//!   into A's frame by the rows of `R`, gives their `x` and `y` extents, hence the four
//!   face separations. For each edge normal `n` of B, the box's deepest corner needs no
//!   search: `min over corners of n·c = -(|n_x| h_x + |n_y| h_y)`. These are the very
//!   floats a four-vertex polygon SAT computes, in less than half the instructions.
//! - **polygon–polygon**: bounding circles first; then, for each edge normal `n` of A, the
//!   separation `min over B's vertices of n·(w - v)`, with B's vertices taken in A's frame;
//!   the first positive separation ends the test (early exit); the largest one (least
//!   penetration) is kept; then the same with the roles swapped. Rather than transforming
//!   B's vertices, each of A's normals is turned into B's frame once
//!   (`n·(R w + t) = (Rᵀn)·w + n·t`), which is the local-space trick applied to axes
//!   instead of points, and reads B's vertices in place. The inner loop is a dot product
//!   and a compare-and-select per vertex. Walking to each normal's deepest vertex instead
//!   (rotating calipers, `O(n_A + n_B)` dot products) costs more instructions on the
//!   workload's 3 to 8 vertices and saves few even on octagons: not worth its branches.
//!
//! Ties between equally deep axes go to A's axes first (a box's `+x` first); a zero centre
//! offset along the chosen box axis gives its positive direction.
//!
//! This module must not allocate: a polygon of up to 64 vertices is read in place, and a
//! box is only its half extents.

use super::sat::{box_bound, polygon_polygon, Deepest, PolygonRef, BOUND_SLACK};
use super::Contact;
use crate::math::{from_order_key, order_key, projection_extremes, Rot, Transform, Vec2};

/// `+1` for a non-negative offset, `-1` otherwise: a zero offset takes the positive axis
/// (`-0.0 + 0.0` is `+0.0`). By `copysign`, not a select, which V8 turns into a jump.
#[inline]
fn sign(offset: f32) -> f32 {
    1f32.copysign(offset + 0.0)
}

/// Contact between the aligned boxes A and B (both rotations ignored).
#[must_use]
pub fn collide_aligned_box_aligned_box(
    half_extents_a: Vec2,
    tf_a: &Transform,
    half_extents_b: Vec2,
    tf_b: &Transform,
) -> Option<Contact> {
    let d = tf_b.translation - tf_a.translation;
    let overlap_x = half_extents_a.x + half_extents_b.x - d.x.abs();
    if overlap_x < 0.0 {
        return None;
    }
    let overlap_y = half_extents_a.y + half_extents_b.y - d.y.abs();
    if overlap_y < 0.0 {
        return None;
    }
    Some(if overlap_x <= overlap_y {
        Contact {
            normal: Vec2::new(sign(d.x), 0.0),
            depth: overlap_x,
        }
    } else {
        Contact {
            normal: Vec2::new(0.0, sign(d.y)),
            depth: overlap_y,
        }
    })
}

/// True when the aligned boxes A and B overlap or touch.
#[must_use]
pub fn overlap_aligned_box_aligned_box(
    half_extents_a: Vec2,
    tf_a: &Transform,
    half_extents_b: Vec2,
    tf_b: &Transform,
) -> bool {
    let d = tf_b.translation - tf_a.translation;
    d.x.abs() <= half_extents_a.x + half_extents_b.x
        && d.y.abs() <= half_extents_a.y + half_extents_b.y
}

/// SAT between two boxes with the `|R|` trick: `d = c_B - c_A` in the world. Returns the
/// world normal and depth; with `want_contact == false` only the verdict is meaningful.
#[inline]
fn box_box(
    ha: Vec2,
    rot_a: Rot,
    hb: Vec2,
    rot_b: Rot,
    d: Vec2,
    want_contact: bool,
) -> Option<(Vec2, f32)> {
    let r = rot_a.inverse() * rot_b;
    let (c, s) = (r.cos.abs(), r.sin.abs());
    // A's axes: B's projection radius is |R| h_B.
    let ta = rot_a.apply_inv(d);
    let overlap_ax = ha.x + c * hb.x + s * hb.y - ta.x.abs();
    if overlap_ax < 0.0 {
        return None;
    }
    let overlap_ay = ha.y + s * hb.x + c * hb.y - ta.y.abs();
    if overlap_ay < 0.0 {
        return None;
    }
    // B's axes: A's projection radius is |R|ᵀ h_A.
    let tb = rot_b.apply_inv(d);
    let overlap_bx = hb.x + c * ha.x + s * ha.y - tb.x.abs();
    if overlap_bx < 0.0 {
        return None;
    }
    let overlap_by = hb.y + s * ha.x + c * ha.y - tb.y.abs();
    if overlap_by < 0.0 {
        return None;
    }
    if !want_contact {
        return Some((Vec2::ZERO, 0.0));
    }
    // The shallowest axis (ties: the first), chosen on keys and an index so that nothing
    // here is a float select (a jump in V8, taken at random).
    let overlaps = [overlap_ax, overlap_ay, overlap_bx, overlap_by];
    let mut depth = order_key(overlap_ax);
    let mut axis = 0;
    for (i, &overlap) in overlaps.iter().enumerate().skip(1) {
        let key = order_key(overlap);
        axis = if key < depth { i } else { axis };
        depth = depth.min(key);
    }
    let normals = [
        rot_a.x_axis() * sign(ta.x),
        rot_a.y_axis() * sign(ta.y),
        rot_b.x_axis() * sign(tb.x),
        rot_b.y_axis() * sign(tb.y),
    ];
    Some((normals[axis], from_order_key(depth)))
}

/// Writes the `collide_`/`overlap_` pair of a SAT kernel: `$sat` returns the world normal
/// and depth, or `None` when separated. For the box–box kernels `$want_contact` is bound
/// to `true` in the collide twin and `false` in the overlap twin, so that the overlap test
/// skips choosing the normal.
macro_rules! sat_pair {
    (
        $(#[$collide_doc:meta])* $collide:ident,
        $(#[$overlap_doc:meta])* $overlap:ident,
        ($($arg:ident : $ty:ty),*),
        |$want_contact:ident| $sat:expr
    ) => {
        $(#[$collide_doc])*
        #[must_use]
        pub fn $collide($($arg: $ty),*) -> Option<Contact> {
            let $want_contact = true;
            $sat.map(|(normal, depth)| Contact { normal, depth })
        }

        $(#[$overlap_doc])*
        #[must_use]
        pub fn $overlap($($arg: $ty),*) -> bool {
            let $want_contact = false;
            $sat.is_some()
        }
    };
}

sat_pair!(
    /// Contact between the aligned box A (rotation ignored) and the oriented box B.
    collide_aligned_box_oriented_box,
    /// True when the aligned box A and the oriented box B overlap or touch.
    overlap_aligned_box_oriented_box,
    (half_extents_a: Vec2, tf_a: &Transform, half_extents_b: Vec2, tf_b: &Transform),
    |want_contact| box_box(
        half_extents_a,
        Rot::IDENTITY,
        half_extents_b,
        tf_b.rotation,
        tf_b.translation - tf_a.translation,
        want_contact,
    )
);

sat_pair!(
    /// Contact between the oriented boxes A and B (rotated rectangles).
    collide_oriented_box_oriented_box,
    /// True when the oriented boxes A and B overlap or touch.
    overlap_oriented_box_oriented_box,
    (half_extents_a: Vec2, tf_a: &Transform, half_extents_b: Vec2, tf_b: &Transform),
    |want_contact| box_box(
        half_extents_a,
        tf_a.rotation,
        half_extents_b,
        tf_b.rotation,
        tf_b.translation - tf_a.translation,
        want_contact,
    )
);

/// Box A (`±h`, turned by `rot_a`, centred at `pos_a`) against polygon B: the world normal
/// and depth, SAT on the box's four faces and the polygon's edges.
///
/// The box's faces are two axes: one pass over B's vertices yields their `x` and `y`
/// extents in A's frame, hence all four face separations (`t_x - h_x + lo_x` for `+x`,
/// `-(t_x + h_x) - hi_x` for `-x`, ...). For each of B's faces, the box's deepest corner
/// along it needs no search: `min over corners of n·c = -(|n_x| h_x + |n_y| h_y)`. Both are
/// exactly the values the generic polygon SAT computes for a four-vertex box, with the
/// same tie-breaking order (`+x`, `+y`, `-x`, `-y`, then B's edges), in less than half the
/// instructions.
#[inline]
fn box_polygon(
    h: Vec2,
    rot_a: Rot,
    pos_a: Vec2,
    polygon_b: PolygonRef<'_>,
    tf_b: &Transform,
) -> Option<(Vec2, f32)> {
    let d = tf_b.translation - pos_a;
    let reach = (box_bound(h) + polygon_b.bounding_radius()) * BOUND_SLACK;
    if d.length_squared() > reach * reach {
        return None;
    }
    let rot_b = tf_b.rotation;
    // B's frame in A's: a vertex w of B is at `rot w + t`.
    let rot = rot_a.inverse() * rot_b;
    let t = rot_a.apply_inv(d);

    // A's faces. The rows of `rot` are A's axes seen in B's frame.
    let (row_x, row_y) = (rot.apply_inv(Vec2::X), rot.apply_inv(Vec2::Y));
    let vertices = polygon_b.vertices();
    let [lo_x, lo_y, hi_x, hi_y] = projection_extremes(vertices, row_x, row_y);
    // Written as the generic SAT writes them (`n·(t - v) + min n·w`), so that both give
    // the same floats.
    let faces = [
        (t.x - h.x) + lo_x,
        (t.y - h.y) + lo_y,
        -(t.x + h.x) - hi_x,
        -(t.y + h.y) - hi_y,
    ];
    let mut deepest_a = Deepest::new();
    for (i, &sep) in faces.iter().enumerate() {
        if sep > 0.0 {
            return None;
        }
        deepest_a.offer(sep, i);
    }
    let (sep_a, face_a) = deepest_a.get();

    // B's faces, against A's origin in B's frame.
    let t_ba = rot_b.apply_inv(-d);
    let mut deepest_b = Deepest::new();
    for (i, (w, n)) in vertices.iter().zip(polygon_b.normals()).enumerate() {
        let n_in_a = rot.apply(*n);
        let deepest = -(n_in_a.x.abs() * h.x + n_in_a.y.abs() * h.y);
        let sep = n.dot(t_ba - *w) + deepest;
        if sep > 0.0 {
            return None;
        }
        deepest_b.offer(sep, i);
    }
    let (sep_b, face_b) = deepest_b.get();

    if sep_a >= sep_b {
        let axis = if face_a % 2 == 0 {
            rot_a.x_axis()
        } else {
            rot_a.y_axis()
        };
        let normal = if face_a < 2 { axis } else { -axis };
        Some((normal, -sep_a))
    } else {
        Some((-rot_b.apply(polygon_b.normals()[face_b]), -sep_b))
    }
}

sat_pair!(
    /// Contact between the aligned box A (rotation ignored) and polygon B.
    collide_aligned_box_polygon,
    /// True when the aligned box A and polygon B overlap or touch.
    overlap_aligned_box_polygon,
    (half_extents_a: Vec2, tf_a: &Transform, polygon_b: PolygonRef<'_>, tf_b: &Transform),
    |_want_contact| box_polygon(half_extents_a, Rot::IDENTITY, tf_a.translation, polygon_b, tf_b)
);

sat_pair!(
    /// Contact between the oriented box A and polygon B.
    collide_oriented_box_polygon,
    /// True when the oriented box A and polygon B overlap or touch.
    overlap_oriented_box_polygon,
    (half_extents_a: Vec2, tf_a: &Transform, polygon_b: PolygonRef<'_>, tf_b: &Transform),
    |_want_contact| box_polygon(half_extents_a, tf_a.rotation, tf_a.translation, polygon_b, tf_b)
);

sat_pair!(
    /// Contact between polygons A and B.
    collide_polygon_polygon,
    /// True when polygons A and B overlap or touch.
    overlap_polygon_polygon,
    (polygon_a: PolygonRef<'_>, tf_a: &Transform, polygon_b: PolygonRef<'_>, tf_b: &Transform),
    |_want_contact| polygon_polygon(
        polygon_a,
        tf_a.rotation,
        tf_a.translation,
        polygon_b,
        tf_b.rotation,
        tf_b.translation,
    )
);

#[cfg(test)]
mod tests {
    use super::super::sat::interval;
    use super::super::test_util::*;
    use super::super::{collide, overlaps};
    use super::*;
    use crate::shape::Shape;
    use core::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};

    const EPS: f32 = 1e-6;

    fn aligned(hx: f32, hy: f32) -> Shape {
        Shape::aligned_box(hx, hy).unwrap()
    }

    fn oriented(hx: f32, hy: f32) -> Shape {
        Shape::oriented_box(hx, hy).unwrap()
    }

    /// The seed's worked example: A.UR = (2, 6) projected onto Axis 1 = (3, 4) is
    /// (3.6, 4.8). SAT uses the scalar `dot` with the unit axis (6 here); the vector is
    /// that scalar times the unit axis.
    #[test]
    fn seed_projection_example() {
        let ur = v(2.0, 6.0);
        let axis = v(3.0, 4.0);
        assert!((ur.project_onto(axis) - v(3.6, 4.8)).length() < 1e-6);
        let unit = axis * (1.0 / axis.length());
        let (lo, hi) = interval(&[ur], unit);
        assert_eq!((lo, hi), (6.0, 6.0));
        assert!((unit * lo - v(3.6, 4.8)).length() < 1e-6);
    }

    /// The seed's rotated-rectangle setting: A's top edge runs along Axis 1 = (3, 4) and
    /// its upper-right corner is (2, 6); B is an unrotated rectangle. The seed gives no
    /// coordinates for B, so B is placed (in A's frame) where the numbers are checkable
    /// by hand; `cos = 0.6, sin = 0.8` exactly as the 3-4-5 axis implies.
    #[test]
    fn seed_rotated_rectangles() {
        let rot_a = Rot { cos: 0.6, sin: 0.8 };
        let ha = v(2.5, 1.25); // width 5 = |Axis 1|
        let ur_local = v(2.5, 1.25);
        let centre_a = v(2.0, 6.0) - rot_a.apply(ur_local); // (1.5, 3.25)
        assert!((centre_a - v(1.5, 3.25)).length() < 1e-6);
        let tf_a = Transform {
            translation: centre_a,
            rotation: rot_a,
        };
        // A.UR - A.UL is Axis 1.
        let ul = tf_a.apply(v(-2.5, 1.25));
        assert!((v(2.0, 6.0) - ul - v(3.0, 4.0)).length() < 1e-5);
        let a = oriented(ha.x, ha.y);
        let b = oriented(1.0, 1.0);

        // B over A's top face: B's projection radius on A's y axis is 0.8 + 0.6 = 1.4, so
        // a centre 1.25 + 1.4 - 0.2 = 2.45 above A's centre overlaps by 0.2 there. The
        // other axes overlap by 3.9, 1.54 and 2.28.
        let up = rot_a.y_axis(); // (-0.8, 0.6)
        let tf_b = at(centre_a.x + up.x * 2.45, centre_a.y + up.y * 2.45);
        check(&a, &tf_a, &b, &tf_b, Some((v(-0.8, 0.6), 0.2)), 1e-5);

        // The seed's Figure 2: the world bounding boxes overlap, yet A's x axis separates
        // (4.0 > 2.5 + 1.4).
        let right = rot_a.x_axis();
        let tf_b = at(centre_a.x + right.x * 4.0, centre_a.y + right.y * 4.0);
        assert!(a.aabb(&tf_a).overlaps(&b.aabb(&tf_b)));
        check(&a, &tf_a, &b, &tf_b, None, EPS);
    }

    #[test]
    fn aligned_box_aligned_box() {
        let (a, b) = (aligned(2.0, 1.0), aligned(1.0, 1.0));
        let o = at(0.0, 0.0);
        // Overlap 0.5 in x, 1.5 in y: out along +x. Angles are ignored.
        check(
            &a,
            &at_angle(0.0, 0.0, 1.0),
            &b,
            &at_angle(2.5, 0.5, 2.0),
            Some((v(1.0, 0.0), 0.5)),
            EPS,
        );
        check(&a, &o, &b, &at(0.5, -1.75), Some((v(0.0, -1.0), 0.25)), EPS);
        // Touching edge to edge.
        check(&a, &o, &b, &at(-3.0, 0.0), Some((v(-1.0, 0.0), 0.0)), EPS);
        // Separated.
        check(&a, &o, &b, &at(0.0, 2.01), None, EPS);
        let c =
            collide_aligned_box_aligned_box(v(2.0, 1.0), &o, v(1.0, 1.0), &at(2.5, 0.5)).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: v(1.0, 0.0),
                depth: 0.5
            }
        );
    }

    #[test]
    fn identical_boxes_take_a_plus_x() {
        // Same kind, same place: both orders give A's +x (no rule could make them opposite).
        let a = aligned(1.0, 1.0);
        let c = collide(&a, &at(3.0, 3.0), &a, &at(3.0, 3.0)).unwrap();
        assert_eq!(
            c,
            Contact {
                normal: v(1.0, 0.0),
                depth: 2.0
            }
        );
        let o = oriented(1.0, 2.0);
        let tf = at_angle(1e5, -1e5, 0.3);
        let c = collide(&o, &tf, &o, &tf).unwrap();
        assert_close(c, tf.rotation.x_axis(), 2.0, 1e-6);
        let p = polygon(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]);
        let c = collide(&p, &tf, &p, &tf).unwrap();
        assert!((c.depth - 2.0).abs() < 1e-6);
        let c = collide(&aligned(1.0, 1.0), &tf, &p, &at(1e5, -1e5)).unwrap();
        assert_close(c, v(1.0, 0.0), 2.0, 1e-6);
    }

    #[test]
    fn aligned_box_oriented_box() {
        let a = aligned(2.0, 1.0);
        let b = oriented(1.0, 0.5);
        // B turned a quarter: 0.5 wide, 1 tall. Centre at x = 2.25 -> overlap 0.25.
        check(
            &a,
            &at_angle(0.0, 0.0, 0.7),
            &b,
            &at_angle(2.25, 0.0, FRAC_PI_2),
            Some((v(1.0, 0.0), 0.25)),
            EPS,
        );
        // Touching from below at a half turn.
        check(
            &a,
            &at(0.0, 0.0),
            &b,
            &at_angle(0.0, -1.5, PI),
            Some((v(0.0, -1.0), 0.0)),
            EPS,
        );
        // B at 45°, corner towards A: projection radius (1 + 0.5)/√2 ≈ 1.0607 on x.
        let r = 1.5 / 2f32.sqrt();
        check(
            &a,
            &at(0.0, 0.0),
            &b,
            &at_angle(2.0 + r - 0.1, 0.0, FRAC_PI_4),
            Some((v(1.0, 0.0), 0.1)),
            1e-5,
        );
        check(
            &a,
            &at(0.0, 0.0),
            &b,
            &at_angle(2.0 + r + 0.01, 0.0, FRAC_PI_4),
            None,
            EPS,
        );
        let c = collide_aligned_box_oriented_box(
            v(2.0, 1.0),
            &at(0.0, 0.0),
            v(1.0, 0.5),
            &at_angle(2.25, 0.0, FRAC_PI_2),
        )
        .unwrap();
        assert_close(c, v(1.0, 0.0), 0.25, EPS);
    }

    #[test]
    fn oriented_box_oriented_box() {
        let (a, b) = (oriented(2.0, 1.0), oriented(1.0, 1.0));
        // A turned a quarter: 2 wide, 4 tall. B above it at y = 2.5: overlap 0.5 on A's x
        // axis (which points along world +y).
        let tf_a = at_angle(0.0, 0.0, FRAC_PI_2);
        check(&a, &tf_a, &b, &at(0.2, 2.5), Some((v(0.0, 1.0), 0.5)), EPS);
        check(
            &a,
            &tf_a,
            &b,
            &at(-2.0, 0.0),
            Some((v(-1.0, 0.0), 0.0)),
            EPS,
        );
        check(&a, &tf_a, &b, &at(2.0001, 0.0), None, EPS);
        // B's own axis is the least overlap: B at 45° (diamond) is handled by A's axes;
        // here A is the diamond and B's face is the answer.
        let diamond = oriented(1.0, 1.0);
        let r = 2f32.sqrt();
        check(
            &diamond,
            &at_angle(0.0, 0.0, FRAC_PI_4),
            &aligned(1.0, 1.0),
            &at(r + 1.0 - 0.25, 0.0),
            Some((v(1.0, 0.0), 0.25)),
            1e-5,
        );
        let c = collide_oriented_box_oriented_box(v(2.0, 1.0), &tf_a, v(1.0, 1.0), &at(0.2, 2.5))
            .unwrap();
        assert_close(c, v(0.0, 1.0), 0.5, EPS);
    }

    #[test]
    fn thin_slivers() {
        // 1:100 slivers crossed like a plus sign: every axis needs 1 + 0.01; the tie goes to
        // A's +x.
        let a = oriented(1.0, 0.01);
        let c = collide(&a, &at(0.0, 0.0), &a, &at_angle(0.0, 0.0, FRAC_PI_2)).unwrap();
        assert_close(c, v(1.0, 0.0), 1.01, 1e-6);
        // Parallel slivers stacked with 0.005 overlap.
        let c = collide(&a, &at(0.0, 0.0), &a, &at(0.5, 0.015)).unwrap();
        assert_close(c, v(0.0, 1.0), 0.005, 1e-6);
        // Tiny boxes (1e-3).
        let t = aligned(1e-3, 1e-3);
        let c = collide(&t, &at(0.0, 0.0), &t, &at(1.5e-3, 0.0)).unwrap();
        assert_close(c, v(1.0, 0.0), 5e-4, 1e-8);
    }

    #[test]
    fn aligned_box_polygon() {
        let a = aligned(1.0, 1.0);
        let tri = polygon(&[(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]);
        // The triangle's corner (0, 0) 0.25 inside A's right face, and 0.25 above A's top
        // would be 0.75 deep: leave along +x.
        check(
            &a,
            &at(0.0, 0.0),
            &tri,
            &at(0.75, -0.5),
            Some((v(1.0, 0.0), 0.25)),
            EPS,
        );
        // A at (1.5, 1.5) puts its corner (0.5, 0.5) inside the hypotenuse x + y = 2, at
        // distance (2 - 1)/√2 along the hypotenuse's normal (1, 1)/√2.
        let d = (2.0 - 1.0) / 2f32.sqrt();
        let k = 1.0 / 2f32.sqrt();
        check(
            &a,
            &at(1.5, 1.5),
            &tri,
            &at(0.0, 0.0),
            Some((v(-k, -k), d)),
            1e-5,
        );
        // Touching: triangle's left edge on A's right face.
        check(
            &a,
            &at(0.0, 0.0),
            &tri,
            &at(1.0, -0.5),
            Some((v(1.0, 0.0), 0.0)),
            EPS,
        );
        check(&a, &at(0.0, 0.0), &tri, &at(1.01, -0.5), None, EPS);
        // Clockwise input is normalised.
        let cw = polygon(&[(0.0, 0.0), (0.0, 2.0), (2.0, 0.0)]);
        check(
            &a,
            &at(0.0, 0.0),
            &cw,
            &at(0.75, -0.5),
            Some((v(1.0, 0.0), 0.25)),
            EPS,
        );
        let Shape::Polygon(p) = &tri else {
            unreachable!()
        };
        let c = collide_aligned_box_polygon(
            v(1.0, 1.0),
            &at_angle(0.0, 0.0, 1.0),
            p.view(),
            &at(0.75, -0.5),
        )
        .unwrap();
        assert_close(c, v(1.0, 0.0), 0.25, EPS);
    }

    #[test]
    fn oriented_box_polygon() {
        let a = oriented(2.0, 0.5);
        let square = polygon(&[(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]);
        // A turned a quarter: 1 wide, 4 tall; the square at x = 1.25 overlaps by 0.25.
        let tf_a = at_angle(0.0, 0.0, FRAC_PI_2);
        check(
            &a,
            &tf_a,
            &square,
            &at(1.25, 0.3),
            Some((v(1.0, 0.0), 0.25)),
            EPS,
        );
        check(
            &a,
            &tf_a,
            &square,
            &at(0.0, -3.0),
            Some((v(0.0, -1.0), 0.0)),
            EPS,
        );
        check(&a, &tf_a, &square, &at(0.0, 3.001), None, EPS);
        // The square turned 45° touching A's top with its corner.
        let r = 2f32.sqrt();
        check(
            &a,
            &tf_a,
            &square,
            &at_angle(0.0, 2.0 + r - 0.1, FRAC_PI_4),
            Some((v(0.0, 1.0), 0.1)),
            1e-5,
        );
        let Shape::Polygon(p) = &square else {
            unreachable!()
        };
        let c = collide_oriented_box_polygon(v(2.0, 0.5), &tf_a, p.view(), &at(1.25, 0.3)).unwrap();
        assert_close(c, v(1.0, 0.0), 0.25, EPS);
    }

    #[test]
    fn polygon_polygon() {
        let h = 3f32.sqrt() / 2.0;
        let a = polygon(&[
            (1.0, 0.0),
            (0.5, h),
            (-0.5, h),
            (-1.0, 0.0),
            (-0.5, -h),
            (0.5, -h),
        ]);
        let tri = polygon(&[(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]);
        // The hexagon's right vertex (1, 0) pokes 0.25 past the triangle's left edge, whose
        // outward normal is -x: the least penetration is on B's face, normal A→B is +x.
        check(
            &a,
            &at(0.0, 0.0),
            &tri,
            &at(0.75, -0.5),
            Some((v(1.0, 0.0), 0.25)),
            1e-6,
        );
        // The hexagon's top edge (y = √3/2) under the triangle's bottom edge.
        check(
            &a,
            &at(0.0, 0.0),
            &tri,
            &at(-0.1, h - 0.125),
            Some((v(0.0, 1.0), 0.125)),
            1e-6,
        );
        check(
            &a,
            &at(0.0, 0.0),
            &tri,
            &at(-0.1, h),
            Some((v(0.0, 1.0), 0.0)),
            1e-6,
        );
        check(&a, &at(0.0, 0.0), &tri, &at(-0.1, h + 0.001), None, EPS);
        // Clockwise triangle, rotated a half turn, at 1e5.
        let cw = polygon(&[(0.0, 0.0), (0.0, 2.0), (2.0, 0.0)]);
        check(
            &a,
            &at(1e5, 1e5),
            &cw,
            &at_angle(1e5 - 0.75, 1e5 + 0.5, PI),
            Some((v(-1.0, 0.0), 0.25)),
            1e-5,
        );
        let Shape::Polygon(pa) = &a else {
            unreachable!()
        };
        let Shape::Polygon(pb) = &tri else {
            unreachable!()
        };
        let c =
            collide_polygon_polygon(pa.view(), &at(0.0, 0.0), pb.view(), &at(0.75, -0.5)).unwrap();
        assert_close(c, v(1.0, 0.0), 0.25, 1e-6);
        assert!(overlap_polygon_polygon(
            pa.view(),
            &at(0.0, 0.0),
            pb.view(),
            &at(0.75, -0.5)
        ));
    }

    #[test]
    fn early_exit_agrees_with_overlaps() {
        let p = polygon(&[(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (0.0, 1.0)]);
        assert!(!overlaps(&p, &at(0.0, 0.0), &p, &at(3.5, 0.0)));
        assert!(overlaps(&p, &at(0.0, 0.0), &p, &at(3.0, 1.0)));
    }
}
