//! The two parallel loops of the threaded build (the `threads` feature): a task for each
//! item of a list, and a task for each run of rows of some columns. Every phase of a
//! threaded step goes through one of them.
//!
//! Both halve their work between two threads (`rayon::join`) until one item or one run is
//! left, so the tasks are the same whatever the number of threads, and each task writes
//! only its own item or rows. The tasks are trait objects, so that the wasm holds one copy
//! of the machinery per item type rather than one per task (rayon's parallel iterators
//! compiled a copy of their plumbing for every closure: about 35 KB of wasm for the
//! phases).
//!
//! Called from outside rayon's pool, the loop is handed to the pool and the caller waits;
//! with a single item or run it runs on the caller, without the pool.

/// Runs `task` on each of `items` with its index, in parallel; the first error, if any.
pub(crate) fn for_each_item<T: Send, E: Send>(
    items: &mut [T],
    task: &(dyn Fn(usize, &mut T) -> Result<(), E> + Sync),
) -> Result<(), E> {
    split_items(items, 0, task)
}

fn split_items<T: Send, E: Send>(
    items: &mut [T],
    first: usize,
    task: &(dyn Fn(usize, &mut T) -> Result<(), E> + Sync),
) -> Result<(), E> {
    match items {
        [] => Ok(()),
        [only] => task(first, only),
        _ => {
            let mid = items.len() / 2;
            let (left, right) = items.split_at_mut(mid);
            let (a, b) = rayon::join(
                || split_items(left, first, task),
                || split_items(right, first + mid, task),
            );
            a.and(b)
        }
    }
}

/// Columns of rows that can be cut between two rows (a mutable slice, or a tuple of
/// mutable slices of one length).
pub(crate) trait Rows: Send + Sized {
    /// How many rows.
    fn rows(&self) -> usize;
    /// The first `n` rows, and the rest.
    fn split_rows(self, n: usize) -> (Self, Self);
}

impl<A: Send> Rows for &mut [A] {
    fn rows(&self) -> usize {
        self.len()
    }
    fn split_rows(self, n: usize) -> (Self, Self) {
        self.split_at_mut(n)
    }
}

impl<A: Send, B: Send> Rows for (&mut [A], &mut [B]) {
    fn rows(&self) -> usize {
        self.0.len()
    }
    fn split_rows(self, n: usize) -> (Self, Self) {
        let (a, a_rest) = self.0.split_at_mut(n);
        let (b, b_rest) = self.1.split_at_mut(n);
        ((a, b), (a_rest, b_rest))
    }
}

impl<A: Send, B: Send, C: Send, D: Send> Rows for (&mut [A], &mut [B], &mut [C], &mut [D]) {
    fn rows(&self) -> usize {
        self.0.len()
    }
    fn split_rows(self, n: usize) -> (Self, Self) {
        let (a, a_rest) = self.0.split_at_mut(n);
        let (b, b_rest) = self.1.split_at_mut(n);
        let (c, c_rest) = self.2.split_at_mut(n);
        let (d, d_rest) = self.3.split_at_mut(n);
        ((a, b, c, d), (a_rest, b_rest, c_rest, d_rest))
    }
}

/// Runs `task` on each run of `grain` rows of `columns` (the last run may be shorter) with
/// the index of its first row, in parallel, and folds the answers with `fold` (which must
/// not depend on the order it is given them in: an `or`, an integer sum).
pub(crate) fn for_each_run<C: Rows, R: Send>(
    columns: C,
    grain: usize,
    task: &(dyn Fn(usize, C) -> R + Sync),
    fold: fn(R, R) -> R,
) -> R {
    split_runs(columns, 0, grain.max(1), task, fold)
}

fn split_runs<C: Rows, R: Send>(
    columns: C,
    first: usize,
    grain: usize,
    task: &(dyn Fn(usize, C) -> R + Sync),
    fold: fn(R, R) -> R,
) -> R {
    let rows = columns.rows();
    if rows <= grain {
        return task(first, columns);
    }
    // Cut at a multiple of the grain, so that the runs are those of a cut from the start.
    let mid = rows.div_ceil(grain) / 2 * grain;
    let (left, right) = columns.split_rows(mid);
    let (a, b) = rayon::join(
        || split_runs(left, first, grain, task, fold),
        || split_runs(right, first + mid, grain, task, fold),
    );
    fold(a, b)
}
