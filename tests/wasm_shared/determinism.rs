//! Determinism, wasm half: the seeded sequence of `common/determinism.rs`, run on the core
//! `World` inside this wasm instance (Node, headless Chromium or headless Firefox, baseline
//! or simd128 build), must hash to the very constant the native test checks.

use super::determinism_sequence::{run, EXPECTED};
use js_sys::{global, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{console_log, wasm_bindgen_test};

/// The property `path` of the global object (`["process", "versions", "node"]`), if it is a string.
fn global_string(path: &[&str]) -> Option<String> {
    let mut value: JsValue = global().into();
    for key in path {
        if !value.is_object() {
            return None;
        }
        value = Reflect::get(&value, &JsValue::from_str(key)).ok()?;
    }
    value.as_string()
}

/// Which engine runs this test, for the log: Node's version or the browser's user agent.
fn engine() -> String {
    global_string(&["process", "versions", "node"])
        .map(|version| format!("Node {version}"))
        .or_else(|| global_string(&["navigator", "userAgent"]))
        .unwrap_or_else(|| "unknown engine".into())
}

#[wasm_bindgen_test]
fn the_seeded_sequence_hashes_to_the_committed_constant() {
    let (hash, words) = run();
    let build = if cfg!(target_feature = "simd128") {
        "simd128"
    } else {
        "baseline"
    };
    let engine = engine();
    console_log!("determinism hash (wasm32 {build}, {engine}): {hash:#018x} over {words} words");
    assert!(words > 100_000, "only {words} words hashed");
    assert_eq!(
        hash, EXPECTED,
        "the determinism sequence's hash changed in wasm32 ({build}, {engine}): {hash:#018x}, committed {EXPECTED:#018x}"
    );
}
