//! `snapshot` and `loadSnapshot` through the binding (the package's `World.restore` is
//! `loadSnapshot` on a new world): the bytes leave as a
//! `Uint8Array`, a restored world (fresh or loaded in place) replays the same frames with
//! the same ids, pairs, contacts and events, and bytes that are not a snapshot are a
//! `RangeError` (anything but a `Uint8Array` a `TypeError`) that changes nothing.

use super::rng::Mulberry32;
use super::{assert_range_error, assert_type_error, contacts, n, pairs, read_u32, world, NONE};
use js_sys::Uint8Array;
use sepax::wasm::WasmWorld;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// What a frame gave: the ids added, then pairs, contact bits, started and ended.
type Frame = [Vec<u32>; 5];

/// Moves a few shapes, adds one now and then, steps; what a game reads afterwards.
fn frame(w: &mut WasmWorld, f: u32) -> Frame {
    let mut rng = Mulberry32::new(77 ^ f);
    let mut added = Vec::new();
    for id in 0..w.slot_count() {
        if w.has(n(f64::from(id))) && rng.below(2) == 0 {
            let (x, y) = (rng.range(0.0, 20.0), rng.range(0.0, 20.0));
            let (x, y) = (n(f64::from(x)), n(f64::from(y)));
            w.set_transform(n(f64::from(id)), x, y, n(0.5)).unwrap();
        }
    }
    if f % 3 == 0 {
        added.push(w.add_circle(n(5.0), n(5.0), n(1.5), NONE).unwrap());
    }
    if f % 4 == 1 && w.has(n(2.0)) {
        w.remove(n(2.0)).unwrap();
    }
    w.step().unwrap();
    let bits = contacts(w).iter().map(|c| c.to_bits()).collect();
    let started = read_u32(w.started_ptr(), 2 * w.started_count());
    let ended = read_u32(w.ended_ptr(), 2 * w.ended_count());
    [added, pairs(w), bits, started, ended]
}

fn crowd() -> WasmWorld {
    let mut w = world();
    for k in 0..30 {
        let (x, y) = (f64::from(k % 6) * 3.0, f64::from(k / 6) * 3.0);
        w.add_box(n(x), n(y), n(1.8), n(1.0), n(0.3), NONE).unwrap();
    }
    w
}

#[wasm_bindgen_test]
fn a_restored_world_replays_the_same_frames() {
    let mut w = crowd();
    let mut first = Vec::new();
    let mut saved = None;
    for f in 0..30 {
        first.push(frame(&mut w, f));
        if f == 9 {
            saved = Some(w.snapshot());
        }
    }
    let bytes: Uint8Array = saved.unwrap();
    assert!(first[10..]
        .iter()
        .any(|r| !r[1].is_empty() && !r[3].is_empty()));
    let mut restored = world();
    restored.load_snapshot(bytes.clone().into()).unwrap();
    assert_eq!(restored.snapshot().to_vec(), bytes.to_vec());
    let mut loaded = crowd();
    loaded.step().unwrap();
    loaded.load_snapshot(bytes.into()).unwrap();
    for (f, want) in first.iter().enumerate().skip(10) {
        assert_eq!(&frame(&mut restored, f as u32), want, "restored, frame {f}");
        assert_eq!(&frame(&mut loaded, f as u32), want, "loaded, frame {f}");
    }
}

#[wasm_bindgen_test]
fn bytes_that_are_not_a_snapshot_change_nothing() {
    let mut w = crowd();
    w.step().unwrap();
    let bytes = w.snapshot().to_vec();
    let before = w.snapshot().to_vec();
    let array = |b: &[u8]| -> JsValue { Uint8Array::from(b).into() };
    assert_range_error(
        w.load_snapshot(array(&bytes[..40])),
        "loadSnapshot: bytes: truncated at byte 40",
    );
    assert_range_error(
        w.load_snapshot(array(b"not a snapshot")),
        "loadSnapshot: bytes: bad magic",
    );
    let mut wrong = bytes.clone();
    wrong[4] = 2;
    assert_range_error(w.load_snapshot(array(&wrong)), "version 2 is not supported");
    let mut longer = bytes.clone();
    longer.push(0);
    assert_range_error(w.load_snapshot(array(&longer)), "lengths that lie");
    for len in (0..bytes.len()).step_by(5) {
        assert!(w.load_snapshot(array(&bytes[..len])).is_err());
    }
    assert_type_error(
        w.load_snapshot(n(3.0)),
        "loadSnapshot: bytes must be a Uint8Array",
    );
    assert_type_error(
        w.load_snapshot(JsValue::NULL),
        "loadSnapshot: bytes must be a Uint8Array (from snapshot()), got null",
    );
    assert_eq!(w.snapshot().to_vec(), before);
    w.step().unwrap();
}
