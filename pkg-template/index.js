// sepax, browser and bundler entry (the `default` export condition).
// Loads the .wasm with fetch(new URL("./sepax_core_bg.wasm", import.meta.url)), which bundlers
// (Vite, webpack 5, Parcel) recognise as an asset; esbuild leaves it alone, so copy the .wasm
// next to the bundle or pass its URL to init(). See index.d.ts for the API documentation.

import { makeInit, makeInitSync, World, wasmMemory } from "./common.js";

/**
 * Loads and instantiates the wasm module. Call once before `new World()`; later calls return the
 * same promise. `input` is optional: a URL or string to fetch, a `Response`, the bytes, or a
 * compiled `WebAssembly.Module` (default: `sepax_core_bg.wasm` next to this file).
 * @param {RequestInfo | URL | Response | BufferSource | WebAssembly.Module | Promise<Response>} [input]
 * @returns {Promise<void>}
 */
export const init = makeInit((input) => input ?? new URL("./sepax_core_bg.wasm", import.meta.url));

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`
 * (browsers allow synchronous compilation of small modules only off the main thread: prefer init()).
 * @param {BufferSource | WebAssembly.Module} input
 */
export const initSync = makeInitSync((input) => {
    if (input === undefined) throw new TypeError("initSync: pass the .wasm bytes or a WebAssembly.Module");
    return input;
});

export { World, wasmMemory };
export default init;
