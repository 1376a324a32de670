//! Reading snapshots: the header's layout, the checks of the whole input, then the build
//! into a world that cannot fail (see the parent module's essay).

use super::{
    for_each_param, pose_bits, pose_of, same, transform_valid, KindByte, SnapshotError,
    CONTACT_POINTS, SNAPSHOT_HEADER_LEN, SNAPSHOT_MAGIC, SNAPSHOT_VERSION, STATICS_DIRTY,
};
use crate::math::{Aabb, Rot, Transform, Vec2};
use crate::narrow_phase::MANIFOLD_STRIDE;
use crate::shape::{
    Chain, ConcavePolygon, Shape, ShapeError, ShapeKind, MAX_CHAIN_POINTS, MAX_OUTLINE_VERTICES,
    MAX_POLYGON_VERTICES,
};
use crate::store::{Body, FLAG_ALIVE, FLAG_FRESH, FLAG_STATIC};
use crate::world::events::pair_key;
use crate::world::side_table::SideTable;
use crate::world::{is_custom_filter, World, MAX_SHAPES};

/// True when `shape` is of `kind` and its parameters are the `count` words at `at`, bit
/// for bit.
fn stored_as(shape: &Shape, kind: ShapeKind, bytes: &[u8], at: usize, count: usize) -> bool {
    let (mut k, mut same) = (0, shape.kind() == kind);
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

/// A little-endian word at `at` (0 past the end: callers read only checked ranges).
#[inline(never)]
fn u32_at(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at + 4)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

#[inline]
fn f32_at(bytes: &[u8], at: usize) -> f32 {
    f32::from_bits(u32_at(bytes, at))
}

/// The header's counts and where each section starts, all checked against the length.
#[derive(Clone, Copy, Debug)]
struct Layout {
    slots: usize,
    free: usize,
    polygons: usize,
    params: usize,
    moved: usize,
    poses: usize,
    pairs: usize,
    started: usize,
    ended: usize,
    removed: usize,
    /// Concave polygons and chains, and the points of their outlines.
    concaves: usize,
    outline_points: usize,
    statics_dirty: bool,
    /// The world computes contact points, and the snapshot holds the last step's.
    contact_points: bool,
    flags_at: usize,
    kinds_at: usize,
    vertex_counts_at: usize,
    xs_at: usize,
    ys_at: usize,
    angles_at: usize,
    layers_at: usize,
    masks_at: usize,
    generations_at: usize,
    params_at: usize,
    free_at: usize,
    moved_at: usize,
    poses_at: usize,
    pairs_at: usize,
    contacts_at: usize,
    started_at: usize,
    ended_at: usize,
    removed_at: usize,
    points_at: usize,
    outlines_at: usize,
}

/// Byte sizes of the records of the lists after the columns.
const MOVED_RECORD: usize = 16;
const POSE_RECORD: usize = 20;

/// The length of a snapshot whose header has the counts `c(0)` … `c(9)`, `c(11)` and
/// `c(12)` (without the contact points, which a flag adds), in `u64`:
/// counts below 2^32 times record sizes below 2^5 cannot overflow it.
fn expected_len(c: impl Fn(usize) -> u64) -> u64 {
    let n = c(0);
    let sizes = [
        (n, 2),               // flags, kinds
        (c(2), 1),            // vertex counts
        (n, 24),              // xs ys angles layers masks generations
        (c(3), 4),            // params
        (c(1), 4),            // free ids
        (c(4), MOVED_RECORD), // moved
        (c(5), POSE_RECORD),  // poses
        (c(6), 8 + 12),       // pairs and contacts
        (c(7) + c(8), 8),     // started, ended
        (c(9), 4),            // removed
        (c(11), 4),           // outline point counts
        (c(12), 8),           // outline points
    ];
    SNAPSHOT_HEADER_LEN as u64
        + sizes
            .iter()
            .map(|&(count, size)| count * size as u64)
            .sum::<u64>()
}

impl Layout {
    /// Reads and checks the header: magic, version, counts in range, and a length equal to
    /// what the counts add up to. Nothing past the header is read.
    fn read(bytes: &[u8]) -> Result<Layout, SnapshotError> {
        let len = bytes.len();
        let prefix = len.min(4);
        if bytes[..prefix] != SNAPSHOT_MAGIC[..prefix] {
            return Err(SnapshotError::BadMagic);
        }
        if len < 8 {
            return Err(SnapshotError::Truncated {
                at: len,
                expected: 8,
            });
        }
        let version = u32_at(bytes, 4);
        if version != SNAPSHOT_VERSION {
            return Err(SnapshotError::UnsupportedVersion { version });
        }
        if len < SNAPSHOT_HEADER_LEN {
            return Err(SnapshotError::Truncated {
                at: len,
                expected: SNAPSHOT_HEADER_LEN,
            });
        }
        let count = |k: usize| u32_at(bytes, 8 + 4 * k);
        let slots = count(0);
        if slots as usize > MAX_SHAPES {
            return Err(SnapshotError::BadCount {
                what: "slots",
                count: slots,
                expected: MAX_SHAPES,
            });
        }
        let flags = count(10);
        if flags & !(STATICS_DIRTY | CONTACT_POINTS) != 0 {
            return Err(SnapshotError::BadValue {
                what: "header flags",
                index: 0,
                at: 48,
            });
        }
        let points = flags & CONTACT_POINTS != 0;
        let expected = expected_len(|k| u64::from(count(k)))
            + u64::from(points) * u64::from(count(6)) * 4 * MANIFOLD_STRIDE as u64;
        if (len as u64) < expected {
            return Err(SnapshotError::Truncated {
                at: len,
                expected: usize::try_from(expected).unwrap_or(usize::MAX),
            });
        }
        if len as u64 > expected {
            return Err(SnapshotError::TooLong {
                expected: expected as usize,
                actual: len,
            });
        }
        Ok(Layout::place(
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12].map(|k| count(k) as usize),
            flags & STATICS_DIRTY != 0,
            points,
        ))
    }

    /// Where each section starts, given counts whose total fits the input.
    fn place(counts: [usize; 12], statics_dirty: bool, contact_points: bool) -> Layout {
        let [slots, free, polygons, params, moved, poses, pairs, started, ended, removed, concaves, outline_points] =
            counts;
        let mut at = SNAPSHOT_HEADER_LEN;
        let mut next = |size: usize| {
            let start = at;
            at += size;
            start
        };
        let n = slots;
        Layout {
            slots,
            free,
            polygons,
            params,
            moved,
            poses,
            pairs,
            started,
            ended,
            removed,
            concaves,
            outline_points,
            statics_dirty,
            contact_points,
            flags_at: next(n),
            kinds_at: next(n),
            vertex_counts_at: next(polygons),
            xs_at: next(4 * n),
            ys_at: next(4 * n),
            angles_at: next(4 * n),
            layers_at: next(4 * n),
            masks_at: next(4 * n),
            generations_at: next(4 * n),
            params_at: next(4 * params),
            free_at: next(4 * free),
            moved_at: next(MOVED_RECORD * moved),
            poses_at: next(POSE_RECORD * poses),
            pairs_at: next(8 * pairs),
            contacts_at: next(12 * pairs),
            started_at: next(8 * started),
            ended_at: next(8 * ended),
            removed_at: next(4 * removed),
            points_at: next(usize::from(contact_points) * 4 * MANIFOLD_STRIDE * pairs),
            outlines_at: next(4 * concaves + 8 * outline_points),
        }
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
        };
        checked.check_slots()?;
        checked.read_shapes(target)?;
        let mut marks = vec![0u8; layout.slots];
        checked.check_free_list(&mut marks)?;
        checked.check_poses(&mut marks)?;
        checked.check_transforms(&marks)?;
        checked.check_removed(&mut marks)?;
        checked.check_pairs(&marks)?;
        Ok(checked)
    }

    fn flags(&self, id: usize) -> u8 {
        slot_flags(self.bytes, &self.layout, id)
    }

    /// Flags and kinds of every slot; the counts of free slots, polygons and parameters.
    fn check_slots(&self) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        let (mut live, mut polygons, mut params, mut concaves) = (0, 0, 0, 0);
        for id in 0..l.slots {
            let (flags, byte) = (bytes[l.flags_at + id], bytes[l.kinds_at + id]);
            let alive = flags & FLAG_ALIVE != 0;
            // Static and fresh only on live slots; no other bit.
            if flags & !(FLAG_ALIVE | FLAG_STATIC | FLAG_FRESH) != 0 || (!alive && flags != 0) {
                let at = l.flags_at + id;
                return Err(bad("flags of slot", id, at));
            }
            // A live slot holds a shape, a free one nothing.
            let kind = KindByte::from_byte(byte).filter(|&kind| (kind == KindByte::Free) != alive);
            let Some(kind) = kind else {
                return Err(bad("kind of slot", id, l.kinds_at + id));
            };
            if !alive {
                continue;
            }
            // A static added since the last step makes the statics dirty.
            if flags & (FLAG_STATIC | FLAG_FRESH) == FLAG_STATIC | FLAG_FRESH && !l.statics_dirty {
                return Err(bad("flags of slot", id, l.flags_at + id));
            }
            live += 1;
            concaves += usize::from(kind.shape_kind().is_none());
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
        let mut shapes = Vec::with_capacity(l.slots - l.free);
        for id in 0..l.slots {
            if slot_flags(bytes, &l, id) & FLAG_ALIVE == 0 {
                continue;
            }
            let (start, byte) = (at, KindByte::from_byte(bytes[l.kinds_at + id]));
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
            if old.is_some_and(|old| stored_as(old, kind, bytes, start, count)) {
                shapes.push(None);
                continue;
            }
            let shape = read_shape(kind, bytes, start, vertices);
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

/// True when `(cos, sin)` is a rotation (finite, of unit length up to `f32` rounding).
fn is_rotation(cos: f32, sin: f32) -> bool {
    let (c, s) = (f64::from(cos), f64::from(sin));
    cos.is_finite() && sin.is_finite() && (c * c + s * s - 1.0).abs() <= 1e-4
}

impl Checked<'_> {
    /// The free list: ids of free slots, each once (its count was checked against the
    /// free slots, so it holds every one).
    fn check_free_list(&self, marks: &mut [u8]) -> Result<(), SnapshotError> {
        let l = &self.layout;
        for k in 0..l.free {
            let at = l.free_at + 4 * k;
            let id = u32_at(self.bytes, at) as usize;
            if id >= l.slots || self.flags(id) != 0 || marks[id] & MARK_FREE_LISTED != 0 {
                return Err(bad("free id", k, at));
            }
            marks[id] |= MARK_FREE_LISTED;
        }
        Ok(())
    }

    /// The records of one pose list: ids ascending, each of a stepped shape with
    /// `want` flags, and `valid` values.
    fn check_records(
        &self,
        marks: &mut [u8],
        (start, count, size): (usize, usize, usize),
        want: u8,
        what: &'static str,
        valid: impl Fn(usize, [f32; 4]) -> bool,
    ) -> Result<(), SnapshotError> {
        let bytes = self.bytes;
        let mut next_id = 0;
        for k in 0..count {
            let at = start + size * k;
            let id = u32_at(bytes, at) as usize;
            let ok_id = id >= next_id && id < self.layout.slots && self.flags(id) == want;
            if !ok_id {
                return Err(bad(what, k, at));
            }
            let values = [4, 8, 12, 16].map(|o| f32_at(bytes, at + o));
            if !valid(id, values) {
                return Err(bad(what, k, at + 4));
            }
            marks[id] |= MARK_POSE_GIVEN;
            next_id = id + 1;
        }
        Ok(())
    }

    /// The moving shapes' last read transforms, and the static shapes' poses. A record
    /// must say something the columns do not (so that one world has one snapshot: a
    /// loaded world's snapshot is the bytes it was loaded from).
    fn check_poses(&self, marks: &mut [u8]) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        let column =
            |id: usize| [l.xs_at, l.ys_at, l.angles_at].map(|start| f32_at(bytes, start + 4 * id));
        self.check_records(
            marks,
            (l.moved_at, l.moved, MOVED_RECORD),
            FLAG_ALIVE,
            "moved transform",
            |id, [x, y, angle, _]| {
                let differs = [x, y, angle].map(f32::to_bits) != column(id).map(f32::to_bits);
                transform_valid(x, y, angle) && differs
            },
        )?;
        self.check_records(
            marks,
            (l.poses_at, l.poses, POSE_RECORD),
            FLAG_ALIVE | FLAG_STATIC,
            "static pose",
            |id, [x, y, cos, sin]| {
                let [cx, cy, angle] = column(id);
                let pose = Transform {
                    translation: Vec2::new(x, y),
                    rotation: Rot { cos, sin },
                };
                let derived = transform_valid(cx, cy, angle)
                    && pose_bits(&pose_of(cx, cy, angle)) == pose_bits(&pose);
                transform_valid(x, y, 0.0) && is_rotation(cos, sin) && !derived
            },
        )
    }

    /// Every stepped shape without a record gets its pose from its columns, which must
    /// then be a valid transform. (Other slots may hold anything there, as in a world:
    /// free slots keep stale values, and a transform written since the last step is
    /// checked by the next step.)
    fn check_transforms(&self, marks: &[u8]) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        for (id, &mark) in marks.iter().enumerate() {
            let stepped = self.flags(id) & (FLAG_ALIVE | FLAG_FRESH) == FLAG_ALIVE;
            if !stepped || mark & MARK_POSE_GIVEN != 0 {
                continue;
            }
            let (x, y, angle) = (
                f32_at(bytes, l.xs_at + 4 * id),
                f32_at(bytes, l.ys_at + 4 * id),
                f32_at(bytes, l.angles_at + 4 * id),
            );
            if !transform_valid(x, y, angle) {
                return Err(bad("transform of slot", id, l.xs_at + 4 * id));
            }
        }
        Ok(())
    }

    /// The ids removed since the last step: each once, and each free or issued again
    /// since (fresh).
    fn check_removed(&self, marks: &mut [u8]) -> Result<(), SnapshotError> {
        let l = &self.layout;
        for k in 0..l.removed {
            let at = l.removed_at + 4 * k;
            let id = u32_at(self.bytes, at) as usize;
            let ok = id < l.slots
                && marks[id] & MARK_REMOVED == 0
                && (self.flags(id) == 0 || self.flags(id) & FLAG_FRESH != 0);
            if !ok {
                return Err(bad("removed id", k, at));
            }
            marks[id] |= MARK_REMOVED;
        }
        Ok(())
    }

    /// The pair lists: keys `a < b < slots`, strictly ascending; the last step's pairs
    /// name shapes it stepped (live and not issued since, or removed since), with finite
    /// contacts of non-negative depth.
    fn check_pairs(&self, marks: &[u8]) -> Result<(), SnapshotError> {
        let (bytes, l) = (self.bytes, &self.layout);
        let stepped = |id: u32| {
            let id = id as usize;
            self.flags(id) & (FLAG_ALIVE | FLAG_FRESH) == FLAG_ALIVE
                || marks[id] & MARK_REMOVED != 0
        };
        let lists = [
            ("pair", l.pairs_at, l.pairs, true),
            ("started pair", l.started_at, l.started, false),
            ("ended pair", l.ended_at, l.ended, false),
        ];
        for (what, start, count, last_step) in lists {
            let mut previous = None;
            for k in 0..count {
                let at = start + 8 * k;
                let (a, b) = (u32_at(bytes, at), u32_at(bytes, at + 4));
                let key = pair_key(a, b);
                let ok = a < b
                    && (b as usize) < l.slots
                    && previous.map_or(true, |p| key > p)
                    && (!last_step || (stepped(a) && stepped(b)));
                if !ok {
                    return Err(bad(what, k, at));
                }
                previous = Some(key);
            }
        }
        for k in 0..l.pairs {
            let at = l.contacts_at + 12 * k;
            let [nx, ny, depth] = [0, 4, 8].map(|o| f32_at(bytes, at + o));
            if !(nx.is_finite() && ny.is_finite() && depth.is_finite() && depth >= 0.0) {
                return Err(bad("contact", k, at));
            }
        }
        for k in 0..usize::from(l.contact_points) * l.pairs {
            let at = l.points_at + 4 * MANIFOLD_STRIDE * k;
            let count = f32_at(bytes, at);
            let finite = (1..MANIFOLD_STRIDE).all(|i| f32_at(bytes, at + 4 * i).is_finite());
            if !((count == 1.0 || count == 2.0) && finite) {
                return Err(bad("contact points", k, at));
            }
        }
        Ok(())
    }
}

/// Replaces the content of `column` by the `count` little-endian words at `at`, each
/// turned into a `T` by `from`, keeping its allocation. One copy per word type for every
/// column (a smaller wasm).
#[inline(never)]
fn read_words<T>(column: &mut Vec<T>, bytes: &[u8], at: usize, count: usize, from: fn(u32) -> T) {
    let words = bytes.get(at..at + 4 * count).unwrap_or(&[]);
    column.clear();
    column.extend(
        words
            .chunks_exact(4)
            .map(|w| from(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))),
    );
}

impl Checked<'_> {
    /// Writes the checked snapshot into `world`. Cannot fail: everything was checked.
    fn build(mut self, world: &mut World) {
        let (bytes, l) = (self.bytes, self.layout);
        let n = l.slots;
        let store = &mut world.store;
        read_words(&mut store.xs, bytes, l.xs_at, n, f32::from_bits);
        read_words(&mut store.ys, bytes, l.ys_at, n, f32::from_bits);
        read_words(&mut store.angles, bytes, l.angles_at, n, f32::from_bits);
        read_words(&mut store.layers, bytes, l.layers_at, n, same);
        read_words(&mut store.masks, bytes, l.masks_at, n, same);
        read_words(&mut store.generations, bytes, l.generations_at, n, same);
        store.flags.clear();
        store
            .flags
            .extend_from_slice(&bytes[l.flags_at..l.flags_at + n]);
        world.resting.reset_to(&store.xs, &store.ys, &store.angles);
        let concaves = core::mem::take(&mut self.concaves);
        let chains = core::mem::take(&mut self.chains);
        self.build_bodies(world);
        rebuild_table(&mut world.concaves, concaves);
        rebuild_table(&mut world.chains, chains);
        let store = &mut world.store;
        let free = (0..l.free).map(|k| u32_at(bytes, l.free_at + 4 * k));
        store.rebuild_rows_in_id_order(free);
        world.grid.rebuild(&store.dynamic_rows, &store.aabbs);
        world.statics.rebuild(&store.static_rows, &store.aabbs);
        world.statics_dirty = l.statics_dirty;
        world.custom_filter_count = (0..n)
            .filter(|&s| store.flags[s] & FLAG_ALIVE != 0)
            .filter(|&s| is_custom_filter(store.layers[s], store.masks[s]))
            .count();
        read_words(&mut world.pairs, bytes, l.pairs_at, 2 * l.pairs, same);
        read_words(
            &mut world.contacts,
            bytes,
            l.contacts_at,
            3 * l.pairs,
            f32::from_bits,
        );
        read_words(&mut world.started, bytes, l.started_at, 2 * l.started, same);
        read_words(&mut world.ended, bytes, l.ended_at, 2 * l.ended, same);
        let points = &mut world.contact_points;
        points.enabled = l.contact_points;
        let floats = usize::from(l.contact_points) * MANIFOLD_STRIDE * l.pairs;
        read_words(
            &mut points.published,
            bytes,
            l.points_at,
            floats,
            f32::from_bits,
        );
        let pairs = world.pairs.chunks_exact(2);
        world.previous_keys.clear();
        world
            .previous_keys
            .extend(pairs.map(|p| pair_key(p[0], p[1])));
        world.removals.reset();
        for k in 0..l.removed {
            world.removals.mark(u32_at(bytes, l.removed_at + 4 * k));
        }
        // The next step reorders the rows (they are in id order now).
        world.reorder.countdown = 0;
        world.reorder.points_pending = false;
    }

    /// Puts each id's shape, pose and box at `bodies[id]`, `aabbs[id]` (the rows are
    /// rebuilt in id order next), and the moving shapes' last read transforms where a
    /// record gives them.
    fn build_bodies(self, world: &mut World) {
        let (bytes, l) = (self.bytes, self.layout);
        let store = &mut world.store;
        let mut shapes = self.shapes;
        // The shapes kept from the target, taken out of its rows (still the old ones).
        let live = (0..l.slots).filter(|&id| store.flags[id] & FLAG_ALIVE != 0);
        for (shape, id) in shapes.iter_mut().zip(live) {
            if shape.is_none() {
                let row = store.id_to_row[id] as usize;
                *shape = Some(core::mem::replace(
                    &mut store.bodies[row].shape,
                    Shape::Point,
                ));
            }
        }
        store.bodies.clear();
        store.aabbs.clear();
        let mut shapes = shapes.into_iter().flatten();
        let (mut moved, mut poses) = (0, 0);
        for id in 0..l.slots {
            let flags = store.flags[id];
            if flags & FLAG_ALIVE == 0 {
                store.bodies.push(Body {
                    pose: Transform::IDENTITY,
                    shape: Shape::Point,
                });
                store.aabbs.push(Aabb::new(Vec2::ZERO, Vec2::ZERO));
                continue;
            }
            let (x, y, angle) = (store.xs[id], store.ys[id], store.angles[id]);
            let record_id = |start: usize, k: usize, count: usize, size: usize| {
                (k < count).then(|| u32_at(bytes, start + size * k) as usize)
            };
            let pose = if record_id(l.moved_at, moved, l.moved, MOVED_RECORD) == Some(id) {
                let at = l.moved_at + MOVED_RECORD * moved;
                moved += 1;
                let [x, y, angle] = [4, 8, 12].map(|o| f32_at(bytes, at + o));
                world.resting.set_last_transform(id as u32, x, y, angle);
                pose_of(x, y, angle)
            } else if record_id(l.poses_at, poses, l.poses, POSE_RECORD) == Some(id) {
                let at = l.poses_at + POSE_RECORD * poses;
                poses += 1;
                let [x, y, cos, sin] = [4, 8, 12, 16].map(|o| f32_at(bytes, at + o));
                Transform {
                    translation: Vec2::new(x, y),
                    rotation: Rot { cos, sin },
                }
            } else if transform_valid(x, y, angle) {
                pose_of(x, y, angle)
            } else {
                // A fresh shape whose written transform the next step will reject: its
                // pose is never read before a step recomputes it.
                Transform::IDENTITY
            };
            // Always there: one shape was checked per live slot.
            let shape = shapes.next().unwrap_or(Shape::Point);
            store.aabbs.push(shape.aabb(&pose));
            store.bodies.push(Body { pose, shape });
        }
    }
}

/// Replaces the content of `table` by `entries` (`None`: the entry the table holds under
/// that id, kept).
fn rebuild_table<T>(table: &mut SideTable<T>, entries: Vec<(u32, Option<T>)>) {
    let mut old = core::mem::take(table);
    for (id, entry) in entries {
        // Always there: a `None` was the target's own, found in its table.
        if let Some(entry) = entry.map(Box::new).or_else(|| old.take(id)) {
            table.insert_boxed(id, entry);
        }
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
        Ok(())
    }
}
