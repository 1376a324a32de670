// sepax/threads, the entry for browsers and bundlers: init({ threads }) starts a pool of module Workers running the
// threaded build where the page is cross-origin isolated (served with `Cross-Origin-Opener-Policy: same-origin` and
// `Cross-Origin-Embedder-Policy: require-corp`, so that it has SharedArrayBuffer), and loads the single-threaded
// build elsewhere. threads_node.ts is the Node entry; threads_load.ts the part they share.

import { simd128 } from "./load.js";
import { makeThreadsInit, sharedMemory, type ThreadsOptions } from "./threads_load.js";

/** The Workers of the pool, kept referenced (Firefox collected unreferenced ones sharing memory). */
const workers: Worker[] = [];

/** Starts one Worker of the pool; resolves when it has instantiated the module. */
function startWorker(module: WebAssembly.Module, memory: WebAssembly.Memory): Promise<void> {
  return new Promise((resolve, reject) => {
    // Written out in full, as bundlers (Vite, webpack 5, Parcel) recognise workers only in this form.
    const worker = new Worker(new URL("./threads_worker.js", import.meta.url), { type: "module" });
    workers.push(worker);
    worker.onmessage = () => resolve();
    worker.onerror = (event) => reject(new Error(`sepax: a thread of the pool failed to start: ${event.message}`));
    worker.postMessage({ module, memory });
  });
}

/**
 * Loads the core and, where this page can share memory between threads (it is cross-origin isolated and the engine
 * has wasm threads and SIMD), starts a pool of `threads` Workers that every world's step is split over. Elsewhere it
 * loads the single-threaded build, as `init()` of `sepax` does, without an error. Call (and await) once before
 * `new World()`; later calls return the same promise. `wasmBuild()` then says `"threads"` or which single-threaded
 * build runs, and `threadCount()` how many threads step the worlds. Results are the same bits in every build.
 *
 * A step waits for the pool: step the world in a Worker, where waiting costs nothing, rather than on the page's main
 * thread, where it spins.
 *
 * @example
 * import init, { World, threadCount } from "sepax/threads";
 * await init(); // or init({ threads: 4 })
 * console.log(threadCount());
 * const world = new World();
 */
export const init: (options?: ThreadsOptions) => Promise<void> = makeThreadsInit({
  canShare: () =>
    (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true &&
    typeof Worker === "function" &&
    sharedMemory(),
  defaultThreads: () => (typeof navigator === "object" && navigator.hardwareConcurrency) || 1,
  compile: async () => {
    const url = new URL("./sepax_core_threads_bg.wasm", import.meta.url);
    return WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(fetch(url))
      : WebAssembly.compile(await (await fetch(url)).arrayBuffer());
  },
  startWorkers: async (module, memory, count) => {
    await Promise.all(Array.from({ length: count }, () => startWorker(module, memory)));
  },
  singleSource: async () =>
    simd128 ? new URL("./sepax_core_simd_bg.wasm", import.meta.url) : new URL("./sepax_core_bg.wasm", import.meta.url),
});

export default init;
export type { ThreadsOptions } from "./threads_load.js";
/** @internal For tests: see threads_load.ts. */
export { setParallelGrain } from "./threads_load.js";
export * from "./api.js";
