//! `snapshot()` and `loadSnapshot(bytes)`: the snapshots of
//! [`crate::world::World::snapshot_into`] as `Uint8Array`s. A fourth `impl` block of the
//! `World` class; like the others, it only decodes, delegates and maps errors. The
//! package's `World.restore(bytes)` is `loadSnapshot` on a new world (`pkg-template/`):
//! a second entry point here would cost the wasm a second copy of a world's construction
//! and teardown for no gain.
//!
//! The bytes are copied into wasm memory before they are read: the core checks a slice, and
//! a view of JS memory could change under it. `loadSnapshot` copies into a buffer the world
//! keeps, so that a rollback game loading a snapshot every rewind allocates nothing once it
//! has grown.

use super::errors::{describe, snapshot_error, type_error};
use super::WasmWorld;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The `Uint8Array` of a `bytes` argument, or the `TypeError` naming it.
fn bytes_arg<'a>(method: &str, bytes: &'a JsValue) -> Result<&'a Uint8Array, JsValue> {
    bytes.dyn_ref::<Uint8Array>().ok_or_else(|| {
        type_error(
            method,
            format!(
                "bytes must be a Uint8Array (from snapshot()), got {}",
                describe(bytes)
            ),
        )
    })
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// The world as bytes: every shape, transform, filter, id and generation, the free
    /// list, and the last step's pairs, contacts and events, in a versioned little-endian
    /// format (docs/snapshot-format.md). `World.restore(bytes)` or `loadSnapshot(bytes)`
    /// gives a world that behaves exactly as this one: the same calls then give the same
    /// ids and the same results, bit for bit. A new `Uint8Array` (a copy) per call.
    pub fn snapshot(&mut self) -> Uint8Array {
        self.inner.snapshot_into(&mut self.bytes);
        Uint8Array::from(&self.bytes[..])
    }

    /// Replaces everything this world holds by the world of `bytes` (from `snapshot()`),
    /// reusing its memory: what a rollback game does every time it rewinds. The bytes are
    /// checked whole first: on error (a `RangeError`, or a `TypeError` for anything but a
    /// `Uint8Array`) the world is unchanged.
    #[wasm_bindgen(js_name = loadSnapshot)]
    pub fn load_snapshot(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
    ) -> Result<(), JsValue> {
        const M: &str = "loadSnapshot";
        let array = bytes_arg(M, &bytes)?;
        self.bytes.resize(array.length() as usize, 0);
        array.copy_to(&mut self.bytes);
        self.inner
            .load_snapshot(&self.bytes)
            .map_err(|e| snapshot_error(M, e))
    }
}
