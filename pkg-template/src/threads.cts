// sepax/threads, CommonJS entry (the `require` condition under `node`): as node.cts for "sepax", the ES module entry
// threads_node.js loaded by require() (Node 20.19+ and 22.12+), `init` exported itself with every other export as a
// property. On an older Node it throws at once, saying what to do instead.

// Typed by threads.d.ts, as the ES module import under Node is (package.json): threads_node.js has the same exports,
// and its own declarations are not packed.
import type * as esm from "./threads.js" with { "resolution-mode": "import" };

declare const process: { features: { require_module?: boolean }; version: string };
declare const require: (id: string) => typeof esm;

if (!process.features.require_module) {
  throw new Error(
    `sepax/threads is an ES module, and this Node (${process.version}) cannot require() ES modules. ` +
      'Use `const { default: init, World } = await import("sepax/threads")`, or Node >= 20.19 or >= 22.12 where ' +
      'require("sepax/threads") works.',
  );
}

const loaded = require("./threads_node.js");

/** `init` of sepax/threads; the other exports are its properties. */
function sepax(options?: esm.ThreadsOptions): Promise<void> {
  return loaded.init(options);
}
// The exports as properties of `init`, and the public types beside them (scripts/cjs-types.mjs lists types.ts's).
// eslint-disable-next-line @typescript-eslint/no-namespace
namespace sepax {
  export const init = sepax;
  export const wasmBuild = loaded.wasmBuild;
  export const threadCount = loaded.threadCount;
  export const simd128 = loaded.simd128;
  export const World = loaded.World;
  export type World = esm.World;
  export const WorldBase = loaded.WorldBase;
  export type WorldBase = esm.WorldBase;
  // cjs-types: every type of types.ts
  export type ThreadsOptions = esm.ThreadsOptions;
}
Object.defineProperty(sepax, "default", { value: sepax, enumerable: true });

export = sepax;
