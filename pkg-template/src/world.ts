// World: the methods of WorldBase (shapes, the step, its results, snapshots) and the questions a game asks each frame:
// queries, rays, casts, sweeps and the character mover.

import { WorldAsk } from "./ask.js";
import {
  bits,
  describe,
  float,
  typeError,
  id as idArg,
  queryFilter,
  count as countArg,
  maxDistance as maxDistanceArg,
  number,
  plainObject,
  get,
  rangeError,
  typedArray,
  lengthIs,
} from "./check.js";
import { loadedMemory } from "./load.js";
import { readProbe } from "./shapes.js";
import type {
  CastHit,
  ClosestPoint,
  NearestResultViews,
  ShapeDistance,
  MoveOptions,
  MoveResult,
  ProbeShape,
  QueryFilter,
  RayHit,
  RayResultViews,
  SeparateOptions,
  StepCrossingViews,
  SweepCrossingViews,
  SweepResultViews,
} from "./types.js";
import { MAX_MOVE_CONTACTS, MAX_MOVE_CROSSINGS, MOVE_OPTIONS } from "./binding_consts.js";

/** The mover's options in the raw world's `io`, in this order from slot `MOVE_OPTIONS` (see the binding). */
const MOVE_KEYS = [
  "maxIterations",
  "upX",
  "upY",
  "maxSlope",
  "skin",
  "dropThrough",
  "mask",
  "maxStepHeight",
  "minStepWidth",
  "snapDistance",
  "stopOnSlope",
  "slideOnSteep",
  "constantSlopeSpeed",
  "carry",
  "crossMask",
  "touchMask",
  "bounceMask",
] as const;
/** The options among them that are layer masks. */
const MOVE_MASKS: readonly string[] = ["mask", "crossMask", "touchMask", "bounceMask"];
/** The options among them that are booleans. */
const MOVE_FLAGS: readonly string[] = ["dropThrough", "stopOnSlope", "slideOnSteep", "constantSlopeSpeed", "carry"];

/** The names of the options in messages. */
const MOVE_ARGS = MOVE_KEYS.map((key) => `opts.${key}`);

/** A number the core can take as an `f32` option. */
const finite32 = (value: unknown): value is number =>
  typeof value === "number" && Math.abs(value) <= 3.4028234663852886e38;

/** Writes a boolean option to slot `k` (as 0 or 1) unless undefined; false when it is not one. */
const flagAt = (io: Float64Array, k: number, value: unknown): boolean => {
  if (value === undefined) return true;
  if (typeof value !== "boolean") return false;
  io[MOVE_OPTIONS + k] = value ? 1 : 0;
  return true;
};

/**
 * Writes the options of a plain object of valid numbers to `io`; false (maybe after writing some) when `opts` is
 * anything else, or reading it threw. Each option is read by name: a computed key would box every fractional number
 * it reads, and for-in over a plain object, unlike `Object.keys`, creates no array.
 */
function plainMoveOptions(io: Float64Array, opts: unknown): boolean {
  if (typeof opts !== "object") return false;
  try {
    // Inside the try: a revoked proxy throws here.
    if (Object.getPrototypeOf(opts) !== Object.prototype) return false;
    for (const key in opts) if (!(MOVE_KEYS as readonly string[]).includes(key)) return false;
    const o = opts as MoveOptions;
    // Every option read into a local and checked here, without a helper: a double passed to a function that is not
    // inlined is boxed, one heap number per call.
    const { maxIterations, upX, upY, maxSlope, skin, dropThrough, mask, maxStepHeight, minStepWidth } = o;
    const { snapDistance, stopOnSlope, slideOnSteep, constantSlopeSpeed, carry, crossMask, touchMask, bounceMask } = o;
    if (maxIterations !== undefined) {
      if (!(Number.isInteger(maxIterations) && maxIterations >= 1 && maxIterations <= 16)) return false;
      io[MOVE_OPTIONS] = maxIterations;
    }
    if (upX !== undefined) {
      if (!finite32(upX)) return false;
      io[MOVE_OPTIONS + 1] = upX;
    }
    if (upY !== undefined) {
      if (!finite32(upY)) return false;
      io[MOVE_OPTIONS + 2] = upY;
    }
    if (maxSlope !== undefined) {
      if (!finite32(maxSlope)) return false;
      io[MOVE_OPTIONS + 3] = maxSlope;
    }
    if (skin !== undefined) {
      if (!finite32(skin)) return false;
      io[MOVE_OPTIONS + 4] = skin;
    }
    if (maxStepHeight !== undefined) {
      if (!finite32(maxStepHeight)) return false;
      io[MOVE_OPTIONS + 7] = maxStepHeight;
    }
    if (minStepWidth !== undefined) {
      if (!finite32(minStepWidth)) return false;
      io[MOVE_OPTIONS + 8] = minStepWidth;
    }
    if (snapDistance !== undefined) {
      if (!finite32(snapDistance)) return false;
      io[MOVE_OPTIONS + 9] = snapDistance;
    }
    // As `bits` reads a mask: any 32-bit integer, negative ones as their unsigned bits.
    if (mask !== undefined) {
      if (!(Number.isInteger(mask) && mask >= -2147483648 && mask < 4294967296)) return false;
      io[MOVE_OPTIONS + 6] = mask >>> 0;
    }
    if (crossMask !== undefined) {
      if (!(Number.isInteger(crossMask) && crossMask >= -2147483648 && crossMask < 4294967296)) return false;
      io[MOVE_OPTIONS + 14] = crossMask >>> 0;
    }
    if (touchMask !== undefined) {
      if (!(Number.isInteger(touchMask) && touchMask >= -2147483648 && touchMask < 4294967296)) return false;
      io[MOVE_OPTIONS + 15] = touchMask >>> 0;
    }
    if (bounceMask !== undefined) {
      if (!(Number.isInteger(bounceMask) && bounceMask >= -2147483648 && bounceMask < 4294967296)) return false;
      io[MOVE_OPTIONS + 16] = bounceMask >>> 0;
    }
    // Booleans are never boxed.
    return (
      flagAt(io, 5, dropThrough) &&
      flagAt(io, 10, stopOnSlope) &&
      flagAt(io, 11, slideOnSteep) &&
      flagAt(io, 12, constantSlopeSpeed) &&
      flagAt(io, 13, carry)
    );
  } catch {
    return false;
  }
}

/** Reads `opts` with every check, naming the option at fault; writes what passes to `io`. */
function checkedMoveOptions(io: Float64Array, opts: unknown): void {
  const M = "moveAndSlide";
  const checked = plainObject(M, "opts", opts, MOVE_KEYS);
  for (let k = 0; k < MOVE_KEYS.length; k++) {
    const value = get(M, MOVE_ARGS[k], checked, MOVE_KEYS[k]);
    if (value === undefined) continue;
    if (MOVE_MASKS.includes(MOVE_KEYS[k])) {
      io[MOVE_OPTIONS + k] = bits(M, MOVE_ARGS[k], value);
      continue;
    }
    if (MOVE_FLAGS.includes(MOVE_KEYS[k])) {
      if (typeof value !== "boolean") {
        throw typeError(M, `${MOVE_ARGS[k]} must be a boolean (got ${describe(value)})`);
      }
      io[MOVE_OPTIONS + k] = value ? 1 : 0;
      continue;
    }
    const v = k === 0 ? number(M, MOVE_ARGS[k], value) : float(M, MOVE_ARGS[k], value);
    if (k === 0 && !(Number.isInteger(v) && v >= 1 && v <= 16)) {
      throw rangeError(M, `opts.maxIterations must be an integer from 1 to 16 (got ${v})`);
    }
    io[MOVE_OPTIONS + k] = v;
  }
}

/** The empty arrays `separate` passes for arguments left out. */
const SEPARATE_NONE = { ids: new Uint32Array(0), weights: new Float32Array(0) };

/** One world's reused `moveAndSlide` result and the views it is read from. */
class MoveState {
  readonly result: MoveResult = {
    x: 0.5, // 0.5: doubles
    y: 0.5,
    grounded: false,
    contacts: new Float32Array(0),
    contactCells: new Uint32Array(0),
    ceiling: false,
    wall: false,
    groundId: 0.5, // doubles: ids reach 0xFFFFFFFF
    groundNx: 0.5,
    groundNy: 0.5,
    groundCell: 0.5,
    crossings: new Uint32Array(0),
    crossingTs: new Float32Array(0),
    bounceX: 0.5,
    bounceY: 0.5,
  };
  /** The defaults of the options, read from the core once. */
  defaults: Float64Array | null = null;
  /** The options' slots hold the defaults (no call has written others since). */
  defaultOptions = false;
  /** The contacts' buffer, and its address and memory. */
  full: Float32Array | null = null;
  address = -1;
  /** `full.subarray(0, 3 × count)`, made once per count. */
  exact: Float32Array[] = [];
  /** The contacts' cells, and `cellsFull.subarray(0, count)` per count. */
  cellsFull: Uint32Array | null = null;
  cellsExact: Uint32Array[] = [];
  /** The same for the sensors crossed and their `t`. */
  crossingsFull: Uint32Array | null = null;
  crossingsAddress = -1;
  crossingsExact: Uint32Array[] = [];
  crossingTsFull: Float32Array | null = null;
  crossingTsExact: Float32Array[] = [];
}

/**
 * A collision world: add shapes, move them, call `step()`, read the touching pairs. Create it after `init()`.
 *
 * ## Views: the contract
 *
 * `pairs()`, `contacts()`, `started()`, `ended()`, the `*Buffer()` methods, `transforms()`, `sweepResults()` and
 * `rayResults()` return typed arrays that look straight into wasm memory: no copy. A view is valid until the next call
 * on any World that may allocate (`add*`, `step`, `setTransforms`, queries): after such a call, ask for it again instead
 * of keeping it (a kept view may be detached, length 0, or show another buffer). Asking again is cheap and creates no
 * object unless memory grew, a buffer moved or (for the exact-length views) the count changed, so calling these every
 * frame is the intended use. Results are overwritten by the next `step()`: copy (`.slice()`) what you need to keep.
 *
 * @example
 * const world = new World();
 * const a = world.addCircle(0, 0, 1);
 * const b = world.addCircle(1.5, 0, 1);
 * world.step(); // 1
 * world.pairs(); // Uint32Array [a, b]
 * world.free();
 */
export class World extends WorldAsk {
  #move: MoveState | null = null;

  /**
   * A new world from the bytes of `snapshot()`; throws like `loadSnapshot` on bytes that are not a snapshot.
   * @example
   * const world = World.restore(savedBytes);
   */
  static restore(bytes: Uint8Array): World {
    const world = new World();
    try {
      world.restoreFrom(bytes);
    } catch (error) {
      world.free();
      throw error;
    }
    return world;
  }

  /** A copy of the ids the last query wrote. */
  #ids(count: number): Uint32Array {
    return new Uint32Array(loadedMemory().buffer, this.raw().idsPtr(), count).slice();
  }

  /**
   * Ids of the shapes containing the point that `filter` accepts (a layer mask, or a `QueryFilter`; default: all),
   * sorted.
   * @example const under = world.queryPoint(mouseX, mouseY);
   * @example const others = world.queryPoint(x, y, { exclude: player });
   */
  queryPoint(x: number, y: number, filter?: number | QueryFilter): Uint32Array {
    const M = "queryPoint";
    const raw = this.raw();
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const f = queryFilter(M, filter);
    return this.#ids(this.counted(M, raw.queryPoint(fx, fy, this.filterMask(f))));
  }

  /**
   * Ids of the shapes whose bounding boxes overlap the box (that `filter` accepts), sorted.
   * @example const visible = world.queryAabb(0, 0, 800, 600);
   */
  queryAabb(minX: number, minY: number, maxX: number, maxY: number, filter?: number | QueryFilter): Uint32Array {
    const M = "queryAabb";
    const raw = this.raw();
    const x0 = float(M, "minX", minX);
    const y0 = float(M, "minY", minY);
    const x1 = float(M, "maxX", maxX);
    const y1 = float(M, "maxY", maxY);
    const f = queryFilter(M, filter);
    const count = raw.queryAabb(x0, y0, x1, y1, this.filterMask(f));
    return this.#ids(this.counted(M, count));
  }

  /**
   * Ids of the shapes (that `filter` accepts) touching a probe shape placed at `(x, y, angle)`, without adding it.
   * @example const blast = world.queryShape({ kind: "circle", radius: 30 }, x, y);
   */
  queryShape(shape: ProbeShape, x: number, y: number, angle?: number, filter?: number | QueryFilter): Uint32Array {
    const M = "queryShape";
    const raw = this.raw();
    const p = readProbe(M, shape);
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const a = angle === undefined ? 0 : float(M, "angle", angle);
    const f = queryFilter(M, filter);
    const count = raw.queryShape(p.code, p.a, p.b, p.c, p.d, p.points, fx, fy, a, this.filterMask(f));
    return this.#ids(this.counted(M, count));
  }

  /**
   * The closest hit of a ray from `(x, y)` along `(dx, dy)` (need not be unit length) within `maxDistance` (default:
   * unbounded), or `null` when nothing that `filter` accepts is hit.
   * @example
   * const hit = world.raycast(0, 0, 1, 0, 500);
   * if (hit !== null) console.log(hit.id, hit.distance, hit.x, hit.y, hit.nx, hit.ny);
   */
  raycast(
    x: number,
    y: number,
    dx: number,
    dy: number,
    maxDistance?: number,
    filter?: number | QueryFilter,
  ): RayHit | null {
    const M = "raycast";
    const raw = this.raw();
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const fdx = float(M, "dx", dx);
    const fdy = float(M, "dy", dy);
    const reach = maxDistanceArg(M, maxDistance);
    const f = queryFilter(M, filter);
    if (fdx === 0 && fdy === 0) throw rangeError(M, "dx, dy must not both be 0");
    if (this.counted(M, raw.raycast(fx, fy, fdx, fdy, reach, this.filterMask(f))) === 0) return null;
    const io = this.io();
    return { id: io[0], distance: io[1], x: io[2], y: io[3], nx: io[4], ny: io[5], cell: io[6] };
  }

  /**
   * The first shape (that `filter` accepts) that a probe shape, placed at `(x, y)` turned by `angle` and moved by
   * `(dx, dy)`, touches, or `null`. Exact and never tunnels, whatever the speed; a probe that starts touching something
   * hits it at `t = 0`. Returns a new small object per call: for many casts use `sweep`.
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
    filter?: number | QueryFilter,
  ): CastHit | null {
    const M = "castShape";
    const raw = this.raw();
    const p = readProbe(M, shape);
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const a = float(M, "angle", angle);
    const fdx = float(M, "dx", dx);
    const fdy = float(M, "dy", dy);
    const f = queryFilter(M, filter);
    const hit = raw.castShape(p.code, p.a, p.b, p.c, p.d, p.points, fx, fy, a, fdx, fdy, this.filterMask(f));
    if (this.counted(M, hit) === 0) return null;
    const io = this.io();
    return { id: io[0], t: io[1], x: io[2], y: io[3], nx: io[4], ny: io[5], cell: io[6] };
  }

  /**
   * For every shape of `ids` (already in the world), how far it can move along its own `(dx, dy)` (pairs in `dxy`)
   * before its first hit, ignoring itself and honouring both shapes' layers and masks (and `filter` on what it hits).
   * Each starts from its current transform; the others are where they are now. Returns the count; the results are in
   * `sweepResults()`.
   * @example
   * const n = world.sweep(bulletIds, bulletMotions, WALLS);
   * const { t, ids } = world.sweepResults();
   * for (let i = 0; i < n; i++) if (ids[i] !== 0xffffffff) explodeAt(i, t[i]);
   */
  sweep(ids: Uint32Array, dxy: Float32Array, filter?: number | QueryFilter): number {
    const M = "sweep";
    const raw = this.raw();
    const i = typedArray(M, "ids", ids, Uint32Array);
    const d = typedArray(M, "dxy", dxy, Float32Array);
    lengthIs(M, "dxy", d.length, 2 * i.length);
    const f = queryFilter(M, filter);
    return this.counted(M, raw.sweep(i, d, this.filterMask(f)));
  }

  /**
   * Pushes overlapping shapes apart in one call, from the last `step()`'s pairs and contacts (crowds that must not
   * stack): `opts.iterations` sweeps over the pairs (1 to 16, default 4), each pushing a pair apart along its normal
   * by what is left of its depth, shared by weight; writes the new positions (angles kept) and returns how many
   * shapes moved. `ids` lists the shapes that may move (default: every shape that is not static), `opts.weights`
   * their weights, parallel to `ids` (default 1: a boss of weight 100 is pushed a hundredth of what a minion is).
   * Statics, shapes left out of `ids`, sensors and one-way shapes never move. Deterministic.
   * @example
   * world.step();
   * world.separate(); // then draw: the crowd no longer stacks
   */
  separate(ids?: Uint32Array | null, opts?: SeparateOptions): number {
    const M = "separate";
    const raw = this.raw();
    const list = ids === undefined || ids === null ? null : typedArray(M, "ids", ids, Uint32Array);
    let weights: Float32Array | null = null;
    let iterations = 4;
    if (opts !== undefined && opts !== null) {
      const o = plainObject(M, "opts", opts, ["iterations", "weights"]);
      const n = get(M, "opts.iterations", o, "iterations");
      if (n !== undefined) iterations = number(M, "opts.iterations", n);
      if (!(Number.isInteger(iterations) && iterations >= 1 && iterations <= 16)) {
        throw rangeError(M, `opts.iterations must be an integer from 1 to 16 (got ${iterations})`);
      }
      const w = get(M, "opts.weights", o, "weights");
      if (w !== undefined && w !== null) weights = typedArray(M, "opts.weights", w, Float32Array);
    }
    const none = SEPARATE_NONE;
    const result = raw.separate(list ?? none.ids, list !== null, weights ?? none.weights, weights !== null, iterations);
    return this.counted(M, result);
  }

  /**
   * Views of the sensors the continuous shapes (`setContinuous`, or the `add*` option `continuous`) crossed between
   * the last two steps (see `StepCrossingViews`: a bullet moved 50 units a frame by its transform collects the coin it
   * passed between two frames), under the views contract; the next `step()` replaces them.
   * @example
   * world.step();
   * const { shapes, sensors } = world.stepCrossings();
   * for (let k = 0; k < sensors.length; k++) collect(shapes[k], sensors[k]);
   */
  stepCrossings(): StepCrossingViews {
    const raw = this.raw();
    const count = raw.stepCrossings();
    return this.views().stepCrossings(loadedMemory().buffer, this.io(), count);
  }

  /**
   * Views of the sensors the items of the last `sweep()` crossed before their hits (see `SweepCrossingViews`: a fast
   * bullet collects every coin on its way between two frames), under the views contract; the next `sweep()` replaces
   * them. Only sensors on a layer in the sweep's `mask` count.
   * @example
   * world.sweep(bulletIds, bulletMotions);
   * const { items, ids } = world.sweepCrossings();
   * for (let k = 0; k < ids.length; k++) collect(bulletIds[items[k]], ids[k]);
   */
  sweepCrossings(): SweepCrossingViews {
    const raw = this.raw();
    const count = raw.sweepCrossings();
    return this.views().sweepCrossings(loadedMemory().buffer, this.io(), count);
  }

  /**
   * Views of the last `sweep()`'s results (see `SweepResultViews`), under the views contract; the next `sweep()` or
   * `raycastMany()` overwrites them. Cached: no object is created unless memory or the result buffers grew.
   * @example const { t, ids, normals, points } = world.sweepResults();
   */
  sweepResults(): SweepResultViews {
    const raw = this.raw();
    return this.views().sweepResults(raw, loadedMemory().buffer, this.io());
  }

  /**
   * The closest hit of every ray of `rays` (`x, y, dx, dy` each; the direction need not be unit length) within
   * `maxDistance` (default: unbounded), among the shapes `filter` accepts. Returns the count; the results are in
   * `rayResults()`.
   * @example
   * const n = world.raycastMany(sightLines, 300);
   * const { distances, ids } = world.rayResults();
   */
  raycastMany(rays: Float32Array, maxDistance?: number, filter?: number | QueryFilter): number {
    const M = "raycastMany";
    const raw = this.raw();
    const r = typedArray(M, "rays", rays, Float32Array);
    lengthIs(M, "rays", r.length, 4 * Math.ceil(r.length / 4));
    const reach = maxDistanceArg(M, maxDistance);
    const f = queryFilter(M, filter);
    return this.counted(M, raw.raycastMany(r, reach, this.filterMask(f)));
  }

  /**
   * Views of the last `raycastMany()`'s results (see `RayResultViews`), under the views contract; the next `sweep()` or
   * `raycastMany()` overwrites them.
   * @example const { distances, ids, normals, points } = world.rayResults();
   */
  rayResults(): RayResultViews {
    const raw = this.raw();
    return this.views().rayResults(raw, loadedMemory().buffer, this.io());
  }

  /**
   * The shape (that `filter` accepts) nearest to `(x, y)` within `maxDistance` (default: unbounded), as a new
   * `{ id, x, y, distance }` with its point nearest to `(x, y)`, or `null` when none qualifies. Exact for every kind,
   * concave polygons, chains and tile grids included; a point inside a shape is at distance 0 from it (its point is
   * then `(x, y)` itself). Ties go to the smaller id; the world is seen as the last `step()` saw it. For many points,
   * `nearestMany`.
   * @example
   * const pickup = world.closestPoint(player.x, player.y, PICKUPS, 64);
   * if (pickup !== null && pickup.distance < 8) collect(pickup.id);
   */
  closestPoint(x: number, y: number, filter?: number | QueryFilter, maxDistance?: number): ClosestPoint | null {
    const M = "closestPoint";
    const raw = this.raw();
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const reach = maxDistanceArg(M, maxDistance);
    const f = queryFilter(M, filter);
    if (this.counted(M, raw.nearest(fx, fy, 1, reach, this.filterMask(f))) === 0) return null;
    const io = this.io();
    return { id: io[0], x: io[2], y: io[3], distance: io[1] };
  }

  /**
   * The ids of the `k` shapes (1 to 1,024; that `filter` accepts) nearest to `(x, y)` within `maxDistance`, nearest
   * first (ties to the smaller id): a new array, shorter when fewer qualify. Distances as `closestPoint` measures
   * them.
   * @example const threats = world.nearest(x, y, 3, { mask: ENEMIES, exclude: self });
   */
  nearest(x: number, y: number, k: number, filter?: number | QueryFilter, maxDistance?: number): Uint32Array {
    const M = "nearest";
    const raw = this.raw();
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const n = countArg(M, "k", k);
    const reach = maxDistanceArg(M, maxDistance);
    const f = queryFilter(M, filter);
    return this.#ids(this.counted(M, raw.nearest(fx, fy, n, reach, this.filterMask(f))));
  }

  /**
   * For each point of `points` (`x, y` each), its `k` nearest shapes as `nearest` finds them, in one call (the game AI's
   * batch: every agent's nearest enemy). Returns the number of points; the results are in `nearestResults()`, `k` per
   * point. Creates no garbage once its buffers have grown.
   * @example
   * const n = world.nearestMany(agentPositions, 1, ENEMIES, 300);
   * const { ids, distances } = world.nearestResults();
   * for (let i = 0; i < n; i++) if (ids[i] !== 0xffffffff) aimAt(i, ids[i]);
   */
  nearestMany(points: Float32Array, k: number, filter?: number | QueryFilter, maxDistance?: number): number {
    const M = "nearestMany";
    const raw = this.raw();
    const p = typedArray(M, "points", points, Float32Array);
    lengthIs(M, "points", p.length, 2 * Math.ceil(p.length / 2));
    const n = countArg(M, "k", k);
    const reach = maxDistanceArg(M, maxDistance);
    const f = queryFilter(M, filter);
    return this.counted(M, raw.nearestMany(p, n, reach, this.filterMask(f)));
  }

  /**
   * Views of the last `nearestMany()`'s results (see `NearestResultViews`), under the views contract. Cached: no object
   * is created unless memory or the result buffers grew.
   * @example const { ids, distances, points } = world.nearestResults();
   */
  nearestResults(): NearestResultViews {
    const raw = this.raw();
    return this.views().nearestResults(raw, loadedMemory().buffer, this.io());
  }

  /**
   * How far apart shapes `a` and `b` are, as the last `step()` saw them, as a new `{ distance, ax, ay, bx, by }`: the
   * distance and each one's point nearest to the other; 0 and the contact point (twice) exactly when they touch as the
   * step decides, whatever their layers. Exact for every kind.
   * @example
   * const d = world.distance(player, door);
   * if (d.distance < 16) showPrompt();
   */
  distance(a: number, b: number): ShapeDistance {
    const M = "distance";
    const raw = this.raw();
    const ia = idArg(M, "a", a);
    const ib = idArg(M, "b", b);
    this.ok(M, raw.distance(ia, ib));
    const io = this.io();
    return { distance: io[0], ax: io[1], ay: io[2], bx: io[3], by: io[4] };
  }

  /**
   * Writes `opts` to the options' slots of `io`. A plain object of numbers (the common case, every frame) is read without creating
   * anything; anything else goes through the checked reader, which names what is wrong. The core checks the values.
   */
  #moveOptions(state: MoveState, io: Float64Array, opts: unknown): void {
    if (state.defaults === null) {
      this.raw().moveOptionDefaults();
      state.defaults = io.slice(MOVE_OPTIONS, MOVE_OPTIONS + MOVE_KEYS.length);
      state.defaultOptions = true;
    }
    if (opts === undefined || opts === null) {
      if (!state.defaultOptions) {
        io.set(state.defaults, MOVE_OPTIONS);
        state.defaultOptions = true;
      }
      return;
    }
    io.set(state.defaults, MOVE_OPTIONS);
    state.defaultOptions = false;
    if (!plainMoveOptions(io, opts)) checkedMoveOptions(io, opts);
  }

  /**
   * Character mover: moves shape `id` as far as it can along `(dx, dy)`, sliding along what it meets (walls, tile
   * floors without catching on seams, corners without jitter; pushed out first if it starts overlapping), writes its
   * new position and returns `{ x, y, grounded, ceiling, wall, groundId, groundNx, groundNy, groundCell, contacts,
   * contactCells }`. The result object belongs to the world and is refilled by its next `moveAndSlide`; `contacts` is
   * a view (`id, nx, ny` per contact) valid until then, and `contactCells` one of the cell met per contact on a tile
   * grid (0xFFFFFFFF for other shapes). One-way shapes and tiles stop it only from their top (`opts.dropThrough`
   * passes them for this move). The other shapes are seen where they are now (characters moved earlier in the frame,
   * shapes added since the last `step()`). Platformer options (all off by default): `maxStepHeight` climbs steps,
   * `snapDistance` keeps it on the ground going down, `stopOnSlope` and `slideOnSteep` hold it on slopes and slide it
   * down steep ones, `carry` rides the platform it stands on. `crossings` lists the sensors its path crossed (among
   * those `opts.mask` meets), in order, and `crossingTs` where along the path (0 to 1) it entered each: views as
   * `contacts`. Responses per layer: shapes on `crossMask` layers are crossed and reported as sensors are, those on
   * `touchMask` layers end the move where it meets them, and those on `bounceMask` layers too, with the rest of the
   * motion reflected off them in `bounceX, bounceY`. Creates no garbage: a game may call it for every character
   * every frame.
   * @example
   * vy += gravity;
   * const r = world.moveAndSlide(player, vx, vy, { maxStepHeight: 0.5, snapDistance: 0.3, carry: true });
   * if (r.grounded || r.ceiling) vy = 0;
   */
  moveAndSlide(id: number, dx: number, dy: number, opts?: MoveOptions): MoveResult {
    const M = "moveAndSlide";
    const raw = this.raw();
    const state = (this.#move ??= new MoveState());
    const i = idArg(M, "id", id);
    const fdx = float(M, "dx", dx);
    const fdy = float(M, "dy", dy);
    this.#moveOptions(state, this.io(), opts);
    const count = raw.moveAndSlide(i, fdx, fdy);
    if (count === 0xffffffff) throw this.failure(M);
    // The first move reserves the contact buffer, and memory may have grown since: both show in the address and the
    // length of the old view.
    const io = this.io();
    const address = io[3];
    if (state.full === null || state.full.length === 0 || address !== state.address) {
      state.full = new Float32Array(loadedMemory().buffer, address, 3 * MAX_MOVE_CONTACTS);
      state.cellsFull = new Uint32Array(loadedMemory().buffer, io[4], MAX_MOVE_CONTACTS);
      state.address = address;
      state.exact = [];
      state.cellsExact = [];
    }
    const contacts = (state.exact[count] ??= state.full.subarray(0, 3 * count));
    const r = state.result;
    r.x = io[0];
    r.y = io[1];
    r.grounded = io[2] !== 0;
    r.ceiling = io[5] !== 0;
    r.wall = io[6] !== 0;
    r.groundId = io[7];
    r.groundNx = io[8];
    r.groundNy = io[9];
    r.groundCell = io[10];
    r.contacts = contacts;
    r.contactCells = state.cellsExact[count] ??= state.cellsFull!.subarray(0, count);
    const crossingsAt = io[11];
    if (state.crossingsFull === null || state.crossingsFull.length === 0 || crossingsAt !== state.crossingsAddress) {
      state.crossingsFull = new Uint32Array(loadedMemory().buffer, crossingsAt, MAX_MOVE_CROSSINGS);
      state.crossingTsFull = new Float32Array(loadedMemory().buffer, io[12], MAX_MOVE_CROSSINGS);
      state.crossingsAddress = crossingsAt;
      state.crossingsExact = [];
      state.crossingTsExact = [];
    }
    r.bounceX = io[14];
    r.bounceY = io[15];
    const crossed = io[13];
    r.crossings = state.crossingsExact[crossed] ??= state.crossingsFull.subarray(0, crossed);
    r.crossingTs = state.crossingTsExact[crossed] ??= state.crossingTsFull!.subarray(0, crossed);
    return r;
  }
}
