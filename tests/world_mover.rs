//! `World::move_and_slide` over hundreds of frames, the way a game runs it: move the
//! character, step the world, repeat. Levels are drawn with `y` growing downwards (a
//! canvas), so up is the default `(0, −1)` and gravity is `+y`.
//!
//! The cases of the issue: a corner of two walls holds the mover still to the bit; a floor
//! of separate tiles (aligned boxes, oriented boxes at angle 0, square polygons) never
//! catches a box, capsule or circle at a seam; a move never ends overlapping a shape it did
//! not start overlapping (seeded random worlds); a mover that starts overlapping is pushed
//! out first; grounded on floors and slopes; the layer filter; hostile input.

mod common;

use common::rng::{Mulberry32, Rng};
use common::{random_shape, touching, Style};
use sepax::world::{MoveOptions, MoveResult, DEFAULT_SKIN};
use sepax::{collide, Shape, ShapeKind, ShapeOptions, Transform, Vec2, World, WorldError};

const SKIN: f32 = DEFAULT_SKIN;

fn fixed() -> ShapeOptions {
    ShapeOptions {
        is_static: true,
        ..ShapeOptions::default()
    }
}

/// The three movers of the issue, each with its half width and half height, and the angle
/// it is added at (a capsule stands up: its core along y).
fn movers(scale: f32) -> Vec<(Shape, f32, f32, f32)> {
    vec![
        (
            Shape::aligned_box(0.25 * scale, 0.5 * scale).unwrap(),
            0.25 * scale,
            0.5 * scale,
            0.0,
        ),
        (
            Shape::capsule(0.3 * scale, 0.25 * scale).unwrap(),
            0.25 * scale,
            0.55 * scale,
            core::f32::consts::FRAC_PI_2,
        ),
        (
            Shape::circle(0.4 * scale).unwrap(),
            0.4 * scale,
            0.4 * scale,
            0.0,
        ),
    ]
}

/// A unit tile of one of three kinds (all the same square).
fn tile(i: usize, size: f32) -> Shape {
    let h = 0.5 * size;
    match i % 3 {
        0 => Shape::aligned_box(h, h).unwrap(),
        1 => Shape::oriented_box(h, h).unwrap(),
        _ => Shape::polygon(&[
            Vec2::new(-h, -h),
            Vec2::new(h, -h),
            Vec2::new(h, h),
            Vec2::new(-h, h),
        ])
        .unwrap(),
    }
}

/// `count` tiles of side `size` whose tops are at y = 0, from x = 0.
fn tile_floor(world: &mut World, count: usize, size: f32) -> Vec<u32> {
    (0..count)
        .map(|i| {
            let x = (i as f32 + 0.5) * size;
            world
                .add(tile(i, size), x, 0.5 * size, 0.0, fixed())
                .unwrap()
        })
        .collect()
}

fn contacts(world: &World) -> Vec<(u32, Vec2)> {
    world
        .move_contacts()
        .chunks_exact(3)
        .map(|c| (c[0] as u32, Vec2::new(c[1], c[2])))
        .collect()
}

#[test]
fn corner_of_two_walls_stops_without_jitter() {
    // Two corners: a floor meeting a wall, and a V of two oriented boxes turned ±40°.
    for corner in 0..2 {
        for (shape, _, _, angle) in movers(1.0) {
            let mut world = World::new();
            if corner == 0 {
                tile_floor(&mut world, 12, 1.0);
                let wall = Shape::aligned_box(0.5, 5.0).unwrap();
                world.add(wall, 8.5, -5.0, 0.0, fixed()).unwrap();
            } else {
                let plank = || Shape::oriented_box(4.0, 0.5).unwrap();
                let a = 40f32.to_radians();
                // Each plank descends towards the middle (y grows downwards).
                world.add(plank(), -3.0, 2.5, a, fixed()).unwrap();
                world.add(plank(), 3.0, 2.5, -a, fixed()).unwrap();
            }
            let id = world
                .add(shape.clone(), 2.0, -3.0, angle, ShapeOptions::default())
                .unwrap();
            world.step().unwrap();
            let push = Vec2::new(0.2, 0.3);
            let mut rest = Vec::new();
            for frame in 0..300 {
                let moved = world
                    .move_and_slide(id, push, &MoveOptions::default())
                    .unwrap();
                world.step().unwrap();
                world.validate().unwrap();
                assert!(
                    touching(&world, id).is_empty(),
                    "corner {corner}, {shape:?}, frame {frame}: touches {:?}",
                    touching(&world, id)
                );
                if frame >= 200 {
                    rest.push(moved.position);
                    assert!(moved.grounded, "corner {corner} {shape:?}: not grounded");
                }
            }
            assert!(
                rest.iter().all(|&p| p == rest[0]),
                "corner {corner}, {shape:?}: jitter at rest: {:?}",
                &rest[..4]
            );
            // Resting in the corner, a skin from both walls: the box pushed right has its
            // right side at 8 − skin in the first corner.
            if corner == 0 && matches!(shape, Shape::AlignedBox { .. }) {
                assert!(
                    (rest[0].x - (8.0 - SKIN - 0.25)).abs() < 1e-4,
                    "{:?}",
                    rest[0]
                );
                assert!((rest[0].y - (-SKIN - 0.5)).abs() < 1e-4, "{:?}", rest[0]);
            }
        }
    }
}

/// Walks every mover over a long tile floor with gravity, at two scales (unit tiles, and
/// 32-pixel tiles 5,000 units from the origin, where the skin is raised to cover the
/// rounding): once landed, every frame moves exactly the wanted
/// horizontal step, the height never changes, and the only contacts are the floor's.
fn walk_over_tiles(which: usize) {
    for (scale, origin) in [(1.0f32, 0.0f32), (32.0, 5000.0)] {
        let (shape, half_width, half_height, angle) = movers(scale).swap_remove(which);
        // Around x = 5,000 the skin is raised to 64 roundings of 8,192 (the mover's
        // distance from the origin, rounded up to a power of two).
        let skin = if origin > 0.0 {
            64.0 * f32::EPSILON * 8192.0
        } else {
            SKIN
        };
        let mut world = World::new();
        let count = 45;
        let floor = tile_floor(&mut world, count, scale);
        // Shift the whole level to `origin`.
        for &t in &floor {
            let (x, y, a) = world.transform(t).unwrap();
            world.set_transform(t, x + origin, y, a).unwrap();
        }
        let id = world
            .add(
                shape.clone(),
                origin + 0.6 * scale,
                -2.0 * scale,
                angle,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        let walk = Vec2::new(0.07 * scale, 0.3 * scale);
        let mut standing_y = None;
        let mut grounded_frames = 0;
        for frame in 0..700 {
            let (before, _, _) = world.transform(id).unwrap();
            let moved = world
                .move_and_slide(id, walk, &MoveOptions::default())
                .unwrap();
            world.step().unwrap();
            assert!(touching(&world, id).is_empty(), "frame {frame}");
            if moved.position.x + half_width > origin + (count as f32 - 1.0) * scale {
                break;
            }
            let Some(y) = standing_y else {
                grounded_frames += usize::from(moved.grounded);
                // Landed and settled: from here on the height must not change at all.
                if grounded_frames == 3 {
                    standing_y = Some(moved.position.y);
                    assert!(
                        (moved.position.y + half_height + skin).abs() < 1e-3 * scale,
                        "{shape:?} landed at {:?}",
                        moved.position
                    );
                }
                continue;
            };
            assert!(
                moved.grounded,
                "{shape:?} scale {scale}, frame {frame}: not grounded"
            );
            let step = moved.position.x - before;
            assert!(
                (step - walk.x).abs() <= 2.0 * f32::EPSILON * moved.position.x.abs().max(1.0),
                "{shape:?} scale {scale}, frame {frame}: stepped {step} at {:?} (seam caught it)",
                moved.position
            );
            assert_eq!(
                moved.position.y, y,
                "{shape:?} frame {frame}: height changed"
            );
            for (other, normal) in contacts(&world) {
                assert!(
                    floor.contains(&other) && (normal - Vec2::new(0.0, -1.0)).length() < 1e-4,
                    "{shape:?} scale {scale}, frame {frame}: contact {other} {normal:?} at {:?}",
                    moved.position
                );
            }
        }
        assert!(standing_y.is_some(), "{shape:?} never landed");
        let (x, _, _) = world.transform(id).unwrap();
        assert!(
            x > origin + (count as f32 - 2.0) * scale,
            "{shape:?} only reached {x}"
        );
    }
}

#[test]
fn tile_floor_box_mover_never_catches_on_a_seam() {
    walk_over_tiles(0);
}

#[test]
fn tile_floor_capsule_mover_never_catches_on_a_seam() {
    walk_over_tiles(1);
}

#[test]
fn tile_floor_circle_mover_never_catches_on_a_seam() {
    walk_over_tiles(2);
}

#[test]
fn never_ends_overlapping_a_shape_it_did_not_start_overlapping() {
    let mut rng = Rng::new(0x5EED_0017);
    let mut moves = 0;
    let mut blocked = 0;
    for scene in 0..1000 {
        let mut world = World::new();
        let mut ids = Vec::new();
        for k in 0..60 {
            let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
            let style = if scene % 4 == 3 {
                Style::Grid
            } else {
                Style::Generic
            };
            let shape = random_shape(&mut rng, kind, style, 2.0);
            let p = rng.vec(20.0);
            let angle = if style == Style::Grid {
                0.0
            } else {
                rng.angle()
            };
            let options = ShapeOptions {
                is_static: rng.chance(0.5),
                ..ShapeOptions::default()
            };
            ids.push(world.add(shape, p.x, p.y, angle, options).unwrap());
        }
        world.step().unwrap();
        for frame in 0..30 {
            let id = ids[rng.int(0, ids.len() as i64 - 1) as usize];
            let started: Vec<u32> = touching(&world, id).iter().map(|&(o, _)| o).collect();
            let delta = rng.vec(if frame % 3 == 0 { 40.0 } else { 4.0 });
            let options = MoveOptions {
                max_iterations: rng.int(1, 8) as u32,
                ..MoveOptions::default()
            };
            let (before, moved, cut_short) = move_by(&mut world, id, delta, &options);
            moves += 1;
            blocked += usize::from(cut_short);
            let now = touching(&world, id).into_iter().map(|(other, _)| other);
            let what =
                format!("scene {scene} frame {frame}: {id} moved by {delta:?} from {before:?}");
            assert_started_in(&started, now, &what, moved.position);
            world.step().unwrap();
            world.validate().unwrap();
        }
    }
    assert_blocked(blocked, moves);
}

/// Asserts that every shape in `now` is in `started`: a move ended touching nothing it did
/// not start touching.
fn assert_started_in(started: &[u32], now: impl IntoIterator<Item = u32>, what: &str, at: Vec2) {
    for other in now {
        assert!(
            started.contains(&other),
            "{what} to {at:?} and now touches {other}; started touching {started:?}"
        );
    }
}

/// The scenes must really block moves for the checks to mean anything.
fn assert_blocked(blocked: usize, moves: usize) {
    assert!(
        blocked > moves / 4,
        "only {blocked} of {moves} moves blocked"
    );
}

/// Moves `id` by `delta`: its transform before, the result, and whether the move came out
/// shorter than asked (by more than `1e-3`).
fn move_by(
    world: &mut World,
    id: u32,
    delta: Vec2,
    options: &MoveOptions,
) -> ((f32, f32, f32), MoveResult, bool) {
    let before = world.transform(id).unwrap();
    let moved = world.move_and_slide(id, delta, options).unwrap();
    let wanted = Vec2::new(before.0 + delta.x, before.1 + delta.y);
    (before, moved, (moved.position - wanted).length() > 1e-3)
}

/// The shapes a convex mover `id` overlaps or touches where it is now, among the others as
/// the last step saw them (the world's exact query: through a concave polygon's parts and
/// a chain's segments).
fn overlapped(world: &mut World, id: u32) -> Vec<u32> {
    let (x, y, a) = world.transform(id).unwrap();
    let shape = world.shape(id).unwrap().clone();
    let mut out = Vec::new();
    world
        .query_shape(&shape, x, y, a, u32::MAX, &mut out)
        .unwrap();
    out.retain(|&o| o != id);
    out
}

#[test]
fn never_ends_overlapping_concave_polygons_or_chains_it_did_not_start_overlapping() {
    // The same property among concave polygons (each part gives its own planes, which the
    // mover's plane rule may use to skip casts) and chains (whose smoothed segments it may
    // not), with convex shapes between them.
    let mut rng = Rng::new(0xC0_17CA5E);
    let mut outline_rng = Mulberry32::new(17);
    let (mut moves, mut blocked) = (0, 0);
    // Contacts with concave polygons (ids 0, 6, 12, 18) and with chains (3, 9, 15, 21).
    let mut met = [0usize; 2];
    for scene in 0..300 {
        let mut world = World::new();
        let mut movers = Vec::new();
        for k in 0..24 {
            let p = rng.vec(16.0);
            let options = ShapeOptions {
                is_static: rng.chance(0.5),
                ..ShapeOptions::default()
            };
            if k % 6 == 0 {
                let n = 6 + (k / 6) * 3;
                let outline = common::outlines::radial(&mut outline_rng, n, 3.0);
                let concave = sepax::ConcavePolygon::new(&outline).unwrap();
                world
                    .add_concave(concave, p.x, p.y, rng.angle(), options)
                    .unwrap();
            } else if k % 6 == 3 {
                let count = 4 + k % 4;
                let points: Vec<Vec2> = (0..count)
                    .map(|i| Vec2::new(i as f32 * 2.0 - count as f32, rng.range(-1.5, 1.5) as f32))
                    .collect();
                let chain = sepax::shape::Chain::new(&points, false).unwrap();
                world
                    .add_chain(chain, p.x, p.y, rng.angle(), options)
                    .unwrap();
            } else {
                let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
                let shape = random_shape(&mut rng, kind, Style::Generic, 2.0);
                movers.push(world.add(shape, p.x, p.y, rng.angle(), options).unwrap());
            }
        }
        world.step().unwrap();
        for frame in 0..30 {
            let id = movers[rng.int(0, movers.len() as i64 - 1) as usize];
            let started = overlapped(&mut world, id);
            let delta = rng.vec(if frame % 3 == 0 { 30.0 } else { 3.0 });
            let (before, moved, cut_short) =
                move_by(&mut world, id, delta, &MoveOptions::default());
            moves += 1;
            blocked += usize::from(cut_short);
            for &other in world.move_contacts().iter().step_by(3) {
                match other as usize % 6 {
                    0 => met[0] += 1,
                    3 => met[1] += 1,
                    _ => {}
                }
            }
            let what =
                format!("scene {scene} frame {frame}: {id} moved by {delta:?} from {before:?}");
            assert_started_in(&started, overlapped(&mut world, id), &what, moved.position);
            world.step().unwrap();
            world.validate().unwrap();
        }
    }
    assert_blocked(blocked, moves);
    assert!(
        met[0] > 300 && met[1] > 300,
        "contacts with concave polygons {}, with chains {}",
        met[0],
        met[1]
    );
}

/// The shapes the step just found `id` touching (exact for every kind, concave polygons
/// and chains included; a static `id` is not paired with other statics).
fn paired_with(world: &World, id: u32) -> Vec<u32> {
    world
        .pairs()
        .chunks_exact(2)
        .filter_map(|p| match (p[0] == id, p[1] == id) {
            (true, _) => Some(p[1]),
            (_, true) => Some(p[0]),
            _ => None,
        })
        .collect()
}

#[test]
fn concave_and_chain_movers_never_end_overlapping_what_they_did_not_start_overlapping() {
    // Movers of every kind, concave polygons and open chains included (each of their
    // pieces is cast and pushed out on its own), among the same mix, all moving (so that
    // the step pairs every two of them). What a mover touches is read from the step's
    // pairs, which are exact for every kind.
    let mut rng = Rng::new(0x00C0_4CA7);
    let mut outline_rng = Mulberry32::new(29);
    let (mut moves, mut blocked) = (0, 0);
    for scene in 0..150 {
        let mut world = World::new();
        let mut ids = Vec::new();
        for k in 0..20 {
            let p = rng.vec(14.0);
            let o = ShapeOptions::default();
            let id = match k % 5 {
                0 => {
                    let outline = common::outlines::radial(&mut outline_rng, 6 + k % 7, 2.5);
                    let concave = sepax::ConcavePolygon::new(&outline).unwrap();
                    world
                        .add_concave(concave, p.x, p.y, rng.angle(), o)
                        .unwrap()
                }
                1 => {
                    let points: Vec<Vec2> = (0..3 + k % 4)
                        .map(|i| Vec2::new(1.5 * i as f32, rng.range(-1.0, 1.0) as f32))
                        .collect();
                    let chain = sepax::shape::Chain::new(&points, false).unwrap();
                    world.add_chain(chain, p.x, p.y, rng.angle(), o).unwrap()
                }
                _ => {
                    let kind = ShapeKind::ALL[k % ShapeKind::ALL.len()];
                    let shape = random_shape(&mut rng, kind, Style::Generic, 2.0);
                    world.add(shape, p.x, p.y, rng.angle(), o).unwrap()
                }
            };
            ids.push(id);
        }
        world.step().unwrap();
        for frame in 0..30 {
            // A concave polygon or a chain every other move, any shape otherwise. (Before
            // each piece of the mover gave planes of its own, a concave mover whose parts
            // started within the margin of one shape along different normals kept only one
            // part's, and scene 137 ended with another part 0.02 inside that shape.)
            let pick = rng.int(0, ids.len() as i64 - 1) as usize;
            let id = if frame % 2 == 0 {
                ids[pick - pick % 5 + (frame / 2) % 2]
            } else {
                ids[pick]
            };
            let started = paired_with(&world, id);
            let delta = rng.vec(if frame % 3 == 0 { 20.0 } else { 3.0 });
            let (before, moved, cut_short) =
                move_by(&mut world, id, delta, &MoveOptions::default());
            moves += 1;
            blocked += usize::from(cut_short);
            world.step().unwrap();
            world.validate().unwrap();
            let what = format!(
                "scene {scene} frame {frame}: {id} moved by {delta:?} from {before:?} (contacts \
                 of the move {:?})",
                world.move_contacts()
            );
            assert_started_in(&started, paired_with(&world, id), &what, moved.position);
        }
    }
    assert_blocked(blocked, moves);
}

#[test]
fn starting_overlap_pushes_out_first() {
    let mut world = World::new();
    tile_floor(&mut world, 10, 1.0);
    // A box sunk 0.3 into one tile, and one sunk 0.1 across the seam of two tiles.
    for (x, y) in [(3.5, -0.2), (3.0, -0.4)] {
        let id = world
            .add(
                Shape::aligned_box(0.25, 0.5).unwrap(),
                x,
                y,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        world.step().unwrap();
        assert!(!touching(&world, id).is_empty());
        let moved = world
            .move_and_slide(id, Vec2::new(0.5, 0.0), &MoveOptions::default())
            .unwrap();
        assert!(touching(&world, id).is_empty(), "{moved:?}");
        assert!((moved.position.y - (-0.5 - SKIN)).abs() < 1e-4, "{moved:?}");
        assert!((moved.position.x - (x + 0.5)).abs() < 1e-4, "{moved:?}");
        assert!(moved.grounded);
        assert!(contacts(&world)
            .iter()
            .all(|&(_, n)| (n - Vec2::new(0.0, -1.0)).length() < 1e-5));
        world.remove(id).unwrap();
    }

    // Sunk into a floor with a ceiling just above: the push out may not carry it into the
    // ceiling, which it did not start in.
    let mut world = World::new();
    tile_floor(&mut world, 10, 1.0);
    let ceiling = world
        .add(
            Shape::aligned_box(5.0, 0.5).unwrap(),
            5.0,
            -1.5,
            0.0,
            fixed(),
        )
        .unwrap();
    let id = world
        .add(
            Shape::aligned_box(0.25, 0.5).unwrap(),
            3.0,
            -0.4,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    for frame in 0..20 {
        let moved = world
            .move_and_slide(id, Vec2::new(0.0, 0.0), &MoveOptions::default())
            .unwrap();
        world.step().unwrap();
        let now: Vec<u32> = touching(&world, id).iter().map(|t| t.0).collect();
        assert!(!now.contains(&ceiling), "frame {frame}: {moved:?} {now:?}");
    }
    // The gap is 1 for a mover 1 tall: it ends between, not overlapping either.
    let (_, y, _) = world.transform(id).unwrap();
    assert!((y + 0.5).abs() <= 2.0 * SKIN, "{y}");
}

/// A slope of `degrees` rising to the right under the mover, as one big oriented box.
fn slope_world(degrees: f32) -> (World, u32, u32) {
    let mut world = World::new();
    let a = degrees.to_radians();
    // A plank whose top face passes through the origin, turned so that it rises to the
    // right (towards −y).
    let plank = Shape::oriented_box(20.0, 1.0).unwrap();
    let (s, c) = a.sin_cos();
    let centre = Vec2::new(-s, c); // one unit below the top face's middle
    let slope = world.add(plank, centre.x, centre.y, -a, fixed()).unwrap();
    let id = world
        .add(
            Shape::circle(0.5).unwrap(),
            0.0,
            -3.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    (world, slope, id)
}

#[test]
fn grounded_on_a_flat_floor_and_on_slopes_within_max_slope() {
    let mut world = World::new();
    tile_floor(&mut world, 10, 1.0);
    let id = world
        .add(
            Shape::circle(0.5).unwrap(),
            3.0,
            -3.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    let fall = |world: &mut World, options: &MoveOptions| -> MoveResult {
        let mut last = None;
        for _ in 0..30 {
            last = Some(
                world
                    .move_and_slide(id, Vec2::new(0.0, 0.5), options)
                    .unwrap(),
            );
            world.step().unwrap();
        }
        last.unwrap()
    };
    assert!(fall(&mut world, &MoveOptions::default()).grounded);
    // In mid-air: not grounded.
    world.set_transform(id, 3.0, -3.0, 0.0).unwrap();
    world.step().unwrap();
    let moved = world
        .move_and_slide(id, Vec2::new(0.0, 0.5), &MoveOptions::default())
        .unwrap();
    assert!(!moved.grounded && moved.contact_count == 0, "{moved:?}");
    // With up pointing the other way (a y-up world), the floor is a ceiling.
    let y_up = MoveOptions {
        up: Vec2::new(0.0, 1.0),
        ..MoveOptions::default()
    };
    let moved = fall(&mut world, &y_up);
    assert!(!moved.grounded && moved.contact_count > 0, "{moved:?}");

    for (degrees, grounded) in [(20.0, true), (40.0, true), (50.0, false), (70.0, false)] {
        let (mut world, slope, id) = slope_world(degrees);
        let mut last = None;
        for _ in 0..40 {
            last = Some(
                world
                    .move_and_slide(id, Vec2::new(0.0, 0.5), &MoveOptions::default())
                    .unwrap(),
            );
            world.step().unwrap();
            assert!(touching(&world, id).is_empty());
        }
        let moved = last.unwrap();
        assert_eq!(moved.grounded, grounded, "{degrees}°: {moved:?}");
        let (other, normal) = contacts(&world)[0];
        assert_eq!(other, slope);
        let angle = normal.dot(Vec2::new(0.0, -1.0)).acos().to_degrees();
        assert!(
            (angle - degrees).abs() < 0.01,
            "{degrees}°: normal {normal:?}"
        );
        // A steeper max slope accepts it.
        let steep = MoveOptions {
            max_slope: 80f32.to_radians(),
            ..MoveOptions::default()
        };
        let moved = world
            .move_and_slide(id, Vec2::new(0.0, 0.5), &steep)
            .unwrap();
        assert!(moved.grounded, "{degrees}° with an 80° max slope");
    }
}

#[test]
fn layers_and_masks_filter_what_the_mover_meets() {
    let wall = Shape::aligned_box(0.5, 5.0).unwrap();
    let mover = Shape::circle(0.5).unwrap();
    // (wall layer, wall mask, mover layer, mover mask, the move's mask, blocked)
    let cases = [
        (1, u32::MAX, 1, u32::MAX, u32::MAX, true),
        (2, u32::MAX, 1, !2, u32::MAX, false),
        (2, !1, 1, u32::MAX, u32::MAX, false),
        (2, 1, 1, 2, u32::MAX, true),
        // The move's mask: a coin layer left out of it is passed through, a start overlap
        // with it too (no push out).
        (4, u32::MAX, 1, u32::MAX, !4, false),
        (4, u32::MAX, 1, u32::MAX, 4, true),
        (4, u32::MAX, 1, u32::MAX, 0, false),
    ];
    for (wall_layer, wall_mask, layer, mask, move_mask, blocked) in cases {
        let mut world = World::new();
        let options = ShapeOptions {
            layer: wall_layer,
            mask: wall_mask,
            is_static: true,
        };
        world.add(wall.clone(), 5.0, 0.0, 0.0, options).unwrap();
        let options = ShapeOptions {
            layer,
            mask,
            is_static: false,
        };
        let id = world.add(mover.clone(), 0.0, 0.0, 0.0, options).unwrap();
        world.step().unwrap();
        let options = MoveOptions {
            mask: move_mask,
            ..MoveOptions::default()
        };
        let moved = world
            .move_and_slide(id, Vec2::new(10.0, 0.0), &options)
            .unwrap();
        if blocked {
            assert!((moved.position.x - (4.0 - SKIN)).abs() < 1e-4, "{moved:?}");
            assert_eq!(moved.contact_count, 1);
        } else {
            assert_eq!(moved.position, Vec2::new(10.0, 0.0));
            assert_eq!(moved.contact_count, 0);
        }
    }
}

#[test]
fn sees_others_where_they_are_now() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let wall = world
        .add(Shape::aligned_box(0.5, 5.0).unwrap(), 5.0, 0.0, 0.0, o)
        .unwrap();
    let id = world
        .add(Shape::circle(0.5).unwrap(), 0.0, 0.0, 0.0, o)
        .unwrap();
    world.step().unwrap();
    // Moved away since the step: not met where the step saw it.
    world.set_transform(wall, 50.0, 0.0, 0.0).unwrap();
    let moved = world
        .move_and_slide(id, Vec2::new(10.0, 0.0), &MoveOptions::default())
        .unwrap();
    assert_eq!(moved.position, Vec2::new(10.0, 0.0));
    // A shape added since the last step is met at once.
    world.set_transform(id, 0.0, 0.0, 0.0).unwrap();
    let added = world
        .add(Shape::aligned_box(0.5, 5.0).unwrap(), 3.0, 0.0, 0.0, o)
        .unwrap();
    let moved = world
        .move_and_slide(id, Vec2::new(10.0, 0.0), &MoveOptions::default())
        .unwrap();
    assert!((moved.position.x - (2.0 - SKIN)).abs() < 1e-4);
    assert_eq!(contacts(&world)[0].0, added);
    // A mover moved earlier in the same frame is met where its move left it.
    let other = world
        .add(Shape::circle(0.5).unwrap(), 0.0, 10.0, 0.0, o)
        .unwrap();
    world.step().unwrap();
    world
        .move_and_slide(other, Vec2::new(-10.0, 0.0), &MoveOptions::default())
        .unwrap();
    world.set_transform(id, -10.0, 0.0, 0.0).unwrap();
    let moved = world
        .move_and_slide(id, Vec2::new(0.0, 20.0), &MoveOptions::default())
        .unwrap();
    assert!((moved.position.y - (9.0 - SKIN)).abs() < 1e-4, "{moved:?}");
    assert_eq!(contacts(&world)[0].0, other);
    // The written transforms are picked up by the next step: a skin apart, no pair.
    world.step().unwrap();
    world.validate().unwrap();
    assert!(world.pairs().is_empty());
}

#[test]
fn hostile_input_changes_nothing() {
    let mut world = World::new();
    tile_floor(&mut world, 4, 1.0);
    let id = world
        .add(
            Shape::circle(0.5).unwrap(),
            1.0,
            -2.0,
            0.0,
            ShapeOptions::default(),
        )
        .unwrap();
    world.step().unwrap();
    world
        .move_and_slide(id, Vec2::new(0.0, 5.0), &MoveOptions::default())
        .unwrap();
    let transform = world.transform(id).unwrap();
    let contacts_before = world.move_contacts().to_vec();
    let ok = MoveOptions::default();
    let with = |f: fn(&mut MoveOptions)| {
        let mut o = ok;
        f(&mut o);
        o
    };
    let nan = f32::NAN;
    let cases: Vec<(u32, Vec2, MoveOptions, &str)> = vec![
        (99, Vec2::ZERO, ok, "id"),
        (id, Vec2::new(nan, 0.0), ok, "dx"),
        (id, Vec2::new(0.0, f32::INFINITY), ok, "dy"),
        (id, Vec2::new(f32::MAX, 0.0), ok, "x + dx"),
        (id, Vec2::new(0.0, -2e7), ok, "y + dy"),
        (
            id,
            Vec2::ZERO,
            with(|o| o.max_iterations = 0),
            "opts.maxIterations",
        ),
        (
            id,
            Vec2::ZERO,
            with(|o| o.max_iterations = 17),
            "opts.maxIterations",
        ),
        (
            id,
            Vec2::ZERO,
            with(|o| o.up = Vec2::new(f32::NAN, 1.0)),
            "opts.upX",
        ),
        (
            id,
            Vec2::ZERO,
            with(|o| o.up = Vec2::ZERO),
            "opts.upX, opts.upY",
        ),
        (
            id,
            Vec2::ZERO,
            with(|o| o.max_slope = f32::NAN),
            "opts.maxSlope",
        ),
        (
            id,
            Vec2::ZERO,
            with(|o| o.max_slope = -0.1),
            "opts.maxSlope",
        ),
        (id, Vec2::ZERO, with(|o| o.max_slope = 4.0), "opts.maxSlope"),
        (id, Vec2::ZERO, with(|o| o.skin = -1.0), "opts.skin"),
        (
            id,
            Vec2::ZERO,
            with(|o| o.skin = f32::INFINITY),
            "opts.skin",
        ),
    ];
    for (which, delta, options, arg) in cases {
        let err = world.move_and_slide(which, delta, &options).unwrap_err();
        let message = err.to_string();
        assert!(message.starts_with(arg), "{arg}: {message}");
        assert_eq!(world.transform(id).unwrap(), transform);
        assert_eq!(world.move_contacts(), &contacts_before[..]);
        world.validate().unwrap();
    }
    // A transform written through the columns that is not finite is named too.
    world.xs_mut()[id as usize] = nan;
    let err = world
        .move_and_slide(id, Vec2::ZERO, &MoveOptions::default())
        .unwrap_err();
    assert_eq!(
        err,
        WorldError::NonFinite {
            arg: format!("x of shape {id}")
        }
    );
    world.xs_mut()[id as usize] = transform.0;
    // Enormous but valid moves stop at the first wall; zero moves stay.
    let moved = world
        .move_and_slide(id, Vec2::new(9.9e6, 0.0), &MoveOptions::default())
        .unwrap();
    assert!(moved.position.x > 9.8e6 && moved.position.y == transform.1);
    let here = world.transform(id).unwrap();
    let moved = world
        .move_and_slide(id, Vec2::ZERO, &MoveOptions::default())
        .unwrap();
    assert_eq!((moved.position.x, moved.position.y), (here.0, here.1));
    world.step().unwrap();
    world.validate().unwrap();
}

#[test]
fn many_movers_are_deterministic() {
    // The same frames twice give the same positions to the bit, whatever the row order.
    let run = |reorder: u32| {
        let mut world = World::new();
        world.set_reorder_interval(reorder);
        tile_floor(&mut world, 40, 1.0);
        let mut rng = Mulberry32::new(11);
        let ids: Vec<u32> = (0..30)
            .map(|i| {
                let shape = movers(1.0).swap_remove(i % 3);
                world
                    .add(
                        shape.0,
                        1.0 + i as f32 * 1.2,
                        -1.0 - rng.f32() * 3.0,
                        shape.3,
                        ShapeOptions::default(),
                    )
                    .unwrap()
            })
            .collect();
        world.step().unwrap();
        let mut out = Vec::new();
        for frame in 0..200 {
            for (k, &id) in ids.iter().enumerate() {
                let walk = if (frame / 50 + k) % 2 == 0 { 0.1 } else { -0.1 };
                let moved = world
                    .move_and_slide(id, Vec2::new(walk, 0.3), &MoveOptions::default())
                    .unwrap();
                out.push(moved.position);
            }
            world.step().unwrap();
        }
        out
    };
    let a = run(32);
    assert_eq!(a, run(32));
    assert_eq!(a, run(0), "the row order changed a position");
}

#[test]
fn an_upright_capsule_stands_exactly_vertical() {
    // An upright capsule is vertical to the bit: it touches a point on its side exactly at
    // its radius, and rests on a floor with its side a skin from a wall, the same whether
    // the floor is under its middle or its end. A capsule along x turned by π/2 as an `f32`
    // leans by 4.4e-8 radians: its side misses the point by rounding.
    let upright = Shape::upright_capsule(1.0, 0.5).unwrap();
    let point = Transform::from_xy_angle(0.5, 1.0, 0.0);
    let at = Transform::from_xy_angle(0.0, 0.0, 0.0);
    let c = collide(&upright, &at, &Shape::point(), &point).expect("touches exactly");
    assert_eq!((c.normal, c.depth), (Vec2::new(1.0, 0.0), 0.0));
    let turned = Shape::capsule(1.0, 0.5).unwrap();
    let leaning = Transform::from_xy_angle(0.0, 0.0, core::f32::consts::FRAC_PI_2);
    let far_end = Transform::from_xy_angle(0.5, -1.0, 0.0);
    let side_gaps = [&point, &far_end].map(|p| collide(&turned, &leaning, &Shape::point(), p));
    assert!(
        side_gaps.iter().any(Option::is_none),
        "the turned capsule leans"
    );
    let b = upright.aabb(&at);
    assert_eq!((b.min, b.max), (Vec2::new(-0.5, -1.5), Vec2::new(0.5, 1.5)));

    let mut world = World::new();
    tile_floor(&mut world, 10, 1.0);
    let id = world
        .add(upright.clone(), 2.0, -3.0, 0.0, ShapeOptions::default())
        .unwrap();
    world.step().unwrap();
    let moved = world
        .move_and_slide(id, Vec2::new(0.0, 5.0), &MoveOptions::default())
        .unwrap();
    assert!(moved.grounded);
    assert_eq!(moved.position.x, 2.0);
    assert!((moved.position.y - (-1.5 - SKIN)).abs() < 1e-5, "{moved:?}");
    // Every contact is the floor's straight up: no lean to push it sideways.
    for (_, n) in contacts(&world) {
        assert_eq!(n, Vec2::new(0.0, -1.0));
    }
    world.step().unwrap();
    world.validate().unwrap();
}
