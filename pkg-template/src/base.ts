// The first half of World: a world's life (creation, free, snapshots), its shapes (adding, moving, removing, reading
// them back), the step and its results. world.ts adds the questions (queries, rays, casts, sweeps, the mover).
//
// Every method checks its arguments' types here (check.ts), calls the raw binding with numbers and typed arrays, and
// throws the core's message as a RangeError when the binding reports failure (u32 0xFFFFFFFF or false). Results that
// are more than a number come back through `io`, a view of a few f64 the raw world keeps in wasm memory.

import {
  addOptions,
  type Filter,
  type FilterNumbers,
  float,
  id as idArg,
  bits,
  optionalFloat,
  lengthIs,
  plainObject,
  get,
  describe,
  number,
  rangeError,
  typeError,
  typedArray,
  PointLimit,
} from "./check.js";
import { loadedMemory } from "./load.js";
import { RawWorld, limit } from "./core.js";
import { capsuleOptions, chainOptions, KIND, pointsArg, readScene, recordOf, TILE_GRID } from "./shapes.js";
import { decodeTable, encodeTable, whole } from "./tiles.js";
import type {
  CapsuleOptions,
  ChainOptions,
  Points,
  ShapeDesc,
  ShapeOptions,
  ShapeRecord,
  TransformViews,
  WorldOptions,
} from "./types.js";
import { Views } from "./views.js";
import { FILTER, IO_LEN } from "./binding_consts.js";

/** The binding's sentinel of a failed call that returns a count or an id. */
const FAILED = 0xffffffff;

/** The raw world's number for "no limit of pairs". */
const NO_PAIR_LIMIT = 0xffffffff;

/** A limit of pairs: `undefined` none, else an integer from 0 to 2^32 - 2. */
function pairLimit(method: string, arg: string, value: unknown): number {
  if (value === undefined) return NO_PAIR_LIMIT;
  const n = number(method, arg, value);
  if (!Number.isInteger(n) || n < 0 || n >= NO_PAIR_LIMIT) {
    throw rangeError(method, `${arg} must be an integer from 0 to ${NO_PAIR_LIMIT - 1} (got ${n})`);
  }
  return n;
}

function freedError(): Error {
  return new Error("World was freed: this World can no longer be used (free() was called)");
}

/**
 * The methods of `World` that add, move and remove shapes, step the world and read its results (`World` adds the
 * queries, rays, casts and the mover). Use `World`; this class exists only to keep each source file short.
 *
 * @example
 * const world = new World(); // a WorldBase too
 * world.addCircle(0, 0, 1);
 */
export abstract class WorldBase {
  #raw: RawWorld | null;
  #io: Float64Array;
  #views = new Views();

  /**
   * Creates an empty world. `options` may be omitted; `contactPoints: true` makes every step also compute contact
   * points (see `contactPoints()`), and `maxPairs` caps the pairs a step may find (see `setMaxPairs`). An unknown
   * option or one of the wrong type throws a TypeError naming it.
   * @example const world = new World();
   * @example const world = new World({ contactPoints: true, maxPairs: 1_000_000 });
   */
  constructor(options?: WorldOptions) {
    const M = "new World";
    const memory = loadedMemory();
    let contactPoints = false;
    let maxPairs = NO_PAIR_LIMIT;
    if (options !== undefined && options !== null) {
      const checked = plainObject(M, "options", options, ["contactPoints", "maxPairs"]);
      const value = get(M, "options.contactPoints", checked, "contactPoints");
      if (value !== undefined && typeof value !== "boolean") {
        throw typeError(M, `options.contactPoints must be a boolean (got ${describe(value)})`);
      }
      contactPoints = value === true;
      maxPairs = pairLimit(M, "options.maxPairs", get(M, "options.maxPairs", checked, "maxPairs"));
    }
    this.#raw = new RawWorld(contactPoints, maxPairs);
    this.#io = new Float64Array(memory.buffer, this.#raw.ioPtr(), IO_LEN);
  }

  /**
   * Sets the most pairs a step may find (`null`: no limit but memory). A step that finds more throws a `RangeError`
   * saying how many, and the world keeps the last good step's results (as when a step's pairs outgrow memory).
   * @example world.setMaxPairs(1_000_000); // a pile of shapes becomes an error, not a frame of minutes
   */
  setMaxPairs(maxPairs: number | null): void {
    const raw = this.raw();
    raw.setMaxPairs(pairLimit("setMaxPairs", "maxPairs", maxPairs ?? undefined));
  }

  /** @internal The raw world; throws on a freed one. */
  protected raw(): RawWorld {
    if (this.#raw === null) throw freedError();
    return this.#raw;
  }

  /** @internal The `io` numbers, current (a view over memory that grew is rebuilt). */
  protected io(): Float64Array {
    const raw = this.raw();
    if (this.#io.length === 0) this.#io = new Float64Array(loadedMemory().buffer, raw.ioPtr(), IO_LEN);
    return this.#io;
  }

  /** @internal The views of this world. */
  protected views(): Views {
    this.raw();
    return this.#views;
  }

  /** @internal The RangeError of the raw world's last failure, named after `method`. */
  protected failure(method: string): RangeError {
    return new RangeError(`${method}: ${this.raw().takeError()}`);
  }

  /** @internal A count or id from the raw world, or its failure thrown. */
  protected counted(method: string, result: number): number {
    const raw = this.raw();
    if (result === FAILED) throw new RangeError(`${method}: ${raw.takeError()}`);
    return result;
  }

  /** @internal Throws the raw world's failure unless `ok`. */
  protected ok(method: string, ok: boolean): void {
    const raw = this.raw();
    if (!ok) throw new RangeError(`${method}: ${raw.takeError()}`);
  }

  /** @internal A copy of `length` numbers of the raw world's floats. */
  protected floats(length: number): Float32Array {
    return new Float32Array(loadedMemory().buffer, this.raw().floatsPtr(), length).slice();
  }

  /**
   * Releases the world's memory. Calling it again does nothing; any other call afterwards throws.
   * @example world.free();
   */
  free(): void {
    if (this.#raw !== null) {
      this.#raw.free();
      this.#raw = null;
    }
  }

  /**
   * The same as `free()`, for `using world = new World()`.
   * @example { using world = new World(); }
   */
  [Symbol.dispose](): void {
    this.free();
  }

  /**
   * Adds a convex shape given by kind number and sizes (`c`: a capsule's upright flag), with the options `opts` (or,
   * when `filter` is given, those already read from them).
   */
  #add(
    method: string,
    kind: number,
    x: unknown,
    y: unknown,
    angle: number,
    a: number,
    b: number,
    opts: unknown,
    c = 0,
    filter?: Readonly<Filter>,
  ): number {
    const fx = float(method, "x", x);
    const fy = float(method, "y", y);
    const o = filter ?? addOptions(method, opts);
    return this.added(method, this.raw().addShape(kind, fx, fy, angle, a, b, c, o.layer, o.mask, o.isStatic), o);
  }

  /**
   * @internal The id of an add, made one-way and tagged as `o` says (checked already: the core accepts it), or its
   * failure.
   */
  protected added(method: string, result: number, o: Readonly<Filter>): number {
    const id = this.counted(method, result);
    if (o.up !== null) this.ok(method, this.raw().setOneWay(id, true, o.up[0], o.up[1]));
    if (o.tag !== 0) this.ok(method, this.raw().setTag(id, o.tag));
    if (o.sensor) this.ok(method, this.raw().setSensor(id, true));
    if (o.continuous) this.ok(method, this.raw().setContinuous(id, true));
    return id;
  }

  /**
   * @internal The layer mask of a query's filter (from `queryFilter`), with its exclusions written to `io` for the raw
   * query that follows, which reads and clears them (the binding's `FILTER`). Call it last, right before that query.
   */
  protected filterMask(f: Readonly<FilterNumbers>): number {
    if (f.exclude !== 0 || f.flags !== 0) {
      const io = this.io();
      io[FILTER] = f.exclude;
      io[FILTER + 1] = f.flags;
    }
    // As a signed 32-bit integer, the same bits for the core's u32: the default mask (every bit) is then -1, a small
    // integer, where 0xFFFFFFFF would be a number boxed on its way in whenever the call is not inlined.
    return f.mask | 0;
  }

  /**
   * Adds a circle of `radius` centred at `(x, y)`; returns its id.
   * @example const ball = world.addCircle(100, 50, 8);
   */
  addCircle(x: number, y: number, radius: number, opts?: ShapeOptions): number {
    this.raw(); // a freed world says so before anything else
    const r = float("addCircle", "radius", radius);
    return this.#add("addCircle", KIND.circle, x, y, 0, r, 0, opts);
  }

  /**
   * Adds a rectangle centred at `(x, y)` turned by `angle` radians (default 0); it turns with later transforms.
   * @example const crate = world.addBox(10, 10, 4, 4, Math.PI / 8);
   */
  addBox(x: number, y: number, halfWidth: number, halfHeight: number, angle?: number, opts?: ShapeOptions): number {
    this.raw(); // a freed world says so before anything else
    const M = "addBox";
    const hw = float(M, "halfWidth", halfWidth);
    const hh = float(M, "halfHeight", halfHeight);
    return this.#add(M, KIND.box, x, y, optionalFloat(M, "angle", angle, 0), hw, hh, opts);
  }

  /**
   * Adds a rectangle centred at `(x, y)` that stays axis-aligned whatever angle it is given later (cheaper than
   * `addBox` for tiles and walls).
   * @example const floor = world.addAlignedBox(0, 300, 400, 10, { isStatic: true });
   */
  addAlignedBox(x: number, y: number, halfWidth: number, halfHeight: number, opts?: ShapeOptions): number {
    this.raw(); // a freed world says so before anything else
    const M = "addAlignedBox";
    const hw = float(M, "halfWidth", halfWidth);
    const hh = float(M, "halfHeight", halfHeight);
    return this.#add(M, KIND.alignedBox, x, y, 0, hw, hh, opts);
  }

  /**
   * Adds a capsule (a "stadium"): the points within `radius` of a segment of length `2 × halfLength` centred at
   * `(x, y)` along the local x axis, or with `opts.upright` along the local y axis (a standing character, exactly
   * vertical: an angle of `Math.PI / 2` is 4.4e-8 radians off as an f32), turned by `angle` (default 0).
   * @example const player = world.addCapsule(50, 50, 6, 4, 0, { upright: true });
   */
  addCapsule(x: number, y: number, halfLength: number, radius: number, angle?: number, opts?: CapsuleOptions): number {
    this.raw(); // a freed world says so before anything else
    const M = "addCapsule";
    const hl = float(M, "halfLength", halfLength);
    const r = float(M, "radius", radius);
    const a = optionalFloat(M, "angle", angle, 0);
    const { upright, filter } = capsuleOptions(M, opts);
    return this.#add(M, KIND.capsule, x, y, a, hl, r, opts, upright ? 1 : 0, filter);
  }

  /**
   * Adds a point at `(x, y)`.
   * @example const bullet = world.addPoint(5, 5, { layer: 2, mask: 1 });
   */
  addPoint(x: number, y: number, opts?: ShapeOptions): number {
    this.raw(); // a freed world says so before anything else
    return this.#add("addPoint", KIND.point, x, y, 0, 0, 0, opts);
  }

  /**
   * Adds the segment from `(x1, y1)` to `(x2, y2)`. Its position (for `setTransform`) is its midpoint, its angle 0.
   * @example const ledge = world.addSegment(0, 100, 80, 100, { isStatic: true });
   */
  addSegment(x1: number, y1: number, x2: number, y2: number, opts?: ShapeOptions): number {
    const M = "addSegment";
    const raw = this.raw();
    const ax = float(M, "x1", x1);
    const ay = float(M, "y1", y1);
    const bx = float(M, "x2", x2);
    const by = float(M, "y2", y2);
    const o = addOptions(M, opts);
    return this.added(M, raw.addSegment(ax, ay, bx, by, o.layer, o.mask, o.isStatic), o);
  }

  /**
   * Adds a convex polygon. `points` holds `x0, y0, x1, y1, …` in local coordinates around `(x, y)` (3 to 64 points,
   * either winding; clockwise is reversed, duplicate and collinear points are merged; anything else invalid throws a
   * `RangeError` naming the vertex).
   * @example const ship = world.addPolygon(100, 100, 0, new Float32Array([12, 0, -8, 7, -8, -7]));
   */
  addPolygon(x: number, y: number, angle: number, points: Points, opts?: ShapeOptions): number {
    const M = "addPolygon";
    const raw = this.raw();
    const a = float(M, "angle", angle);
    const p = pointsArg(M, points, PointLimit.Polygon);
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const o = addOptions(M, opts);
    return this.added(M, raw.addPolygon(fx, fy, a, p, o.layer, o.mask, o.isStatic), o);
  }

  /**
   * Adds a concave polygon: **one shape with one id**, whatever its outline. `points` holds `x0, y0, x1, y1, …` in
   * local coordinates around `(x, y)`: a simple outline of 3 to 1,024 points (either winding; duplicate and collinear
   * points are merged), cut once into a few convex parts. Its pairs are reported once per pair of ids, with the normal
   * and depth of its deepest touching part; queries, rays, casts, sweeps and `moveAndSlide` see its outline (a shape
   * in a notch touches nothing). An outline that crosses or touches itself throws a `RangeError` naming the first
   * vertex whose edge does; zero area, non-finite values and more than 1,024 points throw too. It cannot be a
   * `ProbeShape`; `parts(id)` returns its parts for drawing.
   * @example
   * // A cup: a U whose notch opens upwards (y down).
   * const cup = world.addConcavePolygon(200, 300, 0, [0, 0, 10, 0, 10, 30, 30, 30, 30, 0, 40, 0, 40, 40, 0, 40], {
   *   isStatic: true,
   * });
   */
  addConcavePolygon(x: number, y: number, angle: number, points: Points, opts?: ShapeOptions): number {
    const M = "addConcavePolygon";
    const raw = this.raw();
    const a = float(M, "angle", angle);
    const p = pointsArg(M, points, PointLimit.Outline);
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const o = addOptions(M, opts);
    return this.added(M, raw.addConcave(fx, fy, a, p, o.layer, o.mask, o.isStatic), o);
  }

  /**
   * Adds a chain: a polyline of segments (terrain, outlines) as **one shape with one id**, placed at `(0, 0)` with
   * angle 0 (move and turn it with `setTransform` like any shape: its points are local). `points` holds
   * `x0, y0, x1, y1, …`: 2 to 4,096 points, 3 or more with `loop: true`. A point that repeats the previous one (within
   * `1e-6 ×` the chain's size) is merged into it, and so is a loop's last point when it repeats the first; fewer
   * distinct points than needed, non-finite values and more than 4,096 points throw a `RangeError`.
   *
   * An open chain collides on **both sides**. A loop collides on **one side**, the right of its direction (walking
   * from point to point): outside for a loop that turns counter-clockwise with y up (clockwise on a y-down canvas: a
   * solid outline), inside for the other winding (a cave); rays and casts from the other side pass through. Contacts
   * are **smoothed** (ghost vertices): a shape sliding along the chain gets the normal of the surface under it, never
   * one out of an internal joint or from the far end of an internal edge, so a character on a floor of 1,000 segments
   * never catches on a seam. Pairs are reported once per pair of ids, with the deepest segment contact. `parts(id)`
   * returns its segments, `chainPoints(id)` its points.
   * @example
   * // A floor of hills, solid from both sides (y down: the hills rise towards -y).
   * const ground = world.addChain([0, 300, 100, 280, 200, 300, 300, 260, 400, 300], { isStatic: true });
   */
  addChain(points: Points, opts?: ChainOptions): number {
    const M = "addChain";
    const raw = this.raw();
    const p = pointsArg(M, points, PointLimit.Chain);
    const { filter: o, loop } = chainOptions(M, opts);
    return this.added(M, raw.addChain(p, loop, o.layer, o.mask, o.isStatic), o);
  }

  /**
   * The convex parts of shape `id`, for drawing and debugging, in its **local** coordinates (place them with its
   * transform): `[partCount, n0, x, y, x, y, …, n1, …]`, each part counter-clockwise. A convex polygon is one part with
   * its vertices; other convex kinds are `[1, 0]`; a chain is one part of 2 points per segment, in order. A new array
   * per call: ask once and keep it.
   * @example
   * const p = world.parts(cup);
   * for (let k = 0, at = 1; k < p[0]; k++, at += 1 + 2 * p[at]) drawPolygon(p.subarray(at + 1, at + 1 + 2 * p[at]));
   */
  parts(id: number): Float32Array {
    const raw = this.raw();
    const length = this.counted("parts", raw.parts(idArg("parts", "id", id)));
    return this.floats(length);
  }

  /**
   * The points of chain `id` in its **local** coordinates (place them with its transform to draw them),
   * `[x0, y0, x1, y1, …]`, close duplicates merged; a loop's last point joins its first. A `RangeError` for an id that
   * is not a chain. A new array per call: ask once and keep it.
   * @example
   * const p = world.chainPoints(ground);
   * context.moveTo(p[0], p[1]);
   * for (let i = 2; i < p.length; i += 2) context.lineTo(p[i], p[i + 1]);
   */
  chainPoints(id: number): Float32Array {
    const raw = this.raw();
    const length = this.counted("chainPoints", raw.chainPoints(idArg("chainPoints", "id", id)));
    return this.floats(length);
  }

  /**
   * Adds every shape of `list`, an array of plain objects, and returns their ids in list order (the ids the same
   * `add*` calls would return). A record is a `queryShape` probe (the same kinds and size fields) with `x`, `y`,
   * `angle` (default 0) and the `add*` methods' options `layer`, `mask`, `isStatic` (same defaults); a segment's ends
   * `x1, y1, x2, y2` are relative to `x, y`; `{ kind: "concave", points }` is a concave polygon, as
   * `addConcavePolygon` takes it, and `{ kind: "chain", points, loop? }` a chain, as `addChain` takes it (placed by
   * `x`, `y`, `angle`). The whole list is checked first: a bad record throws a `TypeError` (not an object, a wrong
   * type, an unknown kind or key) or `RangeError` (a bad value) naming its index and field, e.g.
   * `addShapes: list[3].halfWidth must be greater than 0 (got -1)`, and nothing is added. Unknown keys are errors, so
   * a misspelt option is never ignored.
   * @example
   * const [floor, crate] = world.addShapes([
   *   { kind: "alignedBox", x: 0, y: 300, halfWidth: 400, halfHeight: 10, isStatic: true },
   *   { kind: "box", x: 10, y: 10, halfWidth: 4, halfHeight: 4, angle: Math.PI / 8 },
   * ]);
   */
  addShapes(list: readonly ShapeDesc[]): Uint32Array {
    const M = "addShapes";
    const raw = this.raw();
    const scene = readScene(M, list, limit(3) - raw.size(), (table, arg) => this.tableId(M, arg, table));
    const { kinds, numbers, words, points, gridWords, cells, tags } = scene;
    const count = this.counted(M, raw.addShapes(kinds, numbers, words, points, gridWords, cells));
    const ids = new Uint32Array(loadedMemory().buffer, raw.idsPtr(), count).slice();
    // The ids were just added: each setTag succeeds.
    if (tags !== null) for (let i = 0; i < count; i++) if (tags[i] !== 0) raw.setTag(ids[i], tags[i]);
    return ids;
  }

  /**
   * The shape `id` as a new plain object with every field present (its current transform, a polygon's kept vertices
   * as an array of numbers, a concave polygon's checked outline as `{ kind: "concave", points }`, a chain's checked
   * points as `{ kind: "chain", points, loop }`): `addShapes([world.shape(id)])` adds an identical shape, and
   * `JSON.stringify` saves it. A removed or unknown `id` is a `RangeError` naming `id`.
   * @example
   * const saved = JSON.stringify([...ids].map((id) => world.shape(id)));
   * other.addShapes(JSON.parse(saved));
   */
  shape(id: number): ShapeRecord {
    const raw = this.raw();
    const count = this.counted("shape", raw.shapeRecord(idArg("shape", "id", id)));
    const floats = this.floats(count);
    if (this.io()[0] !== TILE_GRID) return recordOf(this.io(), floats);
    const io = this.io().slice(0, 14);
    const bytes = this.counted("shape", raw.tileGrid(id));
    const [cols, rows, table, wide, address] = [...this.io().subarray(0, 4), this.io()[6]];
    const cells = Array.from(
      wide !== 0
        ? new Uint16Array(loadedMemory().buffer.slice(address, address + bytes))
        : new Uint8Array(loadedMemory().buffer, address, bytes),
    );
    const tiles = decodeTable(this.floats(this.counted("shape", raw.tileTable(table))));
    return recordOf(io, floats, { cols, rows, cells, tiles });
  }

  /**
   * @internal The id of a tile table given by id (checked to be an integer; the core says whether it names a table)
   * or as a table (defined as `defineTiles` defines it), named `arg` in errors.
   */
  protected tableId(method: string, arg: string, tiles: unknown): number {
    this.raw();
    return typeof tiles === "number" ? whole(method, arg, tiles) : this.defineTable(method, arg, tiles);
  }

  /** @internal The id of the tile table `tiles` (an object, defined as `defineTiles` defines it), named `arg`. */
  protected defineTable(method: string, arg: string, tiles: unknown): number {
    this.raw();
    const t = encodeTable(method, arg, tiles);
    const result = this.raw().defineTiles(t.values, t.flags, t.counts, t.numbers);
    if (result === FAILED) {
      // The core names the entry `tiles[3]…`: say whose table it is.
      const message = this.raw()
        .takeError()
        .replace(/^tiles/, arg);
      throw new RangeError(`${method}: ${message}`);
    }
    return result;
  }

  /**
   * Removes a shape. Its pairs appear in `ended()` after the next step; its id may be returned by a later `add*`.
   * @example world.remove(bullet);
   */
  remove(id: number): void {
    const raw = this.raw();
    this.ok("remove", raw.remove(idArg("remove", "id", id)));
  }

  /**
   * True when `id` names a live shape (false for anything else, whatever its type).
   * @example if (world.has(id)) world.remove(id);
   */
  has(id: number): boolean {
    const raw = this.raw();
    return typeof id === "number" && id >>> 0 === id && raw.has(id);
  }

  /**
   * The generation of `id`: how many times a shape with this id has been removed (modulo 2^32). Ids are reused, so
   * save the generation with the id when adding a shape: `world.generation(id) === saved` is true exactly while that
   * shape is still in the world. A free id reports the generation its next shape will get; an id never issued, 0.
   * @example
   * const enemy = { id: world.addCircle(x, y, 8), gen: 0 };
   * enemy.gen = world.generation(enemy.id);
   * if (world.generation(enemy.id) !== enemy.gen) forget(enemy); // removed, maybe reused
   */
  generation(id: number): number {
    const raw = this.raw();
    return raw.generation(idArg("generation", "id", id));
  }

  /**
   * The number of live shapes.
   * @example console.log(world.size);
   */
  get size(): number {
    const raw = this.raw();
    return raw.size();
  }

  /**
   * Number of slots (ids are below it); the length of the transform columns.
   * @example const { xs } = world.transforms(); // xs.length === world.slotCount
   */
  get slotCount(): number {
    const raw = this.raw();
    return raw.slotCount();
  }

  /**
   * Moves a shape: queries, casts, sweeps and `moveAndSlide` see it there at once; `step()` reports its pairs.
   * @example world.setTransform(ship, 102, 100, 0.1);
   */
  setTransform(id: number, x: number, y: number, angle: number): void {
    const M = "setTransform";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const a = float(M, "angle", angle);
    if (!raw.setTransform(i, fx, fy, a)) throw this.failure(M);
  }

  /**
   * Moves many shapes in one call: `xya` holds `x, y, angle` for each id of `ids`. The batch is checked whole first:
   * if anything is wrong, nothing moves.
   * @example world.setTransforms(new Uint32Array([a, b]), new Float32Array([0, 0, 0, 10, 0, 0]));
   */
  setTransforms(ids: Uint32Array, xya: Float32Array): void {
    const M = "setTransforms";
    const raw = this.raw();
    const i = typedArray(M, "ids", ids, Uint32Array);
    const t = typedArray(M, "xya", xya, Float32Array);
    lengthIs(M, "xya", t.length, 3 * i.length);
    if (!raw.setTransforms(i, t)) throw this.failure(M);
  }

  /**
   * The current `[x, y, angle]` of a shape (a copy).
   * @example const [x, y, angle] = world.getTransform(ship);
   */
  getTransform(id: number): Float32Array {
    const raw = this.raw();
    this.ok("getTransform", raw.transform(idArg("getTransform", "id", id)));
    const io = this.io();
    return Float32Array.of(io[0], io[1], io[2]);
  }

  /**
   * Changes which layers a shape is on and which it collides with.
   * @example world.setLayerMask(ghost, 4, 0); // collides with nothing
   */
  setLayerMask(id: number, layer: number, mask: number): void {
    const M = "setLayerMask";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    this.ok(M, raw.setLayerMask(i, bits(M, "layer", layer), bits(M, "mask", mask)));
  }

  /**
   * Zero-copy views of the transform columns, indexed by id (free slots hold stale values). Writing `xs[id]`,
   * `ys[id]`, `angles[id]` moves the shape at the next `step()`, like `setTransform` but without a call; a non-finite
   * or out-of-range value makes `step()` throw a `RangeError` naming the shape. The world cannot see such writes
   * before the step: call `refresh()` to make queries, casts and `moveAndSlide` see them. After writing a *static*
   * shape, call `touchStatics()`.
   * @example
   * const { xs, ys } = world.transforms();
   * xs[ship] += 1;
   */
  transforms(): TransformViews {
    const raw = this.raw();
    return this.#views.transforms(raw, loadedMemory().buffer, this.io());
  }

  /**
   * Makes transforms written through the `transforms()` views visible to queries, casts, sweeps and `moveAndSlide`
   * before the next `step()`: the poses and boxes of the shapes whose columns changed are refreshed, no pair is
   * searched, `step()`'s results and events are not touched. Setters need no refresh (what they write is seen at
   * once). Static shapes written through the views need `touchStatics()` first. A non-finite or out-of-range value
   * throws a `RangeError` naming the shape, and nothing is refreshed.
   * @example
   * const { xs } = world.transforms();
   * for (const id of enemies) xs[id] += 2;
   * world.refresh();
   * world.queryPoint(mouseX, mouseY); // sees the enemies where they are now
   */
  refresh(): void {
    const raw = this.raw();
    this.ok("refresh", raw.refresh());
  }

  /**
   * Re-reads every static shape's transform at the next step (needed only after writing static shapes through the
   * transform views).
   * @example world.transforms().xs[wall] = 20; world.touchStatics();
   */
  touchStatics(): void {
    const raw = this.raw();
    raw.touchStatics();
  }

  /**
   * Finds every touching pair; returns how many. Read them with `pairs()`, `contacts()`, `started()`, `ended()`.
   * @example const count = world.step();
   */
  step(): number {
    const raw = this.raw();
    const n = raw.step();
    if (n === FAILED) throw this.failure("step");
    return n;
  }

  /**
   * Like `step()`, and returns where the time went, in milliseconds measured with `performance.now()`:
   * `[poses, broadPhase, narrowPhase, output, candidatePairs]`.
   * @example const [poses, broad, narrow, output, candidates] = world.stepProfiled();
   */
  stepProfiled(): Float64Array {
    const raw = this.raw();
    this.counted("stepProfiled", raw.stepProfiled());
    return this.io().slice(0, 5);
  }

  /**
   * Number of pairs found by the last step.
   * @example for (let i = 0; i < world.pairCount; i++) {}
   */
  get pairCount(): number {
    const raw = this.raw();
    return raw.pairCount();
  }

  /**
   * Number of pairs that started at the last step.
   * @example if (world.startedCount > 0) playSound();
   */
  get startedCount(): number {
    const raw = this.raw();
    return raw.startedCount();
  }

  /**
   * Number of pairs that ended at the last step.
   * @example console.log(world.endedCount);
   */
  get endedCount(): number {
    const raw = this.raw();
    return raw.endedCount();
  }

  /**
   * The last step's touching pairs `[a0, b0, a1, b1, …]` (`a < b`, sorted); length `2 × pairCount`.
   * @example const pairs = world.pairs(); const [a, b] = [pairs[0], pairs[1]];
   */
  pairs(): Uint32Array {
    const raw = this.raw();
    return this.#views.pairs.exactView(raw, loadedMemory().buffer);
  }

  /**
   * The last step's contacts `[nx, ny, depth, …]`, parallel to `pairs()`: the unit normal points from a to b, and
   * moving b by `normal × depth` separates the pair. Length `3 × pairCount`.
   * @example const c = world.contacts(); const [nx, ny, depth] = [c[0], c[1], c[2]];
   */
  contacts(): Float32Array {
    const raw = this.raw();
    return this.#views.contacts.exactView(raw, loadedMemory().buffer);
  }

  /**
   * Pairs that touch now and did not at the step before, like `pairs()`; length `2 × startedCount`.
   * @example const started = world.started();
   */
  started(): Uint32Array {
    const raw = this.raw();
    return this.#views.started.exactView(raw, loadedMemory().buffer);
  }

  /**
   * Pairs that touched at the step before and do not now (or whose shape was removed); length `2 × endedCount`.
   * @example const ended = world.ended();
   */
  ended(): Uint32Array {
    const raw = this.raw();
    return this.#views.ended.exactView(raw, loadedMemory().buffer);
  }

  /**
   * The last step's contact points, parallel to `pairs()`: 7 numbers per pair, `[count, x0, y0, d0, x1, y1, d1]`, where
   * `count` is 1 or 2 and unused slots are 0. Each point lies midway between the two surfaces along the pair's normal,
   * with its own depth `d` (how far the surfaces overlap there, at most the pair's depth): face-to-face boxes give two
   * points, a corner into a face or a circle one. Empty unless the world was created with
   * `new World({ contactPoints: true })`. Length `7 × pairCount`.
   * @example
   * const world = new World({ contactPoints: true });
   * world.addAlignedBox(0, 0, 5, 1);
   * world.addBox(0, 1.9, 1, 1);
   * world.step();
   * const cp = world.contactPoints(); // [2, -1, 0.95, 0.1, 1, 0.95, 0.1]
   * for (let k = 0; k < cp[0]; k++) drawDot(cp[1 + 3 * k], cp[2 + 3 * k]);
   */
  contactPoints(): Float32Array {
    const raw = this.raw();
    return this.#views.contactPoints.exactView(raw, loadedMemory().buffer);
  }

  /**
   * The whole allocation behind `pairs()`: only the first `2 × pairCount` elements are meaningful. Unlike `pairs()`,
   * it is not re-made when the count changes, so loops bounded by `pairCount` create no garbage even when the number of
   * pairs varies every frame.
   * @example const buf = world.pairBuffer(); for (let i = 0; i < world.pairCount; i++) hit(buf[2 * i], buf[2 * i + 1]);
   */
  pairBuffer(): Uint32Array {
    const raw = this.raw();
    return this.#views.pairs.fullView(raw, loadedMemory().buffer);
  }

  /**
   * The whole allocation behind `contacts()`; the first `3 × pairCount` elements are meaningful.
   * @example const depth0 = world.contactBuffer()[2];
   */
  contactBuffer(): Float32Array {
    const raw = this.raw();
    return this.#views.contacts.fullView(raw, loadedMemory().buffer);
  }

  /**
   * The whole allocation behind `contactPoints()`; the first `7 × pairCount` elements are meaningful.
   * @example const count0 = world.contactPointBuffer()[0];
   */
  contactPointBuffer(): Float32Array {
    const raw = this.raw();
    return this.#views.contactPoints.fullView(raw, loadedMemory().buffer);
  }

  /**
   * The whole allocation behind `started()`; the first `2 × startedCount` elements are meaningful.
   * @example const buf = world.startedBuffer();
   */
  startedBuffer(): Uint32Array {
    const raw = this.raw();
    return this.#views.started.fullView(raw, loadedMemory().buffer);
  }

  /**
   * The whole allocation behind `ended()`; the first `2 × endedCount` elements are meaningful.
   * @example const buf = world.endedBuffer();
   */
  endedBuffer(): Uint32Array {
    const raw = this.raw();
    return this.#views.ended.fullView(raw, loadedMemory().buffer);
  }

  /**
   * The world as bytes, for rollback netcode, save games and replays: every shape, transform, filter, id and
   * generation, the free list, and the last step's pairs, contacts and events, in a versioned little-endian format
   * (docs/snapshot-format.md) about as large as the columns themselves. A world restored from them behaves exactly as
   * this one: the same calls give the same ids and results, bit for bit. A new `Uint8Array` per call.
   * @example
   * history[frame % 8] = world.snapshot();
   */
  snapshot(): Uint8Array {
    const raw = this.raw();
    const length = raw.snapshot();
    return new Uint8Array(loadedMemory().buffer, this.io()[0], length).slice();
  }

  /**
   * Replaces everything this world holds by the world of `bytes` (from `snapshot()`), reusing its memory: a rollback
   * game rewinds with it. The bytes are checked whole first; bytes that are not a snapshot (truncated, corrupted,
   * another version) throw a `RangeError` saying what is wrong, anything but a `Uint8Array` a `TypeError`, and the
   * world is then unchanged. Views over its columns and results must be fetched again afterwards.
   * @example
   * world.loadSnapshot(history[lateFrame % 8]); // rewind, then replay the frames since with the late input
   */
  loadSnapshot(bytes: Uint8Array): void {
    this.#load("loadSnapshot", bytes);
  }

  /** `loadSnapshot`, named `method` in its errors. */
  #load(method: string, bytes: unknown): void {
    const raw = this.raw();
    if (!(bytes instanceof Uint8Array) || !ArrayBuffer.isView(bytes)) {
      throw typeError(method, `bytes must be a Uint8Array (from snapshot()), got ${describe(bytes)}`);
    }
    this.ok(method, raw.loadSnapshot(bytes));
  }

  /** @internal `loadSnapshot` for `World.restore`, whose errors name `restore`. */
  protected restoreFrom(bytes: unknown): void {
    this.#load("restore", bytes);
  }
}
