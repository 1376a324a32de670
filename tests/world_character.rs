//! The character options of `World::move_and_slide` over hundreds of frames, the way a
//! platformer runs them: move the character with its walk and a constant fall, step the
//! world, repeat. `y` grows downwards (a canvas): up is `(0, −1)`, gravity `+y`.
//!
//! The named cases of the issue: stairs up and down (autostep and snap), a ramp crest
//! (snap), a 60° wall (not climbed, slid down), a ceiling bump while jumping (the flags),
//! standing on a slope without creeping, platforms moving up, down, sideways and turning
//! carrying a rider for 600 frames; then a seeded property (every option on, random
//! worlds: a move never ends overlapping what it did not start overlapping) and hostile
//! options.

mod common;

use common::rng::Rng;
use common::{deepest, random_shape, touching_ids, Style};
use sepax::world::{MoveOptions, MoveResult, DEFAULT_SKIN};
use sepax::{Shape, ShapeKind, ShapeOptions, Transform, Vec2, World, WorldError};

const SKIN: f32 = DEFAULT_SKIN;
const UP: Vec2 = Vec2 { x: 0.0, y: -1.0 };

fn fixed() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

/// A static box from `(x0, top)` to `(x1, bottom)`.
fn block(world: &mut World, x0: f32, x1: f32, top: f32, bottom: f32) -> u32 {
    let shape = Shape::aligned_box(0.5 * (x1 - x0), 0.5 * (bottom - top)).unwrap();
    let (x, y) = (0.5 * (x0 + x1), 0.5 * (top + bottom));
    world.add(shape, x, y, 0.0, fixed()).unwrap()
}

/// A character half a unit wide and a unit tall standing on `y = top` at `x`.
fn character(world: &mut World, x: f32, top: f32) -> u32 {
    let shape = Shape::aligned_box(0.25, 0.5).unwrap();
    let id = world
        .add(shape, x, top - 0.5 - SKIN, 0.0, ShapeOptions::default())
        .unwrap();
    world.step().unwrap();
    id
}

/// One frame: move `id` by `delta`, check it overlaps nothing, step.
fn frame(world: &mut World, id: u32, delta: Vec2, options: &MoveOptions) -> MoveResult {
    let moved = world.move_and_slide(id, delta, options).unwrap();
    let depth = deepest(world, id);
    assert!(depth <= 1e-4, "overlaps by {depth} after {moved:?}");
    world.step().unwrap();
    moved
}

/// Six steps 0.3 high and 1 wide rising to the right from x = 3, then a landing 11 wide.
fn stairs(world: &mut World) {
    block(world, -20.0, 40.0, 0.0, 1.0);
    for k in 0..6 {
        let x0 = 3.0 + k as f32;
        let x1 = if k == 5 { 20.0 } else { x0 + 1.0 };
        block(world, x0, x1, -0.3 * (k + 1) as f32, 0.0);
    }
}

#[test]
fn stairs_up_and_down_with_autostep_and_snap() {
    let climbing = MoveOptions {
        max_step_height: 0.4,
        snap_distance: 0.5,
        ..MoveOptions::default()
    };
    // Up: the steps are climbed with a 0.4 step height, not with 0.2 or none.
    for (height, climbs) in [(0.0, false), (0.2, false), (0.4, true)] {
        let mut world = World::new();
        stairs(&mut world);
        let id = character(&mut world, 0.0, 0.0);
        let options = MoveOptions {
            max_step_height: height,
            ..climbing
        };
        let mut last = None;
        for _ in 0..150 {
            last = Some(frame(&mut world, id, Vec2::new(0.1, 0.2), &options));
        }
        let r = last.unwrap();
        let (x, y, _) = world.transform(id).unwrap();
        if climbs {
            assert!(x > 14.9 && (y - (-1.8 - 0.5 - SKIN)).abs() < 1e-3, "{r:?}");
            assert!(r.grounded && !r.wall, "{r:?}");
        } else {
            assert!(x < 3.0 && r.grounded && r.wall, "{height}: {r:?}");
        }
    }
    // Down: with snap the character stays on the ground on every frame; without, it flies
    // off each step's edge.
    for snap in [0.0, 0.5] {
        let mut world = World::new();
        stairs(&mut world);
        let id = character(&mut world, 12.0, -1.8);
        let options = MoveOptions {
            snap_distance: snap,
            ..climbing
        };
        let mut airborne = 0;
        for _ in 0..140 {
            airborne +=
                usize::from(!frame(&mut world, id, Vec2::new(-0.1, 0.2), &options).grounded);
        }
        let (x, y, _) = world.transform(id).unwrap();
        assert!(x < -1.9 && (y - (-0.5 - SKIN)).abs() < 1e-3, "{x}, {y}");
        if snap > 0.0 {
            assert_eq!(airborne, 0, "snapped");
        } else {
            assert!(airborne >= 6, "only {airborne} frames in the air");
        }
    }
}

#[test]
fn autostep_needs_min_step_width_of_room_on_the_step() {
    // A ledge 0.3 high and 0.3 wide against a tall wall: climbed without a width, not with
    // 0.5 of room asked.
    for (width, climbs) in [(0.0, true), (0.5, false)] {
        let mut world = World::new();
        block(&mut world, -20.0, 40.0, 0.0, 1.0);
        block(&mut world, 3.0, 3.3, -0.3, 0.0);
        block(&mut world, 3.3, 4.0, -10.0, 0.0);
        let id = character(&mut world, 0.0, 0.0);
        let options = MoveOptions {
            max_step_height: 0.4,
            min_step_width: width,
            ..MoveOptions::default()
        };
        for _ in 0..60 {
            frame(&mut world, id, Vec2::new(0.1, 0.2), &options);
        }
        let (_, y, _) = world.transform(id).unwrap();
        let on_ledge = (y - (-0.8 - SKIN)).abs() < 1e-3;
        assert_eq!(on_ledge, climbs, "width {width}: y {y}");
    }
}

/// A static plank 40 long whose top face passes through `(x, y)` at `degrees` (rising to
/// the right when positive), centred `along` further to the right along it.
fn ramp(world: &mut World, x: f32, y: f32, degrees: f32, along: f32) -> u32 {
    let a = degrees.to_radians();
    let (s, c) = a.sin_cos();
    let plank = Shape::oriented_box(20.0, 1.0).unwrap();
    let (cx, cy) = (x + c * along + s, y - s * along + c);
    world.add(plank, cx, cy, -a, fixed()).unwrap()
}

#[test]
fn a_ramp_crest_keeps_a_snapped_mover_on_the_ground() {
    // A plateau ending at x = 0, then a 30° ramp down: walking 0.3 a frame falls only 0.05,
    // so the plain move leaves the ground at the crest; the snapped one follows the ramp.
    for snap in [0.0, 0.4] {
        let mut world = World::new();
        block(&mut world, -20.0, 0.0, 0.0, 30.0);
        ramp(&mut world, 0.0, 0.0, -30.0, 20.0);
        let id = character(&mut world, -5.0, 0.0);
        let options = MoveOptions {
            snap_distance: snap,
            ..MoveOptions::default()
        };
        let mut airborne = 0;
        for _ in 0..50 {
            airborne +=
                usize::from(!frame(&mut world, id, Vec2::new(0.3, 0.05), &options).grounded);
        }
        let (x, _, _) = world.transform(id).unwrap();
        assert!(x > 5.0, "walked on: {x}");
        if snap > 0.0 {
            assert_eq!(airborne, 0);
        } else {
            assert!(airborne > 10, "only {airborne} frames in the air");
        }
    }
}

#[test]
fn a_sixty_degree_wall_is_not_climbed_and_is_slid_down() {
    // A fast walk into a 60° slope climbs it by the plain clip (the walk turned along the
    // slope); with `slide_on_steep` it is a wall: the mover never rises and the fall slides
    // it down the slope.
    for steep in [false, true] {
        let mut world = World::new();
        block(&mut world, -20.0, 0.0, 0.0, 1.0);
        let slope = ramp(&mut world, 0.0, 0.0, 60.0, 0.0);
        let id = world
            .add(
                Shape::circle(0.4).unwrap(),
                -3.0,
                -0.4 - SKIN,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        let options = MoveOptions {
            slide_on_steep: steep,
            ..MoveOptions::default()
        };
        let mut highest = f32::INFINITY;
        let mut last = None;
        for _ in 0..100 {
            last = Some(frame(&mut world, id, Vec2::new(0.5, 0.05), &options));
            highest = highest.min(world.transform(id).unwrap().1);
        }
        let r = last.unwrap();
        if steep {
            assert!(highest > -0.4 - 2.0 * SKIN, "rose to {highest}");
            assert!(r.wall && r.grounded, "{r:?}");
            assert_eq!(r.ground.unwrap().normal, UP);
        } else {
            assert!(highest < -5.0, "climbed only to {highest}");
        }
        // Against the slope alone (in the air), it is a wall, not ground, either way.
        world.set_transform(id, 0.0, -8.0, 0.0).unwrap();
        world.step().unwrap();
        let r = frame(&mut world, id, Vec2::new(6.0, 0.0), &options);
        assert!(
            r.wall && !r.grounded && !r.ceiling && r.ground.is_none(),
            "{r:?}"
        );
        assert_eq!(world.move_contacts()[0] as u32, slope);
    }
}

#[test]
fn a_ceiling_bump_while_jumping_sets_the_flags() {
    let mut world = World::new();
    let floor = block(&mut world, -20.0, 20.0, 0.0, 1.0);
    let ceiling = block(&mut world, -20.0, 20.0, -3.0, -2.0);
    let wall = block(&mut world, 5.0, 6.0, -2.0, 0.0);
    let id = character(&mut world, 0.0, 0.0);
    let options = MoveOptions::default();
    // Standing: grounded on the floor, its id and normal.
    let r = frame(&mut world, id, Vec2::new(0.0, 0.2), &options);
    assert!(r.grounded && !r.ceiling && !r.wall, "{r:?}");
    let ground = r.ground.unwrap();
    assert_eq!((ground.id, ground.normal), (floor, UP));
    assert_eq!(ground.cell, sepax::world::NO_CELL);
    // The jump meets the ceiling: stopped a skin below it, flagged, not grounded.
    let r = frame(&mut world, id, Vec2::new(0.5, -1.5), &options);
    assert!(
        r.ceiling && !r.grounded && !r.wall && r.ground.is_none(),
        "{r:?}"
    );
    assert!((r.position.y - (-2.0 + 0.5 + SKIN)).abs() < 1e-4, "{r:?}");
    assert!(
        (r.position.x - 0.5).abs() < 1e-5,
        "the jump's walk goes on: {r:?}"
    );
    assert_eq!(world.move_contacts()[0] as u32, ceiling);
    // Back down, walking into the wall: grounded and against a wall.
    let mut r = frame(&mut world, id, Vec2::new(0.0, 2.0), &options);
    for _ in 0..60 {
        r = frame(&mut world, id, Vec2::new(0.2, 0.2), &options);
    }
    assert!(r.grounded && r.wall && !r.ceiling, "{r:?}");
    assert_eq!(r.ground.unwrap().id, floor);
    assert!((r.position.x - (5.0 - 0.25 - SKIN)).abs() < 1e-4, "{r:?}");
    assert!(world
        .move_contacts()
        .chunks_exact(3)
        .any(|c| c[0] as u32 == wall));
}

#[test]
fn standing_on_a_slope_does_not_creep_with_stop_on_slope() {
    // A circle on a 30° slope under gravity alone: the plain clip slides it down; with
    // `stop_on_slope` it stays put, and walking uphill keeps the walk's speed across up
    // (or, with `constant_slope_speed`, the length of the motion).
    for stop in [false, true] {
        let mut world = World::new();
        ramp(&mut world, 0.0, 0.0, 30.0, 0.0);
        let id = world
            .add(
                Shape::circle(0.5).unwrap(),
                0.0,
                -0.6,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        let options = MoveOptions {
            stop_on_slope: stop,
            ..MoveOptions::default()
        };
        for _ in 0..10 {
            frame(&mut world, id, Vec2::new(0.0, 0.2), &options);
        }
        let (x0, _, _) = world.transform(id).unwrap();
        for _ in 0..100 {
            assert!(frame(&mut world, id, Vec2::new(0.0, 0.2), &options).grounded);
        }
        let (x1, _, _) = world.transform(id).unwrap();
        if stop {
            assert!((x1 - x0).abs() < 1e-3, "crept from {x0} to {x1}");
        } else {
            assert!(x1 < x0 - 3.0, "slid only from {x0} to {x1}");
        }
    }
    for constant in [false, true] {
        let mut world = World::new();
        ramp(&mut world, 0.0, 0.0, 30.0, 0.0);
        let id = world
            .add(
                Shape::circle(0.5).unwrap(),
                0.0,
                -0.6,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        let options = MoveOptions {
            stop_on_slope: true,
            constant_slope_speed: constant,
            ..MoveOptions::default()
        };
        for _ in 0..10 {
            frame(&mut world, id, Vec2::new(0.0, 0.2), &options);
        }
        let (x0, _, _) = world.transform(id).unwrap();
        for _ in 0..100 {
            assert!(frame(&mut world, id, Vec2::new(0.1, 0.2), &options).grounded);
        }
        let (x1, _, _) = world.transform(id).unwrap();
        let per_frame = (x1 - x0) / 100.0;
        let expected = if constant {
            0.1 * 30f32.to_radians().cos()
        } else {
            0.1
        };
        assert!(
            (per_frame - expected).abs() < 1e-3,
            "{constant}: {per_frame} a frame"
        );
    }
}

/// A platform 4 wide (not static: moved with `set_transform` each frame) at `pose(frame)`,
/// a character on it falling 0.2 a frame with `options`, for 600 frames. Checks on every
/// frame that the character overlaps nothing and (with `carry`) stands on the platform;
/// returns the frames it was not grounded and the largest drift of its position in the
/// platform's frame, across and along the platform's normal.
fn ride(pose: impl Fn(usize) -> (f32, f32, f32), options: &MoveOptions) -> (usize, Vec2) {
    let mut world = World::new();
    let (x, y, a) = pose(0);
    let plank = Shape::oriented_box(2.0, 0.25).unwrap();
    let platform = world.add(plank, x, y, a, ShapeOptions::default()).unwrap();
    let id = character(&mut world, x, y - 0.25);
    let local = |world: &World| {
        let (px, py, pa) = world.transform(platform).unwrap();
        let (cx, cy, _) = world.transform(id).unwrap();
        Transform::from_xy_angle(px, py, pa).apply_inv(Vec2::new(cx, cy))
    };
    let start = local(&world);
    let (mut airborne, mut drift) = (0, Vec2::ZERO);
    for f in 1..=600 {
        let (x, y, a) = pose(f);
        world.set_transform(platform, x, y, a).unwrap();
        let r = frame(&mut world, id, Vec2::new(0.0, 0.2), options);
        if r.grounded {
            assert_eq!(r.ground.unwrap().id, platform, "frame {f}: {r:?}");
        } else {
            airborne += 1;
        }
        let d = local(&world) - start;
        drift = Vec2::new(drift.x.max(d.x.abs()), drift.y.max(d.y.abs()));
    }
    (airborne, drift)
}

const CARRY: MoveOptions = MoveOptions {
    carry: true,
    stop_on_slope: true,
    max_iterations: 4,
    up: UP,
    max_slope: core::f32::consts::FRAC_PI_4,
    skin: SKIN,
    drop_through: false,
    mask: u32::MAX,
    max_step_height: 0.0,
    min_step_width: 0.0,
    snap_distance: 0.0,
    slide_on_steep: false,
    constant_slope_speed: false,
    cross_mask: 0,
    touch_mask: 0,
    bounce_mask: 0,
};

#[test]
fn a_platform_moving_up_and_down_carries_its_rider_for_600_frames() {
    // Up and down by 6 over 120 frames: 0.31 a frame at the fastest, faster than the fall.
    let bob = |f: usize| {
        (
            0.0,
            6.0 * (f as f32 * core::f32::consts::TAU / 120.0).sin(),
            0.0,
        )
    };
    let (airborne, drift) = ride(bob, &CARRY);
    assert_eq!(airborne, 0);
    assert!(drift.x.max(drift.y) < 1e-3, "drifted by {drift:?}");
    // Without the carry the platform leaves the rider behind going down.
    let (airborne, _) = ride(
        bob,
        &MoveOptions {
            carry: false,
            ..CARRY
        },
    );
    assert!(airborne > 100, "only {airborne} frames in the air");
}

#[test]
fn a_platform_moving_sideways_carries_its_rider_for_600_frames() {
    let sway = |f: usize| {
        (
            8.0 * (f as f32 * core::f32::consts::TAU / 200.0).sin(),
            0.0,
            0.0,
        )
    };
    let (airborne, drift) = ride(sway, &CARRY);
    assert_eq!(airborne, 0);
    assert!(drift.x.max(drift.y) < 1e-3, "drifted by {drift:?}");
    // Without the carry the platform slides away under the rider, which falls off.
    let (airborne, drift) = ride(
        sway,
        &MoveOptions {
            carry: false,
            ..CARRY
        },
    );
    assert!(
        airborne > 100 && drift.x > 2.0,
        "{airborne} frames in the air, {drift:?}"
    );
}

#[test]
fn a_turning_and_travelling_platform_carries_its_rider_for_600_frames() {
    // Tilting by up to 20° either way (within max slope) while moving in a circle.
    let turn = |f: usize| {
        let t = f as f32 * core::f32::consts::TAU / 300.0;
        let (s, c) = t.sin_cos();
        (5.0 * c, 3.0 * s, 20f32.to_radians() * (2.0 * t).sin())
    };
    let (airborne, drift) = ride(turn, &CARRY);
    assert_eq!(airborne, 0);
    // The character does not turn: on the tilted platform its lower corner bears, further
    // from the platform's middle line than its flat bottom, by at most this much; and the
    // lift along up (`stop_on_slope`) shifts it across by a fraction of that.
    let (s, c) = 20f32.to_radians().sin_cos();
    let corner = 0.25 * s + 0.5 * c - 0.5;
    assert!(
        drift.y < corner + 1e-3 && drift.x < 0.2 * corner,
        "drifted by {drift:?}"
    );
}

#[test]
fn character_moves_never_end_overlapping_what_they_did_not_start_overlapping() {
    // Seeded random worlds of every kind, half of them static; before each move some
    // shapes are moved (platforms for the carry), then a random shape moves with random
    // character options. What it touches afterwards it touched before the move (or was
    // carried onto by the shape that moved it is not a concern: the carry is a slide too).
    let mut rng = Rng::new(0x5EED_0030);
    let (mut moves, mut stepped, mut snapped) = (0, 0, 0);
    for scene in 0..300 {
        let mut world = World::new();
        let mut ids = Vec::new();
        for k in 0..50 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let grid = scene % 3 == 2;
            let style = if grid { Style::Grid } else { Style::Generic };
            let shape = random_shape(&mut rng, kind, style, 2.0);
            let p = rng.vec(16.0);
            let angle = if grid { 0.0 } else { rng.angle() };
            let options = ShapeOptions {
                is_static: rng.chance(0.5),
                ..ShapeOptions::default()
            };
            ids.push(world.add(shape, p.x, p.y, angle, options).unwrap());
        }
        world.step().unwrap();
        for frame in 0..20 {
            for _ in 0..3 {
                let other = ids[rng.int(0, ids.len() as i64 - 1) as usize];
                let (x, y, a) = world.transform(other).unwrap();
                let d = rng.vec(0.5);
                world.set_transform(other, x + d.x, y + d.y, a).unwrap();
            }
            let id = ids[rng.int(0, ids.len() as i64 - 1) as usize];
            let started = touching_ids(&world, id);
            let delta = rng.vec(if frame % 3 == 0 { 10.0 } else { 2.0 });
            let options = MoveOptions {
                max_iterations: rng.int(1, 8) as u32,
                max_slope: rng.range(0.2, 1.4) as f32,
                max_step_height: if rng.chance(0.5) {
                    rng.range(0.0, 1.0) as f32
                } else {
                    0.0
                },
                min_step_width: rng.range(0.0, 0.5) as f32,
                snap_distance: if rng.chance(0.5) {
                    rng.range(0.0, 1.0) as f32
                } else {
                    0.0
                },
                stop_on_slope: rng.chance(0.5),
                slide_on_steep: rng.chance(0.5),
                constant_slope_speed: rng.chance(0.5),
                carry: rng.chance(0.5),
                ..MoveOptions::default()
            };
            let before = world.transform(id).unwrap();
            let moved = world.move_and_slide(id, delta, &options).unwrap();
            moves += 1;
            let plain = before.1 + delta.y;
            stepped +=
                usize::from(options.max_step_height > 0.0 && moved.position.y < plain - 0.05);
            snapped += usize::from(options.snap_distance > 0.0 && moved.position.y > plain + 0.05);
            for other in touching_ids(&world, id) {
                assert!(
                    started.contains(&other),
                    "scene {scene} frame {frame}: {id} moved by {delta:?} from {before:?} with \
                     {options:?} to {moved:?} now touches {other}; started touching {started:?}"
                );
            }
            world.step().unwrap();
            world.validate().unwrap();
        }
    }
    // The options must really act for the property to mean anything.
    assert!(
        stepped > moves / 50 && snapped > moves / 50,
        "{stepped}, {snapped} of {moves}"
    );
}

#[test]
fn hostile_character_options_are_named_and_change_nothing() {
    let mut world = World::new();
    block(&mut world, -5.0, 5.0, 0.0, 1.0);
    let id = character(&mut world, 0.0, 0.0);
    world
        .move_and_slide(id, Vec2::new(0.0, 1.0), &MoveOptions::default())
        .unwrap();
    let transform = world.transform(id).unwrap();
    let contacts = world.move_contacts().to_vec();
    let ok = MoveOptions::default();
    let cases = [
        (
            MoveOptions {
                max_step_height: -0.1,
                ..ok
            },
            "opts.maxStepHeight",
        ),
        (
            MoveOptions {
                max_step_height: f32::NAN,
                ..ok
            },
            "opts.maxStepHeight",
        ),
        (
            MoveOptions {
                min_step_width: f32::INFINITY,
                ..ok
            },
            "opts.minStepWidth",
        ),
        (
            MoveOptions {
                min_step_width: -1.0,
                ..ok
            },
            "opts.minStepWidth",
        ),
        (
            MoveOptions {
                snap_distance: 2e7,
                ..ok
            },
            "opts.snapDistance",
        ),
        (
            MoveOptions {
                snap_distance: f32::NAN,
                ..ok
            },
            "opts.snapDistance",
        ),
    ];
    for (options, arg) in cases {
        let err = world
            .move_and_slide(id, Vec2::new(1.0, 1.0), &options)
            .unwrap_err();
        assert!(matches!(err, WorldError::InvalidValue { .. }), "{err:?}");
        assert!(err.to_string().starts_with(arg), "{arg}: {err}");
        assert_eq!(world.transform(id).unwrap(), transform);
        assert_eq!(world.move_contacts(), &contacts[..]);
        world.validate().unwrap();
    }
    // Enormous but valid options: the move is as the plain one, bounded by the world.
    let huge = MoveOptions {
        max_step_height: 1e7,
        min_step_width: 1e7,
        snap_distance: 1e7,
        carry: true,
        stop_on_slope: true,
        slide_on_steep: true,
        constant_slope_speed: true,
        ..ok
    };
    let r = world
        .move_and_slide(id, Vec2::new(0.5, 1.0), &huge)
        .unwrap();
    assert!(r.grounded && (r.position.x - 0.5).abs() < 1e-4, "{r:?}");
    assert!(touching_ids(&world, id).is_empty());
    world.step().unwrap();
    world.validate().unwrap();
}

#[test]
fn snapping_walks_over_the_crest_of_a_ramp_of_slope_tiles() {
    // The platformer recipe's level: 16-pixel cells, a floor, a 45° ramp of slope tiles up
    // to a plateau four cells high, walked at 2 a frame under a gravity of 0.5 a frame.
    use sepax::shape::tiles::{Cells, TileDef, TileTable};
    let (cols, rows, cell) = (40u32, 12u32, 16.0f32);
    let slope = TileDef::Solid {
        outline: Some(vec![
            Vec2::new(0.0, cell),
            Vec2::new(cell, cell),
            Vec2::new(cell, 0.0),
        ]),
        one_way: None,
    };
    let mut cells = vec![0u8; (cols * rows) as usize];
    let at = |col: u32, row: u32| (row * cols + col) as usize;
    for col in 0..cols {
        cells[at(col, rows - 1)] = 1;
    }
    for col in 10..14 {
        let top = rows - 2 - (col - 10);
        cells[at(col, top)] = 2;
        for row in top + 1..rows - 1 {
            cells[at(col, row)] = 1;
        }
    }
    for col in 14..18 {
        for row in 7..rows - 1 {
            cells[at(col, row)] = 1;
        }
    }
    for snap in [0.0, 6.0] {
        let mut world = World::new();
        let table = TileTable::new(vec![(1, TileDef::SOLID), (2, slope.clone())]).unwrap();
        let tiles = world.define_tiles(table).unwrap();
        let size = Vec2::new(cell, cell);
        let cells = Cells::Narrow(cells.clone());
        world
            .add_tile_grid(0.0, 0.0, cols, rows, size, cells, Some(tiles), fixed())
            .unwrap();
        let shape = Shape::upright_capsule(6.0, 5.0).unwrap();
        let id = world
            .add(
                shape,
                32.0,
                176.0 - 11.0 - SKIN,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        let options = MoveOptions {
            max_slope: 1.0,
            snap_distance: snap,
            ..MoveOptions::default()
        };
        let mut vy = 0.0;
        for _ in 0..300 {
            vy += 0.5;
            let moved = world
                .move_and_slide(id, Vec2::new(2.0, vy), &options)
                .unwrap();
            world.step().unwrap();
            if moved.grounded {
                vy = 0.0;
            }
        }
        let (x, y, _) = world.transform(id).unwrap();
        assert!(x > 280.0, "snap {snap}: stopped at ({x}, {y})");
    }
}
