//! Tile tables: what each tile value is ([`TileDef`], [`TileTable`], checked once when a
//! table is made), why a table or grid is rejected ([`TileError`]), and how a grid of a
//! given cell size reads a table's definition ([`TileShape`]: its class, its outline in
//! cell units, snapped to the cell's sides, and the interval each side has covered), which
//! is what the boundary derivation (`boundary.rs`) reads.

use crate::math::Vec2;
use crate::shape::{ConvexPolygon, MessageWriter, Shape, ShapeError};
use core::fmt;

/// The most points a tile's outline may have: a tile's boundary segments are numbered
/// within their chunk (below `2^10`, see [`TileGrid::segment`](super::TileGrid::segment)),
/// which allows `8 + 4` per cell.
pub const MAX_TILE_VERTICES: usize = 8;

/// How close (as a fraction of the cell's larger side) an outline's point must be to a
/// side of the cell to be put on it, and how far outside the cell it may lie.
const SNAP: f32 = 1e-4;

/// The class of an empty value, of a solid one; one-way classes follow.
pub(super) const EMPTY: u16 = 0;
pub(super) const SOLID: u16 = 1;

/// What a tile value is.
#[derive(Clone, Debug, PartialEq)]
pub enum TileDef {
    /// No collision (a decoration in a collision layer).
    Empty,
    /// A solid tile.
    Solid {
        /// Its convex outline (3 to [`MAX_TILE_VERTICES`] points, either winding) in cell
        /// units from the cell's min corner, every point within the cell; `None` for the
        /// full cell.
        outline: Option<Vec<Vec2>>,
        /// Solid only from this side: the normal of the side a mover lands on (any
        /// non-zero vector, scaled to unit length; in the grid's frame).
        one_way: Option<Vec2>,
    },
}

impl TileDef {
    /// The full cell, solid from every side (what every value a table does not list is).
    pub const SOLID: TileDef = TileDef::Solid {
        outline: None,
        one_way: None,
    };
}

/// What each tile value is: a table given once, referred to by the grids that use it.
/// Values it does not list are full solid cells; 0 is always empty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TileTable {
    /// Listed values, ascending, and their definitions.
    pub(super) values: Vec<u16>,
    pub(super) defs: Vec<TileDef>,
}

impl TileTable {
    /// Checks the entries and builds the table. Each value must be from 1 to 65,535 and
    /// listed once; an outline is checked as [`ConvexPolygon::new`] checks a polygon (its
    /// errors name the point), with at most [`MAX_TILE_VERTICES`] points; a one-way
    /// direction must be finite and not zero. Whether an outline lies within the cell is
    /// checked by the grid, which knows the cell's size.
    ///
    /// ```
    /// use sepax::math::Vec2;
    /// use sepax::shape::tiles::{TileDef, TileTable};
    /// let slope = vec![Vec2::new(0.0, 16.0), Vec2::new(16.0, 16.0), Vec2::new(16.0, 0.0)];
    /// let table = TileTable::new(vec![
    ///     (2, TileDef::Solid { outline: Some(slope), one_way: None }),
    ///     (3, TileDef::Empty),
    /// ])
    /// .unwrap();
    /// assert_eq!(table.get(3), Some(&TileDef::Empty));
    /// assert_eq!(table.get(9), None); // unlisted: a full solid cell
    /// ```
    pub fn new(entries: Vec<(u32, TileDef)>) -> Result<TileTable, TileError> {
        let mut entries = entries;
        for (value, def) in &entries {
            let value = *value;
            if !(1..=u32::from(u16::MAX)).contains(&value) {
                return Err(TileError::BadValue { value });
            }
            let value = value as u16;
            if let TileDef::Solid { outline, one_way } = def {
                if let Some(points) = outline {
                    if points.len() > MAX_TILE_VERTICES {
                        return Err(TileError::TooManyVertices {
                            value,
                            count: points.len(),
                        });
                    }
                    ConvexPolygon::new(points)
                        .map_err(|error| TileError::Outline { value, error })?;
                }
                if let Some(up) = one_way {
                    if !up.is_finite() || unit(*up) == Vec2::ZERO {
                        return Err(TileError::BadOneWay { value });
                    }
                }
            }
        }
        // The crate's own sort: the standard library's stable sort would add kilobytes of
        // wasm for a list of a few entries.
        crate::sort::heap_sort_by_key(&mut entries, |e| e.0);
        if let Some(pair) = entries.windows(2).find(|p| p[0].0 == p[1].0) {
            return Err(TileError::RepeatedValue { value: pair[0].0 });
        }
        Ok(TileTable {
            values: entries.iter().map(|e| e.0 as u16).collect(),
            defs: entries.into_iter().map(|e| e.1).collect(),
        })
    }

    /// The definition of `value`, if the table lists it.
    #[must_use]
    pub fn get(&self, value: u16) -> Option<&TileDef> {
        self.index(value).map(|k| &self.defs[k])
    }

    /// The listed values and their definitions, values ascending.
    pub fn entries(&self) -> impl Iterator<Item = (u16, &TileDef)> {
        self.values.iter().copied().zip(&self.defs)
    }

    /// The position of `value` among the listed ones.
    fn index(&self, value: u16) -> Option<usize> {
        self.values.binary_search(&value).ok()
    }
}

/// Why a tile table or grid was rejected. Messages name the argument as the JavaScript
/// API does (`tiles[3].points`, `cells`, `col`).
#[derive(Clone, Debug, PartialEq)]
pub enum TileError {
    /// A table key that is not a value from 1 to 65,535.
    BadValue {
        /// The key given.
        value: u32,
    },
    /// A value listed twice.
    RepeatedValue {
        /// The value.
        value: u32,
    },
    /// An outline that is not a convex polygon.
    Outline {
        /// Its value.
        value: u16,
        /// Why.
        error: ShapeError,
    },
    /// An outline of more than [`MAX_TILE_VERTICES`] points.
    TooManyVertices {
        /// Its value.
        value: u16,
        /// How many points were given.
        count: usize,
    },
    /// A one-way direction that is not finite or is zero.
    BadOneWay {
        /// Its value.
        value: u16,
    },
    /// An outline point outside the grid's cell.
    OutsideCell {
        /// Its value.
        value: u16,
        /// The index of the point as given.
        vertex: usize,
    },
    /// A count or size of the grid out of its range (`cols`, `rows`: from 1, at most
    /// [`MAX_TILE_CELLS`](super::MAX_TILE_CELLS) cells; `cellWidth`, `cellHeight`: above 0, and the grid at most
    /// [`MAX_SHAPE_SIZE`](crate::shape::MAX_SHAPE_SIZE) across).
    BadSize {
        /// The argument's name.
        arg: &'static str,
        /// The value given.
        value: f32,
    },
    /// `cells` of another length than `cols × rows`.
    CellsLength {
        /// `cols × rows`.
        expected: usize,
        /// The length given.
        actual: usize,
    },
    /// A cell outside the grid.
    OutOfGrid {
        /// The column given.
        col: u32,
        /// The row given.
        row: u32,
    },
}

impl TileError {
    /// Writes the message that `Display` writes, with the numbers written by `out` (see
    /// [`MessageWriter`]).
    pub fn write_message(&self, out: &mut impl MessageWriter) -> fmt::Result {
        match self {
            TileError::BadValue { value } => write!(
                out,
                "tiles: key {value} must be a tile value from 1 to 65535"
            ),
            TileError::RepeatedValue { value } => {
                write!(out, "tiles[{value}] is listed twice")
            }
            TileError::Outline { value, error } => {
                write!(out, "tiles[{value}].points: ")?;
                error.write_message(out)
            }
            TileError::TooManyVertices { value, count } => write!(
                out,
                "tiles[{value}].points must have at most {MAX_TILE_VERTICES} points (got {count})"
            ),
            TileError::BadOneWay { value } => write!(
                out,
                "tiles[{value}].oneWay must be a finite non-zero vector"
            ),
            TileError::OutsideCell { value, vertex } => write!(
                out,
                "tiles[{value}].points: point {vertex} lies outside the cell"
            ),
            TileError::BadSize { arg, value } => {
                let what = match *arg {
                    "cols" | "rows" => "an integer from 1, with cols × rows at most 16777216",
                    _ => "greater than 0, with the grid at most 1e7 across",
                };
                write!(out, "{arg} must be {what} (got ")?;
                out.write_f32(*value, false)?;
                out.write_str(")")
            }
            TileError::CellsLength { expected, actual } => write!(
                out,
                "cells must have length cols × rows = {expected} (got {actual})"
            ),
            TileError::OutOfGrid { col, row } => {
                write!(out, "col, row: ({col}, {row}) is not a cell of the grid")
            }
        }
    }
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_message(&mut crate::shape::FormatterWriter(f))
    }
}

impl std::error::Error for TileError {}

/// A tile value as a grid reads it: its class, its outline in cell units and what covers
/// the cell's sides.
#[derive(Clone, Debug)]
pub(super) struct TileShape {
    /// [`EMPTY`], [`SOLID`], or `2 + k` for the one-way direction `ups[k]`.
    pub(super) class: u16,
    /// The outline as a polygon in cell units, or `None` for the full cell.
    pub(super) outline: Option<Shape>,
    /// The interval (min, max) each side of the cell has covered by the outline: sides
    /// `x = 0`, `x = w`, `y = 0`, `y = h`, along `y` for the first two and `x` for the others.
    pub(super) sides: [Option<(f32, f32)>; 4],
}

/// The side of a `size` cell that the edge `p → q` (cell units) lies on, if any: 0 for
/// `x = 0`, 1 for `x = w`, 2 for `y = 0`, 3 for `y = h`.
pub(super) fn side_of(p: Vec2, q: Vec2, size: Vec2) -> Option<usize> {
    [
        p.x == 0.0 && q.x == 0.0,
        p.x == size.x && q.x == size.x,
        p.y == 0.0 && q.y == 0.0,
        p.y == size.y && q.y == size.y,
    ]
    .iter()
    .position(|&on| on)
}

/// The full cell as a tile of `class`.
pub(super) fn full_tile(class: u16, cell: Vec2) -> TileShape {
    let covered = |size: f32| Some((0.0, size));
    TileShape {
        class,
        outline: None,
        sides: [
            covered(cell.y),
            covered(cell.y),
            covered(cell.x),
            covered(cell.x),
        ],
    }
}

/// `v` scaled to unit length (by its largest component first, so that neither a huge
/// nor a tiny vector over- or underflows), or zero.
fn unit(v: Vec2) -> Vec2 {
    let scale = v.x.abs().max(v.y.abs());
    if scale == 0.0 || !scale.is_finite() {
        return Vec2::ZERO;
    }
    Vec2::new(v.x / scale, v.y / scale).normalize_or_zero()
}

/// How a grid of `cell` units reads the definition `def` of `value`, adding its one-way
/// direction to `ups` if it is new.
pub(super) fn read_tile(
    value: u16,
    def: &TileDef,
    cell: Vec2,
    ups: &mut Vec<Vec2>,
) -> Result<TileShape, TileError> {
    let TileDef::Solid { outline, one_way } = def else {
        return Ok(full_tile(EMPTY, cell));
    };
    let class = match one_way.map(unit) {
        None => SOLID,
        Some(up) => {
            let k = match ups.iter().position(|&u| u == up) {
                Some(k) => k,
                None => {
                    ups.push(up);
                    ups.len() - 1
                }
            };
            2 + k as u16
        }
    };
    let Some(points) = outline else {
        return Ok(full_tile(class, cell));
    };
    let tolerance = SNAP * cell.x.max(cell.y);
    let snap = |v: f32, size: f32| {
        if v.abs() <= tolerance {
            Some(0.0)
        } else if (v - size).abs() <= tolerance {
            Some(size)
        } else {
            (v > 0.0 && v < size).then_some(v)
        }
    };
    let mut snapped = Vec::with_capacity(points.len());
    for (vertex, p) in points.iter().enumerate() {
        match (snap(p.x, cell.x), snap(p.y, cell.y)) {
            (Some(x), Some(y)) => snapped.push(Vec2::new(x, y)),
            _ => return Err(TileError::OutsideCell { value, vertex }),
        }
    }
    let polygon =
        ConvexPolygon::new(&snapped).map_err(|error| TileError::Outline { value, error })?;
    let mut sides = [None; 4];
    let v = polygon.vertices();
    for (i, &p) in v.iter().enumerate() {
        let q = v[(i + 1) % v.len()];
        if let Some(side) = side_of(p, q, cell) {
            let (s0, s1) = if side < 2 { (p.y, q.y) } else { (p.x, q.x) };
            sides[side] = Some((s0.min(s1), s0.max(s1)));
        }
    }
    Ok(TileShape {
        class,
        outline: Some(Shape::Polygon(polygon)),
        sides,
    })
}
