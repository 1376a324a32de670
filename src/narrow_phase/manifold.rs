//! Contact points: for a colliding pair whose normal and depth [`collide`](super::collide)
//! found, the one or two points where the shapes press into each other, each with its own
//! depth (a *contact manifold*).
//!
//! ## Method: Box2D's polygon manifold, on rounded cores
//!
//! Every kind is a convex **core** grown by a **radius** ([`Shape::rounded_core`], as in
//! the kernels): circles and points have a point core, capsules and segments a segment
//! core, boxes and polygons are their own core with radius 0. The contact is built from the
//! cores and then shifted by the radii, so the capsule needs no code of its own.
//!
//! - **A point core** (circle, point) touches with one point: its own core, moved along the
//!   normal by its radius minus half the depth.
//! - **Two cores with extent** (segment, box, polygon): the **reference face** is A's face
//!   whose outward normal is closest to the pair's normal `n` when it is within [`ALIGNED`]
//!   of it, else B's face closest to `-n`. The kernels' normal is a face normal of one of
//!   the cores whenever the cores overlap (SAT chooses among face normals) and whenever a
//!   rounded core touches a face's interior, so this *reads the SAT's choice back from its
//!   answer* in one pass over each shape's normals, with no second SAT. A segment is a
//!   polygon of two vertices whose two edges face opposite ways. The **incident face** is
//!   the other core's face most anti-parallel to the reference face, found as its face
//!   closest to `∓n` (the same face, except within [`ALIGNED`] of a tie between two faces,
//!   where either serves: the corner between them is on both), so that each core is
//!   searched once. It is clipped to the reference face's side planes, and the ends that lie
//!   below the reference surface are kept, each with the gap to the reference surface as
//!   its depth: 1 or 2 points (Box2D's `b2ClipPolygons`). If nothing is left, the other
//!   core's face is tried as the reference.
//! - When neither core has a face within [`ALIGNED`] of the normal (two rounded cores
//!   closest vertex to vertex, or segments crossing with the shortest way out along one of
//!   them), the contact is a single point: the core's supporting vertex along the normal,
//!   shifted by its radius.
//!
//! The side planes are taken **parallel to the pair's normal** (Box2D takes them
//! perpendicular to the reference face). The two agree whenever the normal is the reference
//! face's normal, which is the rule, and with this choice every kept point projects along
//! the reported normal onto the reference face itself, not onto its line beyond the face.
//!
//! ## Where a point is (the stated tolerance)
//!
//! A point `p` with depth `d` is the **midpoint between the two surfaces** along the pair's
//! normal `n` (Box2D's choice): `p + n·d/2` lies on A's surface and `p - n·d/2` on B's
//! (for a rounded incident shape, inside it by at most `r·(1 - cos φ)`, `φ` the tilt
//! between its face and the normal; on its surface when the point is a core end). So `p`
//! lies within `d/2` of both shapes, and `0 <= d <= depth`. `tests/contact_reference.rs`
//! checks these to `1e-5` of the scale (the shapes' sizes plus their distance from the
//! origin) plus four `f32` roundings of it, and the points against an `f64` reference.
//!
//! ## Cost
//!
//! A pass over each core's normals to find the two faces, a few dot products and two
//! divisions to clip; a circle or point returns before any of it. No allocation, no state.
//! The world calls it only when contact points were asked for, right after the pair's
//! contact, with the same polygon copies its narrow phase reads.
//!
//! What a manifold costs is less its number of operations than the length of its chain of
//! dependent ones: it starts from the contact, which ends the kernel's own long chain, and
//! the processor cannot look far enough ahead to overlap it with the next pair. So the code
//! keeps that chain short: each core's direction comes from the world normal in one
//! rotation; the clip works in positions across the normal and prepares the points, affine
//! in the incident face's parameter and already in the world, while the clipped range is
//! found (`clip`); and nothing goes through memory on the way (the faces of a box are
//! computed from its half extents, and every path writes the flat record straight into the
//! world's buffer, `manifold_into`), because the wasm would read back in one width what it
//! wrote in another, a stalled load.

use super::sat::Deepest;
use super::Contact;
use crate::math::{from_order_key, max_f32, min_f32, order_key, Rot, Transform, Vec2};
use crate::shape::{Core, RoundedCore, Shape, BOX_CORNERS};

/// The smallest cosine between the normal and a face's normal for that face to serve as the
/// reference face (about 0.26°). Every face normal the kernels return passes it with room to
/// spare (they are the face's own normal, rotated); a normal between two rounded cores'
/// closest points passes it only when it is that close to a face normal, and then the
/// clipped points stay on the shapes within `r·(1 - ALIGNED)`.
pub const ALIGNED: f32 = 1.0 - 1e-5;

/// One contact point: where, and how deep the shapes overlap there.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactPoint {
    /// World position, midway between the two surfaces along the pair's normal.
    pub point: Vec2,
    /// How far the surfaces overlap along the normal at this point (`>= 0`).
    pub depth: f32,
}

/// The contact points of one colliding pair: `count` (1 or 2) of `points` are used.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Manifold {
    /// How many of `points` are used (0 only for the empty default).
    pub count: usize,
    /// The points; unused ones are zero.
    pub points: [ContactPoint; 2],
}

/// The number of `f32` a [`Manifold`] takes in the world's flat buffer.
pub const MANIFOLD_STRIDE: usize = 7;

impl Manifold {
    /// One point.
    #[inline]
    fn one(point: Vec2, depth: f32) -> Manifold {
        Manifold {
            count: 1,
            points: [ContactPoint { point, depth }, ContactPoint::default()],
        }
    }

    /// The points mapped from A's local frame to the world by `tf` (`count` is 1 or 2).
    #[inline(always)]
    fn to_world(mut self, tf: &Transform) -> Manifold {
        // Both mapped and the second kept by an integer select, rather than a loop over
        // `count`, whose length is random from pair to pair (see `pick`).
        let two = self.count == 2;
        let [p, q] = self.points.map(|p| tf.apply(p.point));
        self.points[0].point = p;
        self.points[1].point = Vec2::new(pick(two, q.x, 0.0), pick(two, q.y, 0.0));
        self
    }

    /// The flat layout `[count, x0, y0, d0, x1, y1, d1]`, unused slots 0.
    #[must_use]
    pub fn to_array(&self) -> [f32; MANIFOLD_STRIDE] {
        let [p, q] = self.points;
        [
            self.count as f32,
            p.point.x,
            p.point.y,
            p.depth,
            q.point.x,
            q.point.y,
            q.depth,
        ]
    }
}

/// A shape's core ([`Shape::rounded_core`]) in its own frame as faces: counter-clockwise
/// vertices and the outward normal of each edge (edge `i` runs from vertex `i` to `i + 1`).
/// The clip needs every core's faces in one form, so this is built from the shape's core:
/// a segment is a polygon of two vertices whose two edges are the segment, one facing each
/// way (Box2D's one-face polygon); a point core has no vertex. A box is kept as its half
/// extents and its faces are computed from them ([`BOX_NORMALS`], [`BOX_CORNERS`]): a box
/// built in a buffer on the stack made the wasm write and read back its eight vectors for
/// every pair.
#[derive(Clone, Copy, Debug)]
enum Faces<'a> {
    /// The box `±half_extents`, the four vertices and normals of [`BOX_CORNERS`] and
    /// [`BOX_NORMALS`].
    Box(Vec2),
    /// A polygon or a segment's two faces.
    Polygon {
        vertices: &'a [Vec2],
        normals: &'a [Vec2],
    },
}

/// A box's outward face normals, face `i` from corner `i` to corner `i + 1`; the `+x` face
/// first, as in the kernels. (`-0.0` as `-Vec2::X` and `-Vec2::Y` have it, so that the dot
/// products round as those of a stored polygon would.)
const BOX_NORMALS: [Vec2; 4] = [
    Vec2::new(1.0, 0.0),
    Vec2::new(0.0, 1.0),
    Vec2::new(-1.0, -0.0),
    Vec2::new(-0.0, -1.0),
];

/// Room for the core of a capsule or segment, which have no stored polygon.
#[derive(Default)]
struct CoreBuffer {
    vertices: [Vec2; 2],
    normals: [Vec2; 2],
}

/// A face: its two ends and its unit outward normal, with the cosine between that normal
/// and the direction it was chosen for.
#[derive(Clone, Copy, Debug)]
struct Face {
    p: Vec2,
    q: Vec2,
    normal: Vec2,
    align: f32,
}

impl Face {
    /// The face moved by the rigid motion (`rot`, `t`).
    #[inline]
    fn moved(self, rot: Rot, t: Vec2) -> Face {
        Face {
            p: rot.apply(self.p) + t,
            q: rot.apply(self.q) + t,
            normal: rot.apply(self.normal),
            align: self.align,
        }
    }
}

/// The faces of a shape's core (in `buffer` for a segment core), its radius and its
/// rotation (an aligned box ignores its angle).
#[inline(always)]
fn faces<'a>(
    shape: RoundedCore<'a>,
    tf: &Transform,
    buffer: &'a mut CoreBuffer,
) -> (Faces<'a>, f32, Rot) {
    let rot = if shape.aligned {
        Rot::IDENTITY
    } else {
        tf.rotation
    };
    let count = match shape.core {
        Core::Box(h) => return (Faces::Box(h), shape.radius, rot),
        Core::Polygon { vertices, normals } => {
            return (Faces::Polygon { vertices, normals }, shape.radius, rot)
        }
        // Handled before (no face to clip); kept empty for completeness.
        Core::Point => 0,
        // A capsule's core lies on its x axis: its normals are `±y` exactly.
        Core::AxisSegment(half_length) => {
            buffer.vertices = [Vec2::new(-half_length, 0.0), Vec2::new(half_length, 0.0)];
            buffer.normals = [-Vec2::Y, Vec2::Y];
            2
        }
        Core::Segment(a, b) => {
            let m = (b - a).perp().normalize_or_zero();
            buffer.vertices = [a, b];
            buffer.normals = [-m, m];
            2
        }
    };
    let faces = Faces::Polygon {
        vertices: &buffer.vertices[..count],
        normals: &buffer.normals[..count],
    };
    (faces, shape.radius, rot)
}

impl Faces<'_> {
    /// The face whose outward normal is closest to the unit `dir` (not for a dot); ties go
    /// to the first. Kept with integer selects ([`Deepest`]), as the SAT loops do: which
    /// face wins is random from pair to pair, which a jump would mispredict.
    #[inline(always)]
    fn best_face(&self, dir: Vec2) -> Face {
        let mut best = Deepest::new();
        match *self {
            Faces::Box(h) => {
                for (i, n) in BOX_NORMALS.iter().enumerate() {
                    best.offer(n.dot(dir), i);
                }
                let (align, i) = best.get();
                let corner = |k: usize| {
                    let (sx, sy) = BOX_CORNERS[k & 3];
                    Vec2::new(h.x * sx, h.y * sy)
                };
                Face {
                    p: corner(i),
                    q: corner(i + 1),
                    normal: BOX_NORMALS[i & 3],
                    align,
                }
            }
            Faces::Polygon { vertices, normals } => {
                for (i, n) in normals.iter().enumerate() {
                    best.offer(n.dot(dir), i);
                }
                let (align, i) = best.get();
                let next = if i + 1 == vertices.len() { 0 } else { i + 1 };
                Face {
                    p: vertices[i],
                    q: vertices[next],
                    normal: normals[i],
                    align,
                }
            }
        }
    }

    /// The vertex furthest along `dir` (not for a dot).
    #[inline(never)]
    fn support(&self, dir: Vec2) -> Vec2 {
        let corners;
        let vertices = match *self {
            Faces::Box(h) => {
                corners = BOX_CORNERS.map(|(sx, sy)| Vec2::new(h.x * sx, h.y * sy));
                &corners[..]
            }
            Faces::Polygon { vertices, .. } => vertices,
        };
        let mut best = vertices[0];
        for v in &vertices[1..] {
            if v.dot(dir) > best.dot(dir) {
                best = *v;
            }
        }
        best
    }

    /// How nearly `dir` runs along the core: a segment's `|cos|`, 0 for a polygon.
    fn along(&self, dir: Vec2) -> f32 {
        match *self {
            Faces::Polygon {
                vertices: [p, q], ..
            } => (*q - *p).normalize_or_zero().dot(dir).abs(),
            _ => 0.0,
        }
    }
}

/// Clips the `incident` face against the side planes of `reference` (lines through its
/// ends, parallel to `dir`, the unit direction from the reference shape to the incident
/// one) and keeps the ends below the reference surface. `radii`: the reference and the
/// incident shape's. Points and depths as in the module docs, the faces given in A's frame
/// and the points written to `out` in the world, in the flat layout (`frame` maps A's frame
/// to the world); `false`, with `out` untouched, when no end is kept.
///
/// Written for a short chain of dependent operations, which is what this costs: a pair's
/// manifold is one long chain (faces, side planes, a division, the clipped ends, their
/// gaps, the world), too long for the processor to overlap with the next pair's work.
/// So the clip is made in positions across `dir` (dot products with the faces' ends,
/// ready at once), and the points and depths, affine in the incident face's parameter,
/// are prepared from the faces alone while the clipped range is found: once it is, each
/// kept end is one multiply-add away. The order of the side planes and of the incident
/// face's ends across `dir` is known (see the comment below); any other case, and a face
/// parallel to `dir`, goes to [`clip_general`].
#[inline(always)]
fn clip(
    reference: &Face,
    incident: &Face,
    dir: Vec2,
    radii: (f32, f32),
    frame: &Transform,
    out: &mut [f32; MANIFOLD_STRIDE],
) -> bool {
    let (r_ref, r_inc) = radii;
    let t = dir.perp();
    let (u0, u1) = (reference.p.dot(t), reference.q.dot(t));
    let (w0, w1) = (incident.p.dot(t), incident.q.dot(t));
    let dw = w1 - w0;
    // A face runs along its normal turned a quarter counter-clockwise, so across `dir`
    // the reference face runs forward (its normal is within `ALIGNED` of `dir`: u0 < u1)
    // and the incident face backward (its normal is the one closest to `-dir`, at most a
    // right angle from it: w1 <= w0). Only rounding, or an incident face parallel to
    // `dir`, breaks this.
    if !(u0 <= u1 && dw <= -f32::MIN_POSITIVE) {
        return clip_general(reference, incident, dir, radii, frame, out);
    }
    // The incident face's part between the side planes, as positions across `dir`: from
    // its `p` end (or `u1`) down to its `q` end (or `u0`). Integer selects, not jumps,
    // where the outcome is random from pair to pair (see `min_f32`).
    let (w_first, w_last) = (min_f32(w0, u1), max_f32(w1, u0));
    if w_first < w_last {
        return false;
    }
    // The clipped ends as parameters of the incident face (0 at `p`, 1 at `q`).
    let inv = 1.0 / dw;
    let (s0, s1) = ((w_first - w0) * inv, (w_last - w0) * inv);
    // Meanwhile, from the faces alone: the gap from the reference face along `dir` at both
    // ends of the incident face, and the point (midway between the surfaces, in the
    // world) and depth at parameter `s`, as `start + step × s` and `depth_p - dgap × s`.
    let inv_cos = 1.0 / dir.dot(reference.normal);
    let gap_p = (incident.p - reference.p).dot(reference.normal) * inv_cos;
    let gap_q = (incident.q - reference.p).dot(reference.normal) * inv_cos;
    let dgap = gap_q - gap_p;
    let start = frame.apply(incident.p + dir * (0.5 * (r_ref - r_inc - gap_p)));
    let step = frame
        .rotation
        .apply((incident.q - incident.p) - dir * (0.5 * dgap));
    let depth_p = (r_ref + r_inc) - gap_p;
    let (p0, d0) = (start + step * s0, depth_p - dgap * s0);
    let (p1, d1) = (start + step * s1, depth_p - dgap * s1);
    // The kept ends in order, an unused slot zero, through integer selects (see `pick`):
    // which ends are kept is random from pair to pair.
    let keep_first = d0 >= 0.0;
    let keep_second = d1 >= 0.0 && s1 != s0;
    if !(keep_first | keep_second) {
        return false;
    }
    let both = keep_first & keep_second;
    *out = [
        f32::from(u8::from(keep_first) + u8::from(keep_second)),
        pick(keep_first, p0.x, p1.x),
        pick(keep_first, p0.y, p1.y),
        pick(keep_first, d0, d1),
        pick(both, p1.x, 0.0),
        pick(both, p1.y, 0.0),
        pick(both, d1, 0.0),
    ];
    true
}

/// [`clip`] for every case: the side planes and the incident face's ends taken in
/// whatever order they come, and a face parallel to `dir`.
#[cold]
#[inline(never)]
fn clip_general(
    reference: &Face,
    incident: &Face,
    dir: Vec2,
    radii: (f32, f32),
    frame: &Transform,
    world: &mut [f32; MANIFOLD_STRIDE],
) -> bool {
    let (r_ref, r_inc) = radii;
    let mut out = Manifold::default();
    let t = dir.perp();
    let (u0, u1) = (reference.p.dot(t), reference.q.dot(t));
    let (lo, hi) = (min_f32(u0, u1), max_f32(u0, u1));
    let (w0, w1) = (incident.p.dot(t), incident.q.dot(t));
    let dw = w1 - w0;
    // The incident face's part between the side planes, as a range of its parameter.
    // Below the smallest normal float, `1 / dw` would overflow and `0 × ∞` make a NaN: such a
    // face is as good as parallel to the normal.
    let (s0, s1) = if dw.abs() < f32::MIN_POSITIVE {
        if w0 < lo || w0 > hi {
            return false;
        }
        (0.0, 1.0)
    } else {
        let inv = 1.0 / dw;
        let (a, b) = ((lo - w0) * inv, (hi - w0) * inv);
        (max_f32(min_f32(a, b), 0.0), min_f32(max_f32(a, b), 1.0))
    };
    if s0 > s1 {
        return false;
    }
    let inv_cos = 1.0 / dir.dot(reference.normal);
    let radius = r_ref + r_inc;
    let along = incident.q - incident.p;
    let point = |s: f32| {
        let c = incident.p + along * s;
        // The gap from the reference face to `c`, measured along `dir`.
        let gap = (c - reference.p).dot(reference.normal) * inv_cos;
        let point = c + dir * (0.5 * (r_ref - r_inc - gap));
        ContactPoint {
            point,
            depth: radius - gap,
        }
    };
    // Both ends written, each kept by a count that grows only for a point below the face.
    let (first, second) = (point(s0), point(s1));
    out.points[0] = first;
    out.count = usize::from(first.depth >= 0.0);
    out.points[out.count] = second;
    out.count += usize::from(second.depth >= 0.0 && s1 != s0);
    if out.count < 2 {
        out.points[1] = ContactPoint::default();
    }
    if out.count == 0 {
        return false;
    }
    *world = out.to_world(frame).to_array();
    true
}

/// `a` if `c`, else `b`, selected as integers: V8 compiles a wasm `select` of two floats
/// into a jump, which goes either way at random here (see
/// [`min_f32`]).
#[inline(always)]
fn pick(c: bool, a: f32, b: f32) -> f32 {
    from_order_key(if c { order_key(a) } else { order_key(b) })
}

/// The contact points of two colliding shapes, from the `contact` that
/// [`collide`](super::collide) returned for them (in the same order).
///
/// ```
/// use sepax::narrow_phase::manifold;
/// use sepax::{collide, Shape, Transform};
/// let floor = Shape::aligned_box(5.0, 1.0).unwrap();
/// let crate_ = Shape::aligned_box(1.0, 1.0).unwrap();
/// let (at_a, at_b) = (Transform::from_xy_angle(0.0, 0.0, 0.0), Transform::from_xy_angle(0.0, 1.9, 0.0));
/// let contact = collide(&floor, &at_a, &crate_, &at_b).unwrap();
/// let m = manifold(&floor, &at_a, &crate_, &at_b, &contact);
/// assert_eq!(m.count, 2); // face to face: both ends of the crate's bottom face
/// assert!((m.points[0].depth - 0.1).abs() < 1e-6);
/// ```
#[must_use]
pub fn manifold(
    a: &Shape,
    tf_a: &Transform,
    b: &Shape,
    tf_b: &Transform,
    contact: &Contact,
) -> Manifold {
    manifold_with_points(
        a,
        a.polygon_points(),
        tf_a,
        b,
        b.polygon_points(),
        tf_b,
        contact,
    )
}

/// [`manifold`] with a polygon's points read from `points_a` or `points_b` (the layout of
/// [`collide_with_points`](super::collide_with_points)).
///
/// Takes only convex shapes and their transforms, so that a shape made of convex parts can
/// call it for the part pair that gave its contact.
#[must_use]
pub fn manifold_with_points(
    a: &Shape,
    points_a: &[Vec2],
    tf_a: &Transform,
    b: &Shape,
    points_b: &[Vec2],
    tf_b: &Transform,
    contact: &Contact,
) -> Manifold {
    let mut out = [0.0; MANIFOLD_STRIDE];
    manifold_into((a, points_a, tf_a), (b, points_b, tf_b), contact, &mut out);
    let [count, x0, y0, d0, x1, y1, d1] = out;
    Manifold {
        count: count as usize,
        points: [
            ContactPoint {
                point: Vec2::new(x0, y0),
                depth: d0,
            },
            ContactPoint {
                point: Vec2::new(x1, y1),
                depth: d1,
            },
        ],
    }
}

/// One side of a pair for [`manifold_into`]: the shape, its polygon points as in
/// [`manifold_with_points`], its pose.
pub(crate) type Side<'a> = (&'a Shape, &'a [Vec2], &'a Transform);

/// [`manifold_with_points`] written into `out` in the flat layout ([`Manifold::to_array`]).
///
/// Every path writes `out` itself rather than returning a [`Manifold`]: a value returned
/// from the paths kept out of line would live in memory, and the wasm would write it in
/// one width and read it back in another (a stalled load), for every pair. The world gives
/// its buffer's slot, where nothing reads the points back until the step publishes them.
#[inline(always)]
pub(crate) fn manifold_into(
    a: Side<'_>,
    b: Side<'_>,
    contact: &Contact,
    out: &mut [f32; MANIFOLD_STRIDE],
) {
    let ((a, points_a, tf_a), (b, points_b, tf_b)) = (a, b);
    let (n, depth) = (contact.normal, contact.depth);
    // A point core first, before building any polygon: the most common case (circles).
    let one = match (a, b) {
        (Shape::Circle { radius }, _) => Some(Manifold::one(
            tf_a.translation + n * (radius - 0.5 * depth),
            depth,
        )),
        (Shape::Point, _) => Some(Manifold::one(tf_a.translation - n * (0.5 * depth), depth)),
        (_, Shape::Circle { radius }) => Some(Manifold::one(
            tf_b.translation - n * (radius - 0.5 * depth),
            depth,
        )),
        (_, Shape::Point) => Some(Manifold::one(tf_b.translation + n * (0.5 * depth), depth)),
        _ => None,
    };
    if let Some(one) = one {
        *out = one.to_array();
        return;
    }
    let (mut buffer_a, mut buffer_b) = (CoreBuffer::default(), CoreBuffer::default());
    let (core_a, r_a, rot_a) = faces(a.rounded_core(points_a), tf_a, &mut buffer_a);
    let (core_b, r_b, rot_b) = faces(b.rounded_core(points_b), tf_b, &mut buffer_b);
    // Everything in A's frame; B placed by the difference of positions (precision as in
    // the kernels).
    let frame_a = Transform {
        translation: tf_a.translation,
        rotation: rot_a,
    };
    let cores = Cores {
        a: core_a,
        b: core_b,
        r_a,
        r_b,
        rot_ab: rot_a.inverse() * rot_b,
        t_ab: rot_a.apply_inv(tf_b.translation - tf_a.translation),
        frame_a,
    };
    // Each core's direction from the world normal in one rotation (not B's through A's
    // frame): the manifold is one long chain of dependent operations, and this shortens it.
    cores.manifold(rot_a.apply_inv(n), rot_b.apply_inv(-n), depth, out);
}

/// Two cores with extent, B's placed in A's frame by (`rot_ab`, `t_ab`), and A's frame in
/// the world.
struct Cores<'a> {
    a: Faces<'a>,
    b: Faces<'a>,
    r_a: f32,
    r_b: f32,
    rot_ab: Rot,
    t_ab: Vec2,
    frame_a: Transform,
}

impl Cores<'_> {
    /// The manifold, in the world, for the normal `n` (in A's frame; `minus_n_b`: `-n` in
    /// B's) and `depth`, written into `out`.
    #[inline(always)]
    fn manifold(&self, n: Vec2, minus_n_b: Vec2, depth: f32, out: &mut [f32; MANIFOLD_STRIDE]) {
        let (rot, t) = (self.rot_ab, self.t_ab);
        // Each core's face towards the other: one of them is the reference face, the other
        // the incident face (the other core's face most anti-parallel to the reference face,
        // read from the normal: the two directions are within `ALIGNED` of each other).
        let face_a = self.a.best_face(n);
        let face_b = self.b.best_face(minus_n_b).moved(rot, t);
        // A's face when it is aligned (the rule: the kernels' normal is usually a face normal,
        // and when both faces are aligned they are parallel and either serves); B's when A's
        // is not, or when clipping against A's leaves nothing.
        if face_a.align >= ALIGNED
            && clip(
                &face_a,
                &face_b,
                n,
                (self.r_a, self.r_b),
                &self.frame_a,
                out,
            )
        {
            return;
        }
        if face_b.align >= ALIGNED
            && clip(
                &face_b,
                &face_a,
                -n,
                (self.r_b, self.r_a),
                &self.frame_a,
                out,
            )
        {
            return;
        }
        self.one_point(n, depth, out);
    }

    /// One point at the supporting vertex of the core the normal runs along (either
    /// serves for two vertices closest to each other), in the world.
    #[cold]
    #[inline(never)]
    fn one_point(&self, n: Vec2, depth: f32, out: &mut [f32; MANIFOLD_STRIDE]) {
        let (rot, t) = (self.rot_ab, self.t_ab);
        let m = if self.b.along(rot.apply_inv(n)) > self.a.along(n) {
            let v = rot.apply(self.b.support(rot.apply_inv(-n))) + t;
            Manifold::one(v - n * (self.r_b - 0.5 * depth), depth)
        } else {
            let v = self.a.support(n);
            Manifold::one(v + n * (self.r_a - 0.5 * depth), depth)
        };
        *out = m.to_world(&self.frame_a).to_array();
    }
}

#[cfg(test)]
mod tests;
