//! The pure half of a character mover: given the contact planes around a mover, how far
//! may it move, and what is left of its motion after the surfaces it touches have taken
//! their share.
//!
//! A mover (a character, a kinematic body) is moved by *move and slide*: cast the shape
//! along the wanted motion ([`cast_shape`](super::cast_shape)), move to the hit (less a
//! skin), then keep the part of the remaining motion that runs along the surfaces and cast
//! again, a few rounds per frame (Godot's `move_and_slide` uses 4). Two pure functions do
//! the geometry of that loop; the world gathers the planes (from its broad phase and the
//! narrow phase) and runs the casts.
//!
//! - [`solve_planes`] pushes a wanted displacement out of a set of [`Plane`]s: the
//!   displacement `Δ` closest to the wanted one with `normal · Δ >= offset` for every
//!   plane. It is Box2D v3.1's `b2SolvePlanes`: projected Gauss–Seidel on the planes'
//!   pushes, each push accumulated and clamped at zero, so that a push one plane made
//!   and another plane made unnecessary is taken back. With unit normals that is
//!   coordinate ascent on the dual of the nearest-point problem, and it converges to the
//!   nearest feasible displacement, not merely to some feasible one (plain cyclic
//!   projection would stop wherever it first became feasible, which depends on the
//!   plane order and jitters from frame to frame).
//! - [`clip_vector`] removes from a velocity (or a remaining displacement) the part that
//!   runs into the planes: the nearest vector `u` with `normal · u >= 0` for every plane.
//!   In 2D that is exact and simple: the vector itself if no plane opposes it; otherwise
//!   its slide along one plane (the vector minus its component into that plane) if that
//!   slide goes into no other plane, the longest such slide if several do; otherwise zero.
//!   Zero is the corner case: two planes forming a crease that opposes the motion (a
//!   floor and a wall, walked into diagonally). Planes with the same normal, such as the
//!   tops of the tiles of a floor, are one constraint: the slide along one is accepted by
//!   the others, so a seam between tiles never stops a horizontal move. Sequential
//!   clipping (clip against each plane in turn, as Box2D's `b2ClipVector` does) would let
//!   the second clip push the vector back into the first plane.
//!
//! Both are deterministic functions of their inputs (the same planes give the same answer
//! bit for bit, frame after frame), allocate nothing (the pushes live in a stack array of
//! [`MAX_PLANES`]), and never panic.
//!
//! ## The loop they are made for
//!
//! One frame of move and slide, with a *skin* `s` (the distance the mover keeps from
//! surfaces at rest) and a cast *margin* `m` a little less than it (say `0.6 s`):
//!
//! 1. Up to four rounds: cast the remaining motion against the candidates with
//!    [`cast_shape_with_margin`](super::cast_shape_with_margin)`(.., m)`. Skip hits whose
//!    normal does not oppose the motion (`normal · remaining >= 0`: along that path the
//!    distance to that convex shape can only grow), and hits at `t = 0` from a shape that
//!    already gave a plane this frame. No hit: move the whole way and stop. Otherwise move
//!    to the first hit (where the mover is exactly `m` from it), add the plane
//!    `{ normal, offset: normal · moved + (s − m) }` (relative to the frame's start), and
//!    clip the rest of the motion against the planes so far.
//! 2. Push the frame's whole displacement out of the planes with [`solve_planes`], so the
//!    mover rests `s` from every surface it met.
//!
//! Why a margin and not the exact cast backed off by the skin: a move that *ends* near a
//! surface without hitting it (falling onto a floor and stopping `1e-7` above it) is not
//! corrected by any back-off, and the next move along the floor then starts within
//! rounding of touching it. Sliding at zero distance, the next tile's corner is met head
//! on, with the tile's side as the normal: the seam catches the mover. With the margin,
//! every move stops `m` short of every surface and the solve restores `s > m`, so sliding
//! along a floor never touches it again, and where it does come within `m` (rounding),
//! the rounded corners of the margin give normals close to the floor's instead of the
//! tile's side. `tests/cast/mover.rs` runs this loop over a floor of mixed tiles into a
//! wall: full steps across every seam, never closer than `s / 5`, and still to the bit
//! once at rest.

use crate::math::{max_f32, Vec2};

/// The most planes [`solve_planes`] takes into account; further planes are ignored. A
/// mover touches a handful of surfaces at a time (Box2D's mover sample keeps 8).
pub const MAX_PLANES: usize = 32;

/// A constraint on a mover's displacement `Δ` from where it is now: `normal · Δ >= offset`.
///
/// `normal` is the unit normal of the obstacle's surface, pointing from the obstacle
/// towards the mover (as [`CastHit::normal`](super::CastHit::normal) and the narrow
/// phase's normal from obstacle to mover are). `offset` is minus the mover's current
/// separation along it: a mover `0.1` away may come `0.1` closer (`offset = −0.1`), a
/// mover overlapping by `0.02` must move out by `0.02` (`offset = 0.02`). To keep a skin,
/// subtract it from the separation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Unit normal, from the obstacle towards the mover.
    pub normal: Vec2,
    /// The least displacement along `normal`: minus the current separation.
    pub offset: f32,
}

impl Plane {
    /// The plane of a contact at `separation` along `normal` (negative: overlapping by
    /// that much), keeping the mover at least `skin` away.
    #[inline]
    #[must_use]
    pub fn from_separation(normal: Vec2, separation: f32, skin: f32) -> Plane {
        Plane {
            normal,
            offset: skin - separation,
        }
    }

    /// How far the mover is beyond the plane after the displacement `delta` (negative:
    /// the constraint is violated by that much).
    #[inline]
    #[must_use]
    pub fn separation(&self, delta: Vec2) -> f32 {
        self.normal.dot(delta) - self.offset
    }
}

/// What [`solve_planes`] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlaneSolution {
    /// The displacement: the wanted one, pushed out of the planes.
    pub delta: Vec2,
    /// How many sweeps over the planes ran.
    pub iterations: usize,
    /// True when the last sweep moved the displacement by less than the rounding of its
    /// coordinates (every plane is then satisfied to that rounding).
    pub converged: bool,
}

/// Pushes `target_delta` out of `planes` (the first [`MAX_PLANES`] of them): the
/// displacement nearest to `target_delta` that satisfies every plane, found by at most
/// `iterations` sweeps of projected Gauss–Seidel (see the module docs; Box2D runs 20).
///
/// When the planes cannot all be satisfied (a mover squeezed between two walls closer than
/// its width), the answer is a compromise between them, bounded and deterministic.
///
/// ```
/// use sepax::cast::{solve_planes, Plane};
/// use sepax::Vec2;
/// // Standing 0.5 above a floor and 1.0 left of a wall, asked to move (3, -2).
/// let floor = Plane::from_separation(Vec2::new(0.0, 1.0), 0.5, 0.0);
/// let wall = Plane::from_separation(Vec2::new(-1.0, 0.0), 1.0, 0.0);
/// let solved = solve_planes(Vec2::new(3.0, -2.0), &[floor, wall], 20);
/// assert_eq!(solved.delta, Vec2::new(1.0, -0.5)); // into the corner, and no further
/// assert!(solved.converged);
/// ```
#[must_use]
pub fn solve_planes(target_delta: Vec2, planes: &[Plane], iterations: usize) -> PlaneSolution {
    let planes = &planes[..planes.len().min(MAX_PLANES)];
    let mut pushes = [0.0f32; MAX_PLANES];
    let mut delta = target_delta;
    let largest_offset = planes.iter().fold(0.0, |m, p| max_f32(m, p.offset.abs()));
    // Below this a sweep changes nothing the f32 coordinates can show.
    let tolerance = 4.0 * f32::EPSILON * (target_delta.length() + largest_offset);
    let mut done = 0;
    let mut converged = planes.is_empty();
    while done < iterations && !converged {
        done += 1;
        let mut moved = 0.0f32;
        for (plane, accumulated) in planes.iter().zip(pushes.iter_mut()) {
            let wanted = -plane.separation(delta);
            let total = max_f32(*accumulated + wanted, 0.0);
            let push = total - *accumulated;
            *accumulated = total;
            delta += plane.normal * push;
            moved += push.abs();
        }
        converged = moved <= tolerance;
    }
    PlaneSolution {
        delta,
        iterations: done,
        converged,
    }
}

/// How far, relative to the vector's length, a slide may run into another plane and
/// still count as running along it: `1e-5`, far above the rounding of unit normals
/// (tiles whose normals differ by rounding are coplanar) and far below any real angle
/// between surfaces (`1e-5` rad is 0.0006°).
const CLIP_TOLERANCE: f32 = 1e-5;

/// `vector` without the part that runs into `planes` (their `offset`s are ignored): the
/// nearest vector `u` with `normal · u >= 0` for every plane. Pass the planes the mover
/// touches; see the module docs for the corner and seam cases.
///
/// ```
/// use sepax::cast::{clip_vector, Plane};
/// use sepax::Vec2;
/// let floor = Plane { normal: Vec2::new(0.0, 1.0), offset: 0.0 };
/// let wall = Plane { normal: Vec2::new(-1.0, 0.0), offset: 0.0 };
/// // Falling diagonally onto the floor: slide along it.
/// assert_eq!(clip_vector(Vec2::new(2.0, -1.0), &[floor]), Vec2::new(2.0, 0.0));
/// // Into the corner of the floor and the wall: stop.
/// assert_eq!(clip_vector(Vec2::new(2.0, -1.0), &[floor, wall]), Vec2::ZERO);
/// // Away from the wall along the floor: free.
/// assert_eq!(clip_vector(Vec2::new(-2.0, 0.0), &[floor, wall]), Vec2::new(-2.0, 0.0));
/// ```
#[must_use]
pub fn clip_vector(vector: Vec2, planes: &[Plane]) -> Vec2 {
    let tolerance = CLIP_TOLERANCE * vector.length();
    let allowed = |u: Vec2| planes.iter().all(|p| p.normal.dot(u) >= -tolerance);
    if allowed(vector) {
        return vector;
    }
    let mut best = Vec2::ZERO;
    let mut best_length_sq = 0.0f32;
    for plane in planes {
        let into = plane.normal.dot(vector);
        if into >= 0.0 {
            continue;
        }
        let slide = vector - plane.normal * into;
        let length_sq = slide.length_squared();
        if length_sq > best_length_sq && allowed(slide) {
            best = slide;
            best_length_sq = length_sq;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// The planes of a point mover at `position` in a room whose floor is `y >= 0` and
    /// whose right wall is `x <= 10`.
    fn corner_planes(position: Vec2) -> [Plane; 2] {
        [
            Plane::from_separation(v(0.0, 1.0), position.y, 0.0),
            Plane::from_separation(v(-1.0, 0.0), 10.0 - position.x, 0.0),
        ]
    }

    #[test]
    fn a_corner_of_two_walls_holds_still_frame_after_frame() {
        let mut position = v(7.0, 2.0);
        let wanted = v(4.0, -3.0);
        let mut seen = Vec::new();
        for _ in 0..10 {
            let solved = solve_planes(wanted, &corner_planes(position), 20);
            assert!(solved.converged, "{solved:?}");
            position += solved.delta;
            seen.push(position);
        }
        assert_eq!(seen[0], v(10.0, 0.0));
        // No jitter: every later frame lands on exactly the same spot.
        assert!(seen.iter().all(|&p| p == seen[0]), "{seen:?}");
        // The velocity into the corner is stopped, along the floor away from it is kept.
        let planes = corner_planes(position);
        assert_eq!(clip_vector(v(3.0, -1.0), &planes), Vec2::ZERO);
        assert_eq!(clip_vector(v(-3.0, -1.0), &planes), v(-3.0, 0.0));
        assert_eq!(clip_vector(v(3.0, 1.0), &planes), v(0.0, 1.0));
    }

    #[test]
    fn tile_seams_do_not_stop_a_horizontal_move() {
        // Five floor tiles, each contributing its top face, two of them twice (a mover
        // over a seam touches both tiles) and one with a normal off by rounding.
        let up = v(0.0, 1.0);
        let tilted = v(1.2e-7, 1.0);
        let planes = [
            Plane::from_separation(up, 0.0, 0.0),
            Plane::from_separation(up, 0.0, 0.0),
            Plane::from_separation(tilted, 0.0, 0.0),
            Plane::from_separation(up, 0.0, 0.0),
            Plane::from_separation(up, 0.0, 0.0),
        ];
        for wanted in [v(5.0, -1.0), v(-5.0, -1.0), v(5.0, 0.0)] {
            let clipped = clip_vector(wanted, &planes);
            assert!((clipped - v(wanted.x, 0.0)).length() < 1e-5, "{clipped:?}");
            let solved = solve_planes(wanted, &planes, 20);
            assert!(solved.converged);
            assert!(
                (solved.delta - v(wanted.x, 0.0)).length() < 1e-5,
                "{solved:?}"
            );
        }
        // Jumping off the floor is not held back.
        assert_eq!(clip_vector(v(1.0, 3.0), &planes), v(1.0, 3.0));
    }

    #[test]
    fn a_slope_turns_a_push_into_a_slide_up_it() {
        // A 30° slope rising to the right; the mover touches it.
        let (s, c) = (0.5f32, 0.75f32.sqrt());
        let slope = Plane::from_separation(v(-s, c), 0.0, 0.0);
        let clipped = clip_vector(v(2.0, 0.0), &[slope]);
        // The push along the slope's direction (c, s): 2 × c of it.
        assert!(
            (clipped - v(c, s) * (2.0 * c)).length() < 1e-6,
            "{clipped:?}"
        );
        // Gravity on the slope slides down it.
        let down = clip_vector(v(0.0, -1.0), &[slope]);
        assert!((down - v(-c, -s) * s).length() < 1e-6, "{down:?}");
        // Pushed into the slope from 0.1 inside: out along its normal.
        let inside = Plane::from_separation(v(-s, c), -0.1, 0.0);
        let solved = solve_planes(Vec2::ZERO, &[inside], 20);
        assert!(
            (solved.delta - v(-s, c) * 0.1).length() < 1e-6,
            "{solved:?}"
        );
    }

    #[test]
    fn a_skin_is_kept_and_conflicting_planes_stay_bounded() {
        let floor = Plane::from_separation(v(0.0, 1.0), 1.0, 0.01);
        let solved = solve_planes(v(0.0, -5.0), &[floor], 20);
        assert!((solved.delta.y + 0.99).abs() < 1e-6, "{solved:?}");
        // Two walls 1 apart around a mover that needs 3: no solution, a finite answer.
        let left = Plane::from_separation(v(1.0, 0.0), -1.0, 0.0);
        let right = Plane::from_separation(v(-1.0, 0.0), -1.0, 0.0);
        let squeezed = solve_planes(v(0.5, 0.0), &[left, right], 20);
        assert!(
            squeezed.delta.is_finite() && !squeezed.converged,
            "{squeezed:?}"
        );
        assert_eq!(solve_planes(v(1.0, 2.0), &[], 20).delta, v(1.0, 2.0));
    }
}
