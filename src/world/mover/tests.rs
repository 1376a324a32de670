//! Unit tests of the mover's parts: the skin's floor, the plane rule against the exact
//! cast, the mover's box at an offset, the options' checks.

use super::planes::{larger, largest_coordinate, PLANE_ROUNDINGS};
use super::*;

#[test]
fn the_skin_floor_steps_by_powers_of_two() {
    assert_eq!(power_of_two_above(1000.0), 1024.0);
    assert_eq!(power_of_two_above(1024.0), 1024.0);
    assert_eq!(power_of_two_above(1025.0), 2048.0);
    assert_eq!(power_of_two_above(0.3), 0.5);
    assert!(power_of_two_above(0.0) > 0.0);
    assert_eq!(power_of_two_above(3e38), f32::from_bits(254 << 23));
}

/// The shapes of the clearance test: one of each convex kind with an area, and a
/// segment.
fn test_shapes() -> Vec<Shape> {
    let pentagon: Vec<Vec2> = (0..5)
        .map(|k| {
            let r = crate::math::Rot::from_angle(k as f32 * 1.2566371);
            Vec2::new(0.9 * r.cos, 0.9 * r.sin)
        })
        .collect();
    vec![
        Shape::circle(0.7).unwrap(),
        Shape::aligned_box(1.0, 0.4).unwrap(),
        Shape::oriented_box(0.6, 1.2).unwrap(),
        Shape::polygon(&pentagon).unwrap(),
        Shape::capsule(1.0, 0.5).unwrap(),
        Shape::segment(Vec2::new(-1.0, 0.3), Vec2::new(0.8, -0.2)).unwrap(),
    ]
}

/// Checks [`Planes::keeps_clear`] against the exact cast: over seeded random pairs of
/// convex shapes, a plane is made as a move makes it (from the narrow phase's contact
/// of a start overlap, or from a cast's first contact), then random straight paths
/// are tried; wherever the plane says a path stays further than the margin plus the
/// rounding allowance, the exact cast with that margin must miss. Returns how many
/// paths were skipped, and how many of those the cast hit.
fn clearance_against_casts(overstated_by: f32) -> (usize, usize) {
    use crate::cast::cast_shape_with_margin;
    use crate::narrow_phase::collide;
    let shapes = test_shapes();
    let mut rng = crate::test_rng::Mulberry32::new(0x5eed);
    let (mut skipped, mut wrong) = (0, 0);
    for _ in 0..4000 {
        let mover = &shapes[rng.below(shapes.len())];
        let target = &shapes[rng.below(shapes.len())];
        let centre = Vec2::new(rng.range(-900.0, 900.0), rng.range(-900.0, 900.0));
        let start = Transform::from_xy_angle(centre.x, centre.y, rng.range(-3.0, 3.0));
        let offset = Vec2::new(rng.range(-2.5, 2.5), rng.range(-2.5, 2.5));
        let target_pose = Transform::from_xy_angle(
            centre.x + offset.x,
            centre.y + offset.y,
            rng.range(-3.0, 3.0),
        );
        let scale = power_of_two_above(centre.length() + mover.bounding_radius());
        let skin = DEFAULT_SKIN.max(SKIN_ROUNDINGS * f32::EPSILON * scale);
        let mut planes = Planes::new();
        let mut contacts = Vec::new();
        if let Some(contact) = collide(target, &target_pose, mover, &start) {
            let plane = Plane::from_separation(contact.normal, -contact.depth, skin);
            planes.push(source(1, 0, 0), plane, skin + overstated_by, &mut contacts);
        } else {
            // Towards the target, to its first contact with the first round's margin.
            let margin = MARGIN_FRACTION * skin;
            let Some(hit) =
                cast_shape_with_margin(mover, &start, offset * 2.0, target, &target_pose, margin)
            else {
                continue;
            };
            if hit.t == 0.0 {
                continue;
            }
            let moved = offset * 2.0 * hit.t;
            let plane = Plane {
                normal: hit.normal,
                offset: hit.normal.dot(moved) + (skin - margin),
            };
            planes.push(source(1, 0, 0), plane, skin + overstated_by, &mut contacts);
        }
        let near = Aabb::new(target_pose.translation, target_pose.translation);
        let least_at = |margin: f32| {
            margin + PLANE_ROUNDINGS * f32::EPSILON * larger(scale, largest_coordinate(&near))
        };
        for _ in 0..8 {
            let from = Vec2::new(rng.range(-1.5, 1.5), rng.range(-1.5, 1.5));
            let to = from + Vec2::new(rng.range(-1.5, 1.5), rng.range(-1.5, 1.5));
            let margin = rng.range(0.1, 0.6) * skin;
            if !planes.keeps_clear(source(1, 0, 0), from, to, least_at(margin)) {
                continue;
            }
            skipped += 1;
            let pose = Transform {
                translation: start.translation + from,
                rotation: start.rotation,
            };
            if cast_shape_with_margin(mover, &pose, to - from, target, &target_pose, margin)
                .is_some()
            {
                wrong += 1;
            }
        }
    }
    (skipped, wrong)
}

#[test]
fn a_plane_that_keeps_a_path_clear_means_the_exact_cast_misses() {
    let (skipped, wrong) = clearance_against_casts(0.0);
    assert!(skipped > 2000, "only {skipped} paths skipped");
    assert_eq!(wrong, 0, "{wrong} of {skipped} skipped paths hit");
    // The test can tell: planes that claim a little more room than the shapes had
    // let paths through that the cast finds hitting.
    let (skipped, wrong) = clearance_against_casts(0.05);
    assert!(
        wrong > 0,
        "none of {skipped} skipped paths hit with overstated planes"
    );
}

#[test]
fn the_movers_box_at_an_offset_is_its_shapes_box_there_to_the_bit() {
    let mut rng = crate::test_rng::Mulberry32::new(3);
    let mut shapes = test_shapes();
    shapes.push(Shape::Point);
    for shape in &shapes {
        for _ in 0..200 {
            let (x, y) = (rng.range(-1e4, 1e4), rng.range(-1e4, 1e4));
            let start = Transform::from_xy_angle(x, y, rng.range(-7.0, 7.0));
            let mover = Mover {
                id: 0,
                shape,
                start,
                compound: None,
                scale: 1.0,
                box_half_extents: shape.aabb_half_extents(&start.rotation),
                one_way: crate::world::one_way::OneWay::new(None, 0.0),
                one_ways: false,
                mask: u32::MAX,
                walk: GroundTest {
                    up: Vec2::new(0.0, -1.0),
                    floor: 0.7,
                    stop_on_slope: false,
                    slide_on_steep: false,
                    constant_speed: false,
                },
                exclude: NO_EXCLUSION,
                stops: 0,
                bounces: 0,
            };
            let offset = Vec2::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0));
            let expected = shape.aabb(&mover.at(offset));
            let got = mover.box_at(offset);
            for (a, b) in [
                (got.min.x, expected.min.x),
                (got.min.y, expected.min.y),
                (got.max.x, expected.max.x),
                (got.max.y, expected.max.y),
            ] {
                assert_eq!(a.to_bits(), b.to_bits(), "{shape:?}");
            }
        }
    }
}

#[test]
fn default_options_are_valid_and_bad_ones_are_named() {
    MoveOptions::default().validate().unwrap();
    let bad = MoveOptions {
        max_slope: 4.0,
        ..MoveOptions::default()
    };
    assert!(bad
        .validate()
        .unwrap_err()
        .to_string()
        .starts_with("opts.maxSlope must be an angle from 0 to π radians (got 4"));
    assert_eq!(
        unit(Vec2::new(3e38, 3e38)),
        Vec2::new(1.0, 1.0).normalize_or_zero()
    );
    assert_eq!(unit(Vec2::new(1e-30, 0.0)), Vec2::new(1.0, 0.0));
}
