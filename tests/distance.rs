//! Distance queries against a brute force in `f64`: the distance between two shapes of
//! every kind pair (and their closest points on the surfaces), and the nearest shapes to a
//! point (`closest_point`, `nearest`, `nearest_many`) on seeded worlds of every kind,
//! concave polygons, chains and tile grids included, with points inside shapes, far
//! outside, on ties, within a `max_distance` and through filters. The oracle measures each
//! shape from its own description (a core polygon and a radius, an outline, a chain's
//! points, a grid's solid cells), not through the pieces the world reads.

mod common;

use common::rng::{Mulberry32, Rng};
use common::{f64_core_and_radius, random_shape, Style};
use sepax::cast::separation;
use sepax::math::{Transform, Vec2};
use sepax::shape::tiles::Cells;
use sepax::shape::{Chain, ConcavePolygon};
use sepax::world::{Nearest, QueryFilter};
use sepax::{collide, Shape, ShapeKind, ShapeOptions, World};

type P = [f64; 2];

fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1]]
}
fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: P, b: P) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

/// Distance from `p` to the segment `a b`.
fn to_segment(p: P, a: P, b: P) -> f64 {
    let ab = sub(b, a);
    let len = dot(ab, ab);
    let u = if len > 0.0 {
        (dot(sub(p, a), ab) / len).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = [a[0] + ab[0] * u, a[1] + ab[1] * u];
    dot(sub(p, q), sub(p, q)).sqrt()
}

/// True when `p` is inside the counter-clockwise convex polygon `poly` (3 or more points).
fn inside_convex(poly: &[P], p: P) -> bool {
    poly.len() >= 3
        && (0..poly.len())
            .all(|i| cross(sub(poly[(i + 1) % poly.len()], poly[i]), sub(p, poly[i])) >= 0.0)
}

/// The edges of a core: a polygon's sides, a segment, or a point as a segment of no length.
fn edges(core: &[P]) -> Vec<(P, P)> {
    match core.len() {
        1 => vec![(core[0], core[0])],
        2 => vec![(core[0], core[1])],
        n => (0..n).map(|i| (core[i], core[(i + 1) % n])).collect(),
    }
}

/// Distance from `p` to a convex core grown by `radius` (0 inside).
fn point_to_core(core: &[P], radius: f64, p: P) -> f64 {
    if inside_convex(core, p) {
        return 0.0;
    }
    let d = edges(core)
        .iter()
        .map(|&(a, b)| to_segment(p, a, b))
        .fold(f64::INFINITY, f64::min);
    (d - radius).max(0.0)
}

/// True when segments `a b` and `c d` cross or touch.
fn segments_meet(a: P, b: P, c: P, d: P) -> bool {
    to_segment(a, c, d) == 0.0 || to_segment(b, c, d) == 0.0 || to_segment(c, a, b) == 0.0 || {
        let (d1, d2) = (cross(sub(b, a), sub(c, a)), cross(sub(b, a), sub(d, a)));
        let (d3, d4) = (cross(sub(d, c), sub(a, c)), cross(sub(d, c), sub(b, c)));
        d1 * d2 < 0.0 && d3 * d4 < 0.0
    }
}

/// Distance between two convex cores grown by their radii (0 when they overlap).
fn core_to_core(a: &[P], ra: f64, b: &[P], rb: f64) -> f64 {
    let (ea, eb) = (edges(a), edges(b));
    let overlap = a.iter().any(|&p| inside_convex(b, p))
        || b.iter().any(|&p| inside_convex(a, p))
        || ea
            .iter()
            .any(|&(p, q)| eb.iter().any(|&(r, s)| segments_meet(p, q, r, s)));
    if overlap {
        return 0.0;
    }
    let mut d = f64::INFINITY;
    for &(p, q) in &ea {
        for &(r, s) in &eb {
            d = d.min(to_segment(p, r, s)).min(to_segment(q, r, s));
            d = d.min(to_segment(r, p, q)).min(to_segment(s, p, q));
        }
    }
    (d - ra - rb).max(0.0)
}

fn p64(v: Vec2) -> P {
    [v.x as f64, v.y as f64]
}

#[test]
fn the_distance_of_every_kind_pair_equals_the_f64_brute_force() {
    let mut rng = Rng::new(31);
    let (mut apart, mut touching) = (0, 0);
    for round in 0..6000 {
        let (ka, kb) = (ShapeKind::ALL[round % 7], ShapeKind::ALL[(round / 7) % 7]);
        let style = [Style::Generic, Style::Sliver, Style::Grid][round % 3];
        let (a, b) = (
            random_shape(&mut rng, ka, style, 2.0),
            random_shape(&mut rng, kb, style, 2.0),
        );
        let at = |rng: &mut Rng| {
            let v = rng.vec(4.0);
            Transform::from_xy_angle(
                v.x,
                v.y,
                if style == Style::Grid {
                    0.0
                } else {
                    rng.angle()
                },
            )
        };
        let (ta, tb) = (at(&mut rng), at(&mut rng));
        let (core_a, ra) = f64_core_and_radius(&a, &ta);
        let (core_b, rb) = f64_core_and_radius(&b, &tb);
        let want = core_to_core(&core_a, ra, &core_b, rb);
        let tol = 1e-4;
        let case = format!("round {round}: {a:?} at {ta:?}, {b:?} at {tb:?}");
        match separation(&a, &ta, &b, &tb) {
            None => {
                touching += 1;
                assert!(collide(&a, &ta, &b, &tb).is_some(), "{case}");
                assert!(want <= tol, "touching, but {want} apart: {case}");
            }
            Some(s) => {
                apart += 1;
                assert!(collide(&a, &ta, &b, &tb).is_none(), "{case}");
                assert!(
                    (s.distance as f64 - want).abs() <= tol,
                    "{} != {want}: {case}",
                    s.distance
                );
                // The closest points lie on the surfaces, `distance` apart.
                let gap = sub(p64(s.point_b), p64(s.point_a));
                assert!(
                    (dot(gap, gap).sqrt() - want).abs() <= 2.0 * tol,
                    "{s:?}: {case}"
                );
                assert!(
                    point_to_core(&core_a, ra, p64(s.point_a)) <= tol,
                    "{s:?}: {case}"
                );
                assert!(
                    point_to_core(&core_b, rb, p64(s.point_b)) <= tol,
                    "{s:?}: {case}"
                );
            }
        }
    }
    assert!(
        apart > 2000 && touching > 500,
        "{apart} apart, {touching} touching"
    );
}

/// A solid tile grid's cells of 4 × 4 at `(x, y)`, from a seeded pattern.
fn grid_cells(rng: &mut Mulberry32, cols: u32, rows: u32) -> Vec<u8> {
    (0..cols * rows)
        .map(|_| u8::from(rng.below(3) == 0))
        .collect()
}

/// A world of every kind: convex shapes, concave polygons, chains (open and loops) and a
/// tile grid, some static, some on layer 2; stepped, then a few removed (which the
/// queries no longer see) and one added (which they do not see yet).
fn scene(seed: u32) -> (World, u32) {
    let mut rng = Mulberry32::new(seed);
    let mut shapes = Rng::new(seed as u64);
    let mut world = World::new();
    for k in 0..150 {
        let (x, y) = (rng.range(0.0, 80.0), rng.range(0.0, 80.0));
        let o = ShapeOptions {
            is_static: k % 5 == 0,
            layer: if k % 7 == 0 { 2 } else { 1 },
            ..ShapeOptions::default()
        };
        match k % 10 {
            0 => {
                let outline: Vec<Vec2> = common::outlines::radial(&mut rng, 9, 4.0);
                let concave = ConcavePolygon::new(&outline).unwrap();
                world
                    .add_concave(concave, x, y, rng.range(-3.0, 3.0), o)
                    .unwrap();
            }
            1 => {
                let n = 3 + rng.below(6);
                let points: Vec<Vec2> = (0..n)
                    .map(|i| Vec2::new(x + 3.0 * i as f32, y + rng.range(-2.0, 2.0)))
                    .collect();
                let is_loop = rng.below(2) == 0 && n >= 3;
                let points = if is_loop {
                    let mut p = points;
                    p.push(Vec2::new(x + 1.0, y + 6.0));
                    p
                } else {
                    points
                };
                world
                    .add_chain(Chain::new(&points, is_loop).unwrap(), 0.0, 0.0, 0.0, o)
                    .unwrap();
            }
            _ => {
                let kind = ShapeKind::ALL[k % 7];
                let shape = random_shape(&mut shapes, kind, Style::Generic, 2.0);
                world.add(shape, x, y, rng.range(-3.0, 3.0), o).unwrap();
            }
        }
    }
    let cells = grid_cells(&mut rng, 12, 6);
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    world
        .add_tile_grid(
            20.0,
            85.0,
            12,
            6,
            Vec2::new(4.0, 4.0),
            Cells::Narrow(cells),
            None,
            fixed,
        )
        .unwrap();
    world.step().unwrap();
    for id in [3, 17, 40] {
        world.remove(id).unwrap();
    }
    let big = Shape::circle(50.0).unwrap();
    let fresh = world.add(big, 40.0, 40.0, 0.0, ShapeOptions::default());
    (world, fresh.unwrap())
}

/// The oracle's distance from `p` to shape `id` of `world`, from its own description.
fn oracle(world: &World, id: u32, p: P) -> f64 {
    let (x, y, angle) = world.transform(id).unwrap();
    let pose = Transform::from_xy_angle(x, y, angle);
    let place = |v: Vec2| p64(pose.apply(v));
    if let Some(concave) = world.concave(id).unwrap() {
        let outline: Vec<P> = concave.outline().iter().map(|&v| place(v)).collect();
        let n = outline.len();
        // Inside the outline (even-odd crossings of a ray towards +x): 0.
        let crossings = (0..n)
            .filter(|&i| {
                let (a, b) = (outline[i], outline[(i + 1) % n]);
                (a[1] > p[1]) != (b[1] > p[1])
                    && p[0] < a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0])
            })
            .count();
        if crossings % 2 == 1 {
            return 0.0;
        }
        return (0..n)
            .map(|i| to_segment(p, outline[i], outline[(i + 1) % n]))
            .fold(f64::INFINITY, f64::min);
    }
    if let Some(chain) = world.chain(id).unwrap() {
        let points: Vec<P> = chain.points().iter().map(|&v| place(v)).collect();
        let n = points.len();
        let segments = if chain.is_loop() { n } else { n - 1 };
        return (0..segments)
            .map(|i| to_segment(p, points[i], points[(i + 1) % n]))
            .fold(f64::INFINITY, f64::min);
    }
    if let Some(grid) = world.tile_grid(id).unwrap() {
        let (w, h) = (grid.cell_size().x as f64, grid.cell_size().y as f64);
        let mut best = f64::INFINITY;
        for row in 0..grid.rows() {
            for col in 0..grid.cols() {
                if grid.tile(col, row).unwrap() != 0 {
                    let (x0, y0) = (x as f64 + col as f64 * w, y as f64 + row as f64 * h);
                    let cell = [[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]];
                    best = best.min(point_to_core(&cell, 0.0, p));
                }
            }
        }
        return best;
    }
    let (core, radius) = f64_core_and_radius(world.shape(id).unwrap(), &pose);
    point_to_core(&core, radius, p)
}

/// The shapes the queries see (every live one, the one added after the step too) that
/// `filter` accepts, with their oracle distances from `p`, nearest first.
fn ranked(world: &mut World, p: P, filter: &QueryFilter) -> Vec<(f64, u32)> {
    let ids = world.live_ids().to_vec();
    let mut list: Vec<(f64, u32)> = ids
        .into_iter()
        .filter(|&id| {
            let (layer, _) = world.layer_mask(id).unwrap();
            layer & filter.mask != 0
                && filter.exclude != Some(id)
                && !(filter.exclude_statics && world.is_static(id).unwrap())
        })
        .map(|id| (oracle(world, id, p), id))
        .collect();
    list.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    list
}

const TOL: f64 = 2e-4;

/// `got` (the world's answer for `k` and `max_distance`) against the oracle's ranking.
fn check_nearest(got: &[Nearest], want: &[(f64, u32)], k: usize, max_distance: f64, case: &str) {
    let within: Vec<&(f64, u32)> = want.iter().filter(|w| w.0 <= max_distance + TOL).collect();
    let sure = want
        .iter()
        .filter(|w| w.0 <= max_distance - TOL)
        .count()
        .min(k);
    assert!(
        got.len() >= sure && got.len() <= within.len().min(k),
        "{} found, {sure} sure: {case}",
        got.len()
    );
    for w in got.windows(2) {
        let ordered =
            w[0].distance < w[1].distance || (w[0].distance == w[1].distance && w[0].id < w[1].id);
        assert!(ordered, "{w:?}: {case}");
    }
    for (i, n) in got.iter().enumerate() {
        let own = want
            .iter()
            .find(|w| w.1 == n.id)
            .unwrap_or_else(|| panic!("{} not a candidate: {case}", n.id));
        assert!(
            (n.distance as f64 - own.0).abs() <= TOL,
            "{n:?} vs {own:?}: {case}"
        );
        assert!(
            (n.distance as f64 - want[i].0).abs() <= TOL,
            "rank {i}: {n:?} vs {:?}: {case}",
            want[i]
        );
        assert!(n.point.is_finite(), "{n:?}: {case}");
    }
    // Nothing clearly nearer than the last one found was missed.
    if let Some(last) = got.last() {
        for w in want.iter().filter(|w| w.0 < last.distance as f64 - TOL) {
            assert!(got.iter().any(|n| n.id == w.1), "missed {w:?}: {case}");
        }
    }
}

#[test]
fn nearest_shapes_equal_the_brute_force_over_every_shape() {
    let mut rng = Mulberry32::new(8);
    let (mut inside, mut far, mut cut) = (0, 0, 0);
    for seed in 0..4 {
        let (mut world, _) = scene(seed);
        for round in 0..250 {
            // Inside the scene, near it, and far away.
            let span = [100.0, 140.0, 2000.0][round % 3];
            let mut p = Vec2::new(rng.range(-span / 4.0, span), rng.range(-span / 4.0, span));
            if round % 4 == 3 {
                // At a shape's position: inside it (or on it), for most kinds.
                let live = world.live_ids().to_vec();
                let (x, y, _) = world.transform(live[rng.below(live.len())]).unwrap();
                p = Vec2::new(x, y);
            }
            let k = 1 + rng.below(8);
            let max_distance = [f32::INFINITY, 3.0, 15.0, 0.0][round % 4];
            let filter = QueryFilter {
                mask: if round % 5 == 0 { 2 } else { u32::MAX },
                exclude: (round % 3 == 0).then(|| rng.below(world.slot_count()) as u32),
                exclude_statics: round % 4 == 1,
                ..QueryFilter::default()
            };
            let case =
                format!("seed {seed} round {round}: {p:?} k {k} max {max_distance} {filter:?}");
            let want = ranked(&mut world, p64(p), &filter);
            let mut got = Vec::new();
            world.nearest(p, k, filter, max_distance, &mut got).unwrap();
            check_nearest(&got, &want, k, max_distance as f64, &case);
            inside += usize::from(got.first().is_some_and(|n| n.distance == 0.0));
            far += usize::from(got.first().is_some_and(|n| n.distance > 100.0));
            cut += usize::from(got.len() < k);
            // The nearest point of each is at its distance from the query point.
            for n in &got {
                let d = sub(p64(n.point), p64(p));
                assert!(
                    (dot(d, d).sqrt() - n.distance as f64).abs() <= TOL,
                    "{n:?}: {case}"
                );
            }
            let closest = world.closest_point(p, filter, max_distance).unwrap();
            assert_eq!(closest, got.first().copied(), "{case}");
        }
        world.validate().unwrap();
    }
    // Points inside shapes, far from everything, and lists cut short by `max_distance`.
    assert!(
        inside > 100 && far > 30 && cut > 100,
        "{inside} inside, {far} far, {cut} cut"
    );
}

#[test]
fn nearest_many_equals_one_call_per_point_and_pads_the_rest() {
    let (mut world, _) = scene(5);
    let mut rng = Mulberry32::new(2);
    let points: Vec<f32> = (0..200).map(|_| rng.range(-20.0, 120.0)).collect();
    let k = 4;
    for max_distance in [f32::INFINITY, 2.0] {
        let count = world
            .nearest_many(&points, k, u32::MAX, max_distance)
            .unwrap();
        assert_eq!(count, 100);
        let results = world.nearest_results();
        let (ids, distances, xy) = (
            results.ids.to_vec(),
            results.distances.to_vec(),
            results.points.to_vec(),
        );
        for i in 0..count {
            let mut one = Vec::new();
            let p = Vec2::new(points[2 * i], points[2 * i + 1]);
            world
                .nearest(p, k, u32::MAX, max_distance, &mut one)
                .unwrap();
            for j in 0..k {
                let at = i * k + j;
                match one.get(j) {
                    Some(n) => {
                        assert_eq!((ids[at], distances[at]), (n.id, n.distance));
                        assert_eq!((xy[2 * at], xy[2 * at + 1]), (n.point.x, n.point.y));
                    }
                    None => {
                        assert_eq!((ids[at], distances[at]), (u32::MAX, f32::INFINITY));
                        assert!(xy[2 * at].is_nan() && xy[2 * at + 1].is_nan());
                    }
                }
            }
        }
    }
}

#[test]
fn ties_go_to_the_smaller_id_and_points_inside_are_at_zero() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    // Four unit boxes at the corners of a square around the origin, added out of order.
    let mut ids = Vec::new();
    for (x, y) in [(5.0, 5.0), (-5.0, 5.0), (5.0, -5.0), (-5.0, -5.0)] {
        ids.push(
            world
                .add(Shape::aligned_box(1.0, 1.0).unwrap(), x, y, 0.0, o)
                .unwrap(),
        );
    }
    world.remove(ids[1]).unwrap();
    let reused = world
        .add(Shape::aligned_box(1.0, 1.0).unwrap(), -5.0, 5.0, 0.0, o)
        .unwrap();
    assert_eq!(reused, ids[1]);
    world.step().unwrap();
    let mut got = Vec::new();
    world
        .nearest(Vec2::ZERO, 4, u32::MAX, f32::INFINITY, &mut got)
        .unwrap();
    let d = 4.0 * core::f32::consts::SQRT_2;
    assert_eq!(got.iter().map(|n| n.id).collect::<Vec<_>>(), [0, 1, 2, 3]);
    assert!(got.iter().all(|n| (n.distance - d).abs() < 1e-5));
    let first = world
        .closest_point(Vec2::ZERO, u32::MAX, f32::INFINITY)
        .unwrap()
        .unwrap();
    assert_eq!(first.id, 0);
    // Excluding the tie's winner gives the next id.
    let filter = QueryFilter {
        exclude: Some(0),
        ..QueryFilter::default()
    };
    assert_eq!(
        world
            .closest_point(Vec2::ZERO, filter, f32::INFINITY)
            .unwrap()
            .unwrap()
            .id,
        1
    );
    // Inside a box: distance 0 and the query point itself.
    let inside = world
        .closest_point(Vec2::new(5.5, -4.5), u32::MAX, 0.0)
        .unwrap()
        .unwrap();
    assert_eq!(
        (inside.id, inside.distance, inside.point),
        (2, 0.0, Vec2::new(5.5, -4.5))
    );
    // Beyond `max_distance`: nothing; an empty world: nothing.
    assert_eq!(
        world.closest_point(Vec2::ZERO, u32::MAX, 5.0).unwrap(),
        None
    );
    assert_eq!(
        World::new()
            .closest_point(Vec2::ZERO, u32::MAX, f32::INFINITY)
            .unwrap(),
        None
    );
}

#[test]
fn distances_between_compound_shapes_equal_their_nearest_pieces() {
    let (mut world, fresh) = scene(11);
    let live: Vec<u32> = world
        .live_ids()
        .iter()
        .copied()
        .filter(|&id| id != fresh)
        .collect();
    let mut rng = Mulberry32::new(4);
    for round in 0..400 {
        let (a, b) = (live[rng.below(live.len())], live[rng.below(live.len())]);
        if a == b {
            continue;
        }
        let d = world.distance(a, b).unwrap();
        let case = format!("round {round}: {a} and {b}: {d:?}");
        // Touching exactly as the step says, whatever their layers.
        let (pairs, mut touching) = (world.pairs(), false);
        for w in pairs.chunks_exact(2) {
            touching |= (w[0], w[1]) == (a.min(b), a.max(b));
        }
        // Every mask takes every layer here: each pair is tested, but two statics.
        let both_static = world.is_static(a).unwrap() && world.is_static(b).unwrap();
        if !both_static {
            assert_eq!(d.distance == 0.0, touching, "{case}");
        }
        if d.distance > 0.0 {
            // Each closest point is on its own shape, and on the other's side no point is
            // nearer: B's point is `distance` from A.
            assert!(oracle(&world, a, p64(d.point_a)) <= TOL, "{case}");
            assert!(oracle(&world, b, p64(d.point_b)) <= TOL, "{case}");
            assert!(
                (oracle(&world, a, p64(d.point_b)) - d.distance as f64).abs() <= 10.0 * TOL,
                "{case}"
            );
        } else {
            assert_eq!(d.point_a, d.point_b);
        }
    }
}
