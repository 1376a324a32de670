// The public types of sepax, for every entry (index.js for browsers and bundlers, node.js for Node, and through
// index.d.cts the CommonJS one). Hand-written and self-contained: wasm-bindgen's sepax_core.d.ts (also in the
// package, referenced by nothing here) declares the low-level methods the entries use internally and names DOM
// types, so a project without the DOM lib could not check it. tests/js/fixtures/types-sync.ts compiles this file
// against sepax_core.d.ts and fails when a method of the binding is neither declared here with the same signature
// nor listed as internal there.

// World[Symbol.dispose] needs Symbol.dispose; without this, projects whose `lib` lacks "esnext.disposable" (e.g.
// "es2022") could not check the package (the same declaration as lib.esnext.disposable.d.ts and @types/node, so
// they merge).
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** The instance type of global constructor `K` where the project's libs declare it (DOM, @types/node), else never. */
type GlobalInstance<K extends string> = typeof globalThis extends {
  readonly [P in K]: abstract new (...args: any) => infer I;
}
  ? I
  : never;
/**
 * `WebAssembly.Module` where the project's libs declare it, else never. The libs declare it as an empty interface,
 * which any object matches: `& object` at least keeps numbers and strings out, and init() checks the rest at run
 * time (with `instanceof WebAssembly.Module`).
 */
type WasmModule = typeof globalThis extends {
  readonly WebAssembly: { readonly Module: abstract new (...args: any) => infer I };
}
  ? I & object
  : never;

/**
 * One `.wasm` file, as `init()` takes it: a URL or string to fetch (in Node: a `file:` URL or string is read from
 * disk), a `Request` or `Response`, the bytes, or a compiled `WebAssembly.Module`. The DOM-only members are left out
 * where the project's libs do not declare them.
 */
export type WasmSource =
  | string
  | GlobalInstance<"URL">
  | GlobalInstance<"Request">
  | GlobalInstance<"Response">
  | ArrayBuffer
  | ArrayBufferView
  | WasmModule;

/**
 * What `init()` accepts:
 * - nothing: the package's own file, the SIMD build where the engine has wasm SIMD (see `simd128`), else the
 *   baseline build;
 * - `{ simd, baseline }`: where each build is (e.g. URLs your bundler gave you); init() still makes the choice, and
 *   only the chosen one is read;
 * - one `WasmSource` (or a promise of one), or wasm-bindgen's `{ module_or_path }` form of it: exactly that module
 *   (`wasmBuild()` then says `"custom"`).
 */
export type InitInput =
  | WasmSource
  | PromiseLike<WasmSource>
  | { readonly simd: WasmSource | PromiseLike<WasmSource>; readonly baseline: WasmSource | PromiseLike<WasmSource> }
  | { readonly module_or_path: WasmSource | PromiseLike<WasmSource> };

/** What `initSync()` accepts: the bytes or a compiled `WebAssembly.Module`, bare or as wasm-bindgen's `{ module }`. */
export type SyncInitInput =
  ArrayBuffer | ArrayBufferView | WasmModule | { readonly module: ArrayBuffer | ArrayBufferView | WasmModule };

/**
 * Loads and instantiates the wasm module. Call (and await) once before `new World()`; later calls return the
 * same promise, and a failed load may be retried. An argument of another shape (a number, `null`, an object with
 * other keys) is a `TypeError`.
 *
 * The package holds two builds of the same core, with the same results: `sepax_core_simd_bg.wasm` (wasm SIMD,
 * faster) and `sepax_core_bg.wasm` (for engines without wasm SIMD). With no argument init() picks the first where
 * `WebAssembly.validate` accepts a SIMD instruction, else the second.
 *
 * - Browsers and bundlers: with no argument, fetches the chosen file next to the entry file.
 * - Node: with no argument (or a `file:` URL), reads the file with `node:fs`.
 *
 * @example
 * import init, { World } from "sepax";
 * init().then(() => {
 *   const world = new World();
 * });
 */
export function init(input?: InitInput): Promise<void>;
export default init;

/**
 * Instantiates the wasm module synchronously from its bytes or a compiled `WebAssembly.Module`. In Node the
 * argument may be omitted (the package's file for this engine is read); in browsers it is required, and main
 * threads allow synchronous compilation of small modules only: prefer `init()`. Does nothing once loaded.
 *
 * @example
 * initSync(readFileSync(new URL(import.meta.resolve("sepax/sepax_core_bg.wasm"))));
 */
export function initSync(input?: SyncInitInput): void;

/**
 * Which build of the core is loaded: `"simd128"` or `"baseline"` when `init()`/`initSync()` chose the file (no
 * argument, or `{ simd, baseline }`), `"custom"` when one module or its location was passed in, `null` before
 * loading.
 *
 * @example
 * await init();
 * console.log(wasmBuild()); // "simd128" in current browsers and Node
 */
export function wasmBuild(): "simd128" | "baseline" | "custom" | null;

/**
 * True when this engine runs wasm SIMD, so that `init()` picks `sepax_core_simd_bg.wasm`.
 *
 * @example
 * await init(simd128 ? simdUrl : baselineUrl); // or simply init({ simd: simdUrl, baseline: baselineUrl })
 */
export const simd128: boolean;

/** Options of the `add*` methods. */
export interface ShapeOptions {
  /** Layer bits of the shape (default 1). */
  layer?: number;
  /** Layers the shape collides with (default all). A pair is tested only when
   * `(layerA & maskB) !== 0 && (layerB & maskA) !== 0`. */
  mask?: number;
  /** Static shapes are never paired with each other and cost nothing while unmoved. */
  isStatic?: boolean;
}

/** Options of `addChain`: those of every `add*` method, and whether the chain is closed. */
export interface ChainOptions extends ShapeOptions {
  /** Join the last point to the first: a closed, one-sided chain (default false: open, two-sided). */
  loop?: boolean;
}

/** Options of `new World(options)`, fixed for the world's life. */
export interface WorldOptions {
  /** Compute one or two contact points per pair at every step, read with `contactPoints()`
   * (default false: the step then costs what it did without them). */
  contactPoints?: boolean;
}

/** A shape for `queryShape`, not added to the world. */
export type ProbeShape =
  | { kind: "circle"; radius: number }
  | { kind: "box"; halfWidth: number; halfHeight: number }
  | { kind: "alignedBox"; halfWidth: number; halfHeight: number }
  | { kind: "capsule"; halfLength: number; radius: number }
  | { kind: "segment"; x1: number; y1: number; x2: number; y2: number }
  | { kind: "point" }
  | { kind: "polygon"; points: number[] };

/** Where a shape of `addShapes` is, and its options: the fields of every `ShapeDesc`. */
export interface ShapePlacement extends ShapeOptions {
  /** x of the position. */
  x: number;
  /** y of the position. */
  y: number;
  /** Angle in radians (default 0). */
  angle?: number;
}

/** A shape as a plain object, for `addShapes` (and from `shape(id)`). */
export type ShapeDesc =
  | ({ kind: "circle"; radius: number } & ShapePlacement)
  | ({ kind: "box"; halfWidth: number; halfHeight: number } & ShapePlacement)
  | ({ kind: "alignedBox"; halfWidth: number; halfHeight: number } & ShapePlacement)
  | ({ kind: "capsule"; halfLength: number; radius: number } & ShapePlacement)
  | ({ kind: "segment"; x1: number; y1: number; x2: number; y2: number } & ShapePlacement)
  | ({ kind: "point" } & ShapePlacement)
  | ({ kind: "polygon"; points: number[] | Float32Array | Float64Array } & ShapePlacement)
  | ({ kind: "concave"; points: number[] | Float32Array | Float64Array } & ShapePlacement)
  | ({ kind: "chain"; points: number[] | Float32Array | Float64Array; loop?: boolean } & ShapePlacement);

/** What `shape(id)` returns: a `ShapeDesc` with every field present (`points` a plain array). */
export type ShapeRecord = ShapeDesc & Required<ShapePlacement>;

/** The closest hit of `raycast()`: a new plain object. */
export interface RayHit {
  /** The shape hit. */
  id: number;
  /** Distance from the ray's origin to the hit, in world units (the direction is normalised), `<= maxDistance`. */
  distance: number;
  /** x of the hit point (origin + unit direction × distance). */
  x: number;
  /** y of the hit point. */
  y: number;
  /** x of the unit surface normal at the hit, facing the ray (minus the direction when the ray starts inside). */
  nx: number;
  /** y of the unit surface normal. */
  ny: number;
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

/** What `castShape` returns: the shape hit, when and where. */
export interface CastHit {
  /** The id of the shape hit. */
  id: number;
  /** The fraction of the motion `(dx, dy)` travelled at first contact, in [0, 1]. */
  t: number;
  /** The contact point. */
  x: number;
  y: number;
  /** The hit shape's unit surface normal, pointing towards the moving shape. */
  nx: number;
  ny: number;
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

/** Options of `moveAndSlide`. */
export interface MoveOptions {
  /** The most cast-and-clip rounds, an integer from 1 to 16 (default 4). */
  maxIterations?: number;
  /** x of the up direction, for `grounded` (default 0). */
  upX?: number;
  /** y of the up direction (default -1: on a canvas y grows downwards). */
  upY?: number;
  /** The steepest floor, radians from up, from 0 to π (default π/4). */
  maxSlope?: number;
  /** The distance kept from surfaces, from 0 (default 0.01); raised to cover the rounding
   * of coordinates far from the origin. */
  skin?: number;
}

/** What `moveAndSlide` returns (in the package: one object per world, reused). */
export interface MoveResult {
  /** The new position (written to the shape's transform). */
  x: number;
  y: number;
  /** Some contact's normal is within `maxSlope` of up. */
  grounded: boolean;
  /** `id, nx, ny` per contact met, the normal from that shape towards the mover. In the
   * package a view valid until the next `moveAndSlide` call. */
  contacts: Float32Array;
}

/**
 * A collision world: add shapes, move them, call `step()`, read the touching pairs. Create it after `init()`.
 *
 * ## Views: the contract
 *
 * `pairs()`, `contacts()`, `started()`, `ended()`, the `*Buffer()` methods, `transforms()` and `castResults()` return
 * typed arrays
 * that look straight into wasm memory: no copy. A view is valid until the next call on any World that may allocate
 * (`add*`, `step`, `setTransforms`, queries): after such a call, ask for it again instead of keeping it (a kept view
 * may be detached, length 0, or show another buffer). Asking again is cheap and creates no object unless memory
 * grew, a buffer moved or (for the exact-length views) the count changed, so calling these every frame is the
 * intended use. Results are overwritten by the next `step()`: copy (`.slice()`) what you need to keep.
 *
 * @example
 * const world = new World();
 * const a = world.addCircle(0, 0, 1);
 * const b = world.addCircle(1.5, 0, 1);
 * world.step(); // 1
 * world.pairs(); // Uint32Array [a, b]
 * world.free();
 */
export class World {
  /**
   * Creates an empty world. `options` may be omitted; `contactPoints: true` makes every step also compute contact
   * points (see `contactPoints()`). An unknown option or a non-boolean `contactPoints` throws a TypeError naming it.
   * @example const world = new World();
   * @example const world = new World({ contactPoints: true });
   */
  constructor(options?: WorldOptions);
  /**
   * Releases the world's memory. Calling it again does nothing; any other call afterwards throws.
   * @example world.free();
   */
  free(): void;
  /**
   * The same as `free()`, for `using world = new World()`.
   * @example { using world = new World(); }
   */
  [Symbol.dispose](): void;
  /**
   * Adds a circle of `radius` centred at `(x, y)`; returns its id.
   * @example const ball = world.addCircle(100, 50, 8);
   */
  addCircle(x: number, y: number, radius: number, opts?: ShapeOptions): number;
  /**
   * Adds a rectangle centred at `(x, y)` turned by `angle` radians (default 0); it turns with later transforms.
   * @example const crate = world.addBox(10, 10, 4, 4, Math.PI / 8);
   */
  addBox(x: number, y: number, halfWidth: number, halfHeight: number, angle?: number, opts?: ShapeOptions): number;
  /**
   * Adds a rectangle centred at `(x, y)` that stays axis-aligned whatever angle it is given later (cheaper than
   * `addBox` for tiles and walls).
   * @example const floor = world.addAlignedBox(0, 300, 400, 10, { isStatic: true });
   */
  addAlignedBox(x: number, y: number, halfWidth: number, halfHeight: number, opts?: ShapeOptions): number;
  /**
   * Adds a convex polygon. `points` holds `x0, y0, x1, y1, …` in local coordinates around `(x, y)` (3 to 64
   * points, either winding; clockwise is reversed, duplicate and collinear points are merged; anything else invalid
   * throws a `RangeError` naming the vertex).
   * @example const ship = world.addPolygon(100, 100, 0, new Float32Array([12, 0, -8, 7, -8, -7]));
   */
  addPolygon(
    x: number,
    y: number,
    angle: number,
    points: Float32Array | Float64Array | number[],
    opts?: ShapeOptions,
  ): number;
  /**
   * Adds a concave polygon: **one shape with one id**, whatever its outline. `points` holds `x0, y0, x1, y1, …` in
   * local coordinates around `(x, y)`: a simple outline of 3 to 1,024 points (either winding; duplicate and
   * collinear points are merged), cut once into a few convex parts. Its pairs are reported once per pair of ids,
   * with the normal and depth of its deepest touching part; queries, rays, casts, sweeps and `moveAndSlide` see
   * its outline (a shape in a notch touches nothing). An outline that crosses or touches itself throws a
   * `RangeError` naming the first vertex whose edge does; zero area, non-finite values and more than 1,024 points
   * throw too. It cannot be a `ProbeShape`; `parts(id)` returns its parts for drawing.
   * @example
   * // A cup: a U whose notch opens upwards (y down).
   * const cup = world.addConcavePolygon(200, 300, 0, [0, 0, 10, 0, 10, 30, 30, 30, 30, 0, 40, 0, 40, 40, 0, 40], {
   *   isStatic: true,
   * });
   */
  addConcavePolygon(
    x: number,
    y: number,
    angle: number,
    points: Float32Array | Float64Array | number[],
    opts?: ShapeOptions,
  ): number;
  /**
   * The convex parts of shape `id`, for drawing and debugging, in its **local** coordinates (place them with its
   * transform): `[partCount, n0, x, y, x, y, …, n1, …]`, each part counter-clockwise. A convex polygon is one part
   * with its vertices; other convex kinds are `[1, 0]`; a chain is one part of 2 points per segment, in order. A
   * new array per call: ask once and keep it.
   * @example
   * const p = world.parts(cup);
   * for (let k = 0, at = 1; k < p[0]; k++, at += 1 + 2 * p[at]) drawPolygon(p.subarray(at + 1, at + 1 + 2 * p[at]));
   */
  parts(id: number): Float32Array;
  /**
   * Adds a chain: a polyline of segments (terrain, outlines) as **one shape with one id**, placed at `(0, 0)` with
   * angle 0 (move and turn it with `setTransform` like any shape: its points are local). `points` holds
   * `x0, y0, x1, y1, …`: 2 to 4,096 points, 3 or more with `loop: true`. A point that repeats the previous one
   * (within `1e-6 ×` the chain's size) is merged into it, and so is a loop's last point when it repeats the first;
   * fewer distinct points than needed, non-finite values and more than 4,096 points throw a `RangeError`.
   *
   * An open chain collides on **both sides**. A loop collides on **one side**, the right of its direction
   * (walking from point to point): outside for a loop that turns counter-clockwise with y up (clockwise on a
   * y-down canvas: a solid outline), inside for the other winding (a cave); rays and casts from the other side
   * pass through. Contacts are **smoothed** (ghost vertices): a shape sliding along the chain gets the normal of
   * the surface under it, never one out of an internal joint or from the far end of an internal edge, so a
   * character on a floor of 1,000 segments never catches on a seam. Pairs are reported once per pair of ids,
   * with the deepest segment contact. `parts(id)` returns its segments, `chainPoints(id)` its points.
   * @example
   * // A floor of hills, solid from both sides (y down: the hills rise towards -y).
   * const ground = world.addChain([0, 300, 100, 280, 200, 300, 300, 260, 400, 300], { isStatic: true });
   */
  addChain(points: Float32Array | Float64Array | number[], opts?: ChainOptions): number;
  /**
   * The points of chain `id` in its **local** coordinates (place them with its transform to draw them),
   * `[x0, y0, x1, y1, …]`, close duplicates merged; a loop's last point joins its first. A `RangeError` for an id
   * that is not a chain. A new array per call: ask once and keep it.
   * @example
   * const p = world.chainPoints(ground);
   * context.moveTo(p[0], p[1]);
   * for (let i = 2; i < p.length; i += 2) context.lineTo(p[i], p[i + 1]);
   */
  chainPoints(id: number): Float32Array;
  /**
   * Adds a capsule (a "stadium"): the points within `radius` of a segment of length `2 × halfLength` centred at
   * `(x, y)` along the local x axis, turned by `angle` (default 0).
   * @example const player = world.addCapsule(50, 50, 6, 4, Math.PI / 2);
   */
  addCapsule(x: number, y: number, halfLength: number, radius: number, angle?: number, opts?: ShapeOptions): number;
  /**
   * Adds the segment from `(x1, y1)` to `(x2, y2)`. Its position (for `setTransform`) is its midpoint, its angle 0.
   * @example const ledge = world.addSegment(0, 100, 80, 100, { isStatic: true });
   */
  addSegment(x1: number, y1: number, x2: number, y2: number, opts?: ShapeOptions): number;
  /**
   * Adds a point at `(x, y)`.
   * @example const bullet = world.addPoint(5, 5, { layer: 2, mask: 1 });
   */
  addPoint(x: number, y: number, opts?: ShapeOptions): number;
  /**
   * Adds every shape of `list`, an array of plain objects, and returns their ids in list order (the ids the same
   * `add*` calls would return). A record is a `queryShape` probe (the same kinds and size fields) with `x`, `y`,
   * `angle` (default 0) and the `add*` methods' options `layer`, `mask`, `isStatic` (same defaults); a segment's
   * ends `x1, y1, x2, y2` are relative to `x, y`; `{ kind: "concave", points }` is a concave polygon, as
   * `addConcavePolygon` takes it, and `{ kind: "chain", points, loop? }` a chain, as `addChain` takes it (placed by
   * `x`, `y`, `angle`). The whole list is checked first: a bad record throws a
   * `TypeError` (not an object, a wrong type, an unknown kind or key) or `RangeError` (a bad value) naming its
   * index and field, e.g. `addShapes: list[3].halfWidth must be greater than 0 (got -1)`, and nothing is added.
   * Unknown keys are errors, so a misspelt option is never ignored.
   * @example
   * const [floor, crate] = world.addShapes([
   *   { kind: "alignedBox", x: 0, y: 300, halfWidth: 400, halfHeight: 10, isStatic: true },
   *   { kind: "box", x: 10, y: 10, halfWidth: 4, halfHeight: 4, angle: Math.PI / 8 },
   * ]);
   */
  addShapes(list: ShapeDesc[]): Uint32Array;
  /**
   * The shape `id` as a new plain object with every field present (its current transform, a polygon's kept
   * vertices as an array of numbers, a concave polygon's checked outline as `{ kind: "concave", points }`, a
   * chain's checked points as `{ kind: "chain", points, loop }`):
   * `addShapes([world.shape(id)])` adds an identical shape, and
   * `JSON.stringify` saves it. A removed or unknown `id` is a `RangeError` naming `id`.
   * @example
   * const saved = JSON.stringify([...ids].map((id) => world.shape(id)));
   * other.addShapes(JSON.parse(saved));
   */
  shape(id: number): ShapeRecord;
  /**
   * Removes a shape. Its pairs appear in `ended()` after the next step; its id may be returned by a later `add*`.
   * @example world.remove(bullet);
   */
  remove(id: number): void;
  /**
   * True when `id` names a live shape.
   * @example if (world.has(id)) world.remove(id);
   */
  has(id: number): boolean;
  /**
   * The number of live shapes.
   * @example console.log(world.size);
   */
  readonly size: number;
  /**
   * Number of slots (ids are below it); the length of the transform columns.
   * @example const { xs } = world.transforms(); // xs.length === world.slotCount
   */
  readonly slotCount: number;
  /**
   * Moves a shape (takes effect at the next `step()`).
   * @example world.setTransform(ship, 102, 100, 0.1);
   */
  setTransform(id: number, x: number, y: number, angle: number): void;
  /**
   * Moves many shapes in one call: `xya` holds `x, y, angle` for each id of `ids`. The batch is checked whole
   * first: if anything is wrong, nothing moves.
   * @example world.setTransforms(new Uint32Array([a, b]), new Float32Array([0, 0, 0, 10, 0, 0]));
   */
  setTransforms(ids: Uint32Array, xya: Float32Array): void;
  /**
   * The current `[x, y, angle]` of a shape (a copy).
   * @example const [x, y, angle] = world.getTransform(ship);
   */
  getTransform(id: number): Float32Array;
  /**
   * Changes which layers a shape is on and which it collides with.
   * @example world.setLayerMask(ghost, 4, 0); // collides with nothing
   */
  setLayerMask(id: number, layer: number, mask: number): void;
  /**
   * Zero-copy views of the transform columns, indexed by id (free slots hold stale values). Writing `xs[id]`,
   * `ys[id]`, `angles[id]` moves the shape at the next `step()`, like `setTransform` but without a call; a
   * non-finite or out-of-range value makes `step()` throw a `RangeError` naming the shape. After writing a
   * *static* shape, call `touchStatics()`.
   * @example
   * const { xs, ys } = world.transforms();
   * xs[ship] += 1;
   */
  transforms(): TransformViews;
  /**
   * Re-reads every static shape's transform at the next step (needed only after writing static shapes through the
   * transform views).
   * @example world.transforms().xs[wall] = 20; world.touchStatics();
   */
  touchStatics(): void;
  /**
   * Finds every touching pair; returns how many. Read them with `pairs()`, `contacts()`, `started()`, `ended()`.
   * @example const count = world.step();
   */
  step(): number;
  /**
   * Like `step()`, and returns where the time went, in milliseconds measured with `performance.now()`:
   * `[poses, broadPhase, narrowPhase, output, candidatePairs]`.
   * @example const [poses, broad, narrow, output, candidates] = world.stepProfiled();
   */
  stepProfiled(): Float64Array;
  /**
   * Number of pairs found by the last step.
   * @example for (let i = 0; i < world.pairCount; i++) {}
   */
  readonly pairCount: number;
  /**
   * Number of pairs that started at the last step.
   * @example if (world.startedCount > 0) playSound();
   */
  readonly startedCount: number;
  /**
   * Number of pairs that ended at the last step.
   * @example console.log(world.endedCount);
   */
  readonly endedCount: number;
  /**
   * The last step's touching pairs `[a0, b0, a1, b1, …]` (`a < b`, sorted); length `2 × pairCount`.
   * @example const pairs = world.pairs(); const [a, b] = [pairs[0], pairs[1]];
   */
  pairs(): Uint32Array;
  /**
   * The last step's contacts `[nx, ny, depth, …]`, parallel to `pairs()`: the unit normal points from a to b, and
   * moving b by `normal × depth` separates the pair. Length `3 × pairCount`.
   * @example const c = world.contacts(); const [nx, ny, depth] = [c[0], c[1], c[2]];
   */
  contacts(): Float32Array;
  /**
   * Pairs that touch now and did not at the step before, like `pairs()`; length `2 × startedCount`.
   * @example const started = world.started();
   */
  started(): Uint32Array;
  /**
   * Pairs that touched at the step before and do not now (or whose shape was removed); length `2 × endedCount`.
   * @example const ended = world.ended();
   */
  ended(): Uint32Array;
  /**
   * The whole allocation behind `pairs()`: only the first `2 × pairCount` elements are meaningful. Unlike
   * `pairs()`, it is not re-made when the count changes, so loops bounded by `pairCount` create no garbage even when
   * the number of pairs varies every frame.
   * @example const buf = world.pairBuffer(); for (let i = 0; i < world.pairCount; i++) hit(buf[2 * i], buf[2 * i + 1]);
   */
  pairBuffer(): Uint32Array;
  /**
   * The whole allocation behind `contacts()`; the first `3 × pairCount` elements are meaningful.
   * @example const depth0 = world.contactBuffer()[2];
   */
  contactBuffer(): Float32Array;
  /**
   * The last step's contact points, parallel to `pairs()`: 7 numbers per pair, `[count, x0, y0, d0, x1, y1, d1]`,
   * where `count` is 1 or 2 and unused slots are 0. Each point lies midway between the two surfaces along the pair's
   * normal, with its own depth `d` (how far the surfaces overlap there, at most the pair's depth): face-to-face boxes
   * give two points, a corner into a face or a circle one. Empty unless the world was created with
   * `new World({ contactPoints: true })`. Length `7 × pairCount`.
   * @example
   * const world = new World({ contactPoints: true });
   * world.addAlignedBox(0, 0, 5, 1);
   * world.addBox(0, 1.9, 1, 1);
   * world.step();
   * const cp = world.contactPoints(); // [2, -1, 0.95, 0.1, 1, 0.95, 0.1]
   * for (let k = 0; k < cp[0]; k++) drawDot(cp[1 + 3 * k], cp[2 + 3 * k]);
   */
  contactPoints(): Float32Array;
  /**
   * The whole allocation behind `contactPoints()`; the first `7 × pairCount` elements are meaningful.
   * @example const count0 = world.contactPointBuffer()[0];
   */
  contactPointBuffer(): Float32Array;
  /**
   * The whole allocation behind `started()`; the first `2 × startedCount` elements are meaningful.
   * @example const buf = world.startedBuffer();
   */
  startedBuffer(): Uint32Array;
  /**
   * The whole allocation behind `ended()`; the first `2 × endedCount` elements are meaningful.
   * @example const buf = world.endedBuffer();
   */
  endedBuffer(): Uint32Array;
  /**
   * Ids of the shapes containing the point (on a layer in `mask`, default all), sorted.
   * @example const under = world.queryPoint(mouseX, mouseY);
   */
  queryPoint(x: number, y: number, mask?: number): Uint32Array;
  /**
   * Ids of the shapes whose bounding boxes overlap the box (on a layer in `mask`), sorted.
   * @example const visible = world.queryAabb(0, 0, 800, 600);
   */
  queryAabb(minX: number, minY: number, maxX: number, maxY: number, mask?: number): Uint32Array;
  /**
   * Ids of the shapes touching a probe shape placed at `(x, y, angle)`, without adding it.
   * @example const blast = world.queryShape({ kind: "circle", radius: 30 }, x, y);
   */
  queryShape(shape: ProbeShape, x: number, y: number, angle?: number, mask?: number): Uint32Array;
  /**
   * The closest hit of a ray from `(x, y)` along `(dx, dy)` (need not be unit length) within `maxDistance`
   * (default: unbounded), or `null` when nothing on a layer in `mask` is hit.
   * @example
   * const hit = world.raycast(0, 0, 1, 0, 500);
   * if (hit !== null) console.log(hit.id, hit.distance, hit.x, hit.y, hit.nx, hit.ny);
   */
  raycast(x: number, y: number, dx: number, dy: number, maxDistance?: number, mask?: number): RayHit | null;
  /**
   * The generation of `id`: how many times a shape with this id has been removed (modulo 2^32). Ids are reused,
   * so save the generation with the id when adding a shape: `world.generation(id) === saved` is true exactly while
   * that shape is still in the world. A free id reports the generation its next shape will get; an id never issued, 0.
   * @example
   * const enemy = { id: world.addCircle(x, y, 8), gen: 0 };
   * enemy.gen = world.generation(enemy.id);
   * if (world.generation(enemy.id) !== enemy.gen) forget(enemy); // removed, maybe reused
   */
  generation(id: number): number;
  /**
   * The first shape (on a layer in `mask`) that a probe shape, placed at `(x, y)` turned by `angle` and moved by
   * `(dx, dy)`, touches, or `null`. Exact and never tunnels, whatever the speed; a probe that starts touching
   * something hits it at `t = 0`. Returns a new small object per call: for many casts use `sweep`.
   * @example
   * const hit = world.castShape({ kind: "circle", radius: 4 }, x, y, 0, vx, vy);
   * if (hit !== null) { x += vx * hit.t; y += vy * hit.t; }
   */
  castShape(
    shape: ProbeShape,
    x: number,
    y: number,
    angle: number,
    dx: number,
    dy: number,
    mask?: number,
  ): CastHit | null;
  /**
   * For every shape of `ids` (already in the world), how far it can move along its own `(dx, dy)` (pairs in
   * `dxy`) before its first hit, ignoring itself and honouring both shapes' layers and masks (and `mask` on what
   * it hits). Each starts from its current transform; the others are where the last `step()` saw them. Returns
   * the count; the results are in `castResults()`.
   * @example
   * const n = world.sweep(bulletIds, bulletMotions, WALLS);
   * const { t, ids } = world.castResults();
   * for (let i = 0; i < n; i++) if (ids[i] !== 0xffffffff) explodeAt(i, t[i]);
   */
  sweep(ids: Uint32Array, dxy: Float32Array, mask?: number): number;
  /**
   * The closest hit of every ray of `rays` (`x, y, dx, dy` each; the direction need not be unit length) within
   * `maxDistance` (default: unbounded), on a layer in `mask`. Returns the count; the results (`t` = distance)
   * are in `castResults()`.
   * @example
   * const n = world.raycastMany(sightLines, 300);
   * const { ids } = world.castResults();
   */
  raycastMany(rays: Float32Array, maxDistance?: number, mask?: number): number;
  /**
   * Views of the last `sweep()`'s or `raycastMany()`'s results (see `CastResultViews`), under the views contract;
   * a later `sweep()` or `raycastMany()` overwrites them. Cached: no object is created unless memory or the
   * result buffers grew.
   * @example const { t, ids, normals, points } = world.castResults();
   */
  castResults(): CastResultViews;
  /**
   * Character mover: moves shape `id` as far as it can along `(dx, dy)`, sliding along what it meets (walls,
   * tile floors without catching on seams, corners without jitter; pushed out first if it starts overlapping),
   * writes its new position and returns `{ x, y, grounded, contacts }`. The result object belongs to the world
   * and is refilled by its next `moveAndSlide`; `contacts` is a view (`id, nx, ny` per contact) valid until then.
   * The other shapes are seen as the last `step()` saw them.
   * @example
   * vy += gravity;
   * const r = world.moveAndSlide(player, vx, vy, { maxSlope: Math.PI / 4 });
   * if (r.grounded) vy = 0;
   */
  moveAndSlide(id: number, dx: number, dy: number, opts?: MoveOptions): MoveResult;
  /**
   * The world as bytes, for rollback netcode, save games and replays: every shape, transform, filter, id and
   * generation, the free list, and the last step's pairs, contacts and events, in a versioned little-endian format
   * (docs/snapshot-format.md) about as large as the columns themselves. A world restored from them behaves exactly
   * as this one: the same calls give the same ids and results, bit for bit. A new `Uint8Array` per call.
   * @example
   * history[frame % 8] = world.snapshot();
   */
  snapshot(): Uint8Array;
  /**
   * Replaces everything this world holds by the world of `bytes` (from `snapshot()`), reusing its memory: a rollback
   * game rewinds with it. The bytes are checked whole first; bytes that are not a snapshot (truncated, corrupted,
   * another version) throw a `RangeError` saying what is wrong, anything but a `Uint8Array` a `TypeError`, and the
   * world is then unchanged. Views over its columns and results must be fetched again afterwards.
   * @example
   * world.loadSnapshot(history[lateFrame % 8]); // rewind, then replay the frames since with the late input
   */
  loadSnapshot(bytes: Uint8Array): void;
  /**
   * A new world from the bytes of `snapshot()`; throws like `loadSnapshot` on bytes that are not a snapshot.
   * @example
   * const world = World.restore(savedBytes);
   */
  static restore(bytes: Uint8Array): World;
}
