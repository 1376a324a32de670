//! Decoding and checking the binding's arguments: raw `JsValue`s in, Rust values or a JS
//! error naming the method and the argument out.
//!
//! Every reader takes the method's JS name and the argument's (`"opts.mask"`,
//! `"points[3]"`) so that the message says exactly what was wrong and where. Checks that
//! only JavaScript can get wrong live here (a string where a number belongs, an id of 1.5, an
//! unknown key); checks of values that Rust callers can get wrong too (a negative radius, a
//! coordinate beyond the world's range) are left to the core, whose errors `errors` maps.
//!
//! Objects and arrays are read through `Reflect`, whose calls catch what a getter or proxy
//! trap throws (see the parent module for why nothing may be thrown through). Nothing here
//! computes geometry.

use super::errors::{
    describe, quoted, range_error, shape_error_in, type_error, unreadable, world_error,
};
use super::float_text::{f32_text, f64_text};
use crate::math::Vec2;
use crate::shape::{Shape, ShapeError, ShapeKind, MAX_POLYGON_VERTICES};
use crate::world::{
    MoveOptions, ShapeOptions, WorldError, WorldOptions, DEFAULT_LAYER, DEFAULT_MASK,
    MAX_COORDINATE, MAX_MOVE_ITERATIONS,
};
use js_sys::{Array, ArrayBuffer, Float32Array, Float64Array, Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

#[wasm_bindgen]
extern "C" {
    /// A typed array's elements copied into a new `Float64Array`.
    #[wasm_bindgen(extends = Float64Array, js_name = Float64Array)]
    type CopiedFloats;

    /// `new Float64Array(source)`: for a typed array `source`, a copy of its elements read
    /// from the array itself (no `length` getter, no iterator), catching the `TypeError`
    /// of a detached buffer.
    #[wasm_bindgen(constructor, catch, js_class = "Float64Array")]
    fn copy_of(source: &JsValue) -> Result<CopiedFloats, JsValue>;
}

/// A JS number, or a `TypeError` naming `arg`.
pub(super) fn number(method: &str, arg: &str, value: &JsValue) -> Result<f64, JsValue> {
    value.as_f64().ok_or_else(|| {
        type_error(
            method,
            format!("{arg} must be a number (got {})", describe(value)),
        )
    })
}

/// A finite number that fits in `f32`.
pub(super) fn finite_f32(method: &str, arg: &str, value: &JsValue) -> Result<f32, JsValue> {
    finite_f32_of(method, arg, number(method, arg, value)?)
}

/// [`finite_f32`] of a number already read.
pub(super) fn finite_f32_of(method: &str, arg: &str, v: f64) -> Result<f32, JsValue> {
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
pub(super) fn optional_f32(
    method: &str,
    arg: &str,
    value: &JsValue,
    default: f32,
) -> Result<f32, JsValue> {
    if value.is_undefined() {
        Ok(default)
    } else {
        finite_f32(method, arg, value)
    }
}

/// A point `(x, y)` of two finite numbers named `x` and `y`.
pub(super) fn point(method: &str, x: &JsValue, y: &JsValue) -> Result<Vec2, JsValue> {
    Ok(Vec2::new(
        finite_f32(method, "x", x)?,
        finite_f32(method, "y", y)?,
    ))
}

/// A shape id: a non-negative integer below 2^32.
pub(super) fn id(method: &str, arg: &str, value: &JsValue) -> Result<u32, JsValue> {
    id_of(method, arg, number(method, arg, value)?)
}

/// [`id`] of a number already read.
pub(super) fn id_of(method: &str, arg: &str, v: f64) -> Result<u32, JsValue> {
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
pub(super) fn bits(method: &str, arg: &str, value: &JsValue) -> Result<u32, JsValue> {
    let value = number(method, arg, value)?;
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

/// Like [`bits`], with `undefined` meaning `default`.
fn optional_bits(method: &str, arg: &str, value: &JsValue, default: u32) -> Result<u32, JsValue> {
    if value.is_undefined() {
        Ok(default)
    } else {
        bits(method, arg, value)
    }
}

/// A query's optional `mask` (default: all layers).
pub(super) fn optional_mask(method: &str, value: &JsValue) -> Result<u32, JsValue> {
    optional_bits(method, "mask", value, DEFAULT_MASK)
}

/// A finite number within [`MAX_COORDINATE`] (segment ends, which become positions).
pub(super) fn coordinate(method: &str, arg: &str, value: &JsValue) -> Result<f32, JsValue> {
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

/// A ray's optional `maxDistance`: a number `>= 0` (infinity allowed), default unbounded.
pub(super) fn max_distance(method: &str, value: &JsValue) -> Result<f32, JsValue> {
    if value.is_undefined() {
        return Ok(f32::INFINITY);
    }
    let v = number(method, "maxDistance", value)?;
    if v.is_nan() || v < 0.0 {
        return Err(range_error(
            method,
            format!("maxDistance must be >= 0 (got {})", f64_text(v, false)),
        ));
    }
    Ok(v as f32)
}

/// Checks that a ray's direction `dx, dy` is not the zero vector.
pub(super) fn ray_direction(method: &str, direction: Vec2) -> Result<Vec2, JsValue> {
    if direction == Vec2::ZERO {
        return Err(range_error(method, "dx, dy must not both be 0".into()));
    }
    Ok(direction)
}

/// `value` as an index below `len`, or `None` for anything else (no error: the caller
/// answers 0).
pub(super) fn index_below(value: &JsValue, len: usize) -> Option<usize> {
    match value.as_f64() {
        Some(w) if w.fract() == 0.0 && (0.0..len as f64).contains(&w) => Some(w as usize),
        _ => None,
    }
}

/// `object[key]`; an exception thrown by a getter or a proxy trap becomes a `TypeError`
/// naming `arg`.
pub(super) fn get(
    method: &str,
    arg: &str,
    object: &JsValue,
    key: &JsValue,
) -> Result<JsValue, JsValue> {
    Reflect::get(object, key).map_err(|e| unreadable(method, arg, &e))
}

/// Checks that `value` is an object (not an array or a function) whose own keys are all in
/// `allowed`.
pub(super) fn plain_object(
    method: &str,
    arg: &str,
    value: &JsValue,
    allowed: &[&str],
) -> Result<(), JsValue> {
    if !value.is_object() || value.is_instance_of::<Array>() {
        return Err(type_error(
            method,
            format!("{arg} must be an object (got {})", describe(value)),
        ));
    }
    let keys = Reflect::own_keys(value).map_err(|e| unreadable(method, arg, &e))?;
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

/// The `options` of `new World`: `undefined`, `null` or `{ contactPoints? }`.
pub(super) fn world_options(method: &str, options: &JsValue) -> Result<WorldOptions, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(WorldOptions::default());
    }
    plain_object(method, "options", options, &["contactPoints"])?;
    let contact_points = optional_bool(method, "options.", options, "contactPoints")?;
    Ok(WorldOptions {
        contact_points,
        ..WorldOptions::default()
    })
}

/// The optional boolean `object[key]` (`false` when undefined), named `{prefix}{key}` in
/// its error.
pub(super) fn optional_bool(
    method: &str,
    prefix: &str,
    object: &JsValue,
    key: &str,
) -> Result<bool, JsValue> {
    let (arg, value) = field(method, prefix, object, key)?;
    if value.is_undefined() {
        return Ok(false);
    }
    value.as_bool().ok_or_else(|| {
        type_error(
            method,
            format!("{arg} must be a boolean (got {})", describe(&value)),
        )
    })
}

/// The `opts` of the `add*` methods: `undefined`, `null` or `{ layer?, mask?, isStatic? }`.
pub(super) fn add_options(method: &str, opts: JsValue) -> Result<ShapeOptions, JsValue> {
    if opts.is_undefined() || opts.is_null() {
        return Ok(ShapeOptions::default());
    }
    plain_object(method, "opts", &opts, &["layer", "mask", "isStatic"])?;
    filter_options(method, "opts.", &opts)
}

/// The `layer`, `mask` and `isStatic` keys of an object already checked, each optional,
/// named `{prefix}layer` etc. in errors.
pub(super) fn filter_options(
    method: &str,
    prefix: &str,
    object: &JsValue,
) -> Result<ShapeOptions, JsValue> {
    let (arg, layer) = field(method, prefix, object, "layer")?;
    let layer = optional_bits(method, &arg, &layer, DEFAULT_LAYER)?;
    let (arg, mask) = field(method, prefix, object, "mask")?;
    let mask = optional_bits(method, &arg, &mask, DEFAULT_MASK)?;
    let is_static = optional_bool(method, prefix, object, "isStatic")?;
    Ok(ShapeOptions {
        layer,
        mask,
        is_static,
    })
}

/// `object[key]` and its name in messages, `{prefix}{key}`.
// Not inlined: called once per field, its copies would cost more wasm than the calls.
#[inline(never)]
pub(super) fn field(
    method: &str,
    prefix: &str,
    object: &JsValue,
    key: &str,
) -> Result<(String, JsValue), JsValue> {
    let arg = format!("{prefix}{key}");
    let value = get(method, &arg, object, &key.into())?;
    Ok((arg, value))
}

/// Copies a `Float32Array`, `Float64Array` or array of numbers of even length (at most
/// [`MAX_POLYGON_VERTICES`] points) into `out` as points. The length is checked before
/// anything is copied, so a huge array costs nothing.
pub(super) fn read_points(
    method: &str,
    arg: &str,
    value: &JsValue,
    out: &mut Vec<Vec2>,
) -> Result<(), JsValue> {
    read_points_up_to(method, arg, value, out, MAX_POLYGON_VERTICES, |count| {
        ShapeError::TooManyPoints { count }
    })
}

/// [`read_points`] with at most `max` points; more is the error `too_many(count)`.
pub(super) fn read_points_up_to(
    method: &str,
    arg: &str,
    value: &JsValue,
    out: &mut Vec<Vec2>,
    max: usize,
    too_many: fn(usize) -> ShapeError,
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
    if length > (2 * max) as f64 {
        // The message starts with "points"; say whose (`shape.`, `list[3].`).
        return Err(shape_error_in(
            method,
            arg.strip_suffix("points").unwrap_or(""),
            too_many((length / 2.0).ceil() as usize),
        ));
    }
    let length = length as u32;
    if length % 2 != 0 {
        return Err(range_error(
            method,
            format!("{arg} must hold x, y pairs: its length must be even (got {length})"),
        ));
    }
    // A long outline or chain in a typed array is copied in one call: element by element,
    // every vertex cost four calls into JS (about 0.4 µs a point in `addChain`). The copy
    // is a new array made from the typed array's own elements (no getter is read), so
    // where the `length` it reports is no lie, its first `length` elements are exactly
    // what reading them one by one gives; a longer `length` reads one by one and fails
    // at the first missing element, as before. Short lists (every convex polygon,
    // including the probes of queries and casts, called every frame) stay on the path that
    // makes no JS garbage.
    if typed && max > MAX_POLYGON_VERTICES {
        let copy: Option<Float64Array> = CopiedFloats::copy_of(value).ok().map(Into::into);
        if let Some(copy) = copy.filter(|copy| copy.length() >= length) {
            let mut coordinates = vec![0.0; length as usize];
            copy.subarray(0, length).copy_to(&mut coordinates);
            for (i, xy) in coordinates.chunks_exact(2).enumerate() {
                out.push(vertex_of(method, arg, i as u32, [xy[0], xy[1]])?);
            }
            return Ok(());
        }
    }
    for i in 0..length / 2 {
        out.push(vertex(method, arg, value, i)?);
    }
    Ok(())
}

/// Vertex `i` of a `points` array already checked by [`read_points`].
fn vertex(method: &str, arg: &str, points: &JsValue, i: u32) -> Result<Vec2, JsValue> {
    let mut xy = [0.0; 2];
    for (k, c) in xy.iter_mut().enumerate() {
        let index = 2 * i + k as u32;
        let item_arg = || format!("{arg}[{index}]");
        let item =
            Reflect::get_u32(points, index).map_err(|e| unreadable(method, &item_arg(), &e))?;
        *c = number(method, &item_arg(), &item)?;
    }
    vertex_of(method, arg, i, xy)
}

/// Vertex `i` of `arg` from its two coordinates as read: finite `f32`s, or a `RangeError`.
fn vertex_of(method: &str, arg: &str, i: u32, xy: [f64; 2]) -> Result<Vec2, JsValue> {
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
    Ok(Vec2::new(x, y))
}

/// The segment between two points given as `x1, y1, x2, y2`, each within
/// [`MAX_COORDINATE`], named `{prefix}x1` etc. in errors.
pub(super) fn segment_ends(
    method: &str,
    prefix: &str,
    ends: [&JsValue; 4],
) -> Result<(Vec2, Vec2), JsValue> {
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
pub(super) fn typed_copy<T: JsCast>(
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

/// The `ids` (`Uint32Array`) and `xya` (`Float32Array`, three numbers per id) of
/// `setTransforms`, copied into `ids_out` and `xya_out`. The lengths are checked before
/// anything is copied into wasm memory, so a wrong batch cannot grow it.
pub(super) fn transform_batch(
    method: &str,
    ids: &JsValue,
    xya: &JsValue,
    ids_out: &mut Vec<u32>,
    xya_out: &mut Vec<f32>,
) -> Result<(), JsValue> {
    let ids: Uint32Array = typed_copy(method, "ids", ids, &Uint32Array::new_with_length(0))?;
    let xya: Float32Array = typed_copy(method, "xya", xya, &Float32Array::new_with_length(0))?;
    let (n, m) = (ids.length() as usize, xya.length() as usize);
    if n.checked_mul(3) != Some(m) {
        return Err(world_error(
            method,
            WorldError::LengthMismatch {
                arg: "xya",
                expected: n.saturating_mul(3),
                actual: m,
            },
        ));
    }
    ids_out.resize(n, 0);
    ids.copy_to(ids_out);
    xya_out.resize(m, 0.0);
    xya.copy_to(xya_out);
    Ok(())
}

/// The own keys a probe shape of `kind` may have.
fn probe_fields(kind: ShapeKind) -> &'static [&'static str] {
    match kind {
        ShapeKind::Circle => &["kind", "radius"],
        ShapeKind::OrientedBox | ShapeKind::AlignedBox => &["kind", "halfWidth", "halfHeight"],
        ShapeKind::Capsule => &["kind", "halfLength", "radius"],
        ShapeKind::Segment => &["kind", "x1", "y1", "x2", "y2"],
        ShapeKind::Point => &["kind"],
        ShapeKind::Polygon => &["kind", "points"],
    }
}

/// The `kind` of a probe shape or shape description `arg`, one of the
/// [`ShapeKind::js_name`]s (the error lists `other_kinds` too: kinds the caller handles
/// before it asks).
fn shape_kind(
    method: &str,
    arg: &str,
    shape: &JsValue,
    other_kinds: &[&str],
) -> Result<ShapeKind, JsValue> {
    let arg = format!("{arg}.kind");
    let kind = get(method, &arg, shape, &"kind".into())?;
    let Some(name) = kind.as_string() else {
        return Err(type_error(
            method,
            format!("{arg} must be a string (got {})", describe(&kind)),
        ));
    };
    ShapeKind::from_js_name(&name).ok_or_else(|| {
        type_error(
            method,
            format!(
                "{arg} must be one of {} (got {})",
                js_kind_names(other_kinds),
                quoted(&kind)
            ),
        )
    })
}

/// `"circle", "box", …`: every [`ShapeKind::js_name`], quoted, in [`ShapeKind::JS_ORDER`].
// Not inlined: unrolled over the seven kinds, the pushes would cost more wasm than the list.
#[inline(never)]
fn js_kind_names(other_kinds: &[&str]) -> String {
    let mut names = String::new();
    for kind in ShapeKind::JS_ORDER {
        push_separated(&mut names, kind.js_name());
    }
    for kind in other_kinds {
        push_separated(&mut names, kind);
    }
    names
}

/// Appends `"name"` to a list, after `, ` unless it is the first.
#[inline(never)]
fn push_separated(list: &mut String, name: &str) {
    if !list.is_empty() {
        list.push_str(", ");
    }
    list.push('"');
    list.push_str(name);
    list.push('"');
}

/// `queryShape`'s probe: `{ kind, …sizes }` (the `ProbeShape` type), with exactly the keys
/// its kind needs.
pub(super) fn probe_shape(method: &str, value: JsValue) -> Result<Shape, JsValue> {
    shape_object(method, "shape", &value, &[], &[])
}

/// The shape of an object `arg` holding `{ kind, …sizes }` (a probe shape, or a record of
/// `addShapes`), with exactly the keys its kind needs and any of `extra`. Built by the
/// checked constructors; errors name `{arg}.radius` etc. An unknown kind's error lists
/// `other_kinds` too (those the caller reads itself).
pub(super) fn shape_object(
    method: &str,
    arg: &str,
    value: &JsValue,
    extra: &[&str],
    other_kinds: &[&str],
) -> Result<Shape, JsValue> {
    if !value.is_object() || value.is_instance_of::<Array>() {
        return Err(type_error(
            method,
            format!("{arg} must be an object (got {})", describe(value)),
        ));
    }
    let kind = shape_kind(method, arg, value, other_kinds)?;
    let mut allowed = probe_fields(kind).to_vec();
    allowed.extend_from_slice(extra);
    plain_object(method, arg, value, &allowed)?;
    let prefix = format!("{arg}.");
    let value_of = |key: &str| field(method, &prefix, value, key);
    let size = |key: &str| -> Result<f32, JsValue> {
        let (arg, value) = value_of(key)?;
        finite_f32(method, &arg, &value)
    };
    let shape = match kind {
        ShapeKind::Circle => Shape::circle(size("radius")?),
        ShapeKind::OrientedBox => Shape::oriented_box(size("halfWidth")?, size("halfHeight")?),
        ShapeKind::AlignedBox => Shape::aligned_box(size("halfWidth")?, size("halfHeight")?),
        ShapeKind::Capsule => Shape::capsule(size("halfLength")?, size("radius")?),
        ShapeKind::Segment => {
            let ends = [
                value_of("x1")?.1,
                value_of("y1")?.1,
                value_of("x2")?.1,
                value_of("y2")?.1,
            ];
            let (a, b) = segment_ends(method, &prefix, [&ends[0], &ends[1], &ends[2], &ends[3]])?;
            Shape::segment(a, b)
        }
        ShapeKind::Point => Ok(Shape::point()),
        ShapeKind::Polygon => {
            let mut points = Vec::new();
            let (arg, value) = value_of("points")?;
            read_points(method, &arg, &value, &mut points)?;
            Shape::polygon(&points)
        }
    };
    // Size errors name the parameter ("radius"); say whose it is.
    shape.map_err(|e| shape_error_in(method, &prefix, e))
}

/// `moveAndSlide`'s `opts.maxIterations`, already read: an integer from 1 to
/// [`MAX_MOVE_ITERATIONS`] (the core's message for anything else).
pub(super) fn move_iterations(method: &str, v: f64) -> Result<u32, JsValue> {
    if v.fract() == 0.0 && (1.0..=MAX_MOVE_ITERATIONS as f64).contains(&v) {
        return Ok(v as u32);
    }
    Err(world_error(
        method,
        WorldError::InvalidValue {
            arg: "opts.maxIterations",
            expected: "an integer from 1 to 16",
            value: v as f32,
        },
    ))
}

/// The `opts` of `moveAndSlide`: `undefined`, `null` or
/// `{ maxIterations?, upX?, upY?, maxSlope?, skin? }` (the core checks the ranges).
pub(super) fn move_options(method: &str, opts: &JsValue) -> Result<MoveOptions, JsValue> {
    let mut options = MoveOptions::default();
    if opts.is_undefined() || opts.is_null() {
        return Ok(options);
    }
    let keys = ["maxIterations", "upX", "upY", "maxSlope", "skin"];
    plain_object(method, "opts", opts, &keys)?;
    let read = |key: &str| -> Result<Option<f64>, JsValue> {
        let arg = format!("opts.{key}");
        let value = get(method, &arg, opts, &key.into())?;
        if value.is_undefined() {
            Ok(None)
        } else {
            number(method, &arg, &value).map(Some)
        }
    };
    if let Some(v) = read("maxIterations")? {
        options.max_iterations = move_iterations(method, v)?;
    }
    let fields: [(&str, &mut f32); 4] = [
        ("upX", &mut options.up.x),
        ("upY", &mut options.up.y),
        ("maxSlope", &mut options.max_slope),
        ("skin", &mut options.skin),
    ];
    for (key, field) in fields {
        if let Some(v) = read(key)? {
            *field = finite_f32_of(method, &format!("opts.{key}"), v)?;
        }
    }
    Ok(options)
}
