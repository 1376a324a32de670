//! Arbitrary bytes → a sequence of operations on the core `World` (adds of every kind with
//! arbitrary parameters, garbage floats included; removes; transforms one by one, in batches
//! and written straight into the columns; steps; every query; raycasts).
//!
//! After every operation `validate()` must pass and a rejected call must change nothing
//! observable. After every successful step the pairs and contacts must equal a brute force
//! over all live pairs (`sepax::collide` with the layer/mask filter, static-static pairs
//! excluded), bit for bit, and `(previous − ended) ∪ started` must equal the new pairs.
//! Queries are checked against brute forces over the shapes as queries see them: where the
//! last step saw them, or, for those added or written through a setter since, where their
//! columns say at the query (`world::changes`); writes straight into the columns are seen
//! after `refresh()`.
#![no_main]

// The brute-force oracle and PRNGs of the integration tests.
#[path = "../../tests/common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use sepax::math::{Aabb, Transform, Vec2};
use sepax::raycast::raycast;
use sepax::world::MAX_COORDINATE;
use sepax::{overlaps, Shape, ShapeOptions, World, WorldError};
use sepax_fuzz::Bytes;
use std::collections::{BTreeMap, BTreeSet};

fn shape_from(b: &mut Bytes) -> Result<Shape, sepax::ShapeError> {
    match b.u8() % 7 {
        0 => Shape::circle(b.size()),
        1 => Shape::aligned_box(b.size(), b.size()),
        2 => Shape::oriented_box(b.size(), b.size()),
        3 => {
            let n = b.u8() as usize % 70;
            let points: Vec<Vec2> = (0..n)
                .map(|k| {
                    if b.u8() % 4 == 0 {
                        Vec2::new(b.float(8.0), b.float(8.0))
                    } else {
                        // Mostly near-convex rings, so that valid polygons come up often.
                        let a = k as f32 * core::f32::consts::TAU / n as f32;
                        let r = b.size();
                        Vec2::new(r * a.cos(), r * a.sin())
                    }
                })
                .collect();
            Shape::polygon(&points)
        }
        4 => Shape::capsule(b.size(), b.size()),
        5 => Shape::segment(
            Vec2::new(b.float(8.0), b.float(8.0)),
            Vec2::new(b.float(8.0), b.float(8.0)),
        ),
        _ => Ok(Shape::point()),
    }
}

/// Everything a caller can observe about a world, for "a rejected call changes nothing".
#[derive(PartialEq, Debug)]
struct Snapshot {
    len: usize,
    slots: usize,
    shapes: Vec<Option<(Shape, (f32, f32, f32), (u32, u32), bool)>>,
    pairs: Vec<u32>,
    contacts: Vec<u32>,
    started: Vec<u32>,
    ended: Vec<u32>,
}

fn snapshot(world: &World) -> Snapshot {
    let shapes = (0..world.slot_count() as u32)
        .map(|id| {
            world.contains(id).then(|| {
                let t = world.transform(id).unwrap();
                (
                    world.shape(id).unwrap().clone(),
                    // Bits, so that NaN written into a column compares equal to itself.
                    (t.0, t.1, t.2),
                    world.layer_mask(id).unwrap(),
                    world.is_static(id).unwrap(),
                )
            })
        })
        .collect();
    Snapshot {
        len: world.len(),
        slots: world.slot_count(),
        shapes,
        pairs: world.pairs().to_vec(),
        contacts: world.contacts().iter().map(|c| c.to_bits()).collect(),
        started: world.started().to_vec(),
        ended: world.ended().to_vec(),
    }
}

fn same(a: &Snapshot, b: &Snapshot) -> bool {
    // Transforms compared by bits (NaN written through a column stays NaN).
    let bits = |s: &Snapshot| -> Vec<Option<[u32; 3]>> {
        s.shapes
            .iter()
            .map(|o| {
                o.as_ref()
                    .map(|(_, t, _, _)| [t.0.to_bits(), t.1.to_bits(), t.2.to_bits()])
            })
            .collect()
    };
    let rest = |s: &Snapshot| -> Vec<Option<(Shape, (u32, u32), bool)>> {
        s.shapes
            .iter()
            .map(|o| o.as_ref().map(|(sh, _, lm, st)| (sh.clone(), *lm, *st)))
            .collect()
    };
    a.len == b.len
        && a.slots == b.slots
        && bits(a) == bits(b)
        && rest(a) == rest(b)
        && a.pairs == b.pairs
        && a.contacts == b.contacts
        && a.started == b.started
        && a.ended == b.ended
}

fn pair_set(flat: &[u32]) -> BTreeSet<(u32, u32)> {
    flat.chunks_exact(2).map(|p| (p[0], p[1])).collect()
}

/// What queries see: the pose of every live shape (as the last successful step saw it, or
/// as a refresh since did).
type Stepped = BTreeMap<u32, Transform>;

/// The queries' refresh, modelled: every shape added or set since the last query, or all
/// of them at a `refresh()`, gets the pose of its columns when they hold a transform a
/// step accepts.
fn refresh_model(world: &World, stepped: &mut Stepped, ids: impl IntoIterator<Item = u32>) {
    for id in ids {
        if let Ok((x, y, a)) = world.transform(id) {
            if x.abs() <= MAX_COORDINATE && y.abs() <= MAX_COORDINATE && a.is_finite() {
                stepped.insert(id, Transform::from_xy_angle(x, y, a));
            }
        }
    }
}

fn check_step(world: &World, previous: &[u32]) {
    let (pairs, contacts) = common::brute_force_flat(world);
    assert_eq!(
        world.pairs(),
        &pairs[..],
        "pairs differ from the brute force"
    );
    let got: Vec<u32> = world.contacts().iter().map(|c| c.to_bits()).collect();
    assert_eq!(got, contacts, "contacts differ from the brute force");
    for (p, c) in world
        .pairs()
        .chunks_exact(2)
        .zip(world.contacts().chunks_exact(3))
    {
        let n = Vec2::new(c[0], c[1]);
        let culprit = || {
            format!(
                "{:?} at {:?} vs {:?} at {:?}",
                world.shape(p[0]).unwrap(),
                world.transform(p[0]).unwrap(),
                world.shape(p[1]).unwrap(),
                world.transform(p[1]).unwrap()
            )
        };
        assert!(
            c[2].is_finite() && c[2] >= 0.0,
            "depth {}: {}",
            c[2],
            culprit()
        );
        assert!(
            (n.length() - 1.0).abs() < 1e-3,
            "normal {n:?} is not unit: {}",
            culprit()
        );
    }
    let prev = pair_set(previous);
    let started = pair_set(world.started());
    let ended = pair_set(world.ended());
    let now = pair_set(world.pairs());
    let rebuilt: BTreeSet<_> = prev
        .difference(&ended)
        .copied()
        .chain(started.iter().copied())
        .collect();
    assert_eq!(rebuilt, now, "(previous − ended) ∪ started != pairs");
    assert!(ended.is_subset(&prev), "ended a pair that did not exist");
    assert!(
        started.is_subset(&now),
        "started a pair that does not exist"
    );
}

fn check_queries(world: &mut World, stepped: &Stepped, b: &mut Bytes) {
    let mask = if b.u8() % 2 == 0 { u32::MAX } else { b.u32() };
    let layers: BTreeMap<u32, u32> = stepped
        .keys()
        .map(|&id| (id, world.layer_mask(id).unwrap().0))
        .collect();
    let on_layer = |id: u32| layers[&id] & mask != 0;
    let p = Vec2::new(b.float(8.0), b.float(8.0));
    let mut out = Vec::new();
    match world.query_point(p, mask, &mut out) {
        Ok(()) => {
            let probe = Transform::from_xy_angle(p.x, p.y, 0.0);
            let want: Vec<u32> = stepped
                .iter()
                .filter(|&(&id, pose)| {
                    let shape = world.shape(id).unwrap();
                    on_layer(id)
                        && shape.aabb(pose).contains_point(p)
                        && overlaps(shape, pose, &Shape::Point, &probe)
                })
                .map(|(&id, _)| id)
                .collect();
            assert_eq!(out, want, "query_point");
        }
        Err(e) => assert!(matches!(
            e,
            WorldError::NonFinite { .. } | WorldError::OutOfRange { .. }
        )),
    }
    let q = Vec2::new(b.float(8.0), b.float(8.0));
    out.clear();
    if world.query_aabb(p, q, mask, &mut out).is_ok() {
        let query = Aabb::new(p.min(q), p.max(q));
        let want: Vec<u32> = stepped
            .iter()
            .filter(|&(&id, pose)| {
                on_layer(id) && world.shape(id).unwrap().aabb(pose).overlaps(&query)
            })
            .map(|(&id, _)| id)
            .collect();
        assert_eq!(out, want, "query_aabb");
    }
    if let Ok(shape) = shape_from(b) {
        let (x, y, angle) = (b.float(8.0), b.float(8.0), b.float(1.0));
        out.clear();
        if world
            .query_shape(&shape, x, y, angle, mask, &mut out)
            .is_ok()
        {
            let pose = Transform::from_xy_angle(x, y, angle);
            let want: Vec<u32> = stepped
                .iter()
                .filter(|&(&id, p)| {
                    let other = world.shape(id).unwrap();
                    on_layer(id)
                        && other.aabb(p).overlaps(&shape.aabb(&pose))
                        && overlaps(other, p, &shape, &pose)
                })
                .map(|(&id, _)| id)
                .collect();
            assert_eq!(out, want, "query_shape");
        }
    }
    let direction = Vec2::new(b.float(1.0), b.float(1.0));
    let max_distance = b.float(64.0);
    if let Ok(hit) = world.raycast(p, direction, max_distance, mask) {
        let scale = direction.x.abs().max(direction.y.abs());
        let unit = Vec2::new(direction.x / scale, direction.y / scale).normalize_or_zero();
        let reach = max_distance.min(4.0 * MAX_COORDINATE);
        let mut best: Option<(f32, u32)> = None;
        for (&id, pose) in stepped {
            if !on_layer(id) {
                continue;
            }
            let end = p + unit * reach;
            let ray_box = Aabb::new(p.min(end), p.max(end));
            if !world.shape(id).unwrap().aabb(pose).overlaps(&ray_box) {
                continue;
            }
            if let Some(h) = raycast(world.shape(id).unwrap(), pose, p, unit, reach) {
                if best.is_none_or(|(d, _)| h.distance < d) {
                    best = Some((h.distance, id));
                }
            }
        }
        // The world visits only the candidates whose boxes meet the ray's box; a hit found by
        // the brute force must be found there too, at the same distance.
        assert_eq!(
            hit.map(|h| h.hit.distance.to_bits()),
            best.map(|(d, _)| d.to_bits()),
            "raycast distance"
        );
        if let Some(h) = hit {
            assert!(
                (h.hit.normal.length() - 1.0).abs() < 1e-3,
                "ray normal {:?} from {p:?} along {unit:?}: {:?} at {:?}",
                h.hit,
                world.shape(h.id).unwrap(),
                stepped[&h.id]
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mut world = World::new();
    let mut stepped: Stepped = BTreeMap::new();
    // Added or set since the last query.
    let mut pending: BTreeSet<u32> = BTreeSet::new();
    let mut ops = 0;
    while !b.is_empty() && ops < 200 {
        ops += 1;
        let before = snapshot(&world);
        let live = common::live_ids(&world);
        // Mostly a live id, sometimes anything.
        let pick = |b: &mut Bytes| -> u32 {
            if !live.is_empty() && b.u8() % 8 != 0 {
                live[b.u8() as usize % live.len()]
            } else {
                b.u32() % 64
            }
        };
        let rejected = match b.u8() % 10 {
            0 | 1 => {
                let shape = shape_from(&mut b);
                let (x, y, angle) = (b.float(8.0), b.float(8.0), b.float(1.0));
                let flags = b.u8();
                let options = ShapeOptions {
                    layer: if flags & 1 != 0 { 1 << (b.u8() % 3) } else { 1 },
                    mask: if flags & 2 != 0 { b.u32() } else { u32::MAX },
                    is_static: flags & 4 != 0,
                };
                match shape {
                    Ok(shape) => match world.add(shape.clone(), x, y, angle, options) {
                        Ok(id) => {
                            assert_eq!(world.shape(id).unwrap(), &shape);
                            pending.insert(id);
                            false
                        }
                        Err(_) => true,
                    },
                    Err(_) => true,
                }
            }
            2 => {
                let id = pick(&mut b);
                let ok = world.remove(id).is_ok();
                if ok {
                    stepped.remove(&id);
                    pending.remove(&id);
                }
                !ok
            }
            3 => {
                let id = pick(&mut b);
                let ok = world
                    .set_transform(id, b.float(8.0), b.float(8.0), b.float(1.0))
                    .is_ok();
                if ok {
                    pending.insert(id);
                }
                !ok
            }
            4 => {
                let n = b.u8() as usize % 6;
                let ids: Vec<u32> = (0..n).map(|_| pick(&mut b)).collect();
                let extra = usize::from(b.u8() % 8 == 0);
                let xya: Vec<f32> = (0..3 * n + extra).map(|_| b.float(8.0)).collect();
                let ok = world.set_transforms(&ids, &xya).is_ok();
                if ok {
                    pending.extend(ids);
                }
                !ok
            }
            5 => {
                // A direct column write, as the JS views do: checked only by the next step.
                if world.slot_count() > 0 {
                    let slot = b.u8() as usize % world.slot_count();
                    let value = b.float(8.0);
                    match b.u8() % 3 {
                        0 => world.xs_mut()[slot] = value,
                        1 => world.ys_mut()[slot] = value,
                        _ => world.angles_mut()[slot] = value,
                    }
                    // Writing a static shape's slot needs touch_statics() (documented); a
                    // free slot's write is simply never read.
                    if world.is_static(slot as u32).unwrap_or(false) {
                        world.touch_statics();
                    }
                }
                // Seen by queries after a refresh, which fails (changing nothing) on a
                // transform a step would reject.
                if b.u8() % 4 == 0 && world.refresh().is_ok() {
                    pending.clear();
                    refresh_model(&world, &mut stepped, common::live_ids(&world));
                }
                false
            }
            6 => {
                let id = pick(&mut b);
                let (layer, mask) = (b.u32(), b.u32());
                world.set_layer_mask(id, layer, mask).is_err()
            }
            7 => {
                refresh_model(&world, &mut stepped, core::mem::take(&mut pending));
                check_queries(&mut world, &stepped, &mut b);
                false
            }
            _ => {
                let previous = world.pairs().to_vec();
                match world.step() {
                    Ok(n) => {
                        assert_eq!(n, world.pairs().len() / 2);
                        check_step(&world, &previous);
                        pending.clear();
                        stepped = (0..world.slot_count() as u32)
                            .filter(|&id| world.contains(id))
                            .map(|id| {
                                let (x, y, a) = world.transform(id).unwrap();
                                (id, Transform::from_xy_angle(x, y, a))
                            })
                            .collect();
                        false
                    }
                    Err(e) => {
                        assert!(
                            matches!(
                                e,
                                WorldError::NonFinite { .. } | WorldError::OutOfRange { .. }
                            ),
                            "{e:?}"
                        );
                        // A failed step publishes nothing.
                        assert_eq!(world.pairs(), &before.pairs[..]);
                        true
                    }
                }
            }
        };
        world.validate().unwrap();
        if rejected {
            assert!(
                same(&before, &snapshot(&world)),
                "a rejected call changed the world"
            );
        }
    }
});
