// sepax/threads, Node entry (the `node` export condition): the same API as threads.ts, with the pool's threads in
// `worker_threads` (Node always shares memory between them) and the .wasm files read with node:fs.

import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { defaultWasmFile } from "./load.js";
import { makeThreadsInit, sharedMemory, type ThreadsOptions } from "./threads_load.js";

/** Starts one thread of the pool; resolves when it has instantiated the module. */
function startWorker(module: WebAssembly.Module, memory: WebAssembly.Memory): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./threads_worker_node.js", import.meta.url), { workerData: { module, memory } });
    // The pool's threads never finish: they must not keep the process alive.
    worker.unref();
    worker.once("message", () => resolve());
    worker.once("error", (error) => reject(error));
  });
}

/**
 * Loads the threaded build and starts a pool of `threads` threads (`worker_threads`; by default one per core) that
 * every world's step is split over; in an engine without shared wasm memory or SIMD it loads the single-threaded
 * build instead, without an error. Later calls return the same promise. `wasmBuild()` and `threadCount()` say which
 * build runs and with how many threads.
 * @example
 * import init, { World, threadCount } from "sepax/threads";
 * await init({ threads: 4 });
 */
export const init: (options?: ThreadsOptions) => Promise<void> = makeThreadsInit({
  canShare: sharedMemory,
  defaultThreads: () => availableParallelism(),
  compile: async () => WebAssembly.compile(await readFile(new URL("./sepax_core_threads_bg.wasm", import.meta.url))),
  startWorkers: async (module, memory, count) => {
    await Promise.all(Array.from({ length: count }, () => startWorker(module, memory)));
  },
  singleSource: () => readFile(new URL(`./${defaultWasmFile}`, import.meta.url)),
});

export default init;
export type { ThreadsOptions } from "./threads_load.js";
/** @internal For tests: see threads_load.ts. */
export { setParallelGrain } from "./threads_load.js";
export * from "./api.js";
