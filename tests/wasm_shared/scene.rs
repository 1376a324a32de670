//! `addShapes` and `shape` through the binding: every kind round-trips exactly, a world
//! built from the records steps like the original, and a bad list (a throwing getter
//! included) is a named error that adds nothing and leaves the world usable.

use super::{add_kind, assert_range_error, assert_type_error, contacts, n, pairs, world, NONE};
use js_sys::{Array, Function, Object, Reflect, JSON};
use sepax::wasm::WasmWorld;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// A record as JSON text, for comparing.
fn text(record: &JsValue) -> String {
    JSON::stringify(record).unwrap().into()
}

fn circle(radius: f64) -> JsValue {
    let o = Object::new();
    for (key, value) in [
        ("kind", JsValue::from_str("circle")),
        ("x", n(0.0)),
        ("y", n(0.0)),
        ("radius", n(radius)),
    ] {
        Reflect::set(&o, &key.into(), &value).unwrap();
    }
    o.into()
}

fn records(w: &WasmWorld, ids: &[u32]) -> Array {
    ids.iter()
        .map(|&id| w.shape(n(id as f64)).unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn every_kind_round_trips_and_steps_the_same() {
    let mut w = world();
    let ids: Vec<u32> = (0..14)
        .map(|i| {
            add_kind(
                &mut w,
                i,
                (i % 5) as f32 * 1.1,
                (i / 5) as f32 * 1.3,
                0.2 * i as f32,
            )
            .0
        })
        .collect();
    w.set_layer_mask(n(3.0), n(2.0), n(3.0)).unwrap();
    let list = records(&w, &ids);
    let mut copy = world();
    let copied = copy.add_shapes(list.clone().into()).unwrap().to_vec();
    assert_eq!(copied, ids);
    for (i, &id) in ids.iter().enumerate() {
        assert_eq!(
            text(&copy.shape(n(id as f64)).unwrap()),
            text(&list.get(i as u32))
        );
    }
    let count = w.step().unwrap();
    assert!(count > 3, "a scene with pairs ({count})");
    assert_eq!(copy.step().unwrap(), count);
    assert_eq!(pairs(&copy), pairs(&w));
    let bits = |c: Vec<f32>| c.iter().map(|v| v.to_bits()).collect::<Vec<u32>>();
    assert_eq!(bits(contacts(&copy)), bits(contacts(&w)));
}

#[wasm_bindgen_test]
fn a_bad_list_is_named_and_adds_nothing() {
    let mut w = world();
    let kept = w.add_point(n(0.0), n(0.0), NONE).unwrap();
    let list: Array = (0..100).map(|_| circle(1.0)).collect();
    list.push(&circle(-1.0));
    assert_range_error(
        w.add_shapes(list.into()),
        "addShapes: list[100].radius must be greater than 0 (got -1)",
    );
    assert_eq!(w.size(), 1);
    assert_type_error(w.add_shapes(n(3.0)), "addShapes: list must be an array");
    let wrong = Array::of2(&circle(1.0), &JsValue::NULL);
    assert_type_error(w.add_shapes(wrong.into()), "list[1] must be an object");
    assert_eq!(w.size(), 1);
    assert_range_error(
        w.shape(n(7.0)),
        "shape: id: 7 is not the id of a live shape",
    );
    assert_type_error(
        w.shape(JsValue::from_str("0")),
        "shape: id must be a number",
    );
    let point =
        r#"{"kind":"point","x":0,"y":0,"angle":0,"layer":1,"mask":4294967295,"isStatic":false}"#;
    assert_eq!(text(&w.shape(n(kept as f64)).unwrap()), point);
}

#[wasm_bindgen_test]
fn a_getter_that_throws_is_a_type_error_and_the_world_stays_usable() {
    let mut w = world();
    let record = circle(1.0);
    let descriptor = Object::new();
    let getter = Function::new_no_args("throw new Error('boom')");
    Reflect::set(&descriptor, &"get".into(), &getter).unwrap();
    Reflect::set(&descriptor, &"enumerable".into(), &JsValue::TRUE).unwrap();
    Object::define_property(
        record.unchecked_ref::<Object>(),
        &"radius".into(),
        &descriptor,
    );
    let list = Array::of2(&circle(2.0), &record);
    assert_type_error(
        w.add_shapes(list.into()),
        "addShapes: list[1].radius could not be read (it threw: boom)",
    );
    // Not left borrowed: every later call works.
    assert_eq!(w.size(), 0);
    let ids = w
        .add_shapes(Array::of1(&circle(2.0)).into())
        .unwrap()
        .to_vec();
    assert_eq!(ids, [0]);
    assert_eq!(w.step().unwrap(), 0);
}
