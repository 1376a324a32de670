//! The wasm-bindgen tests of the raw binding, shared by `wasm_node.rs` (Node) and
//! `wasm_browser.rs` (headless Chromium and Firefox). They drive `sepax::wasm::RawWorld` from
//! Rust with numbers and slices, as the package's TypeScript entry does through the generated
//! glue, and read what it writes (`io`, the step's results, the ids, floats and bytes) through
//! typed-array views of `wasm_bindgen::memory()`, as the entry does. The oracle is the core
//! itself, compiled into the same wasm instance: `collide`, `manifold`, a native `World` fed
//! the same calls, and the `Display` of its errors.
//!
//! What they check is what only a wasm run can: the core's results in each engine (the
//! determinism hash, bit-identical pairs and contacts), the binding's conventions (a failure
//! returns `u32::MAX` or `false`, `takeError()` then holds the core's message naming the
//! argument, with its numbers formatted by JavaScript, and the world is unchanged), and the
//! layouts the entry reads. The checks of JavaScript values (types, integers, unknown keys,
//! getters that throw) are the entry's, tested by the `node --test` suites of `tests/js/`.

// The seeded generators of the Rust tests (scenes are the same on every run).
#[path = "../common/rng.rs"]
mod rng;

// castShape, sweep, raycastMany.
mod casts;
// addChain, chainPoints, parts.
mod chain;
// addConcave, parts.
mod concave;
// RawWorld::new(true, u32::MAX) and result buffer 4.
mod contact_points;
// The sentinels, takeError() and the core's messages.
mod errors;
// moveAndSlide, moveOptionDefaults.
mod mover;
// addShapes, shapeRecord.
mod scene;

// The determinism sequence (shared with the native tests/determinism.rs) and its check.
mod determinism;
#[path = "../common/determinism.rs"]
mod determinism_sequence;
// snapshot, loadSnapshot.
mod snapshot;

use js_sys::{ArrayBuffer, Float32Array, Float64Array, Uint32Array, Uint8Array};
use rng::{Mulberry32, Xorshift32};
use sepax::math::{Transform, Vec2};
use sepax::wasm::{RawWorld, IO_LEN};
use sepax::{collide, Shape, ShapeKind};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

/// The sentinel of a failed call that returns a count or an id.
pub const FAILED: u32 = u32::MAX;
/// A mask (or layer) of every layer.
pub const ALL: u32 = u32::MAX;
/// The layer of the `add*` methods' default options.
pub const LAYER: u32 = 1;
/// Result buffer 0 of `resultPtr` / `resultCapacity`: the pairs.
pub const PAIRS: u32 = 0;
/// Result buffer 1: the contacts.
pub const CONTACTS: u32 = 1;
/// Result buffer 2: the pairs that started.
pub const STARTED: u32 = 2;
/// Result buffer 3: the pairs that ended.
pub const ENDED: u32 = 3;
/// Result buffer 4: the contact points.
pub const CONTACT_POINTS: u32 = 4;

/// The wasm memory's current buffer. Memory growth detaches older buffers, so every read
/// below builds its view after the last allocation it makes.
fn memory_buffer() -> ArrayBuffer {
    wasm_bindgen::memory()
        .unchecked_into::<js_sys::WebAssembly::Memory>()
        .buffer()
        .unchecked_into()
}

/// A copy of `len` u32 at address `ptr`, read through a view of wasm memory.
pub fn read_u32(ptr: u32, len: u32) -> Vec<u32> {
    let mut out = vec![0; len as usize];
    Uint32Array::new_with_byte_offset_and_length(&memory_buffer(), ptr, len).copy_to(&mut out);
    out
}

/// A copy of `len` f32 at address `ptr`.
pub fn read_f32(ptr: u32, len: u32) -> Vec<f32> {
    let mut out = vec![0.0; len as usize];
    Float32Array::new_with_byte_offset_and_length(&memory_buffer(), ptr, len).copy_to(&mut out);
    out
}

/// A copy of `len` bytes at address `ptr`.
pub fn read_u8(ptr: u32, len: u32) -> Vec<u8> {
    let mut out = vec![0; len as usize];
    Uint8Array::new_with_byte_offset_and_length(&memory_buffer(), ptr, len).copy_to(&mut out);
    out
}

/// The world's `io` numbers, read as the entry reads them.
pub fn io(w: &RawWorld) -> Vec<f64> {
    let mut out = vec![0.0; IO_LEN];
    Float64Array::new_with_byte_offset_and_length(&memory_buffer(), w.io_ptr(), IO_LEN as u32)
        .copy_to(&mut out);
    out
}

/// Writes `values` to `io` from slot `at`, as the entry writes the mover's options.
pub fn write_io(w: &RawWorld, at: usize, values: &[f64]) {
    let address = w.io_ptr() + 8 * at as u32;
    Float64Array::new_with_byte_offset_and_length(&memory_buffer(), address, values.len() as u32)
        .copy_from(values);
}

/// The last step's pairs, read from result buffer 0 as `pairs()` does.
pub fn pairs(w: &RawWorld) -> Vec<u32> {
    read_u32(w.result_ptr(PAIRS), 2 * w.pair_count())
}

/// The last step's contacts (`nx, ny, depth` per pair).
pub fn contacts(w: &RawWorld) -> Vec<f32> {
    read_f32(w.result_ptr(CONTACTS), 3 * w.pair_count())
}

/// The pairs that started at the last step.
pub fn started(w: &RawWorld) -> Vec<u32> {
    read_u32(w.result_ptr(STARTED), 2 * w.started_count())
}

/// The pairs that ended at the last step.
pub fn ended(w: &RawWorld) -> Vec<u32> {
    read_u32(w.result_ptr(ENDED), 2 * w.ended_count())
}

/// The ids the last query or `addShapes` wrote, `count` of them.
pub fn ids(w: &RawWorld, count: u32) -> Vec<u32> {
    read_u32(w.ids_ptr(), count)
}

/// The numbers the last `parts`, `chainPoints` or `shapeRecord` wrote, `count` of them.
pub fn floats(w: &RawWorld, count: u32) -> Vec<f32> {
    read_f32(w.floats_ptr(), count)
}

/// The world's snapshot bytes (address in `io[0]`), as `snapshot()` copies them out.
pub fn snapshot(w: &mut RawWorld) -> Vec<u8> {
    let len = w.snapshot();
    read_u8(io(w)[0] as u32, len)
}

/// An empty world without contact points, as `new World()` makes it.
pub fn world() -> RawWorld {
    RawWorld::new(false, u32::MAX)
}

/// Runs `call`, which must fail: it returns `sentinel`, `takeError()` then holds exactly
/// `message` (and forgets it), and the world's snapshot (every shape, transform, filter, id,
/// generation and the last step's results) is what it was.
#[track_caller]
pub fn fails<T: PartialEq + core::fmt::Debug>(
    w: &mut RawWorld,
    sentinel: T,
    call: impl FnOnce(&mut RawWorld) -> T,
    message: &str,
) {
    let before = snapshot(w);
    assert_eq!(call(w), sentinel, "expected the failure {message:?}");
    assert_eq!(w.take_error(), message);
    assert_eq!(w.take_error(), "", "takeError() forgets the message");
    assert!(snapshot(w) == before, "{message:?} changed the world");
}

/// Adds a convex shape of kind `kind` (not a polygon or segment) with sizes `a`, `b` and the
/// default options; returns its id.
pub fn add(w: &mut RawWorld, kind: ShapeKind, x: f32, y: f32, angle: f32, a: f32, b: f32) -> u32 {
    w.add_shape(kind as u8, x, y, angle, a, b, 0.0, LAYER, ALL, false)
}

/// Adds a circle, as `addCircle` does.
pub fn add_circle(w: &mut RawWorld, x: f32, y: f32, radius: f32) -> u32 {
    add(w, ShapeKind::Circle, x, y, 0.0, radius, 0.0)
}

/// Adds one shape of kind `kind % 7` through the binding, as the entry's `add*` methods do
/// (circles, aligned boxes and points get angle 0, a segment is given by its ends); returns
/// its id and the same shape with the pose the world will use.
pub fn add_kind(
    w: &mut RawWorld,
    kind: u32,
    x: f32,
    y: f32,
    angle: f32,
) -> (u32, Shape, Transform) {
    let pose = Transform::from_xy_angle(x, y, angle);
    let unturned = Transform::from_xy_angle(x, y, 0.0);
    let (id, shape, transform) = match kind % 7 {
        0 => (
            add_circle(w, x, y, 0.8),
            Shape::circle(0.8).unwrap(),
            unturned,
        ),
        1 => (
            add(w, ShapeKind::OrientedBox, x, y, angle, 1.0, 0.5),
            Shape::oriented_box(1.0, 0.5).unwrap(),
            pose,
        ),
        2 => (
            add(w, ShapeKind::AlignedBox, x, y, 0.0, 0.7, 0.9),
            Shape::aligned_box(0.7, 0.9).unwrap(),
            unturned,
        ),
        3 => {
            let points = [0.0, -1.0, 1.0, 0.0, 0.0, 1.0, -1.0, 0.2];
            let local: Vec<Vec2> = points.chunks(2).map(|p| Vec2::new(p[0], p[1])).collect();
            (
                w.add_polygon(x, y, angle, &points, LAYER, ALL, false),
                Shape::polygon(&local).unwrap(),
                pose,
            )
        }
        4 => (
            add(w, ShapeKind::Capsule, x, y, angle, 0.9, 0.4),
            Shape::capsule(0.9, 0.4).unwrap(),
            pose,
        ),
        5 => {
            // addSegment takes the end points; its pose is the midpoint, angle 0.
            let half = Vec2::new(angle.cos(), angle.sin());
            let (a, b) = (Vec2::new(x, y) - half, Vec2::new(x, y) + half);
            let id = w.add_segment(a.x, a.y, b.x, b.y, LAYER, ALL, false);
            let mid = (a + b) * 0.5;
            let h = (b - a) * 0.5;
            (
                id,
                Shape::segment(-h, h).unwrap(),
                Transform::from_xy_angle(mid.x, mid.y, 0.0),
            )
        }
        _ => (
            add(w, ShapeKind::Point, x, y, 0.0, 0.0, 0.0),
            Shape::point(),
            unturned,
        ),
    };
    assert_ne!(id, FAILED, "{}", w.take_error());
    (id, shape, transform)
}

#[wasm_bindgen_test]
fn adds_of_every_kind_issue_ids_in_order() {
    let mut w = world();
    let mut ids = Vec::new();
    for kind in 0..7 {
        ids.push(add_kind(&mut w, kind, 10.0 * kind as f32, 0.0, 0.3).0);
    }
    let square = [0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0];
    ids.push(w.add_polygon(100.0, 0.0, 0.0, &square, LAYER, ALL, false));
    ids.push(w.add_shape(
        ShapeKind::Circle as u8,
        120.0,
        0.0,
        0.0,
        1.0,
        0.0,
        0.0,
        2,
        5,
        true,
    ));
    let expected: Vec<u32> = (0..ids.len() as u32).collect();
    assert_eq!(ids, expected, "ids are slot indices, issued in order");
    assert_eq!(w.size() as usize, ids.len());
    assert_eq!(w.slot_count() as usize, ids.len());
    assert!(ids.iter().all(|&id| w.has(id)));
    assert!(!w.has(ids.len() as u32) && !w.has(u32::MAX));
    // The options went where the record says (layer, mask, flags in io[8..11]).
    let circle = ids[8];
    assert_eq!(w.shape_record(circle), 0);
    assert_eq!(io(&w)[8..11], [2.0, 5.0, 1.0]);
    // A kind number that names no convex kind (7 and 8 are records of addShapes only).
    for kind in [7u8, 8, 255] {
        fails(
            &mut w,
            FAILED,
            |w| w.add_shape(kind, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, LAYER, ALL, false),
            &format!("kind must be a shape kind (got {kind})"),
        );
    }
}

#[wasm_bindgen_test]
fn step_reports_exactly_what_collide_says_for_every_pair() {
    let mut w = world();
    let mut rng = Mulberry32::new(0x5E9A);
    let mut shapes = Vec::new();
    for kind in 0..70 {
        let (x, y, a) = (
            rng.range(0.0, 12.0),
            rng.range(0.0, 12.0),
            rng.range(-3.0, 3.0),
        );
        shapes.push(add_kind(&mut w, kind, x, y, a));
    }
    let count = w.step();
    assert_eq!(count, w.pair_count());

    let mut expected_pairs = Vec::new();
    let mut expected_contacts = Vec::new();
    for (i, (a, sa, ta)) in shapes.iter().enumerate() {
        for (b, sb, tb) in &shapes[i + 1..] {
            if let Some(c) = collide(sa, ta, sb, tb) {
                expected_pairs.extend([*a, *b]);
                expected_contacts.extend([c.normal.x, c.normal.y, c.depth]);
            }
        }
    }
    assert!(expected_pairs.len() > 20, "the scene must be crowded");
    assert_eq!(pairs(&w), expected_pairs);
    // Same kernel, same poses: bit-identical.
    assert_eq!(contacts(&w), expected_contacts);
    // Everything started at the first step; nothing ended.
    assert_eq!(started(&w), expected_pairs);
    assert_eq!(w.ended_count(), 0);
    // The capacities the entry's views cover hold the results.
    assert!(w.result_capacity(PAIRS) >= 2 * count);
    assert!(w.result_capacity(CONTACTS) >= 3 * count);
    assert!(w.result_capacity(STARTED) >= 2 * count);
    // Without contact points their buffer is empty; any higher number names it too.
    assert_eq!(w.result_capacity(CONTACT_POINTS), 0);
    for which in [5, 77, u32::MAX] {
        assert_eq!(w.result_capacity(which), 0);
        assert_eq!(w.result_ptr(which), w.result_ptr(CONTACT_POINTS));
    }
}

#[wasm_bindgen_test]
fn normal_points_from_the_smaller_id_and_depth_separates() {
    let mut w = world();
    let a = add_circle(&mut w, 0.0, 0.0, 1.0);
    let b = add_circle(&mut w, 0.0, 1.5, 1.0);
    assert_eq!(w.step(), 1);
    assert_eq!(pairs(&w), [a, b]);
    let c = contacts(&w);
    assert!(
        c[0].abs() < 1e-6 && (c[1] - 1.0).abs() < 1e-6,
        "normal {c:?}"
    );
    assert!((c[2] - 0.5).abs() < 1e-6, "depth {c:?}");
    // Moving b by normal × depth separates them (touching still counts): one more nudge does.
    assert!(w.set_transform(b, 0.0, 1.5 + 0.5 + 1e-3, 0.0));
    assert_eq!(w.step(), 0);
    assert_eq!(ended(&w), [a, b]);
}

#[wasm_bindgen_test]
fn transforms_read_back_and_batches_move_all_or_nothing() {
    let mut w = world();
    let a = add_circle(&mut w, 0.0, 0.0, 1.0);
    let b = add(&mut w, ShapeKind::OrientedBox, 3.0, 0.0, 0.5, 1.0, 1.0);
    assert!(w.transform(b));
    assert_eq!(io(&w)[..3], [3.0, 0.0, f64::from(0.5f32)]);
    assert!(w.set_transforms(&[a, b], &[1.0, 2.0, 0.0, 4.0, 5.0, 0.25]));
    assert!(w.transform(a));
    assert_eq!(io(&w)[..3], [1.0, 2.0, 0.0]);
    assert!(w.transform(b));
    assert_eq!(io(&w)[..3], [4.0, 5.0, 0.25]);
    // The columns the entry's `transforms()` views read: addresses in io[0..3], one slot per id.
    let version = w.layout_version();
    w.transform_ptrs();
    let addresses = io(&w);
    let slots = w.slot_count();
    let xs = read_f32(addresses[0] as u32, slots);
    let ys = read_f32(addresses[1] as u32, slots);
    let angles = read_f32(addresses[2] as u32, slots);
    assert_eq!(
        (xs, ys, angles),
        (vec![1.0, 4.0], vec![2.0, 5.0], vec![0.0, 0.25])
    );
    add_circle(&mut w, 9.0, 9.0, 1.0);
    assert_ne!(w.layout_version(), version, "a new slot changes the layout");
}

/// A static shape written through the columns (as `transforms().xs[id] = …` does) moves at
/// the next step only after `touchStatics()`: statics are read once, not every step.
#[wasm_bindgen_test]
fn a_static_written_through_the_columns_moves_after_touch_statics() {
    let mut w = world();
    let wall = w.add_shape(
        ShapeKind::AlignedBox as u8,
        0.0,
        0.0,
        0.0,
        1.0,
        1.0,
        0.0,
        LAYER,
        ALL,
        true,
    );
    let ball = add_circle(&mut w, 5.0, 0.0, 1.0);
    assert_eq!(w.step(), 0);
    w.transform_ptrs();
    let xs = io(&w)[0] as u32;
    Float32Array::new_with_byte_offset_and_length(&memory_buffer(), xs, w.slot_count())
        .set_index(wall, 4.0);
    assert_eq!(w.step(), 0, "the static is where the last read saw it");
    w.touch_statics();
    assert_eq!(w.step(), 1);
    assert_eq!(pairs(&w), [wall, ball]);
}

#[wasm_bindgen_test]
fn generation_tells_a_reused_id_apart() {
    let mut w = world();
    let a = add(&mut w, ShapeKind::Point, 0.0, 0.0, 0.0, 0.0, 0.0);
    let saved = w.generation(a);
    assert_eq!(saved, 0);
    assert!(w.remove(a));
    let free = w.generation(a);
    assert_ne!(free, saved);
    assert_eq!(add_circle(&mut w, 3.0, 3.0, 1.0), a);
    assert_eq!(w.generation(a), free);
    assert_eq!(w.generation(u32::MAX), 0, "never issued");
    assert_eq!(w.generation(a + 1), 0, "never issued");
}

/// Issue 21: a box turned by 1e10 rad was snapped to an axis and missed a point inside it.
#[wasm_bindgen_test]
fn a_box_turned_by_a_huge_angle_turns_by_that_angle() {
    let mut w = world();
    let b = add(&mut w, ShapeKind::OrientedBox, 0.0, 0.0, 1e10, 2.0, 0.5);
    let p = add(&mut w, ShapeKind::Point, 1.5716, -0.8775, 0.0, 0.0, 0.0);
    assert_eq!(w.step(), 1);
    assert_eq!(pairs(&w), [b, p]);
}

#[wasm_bindgen_test]
fn queries_and_raycast_see_the_stepped_world() {
    let mut w = world();
    let circle = add_circle(&mut w, 0.0, 0.0, 1.0);
    let wall = w.add_shape(
        ShapeKind::AlignedBox as u8,
        10.0,
        0.0,
        0.0,
        1.0,
        5.0,
        0.0,
        2,
        ALL,
        true,
    );
    w.step();
    let count = w.query_point(0.5, 0.0, ALL);
    assert_eq!(ids(&w, count), [circle]);
    let count = w.query_aabb(-20.0, -20.0, 20.0, 20.0, ALL);
    assert_eq!(ids(&w, count), [circle, wall]);
    assert_eq!(
        w.query_aabb(-20.0, -20.0, 20.0, 20.0, 2),
        1,
        "the mask filters"
    );
    assert_eq!(ids(&w, 1), [wall]);
    // A capsule probe from the circle to the wall, and a polygon probe in the gap.
    let none: &[f32] = &[];
    let kind = ShapeKind::Capsule as u8;
    let count = w.query_shape(kind, 5.0, 0.5, 0.0, 0.0, none, 5.0, 0.0, 0.0, ALL);
    assert_eq!(ids(&w, count), [circle, wall]);
    let triangle = [0.0, 0.0, 1.0, 0.0, 0.0, 1.0];
    let kind = ShapeKind::Polygon as u8;
    assert_eq!(
        w.query_shape(kind, 0.0, 0.0, 0.0, 0.0, &triangle, 5.0, 0.0, 0.0, ALL),
        0
    );

    assert_eq!(w.raycast(3.0, 0.0, 1.0, 0.0, f32::INFINITY, ALL), 1);
    let hit = io(&w);
    assert_eq!(hit[0] as u32, wall);
    assert!((hit[1] - 6.0).abs() < 1e-5, "distance {}", hit[1]);
    assert_eq!(
        hit[2..6],
        [9.0, 0.0, -1.0, 0.0],
        "point, then the wall's face"
    );
    assert_eq!(w.raycast(3.0, 0.0, 0.0, 1.0, 2.0, ALL), 0);
    assert_eq!(w.raycast(3.0, 0.0, 1.0, 0.0, 5.0, ALL), 0, "out of reach");
    assert_eq!(w.raycast(3.0, 0.0, 1.0, 0.0, 50.0, 1), 0, "masked out");
}

#[wasm_bindgen_test]
fn step_profiled_steps_and_reports_its_phases() {
    let mut w = world();
    let mut plain = world();
    let mut rng = Mulberry32::new(0x9F0F);
    for kind in 0..40 {
        let (x, y, a) = (
            rng.range(0.0, 9.0),
            rng.range(0.0, 9.0),
            rng.range(-3.0, 3.0),
        );
        add_kind(&mut w, kind, x, y, a);
        add_kind(&mut plain, kind, x, y, a);
    }
    let count = w.step_profiled();
    assert_eq!(count, plain.step());
    assert_eq!((pairs(&w), contacts(&w)), (pairs(&plain), contacts(&plain)));
    // performance.now() exists in every engine the suite runs in: four times, then the
    // number of candidate pairs the narrow phase tested.
    let phases = io(&w);
    assert!(
        phases[..4].iter().all(|t| t.is_finite() && *t >= 0.0),
        "{phases:?}"
    );
    assert!(phases[4] >= f64::from(count), "{phases:?}");
}

/// A polygon's world box equals the box of its vertices placed one by one, bit for bit. In the
/// simd128 build (`scripts/test.sh` runs this suite in Node with and without it) `Shape::aabb`
/// takes all four extremes of a vertex in one SIMD minimum; this is its scalar reference.
#[wasm_bindgen_test]
fn polygon_boxes_match_the_vertex_by_vertex_reference() {
    let mut rng = Xorshift32::new(0x9e37_79b9);
    for case in 0..2000 {
        let count = 3 + case % 6;
        let radius = 0.5 + 20.0 * rng.f32();
        let points: Vec<Vec2> = (0..count)
            .map(|k| {
                let angle = std::f32::consts::TAU * (k as f32 + 0.4 * rng.f32()) / count as f32;
                Vec2::new(radius * angle.cos(), radius * angle.sin())
            })
            .collect();
        let shape = Shape::polygon(&points).unwrap();
        let transform = Transform::from_xy_angle(
            4000.0 * rng.f32() - 2000.0,
            4000.0 * rng.f32() - 2000.0,
            8.0 * rng.f32() - 4.0,
        );
        // Vertices, then as many normals.
        let points = shape.polygon_points();
        let placed: Vec<Vec2> = points[..points.len() / 2]
            .iter()
            .map(|&v| transform.apply(v))
            .collect();
        let (mut lo, mut hi) = (placed[0], placed[0]);
        for p in &placed[1..] {
            lo = Vec2::new(
                if p.x < lo.x { p.x } else { lo.x },
                if p.y < lo.y { p.y } else { lo.y },
            );
            hi = Vec2::new(
                if p.x > hi.x { p.x } else { hi.x },
                if p.y > hi.y { p.y } else { hi.y },
            );
        }
        let aabb = shape.aabb(&transform);
        let got = [aabb.min.x, aabb.min.y, aabb.max.x, aabb.max.y].map(f32::to_bits);
        let want = [lo.x, lo.y, hi.x, hi.y].map(f32::to_bits);
        assert_eq!(got, want, "case {case}: {count} vertices, {transform:?}");
    }
}
