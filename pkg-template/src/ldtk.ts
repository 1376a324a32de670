// LDtk projects (sepax/maps): `readLdtkProject(json, opts)` reads a project file (`.ldtk`, JSON) into a `MapPlan`;
// `loadLdtkProject(world, json, opts)` adds it to a world. The fields read and their meaning are those of LDtk's
// "JSON structure" documentation (docs/JSON_DOC.md in the deepnight/ldtk repository, for JSON version 1.5.3), whose
// advice is followed: read the double-underscore fields of instances (`__type`, `__identifier`, `__cWid`,
// `__gridSize`, `__pxTotalOffsetX`, `__pivot`) and only the few definitions needed (IntGrid value identifiers,
// entity render modes), by uid.
//
// Coordinates are LDtk's pixels, y down. A level is placed at its `worldX, worldY` in the "Free" and "GridVania"
// world layouts; in the linear layouts levels have no world position (LDtk writes -1), so one level is loaded at a
// time (`opts.levels`), with its top-left at (0, 0). Multi-world projects (`worlds[]`) are read world by world.
//
// - IntGrid layers become one tile grid each (one id), at the level's position plus the layer's
//   `__pxTotalOffsetX/Y`, of `__cWid` × `__cHei` cells of `__gridSize` pixels, from `intGridCsv` (row-major, 0 =
//   empty). Cell values are the IntGrid values themselves, so `world.tile(id, col, row)` answers in LDtk's values.
//   Every non-zero value is a full solid cell unless `opts.intGrid` says otherwise, keyed by the value's identifier
//   (e.g. `{ ladder: "empty", platform: { oneWay: true } }`) or by the value as a string; one table per layer
//   definition. A layer with no solid value makes no grid.
// - Values given `{ sensor: true }` (optionally with `points`; `oneWay` with it is an error, as no motion meets a
//   sensor) go to a second grid of their layer, a sensor grid (same place and cells' size, their cells 0 in the
//   solid grid): the world pairs shapes, not cells, so one grid could not report both the floor a character stands
//   on and the water it wades in. A layer whose values are all sensors (or empty) makes only the sensor grid.
// - Entity layers: each entity is the box of its `width` × `height` around `px` by its `__pivot` (a circle when its
//   definition's `renderMode` is "Ellipse" and it is round; a non-round ellipse is an error), with its fields as
//   properties (`__identifier: __value`) and a Bool field `oneWay` making it one-way from the top.
// - Tiles and AutoLayer layers are drawing only and ignored. Everything is loaded whatever its `visible` flag.
// - Not supported, each an error naming its JSON path: levels saved in separate files (`layerInstances` null), more
//   than one level of a linear layout at once, non-round ellipse entities, IntGrid values above 65535.

import { describe, item, join, type Json, JsonReader } from "./map_json.js";
import {
  applyPlan,
  type Filter,
  type LayerChoice,
  layerFilter,
  type LoadedMap,
  type MapPlan,
  type MapShape,
  type MapWorld,
  type PlannedGrid,
  type PlannedShape,
  readLayerChoice,
  readOptions,
} from "./map_plan.js";
import type { OneWay, Points, TileDef } from "./types.js";

/** Options of `readLdtkProject` and `loadLdtkProject`. */
export interface LdtkOptions {
  /** The levels to load, by `identifier` or `iid` (default: every level). */
  levels?: readonly string[];
  /** Layer, mask and static flag per LDtk layer (by `__identifier`, or `__type`), or `false` to leave it out. */
  layers?: LayerChoice;
  /** The collision of IntGrid values, by identifier or value (`"2"`); unlisted non-zero values are `"solid"`. A
   * `TileDef`, or `{ sensor: true, points? }` for a sensor value (water, ladders): its cells go to a second grid of
   * their layer, added as a sensor (its source says `sensor: true`), each the `points` outline or its whole cell;
   * `step()` reports that grid's pairs with the cell touched (`pairCells()`), moves list it in `crossings`, and no
   * motion meets it. */
  intGrid?: { readonly [identifierOrValue: string]: TileDef | { readonly sensor: true; readonly points?: Points } };
}

/** A grid's cells may hold values up to this (the world's tile values). */
const MAX_VALUE = 65535;
/** The most cells one grid may have (the world's limit for `addTileGrid`). */
const MAX_CELLS = 1 << 24;

/** The levels of one world (the project's root, or an entry of `worlds`), and where they are. */
interface LevelList {
  readonly levels: readonly unknown[];
  readonly path: string;
  readonly layout: string | null;
  readonly layoutPath: string;
}

/** Reads one LDtk project into a plan. */
class LdtkReader {
  readonly r: JsonReader;
  readonly choice: LayerChoice | undefined;
  /** `opts.intGrid`, each entry as the world's `TileDef` (without `sensor`). */
  readonly intGrid: { readonly [key: string]: TileDef } = {};
  /** The keys of `opts.intGrid` whose values are sensors. */
  readonly sensorKeys = new Set<string>();
  /** Layer definition uid → IntGrid value → identifier. */
  readonly identifiers = new Map<number, Map<number, string | null>>();
  /** Entity definition uid → `renderMode`. */
  readonly renderModes = new Map<number, string>();
  /** Layer definition uid → index of its table in `tables`. */
  readonly tableOf = new Map<number, number>();
  readonly tables: { tiles: { [value: number]: TileDef }; paths: string[] }[] = [];
  /** Per table (parallel to `tables`): the values that are sensors. */
  readonly sensorValues: Set<number>[] = [];
  readonly grids: PlannedGrid[] = [];
  readonly shapes: PlannedShape[] = [];

  constructor(fn: string, json: unknown, opts: unknown) {
    const r = (this.r = new JsonReader(fn));
    const o = readOptions(r, opts, ["levels", "layers", "intGrid"]);
    this.choice = readLayerChoice(r, o.layers);
    if (o.intGrid !== undefined) this.readIntGridOption(o.intGrid);
    const wanted = o.levels === undefined ? undefined : r.array(o.levels, "opts.levels");
    wanted?.forEach((name, k) => {
      if (typeof name !== "string")
        throw r.typeError(item("opts.levels", k), `must be a string (got ${describe(name)})`);
    });
    const project = r.object(json, "the project");
    if (r.get(project, "jsonVersion", "") === undefined) {
      throw r.typeError("jsonVersion", "is missing: this is not an LDtk project file");
    }
    this.readDefinitions(r.optionalObject(project, "defs", ""));
    const worlds = r.optionalArray(project, "worlds", "") ?? [];
    const lists: LevelList[] = [];
    if (worlds.length > 0) {
      for (let i = 0; i < worlds.length; i++) {
        const wp = item("worlds", i);
        const w = r.object(worlds[i], wp);
        const levels = r.array(r.get(w, "levels", wp), join(wp, "levels"));
        const layout = r.stringAt(w, "worldLayout", wp);
        lists.push({ levels, path: join(wp, "levels"), layout, layoutPath: join(wp, "worldLayout") });
      }
    } else {
      const levels = r.array(r.get(project, "levels", ""), "levels");
      const raw = r.get(project, "worldLayout", "");
      const layout = raw === null || raw === undefined ? null : r.stringAt(project, "worldLayout", "");
      lists.push({ levels, path: "levels", layout, layoutPath: "worldLayout" });
    }
    const found = new Set<number>();
    for (const list of lists) {
      const chosen: { level: Json; path: string }[] = [];
      for (let i = 0; i < list.levels.length; i++) {
        const lp = item(list.path, i);
        const level = r.object(list.levels[i], lp);
        if (wanted !== undefined) {
          const k = wanted.findIndex(
            (w) => w === r.stringAt(level, "identifier", lp) || w === r.stringAt(level, "iid", lp, ""),
          );
          if (k < 0) continue;
          found.add(k);
        }
        chosen.push({ level, path: lp });
      }
      const placed = list.layout === "Free" || list.layout === "GridVania";
      if (!placed && chosen.length > 1) {
        throw r.rangeError(
          list.layoutPath,
          `is ${JSON.stringify(list.layout)}: levels of a linear layout have no world position, so load one at a time ` +
            `(opts.levels: [${JSON.stringify(r.stringAt(chosen[0].level, "identifier", chosen[0].path))}])`,
        );
      }
      for (const { level, path } of chosen) this.level(level, path, placed);
    }
    wanted?.forEach((name, k) => {
      if (!found.has(k))
        throw r.rangeError(item("opts.levels", k), `is ${JSON.stringify(name)}: no level has that identifier or iid`);
    });
  }

  plan(): MapPlan {
    return { tables: this.tables, grids: this.grids, shapes: this.shapes };
  }

  /**
   * Reads the `intGrid` option into `intGrid` (each entry without its `sensor` key) and `sensorKeys`, checking its
   * shape; the world checks the definitions (and the error then names the key).
   */
  readIntGridOption(value: unknown): void {
    const r = this.r;
    const table = r.object(value, "opts.intGrid");
    const defs = this.intGrid as { [key: string]: TileDef };
    for (const key of Object.keys(table)) {
      const path = `opts.intGrid[${JSON.stringify(key)}]`;
      const def = table[key];
      if (def === "solid" || def === "empty") {
        defs[key] = def;
        continue;
      }
      const o = r.object(def, path);
      for (const k of Object.keys(o)) {
        if (k !== "points" && k !== "oneWay" && k !== "sensor") {
          throw r.typeError(path, `has an unknown key ${JSON.stringify(k)} (expected points, oneWay, sensor)`);
        }
      }
      if (o.points !== undefined) r.array(o.points, join(path, "points"));
      if (o.oneWay !== undefined && o.oneWay !== true) r.object(o.oneWay, join(path, "oneWay"));
      if (o.sensor !== undefined && typeof o.sensor !== "boolean") {
        throw r.typeError(join(path, "sensor"), `must be a boolean (got ${describe(o.sensor)})`);
      }
      if (o.sensor === true) {
        if (o.oneWay !== undefined) {
          throw r.typeError(
            join(path, "oneWay"),
            "is given with sensor: true: no motion meets a sensor, so it has no side to be solid from",
          );
        }
        this.sensorKeys.add(key);
      }
      // The world's TileDef has no `sensor`: a sensor value is a full cell unless it has points.
      const tile: { points?: unknown; oneWay?: unknown } = {};
      if (o.points !== undefined) tile.points = o.points;
      if (o.oneWay !== undefined) tile.oneWay = o.oneWay;
      defs[key] = (o.sensor === true && o.points === undefined ? "solid" : tile) as TileDef;
    }
  }

  /** The IntGrid value identifiers and entity render modes of `defs`, by uid. */
  readDefinitions(defs: Json | undefined): void {
    if (defs === undefined) return;
    const r = this.r;
    const layers = r.optionalArray(defs, "layers", "defs") ?? [];
    for (let i = 0; i < layers.length; i++) {
      const dp = item("defs.layers", i);
      const d = r.object(layers[i], dp);
      const values = r.optionalArray(d, "intGridValues", dp) ?? [];
      const names = new Map<number, string | null>();
      for (let k = 0; k < values.length; k++) {
        const vp = item(join(dp, "intGridValues"), k);
        const v = r.object(values[k], vp);
        const id = r.get(v, "identifier", vp);
        names.set(
          r.integerAt(v, "value", vp, 1, MAX_VALUE),
          id === null || id === undefined ? null : r.stringAt(v, "identifier", vp),
        );
      }
      this.identifiers.set(r.integerAt(d, "uid", dp, 0, Number.MAX_SAFE_INTEGER), names);
    }
    const entities = r.optionalArray(defs, "entities", "defs") ?? [];
    for (let i = 0; i < entities.length; i++) {
      const ep = item("defs.entities", i);
      const e = r.object(entities[i], ep);
      this.renderModes.set(
        r.integerAt(e, "uid", ep, 0, Number.MAX_SAFE_INTEGER),
        r.stringAt(e, "renderMode", ep, "Rectangle"),
      );
    }
  }

  /** One level's layers, placed at its world position (or at the origin). */
  level(level: Json, path: string, placed: boolean): void {
    const r = this.r;
    const x = placed ? r.numberAt(level, "worldX", path) : 0;
    const y = placed ? r.numberAt(level, "worldY", path) : 0;
    const raw = r.get(level, "layerInstances", path);
    if (raw === null || raw === undefined) {
      const external = r.get(level, "externalRelPath", path);
      throw r.rangeError(
        join(path, "layerInstances"),
        `is ${describe(raw)}: the project saves levels in separate files (here ${JSON.stringify(external)}); turn ` +
          `off "Save levels to separate files", or put each level file's layerInstances in place`,
      );
    }
    const layers = r.array(raw, join(path, "layerInstances"));
    for (let i = 0; i < layers.length; i++) {
      const lip = item(join(path, "layerInstances"), i);
      const li = r.object(layers[i], lip);
      const type = r.stringAt(li, "__type", lip);
      if (type === "Tiles" || type === "AutoLayer") continue;
      if (type !== "IntGrid" && type !== "Entities") {
        throw r.rangeError(
          join(lip, "__type"),
          `is ${JSON.stringify(type)}: expected IntGrid, Entities, Tiles or AutoLayer`,
        );
      }
      const name = r.stringAt(li, "__identifier", lip);
      const kind = type === "IntGrid" ? "intGrid" : "entities";
      const filter = layerFilter(r, this.choice, { name, class: type, kind, properties: {}, path: lip });
      if (filter === null) continue;
      const lx = x + r.numberAt(li, "__pxTotalOffsetX", lip, 0);
      const ly = y + r.numberAt(li, "__pxTotalOffsetY", lip, 0);
      if (type === "IntGrid") this.intGridLayer(li, lip, lx, ly, filter, name);
      else this.entityLayer(li, lip, lx, ly, filter, name);
    }
  }

  /**
   * The collision of IntGrid value `value` of layer definition `defUid` and whether it is a sensor: from
   * `opts.intGrid` (by identifier, then by value), else solid.
   */
  valueDef(defUid: number, value: number): { def: TileDef; path: string | undefined; sensor: boolean } {
    const identifier = this.identifiers.get(defUid)?.get(value) ?? null;
    const key = identifier !== null && Object.hasOwn(this.intGrid, identifier) ? identifier : String(value);
    if (!Object.hasOwn(this.intGrid, key)) return { def: "solid", path: undefined, sensor: false };
    return { def: this.intGrid[key], path: `opts.intGrid[${JSON.stringify(key)}]`, sensor: this.sensorKeys.has(key) };
  }

  /**
   * An IntGrid layer, as a grid of its solid and empty values (none when no value in it is solid) and one of its
   * sensor values (none when it has none).
   */
  intGridLayer(li: Json, lip: string, x: number, y: number, filter: Filter, name: string): void {
    const r = this.r;
    const cols = r.integerAt(li, "__cWid", lip, 1, MAX_CELLS);
    const rows = r.integerAt(li, "__cHei", lip, 1, MAX_CELLS);
    const size = r.numberAt(li, "__gridSize", lip);
    if (!(size > 0)) throw r.rangeError(join(lip, "__gridSize"), `must be above 0 (got ${size})`);
    if (cols * rows > MAX_CELLS)
      throw r.rangeError(lip, `has ${cols} × ${rows} cells, more than one grid holds (${MAX_CELLS})`);
    const defUid = r.integerAt(li, "layerDefUid", lip, 0, Number.MAX_SAFE_INTEGER);
    const csvPath = join(lip, "intGridCsv");
    const csv = r.array(r.get(li, "intGridCsv", lip), csvPath);
    if (csv.length !== cols * rows) {
      throw r.rangeError(csvPath, `holds ${csv.length} values: __cWid × __cHei is ${cols * rows}`);
    }
    let t = this.tableOf.get(defUid);
    if (t === undefined) {
      t = this.tables.length;
      this.tables.push({ tiles: {}, paths: [] });
      this.sensorValues.push(new Set());
      this.tableOf.set(defUid, t);
    }
    const table = this.tables[t];
    const sensors = this.sensorValues[t];
    type Cells = { cells: Uint16Array; values: { [value: number]: string | null }; top: number; collides: boolean };
    const solid: Cells = { cells: new Uint16Array(cols * rows), values: {}, top: 0, collides: false };
    // Made at the first sensor value: most layers have none.
    let sensor: Cells | null = null;
    for (let k = 0; k < csv.length; k++) {
      const v = csv[k];
      if (v === 0) continue;
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > MAX_VALUE) {
        throw r.rangeError(
          item(csvPath, k),
          `must be an IntGrid value from 0 to ${MAX_VALUE} (got ${JSON.stringify(v)})`,
        );
      }
      if (table.tiles[v] === undefined) {
        const { def, path, sensor: isSensor } = this.valueDef(defUid, v);
        table.tiles[v] = def;
        table.paths[v] = path ?? item(csvPath, k);
        if (isSensor) sensors.add(v);
      }
      const to = sensors.has(v)
        ? (sensor ??= { cells: new Uint16Array(cols * rows), values: {}, top: 0, collides: true })
        : solid;
      if (!(v in to.values)) to.values[v] = this.identifiers.get(defUid)?.get(v) ?? null;
      if (table.tiles[v] !== "empty") to.collides = true;
      to.cells[k] = v;
      to.top = Math.max(to.top, v);
    }
    for (const grid of [solid, sensor]) {
      if (grid === null || !grid.collides) continue;
      const isSensor = grid === sensor;
      this.grids.push({
        x,
        y,
        cols,
        rows,
        cellWidth: size,
        cellHeight: size,
        cells: grid.top <= 255 ? Uint8Array.from(grid.cells) : grid.cells,
        table: t,
        ...filter,
        sensor: isSensor,
        source: {
          editor: "ldtk",
          id: r.stringAt(li, "iid", lip, ""),
          name,
          type: "IntGrid",
          properties: {},
          layer: name,
          path: lip,
          values: grid.values,
          firstColumn: 0,
          firstRow: 0,
          sensor: isSensor,
        },
      });
    }
  }

  /** `o[key]` as a pair of numbers `[x, y]`. */
  pair(o: Json, key: string, path: string): [number, number] {
    const r = this.r;
    const pp = join(path, key);
    const list = r.array(r.get(o, key, path), pp);
    if (list.length !== 2) throw r.rangeError(pp, `must hold 2 numbers [x, y] (got ${list.length})`);
    return [r.number(list[0], item(pp, 0)), r.number(list[1], item(pp, 1))];
  }

  /** An entity layer: one shape per entity. */
  entityLayer(li: Json, lip: string, x: number, y: number, filter: Filter, layer: string): void {
    const r = this.r;
    const list = r.optionalArray(li, "entityInstances", lip) ?? [];
    for (let i = 0; i < list.length; i++) {
      const ep = item(join(lip, "entityInstances"), i);
      const e = r.object(list[i], ep);
      const name = r.stringAt(e, "__identifier", ep);
      const [px, py] = this.pair(e, "px", ep);
      const [pivotX, pivotY] = this.pair(e, "__pivot", ep);
      const w = r.numberAt(e, "width", ep);
      const h = r.numberAt(e, "height", ep);
      if (!(w > 0 && h > 0))
        throw r.rangeError(ep, `is ${w} × ${h} pixels: an entity needs a width and height above 0`);
      const properties: { [name: string]: unknown } = {};
      const fields = r.optionalArray(e, "fieldInstances", ep) ?? [];
      let oneWay = false;
      for (let k = 0; k < fields.length; k++) {
        const fp = item(join(ep, "fieldInstances"), k);
        const f = r.object(fields[k], fp);
        const field = r.stringAt(f, "__identifier", fp);
        const value = r.get(f, "__value", fp);
        properties[field] = value;
        if (field === "oneWay") {
          if (typeof value !== "boolean") {
            throw r.typeError(join(fp, "__value"), `(the field oneWay) must be a Bool (got ${JSON.stringify(value)})`);
          }
          oneWay = value;
        }
      }
      const tags = (r.optionalArray(e, "__tags", ep) ?? []).map((t, k) => {
        if (typeof t !== "string")
          throw r.typeError(item(join(ep, "__tags"), k), `must be a string (got ${describe(t)})`);
        return t;
      });
      const cx = x + px - pivotX * w + w / 2;
      const cy = y + py - pivotY * h + h / 2;
      const defUid = r.integerAt(e, "defUid", ep, 0, Number.MAX_SAFE_INTEGER, -1);
      let shape: MapShape;
      if (this.renderModes.get(defUid) === "Ellipse") {
        if (Math.abs(w - h) > 1e-9 * Math.max(w, h)) {
          throw r.rangeError(
            ep,
            `is drawn as an ellipse of ${w} × ${h}: only round ellipses (width = height) are supported, as circles`,
          );
        }
        shape = { kind: "circle", x: cx, y: cy, radius: (w + h) / 4 };
      } else {
        shape = { kind: "alignedBox", x: cx, y: cy, halfWidth: w / 2, halfHeight: h / 2 };
      }
      this.shapes.push({
        shape: {
          ...shape,
          ...(oneWay ? { oneWay: true } : {}),
          layer: filter.layer,
          mask: filter.mask,
          isStatic: filter.isStatic,
        },
        source: {
          editor: "ldtk",
          id: r.stringAt(e, "iid", ep, ""),
          name,
          type: name,
          properties,
          layer,
          path: ep,
          tags,
        },
      });
    }
  }
}

/**
 * Reads an LDtk project (the object of its `.ldtk` JSON) into a plan: the tile grids and shapes `loadLdtkProject`
 * would add, with their sources, and nothing added anywhere. Needs no `init()`. A project sepax cannot load (see the
 * module documentation) throws a `TypeError` or `RangeError` naming the JSON path at fault.
 * @example
 * const plan = readLdtkProject(JSON.parse(text), { levels: ["Level_0"], intGrid: { ladder: "empty" } });
 */
export function readLdtkProject(project: unknown, opts?: LdtkOptions): MapPlan {
  return new LdtkReader("readLdtkProject", project, opts).plan();
}

/**
 * Adds an LDtk project (the object of its `.ldtk` JSON) to `world`: each IntGrid layer as a tile grid (and its values
 * given `{ sensor: true }` in `opts.intGrid` as a second grid, a sensor), each entity as a shape. Returns the ids
 * created and, per id, its source (the entity's `iid`, `__identifier`, fields and tags, its layer and JSON path; a
 * grid's `sensor` says which of its layer's grids it is). All or nothing: a project sepax cannot load, or a shape the
 * world rejects, throws a `TypeError` or `RangeError` naming the JSON path, and leaves the world's shapes as they were.
 * @example
 * const level = loadLdtkProject(world, project, {
 *   levels: ["Level_0"],
 *   intGrid: { platform: { oneWay: true }, ladder: { sensor: true } },
 * });
 * const player = [...level.sources].find(([, s]) => s.name === "Player")?.[0];
 */
export function loadLdtkProject(world: MapWorld, project: unknown, opts?: LdtkOptions): LoadedMap {
  return applyPlan(world, new LdtkReader("loadLdtkProject", project, opts).plan(), "loadLdtkProject");
}
