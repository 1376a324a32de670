// What every entry exports besides init and initSync: the World, the checks of the build, and the public types.

export { World } from "./world.js";
export { WorldBase } from "./base.js";
export { DebugKind } from "./ask.js";
export { simd128, threadCount, wasmBuild } from "./load.js";
/** @internal The wasm memory (tests and benches measure it); not part of the public types. */
export { wasmMemory } from "./core.js";
export type * from "./types.js";
