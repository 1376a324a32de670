//! The derivation of a grid's boundary: each cell's boundary segments (its outline's edges,
//! those on a side of the cell cut by the neighbour's edge there), and each chunk's segments
//! with their joints, found among the segments of the cells around their ends (see the
//! parent module's essay).

use super::table::{side_of, EMPTY, SOLID};
use super::{TileGrid, TileSegment, CHUNK_CELLS, NO_BOX};
use crate::math::{Aabb, Vec2};
use crate::shape::chain::Joints;
use crate::shape::Shape;

/// A boundary segment before its joints are known.
#[derive(Clone, Copy, Debug)]
pub(super) struct RawSegment {
    pub(super) a: Vec2,
    pub(super) b: Vec2,
    pub(super) class: u16,
}

impl TileGrid {
    /// The point `p` of cell `(col, row)` (cell units) in the grid's frame, computed the
    /// same way by every cell whose closure holds it (see the module docs).
    fn place(&self, col: u32, row: u32, p: Vec2) -> Vec2 {
        let at = |i: u32, v: f32, size: f32| {
            if v == 0.0 {
                i as f32 * size
            } else if v == size {
                (i + 1) as f32 * size
            } else {
                i as f32 * size + v
            }
        };
        Vec2::new(at(col, p.x, self.cell.x), at(row, p.y, self.cell.y))
    }

    /// Appends the boundary segments of cell `(col, row)` (see the module docs).
    pub(super) fn cell_boundary(&self, col: u32, row: u32, out: &mut Vec<RawSegment>) {
        let tile = self.tile_of(col, row);
        if tile.class == EMPTY {
            return;
        }
        let (w, h) = (self.cell.x, self.cell.y);
        let corners = [Vec2::ZERO, Vec2::new(w, 0.0), self.cell, Vec2::new(0.0, h)];
        let vertices = match &tile.outline {
            Some(Shape::Polygon(polygon)) => polygon.vertices(),
            _ => &corners,
        };
        let class = tile.class;
        let mut emit = |p: Vec2, q: Vec2| {
            let (a, b) = (self.place(col, row, p), self.place(col, row, q));
            if a != b {
                out.push(RawSegment { a, b, class });
            }
        };
        for (i, &p) in vertices.iter().enumerate() {
            let q = vertices[(i + 1) % vertices.len()];
            let Some(side) = side_of(p, q, self.cell) else {
                emit(p, q);
                continue;
            };
            let cover = self.neighbour(col, row, side).and_then(|(c, r)| {
                let other = self.tile_of(c, r);
                let covers = other.class == class || (class > SOLID && other.class == SOLID);
                if covers {
                    other.sides[side ^ 1]
                } else {
                    None
                }
            });
            let Some((lo, hi)) = cover else {
                emit(p, q);
                continue;
            };
            // Along the side: `y` on the sides x = 0 and x = w, `x` on the others.
            let along = |v: Vec2| if side < 2 { v.y } else { v.x };
            let at = |s: f32| {
                if side < 2 {
                    Vec2::new(p.x, s)
                } else {
                    Vec2::new(s, p.y)
                }
            };
            let (s0, s1) = (along(p), along(q));
            let (e0, e1) = (s0.min(s1), s0.max(s1));
            let mut pieces = [(e0, e1.min(lo)), (e0.max(hi), e1)];
            if s0 > s1 {
                pieces.reverse();
            }
            for (u, v) in pieces {
                if u < v {
                    let (u, v) = if s0 > s1 { (v, u) } else { (u, v) };
                    emit(at(u), at(v));
                }
            }
        }
    }

    /// The neighbour of cell `(col, row)` across `side`, if the grid has one.
    fn neighbour(&self, col: u32, row: u32, side: usize) -> Option<(u32, u32)> {
        match side {
            0 => col.checked_sub(1).map(|c| (c, row)),
            1 => (col + 1 < self.cols).then_some((col + 1, row)),
            2 => row.checked_sub(1).map(|r| (col, r)),
            _ => (row + 1 < self.rows).then_some((col, row + 1)),
        }
    }

    /// Derives the segments of chunk `k` anew (see the module docs).
    pub(super) fn derive_chunk(&mut self, k: usize) {
        let c = CHUNK_CELLS;
        let (cx, cy) = (k as u32 % self.chunk_cols, k as u32 / self.chunk_cols);
        let (col0, row0) = (cx * c, cy * c);
        let (col1, row1) = ((col0 + c).min(self.cols), (row0 + c).min(self.rows));
        // The chunk's cells and the ring around them, whose segments the joints read.
        let (bc0, br0) = (col0.saturating_sub(1), row0.saturating_sub(1));
        let (bc1, br1) = ((col1 + 1).min(self.cols), (row1 + 1).min(self.rows));
        let block_cols = bc1 - bc0;
        let mut scratch = core::mem::take(&mut self.scratch);
        let (raw, starts) = (&mut scratch.raw, &mut scratch.starts);
        raw.clear();
        starts.clear();
        for row in br0..br1 {
            for col in bc0..bc1 {
                starts.push(raw.len() as u32);
                self.cell_boundary(col, row, raw);
            }
        }
        starts.push(raw.len() as u32);
        self.derived += u64::from(block_cols * (br1 - br0));
        let bucket = |col: u32, row: u32| {
            let at = ((row - br0) * block_cols + (col - bc0)) as usize;
            starts[at] as usize..starts[at + 1] as usize
        };
        let mut chunk = core::mem::take(&mut self.chunks[k]);
        chunk.segments.clear();
        chunk.bounds = NO_BOX;
        for row in row0..row1 {
            for col in col0..col1 {
                for i in bucket(col, row) {
                    let s = raw[i];
                    let direction = (s.b - s.a).normalize_or_zero();
                    let (mut previous, mut next) = (None, None);
                    let (mut best_previous, mut best_next) = (f32::MIN, f32::MIN);
                    for r in row.saturating_sub(1)..(row + 2).min(self.rows) {
                        for c in col.saturating_sub(1)..(col + 2).min(self.cols) {
                            for j in bucket(c, r) {
                                let t = raw[j];
                                let joins =
                                    t.class == s.class || (s.class > SOLID && t.class == SOLID);
                                if j == i || !joins {
                                    continue;
                                }
                                let d = (t.b - t.a).normalize_or_zero();
                                if t.a == s.b && turn(direction, d) > best_next {
                                    best_next = turn(direction, d);
                                    next = Some(d);
                                }
                                if t.b == s.a && turn(d, direction) > best_previous {
                                    best_previous = turn(d, direction);
                                    previous = Some(d);
                                }
                            }
                        }
                    }
                    let bounds = Aabb::new(s.a.min(s.b), s.a.max(s.b));
                    chunk.bounds = chunk.bounds.union(&bounds);
                    chunk.segments.push(TileSegment {
                        shape: Shape::Segment { a: s.a, b: s.b },
                        joints: Joints {
                            direction,
                            previous,
                            next,
                            one_sided: true,
                        },
                        bounds,
                        cell: row * self.cols + col,
                        up: self.up_of(s.class),
                    });
                }
            }
        }
        self.chunks[k] = chunk;
        self.scratch = scratch;
    }
}

/// How much `v` turns left from `u` (both unit): a number that grows with the signed
/// angle from `u` to `v`, from −π (exclusive) to π, without a trigonometric call.
fn turn(u: Vec2, v: Vec2) -> f32 {
    let (cross, dot) = (u.perp_dot(v), u.dot(v));
    if cross >= 0.0 {
        1.0 - dot
    } else {
        dot - 1.0
    }
}
