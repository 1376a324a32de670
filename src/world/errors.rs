//! Why a world call fails ([`WorldError`]), and the argument checks that say so. The
//! world runs every check before it writes anything, so an error leaves it as it was;
//! a step that runs out of memory or over its limit of pairs leaves its results as they
//! were (see [`World::step`](super::World::step)).

use super::{MAX_COORDINATE, MAX_SHAPES};
use crate::grow::GrowError;
use crate::shape::tiles::TileError;
use crate::shape::{FormatterWriter, MessageWriter, ShapeError};
use core::fmt;

/// Why a world call was rejected. Nothing was changed (but see
/// [`WorldError::OutOfMemory`] for what a failed step leaves).
#[derive(Clone, Debug, PartialEq)]
pub enum WorldError {
    /// An id that was never issued or whose shape was removed.
    UnknownId {
        /// The argument's name.
        arg: &'static str,
        /// The id given.
        id: u32,
    },
    /// A coordinate or angle that is NaN or infinite.
    NonFinite {
        /// The argument's name, e.g. `"x"` or `"xya[5]"`.
        arg: String,
    },
    /// A coordinate beyond [`MAX_COORDINATE`].
    OutOfRange {
        /// The argument's name.
        arg: String,
        /// The value given.
        value: f32,
    },
    /// A shape that failed validation.
    Shape(ShapeError),
    /// Two arrays whose lengths do not fit together.
    LengthMismatch {
        /// The argument's name.
        arg: &'static str,
        /// The length required.
        expected: usize,
        /// The length given.
        actual: usize,
    },
    /// The world already holds [`MAX_SHAPES`] slots.
    TooManyShapes,
    /// A direction that is the zero vector (a ray's).
    ZeroLength {
        /// The argument's name, e.g. `"rays[2], rays[3]"`.
        arg: String,
    },
    /// A value outside what an argument accepts (an option of
    /// [`World::move_and_slide`](super::World::move_and_slide), say).
    InvalidValue {
        /// The argument's name.
        arg: &'static str,
        /// What it must be, e.g. `"an integer from 1 to 16"`.
        expected: &'static str,
        /// The value given.
        value: f32,
    },
    /// An id that is not a chain, given to a method that reads chains.
    NotAChain {
        /// The id given.
        id: u32,
    },
    /// A step needed more memory for its pairs than the world could get: shapes piled at
    /// one point, whose pairs grow with the square of their count. The results (pairs,
    /// contacts, started, ended, contact points) are still the last successful step's,
    /// and the world stays usable: a later step over fewer pairs succeeds, with the
    /// results a world that never failed would give.
    OutOfMemory {
        /// How many pairs the step had to hold when memory ran out (candidate pairs, when
        /// it ran out in the broad phase). At most `usize::MAX`, like `bytes`: in wasm32 a
        /// pile's pairs can outnumber the address space.
        pairs: usize,
        /// How many bytes the buffer that could not grow asked for.
        bytes: usize,
    },
    /// A step found more pairs than [`World::set_max_pairs`](super::World::set_max_pairs)
    /// (or [`WorldOptions::max_pairs`](super::WorldOptions::max_pairs)) allows. The
    /// results and the world are as after [`WorldError::OutOfMemory`].
    TooManyPairs {
        /// How many pairs the step found.
        pairs: usize,
        /// The most pairs allowed.
        limit: usize,
    },
    /// An id that is not a tile grid, given to a method that reads grids.
    NotATileGrid {
        /// The id given.
        id: u32,
    },
    /// A tile grid given to a method that moves shapes along a path (`sweep`,
    /// `move_and_slide`), which cannot move one.
    GridCannotMove {
        /// The argument's name.
        arg: &'static str,
        /// The id given.
        id: u32,
    },
    /// A tile table id the world has not defined.
    UnknownTable {
        /// The id given.
        id: u32,
    },
    /// The world already holds [`MAX_TILE_TABLES`](super::MAX_TILE_TABLES) tile tables.
    TooManyTables,
    /// A tile table or grid that failed its checks.
    Tiles(TileError),
}

impl WorldError {
    /// Writes the message that `Display` writes, with the numbers written by `out` (see
    /// [`MessageWriter`]).
    pub fn write_message(&self, out: &mut impl MessageWriter) -> fmt::Result {
        match self {
            WorldError::UnknownId { arg, id } => {
                write!(out, "{arg}: {id} is not the id of a live shape")
            }
            WorldError::NonFinite { arg } => write!(out, "{arg} must be a finite number"),
            WorldError::OutOfRange { arg, value } => {
                write!(out, "{arg} must be between -")?;
                out.write_f32(MAX_COORDINATE, true)?;
                out.write_str(" and ")?;
                out.write_f32(MAX_COORDINATE, true)?;
                out.write_str(" (got ")?;
                out.write_f32(*value, true)?;
                out.write_str(")")
            }
            WorldError::Shape(e) => e.write_message(out),
            WorldError::LengthMismatch {
                arg,
                expected,
                actual,
            } => write!(out, "{arg} must have length {expected} (got {actual})"),
            WorldError::TooManyShapes => {
                write!(out, "the world holds the maximum of {MAX_SHAPES} shapes")
            }
            WorldError::ZeroLength { arg } => write!(out, "{arg} must not both be 0"),
            WorldError::InvalidValue {
                arg,
                expected,
                value,
            } => {
                write!(out, "{arg} must be {expected} (got ")?;
                out.write_f32(*value, false)?;
                out.write_str(")")
            }
            WorldError::NotAChain { id } => write!(out, "id: shape {id} is not a chain"),
            WorldError::OutOfMemory { pairs, bytes } => write!(
                out,
                "out of memory: the step could not allocate {bytes} bytes for {pairs} pairs \
                 (shapes piled too densely); the results are still the last step's"
            ),
            WorldError::TooManyPairs { pairs, limit } => write!(
                out,
                "the step found {pairs} pairs, more than maxPairs ({limit}); the results \
                 are still the last step's"
            ),
            WorldError::NotATileGrid { id } => write!(out, "id: shape {id} is not a tile grid"),
            WorldError::GridCannotMove { arg, id } => write!(
                out,
                "{arg}: shape {id} is a tile grid, which only setTransform moves"
            ),
            WorldError::UnknownTable { id } => {
                write!(out, "tiles: {id} is not the id of a tile table")
            }
            WorldError::TooManyTables => write!(
                out,
                "the world holds the maximum of {} tile tables",
                super::MAX_TILE_TABLES
            ),
            WorldError::Tiles(e) => e.write_message(out),
        }
    }
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut FormatterWriter(f))
    }
}

impl std::error::Error for WorldError {}

impl From<TileError> for WorldError {
    fn from(e: TileError) -> Self {
        WorldError::Tiles(e)
    }
}

impl From<ShapeError> for WorldError {
    fn from(e: ShapeError) -> Self {
        WorldError::Shape(e)
    }
}

/// The error of a step whose buffer for `pairs` pairs could not grow.
#[cold]
pub(super) fn out_of_memory(pairs: usize, e: GrowError) -> WorldError {
    WorldError::OutOfMemory {
        pairs,
        bytes: e.bytes,
    }
}

pub(super) fn check_coordinate(arg: impl FnOnce() -> String, value: f32) -> Result<(), WorldError> {
    if !value.is_finite() {
        Err(WorldError::NonFinite { arg: arg() })
    } else if value.abs() > MAX_COORDINATE {
        Err(WorldError::OutOfRange { arg: arg(), value })
    } else {
        Ok(())
    }
}

/// A ray's reach: a number `>= 0` (infinity allowed).
pub(super) fn check_max_distance(value: f32) -> Result<(), WorldError> {
    if value >= 0.0 {
        Ok(())
    } else {
        Err(WorldError::InvalidValue {
            arg: "maxDistance",
            expected: ">= 0",
            value,
        })
    }
}

pub(super) fn check_angle(arg: impl FnOnce() -> String, value: f32) -> Result<(), WorldError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(WorldError::NonFinite { arg: arg() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use crate::world::{ShapeOptions, World};

    #[test]
    fn bad_arguments_change_nothing() {
        let mut world = World::new();
        let a = world
            .add(
                Shape::circle(1.0).unwrap(),
                0.0,
                0.0,
                0.0,
                ShapeOptions::default(),
            )
            .unwrap();
        assert!(world
            .add(
                Shape::circle(1.0).unwrap(),
                f32::NAN,
                0.0,
                0.0,
                ShapeOptions::default()
            )
            .is_err());
        assert_eq!(world.len(), 1);
        let err = world
            .set_transforms(&[a, 7], &[1.0, 1.0, 0.0, 2.0, 2.0, 0.0])
            .unwrap_err();
        assert_eq!(err, WorldError::UnknownId { arg: "ids", id: 7 });
        assert_eq!(world.transform(a).unwrap(), (0.0, 0.0, 0.0));
        world.remove(a).unwrap();
        assert!(world.remove(a).is_err());
        assert!(world.set_transform(a, 1.0, 1.0, 0.0).is_err());
        world.validate().unwrap();
    }
}
