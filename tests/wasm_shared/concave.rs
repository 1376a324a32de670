//! Concave polygons through the binding: `addConcavePolygon` gives one id whose pairs come
//! from its parts (equal to the native world's), `parts` returns them, and hostile outlines
//! (self-intersecting, zero area, NaN, too many points, lying lengths) throw a named
//! `RangeError` or `TypeError` and change nothing.

use super::*;
use sepax::{ConcavePolygon, ShapeOptions, World};

/// A U (the notch 2 wide and 3 deep opens towards −y) as `x, y` pairs.
const CUP: [f32; 16] = [
    0.0, 0.0, 1.0, 0.0, 1.0, 3.0, 3.0, 3.0, 3.0, 0.0, 4.0, 0.0, 4.0, 4.0, 0.0, 4.0,
];

fn outline(points: &[f32]) -> JsValue {
    Float32Array::from(points).into()
}

/// `count` pairs and contacts, each copied into a buffer allocated before its view over
/// wasm memory is made (an allocation that grows memory detaches older views).
fn results(w: &WasmWorld, count: u32) -> (Vec<u32>, Vec<f32>) {
    let mut pairs = vec![0u32; 2 * count as usize];
    let mut contacts = vec![0f32; 3 * count as usize];
    Uint32Array::new_with_byte_offset_and_length(&memory_buffer(), w.pairs_ptr(), 2 * count)
        .copy_to(&mut pairs);
    Float32Array::new_with_byte_offset_and_length(&memory_buffer(), w.contacts_ptr(), 3 * count)
        .copy_to(&mut contacts);
    (pairs, contacts)
}

#[wasm_bindgen_test]
fn concave_pairs_equal_the_native_world_and_parts_are_returned() {
    let mut w = world();
    let mut native = World::new();
    let o = ShapeOptions::default();
    let local: Vec<Vec2> = CUP.chunks(2).map(|p| Vec2::new(p[0], p[1])).collect();
    let cup = w
        .add_concave_polygon(n(0.0), n(0.0), n(0.3), outline(&CUP), NONE)
        .unwrap();
    native
        .add_concave(ConcavePolygon::new(&local).unwrap(), 0.0, 0.0, 0.3, o)
        .unwrap();
    // Circles scattered over and around the cup, notch included.
    let mut rng = Mulberry32::new(5);
    for _ in 0..200 {
        let (x, y, r) = (
            rng.range(-2.0, 6.0),
            rng.range(-2.0, 6.0),
            rng.range(0.1, 0.5),
        );
        w.add_circle(n(x as f64), n(y as f64), n(r as f64), NONE)
            .unwrap();
        native.add(Shape::circle(r).unwrap(), x, y, 0.0, o).unwrap();
    }
    let count = w.step().unwrap();
    assert_eq!(count as usize, native.step().unwrap());
    let (got_pairs, got_contacts) = results(&w, count);
    assert_eq!(got_pairs, native.pairs());
    assert_eq!(got_contacts, native.contacts());
    assert!(count > 20, "{count} pairs");
    // Some circles lie inside the cup's hull but in its notch, untouched.
    let mut hull_hits = 0;
    for id in 1..=200u32 {
        let (shape, (x, y, _)) = (native.shape(id).unwrap(), native.transform(id).unwrap());
        let hull = native.shape(cup).unwrap();
        let touches_hull = collide(
            hull,
            &Transform::from_xy_angle(0.0, 0.0, 0.3),
            shape,
            &Transform::from_xy_angle(x, y, 0.0),
        )
        .is_some();
        hull_hits += usize::from(touches_hull);
    }
    let cup_pairs = got_pairs.chunks(2).filter(|p| p[0] == cup).count();
    assert!(cup_pairs > 10, "{cup_pairs} pairs with the cup");
    assert!(hull_hits > cup_pairs, "the notch holds no circle");
    let parts = w.parts(n(cup as f64)).unwrap().to_vec();
    let mut want = Vec::new();
    native.parts(cup, &mut want).unwrap();
    assert_eq!(parts, want);
    let part_count = parts[0];
    assert!((2.0..=3.0).contains(&part_count), "{part_count} parts");
}

#[wasm_bindgen_test]
fn hostile_outlines_throw_named_errors_and_change_nothing() {
    let mut w = world();
    let a = w.add_circle(n(0.0), n(0.0), n(1.0), NONE).unwrap();
    let b = w.add_circle(n(1.0), n(0.0), n(1.0), NONE).unwrap();
    w.step().unwrap();
    let add = |w: &mut WasmWorld, points: JsValue| {
        w.add_concave_polygon(n(0.0), n(0.0), n(0.0), points, NONE)
    };
    let (range, type_) = ("RangeError", "TypeError");
    let bow_tie = [0.0, 0.0, 1.0, 1.0, 2.0, 1.0, 2.0, 0.0, 1.0, 1.0, 0.0, 2.0];
    assert_error(
        add(&mut w, outline(&bow_tie)),
        range,
        "addConcavePolygon: points: the outline crosses itself at the edge from vertex 0",
    );
    // A spike folding back onto its own edge at vertex 4: named at vertex 3.
    let spike = [
        0.0, 0.0, 4.0, 0.0, 4.0, 4.0, 2.0, 4.0, 2.0, 6.0, 2.0, 5.0, 0.0, 4.0,
    ];
    assert_error(add(&mut w, outline(&spike)), range, "from vertex 3");
    let flat = [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0];
    assert_error(add(&mut w, outline(&flat)), range, "zero area");
    let nan = [0.0, 0.0, 1.0, 0.0, f32::NAN, 1.0];
    assert_error(add(&mut w, outline(&nan)), range, "vertex 2");
    let many = outline(&[0.0; 2050]);
    assert_error(add(&mut w, many), range, "at most 1024 points");
    assert_error(add(&mut w, outline(&[0.0; 5])), range, "even");
    let text = JsValue::from_str("0,0,1,0,0,1");
    assert_error(add(&mut w, text), type_, "points");
    assert_error(add(&mut w, NONE), type_, "points");
    let no_angle = w.add_concave_polygon(n(0.0), n(0.0), JsValue::NULL, outline(&CUP), NONE);
    assert_error(no_angle, type_, "angle");
    let nan_x = w.add_concave_polygon(n(f64::NAN), n(0.0), n(0.0), outline(&CUP), NONE);
    assert_error(nan_x, range, "x");
    let bad_opts = JsValue::from_str("x");
    let bad = w.add_concave_polygon(n(0.0), n(0.0), n(0.0), outline(&CUP), bad_opts);
    assert_error(bad, type_, "opts");
    // Typed arrays whose length lies: longer than they are (the missing elements are
    // `undefined`), or huge.
    for (length, class, needle) in [
        (20.0, type_, "points[16]"),
        (2e9, range, "at most 1024 points"),
    ] {
        let liar = Float32Array::from(&CUP[..]);
        let descriptor = opts(&[("value", n(length))]);
        Reflect::define_property(
            &liar,
            &JsValue::from_str("length"),
            descriptor.unchecked_ref(),
        )
        .unwrap();
        assert_error(add(&mut w, liar.into()), class, needle);
    }
    let parts_of = |w: &WasmWorld, id: JsValue| w.parts(id).map(|p| p.length());
    assert_error(parts_of(&w, JsValue::from_str("0")), type_, "id");
    assert_error(parts_of(&w, n(7.0)), range, "id");
    // Nothing changed.
    assert_eq!(w.size(), 2);
    assert_eq!(w.step().unwrap(), 1);
    assert_eq!(pairs(&w), [a, b]);
}
