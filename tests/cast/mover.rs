//! Move and slide built from the pure pieces, the way the world will run it (the recipe of
//! the `sepax::cast::mover` docs), on a floor of separate tiles ending at a wall: the mover
//! walks across the seams without catching, never comes near overlapping, stops at the
//! wall and then holds still, bit for bit, frame after frame.

use sepax::cast::{cast_shape_with_margin, clip_vector, solve_planes, CastHit, Plane, MAX_PLANES};
use sepax::{Shape, Transform, Vec2};

/// The distance the mover keeps from surfaces at rest.
const SKIN: f32 = 1e-3;
/// The margin its casts stop at: less than the skin, so that a mover resting at the skin
/// moves along a floor without meeting it again.
const MARGIN: f32 = 0.6 * SKIN;

/// One frame: up to four rounds of cast (with the margin), move to the hit, clip the rest
/// against the planes met so far; then push the whole displacement out to the skin.
fn move_and_slide(mover: &Shape, pose: &mut Transform, wanted: Vec2, world: &[(Shape, Transform)]) {
    let mut planes = [Plane {
        normal: Vec2::Y,
        offset: 0.0,
    }; MAX_PLANES];
    let mut sources = [usize::MAX; MAX_PLANES];
    let mut count = 0;
    let mut moved = Vec2::ZERO;
    let mut remaining = wanted;
    for _ in 0..4 {
        if remaining == Vec2::ZERO {
            break;
        }
        let at = Transform {
            translation: pose.translation + moved,
            rotation: pose.rotation,
        };
        let mut first: Option<(usize, CastHit)> = None;
        for (i, (shape, tf)) in world.iter().enumerate() {
            let Some(hit) = cast_shape_with_margin(mover, &at, remaining, shape, tf, MARGIN) else {
                continue;
            };
            // Not approaching: along this path the distance can only grow.
            if hit.normal.dot(remaining) >= 0.0 {
                continue;
            }
            // Starting within the margin of a surface met this frame: its plane already
            // clipped the motion.
            if hit.t == 0.0 && sources[..count].contains(&i) {
                continue;
            }
            if first.map_or(true, |(_, f)| hit.t < f.t) {
                first = Some((i, hit));
            }
        }
        let Some((i, hit)) = first else {
            moved += remaining;
            break;
        };
        moved += remaining * hit.t;
        if count < MAX_PLANES {
            // Here the mover is MARGIN from the surface; the skin asks for SKIN.
            planes[count] = Plane {
                normal: hit.normal,
                offset: hit.normal.dot(moved) + (SKIN - MARGIN),
            };
            sources[count] = i;
            count += 1;
        }
        remaining = clip_vector(remaining * (1.0 - hit.t), &planes[..count]);
    }
    pose.translation += solve_planes(moved, &planes[..count], 20).delta;
}

/// Ten unit tiles side by side (top at y = 0, seams at every integer x), built as
/// different kinds, and a wall whose face is at x = 8.
fn level() -> Vec<(Shape, Transform)> {
    let mut world = Vec::new();
    for i in 0..10 {
        let x = i as f32 + 0.5;
        let tile = match i % 3 {
            0 => Shape::aligned_box(0.5, 0.5).unwrap(),
            1 => Shape::oriented_box(0.5, 0.5).unwrap(),
            _ => Shape::polygon(&[
                Vec2::new(-0.5, -0.5),
                Vec2::new(0.5, -0.5),
                Vec2::new(0.5, 0.5),
                Vec2::new(-0.5, 0.5),
            ])
            .unwrap(),
        };
        world.push((tile, Transform::from_xy_angle(x, -0.5, 0.0)));
    }
    world.push((
        Shape::aligned_box(0.5, 5.0).unwrap(),
        Transform::from_xy_angle(8.5, 5.0, 0.0),
    ));
    world
}

#[test]
fn a_character_walks_over_tile_seams_into_a_wall_and_holds_still() {
    let world = level();
    for (mover, half_width, bottom) in [
        (Shape::aligned_box(0.25, 0.5).unwrap(), 0.25, 0.5),
        (Shape::capsule(0.3, 0.25).unwrap(), 0.25, 0.55),
    ] {
        // A capsule standing up: its core along y.
        let angle = if matches!(mover, Shape::Capsule { .. }) {
            core::f32::consts::FRAC_PI_2
        } else {
            0.0
        };
        let mut pose = Transform::from_xy_angle(0.6, 2.0, angle);
        let walk = Vec2::new(0.05, -0.3);
        let mut still = Vec::new();
        for frame in 0..400 {
            let before = pose.translation;
            move_and_slide(&mover, &mut pose, walk, &world);
            // Clear of everything by more than a fifth of the skin.
            for (shape, tf) in &world {
                assert!(
                    cast_shape_with_margin(&mover, &pose, Vec2::ZERO, shape, tf, 0.2 * SKIN)
                        .is_none(),
                    "frame {frame}: {mover:?} within {} of {shape:?} at {pose:?}",
                    0.2 * SKIN
                );
            }
            let standing = (pose.translation.y - (bottom + SKIN)).abs() < 1e-5;
            let blocked = pose.translation.x + half_width > 8.0 - 2.0 * SKIN;
            if frame > 10 && !blocked {
                // On the floor and away from the wall, every frame walks its full step:
                // no seam holds it back.
                assert!(standing, "frame {frame}: not standing at {pose:?}");
                assert!(
                    (pose.translation.x - before.x - walk.x).abs() < 1e-5,
                    "frame {frame}: stepped {:?} from {before:?}",
                    pose.translation - before
                );
            }
            if frame >= 300 {
                still.push(pose.translation);
            }
        }
        let rest = still[0];
        assert!(
            still.iter().all(|&p| p == rest),
            "jitter at the wall: {still:?}"
        );
        assert!(
            (rest.x + half_width - (8.0 - SKIN)).abs() < 1e-5,
            "{mover:?} stopped at {rest:?}"
        );
        assert!((rest.y - (bottom + SKIN)).abs() < 1e-5, "{rest:?}");
    }
}
