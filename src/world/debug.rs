//! Debug lines: the world as line segments a game draws in its own renderer
//! ([`World::debug_lines`]), one category per segment.
//!
//! Every shape is drawn as its outline where the last step saw it (a shape added since,
//! where it was added): polygons and boxes by their edges, circles as
//! [`CIRCLE_SEGMENTS`]-gons, capsules as two half such polygons joined by their sides,
//! segments as themselves, points as a small cross, a concave polygon by its outline, a
//! chain by its segments and a tile grid by the segments of its surface (what collides,
//! not every cell). The category of an outline is the shape's state: touching (in the last
//! step's pairs) first, then one-way, then static or moving. On request come the bounding
//! boxes the step used, the broad phase's occupied grid cells, the last step's contacts
//! (a cross at each contact point and its normal, from the contact points when the world
//! computes them, else from one point per pair) and the surface normals of chains and
//! tile grids (and each one-way shape's direction).
//!
//! A `region` limits the work to what is on screen: the shapes come from the broad phase
//! (and the shapes added since the step, whose boxes are tested one by one), a tile
//! grid's surface from the chunks it meets, the cells from the region's cells. The lines
//! go into two buffers the world owns and reuses: `x0, y0, x1, y1` per segment and one
//! category byte per segment, so a frame of drawing allocates nothing once they have grown
//! to the largest frame. A world that never draws pays nothing.

use super::distance::{contact_point, Placed};
use super::pieces::Pieces;
use super::World;
use crate::math::{Aabb, Transform, Vec2};
use crate::shape::{Core, Shape};
use crate::store::{FLAG_FRESH, FLAG_SENSOR};

/// How many segments a circle is drawn with (a capsule's ends, half as many each).
pub const CIRCLE_SEGMENTS: usize = 16;

/// `cos, sin` of `k × 2π / 16`, `k` from 0 to 16 (the circle's corners, exact to `f32`).
const CIRCLE: [(f32, f32); CIRCLE_SEGMENTS + 1] = [
    (1.0, 0.0),
    (0.923_879_5, 0.382_683_43),
    (0.707_106_77, 0.707_106_77),
    (0.382_683_43, 0.923_879_5),
    (0.0, 1.0),
    (-0.382_683_43, 0.923_879_5),
    (-0.707_106_77, 0.707_106_77),
    (-0.923_879_5, 0.382_683_43),
    (-1.0, 0.0),
    (-0.923_879_5, -0.382_683_43),
    (-0.707_106_77, -0.707_106_77),
    (-0.382_683_43, -0.923_879_5),
    (0.0, -1.0),
    (0.382_683_43, -0.923_879_5),
    (0.707_106_77, -0.707_106_77),
    (0.923_879_5, -0.382_683_43),
    (1.0, 0.0),
];

/// The category of a debug line (its byte in [`World::debug_kinds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum DebugKind {
    /// The outline of a static shape.
    Static = 0,
    /// The outline of a moving shape.
    Moving = 1,
    /// The outline of a shape in one of the last step's pairs.
    Touching = 2,
    /// The outline of a sensor, touching or not.
    Sensor = 3,
    /// The outline of a one-way shape, and a one-way shape's direction.
    OneWay = 4,
    /// A bounding box, as the last step used it.
    Box = 5,
    /// An occupied cell of the broad phase's grid.
    Cell = 6,
    /// A contact normal (from the contact point, along the normal from A to B).
    Normal = 7,
    /// A contact point (a small cross).
    Point = 8,
    /// A surface normal of a chain or tile grid (from the middle of a segment).
    Surface = 9,
}

/// What [`World::debug_lines`] draws besides the outlines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DebugOptions {
    /// Bounding boxes.
    pub boxes: bool,
    /// The broad phase's occupied grid cells.
    pub cells: bool,
    /// The last step's contact points and normals.
    pub contacts: bool,
    /// Chain and tile grid surface normals, one-way directions.
    pub surfaces: bool,
    /// Only what meets this box (the screen); `None`: everything.
    pub region: Option<Aabb>,
    /// The length of normals and the size of crosses, in world units.
    pub scale: f32,
}

impl Default for DebugOptions {
    /// Outlines only, everywhere, normals 1 unit long.
    fn default() -> Self {
        DebugOptions {
            boxes: false,
            cells: false,
            contacts: false,
            surfaces: false,
            region: None,
            scale: 1.0,
        }
    }
}

/// A mark of [`DebugBuffers::marks`]: the id is in the last step's pairs.
const TOUCHING: u8 = 1;
/// A mark of [`DebugBuffers::marks`]: the id's outline is in the buffers.
const DRAWN: u8 = 2;

/// The buffers of [`World::debug_lines`], reused by every call.
#[derive(Clone, Debug, Default)]
pub(super) struct DebugBuffers {
    lines: Vec<f32>,
    kinds: Vec<u8>,
    /// Per id: [`TOUCHING`] when in the last step's pairs, [`DRAWN`] once outlined (an id
    /// removed and reissued since the step is twice in the fresh ids); rebuilt per call.
    marks: Vec<u8>,
}

impl DebugBuffers {
    // One copy of the buffers' growth for every caller: the drawing is not a hot path.
    #[inline(never)]
    fn line(&mut self, a: Vec2, b: Vec2, kind: DebugKind) {
        self.lines.extend_from_slice(&[a.x, a.y, b.x, b.y]);
        self.kinds.push(kind as u8);
    }

    /// The closed polygon through `point(0)` … `point(count - 1)`.
    fn polygon(&mut self, count: usize, point: &dyn Fn(usize) -> Vec2, kind: DebugKind) {
        for k in 0..count {
            self.line(point(k), point((k + 1) % count), kind);
        }
    }

    fn rectangle(&mut self, b: &Aabb, kind: DebugKind) {
        let corners = [
            b.min,
            Vec2::new(b.max.x, b.min.y),
            b.max,
            Vec2::new(b.min.x, b.max.y),
        ];
        self.polygon(4, &|k| corners[k], kind);
    }

    /// A cross of half size `size` at `p`.
    fn cross(&mut self, p: Vec2, size: f32, kind: DebugKind) {
        let (dx, dy) = (Vec2::new(size, 0.0), Vec2::new(0.0, size));
        self.line(p - dx, p + dx, kind);
        self.line(p - dy, p + dy, kind);
    }

    /// The outline of a convex piece at `pose`.
    fn outline(
        &mut self,
        (shape, points): (&Shape, &[Vec2]),
        pose: &Transform,
        kind: DebugKind,
        size: f32,
    ) {
        let rounded = shape.rounded_core(points);
        let place = |local: Vec2| {
            if rounded.aligned {
                pose.translation + local
            } else {
                pose.apply(local)
            }
        };
        let r = rounded.radius;
        match rounded.core {
            Core::Point if r == 0.0 => self.cross(pose.translation, 0.25 * size, kind),
            // A circle, or a capsule: the right half circle about `(h, 0)` (corners 12 to 4),
            // the left one about `(-h, 0)` (4 to 12), joined by the sides at corners 4 and 12.
            Core::Point | Core::AxisSegment(_) => {
                let h = match rounded.core {
                    Core::AxisSegment(h) => h,
                    _ => 0.0,
                };
                let at = |k: usize, x: f32| place(Vec2::new(x + CIRCLE[k].0 * r, CIRCLE[k].1 * r));
                for k in 0..CIRCLE_SEGMENTS {
                    let centre = if (4..12).contains(&k) { -h } else { h };
                    self.line(at(k, centre), at(k + 1, centre), kind);
                    if h != 0.0 && k % 8 == 3 {
                        self.line(at(k + 1, centre), at(k + 1, -centre), kind);
                    }
                }
            }
            Core::Segment(a, b) => self.line(place(a), place(b), kind),
            core => self.polygon(core.vertex_count(), &|k| place(core.vertex(k)), kind),
        }
    }
}

impl World {
    /// Writes the world as line segments to the debug buffers (read with
    /// [`World::debug_lines_buffer`] and [`World::debug_kinds`]) and returns how many (see
    /// the module docs for what is drawn). Allocates nothing once the buffers have grown.
    ///
    /// ```
    /// use sepax::world::{DebugKind, DebugOptions};
    /// use sepax::{Shape, ShapeOptions, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// world.add(Shape::aligned_box(1.0, 1.0).unwrap(), 0.0, 0.0, 0.0, o).unwrap();
    /// world.add(Shape::circle(1.0).unwrap(), 1.5, 0.0, 0.0, o).unwrap();
    /// world.step().unwrap();
    /// // 4 edges and a 16-gon, both touching; with boxes, two rectangles more.
    /// let count = world.debug_lines(&DebugOptions { boxes: true, ..DebugOptions::default() });
    /// assert_eq!(count, 4 + 16 + 8);
    /// assert_eq!(world.debug_kinds()[0], DebugKind::Touching as u8);
    /// assert_eq!(&world.debug_lines_buffer()[..4], [1.0, -1.0, 1.0, 1.0]); // the +x face
    /// ```
    pub fn debug_lines(&mut self, options: &DebugOptions) -> usize {
        let mut out = core::mem::take(&mut self.debug);
        out.lines.clear();
        out.kinds.clear();
        out.marks.clear();
        out.marks.resize(self.store.slot_count(), 0);
        for &id in &self.pairs {
            out.marks[id as usize] = TOUCHING;
        }
        let region = options.region;
        let within = |b: &Aabb| region.map_or(true, |r| r.overlaps(b));
        let draw = |id: u32, out: &mut DebugBuffers| self.draw_shape(id, options, out);
        match region {
            Some(r) => {
                self.query_rows(&r, &mut |row, _| {
                    if let Some(id) = self.live_id(row) {
                        draw(id, &mut out);
                    }
                });
                for &id in &self.store.fresh_ids {
                    let fresh = self.store.is_alive(id) && out.marks[id as usize] & DRAWN == 0;
                    if fresh && within(&self.store.aabbs[self.store.row(id)]) {
                        draw(id, &mut out);
                    }
                }
            }
            None => {
                for id in 0..self.store.slot_count() as u32 {
                    if self.store.is_alive(id) {
                        draw(id, &mut out);
                    }
                }
            }
        }
        if options.cells {
            let all = Aabb::new(Vec2::new(f32::MIN, f32::MIN), Vec2::new(f32::MAX, f32::MAX));
            let near = region.unwrap_or(all);
            let cell = &mut |b: Aabb| out.rectangle(&b, DebugKind::Cell);
            self.grid.each_occupied_cell(&near, cell);
            if self.resting.any_resting() {
                self.resting.grid.each_occupied_cell(&near, cell);
            }
        }
        if options.contacts {
            self.draw_contacts(options, &mut out);
        }
        let count = out.kinds.len();
        self.debug = out;
        count
    }

    /// The outline of `id` and what the options add to it.
    fn draw_shape(&self, id: u32, options: &DebugOptions, out: &mut DebugBuffers) {
        let store = &self.store;
        let one_way = self.one_ways.get(id);
        let marks = &mut out.marks[id as usize];
        let touching = *marks & TOUCHING != 0;
        *marks |= DRAWN;
        let kind = if store.flags[id as usize] & FLAG_SENSOR != 0 {
            DebugKind::Sensor
        } else if touching && store.flags[id as usize] & FLAG_FRESH == 0 {
            DebugKind::Touching
        } else if one_way.is_some() {
            DebugKind::OneWay
        } else if store.is_static(id) {
            DebugKind::Static
        } else {
            DebugKind::Moving
        };
        let (pieces, pose, bounds): Placed<'_, '_> = self.placed(id);
        let everywhere = options.region.unwrap_or(*bounds);
        let size = options.scale;
        let normal = |out: &mut DebugBuffers, (a, b): (Vec2, Vec2), n: Vec2| {
            if options.surfaces {
                let mid = (a + b) * 0.5;
                out.line(mid, mid + pose.rotation.apply(n) * size, DebugKind::Surface);
            }
        };
        match pieces {
            Pieces::One(shape, points) => out.outline((shape, points), pose, kind, size),
            Pieces::Parts(concave) => {
                let outline = concave.outline();
                out.polygon(outline.len(), &|k| pose.apply(outline[k]), kind);
            }
            Pieces::Chain(chain) => {
                for (k, segment) in chain.segments().iter().enumerate() {
                    if let Shape::Segment { a, b } = *segment {
                        let (a, b) = (pose.apply(a), pose.apply(b));
                        out.line(a, b, kind);
                        normal(out, (a, b), chain.face_normal(k));
                    }
                }
            }
            Pieces::Tiles(grid) => {
                let local = super::pieces::local_box(pose, &everywhere);
                grid.each_segment_near(&local, &mut |_, s| {
                    if let Shape::Segment { a, b } = s.shape {
                        let (a, b) = (pose.apply(a), pose.apply(b));
                        out.line(a, b, kind);
                        normal(out, (a, b), s.joints.face_normal());
                    }
                    true
                });
            }
        }
        if options.boxes {
            out.rectangle(bounds, DebugKind::Box);
        }
        if let (Some(&up), true) = (one_way, options.surfaces) {
            let from = bounds.center();
            out.line(
                from,
                from + pose.rotation.apply(up) * size,
                DebugKind::OneWay,
            );
        }
    }

    /// The last step's contacts with a shape in the region: a cross at each point and the
    /// normal from it.
    fn draw_contacts(&self, options: &DebugOptions, out: &mut DebugBuffers) {
        let points = &self.contact_points.published;
        let size = options.scale;
        for (k, pair) in self.pairs.chunks_exact(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            // Ids removed (or reissued) since the step: their shapes are gone.
            let shown = |id: u32| {
                self.store.is_alive(id) && self.store.flags[id as usize] & FLAG_FRESH == 0
            };
            if !shown(a) || !shown(b) {
                continue;
            }
            let c = &self.contacts[3 * k..3 * k + 3];
            let n = Vec2::new(c[0], c[1]);
            let (pa, pb) = (self.placed(a), self.placed(b));
            if options
                .region
                .is_some_and(|r| !r.overlaps(pa.2) && !r.overlaps(pb.2))
            {
                continue;
            }
            let mut mark = |p: Vec2| {
                out.cross(p, 0.25 * size, DebugKind::Point);
                out.line(p, p + n * size, DebugKind::Normal);
            };
            match points.get(7 * k..7 * k + 7) {
                Some(m) => {
                    for j in 0..m[0] as usize {
                        mark(Vec2::new(m[1 + 3 * j], m[2 + 3 * j]));
                    }
                }
                None => mark(contact_point(pa, pb)),
            }
        }
    }

    /// The debug lines of the last [`World::debug_lines`], `x0, y0, x1, y1` per segment;
    /// the first `4 × count` numbers are its own (the buffer keeps the longest call's).
    #[must_use]
    pub fn debug_lines_buffer(&self) -> &[f32] {
        &self.debug.lines
    }

    /// The category of each debug line ([`DebugKind`] as a byte), parallel to
    /// [`World::debug_lines_buffer`].
    #[must_use]
    pub fn debug_kinds(&self) -> &[u8] {
        &self.debug.kinds
    }

    /// The allocated lengths of the debug buffers (lines in numbers, kinds in bytes), for
    /// views over them from JavaScript.
    #[must_use]
    pub fn debug_capacities(&self) -> [usize; 2] {
        [self.debug.lines.capacity(), self.debug.kinds.capacity()]
    }
}
