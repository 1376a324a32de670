//! The questions a game asks the world: point, box and shape queries, rays, casts, sweeps,
//! and the character mover. Single results go to `io`, batches stay in the world's buffers.

use super::message::Message;
use super::shapes::shape_of;
use super::{RawWorld, MOVE_OPTIONS};
use crate::math::Vec2;
use crate::shape::Shape;
use crate::world::{MoveOptions, Nearest, WorldError};
use wasm_bindgen::prelude::*;

/// A probe's error, named as a field of the `shape` argument (`shape.radius must be …`).
struct ProbeError(WorldError);

impl Message for ProbeError {
    fn write_to(&self, out: &mut String) {
        out.push_str("shape.");
        self.0.write_to(out);
    }
}

impl RawWorld {
    /// The probe shape of kind `kind` with sizes `s` and polygon `points`.
    fn probe(&mut self, kind: u8, s: [f32; 4], points: &[f32]) -> Result<Shape, ProbeError> {
        self.take_points(points);
        shape_of(kind, s, &self.points).map_err(ProbeError)
    }

    /// The ids a query appended, or its error, as a count.
    fn hits(&mut self, result: Result<(), WorldError>) -> u32 {
        let count = self.ids.len();
        self.count(result.map(|()| count))
    }
}

#[wasm_bindgen]
impl RawWorld {
    /// Writes the ids of the shapes containing `(x, y)` (on a layer in `mask`) to the ids;
    /// returns how many.
    #[wasm_bindgen(js_name = queryPoint)]
    pub fn query_point(&mut self, x: f32, y: f32, mask: u32) -> u32 {
        let filter = self.filter(mask);
        self.ids.clear();
        let result = self
            .inner
            .query_point(Vec2::new(x, y), filter, &mut self.ids);
        self.hits(result)
    }

    /// Writes the ids of the shapes whose boxes overlap the box to the ids.
    #[wasm_bindgen(js_name = queryAabb)]
    pub fn query_aabb(&mut self, min_x: f32, min_y: f32, max_x: f32, max_y: f32, mask: u32) -> u32 {
        let filter = self.filter(mask);
        self.ids.clear();
        let (min, max) = (Vec2::new(min_x, min_y), Vec2::new(max_x, max_y));
        let result = self.inner.query_aabb(min, max, filter, &mut self.ids);
        self.hits(result)
    }

    /// Writes the ids of the shapes touching the probe (kind `kind`, sizes `a..d`, polygon
    /// `points`) at `(x, y, angle)` to the ids.
    #[wasm_bindgen(js_name = queryShape)]
    #[allow(clippy::too_many_arguments)] // the probe, its pose and the mask, as numbers
    pub fn query_shape(
        &mut self,
        kind: u8,
        a: f32,
        b: f32,
        c: f32,
        d: f32,
        points: &[f32],
        x: f32,
        y: f32,
        angle: f32,
        mask: u32,
    ) -> u32 {
        let filter = self.filter(mask);
        let shape = match self.probe(kind, [a, b, c, d], points) {
            Ok(shape) => shape,
            Err(e) => return self.fail(e, u32::MAX),
        };
        self.ids.clear();
        let result = self
            .inner
            .query_shape(&shape, x, y, angle, filter, &mut self.ids);
        self.hits(result)
    }

    /// The closest hit of a ray: 1 with `io[0..7]` = `id, distance, x, y, nx, ny, cell`, 0
    /// when nothing is hit.
    #[allow(clippy::too_many_arguments)] // the ray, its reach and the mask, as numbers
    pub fn raycast(
        &mut self,
        x: f32,
        y: f32,
        dx: f32,
        dy: f32,
        max_distance: f32,
        mask: u32,
    ) -> u32 {
        let origin = Vec2::new(x, y);
        let filter = self.filter(mask);
        match self
            .inner
            .raycast(origin, Vec2::new(dx, dy), max_distance, filter)
        {
            Ok(Some(hit)) => {
                let h = hit.hit;
                let numbers = [h.distance, h.point.x, h.point.y, h.normal.x, h.normal.y];
                self.io[0] = hit.id.into();
                for (slot, value) in self.io[1..6].iter_mut().zip(numbers) {
                    *slot = value.into();
                }
                self.io[6] = hit.cell.into();
                1
            }
            Ok(None) => 0,
            Err(e) => self.fail(e, u32::MAX),
        }
    }

    /// The first shape a moving probe touches: 1 with `io[0..7]` = `id, t, x, y, nx, ny,
    /// cell`, 0 when nothing is hit.
    #[wasm_bindgen(js_name = castShape)]
    #[allow(clippy::too_many_arguments)] // the probe, its pose, its motion and the mask
    pub fn cast_shape(
        &mut self,
        kind: u8,
        a: f32,
        b: f32,
        c: f32,
        d: f32,
        points: &[f32],
        x: f32,
        y: f32,
        angle: f32,
        dx: f32,
        dy: f32,
        mask: u32,
    ) -> u32 {
        let filter = self.filter(mask);
        let shape = match self.probe(kind, [a, b, c, d], points) {
            Ok(shape) => shape,
            Err(e) => return self.fail(e, u32::MAX),
        };
        let delta = Vec2::new(dx, dy);
        match self.inner.cast_shape(&shape, x, y, angle, delta, filter) {
            Ok(Some(hit)) => {
                let h = hit.hit;
                let numbers = [h.t, h.point.x, h.point.y, h.normal.x, h.normal.y];
                self.io[0] = hit.id.into();
                for (slot, value) in self.io[1..6].iter_mut().zip(numbers) {
                    *slot = value.into();
                }
                self.io[6] = hit.cell.into();
                1
            }
            Ok(None) => 0,
            Err(e) => self.fail(e, u32::MAX),
        }
    }

    /// Sweeps each shape of `ids` by its pair of `dxy`; returns the count. Results in the
    /// cast buffers.
    pub fn sweep(&mut self, ids: &[u32], dxy: &[f32], mask: u32) -> u32 {
        let filter = self.filter(mask);
        let result = self.inner.sweep(ids, dxy, filter);
        self.count(result)
    }

    /// Pushes overlapping shapes apart (`World::separate`): those of `ids` (every shape
    /// that is not static unless `listed`), weighted by `weights` when `weighted`, for
    /// `iterations` sweeps; returns how many moved.
    pub fn separate(
        &mut self,
        ids: &[u32],
        listed: bool,
        weights: &[f32],
        weighted: bool,
        iterations: u32,
    ) -> u32 {
        let (ids, weights) = (listed.then_some(ids), weighted.then_some(weights));
        let result = self.inner.separate(ids, weights, iterations);
        self.count(result)
    }

    /// Casts each ray (`x, y, dx, dy`) of `rays`; returns the count. Results in the cast
    /// buffers.
    #[wasm_bindgen(js_name = raycastMany)]
    pub fn raycast_many(&mut self, rays: &[f32], max_distance: f32, mask: u32) -> u32 {
        let filter = self.filter(mask);
        let result = self.inner.raycast_many(rays, max_distance, filter);
        self.count(result)
    }

    /// The length of the cast buffers, in items.
    #[wasm_bindgen(js_name = castResultsLength)]
    pub fn cast_results_length(&self) -> u32 {
        self.inner.cast_results().t.len() as u32
    }

    /// Changes whenever the cast buffers grow (and may move).
    #[wasm_bindgen(js_name = castResultsVersion)]
    pub fn cast_results_version(&self) -> u32 {
        self.inner.cast_results_version()
    }

    /// The number of sensors the last sweep's items crossed, with the addresses of their
    /// `items`, `ids` and `t` in `io[0..3]`.
    #[wasm_bindgen(js_name = sweepCrossings)]
    pub fn sweep_crossings(&mut self) -> u32 {
        let c = self.inner.sweep_crossings();
        let addresses = [
            c.items.as_ptr() as usize,
            c.ids.as_ptr() as usize,
            c.t.as_ptr() as usize,
        ];
        let count = c.ids.len() as u32;
        self.put_addresses(&addresses);
        count
    }

    /// The addresses of the cast buffers (`t`, `ids`, `normals`, `points`, `cells`), in
    /// `io[0..5]`.
    #[wasm_bindgen(js_name = castResultPtrs)]
    pub fn cast_result_ptrs(&mut self) {
        let addresses = self.inner.cast_result_addresses();
        self.put_addresses(&addresses);
    }

    /// Moves shape `id` by `(dx, dy)`, sliding, with the options in `io[MOVE_OPTIONS..]` as
    /// the entry last wrote them: `maxIterations, upX, upY, maxSlope, skin, dropThrough,
    /// mask, maxStepHeight, minStepWidth, snapDistance, stopOnSlope, slideOnSteep,
    /// constantSlopeSpeed, carry, crossMask, touchMask, bounceMask` (flags as 0 or 1). Returns the number of contacts, with
    /// `io[0..3]` = `x, y, grounded`, `io[3]` the address of the contacts (`id, nx, ny`
    /// each), `io[4]` that of their cells, `io[5..7]` = `ceiling, wall`, `io[7..11]` = the
    /// ground's `id, nx, ny, cell` (id `0xFFFFFFFF` when none), `io[11..14]` the addresses of
    /// the sensors crossed and of their `t`, and their count, `io[14..16]` the bounce.
    #[wasm_bindgen(js_name = moveAndSlide)]
    pub fn move_and_slide(&mut self, id: u32, dx: f32, dy: f32) -> u32 {
        let o = &self.io[MOVE_OPTIONS..];
        let options = MoveOptions {
            // Any integer from the entry; the core says what is allowed.
            max_iterations: o[0] as u32,
            up: Vec2::new(o[1] as f32, o[2] as f32),
            max_slope: o[3] as f32,
            skin: o[4] as f32,
            drop_through: o[5] != 0.0,
            mask: o[6] as u32,
            max_step_height: o[7] as f32,
            min_step_width: o[8] as f32,
            snap_distance: o[9] as f32,
            stop_on_slope: o[10] != 0.0,
            slide_on_steep: o[11] != 0.0,
            constant_slope_speed: o[12] != 0.0,
            carry: o[13] != 0.0,
            cross_mask: o[14] as u32,
            touch_mask: o[15] as u32,
            bounce_mask: o[16] as u32,
        };
        match self.inner.move_and_slide(id, Vec2::new(dx, dy), &options) {
            Ok(r) => {
                let ground = r.ground.map_or([f64::from(u32::MAX), 0.0, 0.0, 0.0], |g| {
                    let (nx, ny) = (g.normal.x.into(), g.normal.y.into());
                    [g.id.into(), nx, ny, g.cell.into()]
                });
                let flags = [r.grounded, r.ceiling, r.wall].map(|f| f64::from(u8::from(f)));
                self.io[0] = r.position.x.into();
                self.io[1] = r.position.y.into();
                self.io[2] = flags[0];
                self.io[3] = self.inner.move_contacts().as_ptr() as usize as f64;
                self.io[4] = self.inner.move_contact_cells().as_ptr() as usize as f64;
                self.io[5..7].copy_from_slice(&flags[1..]);
                self.io[7..11].copy_from_slice(&ground);
                let crossings = self.inner.move_crossings();
                self.io[11] = crossings.as_ptr() as usize as f64;
                self.io[12] = self.inner.move_crossing_ts().as_ptr() as usize as f64;
                self.io[13] = crossings.len() as f64;
                self.io[14] = r.bounce.x.into();
                self.io[15] = r.bounce.y.into();
                r.contact_count as u32
            }
            Err(e) => self.fail(e, u32::MAX),
        }
    }

    /// The `k` shapes nearest to `(x, y)` within `max_distance`: returns how many, their
    /// ids in the ids, and the nearest's `id, distance, x, y` (its point nearest to
    /// `(x, y)`) in `io[0..4]`.
    pub fn nearest(&mut self, x: f32, y: f32, k: u32, max_distance: f32, mask: u32) -> u32 {
        let filter = self.filter(mask);
        let mut near = core::mem::take(&mut self.near);
        near.clear();
        let result =
            self.inner
                .nearest(Vec2::new(x, y), k as usize, filter, max_distance, &mut near);
        self.ids.clear();
        self.ids.extend(near.iter().map(|n| n.id));
        if let Some(&Nearest {
            id,
            distance,
            point,
        }) = near.first()
        {
            let numbers = [
                f64::from(id),
                distance.into(),
                point.x.into(),
                point.y.into(),
            ];
            self.io[..4].copy_from_slice(&numbers);
        }
        self.near = near;
        self.hits(result)
    }

    /// The `k` nearest shapes of each point (`x, y`) of `points`; returns the number of
    /// points. Results in the nearest buffers (see `nearestResults`).
    #[wasm_bindgen(js_name = nearestMany)]
    pub fn nearest_many(&mut self, points: &[f32], k: u32, max_distance: f32, mask: u32) -> u32 {
        let filter = self.filter(mask);
        let result = self
            .inner
            .nearest_many(points, k as usize, filter, max_distance);
        self.count(result)
    }

    /// The nearest buffers (`ids`, `distances`, `points`): their addresses in `io[0..3]`,
    /// their length in items in `io[3]`, and in `io[4]` a number that changes whenever
    /// they grow (and may move).
    #[wasm_bindgen(js_name = nearestResults)]
    pub fn nearest_results(&mut self) {
        let addresses = self.inner.nearest_result_addresses();
        self.put_addresses(&addresses);
        self.io[3] = self.inner.nearest_results().ids.len() as f64;
        self.io[4] = self.inner.nearest_results_version().into();
    }

    /// How far apart shapes `a` and `b` are: `io[0..5]` = `distance, ax, ay, bx, by`.
    pub fn distance(&mut self, a: u32, b: u32) -> bool {
        match self.inner.distance(a, b) {
            Ok(d) => {
                let numbers = [
                    d.distance,
                    d.point_a.x,
                    d.point_a.y,
                    d.point_b.x,
                    d.point_b.y,
                ];
                for (slot, value) in self.io.iter_mut().zip(numbers) {
                    *slot = value.into();
                }
                true
            }
            Err(e) => self.fail(e, false),
        }
    }

    /// Writes the default move options to `io[MOVE_OPTIONS..]`.
    #[wasm_bindgen(js_name = moveOptionDefaults)]
    pub fn move_option_defaults(&mut self) {
        let d = MoveOptions::default();
        let defaults = [
            f64::from(d.max_iterations),
            f64::from(d.up.x),
            f64::from(d.up.y),
            f64::from(d.max_slope),
            f64::from(d.skin),
            f64::from(u8::from(d.drop_through)),
            f64::from(d.mask),
            f64::from(d.max_step_height),
            f64::from(d.min_step_width),
            f64::from(d.snap_distance),
            f64::from(u8::from(d.stop_on_slope)),
            f64::from(u8::from(d.slide_on_steep)),
            f64::from(u8::from(d.constant_slope_speed)),
            f64::from(u8::from(d.carry)),
            f64::from(d.cross_mask),
            f64::from(d.touch_mask),
            f64::from(d.bounce_mask),
        ];
        self.io[MOVE_OPTIONS..MOVE_OPTIONS + defaults.len()].copy_from_slice(&defaults);
    }
}
