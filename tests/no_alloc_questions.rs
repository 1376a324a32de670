//! What a game asks the world every frame allocates nothing once its buffers have grown:
//! the live ids, distances, the nearest shapes (single and batched), explanations and
//! debug lines (everything drawn, and a region that pans),
//! over a world of every kind (convex shapes, a concave polygon, a chain, a tile grid)
//! whose shapes move; and the crossings of continuous shapes that the step lists.
//! The sibling of `no_alloc.rs` (the step, casts, sweeps and the mover).

// Host only: the counting allocator is a host dev-dependency.
#![cfg(not(target_arch = "wasm32"))]

use sepax::math::Aabb;
use sepax::shape::tiles::Cells;
use sepax::shape::{Chain, ConcavePolygon};
use sepax::world::{DebugOptions, Explanation, QueryFilter};
use sepax::{Shape, ShapeOptions, Vec2, World};

const PERIOD: usize = 32;

/// A crowd of 400 moving shapes over a static grid, a concave polygon and a chain; returns
/// the world and the moving ids.
fn world() -> (World, Vec<u32>) {
    let mut world = World::new();
    let fixed = ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    };
    let cells: Vec<u8> = (0..40 * 8)
        .map(|k| u8::from(k / 40 >= 5 || k % 9 == 0))
        .collect();
    world
        .add_tile_grid(
            0.0,
            60.0,
            40,
            8,
            Vec2::new(2.0, 2.0),
            Cells::Narrow(cells),
            None,
            fixed,
        )
        .unwrap();
    let cup = [
        (0.0, 0.0),
        (6.0, 0.0),
        (6.0, 6.0),
        (4.0, 6.0),
        (4.0, 2.0),
        (2.0, 2.0),
        (2.0, 6.0),
        (0.0, 6.0),
    ];
    let cup: Vec<Vec2> = cup.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    world
        .add_concave(ConcavePolygon::new(&cup).unwrap(), 90.0, 10.0, 0.3, fixed)
        .unwrap();
    let hills: Vec<Vec2> = (0..50)
        .map(|k| Vec2::new(k as f32 * 2.0, 80.0 + (k % 3) as f32))
        .collect();
    world
        .add_chain(Chain::new(&hills, false).unwrap(), 0.0, 0.0, 0.0, fixed)
        .unwrap();
    let mut ids = Vec::new();
    for i in 0..400 {
        let (x, y) = ((i % 20) as f32 * 4.0, (i / 20) as f32 * 3.0);
        let shape = match i % 4 {
            0 => Shape::circle(0.8).unwrap(),
            1 => Shape::oriented_box(0.7, 0.4).unwrap(),
            2 => Shape::capsule(0.5, 0.3).unwrap(),
            _ => Shape::polygon(&[
                Vec2::new(-0.8, -0.6),
                Vec2::new(0.9, -0.5),
                Vec2::new(0.0, 0.9),
            ])
            .unwrap(),
        };
        ids.push(
            world
                .add(shape, x, y, 0.0, ShapeOptions::default())
                .unwrap(),
        );
    }
    (world, ids)
}

#[test]
fn steady_state_distance_and_nearest_queries_do_not_allocate() {
    let (mut world, ids) = world();
    let points: Vec<f32> = (0..300).map(|k| (k * 37 % 101) as f32 - 10.0).collect();
    let mut out = Vec::with_capacity(16);
    let frame = |world: &mut World, t: usize| -> usize {
        let phase = t as f32 / PERIOD as f32 * core::f32::consts::TAU;
        for (k, &id) in ids.iter().enumerate() {
            let (x, y) = ((k % 20) as f32 * 4.0, (k / 20) as f32 * 3.0);
            world
                .set_transform(id, x + phase.sin(), y + phase.cos(), phase)
                .unwrap();
        }
        world.step().unwrap();
        let mut work = world.live_ids().len();
        work += world.nearest_many(&points, 4, u32::MAX, 30.0).unwrap();
        let filter = QueryFilter {
            exclude: Some(ids[t % ids.len()]),
            exclude_statics: t % 2 == 0,
            ..QueryFilter::default()
        };
        for xy in points.chunks_exact(2).take(40) {
            let p = Vec2::new(xy[0], xy[1]);
            out.clear();
            world
                .nearest(p, 8, filter, f32::INFINITY, &mut out)
                .unwrap();
            work += out.len();
            work += usize::from(world.closest_point(p, filter, 10.0).unwrap().is_some());
        }
        let corner = Vec2::new(phase.sin() * 40.0 + 40.0, phase.cos() * 30.0 + 40.0);
        let drawing = DebugOptions {
            boxes: true,
            cells: true,
            contacts: true,
            surfaces: true,
            region: (t % 2 == 0).then(|| Aabb::new(corner, corner + Vec2::new(30.0, 20.0))),
            scale: 1.0,
        };
        work += world.debug_lines(&drawing);
        for (k, &id) in ids.iter().enumerate().take(50) {
            // Against the grid, the cup, the chain and a neighbour.
            let other = [0, 1, 2, ids[(k + 1) % ids.len()]][k % 4];
            work += usize::from(world.distance(id, other).unwrap().distance > 0.0);
            let why = world.explain(id, other, None).unwrap();
            work += usize::from(matches!(why, Explanation::Touching { .. }));
        }
        work
    };
    assert_steady(&mut world, frame, PERIOD * 800, "distance queries");
}

#[test]
fn steady_state_steps_with_continuous_shapes_do_not_allocate() {
    // A tenth of the crowd is continuous and dashes across a field of sensors every frame,
    // crossing several between two steps.
    let (mut world, ids) = world();
    for k in 0..200 {
        let (x, y) = ((k % 20) as f32 * 4.0 + 2.0, (k / 20) as f32 * 3.0 + 1.5);
        let coin = world
            .add(
                Shape::circle(0.4).unwrap(),
                x,
                y,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.set_sensor(coin, true).unwrap();
    }
    let dashers: Vec<u32> = ids.iter().copied().step_by(10).collect();
    for &id in &dashers {
        world.set_continuous(id, true).unwrap();
    }
    let frame = |world: &mut World, t: usize| {
        for (k, &id) in dashers.iter().enumerate() {
            let x = if (t + k) % 2 == 0 { 0.0 } else { 76.0 };
            let y = (k % 10) as f32 * 3.0 + 1.5;
            world.set_transform(id, x, y, 0.1 * t as f32).unwrap();
        }
        world.step().unwrap();
        world.step_crossings().sensors.len()
    };
    assert_steady(
        &mut world,
        frame,
        PERIOD * 40 * 5,
        "steps with continuous shapes",
    );
}

/// Runs `frame` for two periods to warm up, then counts allocations over a third: none,
/// and more than `least` results (so that the frames did work). `what` names the frames
/// in the message.
fn assert_steady(
    world: &mut World,
    mut frame: impl FnMut(&mut World, usize) -> usize,
    least: usize,
    what: &str,
) {
    for t in 0..2 * PERIOD {
        frame(world, t);
    }
    let mut measured = 0;
    let info = allocation_counter::measure(|| {
        for t in 2 * PERIOD..3 * PERIOD {
            measured += frame(world, t);
        }
    });
    assert!(measured > least, "only {measured} results");
    assert_eq!(
        info.count_total, 0,
        "{} allocations ({} bytes) in {PERIOD} frames of {what}",
        info.count_total, info.bytes_total
    );
}
