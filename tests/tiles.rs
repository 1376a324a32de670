//! Tile grids through the world: a brute-force oracle (each solid tile as its own convex
//! polygon) for the step and the queries on seeded random grids of full, half and slope
//! tiles, before and after random edits; seams over 1,000 cells in every query path (the
//! step's normals, queries, rays, casts, sweeps, move and slide) for boxes and capsules;
//! shapes inside the solid; the cost of `set_tile` counted at two grid sizes.
//!
//! y grows downwards in this file, as on a canvas: a floor's top faces `(0, −1)`.

mod common;

use common::random_shape;
use common::rng::Rng;
use common::Style;
use sepax::math::Vec2;
use sepax::shape::chain::SMOOTH_TOLERANCE;
use sepax::shape::tiles::{Cells, TileDef, TileTable};
use sepax::world::{MoveOptions, WorldError};
use sepax::{collide, Shape, ShapeKind, ShapeOptions, Transform, World};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn moving() -> ShapeOptions {
    ShapeOptions::default()
}

fn fixed() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

fn outline(points: &[(f32, f32)]) -> TileDef {
    TileDef::Solid {
        outline: Some(points.iter().map(|&(x, y)| v(x, y)).collect()),
        one_way: None,
    }
}

/// An outline's points, `(x, y)` each.
type Outline = Vec<(f32, f32)>;

/// The outlines of the random grids' values, in units of a cell of side 1: full (1),
/// empty (2), lower half (3), slopes rising to the right and to the left (4, 5), a
/// quarter (6), an off-centre block (7).
fn outlines() -> Vec<(u32, Option<Outline>)> {
    vec![
        (
            1,
            Some(vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]),
        ),
        (2, None),
        (
            3,
            Some(vec![(0.0, 0.5), (1.0, 0.5), (1.0, 1.0), (0.0, 1.0)]),
        ),
        (4, Some(vec![(0.0, 1.0), (1.0, 1.0), (1.0, 0.0)])),
        (5, Some(vec![(0.0, 0.0), (1.0, 1.0), (0.0, 1.0)])),
        (
            6,
            Some(vec![(0.0, 0.75), (1.0, 0.75), (1.0, 1.0), (0.0, 1.0)]),
        ),
        (
            7,
            Some(vec![(0.25, 0.25), (0.75, 0.25), (0.75, 1.0), (0.25, 1.0)]),
        ),
    ]
}

/// The table of [`outlines`] for cells of `size`.
fn table(size: f32) -> TileTable {
    let entries = outlines()
        .into_iter()
        .map(|(value, points)| match points {
            None => (value, TileDef::Empty),
            Some(_) if value == 1 => (value, TileDef::SOLID),
            Some(p) => {
                let scaled: Vec<(f32, f32)> =
                    p.iter().map(|&(x, y)| (x * size, y * size)).collect();
                (value, outline(&scaled))
            }
        })
        .collect();
    TileTable::new(entries).unwrap()
}

/// The tile of `value` in cell `(col, row)` of a grid at `origin` with cells of `size`, as
/// its own convex polygon in the world (what the oracle tests against).
fn tile_polygon(value: u8, col: u32, row: u32, origin: Vec2, size: f32) -> Option<Shape> {
    let points = match outlines().into_iter().find(|e| e.0 == u32::from(value)) {
        _ if value == 0 => return None,
        Some((_, None)) => return None,
        Some((_, Some(points))) => points,
        None => vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)],
    };
    let corner = origin + v(col as f32 * size, row as f32 * size);
    let world: Vec<Vec2> = points
        .iter()
        .map(|&(x, y)| corner + v(x * size, y * size))
        .collect();
    Some(Shape::polygon(&world).unwrap())
}

/// True when `shape` at `pose` overlaps some tile of the grid (brute force), and the
/// deepest such contact's depth.
fn oracle(
    cells: &[u8],
    cols: u32,
    origin: Vec2,
    size: f32,
    shape: &Shape,
    pose: &Transform,
) -> Option<f32> {
    let mut deepest: Option<f32> = None;
    for (k, &value) in cells.iter().enumerate() {
        let (col, row) = (k as u32 % cols, k as u32 / cols);
        if let Some(tile) = tile_polygon(value, col, row, origin, size) {
            if let Some(c) = collide(&tile, &Transform::IDENTITY, shape, pose) {
                deepest = Some(deepest.map_or(c.depth, |d: f32| d.max(c.depth)));
            }
        }
    }
    deepest
}

/// A seeded random grid of the values of [`outlines`] and 0.
fn random_cells(rng: &mut Rng, count: usize) -> Vec<u8> {
    (0..count)
        .map(|_| [0, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7][rng.int(0, 10) as usize])
        .collect()
}

/// How deep an overlap the world and the oracle may disagree on: touching within the
/// rounding of the tile's placement (its corners computed two ways).
const SLACK: f32 = 1e-4;

#[test]
fn the_step_and_the_queries_equal_a_brute_force_oracle_on_random_grids() {
    let mut rng = Rng::new(2929);
    let (mut pairs, mut checked) = (0, 0);
    for round in 0..30 {
        let (cols, rows, size) = (12, 8, 2.0);
        let origin = v(rng.range(-50.0, 50.0) as f32, rng.range(-50.0, 50.0) as f32);
        let mut cells = random_cells(&mut rng, (cols * rows) as usize);
        let mut world = World::new();
        let t = world.define_tiles(table(size)).unwrap();
        let grid = world
            .add_tile_grid(
                origin.x,
                origin.y,
                cols,
                rows,
                v(size, size),
                Cells::Narrow(cells.clone()),
                Some(t),
                fixed(),
            )
            .unwrap();
        let mut shapes = Vec::new();
        for _ in 0..60 {
            let kind = ShapeKind::ALL[rng.int(0, 6) as usize];
            let shape = random_shape(&mut rng, kind, Style::Generic, 1.0);
            let p = origin + v(rng.range(-2.0, 26.0) as f32, rng.range(-2.0, 18.0) as f32);
            let angle = rng.angle();
            let id = world.add(shape.clone(), p.x, p.y, angle, moving()).unwrap();
            shapes.push((id, shape, p, angle));
        }
        for edit in 0..3 {
            world.step().unwrap();
            world.validate().unwrap();
            let found: Vec<u32> = world
                .pairs()
                .chunks_exact(2)
                .filter(|p| p[0] == grid)
                .map(|p| p[1])
                .collect();
            for (id, shape, p, angle) in &shapes {
                let pose = Transform::from_xy_angle(p.x, p.y, *angle);
                let want = oracle(&cells, cols, origin, size, shape, &pose);
                let got = found.contains(id);
                let mut ids = Vec::new();
                world
                    .query_shape(shape, p.x, p.y, *angle, u32::MAX, &mut ids)
                    .unwrap();
                let queried = ids.contains(&grid);
                let near = want.is_some_and(|d| d < SLACK);
                if !near {
                    assert_eq!(
                        got,
                        want.is_some(),
                        "round {round}.{edit}: {shape:?} at {p:?}, {angle}: oracle {want:?}"
                    );
                    assert_eq!(
                        queried,
                        want.is_some(),
                        "round {round}.{edit}: query of {shape:?} at {p:?}"
                    );
                }
                pairs += usize::from(got);
                checked += 1;
            }
            for _ in 0..100 {
                let p = origin + v(rng.range(-1.0, 25.0) as f32, rng.range(-1.0, 17.0) as f32);
                let want = oracle(
                    &cells,
                    cols,
                    origin,
                    size,
                    &Shape::Point,
                    &Transform::from_xy_angle(p.x, p.y, 0.0),
                );
                let mut ids = Vec::new();
                world.query_point(p, u32::MAX, &mut ids).unwrap();
                let got = ids.contains(&grid);
                assert_eq!(got, want.is_some(), "round {round}.{edit}: point {p:?}");
            }
            // Random edits, then the same checks.
            for _ in 0..20 {
                let k = rng.int(0, i64::from(cols * rows) - 1) as usize;
                cells[k] = random_cells(&mut rng, 1)[0];
                let (col, row) = (k as u32 % cols, k as u32 / cols);
                world.set_tile(grid, col, row, u16::from(cells[k])).unwrap();
            }
        }
    }
    assert!(pairs * 4 > checked, "{pairs} pairs of {checked}");
}

/// The probes slid along the floors: boxes (flat and tilted) and capsules (lying, tilted,
/// standing), each with its angle.
fn probes() -> Vec<(&'static str, Shape, f32)> {
    vec![
        ("aligned box", Shape::aligned_box(0.5, 0.4).unwrap(), 0.0),
        ("box", Shape::oriented_box(0.5, 0.4).unwrap(), 0.0),
        (
            "box tilted 0.3",
            Shape::oriented_box(0.5, 0.4).unwrap(),
            0.3,
        ),
        (
            "box tilted -0.7",
            Shape::oriented_box(0.5, 0.4).unwrap(),
            -0.7,
        ),
        (
            "box on a corner",
            Shape::oriented_box(0.5, 0.5).unwrap(),
            0.785,
        ),
        ("capsule", Shape::capsule(0.5, 0.25).unwrap(), 0.0),
        (
            "capsule tilted 0.2",
            Shape::capsule(0.5, 0.25).unwrap(),
            0.2,
        ),
        (
            "capsule standing",
            Shape::capsule(0.5, 0.25).unwrap(),
            1.5707964,
        ),
    ]
}

/// A world holding a floor of 1,000 × 2 full cells of side 1, its top at y = 0 (id 0).
fn floor_world() -> World {
    let mut world = World::new();
    let cells = Cells::Narrow(vec![1; 2000]);
    let floor = world
        .add_tile_grid(0.0, 0.0, 1000, 2, v(1.0, 1.0), cells, None, fixed())
        .unwrap();
    assert_eq!(floor, 0);
    world
}

/// The box of `shape` at `angle` around its position.
fn extent(shape: &Shape, angle: f32) -> sepax::Aabb {
    shape.aabb(&Transform::from_xy_angle(0.0, 0.0, angle))
}

#[test]
fn a_box_and_a_capsule_stepped_across_1000_cells_get_only_the_face_normal() {
    for (name, shape, angle) in probes() {
        for top in [true, false] {
            let mut world = floor_world();
            // Sunk 0.05 into the top (y = 0) from above, or into the bottom (y = 2) from below.
            let b = extent(&shape, angle);
            let (y, normal) = if top {
                (0.05 - b.max.y, v(0.0, -1.0))
            } else {
                (2.0 - 0.05 - b.min.y, v(0.0, 1.0))
            };
            let id = world.add(shape.clone(), 1.0, y, angle, moving()).unwrap();
            let mut x = 1.0f32;
            while x < 999.0 {
                world.set_transform(id, x, y, angle).unwrap();
                assert_eq!(world.step().unwrap(), 1, "{name} at x = {x}");
                let c = world.contacts();
                let (n, depth) = (v(c[0], c[1]), c[2]);
                // Within the smoothing's tolerance of the face (the kernel's own rounding,
                // where a ghost would lean by a quarter turn).
                assert!(
                    (n - normal).length() < SMOOTH_TOLERANCE && (depth - 0.05).abs() < 1e-3,
                    "{name} at x = {x} (top: {top}): normal {n:?}, depth {depth}"
                );
                let mut ids = Vec::new();
                world
                    .query_shape(&shape, x, y, angle, u32::MAX, &mut ids)
                    .unwrap();
                assert_eq!(ids, [0, id]);
                x += 0.0371;
            }
        }
    }
}

#[test]
fn rays_casts_and_sweeps_across_1000_cells_meet_only_the_surface() {
    let mut world = floor_world();
    let bullet = world
        .add(Shape::circle(0.1).unwrap(), 0.0, -5.0, 0.0, moving())
        .unwrap();
    world.step().unwrap();
    let mut x = 3.5f32;
    while x < 996.5 {
        // Straight down and slanted: the top's normal at the top's height.
        for dx in [0.0, 0.7, -0.7] {
            let hit = world
                .raycast(v(x, -3.0), v(dx, 1.0), 100.0, u32::MAX)
                .unwrap()
                .unwrap();
            assert_eq!(
                (hit.id, hit.hit.normal),
                (0, v(0.0, -1.0)),
                "ray at x = {x}"
            );
            assert!(hit.hit.point.y.abs() < 1e-5);
        }
        // From inside the solid: nothing (the boundary seen from behind).
        assert!(world
            .raycast(v(x, 1.0), v(0.3, -1.0), 100.0, u32::MAX)
            .unwrap()
            .is_none());
        for (name, shape, angle) in probes() {
            let b = extent(&shape, angle);
            let hit = world
                .cast_shape(&shape, x, -3.0, angle, v(0.2, 6.0), u32::MAX)
                .unwrap()
                .unwrap();
            let lean = (hit.hit.normal - v(0.0, -1.0)).length();
            assert!(
                hit.id == 0 && lean < SMOOTH_TOLERANCE,
                "{name} cast at x = {x}: {hit:?}"
            );
            let bottom = -3.0 + 6.0 * hit.hit.t + b.max.y;
            assert!(
                bottom.abs() < 1e-3,
                "{name} cast at x = {x}: bottom at {bottom}"
            );
            // Gliding along the top 0.001 above it: no seam catches the cast.
            let y = -0.001 - b.max.y;
            let glide = world
                .cast_shape(&shape, x.min(900.0), y, angle, v(50.0, 0.0), u32::MAX)
                .unwrap();
            assert!(glide.is_none(), "{name} caught at x = {x}: {glide:?}");
        }
        world.set_transform(bullet, x, -2.0, 0.0).unwrap();
        world.sweep(&[bullet], &[0.3, 4.0], u32::MAX).unwrap();
        let r = world.cast_results();
        let lean = (v(r.normals[0], r.normals[1]) - v(0.0, -1.0)).length();
        assert!(r.ids[0] == 0 && lean < SMOOTH_TOLERANCE, "sweep at x = {x}");
        // Out of the way of the next casts, which see it where it is.
        world.set_transform(bullet, -50.0, -5.0, 0.0).unwrap();
        x += 0.37;
    }
}

#[test]
fn a_box_and_a_capsule_moved_across_1000_cells_never_catch() {
    for (name, shape, angle) in probes() {
        let mut world = floor_world();
        let y0 = -0.001 - extent(&shape, angle).max.y;
        let id = world.add(shape.clone(), 0.7, y0, angle, moving()).unwrap();
        world.step().unwrap();
        let mut moves = 0;
        loop {
            let (x, _, _) = world.transform(id).unwrap();
            if x > 998.0 {
                break;
            }
            // Along the floor and into it, as gravity would (y down).
            let r = world
                .move_and_slide(id, v(0.31, 0.05), &MoveOptions::default())
                .unwrap();
            assert!(r.grounded, "{name} at x = {x}");
            assert!(
                (r.position.x - (x + 0.31)).abs() < 1e-3,
                "{name} caught at x = {x}: {:?}",
                r.position
            );
            for contact in world.move_contacts().chunks_exact(3) {
                assert_eq!(contact[0], 0.0);
                let n = v(contact[1], contact[2]);
                assert!(
                    (n - v(0.0, -1.0)).length() < 1e-5,
                    "{name} at x = {x}: normal {n:?}"
                );
            }
            world.step().unwrap();
            moves += 1;
        }
        assert!(moves > 3000, "{name}: {moves} moves");
    }
}

#[test]
fn a_capsule_walks_up_a_ramp_of_slope_tiles_and_on_without_catching() {
    // Flat, 8 slope tiles rising to the right (y down: the ramp climbs), then flat at the
    // top: rows 0..9, the ramp's cells on the diagonal.
    let (cols, rows) = (40u32, 10u32);
    let mut cells = vec![0u8; (cols * rows) as usize];
    for col in 0..cols {
        let height = col.saturating_sub(10).min(8); // full cells stacked from the bottom
        for row in rows - 1 - height..rows {
            cells[(row * cols + col) as usize] = 1;
        }
        if (11..=18).contains(&col) {
            cells[((rows - 1 - height) * cols + col) as usize] = 4;
        }
    }
    let mut world = World::new();
    let t = world.define_tiles(table(1.0)).unwrap();
    world
        .add_tile_grid(
            0.0,
            0.0,
            cols,
            rows,
            v(1.0, 1.0),
            Cells::Narrow(cells),
            Some(t),
            fixed(),
        )
        .unwrap();
    let capsule = Shape::capsule(0.3, 0.3).unwrap();
    let id = world.add(capsule, 2.0, 9.0 - 0.61, 0.0, moving()).unwrap();
    world.step().unwrap();
    let mut last_x = 2.0;
    for frame in 0..200 {
        let r = world
            .move_and_slide(id, v(0.3, 0.05), &MoveOptions::default())
            .unwrap();
        assert!(
            r.position.x > last_x + 0.08,
            "caught at frame {frame}: {:?}",
            r.position
        );
        last_x = r.position.x;
        world.step().unwrap();
        if last_x > 36.0 {
            break;
        }
    }
    assert!(last_x > 36.0, "{last_x}");
    let (_, y, _) = world.transform(id).unwrap();
    assert!(y < 9.0 - 8.0, "on the upper floor: {y}");
}

#[test]
fn a_shape_inside_the_solid_touches_the_grid() {
    let mut world = floor_world();
    // Wholly inside the two rows: no boundary segment near it.
    let ball = world
        .add(Shape::circle(0.3).unwrap(), 500.4, 1.45, 0.0, moving())
        .unwrap();
    assert_eq!(world.step().unwrap(), 1);
    assert_eq!(world.pairs(), [0, ball]);
    // Against the tile of its cell (500, 1), unsmoothed: out through its nearest side.
    let c = world.contacts();
    assert_eq!((c[0], c[1]), (-1.0, 0.0));
    assert!((c[2] - 0.7).abs() < 1e-4, "{c:?}");
    let mut ids = Vec::new();
    world
        .query_point(v(123.4, 0.5), u32::MAX, &mut ids)
        .unwrap();
    assert_eq!(ids, [0]);
    world
        .query_point(v(123.4, -0.5), u32::MAX, &mut ids)
        .unwrap();
    assert_eq!(ids, [0]);
}

#[test]
fn set_tile_costs_the_same_in_a_grid_a_hundred_times_larger_and_is_seen_by_the_next_step() {
    let mut costs = Vec::new();
    for cols in [100u32, 10_000] {
        let mut world = World::new();
        let cells = Cells::Narrow(vec![1; (cols * 100) as usize]);
        let grid = world
            .add_tile_grid(0.0, 0.0, cols, 100, v(16.0, 16.0), cells, None, fixed())
            .unwrap();
        // A box resting above the floor for long enough to rest, whose pairs are carried.
        let crate_ = world
            .add(
                Shape::aligned_box(7.0, 7.0).unwrap(),
                56.0,
                24.0,
                0.0,
                moving(),
            )
            .unwrap();
        world.set_tile(grid, 3, 1, 0).unwrap();
        world.set_tile(grid, 3, 0, 0).unwrap();
        for _ in 0..20 {
            assert_eq!(world.step().unwrap(), 0);
        }
        let before = world.tile_grid(grid).unwrap().unwrap().derived_cells();
        // The cell under the box fills in: the resting box touches the grid now.
        world.set_tile(grid, 3, 1, 1).unwrap();
        costs.push(world.tile_grid(grid).unwrap().unwrap().derived_cells() - before);
        assert_eq!(world.step().unwrap(), 1);
        assert_eq!(world.pairs(), [grid, crate_]);
        assert_eq!(world.tile(grid, 3, 1), Ok(1));
        world.validate().unwrap();
    }
    assert_eq!(costs[0], costs[1]);
    assert!(costs[0] <= 400, "{costs:?}");
}

#[test]
fn bad_grid_calls_are_rejected_by_name_and_change_nothing() {
    let mut world = floor_world();
    let ball = world
        .add(Shape::circle(0.3).unwrap(), 5.0, -3.0, 0.0, moving())
        .unwrap();
    let text = |e: WorldError| e.to_string();
    assert_eq!(
        text(world.set_tile(ball, 0, 0, 1).unwrap_err()),
        format!("id: shape {ball} is not a tile grid")
    );
    assert_eq!(
        text(world.set_tile(0, 1000, 0, 1).unwrap_err()),
        "col, row: (1000, 0) is not a cell of the grid"
    );
    assert_eq!(
        text(world.sweep(&[0], &[1.0, 0.0], u32::MAX).unwrap_err()),
        "ids: shape 0 is a tile grid, which only setTransform moves"
    );
    assert!(world
        .move_and_slide(0, v(1.0, 0.0), &MoveOptions::default())
        .is_err());
    let cells = || Cells::Narrow(vec![1; 4]);
    let unknown = world.add_tile_grid(0.0, 0.0, 2, 2, v(1.0, 1.0), cells(), Some(9), fixed());
    assert_eq!(unknown, Err(WorldError::UnknownTable { id: 9 }));
    let bad = world.add_tile_grid(0.0, 0.0, 2, 2, v(1.0, -1.0), cells(), None, fixed());
    assert!(text(bad.unwrap_err()).starts_with("cellHeight must be"));
    let far = world.add_tile_grid(f32::NAN, 0.0, 2, 2, v(1.0, 1.0), cells(), None, fixed());
    assert!(far.is_err());
    assert_eq!(world.len(), 2);
    // The same table twice is one table.
    assert_eq!(
        world.define_tiles(table(1.0)),
        world.define_tiles(table(1.0))
    );
    world.validate().unwrap();
}

#[test]
fn pairs_with_a_grid_tell_the_cell_of_their_deepest_contact() {
    let mut world = World::new();
    let a = world
        .add(Shape::circle(1.0).unwrap(), -50.0, 0.0, 0.0, moving())
        .unwrap();
    let b = world
        .add(Shape::circle(1.0).unwrap(), -49.0, 0.0, 0.0, moving())
        .unwrap();
    world.step().unwrap();
    assert_eq!(world.pair_cells(), [] as [u32; 0], "no grid, no cells");
    let floor = world
        .add_tile_grid(
            0.0,
            0.0,
            100,
            2,
            v(1.0, 1.0),
            Cells::Narrow(vec![1; 200]),
            None,
            fixed(),
        )
        .unwrap();
    // Deeper over cell 41 than over cell 40.
    let shape = Shape::polygon(&[v(-0.5, 0.0), v(0.5, 0.0), v(0.5, 0.3), v(-0.5, 0.1)]).unwrap();
    let crate_ = world.add(shape, 41.2, -0.2, 0.0, moving()).unwrap();
    for frame in 0..20 {
        // Still: after a few steps both rest, and the pairs are carried with their cells.
        assert_eq!(world.step().unwrap(), 2);
        assert_eq!(world.pairs(), [a, b, floor, crate_]);
        assert_eq!(world.pair_cells(), [u32::MAX, 41], "frame {frame}");
    }
    world.set_transform(crate_, 7.3, -0.2, 0.0).unwrap();
    world.step().unwrap();
    assert_eq!(world.pair_cells(), [u32::MAX, 7]);
    // Inside the solid: the cell it lies in.
    world.set_transform(crate_, 60.3, 1.3, 0.0).unwrap();
    world.step().unwrap();
    assert_eq!(world.pair_cells(), [u32::MAX, 160]);
    world.validate().unwrap();
}

#[test]
fn rays_casts_sweeps_and_moves_tell_the_cell_they_meet() {
    let mut world = floor_world();
    let wall = world
        .add(
            Shape::aligned_box(1.0, 5.0).unwrap(),
            -10.0,
            -5.0,
            0.0,
            fixed(),
        )
        .unwrap();
    let bullet = world
        .add(Shape::circle(0.1).unwrap(), 0.0, -5.0, 0.0, moving())
        .unwrap();
    let walker = world
        .add(
            Shape::capsule(0.2, 0.3).unwrap(),
            20.5,
            -3.0,
            1.5707964,
            moving(),
        )
        .unwrap();
    world.step().unwrap();
    let hit = world
        .raycast(v(7.5, -3.0), v(0.0, 1.0), 10.0, u32::MAX)
        .unwrap()
        .unwrap();
    assert_eq!((hit.id, hit.cell), (0, 7));
    let hit = world
        .raycast(v(0.0, -3.0), v(-1.0, 0.0), 100.0, u32::MAX)
        .unwrap()
        .unwrap();
    assert_eq!((hit.id, hit.cell), (wall, u32::MAX));
    let hit = world
        .cast_shape(
            &Shape::circle(0.1).unwrap(),
            12.3,
            -3.0,
            0.0,
            v(0.0, 5.0),
            u32::MAX,
        )
        .unwrap()
        .unwrap();
    assert_eq!((hit.id, hit.cell), (0, 12));
    // Row 1, from below.
    let hit = world
        .cast_shape(
            &Shape::circle(0.1).unwrap(),
            5.5,
            4.0,
            0.0,
            v(0.0, -5.0),
            u32::MAX,
        )
        .unwrap()
        .unwrap();
    assert_eq!((hit.id, hit.cell), (0, 1005));
    world.set_transform(bullet, 300.6, -2.0, 0.0).unwrap();
    world.sweep(&[bullet], &[0.0, 4.0], u32::MAX).unwrap();
    assert_eq!(
        (world.cast_results().ids[0], world.cast_results().cells[0]),
        (0, 300)
    );
    world
        .raycast_many(
            &[
                40.2, -1.0, 0.0, 1.0, 0.0, -1.0, -1.0, 0.0, 3.0, -1.0, 0.0, -1.0,
            ],
            50.0,
            1,
        )
        .unwrap();
    let r = world.cast_results();
    assert_eq!(
        (&r.ids[..3], &r.cells[..3]),
        (&[0, wall, u32::MAX][..], &[40, u32::MAX, u32::MAX][..])
    );
    let moved = world
        .move_and_slide(walker, v(0.0, 5.0), &MoveOptions::default())
        .unwrap();
    assert!(moved.grounded);
    assert_eq!(world.move_contact_cells(), [20]);
    assert_eq!(world.move_contacts()[0], 0.0);
}
