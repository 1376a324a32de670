//! Helpers shared by the integration tests (and the fuzz targets): the seeded PRNGs (in
//! `rng.rs`, shared with the benches and the wasm tests), random shape generators for every
//! kind and style, the brute-force oracle of a world's step, the coordinate scale that
//! tolerances are derived from, and the printing of a failing case as Rust literals that
//! reproduce it exactly.
//!
//! Each integration test file is its own crate and uses a different subset of these
//! helpers, so the unused ones would warn in every crate that does not need them.
#![allow(dead_code)]

pub mod outlines;
pub mod rng;
pub mod sampling;

use rng::Rng;
use sepax::{collide, Contact, ConvexPolygon, Shape, ShapeKind, Transform, Vec2, World};

/// How a random shape is drawn. Every style gives valid shapes of every kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Proportions between 1:10 and 1:1, polygons of 3 to 8 vertices.
    Generic,
    /// Aspect ratio 1:100: thin boxes, flat polygons, capsules far longer than wide.
    Sliver,
    /// Polygons of 32 to 64 vertices (other kinds drawn as `Generic`).
    ManyVertex,
    /// Sizes and vertices on a grid of `size / 4`, so that with positions on the same grid
    /// and right-angle rotations every coordinate is exact in `f32` and shapes often touch
    /// exactly.
    Grid,
}

/// A random valid shape of `kind`, about `size` across (its bounding radius is at most
/// about `1.5 × size`).
pub fn random_shape(rng: &mut Rng, kind: ShapeKind, style: Style, size: f64) -> Shape {
    let grid = |rng: &mut Rng, lo: i64, hi: i64| (rng.int(lo, hi) as f64 * size / 4.0) as f32;
    let extent = |rng: &mut Rng| rng.range(0.1, 1.0) * size;
    match kind {
        ShapeKind::Circle => {
            let r = match style {
                Style::Grid => grid(rng, 1, 4),
                _ => (rng.range(0.2, 1.0) * size) as f32,
            };
            Shape::circle(r).unwrap()
        }
        ShapeKind::AlignedBox | ShapeKind::OrientedBox => {
            let (w, h) = match style {
                Style::Grid => (grid(rng, 1, 4), grid(rng, 1, 4)),
                Style::Sliver => {
                    let long = rng.range(0.5, 1.0) * size;
                    let (w, h) = ((long) as f32, (long / 100.0) as f32);
                    if rng.chance(0.5) {
                        (w, h)
                    } else {
                        (h, w)
                    }
                }
                _ => (extent(rng) as f32, extent(rng) as f32),
            };
            if kind == ShapeKind::AlignedBox {
                Shape::aligned_box(w, h).unwrap()
            } else {
                Shape::oriented_box(w, h).unwrap()
            }
        }
        ShapeKind::Polygon => random_polygon(rng, style, size),
        ShapeKind::Capsule => {
            let (half_length, radius) = match style {
                Style::Grid => (grid(rng, 1, 4), grid(rng, 1, 4)),
                Style::Sliver => {
                    let long = rng.range(0.5, 1.0) * size;
                    (long as f32, (long / 100.0) as f32)
                }
                _ => (
                    (rng.range(0.1, 1.0) * size) as f32,
                    (rng.range(0.1, 0.6) * size) as f32,
                ),
            };
            // Every other capsule stands upright, chosen from a bit of its size rather than
            // a draw of its own, so that the seeded scenes keep their draws.
            if half_length.to_bits() & 1 == 1 {
                Shape::upright_capsule(half_length, radius).unwrap()
            } else {
                Shape::capsule(half_length, radius).unwrap()
            }
        }
        ShapeKind::Segment => loop {
            let (a, b) = match style {
                Style::Grid => (
                    Vec2::new(grid(rng, -4, 4), grid(rng, -4, 4)),
                    Vec2::new(grid(rng, -4, 4), grid(rng, -4, 4)),
                ),
                _ => (rng.vec(size), rng.vec(size)),
            };
            if let Ok(segment) = Shape::segment(a, b) {
                return segment;
            }
        },
        ShapeKind::Point => Shape::point(),
    }
}

/// A random convex polygon. Points on an ellipse at random angles are convex in exact
/// arithmetic; after rounding to `f32` a thin or crowded outline can turn concave, so the
/// draw is repeated (with fewer points each time) until the constructor accepts it.
fn random_polygon(rng: &mut Rng, style: Style, size: f64) -> Shape {
    if style == Style::Grid {
        return grid_polygon(rng, size);
    }
    let mut count = match style {
        Style::ManyVertex => rng.int(32, 64),
        _ => rng.int(3, 8),
    } as usize;
    loop {
        let aspect = match style {
            Style::Sliver => 0.01,
            _ => rng.range(0.3, 1.0),
        };
        let semi_x = rng.range(0.5, 1.0) * size;
        let semi_y = semi_x * aspect;
        let turn = rng.range(0.0, core::f64::consts::TAU);
        let (sin, cos) = turn.sin_cos();
        // An offset so that the local origin is not the centroid: kernels must not assume it is.
        let offset = [rng.range(-0.3, 0.3) * size, rng.range(-0.3, 0.3) * size];
        let mut angles: Vec<f64> = (0..count)
            .map(|_| rng.range(0.0, core::f64::consts::TAU))
            .collect();
        angles.sort_by(f64::total_cmp);
        let points: Vec<Vec2> = angles
            .iter()
            .map(|a| {
                let (x, y) = (semi_x * a.cos(), semi_y * a.sin());
                Vec2::new(
                    (cos * x - sin * y + offset[0]) as f32,
                    (sin * x + cos * y + offset[1]) as f32,
                )
            })
            .collect();
        if let Ok(polygon) = Shape::polygon(&points) {
            return polygon;
        }
        count = (count - 1).max(3);
    }
}

/// A convex polygon with vertices on the grid of `size / 4`: the hull of a few random grid
/// points, redrawn until it has area.
fn grid_polygon(rng: &mut Rng, size: f64) -> Shape {
    loop {
        let count = rng.int(3, 7) as usize;
        let points: Vec<[f64; 2]> = (0..count)
            .map(|_| {
                [
                    rng.int(-4, 4) as f64 * size / 4.0,
                    rng.int(-4, 4) as f64 * size / 4.0,
                ]
            })
            .collect();
        let hull = convex_hull(points);
        if hull.len() < 3 {
            continue;
        }
        let vertices: Vec<Vec2> = hull
            .iter()
            .map(|p| Vec2::new(p[0] as f32, p[1] as f32))
            .collect();
        if let Ok(polygon) = ConvexPolygon::new(&vertices) {
            return Shape::Polygon(polygon);
        }
    }
}

/// The convex hull of `points` in `f64`, counter-clockwise, without repeated or collinear
/// vertices (Andrew's monotone chain). Degenerate inputs give 1 point (all coincide) or 2
/// (all on a line).
pub fn convex_hull(mut points: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    points.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    points.dedup();
    if points.len() <= 2 {
        return points;
    }
    let turn = |o: [f64; 2], a: [f64; 2], b: [f64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(points.len() + 1);
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &[f64; 2]>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in ordered {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        // The last point of each chain is the first of the other.
        hull.pop();
    }
    hull
}

/// The scale a tolerance is relative to: the distance of the shapes from the world origin
/// plus their sizes. It bounds the magnitude of every coordinate a kernel forms, so
/// `f32::EPSILON × scale` bounds one rounding error (see the crate's precision model).
pub fn scale(a: &Shape, tf_a: &Transform, b: &Shape, tf_b: &Transform) -> f64 {
    let position = tf_a.translation.length().max(tf_b.translation.length()) as f64;
    position + a.bounding_radius() as f64 + b.bounding_radius() as f64
}

/// Rust source that rebuilds `shape` exactly (`f32` `Debug` output round-trips).
pub fn shape_literal(shape: &Shape) -> String {
    match shape {
        Shape::Circle { radius } => format!("Shape::circle({radius:?}).unwrap()"),
        Shape::AlignedBox { half_extents: h } => {
            format!("Shape::aligned_box({:?}, {:?}).unwrap()", h.x, h.y)
        }
        Shape::OrientedBox { half_extents: h } => {
            format!("Shape::oriented_box({:?}, {:?}).unwrap()", h.x, h.y)
        }
        Shape::Polygon(polygon) => {
            let points: Vec<String> = polygon
                .vertices()
                .iter()
                .map(|v| format!("Vec2::new({:?}, {:?})", v.x, v.y))
                .collect();
            format!("Shape::polygon(&[{}]).unwrap()", points.join(", "))
        }
        Shape::Capsule {
            half_length,
            radius,
            upright,
        } => {
            let made = if *upright {
                "upright_capsule"
            } else {
                "capsule"
            };
            format!("Shape::{made}({half_length:?}, {radius:?}).unwrap()")
        }
        Shape::Segment { a, b } => format!(
            "Shape::segment(Vec2::new({:?}, {:?}), Vec2::new({:?}, {:?})).unwrap()",
            a.x, a.y, b.x, b.y
        ),
        Shape::Point => "Shape::point()".to_string(),
    }
}

/// Rust source that rebuilds a transform made by `Transform::from_xy_angle(x, y, angle)`.
pub fn transform_literal(x: f32, y: f32, angle: f32) -> String {
    format!("Transform::from_xy_angle({x:?}, {y:?}, {angle:?})")
}

/// The ids of a world's live shapes, in increasing order.
pub fn live_ids(world: &World) -> Vec<u32> {
    (0..world.slot_count() as u32)
        .filter(|&id| world.contains(id))
        .collect()
}

/// What a step of `world` must report, by brute force over every pair of the `live` ids
/// (sorted, so the result is in `(a, b)` order): static–static pairs and pairs the layer
/// and mask filter rejects are skipped, and so are shapes whose boxes are apart (the broad
/// phase is part of the contract, even where a kernel's squared distance underflows);
/// every other pair goes through `sepax::collide` with the pose the world documents,
/// `Transform::from_xy_angle` of the stored transform.
pub fn brute_force_pairs(world: &World, live: &[u32]) -> Vec<(u32, u32, Contact)> {
    let poses: Vec<Transform> = live
        .iter()
        .map(|&id| {
            let (x, y, angle) = world.transform(id).unwrap();
            Transform::from_xy_angle(x, y, angle)
        })
        .collect();
    let mut found = Vec::new();
    for (i, &a) in live.iter().enumerate() {
        for (j, &b) in live.iter().enumerate().skip(i + 1) {
            if world.is_static(a).unwrap() && world.is_static(b).unwrap() {
                continue;
            }
            let (la, ma) = world.layer_mask(a).unwrap();
            let (lb, mb) = world.layer_mask(b).unwrap();
            if la & mb == 0 || lb & ma == 0 {
                continue;
            }
            let (sa, sb) = (world.shape(a).unwrap(), world.shape(b).unwrap());
            if !sa.aabb(&poses[i]).overlaps(&sb.aabb(&poses[j])) {
                continue;
            }
            if let Some(contact) = collide_parts(world, (a, sa, &poses[i]), (b, sb, &poses[j])) {
                found.push((a, b, contact));
            }
        }
    }
    found
}

/// The contact of the shapes `a` and `b` of `world` by brute force: `collide` for two
/// convex shapes; for a concave one, every pair of parts, the deepest kept (ties to the
/// first, A's parts before B's).
fn collide_parts(
    world: &World,
    a: (u32, &Shape, &Transform),
    b: (u32, &Shape, &Transform),
) -> Option<Contact> {
    deepest_parts(world, a, b).map(|(contact, _, _)| contact)
}

/// [`collide_parts`], with the two pieces (parts, or the shapes themselves) that gave the
/// contact: the pair whose contact points the world reports.
pub fn deepest_parts(
    world: &World,
    (a, sa, tf_a): (u32, &Shape, &Transform),
    (b, sb, tf_b): (u32, &Shape, &Transform),
) -> Option<(Contact, Shape, Shape)> {
    let parts = |id: u32, shape: &Shape| -> Vec<Shape> {
        match world.concave(id).unwrap() {
            Some(c) => c.parts().to_vec(),
            None => vec![shape.clone()],
        }
    };
    let mut best: Option<(Contact, Shape, Shape)> = None;
    for pa in &parts(a, sa) {
        for pb in &parts(b, sb) {
            if let Some(c) = collide(pa, tf_a, pb, tf_b) {
                if best.as_ref().map_or(true, |best| c.depth > best.0.depth) {
                    best = Some((c, pa.clone(), pb.clone()));
                }
            }
        }
    }
    best
}

/// [`brute_force_pairs`] of all live shapes, flattened as `World::pairs()` and (as bits)
/// `World::contacts()` are.
pub fn brute_force_flat(world: &World) -> (Vec<u32>, Vec<u32>) {
    let (mut pairs, mut contacts) = (Vec::new(), Vec::new());
    for (a, b, c) in brute_force_pairs(world, &live_ids(world)) {
        pairs.extend([a, b]);
        contacts.extend([c.normal.x, c.normal.y, c.depth].map(f32::to_bits));
    }
    (pairs, contacts)
}

/// A shape placed by `tf` as a convex core in f64 world coordinates (1, 2 or n
/// counter-clockwise points) and a radius: the form the f64 references work on
/// (`tests/reference.rs`, `tests/cast/exact.rs`).
pub fn f64_core_and_radius(shape: &Shape, tf: &Transform) -> (Vec<[f64; 2]>, f64) {
    let (c, s) = match shape {
        Shape::AlignedBox { .. } => (1.0, 0.0),
        _ => (tf.rotation.cos as f64, tf.rotation.sin as f64),
    };
    let t = [tf.translation.x as f64, tf.translation.y as f64];
    let place = |x: f32, y: f32| {
        let (x, y) = (x as f64, y as f64);
        [c * x - s * y + t[0], s * x + c * y + t[1]]
    };
    match shape {
        Shape::Circle { radius } => (vec![place(0.0, 0.0)], *radius as f64),
        Shape::AlignedBox { half_extents: h } | Shape::OrientedBox { half_extents: h } => (
            vec![
                place(-h.x, -h.y),
                place(h.x, -h.y),
                place(h.x, h.y),
                place(-h.x, h.y),
            ],
            0.0,
        ),
        Shape::Polygon(polygon) => (
            polygon.vertices().iter().map(|v| place(v.x, v.y)).collect(),
            0.0,
        ),
        Shape::Capsule {
            half_length: h,
            radius,
            upright,
        } => {
            let ends = if *upright {
                vec![place(0.0, -h), place(0.0, *h)]
            } else {
                vec![place(-h, 0.0), place(*h, 0.0)]
            };
            (ends, *radius as f64)
        }
        Shape::Segment { a, b } => (vec![place(a.x, a.y), place(b.x, b.y)], 0.0),
        Shape::Point => (vec![place(0.0, 0.0)], 0.0),
    }
}

/// The shapes `id` touches at its written transform, with the depth of each, by `collide`
/// against every other live shape at its written transform: the oracle of what a move
/// ended in.
pub fn touching(world: &World, id: u32) -> Vec<(u32, f32)> {
    let (x, y, a) = world.transform(id).unwrap();
    let shape = world.shape(id).unwrap().clone();
    let pose = Transform::from_xy_angle(x, y, a);
    (0..world.slot_count() as u32)
        .filter(|&o| o != id && world.contains(o))
        .filter_map(|o| {
            let (ox, oy, oa) = world.transform(o).unwrap();
            let other = world.shape(o).unwrap();
            collide(other, &Transform::from_xy_angle(ox, oy, oa), &shape, &pose)
                .map(|c| (o, c.depth))
        })
        .collect()
}

/// The ids of [`touching`].
pub fn touching_ids(world: &World, id: u32) -> Vec<u32> {
    touching(world, id).into_iter().map(|(o, _)| o).collect()
}

/// The deepest overlap of `id` with any other shape at the written transforms (0 when it
/// touches nothing).
pub fn deepest(world: &World, id: u32) -> f32 {
    touching(world, id)
        .iter()
        .fold(0.0, |d, &(_, depth)| d.max(depth))
}
