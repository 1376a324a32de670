//! Placeholder; the narrow-phase engineer writes the kernel benchmarks.
fn main() {}
