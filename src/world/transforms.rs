//! Writing transforms: one shape, a batch, or the columns themselves (the zero-copy views
//! of JavaScript), and what a write tells the rest of the world. A checked write marks
//! the statics dirty when it moves a static shape and queues the id for the queries
//! (`changes.rs`); writes through the columns are seen by the next step, or by
//! [`World::refresh`], which compares the columns with the poses.

use super::errors::ArgName::{Element, Plain};
use super::errors::{check_angle, check_coordinate};
use super::{World, WorldError};

impl World {
    /// The current (not yet stepped) transform of `id` as `(x, y, angle)`.
    pub fn transform(&self, id: u32) -> Result<(f32, f32, f32), WorldError> {
        self.check_id("id", id)?;
        let s = id as usize;
        Ok((self.store.xs[s], self.store.ys[s], self.store.angles[s]))
    }

    /// Moves one shape.
    pub fn set_transform(&mut self, id: u32, x: f32, y: f32, angle: f32) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        check_coordinate(|| Plain("x"), x)?;
        check_coordinate(|| Plain("y"), y)?;
        check_angle(|| Plain("angle"), angle)?;
        self.write_transform(id, x, y, angle);
        Ok(())
    }

    /// Moves many shapes: `xya` holds `x, y, angle` for each id in `ids`, in order. The
    /// whole batch is checked before any of it is applied.
    pub fn set_transforms(&mut self, ids: &[u32], xya: &[f32]) -> Result<(), WorldError> {
        if xya.len() != ids.len() * 3 {
            return Err(WorldError::LengthMismatch {
                arg: "xya",
                expected: ids.len() * 3,
                actual: xya.len(),
            });
        }
        for (i, (&id, t)) in ids.iter().zip(xya.chunks_exact(3)).enumerate() {
            if !self.store.is_alive(id) {
                return Err(WorldError::UnknownId { arg: "ids", id });
            }
            check_coordinate(|| Element("xya", 3 * i), t[0])?;
            check_coordinate(|| Element("xya", 3 * i + 1), t[1])?;
            check_angle(|| Element("xya", 3 * i + 2), t[2])?;
        }
        for (&id, t) in ids.iter().zip(xya.chunks_exact(3)) {
            self.write_transform(id, t[0], t[1], t[2]);
        }
        Ok(())
    }

    /// Writes a checked transform and tells the world (see the module docs).
    pub(super) fn write_transform(&mut self, id: u32, x: f32, y: f32, angle: f32) {
        let s = id as usize;
        self.store.xs[s] = x;
        self.store.ys[s] = y;
        self.store.angles[s] = angle;
        if self.store.is_static(id) {
            self.statics_dirty = true;
        }
        self.note_change(id);
    }

    /// The x column (indexed by id; free slots hold stale values). Writing it moves the
    /// shapes at the next step, exactly like [`World::set_transform`].
    pub fn xs_mut(&mut self) -> &mut [f32] {
        &mut self.store.xs
    }

    /// The y column; see [`World::xs_mut`].
    pub fn ys_mut(&mut self) -> &mut [f32] {
        &mut self.store.ys
    }

    /// The angle column; see [`World::xs_mut`].
    pub fn angles_mut(&mut self) -> &mut [f32] {
        &mut self.store.angles
    }

    /// Addresses of the `xs`, `ys` and `angles` columns, for zero-copy views from
    /// JavaScript. Valid until the next add (which may move them; see
    /// [`World::layout_version`]).
    #[must_use]
    pub fn transform_column_addresses(&self) -> [usize; 3] {
        [
            self.store.xs.as_ptr() as usize,
            self.store.ys.as_ptr() as usize,
            self.store.angles.as_ptr() as usize,
        ]
    }

    /// Changes whenever the transform columns move in memory or change length: a counter
    /// of such changes, kept below 2^30 so that JavaScript holds it as a small integer
    /// (a larger `u32` becomes a heap number, garbage on every read). Wrapping would take
    /// 2^30 new slots between two reads; a world holds at most [`MAX_SHAPES`](super::MAX_SHAPES) = 2^24.
    #[must_use]
    pub fn layout_version(&self) -> u32 {
        self.store.layout_version & 0x3FFF_FFFF
    }

    /// Marks every static shape as possibly moved, so the next step re-reads all their
    /// transforms. Needed only after writing static shapes' slots through the columns
    /// ([`World::xs_mut`] and the JS views), which the world cannot observe.
    pub fn touch_statics(&mut self) {
        self.statics_dirty = true;
    }
}
