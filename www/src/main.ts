/**
 * Entry point: load sepax's wasm the way a user of the package does (`init()` picks sepax_core_simd_bg.wasm, or
 * sepax_core_bg.wasm in a browser without wasm SIMD, next to the bundle), then start the demo. Any failure is
 * shown on the page and logged as a console error.
 */
import init, { wasmBuild } from "sepax";
import { App } from "./app.ts";
import { installDebugHook } from "./debug.ts";
import { Panel } from "./ui.ts";

async function main(): Promise<void> {
  const panel = new Panel();
  try {
    await init();
    panel.showBuild(wasmBuild() ?? "?");
    const app = new App(panel);
    installDebugHook(app);
    app.start();
  } catch (e) {
    panel.showError(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    throw e;
  }
}

void main();
