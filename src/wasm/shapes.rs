//! Adding, removing and moving shapes, and reading them back.
//!
//! A convex shape arrives as its [`ShapeKind`] number and up to four sizes (`a`, `b`, `c`,
//! `d`: a circle's radius; a box's half width and height; a capsule's half length and radius,
//! and `c` not 0 for an upright one; a segment's ends `x1, y1, x2, y2`), a polygon's points as
//! a `Float32Array`. The same
//! encoding serves the probes of queries and casts ([`shape_of`]).

use super::RawWorld;
use crate::math::Vec2;
use crate::shape::{Chain, ConcavePolygon, Shape, ShapeKind};
use crate::world::{ShapeOptions, WorldError};
use wasm_bindgen::prelude::*;

/// The convex shape of kind number `kind` with sizes `s` (see the module docs); a polygon's
/// points are `points`.
pub(super) fn shape_of(kind: u8, s: [f32; 4], points: &[Vec2]) -> Result<Shape, WorldError> {
    let Some(kind) = ShapeKind::ALL.into_iter().find(|k| *k as u8 == kind) else {
        return Err(WorldError::InvalidValue {
            arg: "kind",
            expected: "a shape kind",
            value: kind.into(),
        });
    };
    let shape = match kind {
        ShapeKind::Circle => Shape::circle(s[0]),
        ShapeKind::AlignedBox => Shape::aligned_box(s[0], s[1]),
        ShapeKind::OrientedBox => Shape::oriented_box(s[0], s[1]),
        ShapeKind::Polygon => Shape::polygon(points),
        ShapeKind::Capsule if s[2] != 0.0 => Shape::upright_capsule(s[0], s[1]),
        ShapeKind::Capsule => Shape::capsule(s[0], s[1]),
        ShapeKind::Segment => Shape::segment(Vec2::new(s[0], s[1]), Vec2::new(s[2], s[3])),
        ShapeKind::Point => Ok(Shape::point()),
    };
    shape.map_err(WorldError::Shape)
}

/// The options of an add.
fn options(layer: u32, mask: u32, is_static: bool) -> ShapeOptions {
    ShapeOptions {
        layer,
        mask,
        is_static,
    }
}

impl RawWorld {
    /// Adds `shape` (or reports why it was rejected) at `(x, y, angle)`.
    fn add_checked(
        &mut self,
        shape: Result<Shape, WorldError>,
        xya: [f32; 3],
        options: ShapeOptions,
    ) -> u32 {
        let result = shape.and_then(|shape| self.inner.add(shape, xya[0], xya[1], xya[2], options));
        self.count(result.map(|id| id as usize))
    }
}

#[wasm_bindgen]
impl RawWorld {
    /// Adds a circle, box, aligned box, capsule or point (kind number `kind`, sizes `a`,
    /// `b`, `c`); returns its id.
    #[wasm_bindgen(js_name = addShape)]
    #[allow(clippy::too_many_arguments)] // the shape, its pose and its options, as numbers
    pub fn add_shape(
        &mut self,
        kind: u8,
        x: f32,
        y: f32,
        angle: f32,
        a: f32,
        b: f32,
        c: f32,
        layer: u32,
        mask: u32,
        is_static: bool,
    ) -> u32 {
        let shape = shape_of(kind, [a, b, c, 0.0], &[]);
        self.add_checked(shape, [x, y, angle], options(layer, mask, is_static))
    }

    /// Adds the segment from `(x1, y1)` to `(x2, y2)`, placed at its midpoint.
    #[wasm_bindgen(js_name = addSegment)]
    #[allow(clippy::too_many_arguments)] // the two ends and the options, as numbers
    pub fn add_segment(
        &mut self,
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        layer: u32,
        mask: u32,
        is_static: bool,
    ) -> u32 {
        let (a, b) = (Vec2::new(x1, y1), Vec2::new(x2, y2));
        // The ends checked where they are given, so that an error names `x1` … `y2` as passed.
        let (shape, mid) = match Shape::segment(a, b).and_then(|_| Shape::segment_between(a, b)) {
            Ok((shape, mid)) => (Ok(shape), mid),
            Err(e) => (Err(WorldError::Shape(e)), Vec2::ZERO),
        };
        self.add_checked(shape, [mid.x, mid.y, 0.0], options(layer, mask, is_static))
    }

    /// Adds a convex polygon of `points` (`x0, y0, x1, y1, …`).
    #[wasm_bindgen(js_name = addPolygon)]
    #[allow(clippy::too_many_arguments)] // the pose, the points and the options
    pub fn add_polygon(
        &mut self,
        x: f32,
        y: f32,
        angle: f32,
        points: &[f32],
        layer: u32,
        mask: u32,
        is_static: bool,
    ) -> u32 {
        self.take_points(points);
        let shape = Shape::polygon(&self.points).map_err(WorldError::Shape);
        self.add_checked(shape, [x, y, angle], options(layer, mask, is_static))
    }

    /// Adds a concave polygon whose outline is `points`.
    #[wasm_bindgen(js_name = addConcave)]
    #[allow(clippy::too_many_arguments)] // the pose, the points and the options
    pub fn add_concave(
        &mut self,
        x: f32,
        y: f32,
        angle: f32,
        points: &[f32],
        layer: u32,
        mask: u32,
        is_static: bool,
    ) -> u32 {
        self.take_points(points);
        let result = ConcavePolygon::new(&self.points)
            .map_err(WorldError::Shape)
            .and_then(|concave| {
                let options = options(layer, mask, is_static);
                self.inner.add_concave(concave, x, y, angle, options)
            });
        self.count(result.map(|id| id as usize))
    }

    /// Adds a chain through `points`, closed when `is_loop`, at the origin.
    #[wasm_bindgen(js_name = addChain)]
    pub fn add_chain(
        &mut self,
        points: &[f32],
        is_loop: bool,
        layer: u32,
        mask: u32,
        is_static: bool,
    ) -> u32 {
        self.take_points(points);
        let result = Chain::new(&self.points, is_loop)
            .map_err(WorldError::Shape)
            .and_then(|chain| {
                let options = options(layer, mask, is_static);
                self.inner.add_chain(chain, 0.0, 0.0, 0.0, options)
            });
        self.count(result.map(|id| id as usize))
    }

    /// Removes shape `id`.
    pub fn remove(&mut self, id: u32) -> bool {
        let result = self.inner.remove(id);
        self.done(result)
    }

    /// True when `id` names a live shape.
    pub fn has(&self, id: u32) -> bool {
        self.inner.contains(id)
    }

    /// The generation of `id` (see the core's `World::generation`).
    pub fn generation(&self, id: u32) -> u32 {
        self.inner.generation(id)
    }

    /// The number of live shapes.
    pub fn size(&self) -> u32 {
        self.inner.len() as u32
    }

    /// The number of slots: the length of the transform columns.
    #[wasm_bindgen(js_name = slotCount)]
    pub fn slot_count(&self) -> u32 {
        self.inner.slot_count() as u32
    }

    /// Moves shape `id`.
    #[wasm_bindgen(js_name = setTransform)]
    pub fn set_transform(&mut self, id: u32, x: f32, y: f32, angle: f32) -> bool {
        let result = self.inner.set_transform(id, x, y, angle);
        self.done(result)
    }

    /// Moves the shapes of `ids` to the `x, y, angle` triples of `xya`, all or none.
    #[wasm_bindgen(js_name = setTransforms)]
    pub fn set_transforms(&mut self, ids: &[u32], xya: &[f32]) -> bool {
        let result = self.inner.set_transforms(ids, xya);
        self.done(result)
    }

    /// Writes the transform of `id` to `io[0..3]` (`x, y, angle`).
    pub fn transform(&mut self, id: u32) -> bool {
        match self.inner.transform(id) {
            Ok((x, y, angle)) => {
                self.io[..3].copy_from_slice(&[x.into(), y.into(), angle.into()]);
                true
            }
            Err(e) => self.fail(e, false),
        }
    }

    /// Changes the layer and mask of `id`.
    #[wasm_bindgen(js_name = setLayerMask)]
    pub fn set_layer_mask(&mut self, id: u32, layer: u32, mask: u32) -> bool {
        let result = self.inner.set_layer_mask(id, layer, mask);
        self.done(result)
    }

    /// Makes transforms written through the columns visible to queries (see the core's
    /// `World::refresh`).
    pub fn refresh(&mut self) -> bool {
        let result = self.inner.refresh();
        self.done(result)
    }

    /// Re-reads every static shape's transform at the next step.
    #[wasm_bindgen(js_name = touchStatics)]
    pub fn touch_statics(&mut self) {
        self.inner.touch_statics();
    }

    /// Addresses of the `x`, `y` and `angle` columns, in `io[0..3]`.
    #[wasm_bindgen(js_name = transformPtrs)]
    pub fn transform_ptrs(&mut self) {
        let addresses = self.inner.transform_column_addresses();
        self.put_addresses(&addresses);
    }

    /// Changes whenever the transform columns move or change length.
    #[wasm_bindgen(js_name = layoutVersion)]
    pub fn layout_version(&self) -> u32 {
        self.inner.layout_version()
    }

    /// Gives shape `id` the tag `tag`.
    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, id: u32, tag: u32) -> bool {
        let result = self.inner.set_tag(id, tag);
        self.done(result)
    }

    /// The live ids, ascending: returns how many, with their address in `io[0]`.
    #[wasm_bindgen(js_name = liveIds)]
    pub fn live_ids(&mut self) -> u32 {
        let ids = self.inner.live_ids();
        let (address, count) = (ids.as_ptr() as usize, ids.len());
        self.io[0] = address as f64;
        count as u32
    }

    /// The box of `id` the last step used, in `io[0..4]` (`minX, minY, maxX, maxY`).
    pub fn aabb(&mut self, id: u32) -> bool {
        match self.inner.aabb(id) {
            Ok(b) => {
                let numbers = [b.min.x, b.min.y, b.max.x, b.max.y];
                for (slot, value) in self.io.iter_mut().zip(numbers) {
                    *slot = value.into();
                }
                true
            }
            Err(e) => self.fail(e, false),
        }
    }

    /// Writes the parts of `id` (see the core's `World::parts`) to the floats; returns how
    /// many numbers.
    pub fn parts(&mut self, id: u32) -> u32 {
        self.floats.clear();
        let result = self.inner.parts(id, &mut self.floats);
        let len = self.floats.len();
        self.count(result.map(|()| len))
    }

    /// Writes the points of chain `id` to the floats; returns how many numbers.
    #[wasm_bindgen(js_name = chainPoints)]
    pub fn chain_points(&mut self, id: u32) -> u32 {
        self.floats.clear();
        let result = self.inner.chain_points(id, &mut self.floats);
        let len = self.floats.len();
        self.count(result.map(|()| len))
    }
}
