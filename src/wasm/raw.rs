//! The `World` methods the package's JS entry (`pkg-template/`) is built on: variants that
//! create no JS garbage, and the raw addresses and lengths its typed-array views are made
//! from. Users call the entry's wrappers (`step()`, `pairs()`, `transforms()`, …) instead.
//!
//! A second `impl` block of the same JS class; like the first, it only delegates.

use super::errors::world_error;
use super::{args, WasmWorld};
use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    // ----- garbage-free variants for the package's JS entry ------------------------------
    //
    // A method returning `Result` makes wasm-bindgen's glue build a small JS array per call
    // (multi-value return), and `setTransforms` copies through fresh typed-array views: tens
    // of bytes of JS garbage per frame. These variants return one number and keep the error
    // for `takeError()`; the package's `step()` and `setTransforms()` wrap them and throw.

    /// Low level: `step()` that returns `0xFFFFFFFF` instead of throwing (the error is kept
    /// for `takeError()`). Use `step()`.
    #[wasm_bindgen(js_name = stepRaw)]
    pub fn step_raw(&mut self) -> u32 {
        self.step().unwrap_or_else(|e| {
            self.error = e;
            u32::MAX
        })
    }

    /// Low level: `setTransforms()` for arguments already known to be a `Uint32Array` and a
    /// `Float32Array` (wasm-bindgen copies them without creating JS objects). Returns false
    /// instead of throwing (the error is kept for `takeError()`). Use `setTransforms()`.
    #[wasm_bindgen(js_name = setTransformsRaw)]
    pub fn set_transforms_raw(&mut self, ids: &[u32], xya: &[f32]) -> bool {
        match self.inner.set_transforms(ids, xya) {
            Ok(()) => true,
            Err(e) => {
                self.error = world_error("setTransforms", e);
                false
            }
        }
    }

    /// Low level: the error of the last failed `stepRaw()` / `setTransformsRaw()` call (then
    /// forgets it).
    #[wasm_bindgen(js_name = takeError)]
    pub fn take_error(&mut self) -> JsValue {
        core::mem::replace(&mut self.error, JsValue::UNDEFINED)
    }

    // ----- raw addresses for the package's view helper ----------------------------------

    /// Number of pairs found by the last step.
    #[wasm_bindgen(js_name = pairCount, getter)]
    pub fn pair_count(&self) -> u32 {
        (self.inner.pairs().len() / 2) as u32
    }

    /// Low level: address of the pairs (`2 × pairCount` u32). Use `pairs()` instead.
    #[wasm_bindgen(js_name = pairsPtr)]
    pub fn pairs_ptr(&self) -> u32 {
        self.inner.pairs().as_ptr() as u32
    }

    /// Low level: address of the contacts (`3 × pairCount` f32). Use `contacts()` instead.
    #[wasm_bindgen(js_name = contactsPtr)]
    pub fn contacts_ptr(&self) -> u32 {
        self.inner.contacts().as_ptr() as u32
    }

    /// Number of pairs that started at the last step.
    #[wasm_bindgen(js_name = startedCount, getter)]
    pub fn started_count(&self) -> u32 {
        (self.inner.started().len() / 2) as u32
    }

    /// Low level: address of the started pairs. Use `started()` instead.
    #[wasm_bindgen(js_name = startedPtr)]
    pub fn started_ptr(&self) -> u32 {
        self.inner.started().as_ptr() as u32
    }

    /// Number of pairs that ended at the last step.
    #[wasm_bindgen(js_name = endedCount, getter)]
    pub fn ended_count(&self) -> u32 {
        (self.inner.ended().len() / 2) as u32
    }

    /// Low level: address of the ended pairs. Use `ended()` instead.
    #[wasm_bindgen(js_name = endedPtr)]
    pub fn ended_ptr(&self) -> u32 {
        self.inner.ended().as_ptr() as u32
    }

    /// Low level: the allocated length (in elements) of a result buffer: `which` is 0 for
    /// pairs, 1 contacts, 2 started, 3 ended, 4 contact points; anything else gives 0. The package's views
    /// cover these allocations so that reading results creates no JS object per frame.
    #[wasm_bindgen(js_name = resultCapacity)]
    pub fn result_capacity(
        &self,
        // A JsValue, not u32: wasm-bindgen would turn "x", null, NaN and 2^32 into index 0.
        #[wasm_bindgen(unchecked_param_type = "number")] which: JsValue,
    ) -> u32 {
        let capacities = self.inner.result_capacities();
        args::index_below(&which, capacities.len()).map_or(0, |w| capacities[w] as u32)
    }

    /// Number of slots (ids are below it); the length of the transform columns.
    #[wasm_bindgen(js_name = slotCount, getter)]
    pub fn slot_count(&self) -> u32 {
        self.inner.slot_count() as u32
    }

    /// Low level: changes whenever the transform columns move or change length.
    #[wasm_bindgen(js_name = layoutVersion, getter)]
    pub fn layout_version(&self) -> u32 {
        self.inner.layout_version()
    }

    /// Low level: addresses of the x, y and angle columns. Use `transforms()`
    /// instead.
    #[wasm_bindgen(js_name = transformPtrs)]
    pub fn transform_ptrs(&self) -> Uint32Array {
        let [x, y, a] = self.inner.transform_column_addresses();
        Uint32Array::from(&[x as u32, y as u32, a as u32][..])
    }
}
