//! Chains through the binding: `addChain` gives one id whose smoothed pairs equal the
//! native world's, `chainPoints` and `parts` read it back, and hostile points and options
//! (too few or too many points, NaN, a lying length, a `loop` that is not a boolean) throw
//! a named `RangeError` or `TypeError` and change nothing.

use super::*;
use sepax::shape::Chain;
use sepax::{ShapeOptions, World};

/// A wavy floor of 200 segments, `x, y` pairs.
fn wavy() -> Vec<f32> {
    (0..=200)
        .flat_map(|i| {
            let x = i as f32 * 0.25;
            [x, (x * 0.7).sin()]
        })
        .collect()
}

fn points(values: &[f32]) -> JsValue {
    Float32Array::from(values).into()
}

#[wasm_bindgen_test]
fn chain_pairs_equal_the_native_world_and_points_are_returned() {
    let mut w = world();
    let mut native = World::new();
    let o = ShapeOptions::default();
    let values = wavy();
    let local: Vec<Vec2> = values.chunks(2).map(|p| Vec2::new(p[0], p[1])).collect();
    let floor = w.add_chain(points(&values), NONE).unwrap();
    native
        .add_chain(Chain::new(&local, false).unwrap(), 0.0, 0.0, 0.0, o)
        .unwrap();
    // Moved and turned like any shape.
    w.set_transform(n(floor as f64), n(3.0), n(-1.0), n(0.2))
        .unwrap();
    native.set_transform(floor, 3.0, -1.0, 0.2).unwrap();
    let mut rng = Mulberry32::new(7);
    for _ in 0..300 {
        let (x, y, r) = (
            rng.range(0.0, 55.0),
            rng.range(-3.0, 14.0),
            rng.range(0.1, 0.8),
        );
        if rng.below(2) == 0 {
            w.add_circle(n(x as f64), n(y as f64), n(r as f64), NONE)
                .unwrap();
            native.add(Shape::circle(r).unwrap(), x, y, 0.0, o).unwrap();
        } else {
            w.add_box(n(x as f64), n(y as f64), n(r as f64), n(0.3), n(1.0), NONE)
                .unwrap();
            let shape = Shape::oriented_box(r, 0.3).unwrap();
            native.add(shape, x, y, 1.0, o).unwrap();
        }
    }
    let count = w.step().unwrap();
    assert_eq!(count as usize, native.step().unwrap());
    let pairs = read_u32(w.pairs_ptr(), 2 * count);
    assert_eq!(pairs, native.pairs());
    let floor_pairs = pairs.chunks(2).filter(|p| p[0] == floor).count();
    assert!(floor_pairs > 10, "{floor_pairs} pairs with the floor");
    let mut contacts = vec![0f32; 3 * count as usize];
    Float32Array::new_with_byte_offset_and_length(&memory_buffer(), w.contacts_ptr(), 3 * count)
        .copy_to(&mut contacts);
    assert_eq!(contacts, native.contacts());
    assert_eq!(w.chain_points(n(floor as f64)).unwrap().to_vec(), values);
    let mut want = Vec::new();
    native.parts(floor, &mut want).unwrap();
    assert_eq!(w.parts(n(floor as f64)).unwrap().to_vec(), want);
    assert_eq!(want[0], 200.0);
}

#[wasm_bindgen_test]
fn hostile_chains_throw_named_errors_and_change_nothing() {
    let mut w = world();
    let a = w.add_circle(n(0.0), n(0.0), n(1.0), NONE).unwrap();
    let b = w.add_circle(n(1.0), n(0.0), n(1.0), NONE).unwrap();
    w.step().unwrap();
    let (range, type_) = ("RangeError", "TypeError");
    let looped = || opts(&[("loop", JsValue::TRUE)]);
    for (values, options, class, needle) in [
        (
            vec![1.0, 2.0],
            NONE,
            range,
            "addChain: points: a chain needs at least 2 distinct points (got 1)",
        ),
        (vec![0.0, 0.0, 1.0, 0.0], looped(), range, "at least 3"),
        (vec![0.0, 0.0, f32::NAN, 1.0], NONE, range, "vertex 1"),
        (
            vec![0.0; 8194],
            NONE,
            range,
            "at most 4096 points (got 4097)",
        ),
        (vec![0.0; 5], NONE, range, "even"),
        (
            vec![0.0, 0.0, 1.0, 0.0],
            opts(&[("loop", n(1.0))]),
            type_,
            "opts.loop must be a boolean",
        ),
        (
            vec![0.0, 0.0, 1.0, 0.0],
            opts(&[("closed", JsValue::TRUE)]),
            type_,
            "unknown key",
        ),
    ] {
        assert_error(w.add_chain(points(&values), options), class, needle);
    }
    assert_error(
        w.add_chain(JsValue::from_str("0,0,1,0"), NONE),
        type_,
        "points",
    );
    let liar = Float32Array::from(&[0.0f32, 0.0, 1.0, 0.0][..]);
    Reflect::define_property(
        &liar,
        &JsValue::from_str("length"),
        opts(&[("value", n(10.0))]).unchecked_ref(),
    )
    .unwrap();
    assert_error(w.add_chain(liar.into(), NONE), type_, "points[4]");
    assert_error(w.chain_points(n(a as f64)), range, "is not a chain");
    assert_error(w.chain_points(JsValue::from_str("0")), type_, "id");
    // Nothing changed.
    assert_eq!(w.size(), 2);
    assert_eq!(w.step().unwrap(), 1);
    assert_eq!(pairs(&w), [a, b]);
}
