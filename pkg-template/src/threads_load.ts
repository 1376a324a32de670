// sepax/threads, the part shared by its two entries (threads.ts for browsers and bundlers, threads_node.ts for Node):
// init({ threads }) loads the threaded build (sepax_core_threads_bg.wasm: the same core, compiled with shared memory
// and wasm SIMD, whose worlds split each step over a pool of threads) where the engine can share memory between
// threads, and the single-threaded build elsewhere, without an error. Either way the package's one World class runs
// on it (core.ts), and wasmBuild() and threadCount() say which build and how many threads.
//
// The pool: `threads` workers, each instantiating the same module on the same shared memory and waiting in
// startWorker(); then buildThreadPool() hands each one a thread of rayon's pool (src/wasm/threads.rs says why in that
// order). A step then runs on the pool while its caller waits: from a Worker (or in Node) the caller sleeps, on a
// browser page's main thread it spins, competing with the pool for a core, so a game gets the most from a world
// stepped in a Worker.

import * as single from "./sepax_core.js";
import { useBinding } from "./core.js";
import { loadOnce, ready, simd128 } from "./load.js";

/** The options of `init()` of `sepax/threads`. */
export interface ThreadsOptions {
  /**
   * How many threads step the worlds (an integer from 1 to 256): by default as many as the machine has cores
   * (`navigator.hardwareConcurrency`, Node's `os.availableParallelism()`).
   */
  threads?: number;
}

/** @internal What an entry of sepax/threads supplies. */
export interface ThreadsPlatform {
  /** True when this engine can start workers that share memory with this thread. */
  canShare(): boolean;
  /** The number of threads when init() is not given one. */
  defaultThreads(): number;
  /** The threaded build, compiled. */
  compile(): Promise<WebAssembly.Module>;
  /** Starts `count` workers on `module` and `memory`; resolves once each has instantiated it. */
  startWorkers(module: WebAssembly.Module, memory: WebAssembly.Memory, count: number): Promise<void>;
  /** The single-threaded build's .wasm for this engine, as `init()` of the main entry loads it. */
  singleSource(): Promise<BufferSource | URL>;
}

/** The threaded binding, once loaded. */
let threadedBinding: typeof import("./sepax_core_threads.js") | null = null;

/** The most threads init() starts. */
const MAX_THREADS = 256;

/** @internal True when this engine has shared wasm memory (a shared memory of the threaded build's maximum). */
export function sharedMemory(): boolean {
  if (typeof SharedArrayBuffer !== "function" || typeof Atomics !== "object" || typeof WebAssembly !== "object") {
    return false;
  }
  try {
    return new WebAssembly.Memory({ initial: 1, maximum: 16384, shared: true }).buffer instanceof SharedArrayBuffer;
  } catch {
    return false;
  }
}

function threadsOption(options: unknown, platform: ThreadsPlatform): number {
  const accepts = "no argument or { threads }, threads an integer from 1 to 256";
  if (options === undefined) return Math.max(1, Math.min(MAX_THREADS, platform.defaultThreads()));
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError(`sepax: init(options): options must be ${accepts}; got ${String(options)}`);
  }
  const keys = Object.keys(options);
  const unknown = keys.filter((k) => k !== "threads");
  if (unknown.length > 0) {
    throw new TypeError(`sepax: init(options): unknown option ${unknown.join(", ")} (accepted: ${accepts})`);
  }
  const threads = (options as { threads?: unknown }).threads;
  if (threads === undefined) return Math.max(1, Math.min(MAX_THREADS, platform.defaultThreads()));
  if (typeof threads !== "number" || !Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new RangeError(
      `sepax: init(options): options.threads must be an integer from 1 to 256; got ${String(threads)}`,
    );
  }
  return threads;
}

/** @internal `init` of an entry of sepax/threads. */
export function makeThreadsInit(platform: ThreadsPlatform): (options?: ThreadsOptions) => Promise<void> {
  return function init(options?: ThreadsOptions): Promise<void> {
    let threads: number;
    try {
      threads = threadsOption(options, platform);
    } catch (error) {
      return Promise.reject(error);
    }
    // The threaded build uses wasm SIMD: engines with shared memory but without SIMD (Safari 15) get the
    // single-threaded build.
    if (!simd128 || !platform.canShare()) {
      return loadOnce(() =>
        platform
          .singleSource()
          .then((source) =>
            single.default({ module_or_path: source }).then(() => ready(simd128 ? "simd128" : "baseline")),
          ),
      );
    }
    return loadOnce(async () => {
      const threaded = await import("./sepax_core_threads.js");
      const module = await platform.compile();
      await threaded.default({ module_or_path: module });
      await platform.startWorkers(module, threaded.wasmMemory() as WebAssembly.Memory, threads);
      threaded.buildThreadPool(threads);
      threadedBinding = threaded;
      useBinding(threaded);
      ready("threads", threads);
    });
  };
}

/**
 * @internal Sets how many items (shapes, candidates, pairs) a chunk of a threaded step holds, for the worlds created
 * from now on (0: the default). Tests make it small, so that small worlds split too; results do not depend on it.
 */
export function setParallelGrain(items: number): void {
  threadedBinding?.setParallelGrain(items);
}
