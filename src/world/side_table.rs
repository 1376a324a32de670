//! A side table by id: the extra data of the shapes whose row holds only a stand-in
//! (a concave polygon's hull, a chain's rectangle), kept beside the store.
//!
//! Concave polygons (`concave.rs`) and chains (`chain.rs`) are stored the same way: the
//! broad phase, the poses and the boxes read the row's convex stand-in, and every exact
//! test that meets such an id reads its entry here instead. One table type serves both,
//! so that adding, removing, snapshot loads and the validity check are written once.
//!
//! The table is a `Vec` by id, grown only when an entry is added (the step reads it
//! without allocating); each entry is boxed, so that a load can move it from one world's
//! table to another's without copying its buffers. A world with no entry pays one test of
//! a counter per lookup.

use crate::shape::Shape;
use crate::store::ShapeStore;

/// Entries of type `T` by id, and how many there are.
#[derive(Clone, Debug)]
pub(super) struct SideTable<T> {
    by_id: Vec<Option<Box<T>>>,
    count: usize,
}

impl<T> Default for SideTable<T> {
    fn default() -> Self {
        SideTable {
            by_id: Vec::new(),
            count: 0,
        }
    }
}

impl<T> SideTable<T> {
    /// The entry of `id`, if it has one.
    #[inline]
    pub(super) fn get(&self, id: u32) -> Option<&T> {
        if self.count == 0 {
            return None;
        }
        self.by_id.get(id as usize).and_then(|c| c.as_deref())
    }

    /// The entry of `id`, to change it, if it has one.
    pub(super) fn get_mut(&mut self, id: u32) -> Option<&mut T> {
        self.by_id
            .get_mut(id as usize)
            .and_then(|c| c.as_deref_mut())
    }

    /// How many entries there are.
    #[inline]
    pub(super) fn count(&self) -> usize {
        self.count
    }

    /// True when `a` or `b` has an entry (checked only while some id has).
    #[inline]
    pub(super) fn involves(&self, a: u32, b: u32) -> bool {
        self.count > 0 && (self.get(a).is_some() || self.get(b).is_some())
    }

    /// Forgets the entry of `id`, if it had one (called on every removal).
    pub(super) fn remove(&mut self, id: u32) {
        self.take(id);
    }

    /// Stores `entry` under `id`.
    pub(super) fn insert(&mut self, id: u32, entry: T) {
        self.insert_boxed(id, Box::new(entry));
    }

    /// Stores `entry` under `id` (which holds none).
    pub(super) fn insert_boxed(&mut self, id: u32, entry: Box<T>) {
        let i = id as usize;
        if self.by_id.len() <= i {
            self.by_id.resize_with(i + 1, || None);
        }
        self.count += usize::from(self.by_id[i].is_none());
        self.by_id[i] = Some(entry);
    }

    /// Takes the entry of `id` out of the table, if it has one (a snapshot load keeps the
    /// target's entries that the snapshot holds too).
    pub(super) fn take(&mut self, id: u32) -> Option<Box<T>> {
        let taken = self.by_id.get_mut(id as usize).and_then(Option::take);
        self.count -= usize::from(taken.is_some());
        taken
    }

    /// Every entry belongs to a live id whose row holds `stand_in(entry)`; `what` names
    /// the kind of entry in the message.
    pub(super) fn validate(
        &self,
        store: &ShapeStore,
        what: &str,
        stand_in: impl Fn(&T) -> Shape,
    ) -> Result<(), String> {
        let mut live = 0;
        for (id, entry) in self.by_id.iter().enumerate() {
            if let Some(entry) = entry {
                let id = id as u32;
                if !store.is_alive(id) || store.bodies[store.row(id)].shape != stand_in(entry) {
                    return Err(format!("{what} entry {id} does not match its row"));
                }
                live += 1;
            }
        }
        if live != self.count {
            return Err(format!("{live} {what} entries, {} counted", self.count));
        }
        Ok(())
    }
}
