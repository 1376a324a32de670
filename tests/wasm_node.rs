//! The raw binding (`sepax::wasm::RawWorld`) under Node: `wasm-pack test --node`.
//! The tests are in `wasm_shared/mod.rs`, shared with `wasm_browser.rs`.
#![cfg(target_arch = "wasm32")]

#[path = "wasm_shared/mod.rs"]
mod shared;
