//! `moveAndSlide`: the character mover of [`crate::world::World::move_and_slide`], as a
//! checked method that JS can call with anything, and the garbage-free variant the
//! package's JS entry calls with numbers (see `pkg-template/mover.js`).
//!
//! A third `impl` block of the `World` class; like the others, it only decodes, delegates
//! and maps errors.

use super::errors::world_error;
use super::{args, WasmWorld};
use crate::math::Vec2;
use crate::world::{MoveOptions, MoveResult};
use js_sys::{Float32Array, Float64Array, Object, Reflect};
use wasm_bindgen::prelude::*;

const M: &str = "moveAndSlide";

impl WasmWorld {
    /// Moves `id` and keeps the result for `moveNumbersPtr()`; returns the contact count.
    fn move_checked(
        &mut self,
        id: u32,
        delta: Vec2,
        options: &MoveOptions,
    ) -> Result<u32, JsValue> {
        let MoveResult {
            position,
            grounded,
            contact_count,
        } = self
            .inner
            .move_and_slide(id, delta, options)
            .map_err(|e| world_error(M, e))?;
        self.moved[..3].copy_from_slice(&[
            f64::from(position.x),
            f64::from(position.y),
            f64::from(u8::from(grounded)),
        ]);
        // Where the contacts are, so that the package's views need no call to find out.
        self.moved[8] = self.inner.move_contacts().as_ptr() as usize as f64;
        Ok(contact_count as u32)
    }
}

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// Moves shape `id` by `(dx, dy)` as far as it can, sliding along what it meets (at
    /// most `opts.maxIterations` cast-and-clip rounds, default 4), and writes its new
    /// position like `setTransform` (its angle is kept). Returns `{ x, y, grounded,
    /// contacts }`: the new position; whether some contact's normal is within
    /// `opts.maxSlope` radians (default π/4) of up (`opts.upX, opts.upY`, default `(0, -1)`:
    /// on a canvas y grows downwards); and the contacts met, `id, nx, ny` for each in a
    /// `Float32Array` (ids are exact: below 2^24), the normal pointing from that shape
    /// towards the mover. The mover keeps `opts.skin` (default 0.01) from what it met.
    ///
    /// The mover starts from its current transform; the other shapes are seen as the last
    /// `step()` saw them. In the package the result object is the world's own, refilled by
    /// its next `moveAndSlide`, and `contacts` is a view of the world's contact buffer, valid
    /// until then (and, like every view, until a call that may allocate): copy what you
    /// keep. Calling it creates no JS garbage.
    #[wasm_bindgen(js_name = moveAndSlide, unchecked_return_type = "MoveResult")]
    pub fn move_and_slide(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dx: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] dy: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "MoveOptions")] opts: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = args::id(M, "id", &id)?;
        let delta = Vec2::new(
            args::finite_f32(M, "dx", &dx)?,
            args::finite_f32(M, "dy", &dy)?,
        );
        let options = args::move_options(M, &opts)?;
        self.move_checked(id, delta, &options)?;
        let out = Object::new();
        for (key, value) in [("x", self.moved[0]), ("y", self.moved[1])] {
            Reflect::set(&out, &key.into(), &value.into())?;
        }
        Reflect::set(&out, &"grounded".into(), &(self.moved[2] != 0.0).into())?;
        let contacts = Float32Array::from(self.inner.move_contacts());
        Reflect::set(&out, &"contacts".into(), &contacts.into())?;
        Ok(out.into())
    }

    /// Low level: `moveAndSlide()` for the package's JS entry, with its options read from
    /// the numbers at `moveNumbersPtr()` (`[3..8]`: maxIterations, upX, upY, maxSlope, skin;
    /// the entry writes them there, so that no number is passed as a JS value) and its
    /// result written there (`[0..3]`: x, y, grounded; `[8]`: the address of the
    /// contacts, as `moveContactsPtr()` gives it). Returns the contact count, or
    /// `0xFFFFFFFF` when it failed (the error is kept for `takeError()`). Use
    /// `moveAndSlide()`.
    #[wasm_bindgen(js_name = moveAndSlideRaw)]
    pub fn move_and_slide_raw(&mut self, id: f64, dx: f64, dy: f64) -> u32 {
        let [_, _, _, max_iterations, up_x, up_y, max_slope, skin, _] = self.moved;
        let result = (|| {
            let id = args::id_of(M, "id", id)?;
            let delta = Vec2::new(
                args::finite_f32_of(M, "dx", dx)?,
                args::finite_f32_of(M, "dy", dy)?,
            );
            let options = MoveOptions {
                max_iterations: args::move_iterations(M, max_iterations)?,
                up: Vec2::new(
                    args::finite_f32_of(M, "opts.upX", up_x)?,
                    args::finite_f32_of(M, "opts.upY", up_y)?,
                ),
                max_slope: args::finite_f32_of(M, "opts.maxSlope", max_slope)?,
                skin: args::finite_f32_of(M, "opts.skin", skin)?,
            };
            self.move_checked(id, delta, &options)
        })();
        result.unwrap_or_else(|e| {
            self.error = e;
            u32::MAX
        })
    }

    /// Low level: `[maxIterations, upX, upY, maxSlope, skin]`, the defaults of
    /// `moveAndSlide`'s options.
    #[wasm_bindgen(js_name = moveOptionDefaults)]
    pub fn move_option_defaults(&self) -> Float64Array {
        let d = MoveOptions::default();
        Float64Array::from(
            &[
                f64::from(d.max_iterations),
                f64::from(d.up.x),
                f64::from(d.up.y),
                f64::from(d.max_slope),
                f64::from(d.skin),
            ][..],
        )
    }

    /// Low level: address of `moveAndSlideRaw()`'s numbers (9 f64: the last move's
    /// `x, y, grounded`, then the next move's options, then the address of the last
    /// move's contacts).
    #[wasm_bindgen(js_name = moveNumbersPtr)]
    pub fn move_numbers_ptr(&self) -> u32 {
        self.moved.as_ptr() as u32
    }

    /// Low level: address of the last move's contacts (`3 × count` f32, `id, nx, ny`).
    #[wasm_bindgen(js_name = moveContactsPtr)]
    pub fn move_contacts_ptr(&self) -> u32 {
        self.inner.move_contacts().as_ptr() as u32
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_MOVER: &'static str = r#"
/** Options of `moveAndSlide`. */
export interface MoveOptions {
  /** The most cast-and-clip rounds, an integer from 1 to 16 (default 4). */
  maxIterations?: number;
  /** x of the up direction, for `grounded` (default 0). */
  upX?: number;
  /** y of the up direction (default -1: on a canvas y grows downwards). */
  upY?: number;
  /** The steepest floor, radians from up, from 0 to π (default π/4). */
  maxSlope?: number;
  /** The distance kept from surfaces, from 0 (default 0.01); raised to cover the rounding
   * of coordinates far from the origin. */
  skin?: number;
}

/** What `moveAndSlide` returns (in the package: one object per world, reused). */
export interface MoveResult {
  /** The new position (written to the shape's transform). */
  x: number;
  y: number;
  /** Some contact's normal is within `maxSlope` of up. */
  grounded: boolean;
  /** `id, nx, ny` per contact met, the normal from that shape towards the mover. In the
   * package a view valid until the next `moveAndSlide` call. */
  contacts: Float32Array;
}
"#;
