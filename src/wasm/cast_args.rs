//! Decoding the batches of the casts (`sweep`'s `ids` and `dxy`, `raycastMany`'s `rays`):
//! genuine typed arrays of the right type, lengths checked before anything is copied into
//! wasm memory, so that a wrong batch cannot grow it. What the numbers mean (finite, in
//! range, not a zero direction) is the core's to check.

use super::args::typed_copy;
use super::errors::world_error;
use crate::world::WorldError;
use js_sys::{Float32Array, Uint32Array};
use wasm_bindgen::JsValue;

/// `sweep`'s `ids` (`Uint32Array`) and `dxy` (`Float32Array`, two numbers per id), copied
/// into `ids_out` and `dxy_out`.
pub(super) fn sweep_batch(
    method: &str,
    ids: &JsValue,
    dxy: &JsValue,
    ids_out: &mut Vec<u32>,
    dxy_out: &mut Vec<f32>,
) -> Result<(), JsValue> {
    let ids: Uint32Array = typed_copy(method, "ids", ids, &Uint32Array::new_with_length(0))?;
    let dxy: Float32Array = typed_copy(method, "dxy", dxy, &Float32Array::new_with_length(0))?;
    let (n, m) = (ids.length() as usize, dxy.length() as usize);
    if n.checked_mul(2) != Some(m) {
        return Err(world_error(
            method,
            WorldError::LengthMismatch {
                arg: "dxy",
                expected: n.saturating_mul(2),
                actual: m,
            },
        ));
    }
    ids_out.resize(n, 0);
    ids.copy_to(ids_out);
    dxy_out.resize(m, 0.0);
    dxy.copy_to(dxy_out);
    Ok(())
}

/// `raycastMany`'s `rays` (`Float32Array`), copied into `out` (its length is the core's to
/// check).
pub(super) fn ray_batch(method: &str, rays: &JsValue, out: &mut Vec<f32>) -> Result<(), JsValue> {
    let rays: Float32Array = typed_copy(method, "rays", rays, &Float32Array::new_with_length(0))?;
    out.resize(rays.length() as usize, 0.0);
    rays.copy_to(out);
    Ok(())
}
