// Shapes as plain objects: the probes of `queryShape` and `castShape` (`{ kind, …sizes }`) and the records of
// `addShapes` and `shape(id)` (a probe with a position, options, and three more kinds, "concave", "chain" and
// "tileGrid"), read into the numbers the core takes and back.
//
// A convex shape reaches the core as its kind number and up to four sizes (a circle's radius; a box's half width and
// height; a capsule's half length and radius; a segment's ends `x1, y1, x2, y2`) and, for a polygon, its points.

import {
  ADD_KEYS,
  addOptions,
  describe,
  filterOf,
  float,
  get,
  isArray,
  optionalBool,
  plainObject,
  points,
  PointLimit,
  rangeError,
  typeError,
  type Filter,
} from "./check.js";
import {
  FLAG_CONTINUOUS,
  FLAG_LOOP,
  FLAG_ONE_WAY,
  FLAG_SENSOR,
  FLAG_STATIC,
  FLAG_WIDE,
  KIND_CHAIN,
  KIND_CONCAVE,
  KIND_TILE_GRID,
  RECORD_NUMBERS,
} from "./binding_consts.js";
import { limit } from "./core.js";
import { encodeCells, whole } from "./tiles.js";
import type { Points, ShapeRecord, TileTable } from "./types.js";

/**
 * A convex kind: its JS name, the core's kind number and its size fields, in the order of the core's sizes; `flag` a
 * boolean field after them (the core's next size, 1 or 0).
 */
interface Kind {
  readonly name: string;
  readonly code: number;
  readonly sizes: readonly string[];
  readonly flag?: string;
}

/** The convex kinds, in the order their names are listed in messages; `code` is the core's `ShapeKind` number. */
const KINDS: readonly Kind[] = [
  { name: "circle", code: 0, sizes: ["radius"] },
  { name: "box", code: 2, sizes: ["halfWidth", "halfHeight"] },
  { name: "alignedBox", code: 1, sizes: ["halfWidth", "halfHeight"] },
  { name: "capsule", code: 4, sizes: ["halfLength", "radius"], flag: "upright" },
  { name: "segment", code: 5, sizes: ["x1", "y1", "x2", "y2"] },
  { name: "point", code: 6, sizes: [] },
  { name: "polygon", code: 3, sizes: [] },
];
const BY_NAME = new Map(KINDS.map((k) => [k.name, k]));
const BY_CODE = new Map(KINDS.map((k) => [k.code, k]));

/** @internal The core's kind number of each convex kind, for the `add*` methods. */
export const KIND = {
  circle: 0,
  alignedBox: 1,
  box: 2,
  polygon: 3,
  capsule: 4,
  segment: 5,
  point: 6,
} as const;
/** The kind number of a tile grid record (the binding's). */
export const TILE_GRID = KIND_TILE_GRID;

/** A probe read into the core's numbers; one object, reused by every call. */
export interface Probe {
  code: number;
  a: number;
  b: number;
  c: number;
  d: number;
  points: Float32Array;
}

const NO_POINTS = new Float32Array(0);
const probe: Probe = { code: 0, a: 0, b: 0, c: 0, d: 0, points: NO_POINTS };

/** `"circle", "box", …` and any `others`, quoted: what a `kind` may be. */
function kindList(others: readonly string[]): string {
  return [...KINDS.map((k) => k.name), ...others].map((n) => `"${n}"`).join(", ");
}

/** The `kind` of object `arg`: one of the convex kinds or of `others`. */
function kindOf(method: string, arg: string, value: object, others: readonly string[]): string {
  const kind = get(method, `${arg}.kind`, value, "kind");
  if (typeof kind !== "string") throw typeError(method, `${arg}.kind must be a string (got ${describe(kind)})`);
  if (!BY_NAME.has(kind) && !others.includes(kind)) {
    throw typeError(method, `${arg}.kind must be one of ${kindList(others)} (got ${JSON.stringify(kind)})`);
  }
  return kind;
}

/** Checks that `value` is an object, as a shape `arg` must be. */
function object(method: string, arg: string, value: unknown): object {
  if (typeof value !== "object" || value === null || isArray(method, arg, value)) {
    throw typeError(method, `${arg} must be an object (got ${describe(value)})`);
  }
  return value;
}

/** Reads the convex shape `arg` (`{ kind, …sizes }`, with any of `extra` keys too) into `out`. */
function convex(method: string, arg: string, value: object, kind: Kind, extra: readonly string[], out: Probe): void {
  const own = kind.flag === undefined ? kind.sizes : [...kind.sizes, kind.flag];
  const allowed = ["kind", ...own, ...(kind.code === KIND.polygon ? ["points"] : []), ...extra];
  plainObject(method, arg, value, allowed);
  const sizes = [0, 0, 0, 0];
  kind.sizes.forEach((key, i) => {
    sizes[i] = float(method, `${arg}.${key}`, get(method, `${arg}.${key}`, value, key));
  });
  if (kind.flag !== undefined && optionalBool(method, `${arg}.`, value, kind.flag)) sizes[kind.sizes.length] = 1;
  out.code = kind.code;
  [out.a, out.b, out.c, out.d] = sizes;
  out.points =
    kind.code === KIND.polygon
      ? points(method, `${arg}.points`, get(method, `${arg}.points`, value, "points"), PointLimit.Polygon)
      : NO_POINTS;
}

/** `queryShape`'s and `castShape`'s probe `shape`, read into the reused `Probe` (valid until the next call). */
export function readProbe(method: string, value: unknown): Probe {
  const shape = object(method, "shape", value);
  const kind = BY_NAME.get(kindOf(method, "shape", shape, []))!;
  convex(method, "shape", shape, kind, [], probe);
  return probe;
}

/** The records of `addShapes`, flat, as the binding's `addShapes` takes them. */
export interface Scene {
  kinds: Uint8Array;
  numbers: Float32Array;
  words: Uint32Array;
  points: Float32Array;
  /** Per grid record: `cols, rows, table, byteCount`. */
  gridWords: Uint32Array;
  /** The grid records' cells, one after the other. */
  cells: Uint8Array;
  /** The tag of each record; `null` when no record has one. */
  tags: Uint32Array | null;
}

const PLACEMENT = ["x", "y", "angle", "layer", "mask", "isStatic", "oneWay", "sensor", "continuous", "tag"];
const GRID_KEYS = ["kind", "cols", "rows", "cellWidth", "cellHeight", "cells", "tiles", ...PLACEMENT];

/**
 * Every record of `list` (checked whole: a bad record throws naming it and its field), flat. A grid record's table is
 * given an id by `defineTable` (named as the record's `tiles` field), `0xFFFFFFFF` for none.
 */
export function readScene(
  method: string,
  list: unknown,
  room: number,
  defineTable: (table: unknown, arg: string) => number,
): Scene {
  if (!isArray(method, "list", list)) {
    throw typeError(method, `list must be an array of shapes (got ${describe(list)})`);
  }
  const array = list as readonly unknown[];
  const length = get(method, "list", array, "length") as number;
  if (length > room) {
    throw rangeError(
      method,
      `list has ${length} shapes, more than the ${room} the world has room for (it holds at most ${limit(3)})`,
    );
  }
  const kinds = new Uint8Array(length);
  const numbers = new Float32Array(RECORD_NUMBERS * length);
  const words = new Uint32Array(4 * length);
  const chunks: Float32Array[] = [];
  const gridWords: number[] = [];
  const cellChunks: Uint8Array[] = [];
  let tags: Uint32Array | null = null;
  let pointCount = 0;
  const record: Probe = { code: 0, a: 0, b: 0, c: 0, d: 0, points: NO_POINTS };
  for (let i = 0; i < length; i++) {
    const name = `list[${i}]`;
    const item = object(method, name, get(method, name, array, i));
    const kind = kindOf(method, name, item, ["concave", "chain", "tileGrid"]);
    let flags = 0;
    if (kind === "tileGrid") {
      plainObject(method, name, item, GRID_KEYS);
      const cols = whole(method, `${name}.cols`, get(method, `${name}.cols`, item, "cols"));
      const rows = whole(method, `${name}.rows`, get(method, `${name}.rows`, item, "rows"));
      record.code = TILE_GRID;
      record.a = float(method, `${name}.cellWidth`, get(method, `${name}.cellWidth`, item, "cellWidth"));
      record.b = float(method, `${name}.cellHeight`, get(method, `${name}.cellHeight`, item, "cellHeight"));
      record.c = record.d = 0;
      record.points = NO_POINTS;
      const cells = encodeCells(method, `${name}.cells`, get(method, `${name}.cells`, item, "cells"));
      if (cells.wide) flags |= FLAG_WIDE;
      const tiles = get(method, `${name}.tiles`, item, "tiles");
      const table = tiles === undefined ? 0xffffffff : defineTable(tiles, `${name}.tiles`);
      gridWords.push(cols, rows, table, cells.bytes.length);
      cellChunks.push(cells.bytes.slice());
    } else if (kind === "concave" || kind === "chain") {
      const chain = kind === "chain";
      plainObject(method, name, item, ["kind", "points", ...PLACEMENT, ...(chain ? ["loop"] : [])]);
      const which = chain ? PointLimit.Chain : PointLimit.Outline;
      record.code = chain ? KIND_CHAIN : KIND_CONCAVE;
      record.a = record.b = record.c = record.d = 0;
      record.points = points(method, `${name}.points`, get(method, `${name}.points`, item, "points"), which);
      if (chain && optionalBool(method, `${name}.`, item, "loop")) flags |= FLAG_LOOP;
    } else {
      convex(method, name, item, BY_NAME.get(kind)!, PLACEMENT, record);
    }
    // A reused array holds short point lists: keep a copy.
    const own = record.points.length === 0 ? NO_POINTS : record.points.slice();
    chunks.push(own);
    pointCount += own.length;
    const x = float(method, `${name}.x`, get(method, `${name}.x`, item, "x"));
    const y = float(method, `${name}.y`, get(method, `${name}.y`, item, "y"));
    const angle = get(method, `${name}.angle`, item, "angle");
    const filter: Filter = filterOf(method, `${name}.`, item);
    if (filter.tag !== 0) (tags ??= new Uint32Array(length))[i] = filter.tag;
    if (filter.isStatic) flags |= FLAG_STATIC;
    if (filter.up !== null) flags |= FLAG_ONE_WAY;
    if (filter.sensor) flags |= FLAG_SENSOR;
    if (filter.continuous) flags |= FLAG_CONTINUOUS;
    const [upX, upY] = filter.up ?? [0, 0];
    kinds[i] = record.code;
    const a = angle === undefined ? 0 : float(method, `${name}.angle`, angle);
    numbers.set([x, y, a, record.a, record.b, record.c, record.d, upX, upY], RECORD_NUMBERS * i);
    words.set([filter.layer, filter.mask, flags, own.length], 4 * i);
  }
  return {
    kinds,
    numbers,
    words,
    points: concat(Float32Array, chunks, pointCount),
    gridWords: Uint32Array.from(gridWords),
    cells: concat(
      Uint8Array,
      cellChunks,
      cellChunks.reduce((n, c) => n + c.length, 0),
    ),
    tags,
  };
}

/** The arrays of `chunks`, `length` elements in all, one after the other in a new array. */
function concat<T extends Float32Array | Uint8Array>(
  Type: { new (length: number): T },
  chunks: T[],
  length: number,
): T {
  const flat = new Type(length);
  let at = 0;
  for (const chunk of chunks) {
    flat.set(chunk, at);
    at += chunk.length;
  }
  return flat;
}

/** A plain array of the numbers of `points`. */
const pointArray = (values: Float32Array): number[] => Array.from(values);

/**
 * The record `shape(id)` returns, from the numbers the binding's `shapeRecord` wrote: `io[0]` the kind number,
 * `io[1..8]` `x, y, angle` and the sizes, `io[8..11]` layer, mask and flags, `io[11..13]` the one-way direction,
 * `io[13]` the tag;
 * `floats` its points; for a grid, `grid` its size, cells and table (read by the caller).
 */
export function recordOf(
  io: Float64Array,
  floats: Float32Array,
  grid?: { cols: number; rows: number; cells: number[]; tiles: TileTable },
): ShapeRecord {
  const code = io[0];
  const [x, y, angle] = [io[1], io[2], io[3]];
  const placement = { x, y, angle };
  const oneWay = (io[10] & FLAG_ONE_WAY) !== 0 ? { x: io[11], y: io[12] } : null;
  const flags = io[10];
  const filter = {
    layer: io[8],
    mask: io[9],
    isStatic: (flags & FLAG_STATIC) !== 0,
    oneWay,
    sensor: (flags & FLAG_SENSOR) !== 0,
    continuous: (flags & FLAG_CONTINUOUS) !== 0,
    tag: io[13],
  };
  if (code === KIND_CONCAVE) return { kind: "concave", ...placement, points: pointArray(floats), ...filter };
  if (code === TILE_GRID && grid !== undefined) {
    const sizes = { cellWidth: io[4], cellHeight: io[5] };
    return { kind: "tileGrid", ...placement, ...grid, ...sizes, ...filter } as ShapeRecord;
  }
  if (code === KIND_CHAIN) {
    return { kind: "chain", ...placement, points: pointArray(floats), loop: (io[10] & FLAG_LOOP) !== 0, ...filter };
  }
  const kind = BY_CODE.get(code)!;
  const record: Record<string, unknown> = { kind: kind.name, ...placement };
  kind.sizes.forEach((key, i) => {
    record[key] = io[4 + i];
  });
  if (kind.flag !== undefined) record[kind.flag] = io[4 + kind.sizes.length] !== 0;
  if (code === KIND.polygon) record.points = pointArray(floats);
  return Object.assign(record, filter) as unknown as ShapeRecord;
}

/** The `opts` of `addChain`: those of every add method and `loop`. */
export function chainOptions(method: string, opts: unknown): { filter: Readonly<Filter>; loop: boolean } {
  if (opts === undefined || opts === null) return { filter: addOptions(method, opts), loop: false };
  const checked = plainObject(method, "opts", opts, ["loop", ...ADD_KEYS]);
  return { loop: optionalBool(method, "opts.", checked, "loop"), filter: filterOf(method, "opts.", checked) };
}

/** The `opts` of `addCapsule`: those of every add method and `upright`. */
export function capsuleOptions(method: string, opts: unknown): { filter: Readonly<Filter>; upright: boolean } {
  if (opts === undefined || opts === null) return { filter: addOptions(method, opts), upright: false };
  const checked = plainObject(method, "opts", opts, ["upright", ...ADD_KEYS]);
  return { upright: optionalBool(method, "opts.", checked, "upright"), filter: filterOf(method, "opts.", checked) };
}

/** @internal `points` as the methods take them, checked, for the core. */
export function pointsArg(method: string, value: Points | unknown, which: PointLimit): Float32Array {
  return points(method, "points", value, which);
}
