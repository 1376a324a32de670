//! The raw binding (`sepax::wasm::RawWorld`) in headless Chromium and Firefox:
//! `WASM_BINDGEN_USE_BROWSER=1 wasm-pack test --headless --chrome` (or `--firefox`). Without
//! the configure line below, a browser run silently skips this file
//! (docs/toolchain.md#wasm-test-skips).
//! The tests are in `wasm_shared/mod.rs`, shared with `wasm_node.rs`.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "wasm_shared/mod.rs"]
mod shared;
