//! Determinism, wasm half: the seeded sequence of `common/determinism.rs`, run on the core
//! `World` inside this wasm instance (Node, headless Chromium or headless Firefox, baseline
//! or simd128 build), must hash to the very constant the native test checks.

use super::determinism_sequence::{run, EXPECTED};
use wasm_bindgen_test::{console_log, wasm_bindgen_test};

#[wasm_bindgen_test]
fn the_seeded_sequence_hashes_to_the_committed_constant() {
    let (hash, words) = run();
    let build = if cfg!(target_feature = "simd128") {
        "simd128"
    } else {
        "baseline"
    };
    console_log!("determinism hash (wasm32 {build}): {hash:#018x} over {words} words");
    assert!(words > 100_000, "only {words} words hashed");
    assert_eq!(
        hash, EXPECTED,
        "the determinism sequence's hash changed in wasm32 ({build}): {hash:#018x}, committed {EXPECTED:#018x}"
    );
}
