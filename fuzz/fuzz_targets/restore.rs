//! Arbitrary bytes → `World::restore` and `World::load_snapshot` into a used world: raw
//! bytes, and valid snapshots of small worlds corrupted at arbitrary places (see
//! `tests/common/restore_check.rs`, shared with `tests/world_snapshot.rs`, which runs it on
//! a seeded corpus).
//!
//! Never a panic; a rejected input leaves the target world exactly as it was; an accepted
//! one gives a valid world whose own snapshot is the input, and the world restored fresh
//! and the one loaded in place step alike.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/restore_check.rs"]
mod restore_check;

fuzz_target!(|data: &[u8]| {
    let _accepted = restore_check::fuzz_one(data);
});
