//! Determinism, native half: the seeded sequence of `common/determinism.rs` gives exactly
//! the hash committed there, the one every wasm environment (Node, headless Chromium and
//! headless Firefox; baseline and simd128 builds) must give too (their half is
//! `wasm_shared/determinism.rs`). Prints the hash: `cargo test --test determinism --
//! --nocapture`.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/rng.rs"]
mod rng;

#[path = "common/determinism.rs"]
mod determinism;

#[test]
fn the_seeded_sequence_hashes_to_the_committed_constant() {
    let (hash, words) = determinism::run();
    println!(
        "determinism hash (native {}): {hash:#018x} over {words} words",
        std::env::consts::ARCH
    );
    // A run that hashed next to nothing would prove nothing.
    assert!(words > 100_000, "only {words} words hashed");
    assert_eq!(
        hash,
        determinism::EXPECTED,
        "the determinism sequence's hash changed: {hash:#018x}, committed {:#018x}",
        determinism::EXPECTED
    );
}

#[test]
fn two_runs_in_one_process_give_the_same_hash() {
    // Nothing carried between worlds (no global state, no address-dependent order).
    assert_eq!(determinism::run(), determinism::run());
}
