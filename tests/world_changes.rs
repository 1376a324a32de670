//! Queries see the world as it is (`world::changes`): a shape added, removed or moved
//! since the last step is seen at once by every query, ray, cast, sweep and move, with the
//! answers a step would have given, and a refresh is not a step.
//!
//! The oracle: random sequences of adds, removes, moves (setters, batches, moves of
//! characters, writes through the columns followed by `refresh`), queries and steps, on
//! worlds with statics, concave polygons, chains and idle shapes that rest. Every query is
//! compared bit for bit with the same query on a **twin**: a copy of the world that steps
//! first. A second world, the **control**, makes the same changes and steps without ever
//! being queried: its pairs, contacts, started, ended and resting shapes must equal the
//! queried world's at every step. Snapshots taken between a query and a step restore to a
//! world that answers alike.

mod common;

use common::rng::Rng;
use common::{random_shape, Style};
use sepax::shape::Chain;
use sepax::world::MoveOptions;
use sepax::{ConcavePolygon, Shape, ShapeKind, ShapeOptions, Vec2, World};

const EXTENT: f64 = 80.0;

fn any_shape(rng: &mut Rng) -> Shape {
    let kind = ShapeKind::ALL[rng.int(0, 6) as usize];
    let size = rng.range(0.5, 3.0);
    random_shape(rng, kind, Style::Generic, size)
}

fn place(rng: &mut Rng) -> (f32, f32, f32) {
    (
        rng.range(0.0, EXTENT) as f32,
        rng.range(0.0, EXTENT) as f32,
        if rng.chance(0.5) { 0.0 } else { rng.angle() },
    )
}

fn options(rng: &mut Rng, is_static: bool) -> ShapeOptions {
    ShapeOptions {
        layer: 1 << rng.int(0, 2),
        mask: if rng.chance(0.8) { u32::MAX } else { 0b101 },
        is_static,
    }
}

/// Adds a random shape (sometimes a concave polygon or a chain) to both worlds.
fn add_random(rng: &mut Rng, worlds: [&mut World; 2]) -> u32 {
    let is_static = rng.chance(0.3);
    let o = options(rng, is_static);
    let (x, y, a) = place(rng);
    let pick = rng.int(0, 9);
    let mut ids = [0; 2];
    for (k, world) in worlds.into_iter().enumerate() {
        ids[k] = match pick {
            0 => {
                let u = [(0.0, 0.0), (1.0, 0.0), (1.0, 3.0), (3.0, 3.0), (3.0, 0.0)];
                let mut points: Vec<Vec2> = u.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
                points.extend([
                    Vec2::new(4.0, 0.0),
                    Vec2::new(4.0, 4.0),
                    Vec2::new(0.0, 4.0),
                ]);
                let concave = ConcavePolygon::new(&points).unwrap();
                world.add_concave(concave, x, y, a, o).unwrap()
            }
            1 => {
                let points: Vec<Vec2> = (0..6)
                    .map(|i| Vec2::new(i as f32 * 2.0, if i % 2 == 0 { 0.0 } else { 1.0 }))
                    .collect();
                let chain = Chain::new(&points, false).unwrap();
                world.add_chain(chain, x, y, a, o).unwrap()
            }
            _ => {
                // Same draws for both worlds: a clone of the generator.
                let mut r = rng.clone();
                world.add(any_shape(&mut r), x, y, a, o).unwrap()
            }
        };
    }
    if pick >= 2 {
        any_shape(rng);
    }
    assert_eq!(ids[0], ids[1]);
    ids[0]
}

/// Everything a query answers, as bits.
fn bits(values: &[f32]) -> Vec<u32> {
    values.iter().map(|v| v.to_bits()).collect()
}

/// Runs one random query on `world` and on a twin that steps first, and compares them.
/// Returns how many hits it saw (so that the test can tell it found things).
fn query_both(rng: &mut Rng, world: &mut World, movers: &[u32], what: &str) -> usize {
    let mut twin = world.clone();
    twin.step().unwrap();
    let p = Vec2::new(
        rng.range(-5.0, EXTENT + 5.0) as f32,
        rng.range(-5.0, EXTENT + 5.0) as f32,
    );
    let mask = if rng.chance(0.7) { u32::MAX } else { 0b011 };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let hits = match rng.int(0, 7) {
        0 => {
            world.query_point(p, mask, &mut a).unwrap();
            twin.query_point(p, mask, &mut b).unwrap();
            a.len()
        }
        1 => {
            let q = p + Vec2::new(rng.range(0.0, 20.0) as f32, rng.range(0.0, 20.0) as f32);
            world.query_aabb(p, q, mask, &mut a).unwrap();
            twin.query_aabb(p, q, mask, &mut b).unwrap();
            a.len()
        }
        2 => {
            let probe = any_shape(rng);
            let angle = rng.angle();
            world
                .query_shape(&probe, p.x, p.y, angle, mask, &mut a)
                .unwrap();
            twin.query_shape(&probe, p.x, p.y, angle, mask, &mut b)
                .unwrap();
            a.len()
        }
        3 => {
            let d = rng.vec(1.0) + Vec2::new(1e-3, 0.0);
            let reach = rng.range(1.0, 60.0) as f32;
            let got = world.raycast(p, d, reach, mask).unwrap();
            let want = twin.raycast(p, d, reach, mask).unwrap();
            assert_eq!(got, want, "{what}: raycast from {p:?}");
            usize::from(got.is_some())
        }
        4 => {
            let probe = any_shape(rng);
            let (angle, delta) = (rng.angle(), rng.vec(30.0));
            let got = world
                .cast_shape(&probe, p.x, p.y, angle, delta, mask)
                .unwrap();
            let want = twin
                .cast_shape(&probe, p.x, p.y, angle, delta, mask)
                .unwrap();
            assert_eq!(got, want, "{what}: cast_shape from {p:?}");
            usize::from(got.is_some())
        }
        5 => {
            let rays: Vec<f32> = (0..8)
                .flat_map(|_| {
                    let d = rng.vec(1.0) + Vec2::new(0.0, 1e-3);
                    let o =
                        rng.vec(EXTENT / 2.0) + Vec2::new(EXTENT as f32 / 2.0, EXTENT as f32 / 2.0);
                    [o.x, o.y, d.x, d.y]
                })
                .collect();
            world.raycast_many(&rays, 40.0, mask).unwrap();
            twin.raycast_many(&rays, 40.0, mask).unwrap();
            let (r, s) = (world.cast_results(), twin.cast_results());
            assert_eq!(bits(&r.t[..8]), bits(&s.t[..8]), "{what}: rays");
            assert_eq!(r.ids[..8], s.ids[..8], "{what}: rays");
            r.ids[..8].iter().filter(|&&id| id != u32::MAX).count()
        }
        6 => {
            let live: Vec<u32> = movers
                .iter()
                .copied()
                .filter(|&id| world.contains(id))
                .collect();
            let dxy: Vec<f32> = live
                .iter()
                .flat_map(|_| {
                    let v = rng.vec(8.0);
                    [v.x, v.y]
                })
                .collect();
            world.sweep(&live, &dxy, mask).unwrap();
            twin.sweep(&live, &dxy, mask).unwrap();
            let (r, s) = (world.cast_results(), twin.cast_results());
            let n = live.len();
            assert_eq!(bits(&r.t[..n]), bits(&s.t[..n]), "{what}: sweep");
            assert_eq!(r.ids[..n], s.ids[..n], "{what}: sweep");
            assert_eq!(
                bits(&r.normals[..2 * n]),
                bits(&s.normals[..2 * n]),
                "{what}"
            );
            r.ids[..n].iter().filter(|&&id| id != u32::MAX).count()
        }
        _ => return 0,
    };
    assert_eq!(a, b, "{what}: query at {p:?}");
    world.validate().unwrap();
    hits
}

/// One run: `frames` frames of changes and queries; steps every few frames (sometimes
/// many frames without one). Returns the hits the queries saw.
fn run(seed: u64, frames: usize) -> usize {
    let mut rng = Rng::new(seed);
    let mut world = World::new();
    let mut control = World::new();
    let mut ids = Vec::new();
    for _ in 0..120 {
        ids.push(add_random(&mut rng, [&mut world, &mut control]));
    }
    // Characters: circles and upright boxes that walk.
    let mut movers = Vec::new();
    for k in 0..8 {
        let shape = if k % 2 == 0 {
            Shape::circle(0.6).unwrap()
        } else {
            Shape::aligned_box(0.4, 0.8).unwrap()
        };
        let (x, y, _) = place(&mut rng);
        for w in [&mut world, &mut control] {
            movers.push(
                w.add(shape.clone(), x, y, 0.0, ShapeOptions::default())
                    .unwrap(),
            );
        }
    }
    movers.dedup();
    let mut hits = 0;
    let mut snapshot_checks = 0;
    for frame in 0..frames {
        let what = format!("seed {seed} frame {frame}");
        for _ in 0..rng.int(1, 6) {
            let live: Vec<u32> = ids
                .iter()
                .copied()
                .filter(|&id| world.contains(id))
                .collect();
            match rng.int(0, 9) {
                0 => ids.push(add_random(&mut rng, [&mut world, &mut control])),
                1 if live.len() > 20 => {
                    let id = live[rng.int(0, live.len() as i64 - 1) as usize];
                    world.remove(id).unwrap();
                    control.remove(id).unwrap();
                }
                2 | 3 if !live.is_empty() => {
                    // A few shapes move; most stay (and rest).
                    let id = live[rng.int(0, live.len() as i64 - 1) as usize];
                    let (x, y, a) = place(&mut rng);
                    world.set_transform(id, x, y, a).unwrap();
                    control.set_transform(id, x, y, a).unwrap();
                }
                4 if !live.is_empty() => {
                    // Through the columns, then a refresh (the JS views' way).
                    let id = live[rng.int(0, live.len() as i64 - 1) as usize];
                    let (x, y, _) = world.transform(id).unwrap();
                    let (dx, dy) = (rng.range(-3.0, 3.0) as f32, rng.range(-3.0, 3.0) as f32);
                    for w in [&mut world, &mut control] {
                        w.xs_mut()[id as usize] = x + dx;
                        w.ys_mut()[id as usize] = y + dy;
                        if w.is_static(id).unwrap() {
                            w.touch_statics();
                        }
                    }
                    world.refresh().unwrap();
                }
                5 => {
                    let batch: Vec<u32> = movers.iter().copied().take(3).collect();
                    let xya: Vec<f32> = batch
                        .iter()
                        .flat_map(|_| {
                            let (x, y, _) = place(&mut rng);
                            [x, y, 0.0]
                        })
                        .collect();
                    world.set_transforms(&batch, &xya).unwrap();
                    control.set_transforms(&batch, &xya).unwrap();
                }
                6 | 7 => {
                    // A character moves: the twin that steps first moves it the same way.
                    let id = movers[rng.int(0, movers.len() as i64 - 1) as usize];
                    let delta = rng.vec(2.0) + Vec2::new(0.0, 0.5);
                    let mut twin = world.clone();
                    twin.step().unwrap();
                    let options = MoveOptions::default();
                    let got = world.move_and_slide(id, delta, &options).unwrap();
                    let want = twin.move_and_slide(id, delta, &options).unwrap();
                    assert_eq!(got, want, "{what}: move of {id}");
                    assert_eq!(bits(world.move_contacts()), bits(twin.move_contacts()));
                    let p = got.position;
                    let (_, _, a) = control.transform(id).unwrap();
                    control.set_transform(id, p.x, p.y, a).unwrap();
                    hits += got.contact_count;
                }
                _ => hits += query_both(&mut rng, &mut world, &movers, &what),
            }
            world.validate().unwrap();
        }
        if rng.chance(0.05) {
            // A snapshot between the changes and the step answers alike once restored.
            let mut restored = World::restore(&world.snapshot()).unwrap();
            restored.validate().unwrap();
            assert!(restored.snapshot() == world.snapshot(), "{what}: snapshot");
            let mut probe = Rng::new(seed ^ frame as u64);
            let mut again = probe.clone();
            query_both(&mut probe, &mut world, &movers, &what);
            query_both(&mut again, &mut restored, &movers, &what);
            snapshot_checks += 1;
        }
        if rng.chance(0.4) {
            let count = world.step().unwrap();
            assert_eq!(count, control.step().unwrap(), "{what}: pair count");
            assert_eq!(world.pairs(), control.pairs(), "{what}: pairs");
            assert_eq!(bits(world.contacts()), bits(control.contacts()), "{what}");
            assert_eq!(world.started(), control.started(), "{what}: started");
            assert_eq!(world.ended(), control.ended(), "{what}: ended");
            assert_eq!(world.resting_count(), control.resting_count(), "{what}");
            world.validate().unwrap();
        }
    }
    assert!(snapshot_checks > 0);
    hits
}

#[test]
fn queries_between_steps_equal_a_twin_that_steps_first() {
    for seed in 1..=6 {
        let hits = run(seed, 500);
        assert!(hits > 250, "seed {seed}: only {hits} hits");
    }
}

#[test]
fn a_frame_of_many_moves_sees_each_earlier_move() {
    // Twenty circles in a row, a unit apart. Moved left one after the other in the same
    // frame, each finds the one before it already gone and moves the whole way; moved left
    // again from the other end, each stops a skin from the one before it, not yet moved.
    // Each move equals the move of a twin stepped before it.
    let mut world = World::new();
    let o = ShapeOptions::default();
    let ids: Vec<u32> = (0..20)
        .map(|k| {
            let shape = Shape::circle(0.5).unwrap();
            world.add(shape, k as f32 * 2.0, 0.0, 0.0, o).unwrap()
        })
        .collect();
    world.step().unwrap();
    let options = MoveOptions::default();
    let move_both = |world: &mut World, id: u32| {
        let mut twin = world.clone();
        twin.step().unwrap();
        let delta = Vec2::new(-2.5, 0.0);
        let got = world.move_and_slide(id, delta, &options).unwrap();
        assert_eq!(got, twin.move_and_slide(id, delta, &options).unwrap());
    };
    for &id in &ids {
        move_both(&mut world, id);
    }
    for (k, &id) in ids.iter().enumerate() {
        assert_eq!(world.transform(id).unwrap().0, k as f32 * 2.0 - 2.5);
    }
    for &id in ids.iter().rev() {
        move_both(&mut world, id);
    }
    let xs: Vec<f32> = ids
        .iter()
        .map(|&id| world.transform(id).unwrap().0)
        .collect();
    assert_eq!(xs[0], -5.0);
    for (k, &x) in xs.iter().enumerate().skip(1) {
        let gap = x - (k as f32 * 2.0 - 4.5) - 1.0;
        assert!(gap > 0.0 && gap < 0.02, "{k}: gap {gap}");
    }
    world.validate().unwrap();
}

#[test]
fn a_world_that_steps_first_refreshes_nothing() {
    // Set, step, query: the queue is empty when the query runs, so no shape is refreshed
    // (a snapshot taken after the query holds no refreshed flag: bit 3 of the slot flags).
    let mut world = World::new();
    let o = ShapeOptions::default();
    let a = world
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, o)
        .unwrap();
    world.step().unwrap();
    world.set_transform(a, 5.0, 0.0, 0.0).unwrap();
    world.step().unwrap();
    let mut out = Vec::new();
    world
        .query_point(Vec2::new(5.0, 0.0), u32::MAX, &mut out)
        .unwrap();
    assert_eq!(out, [a]);
    let flags_at = sepax::world::SNAPSHOT_HEADER_LEN;
    assert_eq!(world.snapshot()[flags_at] & 8, 0);
    // Moved without a step: refreshed.
    world.set_transform(a, 9.0, 0.0, 0.0).unwrap();
    world
        .query_point(Vec2::new(9.0, 0.0), u32::MAX, &mut out)
        .unwrap();
    assert_eq!(world.snapshot()[flags_at] & 8, 8);
}
