//! The JavaScript binding: one `World` class whose methods convert their arguments,
//! delegate to [`crate::world::World`] and turn every error into a JS `TypeError` or
//! `RangeError` that names the method and the argument.
//!
//! Each method is a few lines (decode, delegate, map the error), and each job has its own
//! module:
//!
//! - this file: the `World` class as users call it (shapes, transforms, step, queries);
//! - `mover`: `moveAndSlide`, checked and garbage-free;
//! - `raw`: the low-level methods the package's JS entry is built on (variants that make no
//!   JS garbage, addresses for typed-array views);
//! - `contact_points`: the `WorldOptions` type and the contact points' address;
//! - `casts`: `castShape`, `sweep`, `raycastMany` and their raw variants; `cast_args`
//!   decodes their batches;
//! - `scene`: `addShapes` and `shape`, scenes as plain objects;
//! - `args`: decoding and checking arguments;
//! - `errors`: the `TypeError`s and `RangeError`s, and how values are described in them;
//! - `float_text`: the numbers in those messages, formatted by JavaScript.
//!
//! Arguments arrive as raw `JsValue`s on purpose: wasm-bindgen's own `f64`/`u32`
//! parameters coerce silently (`null` becomes 0, `"3"` becomes 3, an id of `1.5` becomes 1,
//! `NaN` becomes 0), and the whole point of sepax's boundary is that bad input is named,
//! never guessed at. The TypeScript signatures still say `number` (`unchecked_param_type`).
//!
//! Results are not copied out here. The package's JS entry builds typed-array views over
//! wasm memory from the addresses and lengths these methods export, and rebuilds them when
//! memory grows or a column moves (see `pkg-template/`).
//!
//! Arguments are read without letting user code break the world: `args` reads objects
//! (`opts`, probe shapes) and arrays with `Reflect` calls that catch what a getter or proxy
//! trap throws. An exception escaping a wasm call while a `World` is borrowed would leave it
//! borrowed for good ("recursive use of an object detected") — every later call on it
//! would fail.
//!
//! No geometry and no loop over shapes lives in the binding: what an argument means as
//! geometry (a segment given by its two ends, say) is decided by the core.

mod args;
mod cast_args;
mod casts;
mod chain;
mod concave;
mod contact_points;
mod errors;
mod float_text;
mod mover;
mod raw;
mod scene;
mod snapshot;

use crate::math::Vec2;
use crate::shape::{Shape, ShapeError};
use crate::world::{World as CoreWorld, WorldRayHit};
use errors::{shape_error, world_error};
use js_sys::{Float32Array, Float64Array, Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::*;

// Talc instead of the default dlmalloc: about 6 KB less wasm. A steady-state step allocates
// nothing, so the allocator only serves adds, removes, growth and error messages.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`, present in browsers, workers and Node.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The wasm memory, for building typed-array views over a world's columns and results.
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// A collision world: add shapes, move them, call `step()`, read the touching pairs.
#[wasm_bindgen(js_name = World)]
pub struct WasmWorld {
    inner: CoreWorld,
    ids: Vec<u32>,
    xya: Vec<f32>,
    points: Vec<Vec2>,
    hits: Vec<u32>,
    /// The last `moveAndSlide`'s `x, y, grounded`, then the options of the next
    /// `moveAndSlideRaw`, then the address of the last move's contacts: the package reads
    /// and writes them through a view.
    moved: [f64; 9],
    /// The error of the last failed `*Raw` call, for `takeError()`.
    error: JsValue,
    /// Snapshot bytes on their way in or out (see `snapshot`).
    bytes: Vec<u8>,
}

impl WasmWorld {
    /// The binding of the core world `inner`, with empty scratch buffers.
    fn with(inner: CoreWorld) -> WasmWorld {
        WasmWorld {
            inner,
            ids: Vec::new(),
            xya: Vec::new(),
            points: Vec::new(),
            hits: Vec::new(),
            moved: [0.0; 9],
            error: JsValue::UNDEFINED,
            bytes: Vec::new(),
        }
    }

    /// Adds `shape` at `(x, y)`: decodes the position, then reports a rejected shape, then
    /// decodes `opts` (the order the messages have always come in).
    fn add(
        &mut self,
        method: &str,
        shape: Result<Shape, ShapeError>,
        x: &JsValue,
        y: &JsValue,
        angle: f32,
        opts: JsValue,
    ) -> Result<u32, JsValue> {
        let position = args::point(method, x, y)?;
        let shape = shape.map_err(|e| shape_error(method, e))?;
        self.add_at(method, shape, position, angle, opts)
    }

    /// Adds a shape already decoded and placed at `position`, with the `add*` methods' `opts`.
    fn add_at(
        &mut self,
        method: &str,
        shape: Shape,
        position: Vec2,
        angle: f32,
        opts: JsValue,
    ) -> Result<u32, JsValue> {
        let options = args::add_options(method, opts)?;
        self.inner
            .add(shape, position.x, position.y, angle, options)
            .map_err(|e| world_error(method, e))
    }

    /// The hits of the last query as a fresh `Uint32Array`.
    fn hits_array(&self) -> Uint32Array {
        Uint32Array::from(&self.hits[..])
    }
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// Creates an empty world; `options` (may be omitted): `{ contactPoints?: boolean }`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "WorldOptions")] options: JsValue,
    ) -> Result<WasmWorld, JsValue> {
        let options = args::world_options("new World", &options)?;
        Ok(WasmWorld::with(CoreWorld::with_options(options)))
    }

    /// Adds a circle of `radius` centred at `(x, y)`; returns its id.
    #[wasm_bindgen(js_name = addCircle)]
    pub fn add_circle(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] radius: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addCircle";
        let r = args::finite_f32(M, "radius", &radius)?;
        self.add(M, Shape::circle(r), &x, &y, 0.0, opts)
    }

    /// Adds a rectangle centred at `(x, y)` turned by `angle` radians (default 0); it turns
    /// with later transforms.
    #[wasm_bindgen(js_name = addBox)]
    pub fn add_box(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(js_name = halfWidth, unchecked_param_type = "number")] half_width: JsValue,
        #[wasm_bindgen(js_name = halfHeight, unchecked_param_type = "number")] half_height: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] angle: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addBox";
        let hw = args::finite_f32(M, "halfWidth", &half_width)?;
        let hh = args::finite_f32(M, "halfHeight", &half_height)?;
        let angle = args::optional_f32(M, "angle", &angle, 0.0)?;
        self.add(M, Shape::oriented_box(hw, hh), &x, &y, angle, opts)
    }

    /// Adds a rectangle centred at `(x, y)` that stays axis-aligned whatever angle it is
    /// given later (cheaper than `addBox` for tiles and walls).
    #[wasm_bindgen(js_name = addAlignedBox)]
    pub fn add_aligned_box(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(js_name = halfWidth, unchecked_param_type = "number")] half_width: JsValue,
        #[wasm_bindgen(js_name = halfHeight, unchecked_param_type = "number")] half_height: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addAlignedBox";
        let hw = args::finite_f32(M, "halfWidth", &half_width)?;
        let hh = args::finite_f32(M, "halfHeight", &half_height)?;
        self.add(M, Shape::aligned_box(hw, hh), &x, &y, 0.0, opts)
    }

    /// Adds a convex polygon. `points` holds `x0, y0, x1, y1, …` in local coordinates
    /// around `(x, y)` (3 to 64 points, either winding; clockwise is reversed, duplicate and
    /// collinear points are merged; anything else invalid throws a `RangeError` naming the
    /// vertex).
    #[wasm_bindgen(js_name = addPolygon)]
    pub fn add_polygon(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] angle: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float32Array | Float64Array | number[]")]
        points: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addPolygon";
        let angle = args::finite_f32(M, "angle", &angle)?;
        let mut local = core::mem::take(&mut self.points);
        let result = args::read_points(M, "points", &points, &mut local)
            .and_then(|()| self.add(M, Shape::polygon(&local), &x, &y, angle, opts));
        self.points = local;
        result
    }

    /// Adds a capsule (a rounded rectangle, "stadium"): the points within `radius` of a
    /// segment of length `2 × halfLength` centred at `(x, y)` along the local x axis,
    /// turned by `angle` (default 0).
    #[wasm_bindgen(js_name = addCapsule)]
    pub fn add_capsule(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(js_name = halfLength, unchecked_param_type = "number")] half_length: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] radius: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] angle: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addCapsule";
        let hl = args::finite_f32(M, "halfLength", &half_length)?;
        let r = args::finite_f32(M, "radius", &radius)?;
        let angle = args::optional_f32(M, "angle", &angle, 0.0)?;
        self.add(M, Shape::capsule(hl, r), &x, &y, angle, opts)
    }

    /// Adds the segment from `(x1, y1)` to `(x2, y2)`. Its position (for `setTransform`) is
    /// its midpoint, its angle 0.
    #[wasm_bindgen(js_name = addSegment)]
    pub fn add_segment(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y1: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x2: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y2: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        const M: &str = "addSegment";
        let (a, b) = args::segment_ends(M, "", [&x1, &y1, &x2, &y2])?;
        let (shape, midpoint) = Shape::segment_between(a, b).map_err(|e| shape_error(M, e))?;
        self.add_at(M, shape, midpoint, 0.0, opts)
    }

    /// Adds a point at `(x, y)`.
    #[wasm_bindgen(js_name = addPoint)]
    pub fn add_point(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ShapeOptions")] opts: JsValue,
    ) -> Result<u32, JsValue> {
        self.add("addPoint", Ok(Shape::point()), &x, &y, 0.0, opts)
    }

    /// Removes a shape. Its pairs appear in `ended()` after the next step; its id may be
    /// returned by a later `add*`.
    pub fn remove(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<(), JsValue> {
        const M: &str = "remove";
        let id = args::id(M, "id", &id)?;
        self.inner.remove(id).map_err(|e| world_error(M, e))
    }

    /// True when `id` names a live shape.
    pub fn has(&self, #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue) -> bool {
        args::id("has", "id", &id).is_ok_and(|id| self.inner.contains(id))
    }

    /// The generation of `id`: how many times a shape with this id has been removed
    /// (modulo 2^32). Ids are reused, so save the generation with the id when adding a
    /// shape: `world.generation(id) === saved` is true exactly while that shape is still
    /// in the world. Removing it changes the generation at once, so an id that is free or
    /// was given to a later shape answers differently. A free id answers with the
    /// generation its next shape will get; an id never issued with 0. The count wraps
    /// after 2^32 removals of one id. Throws a `TypeError` when `id` is not a number, a
    /// `RangeError` when it is not an integer in [0, 2^32).
    pub fn generation(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<u32, JsValue> {
        Ok(self.inner.generation(args::id("generation", "id", &id)?))
    }

    /// The number of live shapes.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> u32 {
        self.inner.len() as u32
    }

    /// Moves a shape (takes effect at the next `step()`).
    #[wasm_bindgen(js_name = setTransform)]
    pub fn set_transform(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] angle: JsValue,
    ) -> Result<(), JsValue> {
        const M: &str = "setTransform";
        let id = args::id(M, "id", &id)?;
        let p = args::point(M, &x, &y)?;
        let angle = args::finite_f32(M, "angle", &angle)?;
        self.inner
            .set_transform(id, p.x, p.y, angle)
            .map_err(|e| world_error(M, e))
    }

    /// Moves many shapes in one call: `xya` holds `x, y, angle` for each id of `ids`. The
    /// batch is checked whole first: if anything is wrong, nothing moves.
    #[wasm_bindgen(js_name = setTransforms)]
    pub fn set_transforms(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array")] ids: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Float32Array")] xya: JsValue,
    ) -> Result<(), JsValue> {
        const M: &str = "setTransforms";
        args::transform_batch(M, &ids, &xya, &mut self.ids, &mut self.xya)?;
        self.inner
            .set_transforms(&self.ids, &self.xya)
            .map_err(|e| world_error(M, e))
    }

    /// The current `[x, y, angle]` of a shape.
    #[wasm_bindgen(js_name = getTransform)]
    pub fn get_transform(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<Float32Array, JsValue> {
        const M: &str = "getTransform";
        let id = args::id(M, "id", &id)?;
        let (x, y, a) = self.inner.transform(id).map_err(|e| world_error(M, e))?;
        Ok(Float32Array::from(&[x, y, a][..]))
    }

    /// Changes which layers a shape is on and which it collides with.
    #[wasm_bindgen(js_name = setLayerMask)]
    pub fn set_layer_mask(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] layer: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] mask: JsValue,
    ) -> Result<(), JsValue> {
        const M: &str = "setLayerMask";
        let id = args::id(M, "id", &id)?;
        let layer = args::bits(M, "layer", &layer)?;
        let mask = args::bits(M, "mask", &mask)?;
        self.inner
            .set_layer_mask(id, layer, mask)
            .map_err(|e| world_error(M, e))
    }

    /// Finds every touching pair; returns how many. Read them with `pairs()`,
    /// `contacts()`, `started()`, `ended()`.
    pub fn step(&mut self) -> Result<u32, JsValue> {
        self.inner
            .step()
            .map(|n| n as u32)
            .map_err(|e| world_error("step", e))
    }

    /// Like `step()`, and returns where the time went, in milliseconds measured with
    /// `performance.now()`: `[poses, broadPhase, narrowPhase, output, candidatePairs]`.
    #[wasm_bindgen(js_name = stepProfiled)]
    pub fn step_profiled(&mut self) -> Result<Float64Array, JsValue> {
        let (_, t) = self
            .inner
            .step_timed(performance_now)
            .map_err(|e| world_error("stepProfiled", e))?;
        Ok(Float64Array::from(
            &[
                t.poses,
                t.broad_phase,
                t.narrow_phase,
                t.output,
                t.candidates as f64,
            ][..],
        ))
    }

    /// Re-reads every static shape's transform at the next step (needed only after
    /// writing static shapes through the transform views).
    #[wasm_bindgen(js_name = touchStatics)]
    pub fn touch_statics(&mut self) {
        self.inner.touch_statics();
    }

    /// Ids of the shapes containing the point (on a layer in `mask`, default all), sorted.
    #[wasm_bindgen(js_name = queryPoint)]
    pub fn query_point(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        const M: &str = "queryPoint";
        let p = args::point(M, &x, &y)?;
        let mask = args::optional_mask(M, &mask)?;
        self.hits.clear();
        self.inner
            .query_point(p, mask, &mut self.hits)
            .map_err(|e| world_error(M, e))?;
        Ok(self.hits_array())
    }

    /// Ids of the shapes whose bounding boxes overlap the box (on a layer in `mask`),
    /// sorted.
    #[wasm_bindgen(js_name = queryAabb)]
    pub fn query_aabb(
        &mut self,
        #[wasm_bindgen(js_name = minX, unchecked_param_type = "number")] min_x: JsValue,
        #[wasm_bindgen(js_name = minY, unchecked_param_type = "number")] min_y: JsValue,
        #[wasm_bindgen(js_name = maxX, unchecked_param_type = "number")] max_x: JsValue,
        #[wasm_bindgen(js_name = maxY, unchecked_param_type = "number")] max_y: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        const M: &str = "queryAabb";
        let min = Vec2::new(
            args::finite_f32(M, "minX", &min_x)?,
            args::finite_f32(M, "minY", &min_y)?,
        );
        let max = Vec2::new(
            args::finite_f32(M, "maxX", &max_x)?,
            args::finite_f32(M, "maxY", &max_y)?,
        );
        let mask = args::optional_mask(M, &mask)?;
        self.hits.clear();
        self.inner
            .query_aabb(min, max, mask, &mut self.hits)
            .map_err(|e| world_error(M, e))?;
        Ok(self.hits_array())
    }

    /// Ids of the shapes touching a probe shape placed at `(x, y, angle)`, without adding
    /// it. `shape` is `{ kind: "circle", radius }`, `{ kind: "box", halfWidth, halfHeight }`,
    /// `{ kind: "alignedBox", … }`, `{ kind: "capsule", halfLength, radius }`,
    /// `{ kind: "segment", x1, y1, x2, y2 }`, `{ kind: "point" }` or
    /// `{ kind: "polygon", points: [x0, y0, …] }`.
    #[wasm_bindgen(js_name = queryShape)]
    pub fn query_shape(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ProbeShape")] shape: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] angle: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        const M: &str = "queryShape";
        let shape = args::probe_shape(M, shape)?;
        let x = args::finite_f32(M, "x", &x)?;
        let y = args::finite_f32(M, "y", &y)?;
        let angle = args::optional_f32(M, "angle", &angle, 0.0)?;
        let mask = args::optional_mask(M, &mask)?;
        self.hits.clear();
        self.inner
            .query_shape(&shape, x, y, angle, mask, &mut self.hits)
            .map_err(|e| world_error(M, e))?;
        Ok(self.hits_array())
    }

    /// The closest hit of a ray from `(x, y)` along `(dx, dy)` (need not be unit length)
    /// within `maxDistance` (default: unbounded), as `{ id, distance, x, y, nx, ny }`, or
    /// `null`.
    pub fn raycast(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dx: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dy: JsValue,
        #[wasm_bindgen(js_name = maxDistance, unchecked_optional_param_type = "number")]
        max_distance: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] mask: JsValue,
    ) -> Result<JsValue, JsValue> {
        const M: &str = "raycast";
        let origin = Vec2::new(args::coordinate(M, "x", &x)?, args::coordinate(M, "y", &y)?);
        let direction = Vec2::new(
            args::finite_f32(M, "dx", &dx)?,
            args::finite_f32(M, "dy", &dy)?,
        );
        let max_distance = args::max_distance(M, &max_distance)?;
        let mask = args::optional_mask(M, &mask)?;
        let direction = args::ray_direction(M, direction)?;
        let hit = self
            .inner
            .raycast(origin, direction, max_distance, mask)
            .map_err(|e| world_error(M, e))?;
        hit.map_or(Ok(JsValue::NULL), |hit| ray_hit_object(&hit))
    }
}

/// `{ id, distance, x, y, nx, ny }`, the object `raycast` returns.
fn ray_hit_object(hit: &WorldRayHit) -> Result<JsValue, JsValue> {
    let out = Object::new();
    for (key, value) in [
        ("id", hit.id as f64),
        ("distance", hit.hit.distance as f64),
        ("x", hit.hit.point.x as f64),
        ("y", hit.hit.point.y as f64),
        ("nx", hit.hit.normal.x as f64),
        ("ny", hit.hit.normal.y as f64),
    ] {
        Reflect::set(&out, &key.into(), &value.into())?;
    }
    Ok(out.into())
}

// The `kind` strings of `ProbeShape` are `ShapeKind::js_name`'s, in `ShapeKind::JS_ORDER`;
// a kind added there must be added here too (this text is written out verbatim;
// tests/js/kinds.test.mjs compares the two).
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Options of the `add*` methods. */
export interface ShapeOptions {
  /** Layer bits of the shape (default 1). */
  layer?: number;
  /** Layers the shape collides with (default all). A pair is tested only when
   * `(layerA & maskB) !== 0 && (layerB & maskA) !== 0`. */
  mask?: number;
  /** Static shapes are never paired with each other and cost nothing while unmoved. */
  isStatic?: boolean;
}

/** A shape for `queryShape`, not added to the world. */
export type ProbeShape =
  | { kind: "circle"; radius: number }
  | { kind: "box"; halfWidth: number; halfHeight: number }
  | { kind: "alignedBox"; halfWidth: number; halfHeight: number }
  | { kind: "capsule"; halfLength: number; radius: number }
  | { kind: "segment"; x1: number; y1: number; x2: number; y2: number }
  | { kind: "point" }
  | { kind: "polygon"; points: number[] };
"#;
