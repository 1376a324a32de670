// The public types that are not classes or functions: what the World's methods take and return, and what init()
// accepts. They need neither the DOM lib nor @types/node: a project checks them with whatever libs it has.

// World[Symbol.dispose] needs Symbol.dispose; without this, projects whose `lib` lacks "esnext.disposable" (e.g.
// "es2022") could not check the package (the same declaration as lib.esnext.disposable.d.ts and @types/node, so they
// merge).
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** The instance type of global constructor `K` where the project's libs declare it (DOM, @types/node), else never. */
type GlobalInstance<K extends string> = typeof globalThis extends {
  readonly [P in K]: abstract new (...args: any) => infer I; // eslint-disable-line @typescript-eslint/no-explicit-any
}
  ? I
  : never;
/**
 * `WebAssembly.Module` where the project's libs declare it, else never. The libs declare it as an empty interface,
 * which any object matches: `& object` at least keeps numbers and strings out, and init() checks the rest at run time
 * (with `instanceof WebAssembly.Module`).
 */
type WasmModule = typeof globalThis extends {
  readonly WebAssembly: { readonly Module: abstract new (...args: any) => infer I }; // eslint-disable-line @typescript-eslint/no-explicit-any
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

/** Options of the `add*` methods. */
export interface ShapeOptions {
  /** Layer bits of the shape (default 1). */
  layer?: number;
  /** Layers the shape collides with (default all). A pair is tested only when
   * `(layerA & maskB) !== 0 && (layerB & maskA) !== 0`. */
  mask?: number;
  /** Static shapes are never paired with each other and cost nothing while unmoved. */
  isStatic?: boolean;
  /** Solid from one side only: the unit normal of the side a mover lands on (any non-zero vector, scaled to unit
   * length, in the shape's frame, which turns with it), or `true` for `{ x: 0, y: -1 }` ("pass from below" on a
   * y-down canvas). Casts, sweeps, rays and `moveAndSlide` pass through it from the other side; `step()` and the
   * overlap queries report it like any shape (see the README's "One-way shapes"). `null` (or leaving it out): solid
   * from every side. */
  oneWay?: OneWay | null;
  /** A sensor (default false): `step()` reports its pairs and the overlap queries find it, but `moveAndSlide`,
   * casts, sweeps and rays never meet it (coins, kill zones, water, ladders). */
  sensor?: boolean;
  /** Continuous (default false): each `step()` lists in `stepCrossings()` the sensors this shape crossed since the
   * last step, even those it overlaps at neither step (a bullet or a dashing player moved by writing its transform).
   * Change it with `setContinuous`. */
  continuous?: boolean;
  /** A number of the game's, stored with the shape and never read by the world (an entity id, a kind): an integer from
   * 0 to 2^32 - 1, default 0. Read it back from `tags()[id]`, change it with `setTag`. */
  tag?: number;
}

/**
 * Which shapes a query, cast, ray, sweep or distance query may report, where a layer mask alone is not enough. Every
 * such method takes either a layer mask (a number) or this object.
 */
export interface QueryFilter {
  /** Only shapes on a layer in this mask (`layer & mask !== 0`; default: every layer). */
  mask?: number;
  /** An id never reported: the shooter of a bullet, the agent asking for its nearest neighbour. */
  exclude?: number;
  /** Leave out static shapes. */
  excludeStatics?: boolean;
  /** Leave out sensors. */
  excludeSensors?: boolean;
}

/** A one-way direction: `true` (`{ x: 0, y: -1 }`, up on a y-down canvas) or the side's normal `{ x, y }`. */
export type OneWay = true | { x: number; y: number };

/**
 * What a tile value is: `"solid"` (the full cell, what every unlisted non-zero value is), `"empty"` (no collision: a
 * decoration in a collision layer), or an object: `points`, a convex outline in the cell (3 to 8 points, either
 * winding) in the grid's units (pixels for a map in pixels, as `cellWidth`), from the cell's min corner (x along a row, y down the rows: the frame of Tiled's per-tile
 * collision objects), every point within the cell (omitted: the full cell); `oneWay`, solid from that side only.
 */
export type TileDef = "solid" | "empty" | { points?: Points; oneWay?: OneWay };

/** A table of tile values, keys from 1 to 65535 (value 0 is always empty; unlisted values are full solid cells). */
export type TileTable = { readonly [value: number]: TileDef };

/** Options of `addTileGrid`: those of every `add*` method but `oneWay` (one-way is per tile value) and `continuous`,
 * static by default, and the tile table (an id from `defineTiles`, or the table itself). */
export interface TileGridOptions {
  /** The tile table: an id from `defineTiles`, or a table (defined as `defineTiles` would). Default: every non-zero
   * value is a full solid cell. */
  tiles?: number | TileTable;
  /** Layer bits (default 1). */
  layer?: number;
  /** Layers it collides with (default all). */
  mask?: number;
  /** Default **true**: a level's layer stands still (move it with `setTransform` if it does not). */
  isStatic?: boolean;
  /** A sensor grid (default false): its cells are reported by `step()` (with `pairCells()`) and found by the overlap
   * queries, and no motion meets them (water, ladders, a layer's kill zones). See `ShapeOptions.sensor`. */
  sensor?: boolean;
  /** The game's tag (see `ShapeOptions.tag`). */
  tag?: number;
}

/** Options of `addChain`: those of every `add*` method, and whether the chain is closed. */
export interface ChainOptions extends ShapeOptions {
  /** Join the last point to the first: a closed, one-sided chain (default false: open, two-sided). */
  loop?: boolean;
}

/** Options of `addCapsule`: those of every `add*` method, and whether it stands upright. */
export interface CapsuleOptions extends ShapeOptions {
  /** The capsule's core lies along its local y axis (default false: along x): a standing character at angle 0,
   * exactly vertical (an angle of `Math.PI / 2` is stored as an f32 4.4e-8 radians off vertical). */
  upright?: boolean;
}

/** Options of `new World(options)`, fixed for the world's life. */
export interface WorldOptions {
  /** Compute one or two contact points per pair at every step, read with `contactPoints()`
   * (default false: the step then costs what it did without them). */
  contactPoints?: boolean;
  /** The most pairs a step may find (default: no limit but memory). A step that finds more throws a `RangeError`
   * saying how many, and the world keeps the last good step's results; see `setMaxPairs`. */
  maxPairs?: number;
}

/** Points `x0, y0, x1, y1, …` as the methods take them. */
export type Points = Float32Array | Float64Array | readonly number[];

/** A shape for `queryShape` and `castShape`, not added to the world. */
export type ProbeShape =
  | { kind: "circle"; radius: number }
  | { kind: "box"; halfWidth: number; halfHeight: number }
  | { kind: "alignedBox"; halfWidth: number; halfHeight: number }
  | { kind: "capsule"; halfLength: number; radius: number; upright?: boolean }
  | { kind: "segment"; x1: number; y1: number; x2: number; y2: number }
  | { kind: "point" }
  | { kind: "polygon"; points: Points };

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
  | ({ kind: "capsule"; halfLength: number; radius: number; upright?: boolean } & ShapePlacement)
  | ({ kind: "segment"; x1: number; y1: number; x2: number; y2: number } & ShapePlacement)
  | ({ kind: "point" } & ShapePlacement)
  | ({ kind: "polygon"; points: Points } & ShapePlacement)
  | ({ kind: "concave"; points: Points } & ShapePlacement)
  | ({ kind: "chain"; points: Points; loop?: boolean } & ShapePlacement)
  | ({
      kind: "tileGrid";
      cols: number;
      rows: number;
      cellWidth: number;
      cellHeight: number;
      cells: Uint8Array | Uint16Array | readonly number[];
      tiles?: TileTable;
    } & ShapePlacement);

/** What `shape(id)` returns: a `ShapeDesc` with every field present (`points` and `cells` plain arrays; `oneWay` is
 * `{ x, y }` or `null`). */
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
  /** The cell hit (`row × cols + col`) when the shape hit is a tile grid, else 0xFFFFFFFF. */
  cell: number;
}

/** What `castShape` returns: the shape hit, when and where. */
export interface CastHit {
  /** The id of the shape hit. */
  id: number;
  /** The fraction of the motion `(dx, dy)` travelled at first contact, in [0, 1]. */
  t: number;
  /** x of the contact point. */
  x: number;
  /** y of the contact point. */
  y: number;
  /** x of the hit shape's unit surface normal, pointing towards the moving shape. */
  nx: number;
  /** y of the normal. */
  ny: number;
  /** The cell hit (`row × cols + col`) when the shape hit is a tile grid, else 0xFFFFFFFF. */
  cell: number;
}

/** Which of the two shapes of `explain(a, b)` a reason is about. */
export type ExplainSide = "a" | "b" | "both";

/**
 * Why two shapes do or do not touch, as `explain(a, b)` finds it: the first rule of the step that keeps the pair
 * out, in the step's order, or `touching`. See the README's "Why did no collision fire?".
 */
export type Explanation =
  /** An id names no live shape (`removed`); a live id was given with a generation it no longer has, so it names
   * another shape now (`stale`); a shape was added or moved since the last `step()`, which has not seen it there
   * (`notStepped`). */
  | { reason: "removed" | "stale" | "notStepped"; side: ExplainSide }
  /** Both shapes are static: static shapes are never paired. */
  | { reason: "bothStatic" }
  /** A mask rejects the other's layer: side `a` when `layerB & maskA === 0`, `b` when `layerA & maskB === 0`. */
  | { reason: "layerMask"; side: ExplainSide }
  /** The boxes the last step used do not overlap, `gap` apart: the broad phase never offers the pair. */
  | { reason: "boxesApart"; gap: number }
  /** The boxes overlap but the shapes do not touch: `gap` apart along the unit direction `(nx, ny)` from a to b. */
  | { reason: "separated"; nx: number; ny: number; gap: number }
  /** They touch, as `pairs()` and `contacts()` report them: the unit normal `(nx, ny)` from a to b, the depth, the cell
   * on a tile grid (else 0xFFFFFFFF), and whether one of them is one-way (the step reports one-way pairs like any;
   * casts, sweeps, rays and `moveAndSlide` may pass them). */
  | { reason: "touching"; nx: number; ny: number; depth: number; cell: number; oneWay: boolean };

/** What `closestPoint` returns: the nearest shape and its point nearest to the query point. */
export interface ClosestPoint {
  /** The shape. */
  id: number;
  /** x of its point nearest to the query point (the query point itself when inside the shape). */
  x: number;
  /** y of that point. */
  y: number;
  /** The distance from the query point: 0 inside the shape (where `queryPoint` finds it). */
  distance: number;
}

/** What `distance(a, b)` returns: how far apart two shapes are, and where. */
export interface ShapeDistance {
  /** The distance between the shapes: 0 exactly when they touch, as `step()` decides. */
  distance: number;
  /** x of shape a's point nearest to b (where they touch: the contact point). */
  ax: number;
  /** y of that point. */
  ay: number;
  /** x of shape b's point nearest to a (where they touch: the contact point). */
  bx: number;
  /** y of that point. */
  by: number;
}

/**
 * Zero-copy views of the results of the last `nearestMany()`: `k` per query point, point `i`'s `j`-th nearest at
 * `i × k + j` (`points` two numbers each), nearest first; where fewer than `k` shapes qualify, the rest are
 * `0xFFFFFFFF`, `Infinity` and `NaN`. The views are as long as the longest batch so far: only the first `count × k`
 * items (the call's return value times `k`) are the last call's.
 */
export interface NearestResultViews {
  /** The ids. */
  readonly ids: Uint32Array;
  /** Their distances from the query point (0 inside the shape). */
  readonly distances: Float32Array;
  /** Each one's point nearest to the query point, `x, y`. */
  readonly points: Float32Array;
}

/** What `debugLines` draws besides the shapes' outlines (each false by default), and where. */
export interface DebugOptions {
  /** The bounding boxes the last step used (`DebugKind.Box`). */
  boxes?: boolean;
  /** The broad phase's occupied grid cells (`DebugKind.Cell`). */
  cells?: boolean;
  /** The last step's contact points (a small cross, `DebugKind.Point`) and normals (`DebugKind.Normal`). */
  contacts?: boolean;
  /** Chain and tile grid surface normals (`DebugKind.Surface`), one-way directions (`DebugKind.OneWay`). */
  surfaces?: boolean;
  /** Only the shapes (and cells) whose boxes meet this box, found through the broad phase: what is on screen. */
  region?: { minX: number; minY: number; maxX: number; maxY: number };
  /** The length of normals and one-way arrows, four times a cross's half size, in world units (default 1). */
  scale?: number;
}

/**
 * Zero-copy views of the lines of the last `debugLines()`: segment `i` from `(lines[4i], lines[4i + 1])` to
 * `(lines[4i + 2], lines[4i + 3])`, its category `kinds[i]` (a `DebugKind`). The views are as long as the buffers
 * (the largest drawing so far): only the first `count` segments (the call's return value) are the last call's.
 */
export interface DebugLineViews {
  /** `x0, y0, x1, y1` per segment. */
  readonly lines: Float32Array;
  /** The category of each segment (see `DebugKind`). */
  readonly kinds: Uint8Array;
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
 * Zero-copy views of the results of the last `sweep()`, parallel to its items: item `i` is `t[i]`, `ids[i]`,
 * `normals[2i], normals[2i + 1]`, `points[2i], points[2i + 1]`, as `CastHit` has them for one cast. The views are as
 * long as the longest batch so far: only the first `count` items (the call's return value) are the last call's.
 */
/** Options of `separate`. */
export interface SeparateOptions {
  /** Sweeps over the pairs, an integer from 1 to 16 (default 4). */
  iterations?: number;
  /** The weight of each shape of `ids`, parallel to it: positive finite numbers (default 1). */
  weights?: Float32Array;
}

/** The sensors the items of the last `sweep()` crossed before their hits, grouped by item, in the order entered
 * within each (views under the views contract). */
export interface SweepCrossingViews {
  /** The item (index in the sweep's `ids`) of each crossing. */
  readonly items: Uint32Array;
  /** The sensor crossed. */
  readonly ids: Uint32Array;
  /** Where along the item's motion it entered the sensor: 0 (it started in it) to the item's `t`. */
  readonly t: Float32Array;
}

/** The sensors the continuous shapes crossed between the last two steps (`setContinuous`), in the order of the
 * shapes' ids and, for each, in the order entered (views under the views contract; the next `step()` replaces them). A
 * sensor a shape touched at the step before is not listed; one it touches now is (and `started()` has it too). */
export interface StepCrossingViews {
  /** The continuous shape of each crossing. */
  readonly shapes: Uint32Array;
  /** The sensor it entered. */
  readonly sensors: Uint32Array;
  /** Where along its motion since the last step it entered the sensor: 0 (where it was at the last step) to 1 (where
   * it is now). */
  readonly t: Float32Array;
}

export interface SweepResultViews {
  /** The fraction of its motion each shape can travel before its first hit: 1 when nothing is hit, 0 when it starts
   * touching something. */
  readonly t: Float32Array;
  /** The id of the shape hit, or 0xFFFFFFFF when nothing is. */
  readonly ids: Uint32Array;
  /** The hit shape's unit surface normal `nx, ny`, towards the swept shape; 0, 0 on a miss. */
  readonly normals: Float32Array;
  /** The contact point `x, y`; on a miss, the swept shape's position after its whole motion. */
  readonly points: Float32Array;
  /** The cell hit on a tile grid (`row × cols + col`), or 0xFFFFFFFF (a miss, or another kind of shape). */
  readonly cells: Uint32Array;
}

/**
 * Zero-copy views of the results of the last `raycastMany()`, parallel to its rays: ray `i` is `distances[i]`,
 * `ids[i]`, `normals[2i], normals[2i + 1]`, `points[2i], points[2i + 1]`, as `RayHit` has them for one ray. Only the
 * first `count` items (the call's return value) are the last call's.
 */
export interface RayResultViews {
  /** The distance along each ray to its hit, in world units; the ray's reach (`maxDistance`, or at most 4e7) when
   * nothing is hit. */
  readonly distances: Float32Array;
  /** The id of the shape hit, or 0xFFFFFFFF when nothing is. */
  readonly ids: Uint32Array;
  /** The unit surface normal `nx, ny` at the hit, facing the ray; 0, 0 on a miss. */
  readonly normals: Float32Array;
  /** The hit point `x, y`; on a miss, the ray's end. */
  readonly points: Float32Array;
  /** The cell hit on a tile grid (`row × cols + col`), or 0xFFFFFFFF. */
  readonly cells: Uint32Array;
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
  /** The distance kept from surfaces, from 0 (default 0.01); raised to cover the rounding of coordinates far from the
   * origin. */
  skin?: number;
  /** Pass through every one-way shape and tile this move (default false): a character dropping through a platform
   * on purpose keeps passing at the next moves, since it then starts below the platform's top. */
  dropThrough?: boolean;
  /** The layers the mover meets (default all, `0xFFFFFFFF`), beside both shapes' layers and masks: a character that
   * collects coins on a layer of their own moves with that layer out of `mask`. */
  mask?: number;
  /** Autostep: the highest step (along up) climbed when a wall stops the walk of a mover on a floor (default 0:
   * none). */
  maxStepHeight?: number;
  /** Autostep: the room a step must leave free beyond its edge, along the walk (default 0). */
  minStepWidth?: number;
  /** Snap to ground: a mover that stood on a floor and does not move up is pulled down onto a floor at most this far
   * below (default 0: never), so that it walks down slopes and steps instead of flying off them. */
  snapDistance?: number;
  /** On a floor, the motion into it is taken off along up: gravity does not slide the mover down a slope, and a walk
   * keeps its speed across up (default false). */
  stopOnSlope?: boolean;
  /** Ground steeper than `maxSlope` is a wall to the walk: not climbed, slid down (default false). */
  slideOnSteep?: boolean;
  /** With `stopOnSlope`: a walk along a slope keeps the length of its motion rather than its motion across up
   * (default false). */
  constantSlopeSpeed?: boolean;
  /** Moving platforms: before the move the mover is carried by the motion, since the last `step()`, of the shape it
   * stood on at that step (moved with `setTransform`: up, down, sideways, turning); call once per step (default
   * false). */
  carry?: boolean;
  /** Layers crossed, not slid along (bump.lua's `cross`: water, ladders): reported in `crossings` with the sensors
   * (default 0). */
  crossMask?: number;
  /** Layers that end the move where it meets them, without sliding (`touch`; default 0). */
  touchMask?: number;
  /** Layers that end the move where it meets them, the rest of the motion reflected off them returned in
   * `bounceX, bounceY` (`bounce`; default 0). */
  bounceMask?: number;
}

/** What `moveAndSlide` returns: one object per world, refilled by each call. */
export interface MoveResult {
  /** x of the new position (written to the shape's transform). */
  x: number;
  /** y of the new position. */
  y: number;
  /** Some contact's normal is within `maxSlope` of up. */
  grounded: boolean;
  /** `id, nx, ny` per contact met, the normal from that shape towards the mover: a view valid until the next
   * `moveAndSlide` call. */
  contacts: Float32Array;
  /** The cell of each contact (one per contact, parallel to `contacts`) on a tile grid, or 0xFFFFFFFF: a view valid
   * until the next `moveAndSlide` call. */
  contactCells: Uint32Array;
  /** Some contact's normal is within `maxSlope` of down. */
  ceiling: boolean;
  /** Some contact is neither floor nor ceiling. */
  wall: boolean;
  /** The floor whose normal is nearest up, when grounded; 0xFFFFFFFF otherwise. */
  groundId: number;
  /** Its unit normal, towards the mover (0, 0 when not grounded). */
  groundNx: number;
  groundNy: number;
  /** The cell of the ground on a tile grid, or 0xFFFFFFFF. */
  groundCell: number;
  /** The sensors (and shapes on `crossMask` layers) the move's path crossed, in order along it (at most 32; those it
   * started in first): a view valid until the next `moveAndSlide` call. */
  crossings: Uint32Array;
  /** Where along the path (its length, 0 to 1) the move entered each of `crossings`: a view as `crossings`. */
  crossingTs: Float32Array;
  /** The rest of the motion, reflected off the first shape met on a `bounceMask` layer (0, 0 when none was). */
  bounceX: number;
  bounceY: number;
}
