//! One-way shapes and tiles: solid only from one side, for the platforms a character jumps
//! up through and lands on.
//!
//! Any shape may be one-way ([`World::set_one_way`], with its `up`: the normal of the side a
//! mover lands on, in the shape's frame), and so may a tile value (its table's `one_way`,
//! in the grid's frame: `shape/tiles.rs` gives its boundary segments that direction).
//!
//! ## What one-way changes, and what it does not
//!
//! The **step and the overlap queries** (`query_point`, `query_aabb`, `query_shape`) report
//! one-way shapes like any other: they answer "what touches what", and a game needs that
//! pair for triggers and for "standing on the platform". Passing through is a matter of
//! motion, so only the answers about motion apply the rule: **casts, sweeps, rays and move
//! and slide**. In those, a one-way piece is hit only when
//!
//! 1. the motion goes against its up (`motion · up < 0`: moving down onto it),
//! 2. the hit's normal faces up (`normal · up > 0`: its top, not its sides or bottom), and
//! 3. the moving shape **starts on the outer side of that surface**: along the hit's
//!    normal, the moving shape's lowest point (its support point along `−normal`) at its
//!    start lies no deeper than a small tolerance below the piece's highest point (along
//!    `normal`). For a flat top that is "its feet were above the platform"; for a slope, the
//!    same measured across the slope.
//!
//! Rule 3 is stateless and holds at any speed: a mover that began passing from below is
//! below the surface at the start of every move until it has left the shape, so the
//! platform keeps ignoring it (no pop-up to the top, the bug of godotengine/godot#1854), and
//! a mover above it is stopped however fast it falls. The tolerance lets a shape resting on
//! the surface within rounding (or within the mover's skin) stand on it: twice the mover's
//! skin for move and slide, and twice [`DEFAULT_SKIN`] (or more, far from the origin) for
//! casts, sweeps and rays. A ray's moving shape is its origin.
//!
//! In move and slide, a one-way shape the mover starts overlapping gives a plane only when
//! its normal faces up and the overlap is within the tolerance (the mover sank into the top
//! by rounding or by its last frame's fall), and the option
//! [`drop_through`](super::MoveOptions::drop_through) ignores every one-way piece for that
//! move: the character then overlaps the platform and keeps passing at the next frame by
//! rule 3.

use super::pieces::Pieces;
use super::{World, WorldError, DEFAULT_SKIN, SKIN_ROUNDINGS};
use crate::cast::support;
use crate::math::{Transform, Vec2};
use crate::shape::Shape;

/// How far (in skins of the mover, or of [`DEFAULT_SKIN`] for casts and rays) a moving shape
/// may start below a one-way surface and still be stopped by it (rule 3 of the module docs).
pub const ONE_WAY_SKINS: f32 = 2.0;

/// How one-way pieces meet one cast, ray or move (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(super) struct OneWay {
    /// The target shape's own one-way up (its frame, unit), if it is a one-way shape.
    pub(super) up: Option<Vec2>,
    /// How far below a one-way surface the moving shape may start (rule 3).
    pub(super) tolerance: f32,
    /// One-way pieces never stop it (the mover's `drop_through`).
    pub(super) ignore: bool,
}

impl OneWay {
    /// The rule for a target of one-way up `up` and a moving shape whose tolerance is
    /// `tolerance`.
    pub(super) fn new(up: Option<Vec2>, tolerance: f32) -> OneWay {
        OneWay {
            up,
            tolerance,
            ignore: false,
        }
    }

    /// The one-way up of piece `k` of `pieces` at `pose`, in the world: the piece's own (a
    /// one-way tile's) or the shape's; `None` for a piece that is solid from every side.
    #[inline]
    pub(super) fn up_of(&self, pieces: Pieces<'_>, k: u32, pose: &Transform) -> Option<Vec2> {
        let up = match pieces {
            Pieces::Tiles(grid) => grid.segment(k).up,
            _ => None,
        };
        up.or(self.up).map(|u| pose.rotation.apply(u))
    }

    /// True when a hit of normal `normal` (from the target's piece towards the moving one),
    /// by a shape moving along `motion`, counts on a piece of one-way direction `up` (world;
    /// `None`: a piece solid from every side, always hit). `moving` and `target` are the two
    /// pieces, the moving one at its start (rule 3).
    #[allow(clippy::too_many_arguments)] // the rule's inputs: direction, hit, and the two pieces
    #[inline]
    pub(super) fn stops(
        &self,
        up: Option<Vec2>,
        motion: Vec2,
        normal: Vec2,
        moving: (&Shape, &[Vec2]),
        moving_pose: &Transform,
        target: (&Shape, &[Vec2]),
        target_pose: &Transform,
    ) -> bool {
        // Inlined up to here: a piece solid from every side (nearly every piece) costs a test.
        match up {
            None => true,
            Some(up) => self.one_way_stops(
                up,
                motion,
                normal,
                (moving, moving_pose),
                (target, target_pose),
            ),
        }
    }

    /// [`OneWay::stops`] for a one-way piece: rules 1 to 3 of the module docs.
    #[inline(never)]
    fn one_way_stops(
        &self,
        up: Vec2,
        motion: Vec2,
        normal: Vec2,
        (moving, moving_pose): ((&Shape, &[Vec2]), &Transform),
        (target, target_pose): ((&Shape, &[Vec2]), &Transform),
    ) -> bool {
        if self.ignore || motion.dot(up) >= 0.0 || normal.dot(up) <= 0.0 {
            return false;
        }
        let lowest = support(moving.0, moving.1, moving_pose, -normal).dot(normal);
        let highest = support(target.0, target.1, target_pose, normal).dot(normal);
        lowest - highest >= -self.tolerance
    }

    /// True when a start overlap of normal `normal` (from the target's piece towards the
    /// mover) and depth `depth` with a piece of one-way direction `up` holds the mover (see
    /// the module docs).
    pub(super) fn holds(&self, up: Option<Vec2>, normal: Vec2, depth: f32) -> bool {
        match up {
            None => true,
            Some(up) => !self.ignore && normal.dot(up) > 0.0 && depth <= self.tolerance,
        }
    }
}

/// `up` scaled to unit length, as a one-way shape keeps it (by its largest component first,
/// so that neither a huge nor a tiny vector over- or underflows); `None` when it is not
/// finite or is zero.
pub(super) fn unit_up(up: Vec2) -> Option<Vec2> {
    let scale = up.x.abs().max(up.y.abs());
    if !(scale > 0.0 && scale.is_finite()) {
        return None;
    }
    let unit = Vec2::new(up.x / scale, up.y / scale).normalize_or_zero();
    (unit != Vec2::ZERO).then_some(unit)
}

/// The one-way tolerance of a cast or ray whose moving shape starts around `position`,
/// `radius` across (see the module docs).
pub(super) fn cast_tolerance(position: Vec2, radius: f32) -> f32 {
    let scale = position.x.abs() + position.y.abs() + radius;
    ONE_WAY_SKINS * DEFAULT_SKIN.max(SKIN_ROUNDINGS * f32::EPSILON * scale)
}

impl World {
    /// Makes shape `id` one-way along `up` (any finite non-zero vector, scaled to unit
    /// length; in the shape's frame, which turns with it), or solid from every side again
    /// with `None`. See the module docs for what it changes: casts, sweeps, rays and move
    /// and slide, not the step or the overlap queries.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, Vec2, World};
    /// let mut world = World::new();
    /// let fixed = ShapeOptions { is_static: true, ..ShapeOptions::default() };
    /// // A platform whose top is at y = 0, landed on from above (y grows downwards).
    /// let platform = world.add(Shape::aligned_box(5.0, 0.5).unwrap(), 0.0, 0.5, 0.0, fixed).unwrap();
    /// world.set_one_way(platform, Some(Vec2::new(0.0, -1.0))).unwrap();
    /// world.step().unwrap();
    /// let ball = Shape::circle(0.5).unwrap();
    /// // From below, moving up: passes.
    /// assert!(world.cast_shape(&ball, 0.0, 3.0, 0.0, Vec2::new(0.0, -6.0), u32::MAX).unwrap().is_none());
    /// // From above, moving down: lands on the top.
    /// let hit = world.cast_shape(&ball, 0.0, -3.0, 0.0, Vec2::new(0.0, 6.0), u32::MAX).unwrap().unwrap();
    /// assert_eq!((hit.id, hit.hit.normal), (platform, Vec2::new(0.0, -1.0)));
    /// ```
    pub fn set_one_way(&mut self, id: u32, up: Option<Vec2>) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        match up {
            None => self.one_ways.remove(id),
            Some(up) => {
                let Some(unit) = unit_up(up) else {
                    return Err(WorldError::InvalidValue {
                        arg: "oneWay",
                        expected: "a finite non-zero vector",
                        value: if up.x.is_finite() { up.y } else { up.x },
                    });
                };
                self.one_ways.insert(id, unit);
            }
        }
        Ok(())
    }

    /// The one-way direction of shape `id` (unit, its frame), or `None` for a shape solid
    /// from every side.
    pub fn one_way(&self, id: u32) -> Result<Option<Vec2>, WorldError> {
        self.check_id("id", id)?;
        Ok(self.one_ways.get(id).copied())
    }
}
