//! The world's queries (point, box, shape, ray) must equal a brute force over every live
//! shape, on seeded scenes with statics, layers, removals and ids issued since the last
//! step (which queries see at once: `tests/world_changes.rs` holds that rule to a twin
//! world that steps first).

mod common;

use common::rng::Mulberry32;
use sepax::math::{Aabb, Transform, Vec2};
use sepax::raycast::raycast;
use sepax::{overlaps, Shape, ShapeOptions, World};

fn shape(rng: &mut Mulberry32, k: u32) -> Shape {
    let s = rng.range(0.5, 3.0);
    match k % 6 {
        0 => Shape::circle(s).unwrap(),
        1 => Shape::aligned_box(s, s * 0.5).unwrap(),
        2 => Shape::oriented_box(s, s * 0.3).unwrap(),
        3 => Shape::polygon(&[Vec2::new(-s, -s), Vec2::new(s, -s), Vec2::new(0.0, s)]).unwrap(),
        4 => Shape::capsule(s, s * 0.4).unwrap(),
        _ => Shape::segment(Vec2::new(-s, 0.2), Vec2::new(s, -0.2)).unwrap(),
    }
}

/// The live shapes.
fn live_ids(world: &World) -> Vec<u32> {
    (0..world.slot_count() as u32)
        .filter(|&id| world.contains(id))
        .collect()
}

fn pose(world: &World, id: u32) -> Transform {
    let (x, y, a) = world.transform(id).unwrap();
    Transform::from_xy_angle(x, y, a)
}

#[test]
fn queries_equal_brute_force() {
    let mut rng = Mulberry32::new(2024);
    let mut world = World::new();
    let extent = 60.0;
    for k in 0..400u32 {
        let options = ShapeOptions {
            layer: 1 << (k % 3),
            is_static: k % 9 == 0,
            ..ShapeOptions::default()
        };
        let (x, y, a) = (
            rng.range(0.0, extent),
            rng.range(0.0, extent),
            rng.range(-3.0, 3.0),
        );
        world.add(shape(&mut rng, k), x, y, a, options).unwrap();
    }
    world.step().unwrap();
    // After the step: remove some, add some (ids issued since are seen at once; removed
    // ids must never be returned).
    for id in (0..400).step_by(17) {
        world.remove(id).unwrap();
    }
    for k in 0..10u32 {
        world
            .add(
                shape(&mut rng, k),
                rng.range(0.0, extent),
                rng.range(0.0, extent),
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
    }
    let visible = live_ids(&world);
    let layers: Vec<u32> = (0..world.slot_count() as u32)
        .map(|id| world.layer_mask(id).map_or(0, |(layer, _)| layer))
        .collect();
    let layer_of = |id: u32| layers[id as usize];

    let mut out = Vec::new();
    let mut checked = [0usize; 4];
    for _ in 0..300 {
        let mask = match rng.f32() {
            m if m < 0.5 => u32::MAX,
            m if m < 0.75 => 1,
            _ => 6,
        };
        // The shapes every query may return: live and on a layer in `mask`.
        let on_layer: Vec<u32> = visible
            .iter()
            .copied()
            .filter(|&id| layer_of(id) & mask != 0)
            .collect();

        // Point.
        let p = Vec2::new(rng.range(-5.0, extent + 5.0), rng.range(-5.0, extent + 5.0));
        out.clear();
        world.query_point(p, mask, &mut out).unwrap();
        let probe = Transform {
            translation: p,
            ..Transform::IDENTITY
        };
        let want: Vec<u32> = on_layer
            .iter()
            .copied()
            .filter(|&id| {
                overlaps(
                    world.shape(id).unwrap(),
                    &pose(&world, id),
                    &Shape::Point,
                    &probe,
                )
            })
            .collect();
        assert_eq!(out, want, "query_point {p:?}");
        checked[0] += want.len();

        // Box.
        let size = Vec2::new(rng.range(0.0, 15.0), rng.range(0.0, 15.0));
        let query = Aabb::new(p, p + size);
        out.clear();
        world
            .query_aabb(query.min, query.max, mask, &mut out)
            .unwrap();
        let want: Vec<u32> = on_layer
            .iter()
            .copied()
            .filter(|&id| {
                world
                    .shape(id)
                    .unwrap()
                    .aabb(&pose(&world, id))
                    .overlaps(&query)
            })
            .collect();
        assert_eq!(out, want, "query_aabb {query:?}");
        checked[1] += want.len();

        // Shape.
        let kind = (rng.f32() * 6.0) as u32;
        let probe_shape = shape(&mut rng, kind);
        let angle = rng.range(-3.0, 3.0);
        out.clear();
        world
            .query_shape(&probe_shape, p.x, p.y, angle, mask, &mut out)
            .unwrap();
        let probe_pose = Transform::from_xy_angle(p.x, p.y, angle);
        let want: Vec<u32> = on_layer
            .iter()
            .copied()
            .filter(|&id| {
                overlaps(
                    world.shape(id).unwrap(),
                    &pose(&world, id),
                    &probe_shape,
                    &probe_pose,
                )
            })
            .collect();
        assert_eq!(out, want, "query_shape at {p:?}");
        checked[2] += want.len();

        // Ray: the closest hit, ties to the smaller id.
        let dir = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)).normalize_or_zero();
        if dir == Vec2::ZERO {
            continue;
        }
        let max = rng.range(1.0, 80.0);
        let got = world.raycast(p, dir, max, mask).unwrap();
        let hits: Vec<(f32, u32)> = on_layer
            .iter()
            .copied()
            .filter_map(|id| {
                raycast(world.shape(id).unwrap(), &pose(&world, id), p, dir, max)
                    .map(|h| (h.distance, id))
            })
            .collect();
        let want = hits
            .iter()
            .copied()
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        // The world normalises the direction again, which may move a distance by an ulp:
        // the hit must be at the closest distance within that rounding, and be a shape
        // whose own distance is that close to the minimum.
        match (got, want) {
            (None, None) => {}
            (Some(g), Some((distance, _))) => {
                let tol = 4.0 * f32::EPSILON * (1.0 + distance + p.length());
                assert!(
                    (g.hit.distance - distance).abs() <= tol,
                    "raycast from {p:?}: {g:?} vs {want:?}"
                );
                let own = hits.iter().find(|h| h.1 == g.id).map(|h| h.0);
                assert!(
                    own.is_some_and(|d| (d - distance).abs() <= tol),
                    "raycast from {p:?}: id {} not closest",
                    g.id
                );
            }
            _ => panic!("raycast from {p:?} along {dir:?}: world {got:?}, brute force {want:?}"),
        }
        checked[3] += usize::from(want.is_some());
    }
    // The comparison is only meaningful if the queries found things.
    assert!(
        checked.iter().all(|&c| c > 50),
        "too few hits to mean anything: {checked:?}"
    );
}
