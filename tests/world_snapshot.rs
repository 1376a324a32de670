//! Snapshots: a world restored from the snapshot of frame k, given the same inputs, must
//! give the same ids, generations, pairs, contacts, started and ended, bit for bit, as the
//! world that was saved, over long seeded sequences with adds, removes (ids reused), static
//! moves (observed and not), filter changes and partial motion (so that shapes rest). And
//! bytes that are not a snapshot — truncated at every length, corrupted at random, with a
//! wrong magic, version or count — are a named error that leaves the target world as it
//! was, never a panic.

mod common;
#[path = "common/restore_check.rs"]
mod restore_check;

use common::outlines::{radial, star};
use common::rng::Mulberry32;
use common::{random_shape, rng::Rng, Style};
use restore_check::check_restore;
use sepax::math::Vec2;
use sepax::shape::{Chain, ConcavePolygon, ShapeError};
use sepax::world::{SnapshotError, SNAPSHOT_HEADER_LEN, SNAPSHOT_VERSION};
use sepax::{ShapeKind, ShapeOptions, World, WorldOptions};

const EXTENT: f32 = 60.0;

/// What a frame produced: everything a game can read after its step.
#[derive(Debug, PartialEq)]
struct Frame {
    added: Vec<u32>,
    step: Result<usize, String>,
    pairs: Vec<u32>,
    contacts: Vec<u32>,
    started: Vec<u32>,
    ended: Vec<u32>,
    generations: Vec<u32>,
    in_box: Vec<u32>,
    /// The contact points' bits (empty in a world without them).
    points: Vec<u32>,
    /// The live ids in the world's order, and the tags.
    live: Vec<u32>,
    tags: Vec<u32>,
}

fn random_options(rng: &mut Mulberry32) -> ShapeOptions {
    let custom = rng.below(5) == 0;
    ShapeOptions {
        layer: if custom { 1 << rng.below(3) } else { 1 },
        mask: if custom { 0b101 } else { u32::MAX },
        is_static: rng.below(5) == 0,
    }
}

fn add_random(world: &mut World, rng: &mut Mulberry32) -> u32 {
    if rng.below(10) == 0 {
        // A chain of 2 to 30 points, open or a loop (its points are stored, its segments
        // rebuilt).
        let is_loop = rng.below(2) == 0;
        let points = 3 + rng.below(28);
        let mut chain = radial(rng, points, 4.0);
        if !is_loop {
            chain.truncate(points - 1 - rng.below(points - 2));
        }
        let chain = Chain::new(&chain, is_loop).unwrap();
        let (x, y) = (rng.range(0.0, EXTENT), rng.range(0.0, EXTENT));
        let angle = rng.range(-3.0, 3.0);
        let options = random_options(rng);
        return world.add_chain(chain, x, y, angle, options).unwrap();
    }
    if rng.below(8) == 0 {
        // A concave outline of 4 to 40 points (its outline is stored, its parts rebuilt).
        let points = 4 + rng.below(37);
        let outline = radial(rng, points, 3.0);
        let concave = ConcavePolygon::new(&outline).unwrap();
        let (x, y) = (rng.range(0.0, EXTENT), rng.range(0.0, EXTENT));
        let angle = rng.range(-3.0, 3.0);
        let options = random_options(rng);
        return world.add_concave(concave, x, y, angle, options).unwrap();
    }
    let mut shape_rng = Rng::new(u64::from(rng.next_u32()));
    let kind = ShapeKind::ALL[rng.below(ShapeKind::ALL.len())];
    let shape = random_shape(&mut shape_rng, kind, Style::Generic, 3.0);
    let (x, y) = (rng.range(0.0, EXTENT), rng.range(0.0, EXTENT));
    let angle = rng.range(-3.0, 3.0);
    let options = random_options(rng);
    world.add(shape, x, y, angle, options).unwrap()
}

fn live_ids(world: &World) -> Vec<u32> {
    (0..world.slot_count() as u32)
        .filter(|&id| world.contains(id))
        .collect()
}

/// The inputs of `frame`: a function of the seed, the frame and the world's state only, so
/// that a restored world replays them exactly.
fn inputs(world: &mut World, seed: u32, frame: usize) -> Vec<u32> {
    let mut rng = Mulberry32::new(seed.wrapping_mul(0x9E37_79B9) ^ frame as u32);
    let mut added = Vec::new();
    // Partial motion: a third of the moving shapes, through setters or the columns.
    for id in live_ids(world) {
        if world.is_static(id).unwrap() || id % 3 == 0 || rng.below(3) != 0 {
            continue;
        }
        let (x, y, angle) = world.transform(id).unwrap();
        let (dx, dy) = (rng.range(-0.7, 0.7), rng.range(-0.7, 0.7));
        let (x, y) = ((x + dx).clamp(0.0, EXTENT), (y + dy).clamp(0.0, EXTENT));
        if rng.below(2) == 0 {
            world.set_transform(id, x, y, angle + 0.05).unwrap();
        } else {
            world.xs_mut()[id as usize] = x;
            world.ys_mut()[id as usize] = y;
        }
    }
    let live = live_ids(world);
    let pick = |rng: &mut Mulberry32| live[rng.below(live.len())];
    match rng.below(10) {
        0..=2 => added.push(add_random(world, &mut rng)),
        3..=4 if !live.is_empty() => world.remove(pick(&mut rng)).unwrap(),
        5 if !live.is_empty() => {
            // Removed and issued again before the step: the same id, another shape.
            world.remove(pick(&mut rng)).unwrap();
            added.push(add_random(world, &mut rng));
        }
        6 => {
            if let Some(&id) = live.iter().find(|&&id| world.is_static(id).unwrap()) {
                let (x, y) = (rng.range(0.0, EXTENT), rng.range(0.0, EXTENT));
                world.set_transform(id, x, y, rng.range(-3.0, 3.0)).unwrap();
            }
        }
        7 => {
            // A static moved through the columns, unobserved until the statics are
            // refreshed (a later setter on a static, or touch_statics).
            if let Some(&id) = live.iter().rev().find(|&&id| world.is_static(id).unwrap()) {
                world.xs_mut()[id as usize] += 1.5;
            }
        }
        8 if !live.is_empty() => {
            let id = pick(&mut rng);
            world.set_layer_mask(id, 1 << rng.below(3), 0b011).unwrap();
        }
        _ => {
            if rng.below(4) == 0 {
                world.touch_statics();
            }
            if !live.is_empty() {
                let id = pick(&mut rng);
                world.set_tag(id, [0, 7, u32::MAX][rng.below(3)]).unwrap();
            }
        }
    }
    added
}

fn record(world: &mut World, added: Vec<u32>, step: Result<usize, String>) -> Frame {
    let mut in_box = Vec::new();
    world
        .query_aabb(
            Vec2::new(10.0, 10.0),
            Vec2::new(40.0, 30.0),
            u32::MAX,
            &mut in_box,
        )
        .unwrap();
    Frame {
        added,
        step,
        pairs: world.pairs().to_vec(),
        contacts: world.contacts().iter().map(|c| c.to_bits()).collect(),
        started: world.started().to_vec(),
        ended: world.ended().to_vec(),
        generations: (0..world.slot_count() as u32 + 2)
            .map(|id| world.generation(id))
            .collect(),
        in_box,
        points: world.contact_points().iter().map(|c| c.to_bits()).collect(),
        live: world.live_ids().to_vec(),
        tags: world.tags().to_vec(),
    }
}

/// Where in a frame a snapshot is taken: after the inputs and before the step (`Mid`), or
/// after the step (`End`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum At {
    Mid,
    End,
}

/// Runs `frames`, starting mid-frame (inputs already given) when `from_mid`; returns what
/// each frame produced and the snapshots taken at `saves`.
fn run(
    world: &mut World,
    seed: u32,
    frames: core::ops::Range<usize>,
    from_mid: bool,
    saves: &[(usize, At)],
) -> (Vec<Frame>, Vec<Vec<u8>>) {
    let (mut log, mut snapshots) = (Vec::new(), Vec::new());
    for frame in frames.clone() {
        let added = if from_mid && frame == frames.start {
            Vec::new()
        } else {
            inputs(world, seed, frame)
        };
        if saves.contains(&(frame, At::Mid)) {
            snapshots.push(world.snapshot());
        }
        let step = world.step().map_err(|e| e.to_string());
        world.validate().unwrap();
        log.push(record(world, added, step));
        if saves.contains(&(frame, At::End)) {
            snapshots.push(world.snapshot());
        }
    }
    (log, snapshots)
}

/// A world of `count` shapes, some moving, some static, some with filters.
fn seeded_world(seed: u32, count: usize) -> World {
    seeded_world_with(seed, count, WorldOptions::default())
}

/// [`seeded_world`] with `options`.
fn seeded_world_with(seed: u32, count: usize, options: WorldOptions) -> World {
    let mut world = World::with_options(options);
    let mut rng = Mulberry32::new(seed);
    for _ in 0..count {
        add_random(&mut world, &mut rng);
    }
    world
}

/// Fails naming the first frame and field that differ (the frames are long to print).
/// When the replay starts mid-frame, its first frame's adds were made before the save.
fn same_frames(again: &[Frame], first: &[Frame], what: &str, from_mid: bool) {
    assert_eq!(again.len(), first.len());
    for (k, (a, b)) in again.iter().zip(first).enumerate() {
        let added_known = !(from_mid && k == 0);
        let fields: [(&str, &dyn core::fmt::Debug, bool); 11] = [
            ("added", &a.added, !added_known || a.added == b.added),
            ("step", &a.step, a.step == b.step),
            ("pairs", &a.pairs.len(), a.pairs == b.pairs),
            ("contacts", &a.contacts.len(), a.contacts == b.contacts),
            ("started", &a.started, a.started == b.started),
            ("ended", &a.ended, a.ended == b.ended),
            (
                "generations",
                &a.generations.len(),
                a.generations == b.generations,
            ),
            ("in_box", &a.in_box, a.in_box == b.in_box),
            ("contact points", &a.points.len(), a.points == b.points),
            ("live ids", &a.live.len(), a.live == b.live),
            ("tags", &a.tags.len(), a.tags == b.tags),
        ];
        for (name, value, same) in fields {
            assert!(
                same,
                "{what}: frame {k} after the start differs in {name}: {value:?}"
            );
        }
    }
}

fn replay_equals_first_run(seed: u32, count: usize, frames: usize, resting: bool) {
    replay_with(seed, count, frames, resting, WorldOptions::default());
}

/// [`replay_equals_first_run`] in worlds made with `options`; the used world loaded in
/// place has the other contact-points setting, which the load replaces.
fn replay_with(seed: u32, count: usize, frames: usize, resting: bool, options: WorldOptions) {
    let saves: Vec<(usize, At)> = (0..frames)
        .step_by(frames / 6)
        .flat_map(|f| [(f, At::Mid), (f + 3, At::End)])
        .collect();
    let mut world = seeded_world_with(seed, count, options);
    world.set_resting(resting);
    let (first, snapshots) = run(&mut world, seed, 0..frames, false, &saves);
    assert_eq!(
        first.iter().any(|f| !f.points.is_empty()),
        options.contact_points
    );
    assert!(first.iter().map(|f| f.pairs.len()).sum::<usize>() > 100 * frames / 10);
    assert_eq!(
        world.resting_count() > 0,
        resting,
        "shapes rest when resting is on"
    );
    // Some saves hold moved transforms and static poses (header counts 4 and 5).
    let header =
        |b: &Vec<u8>, k: usize| u32::from_le_bytes(b[8 + 4 * k..12 + 4 * k].try_into().unwrap());
    assert!(
        snapshots.iter().any(|b| header(b, 4) > 0) && snapshots.iter().any(|b| header(b, 5) > 0)
    );
    assert!(
        snapshots.iter().any(|b| header(b, 9) > 0),
        "removals since the step"
    );
    // A used world to load into in place: other shapes, other results, resting ones.
    let other = WorldOptions {
        contact_points: !options.contact_points,
        ..WorldOptions::default()
    };
    let mut target = seeded_world_with(seed ^ 0xABCD, count / 2, other);
    for _ in 0..12 {
        target.step().unwrap();
    }
    for (&(frame, at), bytes) in saves.iter().zip(&snapshots) {
        let (start, from_mid) = match at {
            At::Mid => (frame, true),
            At::End => (frame + 1, false),
        };
        let mut restored = World::restore(bytes).unwrap();
        restored.validate().unwrap();
        assert_eq!(
            restored.snapshot(),
            *bytes,
            "frame {frame}: a restored snapshot"
        );
        let (again, _) = run(&mut restored, seed, start..frames, from_mid, &[]);
        same_frames(
            &again,
            &first[start..],
            &format!("restored at {frame} {at:?}"),
            from_mid,
        );

        target.load_snapshot(bytes).unwrap();
        target.validate().unwrap();
        let (again, _) = run(&mut target, seed, start..frames, from_mid, &[]);
        same_frames(
            &again,
            &first[start..],
            &format!("loaded at {frame} {at:?}"),
            from_mid,
        );
    }
}

#[test]
fn replay_after_restore_is_bit_identical() {
    replay_equals_first_run(1, 300, 240, true);
}

#[test]
fn replay_after_restore_is_bit_identical_in_a_crowd() {
    replay_equals_first_run(2, 900, 120, true);
}

#[test]
fn replay_after_restore_is_bit_identical_without_resting() {
    replay_equals_first_run(4, 300, 120, false);
}

/// A snapshot carries the contact-points setting and the last step's points (a pair may
/// name an id removed since, whose shape is gone): a load gives the saved world's points
/// and the replay the same ones, into a world made with or without them.
#[test]
fn replay_with_contact_points_is_bit_identical() {
    let on = WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    };
    replay_with(4, 300, 120, true, on);
}

#[test]
fn the_next_add_gets_the_same_id_and_generations_continue() {
    let mut world = seeded_world(4, 40);
    for id in [7, 3, 19, 3 + 40] {
        if world.contains(id) {
            world.remove(id).unwrap();
        }
    }
    world.step().unwrap();
    let mut restored = World::restore(&world.snapshot()).unwrap();
    let mut rng = (Mulberry32::new(9), Mulberry32::new(9));
    for _ in 0..4 {
        let a = add_random(&mut world, &mut rng.0);
        let b = add_random(&mut restored, &mut rng.1);
        assert_eq!(a, b);
        assert_eq!(world.generation(a), restored.generation(b));
    }
    assert_eq!(world.generation(19), 1);
    assert_eq!(restored.snapshot(), world.snapshot());
}

#[test]
fn snapshot_into_reuses_its_buffer() {
    let mut world = seeded_world(5, 200);
    world.step().unwrap();
    let mut buffer = Vec::new();
    world.snapshot_into(&mut buffer);
    let (address, capacity) = (buffer.as_ptr(), buffer.capacity());
    world.step().unwrap();
    world.snapshot_into(&mut buffer);
    assert_eq!((buffer.as_ptr(), buffer.capacity()), (address, capacity));
    assert_eq!(buffer, world.snapshot());
}

#[test]
fn a_world_saved_after_its_step_stores_no_pose() {
    // The size stays at the columns: header counts 4 and 5 (moved, poses) are zero.
    let mut world = seeded_world(6, 500);
    for _ in 0..3 {
        world.step().unwrap();
    }
    let bytes = world.snapshot();
    let count = |k: usize| u32::from_le_bytes(bytes[8 + 4 * k..12 + 4 * k].try_into().unwrap());
    assert_eq!((count(4), count(5)), (0, 0));
    assert!(count(6) > 100, "pairs");
}

// ----- hostile bytes ---------------------------------------------------------------------

/// A snapshot with every section non-empty: free ids, moved shapes, a static moved through
/// the columns, removals, pairs, started and ended.
fn busy_snapshot() -> Vec<u8> {
    let mut world = seeded_world(7, 60);
    world.step().unwrap();
    world.set_transform(5, 30.0, 30.0, 0.5).unwrap();
    world.step().unwrap();
    let live = live_ids(&world);
    // Two shapes with pairs go, so that the next step ends pairs.
    let (a, b) = (world.pairs()[0], world.pairs()[world.pairs().len() - 1]);
    world.remove(a).unwrap();
    world.remove(b).unwrap();
    world.step().unwrap();
    let live: Vec<u32> = live.into_iter().filter(|&id| id != a && id != b).collect();
    world.remove(live[20]).unwrap();
    for id in live[30..40].iter().copied() {
        if !world.is_static(id).unwrap() {
            world.xs_mut()[id as usize] += 0.25;
        }
    }
    let fixed = live
        .iter()
        .copied()
        .find(|&id| world.is_static(id).unwrap());
    world.xs_mut()[fixed.unwrap() as usize] += 0.5;
    let bytes = world.snapshot();
    let count = |k: usize| u32::from_le_bytes(bytes[8 + 4 * k..12 + 4 * k].try_into().unwrap());
    for (k, what) in [
        (1, "free"),
        (2, "polygons"),
        (4, "moved"),
        (5, "poses"),
        (6, "pairs"),
        (11, "concave outlines and chains"),
    ] {
        assert!(count(k) > 0, "{what}");
    }
    assert!(count(7) + count(8) > 0 && count(9) > 0, "events, removals");
    bytes
}

fn used_target() -> World {
    let mut target = seeded_world(8, 30);
    for _ in 0..10 {
        target.step().unwrap();
    }
    target
}

#[test]
fn every_truncation_is_an_error_and_changes_nothing() {
    let bytes = busy_snapshot();
    let mut target = used_target();
    for len in 0..bytes.len() {
        assert!(
            !check_restore(&bytes[..len], &mut target),
            "{len} bytes accepted"
        );
        if len >= 4 {
            let error = World::restore(&bytes[..len]).unwrap_err();
            assert_eq!(
                error,
                SnapshotError::Truncated {
                    at: len,
                    expected: if len < 8 {
                        8
                    } else if len < SNAPSHOT_HEADER_LEN {
                        SNAPSHOT_HEADER_LEN
                    } else {
                        bytes.len()
                    }
                }
            );
        }
    }
    assert!(check_restore(&bytes, &mut target));
}

#[test]
fn random_corruption_never_panics_and_a_failure_changes_nothing() {
    let bytes = busy_snapshot();
    let mut rng = Mulberry32::new(11);
    let mut target = used_target();
    let (mut accepted, mut rejected) = (0, 0);
    for round in 0..3000 {
        let mut corrupt = bytes.clone();
        for _ in 0..1 + rng.below(3) {
            // Mostly in the header and the small sections, where a flip means most.
            let at = if round % 2 == 0 {
                rng.below(corrupt.len())
            } else {
                rng.below(SNAPSHOT_HEADER_LEN + 200)
            };
            corrupt[at] ^= 1 << rng.below(8);
        }
        if check_restore(&corrupt, &mut target) {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    // Both outcomes occur: flipping a coordinate gives another valid world, flipping a
    // count or a kind does not.
    assert!(
        accepted > 100 && rejected > 100,
        "{accepted} accepted, {rejected} rejected"
    );
}

fn set_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

#[test]
fn foreign_bytes_are_named() {
    let bytes = busy_snapshot();
    let err = |b: &[u8]| World::restore(b).unwrap_err();
    let mut b = bytes.clone();
    b[0] = b'X';
    assert_eq!(err(&b), SnapshotError::BadMagic);
    assert_eq!(err(b"PK\x03\x04 a zip file"), SnapshotError::BadMagic);
    assert_eq!(err(b"SPX"), SnapshotError::Truncated { at: 3, expected: 8 });
    let mut b = bytes.clone();
    set_u32(&mut b, 4, SNAPSHOT_VERSION + 1);
    assert_eq!(
        err(&b),
        SnapshotError::UnsupportedVersion {
            version: SNAPSHOT_VERSION + 1
        }
    );
    assert!(err(&b).to_string().contains("version 2 is not supported"));
    // Lying counts: more pairs than there are bytes, fewer than there are.
    let pairs = u32::from_le_bytes(bytes[32..36].try_into().unwrap());
    let mut b = bytes.clone();
    set_u32(&mut b, 32, pairs + 1);
    assert_eq!(
        err(&b),
        SnapshotError::Truncated {
            at: bytes.len(),
            expected: bytes.len() + 20
        }
    );
    set_u32(&mut b, 32, pairs - 1);
    assert_eq!(
        err(&b),
        SnapshotError::TooLong {
            expected: bytes.len() - 20,
            actual: bytes.len()
        }
    );
    // A count so large that it could only size an allocation: caught by the length.
    set_u32(&mut b, 32, u32::MAX);
    assert!(matches!(err(&b), SnapshotError::Truncated { .. }));
    let mut b = bytes.clone();
    set_u32(&mut b, 8, (1 << 24) + 1);
    assert!(matches!(
        err(&b),
        SnapshotError::BadCount { what: "slots", .. }
    ));
    // Appended garbage.
    let mut b = bytes.clone();
    b.push(0);
    assert!(matches!(err(&b), SnapshotError::TooLong { .. }));
    assert!(err(&b).to_string().contains("lie"));
}

#[test]
fn bad_values_are_named_with_their_place() {
    let bytes = busy_snapshot();
    let n = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let flags_at = SNAPSHOT_HEADER_LEN;
    let kinds_at = flags_at + n;
    let err = |b: &[u8]| World::restore(b).unwrap_err();
    let live = (0..n).find(|&id| bytes[flags_at + id] & 1 != 0).unwrap();
    let mut b = bytes.clone();
    b[flags_at + live] = 129;
    assert_eq!(
        err(&b),
        SnapshotError::BadValue {
            what: "flags of slot",
            index: live,
            at: flags_at + live
        }
    );
    let mut b = bytes.clone();
    // A byte no kind has (10 is a tile grid's, 11 an upright capsule's).
    b[kinds_at + live] = 12;
    let message = err(&b).to_string();
    assert!(
        message.contains(&format!("bad kind of slot {live} at byte")),
        "{message}"
    );
    // A circle whose radius is negative, named by its slot.
    let circle = (0..n).find(|&id| bytes[kinds_at + id] == 0).unwrap();
    let polygons = u32::from_le_bytes(bytes[16..20].try_into().unwrap()) as usize;
    let params_at = kinds_at + n + polygons + 24 * n;
    let mut at = params_at;
    let sizes = [1, 2, 2, 0, 2, 4, 0];
    let mut polygon = 0;
    for id in 0..circle {
        let kind = bytes[kinds_at + id];
        if kind == 3 {
            at += 8 * bytes[kinds_at + n + polygon] as usize;
            polygon += 1;
        } else if kind < 7 {
            at += 4 * sizes[kind as usize];
        } else if kind == 11 {
            // An upright capsule: a capsule's two parameters.
            at += 8;
        }
    }
    let mut b = bytes.clone();
    b[at + 3] |= 0x80;
    let error = err(&b);
    assert!(
        matches!(error, SnapshotError::BadShape { id, at: a, error: Some(_) } if id as usize == circle && a == at),
        "{error:?}"
    );
    assert!(error.to_string().contains("radius"), "{error}");
}

#[test]
fn a_reissued_id_ends_and_starts_its_pair_after_a_restore() {
    // Removed and issued again between the step and the save: the next step must end the
    // old shape's pair and start the new one's, restored or not.
    let mut world = World::new();
    let circle = || sepax::Shape::circle(1.0).unwrap();
    let o = ShapeOptions::default();
    let a = world.add(circle(), 0.0, 0.0, 0.0, o).unwrap();
    let b = world.add(circle(), 1.0, 0.0, 0.0, o).unwrap();
    world.step().unwrap();
    world.remove(b).unwrap();
    assert_eq!(world.add(circle(), 1.0, 0.0, 0.0, o).unwrap(), b);
    let bytes = world.snapshot();
    for mut w in [World::restore(&bytes).unwrap(), world] {
        w.step().unwrap();
        assert_eq!((w.ended(), w.started()), (&[a, b][..], &[a, b][..]));
        assert_eq!(w.generation(b), 1);
    }
}

/// The `restore` fuzz target's check (`fuzz/fuzz_targets/restore.rs`) on a seeded corpus:
/// raw bytes, and corrupted snapshots of small worlds.
#[test]
fn the_restore_fuzz_check_holds_on_a_seeded_corpus() {
    let mut rng = Mulberry32::new(12);
    let mut accepted = 0;
    for case in 0..3000 {
        let len = 1 + rng.below(if case % 4 == 0 { 600 } else { 120 });
        let mut data: Vec<u8> = (0..len).map(|_| rng.next_u32() as u8).collect();
        if case % 8 == 0 {
            // Raw bytes that start like a snapshot.
            data[0] = 0;
            data.splice(1..1, *b"SPXW\x01\x00\x00\x00");
        }
        accepted += usize::from(restore_check::fuzz_one(&data));
    }
    // Corruption of a free slot's stale values, or of a coordinate, gives another world.
    assert!(
        (100..2900).contains(&accepted),
        "{accepted} of 3000 accepted"
    );
}

// Host only: the counting allocator is a host dev-dependency.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn snapshot_into_a_large_enough_buffer_allocates_nothing() {
    let mut world = seeded_world(13, 400);
    let mut buffer = Vec::with_capacity(1 << 20);
    for frame in 0..12 {
        inputs(&mut world, 13, frame);
        // Saved mid-frame (moved records) and after the step.
        for _ in 0..2 {
            let info = allocation_counter::measure(|| world.snapshot_into(&mut buffer));
            assert_eq!(
                info.count_total, 0,
                "frame {frame}: {} bytes",
                info.bytes_total
            );
            assert_eq!(buffer, world.snapshot());
            world.step().unwrap();
        }
    }
    assert!(buffer.len() > 10_000);
    // The counter counts: a snapshot into a new vector allocates it.
    assert!(allocation_counter::measure(|| drop(world.snapshot())).count_total > 0);
}

// ----- concave polygons ------------------------------------------------------------------

/// A world with a large concave outline (its hull alone has more vertices than a polygon
/// may: the snapshot stores the outline, not the row's hull) and shapes touching it.
fn concave_world() -> (World, u32, u32) {
    let mut world = World::with_options(WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    });
    let o = ShapeOptions::default();
    let mut rng = Mulberry32::new(21);
    let big = ConcavePolygon::new(&star(450, 19.0, 20.0)).unwrap();
    assert!(
        big.hull().vertices().len() > 64,
        "a hull beyond a polygon's limit"
    );
    let big = world.add_concave(big, 25.0, 25.0, 0.3, o).unwrap();
    let spiky = ConcavePolygon::new(&star(7, 1.0, 3.0)).unwrap();
    let spiky = world.add_concave(spiky, 30.0, 30.0, -1.0, o).unwrap();
    for k in 0..40 {
        add_random(&mut world, &mut rng);
        let id = world.add(
            sepax::Shape::circle(0.7).unwrap(),
            k as f32 * 1.3,
            25.0,
            0.0,
            o,
        );
        id.unwrap();
    }
    world.step().unwrap();
    (world, big, spiky)
}

#[test]
fn concave_polygons_come_back_with_the_same_outline_and_parts() {
    let (mut world, big, spiky) = concave_world();
    assert!(world.pairs().chunks(2).any(|p| p.contains(&big)));
    let bytes = world.snapshot();
    let count = |k: usize| u32::from_le_bytes(bytes[8 + 4 * k..12 + 4 * k].try_into().unwrap());
    assert!(
        count(11) >= 2 && count(12) >= 900 + 14,
        "outlines in the header"
    );
    let mut restored = World::restore(&bytes).unwrap();
    restored.validate().unwrap();
    assert_eq!(restored.snapshot(), bytes);
    for id in [big, spiky] {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        world.parts(id, &mut a).unwrap();
        restored.parts(id, &mut b).unwrap();
        let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&a), bits(&b), "the parts of {id}");
        let outline = |w: &World| w.concave(id).unwrap().unwrap().outline().to_vec();
        assert_eq!(outline(&world), outline(&restored));
    }
    // Both move on alike: the outline's parts decide, not its hull.
    for frame in 0..20 {
        for w in [&mut world, &mut restored] {
            let (x, y, a) = w.transform(spiky).unwrap();
            w.set_transform(spiky, x - 0.4, y - 0.3, a + 0.1).unwrap();
            w.step().unwrap();
        }
        assert_eq!(world.pairs(), restored.pairs(), "frame {frame}");
        let bits = |w: &World| {
            w.contact_points()
                .iter()
                .map(|c| c.to_bits())
                .collect::<Vec<_>>()
        };
        assert_eq!(bits(&world), bits(&restored), "frame {frame}");
    }
    // Loaded into a world that holds the same outlines (they are kept) and into one that
    // holds other concave shapes under the same ids (they are replaced).
    let mut same = World::restore(&bytes).unwrap();
    same.step().unwrap();
    same.load_snapshot(&bytes).unwrap();
    same.validate().unwrap();
    assert_eq!(same.snapshot(), bytes);
    let mut other = World::new();
    let o = ShapeOptions::default();
    for k in 0..3 {
        let square = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (1.5, 1.0), (0.0, 3.0)];
        let outline: Vec<Vec2> = square.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
        other
            .add_concave(
                ConcavePolygon::new(&outline).unwrap(),
                k as f32,
                0.0,
                0.0,
                o,
            )
            .unwrap();
    }
    other.load_snapshot(&bytes).unwrap();
    other.validate().unwrap();
    assert_eq!(other.snapshot(), bytes);
    for id in 0..world.slot_count() as u32 {
        let concave = |w: &World| w.contains(id) && w.concave(id).unwrap().is_some();
        assert_eq!(concave(&other), concave(&world), "shape {id}");
    }
}

#[test]
fn bad_outlines_are_named_and_change_nothing() {
    let (world, _, spiky) = concave_world();
    let bytes = world.snapshot();
    let count =
        |k: usize| u32::from_le_bytes(bytes[8 + 4 * k..12 + 4 * k].try_into().unwrap()) as usize;
    let outlines_at = bytes.len() - 4 * count(11) - 8 * count(12);
    let mut target = used_target();
    // The first outline's point count: too small, past the section, one less (the counts
    // then no longer add up to the header's).
    for (value, what) in [
        (2, "outline point count of slot"),
        (1 << 20, "outline point count of slot"),
    ] {
        let mut b = bytes.clone();
        set_u32(&mut b, outlines_at, value);
        let error = World::restore(&b).unwrap_err();
        assert!(
            matches!(error, SnapshotError::BadValue { what: w, at, .. } if w == what && at == outlines_at),
            "{error:?}"
        );
        assert!(!check_restore(&b, &mut target));
    }
    // One point less in the first outline: the next count is read from a coordinate.
    let first = u32::from_le_bytes(bytes[outlines_at..outlines_at + 4].try_into().unwrap());
    let mut b = bytes.clone();
    set_u32(&mut b, outlines_at, first - 1);
    assert!(matches!(
        World::restore(&b).unwrap_err(),
        SnapshotError::BadValue {
            what: "outline point count of slot",
            ..
        }
    ));
    assert!(!check_restore(&b, &mut target));
    // One point less in the last outline: the counts no longer add up to the header's.
    let mut last_at = outlines_at;
    while last_at
        + 4
        + 8 * u32::from_le_bytes(bytes[last_at..last_at + 4].try_into().unwrap()) as usize
        != bytes.len()
    {
        last_at +=
            4 + 8 * u32::from_le_bytes(bytes[last_at..last_at + 4].try_into().unwrap()) as usize;
    }
    let last = u32::from_le_bytes(bytes[last_at..last_at + 4].try_into().unwrap());
    let mut b = bytes.clone();
    set_u32(&mut b, last_at, last - 1);
    assert!(
        matches!(
            World::restore(&b).unwrap_err(),
            SnapshotError::BadCount {
                what: "outline points",
                ..
            }
        ),
        "{:?}",
        World::restore(&b).unwrap_err()
    );
    assert!(!check_restore(&b, &mut target));
    // The spiky star's outline, find it: its 14 points follow its count.
    let mut at = outlines_at;
    let mut spiky_at = None;
    for id in 0..world.slot_count() as u32 {
        if world.concave(id).ok().flatten().is_some() {
            if id == spiky {
                spiky_at = Some(at);
            }
            at += 4 + 8 * u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        }
    }
    let spiky_at = spiky_at.unwrap();
    assert_eq!(
        u32::from_le_bytes(bytes[spiky_at..spiky_at + 4].try_into().unwrap()),
        14
    );
    // The second point moved across the star: the outline crosses itself.
    let mut b = bytes.clone();
    set_u32(&mut b, spiky_at + 12, (-2.0f32).to_bits());
    set_u32(&mut b, spiky_at + 16, 0.1f32.to_bits());
    let error = World::restore(&b).unwrap_err();
    assert!(
        matches!(error, SnapshotError::BadShape { id, at, error: Some(ShapeError::OutlineCrossing { .. }) } if id == spiky && at == spiky_at),
        "{error:?}"
    );
    assert!(
        error.to_string().contains(&format!("slot {spiky}")),
        "{error}"
    );
    assert!(!check_restore(&b, &mut target));
    // A NaN point.
    let mut b = bytes.clone();
    set_u32(&mut b, spiky_at + 4, f32::NAN.to_bits());
    assert!(matches!(
        World::restore(&b).unwrap_err(),
        SnapshotError::BadShape { error: Some(_), .. }
    ));
    // A valid outline that is not a checked one (the checks would merge a point into its
    // neighbour).
    assert_repeated_point_refused(&bytes, spiky_at, spiky, &mut target);
    // And the real bytes still load.
    assert!(check_restore(&bytes, &mut target));
}

// ----- chains ----------------------------------------------------------------------------

#[test]
fn chains_come_back_with_the_same_points_and_sides() {
    let o = ShapeOptions::default();
    let mut world = World::with_options(WorldOptions {
        contact_points: true,
        ..WorldOptions::default()
    });
    // A floor of 1,000 segments (more points than a concave outline may have) and a loop.
    let floor: Vec<Vec2> = (0..=1000).map(|i| Vec2::new(i as f32 * 0.5, 0.0)).collect();
    let floor = world
        .add_chain(Chain::new(&floor, false).unwrap(), 0.0, 10.0, 0.0, o)
        .unwrap();
    let ring = Chain::new(&star(9, 3.0, 5.0), true).unwrap();
    let ring = world.add_chain(ring, 30.0, 30.0, 0.5, o).unwrap();
    let mut boxes = Vec::new();
    for k in 0..30 {
        let shape = sepax::Shape::oriented_box(0.6, 0.4).unwrap();
        boxes.push(
            world
                .add(shape, 3.0 + k as f32 * 1.7, 10.3, 0.1 * k as f32, o)
                .unwrap(),
        );
    }
    let circle = sepax::Shape::circle(1.0).unwrap();
    boxes.push(world.add(circle.clone(), 30.0, 30.0, 0.0, o).unwrap()); // inside the loop: no pair
    boxes.push(world.add(circle, 35.5, 30.0, 0.0, o).unwrap()); // across its edge
    world.step().unwrap();
    assert!(world.pairs().chunks(2).filter(|p| p[0] == floor).count() >= 30);
    let bytes = world.snapshot();
    let mut restored = World::restore(&bytes).unwrap();
    restored.validate().unwrap();
    assert_eq!(restored.snapshot(), bytes);
    for id in [floor, ring] {
        let (a, b) = (
            world.chain(id).unwrap().unwrap(),
            restored.chain(id).unwrap().unwrap(),
        );
        assert_eq!(a, b, "chain {id}: points, sides, segments");
    }
    for frame in 0..30 {
        for w in [&mut world, &mut restored] {
            for &id in &boxes {
                let (x, y, a) = w.transform(id).unwrap();
                w.set_transform(id, x + 0.37, y - 0.01, a + 0.05).unwrap();
            }
            w.step().unwrap();
        }
        assert_eq!(world.pairs(), restored.pairs(), "frame {frame}");
        let bits = |w: &World| w.contacts().iter().map(|c| c.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&world), bits(&restored), "frame {frame}");
    }
    // In place: into a world holding the same chains (kept), and into one whose chain
    // under that id is the other side's (replaced), and whose other chains go.
    let mut same = World::restore(&bytes).unwrap();
    same.load_snapshot(&bytes).unwrap();
    same.validate().unwrap();
    assert_eq!(same.snapshot(), bytes);
    let mut other = World::new();
    let open_ring = Chain::new(&star(9, 3.0, 5.0), false).unwrap();
    other
        .add_chain(open_ring.clone(), 0.0, 0.0, 0.0, o)
        .unwrap();
    other
        .add_chain(open_ring.clone(), 0.0, 0.0, 0.0, o)
        .unwrap();
    for _ in 0..boxes.len() + 3 {
        other
            .add_chain(open_ring.clone(), 1.0, 0.0, 0.0, o)
            .unwrap();
    }
    other.load_snapshot(&bytes).unwrap();
    other.validate().unwrap();
    assert_eq!(other.snapshot(), bytes);
    assert!(other.chain(ring).unwrap().unwrap().is_loop());
    assert_eq!(other.chain(boxes[0]).unwrap(), None);
}

/// The point list of shape `id` at `list_at` with its second point a copy of the first
/// (which the constructors would merge) is refused as not checked, changing nothing.
fn assert_repeated_point_refused(bytes: &[u8], list_at: usize, id: u32, target: &mut World) {
    let mut b = bytes.to_vec();
    b.copy_within(list_at + 4..list_at + 12, list_at + 12);
    assert_eq!(
        World::restore(&b).unwrap_err(),
        SnapshotError::BadShape {
            id,
            at: list_at,
            error: None
        }
    );
    assert!(!check_restore(&b, target));
}

#[test]
fn bad_chain_points_are_named_and_change_nothing() {
    let o = ShapeOptions::default();
    let mut world = World::new();
    let points: Vec<Vec2> = (0..6)
        .map(|i| Vec2::new(i as f32, (i % 2) as f32))
        .collect();
    let chain = world
        .add_chain(Chain::new(&points, false).unwrap(), 1.0, 1.0, 0.0, o)
        .unwrap();
    world
        .add(sepax::Shape::circle(1.0).unwrap(), 2.0, 1.5, 0.0, o)
        .unwrap();
    world.step().unwrap();
    let bytes = world.snapshot();
    let list_at = bytes.len() - 4 - 8 * 6;
    assert_eq!(
        u32::from_le_bytes(bytes[list_at..list_at + 4].try_into().unwrap()),
        6
    );
    let mut target = used_target();
    // One point: too few for any chain.
    let mut b = bytes.clone();
    set_u32(&mut b, list_at, 1);
    assert!(matches!(
        World::restore(&b).unwrap_err(),
        SnapshotError::BadValue {
            what: "outline point count of slot",
            ..
        }
    ));
    assert!(!check_restore(&b, &mut target));
    // A repeated point, which the constructor would merge: not a checked chain.
    assert_repeated_point_refused(&bytes, list_at, chain, &mut target);
    // A NaN point: the constructor's own error.
    let mut b = bytes.clone();
    set_u32(&mut b, list_at + 8, f32::NAN.to_bits());
    let error = World::restore(&b).unwrap_err();
    assert!(
        matches!(error, SnapshotError::BadShape { id, error: Some(ShapeError::NonFinitePoint { index: 0 }), .. } if id == chain),
        "{error:?}"
    );
    assert!(!check_restore(&b, &mut target));
    assert!(check_restore(&bytes, &mut target));
}
