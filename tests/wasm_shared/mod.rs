//! The wasm-bindgen tests of the JS binding, shared by `wasm_node.rs` (Node) and
//! `wasm_browser.rs` (headless Chromium and Firefox). They drive `sepax::wasm::WasmWorld` from Rust with
//! `JsValue` arguments, exactly as the generated JS glue does, and read results through
//! typed-array views of wasm memory, as the package's JS entry does.

// The seeded generators of the Rust tests (scenes are the same on every run).
#[path = "../common/rng.rs"]
mod rng;

// castShape, sweep, raycastMany.
mod casts;
// addConcavePolygon, parts.
mod chain;
mod concave;
mod contact_points;
mod mover;
// addShapes, shape.
mod scene;

// The determinism sequence (shared with the native tests/determinism.rs) and its check.
mod determinism;
#[path = "../common/determinism.rs"]
mod determinism_sequence;
// snapshot, loadSnapshot.
mod snapshot;

use js_sys::{
    Array, Float32Array, Float64Array, Object, RangeError, Reflect, TypeError, Uint32Array,
};
use rng::{Mulberry32, Xorshift32};
use sepax::math::{Transform, Vec2};
use sepax::wasm::WasmWorld;
use sepax::{collide, Shape};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn n(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

/// Asserts that `result` is an error of class `class` (`"TypeError"`, `"RangeError"`) whose
/// message contains `needle`.
fn assert_error<T: core::fmt::Debug>(result: Result<T, JsValue>, class: &str, needle: &str) {
    let error = result.expect_err("an error");
    let name = Reflect::get(&error, &JsValue::from_str("name")).unwrap();
    let message = Reflect::get(&error, &JsValue::from_str("message")).unwrap();
    let (name, message) = (name.as_string().unwrap(), message.as_string().unwrap());
    assert_eq!(name, class, "{message}");
    assert!(message.contains(needle), "{message:?} names {needle:?}");
}

const NONE: JsValue = JsValue::UNDEFINED;

fn opts(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (key, value) in pairs {
        Reflect::set(&o, &JsValue::from_str(key), value).unwrap();
    }
    o.into()
}

fn memory_buffer() -> JsValue {
    wasm_bindgen::memory()
        .unchecked_into::<js_sys::WebAssembly::Memory>()
        .buffer()
}

/// A copy of `len` u32 at `ptr`, read through a view of wasm memory.
fn read_u32(ptr: u32, len: u32) -> Vec<u32> {
    Uint32Array::new_with_byte_offset_and_length(&memory_buffer(), ptr, len).to_vec()
}

fn read_f32(ptr: u32, len: u32) -> Vec<f32> {
    Float32Array::new_with_byte_offset_and_length(&memory_buffer(), ptr, len).to_vec()
}

fn pairs(w: &WasmWorld) -> Vec<u32> {
    read_u32(w.pairs_ptr(), 2 * w.pair_count())
}

fn contacts(w: &WasmWorld) -> Vec<f32> {
    read_f32(w.contacts_ptr(), 3 * w.pair_count())
}

fn world() -> WasmWorld {
    WasmWorld::new(NONE).unwrap()
}

/// Adds one shape of kind `kind % 7` through the binding; returns its id and the same shape
/// with the pose the world will use.
fn add_kind(w: &mut WasmWorld, kind: u32, x: f32, y: f32, angle: f32) -> (u32, Shape, Transform) {
    let (fx, fy, fa) = (n(x as f64), n(y as f64), n(angle as f64));
    let pose = Transform::from_xy_angle(x, y, angle);
    let unturned = Transform::from_xy_angle(x, y, 0.0);
    match kind % 7 {
        0 => (
            w.add_circle(fx, fy, n(0.8), NONE).unwrap(),
            Shape::circle(0.8).unwrap(),
            unturned,
        ),
        1 => (
            w.add_box(fx, fy, n(1.0), n(0.5), fa, NONE).unwrap(),
            Shape::oriented_box(1.0, 0.5).unwrap(),
            pose,
        ),
        2 => (
            w.add_aligned_box(fx, fy, n(0.7), n(0.9), NONE).unwrap(),
            Shape::aligned_box(0.7, 0.9).unwrap(),
            unturned,
        ),
        3 => {
            let points = [0.0, -1.0, 1.0, 0.0, 0.0, 1.0, -1.0, 0.2];
            let js = Float32Array::from(&points[..]);
            let local: Vec<Vec2> = points.chunks(2).map(|p| Vec2::new(p[0], p[1])).collect();
            (
                w.add_polygon(fx, fy, fa, js.into(), NONE).unwrap(),
                Shape::polygon(&local).unwrap(),
                pose,
            )
        }
        4 => (
            w.add_capsule(fx, fy, n(0.9), n(0.4), fa, NONE).unwrap(),
            Shape::capsule(0.9, 0.4).unwrap(),
            pose,
        ),
        5 => {
            // addSegment takes the end points; its pose is the midpoint, angle 0.
            let half = Vec2::new(angle.cos(), angle.sin());
            let (a, b) = (Vec2::new(x, y) - half, Vec2::new(x, y) + half);
            let id = w
                .add_segment(
                    n(a.x as f64),
                    n(a.y as f64),
                    n(b.x as f64),
                    n(b.y as f64),
                    NONE,
                )
                .unwrap();
            let mid = (a + b) * 0.5;
            let h = (b - a) * 0.5;
            (
                id,
                Shape::segment(-h, h).unwrap(),
                Transform::from_xy_angle(mid.x, mid.y, 0.0),
            )
        }
        _ => (w.add_point(fx, fy, NONE).unwrap(), Shape::point(), unturned),
    }
}

#[wasm_bindgen_test]
fn adds_of_every_kind_with_every_points_type_and_options() {
    let mut w = world();
    let mut ids = Vec::new();
    for kind in 0..7 {
        ids.push(add_kind(&mut w, kind, 10.0 * kind as f32, 0.0, 0.3).0);
    }
    let square: [f32; 8] = [0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0];
    let as_f64: JsValue = Float64Array::from(&square.map(f64::from)[..]).into();
    let as_array: JsValue = square
        .iter()
        .map(|&v| n(f64::from(v)))
        .collect::<Array>()
        .into();
    ids.push(
        w.add_polygon(n(100.0), n(0.0), n(0.0), as_f64, NONE)
            .unwrap(),
    );
    ids.push(
        w.add_polygon(n(110.0), n(0.0), n(0.0), as_array, NONE)
            .unwrap(),
    );
    let statics = opts(&[
        ("isStatic", JsValue::TRUE),
        ("layer", n(2.0)),
        ("mask", n(-1.0)),
    ]);
    ids.push(w.add_circle(n(120.0), n(0.0), n(1.0), statics).unwrap());
    ids.push(w.add_point(n(130.0), n(0.0), JsValue::NULL).unwrap());
    let expected: Vec<u32> = (0..ids.len() as u32).collect();
    assert_eq!(ids, expected, "ids are slot indices, issued in order");
    assert_eq!(w.size() as usize, ids.len());
    assert!(ids.iter().all(|&id| w.has(n(id as f64))));
    assert!(!w.has(n(ids.len() as f64)));
    assert_eq!(w.slot_count() as usize, ids.len());
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
    let count = w.step().unwrap();
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
    assert_eq!(
        read_u32(w.started_ptr(), 2 * w.started_count()),
        expected_pairs
    );
    assert_eq!(w.ended_count(), 0);
    // The capacities the JS views cover hold the results.
    assert!(w.result_capacity(n(0.0)) >= 2 * count);
    assert!(w.result_capacity(n(1.0)) >= 3 * count);
    for which in [
        n(5.0),
        n(-1.0),
        n(0.5),
        n(f64::NAN),
        n(2f64.powi(32)),
        JsValue::NULL,
    ] {
        assert_eq!(
            w.result_capacity(which),
            0,
            "an unknown buffer has no capacity"
        );
    }
}

#[wasm_bindgen_test]
fn normal_points_from_the_smaller_id_and_depth_separates() {
    let mut w = world();
    let a = w.add_circle(n(0.0), n(0.0), n(1.0), NONE).unwrap();
    let b = w.add_circle(n(0.0), n(1.5), n(1.0), NONE).unwrap();
    assert_eq!(w.step().unwrap(), 1);
    assert_eq!(pairs(&w), [a, b]);
    let c = contacts(&w);
    assert!(
        c[0].abs() < 1e-6 && (c[1] - 1.0).abs() < 1e-6,
        "normal {c:?}"
    );
    assert!((c[2] - 0.5).abs() < 1e-6, "depth {c:?}");
    // Moving b by normal × depth separates them (touching still counts): one more nudge does.
    w.set_transform(n(b as f64), n(0.0), n(1.5 + 0.5 + 1e-3), n(0.0))
        .unwrap();
    assert_eq!(w.step().unwrap(), 0);
    assert_eq!(read_u32(w.ended_ptr(), 2 * w.ended_count()), [a, b]);
}

fn assert_type_error(result: Result<impl core::fmt::Debug, JsValue>, needle: &str) {
    let error = result.expect_err("expected a TypeError");
    let error = error.dyn_ref::<TypeError>().expect("a TypeError");
    let message = String::from(error.message());
    assert!(message.contains(needle), "{message:?} names {needle:?}");
}

fn assert_range_error(result: Result<impl core::fmt::Debug, JsValue>, needle: &str) {
    let error = result.expect_err("expected a RangeError");
    let error = error.dyn_ref::<RangeError>().expect("a RangeError");
    let message = String::from(error.message());
    assert!(message.contains(needle), "{message:?} names {needle:?}");
}

#[wasm_bindgen_test]
fn errors_are_type_or_range_errors_and_change_nothing() {
    let mut w = world();
    let a = w.add_circle(n(0.0), n(0.0), n(1.0), NONE).unwrap();
    let b = w.add_circle(n(1.0), n(0.0), n(1.0), NONE).unwrap();
    let gone = w.add_point(n(50.0), n(50.0), NONE).unwrap();
    w.remove(n(gone as f64)).unwrap();
    w.step().unwrap();
    let before = pairs(&w);
    assert_eq!(before, [a, b]);
    let ids = |v: &[u32]| -> JsValue { Uint32Array::from(v).into() };
    let xya = |v: &[f32]| -> JsValue { Float32Array::from(v).into() };

    assert_range_error(
        w.add_circle(n(f64::NAN), n(0.0), n(1.0), NONE),
        "addCircle: x",
    );
    assert_type_error(w.add_circle(n(0.0), n(0.0), JsValue::NULL, NONE), "radius");
    assert_range_error(w.add_circle(n(0.0), n(0.0), n(-1.0), NONE), "radius");
    assert_type_error(
        w.add_circle(n(0.0), n(0.0), n(1.0), JsValue::from_str("x")),
        "opts",
    );
    assert_type_error(
        w.add_box(
            n(0.0),
            n(0.0),
            n(1.0),
            n(1.0),
            NONE,
            opts(&[("solid", JsValue::TRUE)]),
        ),
        "opts",
    );
    assert_type_error(w.remove(JsValue::from_str("1")), "id");
    assert_range_error(w.remove(n(1.5)), "id");
    assert_range_error(w.remove(n(gone as f64)), "not the id of a live shape");
    assert_type_error(w.set_transforms(xya(&[0.0]), xya(&[0.0; 3])), "ids");
    assert_type_error(
        w.set_transforms(ids(&[a]), Float64Array::new_with_length(3).into()),
        "xya",
    );
    assert_range_error(
        w.set_transforms(ids(&[a, b]), xya(&[0.0; 5])),
        "xya must have length 6",
    );
    assert_range_error(w.set_transforms(ids(&[a, gone]), xya(&[0.0; 6])), "ids");
    let bad_vertex: JsValue = Float32Array::from(&[0.0, 0.0, 1.0, 0.0, f32::NAN, 1.0][..]).into();
    assert_range_error(
        w.add_polygon(n(0.0), n(0.0), n(0.0), bad_vertex, NONE),
        "vertex 2",
    );
    assert_type_error(
        w.add_polygon(n(0.0), n(0.0), n(0.0), JsValue::from_str("0,0"), NONE),
        "points",
    );
    assert_range_error(
        w.raycast(n(0.0), n(0.0), n(0.0), n(0.0), NONE, NONE),
        "dx, dy",
    );
    assert_type_error(
        w.query_shape(
            opts(&[("kind", JsValue::from_str("blob"))]),
            n(0.0),
            n(0.0),
            NONE,
            NONE,
        ),
        "shape",
    );

    // Nothing changed: same shapes, and a step reports the same pairs.
    assert_eq!(w.size(), 2);
    assert_eq!(w.step().unwrap(), 1);
    assert_eq!(pairs(&w), before);
}

#[wasm_bindgen_test]
fn generation_tells_a_reused_id_apart() {
    let mut w = world();
    let a = w.add_point(n(0.0), n(0.0), NONE).unwrap();
    let saved = w.generation(n(a as f64)).unwrap();
    assert_eq!(saved, 0);
    w.remove(n(a as f64)).unwrap();
    let free = w.generation(n(a as f64)).unwrap();
    assert_ne!(free, saved);
    assert_eq!(w.add_circle(n(3.0), n(3.0), n(1.0), NONE).unwrap(), a);
    assert_eq!(w.generation(n(a as f64)).unwrap(), free);
    assert_eq!(w.generation(n(4_294_967_295.0)).unwrap(), 0, "never issued");
    assert_type_error(w.generation(JsValue::from_str("0")), "generation: id");
    assert_type_error(w.generation(NONE), "id");
    assert_range_error(w.generation(n(-1.0)), "id");
    assert_range_error(w.generation(n(0.5)), "id");
    assert_range_error(w.generation(n(4_294_967_296.0)), "id");
}

/// Issue 21: a box turned by 1e10 rad was snapped to an axis and missed a point inside it.
#[wasm_bindgen_test]
fn a_box_turned_by_a_huge_angle_turns_by_that_angle() {
    let mut w = world();
    let b = w
        .add_box(n(0.0), n(0.0), n(2.0), n(0.5), n(1e10), NONE)
        .unwrap();
    let p = w.add_point(n(1.5716), n(-0.8775), NONE).unwrap();
    assert_eq!(w.step().unwrap(), 1);
    assert_eq!(pairs(&w), [b, p]);
}

#[wasm_bindgen_test]
fn raw_variants_keep_the_error_for_take_error() {
    let mut w = world();
    let a = w.add_circle(n(0.0), n(0.0), n(1.0), NONE).unwrap();
    let b = w.add_circle(n(1.0), n(0.0), n(1.0), NONE).unwrap();
    assert_eq!(w.step_raw(), 1);
    assert!(w.take_error().is_undefined());

    assert!(!w.set_transforms_raw(&[a], &[1.0]));
    let error = w.take_error();
    let message = String::from(
        error
            .dyn_ref::<RangeError>()
            .expect("a RangeError")
            .message(),
    );
    assert!(message.starts_with("setTransforms: xya"), "{message:?}");
    assert!(w.take_error().is_undefined(), "taken once");

    assert!(w.set_transforms_raw(&[b], &[5.0, 0.0, 0.0]));
    // A non-finite x written into the column (as a JS view would) fails the step.
    let [xs, _, _] = <[u32; 3]>::try_from(w.transform_ptrs().to_vec()).unwrap();
    Float32Array::new_with_byte_offset_and_length(&memory_buffer(), xs, w.slot_count())
        .set_index(b, f32::INFINITY);
    assert_eq!(w.step_raw(), u32::MAX);
    let message = String::from(
        w.take_error()
            .dyn_ref::<RangeError>()
            .expect("a RangeError")
            .message(),
    );
    assert!(message.contains(&format!("shape {b}")), "{message:?}");
    assert_range_error(w.step(), "shape");

    // Fixed through the setter, the world steps again.
    w.set_transform(n(b as f64), n(5.0), n(0.0), n(0.0))
        .unwrap();
    assert_eq!(w.step_raw(), 0);
    assert_eq!(read_u32(w.ended_ptr(), 2 * w.ended_count()), [a, b]);
}

#[wasm_bindgen_test]
fn queries_and_raycast_see_the_stepped_world() {
    let mut w = world();
    let circle = w.add_circle(n(0.0), n(0.0), n(1.0), NONE).unwrap();
    let wall = w
        .add_aligned_box(
            n(10.0),
            n(0.0),
            n(1.0),
            n(5.0),
            opts(&[("isStatic", JsValue::TRUE)]),
        )
        .unwrap();
    w.step().unwrap();
    assert_eq!(
        w.query_point(n(0.5), n(0.0), NONE).unwrap().to_vec(),
        [circle]
    );
    assert_eq!(
        w.query_aabb(n(-20.0), n(-20.0), n(20.0), n(20.0), NONE)
            .unwrap()
            .to_vec(),
        [circle, wall]
    );
    let hit = w
        .raycast(n(3.0), n(0.0), n(1.0), n(0.0), NONE, NONE)
        .unwrap();
    let get = |key: &str| {
        Reflect::get(&hit, &JsValue::from_str(key))
            .unwrap()
            .as_f64()
            .unwrap()
    };
    assert_eq!(get("id") as u32, wall);
    assert!((get("distance") - 6.0).abs() < 1e-5);
    assert!(
        (get("nx") + 1.0).abs() < 1e-6,
        "the wall's face looks back along the ray"
    );
    assert!(w
        .raycast(n(3.0), n(0.0), n(0.0), n(1.0), n(2.0), NONE)
        .unwrap()
        .is_null());
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
