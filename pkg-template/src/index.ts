// sepax, the entry for browsers and bundlers: init() fetches the .wasm that sits next to this file (the SIMD build
// where the engine has wasm SIMD). node.ts reads it from disk instead; inline.ts has it embedded.

import { makeInit, makeInitSync, simd128 } from "./load.js";
import type { InitInput, SyncInitInput } from "./types.js";

// The classic script this code runs in, read while it first runs (document.currentScript is null later), or the
// worker's or page's location: the base of the .wasm files when import.meta.url is empty.
const SCRIPT_URL: string | undefined =
  (typeof document === "object" && (document.currentScript as HTMLScriptElement | null)?.src) ||
  (typeof location === "object" && location.href) ||
  undefined;

/**
 * Loads and instantiates the wasm module. Call (and await) once before `new World()`; later calls return the same
 * promise, and a failed load may be retried. An argument of another shape (a number, `null`, an object with other
 * keys) is a `TypeError`; a file that is not WebAssembly (a dev server's HTML page) is an `Error` saying how to fix it.
 *
 * The package holds two builds of the same core, with the same results: `sepax_core_simd_bg.wasm` (wasm SIMD,
 * faster) and `sepax_core_bg.wasm` (for engines without wasm SIMD). With no argument init() picks the first where
 * `WebAssembly.validate` accepts a SIMD instruction, else the second.
 *
 * - Browsers and bundlers: with no argument, fetches the chosen file next to the entry file.
 * - Node: with no argument (or a `file:` URL), reads the file with `node:fs`.
 *
 * @example
 * import init, { World } from "sepax";
 * init().then(() => {
 *   const world = new World();
 * });
 */
export const init: (input?: InitInput) => Promise<void> = makeInit((source) => {
  if (source !== undefined) return source;
  // Where import.meta.url is empty (esbuild's iife output), the files are looked for next to the script.
  if (!import.meta.url) return new URL(simd128 ? "sepax_core_simd_bg.wasm" : "sepax_core_bg.wasm", SCRIPT_URL);
  // Written out in full, as bundlers (Vite, webpack 5, Parcel) recognise assets only in this form.
  return simd128
    ? new URL("./sepax_core_simd_bg.wasm", import.meta.url)
    : new URL("./sepax_core_bg.wasm", import.meta.url);
});

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`. In Node the argument
 * may be omitted (the package's file for this engine is read); in browsers it is required, and main threads allow
 * synchronous compilation of small modules only: prefer `init()`. Does nothing once loaded.
 *
 * @example
 * initSync(readFileSync(new URL(import.meta.resolve("sepax/sepax_core_bg.wasm"))));
 */
export const initSync: (input?: SyncInitInput) => void = makeInitSync((module) => {
  if (module === undefined) throw new TypeError("sepax: initSync(): pass the .wasm bytes or a WebAssembly.Module");
  return module;
}, false);

export default init;
export * from "./api.js";
