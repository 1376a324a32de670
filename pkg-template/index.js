// sepax, browser and bundler entry (the `default` export condition).
// Loads the .wasm with fetch(new URL("./sepax_core_simd_bg.wasm", import.meta.url)), or
// sepax_core_bg.wasm where the engine lacks wasm SIMD. Bundlers (Vite, webpack 5, Parcel) recognise
// both URLs as assets; esbuild leaves them alone, so copy both .wasm files next to the bundle or pass
// a URL to init(). See index.d.ts for the API documentation.

import { makeInit, makeInitSync, simd128, wasmBuild, World, wasmMemory } from "./common.js";

/**
 * Loads and instantiates the wasm module. Call once before `new World()`; later calls return the
 * same promise. `input` is optional: a URL or string to fetch, a `Response`, the bytes, or a
 * compiled `WebAssembly.Module` (default: `sepax_core_simd_bg.wasm` next to this file, or
 * `sepax_core_bg.wasm` where the engine has no wasm SIMD).
 * @param {RequestInfo | URL | Response | BufferSource | WebAssembly.Module | Promise<Response>} [input]
 * @returns {Promise<void>}
 */
export const init = makeInit(
  (input) =>
    input ??
    (simd128
      ? new URL("./sepax_core_simd_bg.wasm", import.meta.url)
      : new URL("./sepax_core_bg.wasm", import.meta.url)),
);

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`
 * (browsers allow synchronous compilation of small modules only off the main thread: prefer init()).
 * @param {BufferSource | WebAssembly.Module} input
 */
export const initSync = makeInitSync((input) => {
  if (input === undefined) throw new TypeError("initSync: pass the .wasm bytes or a WebAssembly.Module");
  return input;
});

export { World, wasmMemory, wasmBuild };
export default init;
