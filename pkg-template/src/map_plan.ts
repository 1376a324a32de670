// What a map loader produces and how it reaches a world (sepax/maps). A loader is a pure reader (an editor's JSON in,
// a `MapPlan` out: the tile tables, the tile grids with their cells, the shapes as `addShapes` records, each with the
// editor's description of where it came from) and one shared apply step (`applyMapPlan`: the plan into a world).
// Keeping them apart lets tests check everything a loader decides without a world, lets a game inspect or edit a
// plan before adding it (or add it to several worlds), and keeps the world's side to four calls.
//
// The apply step adds the shapes first (`addShapes` checks its whole list before adding any), then defines the tile
// tables and adds the grids; if the world rejects anything, every id it added for this plan is removed again and
// the error is rethrown with the JSON path of the record at fault in front of the world's message. (A tile table
// already defined stays defined: tables cannot be removed, and an unused one costs only its entries.)
//
// A layer's sensor tiles (water, ladders) are a grid of their own beside its solid grid, added with `sensor: true`:
// the world pairs shapes, not cells, so a grid that held both could not report the floor and the water at once.

import type { OneWay, ShapeDesc, TileTable } from "./types.js";
import { describe, type Json, JsonReader } from "./map_json.js";

/** A shape record as `world.addShapes` takes it (`ShapeDesc`, whose options include `oneWay`). */
export type MapShape = ShapeDesc;

/** Options of `world.addTileGrid`, as the apply step passes them. */
export interface MapGridOptions {
  /** The id of a table from `world.defineTiles`. */
  tiles: number;
  /** Layer bits. */
  layer: number;
  /** Mask bits. */
  mask: number;
  /** Whether the grid is static. */
  isStatic: boolean;
  /** True for a sensor grid; absent for a solid one. */
  sensor?: true;
}

/**
 * The world methods a loader calls: `World` has them all. A structural type, so a plan can also be added to anything
 * else with these methods (a test's recording fake, a wrapper that logs).
 */
export interface MapWorld {
  /** Defines a tile table; returns its id. */
  defineTiles(table: TileTable): number;
  /** Adds a tile grid; returns its id. */
  addTileGrid(
    x: number,
    y: number,
    cols: number,
    rows: number,
    cellWidth: number,
    cellHeight: number,
    cells: Uint8Array | Uint16Array,
    opts: MapGridOptions,
  ): number;
  /** Adds every record of `list` or none; returns their ids in order. */
  addShapes(list: readonly MapShape[]): Uint32Array;
  /** Removes a shape or grid. */
  remove(id: number): void;
}

/** Where a shape or grid came from: the editor's own description of it. */
export interface MapSource {
  /** The editor that wrote the map. */
  readonly editor: "tiled" | "ldtk";
  /** The editor's id: a Tiled object's or layer's `id` (a number), an LDtk entity's or layer's `iid` (a string). */
  readonly id: number | string;
  /** The name: a Tiled object's or layer's `name`, an LDtk entity's or layer's `__identifier`. */
  readonly name: string;
  /** The class: a Tiled object's `type` (its tile's, when a tile object has none) or layer's `class`, an LDtk
   * entity's `__identifier` or layer's `__type`. */
  readonly type: string;
  /** The custom properties as `{ name: value }`: Tiled's `properties` (a tile object's merged over its tile's),
   * LDtk's `fieldInstances` (`__identifier: __value`). */
  readonly properties: { readonly [name: string]: unknown };
  /** The name of the editor layer it is in. */
  readonly layer: string;
  /** Its JSON path in the file, e.g. `layers[2].objects[5]`. */
  readonly path: string;
  /** LDtk entities: the entity's `__tags`. */
  readonly tags?: readonly string[];
  /** Tiled grids: the global tile id (with its flip bits) of each cell value, `gids[value]`; `gids[0]` is 0. */
  readonly gids?: readonly number[];
  /** LDtk grids: the IntGrid value's `identifier` (or null) of each cell value that occurs. */
  readonly values?: { readonly [value: number]: string | null };
  /** Grids: the editor's column and row of cell (0, 0) (not 0 on Tiled's infinite maps). */
  readonly firstColumn?: number;
  /** Grids: the editor's row of cell (0, 0). */
  readonly firstRow?: number;
  /** Grids: true for the sensor grid of its layer (Tiled's tiles with a true `sensor` property, LDtk's IntGrid values
   * given `{ sensor: true }`), false for the layer's solid grid. */
  readonly sensor?: boolean;
}

/** A tile table of a plan, and the JSON path each value's collision was read from (for messages). */
export interface PlannedTable {
  /** The table, for `world.defineTiles`. */
  readonly tiles: TileTable;
  /** `paths[value]`: where the value's collision was read. */
  readonly paths: readonly string[];
}

/** A tile grid of a plan: `world.addTileGrid`'s arguments, and where it came from. */
export interface PlannedGrid {
  /** x of the grid's top-left corner. */
  readonly x: number;
  /** y of the grid's top-left corner. */
  readonly y: number;
  /** Columns. */
  readonly cols: number;
  /** Rows. */
  readonly rows: number;
  /** Width of a cell. */
  readonly cellWidth: number;
  /** Height of a cell. */
  readonly cellHeight: number;
  /** Cell values, row-major, 0 = empty. */
  readonly cells: Uint8Array | Uint16Array;
  /** Index of its table in `MapPlan.tables`. */
  readonly table: number;
  /** Layer bits. */
  readonly layer: number;
  /** Mask bits. */
  readonly mask: number;
  /** Whether it is static. */
  readonly isStatic: boolean;
  /** Whether it is added as a sensor (default false): the sensor grid of its layer. */
  readonly sensor?: boolean;
  /** Where it came from. */
  readonly source: MapSource;
}

/** A shape of a plan: its `addShapes` record and where it came from. */
export interface PlannedShape {
  /** The record. */
  readonly shape: MapShape;
  /** Where it came from. */
  readonly source: MapSource;
}

/** What a reader found in a map: everything the apply step adds, in order. */
export interface MapPlan {
  /** Tile tables, defined once each. */
  readonly tables: readonly PlannedTable[];
  /** Tile grids. */
  readonly grids: readonly PlannedGrid[];
  /** Shapes. */
  readonly shapes: readonly PlannedShape[];
}

/** What loading a map into a world created. */
export interface LoadedMap {
  /** The ids of the plan's shapes, in order (parallel to `plan.shapes`). */
  readonly shapes: Uint32Array;
  /** The ids of the plan's grids, in order (parallel to `plan.grids`). */
  readonly grids: readonly number[];
  /** The tile table ids defined (parallel to `plan.tables`). */
  readonly tables: readonly number[];
  /** The source of every id created. */
  readonly sources: ReadonlyMap<number, MapSource>;
}

/** Layer, mask and static flag for the shapes and grids of one editor layer; each optional. */
export interface LayerFilter {
  /** Layer bits (default 1). */
  readonly layer?: number;
  /** Mask bits (default: every layer). */
  readonly mask?: number;
  /** Static (default true: level geometry; moving a static shape with setTransform still works). */
  readonly isStatic?: boolean;
}

/** An editor layer, as the `layers` option's function sees it. */
export interface MapLayerInfo {
  /** Tiled: the layer's `name`; LDtk: its `__identifier`. */
  readonly name: string;
  /** Tiled: the layer's `class` ("" when none); LDtk: its `__type`. */
  readonly class: string;
  /** What the layer holds. */
  readonly kind: "tiles" | "objects" | "intGrid" | "entities";
  /** Tiled: the layer's custom properties; LDtk: `{}`. */
  readonly properties: { readonly [name: string]: unknown };
  /** Its JSON path, e.g. `layers[1]` or `levels[0].layerInstances[2]`. */
  readonly path: string;
}

/**
 * How editor layers become sepax layers: a table from a layer's name (or, when its name is not a key, its class) to
 * its `LayerFilter`, or `false` to leave the layer out; or a function of the layer returning the same (`null` or
 * `undefined` meaning the defaults). Layers the table does not name get the defaults.
 */
export type LayerChoice =
  | { readonly [nameOrClass: string]: LayerFilter | false }
  | ((layer: MapLayerInfo) => LayerFilter | false | null | undefined);

/** @internal A layer's filter with every field decided. */
export interface Filter {
  readonly layer: number;
  readonly mask: number;
  readonly isStatic: boolean;
}

const DEFAULT_FILTER: Filter = Object.freeze({ layer: 1, mask: 0xffffffff, isStatic: true });

/** @internal Checks an options object: undefined/null or a plain object with only `allowed` keys. */
export function readOptions(reader: JsonReader, opts: unknown, allowed: readonly string[]): Json {
  if (opts === undefined || opts === null) return {};
  const o = reader.object(opts, "opts");
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) {
      throw reader.typeError(
        "opts",
        `has an unknown key ${JSON.stringify(key)} (expected one of ${allowed.join(", ")})`,
      );
    }
  }
  return o;
}

/** @internal Checks the `layers` option's shape (a table's entries now; a function's answers when it is called). */
export function readLayerChoice(reader: JsonReader, value: unknown): LayerChoice | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "function") return value as LayerChoice;
  const table = reader.object(value, "opts.layers");
  for (const key of Object.keys(table)) filterOf(reader, table[key], `opts.layers[${JSON.stringify(key)}]`);
  return table as LayerChoice;
}

/** A `LayerFilter` (or false/null/undefined) checked and completed, or null for a layer left out. */
function filterOf(reader: JsonReader, value: unknown, path: string): Filter | null {
  if (value === false) return null;
  if (value === undefined || value === null) return DEFAULT_FILTER;
  const o = reader.object(value, path);
  for (const key of Object.keys(o)) {
    if (key !== "layer" && key !== "mask" && key !== "isStatic") {
      throw reader.typeError(path, `has an unknown key ${JSON.stringify(key)} (expected layer, mask, isStatic)`);
    }
  }
  const bits = (key: "layer" | "mask", fallback: number): number => {
    const v = o[key];
    if (v === undefined) return fallback;
    if (typeof v !== "number") throw reader.typeError(`${path}.${key}`, `must be a number (got ${describe(v)})`);
    if (!Number.isInteger(v) || v < -2147483648 || v >= 4294967296) {
      throw reader.rangeError(`${path}.${key}`, `must be a 32-bit integer (got ${v})`);
    }
    return v >>> 0;
  };
  const isStatic = o.isStatic === undefined ? true : o.isStatic;
  if (typeof isStatic !== "boolean") {
    throw reader.typeError(`${path}.isStatic`, `must be a boolean (got ${describe(isStatic)})`);
  }
  return { layer: bits("layer", 1), mask: bits("mask", 0xffffffff), isStatic };
}

/** @internal The filter of an editor layer under `choice`, or null when the layer is left out. */
export function layerFilter(reader: JsonReader, choice: LayerChoice | undefined, info: MapLayerInfo): Filter | null {
  if (choice === undefined) return DEFAULT_FILTER;
  if (typeof choice === "function") {
    return filterOf(reader, choice(info), `opts.layers(${info.path}) (the layer ${JSON.stringify(info.name)})`);
  }
  const table = choice as { readonly [key: string]: LayerFilter | false };
  if (Object.hasOwn(table, info.name))
    return filterOf(reader, table[info.name], `opts.layers[${JSON.stringify(info.name)}]`);
  if (info.class !== "" && Object.hasOwn(table, info.class)) {
    return filterOf(reader, table[info.class], `opts.layers[${JSON.stringify(info.class)}]`);
  }
  return DEFAULT_FILTER;
}

/** @internal The `oneWay` of a shape or tile turned by `degrees`, whose unturned side is the top (`{ x: 0, y: -1 }`). */
export function oneWayTurned(degrees: number): OneWay {
  const [x, y] = turn(0, -1, degrees);
  return x === 0 && y === -1 ? true : { x: x + 0, y: y + 0 };
}

/** @internal

 * `(x, y)` turned by `degrees` as a map editor turns objects: clockwise on a y-down screen, which is +x towards +y,
 * the direction of sepax's angles. Exact for multiples of 90°, so a rectangle turned by a right angle stays exactly
 * axis-aligned.
 */
export function turn(x: number, y: number, degrees: number): [number, number] {
  const r = ((degrees % 360) + 360) % 360;
  if (r === 0) return [x, y];
  if (r === 90) return [-y, x];
  if (r === 180) return [-x, -y];
  if (r === 270) return [y, -x];
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c * x - s * y, s * x + c * y];
}

/** @internal The outline `x0, y0, x1, y1, …` without repeated points (consecutive, or the last equal to the first). */
export function withoutRepeats(points: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const n = out.length;
    if (n >= 2 && out[n - 2] === points[i] && out[n - 1] === points[i + 1]) continue;
    out.push(points[i], points[i + 1]);
  }
  while (out.length > 2 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.length -= 2;
  return out;
}

/** @internal

 * Whether the closed outline is a convex polygon: it turns one way only (collinear points allowed) and goes around
 * once (which a self-crossing star that turns one way does not). Either winding.
 */
export function isConvex(points: readonly number[]): boolean {
  const n = points.length / 2;
  if (n < 3) return false;
  let sign = 0;
  let turning = 0;
  for (let i = 0; i < n; i++) {
    const a = ((i + n - 1) % n) * 2;
    const b = i * 2;
    const c = ((i + 1) % n) * 2;
    const e1x = points[b] - points[a];
    const e1y = points[b + 1] - points[a + 1];
    const e2x = points[c] - points[b];
    const e2y = points[c + 1] - points[b + 1];
    const cross = e1x * e2y - e1y * e2x;
    const dot = e1x * e2x + e1y * e2y;
    if (Math.abs(cross) > 1e-12 * Math.hypot(e1x, e1y) * Math.hypot(e2x, e2y)) {
      const s = Math.sign(cross);
      if (sign === 0) sign = s;
      else if (s !== sign) return false;
    } else if (dot < 0) {
      return false; // the outline doubles back on itself
    }
    turning += Math.atan2(cross, dot);
  }
  return sign !== 0 && Math.abs(Math.abs(turning) - 2 * Math.PI) < 1e-6;
}

/** The error `error` of a world call, with `path` (the record's JSON path) in front of its message. */
function located(fn: string, path: string, error: unknown): unknown {
  if (error instanceof RangeError) return new RangeError(`${fn}: ${path}: ${error.message}`, { cause: error });
  if (error instanceof TypeError) return new TypeError(`${fn}: ${path}: ${error.message}`, { cause: error });
  return error;
}

/** The index `N` of the first `name[N]` in a message, or -1. */
function indexIn(message: string, name: string): number {
  const match = new RegExp(`\\b${name}\\[(\\d+)\\]`).exec(message);
  return match === null ? -1 : Number(match[1]);
}

/**
 * Adds a plan (from `readTiledMap` or `readLdtkProject`, maybe edited) to a world: its shapes, its tile tables and its
 * grids. All or nothing for shapes and grids: on an error the ids added so far are removed, and the error (the
 * world's `TypeError` or `RangeError`) names the JSON path of the record at fault in front of the world's message.
 * @example
 * const plan = readTiledMap(map);
 * const level = applyMapPlan(world, { ...plan, shapes: plan.shapes.filter((s) => s.source.type !== "Spawn") });
 */
export function applyMapPlan(world: MapWorld, plan: MapPlan): LoadedMap {
  return applyPlan(world, plan, "applyMapPlan");
}

/** @internal `applyMapPlan`, naming `fn` (the loader called) in its messages. */
export function applyPlan(world: MapWorld, plan: MapPlan, fn: string): LoadedMap {
  const sources = new Map<number, MapSource>();
  const added: number[] = [];
  const tables: number[] = [];
  const grids: number[] = [];
  let shapes: Uint32Array = new Uint32Array(0);
  try {
    if (plan.shapes.length > 0) {
      try {
        shapes = world.addShapes(plan.shapes.map((s) => s.shape));
      } catch (error) {
        const k = indexIn(error instanceof Error ? error.message : "", "list");
        throw k >= 0 && k < plan.shapes.length ? located(fn, plan.shapes[k].source.path, error) : error;
      }
      for (let i = 0; i < shapes.length; i++) {
        added.push(shapes[i]);
        sources.set(shapes[i], plan.shapes[i].source);
      }
    }
    for (const table of plan.tables) {
      try {
        tables.push(world.defineTiles(table.tiles));
      } catch (error) {
        const v = indexIn(error instanceof Error ? error.message : "", "tiles");
        throw v >= 0 && table.paths[v] !== undefined ? located(fn, table.paths[v], error) : error;
      }
    }
    for (const g of plan.grids) {
      const opts: MapGridOptions = { tiles: tables[g.table], layer: g.layer, mask: g.mask, isStatic: g.isStatic };
      if (g.sensor === true) opts.sensor = true;
      let id: number;
      try {
        id = world.addTileGrid(g.x, g.y, g.cols, g.rows, g.cellWidth, g.cellHeight, g.cells, opts);
      } catch (error) {
        throw located(fn, g.source.path, error);
      }
      added.push(id);
      grids.push(id);
      sources.set(id, g.source);
    }
  } catch (error) {
    for (const id of added) world.remove(id);
    throw error;
  }
  return { shapes, grids, tables, sources };
}
