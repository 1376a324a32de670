//! The JavaScript binding: one `World` class whose methods convert their arguments,
//! delegate to [`crate::world::World`] and turn every error into a JS `TypeError` or
//! `RangeError` that names the method and the argument.
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
//! Arguments are read without letting user code break the world: objects (`opts`, probe
//! shapes) and arrays are read with `Reflect` calls that catch what a getter or proxy trap
//! throws. An exception escaping a wasm call while a `World` is borrowed would leave it
//! borrowed for good ("recursive use of an object detected") — every later call on it
//! would fail.
//!
//! No geometry and no loop over shapes lives in this module.

mod float_text;

use crate::math::Vec2;
use crate::shape::{MessageWriter, Shape, ShapeError, MAX_POLYGON_VERTICES};
use crate::world::{
    ShapeOptions, World as CoreWorld, WorldError, DEFAULT_LAYER, DEFAULT_MASK, MAX_COORDINATE,
};
use core::fmt;
use float_text::{f32_text, f64_text};
use js_sys::{
    Array, ArrayBuffer, Float32Array, Float64Array, Object, RangeError, Reflect, TypeError,
    Uint32Array, JSON,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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
    /// The error of the last failed `*Raw` call, for `takeError()`.
    error: JsValue,
}

/// A JS string as a JS string literal (`JSON.stringify`). Rust's `{:?}` would link
/// `char::escape_debug` and its Unicode tables for messages alone.
fn quoted(string: &JsValue) -> String {
    JSON::stringify(string)
        .map(String::from)
        .unwrap_or_default()
}

fn describe(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if value.is_undefined() {
        "undefined".into()
    } else if value.is_string() {
        format!("the string {}", quoted(value))
    } else if let Some(n) = value.as_f64() {
        f64_text(n, false)
    } else {
        value
            .js_typeof()
            .as_string()
            .unwrap_or_else(|| "a value".into())
    }
}

fn type_error(method: &str, message: String) -> JsValue {
    TypeError::new(&format!("{method}: {message}")).into()
}

fn range_error(method: &str, message: String) -> JsValue {
    RangeError::new(&format!("{method}: {message}")).into()
}

/// An error message whose numbers JavaScript formats (see `float_text`): the core errors'
/// `Display` would link Rust's float formatting.
struct Message(String);

impl fmt::Write for Message {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.push_str(s);
        Ok(())
    }
}

impl MessageWriter for Message {
    fn write_f32(&mut self, value: f32, exponent: bool) -> fmt::Result {
        self.0.push_str(&f32_text(value, exponent));
        Ok(())
    }
}

fn world_error(method: &str, error: WorldError) -> JsValue {
    let mut message = Message(String::new());
    let _ = error.write_message(&mut message);
    range_error(method, message.0)
}

/// A `RangeError` of `method` whose message is `prefix` followed by `error`'s.
fn shape_error_in(method: &str, prefix: &str, error: ShapeError) -> JsValue {
    let mut message = Message(prefix.into());
    let _ = error.write_message(&mut message);
    range_error(method, message.0)
}

fn shape_error(method: &str, error: ShapeError) -> JsValue {
    shape_error_in(method, "", error)
}

/// A JS number, or a `TypeError` naming `arg`.
fn number(method: &str, arg: &str, value: &JsValue) -> Result<f64, JsValue> {
    value.as_f64().ok_or_else(|| {
        type_error(
            method,
            format!("{arg} must be a number (got {})", describe(value)),
        )
    })
}

/// A finite number that fits in `f32`.
fn finite_f32(method: &str, arg: &str, value: &JsValue) -> Result<f32, JsValue> {
    let v = number(method, arg, value)?;
    if !v.is_finite() {
        return Err(range_error(
            method,
            format!("{arg} must be a finite number (got {})", f64_text(v, false)),
        ));
    }
    let narrowed = v as f32;
    if !narrowed.is_finite() {
        return Err(range_error(
            method,
            format!(
                "{arg} is too large for 32-bit floats (got {})",
                f64_text(v, true)
            ),
        ));
    }
    Ok(narrowed)
}

/// Like [`finite_f32`], with `undefined` meaning `default`.
fn optional_f32(method: &str, arg: &str, value: &JsValue, default: f32) -> Result<f32, JsValue> {
    if value.is_undefined() {
        Ok(default)
    } else {
        finite_f32(method, arg, value)
    }
}

/// A shape id: a non-negative integer below 2^32.
fn id_arg(method: &str, arg: &str, value: &JsValue) -> Result<u32, JsValue> {
    let v = number(method, arg, value)?;
    if v.fract() != 0.0 || !(0.0..=u32::MAX as f64).contains(&v) {
        return Err(range_error(
            method,
            format!(
                "{arg} must be a non-negative integer id (got {})",
                f64_text(v, false)
            ),
        ));
    }
    Ok(v as u32)
}

/// A 32-bit mask or layer: an integer in [-2^31, 2^32), taken modulo 2^32 like JS's `>>> 0`
/// (so `-1` and `~0` mean "all bits").
fn bits(method: &str, arg: &str, value: f64) -> Result<u32, JsValue> {
    if value.fract() != 0.0 || !(-(2f64.powi(31))..2f64.powi(32)).contains(&value) {
        return Err(range_error(
            method,
            format!(
                "{arg} must be a 32-bit integer (got {})",
                f64_text(value, false)
            ),
        ));
    }
    Ok(value as i64 as u32)
}

fn optional_mask(method: &str, value: &JsValue) -> Result<u32, JsValue> {
    if value.is_undefined() {
        Ok(DEFAULT_MASK)
    } else {
        bits(method, "mask", number(method, "mask", value)?)
    }
}

/// A finite number within [`MAX_COORDINATE`] (segment ends, which become positions).
fn coordinate(method: &str, arg: &str, value: &JsValue) -> Result<f32, JsValue> {
    let v = finite_f32(method, arg, value)?;
    if v.abs() > MAX_COORDINATE {
        return Err(range_error(
            method,
            format!(
                "{arg} must be between -{limit} and {limit} (got {})",
                f32_text(v, true),
                limit = f32_text(MAX_COORDINATE, true)
            ),
        ));
    }
    Ok(v)
}

/// What a getter or proxy trap threw, for a message.
fn describe_thrown(error: &JsValue) -> String {
    Reflect::get(error, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| describe(error))
}

/// `object[key]`; an exception thrown by a getter or a proxy trap becomes a `TypeError`
/// naming `arg` (see the module docs for why nothing may be thrown through).
fn get(method: &str, arg: &str, object: &JsValue, key: &JsValue) -> Result<JsValue, JsValue> {
    Reflect::get(object, key).map_err(|e| {
        type_error(
            method,
            format!(
                "{arg} could not be read (it threw: {})",
                describe_thrown(&e)
            ),
        )
    })
}

/// Checks that `value` is an object (not an array or a function) whose own keys are all in
/// `allowed`.
fn plain_object(method: &str, arg: &str, value: &JsValue, allowed: &[&str]) -> Result<(), JsValue> {
    if !value.is_object() || value.is_instance_of::<Array>() {
        return Err(type_error(
            method,
            format!("{arg} must be an object (got {})", describe(value)),
        ));
    }
    let keys = Reflect::own_keys(value).map_err(|e| {
        type_error(
            method,
            format!(
                "{arg} could not be read (it threw: {})",
                describe_thrown(&e)
            ),
        )
    })?;
    for key in keys.iter() {
        match key.as_string() {
            Some(k) if allowed.contains(&k.as_str()) => {}
            Some(_) => {
                return Err(type_error(
                    method,
                    format!(
                        "{arg}: unknown key {} (expected one of {})",
                        quoted(&key),
                        allowed.join(", ")
                    ),
                ))
            }
            None => return Err(type_error(method, format!("{arg}: unknown key (a symbol)"))),
        }
    }
    Ok(())
}

fn add_options(method: &str, opts: JsValue) -> Result<ShapeOptions, JsValue> {
    if opts.is_undefined() || opts.is_null() {
        return Ok(ShapeOptions::default());
    }
    plain_object(method, "opts", &opts, &["layer", "mask", "isStatic"])?;
    let filter_bits = |key: &str, default: u32| -> Result<u32, JsValue> {
        let arg = format!("opts.{key}");
        let value = get(method, &arg, &opts, &key.into())?;
        if value.is_undefined() {
            Ok(default)
        } else {
            bits(method, &arg, number(method, &arg, &value)?)
        }
    };
    let layer = filter_bits("layer", DEFAULT_LAYER)?;
    let mask = filter_bits("mask", DEFAULT_MASK)?;
    let is_static = get(method, "opts.isStatic", &opts, &"isStatic".into())?;
    let is_static = if is_static.is_undefined() {
        false
    } else {
        is_static.as_bool().ok_or_else(|| {
            type_error(
                method,
                format!(
                    "opts.isStatic must be a boolean (got {})",
                    describe(&is_static)
                ),
            )
        })?
    };
    Ok(ShapeOptions {
        layer,
        mask,
        is_static,
    })
}

/// Copies a `Float32Array`, `Float64Array` or array of numbers of even length (at most
/// [`MAX_POLYGON_VERTICES`] points) into `out` as points. The length is checked before
/// anything is copied, so a huge array costs nothing.
fn read_points(
    method: &str,
    arg: &str,
    value: &JsValue,
    out: &mut Vec<Vec2>,
) -> Result<(), JsValue> {
    out.clear();
    // `isView` rejects proxies and objects that only borrowed a typed array's prototype.
    let typed = ArrayBuffer::is_view(value)
        && (value.is_instance_of::<Float32Array>() || value.is_instance_of::<Float64Array>());
    if !typed && !value.is_instance_of::<Array>() {
        return Err(type_error(
            method,
            format!(
                "{arg} must be a Float32Array, Float64Array or array of numbers (got {})",
                describe(value)
            ),
        ));
    }
    let length = get(method, arg, value, &"length".into())?
        .as_f64()
        .filter(|n| n.fract() == 0.0 && *n >= 0.0)
        .ok_or_else(|| type_error(method, format!("{arg} has no valid length")))?;
    if length > (2 * MAX_POLYGON_VERTICES) as f64 {
        return Err(shape_error(
            method,
            ShapeError::TooManyPoints {
                count: (length / 2.0).ceil() as usize,
            },
        ));
    }
    let length = length as u32;
    if length % 2 != 0 {
        return Err(range_error(
            method,
            format!("{arg} must hold x, y pairs: its length must be even (got {length})"),
        ));
    }
    for i in 0..length / 2 {
        let mut xy = [0.0; 2];
        for (k, c) in xy.iter_mut().enumerate() {
            let index = 2 * i + k as u32;
            let item_arg = || format!("{arg}[{index}]");
            let item = Reflect::get_u32(value, index).map_err(|e| {
                type_error(
                    method,
                    format!(
                        "{} could not be read (it threw: {})",
                        item_arg(),
                        describe_thrown(&e)
                    ),
                )
            })?;
            *c = number(method, &item_arg(), &item)?;
        }
        let (x, y) = (xy[0] as f32, xy[1] as f32);
        if !x.is_finite() || !y.is_finite() {
            return Err(range_error(
                method,
                format!(
                    "{arg}: vertex {i} must be finite numbers (got {}, {})",
                    f64_text(xy[0], false),
                    f64_text(xy[1], false)
                ),
            ));
        }
        out.push(Vec2::new(x, y));
    }
    Ok(())
}

/// The segment between two points given as `x1, y1, x2, y2`, each within
/// [`MAX_COORDINATE`], named `{prefix}x1` etc. in errors.
fn segment_ends(method: &str, prefix: &str, ends: [&JsValue; 4]) -> Result<(Vec2, Vec2), JsValue> {
    let mut c = [0.0f32; 4];
    for ((slot, name), value) in c.iter_mut().zip(["x1", "y1", "x2", "y2"]).zip(ends) {
        *slot = coordinate(method, &format!("{prefix}{name}"), value)?;
    }
    let (a, b) = (Vec2::new(c[0], c[1]), Vec2::new(c[2], c[3]));
    if a == b {
        return Err(range_error(
            method,
            format!("{prefix}x2, {prefix}y2 must differ from {prefix}x1, {prefix}y1 (a segment needs two distinct ends)"),
        ));
    }
    Ok((a, b))
}

/// A fresh copy of `value` when it is a genuine typed array of the same type as `empty`, or a
/// `TypeError` naming `arg`. The copy (made by the constructor, which reads a typed array's
/// internal slots and runs no user code) is safe to read even when `value` had an own
/// `length` property or a borrowed prototype.
fn typed_copy<T: JsCast>(
    method: &str,
    arg: &str,
    value: &JsValue,
    empty: &T,
) -> Result<T, JsValue> {
    let wrong = || {
        let name = empty.unchecked_ref::<Object>().constructor().name();
        type_error(
            method,
            format!("{arg} must be a {name} (got {})", describe(value)),
        )
    };
    if !(ArrayBuffer::is_view(value) && value.is_instance_of::<T>()) {
        return Err(wrong());
    }
    let constructor = empty.unchecked_ref::<Object>().constructor();
    let copy = Reflect::construct(&constructor, &Array::of1(value)).map_err(|_| wrong())?;
    copy.dyn_into::<T>().map_err(|_| wrong())
}

fn probe_shape(method: &str, value: JsValue) -> Result<Shape, JsValue> {
    if !value.is_object() || value.is_instance_of::<Array>() {
        return Err(type_error(
            method,
            format!("shape must be an object (got {})", describe(&value)),
        ));
    }
    let kind_value = get(method, "shape.kind", &value, &"kind".into())?;
    let Some(kind) = kind_value.as_string() else {
        return Err(type_error(
            method,
            format!(
                "shape.kind must be a string (got {})",
                describe(&kind_value)
            ),
        ));
    };
    let fields: &[&str] = match kind.as_str() {
        "circle" => &["kind", "radius"],
        "box" | "alignedBox" => &["kind", "halfWidth", "halfHeight"],
        "capsule" => &["kind", "halfLength", "radius"],
        "segment" => &["kind", "x1", "y1", "x2", "y2"],
        "point" => &["kind"],
        "polygon" => &["kind", "points"],
        _ => {
            return Err(type_error(
                method,
                format!(
                    "shape.kind must be one of \"circle\", \"box\", \"alignedBox\", \"capsule\", \"segment\", \"point\", \"polygon\" (got {})",
                    quoted(&kind_value)
                ),
            ))
        }
    };
    plain_object(method, "shape", &value, fields)?;
    let field = |key: &str| -> Result<JsValue, JsValue> {
        get(method, &format!("shape.{key}"), &value, &key.into())
    };
    let size = |key: &str| -> Result<f32, JsValue> {
        finite_f32(method, &format!("shape.{key}"), &field(key)?)
    };
    let shape = match kind.as_str() {
        "circle" => Shape::circle(size("radius")?),
        "box" => Shape::oriented_box(size("halfWidth")?, size("halfHeight")?),
        "alignedBox" => Shape::aligned_box(size("halfWidth")?, size("halfHeight")?),
        "capsule" => Shape::capsule(size("halfLength")?, size("radius")?),
        "segment" => {
            let ends = [field("x1")?, field("y1")?, field("x2")?, field("y2")?];
            let (a, b) = segment_ends(method, "shape.", [&ends[0], &ends[1], &ends[2], &ends[3]])?;
            Shape::segment(a, b)
        }
        "point" => Ok(Shape::point()),
        _ => {
            let mut points = Vec::new();
            read_points(method, "shape.points", &field("points")?, &mut points)?;
            Shape::polygon(&points)
        }
    };
    // Size errors name the parameter ("radius"); say it belongs to `shape`.
    shape.map_err(|e| shape_error_in(method, "shape.", e))
}

impl WasmWorld {
    fn add(
        &mut self,
        method: &str,
        shape: Result<Shape, ShapeError>,
        x: &JsValue,
        y: &JsValue,
        angle: f32,
        opts: JsValue,
    ) -> Result<u32, JsValue> {
        let x = finite_f32(method, "x", x)?;
        let y = finite_f32(method, "y", y)?;
        let shape = shape.map_err(|e| shape_error(method, e))?;
        let options = add_options(method, opts)?;
        self.inner
            .add(shape, x, y, angle, options)
            .map_err(|e| world_error(method, e))
    }
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// Creates an empty world. `options` is reserved for future settings and may be
    /// omitted.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, never>")] options: JsValue,
    ) -> Result<WasmWorld, JsValue> {
        if !(options.is_undefined() || options.is_null()) {
            plain_object("new World", "options", &options, &[]).map_err(|_| {
                type_error(
                    "new World",
                    format!(
                        "options: no options are supported yet (got {})",
                        describe(&options)
                    ),
                )
            })?;
        }
        Ok(WasmWorld {
            inner: CoreWorld::new(),
            ids: Vec::new(),
            xya: Vec::new(),
            points: Vec::new(),
            hits: Vec::new(),
            error: JsValue::UNDEFINED,
        })
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
        let r = finite_f32(M, "radius", &radius)?;
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
        let hw = finite_f32(M, "halfWidth", &half_width)?;
        let hh = finite_f32(M, "halfHeight", &half_height)?;
        let angle = optional_f32(M, "angle", &angle, 0.0)?;
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
        let hw = finite_f32(M, "halfWidth", &half_width)?;
        let hh = finite_f32(M, "halfHeight", &half_height)?;
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
        let angle = finite_f32(M, "angle", &angle)?;
        let mut local = core::mem::take(&mut self.points);
        let result = read_points(M, "points", &points, &mut local)
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
        let hl = finite_f32(M, "halfLength", &half_length)?;
        let r = finite_f32(M, "radius", &radius)?;
        let angle = optional_f32(M, "angle", &angle, 0.0)?;
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
        let (a, b) = segment_ends(M, "", [&x1, &y1, &x2, &y2])?;
        let mid = (a + b) * 0.5;
        let half = (b - a) * 0.5;
        let (mx, my) = (JsValue::from(mid.x), JsValue::from(mid.y));
        self.add(M, Shape::segment(-half, half), &mx, &my, 0.0, opts)
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
        let id = id_arg(M, "id", &id)?;
        self.inner.remove(id).map_err(|e| world_error(M, e))
    }

    /// True when `id` names a live shape.
    pub fn has(&self, #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue) -> bool {
        id_arg("has", "id", &id).is_ok_and(|id| self.inner.contains(id))
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
        let id = id_arg(M, "id", &id)?;
        let x = finite_f32(M, "x", &x)?;
        let y = finite_f32(M, "y", &y)?;
        let angle = finite_f32(M, "angle", &angle)?;
        self.inner
            .set_transform(id, x, y, angle)
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
        let ids: Uint32Array = typed_copy(M, "ids", &ids, &Uint32Array::new_with_length(0))?;
        let xya: Float32Array = typed_copy(M, "xya", &xya, &Float32Array::new_with_length(0))?;
        // Checked before copying into wasm memory, so a wrong batch cannot grow it.
        let (n, m) = (ids.length() as usize, xya.length() as usize);
        if n.checked_mul(3) != Some(m) {
            return Err(world_error(
                M,
                WorldError::LengthMismatch {
                    arg: "xya",
                    expected: n.saturating_mul(3),
                    actual: m,
                },
            ));
        }
        self.ids.resize(n, 0);
        ids.copy_to(&mut self.ids);
        self.xya.resize(m, 0.0);
        xya.copy_to(&mut self.xya);
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
        let id = id_arg(M, "id", &id)?;
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
        let id = id_arg(M, "id", &id)?;
        let layer = bits(M, "layer", number(M, "layer", &layer)?)?;
        let mask = bits(M, "mask", number(M, "mask", &mask)?)?;
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
        let p = Vec2::new(finite_f32(M, "x", &x)?, finite_f32(M, "y", &y)?);
        let mask = optional_mask(M, &mask)?;
        self.hits.clear();
        self.inner
            .query_point(p, mask, &mut self.hits)
            .map_err(|e| world_error(M, e))?;
        Ok(Uint32Array::from(&self.hits[..]))
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
            finite_f32(M, "minX", &min_x)?,
            finite_f32(M, "minY", &min_y)?,
        );
        let max = Vec2::new(
            finite_f32(M, "maxX", &max_x)?,
            finite_f32(M, "maxY", &max_y)?,
        );
        let mask = optional_mask(M, &mask)?;
        self.hits.clear();
        self.inner
            .query_aabb(min, max, mask, &mut self.hits)
            .map_err(|e| world_error(M, e))?;
        Ok(Uint32Array::from(&self.hits[..]))
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
        let shape = probe_shape(M, shape)?;
        let x = finite_f32(M, "x", &x)?;
        let y = finite_f32(M, "y", &y)?;
        let angle = optional_f32(M, "angle", &angle, 0.0)?;
        let mask = optional_mask(M, &mask)?;
        self.hits.clear();
        self.inner
            .query_shape(&shape, x, y, angle, mask, &mut self.hits)
            .map_err(|e| world_error(M, e))?;
        Ok(Uint32Array::from(&self.hits[..]))
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
        let origin = Vec2::new(coordinate(M, "x", &x)?, coordinate(M, "y", &y)?);
        let direction = Vec2::new(finite_f32(M, "dx", &dx)?, finite_f32(M, "dy", &dy)?);
        let max_distance = if max_distance.is_undefined() {
            f32::INFINITY
        } else {
            let v = number(M, "maxDistance", &max_distance)?;
            if v.is_nan() || v < 0.0 {
                return Err(range_error(
                    M,
                    format!("maxDistance must be >= 0 (got {})", f64_text(v, false)),
                ));
            }
            v as f32
        };
        let mask = optional_mask(M, &mask)?;
        if direction == Vec2::ZERO {
            return Err(range_error(M, "dx, dy must not both be 0".into()));
        }
        let hit = self
            .inner
            .raycast(origin, direction, max_distance, mask)
            .map_err(|e| world_error(M, e))?;
        let Some(hit) = hit else {
            return Ok(JsValue::NULL);
        };
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
    /// pairs, 1 contacts, 2 started, 3 ended; anything else gives 0. The package's views
    /// cover these allocations so that reading results creates no JS object per frame.
    #[wasm_bindgen(js_name = resultCapacity)]
    pub fn result_capacity(
        &self,
        // A JsValue, not u32: wasm-bindgen would turn "x", null, NaN and 2^32 into index 0.
        #[wasm_bindgen(unchecked_param_type = "number")] which: JsValue,
    ) -> u32 {
        let capacities = self.inner.result_capacities();
        match which.as_f64() {
            Some(w) if w.fract() == 0.0 && (0.0..capacities.len() as f64).contains(&w) => {
                capacities[w as usize] as u32
            }
            _ => 0,
        }
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
