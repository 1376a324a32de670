//! What a game reads about its shapes without a query: the live ids, a shape's box, and
//! the tag the game gave it.
//!
//! - **Live ids** ([`World::live_ids`]): the ids of the live shapes, ascending, so that a
//!   game walks its shapes without probing every slot. Adds and removals only mark the
//!   list stale (`O(1)`); the next read rebuilds it in one pass over the slots' flag bytes.
//!   An order kept up to date at every add and removal (appends, and the last id moved
//!   into a removed one's place) would make reads free, but its order would be history: a
//!   snapshot would have to store it (4 bytes per shape, in every snapshot of a game that
//!   removes shapes) for a restored world to list its ids as the saved one did, which a
//!   rollback game that walks them must rely on. Ascending order is a function of the
//!   slots, the same in every world that holds them, and the pass costs about as much as
//!   copying the list (see `docs/performance-notes.md`), and only when ids changed.
//! - **Boxes** ([`World::aabb`]): the box the last step used, which is what the broad
//!   phase and every query see (a shape added since: its box where it was added).
//!   Reading the box of the current transform would cost a pose and a box per call, and
//!   disagree with the queries.
//! - **Tags** ([`World::tag`], [`World::set_tag`]): one `u32` per shape that the world
//!   stores and never reads, for the game's own data (an entity id, a kind): a column by
//!   id, like the transforms, so that JavaScript reads it through a view. Tags are in
//!   scenes and snapshots; a removed shape's tag is cleared.

use super::{World, WorldError};
use crate::math::Aabb;

impl World {
    /// The ids of the live shapes, ascending (rebuilt by this call after adds or removals:
    /// see the module docs).
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, World};
    /// let mut world = World::new();
    /// let o = ShapeOptions::default();
    /// for x in 0..4 {
    ///     world.add(Shape::point(), x as f32, 0.0, 0.0, o).unwrap();
    /// }
    /// world.remove(1).unwrap();
    /// assert_eq!(world.live_ids(), [0, 2, 3]);
    /// ```
    pub fn live_ids(&mut self) -> &[u32] {
        self.store.live_ids()
    }

    /// The world box of `id` where it is now (moved or added since the last step too):
    /// the box the queries use.
    pub fn aabb(&mut self, id: u32) -> Result<Aabb, WorldError> {
        self.check_id("id", id)?;
        self.see_changes();
        Ok(self.store.aabbs[self.store.row(id)])
    }

    /// The game's tag of `id` (0 until [`World::set_tag`] gives one).
    pub fn tag(&self, id: u32) -> Result<u32, WorldError> {
        self.check_id("id", id)?;
        Ok(self.store.tags[id as usize])
    }

    /// Gives `id` the tag `tag`, a number the world stores for the game and never reads.
    ///
    /// ```
    /// use sepax::{Shape, ShapeOptions, World};
    /// let mut world = World::new();
    /// let id = world.add(Shape::point(), 0.0, 0.0, 0.0, ShapeOptions::default()).unwrap();
    /// world.set_tag(id, 42).unwrap();
    /// assert_eq!((world.tag(id), world.tags()[id as usize]), (Ok(42), 42));
    /// ```
    pub fn set_tag(&mut self, id: u32, tag: u32) -> Result<(), WorldError> {
        self.check_id("id", id)?;
        self.store.tags[id as usize] = tag;
        Ok(())
    }

    /// The tag column, indexed by id (0 in free slots), for zero-copy views from
    /// JavaScript: it moves when the transform columns do ([`World::layout_version`]).
    #[must_use]
    pub fn tags(&self) -> &[u32] {
        &self.store.tags
    }
}
