//! `moveAndSlide` through the binding: the checked method's result object, the raw
//! variant's numbers and views (what the package's JS entry reads), and the errors.

use super::{assert_range_error, assert_type_error, n, opts, read_f32, world, NONE};
use js_sys::{Float32Array, Float64Array, Reflect};
use sepax::wasm::WasmWorld;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn field(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap()
}

fn fixed() -> JsValue {
    opts(&[("isStatic", JsValue::TRUE)])
}

#[wasm_bindgen_test]
fn move_and_slide_lands_on_a_floor_and_reports_it() {
    let mut w = world();
    let floor = w
        .add_aligned_box(n(0.0), n(1.0), n(50.0), n(1.0), fixed())
        .unwrap();
    let id = w
        .add_aligned_box(n(0.0), n(-3.0), n(0.5), n(1.0), NONE)
        .unwrap();
    w.step().unwrap();
    let result = w
        .move_and_slide(n(id as f64), n(2.0), n(5.0), NONE)
        .unwrap();
    let x = field(&result, "x").as_f64().unwrap();
    let y = field(&result, "y").as_f64().unwrap();
    assert!((x - 2.0).abs() < 1e-5, "{x}");
    assert!((y + 1.01).abs() < 1e-4, "{y}");
    assert_eq!(field(&result, "grounded"), JsValue::TRUE);
    let contacts = field(&result, "contacts")
        .dyn_into::<Float32Array>()
        .unwrap()
        .to_vec();
    assert_eq!(contacts, [floor as f32, 0.0, -1.0]);
    // Written like setTransform.
    assert_eq!(
        w.get_transform(n(id as f64)).unwrap().to_vec(),
        [x as f32, y as f32, 0.0]
    );

    // The raw variant reads its options from the numbers (defaults written as the package
    // does) and writes its result there.
    let defaults = w.move_option_defaults().to_vec();
    assert_eq!(defaults[..3], [4.0, 0.0, -1.0]);
    let count = raw(&mut w, id, -1.0, 0.5, &defaults);
    assert_eq!(count, 1);
    let out = numbers(&w);
    assert!((out[0] - (x - 1.0)).abs() < 1e-5, "{out:?}");
    assert_eq!(out[1], y);
    assert_eq!(out[2], 1.0);
    assert_eq!(
        read_f32(w.move_contacts_ptr(), 3 * count),
        [floor as f32, 0.0, -1.0]
    );
    // y-up: the floor is a ceiling, not ground.
    let y_up = [4.0, 0.0, 1.0, defaults[3], defaults[4]];
    assert_eq!(raw(&mut w, id, 0.0, 0.5, &y_up), 1);
    assert_eq!(numbers(&w)[2], 0.0);
}

/// The world's eight numbers: x, y, grounded, then the options of the next raw move.
fn numbers_view(w: &WasmWorld) -> Float64Array {
    Float64Array::new_with_byte_offset_and_length(&super::memory_buffer(), w.move_numbers_ptr(), 8)
}

fn numbers(w: &WasmWorld) -> Vec<f64> {
    numbers_view(w).to_vec()
}

/// `moveAndSlideRaw` with `options` written where the package writes them.
fn raw(w: &mut WasmWorld, id: u32, dx: f64, dy: f64, options: &[f64]) -> u32 {
    numbers_view(w).set(&Float64Array::from(options), 3);
    w.move_and_slide_raw(id as f64, dx, dy)
}

#[wasm_bindgen_test]
fn move_and_slide_errors_name_the_argument_and_change_nothing() {
    let mut w = world();
    w.add_aligned_box(n(0.0), n(1.0), n(50.0), n(1.0), fixed())
        .unwrap();
    let id = w.add_circle(n(0.0), n(-3.0), n(0.5), NONE).unwrap();
    w.step().unwrap();
    let before = w.get_transform(n(id as f64)).unwrap().to_vec();
    let m = |pairs: &[(&str, JsValue)]| opts(pairs);
    let i = n(id as f64);

    assert_type_error(
        w.move_and_slide(JsValue::from_str("1"), n(0.0), n(0.0), NONE),
        "moveAndSlide: id",
    );
    assert_range_error(w.move_and_slide(n(1.5), n(0.0), n(0.0), NONE), "id");
    assert_range_error(
        w.move_and_slide(n(99.0), n(0.0), n(0.0), NONE),
        "not the id of a live shape",
    );
    assert_range_error(
        w.move_and_slide(i.clone(), n(f64::NAN), n(0.0), NONE),
        "dx must be a finite number",
    );
    assert_range_error(
        w.move_and_slide(i.clone(), n(0.0), n(f64::INFINITY), NONE),
        "dy must be a finite number",
    );
    assert_type_error(
        w.move_and_slide(i.clone(), JsValue::NULL, n(0.0), NONE),
        "dx",
    );
    assert_range_error(w.move_and_slide(i.clone(), n(3e7), n(0.0), NONE), "x + dx");
    assert_type_error(
        w.move_and_slide(i.clone(), n(0.0), n(0.0), JsValue::from_str("fast")),
        "opts",
    );
    assert_type_error(
        w.move_and_slide(i.clone(), n(0.0), n(0.0), m(&[("maxSlop", n(1.0))])),
        "unknown key \"maxSlop\"",
    );
    assert_range_error(
        w.move_and_slide(i.clone(), n(0.0), n(0.0), m(&[("maxIterations", n(-1.0))])),
        "opts.maxIterations must be an integer from 1 to 16",
    );
    assert_range_error(
        w.move_and_slide(i.clone(), n(0.0), n(0.0), m(&[("maxIterations", n(2.5))])),
        "opts.maxIterations",
    );
    assert_type_error(
        w.move_and_slide(
            i.clone(),
            n(0.0),
            n(0.0),
            m(&[("maxIterations", JsValue::from_str("4"))]),
        ),
        "opts.maxIterations must be a number",
    );
    assert_range_error(
        w.move_and_slide(i.clone(), n(0.0), n(0.0), m(&[("maxSlope", n(f64::NAN))])),
        "opts.maxSlope",
    );
    assert_range_error(
        w.move_and_slide(i.clone(), n(0.0), n(0.0), m(&[("maxSlope", n(-1.0))])),
        "opts.maxSlope",
    );
    assert_range_error(
        w.move_and_slide(i.clone(), n(0.0), n(0.0), m(&[("skin", n(-0.1))])),
        "opts.skin",
    );
    assert_range_error(
        w.move_and_slide(
            i.clone(),
            n(0.0),
            n(0.0),
            m(&[("upX", n(0.0)), ("upY", n(0.0))]),
        ),
        "opts.upX, opts.upY",
    );
    // The raw variant: no throw, the error kept for takeError().
    let good = [4.0, 0.0, -1.0, 0.7, 0.01];
    assert_eq!(raw(&mut w, id, f64::NAN, 0.0, &good), u32::MAX);
    assert_range_error(Err::<(), _>(w.take_error()), "dx");
    assert_eq!(
        raw(&mut w, id, 0.0, 0.0, &[0.0, 0.0, -1.0, 0.7, 0.01]),
        u32::MAX
    );
    assert_range_error(Err::<(), _>(w.take_error()), "opts.maxIterations");

    assert_eq!(w.get_transform(i.clone()).unwrap().to_vec(), before);
    // Still usable: a good move works.
    assert!(w.move_and_slide(i, n(0.0), n(5.0), NONE).is_ok());
}
