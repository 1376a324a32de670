//! Buffers that grow or say they cannot, instead of aborting.
//!
//! A step's buffers grow with the number of pairs, which the game does not choose
//! directly: shapes piled at one point give a number of pairs that grows with the square
//! of their count, and a pile of a few thousand asks for gigabytes. `Vec::push` and
//! `Vec::resize` abort when the allocator refuses, and in wasm an abort is a trap that
//! leaves the instance unusable. These helpers grow through `try_reserve` instead, so that
//! the world can fail the step with an error and stay as its last step left it.
//!
//! Growth asks for the usual doubling (amortised O(1) pushes), like `push`; a buffer that
//! replaces another whole asks for exactly what it needs when the doubling is refused.
//!
//! Every helper checks the capacity inline and grows out of line, so a hot loop that
//! reserves before it pushes pays one comparison per reservation, not per item.
//!
//! This module depends on nothing else in the crate.

use core::fmt;

/// A buffer could not grow: the allocator refused, or the size does not fit the address
/// space (then `bytes` is what it would have taken, at most `usize::MAX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrowError {
    /// How many items the buffer had to hold (at most `usize::MAX`).
    pub items: usize,
    /// How many bytes that is (at most `usize::MAX`).
    pub bytes: usize,
}

impl GrowError {
    /// The error of a buffer of `T` that had to hold `items`. Counted in `u64` and cut to
    /// `usize::MAX`: in wasm32 a pile's pairs can outnumber the address space.
    fn of<T>(items: u64) -> GrowError {
        let bytes = items.saturating_mul(core::mem::size_of::<T>() as u64);
        GrowError {
            items: usize::try_from(items).unwrap_or(usize::MAX),
            bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
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
    v.try_reserve(additional)
        .map_err(|_| GrowError::of::<T>((v.len() as u64).saturating_add(additional as u64)))
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
///
/// Asks for twice `v`'s room when that is more, like the doubling of `push`, and for
/// `capacity` exactly when the allocator refuses the doubling.
#[inline(never)]
pub(crate) fn replacement<T>(v: &Vec<T>, capacity: usize) -> Result<Option<Vec<T>>, GrowError> {
    if v.capacity() >= capacity {
        return Ok(None);
    }
    let mut new = Vec::new();
    let doubled = capacity.max(v.capacity().saturating_mul(2));
    if new.try_reserve_exact(doubled).is_ok() || new.try_reserve_exact(capacity).is_ok() {
        Ok(Some(new))
    } else {
        Err(GrowError::of::<T>(capacity as u64))
    }
}

/// Empties `v`, or replaces it with `room` (a [`replacement`]).
#[inline(never)]
pub(crate) fn clear_into<T>(v: &mut Vec<T>, room: Option<Vec<T>>) {
    match room {
        Some(room) => *v = room,
        None => v.clear(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_beyond_the_address_space_is_an_error_with_its_bytes() {
        let mut v: Vec<u64> = Vec::new();
        let err = reserve(&mut v, usize::MAX).unwrap_err();
        assert_eq!((err.items, err.bytes), (usize::MAX, usize::MAX));
        let err = resize(&mut v, u64::MAX / 2, 0).unwrap_err();
        let items = usize::try_from(u64::MAX / 2).unwrap_or(usize::MAX);
        assert_eq!((err.items, err.bytes), (items, usize::MAX));
        let err = replacement(&v, usize::MAX / 4).unwrap_err();
        assert_eq!(err.bytes, usize::MAX);
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
