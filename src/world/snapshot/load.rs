//! Reading snapshots: the header's layout, the checks of the whole input, then the build
//! into a world that cannot fail (see the parent module's essay).
//!
//! - `load.rs` (here): the entry points, the checked snapshot, and the first checks: every
//!   slot's flags and kind against the header's counts, every shape through the
//!   constructors' own checks;
//! - `load/layout.rs`: the header, and where each section starts, checked against the
//!   length before anything else is read;
//! - `load/checks.rs`: the other sections' checks (free list, poses, transforms, removed
//!   ids, pairs and contacts);
//! - `load/build.rs`: the build of a checked snapshot into a world, which cannot fail.

mod build;
mod checks;
mod layout;
mod levels;

use super::{for_each_param, KindByte, SnapshotError};
use crate::math::Vec2;
use crate::shape::{
    Chain, ConcavePolygon, Shape, ShapeError, ShapeKind, MAX_CHAIN_POINTS, MAX_OUTLINE_VERTICES,
    MAX_POLYGON_VERTICES,
};
use crate::store::{FLAG_ALIVE, FLAG_FRESH, FLAG_REFRESHED, FLAG_STATIC, SNAPSHOT_FLAGS};
use crate::world::World;
use layout::{f32_at, u32_at, Layout};
use levels::Levels;

/// True when `shape` has the kind byte `kind` and its parameters are the `count` words at
/// `at`, bit for bit.
fn stored_as(shape: &Shape, kind: KindByte, bytes: &[u8], at: usize, count: usize) -> bool {
    let (mut k, mut same) = (0, KindByte::of_shape(shape) == kind);
    for_each_param(shape, |v| {
        same &= k < count && v.to_bits() == u32_at(bytes, at + 4 * k);
        k += 1;
    });
    same && k == count
}

/// How many `f32` parameters a shape of `kind` with `vertices` vertices stores (`None`: a
/// concave polygon or a chain, whose points are in the last section).
fn param_count(kind: Option<ShapeKind>, vertices: usize) -> usize {
    match kind {
        Some(ShapeKind::Circle) => 1,
        Some(ShapeKind::AlignedBox | ShapeKind::OrientedBox | ShapeKind::Capsule) => 2,
        Some(ShapeKind::Polygon) => 2 * vertices,
        Some(ShapeKind::Segment) => 4,
        Some(ShapeKind::Point) | None => 0,
    }
}

/// A checked snapshot, ready to be built: the layout, the shapes (one per live slot, in id
/// order) and where each live shape's pose comes from.
struct Checked<'a> {
    bytes: &'a [u8],
    layout: Layout,
    /// `None`: the target world's shape under that id, which is the same.
    shapes: Vec<Option<Shape>>,
    /// The concave polygons by id, in id order (`None`: the target's, which is the same).
    concaves: Vec<(u32, Option<ConcavePolygon>)>,
    /// The chains by id, in id order (`None`: the target's, which is the same).
    chains: Vec<(u32, Option<Chain>)>,
    /// The live slots whose kind is a tile grid, in id order.
    grid_ids: Vec<u32>,
    /// The levels section (one-way shapes, tile tables and grids, pair cells).
    levels: Levels,
}

/// The slot byte's bits (the store's own `FLAG_*` values).
fn slot_flags(bytes: &[u8], layout: &Layout, id: usize) -> u8 {
    bytes[layout.flags_at + id]
}

/// Where a shape's pose comes from, by slot: the marks of the check pass.
const MARK_FREE_LISTED: u8 = 1;
const MARK_REMOVED: u8 = 2;
const MARK_POSE_GIVEN: u8 = 4;

impl<'a> Checked<'a> {
    /// Checks everything; see the module docs.
    fn new(bytes: &'a [u8], target: &World) -> Result<Checked<'a>, SnapshotError> {
        let layout = Layout::read(bytes)?;
        let mut checked = Checked {
            bytes,
            layout,
            shapes: Vec::new(),
            concaves: Vec::new(),
            chains: Vec::new(),
            grid_ids: Vec::new(),
            levels: Levels::default(),
        };
        checked.check_slots()?;
        checked.levels = Levels::read(bytes, &layout, &checked.grid_ids, target)?;
        checked.read_shapes(target)?;
        let mut marks = vec![0u8; layout.slots];
        checked.check_free_list(&mut marks)?;
        checked.check_poses(&mut marks)?;
        checked.check_transforms(&marks)?;
        checked.check_removed(&mut marks)?;
        checked.check_pairs(&marks)?;
        Ok(checked)
    }

    /// The live, static and fresh bits of slot `id` (the others say nothing of the
    /// records a slot may have).
    fn flags(&self, id: usize) -> u8 {
        slot_flags(self.bytes, &self.layout, id) & (FLAG_ALIVE | FLAG_STATIC | FLAG_FRESH)
    }

    /// Flags and kinds of every slot; the counts of free slots, polygons and parameters.
    fn check_slots(&mut self) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        let (mut live, mut polygons, mut params, mut concaves) = (0, 0, 0, 0);
        for id in 0..l.slots {
            let (flags, byte) = (bytes[l.flags_at + id], bytes[l.kinds_at + id]);
            let alive = flags & FLAG_ALIVE != 0;
            // Static, fresh, refreshed, sensor and continuous only on live slots; no other
            // bit.
            if flags & !SNAPSHOT_FLAGS != 0 || (!alive && flags != 0) {
                let at = l.flags_at + id;
                return Err(bad("flags of slot", id, at));
            }
            // A live slot holds a shape, a free one nothing.
            let kind = KindByte::from_byte(byte).filter(|&kind| (kind == KindByte::Free) != alive);
            let Some(kind) = kind else {
                return Err(bad("kind of slot", id, l.kinds_at + id));
            };
            if !alive {
                // A free slot is untagged, as a world keeps it.
                let tag_at = l.tags_at + 4 * id;
                if l.tags && u32_at(bytes, tag_at) != 0 {
                    return Err(bad("tag of free slot", id, tag_at));
                }
                continue;
            }
            // A shape refreshed for the queries had a transform a step accepts.
            if flags & FLAG_REFRESHED != 0 {
                let column = |start: usize| f32_at(bytes, start + 4 * id);
                let (x, y, angle) = (column(l.xs_at), column(l.ys_at), column(l.angles_at));
                if !super::transform_valid(x, y, angle) {
                    return Err(bad("flags of slot", id, l.flags_at + id));
                }
            }
            // A static added since the last step makes the statics dirty.
            if flags & (FLAG_STATIC | FLAG_FRESH) == FLAG_STATIC | FLAG_FRESH && !l.statics_dirty {
                return Err(bad("flags of slot", id, l.flags_at + id));
            }
            live += 1;
            if kind == KindByte::TileGrid {
                self.grid_ids.push(id as u32);
            } else {
                concaves += usize::from(kind.shape_kind().is_none());
            }
            let mut vertices = 0;
            if kind == KindByte::Polygon {
                if polygons == l.polygons {
                    return Err(count_error("polygons", l.polygons, polygons + 1));
                }
                let at = l.vertex_counts_at + polygons;
                vertices = bytes[at] as usize;
                if !(3..=MAX_POLYGON_VERTICES).contains(&vertices) {
                    return Err(bad("vertex count of polygon", polygons, at));
                }
                polygons += 1;
            }
            params += param_count(kind.shape_kind(), vertices);
        }
        if polygons != l.polygons {
            return Err(count_error("polygons", l.polygons, polygons));
        }
        if params != l.params {
            return Err(count_error("parameters", l.params, params));
        }
        if concaves != l.concaves {
            return Err(count_error(
                "concave polygons and chains",
                l.concaves,
                concaves,
            ));
        }
        if l.free != l.slots - live {
            return Err(count_error("free ids", l.free, l.slots - live));
        }
        Ok(())
    }

    /// Builds every live shape with the constructors (their checks) and requires the
    /// result to be the stored parameters exactly.
    fn read_shapes(&mut self, reusable: &World) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, self.layout);
        let (mut at, mut polygon, mut outline_at) = (l.params_at, 0, l.outlines_at);
        let mut grids = self.levels.grids.iter();
        let mut shapes = Vec::with_capacity(l.slots - l.free);
        for id in 0..l.slots {
            if slot_flags(bytes, &l, id) & FLAG_ALIVE == 0 {
                continue;
            }
            let (start, byte) = (at, KindByte::from_byte(bytes[l.kinds_at + id]));
            if byte == Some(KindByte::TileGrid) {
                // Read with the levels section, one per grid slot, in id order.
                let grid = grids.next().and_then(|(_, g)| g.as_ref());
                shapes.push(grid.map(|g| Shape::Polygon(g.bounds().clone())));
                continue;
            }
            if byte == Some(KindByte::Concave) {
                let list = PointList::read(bytes, &l, id as u32, outline_at, 3)?;
                outline_at = list.end();
                let old = reusable.concaves.get(id as u32);
                let concave = if old.is_some_and(|c| list.holds(c.outline())) {
                    None
                } else {
                    let concave =
                        ConcavePolygon::new(&list.points()).map_err(|e| list.bad(Some(e)))?;
                    Some(list.checked(concave, ConcavePolygon::outline)?)
                };
                shapes.push(concave.as_ref().map(|c| Shape::Polygon(c.hull().clone())));
                self.concaves.push((id as u32, concave));
                continue;
            }
            if let Some(chain @ (KindByte::Chain | KindByte::Loop)) = byte {
                let is_loop = chain == KindByte::Loop;
                let list =
                    PointList::read(bytes, &l, id as u32, outline_at, 2 + usize::from(is_loop))?;
                outline_at = list.end();
                let old = reusable.chains.get(id as u32);
                let chain = if old.is_some_and(|c| c.is_loop() == is_loop && list.holds(c.points()))
                {
                    None
                } else {
                    let chain =
                        Chain::new(&list.points(), is_loop).map_err(|e| list.bad(Some(e)))?;
                    Some(list.checked(chain, Chain::points)?)
                };
                shapes.push(chain.as_ref().map(|c| Shape::Polygon(c.bounds().clone())));
                self.chains.push((id as u32, chain));
                continue;
            }
            // `check_slots` let only a shape's kind through on a live slot.
            let Some(kind) = byte.and_then(KindByte::shape_kind) else {
                return Err(bad("kind of slot", id, l.kinds_at + id));
            };
            let mut vertices = 0;
            if kind == ShapeKind::Polygon {
                vertices = bytes[l.vertex_counts_at + polygon] as usize;
                polygon += 1;
            }
            let count = param_count(Some(kind), vertices);
            at += 4 * count;
            // A shape equal to the one the target world holds under this id is valid (the
            // world checked it) and is kept: a rollback game reloads the same shapes.
            let old = reusable.shape(id as u32).ok();
            let byte = byte.unwrap_or(KindByte::Free);
            if old.is_some_and(|old| stored_as(old, byte, bytes, start, count)) {
                shapes.push(None);
                continue;
            }
            let shape = read_shape(kind, bytes, start, vertices);
            // An upright capsule's parameters are a capsule's.
            let shape = match shape {
                Ok(Some(Shape::Capsule {
                    half_length,
                    radius,
                    ..
                })) if byte == KindByte::UprightCapsule => {
                    Shape::upright_capsule(half_length, radius).map(Some)
                }
                other => other,
            };
            let bad_shape = |error| SnapshotError::BadShape {
                id: id as u32,
                at: start,
                error,
            };
            match shape {
                Ok(Some(shape)) => shapes.push(Some(shape)),
                Ok(None) => return Err(bad_shape(None)),
                Err(error) => return Err(bad_shape(Some(error))),
            }
        }
        // The outline counts read add up to the header's count of points.
        let end = l.outlines_at + 4 * l.concaves + 8 * l.outline_points;
        if outline_at != end {
            let points = (outline_at - l.outlines_at - 4 * l.concaves) / 8;
            return Err(count_error("outline points", l.outline_points, points));
        }
        self.shapes = shapes;
        Ok(())
    }
}

/// The points of a concave polygon's outline or a chain in the last section: a point count,
/// then the points.
struct PointList<'a> {
    bytes: &'a [u8],
    id: u32,
    /// Where the count is.
    at: usize,
    count: usize,
}

impl<'a> PointList<'a> {
    /// The list of shape `id` at `at`, with `least` to [`MAX_CHAIN_POINTS`] points (at
    /// most [`MAX_OUTLINE_VERTICES`] for an outline, which the constructor checks), within
    /// the section (an earlier list may have claimed points that are not there).
    fn read(
        bytes: &'a [u8],
        l: &Layout,
        id: u32,
        at: usize,
        least: usize,
    ) -> Result<PointList<'a>, SnapshotError> {
        let count = u32_at(bytes, at) as usize;
        let end = l.outlines_at + 4 * l.concaves + 8 * l.outline_points;
        let fits = (least..=MAX_CHAIN_POINTS.max(MAX_OUTLINE_VERTICES)).contains(&count)
            && at + 4 + 8 * count <= end;
        if !fits {
            return Err(bad("outline point count of slot", id as usize, at));
        }
        Ok(PointList {
            bytes,
            id,
            at,
            count,
        })
    }

    /// Where the next list starts.
    fn end(&self) -> usize {
        self.at + 4 + 8 * self.count
    }

    fn point(&self, k: usize) -> Vec2 {
        let at = self.at + 4 + 8 * k;
        Vec2::new(f32_at(self.bytes, at), f32_at(self.bytes, at + 4))
    }

    fn points(&self) -> Vec<Vec2> {
        (0..self.count).map(|k| self.point(k)).collect()
    }

    /// True when the list is `points`, bit for bit.
    fn holds(&self, points: &[Vec2]) -> bool {
        let bits = |p: Vec2| (p.x.to_bits(), p.y.to_bits());
        points.len() == self.count
            && points
                .iter()
                .enumerate()
                .all(|(k, &p)| bits(p) == bits(self.point(k)))
    }

    /// The error of a list whose shape the constructor rejects (`None`: would change).
    fn bad(&self, error: Option<ShapeError>) -> SnapshotError {
        SnapshotError::BadShape {
            id: self.id,
            at: self.at,
            error,
        }
    }

    /// `shape`, built from the list, when the checked points it keeps are the list itself.
    fn checked<S>(&self, shape: S, kept: fn(&S) -> &[Vec2]) -> Result<S, SnapshotError> {
        if self.holds(kept(&shape)) {
            Ok(shape)
        } else {
            Err(self.bad(None))
        }
    }
}

/// The shape of `kind` whose parameters start at `at`, through the constructors' checks
/// (`Ok(None)`: a polygon they would repair).
fn read_shape(
    kind: ShapeKind,
    bytes: &[u8],
    mut at: usize,
    vertices: usize,
) -> Result<Option<Shape>, ShapeError> {
    let mut p = || {
        let v = f32_at(bytes, at);
        at += 4;
        v
    };
    match kind {
        ShapeKind::Circle => Shape::circle(p()).map(Some),
        ShapeKind::AlignedBox => Shape::aligned_box(p(), p()).map(Some),
        ShapeKind::OrientedBox => Shape::oriented_box(p(), p()).map(Some),
        ShapeKind::Polygon => {
            let mut points = [Vec2::ZERO; MAX_POLYGON_VERTICES];
            for v in &mut points[..vertices] {
                *v = Vec2::new(p(), p());
            }
            polygon_as_stored(&points[..vertices])
        }
        ShapeKind::Capsule => Shape::capsule(p(), p()).map(Some),
        ShapeKind::Segment => Shape::segment(Vec2::new(p(), p()), Vec2::new(p(), p())).map(Some),
        ShapeKind::Point => Ok(Some(Shape::Point)),
    }
}

/// A polygon whose stored vertices are exactly a validated polygon's (`Ok(None)` when the
/// checks would repair them: merge, reorder or drop a vertex).
fn polygon_as_stored(vertices: &[Vec2]) -> Result<Option<Shape>, ShapeError> {
    let shape = Shape::polygon(vertices)?;
    let bits = |p: &Vec2| (p.x.to_bits(), p.y.to_bits());
    let same = match &shape {
        Shape::Polygon(polygon) => {
            let kept = polygon.vertices();
            kept.len() == vertices.len() && kept.iter().map(bits).eq(vertices.iter().map(bits))
        }
        _ => false,
    };
    Ok(same.then_some(shape))
}

fn bad(what: &'static str, index: usize, at: usize) -> SnapshotError {
    SnapshotError::BadValue { what, index, at }
}

fn count_error(what: &'static str, count: usize, expected: usize) -> SnapshotError {
    SnapshotError::BadCount {
        what,
        count: count as u32,
        expected,
    }
}

impl World {
    /// A new world from a snapshot of [`World::snapshot_into`]: the same shapes under the
    /// same ids, the same free list and generations, the same last results; the same later
    /// calls give the same results, bit for bit. The bytes are checked whole first (see
    /// the module docs of `world::snapshot`); bad bytes are an error, never a panic.
    pub fn restore(bytes: &[u8]) -> Result<World, SnapshotError> {
        let mut world = World::new();
        world.load_snapshot(bytes)?;
        Ok(world)
    }

    /// Loads a snapshot into this world, replacing everything it held, and reusing its
    /// buffers (what a rollback game does every time it rewinds). The bytes are checked
    /// whole before anything is written: on error the world is exactly as it was. The
    /// world's tuning (`set_resting`, `set_reorder_interval`) is kept.
    pub fn load_snapshot(&mut self, bytes: &[u8]) -> Result<(), SnapshotError> {
        Checked::new(bytes, self)?.build(self);
        self.refresh_loaded_changes();
        self.follow_loaded();
        Ok(())
    }
}
