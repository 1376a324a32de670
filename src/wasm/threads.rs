//! The thread pool of the package's threaded build (the `threads` feature): rayon's global
//! pool, whose threads are Web Workers (or Node's `worker_threads`) that the package's
//! entry starts, each running the same module on the same shared memory.
//!
//! The entry starts the workers first; each instantiates the module and calls
//! [`start_worker`], which waits for a thread of the pool. Then the calling thread calls
//! [`build_thread_pool`]: rayon hands each of its threads to a waiting worker, and returns
//! once all run. (In that order because rayon's build waits for its threads, and a worker
//! can only be started by the thread that waits.) The hand-over uses `wasm_sync`'s locks,
//! which spin instead of blocking on a browser page's main thread, where `Atomics.wait`
//! traps.
//!
//! Also a knob for tests: the grain of the worlds (a small one makes small worlds split).
//! Nothing here may run before the pool is built: any use of rayon would build a default
//! pool of its own.

use rayon::ThreadBuilder;
use wasm_bindgen::prelude::*;
use wasm_sync::{Condvar, Mutex};

/// Threads of the pool not yet taken by a worker.
static WAITING: Mutex<Vec<ThreadBuilder>> = Mutex::new(Vec::new());
/// Signalled when `WAITING` gets threads.
static HANDED: Condvar = Condvar::new();

/// Builds rayon's global pool of `threads` threads and hands them to the workers waiting in
/// [`start_worker`] (there must be `threads` of them). Returns once every thread runs;
/// false when a pool was built already.
#[wasm_bindgen(js_name = buildThreadPool)]
pub fn build_thread_pool(threads: u32) -> bool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads as usize)
        .spawn_handler(|thread| {
            let mut waiting = WAITING.lock().unwrap_or_else(|e| e.into_inner());
            waiting.push(thread);
            HANDED.notify_all();
            Ok(())
        })
        .build_global()
        .is_ok()
}

/// Waits for a thread of the pool and runs it on the calling worker: returns only when the
/// pool ends (it never does).
#[wasm_bindgen(js_name = startWorker)]
pub fn start_worker() {
    let mut waiting = WAITING.lock().unwrap_or_else(|e| e.into_inner());
    let thread = loop {
        match waiting.pop() {
            Some(thread) => break thread,
            None => waiting = HANDED.wait(waiting).unwrap_or_else(|e| e.into_inner()),
        }
    };
    drop(waiting);
    thread.run();
}

/// Sets the grain of the worlds created from now on (see
/// [`crate::world::set_default_parallel_grain`]); 0 restores the default.
#[wasm_bindgen(js_name = setParallelGrain)]
pub fn set_parallel_grain(items: u32) {
    crate::world::set_default_parallel_grain(items as usize);
}
