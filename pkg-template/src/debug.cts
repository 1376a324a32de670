// sepax/debug, CommonJS entry (the `require` condition under `node`). The debug module is an ES module; Node 20.19+
// and 22.12+ can require() it, so this file loads it that way and exports its names as properties:
// `const { drawDebug } = require("sepax/debug")`. On an older Node it throws at once, saying what to do instead.

import type * as esm from "./debug.js" with { "resolution-mode": "import" };

declare const process: { features: { require_module?: boolean }; version: string };
declare const require: (id: string) => typeof esm;

if (!process.features.require_module) {
  throw new Error(
    `sepax/debug is an ES module, and this Node (${process.version}) cannot require() ES modules. ` +
      'Use `const { drawDebug } = await import("sepax/debug")`, or Node >= 20.19 or >= 22.12 where ' +
      'require("sepax/debug") works.',
  );
}

const loaded = require("./debug.js");

/** The names of sepax/debug; its public types beside them. */
const debug = {
  drawDebug: loaded.drawDebug,
  DEBUG_COLORS: loaded.DEBUG_COLORS,
};
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace debug {
  export type DebugCamera = esm.DebugCamera;
  export type DebugContext = esm.DebugContext;
  export type DrawDebugOptions = esm.DrawDebugOptions;
}

export = debug;
