//! `addShapes` and `shape(id)`: scenes as flat arrays. The entry reads the plain objects of a
//! scene (checking every field's type and naming it) and hands them over as parallel arrays;
//! here each record becomes a [`ShapeDesc`] and the core adds the list all or nothing
//! ([`crate::world::World::add_shapes`]), naming the first bad record. One shape comes back
//! as numbers in `io` and its points in the floats.
//!
//! A record is its kind number (a [`ShapeKind`] for convex shapes, [`KIND_CONCAVE`],
//! [`KIND_CHAIN`], [`KIND_TILE_GRID`]), nine numbers `x, y, angle, a, b, c, d, upX, upY` (the
//! sizes as in `shapes`, a grid's cell width and height in `a, b`; the one-way direction),
//! four words `layer, mask, flags, pointCount` (`flags`: [`FLAG_STATIC`], [`FLAG_LOOP`],
//! [`FLAG_ONE_WAY`], [`FLAG_WIDE`], [`FLAG_SENSOR`], [`FLAG_CONTINUOUS`]; `pointCount` numbers of the shared points array belong to
//! it, in order). A grid record also takes four grid words `cols, rows, table, byteCount`
//! (`table` a tile table's id, `u32::MAX` for the default) and `byteCount` bytes of the
//! shared cells, in order.

use super::shapes::shape_of;
use super::tiles::cells_of;
use super::RawWorld;
use crate::math::Vec2;
use crate::shape::{Chain, ConcavePolygon, Shape};
use crate::world::{SceneError, SceneShape, ShapeDesc, ShapeOptions, WorldError};
use wasm_bindgen::prelude::*;

/// The kind number of a concave polygon record.
pub const KIND_CONCAVE: u8 = 7;
/// The kind number of a chain record.
pub const KIND_CHAIN: u8 = 8;
/// The kind number of a tile grid record.
pub const KIND_TILE_GRID: u8 = 9;
/// The record's shape is static.
pub const FLAG_STATIC: u32 = 1;
/// The chain is closed.
pub const FLAG_LOOP: u32 = 2;
/// The shape is one-way along `upX, upY`.
pub const FLAG_ONE_WAY: u32 = 4;
/// The grid's cells take two bytes each.
pub const FLAG_WIDE: u32 = 8;
/// The shape is a sensor.
pub const FLAG_SENSOR: u32 = 16;
/// The shape is continuous.
pub const FLAG_CONTINUOUS: u32 = 32;
/// Numbers per record: `x, y, angle`, four sizes, the one-way direction.
pub const RECORD_NUMBERS: usize = 9;

/// Record `index`'s geometry from its kind, sizes and points.
fn scene_shape(
    kind: u8,
    sizes: [f32; 4],
    points: &[Vec2],
    flags: u32,
) -> Result<SceneShape, WorldError> {
    Ok(match kind {
        KIND_CONCAVE => SceneShape::Concave(ConcavePolygon::new(points)?),
        KIND_CHAIN => SceneShape::Chain(Chain::new(points, flags & FLAG_LOOP != 0)?),
        _ => SceneShape::Convex(shape_of(kind, sizes, points)?),
    })
}

#[wasm_bindgen]
impl RawWorld {
    /// Adds every record (see the module docs), all or nothing; the ids are written to the
    /// ids. Returns how many.
    #[wasm_bindgen(js_name = addShapes)]
    #[allow(clippy::too_many_arguments)] // the records' parallel arrays
    pub fn add_shapes(
        &mut self,
        kinds: &[u8],
        numbers: &[f32],
        words: &[u32],
        points: &[f32],
        grid_words: &[u32],
        cells: &[u8],
    ) -> u32 {
        let mut list = Vec::with_capacity(kinds.len());
        let (mut at, mut grid, mut cells_at) = (0, 0, 0);
        for (index, ((&kind, n), w)) in kinds
            .iter()
            .zip(numbers.chunks_exact(RECORD_NUMBERS))
            .zip(words.chunks_exact(4))
            .enumerate()
        {
            let count = (w[3] as usize).min(points.len() - at);
            self.take_points(&points[at..at + count]);
            at += count;
            let shape = if kind == KIND_TILE_GRID {
                let g = grid_words.get(4 * grid..4 * grid + 4).unwrap_or(&[0; 4]);
                grid += 1;
                let length = (g[3] as usize).min(cells.len() - cells_at);
                let bytes = &cells[cells_at..cells_at + length];
                cells_at += length;
                let table = match g[2] {
                    u32::MAX => Some(Default::default()),
                    id => self.inner.tile_table(id).cloned(),
                };
                match table {
                    Some(table) => Ok(SceneShape::TileGrid {
                        cols: g[0],
                        rows: g[1],
                        cell: Vec2::new(n[3], n[4]),
                        cells: cells_of(bytes, w[2] & FLAG_WIDE != 0),
                        table,
                    }),
                    None => Err(WorldError::UnknownTable { id: g[2] }),
                }
            } else {
                scene_shape(kind, [n[3], n[4], n[5], n[6]], &self.points, w[2])
            };
            let shape = match shape {
                Ok(shape) => shape,
                Err(error) => return self.fail(SceneError { index, error }, u32::MAX),
            };
            list.push(ShapeDesc {
                shape,
                x: n[0],
                y: n[1],
                angle: n[2],
                options: ShapeOptions {
                    layer: w[0],
                    mask: w[1],
                    is_static: w[2] & FLAG_STATIC != 0,
                },
                one_way: (w[2] & FLAG_ONE_WAY != 0).then(|| Vec2::new(n[7], n[8])),
                // Tags follow through `setTags`.
                tag: 0,
                sensor: w[2] & FLAG_SENSOR != 0,
                continuous: w[2] & FLAG_CONTINUOUS != 0,
            });
        }
        self.ids.clear();
        match self.inner.add_shapes(list, &mut self.ids) {
            Ok(()) => self.ids.len() as u32,
            Err(e) => self.fail(e, u32::MAX),
        }
    }

    /// Describes shape `id` as a record: `io[0]` its kind number, `io[1..8]` its first seven
    /// numbers, `io[8..11]` its layer, mask and flags, `io[11..13]` its one-way direction,
    /// `io[13]` its tag; its
    /// points go to the floats (a grid's cells and table are read with `tileGrid` and
    /// `tileTable`). Returns how many point numbers.
    #[wasm_bindgen(js_name = shapeRecord)]
    pub fn shape_record(&mut self, id: u32) -> u32 {
        let desc = match self.inner.shape_desc(id) {
            Ok(desc) => desc,
            Err(e) => return self.fail(e, u32::MAX),
        };
        let mut flags = if desc.options.is_static {
            FLAG_STATIC
        } else {
            0
        };
        let mut sizes = [0.0f32; 4];
        let vertices: &[Vec2] = match &desc.shape {
            SceneShape::TileGrid { cell, .. } => {
                sizes = [cell.x, cell.y, 0.0, 0.0];
                &[]
            }
            SceneShape::Concave(concave) => concave.outline(),
            SceneShape::Chain(chain) => {
                if chain.is_loop() {
                    flags |= FLAG_LOOP;
                }
                chain.points()
            }
            SceneShape::Convex(shape) => {
                sizes = match *shape {
                    Shape::Circle { radius } => [radius, 0.0, 0.0, 0.0],
                    Shape::OrientedBox { half_extents: h }
                    | Shape::AlignedBox { half_extents: h } => [h.x, h.y, 0.0, 0.0],
                    Shape::Capsule {
                        half_length,
                        radius,
                        upright,
                    } => [half_length, radius, f32::from(u8::from(upright)), 0.0],
                    Shape::Segment { a, b } => [a.x, a.y, b.x, b.y],
                    Shape::Point | Shape::Polygon(_) => [0.0; 4],
                };
                match shape {
                    Shape::Polygon(polygon) => polygon.vertices(),
                    _ => &[],
                }
            }
        };
        let kind = match &desc.shape {
            SceneShape::Concave(_) => KIND_CONCAVE,
            SceneShape::Chain(_) => KIND_CHAIN,
            SceneShape::TileGrid { .. } => KIND_TILE_GRID,
            SceneShape::Convex(shape) => shape.kind() as u8,
        };
        self.floats.clear();
        self.floats.extend(vertices.iter().flat_map(|v| [v.x, v.y]));
        let numbers = [
            desc.x, desc.y, desc.angle, sizes[0], sizes[1], sizes[2], sizes[3],
        ];
        self.io[0] = kind.into();
        for (slot, value) in self.io[1..8].iter_mut().zip(numbers) {
            *slot = value.into();
        }
        self.io[8] = desc.options.layer.into();
        self.io[9] = desc.options.mask.into();
        let up = desc.one_way.unwrap_or(Vec2::ZERO);
        let one_way = u32::from(desc.one_way.is_some()) * FLAG_ONE_WAY;
        let sensor = u32::from(desc.sensor) * FLAG_SENSOR;
        let continuous = u32::from(desc.continuous) * FLAG_CONTINUOUS;
        self.io[10] = (flags | one_way | sensor | continuous).into();
        self.io[11] = up.x.into();
        self.io[12] = up.y.into();
        self.io[13] = desc.tag.into();
        self.floats.len() as u32
    }
}
