//! Concave polygons in the world: one id, one broad-phase entry, several convex parts.
//!
//! A concave polygon ([`ConcavePolygon`], cut into convex parts when it is added) is
//! stored like any shape, with its **convex hull** as the shape in its row: the broad
//! phase, the poses and the boxes read only the row, and the hull's box is the outline's
//! box at every angle, so a concave shape has exactly one broad-phase entry and nothing
//! in those phases knows it is concave. Its parts are kept beside the store, in a side
//! table by id ([`Concaves`]), and every exact test that meets a concave id goes through
//! its parts instead of the hull:
//!
//! - **pairs** of the step: every part pair whose boxes meet is tested (the other shape's
//!   box, turned into the outline's frame, finds the parts whose boxes it meets through
//!   the grid or the hierarchy over them, [`ConcavePolygon::each_part_near`], so a shape
//!   touching one corner of a large outline tests the parts near that corner only; a
//!   concave and a convex shape, the step's common case, take one direct walk with the
//!   kernel inlined into it) and the pair is reported **once**, with the contact of the
//!   **deepest** part pair (ties go to the first, parts of A before parts of B, each in
//!   part order). Concave against concave works the same way;
//! - point and shape **queries**: any part touching (found by the pairs' own search, which
//!   goes on to the deepest: one routine less in the `.wasm`);
//! - **rays**: the closest part hit (ties to the first part);
//! - **casts** and sweeps, the concave shape as the target or as the moving shape (a
//!   world shape swept with `sweep`): the earliest part-pair hit (ties to the first);
//! - **move and slide** (`mover.rs`): each part of a concave shape gives its own plane,
//!   so that a mover pressed into an inner corner of one outline is held by both faces.
//!
//! The hull is what [`World::shape`] returns for a concave id; [`World::parts`] gives
//! the parts. A world without concave shapes pays one test of a counter per candidate
//! pair of a step.
//!
//! The walks over the parts (and a chain's segments), with the kernels they call, are
//! `pieces.rs`'s: this module holds the side table and the concave polygon's own calls.
//!
//! The side table is a `Vec` by id, grown only when a concave shape is added (the step
//! reads it without allocating); each entry owns its parts' vertex buffers. What a
//! snapshot needs to rebuild it is the flat form [`World::parts`] writes: per part, its
//! vertex count and vertices (the decomposition is deterministic, so the outline alone
//! would do too).

use super::side_table::SideTable;
use super::{World, WorldError};
use crate::math::Vec2;
use crate::shape::{ConcavePolygon, Shape};
use crate::store::SlotInit;

/// The concave polygons of a world, by id.
pub(super) type Concaves = SideTable<ConcavePolygon>;

impl World {
    /// Adds a concave polygon (see [`ConcavePolygon::new`]) at `(x, y)` turned by `angle`
    /// and returns its id: one shape, one id, whatever the number of its parts.
    ///
    /// ```
    /// use sepax::shape::ConcavePolygon;
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// // A U open upwards (y down): a ball in the notch touches neither arm.
    /// let u = ConcavePolygon::new(&[
    ///     Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 3.0), Vec2::new(3.0, 3.0),
    ///     Vec2::new(3.0, 0.0), Vec2::new(4.0, 0.0), Vec2::new(4.0, 4.0), Vec2::new(0.0, 4.0),
    /// ]).unwrap();
    /// let cup = world.add_concave(u, 0.0, 0.0, 0.0, o).unwrap();
    /// let ball = world.add(Shape::circle(0.5).unwrap(), 2.0, 1.5, 0.0, o).unwrap();
    /// assert_eq!(world.step().unwrap(), 0);
    /// world.set_transform(ball, 2.0, 2.75, 0.0).unwrap(); // down onto the bottom
    /// assert_eq!(world.step().unwrap(), 1);
    /// assert_eq!(world.pairs(), [cup, ball]);
    /// ```
    pub fn add_concave(
        &mut self,
        concave: ConcavePolygon,
        x: f32,
        y: f32,
        angle: f32,
        options: super::ShapeOptions,
    ) -> Result<u32, WorldError> {
        let id = self.add_row(Shape::Polygon(concave.hull().clone()), x, y, angle, options)?;
        self.concaves.insert(id, concave);
        Ok(id)
    }

    /// Adds the row of a shape made of pieces (`shape`, its stand-in for the broad phase):
    /// the checks and the insertion of [`World::add`], without validating the stand-in,
    /// which may have more vertices than a polygon may. One copy for concave polygons and
    /// chains.
    #[inline(never)]
    pub(super) fn add_row(
        &mut self,
        shape: Shape,
        x: f32,
        y: f32,
        angle: f32,
        options: super::ShapeOptions,
    ) -> Result<u32, WorldError> {
        super::errors::check_coordinate(|| super::errors::ArgName::Plain("x"), x)?;
        super::errors::check_coordinate(|| super::errors::ArgName::Plain("y"), y)?;
        super::errors::check_angle(|| super::errors::ArgName::Plain("angle"), angle)?;
        if self.store.live_count() >= super::MAX_SHAPES {
            return Err(WorldError::TooManyShapes);
        }
        if options.is_static {
            self.statics_dirty = true;
        }
        if super::is_custom_filter(options.layer, options.mask) {
            self.custom_filter_count += 1;
        }
        let init = SlotInit {
            shape,
            layer: options.layer,
            mask: options.mask,
            is_static: options.is_static,
        };
        let id = self.store.insert(init, x, y, angle);
        self.note_change(id);
        Ok(id)
    }

    /// The concave polygon stored under `id`, or `None` for a convex shape.
    pub fn concave(&self, id: u32) -> Result<Option<&ConcavePolygon>, WorldError> {
        self.check_id("id", id)?;
        Ok(self.concaves.get(id))
    }

    /// Writes the convex parts of shape `id` into `out` (cleared first) in its **local**
    /// coordinates (place them with its transform to draw them): the part count, then for
    /// each part its vertex count and its vertices `x, y`, counter-clockwise. A convex
    /// shape is one part: its polygon's vertices (a polygon or an oriented box), or none
    /// (`[1, 0]`) for a kind without vertices.
    ///
    /// A chain is one part per segment, each with its 2 ends (in the chain's order).
    pub fn parts(&self, id: u32, out: &mut Vec<f32>) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        out.clear();
        if let Some(chain) = self.chains.get(id) {
            out.push(chain.segments().len() as f32);
            for segment in chain.segments() {
                if let Shape::Segment { a, b } = segment {
                    out.extend([2.0, a.x, a.y, b.x, b.y]);
                }
            }
            return Ok(());
        }
        let shape = &self.store.bodies[self.store.row(id)].shape;
        let one = core::slice::from_ref(shape);
        let parts = self.concaves.get(id).map_or(one, ConcavePolygon::parts);
        out.push(parts.len() as f32);
        for part in parts {
            let vertices: &[Vec2] = match part {
                Shape::Polygon(p) => p.vertices(),
                _ => &[],
            };
            out.push(vertices.len() as f32);
            out.extend(vertices.iter().flat_map(|v| [v.x, v.y]));
        }
        Ok(())
    }
}
