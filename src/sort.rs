//! Two general sorts, written here rather than taken from `core`.
//!
//! - [`radix_sort_by_key`] sorts long lists (the shapes along the spatial curve) in linear
//!   time, with a reused buffer: no allocation once the buffers have grown.
//! - [`heap_sort_by_key`] sorts short lists (query results, the pairs ended by removal, a
//!   long run of found pairs) and whatever the radix sort hands it below its threshold.
//! - [`select_nth_by_key`] puts the median of the ids in the middle (the static tree's
//!   splits), in linear time on average.
//!
//! (The found pairs have their own sort, next to them in `world`.)
//!
//! Not `sort_unstable`: every element type sorted with it brings its own copy of the
//! standard library's quicksort, kilobytes of wasm each, and the short lists are mostly a
//! handful of items.
//!
//! This module depends on nothing else in the crate.

/// Below this many items a heap sort beats the radix passes' fixed cost.
const RADIX_THRESHOLD: usize = 256;

/// The widest radix digit: 2,048 counters (8 KB) stay in the L1 cache.
const MAX_DIGIT_BITS: u32 = 11;

/// Reorders `ids` so that `ids[nth]` has the key it would have sorted (by `key`, ascending),
/// no id before it a larger key and none after it a smaller one. Quickselect with the
/// median of three as the pivot and a three-way partition, so that many equal keys (a row
/// of tiles) cost linear time too; the keys must not be NaN.
pub(crate) fn select_nth_by_key(ids: &mut [u32], nth: usize, key: impl Fn(u32) -> f32) {
    let (mut lo, mut hi) = (0, ids.len());
    while hi - lo > 1 {
        let m = lo + (hi - lo) / 2;
        let (a, b, c) = (key(ids[lo]), key(ids[m]), key(ids[hi - 1]));
        let pivot = if (a <= b) == (b <= c) {
            b
        } else if (b <= a) == (a <= c) {
            a
        } else {
            c
        };
        // ids[lo..less] < pivot, ids[less..i] == pivot, ids[greater..hi] > pivot.
        let (mut less, mut i, mut greater) = (lo, lo, hi);
        while i < greater {
            let k = key(ids[i]);
            if k < pivot {
                ids.swap(i, less);
                less += 1;
                i += 1;
            } else if k > pivot {
                greater -= 1;
                ids.swap(i, greater);
            } else {
                i += 1;
            }
        }
        if nth < less {
            hi = less;
        } else if nth >= greater {
            lo = greater;
        } else {
            return;
        }
    }
}

/// Sorts `items` in place by `key` (not stable). `O(n log n)`, no allocation.
#[inline(never)]
pub(crate) fn heap_sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    let sift_down = |items: &mut [T], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && key(&items[child]) < key(&items[child + 1]) {
            child += 1;
        }
        if key(&items[root]) >= key(&items[child]) {
            return;
        }
        items.swap(root, child);
        root = child;
    };
    let n = items.len();
    for root in (0..n / 2).rev() {
        sift_down(items, root, n);
    }
    for end in (1..n).rev() {
        items.swap(0, end);
        sift_down(items, 0, end);
    }
}

/// Sorts `items` by `key`, which must be below `2^key_bits`, with a least-significant-digit
/// radix sort: linear time, stable, `buffer` is scratch space (grown, never shrunk).
///
/// The digits are as even as possible and at most [`MAX_DIGIT_BITS`] wide, so 30 key bits
/// take three passes of 10 bits. Each pass counts its digit in one read and scatters in a
/// second. (Counting every digit in one read of the items was tried and not kept: it was
/// no faster, and slower on large worlds.)
pub(crate) fn radix_sort_by_key<T: Copy>(
    items: &mut Vec<T>,
    buffer: &mut Vec<T>,
    key_bits: u32,
    fill: T,
    key: impl Fn(&T) -> u64,
) {
    if items.len() < RADIX_THRESHOLD {
        heap_sort_by_key(items, key);
        return;
    }
    let passes = key_bits.div_ceil(MAX_DIGIT_BITS).max(1);
    let digit_bits = key_bits.div_ceil(passes).max(1);
    let mask = (1u64 << digit_bits) - 1;
    // Refilled every time, although every pass overwrites it: on large worlds (megabytes)
    // the fill takes the lines into the cache without reading them, where the scatter's
    // first writes would each wait for a read.
    buffer.clear();
    buffer.resize(items.len(), fill);
    let mut counts = [0u32; 1 << MAX_DIGIT_BITS];
    let counts = &mut counts[..1 << digit_bits];
    for pass in 0..passes {
        let shift = pass * digit_bits;
        radix_pass(items, buffer, counts, |item| {
            ((key(item) >> shift) & mask) as usize
        });
        core::mem::swap(items, buffer);
    }
}

/// One pass of a least-significant-digit radix sort: scatters `from` into `to` (of the
/// same length) in the order of `digit` (below `counts.len()`), stably. `counts` is
/// scratch. Shared by [`radix_sort_by_key`] and the found pairs' sort of a long run.
#[inline]
pub(crate) fn radix_pass<T: Copy>(
    from: &[T],
    to: &mut [T],
    counts: &mut [u32],
    digit: impl Fn(&T) -> usize,
) {
    counts.fill(0);
    for item in from {
        counts[digit(item)] += 1;
    }
    let mut total = 0;
    for c in counts.iter_mut() {
        let count = *c;
        *c = total;
        total += count;
    }
    for item in from {
        let d = digit(item);
        to[counts[d] as usize] = *item;
        counts[d] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_rng::Rng;

    #[test]
    fn radix_sort_sorts_stably() {
        let mut s = Rng::new(12345);
        // One buffer throughout: it is left longer than later inputs, which must not leak
        // into them. 5,000 and 300 items take the radix passes, 100 the heap sort.
        let mut buffer = Vec::new();
        for key_bits in [1, 10, 17, 30, 34, 50] {
            for len in [5000, 300, 100] {
                let limit = 1u64 << key_bits;
                let mut items: Vec<(u64, u32)> =
                    (0..len).map(|i| (s.next_u64() % limit, i)).collect();
                let mut want = items.clone();
                // Stable: equal keys keep their input order (the radix path only).
                want.sort_by_key(|item| item.0);
                radix_sort_by_key(&mut items, &mut buffer, key_bits, (0, 0), |item| item.0);
                if len >= RADIX_THRESHOLD as u32 {
                    assert_eq!(items, want, "{len} items of {key_bits}-bit keys");
                } else {
                    let keys: Vec<u64> = items.iter().map(|item| item.0).collect();
                    let want: Vec<u64> = want.iter().map(|item| item.0).collect();
                    assert_eq!(keys, want, "{len} items of {key_bits}-bit keys");
                }
            }
        }
    }

    #[test]
    fn heap_sort_sorts() {
        let mut s = Rng::new(99);
        for n in [0, 1, 2, 3, 7, 64, 1000] {
            let mut ids: Vec<u32> = (0..n).map(|_| (s.next_u64() % 300) as u32).collect();
            let mut want = ids.clone();
            want.sort_unstable();
            heap_sort_by_key(&mut ids, |&id| id);
            assert_eq!(ids, want);
        }
    }

    #[test]
    fn select_nth_puts_the_nth_key_in_place_with_smaller_before_and_larger_after() {
        let mut s = Rng::new(7);
        // Few distinct keys (many equal: the linear three-way case), and many.
        for distinct in [1, 3, 1000] {
            for n in [1, 2, 3, 10, 101, 4000] {
                let keys: Vec<f32> = (0..n)
                    .map(|_| (s.next_u64() % distinct) as f32 * 0.5)
                    .collect();
                let mut sorted = keys.clone();
                sorted.sort_by(f32::total_cmp);
                for nth in [0, n / 2, n - 1] {
                    let mut ids: Vec<u32> = (0..n as u32).collect();
                    select_nth_by_key(&mut ids, nth, |id| keys[id as usize]);
                    let k = keys[ids[nth] as usize];
                    assert_eq!(k, sorted[nth], "{n} keys of {distinct}, nth {nth}");
                    assert!(ids[..nth].iter().all(|&id| keys[id as usize] <= k));
                    assert!(ids[nth + 1..].iter().all(|&id| keys[id as usize] >= k));
                    let mut seen = ids.clone();
                    seen.sort_unstable();
                    assert!(seen.iter().copied().eq(0..n as u32), "a permutation");
                }
            }
        }
    }
}
