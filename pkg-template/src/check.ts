// Reading and checking the World's arguments: what only JavaScript can get wrong (a string where a number belongs,
// an id of 1.5, an unknown key, a getter that throws) is decided here, with a TypeError or RangeError that names the
// method and the argument (`addCircle: radius must be a number (got the string "2")`). What the numbers mean (a
// radius > 0, a coordinate within range, a convex polygon) is the core's to check: it names the argument too.
//
// Objects and arrays given by the user are read inside try/catch: a getter or proxy trap that throws becomes a
// TypeError naming the argument, and nothing has reached the core yet.

import { limit, tooManyPoints } from "./core.js";
import type { Points } from "./types.js";

/** The largest finite `f32`: a number beyond it would become infinite in the core. */
const F32_MAX = 3.4028234663852886e38;

/** What a wrong value was, for a message: `null`, `the string "3"`, `NaN`, `object`, …. */
export function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  if (typeof value === "number") return String(value);
  if (typeof value === "bigint") return `the bigint ${String(value)}n`;
  return typeof value;
}

/** The message of what a getter or proxy trap threw. */
function thrownText(error: unknown): string {
  try {
    const message = (error as { message?: unknown } | null)?.message;
    return typeof message === "string" ? message : describe(error);
  } catch {
    return describe(error);
  }
}

/** A TypeError `method: message`. */
export function typeError(method: string, message: string): TypeError {
  return new TypeError(`${method}: ${message}`);
}

/** A RangeError `method: message`. */
export function rangeError(method: string, message: string): RangeError {
  return new RangeError(`${method}: ${message}`);
}

/** The TypeError of an argument that could not be read because reading it threw. */
function unreadable(method: string, arg: string, error: unknown): TypeError {
  return typeError(method, `${arg} could not be read (it threw: ${thrownText(error)})`);
}

/** `object[key]`, or the TypeError naming `arg` of a getter or proxy trap that threw. */
export function get(method: string, arg: string, object: object, key: string | number): unknown {
  try {
    return (object as Record<string | number, unknown>)[key];
  } catch (error) {
    throw unreadable(method, arg, error);
  }
}

/** `Array.isArray(value)`, or the TypeError naming `arg` of a revoked proxy (which makes it throw). */
export function isArray(method: string, arg: string, value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch (error) {
    throw unreadable(method, arg, error);
  }
}

/** `array[i]`, or the TypeError naming `arg[i]` of a getter or proxy trap that threw. */
function element(method: string, arg: string, array: ArrayLike<unknown>, i: number): unknown {
  try {
    return array[i];
  } catch (error) {
    throw unreadable(method, `${arg}[${i}]`, error);
  }
}

/** A JS number, or a TypeError naming `arg`. */
export function number(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  return value;
}

/** A finite number that stays finite as an `f32`. */
export function float(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  if (!(Math.abs(value) <= F32_MAX)) {
    throw rangeError(
      method,
      value - value === 0
        ? `${arg} is too large for 32-bit floats (got ${value})`
        : `${arg} must be a finite number (got ${value})`,
    );
  }
  return value;
}

/** Like `float`, with `undefined` meaning `fallback`. */
export function optionalFloat(method: string, arg: string, value: unknown, fallback: number): number {
  return value === undefined ? fallback : float(method, arg, value);
}

/** A shape id: an integer in [0, 2^32). */
export function id(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  if (value >>> 0 !== value) {
    throw rangeError(method, `${arg} must be a non-negative integer id (got ${value})`);
  }
  return value;
}

/** A layer or mask: an integer in [-2^31, 2^32), taken modulo 2^32 as `>>> 0` does (-1 and ~0 mean every bit). */
export function bits(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  if (!Number.isInteger(value) || value < -2147483648 || value >= 4294967296) {
    throw rangeError(method, `${arg} must be a 32-bit integer (got ${value})`);
  }
  return value >>> 0;
}

/** A query's filter as the raw world takes it: the layer mask, and the exclusions for `io` (see `filterMask`). */
export interface FilterNumbers {
  mask: number;
  /** The id to exclude plus one; 0 for none. */
  exclude: number;
  /** 1: exclude statics; 2: exclude sensors. */
  flags: number;
}

/** The keys of a query's filter object. */
const FILTER_KEYS = ["mask", "exclude", "excludeStatics", "excludeSensors"];
/** The one filter every query reads into: queries make no garbage. */
const FILTER: FilterNumbers = { mask: 0, exclude: 0, flags: 0 };

/** Reads the filter object `value` into `FILTER` without creating anything; false when it needs the checked path. */
function plainFilter(value: object): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  try {
    for (const key in value) if (!FILTER_KEYS.includes(key)) return false;
    const { mask, exclude, excludeStatics, excludeSensors } = value as Record<string, unknown>;
    if (mask !== undefined) {
      if (typeof mask !== "number" || mask >>> 0 !== mask) return false;
      FILTER.mask = mask;
    }
    if (exclude !== undefined) {
      if (typeof exclude !== "number" || exclude >>> 0 !== exclude) return false;
      FILTER.exclude = exclude + 1;
    }
    if (excludeStatics !== undefined && typeof excludeStatics !== "boolean") return false;
    if (excludeSensors !== undefined && typeof excludeSensors !== "boolean") return false;
    FILTER.flags = (excludeStatics === true ? 1 : 0) | (excludeSensors === true ? 2 : 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A query's optional `filter` (default: every layer): a layer mask, or `{ mask?, exclude?, excludeStatics?,
 * excludeSensors? }`, read into one reused object (valid until the next query). A plain object of valid values is read
 * without creating anything; anything else goes through the checks that name what is wrong.
 */
export function queryFilter(method: string, value: unknown): Readonly<FilterNumbers> {
  FILTER.mask = 0xffffffff;
  FILTER.exclude = 0;
  FILTER.flags = 0;
  if (value === undefined) return FILTER;
  if (typeof value === "number") {
    FILTER.mask = bits(method, "filter", value);
    return FILTER;
  }
  let proto: unknown = undefined;
  try {
    proto = typeof value === "object" && value !== null ? Object.getPrototypeOf(value) : undefined;
  } catch (error) {
    throw unreadable(method, "filter", error);
  }
  // A plain object (or a proxy of one) only: a Number object or a class instance is a mistake, not a filter.
  if (proto !== Object.prototype && proto !== null) {
    throw typeError(
      method,
      `filter must be a layer mask or an object { mask, exclude, excludeStatics, excludeSensors } (got ${describe(value)})`,
    );
  }
  if (plainFilter(value as object)) return FILTER;
  FILTER.mask = 0xffffffff;
  FILTER.exclude = 0;
  const checked = plainObject(method, "filter", value, FILTER_KEYS);
  // Read through `get`, which names what a getter or proxy trap threw.
  const m = get(method, "filter.mask", checked, "mask");
  if (m !== undefined) FILTER.mask = bits(method, "filter.mask", m);
  const e = get(method, "filter.exclude", checked, "exclude");
  if (e !== undefined) FILTER.exclude = id(method, "filter.exclude", e) + 1;
  const statics = optionalBool(method, "filter.", checked, "excludeStatics");
  FILTER.flags = (statics ? 1 : 0) | (optionalBool(method, "filter.", checked, "excludeSensors") ? 2 : 0);
  return FILTER;
}

/** How many of something: an integer from 1 to 1,024 (the core's `MAX_NEAREST`). */
export function count(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  if (!Number.isInteger(value) || value < 1 || value > 1024) {
    throw rangeError(method, `${arg} must be an integer from 1 to 1024 (got ${value})`);
  }
  return value;
}

/** A ray's optional `maxDistance`: a number >= 0 (Infinity allowed), default unbounded. */
export function maxDistance(method: string, value: unknown): number {
  if (value === undefined) return Infinity;
  const v = number(method, "maxDistance", value);
  if (!(v >= 0)) throw rangeError(method, `maxDistance must be >= 0 (got ${v})`);
  return v;
}

/** An optional boolean field `object[key]` (false when undefined), named `prefix + key`. */
export function optionalBool(method: string, prefix: string, object: object, key: string): boolean {
  const arg = prefix + key;
  const value = get(method, arg, object, key);
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw typeError(method, `${arg} must be a boolean (got ${describe(value)})`);
  return value;
}

/**
 * Checks that `value` is an object (not an array or a function) whose own keys are all in `allowed`: a misspelt option
 * is an error, never silently ignored.
 */
export function plainObject(method: string, arg: string, value: unknown, allowed: readonly string[]): object {
  if (typeof value !== "object" || value === null || isArray(method, arg, value)) {
    throw typeError(method, `${arg} must be an object (got ${describe(value)})`);
  }
  let keys: (string | symbol)[];
  try {
    keys = Reflect.ownKeys(value);
  } catch (error) {
    throw unreadable(method, arg, error);
  }
  for (const key of keys) {
    if (typeof key === "symbol") throw typeError(method, `${arg}: unknown key (a symbol)`);
    if (!allowed.includes(key)) {
      throw typeError(method, `${arg}: unknown key ${JSON.stringify(key)} (expected one of ${allowed.join(", ")})`);
    }
  }
  return value;
}

/** Layer, mask, static flag, one-way direction, sensor and continuous flags and tag of an add, as numbers for the core. */
export interface Filter {
  layer: number;
  mask: number;
  isStatic: boolean;
  /** The one-way direction `[x, y]`, or null. */
  up: readonly [number, number] | null;
  sensor: boolean;
  continuous: boolean;
  tag: number;
}

/** The default filter: layer 1, every mask bit, moving, solid from every side, tag 0. */
export const DEFAULT_FILTER: Readonly<Filter> = Object.freeze({
  layer: 1,
  mask: 0xffffffff,
  isStatic: false,
  up: null,
  sensor: false,
  continuous: false,
  tag: 0,
});

/** A 32-bit word the world stores or compares as given (a tag, a generation): an integer from 0 to 2^32 - 1. */
export function word(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  if (value >>> 0 !== value) {
    throw rangeError(method, `${arg} must be an integer from 0 to 4294967295 (got ${value})`);
  }
  return value;
}

/**
 * A `oneWay` option named `arg`: `undefined` or `null` (none), `true` (`{ x: 0, y: -1 }`) or `{ x, y }`, finite as `f32`s and
 * not both 0 (as `f32`s: the core scales it to unit length, and must not find nothing to scale).
 */
export function oneWayOf(method: string, arg: string, value: unknown): readonly [number, number] | null {
  if (value === undefined || value === null) return null;
  if (value === true) return [0, -1];
  if (typeof value !== "object" || value === null) {
    throw typeError(method, `${arg} must be true or an object { x, y } (got ${describe(value)})`);
  }
  plainObject(method, arg, value, ["x", "y"]);
  const x = float(method, `${arg}.x`, get(method, `${arg}.x`, value, "x"));
  const y = float(method, `${arg}.y`, get(method, `${arg}.y`, value, "y"));
  if (Math.fround(x) === 0 && Math.fround(y) === 0) {
    throw rangeError(method, `${arg} must be a direction: x and y must not both be 0 (got ${x}, ${y})`);
  }
  return [x, y];
}

/** The `layer`, `mask`, `isStatic`, `oneWay`, `sensor`, `continuous` and `tag` keys of an object already checked, each optional, named
 * `prefix + key`. */
export function filterOf(method: string, prefix: string, object: object): Filter {
  const layer = get(method, `${prefix}layer`, object, "layer");
  const mask = get(method, `${prefix}mask`, object, "mask");
  const t = get(method, `${prefix}tag`, object, "tag");
  return {
    layer: layer === undefined ? 1 : bits(method, `${prefix}layer`, layer),
    mask: mask === undefined ? 0xffffffff : bits(method, `${prefix}mask`, mask),
    isStatic: optionalBool(method, prefix, object, "isStatic"),
    up: oneWayOf(method, `${prefix}oneWay`, get(method, `${prefix}oneWay`, object, "oneWay")),
    sensor: optionalBool(method, prefix, object, "sensor"),
    continuous: optionalBool(method, prefix, object, "continuous"),
    tag: t === undefined ? 0 : word(method, `${prefix}tag`, t),
  };
}

/** The keys of the `add*` methods' `opts`. */
export const ADD_KEYS = ["layer", "mask", "isStatic", "oneWay", "sensor", "continuous", "tag"] as const;

/** The `opts` of the `add*` methods: `undefined`, `null` or `{ layer?, mask?, isStatic?, oneWay?, sensor?, continuous?,
 * tag? }`. */
export function addOptions(method: string, opts: unknown): Readonly<Filter> {
  if (opts === undefined || opts === null) return DEFAULT_FILTER;
  return filterOf(method, "opts.", plainObject(method, "opts", opts, ADD_KEYS));
}

/** Which of the core's limits a list of points has (see `limit` in the binding). */
export const enum PointLimit {
  Polygon = 0,
  Outline = 1,
  Chain = 2,
}

/** Float32Arrays of each length up to a convex polygon's, reused: the probes of queries and casts make no garbage. */
const scratch: Float32Array[] = [];

/**
 * `points` (a Float32Array, Float64Array or array of numbers holding `x0, y0, x1, y1, …`) as a Float32Array for the
 * core, named `arg`: at most the limit's number of points (checked before anything is read), an even length, and
 * finite `f32` coordinates. A short list is copied into a reused array: keep the result only until the next call.
 */
export function points(method: string, arg: string, value: unknown, which: PointLimit): Float32Array {
  const typed = ArrayBuffer.isView(value) && (value instanceof Float32Array || value instanceof Float64Array);
  if (!typed && !isArray(method, arg, value)) {
    throw typeError(method, `${arg} must be a Float32Array, Float64Array or array of numbers (got ${describe(value)})`);
  }
  const length = get(method, arg, value as object, "length");
  if (typeof length !== "number" || !Number.isInteger(length) || length < 0) {
    throw typeError(method, `${arg} has no valid length`);
  }
  const max = limit(which);
  if (length > 2 * max) {
    // The core's message starts with "points"; say whose (`shape.`, `list[3].`).
    throw rangeError(method, arg.slice(0, arg.length - "points".length) + tooManyPoints(which, Math.ceil(length / 2)));
  }
  if (length % 2 !== 0) {
    throw rangeError(method, `${arg} must hold x, y pairs: its length must be even (got ${length})`);
  }
  let out: Float32Array;
  if (length <= 2 * limit(PointLimit.Polygon)) {
    out = scratch[length] ??= new Float32Array(length);
  } else {
    out = new Float32Array(length);
  }
  // A typed array's elements are read without running user code; an array's through `get`, which catches what a
  // getter or proxy throws. A `length` that lies (an own property, a subclass getter, a detached buffer) shows as a
  // missing element. Names are made only for a message: this runs for every probe of every query.
  const array = value as ArrayLike<unknown>;
  for (let i = 0; i < length; i += 2) {
    const x = typed ? array[i] : element(method, arg, array, i);
    if (typeof x !== "number") throw typeError(method, `${arg}[${i}] must be a number (got ${describe(x)})`);
    const y = typed ? array[i + 1] : element(method, arg, array, i + 1);
    if (typeof y !== "number") throw typeError(method, `${arg}[${i + 1}] must be a number (got ${describe(y)})`);
    vertex(method, arg, i, x, y, out);
  }
  return out;
}

/** Writes vertex `i / 2` of `arg` to `out`, or throws: its coordinates must be finite as `f32`s. */
function vertex(method: string, arg: string, i: number, x: number, y: number, out: Float32Array): void {
  out[i] = x;
  out[i + 1] = y;
  if (!(Math.abs(out[i]) <= F32_MAX && Math.abs(out[i + 1]) <= F32_MAX)) {
    throw rangeError(method, `${arg}: vertex ${i / 2} must be finite numbers (got ${x}, ${y})`);
  }
}

/**
 * A genuine typed array of class `Type`, or a TypeError naming `arg`. One whose `length` was redefined (an own property
 * or a subclass getter) is copied: the binding's glue trusts `length` to size its copy, and the constructor reads the
 * array's true elements without running user code.
 */
export function typedArray<T extends Float32Array | Uint32Array | Uint8Array>(
  method: string,
  arg: string,
  value: unknown,
  Type: { new (source: ArrayLike<number>): T; readonly name: string; readonly BYTES_PER_ELEMENT: number },
): T {
  // `isView` rejects proxies and objects that only borrowed a typed array's prototype.
  if (!(value instanceof Type) || !ArrayBuffer.isView(value)) {
    throw typeError(method, `${arg} must be a ${Type.name} (got ${describe(value)})`);
  }
  return value.length * Type.BYTES_PER_ELEMENT === value.byteLength ? value : new Type(value);
}

/** Checks that `actual` is `expected`, the length of `arg` that goes with the other arguments. */
export function lengthIs(method: string, arg: string, actual: number, expected: number): void {
  if (actual !== expected) throw rangeError(method, `${arg} must have length ${expected} (got ${actual})`);
}
