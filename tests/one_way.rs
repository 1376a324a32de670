//! One-way shapes and tiles, as named cases: jumping up through a platform at 1, 5 and 20
//! units a frame and landing on top without a pop-up, standing on it, walking off it,
//! dropping through it, a pass that turns back inside it, a one-way slope tile and a row of
//! one-way tiles, rays, casts and sweeps from both sides, and what the step reports.
//!
//! y grows downwards in this file, as on a canvas: up is `(0, −1)`.

mod common;

use sepax::math::Vec2;
use sepax::shape::tiles::{Cells, TileDef, TileTable};
use sepax::world::{MoveOptions, WorldError};
use sepax::{Shape, ShapeOptions, Transform, World};

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

const UP: Vec2 = Vec2::new(0.0, -1.0);

/// A world with solid ground whose top is at y = 10 (id 0) and a one-way platform from
/// x = -5 to 5 whose top is at y = 0 and bottom at y = 0.5 (id 1).
fn platform_world() -> World {
    let mut world = World::new();
    world
        .add(
            Shape::aligned_box(100.0, 1.0).unwrap(),
            0.0,
            11.0,
            0.0,
            fixed(),
        )
        .unwrap();
    let platform = world
        .add(
            Shape::aligned_box(5.0, 0.25).unwrap(),
            0.0,
            0.25,
            0.0,
            fixed(),
        )
        .unwrap();
    world.set_one_way(platform, Some(UP)).unwrap();
    world.step().unwrap();
    world
}

/// The characters: a standing capsule and a box, with the offset from their position to
/// their lowest point.
fn characters() -> Vec<(&'static str, Shape, f32, f32)> {
    vec![
        ("capsule", Shape::capsule(0.4, 0.3).unwrap(), 1.5707964, 0.7),
        ("box", Shape::aligned_box(0.3, 0.6).unwrap(), 0.0, 0.6),
    ]
}

/// Moves `id` by `delta` and returns how far it went along up beyond what was asked (a
/// pop-up is a positive value).
fn popped(world: &mut World, id: u32, delta: Vec2, options: &MoveOptions) -> f32 {
    let (_, y0, _) = world.transform(id).unwrap();
    let r = world.move_and_slide(id, delta, options).unwrap();
    world.step().unwrap();
    let moved_up = -(r.position.y - y0);
    moved_up - (-delta.y).max(0.0)
}

#[test]
fn a_jump_up_through_a_platform_lands_on_top_without_a_pop_up_at_1_5_and_20_units_a_frame() {
    for speed in [1.0f32, 5.0, 20.0] {
        for (name, shape, angle, foot) in characters() {
            let mut world = platform_world();
            // Standing on the ground under the platform.
            let id = world
                .add(shape.clone(), 0.0, 10.0 - foot - 0.01, angle, moving())
                .unwrap();
            world.step().unwrap();
            let options = MoveOptions::default();
            let (mut vy, gravity) = (-speed, speed * speed / 24.0);
            let mut landed = None;
            for frame in 0..400 {
                let pop = popped(&mut world, id, v(0.0, vy), &options);
                assert!(
                    pop <= 2.0 * options.skin + 1e-4,
                    "{name} at {speed}: popped {pop} at frame {frame}"
                );
                let (_, y, _) = world.transform(id).unwrap();
                vy += gravity;
                if vy > 0.0 && (y + foot - 0.0).abs() < 0.02 {
                    landed = Some(frame);
                    break;
                }
            }
            // Rose 12 units above the platform's top at least, fell back onto it.
            assert!(
                landed.is_some(),
                "{name} at {speed}: never landed on the platform"
            );
            let (_, y, _) = world.transform(id).unwrap();
            assert!(
                (y + foot + options.skin).abs() < 2e-3,
                "{name} at {speed}: rests at {y}"
            );
            // Standing on it: gravity every frame, it stays, grounded.
            for frame in 0..60 {
                let r = world.move_and_slide(id, v(0.0, 0.5), &options).unwrap();
                world.step().unwrap();
                assert!(r.grounded, "{name} at {speed}, frame {frame}");
                assert!(
                    (r.position.y - y).abs() < 1e-4,
                    "{name} at {speed}: sank to {}",
                    r.position.y
                );
            }
            // The step reports the pair while it stands there (a trigger needs it).
            world.set_transform(id, 0.0, y + 0.02, angle).unwrap();
            world.step().unwrap();
            assert!(
                world.pairs().chunks_exact(2).any(|p| p == [1, id]),
                "{name}"
            );
        }
    }
}

#[test]
fn a_pass_that_turns_back_inside_the_platform_falls_through_it() {
    for (name, shape, angle, foot) in characters() {
        let mut world = platform_world();
        let id = world
            .add(shape.clone(), 0.0, 10.0 - foot - 0.01, angle, moving())
            .unwrap();
        world.step().unwrap();
        // Up just far enough for the feet to end 0.2 below the platform's top: inside it.
        let rise = (10.0 - 0.01) - 0.2;
        let options = MoveOptions::default();
        assert!(popped(&mut world, id, v(0.0, -rise), &options) <= 1e-4);
        let (_, y, _) = world.transform(id).unwrap();
        assert!((y + foot - 0.2).abs() < 1e-3, "{name}: {y}");
        // Falling from inside: it keeps passing, whatever the speed, down to the ground.
        for frame in 0..40 {
            assert!(
                popped(&mut world, id, v(0.0, 0.05 + 0.02 * frame as f32), &options) <= 1e-4,
                "{name} {frame}"
            );
        }
        let (_, y, _) = world.transform(id).unwrap();
        assert!(
            (y + foot - (10.0 - options.skin)).abs() < 2e-3,
            "{name}: on the ground at {y}"
        );
    }
}

#[test]
fn walking_off_the_platform_falls_and_dropping_through_it_passes() {
    for (name, shape, angle, foot) in characters() {
        let mut world = platform_world();
        let options = MoveOptions::default();
        let start = -foot - options.skin;
        let id = world
            .add(shape.clone(), 3.0, start, angle, moving())
            .unwrap();
        world.step().unwrap();
        // Walking right with gravity: along the top, then off the edge at x = 5.
        let mut fell = false;
        for _ in 0..40 {
            let r = world.move_and_slide(id, v(0.2, 0.3), &options).unwrap();
            world.step().unwrap();
            if r.position.x < 5.0 {
                assert!(
                    (r.position.y - start).abs() < 1e-3,
                    "{name} sank at x = {}",
                    r.position.x
                );
            }
            fell |= r.position.y > 1.0;
        }
        assert!(fell, "{name} never fell off");
        // Back on top, then drop through on purpose: one move with drop_through, then plain
        // gravity carries it through (it overlaps the platform) to the ground.
        world.set_transform(id, 0.0, start, angle).unwrap();
        world.step().unwrap();
        let drop = MoveOptions {
            drop_through: true,
            ..options
        };
        let r = world.move_and_slide(id, v(0.0, 0.3), &drop).unwrap();
        world.step().unwrap();
        assert!((r.position.y - (start + 0.3)).abs() < 1e-4, "{name}: {r:?}");
        for _ in 0..60 {
            world.move_and_slide(id, v(0.0, 0.3), &options).unwrap();
            world.step().unwrap();
        }
        let (_, y, _) = world.transform(id).unwrap();
        assert!(
            (y + foot - (10.0 - options.skin)).abs() < 2e-3,
            "{name}: on the ground at {y}"
        );
    }
}

#[test]
fn rays_casts_and_sweeps_pass_from_below_and_stop_from_above() {
    let mut world = platform_world();
    // On layer 2, so that the casts below (mask 1) do not meet it.
    let layer_2 = ShapeOptions {
        layer: 2,
        ..moving()
    };
    let bullet = world
        .add(Shape::circle(0.1).unwrap(), 0.0, 5.0, 0.0, layer_2)
        .unwrap();
    world.step().unwrap();
    // Every path below meets the platform's top within its width.
    for x in [-4.0f32, -1.3, 0.0, 2.2, 4.2] {
        // Rays: up from below passes (to nothing); down from above hits the top.
        assert!(world
            .raycast(v(x, 5.0), v(0.1, -1.0), 20.0, 1)
            .unwrap()
            .is_none());
        let hit = world
            .raycast(v(x, -5.0), v(0.1, 1.0), 20.0, u32::MAX)
            .unwrap()
            .unwrap();
        assert_eq!((hit.id, hit.hit.normal), (1, UP));
        // From inside, either way: nothing (the origin is below the surface).
        assert!(world
            .raycast(v(x, 0.3), v(0.0, 1.0), 5.0, 1)
            .unwrap()
            .is_none());
        // A sideways ray at the platform's height passes its side.
        assert!(world
            .raycast(v(-20.0, 0.2), v(1.0, 0.0), 40.0, 1)
            .unwrap()
            .is_none());
        for shape in [
            Shape::circle(0.3).unwrap(),
            Shape::oriented_box(0.3, 0.2).unwrap(),
        ] {
            let up = world
                .cast_shape(&shape, x, 5.0, 0.4, v(0.5, -10.0), 1)
                .unwrap();
            assert!(up.is_none(), "{up:?}");
            let down = world
                .cast_shape(&shape, x, -5.0, 0.4, v(0.5, 10.0), u32::MAX)
                .unwrap()
                .unwrap();
            assert_eq!((down.id, down.hit.normal), (1, UP));
            // Starting on the top (within rounding) still stands on it.
            let b = shape.aabb(&Transform::from_xy_angle(0.0, 0.0, 0.4));
            let on = world
                .cast_shape(&shape, x, -b.max.y, 0.4, v(0.0, 1.0), 1)
                .unwrap()
                .unwrap();
            assert_eq!((on.id, on.hit.t), (1, 0.0));
        }
        // Sweeps of the world's own bullet.
        world.set_transform(bullet, x, 5.0, 0.0).unwrap();
        world.sweep(&[bullet], &[0.0, -10.0], 1).unwrap();
        assert_eq!(world.cast_results().ids[0], u32::MAX);
        world.set_transform(bullet, x, -5.0, 0.0).unwrap();
        world.sweep(&[bullet], &[0.0, 10.0], u32::MAX).unwrap();
        assert_eq!(world.cast_results().ids[0], 1);
    }
}

/// A grid of one-way tiles: a row of 100 one-way full cells at row 2 (top at y = 2), and a
/// one-way slope (value 3, rising to the right) before them; cells of side 1.
fn one_way_tiles() -> (World, u32) {
    let mut world = World::new();
    let slope = vec![v(0.0, 1.0), v(1.0, 1.0), v(1.0, 0.0)];
    let table = TileTable::new(vec![
        (
            2,
            TileDef::Solid {
                outline: None,
                one_way: Some(UP),
            },
        ),
        (
            3,
            TileDef::Solid {
                outline: Some(slope),
                one_way: Some(UP),
            },
        ),
    ])
    .unwrap();
    let t = world.define_tiles(table).unwrap();
    let (cols, rows) = (120u32, 6u32);
    let mut cells = vec![0u8; (cols * rows) as usize];
    for col in 10..110 {
        cells[(2 * cols + col) as usize] = 2;
    }
    cells[(2 * cols + 9) as usize] = 3;
    // Solid ground at row 5.
    for col in 0..cols {
        cells[(5 * cols + col) as usize] = 1;
    }
    let grid = world
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
    world.step().unwrap();
    (world, grid)
}

#[test]
fn a_row_of_one_way_tiles_is_one_surface_landed_on_and_walked_without_catching() {
    for (name, shape, angle, foot) in characters() {
        let (mut world, grid) = one_way_tiles();
        // From the ground (y = 5), jump up through the row and come down on it.
        let id = world
            .add(shape.clone(), 30.3, 5.0 - foot - 0.01, angle, moving())
            .unwrap();
        world.step().unwrap();
        let options = MoveOptions::default();
        let mut vy = -1.2f32;
        for frame in 0..80 {
            assert!(
                popped(&mut world, id, v(0.0, vy), &options) <= 2.0 * options.skin + 1e-4,
                "{name} {frame}"
            );
            vy = (vy + 0.1).min(0.8);
        }
        let (_, y, _) = world.transform(id).unwrap();
        assert!(
            (y + foot - (2.0 - options.skin)).abs() < 2e-3,
            "{name}: rests at {y}"
        );
        // Walk along the row over 60 cells: never caught, always on the surface's normal.
        for _ in 0..200 {
            let (x, _, _) = world.transform(id).unwrap();
            let r = world.move_and_slide(id, v(0.3, 0.2), &options).unwrap();
            world.step().unwrap();
            assert!(
                (r.position.x - (x + 0.3)).abs() < 1e-3,
                "{name} caught at x = {x}"
            );
            assert!(r.grounded);
            for c in world.move_contacts().chunks_exact(3) {
                assert_eq!(
                    (c[0], c[1], c[2]),
                    (grid as f32, 0.0, -1.0),
                    "{name} at x = {x}"
                );
            }
            if r.position.x > 100.0 {
                break;
            }
        }
    }
}

#[test]
fn a_one_way_slope_tile_is_landed_on_and_passed_from_below() {
    let (mut world, _) = one_way_tiles();
    let ball = Shape::circle(0.2).unwrap();
    // The slope of cell (9, 2) runs from (9, 3) up to (10, 2): falling onto its middle stops
    // on the slope's normal, rising into it from below passes.
    let down = world
        .cast_shape(&ball, 9.5, 0.0, 0.0, v(0.0, 4.0), u32::MAX)
        .unwrap()
        .unwrap();
    let n = down.hit.normal;
    assert!(
        (n - v(-1.0, -1.0) * core::f32::consts::FRAC_1_SQRT_2).length() < 1e-5,
        "{n:?}"
    );
    let up = world
        .cast_shape(&ball, 9.5, 4.5, 0.0, v(0.0, -4.3), u32::MAX)
        .unwrap();
    assert!(up.is_none(), "{up:?}");
    // A character walking up the slope from the left stays on it and goes on onto the row.
    let id = world
        .add(Shape::circle(0.3).unwrap(), 8.0, 2.0, 0.0, moving())
        .unwrap();
    world.step().unwrap();
    // Just above the slope near its foot (a circle on a 45° slope has its centre r√2 above
    // the slope's point under it).
    world
        .set_transform(
            id,
            9.1,
            3.0 - 0.1 - 0.3 * core::f32::consts::SQRT_2 - 0.02,
            0.0,
        )
        .unwrap();
    world.step().unwrap();
    let options = MoveOptions::default();
    for _ in 0..80 {
        world.move_and_slide(id, v(0.2, 0.1), &options).unwrap();
        world.step().unwrap();
    }
    let (x, y, _) = world.transform(id).unwrap();
    assert!(x > 12.0, "walked up and on: {x}");
    assert!(
        (y - (2.0 - 0.3 - options.skin)).abs() < 2e-3,
        "on the row at {y}"
    );
}

#[test]
fn set_one_way_checks_its_direction_and_removal_forgets_it() {
    let mut world = platform_world();
    let text = |e: WorldError| e.to_string();
    assert_eq!(
        text(world.set_one_way(1, Some(Vec2::ZERO)).unwrap_err()),
        "oneWay must be a finite non-zero vector (got 0)"
    );
    assert!(world.set_one_way(1, Some(v(f32::NAN, 1.0))).is_err());
    assert!(world.set_one_way(7, Some(UP)).is_err());
    assert_eq!(world.one_way(1), Ok(Some(UP)));
    world.set_one_way(1, Some(v(0.0, -3.0))).unwrap();
    assert_eq!(world.one_way(1), Ok(Some(UP)), "scaled to unit length");
    world.set_one_way(1, None).unwrap();
    assert_eq!(world.one_way(1), Ok(None));
    let hit = world
        .raycast(v(0.0, 5.0), UP, 20.0, u32::MAX)
        .unwrap()
        .unwrap();
    assert_eq!(hit.id, 1, "solid from below again");
    world.set_one_way(1, Some(UP)).unwrap();
    world.remove(1).unwrap();
    let again = world
        .add(
            Shape::aligned_box(5.0, 0.25).unwrap(),
            0.0,
            0.25,
            0.0,
            fixed(),
        )
        .unwrap();
    assert_eq!(again, 1);
    assert_eq!(
        world.one_way(1),
        Ok(None),
        "a new shape under the id is not one-way"
    );
    world.validate().unwrap();
}
