//! The concave polygons of the `World` class: `addConcavePolygon` and `parts`.
//!
//! Another `impl` block of the same JS class; it decodes the outline (as `addPolygon`
//! decodes its points, up to [`MAX_OUTLINE_VERTICES`]), delegates to the core's
//! [`ConcavePolygon::new`] and [`CoreWorld::add_concave`](crate::world::World::add_concave),
//! and maps the errors: a self-intersecting outline is a `RangeError` naming the first
//! vertex whose edge crosses another.

use super::errors::{shape_error, world_error};
use super::{args, WasmWorld};
use crate::shape::{ConcavePolygon, ShapeError, MAX_OUTLINE_VERTICES};
use js_sys::Float32Array;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// Adds a concave polygon: one shape, one id, whatever its outline. `points` holds
    /// `x0, y0, x1, y1, …` in local coordinates around `(x, y)`: a simple outline (3 to
    /// 1,024 points, either winding; duplicate and collinear points are merged), cut once
    /// into convex parts. An outline that crosses or touches itself throws a `RangeError`
    /// naming the first vertex whose edge does; zero area, non-finite or too many points
    /// throw too.
    #[wasm_bindgen(js_name = addConcavePolygon)]
    pub fn add_concave_polygon(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] angle: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float32Array | Float64Array | number[]")]
        points: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addConcavePolygon";
        let angle = args::finite_f32(M, "angle", &angle)?;
        let mut local = core::mem::take(&mut self.points);
        let too_many = |count| ShapeError::TooManyOutlinePoints { count };
        let result = args::read_points_up_to(
            M,
            "points",
            &points,
            &mut local,
            MAX_OUTLINE_VERTICES,
            too_many,
        )
        .and_then(|()| {
            let position = args::point(M, &x, &y)?;
            let concave = ConcavePolygon::new(&local).map_err(|e| shape_error(M, e))?;
            let options = args::add_options(M, opts)?;
            self.inner
                .add_concave(concave, position.x, position.y, angle, options)
                .map_err(|e| world_error(M, e))
        });
        self.points = local;
        result
    }

    /// The convex parts of shape `id`, for drawing and debugging, in its **local**
    /// coordinates (place them with its transform): `[partCount, n0, x, y, x, y, …, n1, …]`,
    /// each part counter-clockwise. A convex polygon is one part with its vertices; other
    /// convex kinds are `[1, 0]`; a chain is one part of 2 points per segment, in order. A
    /// new array per call.
    pub fn parts(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<Float32Array, JsValue> {
        const M: &str = "parts";
        let id = args::id(M, "id", &id)?;
        super::chain::float_array(M, &|out| self.inner.parts(id, out))
    }
}
