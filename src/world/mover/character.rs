//! What a platformer character needs beyond move and slide, built from the same slide
//! (`World::slide`) and casts: carried by the platform it stands on, walking up steps and
//! down them, holding on slopes, and telling what it touched.
//!
//! A move with these options is a short sequence of slides, each from where the last
//! ended, their contacts appended to the move's:
//!
//! 1. **Carry** (`carry`). The ground is found where the last step saw the world: the
//!    mover, cast down along `up` by three skins, against the shapes at their stepped
//!    poses; the first floor it meets is the platform it stood on. The platform's motion
//!    since that step (its stepped pose to its transform now, a turn included) is applied
//!    to the mover's position, as a slide that ignores the platform itself and is stopped
//!    by anything else. A platform moved up then lifts the mover out of the way before the
//!    move's own slide meets it: the mover never sinks in and is never pushed out of it
//!    sideways (the failure of dimforge/rapier#488). Memoryless, so snapshots and rewinds
//!    carry alike; a second carried move before the next step would find no platform under
//!    its stepped pose once it moved further than three skins (carry once per step).
//! 2. **The move**: the plain slide. With `stop_on_slope` the motion into a floor is taken
//!    off along `up` ([`walk_clip`]): gravity alone meets a slope and stops, a walk keeps its
//!    speed across `up`; the solve's last push out of floors is along `up` too
//!    ([`rest_on_floors`]), or the push along the slope's normal would creep the mover
//!    downhill by a fraction of the skin every frame. With `slide_on_steep` ground steeper
//!    than `max_slope` clips the walk as a wall would (its normal laid flat): it is not
//!    climbed, and gravity slides the mover down it. What is left is clipped by the planes
//!    as they are too: a flattened normal alone would let the walk go into the slope,
//!    where the loop, which trusts a plane to have clipped the motion, would not stop it.
//! 3. **Autostep** (`max_step_height`), when the move stood on a floor and met a wall: up by
//!    the step height, across by the walk, down again by as much plus the fall the move
//!    asked for. Kept when it lands on a floor further along the walk than the plain move
//!    went, with `min_step_width` of room beyond the edge; otherwise the plain move stands.
//! 4. **Snap** (`snap_distance`), when the move does not go up and ends with no floor
//!    within three skins below, though it stood on one where it started (a cast of three
//!    skins down) or met one on the way (it slid off a step's corner): a slide down by the
//!    snap distance, kept when it lands on a floor. A character walking down steps or over
//!    a crest stays on the ground.
//!
//! Then the contacts are read: floors (within `max_slope` of `up`; the ground is the one
//! nearest `up`), ceilings (within `max_slope` of down) and walls (the rest).

use super::candidates::FirstHit;
use super::options::{Ground, MoveOptions};
use super::planes::Planes;
use super::{GroundTest, Mover, MoverScratch};
use crate::cast::{clip_vector, Plane, MAX_PLANES};
use crate::math::{Transform, Vec2};
use crate::world::pieces::{cast_pieces, pieces_or, row_pieces};
use crate::world::{World, NO_CELL};

/// How far below the mover, in skins, the ground it stands on is looked for (it rests one
/// skin above it).
const GROUND_REACH_SKINS: f32 = 3.0;

/// What a move's contacts touched.
pub(super) struct Touches {
    pub(super) grounded: bool,
    pub(super) ceiling: bool,
    pub(super) wall: bool,
    pub(super) ground: Option<Ground>,
}

/// Reads the contacts (`id, nx, ny` each, and their cells).
pub(super) fn touches(contacts: &[f32], cells: &[u32], test: &GroundTest) -> Touches {
    let mut t = Touches {
        grounded: false,
        ceiling: false,
        wall: false,
        ground: None,
    };
    let mut best = f32::NEG_INFINITY;
    for (k, c) in contacts.chunks_exact(3).enumerate() {
        let normal = Vec2::new(c[1], c[2]);
        let rise = normal.dot(test.up);
        if rise >= test.floor {
            t.grounded = true;
            if rise > best {
                best = rise;
                let cell = cells.get(k).copied().unwrap_or(NO_CELL);
                t.ground = Some(Ground {
                    id: c[0] as u32,
                    normal,
                    cell,
                });
            }
        } else if -rise >= test.floor {
            t.ceiling = true;
        } else {
            t.wall = true;
        }
    }
    t
}

/// The part of `r` left by `planes` for a walking mover (see the module docs): the plain
/// clip unless `stop_on_slope` or `slide_on_steep`. Steep ground clips the walk as a wall
/// (its normal laid flat), then what is left is clipped by the planes as they are, so that
/// the mover slides down the slope and never into it; a motion that cannot satisfy both
/// stops.
pub(super) fn walk_clip(r: Vec2, planes: &[Plane], test: &GroundTest) -> Vec2 {
    if !(test.stop_on_slope || test.slide_on_steep) {
        return clip_vector(r, planes);
    }
    let up = test.up;
    let across = |v: Vec2| v - up * v.dot(up);
    let mut r = r;
    let mut walls = [Plane {
        normal: Vec2::ZERO,
        offset: 0.0,
    }; MAX_PLANES];
    let n = planes.len().min(MAX_PLANES);
    let mut flattened = false;
    for (wall, plane) in walls.iter_mut().zip(&planes[..n]) {
        let rise = plane.normal.dot(up);
        *wall = *plane;
        if rise >= test.floor && rise > 0.0 {
            let into = plane.normal.dot(r);
            if test.stop_on_slope && into < 0.0 {
                let speed = across(r).length();
                r -= up * (into / rise);
                let length = r.length();
                if test.constant_speed && length > 0.0 {
                    r = r * (speed / length);
                }
            }
        } else if test.slide_on_steep && rise > 0.0 {
            let flat = across(plane.normal).normalize_or_zero();
            if flat != Vec2::ZERO {
                wall.normal = flat;
                flattened = true;
            }
        }
    }
    let walls = &walls[..n];
    let clipped = clip_vector(r, walls);
    if !flattened {
        return clipped;
    }
    let slid = clip_vector(clipped, planes);
    if clip_vector(slid, walls) == slid {
        slid
    } else {
        Vec2::ZERO
    }
}

/// With `stop_on_slope`: the solve's result `solved` for the displacement `moved`, unless
/// only floors push the mover out, which then push it along `up` (every plane satisfied,
/// within a thousandth of the skin).
pub(super) fn rest_on_floors(
    moved: Vec2,
    solved: Vec2,
    planes: &[Plane],
    test: &GroundTest,
    skin: f32,
) -> Vec2 {
    if !test.stop_on_slope || solved == moved {
        return solved;
    }
    let mut lift = 0.0f32;
    for plane in planes {
        let short = -plane.separation(moved);
        if short > 0.0 {
            let rise = plane.normal.dot(test.up);
            if rise < test.floor || rise <= 0.0 {
                return solved;
            }
            lift = lift.max(short / rise);
        }
    }
    let lifted = moved + test.up * lift;
    let holds = planes.iter().all(|p| p.separation(lifted) >= -1e-3 * skin);
    if holds {
        lifted
    } else {
        solved
    }
}

impl World {
    /// The move of `mover` by `delta` with the character options (see the module docs);
    /// returns its displacement. The contacts are appended to the scratch's.
    pub(super) fn move_character(
        &self,
        mover: &Mover,
        delta: Vec2,
        skin: f32,
        options: &MoveOptions,
        scratch: &mut MoverScratch,
    ) -> Vec2 {
        let (test, rounds) = (&mover.walk, options.max_iterations);
        let mut base = Vec2::ZERO;
        if options.carry {
            if let Some((platform, carry)) = self.carry_of(mover, skin) {
                let carried = Mover {
                    exclude: platform,
                    ..*mover
                };
                base = self.slide(&carried, carry, skin, rounds, scratch);
                // What the carry bumped into is not what the move touched.
                scratch.contacts.clear();
                scratch.contact_cells.clear();
            }
        }
        let from = mover.moved_by(base);
        // The path's waypoints of the plain move, replaced by the step's if it is taken.
        let plain_path = scratch.path.len();
        let mut offset = self.slide(&from, delta, skin, rounds, scratch);
        let plain = touches(&scratch.contacts, &scratch.contact_cells, test);
        let across = delta - test.up * delta.dot(test.up);
        if options.max_step_height > 0.0 && plain.grounded && plain.wall && across != Vec2::ZERO {
            let step_path = scratch.path.len();
            if let Some(stepped) =
                self.step_up(&from, offset, delta, across, skin, options, scratch)
            {
                offset = stepped;
                scratch.path.drain(plain_path..step_path);
            } else {
                scratch.path.truncate(step_path);
            }
        }
        // A move that met a floor may still end beyond its edge (it slid off a step's
        // corner): what counts is where it ends.
        if options.snap_distance > 0.0
            && delta.dot(test.up) <= 0.0
            && !self.stands(&from, offset, skin, scratch)
            && (touches(&scratch.contacts, &scratch.contact_cells, test).grounded
                || self.stands(&from, Vec2::ZERO, skin, scratch))
        {
            let kept = (scratch.contacts.len(), scratch.contact_cells.len());
            let path = scratch.path.len();
            // One round: straight down to the first floor, not along it (the rest of the way
            // down a slope, slid, took a mover at a crest back down the ramp it climbed).
            let down = test.up * -options.snap_distance;
            let snapped = self.slide(&from.moved_by(offset), down, skin, 1, scratch);
            let new = touches(
                &scratch.contacts[kept.0..],
                &scratch.contact_cells[kept.1..],
                test,
            );
            if new.grounded {
                offset += snapped;
            } else {
                scratch.contacts.truncate(kept.0);
                scratch.contact_cells.truncate(kept.1);
                scratch.path.truncate(path);
            }
        }
        base + offset
    }

    /// Autostep (see the module docs): the displacement of the step from `from`, when it is
    /// taken, its contacts replacing the plain move's; `None` leaves them.
    #[allow(clippy::too_many_arguments)] // the move, its plain result and its walk
    fn step_up(
        &self,
        from: &Mover,
        plain: Vec2,
        delta: Vec2,
        across: Vec2,
        skin: f32,
        options: &MoveOptions,
        scratch: &mut MoverScratch,
    ) -> Option<Vec2> {
        let (up, rounds) = (from.walk.up, options.max_iterations);
        let kept = (scratch.contacts.len(), scratch.contact_cells.len());
        let rise = self.slide(from, up * options.max_step_height, skin, rounds, scratch);
        let over = self.slide(&from.moved_by(rise), across, skin, rounds, scratch);
        let direction = across.normalize_or_zero();
        let room = options.min_step_width <= 0.0
            || self
                .first_hit(
                    &from.moved_by(rise + over),
                    Vec2::ZERO,
                    direction * options.min_step_width,
                    0.0,
                    &Planes::new(),
                    false,
                    scratch,
                )
                .is_none();
        let landing = scratch.contacts.len();
        let fall = (-delta.dot(up)).max(0.0);
        let down = up * -(rise.dot(up) + fall);
        let land = self.slide(&from.moved_by(rise + over), down, skin, rounds, scratch);
        let stepped = rise + over + land;
        let landed = touches(
            &scratch.contacts[landing..],
            &scratch.contact_cells[landing / 3..],
            &from.walk,
        )
        .grounded;
        if room && landed && stepped.dot(direction) > plain.dot(direction) + skin {
            scratch.contacts.drain(..kept.0);
            scratch.contact_cells.drain(..kept.1);
            Some(stepped)
        } else {
            scratch.contacts.truncate(kept.0);
            scratch.contact_cells.truncate(kept.1);
            None
        }
    }

    /// True when a floor lies within [`GROUND_REACH_SKINS`] below the mover displaced by
    /// `offset`.
    fn stands(&self, mover: &Mover, offset: Vec2, skin: f32, scratch: &mut MoverScratch) -> bool {
        let down = mover.walk.up * -(GROUND_REACH_SKINS * skin);
        let hit: Option<FirstHit> =
            self.first_hit(mover, offset, down, 0.0, &Planes::new(), false, scratch);
        hit.is_some_and(|h| h.normal.dot(mover.walk.up) >= mover.walk.floor)
    }

    /// The platform under `mover` where the last step saw it, and the offset its motion
    /// since then carries the mover by (see the module docs); `None` when there is none or
    /// it has not moved.
    fn carry_of(&self, mover: &Mover, skin: f32) -> Option<(u32, Vec2)> {
        let test = &mover.walk;
        let down = test.up * -(GROUND_REACH_SKINS * skin);
        let query = mover
            .box_at(Vec2::ZERO)
            .union(&mover.box_at(down))
            .expanded(skin);
        let store = &self.store;
        let moving = pieces_or(mover.compound, mover.shape, mover.shape.polygon_points());
        let mut best: Option<(f32, u32, Transform)> = None;
        self.query_stepped_rows(&query, &mut |row, _| {
            let Some(id) = self.stepped_id(row) else {
                return;
            };
            if id == mover.id
                || !self.blocks(id, &mover.mask.into())
                || !store.filters_pass(mover.id, id)
            {
                return;
            }
            let pose = self
                .changes
                .stepped_pose_of_row(row)
                .unwrap_or(store.bodies[row as usize].pose);
            let pieces = row_pieces(store, self.tables(), id, row as usize);
            let one_way = self.one_way_of(mover, id).unwrap_or(mover.one_way);
            // A mover overlapping the shape where the step saw it is not riding it.
            let Some((hit, _)) =
                cast_pieces(moving, &mover.start, down, pieces, &pose, 0.0, one_way)
                    .filter(|(hit, _)| hit.t > 0.0)
            else {
                return;
            };
            let closer = best.map_or(true, |(t, b, _)| hit.t < t || (hit.t == t && id < b));
            if hit.normal.dot(test.up) >= test.floor && closer {
                best = Some((hit.t, id, pose));
            }
        });
        let (_, id, was) = best?;
        let s = id as usize;
        let (x, y, angle) = (store.xs[s], store.ys[s], store.angles[s]);
        let valid = x.abs() <= crate::world::MAX_COORDINATE
            && y.abs() <= crate::world::MAX_COORDINATE
            && angle.is_finite();
        let now = Transform::from_xy_angle(x, y, angle);
        if !valid || now == was {
            return None;
        }
        let at = mover.start.translation;
        let carried = now.apply(was.apply_inv(at)) - at;
        (carried != Vec2::ZERO && carried.is_finite()).then_some((id, carried))
    }
}
