//! The raw binding: one `RawWorld` class whose methods take numbers and typed arrays, delegate
//! to [`crate::world::World`] and report failure with a sentinel. The package's TypeScript
//! entry (`pkg-template/src/`) owns one `RawWorld` per public `World`, checks what JavaScript
//! can get wrong (types, unknown keys, integers), and is the only documented API: nothing here
//! is called by users.
//!
//! Why the checks live on the TypeScript side: a method taking raw `JsValue`s had to call back
//! into JavaScript for every argument it read, and carried the code that reads objects,
//! describes values and formats messages in the `.wasm`. With numbers in and numbers out, a
//! call crosses once, and the entry's own checks cost a `typeof` each.
//!
//! The conventions every method follows:
//!
//! - **Failure** returns `u32::MAX` (or `false`); the message of the core's error is kept, and
//!   [`RawWorld::take_error`] hands it over. The entry throws it as a `RangeError` prefixed
//!   with the method's name: every rejection the core makes is about a value.
//! - **Results** that are more than one number are written to [`RawWorld::io`], a small `f64`
//!   array the entry reads through a view (its slots are listed on each method), or stay in
//!   the world's buffers, whose addresses the entry builds views from.
//! - **Filters**: a query takes its layer mask as an argument, and the rest of its filter
//!   (an id to exclude, statics or sensors left out) from `io` at [`FILTER`], written by the
//!   entry only when the game gave more than a mask.
//! - **Arguments** arrive checked for type by the entry: numbers are finite `f32`s where the
//!   method says so, ids and bit masks `u32`s. The core checks what they mean (ranges, live
//!   ids, polygons) as it does for Rust callers.
//!
//! Modules: `shapes` (adding, removing, moving shapes, reading them back), `scene` (lists of
//! shapes as flat arrays), `step` (the step and the addresses of its results), `queries`
//! (queries, rays, casts, sweeps, distances, the mover), `ask` (`explain`), `tiles` (tile
//! tables and grids, one-way shapes, pair cells), `snapshot`, `message` (the core's errors
//! as text) and `float_text` (numbers in that text, formatted by JavaScript).

mod ask;
mod float_text;
mod message;
mod queries;
pub mod scene;
mod shapes;
mod snapshot;
mod step;
#[cfg(feature = "threads")]
mod threads;
mod tiles;

use crate::math::Vec2;
use crate::world::{Nearest, QueryFilter, World as CoreWorld, WorldOptions};
use wasm_bindgen::prelude::*;

// Talc instead of the default dlmalloc: about 6 KB less wasm. A steady-state step allocates
// nothing, so the allocator only serves adds, removes, growth and error messages. The
// threaded build keeps dlmalloc: talc's wasm allocator is for one thread only.
#[cfg(not(feature = "threads"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// The wasm memory, for building typed-array views over a world's columns and results.
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// How many numbers [`RawWorld::io`] holds: results from 0, the mover's options from
/// [`MOVE_OPTIONS`], a query's exclusions at [`FILTER`].
pub const IO_LEN: usize = 40;

/// Where the mover's options start in [`RawWorld::io`]: after every result slot, so that no
/// other call overwrites options the entry wrote once.
pub const MOVE_OPTIONS: usize = 16;

/// Where a query's exclusions are in [`RawWorld::io`]: `io[FILTER]` the id to exclude plus
/// one (0: none), `io[FILTER + 1]` the flags (1: exclude statics, 2: exclude sensors).
/// The entry writes them just before a query whose filter is an object; every query reads
/// and clears them (see [`RawWorld::filter`]), so that a bare mask costs no write.
pub const FILTER: usize = 34;

/// The most contacts a move reports (the core's `MAX_PLANES`): the entry makes its views over
/// them once, at this length.
pub const MAX_MOVE_CONTACTS: usize = crate::cast::MAX_PLANES;

/// The most sensors a move reports crossing (the core's `MAX_MOVE_CROSSINGS`), for the views
/// too.
pub const MAX_MOVE_CROSSINGS: usize = crate::world::MAX_MOVE_CROSSINGS;

/// The raw handle of one world (see the module docs). Internal to the package.
#[wasm_bindgen]
pub struct RawWorld {
    inner: CoreWorld,
    /// Numbers exchanged with the entry: results of single calls, and the options of
    /// `moveAndSlide`, written by the entry only when they change.
    io: [f64; IO_LEN],
    /// The message of the last failure, for [`RawWorld::take_error`].
    error: String,
    /// Ids out (queries, `addShapes`).
    ids: Vec<u32>,
    /// Points in, as the core takes them.
    points: Vec<Vec2>,
    /// Numbers out (parts, chain points, a shape's points).
    floats: Vec<f32>,
    /// Snapshot bytes on their way out.
    bytes: Vec<u8>,
    /// The shapes of the last `nearest`.
    near: Vec<Nearest>,
}

impl RawWorld {
    /// Keeps the message of `error` and returns `fallback`, the sentinel of failure.
    fn fail<T>(&mut self, error: impl message::Message, fallback: T) -> T {
        self.error.clear();
        error.write_to(&mut self.error);
        fallback
    }

    /// Writes `addresses` (of buffers in wasm memory) to `io` from slot 0, for the entry's
    /// views.
    fn put_addresses(&mut self, addresses: &[usize]) {
        for (slot, &address) in self.io.iter_mut().zip(addresses) {
            *slot = address as f64;
        }
    }

    /// `Ok(n)` as `n`, an error as `u32::MAX` with its message kept.
    fn count(&mut self, result: Result<usize, impl message::Message>) -> u32 {
        match result {
            Ok(n) => n as u32,
            Err(e) => self.fail(e, u32::MAX),
        }
    }

    /// `Ok(())` as true, an error as false with its message kept.
    fn done(&mut self, result: Result<(), impl message::Message>) -> bool {
        match result {
            Ok(()) => true,
            Err(e) => self.fail(e, false),
        }
    }

    /// The filter of a query of layer `mask`, with the exclusions the entry wrote at
    /// [`FILTER`] (then cleared: they belong to this one query).
    fn filter(&mut self, mask: u32) -> QueryFilter {
        let [exclude, flags] = [self.io[FILTER], self.io[FILTER + 1]];
        self.io[FILTER] = 0.0;
        self.io[FILTER + 1] = 0.0;
        let flags = flags as u32;
        QueryFilter {
            mask,
            exclude: (exclude >= 1.0).then_some((exclude - 1.0) as u32),
            exclude_statics: flags & 1 != 0,
            exclude_sensors: flags & 2 != 0,
        }
    }

    /// `coordinates` (`x0, y0, x1, y1, …`, an even number) as points in `self.points`.
    fn take_points(&mut self, coordinates: &[f32]) {
        self.points.clear();
        self.points.extend(
            coordinates
                .chunks_exact(2)
                .map(|xy| Vec2::new(xy[0], xy[1])),
        );
    }
}

#[wasm_bindgen]
impl RawWorld {
    /// An empty world; `contact_points` makes every step compute contact points, and a
    /// step that finds more than `max_pairs` pairs fails (`u32::MAX`: no limit but memory).
    #[wasm_bindgen(constructor)]
    pub fn new(contact_points: bool, max_pairs: u32) -> RawWorld {
        let options = WorldOptions {
            contact_points,
            max_pairs: pair_limit(max_pairs),
        };
        RawWorld {
            inner: CoreWorld::with_options(options),
            io: [0.0; IO_LEN],
            error: String::new(),
            ids: Vec::new(),
            points: Vec::new(),
            floats: Vec::new(),
            bytes: Vec::new(),
            near: Vec::new(),
        }
    }

    /// Sets the most pairs a step may find (`u32::MAX`: no limit but memory).
    #[wasm_bindgen(js_name = setMaxPairs)]
    pub fn set_max_pairs(&mut self, max_pairs: u32) {
        self.inner.set_max_pairs(pair_limit(max_pairs));
    }

    /// The message of the last failure (then forgotten).
    #[wasm_bindgen(js_name = takeError)]
    pub fn take_error(&mut self) -> String {
        core::mem::take(&mut self.error)
    }

    /// The address of the `io` numbers (fixed for the world's life).
    #[wasm_bindgen(js_name = ioPtr)]
    pub fn io_ptr(&self) -> u32 {
        self.io.as_ptr() as u32
    }

    /// The address of the ids the last query or `addShapes` wrote.
    #[wasm_bindgen(js_name = idsPtr)]
    pub fn ids_ptr(&self) -> u32 {
        self.ids.as_ptr() as u32
    }

    /// The address of the numbers the last `parts`, `chainPoints` or `shapeRecord` wrote.
    #[wasm_bindgen(js_name = floatsPtr)]
    pub fn floats_ptr(&self) -> u32 {
        self.floats.as_ptr() as u32
    }
}

/// The core's limit of pairs for the entry's number (`u32::MAX`: none).
fn pair_limit(max_pairs: u32) -> Option<usize> {
    (max_pairs != u32::MAX).then_some(max_pairs as usize)
}

/// A limit of the core, for the entry's checks of lengths before it copies anything: 0 the
/// points of a convex polygon, 1 of a concave outline, 2 of a chain, 3 the shapes of a world.
#[wasm_bindgen]
pub fn limit(which: u32) -> u32 {
    let limit = match which {
        0 => crate::shape::MAX_POLYGON_VERTICES,
        1 => crate::shape::MAX_OUTLINE_VERTICES,
        2 => crate::shape::MAX_CHAIN_POINTS,
        _ => crate::world::MAX_SHAPES,
    };
    limit as u32
}

/// The core's message for `count` points, more than limit `which` (as in [`limit`]) allows.
#[wasm_bindgen(js_name = tooManyPoints)]
pub fn too_many_points(which: u32, count: u32) -> String {
    let count = count as usize;
    let error = match which {
        0 => crate::shape::ShapeError::TooManyPoints { count },
        1 => crate::shape::ShapeError::TooManyOutlinePoints { count },
        _ => crate::shape::ShapeError::TooManyChainPoints { count },
    };
    let mut text = String::new();
    message::Message::write_to(&error, &mut text);
    text
}
