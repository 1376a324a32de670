//! The casts of the `World` class: `castShape`, `sweep`, `raycastMany`, and the raw methods
//! the package's JS entry builds their garbage-free wrappers and result views on
//! (`sweepRaw`, `raycastManyRaw`, `castResultPtrs`, …).
//!
//! A third `impl` block of the same JS class; like the others, it only decodes (in
//! `cast_args`), delegates and maps errors. Results of the batches stay in wasm memory: the
//! package's `castResults()` returns typed-array views over the world's result buffers.

use super::errors::world_error;
use super::{args, cast_args, WasmWorld};
use crate::math::Vec2;
use crate::world::WorldCastHit;
use js_sys::{Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// The first shape that `shape` (a `ProbeShape`, as for `queryShape`), placed at
    /// `(x, y)` turned by `angle` and moved by `(dx, dy)`, touches (on a layer in `mask`,
    /// default all): `{ id, t, x, y, nx, ny }` with `t` the fraction of the motion at first
    /// contact, `(x, y)` the contact point and `(nx, ny)` the hit shape's surface normal
    /// pointing towards the moving shape; or `null`. Ties go to the smaller id. A cast that
    /// starts touching a shape reports it at `t = 0`. Sees the world as the last `step()`
    /// did. Returns a new small object per call: for many casts use `sweep`.
    #[wasm_bindgen(js_name = castShape, unchecked_return_type = "CastHit | null")]
    #[allow(clippy::too_many_arguments)] // the JS signature: probe, pose, motion, mask
    pub fn cast_shape(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ProbeShape")] shape: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] angle: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dx: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dy: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> Result<JsValue, JsValue> {
        const M: &str = "castShape";
        let shape = args::probe_shape(M, shape)?;
        let (x, y) = (args::finite_f32(M, "x", &x)?, args::finite_f32(M, "y", &y)?);
        let angle = args::finite_f32(M, "angle", &angle)?;
        let delta = Vec2::new(
            args::finite_f32(M, "dx", &dx)?,
            args::finite_f32(M, "dy", &dy)?,
        );
        let mask = args::optional_mask(M, &mask)?;
        let hit = self
            .inner
            .cast_shape(&shape, x, y, angle, delta, mask)
            .map_err(|e| world_error(M, e))?;
        hit.map_or(Ok(JsValue::NULL), |hit| cast_hit_object(&hit))
    }

    /// Sweeps each shape of `ids` along its own motion (`dxy` holds `dx, dy` per id): how
    /// far it can move before it first touches another shape, ignoring itself and honouring
    /// both shapes' layers and masks (as `step()` pairs them) and the call's `mask` (on the
    /// hit shape's layer, default all). Each starts at its current transform (as written
    /// since the last step); the others are where the last `step()` saw them. Returns the
    /// number of results; read them with `castResults()`. Checked whole before anything is
    /// cast: a bad batch throws and leaves the previous results alone.
    pub fn sweep(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array")] ids: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] dxy: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "sweep";
        cast_args::sweep_batch(M, &ids, &dxy, &mut self.ids, &mut self.xya)?;
        let mask = args::optional_mask(M, &mask)?;
        self.inner
            .sweep(&self.ids, &self.xya, mask)
            .map(|n| n as u32)
            .map_err(|e| world_error(M, e))
    }

    /// Casts many rays at once: `rays` holds `x, y, dx, dy` per ray (the direction need not
    /// be unit length, and must not be zero), each up to `maxDistance` (default unbounded)
    /// against the shapes on a layer in `mask` (default all). Returns the number of results;
    /// read them with `castResults()`, where `t` is the distance to the hit, as
    /// `raycast()`'s `distance`. Checked whole before anything is cast.
    #[wasm_bindgen(js_name = raycastMany)]
    pub fn raycast_many(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] rays: JsValue,
        #[wasm_bindgen(js_name = maxDistance, unchecked_optional_param_type = "number")]
        max_distance: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "raycastMany";
        cast_args::ray_batch(M, &rays, &mut self.xya)?;
        let max_distance = args::max_distance(M, &max_distance)?;
        let mask = args::optional_mask(M, &mask)?;
        self.inner
            .raycast_many(&self.xya, max_distance, mask)
            .map(|n| n as u32)
            .map_err(|e| world_error(M, e))
    }

    // ----- garbage-free variants and raw addresses for the package's JS entry ----------

    /// Low level: `sweep()` for arguments already known to be a `Uint32Array` and a
    /// `Float32Array`; returns `0xFFFFFFFF` instead of throwing (the error is kept for
    /// `takeError()`). Use `sweep()`.
    #[wasm_bindgen(js_name = sweepRaw)]
    pub fn sweep_raw(
        &mut self,
        ids: &[u32],
        dxy: &[f32],
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> u32 {
        const M: &str = "sweep";
        let result = args::optional_mask(M, &mask).and_then(|mask| {
            self.inner
                .sweep(ids, dxy, mask)
                .map_err(|e| world_error(M, e))
        });
        self.count_or_keep_error(result)
    }

    /// Low level: `raycastMany()` for `rays` already known to be a `Float32Array`; returns
    /// `0xFFFFFFFF` instead of throwing (the error is kept for `takeError()`). Use
    /// `raycastMany()`.
    #[wasm_bindgen(js_name = raycastManyRaw)]
    pub fn raycast_many_raw(
        &mut self,
        rays: &[f32],
        #[wasm_bindgen(js_name = maxDistance, unchecked_optional_param_type = "number")]
        max_distance: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> u32 {
        const M: &str = "raycastMany";
        let result = args::max_distance(M, &max_distance).and_then(|max_distance| {
            let mask = args::optional_mask(M, &mask)?;
            self.inner
                .raycast_many(rays, max_distance, mask)
                .map_err(|e| world_error(M, e))
        });
        self.count_or_keep_error(result)
    }

    /// Low level: how many items the cast result buffers hold (the longest batch so far).
    #[wasm_bindgen(js_name = castResultsLength, getter)]
    pub fn cast_results_length(&self) -> u32 {
        self.inner.cast_results().t.len() as u32
    }

    /// Low level: changes whenever the cast result buffers grow (and may move).
    #[wasm_bindgen(js_name = castResultsVersion, getter)]
    pub fn cast_results_version(&self) -> u32 {
        self.inner.cast_results_version()
    }

    /// Low level: addresses of the cast results `t`, `ids`, `normals`, `points`. Use
    /// `castResults()` instead.
    #[wasm_bindgen(js_name = castResultPtrs)]
    pub fn cast_result_ptrs(&self) -> Uint32Array {
        let addresses = self.inner.cast_result_addresses().map(|a| a as u32);
        Uint32Array::from(&addresses[..])
    }
}

impl WasmWorld {
    /// The count of a batch, or `0xFFFFFFFF` with its error kept for `takeError()`.
    fn count_or_keep_error(&mut self, result: Result<usize, JsValue>) -> u32 {
        result.map_or_else(
            |e| {
                self.error = e;
                u32::MAX
            },
            |n| n as u32,
        )
    }
}

/// `{ id, t, x, y, nx, ny }`, the object `castShape` returns.
fn cast_hit_object(hit: &WorldCastHit) -> Result<JsValue, JsValue> {
    let out = Object::new();
    let h = &hit.hit;
    for (key, value) in [
        ("id", hit.id as f64),
        ("t", h.t as f64),
        ("x", h.point.x as f64),
        ("y", h.point.y as f64),
        ("nx", h.normal.x as f64),
        ("ny", h.normal.y as f64),
    ] {
        Reflect::set(&out, &key.into(), &value.into())?;
    }
    Ok(out.into())
}

#[wasm_bindgen(typescript_custom_section)]
const TS_CAST_TYPES: &'static str = r#"
/** What `castShape` returns: the shape hit, when and where. */
export interface CastHit {
  /** The id of the shape hit. */
  id: number;
  /** The fraction of the motion `(dx, dy)` travelled at first contact, in [0, 1]. */
  t: number;
  /** The contact point. */
  x: number;
  y: number;
  /** The hit shape's unit surface normal, pointing towards the moving shape. */
  nx: number;
  ny: number;
}
"#;
