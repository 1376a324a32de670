//! Buffers that grow or say they cannot, instead of aborting.
//!
//! A step's buffers grow with the number of pairs, which the game does not choose
//! directly: shapes piled at one point give a number of pairs that grows with the square
//! of their count, and a pile of a few thousand asks for gigabytes. `Vec::push` and
//! `Vec::resize` abort when the allocator refuses, and in wasm an abort is a trap that
//! leaves the instance unusable. These helpers grow through `try_reserve` instead, so that
//! the world can fail the step with an error and stay as its last step left it.
//!
//! Growth first asks for the usual doubling (amortised O(1) pushes) and, when that is
//! refused, for an eighth more (or what is needed, when that is more): a pile near the
//! memory's limit may still fit. Never for one item more: a loop of pushes would then copy
//! the whole buffer at every push.
//!
//! Every helper checks the capacity inline and grows out of line, so a hot loop that
//! reserves before it pushes pays one comparison per reservation, not per item.
//!
//! This module depends on nothing else in the crate.

use core::fmt;

/// A buffer could not grow: the allocator refused, or the size does not fit the address
/// space (then `bytes` is what it would have taken).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrowError {
    /// How many items the buffer had to hold.
    pub items: u64,
    /// How many bytes that is.
    pub bytes: u64,
}

impl GrowError {
    /// The error of a buffer of `T` that had to hold `items`. In `u64`, so that a size
    /// beyond the address space of wasm32 (where `usize` has 32 bits) is still told right.
    fn of<T>(items: u64) -> GrowError {
        GrowError {
            items,
            bytes: items.saturating_mul(core::mem::size_of::<T>() as u64),
        }
    }
}

impl fmt::Display for GrowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "could not allocate {} bytes for {} items",
            self.bytes, self.items
        )
    }
}

impl std::error::Error for GrowError {}

/// Makes room in `v` for `additional` more items.
#[inline(always)]
pub(crate) fn reserve<T>(v: &mut Vec<T>, additional: usize) -> Result<(), GrowError> {
    if v.capacity() - v.len() >= additional {
        Ok(())
    } else {
        grow(v, additional)
    }
}

#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, additional: usize) -> Result<(), GrowError> {
    let smaller_step = additional.max(v.capacity() / 8);
    if v.try_reserve(additional).is_ok() || v.try_reserve_exact(smaller_step).is_ok() {
        Ok(())
    } else {
        Err(GrowError::of::<T>(
            (v.len() as u64).saturating_add(additional as u64),
        ))
    }
}

/// Appends `item` to `v`.
#[inline(always)]
pub(crate) fn push<T>(v: &mut Vec<T>, item: T) -> Result<(), GrowError> {
    reserve(v, 1)?;
    v.push(item);
    Ok(())
}

/// Resizes `v` to `len` items (`len` in `u64`, as it may be computed beyond the address
/// space), filling new ones with `value`.
#[inline]
pub(crate) fn resize<T: Clone>(v: &mut Vec<T>, len: u64, value: T) -> Result<(), GrowError> {
    let Ok(len) = usize::try_from(len) else {
        return Err(GrowError::of::<T>(len));
    };
    if len > v.len() {
        reserve(v, len - v.len())?;
    }
    v.resize(len, value);
    Ok(())
}

/// An empty buffer with room for `capacity` items, to replace `v` when `v` has less room
/// (`None` when it has enough). For buffers whose content must survive a failure: the
/// replacement is allocated before `v` is touched, and `v` keeps its content and address
/// when the allocation fails. (Growing `v` itself would also copy the content that the
/// caller is about to overwrite.)
pub(crate) fn replacement<T>(v: &Vec<T>, capacity: usize) -> Result<Option<Vec<T>>, GrowError> {
    if v.capacity() >= capacity {
        return Ok(None);
    }
    let mut new = Vec::new();
    reserve(&mut new, capacity.max(v.capacity().saturating_mul(2)))
        .or_else(|_| reserve_exact(&mut new, capacity))?;
    Ok(Some(new))
}

fn reserve_exact<T>(v: &mut Vec<T>, additional: usize) -> Result<(), GrowError> {
    v.try_reserve_exact(additional)
        .map_err(|_| GrowError::of::<T>(additional as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_beyond_the_address_space_is_an_error_with_its_bytes() {
        let mut v: Vec<u64> = Vec::new();
        let err = reserve(&mut v, usize::MAX).unwrap_err();
        assert_eq!(err.items, usize::MAX as u64);
        assert_eq!(err.bytes, u64::MAX);
        let err = resize(&mut v, u64::MAX / 16, 0).unwrap_err();
        assert_eq!(err.bytes, u64::MAX / 16 * 8);
        assert!(replacement(&v, usize::MAX / 2).is_err());
        assert!(v.is_empty());
    }

    #[test]
    fn growth_keeps_the_content() {
        let mut v = vec![1u32, 2, 3];
        reserve(&mut v, 100).unwrap();
        assert!(v.capacity() >= 103);
        push(&mut v, 4).unwrap();
        resize(&mut v, 6, 9).unwrap();
        assert_eq!(v, [1, 2, 3, 4, 9, 9]);
        resize(&mut v, 2, 0).unwrap();
        assert_eq!(v, [1, 2]);
        let bigger = replacement(&v, 1000).unwrap().unwrap();
        assert!(bigger.is_empty() && bigger.capacity() >= 1000);
        assert!(replacement(&v, 2).unwrap().is_none());
        assert_eq!(v, [1, 2]);
    }
}
