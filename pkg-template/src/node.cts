// sepax, CommonJS entry (the `require` condition under `node`). The package is ES modules; Node 20.19+ and 22.12+ can
// require() them, so this file loads the Node entry that way and exports `init` itself with every other export as a
// property: `const init = require("sepax")`, `const { init, World } = require("sepax")` and
// `require("sepax").default` all work, and share one instance with `import "sepax"`. On an older Node it throws at
// once, saying what to do instead.

import type * as esm from "./node.js" with { "resolution-mode": "import" };

declare const process: { features: { require_module?: boolean }; version: string };
declare const require: (id: string) => typeof esm;

if (!process.features.require_module) {
  throw new Error(
    `sepax is an ES module package, and this Node (${process.version}) cannot require() ES modules. ` +
      'Use `const { default: init, World } = await import("sepax")`, or Node >= 20.19 or >= 22.12 where ' +
      'require("sepax") works.',
  );
}

const loaded = require("./node.js");

/** `init` of the Node entry; the other exports of the package are its properties. */
function sepax(input?: esm.InitInput): Promise<void> {
  return loaded.init(input);
}
// The exports as properties of `init`, and the public types beside them (scripts/cjs-types.mjs lists types.ts's).
// eslint-disable-next-line @typescript-eslint/no-namespace
namespace sepax {
  export const init = sepax;
  export const initSync = loaded.initSync;
  export const wasmBuild = loaded.wasmBuild;
  export const threadCount = loaded.threadCount;
  export const simd128 = loaded.simd128;
  export const World = loaded.World;
  export type World = esm.World;
  export const WorldBase = loaded.WorldBase;
  export type WorldBase = esm.WorldBase;
  // cjs-types: every type of types.ts
}
Object.defineProperty(sepax, "default", { value: sepax, enumerable: true });

export = sepax;
