//! The tag column of a snapshot: the game's tags, one word per slot (0 in free slots), after
//! the point lists when the header's flag bit 3 says so. A world that never tagged a shape
//! writes no column and no flag: its snapshot is byte for byte what it was before tags
//! existed. A game that tags shapes tags most of them (an entity id each), so a column is
//! as small as a list of `id, tag` records would be, and it is read and written as the
//! other columns are.

use super::{same, Out};
use crate::world::World;

impl World {
    /// True when some shape has a tag.
    pub(super) fn has_tags(&self) -> bool {
        self.store.tags.iter().any(|&tag| tag != 0)
    }

    /// Writes the tag column.
    pub(super) fn write_tags(&self, o: &mut Out) {
        o.words(&self.store.tags, same);
    }
}
