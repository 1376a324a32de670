//! Snapshots: a world as bytes, and back, for rollback netcode, save games and replays.
//!
//! [`World::snapshot_into`] writes the world's state in a versioned little-endian format
//! (`docs/snapshot-format.md` describes it byte by byte); [`World::restore`] builds a new
//! world from such bytes, and [`World::load_snapshot`] loads them into an existing world,
//! reusing its buffers (a rollback game restores every frame it rewinds). A loaded world
//! behaves exactly as the one that was saved: the same calls give the same ids, pairs,
//! contacts, started and ended, bit for bit.
//!
//! ## What is stored, and what is rebuilt
//!
//! The snapshot holds what the future depends on and nothing that can be derived:
//!
//! - every id-indexed column (`flags`, kinds, `xs`, `ys`, `angles`, layers, masks,
//!   generations) and each live shape's parameters (a polygon's vertices, not its normals;
//!   a concave polygon's checked outline, not its parts or hull, which the deterministic
//!   decomposition rebuilds bit for bit, and which the loader requires to come back
//!   unchanged);
//! - the free list in stack order, so that the next add returns the same id;
//! - the ids removed since the last step (their pairs end at the next step even where the
//!   id was issued again) and whether static shapes await a refresh;
//! - the last step's pairs with their contacts, and its started and ended lists, so that
//!   the results read after a load are the saved world's and the next step's `started`
//!   and `ended` continue exactly;
//! - the game's tags, when some shape has one (`snapshot/tags.rs`);
//! - the poses the last step used where the columns no longer give them: for a moving
//!   shape whose transform was written since the step, the transform the step read; for a
//!   static shape whose column differs from its pose (a column write the world has not
//!   refreshed yet), the pose itself. A world saved right after its step has none.
//!
//! Rebuilt on load: poses (functions of the transform bits), boxes, polygon normals, the
//! rows (in id order: the spatial order is a cache optimisation that no result observes),
//! the grid and the static tree, the filter count.
//!
//! **Idle shapes are not stored.** A loaded world has no resting shape: every moving shape
//! is awake, with a still count of zero. `world::resting` guarantees that resting never
//! changes a result (a world with resting off gives the same bits, and
//! `tests/world_oracle.rs` checks it), so this only changes how fast the next steps are
//! until shapes rest again (and `tests/world_snapshot.rs` replays loaded worlds, which
//! have no resting shape, against the saved one, whose idle shapes rest). Storing the
//! resting grid would cost bytes and tie the format to an internal heuristic. The tuning knobs (`set_resting`, `set_reorder_interval`) belong
//! to the world object, not to its state: a load keeps the target's. Contact points
//! ([`WorldOptions::contact_points`](super::WorldOptions)) change what a world returns, so
//! they are state: the snapshot says whether the world computes them and holds the last
//! step's, and a load takes both (a world made without them computes them after loading
//! a snapshot of a world with them, and the other way round).
//!
//! ## Validation first, then one infallible build
//!
//! Snapshot bytes come from the network or from disk, so a load trusts nothing: it checks
//! the whole input — magic, version, every count against the length (computed from the
//! header before anything else is read, so a lying count is caught before it sizes an
//! allocation), every flag and kind, every shape through the constructors' own checks,
//! every transform, pose, contact and id, the free list against the flags, pair keys
//! sorted and naming the right shapes — and only then writes. The build cannot fail, so
//! an error leaves the target world exactly as it was and a success leaves no trace of the
//! old world. The checked shapes are kept from the first pass to the second, so that
//! polygons are validated once.
//!
//! ## Why an in-place load
//!
//! [`World::restore`] is the simple form. [`World::load_snapshot`] exists because a
//! rollback game loads a snapshot, replays a few frames, and does it again the next time a
//! late input arrives: reusing the world's columns, grid, tree and scratch avoids
//! reallocating them per rewind. And a shape the target already holds under the same id
//! with the same parameters, bit for bit, is kept rather than checked and built again (it
//! was checked when it was added): rewinding a few frames reloads mostly the same shapes,
//! and rebuilding polygons was the largest cost of a load. The transform columns are
//! refilled, so the layout version changes and JavaScript views are rebuilt.

use super::{World, MAX_COORDINATE};
use crate::math::Transform;
use crate::shape::{FormatterWriter, MessageWriter, Shape, ShapeError, ShapeKind};
use crate::store::{FLAG_ALIVE, FLAG_FRESH, FLAG_REFRESHED, SNAPSHOT_FLAGS};
use core::fmt;

mod levels;
mod load;
mod tags;

/// The first four bytes of every snapshot.
pub const SNAPSHOT_MAGIC: [u8; 4] = *b"SPXW";
/// The format version this build writes and reads.
pub const SNAPSHOT_VERSION: u32 = 1;
/// The length of the header: magic, version, ten counts, a flags word and two more counts
/// (the concave outlines).
pub const SNAPSHOT_HEADER_LEN: usize = 60;

/// What a slot holds, as its kind byte says (`docs/snapshot-format.md`, the kinds column).
///
/// The discriminants are the format's bytes: a kind added later takes a byte no other has
/// taken, and no byte ever changes meaning, so that a snapshot saved before still loads
/// (`tests` pins every value). The writer and the loader convert through [`KindByte::of`]
/// and [`KindByte::shape_kind`], both exhaustive: a new [`ShapeKind`] does not compile
/// until it has a byte here and a reading in the loader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum KindByte {
    Circle = 0,
    AlignedBox = 1,
    OrientedBox = 2,
    Polygon = 3,
    Capsule = 4,
    Segment = 5,
    Point = 6,
    /// A concave polygon: its outline is in the last section, and its row's hull is
    /// rebuilt from it.
    Concave = 7,
    /// An open chain: its points are in the last section.
    Chain = 8,
    /// A closed chain (a loop).
    Loop = 9,
    /// A tile grid: its cells and table are in the levels section, and its row's rectangle
    /// is rebuilt from them.
    TileGrid = 10,
    /// A capsule along the local y axis ([`Shape::upright_capsule`]); its parameters are
    /// a capsule's.
    UprightCapsule = 11,
    /// A free slot.
    Free = 0xFF,
}

impl KindByte {
    /// Every kind byte.
    const ALL: [KindByte; 13] = [
        KindByte::Circle,
        KindByte::AlignedBox,
        KindByte::OrientedBox,
        KindByte::Polygon,
        KindByte::Capsule,
        KindByte::Segment,
        KindByte::Point,
        KindByte::Concave,
        KindByte::Chain,
        KindByte::Loop,
        KindByte::TileGrid,
        KindByte::UprightCapsule,
        KindByte::Free,
    ];

    /// The byte of a convex shape of `kind`.
    fn of(kind: ShapeKind) -> KindByte {
        match kind {
            ShapeKind::Circle => KindByte::Circle,
            ShapeKind::AlignedBox => KindByte::AlignedBox,
            ShapeKind::OrientedBox => KindByte::OrientedBox,
            ShapeKind::Polygon => KindByte::Polygon,
            ShapeKind::Capsule => KindByte::Capsule,
            ShapeKind::Segment => KindByte::Segment,
            ShapeKind::Point => KindByte::Point,
        }
    }

    /// The convex kind this byte stands for; `None` for a concave polygon, a chain, a tile
    /// grid and a free slot.
    /// The byte of a convex `shape`: its kind's, or an upright capsule's.
    fn of_shape(shape: &Shape) -> KindByte {
        match shape {
            Shape::Capsule { upright: true, .. } => KindByte::UprightCapsule,
            _ => KindByte::of(shape.kind()),
        }
    }

    /// The convex kind this byte stands for; `None` for a concave polygon, a chain and a
    /// free slot.
    fn shape_kind(self) -> Option<ShapeKind> {
        match self {
            KindByte::Circle => Some(ShapeKind::Circle),
            KindByte::AlignedBox => Some(ShapeKind::AlignedBox),
            KindByte::OrientedBox => Some(ShapeKind::OrientedBox),
            KindByte::Polygon => Some(ShapeKind::Polygon),
            KindByte::Capsule | KindByte::UprightCapsule => Some(ShapeKind::Capsule),
            KindByte::Segment => Some(ShapeKind::Segment),
            KindByte::Point => Some(ShapeKind::Point),
            KindByte::Concave
            | KindByte::Chain
            | KindByte::Loop
            | KindByte::TileGrid
            | KindByte::Free => None,
        }
    }

    /// The kind whose byte is `byte`, if any.
    fn from_byte(byte: u8) -> Option<KindByte> {
        KindByte::ALL.into_iter().find(|&kind| kind as u8 == byte)
    }
}

/// Header flag: static shapes were written since the tree was built.
const STATICS_DIRTY: u32 = 1;
/// Header flag: the world computes contact points; the last step's follow the removed ids,
/// [`MANIFOLD_STRIDE`](crate::narrow_phase::MANIFOLD_STRIDE) `f32` per pair.
const CONTACT_POINTS: u32 = 2;
/// Header flag: the levels section follows the point lists (see `snapshot/levels.rs`).
const LEVELS: u32 = 4;
/// Header flag: the tag column follows the point lists (see `snapshot/tags.rs`).
const TAGS: u32 = 8;

/// Why bytes could not be loaded as a snapshot. Nothing was changed.
#[derive(Clone, Debug, PartialEq)]
pub enum SnapshotError {
    /// The bytes do not start with [`SNAPSHOT_MAGIC`]: not a sepax snapshot.
    BadMagic,
    /// A snapshot of another format version.
    UnsupportedVersion {
        /// The version in the bytes.
        version: u32,
    },
    /// The bytes end before the snapshot does.
    Truncated {
        /// How many bytes there are (the first missing byte).
        at: usize,
        /// How many the header says there must be (the header's own length while it is
        /// incomplete).
        expected: usize,
    },
    /// More bytes than the header accounts for.
    TooLong {
        /// How many the header says there must be.
        expected: usize,
        /// How many there are.
        actual: usize,
    },
    /// A count in the header that cannot be right.
    BadCount {
        /// What is counted, e.g. `"free ids"`.
        what: &'static str,
        /// The count in the header.
        count: u32,
        /// What the rest of the snapshot says it must be (or its limit).
        expected: usize,
    },
    /// A value that no world can hold.
    BadValue {
        /// What it is, e.g. `"kind of slot"`.
        what: &'static str,
        /// Its index in its column or list (the id for per-slot values).
        index: usize,
        /// Where it starts.
        at: usize,
    },
    /// A shape's parameters that the shape constructors reject, or repair.
    BadShape {
        /// The shape's id.
        id: u32,
        /// Where its parameters start.
        at: usize,
        /// Why (`None`: valid, but the stored vertices are not a validated polygon's).
        error: Option<ShapeError>,
    },
}

impl SnapshotError {
    /// Writes the message that `Display` writes, with the numbers written by `out` (see
    /// [`MessageWriter`]).
    pub fn write_message(&self, out: &mut impl MessageWriter) -> fmt::Result {
        match self {
            SnapshotError::BadMagic => write!(out, "bad magic (not a sepax snapshot)"),
            SnapshotError::UnsupportedVersion { version } => write!(
                out,
                "version {version} is not supported (this build reads version {SNAPSHOT_VERSION})"
            ),
            SnapshotError::Truncated { at, expected } => {
                write!(out, "truncated at byte {at} (expected {expected} bytes)")
            }
            SnapshotError::TooLong { expected, actual } => write!(
                out,
                "{actual} bytes, but its header accounts for {expected} (lengths that lie)"
            ),
            SnapshotError::BadCount {
                what,
                count,
                expected,
            } => write!(out, "bad count of {what}: {count} (expected {expected})"),
            SnapshotError::BadValue { what, index, at } => {
                write!(out, "bad {what} {index} at byte {at}")
            }
            SnapshotError::BadShape { id, at, error } => {
                write!(out, "bad shape of slot {id} at byte {at}: ")?;
                match error {
                    Some(error) => error.write_message(out),
                    None => write!(out, "the vertices are not a validated polygon's"),
                }
            }
        }
    }
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut FormatterWriter(f))
    }
}

impl std::error::Error for SnapshotError {}

/// A word as itself (for [`Out::words`] and the reader on `u32` columns).
fn same(word: u32) -> u32 {
    word
}

// ----- writing ------------------------------------------------------------------------

/// Appends little-endian words.
struct Out<'a>(&'a mut Vec<u8>);

impl Out<'_> {
    // Not inlined: one copy of the push for the whole writer (a smaller wasm).
    #[inline(never)]
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    #[inline]
    fn f32(&mut self, v: f32) {
        self.u32(v.to_bits());
    }
    /// A column, word by word (one copy per word type: a smaller wasm).
    #[inline(never)]
    fn words<T: Copy>(&mut self, values: &[T], bits: fn(T) -> u32) {
        self.0.reserve(4 * values.len());
        for &v in values {
            self.0.extend_from_slice(&bits(v).to_le_bytes());
        }
    }
}

/// Calls `visit` with each parameter of `shape` as stored (see the format page), in order.
fn for_each_param(shape: &Shape, mut visit: impl FnMut(f32)) {
    match shape {
        Shape::Circle { radius } => visit(*radius),
        Shape::AlignedBox { half_extents } | Shape::OrientedBox { half_extents } => {
            visit(half_extents.x);
            visit(half_extents.y);
        }
        Shape::Polygon(polygon) => {
            for v in polygon.vertices() {
                visit(v.x);
                visit(v.y);
            }
        }
        Shape::Capsule {
            half_length,
            radius,
            ..
        } => {
            visit(*half_length);
            visit(*radius);
        }
        Shape::Segment { a, b } => {
            for v in [a.x, a.y, b.x, b.y] {
                visit(v);
            }
        }
        Shape::Point => {}
    }
}

/// The pose's four words, so that `-0.0` and `0.0` differ.
fn pose_bits(t: &Transform) -> [u32; 4] {
    [
        t.translation.x.to_bits(),
        t.translation.y.to_bits(),
        t.rotation.cos.to_bits(),
        t.rotation.sin.to_bits(),
    ]
}

/// The pose of a transform: one copy of [`Transform::from_xy_angle`] (and its exact
/// angle reduction) for this module, rather than one inlined per call site: snapshots are
/// not a hot loop's inner call, and the wasm is size-budgeted.
#[inline(never)]
fn pose_of(x: f32, y: f32, angle: f32) -> Transform {
    Transform::from_xy_angle(x, y, angle)
}

/// True when a transform may be given to a live shape (what a step checks).
fn transform_valid(x: f32, y: f32, angle: f32) -> bool {
    x.abs() <= MAX_COORDINATE && y.abs() <= MAX_COORDINATE && angle.is_finite()
}

impl World {
    /// The world as bytes (see [`World::snapshot_into`]).
    #[must_use]
    pub fn snapshot(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.snapshot_into(&mut out);
        out
    }

    /// Replaces the content of `out` by a snapshot of the world: everything that decides
    /// the results of later calls, in the format of `docs/snapshot-format.md`. Allocates
    /// nothing when `out` has the capacity (a game reuses one buffer per saved frame).
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// world.add(Shape::circle(1.0).unwrap(), 0.0, 0.0, 0.0, o).unwrap();
    /// world.add(Shape::circle(1.0).unwrap(), 1.5, 0.0, 0.0, o).unwrap();
    /// world.step().unwrap();
    /// let mut saved = Vec::new();
    /// world.snapshot_into(&mut saved);
    ///
    /// world.set_transform(1, 9.0, 0.0, 0.0).unwrap();
    /// world.step().unwrap();
    /// assert_eq!(world.ended(), [0, 1]);
    ///
    /// let mut again = World::restore(&saved).unwrap();
    /// assert_eq!(again.pairs(), [0, 1]);
    /// again.set_transform(1, 9.0, 0.0, 0.0).unwrap();
    /// again.step().unwrap();
    /// assert_eq!(again.ended(), [0, 1]);
    /// ```
    pub fn snapshot_into(&self, out: &mut Vec<u8>) {
        out.clear();
        let store = &self.store;
        let n = store.slot_count();
        let live = store.live_count();
        out.reserve(SNAPSHOT_HEADER_LEN + n * 26 + live * 16 + self.pairs.len() * 10);
        let mut o = Out(out);
        o.0.extend_from_slice(&SNAPSHOT_MAGIC);
        o.u32(SNAPSHOT_VERSION);
        // The counts that need a pass over the shapes are patched in at the end.
        for _ in 0..13 {
            o.u32(0);
        }
        let (polygons, params) = self.write_slot_columns(&mut o);
        let free = store.free_ids();
        o.words(free, same);
        let (moved, poses) = self.write_poses(&mut o);
        o.words(&self.pairs, same);
        o.words(&self.contacts, f32::to_bits);
        o.words(&self.started, same);
        o.words(&self.ended, same);
        let removed = self.removals.ids();
        o.words(removed, same);
        // Written, not recomputed on load: a pair of the last step may name an id removed
        // (and issued again) since, whose old shape the snapshot no longer holds.
        let points = &self.contact_points;
        if points.enabled {
            o.words(&points.published, f32::to_bits);
        }
        let (concaves, outline_points) = self.write_outlines(&mut o);
        let tags = self.has_tags();
        if tags {
            self.write_tags(&mut o);
        }
        let levels = self.has_levels();
        if levels {
            self.write_levels(&mut o);
        }
        let flags = (u32::from(self.statics_dirty) * STATICS_DIRTY)
            | (u32::from(points.enabled) * CONTACT_POINTS)
            | (u32::from(levels) * LEVELS)
            | (u32::from(tags) * TAGS);
        let counts = [
            n,
            free.len(),
            polygons,
            params,
            moved,
            poses,
            self.pairs.len() / 2,
            self.started.len() / 2,
            self.ended.len() / 2,
            removed.len(),
            flags as usize,
            concaves,
            outline_points,
        ];
        for (k, count) in counts.into_iter().enumerate() {
            let at = 8 + 4 * k;
            out[at..at + 4].copy_from_slice(&(count as u32).to_le_bytes());
        }
    }

    /// Writes the per-slot columns and the shapes' parameters; returns how many polygons
    /// and parameters there are.
    fn write_slot_columns(&self, o: &mut Out) -> (usize, usize) {
        let store = &self.store;
        let n = store.slot_count();
        let body = |id: usize| &store.bodies[store.row(id as u32)];
        // A shape queued for the queries' next refresh is written as refreshed: the
        // loaded world refreshes it from its columns at once, as this one will.
        let queued = |id: usize| {
            self.changes.is_queued(id as u32)
                && transform_valid(store.xs[id], store.ys[id], store.angles[id])
        };
        o.0.extend(store.flags.iter().enumerate().map(|(id, &f)| {
            let f = f & SNAPSHOT_FLAGS;
            f | if f & FLAG_ALIVE != 0 && queued(id) {
                FLAG_REFRESHED
            } else {
                0
            }
        }));
        o.0.extend((0..n).map(|id| {
            let kind = if store.flags[id] & FLAG_ALIVE == 0 {
                KindByte::Free
            } else if self.concaves.get(id as u32).is_some() {
                KindByte::Concave
            } else if let Some(chain) = self.chains.get(id as u32) {
                if chain.is_loop() {
                    KindByte::Loop
                } else {
                    KindByte::Chain
                }
            } else if self.grids.get(id as u32).is_some() {
                KindByte::TileGrid
            } else {
                KindByte::of_shape(&body(id).shape)
            };
            kind as u8
        }));
        // A concave shape's row holds its hull and a chain's or a grid's its rectangle, all
        // rebuilt from their own sections: no vertex count, no parameters.
        let convex = |id: &usize| {
            store.flags[*id] & FLAG_ALIVE != 0
                && self.points_of(*id as u32).is_none()
                && self.grids.get(*id as u32).is_none()
        };
        let mut polygons = 0;
        for id in (0..n).filter(convex) {
            if let Shape::Polygon(polygon) = &body(id).shape {
                o.0.push(polygon.vertices().len() as u8);
                polygons += 1;
            }
        }
        for column in [&store.xs, &store.ys, &store.angles] {
            o.words(column, f32::to_bits);
        }
        for column in [&store.layers, &store.masks, &store.generations] {
            o.words(column, same);
        }
        let start = o.0.len();
        for id in (0..n).filter(convex) {
            for_each_param(&body(id).shape, |v| o.f32(v));
        }
        (polygons, (o.0.len() - start) / 4)
    }

    /// The checked points of shape `id` when it is a concave polygon (its outline) or a
    /// chain, which is what a snapshot stores of it.
    fn points_of(&self, id: u32) -> Option<&[crate::math::Vec2]> {
        match self.concaves.get(id) {
            Some(concave) => Some(concave.outline()),
            None => self.chains.get(id).map(crate::shape::Chain::points),
        }
    }

    /// Writes each concave polygon's checked outline and each chain's checked points, in
    /// id order: the point count, then the points. Returns how many lists and points there
    /// are.
    fn write_outlines(&self, o: &mut Out) -> (usize, usize) {
        let (mut outlines, mut points) = (0, 0);
        for id in 0..self.store.slot_count() as u32 {
            if let Some(outline) = self.points_of(id) {
                o.u32(outline.len() as u32);
                for v in outline {
                    o.f32(v.x);
                    o.f32(v.y);
                }
                outlines += 1;
                points += outline.len();
            }
        }
        (outlines, points)
    }

    /// Writes the poses the columns do not give (see the module docs): first the moving
    /// shapes' last read transforms, then the static shapes' poses. Returns both counts.
    fn write_poses(&self, o: &mut Out) -> (usize, usize) {
        let store = &self.store;
        let n = store.slot_count();
        let stepped = |id: usize| store.flags[id] & (FLAG_ALIVE | FLAG_FRESH) == FLAG_ALIVE;
        let mut moved = 0;
        for id in (0..n).filter(|&id| stepped(id) && !store.is_static(id as u32)) {
            let column = (store.xs[id], store.ys[id], store.angles[id]);
            // A stepped moving shape's pose is the one its last read transform gives
            // (`World::validate` checks it), so equal bits need no record.
            if let Some(last) = self.resting.last_transform(id as u32) {
                let bits = |t: (f32, f32, f32)| [t.0.to_bits(), t.1.to_bits(), t.2.to_bits()];
                if bits(last) != bits(column) {
                    o.u32(id as u32);
                    o.f32(last.0);
                    o.f32(last.1);
                    o.f32(last.2);
                    moved += 1;
                }
            }
        }
        let mut poses = 0;
        for id in (0..n).filter(|&id| stepped(id) && store.is_static(id as u32)) {
            // The pose the last step left (a query may have refreshed it since: `changes`).
            let refreshed = self.changes.stepped_pose(id as u32);
            let pose = &refreshed.unwrap_or(store.bodies[store.row(id as u32)].pose);
            let (x, y, angle) = (store.xs[id], store.ys[id], store.angles[id]);
            let derived =
                transform_valid(x, y, angle) && pose_bits(&pose_of(x, y, angle)) == pose_bits(pose);
            if !derived {
                o.u32(id as u32);
                for v in pose_bits(pose) {
                    o.u32(v);
                }
                poses += 1;
            }
        }
        (moved, poses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind byte is the format's (`docs/snapshot-format.md`): a snapshot saved by
    /// an earlier build must load, so no change may move one.
    #[test]
    fn kind_bytes_are_the_formats() {
        let convex = [
            (ShapeKind::Circle, 0),
            (ShapeKind::AlignedBox, 1),
            (ShapeKind::OrientedBox, 2),
            (ShapeKind::Polygon, 3),
            (ShapeKind::Capsule, 4),
            (ShapeKind::Segment, 5),
            (ShapeKind::Point, 6),
        ];
        assert_eq!(
            convex.len(),
            ShapeKind::ALL.len(),
            "every convex kind pinned"
        );
        for (kind, byte) in convex {
            assert_eq!(KindByte::of(kind) as u8, byte, "{kind:?}");
            assert_eq!(
                KindByte::from_byte(byte).and_then(KindByte::shape_kind),
                Some(kind)
            );
        }
        let others = [
            (KindByte::Concave, 7),
            (KindByte::Chain, 8),
            (KindByte::Loop, 9),
            (KindByte::TileGrid, 10),
            (KindByte::Free, 0xFF),
        ];
        for (kind, byte) in others {
            assert_eq!(kind as u8, byte, "{kind:?}");
            assert_eq!(KindByte::from_byte(byte), Some(kind));
            assert_eq!(kind.shape_kind(), None);
        }
        let upright = Shape::upright_capsule(1.0, 0.5).unwrap();
        assert_eq!(KindByte::of_shape(&upright) as u8, 11);
        assert_eq!(
            KindByte::from_byte(11).and_then(KindByte::shape_kind),
            Some(ShapeKind::Capsule)
        );
        let named = (0..=u8::MAX).filter_map(KindByte::from_byte).count();
        assert_eq!(
            named,
            convex.len() + others.len() + 1,
            "no byte unnamed, none twice"
        );
        assert_eq!(KindByte::ALL.len(), named);
    }
}
