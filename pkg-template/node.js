// sepax, Node entry (the `node` export condition): same API as index.js, but with no argument
// init() and initSync() read sepax_core_simd_bg.wasm (or sepax_core_bg.wasm, on an engine without
// wasm SIMD) with node:fs (Node's fetch cannot read file: URLs). Kept in its own file so that
// browser bundlers never see node:fs.

import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { defaultWasmFile, makeInit, makeInitSync, simd128, wasmBuild, World, wasmMemory } from "./common.js";

const WASM_URL = new URL(`./${defaultWasmFile}`, import.meta.url);

const isFileUrl = (input) =>
  input instanceof URL ? input.protocol === "file:" : typeof input === "string" && input.startsWith("file:");

/**
 * Loads and instantiates the wasm module; later calls return the same promise. With no argument
 * (or a `file:` URL) the file is read from disk; other inputs are passed on as in the browser entry.
 * @param {import("./index.js").InitInput} [input]
 * @returns {Promise<void>}
 */
export const init = makeInit((source) =>
  source === undefined || isFileUrl(source) ? readFile(new URL(source ?? WASM_URL)) : source,
);

const readOwn = (module) => module ?? readFileSync(WASM_URL);
readOwn.optional = true;

/**
 * Instantiates the wasm module synchronously; with no argument the bundled file is read from disk.
 * @param {import("./index.js").SyncInitInput} [input]
 */
export const initSync = makeInitSync(readOwn);

export { World, wasmMemory, wasmBuild, simd128 };
export default init;
