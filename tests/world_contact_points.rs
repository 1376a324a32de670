//! Contact points through the world: a world with them finds exactly the pairs, contacts
//! and events of a world without them, and its `contact_points()` are parallel to its
//! pairs, each the `manifold` of the pair (the resting and carried cases are in
//! `world_oracle.rs`'s twin test).

mod common;

use common::rng::Rng;
use common::{random_shape, Style};
use sepax::narrow_phase::{manifold, MANIFOLD_STRIDE};
use sepax::{Contact, Shape, ShapeKind, ShapeOptions, Transform, Vec2, World, WorldOptions};

fn bits(values: &[f32]) -> Vec<u32> {
    values.iter().map(|v| v.to_bits()).collect()
}

fn with_points() -> World {
    World::with_options(WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    })
}

#[test]
fn contact_points_change_no_other_result_and_follow_the_pairs() {
    let mut rng = Rng::new(2026);
    let (mut on, mut off) = (with_points(), World::new());
    assert!(on.options().contact_points && !off.options().contact_points);
    let mut moving = Vec::new();
    for i in 0..400 {
        let kind = ShapeKind::ALL[i % ShapeKind::ALL.len()];
        let shape = random_shape(&mut rng, kind, Style::Generic, 2.0);
        let (x, y, a) = (
            rng.range(0.0, 60.0) as f32,
            rng.range(0.0, 60.0) as f32,
            rng.angle(),
        );
        let options = ShapeOptions {
            is_static: i % 25 == 0,
            ..ShapeOptions::default()
        };
        let id = on.add(shape.clone(), x, y, a, options).unwrap();
        assert_eq!(off.add(shape, x, y, a, options).unwrap(), id);
        if !options.is_static {
            moving.push(id);
        }
    }
    let (mut total_pairs, mut two_point_pairs) = (0, 0);
    for step in 0..40 {
        // Every other step only some shapes move, so that some pairs are carried.
        for &id in &moving {
            if step % 2 == 0 || rng.chance(0.1) {
                let (x, y, a) = on.transform(id).unwrap();
                let t = (
                    x + rng.range(-0.5, 0.5) as f32,
                    y + rng.range(-0.5, 0.5) as f32,
                    a + 0.05,
                );
                on.set_transform(id, t.0, t.1, t.2).unwrap();
                off.set_transform(id, t.0, t.1, t.2).unwrap();
            }
        }
        assert_eq!(on.step().unwrap(), off.step().unwrap());
        on.validate().unwrap();
        assert_eq!(on.pairs(), off.pairs(), "step {step}");
        assert_eq!(bits(on.contacts()), bits(off.contacts()), "step {step}");
        assert_eq!(on.started(), off.started(), "step {step}");
        assert_eq!(on.ended(), off.ended(), "step {step}");
        assert!(off.contact_points().is_empty());
        let points = on.contact_points();
        assert_eq!(points.len(), on.pairs().len() / 2 * MANIFOLD_STRIDE);
        let contacts = on.contacts().chunks_exact(3);
        let per_pair = points.chunks_exact(MANIFOLD_STRIDE);
        for ((pair, c), got) in on.pairs().chunks_exact(2).zip(contacts).zip(per_pair) {
            let pose = |id: u32| {
                let (x, y, a) = on.transform(id).unwrap();
                Transform::from_xy_angle(x, y, a)
            };
            let contact = Contact {
                normal: Vec2::new(c[0], c[1]),
                depth: c[2],
            };
            let (a, b) = (on.shape(pair[0]).unwrap(), on.shape(pair[1]).unwrap());
            let want = manifold(a, &pose(pair[0]), b, &pose(pair[1]), &contact).to_array();
            assert_eq!(bits(got), bits(&want), "step {step} pair {pair:?}");
            two_point_pairs += usize::from(got[0] == 2.0);
        }
        total_pairs += on.pairs().len() / 2;
    }
    assert!(total_pairs > 40 * 50, "only {total_pairs} pairs");
    assert!(two_point_pairs > 0, "no pair with two points");
}

#[test]
fn face_to_face_corner_and_circle_in_a_world() {
    let mut world = with_points();
    let o = ShapeOptions::default();
    let fixed = ShapeOptions {
        is_static: true,
        ..o
    };
    let floor = world
        .add(Shape::aligned_box(50.0, 1.0).unwrap(), 0.0, 0.0, 0.0, fixed)
        .unwrap();
    let flat = world
        .add(Shape::oriented_box(1.0, 1.0).unwrap(), -10.0, 1.9, 0.0, o)
        .unwrap();
    let r = 2f32.sqrt();
    let corner = world
        .add(
            Shape::oriented_box(1.0, 1.0).unwrap(),
            0.0,
            1.0 + r - 0.2,
            core::f32::consts::FRAC_PI_4,
            o,
        )
        .unwrap();
    let ball = world
        .add(Shape::circle(1.0).unwrap(), 10.0, 1.5, 0.0, o)
        .unwrap();
    assert_eq!(world.step().unwrap(), 3);
    assert_eq!(world.pairs(), [floor, flat, floor, corner, floor, ball]);
    let points: Vec<&[f32]> = world
        .contact_points()
        .chunks_exact(MANIFOLD_STRIDE)
        .collect();
    let close = |got: &[f32], want: &[f32]| got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-5);
    // The flat crate: two points, the ends of its bottom face raised by half the depth.
    let (p, q) = (&points[0][1..4], &points[0][4..7]);
    assert_eq!(points[0][0], 2.0);
    assert!(
        close(p, &[-11.0, 0.95, 0.1]) && close(q, &[-9.0, 0.95, 0.1])
            || close(q, &[-11.0, 0.95, 0.1]) && close(p, &[-9.0, 0.95, 0.1]),
        "{points:?}"
    );
    // The corner: one point, the rest zero.
    assert!(
        close(points[1], &[1.0, 0.0, 0.9, 0.2, 0.0, 0.0, 0.0]),
        "{points:?}"
    );
    // The ball: one point midway between the floor's top and the ball's bottom.
    assert!(
        close(points[2], &[1.0, 10.0, 0.75, 0.5, 0.0, 0.0, 0.0]),
        "{points:?}"
    );
}
