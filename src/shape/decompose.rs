//! Concave polygons: a simple outline checked once and cut into a few convex parts, so that
//! every kernel of the narrow phase, the ray casts and the shape casts apply to it part by
//! part.
//!
//! [`ConcavePolygon::new`] works in named steps, in `f64` on the caller's `f32` points:
//!
//! 1. **The plain checks and repairs of convex polygons** (`polygon.rs`): 3 to
//!    [`MAX_OUTLINE_VERTICES`] finite points within [`MAX_SHAPE_SIZE`], consecutive duplicates
//!    merged (last = first included), collinear vertices dropped, with the same relative
//!    tolerances.
//! 2. **Simplicity.** No two edges may meet unless they are neighbours, and neighbours may
//!    not fold back onto each other. Touching counts as meeting (a vertex on another edge, a
//!    pinch where the outline visits one point twice): such an outline has no well-defined
//!    inside. The error names the first vertex, in input order, whose outgoing edge meets
//!    another. The pair test runs as a **sweep along x**: edges sorted by their left end,
//!    each compared only with the edges that start before it ends, and then only when
//!    their y ranges overlap too. Game outlines are long and thin along x or y, so few
//!    pairs survive; a pathological outline (every edge spanning the whole width) falls
//!    back to the plain `n²/2` pairs, about half a million cheap tests at 1,024 vertices.
//! 3. **Orientation and area**: zero area is rejected, a clockwise outline reversed.
//! 4. **Ear clipping** into `n − 2` triangles: a vertex is an ear when it turns left and no
//!    vertex that does not (reflex or flat) lies in or on its triangle. `O(n²)` on a linked
//!    list, which is fine at 1,024 vertices and runs once, when the shape is added.
//! 5. **Hertel–Mehlhorn merging**: every diagonal of the triangulation is removed in turn
//!    when the two pieces on either side of it form a convex polygon of at most
//!    [`MAX_POLYGON_VERTICES`] vertices. The result is never more than four times the
//!    optimal number of convex parts (at most `2r + 1` for `r` reflex vertices). On the
//!    test set (`tests/decompose.rs`, which prints the counts) it gives about one part per
//!    two triangles on random outlines (which turn back at about half their vertices), one
//!    per four on combs, and within 1 % of the optimum (`k + 1`) on `k`-pointed stars.
//!    The order in which diagonals are tried (by their ends, longest or shortest first)
//!    changed the count by under 1 %. Bayazit's method
//!    gives somewhat fewer parts on some outlines but adds Steiner points (new vertices
//!    inside the outline) and is several times the code; ear clipping plus merging keeps
//!    every part's vertices among the caller's own points, so parts meet exactly along
//!    shared edges and the area is covered without gaps or overlaps.
//! 6. **Parts** are built with [`ConvexPolygon::new`] from those points (so they carry the
//!    same precomputed normals as any polygon), with their local bounding boxes; the outline's
//!    **convex hull** is kept too: the world stores it as the shape's stand-in for the
//!    broad phase (its bounds are the outline's bounds at every angle).
//! 7. **A hierarchy over the parts' boxes** (median splits along the longer side, leaves
//!    of up to four parts, stored depth-first with skip links so that a walk needs no
//!    stack and meets the parts in order): a shape near one corner of a large outline
//!    meets a few boxes, not all of them. One outline is one broad-phase entry; without
//!    this its parts would be scanned one by one for every shape in its box, and the
//!    outline would cost more than its parts added as separate shapes (which the static
//!    tree sorts out), `bench-js/concave.mjs` measures the two.
//! 8. **A grid over the parts' boxes** (`PartGrid`: about two cells per part along each
//!    side of a square of them, each cell listing in part order the parts that meet it or
//!    the cell after it): the step's usual query, a small shape's box, lies within two
//!    cells per side and reads one list of a few parts instead of walking the hierarchy
//!    from its root. Both give exactly the parts whose boxes meet the query, in order.
//!
//! Parts are in the concave polygon's own local frame, exactly where the outline puts
//! them: placing the shape places every part with the same transform.
//!
//! This module knows nothing of storage, broad phase or JavaScript.

use super::box_tree::{self, meets, BoxNode};
use super::polygon::{drop_collinear, merge_duplicates, orient_counter_clockwise, outline_size};
use super::{ConvexPolygon, Shape, ShapeError, MAX_POLYGON_VERTICES, MAX_SHAPE_SIZE};
use crate::math::{Aabb, Vec2};
use crate::sort::heap_sort_by_key;

/// The most points a concave outline may have.
pub const MAX_OUTLINE_VERTICES: usize = 1024;

/// A simple polygon (concave or not) cut into convex parts. See the module docs.
#[derive(Clone, Debug, PartialEq)]
pub struct ConcavePolygon {
    /// The checked outline, counter-clockwise, duplicates and collinear points removed.
    outline: Vec<Vec2>,
    /// The outline's convex hull.
    hull: ConvexPolygon,
    /// The convex parts, each a [`Shape::Polygon`].
    parts: Vec<Shape>,
    /// The local bounding box of each part.
    boxes: Vec<Aabb>,
    /// A bounding volume hierarchy over the parts' boxes (`box_tree`).
    tree: Vec<BoxNode>,
    /// A grid over the parts' boxes, for boxes within one of its cells (see [`PartGrid`]).
    grid: PartGrid,
    /// How many triangles the ear clipping made before merging.
    triangle_count: usize,
}

/// A uniform grid over the bounds of a concave polygon's parts: each cell lists, in part
/// order, the parts whose boxes meet it or the cell after it (along x, y or both). A query
/// box over at most two cells along each side meets only parts of the list of the cell
/// of its minimum corner, so the step's usual query (a small shape against a large
/// outline) tests a few boxes instead of walking the hierarchy from its root; a larger
/// box walks the hierarchy.
///
/// Along each axis, a part is listed in every cell from the one before the cell of its
/// box's minimum to the cell of its maximum, each found by [`PartGrid::cell`], which is
/// monotonic in its argument. When a part's box meets a query box and the query's corners
/// are in cells `c` and at most `c + 1`: `cell(part min) <= cell(query max) <= c + 1` and
/// `c = cell(query min) <= cell(part max)`, so the part is in `c`'s list. Whole cells, no
/// margin in coordinates: no rounding to reason about.
#[derive(Clone, Debug, PartialEq)]
struct PartGrid {
    /// The minimum corner of the bounds.
    origin: Vec2,
    /// Cells per unit length, along x and y.
    scale: Vec2,
    /// Cells along each side.
    size: usize,
    /// Where the list of cell `x + size * y` starts in `parts` (one more entry at the end).
    starts: Vec<u32>,
    /// The lists of the cells, one after the other.
    parts: Vec<u16>,
}

/// The most cells along a side of a [`PartGrid`].
const MAX_GRID_SIDE: usize = 32;

impl ConcavePolygon {
    /// Checks the outline `points` (either winding) and cuts it into convex parts.
    ///
    /// Rejected, naming the vertex where there is one: fewer than 3 points, more than
    /// [`MAX_OUTLINE_VERTICES`], a non-finite coordinate, a coordinate beyond
    /// [`MAX_SHAPE_SIZE`], zero area, an outline that crosses or touches itself
    /// ([`ShapeError::OutlineCrossing`] naming the first vertex whose edge does).
    ///
    /// ```
    /// use sepax::{math::Vec2, shape::ConcavePolygon};
    /// // An L: two convex parts.
    /// let l = ConcavePolygon::new(&[
    ///     Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0), Vec2::new(2.0, 1.0),
    ///     Vec2::new(1.0, 1.0), Vec2::new(1.0, 2.0), Vec2::new(0.0, 2.0),
    /// ]).unwrap();
    /// assert_eq!(l.parts().len(), 2);
    /// ```
    pub fn new(points: &[Vec2]) -> Result<ConcavePolygon, ShapeError> {
        check_points(points)?;
        let size = outline_size(points);
        if size == 0.0 {
            return Err(ShapeError::ZeroArea);
        }
        let mut ring = merge_duplicates(points, size * 1e-6)?;
        drop_collinear(&mut ring)?;
        check_simple(&ring)?;
        orient_counter_clockwise(&mut ring, size)?;
        let outline: Vec<Vec2> = ring.iter().map(|&(i, _)| points[i]).collect();
        let coords: Vec<[f64; 2]> = ring.iter().map(|&(_, p)| p).collect();
        let (triangles, diagonals) = ear_clip(&coords);
        let pieces = merge_convex(&coords, &triangles, &diagonals);
        let mut parts = Vec::with_capacity(pieces.len());
        for piece in pieces.iter().filter(|p| !p.is_empty()) {
            let vertices: Vec<Vec2> = piece.iter().map(|&i| outline[i]).collect();
            push_part(&vertices, &mut parts);
        }
        if parts.is_empty() {
            return Err(ShapeError::ZeroArea);
        }
        let boxes: Vec<Aabb> = parts.iter().map(local_box).collect();
        let (parts, boxes, tree) = part_tree(parts, boxes);
        let grid = PartGrid::new(&boxes, &tree[0].bounds);
        let hull = ConvexPolygon::from_hull(&convex_hull(&coords, &outline));
        Ok(ConcavePolygon {
            outline,
            hull,
            parts,
            boxes,
            tree,
            grid,
            triangle_count: triangles.len(),
        })
    }

    /// The checked outline, counter-clockwise, as the parts cover it.
    #[must_use]
    pub fn outline(&self) -> &[Vec2] {
        &self.outline
    }

    /// The convex parts, each a [`Shape::Polygon`] in the outline's local frame.
    #[must_use]
    pub fn parts(&self) -> &[Shape] {
        &self.parts
    }

    /// The local bounding box of each part (parallel to [`ConcavePolygon::parts`]).
    #[must_use]
    pub fn part_boxes(&self) -> &[Aabb] {
        &self.boxes
    }

    /// Calls `visit` with the index of every part whose local box meets `near` (a box in
    /// the polygon's local frame), in part order, until it returns false. A box within
    /// two cells per side of the grid over the parts reads one cell's list; a larger one
    /// walks the hierarchy: a shape touching one corner of a large outline meets a few
    /// boxes, not every part's.
    pub fn each_part_near(&self, near: &Aabb, mut visit: impl FnMut(usize) -> bool) {
        let grid = &self.grid;
        let (x, y) = (grid.cell(near.min.x, 0), grid.cell(near.min.y, 1));
        if grid.cell(near.max.x, 0) <= x + 1 && grid.cell(near.max.y, 1) <= y + 1 {
            let cell = x + grid.size * y;
            let list = &grid.parts[grid.starts[cell] as usize..grid.starts[cell + 1] as usize];
            for &i in list {
                let i = usize::from(i);
                if meets(&self.boxes[i], near) && !visit(i) {
                    return;
                }
            }
            return;
        }
        box_tree::each_near(&self.tree, &self.boxes, near, visit);
    }

    /// The outline's convex hull (any number of vertices).
    #[must_use]
    pub fn hull(&self) -> &ConvexPolygon {
        &self.hull
    }

    /// How many triangles the outline was cut into before they were merged into parts
    /// (`outline().len() − 2`, less any of zero area).
    #[must_use]
    pub fn triangle_count(&self) -> usize {
        self.triangle_count
    }
}

impl PartGrid {
    /// The grid over `bounds` of the parts with local boxes `boxes`: about two cells per
    /// part along each side of a square of them (fewer parts per list than the hierarchy
    /// tests boxes), at most [`MAX_GRID_SIDE`].
    fn new(boxes: &[Aabb], bounds: &Aabb) -> PartGrid {
        let size = ((4 * boxes.len()) as f32).sqrt().ceil() as usize;
        let size = size.clamp(1, MAX_GRID_SIDE);
        let extents = bounds.extents();
        let per_unit = |e: f32| if e > 0.0 { size as f32 / e } else { 0.0 };
        let mut grid = PartGrid {
            origin: bounds.min,
            scale: Vec2::new(per_unit(extents.x), per_unit(extents.y)),
            size,
            starts: vec![0; size * size + 1],
            parts: Vec::new(),
        };
        // Counted, then placed: each cell's list in part order.
        // `next` counts each cell's parts (pass 0), becomes where each list starts, then
        // where its next part goes (pass 1).
        let mut next = vec![0u32; size * size];
        for pass in 0..2 {
            for (i, b) in boxes.iter().enumerate() {
                let (x0, x1, y0, y1) = grid.span(b);
                for y in y0..y1 {
                    for x in x0..x1 {
                        let cell = x + size * y;
                        if pass == 1 {
                            grid.parts[next[cell] as usize] = i as u16;
                        }
                        next[cell] += 1;
                    }
                }
            }
            if pass == 0 {
                for (cell, &count) in next.iter().enumerate() {
                    grid.starts[cell + 1] = grid.starts[cell] + count;
                }
                next.copy_from_slice(&grid.starts[..size * size]);
                grid.parts = vec![0; grid.starts[size * size] as usize];
            }
        }
        grid
    }

    /// The columns `x0..x1` and rows `y0..y1` of the cells that list a part with box `b`:
    /// from the one before the cell of its minimum to the cell of its maximum.
    #[inline(never)]
    fn span(&self, b: &Aabb) -> (usize, usize, usize, usize) {
        let x0 = self.cell(b.min.x, 0).saturating_sub(1);
        let y0 = self.cell(b.min.y, 1).saturating_sub(1);
        (x0, self.cell(b.max.x, 0) + 1, y0, self.cell(b.max.y, 1) + 1)
    }

    /// The column (`axis` 0) or row (1) of the cell holding the coordinate `v`, clamped
    /// to the grid: monotonic in `v` (a subtraction, a product by a positive constant, a
    /// saturating truncation and a clamp, each monotonic).
    #[inline]
    fn cell(&self, v: f32, axis: usize) -> usize {
        let (origin, scale) = if axis == 0 {
            (self.origin.x, self.scale.x)
        } else {
            (self.origin.y, self.scale.y)
        };
        // The cast saturates (below zero and NaN give 0), so it is a floor clamped below;
        // `f32::max` and `min` would be calls to `fmaxf` and `fminf` in the `.wasm`.
        (((v - origin) * scale) as usize).min(self.size - 1)
    }
}

/// Adds the convex part with `vertices` to `parts`. A part of zero area is dropped; one
/// the convex constructor rejects otherwise (a turn rounding judged differently) is added
/// as a fan of triangles instead.
fn push_part(vertices: &[Vec2], parts: &mut Vec<Shape>) {
    match ConvexPolygon::new(vertices) {
        Ok(polygon) => parts.push(Shape::Polygon(polygon)),
        Err(ShapeError::ZeroArea) => {}
        Err(_) => {
            for k in 1..vertices.len() - 1 {
                let triangle = [vertices[0], vertices[k], vertices[k + 1]];
                if let Ok(polygon) = ConvexPolygon::new(&triangle) {
                    parts.push(Shape::Polygon(polygon));
                }
            }
        }
    }
}

/// The parts and their boxes in the order of a hierarchy over them, and its nodes: each
/// range split at the median of the boxes' centres along its longer side.
fn part_tree(parts: Vec<Shape>, boxes: Vec<Aabb>) -> (Vec<Shape>, Vec<Aabb>, Vec<BoxNode>) {
    let mut order: Vec<(i64, u32)> = (0..parts.len() as u32).map(|i| (0, i)).collect();
    let by_centre = |order: &mut [(i64, u32)], bounds: &Aabb| {
        let size = bounds.extents();
        for item in order.iter_mut() {
            let centre = boxes[item.1 as usize].center();
            let along = if size.x >= size.y { centre.x } else { centre.y };
            item.0 = order_key(f64::from(along));
        }
        heap_sort_by_key(order, first_key);
    };
    let tree = box_tree::build(&mut order, &boxes, &by_centre);
    let mut slots: Vec<Option<Shape>> = parts.into_iter().map(Some).collect();
    let parts = order
        .iter()
        .filter_map(|&(_, i)| slots[i as usize].take())
        .collect();
    let boxes = order.iter().map(|&(_, i)| boxes[i as usize]).collect();
    (parts, boxes, tree)
}

/// The sort key of a `(key, index)` item. A named function shared by every sort here, so
/// that they share one copy of the sort in the `.wasm`.
fn first_key(item: &(i64, u32)) -> i64 {
    item.0
}

/// The local bounding box of a part.
fn local_box(part: &Shape) -> Aabb {
    let vertices = match part {
        Shape::Polygon(p) => p.vertices(),
        _ => &[],
    };
    let mut lo = Vec2::new(f32::MAX, f32::MAX);
    let mut hi = Vec2::new(f32::MIN, f32::MIN);
    for &v in vertices {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    Aabb::new(lo, hi)
}

/// The checks that need no geometry: the number of points, every coordinate finite and
/// within [`MAX_SHAPE_SIZE`].
fn check_points(points: &[Vec2]) -> Result<(), ShapeError> {
    if points.len() < 3 {
        return Err(ShapeError::TooFewPoints {
            count: points.len(),
        });
    }
    if points.len() > MAX_OUTLINE_VERTICES {
        return Err(ShapeError::TooManyOutlinePoints {
            count: points.len(),
        });
    }
    for (index, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(ShapeError::NonFinitePoint { index });
        }
        if p.x.abs() > MAX_SHAPE_SIZE || p.y.abs() > MAX_SHAPE_SIZE {
            return Err(ShapeError::PointTooFar { index });
        }
    }
    Ok(())
}

/// Rejects an outline (in input order) that crosses or touches itself, naming the first
/// input vertex whose outgoing edge meets another (see the module docs).
fn check_simple(ring: &[(usize, [f64; 2])]) -> Result<(), ShapeError> {
    let n = ring.len();
    let at = |i: usize| ring[i % n].1;
    // The lowest ring position of an edge that meets another.
    let mut first = usize::MAX;
    // Neighbours folding back onto each other (a spike of zero width).
    for i in 0..n {
        let (e0, e1) = (sub(at(i + 1), at(i)), sub(at(i + 2), at(i + 1)));
        if dot(e0, e1) < 0.0 && cross(e0, e1).abs() <= 1e-6 * len(e0) * len(e1) {
            first = first.min(i.min((i + 1) % n));
        }
    }
    // Every other pair, swept along x.
    let bounds: Vec<[f64; 4]> = (0..n)
        .map(|i| {
            let (a, b) = (at(i), at(i + 1));
            [
                a[0].min(b[0]),
                a[0].max(b[0]),
                a[1].min(b[1]),
                a[1].max(b[1]),
            ]
        })
        .collect();
    let mut order: Vec<(i64, u32)> = (0..n as u32)
        .map(|i| (order_key(bounds[i as usize][0]), i))
        .collect();
    heap_sort_by_key(&mut order, first_key);
    for (k, &(_, i)) in order.iter().enumerate() {
        let (i, bi) = (i as usize, bounds[i as usize]);
        for &(_, j) in &order[k + 1..] {
            let (j, bj) = (j as usize, bounds[j as usize]);
            if bj[0] > bi[1] {
                break;
            }
            let adjacent = (i + 1) % n == j || (j + 1) % n == i;
            if adjacent || bj[2] > bi[3] || bj[3] < bi[2] || i.min(j) >= first {
                continue;
            }
            if segments_meet(at(i), at(i + 1), at(j), at(j + 1)) {
                first = i.min(j);
            }
        }
    }
    match ring.get(first) {
        Some(&(index, _)) => Err(ShapeError::OutlineCrossing { index }),
        None => Ok(()),
    }
}

/// True when the closed segments `ab` and `cd` share a point.
fn segments_meet(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    let (d1, d2) = (orient(c, d, a), orient(c, d, b));
    let (d3, d4) = (orient(a, b, c), orient(a, b, d));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return true;
    }
    let within = |p: [f64; 2], q: [f64; 2], r: [f64; 2]| {
        r[0] >= p[0].min(q[0])
            && r[0] <= p[0].max(q[0])
            && r[1] >= p[1].min(q[1])
            && r[1] <= p[1].max(q[1])
    };
    (d1 == 0.0 && within(c, d, a))
        || (d2 == 0.0 && within(c, d, b))
        || (d3 == 0.0 && within(a, b, c))
        || (d4 == 0.0 && within(a, b, d))
}

/// A diagonal of the triangulation: its ends `a`, `b`, the triangle holding the edge
/// `a → b` and the one holding `b → a`.
type Diagonal = (usize, usize, usize, usize);

/// Cuts a simple counter-clockwise outline into triangles (counter-clockwise, as indices
/// into `p`) by ear clipping, and lists the diagonals between them, found as the ears are
/// cut (no search needed). Triangles of zero area are left out (and so are merges across
/// them).
fn ear_clip(p: &[[f64; 2]]) -> (Vec<[usize; 3]>, Vec<Diagonal>) {
    const NONE: usize = usize::MAX;
    let n = p.len();
    let mut prev: Vec<usize> = (0..n).map(|i| (i + n - 1) % n).collect();
    let mut next: Vec<usize> = (0..n).map(|i| (i + 1) % n).collect();
    // The triangle across the remaining outline's edge `v → next[v]`, if it is a diagonal.
    let mut across: Vec<usize> = vec![NONE; n];
    let turn = |prev: &[usize], next: &[usize], i: usize| orient(p[prev[i]], p[i], p[next[i]]);
    let mut convex: Vec<bool> = (0..n).map(|i| turn(&prev, &next, i) > 0.0).collect();
    let mut triangles = Vec::with_capacity(n - 2);
    let mut diagonals = Vec::with_capacity(n - 3);
    let (mut remaining, mut i, mut misses) = (n, 0, 0);
    loop {
        let (a, c) = (prev[i], next[i]);
        let last = remaining == 3;
        let ear = last || (convex[i] && is_ear(p, &next, &convex, a, i, c));
        // After a whole lap without an ear (rounding on a nearly degenerate outline), the
        // most convex vertex is clipped anyway.
        let forced = !ear && misses > remaining;
        if !(ear || forced) {
            misses += 1;
            i = c;
            continue;
        }
        let b = if forced {
            most_convex(p, &prev, &next, i)
        } else {
            i
        };
        let (a, c) = (prev[b], next[b]);
        let t = triangles.len();
        let kept = orient(p[a], p[b], p[c]) > 0.0;
        if kept {
            triangles.push([a, b, c]);
            for (x, y) in [(a, b), (b, c)] {
                if across[x] != NONE {
                    diagonals.push((x, y, t, across[x]));
                }
            }
            if last && across[c] != NONE {
                diagonals.push((c, a, t, across[c]));
            }
        }
        if last {
            return (triangles, diagonals);
        }
        next[a] = c;
        prev[c] = a;
        across[a] = if kept { t } else { NONE };
        convex[a] = turn(&prev, &next, a) > 0.0;
        convex[c] = turn(&prev, &next, c) > 0.0;
        remaining -= 1;
        misses = 0;
        i = c;
    }
}

/// True when no vertex that is not strictly convex lies in or on the triangle `a b c`
/// (the vertices from `next[c]` round to `a` are the others).
fn is_ear(p: &[[f64; 2]], next: &[usize], convex: &[bool], a: usize, b: usize, c: usize) -> bool {
    let mut k = next[c];
    while k != a {
        if !convex[k] && in_triangle(p[a], p[b], p[c], p[k]) {
            return false;
        }
        k = next[k];
    }
    true
}

/// The remaining vertex (on the list from `start`) that turns most to the left.
fn most_convex(p: &[[f64; 2]], prev: &[usize], next: &[usize], start: usize) -> usize {
    let (mut best, mut best_turn) = (start, f64::MIN);
    let mut k = start;
    loop {
        let t = orient(p[prev[k]], p[k], p[next[k]]);
        if t > best_turn {
            (best, best_turn) = (k, t);
        }
        k = next[k];
        if k == start {
            return best;
        }
    }
}

/// True when `q` lies in or on the counter-clockwise triangle `abc`.
fn in_triangle(a: [f64; 2], b: [f64; 2], c: [f64; 2], q: [f64; 2]) -> bool {
    orient(a, b, q) >= 0.0 && orient(b, c, q) >= 0.0 && orient(c, a, q) >= 0.0
}

/// Hertel–Mehlhorn: merges the triangles across every diagonal whose removal leaves a
/// convex piece of at most [`MAX_POLYGON_VERTICES`] vertices, in the order the ear
/// clipping made them (the order made no measurable difference to the part count on the
/// test set: longest or shortest first were within 1 %). Returns the pieces as
/// counter-clockwise index lists (merged-away pieces are left empty).
fn merge_convex(
    p: &[[f64; 2]],
    triangles: &[[usize; 3]],
    diagonals: &[Diagonal],
) -> Vec<Vec<usize>> {
    let mut pieces: Vec<Vec<usize>> = triangles.iter().map(|t| t.to_vec()).collect();
    // Which piece each triangle now belongs to (a union-find with path halving).
    let mut owner: Vec<usize> = (0..triangles.len()).collect();
    fn find(owner: &mut [usize], mut t: usize) -> usize {
        while owner[t] != t {
            owner[t] = owner[owner[t]];
            t = owner[t];
        }
        t
    }
    for &(a, b, t, u) in diagonals {
        let (pa, pb) = (find(&mut owner, t), find(&mut owner, u));
        if pa == pb {
            continue;
        }
        if let Some(merged) = merged_piece(p, &pieces[pa], &pieces[pb], a, b) {
            pieces[pa] = merged;
            pieces[pb].clear();
            owner[pb] = pa;
        }
    }
    pieces
}

/// The union of `left` (which holds the edge `a → b`) and `right` (which holds `b → a`),
/// when it is convex at `a` and `b` and has at most [`MAX_POLYGON_VERTICES`] vertices.
fn merged_piece(
    p: &[[f64; 2]],
    left: &[usize],
    right: &[usize],
    a: usize,
    b: usize,
) -> Option<Vec<usize>> {
    if left.len() + right.len() - 2 > MAX_POLYGON_VERTICES {
        return None;
    }
    // `left` from b round to a, then `right` after a up to before b.
    let from_b = left.iter().position(|&v| v == b)?;
    let from_a = right.iter().position(|&v| v == a)?;
    // Both pieces must hold the diagonal as an edge, in opposite directions.
    let (l, r) = (left.len(), right.len());
    if left[(from_b + l - 1) % l] != a || right[(from_a + r - 1) % r] != b {
        return None;
    }
    let mut merged: Vec<usize> = Vec::with_capacity(left.len() + right.len() - 2);
    merged.extend(left[from_b..].iter().chain(&left[..from_b]));
    let right_len = right.len();
    merged.extend((1..right_len - 1).map(|k| right[(from_a + k) % right_len]));
    let m = merged.len();
    let at_a = left.len() - 1;
    let turn_at = |k: usize| {
        orient(
            p[merged[(k + m - 1) % m]],
            p[merged[k]],
            p[merged[(k + 1) % m]],
        )
    };
    (turn_at(at_a) >= 0.0 && turn_at(0) >= 0.0).then_some(merged)
}

/// The convex hull of the simple outline `p` (Melkman's algorithm: linear, and no sort,
/// because the outline is simple), counter-clockwise, as the caller's `f32` points.
fn convex_hull(p: &[[f64; 2]], points: &[Vec2]) -> Vec<Vec2> {
    let n = p.len();
    // A deque in one buffer: the hull runs from `bottom` to `top`, its first point
    // repeated at both ends.
    let mut deque = vec![0usize; 2 * n + 1];
    let (mut bottom, mut top) = (n, n + 3);
    let (first, second) = if orient(p[0], p[1], p[2]) > 0.0 {
        (0, 1)
    } else {
        (1, 0)
    };
    deque[n..n + 4].copy_from_slice(&[2, first, second, 2]);
    for i in 3..n {
        let left_of = |x: usize, y: usize| orient(p[x], p[y], p[i]) > 0.0;
        if left_of(deque[bottom], deque[bottom + 1]) && left_of(deque[top - 1], deque[top]) {
            continue;
        }
        while !left_of(deque[bottom], deque[bottom + 1]) {
            bottom += 1;
        }
        bottom -= 1;
        deque[bottom] = i;
        while !left_of(deque[top - 1], deque[top]) {
            top -= 1;
        }
        top += 1;
        deque[top] = i;
    }
    deque[bottom..top].iter().map(|&i| points[i]).collect()
}

/// A key that orders finite `f64` values as numbers, for the crate's heap sort (the
/// standard library's sorts would add a copy of their code to the `.wasm` for each type
/// sorted).
fn order_key(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ (((bits >> 63) as u64) >> 1) as i64
}

fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}
fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}
fn cross(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}
fn len(a: [f64; 2]) -> f64 {
    a[0].hypot(a[1])
}
/// Twice the signed area of the triangle `abc`: positive when it turns left.
fn orient(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    cross(sub(b, a), sub(c, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn a_convex_outline_is_one_part() {
        let square = [v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0), v(0.0, 1.0)];
        let c = ConcavePolygon::new(&square).unwrap();
        assert_eq!(c.parts().len(), 1);
        assert_eq!(c.triangle_count(), 2);
        assert_eq!(c.hull().vertices().len(), 4);
    }

    #[test]
    fn a_bow_tie_names_its_first_crossing_edge() {
        let bow = [v(0.0, 0.0), v(1.0, 1.0), v(1.0, 0.0), v(0.0, 1.0)];
        assert_eq!(
            ConcavePolygon::new(&bow),
            Err(ShapeError::OutlineCrossing { index: 0 })
        );
        // A pinch: vertex 4 touches vertex 1 without crossing.
        let pinch = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(2.0, 2.0),
            v(3.0, 2.0),
            v(2.0, 0.0),
            v(4.0, 0.0),
            v(4.0, 4.0),
            v(0.0, 4.0),
        ];
        assert!(matches!(
            ConcavePolygon::new(&pinch),
            Err(ShapeError::OutlineCrossing { .. })
        ));
    }

    #[test]
    fn the_hull_of_an_arrow_skips_the_notch() {
        let arrow = [
            v(0.0, 0.0),
            v(2.0, 0.0),
            v(1.0, 0.5),
            v(2.0, 2.0),
            v(0.0, 2.0),
        ];
        let c = ConcavePolygon::new(&arrow).unwrap();
        assert_eq!(c.hull().vertices().len(), 4);
        assert_eq!(c.parts().len(), 2);
    }
}
