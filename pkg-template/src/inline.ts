// sepax/inline: the same API as the main entry, with the .wasm embedded in JavaScript, for tools that cannot handle
// `new URL("….wasm", import.meta.url)` assets (Rollup without a plugin, esbuild without copying the files, Vite <= 7's
// dev server without optimizeDeps.exclude, script-tag bundles). init() still picks the build: the two builds are
// separate modules loaded with import(), so a bundler that splits code downloads only the chosen one (one that cannot
// split, such as esbuild's iife, carries both). Each build is embedded gzipped, as base64: smaller in a bundle than
// the .wasm itself, inflated by the engine's DecompressionStream (Node 18, Deno, and every browser since 2023).

import { makeInit, makeInitSync, simd128 } from "./load.js";
import type { InitInput, SyncInitInput } from "./types.js";

/** The .wasm embedded as `base64`: the bytes of a gzip stream, inflated. */
async function decode(base64: string): Promise<ArrayBuffer> {
  const text = atob(base64);
  const gzipped = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) gzipped[i] = text.charCodeAt(i);
  if (typeof DecompressionStream !== "function") {
    throw new Error("sepax/inline: this engine has no DecompressionStream to inflate the embedded .wasm; use sepax");
  }
  const inflated = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(inflated).arrayBuffer();
}

/**
 * Loads and instantiates the wasm module (with no argument, the embedded build for this engine); later calls return
 * the same promise. Other inputs as in the main entry.
 * @example
 * import init, { World } from "sepax/inline";
 * await init();
 */
export const init: (input?: InitInput) => Promise<void> = makeInit(
  (source) =>
    source ??
    (simd128 ? import("./inline_simd.js") : import("./inline_baseline.js")).then((m: { default: string }) =>
      decode(m.default),
    ),
);

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`.
 * @example
 * initSync(bytes);
 */
export const initSync: (input?: SyncInitInput) => void = makeInitSync((module) => {
  if (module === undefined) throw new TypeError("sepax: initSync(): pass the .wasm bytes or a WebAssembly.Module");
  return module;
}, false);

export default init;
export * from "./api.js";
