//! Structure-of-arrays storage for the shapes of a world, with a free list of ids.
//!
//! A shape's **id** is what the game sees: the index of its transform in the `xs`, `ys`,
//! `angles` columns (the columns the zero-copy JavaScript views expose, so they stay plain
//! `f32` arrays indexed by id), and of its cold data (`layers`, `masks`, `flags`).
//!
//! What a step reads per candidate pair lives elsewhere, in **rows**: `bodies` (each
//! shape's geometry next to the pose the last step used), `aabbs` (its world box) and, for
//! polygons, a copy of the points in `polygon_points`. `id_to_row` and `row_to_id` map
//! between ids and rows. Rows exist so that the hot data can be kept in **spatial order**
//! (a Z-order curve over the boxes' centres, refreshed every few dozen steps by
//! [`ShapeStore::reorder_rows`] and [`ShapeStore::reorder_points`]): shapes that touch
//! then sit near each other in memory, and the grid and the narrow phase read cache lines
//! they have just read. Ids are spatially unrelated, so in id order the same reads miss
//! the cache. The narrow and broad phases gain the most; the poses lose a little (the
//! transforms are read in row order, a gather), and the output pays for sorting the found
//! pairs by id (the numbers are in `docs/performance-notes.md`).
//!
//! Removing a shape pushes its id on a free list; the next add reuses the most recently
//! freed id first (LIFO), so ids stay dense and the columns stay short. A removed id is
//! invalid until it is issued again by an add. An id keeps its row while it is free, so
//! ids and rows always have the same count. Each id also has a **generation**, bumped when
//! its shape is removed, so that a game holding an old id can tell that it now names
//! another shape (or none): see [`ShapeStore::generation`].
//!
//! The store also keeps two compact row lists, `dynamic_rows` and `static_rows`, so that a
//! step iterates over moving shapes only and never touches a static one that did not move.
//! Reordering moves only moving shapes, among the rows they already hold: the rows of
//! static shapes, and so the static tree built over them, stay valid.
//!
//! This module owns data and its invariants; it does not know about pairs, broad phase or
//! narrow phase.

use crate::math::{min_f32, Aabb, Transform, Vec2};
use crate::shape::Shape;
use crate::sort::radix_sort_by_key;

/// The slot holds a live shape.
pub const FLAG_ALIVE: u8 = 1;
/// The shape is static: it is never paired with another static shape and is only
/// re-indexed when it moves.
pub const FLAG_STATIC: u8 = 2;
/// The id was (re)issued since the last step, so a pair reported by the last step with
/// this id belonged to a different shape.
pub const FLAG_FRESH: u8 = 4;
/// The shape's pose and box were refreshed since the last step, for the queries (see the
/// world's `changes` module): its entries in the step's broad phase are stale.
pub const FLAG_REFRESHED: u8 = 8;
/// The shape is a sensor: reported by the step and found by queries, never met by a
/// motion (move and slide, casts, sweeps, rays). See the world's `sensors` module.
pub const FLAG_SENSOR: u8 = 16;
/// The shape is continuous: each step lists the sensors it crossed since the last one.
/// See the world's `continuous` module.
pub const FLAG_CONTINUOUS: u8 = 32;
/// The flags a snapshot keeps (`docs/snapshot-format.md`): all of them.
pub const SNAPSHOT_FLAGS: u8 =
    FLAG_ALIVE | FLAG_STATIC | FLAG_FRESH | FLAG_REFRESHED | FLAG_SENSOR | FLAG_CONTINUOUS;

/// The shapes of a world: columns indexed by id, hot tables indexed by row.
#[derive(Clone, Debug, Default)]
pub struct ShapeStore {
    /// Some shape was made a sensor since the store was made or loaded: the motions look
    /// for the sensors they cross only then (a world without sensors pays nothing).
    pub sensors_seen: bool,
    /// x of each shape's position, written by the game (by id).
    pub xs: Vec<f32>,
    /// y of each shape's position, written by the game (by id).
    pub ys: Vec<f32>,
    /// Angle of each shape in radians, written by the game (by id).
    pub angles: Vec<f32>,
    /// Collision layer bits of each shape (by id).
    pub layers: Vec<u32>,
    /// Which layers each shape collides with (by id).
    pub masks: Vec<u32>,
    /// `FLAG_*` bits of each id.
    pub flags: Vec<u8>,
    /// How many times each id's shape has been removed, modulo 2^32 (by id; see
    /// [`ShapeStore::generation`]). Cold: only `remove` and the game's questions read it.
    pub generations: Vec<u32>,
    /// The row of each id (live or free).
    pub id_to_row: Vec<u32>,
    /// Each shape's geometry and the transform it had at the last step (what pairs and
    /// queries refer to), by row.
    pub bodies: Vec<Body>,
    /// The world bounding box each shape had at the last step, by row.
    pub aabbs: Vec<Aabb>,
    /// The id of each row.
    pub row_to_id: Vec<u32>,
    /// Where each row's polygon points start in `polygon_points`, and how many there are
    /// (none for other kinds), by row.
    pub point_spans: Vec<(u32, u32)>,
    /// A copy of every stored polygon's points (vertices, then normals, as
    /// [`ConvexPolygon`](crate::shape::ConvexPolygon) keeps them), in row order after each
    /// reorder; polygons added since are appended. The poses and the narrow phase read
    /// these: the polygons' own buffers stay where they were allocated, in the order the
    /// shapes were added, so reading them in row order would jump across the heap.
    pub polygon_points: Vec<Vec2>,
    /// How many of `polygon_points` belong to live polygons (the rest are left by
    /// removals until the next compaction).
    live_points: usize,
    /// Position of each live shape's row inside `dynamic_rows` or `static_rows`, by row.
    list_positions: Vec<u32>,
    /// Rows of the live moving shapes (ascending right after a reorder; adds append).
    pub dynamic_rows: Vec<u32>,
    /// Rows of the live static shapes, in no particular order.
    pub static_rows: Vec<u32>,
    /// Freed ids, reused last-in first-out.
    free_ids: Vec<u32>,
    /// Ids issued since the last step (their `FLAG_FRESH` is cleared by the step).
    pub fresh_ids: Vec<u32>,
    /// The live ids in ascending order, rebuilt by [`ShapeStore::live_ids`] when an add or
    /// a removal made it stale.
    live_ids: Vec<u32>,
    /// An id was issued or freed since `live_ids` was built.
    live_ids_stale: bool,
    /// The game's tag of each shape (by id; 0 for free slots and until the game sets one).
    /// The world never reads it.
    pub tags: Vec<u32>,
    /// Bumped whenever the `xs`/`ys`/`angles` buffers move in memory or grow by a slot, so
    /// views over them know to rebuild.
    pub layout_version: u32,
    /// Scratch space of [`ShapeStore::reorder_rows`].
    reorder: ReorderScratch,
}

/// Buffers reused by every reorder, so that it allocates nothing once grown.
#[derive(Clone, Debug, Default)]
struct ReorderScratch {
    /// `(spatial key, row)` of each moving shape.
    keyed: Vec<(u32, u32)>,
    /// The radix sort's buffer.
    buffer: Vec<(u32, u32)>,
    /// The row whose content each row takes.
    sources: Vec<u32>,
    /// The next `bodies`, `aabbs`, `point_spans`, `row_to_id` (gathered, then swapped in).
    bodies: Vec<Body>,
    aabbs: Vec<Aabb>,
    spans: Vec<(u32, u32)>,
    ids: Vec<u32>,
    /// The next `polygon_points`, built by compaction.
    points: Vec<Vec2>,
}

/// A shape and its pose at the last step, stored together because the narrow phase
/// always reads both.
#[derive(Clone, Debug)]
pub struct Body {
    /// The transform the last step used.
    pub pose: Transform,
    /// Kind and parameters (a placeholder point in free rows).
    pub shape: Shape,
}

/// What is stored about a shape apart from its transform.
#[derive(Clone, Debug)]
pub struct SlotInit {
    /// The geometry.
    pub shape: Shape,
    /// Layer bits.
    pub layer: u32,
    /// Mask bits.
    pub mask: u32,
    /// Static or moving.
    pub is_static: bool,
}

/// Spreads the low 16 bits of `v` to the even bits (the Z-order interleave).
#[inline]
fn spread_bits(v: u32) -> u32 {
    let mut v = v & 0xFFFF;
    v = (v | (v << 8)) & 0x00FF_00FF;
    v = (v | (v << 4)) & 0x0F0F_0F0F;
    v = (v | (v << 2)) & 0x3333_3333;
    (v | (v << 1)) & 0x5555_5555
}

impl ReorderScratch {
    /// Fills `keyed` with the moving `rows`, sorted along the Z-order curve over the
    /// centres of their boxes.
    fn sort_along_curve(&mut self, rows: &[u32], aabbs: &[Aabb]) {
        // The centres' bounds, then 16 bits per axis with one scale for both, so that the
        // curve's cells stay square.
        let (mut lo, mut hi) = (Vec2::new(f32::MAX, f32::MAX), Vec2::new(f32::MIN, f32::MIN));
        for &row in rows {
            let centre = aabbs[row as usize].center();
            lo = lo.min(centre);
            hi = hi.max(centre);
        }
        let extent = (hi.x - lo.x).max(hi.y - lo.y);
        let scale = if extent > 0.0 { 65535.0 / extent } else { 0.0 };
        self.keyed.clear();
        for &row in rows {
            let key = z_order_key(aabbs[row as usize].center(), lo, scale);
            self.keyed.push((key, row));
        }
        radix_sort_by_key(&mut self.keyed, &mut self.buffer, 32, (0, 0), first_as_key);
    }
}

/// The position of `point` along the Z-order curve over a square of 65,536 × 65,536
/// cells with its corner at `lo` and `scale` cells per unit.
#[inline]
fn z_order_key(point: Vec2, lo: Vec2, scale: f32) -> u32 {
    let offset = (point - lo) * scale;
    // `as` saturates below 0; the upper clamp guards against rounding past 65535.
    let cell = |v: f32| min_f32(v, 65535.0) as u32;
    spread_bits(cell(offset.x)) | spread_bits(cell(offset.y)) << 1
}

/// Replaces `items` by `items[sources[0]], items[sources[1]], …` (`sources` a
/// permutation), taking each item out with `take`. `scratch` becomes the old table; both
/// keep their capacity, so nothing is allocated once they have grown.
fn gather<T>(
    items: &mut Vec<T>,
    scratch: &mut Vec<T>,
    sources: &[u32],
    mut take: impl FnMut(&mut T) -> T,
) {
    scratch.clear();
    scratch.extend(
        sources
            .iter()
            .map(|&source| take(&mut items[source as usize])),
    );
    core::mem::swap(items, scratch);
}

/// The radix key of a `(key, payload)` item. A named function rather than a closure, so
/// that every such sort shares one copy of the radix sort in the wasm.
fn first_as_key(item: &(u32, u32)) -> u64 {
    u64::from(item.0)
}

impl ShapeStore {
    /// An empty store.
    #[must_use]
    pub fn new() -> ShapeStore {
        ShapeStore::default()
    }

    /// The number of ids (live or free): the length of every column, and the number of
    /// rows.
    #[inline]
    #[must_use]
    pub fn slot_count(&self) -> usize {
        self.flags.len()
    }

    /// The number of live shapes.
    #[inline]
    #[must_use]
    pub fn live_count(&self) -> usize {
        self.dynamic_rows.len() + self.static_rows.len()
    }

    /// True when `id` names a live shape.
    #[inline]
    #[must_use]
    pub fn is_alive(&self, id: u32) -> bool {
        self.flags
            .get(id as usize)
            .is_some_and(|f| f & FLAG_ALIVE != 0)
    }

    /// True when the layer filter lets the shapes `a` and `b` pair: each is on a layer
    /// the other's mask accepts.
    #[inline]
    #[must_use]
    pub fn filters_pass(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        self.layers[a] & self.masks[b] != 0 && self.layers[b] & self.masks[a] != 0
    }

    /// True when `id` names a live static shape.
    #[inline]
    #[must_use]
    pub fn is_static(&self, id: u32) -> bool {
        self.flags
            .get(id as usize)
            .is_some_and(|f| f & (FLAG_ALIVE | FLAG_STATIC) == FLAG_ALIVE | FLAG_STATIC)
    }

    /// The generation of `id`: how many times a shape under this id has been removed,
    /// modulo 2^32. A live shape keeps the generation its id had when it was added; a free
    /// id already has the one the next shape under it will get; an id never issued has 0.
    #[inline]
    #[must_use]
    pub fn generation(&self, id: u32) -> u32 {
        self.generations.get(id as usize).copied().unwrap_or(0)
    }

    /// The row holding the hot data of `id` (which must be below [`Self::slot_count`]).
    #[inline]
    #[must_use]
    pub fn row(&self, id: u32) -> usize {
        self.id_to_row[id as usize] as usize
    }

    /// Stores a shape at `(x, y, angle)` and returns its id. The caller has validated
    /// everything.
    pub fn insert(&mut self, init: SlotInit, x: f32, y: f32, angle: f32) -> u32 {
        let pose = Transform::from_xy_angle(x, y, angle);
        let aabb = init.shape.aabb(&pose);
        let flags = FLAG_ALIVE | FLAG_FRESH | if init.is_static { FLAG_STATIC } else { 0 };
        let id = match self.free_ids.pop() {
            Some(id) => id,
            None => {
                let id = self.flags.len() as u32;
                self.xs.push(0.0);
                self.ys.push(0.0);
                self.angles.push(0.0);
                self.layers.push(0);
                self.masks.push(0);
                self.flags.push(0);
                self.generations.push(0);
                self.tags.push(0);
                // A new id gets a new row at the end, until the next reorder.
                self.id_to_row.push(self.bodies.len() as u32);
                self.row_to_id.push(id);
                self.bodies.push(Body {
                    pose: Transform::IDENTITY,
                    shape: Shape::Point,
                });
                self.aabbs.push(Aabb::new(Vec2::ZERO, Vec2::ZERO));
                self.point_spans.push((0, 0));
                self.list_positions.push(0);
                // The columns grew (and may have moved): views over them are stale.
                self.layout_version = self.layout_version.wrapping_add(1);
                id
            }
        };
        let slot = id as usize;
        let row = self.row(id);
        self.xs[slot] = x;
        self.ys[slot] = y;
        self.angles[slot] = angle;
        self.layers[slot] = init.layer;
        self.masks[slot] = init.mask;
        self.flags[slot] = flags;
        self.tags[slot] = 0;
        self.live_ids_stale = true;
        let points = init.shape.polygon_points();
        self.point_spans[row] = (self.polygon_points.len() as u32, points.len() as u32);
        self.polygon_points.extend_from_slice(points);
        self.live_points += points.len();
        self.bodies[row] = Body {
            pose,
            shape: init.shape,
        };
        // Removals leave holes: compact once they outweigh the live points.
        if self.polygon_points.len() > 2 * self.live_points + 1024 {
            self.reorder_points();
        }
        self.aabbs[row] = aabb;
        let list = if init.is_static {
            &mut self.static_rows
        } else {
            &mut self.dynamic_rows
        };
        self.list_positions[row] = list.len() as u32;
        list.push(row as u32);
        self.fresh_ids.push(id);
        id
    }

    /// Frees the id of a live shape. The caller has checked that `id` is alive.
    pub fn remove(&mut self, id: u32) {
        let slot = id as usize;
        let row = self.row(id);
        let list = if self.flags[slot] & FLAG_STATIC != 0 {
            &mut self.static_rows
        } else {
            &mut self.dynamic_rows
        };
        let position = self.list_positions[row] as usize;
        list.swap_remove(position);
        if let Some(&moved) = list.get(position) {
            self.list_positions[moved as usize] = position as u32;
        }
        self.flags[slot] = 0;
        self.tags[slot] = 0;
        self.live_ids_stale = true;
        // Bumped here rather than on reuse, so that the freed id already answers with a
        // generation its old shape never had.
        self.generations[slot] = self.generations[slot].wrapping_add(1);
        // Drop the polygon's vertex buffers now rather than when the id is reused.
        self.bodies[row].shape = Shape::Point;
        self.live_points -= self.point_spans[row].1 as usize;
        self.point_spans[row] = (0, 0);
        self.free_ids.push(id);
    }

    /// Rewrites `polygon_points` in row order and without holes. Finishes a reorder: a
    /// separate call, so that a world can do it one step after [`ShapeStore::reorder_rows`]
    /// and spread the cost (until then the copies are where they were, and correct).
    /// Allocates nothing once its buffer has grown.
    pub fn reorder_points(&mut self) {
        let next = &mut self.reorder.points;
        next.clear();
        for span in self.point_spans.iter_mut() {
            let (start, len) = (span.0 as usize, span.1 as usize);
            span.0 = next.len() as u32;
            next.extend_from_slice(&self.polygon_points[start..start + len]);
        }
        core::mem::swap(&mut self.polygon_points, next);
    }

    /// Clears the "issued since the last step" marks.
    pub fn clear_fresh(&mut self) {
        for &id in &self.fresh_ids {
            self.flags[id as usize] &= !FLAG_FRESH;
        }
        self.fresh_ids.clear();
    }

    /// Puts the moving shapes' rows in spatial order: sorted along a Z-order curve over
    /// the centres of their current boxes, within the set of rows they already hold.
    /// Static shapes and free ids keep their rows. Allocates nothing once its buffers have
    /// grown; `O(n)` plus the random reads of the permutation.
    pub fn reorder_rows(&mut self) {
        let ShapeStore {
            bodies,
            aabbs,
            row_to_id,
            point_spans,
            id_to_row,
            dynamic_rows,
            list_positions,
            flags,
            reorder,
            ..
        } = self;
        if dynamic_rows.len() < 2 {
            return;
        }
        reorder.sort_along_curve(dynamic_rows, aabbs);
        // The k-th shape along the curve goes to the k-th smallest moving row.
        dynamic_rows.clear();
        dynamic_rows.extend((0..row_to_id.len() as u32).filter(|&row| {
            flags[row_to_id[row as usize] as usize] & (FLAG_ALIVE | FLAG_STATIC) == FLAG_ALIVE
        }));
        let sources = &mut reorder.sources;
        sources.clear();
        sources.extend(0..bodies.len() as u32);
        for (&(_, from), &to) in reorder.keyed.iter().zip(dynamic_rows.iter()) {
            sources[to as usize] = from;
        }
        // Gathered into second tables rather than permuted in place: following the
        // permutation's cycles chains one random read to the next, where a gather's reads
        // are independent.
        let placeholder = || Body {
            pose: Transform::IDENTITY,
            shape: Shape::Point,
        };
        gather(bodies, &mut reorder.bodies, sources, |body| {
            core::mem::replace(body, placeholder())
        });
        gather(aabbs, &mut reorder.aabbs, sources, |aabb| *aabb);
        gather(point_spans, &mut reorder.spans, sources, |span| *span);
        gather(row_to_id, &mut reorder.ids, sources, |id| *id);
        for (position, &row) in dynamic_rows.iter().enumerate() {
            id_to_row[row_to_id[row as usize] as usize] = row;
            list_positions[row as usize] = position as u32;
        }
    }

    /// The freed ids, bottom of the stack first: the next add reuses the last one.
    #[must_use]
    pub fn free_ids(&self) -> &[u32] {
        &self.free_ids
    }

    /// Rebuilds everything row-indexed from ids, after the caller (a snapshot being loaded)
    /// refilled every id-indexed column (`xs` … `generations`, `flags`, `tags`) and put
    /// each id's body and box at `bodies[id]` and `aabbs[id]`: row `k` holds id `k`,
    /// polygon points are copied in id order, the row lists and `fresh_ids` follow the
    /// flags, and `free_ids` becomes the given stack. Reuses every buffer; `O(slots)`.
    pub fn rebuild_rows_in_id_order(&mut self, free_ids: impl IntoIterator<Item = u32>) {
        let n = self.flags.len();
        self.id_to_row.clear();
        self.id_to_row.extend(0..n as u32);
        self.row_to_id.clear();
        self.row_to_id.extend(0..n as u32);
        self.point_spans.clear();
        self.polygon_points.clear();
        self.list_positions.clear();
        self.dynamic_rows.clear();
        self.static_rows.clear();
        self.fresh_ids.clear();
        self.live_ids_stale = true;
        for (id, &flags) in self.flags.iter().enumerate() {
            let points = self.bodies[id].shape.polygon_points();
            let start = self.polygon_points.len() as u32;
            self.point_spans.push((start, points.len() as u32));
            self.polygon_points.extend_from_slice(points);
            let list = if flags & FLAG_STATIC != 0 {
                &mut self.static_rows
            } else {
                &mut self.dynamic_rows
            };
            self.list_positions.push(list.len() as u32);
            if flags & FLAG_ALIVE != 0 {
                list.push(id as u32);
            }
            if flags & FLAG_FRESH != 0 {
                self.fresh_ids.push(id as u32);
            }
        }
        self.live_points = self.polygon_points.len();
        self.free_ids.clear();
        self.free_ids.extend(free_ids);
        // The columns were refilled, and may have moved: views over them are stale.
        self.layout_version = self.layout_version.wrapping_add(1);
    }

    /// The live ids in ascending order: one pass over the flags when an id was issued or
    /// freed since the last call, none otherwise. Allocates nothing once the list has grown
    /// to the most live shapes.
    pub fn live_ids(&mut self) -> &[u32] {
        if self.live_ids_stale {
            self.live_ids.clear();
            let live = self
                .flags
                .iter()
                .enumerate()
                .filter(|(_, &f)| f & FLAG_ALIVE != 0);
            self.live_ids.extend(live.map(|(id, _)| id as u32));
            self.live_ids_stale = false;
        }
        &self.live_ids
    }

    /// Checks the store's invariants; used by tests after every operation.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.slot_count();
        for column in [
            self.xs.len(),
            self.ys.len(),
            self.angles.len(),
            self.layers.len(),
            self.masks.len(),
            self.generations.len(),
            self.tags.len(),
            self.id_to_row.len(),
            self.bodies.len(),
            self.aabbs.len(),
            self.row_to_id.len(),
            self.point_spans.len(),
            self.list_positions.len(),
        ] {
            if column != n {
                return Err(format!("column length {column} != slot count {n}"));
            }
        }
        for (id, &row) in self.id_to_row.iter().enumerate() {
            if self.row_to_id.get(row as usize) != Some(&(id as u32)) {
                return Err(format!("id {id} -> row {row} does not map back"));
            }
        }
        self.validate_point_copies()?;
        self.validate_row_lists()?;
        self.validate_live_ids()?;
        let live = self.flags.iter().filter(|f| *f & FLAG_ALIVE != 0).count();
        if live != self.live_count() || live + self.free_ids.len() != n {
            return Err(format!(
                "{live} live, {} listed, {} free, {n} slots",
                self.live_count(),
                self.free_ids.len()
            ));
        }
        Ok(())
    }

    /// Each row's copy of its polygon points equals the polygon's own, and the count of
    /// live points is right.
    fn validate_point_copies(&self) -> Result<(), String> {
        let mut live_points = 0;
        for (row, &(start, len)) in self.point_spans.iter().enumerate() {
            let copy = self
                .polygon_points
                .get(start as usize..(start + len) as usize);
            let want = self.bodies[row].shape.polygon_points();
            if copy != Some(want) {
                return Err(format!("row {row}: point copy {copy:?} != {want:?}"));
            }
            live_points += want.len();
        }
        if live_points != self.live_points {
            return Err(format!(
                "{} live points counted, {live_points} stored",
                self.live_points
            ));
        }
        Ok(())
    }

    /// `live_ids`, unless stale, holds the live ids ascending; free slots have tag 0.
    fn validate_live_ids(&self) -> Result<(), String> {
        let live = (0..self.slot_count() as u32).filter(|&id| self.is_alive(id));
        if !self.live_ids_stale && !live.eq(self.live_ids.iter().copied()) {
            return Err("the live ids are not the live slots, ascending".into());
        }
        let tagged_free =
            (0..self.slot_count()).find(|&s| !self.is_alive(s as u32) && self.tags[s] != 0);
        match tagged_free {
            Some(s) => Err(format!("free slot {s} has tag {}", self.tags[s])),
            None => Ok(()),
        }
    }

    /// The moving and static row lists hold live shapes of their kind, at the positions
    /// `list_positions` records.
    fn validate_row_lists(&self) -> Result<(), String> {
        for (list, want_static) in [(&self.dynamic_rows, false), (&self.static_rows, true)] {
            for (position, &row) in list.iter().enumerate() {
                let id = self.row_to_id[row as usize];
                if !self.is_alive(id) || self.is_static(id) != want_static {
                    return Err(format!(
                        "id {id} listed with wrong flags {}",
                        self.flags[id as usize]
                    ));
                }
                if self.list_positions[row as usize] as usize != position {
                    return Err(format!("id {id} has a stale list position"));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_order_interleaves_the_axes() {
        let key = |x: f32, y: f32| z_order_key(Vec2::new(x, y), Vec2::ZERO, 1.0);
        assert_eq!(key(0.0, 0.0), 0);
        assert_eq!(key(1.0, 0.0), 1);
        assert_eq!(key(0.0, 1.0), 2);
        assert_eq!(key(3.0, 3.0), 15);
        assert_eq!(key(65535.0, 65535.0), u32::MAX);
        // Out of range saturates instead of wrapping.
        assert_eq!(key(-5.0, 1e9), 0xAAAA_AAAA);
    }

    /// A circle, or a regular polygon with 3 to 6 vertices.
    fn some_shape(i: usize, size: f32) -> Shape {
        let n = 3 + i % 5;
        if n == 7 {
            return Shape::circle(size).unwrap();
        }
        let points: Vec<Vec2> = (0..n)
            .map(|k| {
                let a = k as f32 * core::f32::consts::TAU / n as f32;
                Vec2::new(size * a.cos(), size * a.sin())
            })
            .collect();
        Shape::polygon(&points).unwrap()
    }

    #[test]
    fn reordering_sorts_moving_rows_along_the_curve_and_keeps_the_rest() {
        let mut store = ShapeStore::new();
        let mut rng = crate::test_rng::Mulberry32::new(7);
        let mut next = || rng.f32();
        for i in 0..600 {
            let init = SlotInit {
                shape: some_shape(i, 0.5 + next()),
                layer: 1,
                mask: u32::MAX,
                is_static: i % 7 == 0,
            };
            store.insert(init, 1000.0 * next(), 400.0 * next(), 0.0);
        }
        for id in (0..600).step_by(13) {
            store.remove(id);
        }
        let static_rows_before = store.static_rows.clone();
        let row_of_id_before: Vec<u32> = store.id_to_row.clone();
        let by_id = |store: &ShapeStore| -> Vec<(Aabb, Shape)> {
            (0..store.slot_count() as u32)
                .map(|id| {
                    let row = store.row(id);
                    (store.aabbs[row], store.bodies[row].shape.clone())
                })
                .collect()
        };
        let before = by_id(&store);

        for _ in 0..2 {
            store.reorder_rows();
            store.validate().unwrap();
            store.reorder_points();
            store.validate().unwrap();

            // Every id still names its own shape and box; static and free ids kept their
            // rows.
            assert_eq!(by_id(&store), before);
            assert_eq!(store.static_rows, static_rows_before);
            for id in 0..600u32 {
                if !store.is_alive(id) || store.is_static(id) {
                    assert_eq!(store.id_to_row[id as usize], row_of_id_before[id as usize]);
                }
            }
            // Moving rows ascend, and their centres follow the curve (same bounds).
            let rows = &store.dynamic_rows;
            assert!(rows.windows(2).all(|w| w[0] < w[1]));
            let centres: Vec<Vec2> = rows
                .iter()
                .map(|&r| store.aabbs[r as usize].center())
                .collect();
            let lo = centres
                .iter()
                .fold(Vec2::new(f32::MAX, f32::MAX), |a, &c| a.min(c));
            let hi = centres
                .iter()
                .fold(Vec2::new(f32::MIN, f32::MIN), |a, &c| a.max(c));
            let scale = 65535.0 / (hi.x - lo.x).max(hi.y - lo.y);
            let keys: Vec<u32> = centres.iter().map(|&c| z_order_key(c, lo, scale)).collect();
            assert!(keys.windows(2).all(|w| w[0] <= w[1]));
            // The polygons' point copies follow the rows.
            let starts: Vec<u32> = rows
                .iter()
                .filter(|&&r| store.point_spans[r as usize].1 > 0)
                .map(|&r| store.point_spans[r as usize].0)
                .collect();
            assert!(starts.len() > 200);
            assert!(starts.windows(2).all(|w| w[0] < w[1]));
        }
        // The rows moved: in insertion order the keys were far from sorted.
        assert_ne!(store.id_to_row, row_of_id_before);
    }

    #[test]
    fn removal_bumps_the_generation_and_it_wraps() {
        let mut store = ShapeStore::new();
        let init = || SlotInit {
            shape: Shape::Point,
            layer: 1,
            mask: u32::MAX,
            is_static: false,
        };
        let (a, b) = (
            store.insert(init(), 0.0, 0.0, 0.0),
            store.insert(init(), 0.0, 0.0, 0.0),
        );
        assert_eq!((store.generation(a), store.generation(b)), (0, 0));
        assert_eq!(store.generation(7), 0, "an id never issued");
        store.remove(a);
        assert_eq!(store.generation(a), 1, "a free id");
        assert_eq!(store.insert(init(), 0.0, 0.0, 0.0), a);
        assert_eq!((store.generation(a), store.generation(b)), (1, 0));
        // After 2^32 removals of one id its generation comes round again.
        store.generations[a as usize] = u32::MAX;
        store.remove(a);
        assert_eq!(store.generation(a), 0);
        store.validate().unwrap();
    }
}
