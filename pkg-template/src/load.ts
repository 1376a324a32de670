// Loading the core: the choice between the two builds, the checks of init()'s argument, and the state every other
// module reads (the wasm memory). Shared by the three entries (index.ts for browsers and bundlers, node.ts, inline.ts),
// which differ only in where the .wasm comes from when init() is given nothing.

import initWasm, { initSync as initWasmSync } from "./sepax_core.js";
import { wasmMemory } from "./core.js";
import type { InitInput, SyncInitInput, WasmSource } from "./types.js";

/** The wasm memory once loaded; its `.buffer` changes when memory grows. */
let memory: WebAssembly.Memory | null = null;
/** The pending or finished init() promise. */
let loading: Promise<void> | null = null;
/** Which build is loaded, as wasmBuild() reports it. */
type Build = "simd128" | "baseline" | "threads" | "custom";
/** What wasmBuild() reports once loaded. */
let build: Build | null = null;
/** What threadCount() reports once loaded. */
let threads = 0;

// The package holds two builds of the same core: sepax_core_simd_bg.wasm (compiled with wasm SIMD, simd128) and
// sepax_core_bg.wasm (without). With no argument, init() loads the first where the engine validates this module, the
// smallest that uses a SIMD instruction (a function returning f32x4.pmin of two v128 constants), and the second
// elsewhere. Both give the same results; the SIMD one is faster.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 43, 1, 41, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 253, 234, 1, 11,
]);

/**
 * True when this engine runs wasm SIMD, so that `init()` picks `sepax_core_simd_bg.wasm`.
 *
 * @example
 * await init(simd128 ? simdUrl : baselineUrl); // or simply init({ simd: simdUrl, baseline: baselineUrl })
 */
export const simd128: boolean = typeof WebAssembly === "object" && WebAssembly.validate(SIMD_PROBE);

/** @internal The file name of the build init() loads when given no input. */
export const defaultWasmFile = simd128 ? "sepax_core_simd_bg.wasm" : "sepax_core_bg.wasm";

/**
 * Which build of the core is loaded: `"simd128"` or `"baseline"` when `init()`/`initSync()` chose the file (no
 * argument, or `{ simd, baseline }`), `"threads"` when `init()` of `sepax/threads` started its thread pool, `"custom"`
 * when one module or its location was passed in, `null` before loading.
 *
 * @example
 * await init();
 * console.log(wasmBuild()); // "simd128" in current browsers and Node
 */
export function wasmBuild(): "simd128" | "baseline" | "threads" | "custom" | null {
  return build;
}

/**
 * How many threads step the worlds: the size of the thread pool with the `"threads"` build (see `sepax/threads`), 1
 * with the others, 0 before loading.
 *
 * @example
 * import init, { threadCount } from "sepax/threads";
 * await init();
 * console.log(threadCount()); // e.g. 8 where the page is cross-origin isolated, else 1
 */
export function threadCount(): number {
  return threads;
}

/** @internal The wasm memory; throws the error of a World made before init(). */
export function loadedMemory(): WebAssembly.Memory {
  if (memory === null) throw new Error("sepax: call `await init()` (or `initSync()`) before `new World()`");
  return memory;
}

/** @internal Records that the binding in use is loaded: its build and how many threads it steps worlds with. */
export function ready(which: Build, threadsInUse = 1): void {
  memory = wasmMemory() as WebAssembly.Memory;
  build = which;
  threads = threadsInUse;
}

/**
 * @internal The one load of the package: `start()` runs unless a load is pending or done (then its promise is
 * returned); a failed load may be retried.
 */
export function loadOnce(start: () => Promise<void>): Promise<void> {
  if (loading === null) {
    loading = start().then(undefined, (error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

// ----- init()'s argument ------------------------------------------------------------------------------------------
// Checked before anything is loaded, so that a wrong shape (a number, null, wasm-bindgen's `{ module }` given to init(),
// an object with a misspelt key) is a TypeError naming what is accepted, not a failure deep in fetch or
// WebAssembly.instantiate.

const isInstance = (value: unknown, name: string): boolean => {
  const constructor = (globalThis as Record<string, unknown>)[name];
  return typeof constructor === "function" && value instanceof constructor;
};
const isBytes = (value: unknown): value is ArrayBuffer | ArrayBufferView =>
  value instanceof ArrayBuffer || ArrayBuffer.isView(value);
const isModule = (value: unknown): value is WebAssembly.Module =>
  typeof WebAssembly === "object" && value instanceof WebAssembly.Module;
const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === "object" || typeof value === "function") &&
  typeof (value as { then?: unknown }).then === "function";
/** One .wasm as init() takes it (see WasmSource). */
const isSource = (value: unknown): value is WasmSource =>
  typeof value === "string" ||
  isInstance(value, "URL") ||
  isInstance(value, "Request") ||
  isInstance(value, "Response") ||
  isBytes(value) ||
  isModule(value);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length === 0 ? "an object with no keys" : `an object with keys ${keys.join(", ")}`;
  }
  return `${typeof value} ${String(value)}`;
}

const INIT_ACCEPTS =
  "no argument, { simd, baseline }, { module_or_path }, or one .wasm: a URL or string, a Request or Response, " +
  "an ArrayBuffer or typed array, a WebAssembly.Module, or a promise of one";

function checkSource(what: string, value: unknown): WasmSource | Promise<WasmSource> {
  if (isSource(value)) return value;
  if (isThenable(value)) {
    return Promise.resolve(value).then((resolved) => {
      if (!isSource(resolved)) {
        throw new TypeError(`sepax: init(): ${what} resolved to ${describe(resolved)}, not a .wasm`);
      }
      return resolved;
    });
  }
  throw new TypeError(`sepax: init(): ${what} must be ${INIT_ACCEPTS}; got ${describe(value)}`);
}

const hasExactly = (value: object, ...keys: string[]): boolean =>
  Object.keys(value).length === keys.length && keys.every((k) => Object.prototype.hasOwnProperty.call(value, k));

/** A .wasm to load (undefined: the entry's own file for this engine), and which build that is. */
interface Choice {
  source: WasmSource | Promise<WasmSource> | undefined;
  which: "simd128" | "baseline" | "custom";
}

function initArgument(input: unknown): Choice {
  const chosen = simd128 ? "simd128" : "baseline";
  if (input === undefined) return { source: undefined, which: chosen };
  if (isSource(input) || isThenable(input)) return { source: checkSource("input", input), which: "custom" };
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    const object = input as Record<string, unknown>;
    if (hasExactly(object, "simd", "baseline")) {
      checkSource("input.baseline", object.baseline); // both are checked, only the chosen one is read
      checkSource("input.simd", object.simd);
      return {
        source: checkSource(simd128 ? "input.simd" : "input.baseline", simd128 ? object.simd : object.baseline),
        which: chosen,
      };
    }
    if (hasExactly(object, "module_or_path")) {
      return { source: checkSource("input.module_or_path", object.module_or_path), which: "custom" };
    }
  }
  throw new TypeError(`sepax: init(input): input must be ${INIT_ACCEPTS}; got ${describe(input)}`);
}

/**
 * A load that failed because the bytes were not a .wasm at all: most often a dev server that answered the .wasm's
 * URL with its HTML page (Vite 5-7's dependency optimizer moves the JS away from the .wasm). Says so, and how to fix
 * it, instead of the engine's "expected magic word 00 61 73 6d".
 */
function explainLoadError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : "";
  if (!(typeof WebAssembly === "object" && error instanceof WebAssembly.CompileError && /magic/i.test(message))) {
    return error;
  }
  return new Error(
    "sepax: init(): the file loaded as the .wasm is not WebAssembly (" +
      message +
      "). A dev server most likely answered its URL with an HTML page: with Vite 5, 6 or 7's dev server add " +
      '`optimizeDeps: { exclude: ["sepax"] }` to vite.config.js, or import "sepax/inline", which embeds the .wasm; ' +
      "elsewhere, serve the package's .wasm files next to its JS (or pass their URLs: init({ simd, baseline })).",
    { cause: error },
  );
}

/** @internal How an entry turns the .wasm the user gave (undefined: its own file for this engine) into a source. */
export type Resolve = (source: WasmSource | undefined) => WasmSource | Promise<WasmSource>;

/** @internal `init` of an entry. */
export function makeInit(resolve: Resolve): (input?: InitInput) => Promise<void> {
  return function init(input?: InitInput): Promise<void> {
    let choice: Choice;
    try {
      choice = initArgument(input);
    } catch (error) {
      return Promise.reject(error);
    }
    return loadOnce(() =>
      Promise.resolve(choice.source)
        .then((source) => resolve(source))
        // initSync() may have finished while the input was being read.
        .then((source) =>
          memory === null
            ? initWasm({ module_or_path: source as never }).then(
                () => ready(choice.which),
                (error: unknown) => {
                  throw explainLoadError(error);
                },
              )
            : undefined,
        ),
    );
  };
}

/** @internal `initSync` of an entry: `resolve(undefined)` gives the entry's own file's bytes, where it can. */
export function makeInitSync(
  resolve: (
    module: ArrayBuffer | ArrayBufferView | WebAssembly.Module | undefined,
  ) => BufferSource | WebAssembly.Module,
  optional: boolean,
): (input?: SyncInitInput) => void {
  return function initSync(input?: SyncInitInput): void {
    let module: unknown = input;
    if (
      typeof input === "object" &&
      input !== null &&
      !isBytes(input) &&
      !isModule(input) &&
      hasExactly(input, "module")
    ) {
      module = (input as { module: unknown }).module;
    }
    if (!(module === undefined || isBytes(module) || isModule(module))) {
      throw new TypeError(
        "sepax: initSync(input): input must be the .wasm bytes (an ArrayBuffer or typed array), a " +
          `WebAssembly.Module or { module } of one${optional ? ", or nothing" : ""}; got ${describe(input)}`,
      );
    }
    if (memory === null) {
      try {
        initWasmSync({ module: resolve(module) as never });
      } catch (error) {
        throw explainLoadError(error);
      }
      ready(module === undefined ? (simd128 ? "simd128" : "baseline") : "custom");
      loading = Promise.resolve();
    }
  };
}
