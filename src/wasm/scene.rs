//! `addShapes` and `shape`: scenes as plain objects. A list of `{ kind, x, y, angle?, …sizes,
//! layer?, mask?, isStatic? }` records goes in as [`ShapeDesc`]s, all or nothing
//! ([`crate::world::World::add_shapes`]); one shape comes out as such a record.
//!
//! A record is a probe shape of `queryShape` (the same kinds and size fields, read by the
//! same decoder) with a position and angle like the `add*` methods (the angle optional, 0 by
//! default, for every kind) and the keys of their `opts`. Segment ends are relative to
//! `x, y`, as in a probe, so that `shape(id)` can describe a moved and turned segment
//! exactly.
//!
//! **Read with `Reflect`, not serde.** The issue proposed serde-wasm-bindgen for this
//! boundary, and it was tried: its deserializer reads objects with JS calls that do not
//! catch, so a getter that throws would unwind through the wasm frames with the world
//! borrowed and break every later call on it (see the parent module); its errors name
//! neither the record nor the field; and its "invalid type" error formats the value with
//! Rust's float formatting, which this crate otherwise keeps out of the `.wasm`. Its cost
//! is measured in `docs/performance-notes.md` ("wasm size"). `args`' readers catch, name
//! every field (`list[3].halfWidth must be a number (got the string "2")`) and are shared
//! with `queryShape` and the `add*` methods.
//!
//! An unknown key is an error, as in `opts` and probe shapes: a misspelt `isstatic` must not
//! silently make a dynamic shape. Every record is decoded (types, sizes, polygons) before
//! the core sees any; the core then checks positions and angles of the whole list before
//! it adds one. Either way a bad record names its index and field, and nothing is added.

use super::args::{
    field, filter_options, finite_f32, get, optional_bool, plain_object, read_points_up_to,
    shape_object,
};
use super::errors::{
    describe, range_error, scene_error, shape_error_in, type_error, unreadable, world_error,
};
use super::float_text::f64_text;
use super::{args, WasmWorld};
use crate::shape::{
    Chain, ConcavePolygon, Shape, ShapeError, MAX_CHAIN_POINTS, MAX_OUTLINE_VERTICES,
};
use crate::world::{SceneShape, ShapeDesc, MAX_SHAPES};
use js_sys::{Array, Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::*;

const M: &str = "addShapes";

/// The keys a record of any kind may have, besides its kind's.
const PLACEMENT_KEYS: [&str; 6] = ["x", "y", "angle", "layer", "mask", "isStatic"];

/// The keys of a concave or chain record: its own, then the placement's (`loop` for a
/// chain only).
const POINTS_KEYS: [&str; 9] = [
    "kind", "points", "x", "y", "angle", "layer", "mask", "isStatic", "loop",
];

/// The kinds of record that are not probe shapes, read by [`points_record`].
const POINTS_KINDS: [&str; 2] = ["concave", "chain"];

/// The concave polygon (`{ kind: "concave", points, …placement }`) or chain (`{ kind:
/// "chain", points, loop?, …placement }`) of record `item`, named `name`: its points read
/// and checked as `addConcavePolygon` and `addChain` do.
fn points_record(name: &str, item: &JsValue, chain: bool) -> Result<SceneShape, JsValue> {
    let keys = if chain {
        &POINTS_KEYS[..]
    } else {
        &POINTS_KEYS[..8]
    };
    plain_object(M, name, item, keys)?;
    let prefix = format!("{name}.");
    let (arg, value) = field(M, &prefix, item, "points")?;
    let mut points = Vec::new();
    let shape_error = |e| shape_error_in(M, &prefix, e);
    if !chain {
        let too_many = |count| ShapeError::TooManyOutlinePoints { count };
        read_points_up_to(M, &arg, &value, &mut points, MAX_OUTLINE_VERTICES, too_many)?;
        return Ok(SceneShape::Concave(
            ConcavePolygon::new(&points).map_err(shape_error)?,
        ));
    }
    let too_many = |count| ShapeError::TooManyChainPoints { count };
    read_points_up_to(M, &arg, &value, &mut points, MAX_CHAIN_POINTS, too_many)?;
    let is_loop = optional_bool(M, &prefix, item, "loop")?;
    Ok(SceneShape::Chain(
        Chain::new(&points, is_loop).map_err(shape_error)?,
    ))
}

/// Record `index` of `list`, checked (its shape by the constructors, the rest for types:
/// the core checks the position's range).
fn record(list: &JsValue, index: u32) -> Result<ShapeDesc, JsValue> {
    let name = format!("list[{index}]");
    let item = Reflect::get_u32(list, index).map_err(|e| unreadable(M, &name, &e))?;
    // `kind` read twice for a convex record (once here, once by `shape_object`): a getter
    // is a plain value in any record a scene file gives.
    let kind = if item.is_object() {
        get(M, &format!("{name}.kind"), &item, &"kind".into())?.as_string()
    } else {
        None
    };
    let shape = match kind.as_deref() {
        Some("concave") => points_record(&name, &item, false)?,
        Some("chain") => points_record(&name, &item, true)?,
        _ => shape_object(M, &name, &item, &PLACEMENT_KEYS, &POINTS_KINDS)?.into(),
    };
    let prefix = format!("{name}.");
    let mut xya = [0.0; 3];
    for (slot, key) in xya.iter_mut().zip(["x", "y", "angle"]) {
        let (arg, value) = field(M, &prefix, &item, key)?;
        // `angle` is optional, 0 by default, as in the `add*` methods.
        *slot = if key == "angle" && value.is_undefined() {
            0.0
        } else {
            finite_f32(M, &arg, &value)?
        };
    }
    Ok(ShapeDesc {
        shape,
        x: xya[0],
        y: xya[1],
        angle: xya[2],
        options: filter_options(M, &prefix, &item)?,
    })
}

/// Every record of `list`, decoded and checked as [`record`] says. The length is checked against the room left
/// (`room` shapes) before any record is read, so a huge list costs nothing.
fn records(list: &JsValue, room: usize) -> Result<Vec<ShapeDesc>, JsValue> {
    if !Array::is_array(list) {
        return Err(type_error(
            M,
            format!("list must be an array of shapes (got {})", describe(list)),
        ));
    }
    let length = get(M, "list", list, &"length".into())?
        .as_f64()
        .filter(|n| n.fract() == 0.0 && *n >= 0.0)
        .ok_or_else(|| type_error(M, "list has no valid length".into()))?;
    if length > room as f64 {
        // Not `{length}`: formatting an f64 in Rust would link float formatting.
        return Err(range_error(
            M,
            format!(
                "list has {} shapes, more than the {room} the world has room for (it holds at most {MAX_SHAPES})",
                f64_text(length, false)
            ),
        ));
    }
    let mut out = Vec::new();
    for index in 0..length as u32 {
        out.push(record(list, index)?);
    }
    Ok(out)
}

/// `out[key] = value`.
// Not inlined: each of its dozen call sites would repeat the key's conversion to a JS string.
#[inline(never)]
fn set(out: &Object, key: &str, value: f64) -> Result<(), JsValue> {
    Reflect::set(out, &key.into(), &value.into()).map(drop)
}

/// `points` as a plain array of numbers `x0, y0, x1, y1, …`.
fn set_points(out: &Object, vertices: &[crate::math::Vec2]) -> Result<(), JsValue> {
    let points = Array::new();
    for v in vertices {
        points.push(&f64::from(v.x).into());
        points.push(&f64::from(v.y).into());
    }
    Reflect::set(out, &"points".into(), &points).map(drop)
}

/// `{ kind, x, y, angle, …sizes, layer, mask, isStatic }`, what `shape(id)` returns.
fn record_object(desc: &ShapeDesc) -> Result<JsValue, JsValue> {
    let out = Object::new();
    let kind = match &desc.shape {
        SceneShape::Convex(shape) => shape.kind().js_name(),
        SceneShape::Concave(_) => "concave",
        SceneShape::Chain(_) => "chain",
    };
    Reflect::set(&out, &"kind".into(), &kind.into())?;
    set(&out, "x", desc.x.into())?;
    set(&out, "y", desc.y.into())?;
    set(&out, "angle", desc.angle.into())?;
    match &desc.shape {
        SceneShape::Concave(concave) => set_points(&out, concave.outline())?,
        SceneShape::Chain(chain) => {
            set_points(&out, chain.points())?;
            Reflect::set(&out, &"loop".into(), &chain.is_loop().into())?;
        }
        SceneShape::Convex(shape) => convex_fields(&out, shape)?,
    }
    set(&out, "layer", desc.options.layer.into())?;
    set(&out, "mask", desc.options.mask.into())?;
    Reflect::set(&out, &"isStatic".into(), &desc.options.is_static.into())?;
    Ok(out.into())
}

/// The size fields of a convex shape's record (a polygon's `points`).
fn convex_fields(out: &Object, shape: &Shape) -> Result<(), JsValue> {
    let (keys, values): (&[&str], [f32; 4]) = match *shape {
        Shape::Circle { radius } => (&["radius"], [radius, 0.0, 0.0, 0.0]),
        Shape::OrientedBox { half_extents: h } | Shape::AlignedBox { half_extents: h } => {
            (&["halfWidth", "halfHeight"], [h.x, h.y, 0.0, 0.0])
        }
        Shape::Capsule {
            half_length,
            radius,
        } => (&["halfLength", "radius"], [half_length, radius, 0.0, 0.0]),
        Shape::Segment { a, b } => (&["x1", "y1", "x2", "y2"], [a.x, a.y, b.x, b.y]),
        Shape::Point | Shape::Polygon(_) => (&[], [0.0; 4]),
    };
    for (key, value) in keys.iter().zip(values) {
        set(out, key, value.into())?;
    }
    if let Shape::Polygon(polygon) = shape {
        set_points(out, polygon.vertices())?;
    }
    Ok(())
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// Adds every shape of `list`, an array of plain objects such as `{ kind: "box", x, y,
    /// halfWidth, halfHeight, angle, layer, mask, isStatic }` (the kinds and size fields of
    /// `queryShape`'s shapes; `angle` default 0, `layer`, `mask`, `isStatic` as in the
    /// `add*` methods' `opts`; segment ends `x1, y1, x2, y2` relative to `x, y`; `{ kind:
    /// "concave", points }` a concave polygon, as `addConcavePolygon` takes it; `{ kind:
    /// "chain", points, loop? }` a chain, as `addChain` takes it, placed by `x, y, angle`), and
    /// returns their ids, in order. The whole list is checked first: a bad record throws a
    /// `TypeError` or `RangeError` naming it and its field (`addShapes: list[3].halfWidth
    /// must be greater than 0 (got -1)`) and nothing is added. Unknown keys are errors.
    #[wasm_bindgen(js_name = addShapes)]
    pub fn add_shapes(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ShapeDesc[]")] list: JsValue,
    ) -> Result<Uint32Array, JsValue> {
        let list = records(&list, MAX_SHAPES - self.inner.len())?;
        self.ids.clear();
        self.inner
            .add_shapes(list, &mut self.ids)
            .map_err(|e| scene_error(M, e))?;
        Ok(Uint32Array::from(&self.ids[..]))
    }

    /// The shape `id` as a new plain object `{ kind, x, y, angle, …sizes, layer, mask,
    /// isStatic }` (every field present; a polygon's `points` as an array of numbers, a
    /// concave polygon's checked outline as `{ kind: "concave", points }`, a chain's checked
    /// points as `{ kind: "chain", points, loop }`):
    /// `addShapes([world.shape(id)])` adds an identical shape. The transform is the current
    /// one (set since the last step or not). Throws a `RangeError` naming `id` when it is
    /// not a live shape.
    #[wasm_bindgen(unchecked_return_type = "ShapeRecord")]
    pub fn shape(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Result<JsValue, JsValue> {
        const S: &str = "shape";
        let id = args::id(S, "id", &id)?;
        let desc = self.inner.shape_desc(id).map_err(|e| world_error(S, e))?;
        record_object(&desc)
    }
}

// The same text as in pkg-template/index.d.ts (tests/js/fixtures/types-sync.ts compares
// them); the kinds as in `ProbeShape` (see the parent module).
#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** Where a shape of `addShapes` is, and its options: the fields of every `ShapeDesc`. */
export interface ShapePlacement extends ShapeOptions {
  /** x of the position. */
  x: number;
  /** y of the position. */
  y: number;
  /** Angle in radians (default 0). */
  angle?: number;
}

/** A shape as a plain object, for `addShapes` (and from `shape(id)`). */
export type ShapeDesc =
  | ({ kind: "circle"; radius: number } & ShapePlacement)
  | ({ kind: "box"; halfWidth: number; halfHeight: number } & ShapePlacement)
  | ({ kind: "alignedBox"; halfWidth: number; halfHeight: number } & ShapePlacement)
  | ({ kind: "capsule"; halfLength: number; radius: number } & ShapePlacement)
  | ({ kind: "segment"; x1: number; y1: number; x2: number; y2: number } & ShapePlacement)
  | ({ kind: "point" } & ShapePlacement)
  | ({ kind: "polygon"; points: number[] | Float32Array | Float64Array } & ShapePlacement)
  | ({ kind: "concave"; points: number[] | Float32Array | Float64Array } & ShapePlacement)
  | ({ kind: "chain"; points: number[] | Float32Array | Float64Array; loop?: boolean } & ShapePlacement);

/** What `shape(id)` returns: a `ShapeDesc` with every field present (`points` a plain array). */
export type ShapeRecord = ShapeDesc & Required<ShapePlacement>;
"#;
