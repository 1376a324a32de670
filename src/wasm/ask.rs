//! The questions a game asks when something looks wrong: why two shapes do or do not touch
//! (`explain`), its answer a reason code and a few numbers in `io`; and what the world
//! looks like (`debugLines`), its answer in two buffers read through `resultPtr`.

use super::RawWorld;
use crate::math::{Aabb, Vec2};
use crate::world::{DebugOptions, Explanation, Side};
use wasm_bindgen::prelude::*;

/// The code of a side in `io[0]`: 0 `a`, 1 `b`, 2 both.
fn side_code(side: Side) -> f64 {
    match side {
        Side::A => 0.0,
        Side::B => 1.0,
        Side::Both => 2.0,
    }
}

#[wasm_bindgen]
impl RawWorld {
    /// Why shapes `a` and `b` do or do not touch; `checks` bit 0 (1) says `gen_a` is the
    /// generation saved with `a`, bit 1 (2) that `gen_b` is `b`'s. Returns the reason: 0
    /// removed, 1 stale, 2 not stepped (`io[0]` the side: 0 a, 1 b, 2 both), 3 both static,
    /// 4 layer and mask (`io[0]` the side), 5 boxes apart (`io[1]` the gap), 6 separated
    /// (`io[1..4]` = `nx, ny, gap`), 7 touching (`io[1..6]` = `nx, ny, depth, cell,
    /// oneWay`).
    pub fn explain(&mut self, a: u32, b: u32, gen_a: u32, gen_b: u32, checks: u32) -> u32 {
        let generations = (checks & 1 != 0).then_some(gen_a);
        let generations = Some((generations, (checks & 2 != 0).then_some(gen_b)));
        let explanation = match self.inner.explain(a, b, generations) {
            Ok(e) => e,
            Err(e) => return self.fail(e, u32::MAX),
        };
        let f = f64::from;
        let (code, side, numbers) = match explanation {
            Explanation::Removed { side } => (0, side_code(side), [0.0; 5]),
            Explanation::Stale { side } => (1, side_code(side), [0.0; 5]),
            Explanation::NotStepped { side } => (2, side_code(side), [0.0; 5]),
            Explanation::BothStatic => (3, 0.0, [0.0; 5]),
            Explanation::LayerMask { side } => (4, side_code(side), [0.0; 5]),
            Explanation::BoxesApart { gap } => (5, 0.0, [f(gap), 0.0, 0.0, 0.0, 0.0]),
            Explanation::Separated { normal, gap } => {
                (6, 0.0, [f(normal.x), f(normal.y), f(gap), 0.0, 0.0])
            }
            Explanation::Touching {
                normal,
                depth,
                cell,
                one_way,
            } => {
                let one_way = f64::from(u8::from(one_way));
                (
                    7,
                    0.0,
                    [f(normal.x), f(normal.y), f(depth), cell.into(), one_way],
                )
            }
        };
        self.io[0] = side;
        self.io[1..6].copy_from_slice(&numbers);
        code
    }

    /// Draws the world into the debug buffers (`resultPtr(7)`, `resultPtr(8)`); returns
    /// the number of lines. The options are in `io[0..6]` (written there rather than passed,
    /// so that a frame's fractional numbers are never boxed on their way in): flags (1
    /// boxes, 2 cells, 4 contacts, 8 surfaces, 16 only what meets the region), the region's
    /// `min_x, min_y, max_x, max_y`, and the scale of normals and crosses.
    #[wasm_bindgen(js_name = debugLines)]
    pub fn debug_lines(&mut self) -> u32 {
        let [flags, min_x, min_y, max_x, max_y, scale] =
            [0, 1, 2, 3, 4, 5].map(|k| self.io[k] as f32);
        let flags = flags as u32;
        let region = Aabb::new(Vec2::new(min_x, min_y), Vec2::new(max_x, max_y));
        let options = DebugOptions {
            boxes: flags & 1 != 0,
            cells: flags & 2 != 0,
            contacts: flags & 4 != 0,
            surfaces: flags & 8 != 0,
            region: (flags & 16 != 0).then_some(region),
            scale,
        };
        self.inner.debug_lines(&options) as u32
    }
}
