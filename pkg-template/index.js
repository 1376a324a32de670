// sepax, browser and bundler entry (the `default` export condition).
// Loads the .wasm with fetch(new URL("./sepax_core_simd_bg.wasm", import.meta.url)), or
// sepax_core_bg.wasm where the engine lacks wasm SIMD. Bundlers (Vite, webpack 5, Parcel) recognise
// both URLs as assets; esbuild leaves them alone, so copy both .wasm files next to the bundle or pass
// a URL to init(). See index.d.ts for the API documentation.

import { makeInit, makeInitSync, simd128, wasmBuild, World, wasmMemory } from "./common.js";

// The classic script this code runs in, read while it first runs (document.currentScript is null later), or the
// worker's or page's location: the base of the .wasm files when import.meta.url is empty.
const SCRIPT_URL =
  (typeof document === "object" && document.currentScript && document.currentScript.src) ||
  (typeof location === "object" && location.href) ||
  undefined;

/**
 * Loads and instantiates the wasm module. Call once before `new World()`; later calls return the
 * same promise. `input` is optional (see InitInput in index.d.ts): with none, or `{ simd, baseline }`,
 * the SIMD build is chosen where the engine has wasm SIMD.
 * @param {import("./index.js").InitInput} [input]
 * @returns {Promise<void>}
 */
export const init = makeInit((source) => {
  if (source !== undefined) return source;
  // Where import.meta.url is empty (esbuild's iife output), the files are looked for next to the script.
  if (!import.meta.url) return new URL(simd128 ? "sepax_core_simd_bg.wasm" : "sepax_core_bg.wasm", SCRIPT_URL);
  // Written out in full, as bundlers (Vite, webpack 5, Parcel) recognise assets only in this form.
  return simd128
    ? new URL("./sepax_core_simd_bg.wasm", import.meta.url)
    : new URL("./sepax_core_bg.wasm", import.meta.url);
});

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`
 * (browsers allow synchronous compilation of small modules only off the main thread: prefer init()).
 * @param {import("./index.js").SyncInitInput} input
 */
export const initSync = makeInitSync((module) => {
  if (module === undefined) throw new TypeError("sepax: initSync(): pass the .wasm bytes or a WebAssembly.Module");
  return module;
});

export { World, wasmMemory, wasmBuild, simd128 };
export default init;
