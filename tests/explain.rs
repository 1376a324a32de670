//! `World::explain`: every reason, in the step's order, and on seeded worlds of every kind
//! the verdict the step itself gave: touching exactly for the pairs in `pairs()` (with
//! their contacts), and otherwise the first rule of the step that keeps the pair out.

mod common;

use common::rng::Mulberry32;
use sepax::math::Vec2;
use sepax::shape::tiles::Cells;
use sepax::shape::Chain;
use sepax::world::{Explanation, Side, NO_CELL};
use sepax::{Shape, ShapeOptions, World, WorldError};

fn circle(world: &mut World, x: f32, y: f32, o: ShapeOptions) -> u32 {
    world
        .add(Shape::circle(1.0).unwrap(), x, y, 0.0, o)
        .unwrap()
}

const MOVING: ShapeOptions = ShapeOptions {
    layer: 1,
    mask: u32::MAX,
    is_static: false,
};
const FIXED: ShapeOptions = ShapeOptions {
    is_static: true,
    ..MOVING
};

#[test]
fn every_reason_in_the_steps_order() {
    let mut w = World::new();
    let a = circle(&mut w, 0.0, 0.0, MOVING);
    let b = circle(&mut w, 1.5, 0.0, MOVING);
    let far = circle(&mut w, 10.0, 0.0, MOVING);
    let wall = w
        .add(Shape::aligned_box(1.0, 1.0).unwrap(), 20.0, 0.0, 0.0, FIXED)
        .unwrap();
    let rock = w
        .add(Shape::aligned_box(1.0, 1.0).unwrap(), 21.0, 0.0, 0.0, FIXED)
        .unwrap();
    // Boxes overlap (a turned box's box is wider than the box), shapes do not.
    let tilted = w
        .add(
            Shape::oriented_box(3.0, 0.2).unwrap(),
            0.0,
            8.0,
            0.7,
            MOVING,
        )
        .unwrap();
    let beside = circle(&mut w, 2.6, 8.0, MOVING);
    let shy = circle(
        &mut w,
        30.0,
        0.0,
        ShapeOptions {
            layer: 2,
            mask: 2,
            ..MOVING
        },
    );
    let picky = circle(
        &mut w,
        30.5,
        0.0,
        ShapeOptions {
            layer: 1,
            mask: 4,
            ..MOVING
        },
    );
    w.step().unwrap();
    let explain = |w: &World, x: u32, y: u32| w.explain(x, y, None).unwrap();

    // Touching: as pairs() and contacts() say, the normal from the first id given.
    let Explanation::Touching {
        normal,
        depth,
        cell,
        one_way,
    } = explain(&w, a, b)
    else {
        panic!("{:?}", explain(&w, a, b))
    };
    let c = w.contacts();
    assert_eq!(w.pairs()[..2], [a, b]);
    assert_eq!(
        (normal, depth, cell, one_way),
        (Vec2::new(c[0], c[1]), c[2], NO_CELL, false)
    );
    let Explanation::Touching {
        normal: flipped, ..
    } = explain(&w, b, a)
    else {
        panic!()
    };
    assert_eq!(flipped, -normal);

    assert_eq!(explain(&w, a, far), Explanation::BoxesApart { gap: 8.0 });
    assert_eq!(explain(&w, wall, rock), Explanation::BothStatic);
    assert_eq!(
        explain(&w, shy, picky),
        Explanation::LayerMask { side: Side::Both }
    );
    assert_eq!(
        explain(&w, a, shy),
        Explanation::LayerMask { side: Side::B }
    );
    assert_eq!(
        explain(&w, picky, a),
        Explanation::LayerMask { side: Side::A }
    );
    let Explanation::Separated { normal, gap } = explain(&w, tilted, beside) else {
        panic!("{:?}", explain(&w, tilted, beside))
    };
    let d = w.distance(tilted, beside).unwrap();
    assert_eq!(gap, d.distance);
    assert!((normal - (d.point_b - d.point_a) * (1.0 / gap)).length() < 1e-5 && gap > 0.1);

    // Moved since the step, by a setter or through the columns, or added since.
    w.set_transform(far, 1.0, 1.0, 0.0).unwrap();
    assert_eq!(
        explain(&w, a, far),
        Explanation::NotStepped { side: Side::B }
    );
    w.xs_mut()[a as usize] += 0.25;
    assert_eq!(
        explain(&w, a, far),
        Explanation::NotStepped { side: Side::Both }
    );
    w.set_transform(wall, 20.0, 1.0, 0.0).unwrap();
    assert_eq!(
        explain(&w, wall, b),
        Explanation::NotStepped { side: Side::A }
    );
    let late = circle(&mut w, 0.5, 0.0, MOVING);
    assert_eq!(
        explain(&w, b, late),
        Explanation::NotStepped { side: Side::B }
    );
    w.step().unwrap();
    assert!(matches!(explain(&w, b, late), Explanation::Touching { .. }));
    assert!(matches!(explain(&w, a, far), Explanation::Touching { .. }));
    // Written with the same bits: not a move.
    let (x, y, angle) = w.transform(b).unwrap();
    w.set_transform(b, x, y, angle).unwrap();
    assert!(matches!(explain(&w, b, late), Explanation::Touching { .. }));

    // Removed ids, and ids reissued to another shape (given the saved generation).
    let saved = w.generation(late);
    w.remove(late).unwrap();
    assert_eq!(explain(&w, b, late), Explanation::Removed { side: Side::B });
    assert_eq!(
        explain(&w, 999, late),
        Explanation::Removed { side: Side::Both }
    );
    assert_eq!(circle(&mut w, 0.5, 0.0, MOVING), late);
    w.step().unwrap();
    let g = Some((None, Some(saved)));
    assert_eq!(
        w.explain(b, late, g).unwrap(),
        Explanation::Stale { side: Side::B }
    );
    let now = Some((Some(w.generation(b)), Some(w.generation(late))));
    assert!(matches!(
        w.explain(b, late, now).unwrap(),
        Explanation::Touching { .. }
    ));
    assert_eq!(
        w.explain(b, b, None),
        Err(WorldError::InvalidValue {
            arg: "b",
            expected: "another id than a",
            value: b as f32
        })
    );
}

#[test]
fn touching_a_grid_names_the_cell_and_one_way_shapes_are_flagged() {
    let mut w = World::new();
    let cells = Cells::Narrow(vec![1; 10]);
    let grid = w
        .add_tile_grid(0.0, 10.0, 10, 1, Vec2::new(4.0, 4.0), cells, None, FIXED)
        .unwrap();
    let crate_ = w
        .add(
            Shape::aligned_box(1.0, 1.0).unwrap(),
            13.0,
            9.5,
            0.0,
            MOVING,
        )
        .unwrap();
    let platform = w
        .add(Shape::aligned_box(5.0, 0.5).unwrap(), 40.0, 0.0, 0.0, FIXED)
        .unwrap();
    w.set_one_way(platform, Some(Vec2::new(0.0, -1.0))).unwrap();
    let feet = circle(&mut w, 40.0, -1.2, MOVING);
    w.step().unwrap();
    let Explanation::Touching { cell, normal, .. } = w.explain(crate_, grid, None).unwrap() else {
        panic!()
    };
    assert_eq!((cell, w.pair_cells()[0]), (3, 3));
    assert_eq!(
        normal,
        Vec2::new(0.0, 1.0),
        "from the crate down into the floor"
    );
    let Explanation::Touching { one_way, .. } = w.explain(platform, feet, None).unwrap() else {
        panic!()
    };
    assert!(one_way);
}

#[test]
fn explanations_agree_with_the_step_on_seeded_worlds() {
    let mut rng = Mulberry32::new(77);
    let mut counts = [0usize; 8];
    for seed in 0..3 {
        let mut w = World::new();
        let mut shapes = common::rng::Rng::new(seed);
        for k in 0..160 {
            let (x, y) = (rng.range(0.0, 40.0), rng.range(0.0, 40.0));
            let o = ShapeOptions {
                layer: 1 << rng.below(3),
                mask: if k % 4 == 0 { 0b011 } else { u32::MAX },
                is_static: k % 6 == 0,
            };
            if k % 20 == 0 {
                let points: Vec<Vec2> = (0..5)
                    .map(|i| Vec2::new(x + 2.0 * i as f32, y + (i % 2) as f32))
                    .collect();
                w.add_chain(Chain::new(&points, false).unwrap(), 0.0, 0.0, 0.0, o)
                    .unwrap();
            } else {
                let kind = sepax::ShapeKind::ALL[k % 7];
                let shape = common::random_shape(&mut shapes, kind, common::Style::Generic, 2.0);
                w.add(shape, x, y, rng.range(-3.0, 3.0), o).unwrap();
            }
        }
        w.step().unwrap();
        let live = w.live_ids().to_vec();
        let pairs: Vec<(u32, u32)> = w.pairs().chunks_exact(2).map(|p| (p[0], p[1])).collect();
        for _ in 0..3000 {
            let a = live[rng.below(live.len())];
            // Half the time a shape whose box meets a's: the exact test decides those.
            let mut near = Vec::new();
            let bounds = w.aabb(a).unwrap();
            w.query_aabb(bounds.min, bounds.max, u32::MAX, &mut near)
                .unwrap();
            let b = if rng.below(2) == 0 {
                near[rng.below(near.len())]
            } else {
                live[rng.below(live.len())]
            };
            if a == b {
                continue;
            }
            let e = w.explain(a, b, None).unwrap();
            let paired = pairs.contains(&(a.min(b), a.max(b)));
            assert_eq!(
                matches!(e, Explanation::Touching { .. }),
                paired,
                "{a} {b}: {e:?}"
            );
            let both_static = w.is_static(a).unwrap() && w.is_static(b).unwrap();
            let (la, ma) = w.layer_mask(a).unwrap();
            let (lb, mb) = w.layer_mask(b).unwrap();
            let filtered = la & mb == 0 || lb & ma == 0;
            let boxes_apart = !w.aabb(a).unwrap().overlaps(&w.aabb(b).unwrap());
            let want = if both_static {
                0
            } else if filtered {
                1
            } else if boxes_apart {
                2
            } else if paired {
                4
            } else {
                3
            };
            let got = match e {
                Explanation::BothStatic => 0,
                Explanation::LayerMask { .. } => 1,
                Explanation::BoxesApart { .. } => 2,
                Explanation::Separated { gap, .. } => {
                    assert!(gap > 0.0 && gap == w.distance(a, b).unwrap().distance);
                    3
                }
                Explanation::Touching { .. } => 4,
                other => panic!("{other:?}"),
            };
            assert_eq!(got, want, "{a} {b}: {e:?}");
            counts[got] += 1;
        }
    }
    assert!(
        counts[..5].iter().all(|&n| n > 20),
        "every verdict drawn: {counts:?}"
    );
}
