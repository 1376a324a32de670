//! The decomposition of concave outlines into convex parts, over seeded random simple
//! outlines (star-shaped around a centre), regular stars, spirals, combs and outlines with
//! collinear runs and duplicate points, in both windings: the parts cover the outline
//! exactly (their areas sum to its area; sampled points are inside a part exactly when an
//! even-odd test on the outline says they are inside it), every part is convex and within
//! the vertex limit, and hostile outlines are rejected with the error that names them.
//! Prints the part counts against the triangle counts.
//!
//! Then the world: a concave shape is one id whose pairs, queries, rays, casts, sweeps and
//! moves see its outline, not its hull.

mod common;

use common::outlines::{
    comb, distance_to_outline, even_odd, radial, signed_area, spiral, star,
    with_collinear_runs_and_duplicates,
};
use common::rng::Mulberry32;
use sepax::shape::{MAX_OUTLINE_VERTICES, MAX_POLYGON_VERTICES};
use sepax::world::MoveOptions;
use sepax::{ConcavePolygon, Shape, ShapeError, ShapeOptions, Vec2, World};
use std::time::Instant;

/// The test set: `(family, outline)`, each outline in both windings.
fn test_set() -> Vec<(&'static str, Vec<Vec2>)> {
    let mut rng = Mulberry32::new(0x00C0_FFEE);
    let mut set: Vec<(&'static str, Vec<Vec2>)> = Vec::new();
    for n in [3, 4, 5, 8, 16, 32, 64, 100, 200, 500, 1000, 1024] {
        for _ in 0..4 {
            let size = rng.range(0.5, 2000.0);
            let offset = Vec2::new(rng.range(-size, size), rng.range(-size, size));
            let outline = radial(&mut rng, n, size);
            set.push(("radial", outline.iter().map(|&p| p + offset).collect()));
        }
    }
    for spikes in [3, 5, 8, 20, 64, 200, 512] {
        set.push(("star", star(spikes, 1.0, 3.0)));
        set.push(("star", star(spikes, 10.0, 11.0)));
    }
    for (turns, steps) in [(1.5, 12), (3.0, 40), (5.0, 100)] {
        set.push(("spiral", spiral(turns, steps, 2.0, 0.8)));
    }
    for teeth in [2, 10, 50, 200] {
        set.push(("comb", comb(teeth, 5.0)));
    }
    set.push((
        "collinear",
        with_collinear_runs_and_duplicates(&comb(12, 3.0), 4, 3),
    ));
    set.push((
        "collinear",
        with_collinear_runs_and_duplicates(&star(30, 2.0, 4.0), 3, 2),
    ));
    let square = [
        Vec2::new(0.0, 0.0),
        Vec2::new(8.0, 0.0),
        Vec2::new(8.0, 8.0),
        Vec2::new(0.0, 8.0),
    ];
    set.push((
        "collinear",
        with_collinear_runs_and_duplicates(&square, 16, 1),
    ));
    let reversed: Vec<_> = set
        .iter()
        .map(|(family, outline)| (*family, outline.iter().rev().copied().collect()))
        .collect();
    set.extend(reversed);
    set
}

fn vertices(part: &Shape) -> &[Vec2] {
    match part {
        Shape::Polygon(p) => p.vertices(),
        other => panic!("a part is not a polygon: {other:?}"),
    }
}

/// True when `p` is in the closed convex counter-clockwise polygon `v`.
fn in_convex(v: &[Vec2], p: [f64; 2]) -> bool {
    let n = v.len();
    (0..n).all(|i| {
        let (a, b) = (v[i], v[(i + 1) % n]);
        let (ax, ay) = (f64::from(a.x), f64::from(a.y));
        (f64::from(b.x) - ax) * (p[1] - ay) - (f64::from(b.y) - ay) * (p[0] - ax) >= 0.0
    })
}

/// Checks one outline's parts (see the module docs); returns `(parts, triangles)`.
fn check_cover(family: &str, outline: &[Vec2], rng: &mut Mulberry32) -> (usize, usize) {
    let what = format!("{family} of {} points", outline.len());
    let concave =
        ConcavePolygon::new(outline).unwrap_or_else(|e| panic!("{what}: {e}: {outline:?}"));
    let parts = concave.parts();
    for part in parts {
        let v = vertices(part);
        assert!(
            (3..=MAX_POLYGON_VERTICES).contains(&v.len()),
            "{what}: {} vertices",
            v.len()
        );
        assert!(signed_area(v) > 0.0, "{what}: a part is clockwise");
        for i in 0..v.len() {
            let (a, b, c) = (v[i], v[(i + 1) % v.len()], v[(i + 2) % v.len()]);
            let turn = f64::from(b.x - a.x) * f64::from(c.y - b.y)
                - f64::from(b.y - a.y) * f64::from(c.x - b.x);
            assert!(turn > 0.0, "{what}: a part is not convex");
        }
    }
    // The hull holds every point of the outline and is made of them.
    let hull = concave.hull().vertices();
    for q in outline {
        let n = hull.len();
        let inside = (0..n).all(|i| {
            let (a, b) = (hull[i], hull[(i + 1) % n]);
            let cross = f64::from(b.x - a.x) * f64::from(q.y - a.y)
                - f64::from(b.y - a.y) * f64::from(q.x - a.x);
            cross >= -1e-9 * f64::from((b - a).length_squared() + (*q - a).length_squared())
        });
        assert!(inside, "{what}: {q:?} outside the hull");
    }
    assert!(hull.iter().all(|h| outline.contains(h)));
    let area = signed_area(outline).abs();
    let sum: f64 = parts.iter().map(|p| signed_area(vertices(p))).sum();
    assert!(
        (sum - area).abs() <= 1e-6 * area,
        "{what}: parts cover {sum}, outline {area}"
    );
    // Sampled points: inside a part exactly when inside the outline (even-odd), except
    // within a whisker of the outline, where rounding decides.
    let (lo, hi) = outline.iter().fold(
        (Vec2::new(f32::MAX, f32::MAX), Vec2::new(f32::MIN, f32::MIN)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    );
    let size = f64::from((hi - lo).length());
    let mut checked = 0;
    for _ in 0..600 {
        let p = [
            f64::from(rng.range(lo.x, hi.x)),
            f64::from(rng.range(lo.y, hi.y)),
        ];
        if distance_to_outline(outline, p) < 1e-5 * size {
            continue;
        }
        let in_parts = parts.iter().any(|part| in_convex(vertices(part), p));
        assert_eq!(
            in_parts,
            even_odd(outline, p),
            "{what}: point {p:?} (outline area {area})"
        );
        checked += 1;
    }
    assert!(checked > 500, "{what}: only {checked} points sampled");
    // Hertel–Mehlhorn's bound: at most 2r + 1 parts for r reflex vertices, plus what the
    // vertex limit of a part adds to a convex stretch.
    let kept = concave.outline();
    let reflex = (0..kept.len())
        .filter(|&i| {
            let (a, b, c) = (
                kept[i],
                kept[(i + 1) % kept.len()],
                kept[(i + 2) % kept.len()],
            );
            f64::from(b.x - a.x) * f64::from(c.y - b.y)
                - f64::from(b.y - a.y) * f64::from(c.x - b.x)
                < 0.0
        })
        .count();
    let bound = 2 * reflex + 1 + kept.len() / (MAX_POLYGON_VERTICES - 2);
    assert!(
        parts.len() <= bound,
        "{what}: {} parts, {reflex} reflex",
        parts.len()
    );
    (parts.len(), concave.triangle_count())
}

#[test]
fn parts_cover_every_outline_of_the_test_set_exactly() {
    let mut rng = Mulberry32::new(7);
    let mut totals: Vec<(&str, usize, usize, usize)> = Vec::new();
    for (family, outline) in test_set() {
        let (parts, triangles) = check_cover(family, &outline, &mut rng);
        assert!(parts <= triangles);
        match totals.iter_mut().find(|t| t.0 == family) {
            Some(t) => (t.1, t.2, t.3) = (t.1 + 1, t.2 + parts, t.3 + triangles),
            None => totals.push((family, 1, parts, triangles)),
        }
    }
    let (mut all_parts, mut all_triangles) = (0, 0);
    for (family, outlines, parts, triangles) in &totals {
        println!(
            "{family}: {outlines} outlines, {parts} parts for {triangles} triangles ({:.2} parts per triangle)",
            *parts as f64 / *triangles as f64
        );
        all_parts += parts;
        all_triangles += triangles;
    }
    println!(
        "all: {all_parts} parts for {all_triangles} triangles ({:.2})",
        all_parts as f64 / all_triangles as f64
    );
    // Merging must do real work: well under one part per triangle.
    assert!(all_parts * 3 < all_triangles * 2);
}

#[test]
fn a_comb_is_its_bar_and_teeth() {
    // Ten teeth: the fewest convex parts is 11 (or 10 with the bar cut up the teeth).
    let concave = ConcavePolygon::new(&comb(10, 5.0)).unwrap();
    assert!(
        (10..=21).contains(&concave.parts().len()),
        "{} parts",
        concave.parts().len()
    );
    assert_eq!(concave.triangle_count(), comb(10, 5.0).len() - 2);
}

#[test]
fn large_outlines_are_checked_and_cut_quickly() {
    // Timings for the report (never asserted): the check, cut and merge at the limit.
    let mut rng = Mulberry32::new(99);
    for (name, outline) in [
        ("radial 1024", radial(&mut rng, 1024, 100.0)),
        ("star 512", star(512, 50.0, 100.0)),
        ("comb 255", comb(255, 40.0)),
        (
            "comb 255 turned (every tooth spans the same x)",
            comb(255, 40.0)
                .iter()
                .map(|p| Vec2::new(p.y, p.x))
                .collect(),
        ),
        ("spiral 1022", spiral(7.3, 70, 2.0, 0.8)),
    ] {
        let start = Instant::now();
        let concave = ConcavePolygon::new(&outline).unwrap();
        println!(
            "{name}: {} points, {} parts, {} triangles, {:.2} ms",
            outline.len(),
            concave.parts().len(),
            concave.triangle_count(),
            start.elapsed().as_secs_f64() * 1e3
        );
        assert!(outline.len() <= MAX_OUTLINE_VERTICES);
    }
}

/// The first input vertex whose edge meets a non-adjacent edge, by brute force over every
/// pair (outlines without duplicates or collinear runs).
fn first_crossing(p: &[Vec2]) -> Option<usize> {
    let n = p.len();
    let f = |v: Vec2| [f64::from(v.x), f64::from(v.y)];
    let orient = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| {
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    };
    let meet = |a, b, c, d| {
        let (d1, d2, d3, d4) = (
            orient(c, d, a),
            orient(c, d, b),
            orient(a, b, c),
            orient(a, b, d),
        );
        d1 * d2 <= 0.0 && d3 * d4 <= 0.0
    };
    (0..n).find(|&i| {
        (0..n).any(|j| {
            let adjacent = j == i || (i + 1) % n == j || (j + 1) % n == i;
            !adjacent && meet(f(p[i]), f(p[(i + 1) % n]), f(p[j]), f(p[(j + 1) % n]))
        })
    })
}

#[test]
fn self_intersecting_outlines_name_their_first_crossing_vertex() {
    let mut rng = Mulberry32::new(0xBAD);
    let (mut crossing, mut simple) = (0, 0);
    for round in 0..300 {
        let n = 6 + rng.below(60);
        let mut outline = radial(&mut rng, n, 10.0);
        // Swap two vertices: usually a crossing.
        let (i, j) = (rng.below(outline.len()), rng.below(outline.len()));
        outline.swap(i, j);
        let got = ConcavePolygon::new(&outline);
        match first_crossing(&outline) {
            Some(index) => {
                crossing += 1;
                assert_eq!(
                    got.as_ref().err(),
                    Some(&ShapeError::OutlineCrossing { index }),
                    "round {round}"
                );
            }
            None => {
                simple += 1;
                assert!(got.is_ok(), "round {round}: {:?}", got.err());
            }
        }
    }
    assert!(
        crossing > 100 && simple > 20,
        "{crossing} crossing, {simple} simple"
    );
    // A pentagram crosses at its first edge; a spike folding back onto its edge (vertex 4
    // goes back down the edge from vertex 3) is named at vertex 3.
    let pentagram: Vec<Vec2> = (0..5)
        .map(|k| {
            let a = (2 * k) as f32 * core::f32::consts::TAU / 5.0;
            Vec2::new(a.cos(), a.sin())
        })
        .collect();
    assert_eq!(
        ConcavePolygon::new(&pentagram),
        Err(ShapeError::OutlineCrossing { index: 0 })
    );
    let spike = [
        Vec2::new(0.0, 0.0),
        Vec2::new(4.0, 0.0),
        Vec2::new(4.0, 4.0),
        Vec2::new(2.0, 4.0),
        Vec2::new(2.0, 6.0),
        Vec2::new(2.0, 5.0),
        Vec2::new(0.0, 4.0),
    ];
    assert_eq!(
        ConcavePolygon::new(&spike),
        Err(ShapeError::OutlineCrossing { index: 3 })
    );
}

#[test]
fn hostile_outlines_are_rejected_by_name() {
    let v = Vec2::new;
    assert_eq!(
        ConcavePolygon::new(&[v(0.0, 0.0), v(1.0, 0.0)]),
        Err(ShapeError::TooFewPoints { count: 2 })
    );
    let many = radial(&mut Mulberry32::new(1), 2000, 5.0);
    assert_eq!(
        ConcavePolygon::new(&many[..MAX_OUTLINE_VERTICES + 1]),
        Err(ShapeError::TooManyOutlinePoints { count: 1025 })
    );
    assert_eq!(
        ConcavePolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(f32::NAN, 1.0)]),
        Err(ShapeError::NonFinitePoint { index: 2 })
    );
    assert_eq!(
        ConcavePolygon::new(&[v(0.0, 0.0), v(f32::INFINITY, 0.0), v(1.0, 1.0)]),
        Err(ShapeError::NonFinitePoint { index: 1 })
    );
    assert_eq!(
        ConcavePolygon::new(&[v(0.0, 0.0), v(2e7, 0.0), v(1.0, 1.0)]),
        Err(ShapeError::PointTooFar { index: 1 })
    );
    for flat in [
        vec![v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(3.0, 0.0)],
        vec![v(1.0, 1.0); 5],
        vec![v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0), v(1.0, 1.0)],
    ] {
        assert_eq!(ConcavePolygon::new(&flat), Err(ShapeError::ZeroArea));
    }
    // The messages name the argument and the vertex.
    let message = ShapeError::OutlineCrossing { index: 7 }.to_string();
    assert_eq!(
        message,
        "points: the outline crosses itself at the edge from vertex 7"
    );
    assert!(ShapeError::TooManyOutlinePoints { count: 1025 }
        .to_string()
        .contains("at most 1024 points"));
}

// ----- the world -------------------------------------------------------------------

/// A cup (y grows downwards): a U whose notch, 2 wide and 3 deep, opens upwards, the
/// bottom from y = 3 to 4 and the arms 1 wide, placed at `(x, y)`.
fn cup() -> ConcavePolygon {
    let v = Vec2::new;
    ConcavePolygon::new(&[
        v(0.0, 0.0),
        v(1.0, 0.0),
        v(1.0, 3.0),
        v(3.0, 3.0),
        v(3.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(0.0, 4.0),
    ])
    .unwrap()
}

#[test]
fn a_concave_shape_is_one_id_whose_pairs_come_from_its_parts() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let fixed = ShapeOptions {
        is_static: true,
        ..o
    };
    let cup_id = world.add_concave(cup(), 10.0, 10.0, 0.0, fixed).unwrap();
    // In the notch, clear of everything: the hull would say it touches.
    let ball = world
        .add(Shape::circle(0.5).unwrap(), 12.0, 11.5, 0.0, o)
        .unwrap();
    assert_eq!(world.step().unwrap(), 0);
    assert_eq!(world.len(), 2);
    // Down onto the bottom and into the left arm's corner: one pair, the deepest contact.
    world.set_transform(ball, 11.3, 12.8, 0.0).unwrap();
    assert_eq!(world.step().unwrap(), 1);
    assert_eq!(world.pairs(), [cup_id, ball]);
    let [nx, ny, depth] = world.contacts() else {
        panic!()
    };
    assert_eq!((*nx, *ny), (0.0, -1.0), "pushed up out of the bottom");
    assert!((depth - 0.3).abs() < 1e-5, "depth {depth}");
    world.validate().unwrap();
    // Two concave shapes: an arm of one overlaps an arm of the other.
    let other = world.add_concave(cup(), 11.5, 8.0, 0.0, o).unwrap();
    world.set_transform(ball, 30.0, 30.0, 0.0).unwrap();
    assert_eq!(world.step().unwrap(), 1, "{:?}", world.pairs());
    assert_eq!(world.pairs(), [cup_id, other]);
    // Turned upside down, its right arm hangs in the notch, clear of everything.
    world
        .set_transform(other, 12.5, 12.5, core::f32::consts::PI)
        .unwrap();
    assert_eq!(world.step().unwrap(), 0, "{:?}", world.pairs());
    // Removing it forgets its parts; the id is reused by a convex shape.
    world.remove(other).unwrap();
    let reused = world
        .add(Shape::circle(1.0).unwrap(), 50.0, 50.0, 0.0, o)
        .unwrap();
    assert_eq!(reused, other);
    assert!(world.concave(reused).unwrap().is_none());
    world.step().unwrap();
    world.validate().unwrap();
}

#[test]
fn queries_rays_casts_and_parts_see_the_outline() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let id = world.add_concave(cup(), 0.0, 0.0, 0.0, o).unwrap();
    world.step().unwrap();
    let mut hits = Vec::new();
    world
        .query_point(Vec2::new(2.0, 1.0), u32::MAX, &mut hits)
        .unwrap();
    assert!(hits.is_empty(), "the notch is outside");
    world
        .query_point(Vec2::new(0.5, 1.0), u32::MAX, &mut hits)
        .unwrap();
    assert_eq!(hits, [id]);
    hits.clear();
    let small = Shape::circle(0.4).unwrap();
    world
        .query_shape(&small, 2.0, 2.0, 0.0, u32::MAX, &mut hits)
        .unwrap();
    assert!(hits.is_empty());
    // A ray down the notch hits the bottom at y = 3, not the hull's top.
    let hit = world
        .raycast(Vec2::new(2.0, -5.0), Vec2::new(0.0, 1.0), 100.0, u32::MAX)
        .unwrap()
        .unwrap();
    assert_eq!((hit.id, hit.hit.distance), (id, 8.0));
    assert_eq!(hit.hit.normal, Vec2::new(0.0, -1.0));
    // A ball cast down the notch stops on the bottom.
    let cast = world
        .cast_shape(&small, 2.0, -5.0, 0.0, Vec2::new(0.0, 10.0), u32::MAX)
        .unwrap()
        .unwrap();
    assert!((cast.hit.t - 0.76).abs() < 1e-5, "t = {}", cast.hit.t);
    // The parts, in local coordinates: a count, then each part's count and vertices.
    let mut parts = Vec::new();
    world.parts(id, &mut parts).unwrap();
    let count = parts[0] as usize;
    assert_eq!(count, world.concave(id).unwrap().unwrap().parts().len());
    let mut at = 1;
    let mut area = 0.0;
    for _ in 0..count {
        let n = parts[at] as usize;
        let v: Vec<Vec2> = parts[at + 1..at + 1 + 2 * n]
            .chunks_exact(2)
            .map(|c| Vec2::new(c[0], c[1]))
            .collect();
        area += signed_area(&v);
        at += 1 + 2 * n;
    }
    assert_eq!(at, parts.len());
    assert_eq!(area, 10.0);
    let ball = world.add(small.clone(), 9.0, 9.0, 0.0, o).unwrap();
    world.parts(ball, &mut parts).unwrap();
    assert_eq!(parts, [1.0, 0.0]);
}

#[test]
fn sweeps_and_moves_of_and_against_a_concave_shape() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let fixed = ShapeOptions {
        is_static: true,
        ..o
    };
    let floor = world.add_concave(cup(), 0.0, 0.0, 0.0, fixed).unwrap();
    let wall = world
        .add(
            Shape::aligned_box(1.0, 10.0).unwrap(),
            20.0,
            0.0,
            0.0,
            fixed,
        )
        .unwrap();
    let mover = world
        .add(Shape::aligned_box(0.4, 0.4).unwrap(), 2.0, -3.0, 0.0, o)
        .unwrap();
    let moving_cup = world.add_concave(cup(), 10.0, -2.0, 0.0, o).unwrap();
    world.step().unwrap();
    // A box falling into the notch lands on its bottom, a skin above y = 3.
    let moved = world
        .move_and_slide(mover, Vec2::new(0.0, 10.0), &MoveOptions::default())
        .unwrap();
    assert!(moved.grounded);
    assert!(
        (moved.position.y - (3.0 - 0.4 - 0.01)).abs() < 1e-4,
        "{moved:?}"
    );
    assert_eq!(world.move_contacts()[0], floor as f32);
    // Pushed sideways in the notch, it stops at the arm: the inner corner holds it.
    let moved = world
        .move_and_slide(mover, Vec2::new(5.0, 1.0), &MoveOptions::default())
        .unwrap();
    assert!(
        (moved.position.x - (3.0 - 0.4 - 0.01)).abs() < 1e-4,
        "{moved:?}"
    );
    assert!(
        (moved.position.y - (3.0 - 0.4 - 0.01)).abs() < 1e-4,
        "{moved:?}"
    );
    // A concave shape swept into the wall: its right arm's face (x = 14) reaches x = 19.
    let n = world.sweep(&[moving_cup], &[20.0, 0.0], u32::MAX).unwrap();
    let results = world.cast_results();
    assert_eq!((n, results.ids[0]), (1, wall));
    assert!((results.t[0] - 0.25).abs() < 1e-6, "t = {}", results.t[0]);
    // A concave shape moved and slid down onto the concave floor: arms on arms.
    world.set_transform(moving_cup, 0.0, -10.0, 0.0).unwrap();
    world.step().unwrap();
    let moved = world
        .move_and_slide(moving_cup, Vec2::new(0.0, 20.0), &MoveOptions::default())
        .unwrap();
    assert!((moved.position.y - (-4.0 - 0.01)).abs() < 1e-4, "{moved:?}");
    world.validate().unwrap();
}

#[test]
fn the_part_search_finds_exactly_the_parts_whose_boxes_meet_a_box_in_order() {
    let mut rng = Mulberry32::new(0x7EE);
    for n in [3, 12, 100, 1024] {
        let concave = ConcavePolygon::new(&radial(&mut rng, n, 100.0)).unwrap();
        let boxes = concave.part_boxes();
        for q in 0..600 {
            let (x, y) = (rng.range(-120.0, 120.0), rng.range(-120.0, 120.0));
            // Large boxes (the hierarchy), small ones (the grid's lists: the step's shapes),
            // and small ones with a corner or a side on a part's box (touching counts).
            let size = if q < 200 { 60.0 } else { 8.0 };
            let (w, h) = (rng.range(0.0, size), rng.range(0.0, size));
            let (x, y) = match q % 3 {
                _ if q < 400 => (x, y),
                0 => (boxes[q % boxes.len()].max.x, y),
                1 => (x, boxes[q % boxes.len()].max.y - h),
                _ => (
                    boxes[q % boxes.len()].min.x - w,
                    boxes[q % boxes.len()].min.y - h,
                ),
            };
            let query = sepax::Aabb::new(Vec2::new(x, y), Vec2::new(x + w, y + h));
            let mut found = Vec::new();
            concave.each_part_near(&query, |k| {
                found.push(k);
                true
            });
            let want: Vec<usize> = (0..concave.parts().len())
                .filter(|&k| concave.part_boxes()[k].overlaps(&query))
                .collect();
            assert_eq!(found, want, "{n} points, box {query:?}");
        }
    }
}
