//! The chains of the `World` class: `addChain` and `chainPoints`.
//!
//! Another `impl` block of the same JS class; it decodes the points (as `addPolygon`
//! decodes its points, up to [`MAX_CHAIN_POINTS`]) and the options (`loop` besides the
//! filter options of every `add*` method), delegates to the core's [`Chain::new`] and
//! [`CoreWorld::add_chain`](crate::world::World::add_chain), and maps the errors.

use super::errors::{shape_error, world_error};
use super::{args, WasmWorld};
use crate::shape::{Chain, ShapeError, MAX_CHAIN_POINTS};
use crate::world::{ShapeOptions, WorldError};
use js_sys::Float32Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Options of `addChain`: those of every `add*` method, and whether the chain is closed. */
export interface ChainOptions extends ShapeOptions {
  /** Join the last point to the first: a closed, one-sided chain (default false: open, two-sided). */
  loop?: boolean;
}
"#;

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// Adds a chain: a polyline of segments (terrain, outlines) as one shape with one id,
    /// placed at `(0, 0)` with angle 0 (move it with `setTransform` like any shape; its
    /// points are local). `points` holds `x0, y0, x1, y1, …`: 2 to 4,096 points (3 or more
    /// for a loop); a point that repeats the previous one (within `1e-6 ×` the chain's
    /// size) is merged into it, and so is a loop's last point when it repeats the first.
    /// `opts` takes `loop` (default `false`) besides `layer`, `mask` and `isStatic`.
    ///
    /// An open chain collides on both sides. A loop collides on one side only, the right
    /// of its direction (walking from point to point): outside for a loop that turns
    /// counter-clockwise with y up (clockwise on a y-down canvas), inside for the other
    /// winding. Contacts are smoothed: a shape sliding along the chain gets the surface's
    /// normal, never one from an internal joint.
    #[wasm_bindgen(js_name = addChain)]
    pub fn add_chain(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Float32Array | Float64Array | number[]")]
        points: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ChainOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addChain";
        let mut local = core::mem::take(&mut self.points);
        let too_many = |count| ShapeError::TooManyChainPoints { count };
        let result =
            args::read_points_up_to(M, "points", &points, &mut local, MAX_CHAIN_POINTS, too_many)
                .and_then(|()| {
                    let (is_loop, options) = chain_options(M, opts)?;
                    let chain = Chain::new(&local, is_loop).map_err(|e| shape_error(M, e))?;
                    self.inner
                        .add_chain(chain, 0.0, 0.0, 0.0, options)
                        .map_err(|e| world_error(M, e))
                });
        self.points = local;
        result
    }

    /// The points of chain `id` in its **local** coordinates (place them with its
    /// transform to draw them), `[x0, y0, x1, y1, …]`, close duplicates merged; a loop's
    /// last point joins its first. A `RangeError` for an id that is not a chain. A new
    /// array per call.
    #[wasm_bindgen(js_name = chainPoints)]
    pub fn chain_points(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<Float32Array, JsValue> {
        const M: &str = "chainPoints";
        let id = args::id(M, "id", &id)?;
        float_array(M, &|out| self.inner.chain_points(id, out))
    }
}

/// The `opts` of `addChain`: `undefined`, `null` or `{ loop?, layer?, mask?, isStatic? }`.
fn chain_options(method: &str, opts: JsValue) -> Result<(bool, ShapeOptions), JsValue> {
    if opts.is_undefined() || opts.is_null() {
        return Ok((false, ShapeOptions::default()));
    }
    args::plain_object(
        method,
        "opts",
        &opts,
        &["loop", "layer", "mask", "isStatic"],
    )?;
    let is_loop = args::optional_bool(method, "opts.", &opts, "loop")?;
    Ok((is_loop, args::filter_options(method, "opts.", &opts)?))
}

/// A new `Float32Array` of the numbers `write` puts in a vector, or its error as
/// `method`'s. One copy for `parts` and `chainPoints`.
#[inline(never)]
pub(super) fn float_array(
    method: &str,
    write: &dyn Fn(&mut Vec<f32>) -> Result<(), WorldError>,
) -> Result<Float32Array, JsValue> {
    let mut out = Vec::new();
    write(&mut out).map_err(|e| world_error(method, e))?;
    Ok(Float32Array::from(&out[..]))
}
