// sepax/inline: the same API as the main entry, with the .wasm embedded in JavaScript (base64), for tools that
// cannot handle `new URL("….wasm", import.meta.url)` assets (Rollup without a plugin, esbuild without copying the
// files, Vite <= 7's dev server without optimizeDeps.exclude, script-tag bundles). init() still picks the build: the
// two builds are separate modules loaded with import(), so a bundler that splits code downloads only the chosen one
// (one that cannot split, such as esbuild's iife, carries both). Costs: each build is about a third larger as base64
// (inline_simd.js and inline_baseline.js, 203 KB each and 83 KB with gzip -9, against 152 KB and 60 KB as .wasm),
// and init() decodes it first (see the README for measured start-up times).

import { makeInit, makeInitSync, simd128, wasmBuild, World, wasmMemory } from "./common.js";

function decode(base64) {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Loads and instantiates the wasm module (with no argument, the embedded build for this engine); later calls
 * return the same promise. Other inputs as in the main entry.
 * @param {import("./index.js").InitInput} [input]
 * @returns {Promise<void>}
 */
export const init = makeInit(
  (source) =>
    source ?? (simd128 ? import("./inline_simd.js") : import("./inline_baseline.js")).then((m) => decode(m.default)),
);

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`.
 * @param {import("./index.js").SyncInitInput} input
 */
export const initSync = makeInitSync((module) => {
  if (module === undefined) throw new TypeError("sepax: initSync(): pass the .wasm bytes or a WebAssembly.Module");
  return module;
});

export { World, wasmMemory, wasmBuild, simd128 };
export default init;
