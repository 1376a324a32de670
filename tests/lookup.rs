//! What a game reads about its shapes without a query (live ids, boxes, tags) and the
//! filters of queries (an excluded id, statics left out): each checked against an oracle
//! that does not share the code under test (a model of the live list, the shapes' own
//! boxes, and the layer masks, whose path the query tests check against brute force).

mod common;

use common::rng::Mulberry32;
use sepax::math::{Transform, Vec2};
use sepax::shape::{Chain, ConcavePolygon};
use sepax::world::{QueryFilter, SnapshotError};
use sepax::{Shape, ShapeOptions, World, WorldError};

fn shape(rng: &mut Mulberry32, k: usize) -> Shape {
    let s = rng.range(0.5, 2.0);
    match k % 5 {
        0 => Shape::circle(s).unwrap(),
        1 => Shape::aligned_box(s, s * 0.5).unwrap(),
        2 => Shape::oriented_box(s, s * 0.3).unwrap(),
        3 => Shape::capsule(s, s * 0.4).unwrap(),
        _ => Shape::polygon(&[Vec2::new(-s, -s), Vec2::new(s, -s), Vec2::new(0.0, s)]).unwrap(),
    }
}

fn options(rng: &mut Mulberry32) -> ShapeOptions {
    ShapeOptions {
        is_static: rng.below(4) == 0,
        ..ShapeOptions::default()
    }
}

/// A random world of `count` shapes in a square of `extent`, with removals and reuse.
fn scene(seed: u32, count: usize, extent: f32) -> World {
    let mut rng = Mulberry32::new(seed);
    let mut world = World::new();
    for k in 0..count {
        let (x, y) = (rng.range(0.0, extent), rng.range(0.0, extent));
        let o = options(&mut rng);
        world
            .add(shape(&mut rng, k), x, y, rng.range(-3.0, 3.0), o)
            .unwrap();
    }
    for _ in 0..count / 10 {
        let live = world.live_ids().to_vec();
        world.remove(live[rng.below(live.len())]).unwrap();
    }
    world
}

#[test]
fn live_ids_are_the_live_slots_ascending_after_any_adds_and_removals() {
    let mut rng = Mulberry32::new(11);
    let mut world = World::new();
    for round in 0..3000 {
        let live = world.live_ids().to_vec();
        match rng.below(7) {
            0..=2 => {
                let o = options(&mut rng);
                let (x, y) = (rng.range(0.0, 50.0), rng.range(0.0, 50.0));
                world.add(shape(&mut rng, round), x, y, 0.0, o).unwrap();
            }
            3 => {
                // Compound shapes are one id each, like any other.
                let outline = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 1.0), (0.0, 4.0)]
                    .map(|(x, y)| Vec2::new(x, y));
                let o = ShapeOptions::default();
                if rng.below(2) == 0 {
                    let concave = ConcavePolygon::new(&outline).unwrap();
                    world.add_concave(concave, 10.0, 10.0, 0.0, o).unwrap();
                } else {
                    let chain = Chain::new(&outline, false).unwrap();
                    world.add_chain(chain, 0.0, 0.0, 0.0, o).unwrap();
                }
            }
            4..=5 if !live.is_empty() => {
                // Sometimes two removals between reads, sometimes none.
                for _ in 0..1 + rng.below(2) {
                    let live = world.live_ids().to_vec();
                    if !live.is_empty() {
                        world.remove(live[rng.below(live.len())]).unwrap();
                    }
                }
            }
            _ => {
                world.step().unwrap();
                // Right after a step: `validate` counts a resting shape removed since as
                // still resting until the next step.
                world.validate().unwrap();
            }
        }
        let probed: Vec<u32> = (0..world.slot_count() as u32)
            .filter(|&id| world.contains(id))
            .collect();
        assert_eq!(world.live_ids(), probed, "round {round}");
        assert_eq!(world.live_ids().len(), world.len());
    }
}

#[test]
fn a_box_is_where_the_shape_is_now() {
    let mut world = scene(3, 200, 60.0);
    world.step().unwrap();
    for id in world.live_ids().to_vec() {
        let (x, y, angle) = world.transform(id).unwrap();
        let want = world
            .shape(id)
            .unwrap()
            .aabb(&Transform::from_xy_angle(x, y, angle));
        assert_eq!(world.aabb(id).unwrap(), want, "id {id}");
    }
    // Moved since the step: the box where it is now, the one queries see.
    let id = world.live_ids()[0];
    let before = world.aabb(id).unwrap();
    let (x, y, angle) = world.transform(id).unwrap();
    world.set_transform(id, x + 5.0, y, angle).unwrap();
    let moved = world.aabb(id).unwrap();
    assert_eq!(moved.min.x, before.min.x + 5.0);
    let mut found = Vec::new();
    world
        .query_aabb(moved.min, moved.max, u32::MAX, &mut found)
        .unwrap();
    assert!(found.contains(&id));
    world.step().unwrap();
    assert_eq!(world.aabb(id).unwrap(), moved);
    // Added since the step: its box where it was added.
    let fresh = world.add(
        Shape::circle(1.0).unwrap(),
        3.0,
        4.0,
        0.0,
        ShapeOptions::default(),
    );
    let fresh = fresh.unwrap();
    let b = world.aabb(fresh).unwrap();
    assert_eq!((b.min, b.max), (Vec2::new(2.0, 3.0), Vec2::new(4.0, 5.0)));
    world.remove(fresh).unwrap();
    assert_eq!(
        world.aabb(fresh),
        Err(WorldError::UnknownId {
            arg: "id",
            id: fresh
        })
    );
}

#[test]
fn tags_are_kept_cleared_on_removal_and_carried_by_scenes() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    let a = world.add(Shape::point(), 0.0, 0.0, 0.0, o).unwrap();
    let b = world.add(Shape::point(), 1.0, 0.0, 0.0, o).unwrap();
    assert_eq!(world.tags(), [0, 0]);
    world.set_tag(a, u32::MAX).unwrap();
    world.set_tag(b, 7).unwrap();
    assert_eq!((world.tag(a), world.tag(b)), (Ok(u32::MAX), Ok(7)));
    assert_eq!(world.shape_desc(b).unwrap().tag, 7);
    world.remove(a).unwrap();
    assert_eq!(world.tags(), [0, 7], "a free slot has no tag");
    assert!(world.set_tag(a, 1).is_err());
    assert!(world.tag(a).is_err());
    // The id issued again starts untagged.
    assert_eq!(world.add(Shape::point(), 0.0, 0.0, 0.0, o).unwrap(), a);
    assert_eq!(world.tag(a), Ok(0));
    let mut copy = World::new();
    let mut ids = Vec::new();
    let descs = vec![world.shape_desc(a).unwrap(), world.shape_desc(b).unwrap()];
    copy.add_shapes(descs, &mut ids).unwrap();
    assert_eq!(copy.tags(), [0, 7]);
    world.validate().unwrap();
}

/// The header's flags word.
fn header_flags(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes[48..52].try_into().unwrap())
}

const TAGS_FLAG: u32 = 8;

#[test]
fn snapshots_keep_tags_and_write_nothing_without_them() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    for x in 0..6 {
        world.add(Shape::point(), x as f32, 0.0, 0.0, o).unwrap();
    }
    world.step().unwrap();
    world.remove(1).unwrap();
    assert_eq!(
        header_flags(&world.snapshot()) & TAGS_FLAG,
        0,
        "no tags: no section"
    );
    world.set_tag(3, 99).unwrap();
    world.set_tag(5, u32::MAX).unwrap();
    let tagged = world.snapshot();
    assert_ne!(header_flags(&tagged) & TAGS_FLAG, 0);
    let mut back = World::restore(&tagged).unwrap();
    assert_eq!(back.tags(), world.tags());
    assert_eq!(back.live_ids(), world.live_ids());
    // The loaded world goes on exactly as the saved one.
    for w in [&mut world, &mut back] {
        w.remove(0).unwrap();
        let id = w.add(Shape::point(), 9.0, 9.0, 0.0, o).unwrap();
        w.set_tag(id, 4).unwrap();
    }
    assert_eq!(back.live_ids(), world.live_ids());
    assert_eq!(back.snapshot(), world.snapshot());
    // Untagging every shape drops the section again.
    for id in [0, 3, 5] {
        world.set_tag(id, 0).unwrap();
    }
    assert_eq!(header_flags(&world.snapshot()) & TAGS_FLAG, 0);
}

#[test]
fn bad_tag_columns_are_named_and_change_nothing() {
    let mut world = World::new();
    let o = ShapeOptions::default();
    for x in 0..4 {
        world.add(Shape::point(), x as f32, 0.0, 0.0, o).unwrap();
    }
    world.remove(1).unwrap();
    world.set_tag(2, 5).unwrap();
    let bytes = world.snapshot();
    // The column comes last in a world without levels: one word per slot.
    let at = bytes.len() - 4 * 4;
    let word = |k: usize| u32::from_le_bytes(bytes[at + 4 * k..at + 4 * k + 4].try_into().unwrap());
    assert_eq!((0..4).map(word).collect::<Vec<_>>(), [0, 0, 5, 0]);
    let mut target = World::new();
    target
        .add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, o)
        .unwrap();
    let before = target.snapshot();
    let mut bad = bytes.clone();
    bad[at + 4..at + 8].copy_from_slice(&9u32.to_le_bytes());
    let error = target.load_snapshot(&bad).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("bad tag of free slot 1 at byte {}", at + 4)
    );
    assert_eq!(target.snapshot(), before);
    // A column the header does not announce is bytes left over, and the other way round.
    let flags = |bytes: &mut Vec<u8>, f: fn(u32) -> u32| {
        let word = u32::from_le_bytes(bytes[48..52].try_into().unwrap());
        bytes[48..52].copy_from_slice(&f(word).to_le_bytes());
    };
    let mut unannounced = bytes.clone();
    flags(&mut unannounced, |w| w & !TAGS_FLAG);
    assert!(matches!(
        target.load_snapshot(&unannounced),
        Err(SnapshotError::TooLong { .. })
    ));
    let mut missing = bytes[..at].to_vec();
    flags(&mut missing, |w| w | TAGS_FLAG);
    assert!(matches!(
        target.load_snapshot(&missing),
        Err(SnapshotError::Truncated { .. })
    ));
    assert_eq!(target.snapshot(), before);
    target.load_snapshot(&bytes).unwrap();
    assert_eq!(target.tags(), world.tags());
}

/// The world of `scene` with every static shape moved to the spare layer bit 31 (and every
/// shape with a mask that accepts it): excluding statics is then the mask without that bit.
fn statics_on_their_layer(world: &mut World) -> World {
    let mut copy = world.clone();
    for id in world.live_ids().to_vec() {
        let layer = if world.is_static(id).unwrap() {
            1 << 31
        } else {
            1
        };
        copy.set_layer_mask(id, layer, u32::MAX).unwrap();
    }
    copy
}

#[test]
fn filters_equal_the_masks_that_express_them() {
    let mut world = scene(21, 300, 40.0);
    world.step().unwrap();
    let mut marked = statics_on_their_layer(&mut world);
    marked.step().unwrap();
    let mut rng = Mulberry32::new(5);
    let live = world.live_ids().to_vec();
    for round in 0..300 {
        let excluded = live[rng.below(live.len())];
        let statics = rng.below(2) == 0;
        let filter = QueryFilter {
            exclude: Some(excluded),
            exclude_statics: statics,
            exclude_sensors: rng.below(2) == 0,
            ..QueryFilter::default()
        };
        // The oracle: the excluded shape alone on layer bit 30, masked out with the
        // statics' bit 31 when they are excluded.
        let mut oracle = marked.clone();
        oracle.set_layer_mask(excluded, 1 << 30, u32::MAX).unwrap();
        let mask = if statics { !(3 << 30) } else { !(1 << 30) };
        let (x, y) = (rng.range(-5.0, 45.0), rng.range(-5.0, 45.0));
        let p = Vec2::new(x, y);
        let (mut got, mut want) = (Vec::new(), Vec::new());
        world.query_point(p, filter, &mut got).unwrap();
        oracle.query_point(p, mask, &mut want).unwrap();
        assert_eq!(got, want, "query_point, round {round}");
        let (lo, hi) = (p - Vec2::new(6.0, 6.0), p + Vec2::new(6.0, 6.0));
        got.clear();
        want.clear();
        world.query_aabb(lo, hi, filter, &mut got).unwrap();
        oracle.query_aabb(lo, hi, mask, &mut want).unwrap();
        assert_eq!(got, want, "query_aabb, round {round}");
        let probe = Shape::circle(3.0).unwrap();
        got.clear();
        want.clear();
        world
            .query_shape(&probe, x, y, 0.0, filter, &mut got)
            .unwrap();
        oracle
            .query_shape(&probe, x, y, 0.0, mask, &mut want)
            .unwrap();
        assert_eq!(got, want, "query_shape, round {round}");
        let d = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0) + 0.01);
        let got = world.raycast(p, d, 60.0, filter).unwrap();
        let want = oracle.raycast(p, d, 60.0, mask).unwrap();
        assert_eq!(got, want, "raycast, round {round}");
        let got = world
            .cast_shape(&probe, x, y, 0.0, d * 20.0, filter)
            .unwrap();
        let want = oracle
            .cast_shape(&probe, x, y, 0.0, d * 20.0, mask)
            .unwrap();
        assert_eq!(got, want, "cast_shape, round {round}");
    }
    // Sweeps and ray batches take the same filter.
    let ids: Vec<u32> = live
        .iter()
        .copied()
        .filter(|&id| !world.is_static(id).unwrap())
        .take(40)
        .collect();
    let dxy: Vec<f32> = ids
        .iter()
        .flat_map(|&id| [id as f32 % 7.0 - 3.0, 2.0])
        .collect();
    let excluded = ids[3];
    let filter = QueryFilter {
        exclude: Some(excluded),
        exclude_statics: true,
        ..QueryFilter::default()
    };
    let mut oracle = marked.clone();
    oracle.set_layer_mask(excluded, 1 << 30, u32::MAX).unwrap();
    let mask = !(3 << 30);
    world.sweep(&ids, &dxy, filter).unwrap();
    oracle.sweep(&ids, &dxy, mask).unwrap();
    let (a, b) = (world.cast_results(), oracle.cast_results());
    assert_eq!((a.t, a.ids, a.normals), (b.t, b.ids, b.normals));
    let rays: Vec<f32> = (0..50)
        .flat_map(|k| [k as f32 * 0.8, 0.0, 0.3, 1.0])
        .collect();
    world.raycast_many(&rays, 50.0, filter).unwrap();
    oracle.raycast_many(&rays, 50.0, mask).unwrap();
    let (a, b) = (world.cast_results(), oracle.cast_results());
    assert_eq!((a.t, a.ids, a.points), (b.t, b.ids, b.points));
    assert!(
        b.ids[..50].iter().any(|&id| id != u32::MAX),
        "some ray hits"
    );
}
