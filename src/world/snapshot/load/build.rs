//! The build of a checked snapshot into a world: every column refilled in place (keeping
//! its allocation), the shapes kept from the target or built by the checks, the rows, the
//! grid and the tree rebuilt. It cannot fail: everything it reads was checked.

use super::layout::{f32_at, u32_at, MOVED_RECORD, POSE_RECORD};
use super::Checked;
use crate::math::{Aabb, Rot, Transform, Vec2};
use crate::narrow_phase::MANIFOLD_STRIDE;
use crate::shape::Shape;
use crate::store::{Body, FLAG_ALIVE, FLAG_SENSOR};
use crate::world::events::pair_key;
use crate::world::side_table::SideTable;
use crate::world::snapshot::{pose_of, same, transform_valid};
use crate::world::{is_custom_filter, World};

/// Replaces the content of `column` by the `count` little-endian words at `at`, each
/// turned into a `T` by `from`, keeping its allocation. One copy per word type for every
/// column (a smaller wasm).
#[inline(never)]
fn read_words<T>(column: &mut Vec<T>, bytes: &[u8], at: usize, count: usize, from: fn(u32) -> T) {
    let words = bytes.get(at..at + 4 * count).unwrap_or(&[]);
    column.clear();
    column.extend(
        words
            .chunks_exact(4)
            .map(|w| from(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))),
    );
}

impl Checked<'_> {
    /// Writes the checked snapshot into `world`. Cannot fail: everything was checked.
    pub(super) fn build(mut self, world: &mut World) {
        let (bytes, l) = (self.bytes, self.layout);
        let n = l.slots;
        let store = &mut world.store;
        read_words(&mut store.xs, bytes, l.xs_at, n, f32::from_bits);
        read_words(&mut store.ys, bytes, l.ys_at, n, f32::from_bits);
        read_words(&mut store.angles, bytes, l.angles_at, n, f32::from_bits);
        read_words(&mut store.layers, bytes, l.layers_at, n, same);
        read_words(&mut store.masks, bytes, l.masks_at, n, same);
        read_words(&mut store.generations, bytes, l.generations_at, n, same);
        store.flags.clear();
        store
            .flags
            .extend_from_slice(&bytes[l.flags_at..l.flags_at + n]);
        store.sensors_seen = store.flags.iter().any(|f| f & FLAG_SENSOR != 0);
        world.resting.reset_to(&store.xs, &store.ys, &store.angles);
        let concaves = core::mem::take(&mut self.concaves);
        let chains = core::mem::take(&mut self.chains);
        let levels = core::mem::take(&mut self.levels);
        self.build_bodies(world);
        rebuild_table(&mut world.concaves, concaves);
        rebuild_table(&mut world.chains, chains);
        rebuild_table(&mut world.grids, levels.grids);
        rebuild_table(&mut world.one_ways, levels.one_ways);
        world.tile_tables = levels.tables;
        let store = &mut world.store;
        if l.tags {
            read_words(&mut store.tags, bytes, l.tags_at, n, same);
        } else {
            store.tags.clear();
            store.tags.resize(n, 0);
        }
        let free = (0..l.free).map(|k| u32_at(bytes, l.free_at + 4 * k));
        store.rebuild_rows_in_id_order(free);
        world.grid.rebuild(&store.dynamic_rows, &store.aabbs);
        world.statics.rebuild(&store.static_rows, &store.aabbs);
        world.statics_dirty = l.statics_dirty;
        world.custom_filter_count = (0..n)
            .filter(|&s| store.flags[s] & FLAG_ALIVE != 0)
            .filter(|&s| is_custom_filter(store.layers[s], store.masks[s]))
            .count();
        read_words(&mut world.pairs, bytes, l.pairs_at, 2 * l.pairs, same);
        read_words(
            &mut world.contacts,
            bytes,
            l.contacts_at,
            3 * l.pairs,
            f32::from_bits,
        );
        read_words(&mut world.started, bytes, l.started_at, 2 * l.started, same);
        read_words(&mut world.ended, bytes, l.ended_at, 2 * l.ended, same);
        let points = &mut world.contact_points;
        points.enabled = l.contact_points;
        points.cells = levels.cells.is_some();
        points.published_cells.clear();
        points.published_cells.extend(levels.cells.iter().flatten());
        let floats = usize::from(l.contact_points) * MANIFOLD_STRIDE * l.pairs;
        read_words(
            &mut points.published,
            bytes,
            l.points_at,
            floats,
            f32::from_bits,
        );
        let pairs = world.pairs.chunks_exact(2);
        world.previous_keys.clear();
        world
            .previous_keys
            .extend(pairs.map(|p| pair_key(p[0], p[1])));
        world.removals.reset();
        for k in 0..l.removed {
            world.removals.mark(u32_at(bytes, l.removed_at + 4 * k));
        }
        // The next step reorders the rows (they are in id order now).
        world.reorder.countdown = 0;
        world.reorder.points_pending = false;
    }

    /// Puts each id's shape, pose and box at `bodies[id]`, `aabbs[id]` (the rows are
    /// rebuilt in id order next), and the moving shapes' last read transforms where a
    /// record gives them.
    fn build_bodies(self, world: &mut World) {
        let (bytes, l) = (self.bytes, self.layout);
        let store = &mut world.store;
        let mut shapes = self.shapes;
        // The shapes kept from the target, taken out of its rows (still the old ones).
        let live = (0..l.slots).filter(|&id| store.flags[id] & FLAG_ALIVE != 0);
        for (shape, id) in shapes.iter_mut().zip(live) {
            if shape.is_none() {
                let row = store.id_to_row[id] as usize;
                *shape = Some(core::mem::replace(
                    &mut store.bodies[row].shape,
                    Shape::Point,
                ));
            }
        }
        store.bodies.clear();
        store.aabbs.clear();
        let mut shapes = shapes.into_iter().flatten();
        let (mut moved, mut poses) = (0, 0);
        for id in 0..l.slots {
            let flags = store.flags[id];
            if flags & FLAG_ALIVE == 0 {
                store.bodies.push(Body {
                    pose: Transform::IDENTITY,
                    shape: Shape::Point,
                });
                store.aabbs.push(Aabb::new(Vec2::ZERO, Vec2::ZERO));
                continue;
            }
            let (x, y, angle) = (store.xs[id], store.ys[id], store.angles[id]);
            let record_id = |start: usize, k: usize, count: usize, size: usize| {
                (k < count).then(|| u32_at(bytes, start + size * k) as usize)
            };
            let pose = if record_id(l.moved_at, moved, l.moved, MOVED_RECORD) == Some(id) {
                let at = l.moved_at + MOVED_RECORD * moved;
                moved += 1;
                let [x, y, angle] = [4, 8, 12].map(|o| f32_at(bytes, at + o));
                world.resting.set_last_transform(id as u32, x, y, angle);
                pose_of(x, y, angle)
            } else if record_id(l.poses_at, poses, l.poses, POSE_RECORD) == Some(id) {
                let at = l.poses_at + POSE_RECORD * poses;
                poses += 1;
                let [x, y, cos, sin] = [4, 8, 12, 16].map(|o| f32_at(bytes, at + o));
                Transform {
                    translation: Vec2::new(x, y),
                    rotation: Rot { cos, sin },
                }
            } else if transform_valid(x, y, angle) {
                pose_of(x, y, angle)
            } else {
                // A fresh shape whose written transform the next step will reject: its
                // pose is never read before a step recomputes it.
                Transform::IDENTITY
            };
            // Always there: one shape was checked per live slot.
            let shape = shapes.next().unwrap_or(Shape::Point);
            store.aabbs.push(shape.aabb(&pose));
            store.bodies.push(Body { pose, shape });
        }
    }
}

/// Replaces the content of `table` by `entries` (`None`: the entry the table holds under
/// that id, kept).
fn rebuild_table<T>(table: &mut SideTable<T>, entries: Vec<(u32, Option<T>)>) {
    let mut old = core::mem::take(table);
    for (id, entry) in entries {
        // Always there: a `None` was the target's own, found in its table.
        if let Some(entry) = entry.map(Box::new).or_else(|| old.take(id)) {
            table.insert_boxed(id, entry);
        }
    }
}
