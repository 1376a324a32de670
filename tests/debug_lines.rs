//! `World::debug_lines`: every kind's outline (its segment count, its corners on the shape
//! the closest-point query finds there), the category of each state, boxes, cells,
//! contacts and surface normals, and a region drawing exactly what the brute force says
//! meets it: the whole drawing cut into each shape's lines (in id order) and filtered by
//! the shapes' boxes.

mod common;

use common::rng::Mulberry32;
use sepax::math::{Aabb, Vec2};
use sepax::shape::tiles::{Cells, TileGrid, TileTable};
use sepax::shape::{Chain, ConcavePolygon};
use sepax::world::{DebugKind, DebugOptions, WorldOptions, CIRCLE_SEGMENTS};
use sepax::{Shape, ShapeOptions, World};

const FIXED: ShapeOptions = ShapeOptions {
    layer: 1,
    mask: u32::MAX,
    is_static: true,
};

/// A segment and its category.
type Line = ([f32; 4], u8);

fn lines(world: &mut World, options: &DebugOptions) -> Vec<Line> {
    let count = world.debug_lines(options);
    let (xy, kinds) = (world.debug_lines_buffer(), world.debug_kinds());
    assert_eq!(kinds.len(), count);
    assert!(xy.len() >= 4 * count);
    (0..count)
        .map(|k| {
            (
                [xy[4 * k], xy[4 * k + 1], xy[4 * k + 2], xy[4 * k + 3]],
                kinds[k],
            )
        })
        .collect()
}

fn sorted(mut lines: Vec<Line>) -> Vec<Line> {
    lines.sort_by(|a, b| a.partial_cmp(b).unwrap());
    lines
}

const CUP: [(f32, f32); 8] = [
    (0.0, 0.0),
    (6.0, 0.0),
    (6.0, 6.0),
    (4.0, 6.0),
    (4.0, 2.0),
    (2.0, 2.0),
    (2.0, 6.0),
    (0.0, 6.0),
];

/// A random convex shape and the number of segments its outline takes.
fn convex(rng: &mut Mulberry32) -> (Shape, usize) {
    match rng.below(6) {
        0 => (Shape::circle(rng.range(0.2, 1.0)).unwrap(), CIRCLE_SEGMENTS),
        1 => (
            Shape::oriented_box(rng.range(0.2, 1.0), rng.range(0.2, 1.0)).unwrap(),
            4,
        ),
        2 => (
            Shape::capsule(rng.range(0.1, 0.6), rng.range(0.1, 0.4)).unwrap(),
            CIRCLE_SEGMENTS + 2,
        ),
        3 => {
            let triangle = [
                Vec2::new(-0.8, -0.6),
                Vec2::new(0.9, -0.5),
                Vec2::new(0.0, 0.9),
            ];
            (Shape::polygon(&triangle).unwrap(), 3)
        }
        4 => (
            Shape::segment(Vec2::new(-0.7, 0.2), Vec2::new(0.6, -0.3)).unwrap(),
            1,
        ),
        _ => (Shape::point(), 2),
    }
}

/// A world of spread-out shapes of every kind (a concave cup and a chain among them), some
/// static, stepped; returns it with each id's outline segment count, by id.
fn world(seed: u32) -> (World, Vec<usize>) {
    let mut rng = Mulberry32::new(seed);
    let mut world = World::new();
    let mut counts = Vec::new();
    let cup: Vec<Vec2> = CUP.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    world
        .add_concave(ConcavePolygon::new(&cup).unwrap(), -20.0, 0.0, 0.4, FIXED)
        .unwrap();
    counts.push(CUP.len());
    let hills: Vec<Vec2> = (0..9)
        .map(|k| Vec2::new(k as f32 * 2.0, -20.0 + (k % 3) as f32))
        .collect();
    world
        .add_chain(Chain::new(&hills, false).unwrap(), 0.0, 0.0, 0.0, FIXED)
        .unwrap();
    counts.push(hills.len() - 1);
    for i in 0..120 {
        let (shape, count) = convex(&mut rng);
        let (x, y) = ((i % 12) as f32 * 5.0, (i / 12) as f32 * 5.0);
        let options = ShapeOptions {
            is_static: i % 3 == 0,
            ..ShapeOptions::default()
        };
        let angle = rng.range(-3.0, 3.0);
        world.add(shape, x, y, angle, options).unwrap();
        counts.push(count);
    }
    world.step().unwrap();
    (world, counts)
}

/// The lines of each id, cut from a drawing of the whole world (which goes in id order).
fn by_id(all: &[Line], counts: &[usize]) -> Vec<Vec<Line>> {
    let mut rest = all;
    let cut = counts
        .iter()
        .map(|&n| {
            let (mine, after) = rest.split_at(n);
            rest = after;
            mine.to_vec()
        })
        .collect();
    assert!(rest.is_empty(), "{} lines left over", rest.len());
    cut
}

#[test]
fn every_kind_is_outlined_on_its_own_shape() {
    let (mut world, counts) = world(7);
    let all = lines(&mut world, &DebugOptions::default());
    assert_eq!(all.len(), counts.iter().sum::<usize>());
    for (id, mine) in by_id(&all, &counts).iter().enumerate() {
        let id = id as u32;
        let b = world.aabb(id).unwrap();
        for &(xy, kind) in mine {
            assert!(kind <= DebugKind::OneWay as u8, "id {id}: kind {kind}");
            for p in [Vec2::new(xy[0], xy[1]), Vec2::new(xy[2], xy[3])] {
                let hit = world.closest_point(p, u32::MAX, 1.0).unwrap();
                let hit = hit.unwrap_or_else(|| panic!("id {id}: {p:?} on no shape"));
                // A point's cross reaches a quarter unit from it.
                let reach = if counts[id as usize] == 2 { 0.25 } else { 1e-4 };
                assert!(hit.distance <= reach, "id {id}: {p:?} {hit:?}");
                assert_eq!(hit.id, id, "id {id}: {p:?}");
                let near = b.min.x - reach <= p.x && p.x <= b.max.x + reach;
                assert!(near && b.min.y - reach <= p.y && p.y <= b.max.y + reach);
            }
        }
    }
}

#[test]
fn a_region_draws_exactly_the_shapes_that_meet_it() {
    let (mut world, mut counts) = world(11);
    // Moved since the step: drawn where the step saw it. Added since: where it was added.
    world.set_transform(5, 100.0, 100.0, 0.0).unwrap();
    let mut rng = Mulberry32::new(3);
    for i in 0..10 {
        let (shape, count) = convex(&mut rng);
        let id = world
            .add(shape, i as f32 * 3.0, 2.5, 0.0, ShapeOptions::default())
            .unwrap();
        assert_eq!(id as usize, counts.len());
        counts.push(count);
    }
    // Regression: an id removed and issued again before the step is twice in the list
    // of fresh ids, and was drawn twice.
    let last = counts.len() as u32 - 1;
    world.remove(last).unwrap();
    let (shape, count) = convex(&mut rng);
    let again = world
        .add(shape, 20.0, 2.5, 0.0, ShapeOptions::default())
        .unwrap();
    assert_eq!(again, last);
    counts[last as usize] = count;

    let all = lines(&mut world, &DebugOptions::default());
    let mine = by_id(&all, &counts);
    for _ in 0..200 {
        let (x, y) = (rng.range(-30.0, 70.0), rng.range(-30.0, 60.0));
        let (w, h) = (rng.range(0.0, 25.0), rng.range(0.0, 25.0));
        let region = Aabb::new(Vec2::new(x, y), Vec2::new(x + w, y + h));
        let mut expected = Vec::new();
        for (id, lines) in mine.iter().enumerate() {
            if world.aabb(id as u32).unwrap().overlaps(&region) {
                expected.extend_from_slice(lines);
            }
        }
        let options = DebugOptions {
            region: Some(region),
            ..DebugOptions::default()
        };
        let got = lines(&mut world, &options);
        assert_eq!(sorted(got), sorted(expected), "region {region:?}");
    }
}

#[test]
fn outlines_take_the_category_of_the_shapes_state() {
    let mut world = World::new();
    let ball = || Shape::circle(1.0).unwrap();
    let square = || Shape::aligned_box(1.0, 1.0).unwrap();
    let o = ShapeOptions::default();
    let a = world.add(ball(), 0.0, 0.0, 0.0, o).unwrap();
    let b = world.add(ball(), 1.5, 0.0, 0.0, o).unwrap();
    let alone = world.add(ball(), 10.0, 0.0, 0.0, o).unwrap();
    let wall = world.add(square(), 20.0, 0.0, 0.0, FIXED).unwrap();
    let ledge = world.add(square(), 30.0, 0.0, 0.0, FIXED).unwrap();
    world.set_one_way(ledge, Some(Vec2::new(0.0, 1.0))).unwrap();
    world.step().unwrap();
    // Touches `alone`, but the step has not seen it.
    let late = world.add(ball(), 10.5, 0.0, 0.0, o).unwrap();
    let all = lines(&mut world, &DebugOptions::default());
    let kinds: Vec<u8> = all.iter().map(|l| l.1).collect();
    let n = CIRCLE_SEGMENTS;
    let expected = [
        (a, n, DebugKind::Touching),
        (b, n, DebugKind::Touching),
        (alone, n, DebugKind::Moving),
        (wall, 4, DebugKind::Static),
        (ledge, 4, DebugKind::OneWay),
        (late, n, DebugKind::Moving),
    ];
    let mut at = 0;
    for (id, count, kind) in expected {
        assert_eq!(
            kinds[at..at + count],
            vec![kind as u8; count][..],
            "id {id}"
        );
        at += count;
    }
    assert_eq!(at, kinds.len());
    world.step().unwrap();
    let kinds: Vec<u8> = lines(&mut world, &DebugOptions::default())
        .iter()
        .map(|l| l.1)
        .collect();
    assert_eq!(
        kinds[2 * n],
        DebugKind::Touching as u8,
        "alone, now touched"
    );
    assert_eq!(kinds[kinds.len() - 1], DebugKind::Touching as u8, "late");
}

#[test]
fn boxes_contacts_and_surface_normals_are_drawn_on_request() {
    let mut world = World::with_options(WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    });
    let o = ShapeOptions::default();
    let square = || Shape::aligned_box(1.0, 1.0).unwrap();
    let a = world.add(square(), 0.0, 0.0, 0.0, o).unwrap();
    let b = world.add(square(), 1.5, 0.5, 0.0, o).unwrap();
    let hills = [
        Vec2::new(0.0, -5.0),
        Vec2::new(4.0, -5.0),
        Vec2::new(8.0, -3.0),
    ];
    let chain = world
        .add_chain(Chain::new(&hills, false).unwrap(), 0.0, 0.0, 0.0, FIXED)
        .unwrap();
    world.step().unwrap();
    assert_eq!(world.pairs(), [a, b]);
    let scale = 0.5;
    let options = DebugOptions {
        boxes: true,
        contacts: true,
        surfaces: true,
        scale,
        ..DebugOptions::default()
    };
    let all = lines(&mut world, &options);
    let of = |kind: DebugKind| -> Vec<[f32; 4]> {
        all.iter()
            .filter(|l| l.1 == kind as u8)
            .map(|l| l.0)
            .collect()
    };
    // A box per shape, its four sides on the box the step used.
    let boxes = of(DebugKind::Box);
    assert_eq!(boxes.len(), 12);
    for (k, id) in [a, b, chain].into_iter().enumerate() {
        let bx = world.aabb(id).unwrap();
        for side in &boxes[4 * k..4 * k + 4] {
            for p in [Vec2::new(side[0], side[1]), Vec2::new(side[2], side[3])] {
                let corner =
                    (p.x == bx.min.x || p.x == bx.max.x) && (p.y == bx.min.y || p.y == bx.max.y);
                assert!(corner, "{p:?} is no corner of {bx:?}");
            }
        }
    }
    // Each contact point a cross (two lines) and a normal from it along the pair's normal.
    let m = world.contact_points();
    let points = m[0] as usize;
    assert!(points >= 1);
    assert_eq!(of(DebugKind::Point).len(), 2 * points);
    let normals = of(DebugKind::Normal);
    assert_eq!(normals.len(), points);
    let n = Vec2::new(world.contacts()[0], world.contacts()[1]);
    for (j, l) in normals.iter().enumerate() {
        assert_eq!([l[0], l[1]], [m[1 + 3 * j], m[2 + 3 * j]]);
        let along = Vec2::new(l[2] - l[0], l[3] - l[1]);
        assert!((along - n * scale).length() < 1e-6, "{along:?} {n:?}");
    }
    // A chain's normals: one per segment, from its middle, perpendicular, `scale` long.
    let surfaces = of(DebugKind::Surface);
    assert_eq!(surfaces.len(), hills.len() - 1);
    for (s, pair) in surfaces.iter().zip(hills.windows(2)) {
        let mid = (pair[0] + pair[1]) * 0.5;
        assert!((Vec2::new(s[0], s[1]) - mid).length() < 1e-5);
        let normal = Vec2::new(s[2] - s[0], s[3] - s[1]);
        assert!((normal.length() - scale).abs() < 1e-5);
        assert!(normal.dot(pair[1] - pair[0]).abs() < 1e-5);
    }
}

#[test]
fn a_tile_grid_is_drawn_by_its_surface_and_cells_cover_every_box() {
    let mut world = World::new();
    let cells: Vec<u8> = (0..10 * 6)
        .map(|k| u8::from(k / 10 >= 3 || k % 7 == 0))
        .collect();
    let size = Vec2::new(2.0, 2.0);
    let grid = world
        .add_tile_grid(
            0.0,
            0.0,
            10,
            6,
            size,
            Cells::Narrow(cells.clone()),
            None,
            FIXED,
        )
        .unwrap();
    let own = TileGrid::new(10, 6, size, Cells::Narrow(cells), &TileTable::default(), 0).unwrap();
    let mut rng = Mulberry32::new(5);
    let mut ids = vec![grid];
    for _ in 0..40 {
        let (shape, _) = convex(&mut rng);
        let (x, y) = (rng.range(-10.0, 30.0), rng.range(-10.0, 30.0));
        // Mask 0: no pairs, so that the grid's lines are its outline and normals only.
        let apart = ShapeOptions {
            mask: 0,
            ..ShapeOptions::default()
        };
        ids.push(world.add(shape, x, y, 0.0, apart).unwrap());
    }
    world.step().unwrap();
    let options = DebugOptions {
        cells: true,
        surfaces: true,
        ..DebugOptions::default()
    };
    let all = lines(&mut world, &options);
    let grid_lines = all
        .iter()
        .take_while(|l| l.1 == DebugKind::Static as u8 || l.1 == DebugKind::Surface as u8);
    let outline = grid_lines
        .clone()
        .filter(|l| l.1 == DebugKind::Static as u8)
        .count();
    assert_eq!(outline, own.segment_count());
    assert_eq!(grid_lines.count(), 2 * own.segment_count());
    let cells: Vec<[f32; 4]> = all
        .iter()
        .filter(|l| l.1 == DebugKind::Cell as u8)
        .map(|l| l.0)
        .collect();
    assert_eq!(cells.len() % 4, 0);
    let rects: Vec<Aabb> = cells
        .chunks_exact(4)
        .map(|r| {
            let (xs, ys) = (r.iter().map(|s| s[0]), r.iter().map(|s| s[1]));
            let (x0, x1) = xs.fold((f32::MAX, f32::MIN), |(a, b), x| (a.min(x), b.max(x)));
            let (y0, y1) = ys.fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)));
            Aabb::new(Vec2::new(x0, y0), Vec2::new(x1, y1))
        })
        .collect();
    for &id in &ids[1..] {
        let b = world.aabb(id).unwrap();
        assert!(rects.iter().any(|r| r.overlaps(&b)), "no cell under {id}");
    }
    // A region keeps the cells that meet it, and the grid's segments near it.
    let region = Aabb::new(Vec2::new(3.0, 3.0), Vec2::new(6.0, 5.0));
    let near = lines(
        &mut world,
        &DebugOptions {
            region: Some(region),
            ..options
        },
    );
    let near_cells = near.iter().filter(|l| l.1 == DebugKind::Cell as u8).count();
    let meeting = rects.iter().filter(|r| r.overlaps(&region)).count();
    assert_eq!(near_cells, 4 * meeting);
    let near_outline = near
        .iter()
        .filter(|l| l.1 == DebugKind::Static as u8)
        .count();
    assert!(
        0 < near_outline && near_outline < outline,
        "{near_outline} of {outline}"
    );
}

#[test]
fn a_sensor_is_outlined_as_a_sensor_touching_or_not() {
    let mut world = World::new();
    let circle = || Shape::circle(1.0).unwrap();
    let zone = world
        .add(circle(), 0.0, 0.0, 0.0, ShapeOptions::default())
        .unwrap();
    world.set_sensor(zone, true).unwrap();
    let far = world
        .add(circle(), 10.0, 0.0, 0.0, ShapeOptions::default())
        .unwrap();
    for (x, touching) in [(10.0, false), (0.5, true)] {
        world.set_transform(far, x, 0.0, 0.0).unwrap();
        assert_eq!(world.step().unwrap(), usize::from(touching));
        world.debug_lines(&DebugOptions::default());
        let kinds = world.debug_kinds().to_vec();
        let lines = world.debug_lines_buffer().to_vec();
        // The zone's segments have both ends on its circle, around the origin.
        let on_circle = |cx: f32, px: f32, py: f32| ((px - cx).hypot(py) - 1.0).abs() < 1e-4;
        for (k, line) in lines.chunks_exact(4).enumerate() {
            let on_zone = on_circle(0.0, line[0], line[1]) && on_circle(0.0, line[2], line[3]);
            let on_far = on_circle(x, line[0], line[1]) && on_circle(x, line[2], line[3]);
            assert!(on_zone != on_far, "segment {k} {line:?} is on one circle");
            let want = if on_zone {
                DebugKind::Sensor
            } else if touching {
                DebugKind::Touching
            } else {
                DebugKind::Moving
            };
            assert_eq!(
                kinds[k], want as u8,
                "segment {k} {line:?}, touching {touching}"
            );
        }
    }
}
