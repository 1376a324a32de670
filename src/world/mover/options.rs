//! What a move is asked ([`MoveOptions`], checked once per new set of options) and what it
//! tells ([`MoveResult`]). The options of the character features (steps, snapping, slopes,
//! carrying) default to off: a move without them is the plain move and slide of the module
//! docs, bit for bit.

use super::{unit, MAX_MOVE_ITERATIONS};
use crate::math::Vec2;
use crate::world::{WorldError, MAX_COORDINATE};

/// How [`World::move_and_slide`](crate::World::move_and_slide) moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveOptions {
    /// The most cast-and-clip rounds, from 1 to [`MAX_MOVE_ITERATIONS`] (default 4, as
    /// Godot's `max_slides`).
    pub max_iterations: u32,
    /// The direction of up, for `grounded` (any finite non-zero vector; default `(0, −1)`,
    /// up on a canvas whose `y` grows downwards).
    pub up: Vec2,
    /// The steepest floor, in radians from `up`, from 0 to π (default π/4).
    pub max_slope: f32,
    /// The distance kept from surfaces at rest (default [`DEFAULT_SKIN`]), from 0 to
    /// [`MAX_COORDINATE`]; raised to at least [`SKIN_ROUNDINGS`] roundings of the mover's
    /// coordinates.
    ///
    /// [`DEFAULT_SKIN`]: super::DEFAULT_SKIN
    /// [`SKIN_ROUNDINGS`]: super::SKIN_ROUNDINGS
    pub skin: f32,
    /// Pass through every one-way shape and tile this move (a character dropping through a
    /// platform on purpose; see `one_way.rs`). Default false.
    pub drop_through: bool,
    /// The layers the mover meets (default all), beside the step's filter: a shape is met
    /// only when its layer is in `mask` too (a character that collects coins on a layer of
    /// their own moves with that layer out of its mask).
    pub mask: u32,
    /// Autostep: the highest step (along `up`) the mover climbs when a wall stops its walk
    /// while it stands on a floor (default 0: none), from 0 to [`MAX_COORDINATE`].
    pub max_step_height: f32,
    /// Autostep: the floor a step must leave free beyond its edge, along the walk, for the
    /// mover to climb it (default 0), from 0 to [`MAX_COORDINATE`].
    pub min_step_width: f32,
    /// Snap to ground: a mover that stood on a floor and does not move up is pulled down
    /// onto a floor at most this far below where its move ends (default 0: never), so that
    /// it walks down slopes and steps instead of flying off them. From 0 to
    /// [`MAX_COORDINATE`].
    pub snap_distance: f32,
    /// On a floor (within `max_slope`) the motion into it is taken off along `up`, not
    /// along the floor's normal: gravity does not slide the mover down a slope, and a walk
    /// keeps its speed across `up` (default false).
    pub stop_on_slope: bool,
    /// Ground steeper than `max_slope` is a wall to the walk: the mover does not climb it,
    /// and slides down it (default false).
    pub slide_on_steep: bool,
    /// With `stop_on_slope`: the walk along a slope keeps the length of its motion across
    /// `up` (its speed), rather than that motion itself (default false).
    pub constant_slope_speed: bool,
    /// Moving platforms: before the move, the mover is carried by the motion of the shape
    /// it stood on at the last step since that step (translation and turn), other shapes
    /// blocking that carry as they block a move (default false). Carry once per step.
    pub carry: bool,
    /// Responses per layer (bump.lua's `cross`): the shapes on these layers (of those
    /// `mask` meets) do not block the mover; they are reported as crossed, as sensors are
    /// (default 0: none).
    pub cross_mask: u32,
    /// Responses per layer (`touch`): meeting a shape on these layers ends the move there,
    /// without sliding along it (default 0).
    pub touch_mask: u32,
    /// Responses per layer (`bounce`): meeting a shape on these layers ends the move there,
    /// and the rest of the motion, reflected off the surface, is returned in
    /// [`MoveResult::bounce`] (default 0).
    pub bounce_mask: u32,
}

impl Default for MoveOptions {
    fn default() -> Self {
        MoveOptions {
            max_iterations: 4,
            up: Vec2::new(0.0, -1.0),
            max_slope: core::f32::consts::FRAC_PI_4,
            skin: super::DEFAULT_SKIN,
            drop_through: false,
            mask: u32::MAX,
            max_step_height: 0.0,
            min_step_width: 0.0,
            snap_distance: 0.0,
            stop_on_slope: false,
            slide_on_steep: false,
            constant_slope_speed: false,
            carry: false,
            cross_mask: 0,
            touch_mask: 0,
            bounce_mask: 0,
        }
    }
}

impl MoveOptions {
    /// Checks every field; the errors name them as the JS options do (`opts.maxSlope`).
    pub fn validate(&self) -> Result<(), WorldError> {
        let bad = |arg: &'static str, expected: &'static str, value: f32| {
            Err(WorldError::InvalidValue {
                arg,
                expected,
                value,
            })
        };
        if !(1..=MAX_MOVE_ITERATIONS).contains(&self.max_iterations) {
            return bad(
                "opts.maxIterations",
                "an integer from 1 to 16",
                self.max_iterations as f32,
            );
        }
        for (arg, value) in [("opts.upX", self.up.x), ("opts.upY", self.up.y)] {
            if !value.is_finite() {
                return bad(arg, "a finite number", value);
            }
        }
        if unit(self.up) == Vec2::ZERO {
            return bad("opts.upX, opts.upY", "a non-zero vector", 0.0);
        }
        if !(0.0..=core::f32::consts::PI).contains(&self.max_slope) {
            return bad(
                "opts.maxSlope",
                "an angle from 0 to π radians",
                self.max_slope,
            );
        }
        for (arg, value) in [
            ("opts.skin", self.skin),
            ("opts.maxStepHeight", self.max_step_height),
            ("opts.minStepWidth", self.min_step_width),
            ("opts.snapDistance", self.snap_distance),
        ] {
            if !(0.0..=MAX_COORDINATE).contains(&value) {
                return bad(arg, "a distance from 0 to 1e7", value);
            }
        }
        Ok(())
    }
}

/// The floor a move ended on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ground {
    /// The shape.
    pub id: u32,
    /// Its surface's unit normal, towards the mover.
    pub normal: Vec2,
    /// The cell, on a tile grid (`row × cols + col`); [`NO_CELL`](crate::world::NO_CELL)
    /// for other shapes.
    pub cell: u32,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveResult {
    /// The mover's new position (written to its transform).
    pub position: Vec2,
    /// Some contact's normal is within `max_slope` of `up`.
    pub grounded: bool,
    /// Some contact's normal is within `max_slope` of down: a ceiling.
    pub ceiling: bool,
    /// Some contact is neither floor nor ceiling: a wall (or steep ground).
    pub wall: bool,
    /// The floor whose normal is nearest `up` (the first met among equals), when grounded.
    pub ground: Option<Ground>,
    /// How many contacts [`World::move_contacts`](crate::World::move_contacts) holds.
    pub contact_count: usize,
    /// What was left of the motion when it met a shape on a layer of
    /// [`MoveOptions::bounce_mask`], reflected off its surface (zero when none was met).
    pub bounce: Vec2,
}
