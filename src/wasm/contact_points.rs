//! The binding's part of contact points: the `WorldOptions` type of `new World(options)`
//! and the address the package's `contactPoints()` view is built from. Decoding the
//! options is in `args`; the points are computed by the core (`world::contact_points`).

use super::WasmWorld;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_class = World)]
impl WasmWorld {
    /// Low level: address of the contact points (`7 × pairCount` f32). Use
    /// `contactPoints()` instead.
    #[wasm_bindgen(js_name = contactPointsPtr)]
    pub fn contact_points_ptr(&self) -> u32 {
        self.inner.contact_points().as_ptr() as u32
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_WORLD_OPTIONS: &'static str = r#"
/** Options of `new World(options)`, fixed for the world's life. */
export interface WorldOptions {
  /** Compute one or two contact points per pair at every step, read with `contactPoints()`
   * (default false: the step then costs what it did without them). */
  contactPoints?: boolean;
}
"#;
