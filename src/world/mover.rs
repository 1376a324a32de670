//! Move and slide in the world: a character (any shape in the world) moves as far as it
//! can along the motion the game wants, sliding along whatever it meets, and its new
//! transform is written.
//!
//! The geometry is the [`cast::mover`](crate::cast::mover) module's: exact casts with a
//! margin and a final plane solve, the loop its essay describes. This module only feeds
//! that loop from the world:
//!
//! 1. **Start overlaps.** The shapes the mover touches or overlaps at its start pose (by
//!    [`collide`](crate::narrow_phase::collide), against the candidates of its box) each
//!    give a plane that keeps the mover `skin` outside them. The mover is first pushed out
//!    of them ([`solve_planes`] from a zero displacement); that push is itself cast, so it
//!    cannot carry the mover into a shape it did not start in.
//! 2. **Cast and clip**, at most `max_iterations` rounds: the remaining motion is cast
//!    against the candidates of its swept box with a margin (`0.6 s` in the first round,
//!    `s` the skin); the mover moves to the first hit (where it is exactly the margin from
//!    the surface), the hit gives a plane, and the rest of the motion is clipped against
//!    every plane met so far ([`clip_vector`]). Hits whose normal does not oppose the
//!    motion are skipped (along that path the distance to that convex shape only grows),
//!    and so are hits at `t = 0` from a shape that already gave a plane this frame (its
//!    plane already clipped the motion).
//!
//!    Planes come from *pieces*: each part of a concave shape and each segment of a chain
//!    is a shape of its own, and so is each piece of a concave or chain mover, against
//!    each piece it meets. Two parts of a mover touching one wall along different normals
//!    give two planes (with one, the other part could be filtered out as moving away, and
//!    end inside the wall).
//!
//!    Each later round casts with a smaller margin (`0.08 s` less per round, down to
//!    `0.2 s`). It slides along the surfaces that earlier rounds stopped at, *exactly*
//!    their margin away; cast with that same margin, the next floor tile's corner, flush
//!    with the floor, would lie on the margin's edge, and rounding would decide whether it
//!    is met, head on and with a tilted normal (the seam catching the mover by a
//!    hundredth of the skin). A smaller margin passes it by a clear gap.
//! 3. **Solve.** The frame's whole displacement is pushed out of all the planes at once,
//!    so the mover rests `s` from every surface it met. Planes are relative to the frame's
//!    start, so the solve sees every surface in one system: the tops of adjacent floor
//!    tiles are one constraint, and the seam between two of them never stops a move.
//! 4. **Safety.** The solve's correction is cast too (with a margin of `0.1 s`, below
//!    every round's): should it run into a shape the loop never met (a mover squeezed
//!    between walls), it stops short of that shape. So a move **never ends overlapping a
//!    shape it did not start overlapping**.
//! 5. **Rest.** A move that met something and comes out shorter than a thousandth of the
//!    skin is dropped: what is left is the solver's rounding, and a mover pushed into a
//!    corner would otherwise tremble by it from frame to frame. At rest, it holds still to
//!    the bit.
//!
//! ## What it costs
//!
//! A move makes about two passes of casts over its candidates (the rounds, the push out,
//! the correction), and in a crowded world four casts in five miss. Two things keep that
//! cheap without changing any answer: a plane that already keeps the path clear skips the
//! cast (`mover/planes.rs` argues why), and the candidates keep what the broad phase
//! handed over (`mover/candidates.rs`).
//!
//! ## What it sees
//!
//! The mover starts from its **current written transform** (the columns: what
//! [`World::set_transform`] or the JS views last wrote), and its final position is
//! written back the same way (its angle is kept). Every other shape is seen **as it is**,
//! like every query: shapes moved or added since the last step through the setters are
//! met where they were put, and movers moved earlier in the same frame where their moves
//! left them (see `changes`). Candidates come from the broad phase (the grid of moving
//! shapes and the tree of static ones), from the swept box of each round's motion: the
//! cost depends on what is near the path, not on the size of the world. One query covers
//! the start and the straight path; a round that leaves its box queries again. Pairs pass the
//! step's layer filter: `(layer_mover & mask_other) != 0 && (layer_other & mask_mover) != 0`,
//! and the shape met must be on a layer in the move's `mask` (default all).
//! The mover never meets itself.
//!
//! ## Conventions
//!
//! - **Up** is `(0, −1)` by default: on a canvas `y` grows downwards. A world with `y`
//!   pointing up passes `up = (0, 1)` in [`MoveOptions`].
//! - **Grounded** means some contact of this move has a normal within `max_slope` of up
//!   (default 45°). A move that only slides along a floor without pushing into it meets
//!   nothing: platformers apply gravity every frame, and that gravity is what finds the
//!   floor.
//! - **Contacts** are the planes the move met, in the order it met them: start overlaps
//!   first, then cast hits. Each is `id, nx, ny` in one flat `f32` buffer the world owns
//!   and reuses ([`World::move_contacts`]); ids are below [`MAX_SHAPES`](super::MAX_SHAPES)
//!   `= 2^24`, so they are exact as `f32`. The normal points from the shape met towards
//!   the mover. At most [`MAX_PLANES`] per move.
//! - The **skin** (default [`DEFAULT_SKIN`]) is raised to at least
//!   [`SKIN_ROUNDINGS`] `f32` roundings of the mover's scale (its distance from the
//!   origin plus its size, rounded up to a power of two so that the skin does not change
//!   as the mover walks), so that the margins stay far above the rounding of its
//!   position: `0.0078` from `1,024` units from the origin, `0.0156` from `2,048`. A move
//!   far from its start (beyond `10^5` units in one call) meets the rounding of where it
//!   ends, which this floor does not cover.
//!
//! Deterministic (the same world and arguments give the same position, bit for bit: a
//! mover pushed into a corner holds still), allocation-free once its two buffers have
//! grown, and every argument is checked before anything is written.
//!
//! ## Where things are
//!
//! - `mover.rs` (here): the move and its loop (the push out of start overlaps, the rounds
//!   of cast and clip, the solve and its correction);
//! - `mover/options.rs`: what a move is asked and what it tells;
//! - `mover/character.rs`: what a platformer character needs beyond one slide (carried by
//!   its platform, autostep, snap to ground, slopes, the floor, ceiling and wall flags),
//!   as a short sequence of slides; all off by default, when a move is one slide;
//! - `mover/planes.rs`: the planes a move has met, where each came from, and when one
//!   keeps a path clear;
//! - `mover/candidates.rs`: the shapes a move may meet, gathered from the broad phase, and
//!   the first hit of a cast among them;
//! - `mover/tests.rs`: the unit tests of the parts above (the behaviour is tested in
//!   `tests/world_mover.rs` and `tests/world_character.rs`).

mod candidates;
mod character;
mod options;
mod planes;
#[cfg(test)]
mod tests;

pub use options::{Ground, MoveOptions, MoveResult};

use super::errors::{check_angle, check_coordinate, ArgName::OfShape, ArgName::Plain};
use super::one_way::{OneWay, ONE_WAY_SKINS};
use super::pieces::{piece_pair_contact, pieces_or, PairContact, Pieces};
use super::sensors::{Crossings, SensorPath, MAX_MOVE_CROSSINGS};
use super::{World, WorldError, MAX_COORDINATE};
use crate::cast::{solve_planes, Plane, MAX_PLANES};
use crate::math::{Aabb, Transform, Vec2};
use crate::narrow_phase::Contact;
use crate::shape::Shape;
use candidates::{Candidate, FirstHit};
use character::{rest_on_floors, walk_clip};
use planes::{source, Planes};

/// The skin a move keeps by default: `0.01` units (a hundredth of a pixel in a game
/// measured in pixels, a centimetre in one measured in metres).
pub const DEFAULT_SKIN: f32 = 0.01;

/// The least skin, in `f32` roundings of the mover's scale (its distance from the origin
/// plus its size): the margins of the casts must stay far above the rounding of the
/// positions they start from.
pub const SKIN_ROUNDINGS: f32 = 64.0;

/// The most cast-and-clip rounds a move may be given.
pub const MAX_MOVE_ITERATIONS: u32 = 16;

/// The margin of the first cast of a move, as a fraction of the skin (the `cast::mover`
/// essay's `m`), and how much less each later round's margin is, down to the least.
const MARGIN_FRACTION: f32 = 0.6;
const MARGIN_DECREMENT: f32 = 0.08;
const LEAST_MARGIN_FRACTION: f32 = 0.2;

/// A move that met something and would move less than this fraction of the skin does
/// not move at all (see [`World::move_and_slide`]).
const REST_FRACTION: f32 = 1e-3;

/// The margin of the cast of the solver's correction, as a fraction of the skin.
const SAFETY_FRACTION: f32 = 0.1;

/// How far beyond the skin a move's first query reaches, as a fraction of the mover's
/// size (see [`World::slide`]).
const GATHER_REACH: f32 = 0.25;

/// Sweeps of the plane solver (Box2D's mover runs 20).
const SOLVER_ITERATIONS: usize = 20;

/// The buffers a move reuses.
#[derive(Clone, Debug, Default)]
pub(super) struct MoverScratch {
    /// The candidates of the current query, in id order.
    candidates: Vec<Candidate>,
    /// `id, nx, ny` per contact of the last move.
    contacts: Vec<f32>,
    /// The cell of each contact on a tile grid, or [`NO_CELL`](super::NO_CELL).
    contact_cells: Vec<u32>,
    /// The box `candidates` were gathered for.
    gathered: Option<Aabb>,
    /// The last options that passed their checks, and their ground test: a game passes
    /// the same options move after move.
    checked: Option<(MoveOptions, GroundTest)>,
    /// The positions the mover went through this move, from its start (at most
    /// [`MAX_WAYPOINTS`]), for the sensors it crossed.
    path: Vec<Vec2>,
    /// The sensors the last move crossed (`sensors.rs`).
    pub(super) crossings: Crossings,
    /// [`MoveResult::bounce`] of the move.
    bounce: Vec2,
}

/// The most positions a move's path keeps (then its last one is overwritten).
const MAX_WAYPOINTS: usize = 128;

impl MoverScratch {
    /// Records that the mover went through `p`.
    fn waypoint(&mut self, p: Vec2) {
        if self.path.last() == Some(&p) {
            return;
        }
        if self.path.len() < MAX_WAYPOINTS {
            self.path.push(p);
        } else if let Some(last) = self.path.last_mut() {
            *last = p;
        }
    }
}

/// What `grounded` compares the contacts' normals with, and how the walk meets slopes.
#[derive(Clone, Copy, Debug)]
struct GroundTest {
    /// `up` scaled to unit length.
    up: Vec2,
    /// The cosine of `max_slope`: a normal whose dot product with `up` is at least this is
    /// a floor.
    floor: f32,
    /// [`MoveOptions::stop_on_slope`], [`MoveOptions::slide_on_steep`],
    /// [`MoveOptions::constant_slope_speed`].
    stop_on_slope: bool,
    slide_on_steep: bool,
    constant_speed: bool,
}

impl MoverScratch {
    /// Checks `options` (unless they are the last ones that passed) and returns their
    /// ground test.
    fn ground_test(&mut self, options: &MoveOptions) -> Result<GroundTest, WorldError> {
        if let Some((checked, test)) = self.checked {
            if checked == *options {
                return Ok(test);
            }
        }
        options.validate()?;
        let test = GroundTest {
            up: unit(options.up),
            // The crate's own cosine: `f32::cos` would link libm's (with its
            // large-argument reduction, about 6 KB of wasm) for this one use.
            floor: crate::math::Rot::from_angle(options.max_slope).cos,
            stop_on_slope: options.stop_on_slope,
            slide_on_steep: options.slide_on_steep,
            constant_speed: options.constant_slope_speed,
        };
        self.checked = Some((*options, test));
        Ok(test)
    }
}

/// Records `cell` for the contact a plane just added to `contacts`, unless the planes were
/// full and it added none.
fn note_cell(contacts: &[f32], cells: &mut Vec<u32>, cell: u32) {
    if cells.len() < contacts.len() / 3 {
        cells.push(cell);
    }
}

/// `v` scaled to unit length, or zero; scaled by its largest component first so that
/// neither `(3e38, 3e38)` overflows nor `(1e-30, 0)` underflows.
fn unit(v: Vec2) -> Vec2 {
    let scale = v.x.abs().max(v.y.abs());
    if scale == 0.0 || !scale.is_finite() {
        return Vec2::ZERO;
    }
    Vec2::new(v.x / scale, v.y / scale).normalize_or_zero()
}

/// The least power of two at or above `v` (finite, `>= 0`; 0 gives the least normal
/// power). The skin's floor is a power of two of the mover's scale, so that it stays the
/// same while the mover walks (a skin that changed every frame would change the height it
/// rests at every frame).
fn power_of_two_above(v: f32) -> f32 {
    let bits = v.to_bits();
    let exponent = (bits >> 23) & 0xFF;
    if bits & 0x007F_FFFF == 0 && exponent > 0 {
        v
    } else {
        f32::from_bits((exponent + 1).min(254) << 23)
    }
}

/// "No shape" for [`Mover::exclude`].
const NO_EXCLUSION: u32 = u32::MAX;

/// The mover, read once.
#[derive(Clone, Copy)]
struct Mover<'a> {
    id: u32,
    shape: &'a Shape,
    start: Transform,
    /// The parts or segments, when the mover is a concave polygon or a chain.
    compound: Option<Pieces<'a>>,
    /// The mover's distance from the origin plus its size, rounded up to a power of two.
    scale: f32,
    /// The half extents of its box, for the kinds whose box is its position plus or minus
    /// them (the turn is the same at every offset); `None` for the others.
    box_half_extents: Option<Vec2>,
    /// How one-way shapes meet it (their own direction is filled in per candidate).
    one_way: OneWay,
    /// The world may hold one-way pieces (a one-way shape, or a grid with one-way tiles).
    one_ways: bool,
    /// The layers it meets (see [`MoveOptions::mask`]).
    mask: u32,
    /// How it meets floors and slopes.
    walk: GroundTest,
    /// A shape it does not meet, beside itself: the platform that carries it, during the
    /// carry ([`NO_EXCLUSION`] otherwise).
    exclude: u32,
    /// The layers that end the move when met: [`MoveOptions::touch_mask`] and
    /// [`MoveOptions::bounce_mask`].
    stops: u32,
    /// Of those, the layers it bounces off.
    bounces: u32,
}

impl Mover<'_> {
    fn pieces(&self) -> Pieces<'_> {
        pieces_or(self.compound, self.shape, self.shape.polygon_points())
    }

    /// The same mover, starting `offset` further.
    fn moved_by(&self, offset: Vec2) -> Mover<'_> {
        Mover {
            start: self.at(offset),
            ..*self
        }
    }

    fn at(&self, offset: Vec2) -> Transform {
        Transform {
            translation: self.start.translation + offset,
            rotation: self.start.rotation,
        }
    }

    /// Its box displaced by `offset`: `shape.aabb(&self.at(offset))`, to the bit.
    fn box_at(&self, offset: Vec2) -> Aabb {
        match self.box_half_extents {
            Some(half) => Aabb::from_center_half_extents(self.start.translation + offset, half),
            None => self.shape.aabb(&self.at(offset)),
        }
    }
}

impl World {
    /// Moves shape `id` along `delta` as far as it can, sliding along what it meets, and
    /// writes its new position (as [`World::set_transform`] would, keeping its angle).
    /// See the module docs for the method, what the mover sees and the conventions; the
    /// contacts are in [`World::move_contacts`] until the next move.
    ///
    /// A move that met something and comes out shorter than a thousandth of the skin leaves
    /// the mover where it was: at rest against surfaces, it stays still to the bit.
    ///
    /// Fails, changing nothing, on an unknown id, a non-finite delta, a destination beyond
    /// [`MAX_COORDINATE`], bad options, or a written transform of the mover that is not
    /// finite or in range.
    ///
    /// ```
    /// use sepax::world::MoveOptions;
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let fixed = ShapeOptions { is_static: true, ..ShapeOptions::default() };
    /// // A floor whose top is at y = 0 (y grows downwards, as on a canvas).
    /// world.add(Shape::aligned_box(50.0, 1.0).unwrap(), 0.0, 1.0, 0.0, fixed).unwrap();
    /// let player = Shape::aligned_box(0.5, 1.0).unwrap();
    /// let id = world.add(player, 0.0, -3.0, 0.0, ShapeOptions::default()).unwrap();
    /// world.step().unwrap();
    /// // Walk right while falling 5: the floor stops the fall, the walk goes on.
    /// let moved = world
    ///     .move_and_slide(id, Vec2::new(2.0, 5.0), &MoveOptions::default())
    ///     .unwrap();
    /// assert!(moved.grounded);
    /// assert!((moved.position.x - 2.0).abs() < 1e-5);
    /// assert!((moved.position.y - (-1.0 - 0.01)).abs() < 1e-4); // a skin above the floor
    /// assert_eq!(world.move_contacts()[..3], [0.0, 0.0, -1.0]); // the floor (id 0), up
    /// ```
    pub fn move_and_slide(
        &mut self,
        id: u32,
        delta: Vec2,
        options: &MoveOptions,
    ) -> Result<MoveResult, WorldError> {
        self.check_id("id", id)?;
        self.check_not_grid("id", id)?;
        let s = id as usize;
        let (x, y, angle) = (self.store.xs[s], self.store.ys[s], self.store.angles[s]);
        check_coordinate(|| OfShape("x", id), x)?;
        check_coordinate(|| OfShape("y", id), y)?;
        check_angle(|| OfShape("angle", id), angle)?;
        for (arg, value) in [("dx", delta.x), ("dy", delta.y)] {
            if !value.is_finite() {
                return Err(WorldError::NonFinite { arg: arg.into() });
            }
        }
        check_coordinate(|| Plain("x + dx"), x + delta.x)?;
        check_coordinate(|| Plain("y + dy"), y + delta.y)?;
        let ground = self.mover.ground_test(options)?;
        self.see_changes();

        let mut scratch = core::mem::take(&mut self.mover);
        let row = self.store.row(id);
        let shape = &self.store.bodies[row].shape;
        let start = Transform::from_xy_angle(x, y, angle);
        let scale = power_of_two_above(start.translation.length() + shape.bounding_radius());
        let skin = options.skin.max(SKIN_ROUNDINGS * f32::EPSILON * scale);
        let mover = Mover {
            id,
            shape,
            start,
            compound: self.compound(id),
            scale,
            box_half_extents: shape.aabb_half_extents(&start.rotation),
            one_way: OneWay {
                up: None,
                tolerance: ONE_WAY_SKINS * skin,
                ignore: options.drop_through,
            },
            // Read once per move: while no shape is one-way and no grid exists, nothing is.
            one_ways: self.one_ways.count() + self.grids.count() > 0,
            // Crossed layers are not met: their shapes are reported as sensors are.
            mask: options.mask & !options.cross_mask,
            walk: ground,
            exclude: NO_EXCLUSION,
            stops: options.touch_mask | options.bounce_mask,
            bounces: options.bounce_mask,
        };
        scratch.contacts.clear();
        scratch.contact_cells.clear();
        if scratch.path.capacity() < MAX_WAYPOINTS {
            // Once, as the contacts' buffers.
            scratch.path.reserve_exact(MAX_WAYPOINTS);
            scratch.crossings.ids.reserve_exact(MAX_MOVE_CROSSINGS);
            scratch.crossings.ts.reserve_exact(MAX_MOVE_CROSSINGS);
        }
        scratch.path.clear();
        scratch.path.push(mover.start.translation);
        scratch.bounce = Vec2::ZERO;
        let mut offset = self.move_character(&mover, delta, skin, options, &mut scratch);
        // A mover held by what it met (pushed into a corner) comes out of the solve with a
        // displacement of rounding noise, which would make it tremble frame after frame.
        if !scratch.contacts.is_empty() && offset.length() <= REST_FRACTION * skin {
            offset = Vec2::ZERO;
            scratch.path.truncate(1);
        }
        let position = mover.start.translation + offset;
        let position = Vec2::new(
            position.x.clamp(-MAX_COORDINATE, MAX_COORDINATE),
            position.y.clamp(-MAX_COORDINATE, MAX_COORDINATE),
        );
        scratch.waypoint(position);
        self.cross_path(id, start, options, &mut scratch);
        let touched = character::touches(&scratch.contacts, &scratch.contact_cells, &ground);
        let contact_count = scratch.contacts.len() / 3;
        self.mover = scratch;
        self.write_transform(id, position.x, position.y, angle);
        Ok(MoveResult {
            position,
            grounded: touched.grounded,
            ceiling: touched.ceiling,
            wall: touched.wall,
            ground: touched.ground,
            contact_count,
            bounce: self.mover.bounce,
        })
    }

    /// The contacts of the last [`World::move_and_slide`]: `id, nx, ny` for each (the id
    /// as an exact `f32`), the normal pointing from that shape towards the mover.
    #[must_use]
    pub fn move_contacts(&self) -> &[f32] {
        &self.mover.contacts
    }

    /// The cells of the contacts of the last [`World::move_and_slide`], parallel to
    /// [`World::move_contacts`] (one per contact): the cell met on a tile grid
    /// (`row × cols + col`), [`NO_CELL`](super::NO_CELL) for other shapes.
    #[must_use]
    pub fn move_contact_cells(&self) -> &[u32] {
        &self.mover.contact_cells
    }

    /// The loop of the module docs; returns the mover's displacement.
    fn slide(
        &self,
        mover: &Mover,
        delta: Vec2,
        skin: f32,
        rounds: u32,
        scratch: &mut MoverScratch,
    ) -> Vec2 {
        let mut planes = Planes::new();
        if scratch.contacts.capacity() < 3 * MAX_PLANES {
            // Once, so that the buffers (and the JS views over them) never move again.
            scratch.contacts.reserve_exact(3 * MAX_PLANES);
            scratch.contact_cells.reserve_exact(MAX_PLANES);
        }
        // One query for the start overlaps and the straight path (later rounds query again
        // only when they leave its box). Grown by a quarter of the mover's size beyond the
        // skin: a push out of what it starts in, or the solve's correction, leaves a box
        // grown by the skin alone in most crowded moves, and a second query costs more
        // than the few more candidates (whose boxes each cast tests first).
        let start_box = mover.box_at(Vec2::ZERO);
        let end_box = mover.box_at(delta);
        let size = start_box.extents();
        let reach = skin + GATHER_REACH * size.x.max(size.y);
        self.gather(mover, &start_box.union(&end_box).expanded(reach), scratch);

        let moved = self.push_out(mover, &start_box, skin, &mut planes, scratch);
        scratch.waypoint(mover.start.translation + moved);
        let moved = self.cast_and_clip(mover, moved, delta, skin, rounds, &mut planes, scratch);
        let moved = self.solve_and_correct(mover, moved, skin, &mut planes, scratch);
        scratch.waypoint(mover.start.translation + moved);
        moved
    }

    /// The sensors crossed along the move's path (see `sensors.rs`), into the scratch.
    fn cross_path(
        &self,
        id: u32,
        start: Transform,
        options: &MoveOptions,
        scratch: &mut MoverScratch,
    ) {
        let crossings = &mut scratch.crossings;
        crossings.clear();
        if !self.store.sensors_seen && options.cross_mask == 0 {
            return;
        }
        let path = &scratch.path;
        let length: f32 = path.windows(2).map(|w| (w[1] - w[0]).length()).sum();
        if length == 0.0 {
            // No motion (or one too small to measure): nothing crossed.
            return;
        }
        let mut before = 0.0;
        for w in path.windows(2) {
            let delta = w[1] - w[0];
            let pose = Transform {
                translation: w[0],
                ..start
            };
            let piece = SensorPath {
                id,
                pose,
                delta,
                reach: 1.0,
                mask: options.mask,
                cross: options.mask & options.cross_mask,
            };
            let span = delta.length();
            let t = (before / length, span / length);
            self.cross_sensors(&piece, 0, t, MAX_MOVE_CROSSINGS, crossings);
            before += span;
        }
    }

    /// Step 1: the planes of the shapes the mover starts overlapping, and the push out of
    /// them (cast, so that it does not push into something else); returns the push.
    fn push_out(
        &self,
        mover: &Mover,
        start_box: &Aabb,
        skin: f32,
        planes: &mut Planes,
        scratch: &mut MoverScratch,
    ) -> Vec2 {
        for candidate in &scratch.candidates {
            if !candidate.aabb.overlaps(start_box) {
                continue;
            }
            let other = candidate.id;
            // Each piece of the other shape (each part of a concave one, each segment of a
            // chain, smoothed) gives its plane, against each piece of the mover on its own
            // (a concave mover's parts may touch the same piece along different normals).
            let (mover_pieces, pose) = (mover.pieces(), &self.pose_of(candidate));
            let other_pieces = self.candidate_pieces(candidate);
            let one_way = self.one_way_of(mover, candidate.id);
            // As in the world's overlap test (`deepest_pieces`): a chain whose segments'
            // contacts were all dropped as ghosts still gives the deepest of them.
            let (mut smoothed, mut ghost) = (false, None::<(u64, Contact, u32)>);
            for k in 0..mover_pieces.count() {
                let (km, mover_piece) = (k as u32, mover_pieces.piece(k));
                let mover_box = if mover.compound.is_none() {
                    *start_box
                } else {
                    mover_piece.0.aabb(&mover.start)
                };
                other_pieces.each_indexed_near(pose, &mover_box, &mut |piece, shape, points| {
                    let key = source(other, piece, km);
                    let mover_side = (mover_pieces, km, mover_piece, &mover.start);
                    let up = one_way.and_then(|o| o.up_of(other_pieces, piece, pose));
                    match piece_pair_contact(
                        (other_pieces, piece, (shape, points), pose),
                        mover_side,
                    ) {
                        // A one-way piece holds only a mover that sank into its top.
                        Some(PairContact::Kept(c) | PairContact::Ghost(c))
                            if one_way.is_some_and(|o| !o.holds(up, c.normal, c.depth)) => {}
                        Some(PairContact::Kept(contact)) => {
                            smoothed = true;
                            let plane =
                                Plane::from_separation(contact.normal, -contact.depth, skin);
                            // Overlapping by `depth` along the normal where the plane's
                            // separation is `−skin`.
                            planes.push(key, plane, skin, &mut scratch.contacts);
                            let cell = other_pieces.cell(piece);
                            note_cell(&scratch.contacts, &mut scratch.contact_cells, cell);
                        }
                        Some(PairContact::Ghost(raw))
                            if ghost.map_or(true, |(_, g, _)| raw.depth > g.depth) =>
                        {
                            ghost = Some((key, raw, other_pieces.cell(piece)));
                        }
                        _ => {}
                    }
                    true
                });
            }
            if let (false, Some((key, contact, cell))) = (smoothed, ghost) {
                let plane = Plane::from_separation(contact.normal, -contact.depth, skin);
                planes.push(key, plane, skin, &mut scratch.contacts);
                note_cell(&scratch.contacts, &mut scratch.contact_cells, cell);
            }
        }
        planes.started = planes.count;
        if planes.count == 0 {
            return Vec2::ZERO;
        }
        let margin = MARGIN_FRACTION * skin;
        let push = solve_planes(Vec2::ZERO, planes.all(), SOLVER_ITERATIONS).delta;
        match self.first_hit(mover, Vec2::ZERO, push, margin, planes, true, scratch) {
            Some(hit) => {
                let moved = push * hit.t;
                self.hit_plane(hit, moved, margin, skin - margin, planes, scratch);
                moved
            }
            None => push,
        }
    }

    /// Step 2: up to `rounds` casts of what is left of `delta`, each clipped against the
    /// planes met so far; returns the displacement after them.
    // The loop's state, passed as it is rather than bundled into a struct for one call.
    #[allow(clippy::too_many_arguments)]
    fn cast_and_clip(
        &self,
        mover: &Mover,
        mut moved: Vec2,
        delta: Vec2,
        skin: f32,
        rounds: u32,
        planes: &mut Planes,
        scratch: &mut MoverScratch,
    ) -> Vec2 {
        // Round k slides along the surfaces earlier rounds stopped at, a margin from them:
        // its own margin is smaller, so that it does not graze them (or the next tile's
        // corner, flush with them) at exactly its margin, where rounding would decide.
        let round_margin = |k: u32| {
            let fraction = MARGIN_FRACTION - MARGIN_DECREMENT * (k + 1) as f32;
            fraction.max(LEAST_MARGIN_FRACTION) * skin
        };
        let mut remaining = walk_clip(delta, planes.all(), &mover.walk);
        for round in 0..rounds {
            if remaining == Vec2::ZERO {
                break;
            }
            let margin = if round == 0 && planes.count == 0 {
                MARGIN_FRACTION * skin
            } else {
                round_margin(round)
            };
            let Some(hit) = self.first_hit(mover, moved, remaining, margin, planes, false, scratch)
            else {
                return moved + remaining;
            };
            moved += remaining * hit.t;
            scratch.waypoint(mover.start.translation + moved);
            self.hit_plane(hit, moved, margin, skin - margin, planes, scratch);
            let layer = self.store.layers[(hit.source >> 40) as usize];
            if layer & mover.stops != 0 {
                // Touch and bounce: the move ends here, the rest reflected for a bounce.
                if layer & mover.bounces != 0 {
                    let rest = remaining * (1.0 - hit.t);
                    scratch.bounce = rest - hit.normal * (2.0 * rest.dot(hit.normal));
                }
                break;
            }
            remaining = walk_clip(remaining * (1.0 - hit.t), planes.all(), &mover.walk);
        }
        moved
    }

    /// Steps 3 and 4: the solve of the displacement out of every plane, and the cast of
    /// that correction (with a smaller margin: it only has to keep the mover out of what
    /// the loop did not meet); returns the final displacement.
    fn solve_and_correct(
        &self,
        mover: &Mover,
        moved: Vec2,
        skin: f32,
        planes: &mut Planes,
        scratch: &mut MoverScratch,
    ) -> Vec2 {
        let solved = solve_planes(moved, planes.all(), SOLVER_ITERATIONS).delta;
        let solved = rest_on_floors(moved, solved, planes.all(), &mover.walk, skin);
        let correction = solved - moved;
        if correction == Vec2::ZERO {
            return moved;
        }
        let safety = SAFETY_FRACTION * skin;
        match self.first_hit(mover, moved, correction, safety, planes, true, scratch) {
            None => solved,
            Some(hit) => {
                self.hit_plane(
                    hit,
                    moved + correction * hit.t,
                    safety,
                    0.0,
                    planes,
                    scratch,
                );
                moved + correction * hit.t
            }
        }
    }

    /// Adds the plane of a cast hit met after moving by `moved`: the mover is `margin`
    /// from the surface there and must end `gap` further out (`skin − margin`, but for
    /// the solver's correction, which keeps its margin).
    fn hit_plane(
        &self,
        hit: FirstHit,
        moved: Vec2,
        margin: f32,
        gap: f32,
        planes: &mut Planes,
        scratch: &mut MoverScratch,
    ) {
        let plane = Plane {
            normal: hit.normal,
            offset: hit.normal.dot(moved) + gap,
        };
        // A hit after some travel is the cast's margin away along its normal, where the
        // plane's separation is `−gap`. A hit at the start may be anywhere within the
        // margin, or overlapping.
        let clearance = if hit.t > 0.0 {
            margin + gap
        } else {
            f32::NEG_INFINITY
        };
        planes.push(hit.source, plane, clearance, &mut scratch.contacts);
        note_cell(&scratch.contacts, &mut scratch.contact_cells, hit.cell);
    }
}
