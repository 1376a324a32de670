// The one seeded PRNG of the repository's JavaScript and TypeScript: the standard workload (workload.mjs), the soak
// (soak.mjs) and the demo's scenes and sprites (www/src) all draw from it, so that a seed means the same numbers
// everywhere. Its Rust twin, Mulberry32 in tests/common/rng.rs, gives the same stream (benches/workload.rs relies
// on that to rebuild the workload natively).

/**
 * mulberry32 (the generator of flatbush's bench): 32 bits of state, uniform numbers in [0, 1) that are multiples of
 * 2^-32.
 *
 * @param {number} seed any number; its low 32 bits are the state
 * @returns {() => number} the next number of the stream, each call
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
