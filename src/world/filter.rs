//! Which shapes a query may report: the [`QueryFilter`] that queries, casts, rays, sweeps
//! and the distance queries take where they once took a bare layer mask.
//!
//! A game asks two things of such a filter besides layers: "not this one" (a bullet must
//! not hit its shooter, an enemy looking for the nearest other enemy must not find itself)
//! and "not that kind" (statics, sensors). Layers could express the first only by giving
//! every shooter a layer of its own. So the filter carries one id to exclude and two flags,
//! and a `u32` converts into it (the mask alone, nothing excluded), so that every caller
//! that passed a mask still does.
//!
//! The test runs per candidate, after the broad phase and before the exact test, on
//! columns the candidate's layer test already reads (the layer and the flags of its id).

use crate::store::{ShapeStore, FLAG_SENSOR};

/// Which shapes a query, cast, ray, sweep or distance query may report.
///
/// ```
/// use sepax::world::QueryFilter;
/// // A mask converts into a filter that excludes nothing else.
/// assert_eq!(QueryFilter::from(0b10), QueryFilter { mask: 0b10, ..QueryFilter::default() });
/// // Every layer, but not shape 7 and no static shape.
/// let filter = QueryFilter { exclude: Some(7), exclude_statics: true, ..QueryFilter::default() };
/// assert_eq!(filter.mask, u32::MAX);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryFilter {
    /// Only shapes on a layer in this mask (`layer & mask != 0`).
    pub mask: u32,
    /// A shape never reported (the shooter of a bullet, the asker of a nearest query).
    pub exclude: Option<u32>,
    /// Leave out static shapes.
    pub exclude_statics: bool,
    /// Leave out sensors (shapes added with the sensor option).
    pub exclude_sensors: bool,
}

impl Default for QueryFilter {
    /// Every layer, nothing excluded.
    fn default() -> Self {
        QueryFilter {
            mask: u32::MAX,
            exclude: None,
            exclude_statics: false,
            exclude_sensors: false,
        }
    }
}

impl From<u32> for QueryFilter {
    /// The filter of a bare layer mask.
    fn from(mask: u32) -> Self {
        QueryFilter {
            mask,
            ..QueryFilter::default()
        }
    }
}

impl QueryFilter {
    /// True when the live shape `id` of `store` passes the filter.
    #[inline]
    #[must_use]
    pub fn accepts(&self, store: &ShapeStore, id: u32) -> bool {
        store.layers[id as usize] & self.mask != 0
            && self.exclude != Some(id)
            && !(self.exclude_statics && store.is_static(id))
            && !(self.exclude_sensors && store.flags[id as usize] & FLAG_SENSOR != 0)
    }
}
