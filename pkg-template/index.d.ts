// Types of both entries (index.js for browsers and bundlers, node.js for Node). The World class and
// its methods come from wasm-bindgen's sepax_core.d.ts; what the JS entry adds to World.prototype
// is declared below by merging into that class.

import type { InitInput, SyncInitInput } from "./sepax_core.js";

export { World, wasmMemory } from "./sepax_core.js";
export type {
  ShapeOptions,
  ProbeShape,
  CastHit,
  MoveOptions,
  MoveResult,
  InitInput,
  SyncInitInput,
} from "./sepax_core.js";

/**
 * Loads and instantiates the wasm module. Call (and await) once before `new World()`; later
 * calls return the same promise, and a failed load may be retried.
 *
 * The package holds two builds of the same core, with the same results: `sepax_core_simd_bg.wasm`
 * (wasm SIMD, faster) and `sepax_core_bg.wasm` (for engines without wasm SIMD). With no argument
 * init() picks the first where `WebAssembly.validate` accepts a SIMD instruction, else the second.
 *
 * - Browsers and bundlers: with no argument, fetches the chosen file next to the entry file;
 *   otherwise pass a URL or string to fetch, a `Response`, the bytes or a compiled
 *   `WebAssembly.Module`.
 * - Node: with no argument (or a `file:` URL), reads the file with `node:fs`.
 */
export function init(input?: InitInput | Promise<InitInput>): Promise<void>;
export default init;

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`.
 * In Node the argument may be omitted (the bundled file is read). Does nothing once loaded.
 */
export function initSync(input?: SyncInitInput): void;

/**
 * Which build of the core is loaded: `"simd128"` or `"baseline"` when `init()`/`initSync()` chose
 * the file, `"custom"` when the module or its location was passed in, `null` before loading.
 */
export function wasmBuild(): "simd128" | "baseline" | "custom" | null;

// wasm-bindgen's sepax_core.d.ts declares World[Symbol.dispose]; without this, projects whose `lib`
// lacks "esnext.disposable" (e.g. "es2022") fail to type-check the package (the same declaration as
// lib.esnext.disposable.d.ts and @types/node, so the two merge).
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** Zero-copy views of a world's transform columns, indexed by id (length `slotCount`). */
export interface TransformViews {
  /** x of each shape. Writing here moves the shape at the next `step()`. */
  readonly xs: Float32Array;
  /** y of each shape. */
  readonly ys: Float32Array;
  /** Angle of each shape, radians. */
  readonly angles: Float32Array;
}

/**
 * Zero-copy views of the results of the last `sweep()` or `raycastMany()`, parallel to its items: item
 * `i` is `t[i]`, `ids[i]`, `normals[2i], normals[2i + 1]`, `points[2i], points[2i + 1]`. The views are
 * as long as the longest batch so far: only the first `count` items (the call's return value) are the
 * last call's.
 */
export interface CastResultViews {
  /**
   * `sweep()`: the fraction of its motion each shape can travel before its first hit (1 when nothing
   * is hit, 0 when it starts touching something). `raycastMany()`: the distance along the ray to the
   * hit (the ray's reach, `maxDistance` or at most 4e7, when nothing is hit).
   */
  readonly t: Float32Array;
  /** The id of the shape hit, or 0xFFFFFFFF when nothing is. */
  readonly ids: Uint32Array;
  /** The hit shape's unit surface normal `nx, ny` (towards the swept shape, or facing the ray); 0, 0 on a miss. */
  readonly normals: Float32Array;
  /** The contact point `x, y`; on a miss, the swept shape's position after its whole motion, or the ray's end. */
  readonly points: Float32Array;
}

declare module "./sepax_core.js" {
  /**
   * ## Views: the contract
   *
   * `pairs()`, `contacts()`, `started()`, `ended()`, the `*Buffer()` methods, `transforms()` and `castResults()`
   * return typed arrays that look straight into wasm memory: no copy. A view is valid until the
   * next call on any World that may allocate (`add*`, `step`, `setTransforms`, queries): after
   * such a call, ask for it again instead of keeping it (a kept view may be detached, length 0,
   * or show another buffer). Asking again is cheap and creates no object unless memory grew, a
   * buffer moved or (for the exact-length views) the count changed, so calling these every
   * frame is the intended use. Results are overwritten by the next `step()`: copy
   * (`.slice()`) what you need to keep.
   */
  interface World {
    /** The last step's touching pairs `[a0, b0, a1, b1, …]` (`a < b`, sorted); length `2 × pairCount`. */
    pairs(): Uint32Array;
    /**
     * The last step's contacts `[nx, ny, depth, …]`, parallel to `pairs()`: the unit normal points
     * from a to b, and moving b by `normal × depth` separates the pair. Length `3 × pairCount`.
     */
    contacts(): Float32Array;
    /** Pairs that touch now and did not at the step before, like `pairs()`; length `2 × startedCount`. */
    started(): Uint32Array;
    /** Pairs that touched at the step before and do not now (or whose shape was removed); length `2 × endedCount`. */
    ended(): Uint32Array;
    /**
     * The whole allocation behind `pairs()`: only the first `2 × pairCount` elements are
     * meaningful. Unlike `pairs()`, it is not re-made when the count changes, so loops bounded by
     * `pairCount` create no garbage even when the number of pairs varies every frame.
     */
    pairBuffer(): Uint32Array;
    /** The whole allocation behind `contacts()`; the first `3 × pairCount` elements are meaningful. */
    contactBuffer(): Float32Array;
    /** The whole allocation behind `started()`; the first `2 × startedCount` elements are meaningful. */
    startedBuffer(): Uint32Array;
    /** The whole allocation behind `ended()`; the first `2 × endedCount` elements are meaningful. */
    endedBuffer(): Uint32Array;
    /**
     * Zero-copy views of the transform columns, indexed by id (free slots hold stale values).
     * Writing `xs[id]`, `ys[id]`, `angles[id]` moves the shape at the next `step()`, like
     * `setTransform` but without a call; a non-finite or out-of-range value makes `step()` throw a
     * `RangeError` naming the shape. After writing a *static* shape, call `touchStatics()`.
     */
    transforms(): TransformViews;
    /**
     * Views of the last `sweep()`'s or `raycastMany()`'s results (see `CastResultViews`), under the
     * contract above; a later `sweep()` or `raycastMany()` overwrites them. Cached: no object is
     * created unless memory or the result buffers grew.
     */
    castResults(): CastResultViews;
  }
}
