// Tile tables and cells as the binding takes them: a table (`{ [value]: "solid" | "empty" | { points?, oneWay? } }`)
// read into parallel arrays and back, and a grid's cells (a Uint8Array, a Uint16Array, or an array of integers from a
// record saved as JSON) as bytes. The types and the keys are checked here; what the values mean (a convex outline, a
// point within the cell) is the core's to check, and its messages name the entry (`tiles[3].points: …`).

import { describe, get, isArray, oneWayOf, plainObject, points, PointLimit, rangeError, typeError } from "./check.js";
import type { Points, TileDef, TileTable } from "./types.js";
import { TILE_ONE_WAY, TILE_OUTLINE, TILE_SOLID } from "./binding_consts.js";

/** A table as the binding's `defineTiles` takes it. */
export interface EncodedTable {
  values: Uint32Array;
  flags: Uint8Array;
  counts: Uint8Array;
  numbers: Float32Array;
}

/** Reads the table `value` (named `arg`, e.g. `opts.tiles`, `list[2].tiles`), checking every key and entry. */
export function encodeTable(method: string, arg: string, value: unknown): EncodedTable {
  if (typeof value !== "object" || value === null || isArray(method, arg, value)) {
    throw typeError(method, `${arg} must be an object of tile definitions by value (got ${describe(value)})`);
  }
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch (error) {
    throw typeError(method, `${arg} could not be read (it threw: ${String(error)})`);
  }
  const values = new Uint32Array(keys.length);
  const flags = new Uint8Array(keys.length);
  const counts = new Uint8Array(keys.length);
  const numbers: number[] = [];
  keys.forEach((key, k) => {
    const v = Number(key);
    if (!(Number.isInteger(v) && v >= 1 && v <= 65535 && String(v) === key)) {
      throw rangeError(method, `${arg}: key ${JSON.stringify(key)} must be a tile value from 1 to 65535`);
    }
    values[k] = v;
    const name = `${arg}[${key}]`;
    const def = get(method, name, value, key);
    if (def === "empty") return;
    flags[k] = TILE_SOLID;
    if (def === "solid") return;
    if (typeof def !== "object" || def === null || isArray(method, name, def)) {
      throw typeError(
        method,
        `${name} must be "solid", "empty" or an object { points?, oneWay? } (got ${describe(def)})`,
      );
    }
    plainObject(method, name, def, ["points", "oneWay"]);
    const outline = get(method, `${name}.points`, def, "points");
    if (outline !== undefined) {
      const p = points(method, `${name}.points`, outline, PointLimit.Polygon);
      if (p.length > 16) {
        throw rangeError(method, `${name}.points must have at most 8 points (got ${p.length / 2})`);
      }
      flags[k] |= TILE_OUTLINE;
      counts[k] = p.length / 2;
      for (const c of p) numbers.push(c);
    }
    const up = oneWayOf(method, `${name}.oneWay`, get(method, `${name}.oneWay`, def, "oneWay"));
    if (up !== null) {
      flags[k] |= TILE_ONE_WAY;
      numbers.push(up[0], up[1]);
    }
  });
  return { values, flags, counts, numbers: Float32Array.from(numbers) };
}

/** The table the binding's `tileTable` wrote to `floats`: per entry `value, flags, count`, its points, its direction. */
export function decodeTable(floats: Float32Array): TileTable {
  const table: { [value: number]: TileDef } = {};
  for (let at = 0; at < floats.length;) {
    const [value, flags, count] = [floats[at], floats[at + 1], floats[at + 2]];
    at += 3;
    if ((flags & TILE_SOLID) === 0) {
      table[value] = "empty";
      continue;
    }
    const def: { points?: Points; oneWay?: { x: number; y: number } } = {};
    if ((flags & TILE_OUTLINE) !== 0) {
      def.points = Array.from(floats.subarray(at, at + 2 * count));
      at += 2 * count;
    }
    if ((flags & TILE_ONE_WAY) !== 0) {
      def.oneWay = { x: floats[at], y: floats[at + 1] };
      at += 2;
    }
    table[value] = (flags & (TILE_OUTLINE | TILE_ONE_WAY)) === 0 ? "solid" : def;
  }
  return table;
}

/** A grid's cells as bytes for the binding, and whether they take two bytes each. */
export interface EncodedCells {
  bytes: Uint8Array;
  wide: boolean;
}

/**
 * The cells `value` (named `arg`): a Uint8Array or Uint16Array (viewed as bytes, no copy), or an array of integers
 * from 0 to 65535 (a record read back from JSON), copied into the narrowest of the two.
 */
export function encodeCells(method: string, arg: string, value: unknown): EncodedCells {
  if (ArrayBuffer.isView(value) && (value instanceof Uint8Array || value instanceof Uint16Array)) {
    const wide = value instanceof Uint16Array;
    const length = value.length * (wide ? 2 : 1);
    if (length !== value.byteLength) {
      // A `length` that lies: copy the true elements.
      const copy = wide ? new Uint16Array(value as Uint16Array) : new Uint8Array(value as Uint8Array);
      return { bytes: new Uint8Array(copy.buffer), wide };
    }
    return { bytes: new Uint8Array(value.buffer, value.byteOffset, value.byteLength), wide };
  }
  if (!isArray(method, arg, value)) {
    throw typeError(method, `${arg} must be a Uint8Array, Uint16Array or array of integers (got ${describe(value)})`);
  }
  const array = value as readonly unknown[];
  const length = get(method, arg, array, "length") as number;
  const cells = new Uint16Array(length);
  let wide = false;
  for (let i = 0; i < length; i++) {
    const v = get(method, `${arg}[${i}]`, array, i);
    if (typeof v !== "number") throw typeError(method, `${arg}[${i}] must be a number (got ${describe(v)})`);
    if (!(Number.isInteger(v) && v >= 0 && v <= 65535)) {
      throw rangeError(method, `${arg}[${i}] must be a tile value from 0 to 65535 (got ${v})`);
    }
    cells[i] = v;
    wide ||= v > 255;
  }
  return wide ? { bytes: new Uint8Array(cells.buffer), wide } : { bytes: Uint8Array.from(cells), wide };
}

/** A count or cell index `value` named `arg`: an integer from 0 to 2^32 - 1 (the core checks the range). */
export function whole(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  if (value >>> 0 !== value) throw rangeError(method, `${arg} must be a non-negative integer (got ${value})`);
  return value;
}

/** A tile value `value` named `arg`: an integer from 0 to 65535. */
export function tileValue(method: string, arg: string, value: unknown): number {
  if (typeof value !== "number") throw typeError(method, `${arg} must be a number (got ${describe(value)})`);
  if (!(Number.isInteger(value) && value >= 0 && value <= 65535)) {
    throw rangeError(method, `${arg} must be a tile value from 0 to 65535 (got ${value})`);
  }
  return value;
}
