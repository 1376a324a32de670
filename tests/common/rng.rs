//! The seeded generators of the Rust tests and benches, in one place. No `rand`: each is a
//! few lines, and a seed gives the same stream on every machine and every run, so a failing
//! case or a benchmark configuration can be reproduced from its seed alone.
//!
//! - [`Mulberry32`]: the generator of the standard benchmark workload, the same stream as
//!   `bench-js/rng.mjs` (the native workload bench rebuilds the JS workload from it), used by
//!   the world-level tests whose scenes mimic that workload and by the kernel benches.
//! - [`Rng`] (SplitMix64): 64-bit draws for the kernel and property tests that need `f64`s.
//! - [`Xorshift32`]: the stream of one wasm test (polygon boxes against a scalar reference).
//!
//! Three generators rather than one because each seeded test keeps the cases it was written
//! and tuned against; a new test should take [`Mulberry32`] or [`Rng`].
//!
//! Included by path, never part of the crate: `mod rng;` in `tests/common/mod.rs` (the
//! integration tests and the fuzz targets), `#[path = "../common/rng.rs"]` in
//! `tests/wasm_shared/mod.rs`, `#[path = "../tests/common/rng.rs"]` in `benches/`.

// Every includer uses a different subset.
#![allow(dead_code)]

use sepax::Vec2;

/// mulberry32 (the generator of flatbush's bench): 32 bits of state.
#[derive(Clone, Debug)]
pub struct Mulberry32(u32);

impl Mulberry32 {
    /// A generator with this seed.
    pub fn new(seed: u32) -> Mulberry32 {
        Mulberry32(seed)
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x6D2B_79F5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        t ^ (t >> 14)
    }

    /// Uniform in [0, 1), from 24 random bits (every value exact in `f32`).
    pub fn f32(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 / (1u32 << 24) as f32
    }

    /// Uniform in [0, 1): all 32 bits over 2^32, the very number `mulberry32` of
    /// `bench-js/rng.mjs` returns.
    pub fn f64(&mut self) -> f64 {
        f64::from(self.next_u32()) / 4_294_967_296.0
    }

    /// Uniform in [lo, hi), from [`Mulberry32::f32`].
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.f32()
    }

    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        self.next_u32() as usize % n
    }
}

/// SplitMix64: tiny, fast, and good enough to spread test cases; seeded so that every run
/// sees the same cases.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose whole output is determined by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`, with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform integer in `[lo, hi]`.
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as i64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// An angle in `[-pi, pi)` as the `f32` a game would store.
    pub fn angle(&mut self) -> f32 {
        self.range(-core::f64::consts::PI, core::f64::consts::PI) as f32
    }

    /// A point uniform in the square `±half`, rounded to `f32`.
    pub fn vec(&mut self, half: f64) -> Vec2 {
        Vec2::new(
            self.range(-half, half) as f32,
            self.range(-half, half) as f32,
        )
    }
}

/// xorshift32 (Marsaglia): 32 bits of state, which must not be zero.
#[derive(Clone, Debug)]
pub struct Xorshift32(u32);

impl Xorshift32 {
    /// A generator with this seed (not zero: zero is a fixed point).
    pub fn new(seed: u32) -> Xorshift32 {
        assert_ne!(seed, 0, "xorshift32 stays at zero forever");
        Xorshift32(seed)
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    /// Uniform in [0, 1), from 24 random bits.
    pub fn f32(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 / (1u32 << 24) as f32
    }
}
