// Tiled maps (sepax/maps): `readTiledMap(json, opts)` reads a map exported as JSON ("File > Export As", JSON map
// format) into a `MapPlan`; `loadTiledMap(world, json, opts)` adds it to a world. The fields read and their meaning
// are those of Tiled's reference pages "JSON Map Format" and "Global Tile IDs" (docs/reference/json-map-format.rst
// and global-tile-ids.rst in the mapeditor/tiled repository, as of Tiled 1.12), with the TMX page for what the JSON
// page leaves out (rotation is "degrees clockwise around (x, y)"; tile objects are "aligned to the bottom-left" on
// orthogonal maps unless the tileset's `objectalignment` says otherwise; group offsets "recursively affect child
// layers"; larger tiles "extend at the top and right (anchored to the bottom left)"), the manual for tile property
// inheritance (custom-properties.rst) and the export options named in messages (preferences.rst), and Tiled's own
// code where the pages are silent: a capsule is drawn as the rounded rectangle of radius min(width, height) / 2
// (orthogonalrenderer.cpp), and the writer puts an object's class under `type` (under `class` in 1.9 only) and flags
// each shape with `ellipse`, `capsule`, `point`, `polygon`, `polyline` or `text` (maptovariantconverter.cpp).
//
// Coordinates are Tiled's pixels, y down; sepax's angles turn +x towards +y, which is Tiled's "clockwise", so a
// rotation of r degrees is an angle of r·π/180. Quarter turns are done exactly: a rectangle turned by 90° stays an
// axis-aligned box.
//
// - Tile layers become a tile grid each (one id), with cells of the map's `tilewidth` × `tileheight`, at the
//   layer's offset (its own `offsetx/offsety` plus its groups'); on infinite maps the grid spans the chunks' bounding
//   box, and `firstColumn/firstRow` of its source say which Tiled column and row its cell (0, 0) is. A tile collides
//   when its tileset gives it a collision shape (the tile collision editor: `tiles[].objectgroup.objects`, one
//   rectangle, rotated or not, or one convex polygon, in pixels from the tile's top-left), or a boolean property
//   `oneWay` is true (then the whole cell, unless a shape says otherwise), or the option `tiles: "all"` is given
//   (every tile without a shape is a full cell). Other tiles are decoration: their cells are 0, and a layer with no
//   colliding tile makes no grid.
// - Tiles with a true boolean property `sensor` (water, ladders) go to a second grid of their layer, a sensor grid
//   (same place, size and cells' size), their cells 0 in the solid grid; a layer of sensor tiles only makes only the
//   sensor grid. The world has no sensor cells, only sensor shapes: a pair is one per pair of shapes, so one grid
//   could not report both the floor a character stands on and the water it wades in. A sensor tile fills its cell
//   unless it has a collision shape; `oneWay` on it is an error (no motion meets a sensor, so it has no side to be
//   solid from). `sensorTiles: "skip"` leaves these tiles out (cells 0, for a game that reads the layer's `data`
//   itself), `"error"` makes them an error naming the property.
// - Cell values are not gids: each distinct colliding gid (flip bits included) gets the next value from 1, with one
//   table for the whole map; the grid's source has `gids[value]`. Flip bits (horizontal 0x80000000, vertical
//   0x40000000, diagonal 0x20000000, diagonal first, then horizontal and vertical) are applied to the tile's shape
//   and to its `oneWay` side, so a tile flipped upside down is one-way from below. Bit 0x10000000 (hexagonal 120°)
//   is cleared, as the reference says to. A shape on a rotated (diagonally flipped) tile that is not square is an
//   error: its swapped outline would not fit its cell.
// - Object layers: a rectangle is a box (an aligned box when its rotation is a multiple of 90°), an ellipse a circle
//   when round (an error otherwise: sepax has no ellipse), a capsule (Tiled 1.12) a capsule along its longer side, a
//   point a point, a polygon a convex polygon when convex (64 points at most), else a concave polygon (1,024 at most),
//   a polyline an open chain (two-sided), a tile object (`gid`) the box of its bounds, placed by its tileset's
//   `objectalignment`. Polygon and polyline points are turned by the object's rotation here (in f64, exactly for
//   quarter turns), so their records have angle 0. A boolean property `oneWay` makes the shape one-way, solid from
//   the object's top (turned with it). Text objects and template instances are errors.
// - Everything is loaded whatever its `visible` flag (a hidden collision layer is common); image layers, parallax
//   and opacity are drawing matters and ignored. Group layers are walked (their offsets added); the `layers` option
//   is asked about tile and object layers, not groups.
// - Not supported, each an error naming its JSON path: isometric, staggered, hexagonal and oblique maps, external
//   tilesets (`source`: export with "Embed tilesets"), template instances (export with "Detach templates"),
//   compressed layer data (zlib, gzip, zstd: choose CSV or uncompressed Base64), text objects, non-round ellipses,
//   a tile with more than one collision shape or a non-convex one, the property lists of Tiled before 1.2.

import { describe, item, join, type Json, JsonReader } from "./map_json.js";
import {
  applyPlan,
  type Filter,
  type LayerChoice,
  layerFilter,
  type LoadedMap,
  type MapPlan,
  type MapShape,
  type MapSource,
  type MapWorld,
  oneWayTurned,
  type PlannedGrid,
  type PlannedShape,
  readLayerChoice,
  readOptions,
} from "./map_plan.js";
import type { OneWay, TileDef } from "./types.js";
import { objectKind, outlineShape, rectangleShape, roundedShape, tileOutline } from "./tiled_shapes.js";

/** Options of `readTiledMap` and `loadTiledMap`. */
export interface TiledMapOptions {
  /** Layer, mask and static flag per Tiled layer (by name or class), or `false` to leave a layer out. */
  layers?: LayerChoice;
  /** Which tiles of tile layers collide: `"shapes"` (default: tiles with a collision shape, or a true `oneWay` or
   * `sensor` property) or `"all"` (every tile; those without a shape fill their cell). */
  tiles?: "shapes" | "all";
  /** What the tiles with a true bool property `sensor` (water, ladders) become. `"grid"` (default): a second grid of
   * their layer, added as a sensor (its source says `sensor: true`; same place and cell size as the layer's solid
   * grid, whose cells hold 0 there), each tile its collision shape or its whole cell; `step()` reports the sensor
   * grid's pairs with the cell touched (`pairCells()`), moves list it in `crossings`, and no motion meets it.
   * `"skip"`: left out (their cells read 0, as decoration), for a game that finds them in the layer's `data` itself.
   * `"error"`: an error naming the property. */
  sensorTiles?: "grid" | "skip" | "error";
}

const FLIP_H = 0x80000000;
const FLIP_V = 0x40000000;
const FLIP_D = 0x20000000;
const HEX_120 = 0x10000000;
const GID_MASK = 0x0fffffff;
/** The most cells one grid may have (the world's limit for `addTileGrid`). */
const MAX_CELLS = 1 << 24;

/** Where `objectalignment` puts a tile object's (x, y) on its bounds, as fractions of width and height. */
const ALIGNMENTS: { readonly [name: string]: readonly [number, number] } = {
  topleft: [0, 0],
  top: [0.5, 0],
  topright: [1, 0],
  left: [0, 0.5],
  center: [0.5, 0.5],
  right: [1, 0.5],
  bottomleft: [0, 1],
  bottom: [0.5, 1],
  bottomright: [1, 1],
  unspecified: [0, 1], // bottom-left on orthogonal maps
};

type Properties = { readonly [name: string]: unknown };

/** A tile of a tileset's `tiles` list. */
interface TileInfo {
  readonly path: string;
  readonly type: string;
  readonly properties: Properties;
  /** Where each property was read, for messages. */
  readonly propertyPaths: { readonly [name: string]: string };
  readonly width: number;
  readonly height: number;
  readonly objects: readonly unknown[] | undefined;
  /** Its collision outline in tile pixels, once read: null when it has none. */
  outline?: number[] | null;
}

/** An embedded tileset. */
interface Tileset {
  readonly path: string;
  readonly firstgid: number;
  readonly tileWidth: number;
  readonly tileHeight: number;
  readonly offsetX: number;
  readonly offsetY: number;
  /** `tilerendersize: "grid"`: tiles are scaled to the cell. */
  readonly scaled: boolean;
  readonly alignment: readonly [number, number];
  readonly tiles: Map<number, TileInfo>;
}

/** Reads one Tiled map into a plan. */
class TiledReader {
  readonly r: JsonReader;
  readonly tilesets: Tileset[] = [];
  readonly cellWidth: number;
  readonly cellHeight: number;
  readonly infinite: boolean;
  readonly allTiles: boolean;
  readonly sensorTiles: "grid" | "skip" | "error";
  readonly choice: LayerChoice | undefined;
  /** The map's one tile table: its defs, where each was read, and each value's gid. */
  readonly defs: { [value: number]: TileDef } = {};
  readonly defPaths: string[] = [""];
  readonly gids: number[] = [0];
  /** Whether each value is a sensor tile's (its cells go to the sensor grid of their layer). */
  readonly sensors: boolean[] = [false];
  /** Gid (flip bits included) → cell value, 0 for tiles that do not collide. */
  readonly values = new Map<number, number>();
  readonly grids: PlannedGrid[] = [];
  readonly shapes: PlannedShape[] = [];

  constructor(fn: string, json: unknown, opts: unknown) {
    const r = (this.r = new JsonReader(fn));
    const o = readOptions(r, opts, ["layers", "tiles", "sensorTiles"]);
    this.choice = readLayerChoice(r, o.layers);
    if (o.tiles !== undefined && o.tiles !== "shapes" && o.tiles !== "all") {
      throw r.typeError("opts.tiles", `must be "shapes" or "all" (got ${JSON.stringify(o.tiles) ?? "undefined"})`);
    }
    this.allTiles = o.tiles === "all";
    const sensorTiles = o.sensorTiles === undefined ? "grid" : o.sensorTiles;
    if (sensorTiles !== "grid" && sensorTiles !== "skip" && sensorTiles !== "error") {
      throw r.typeError("opts.sensorTiles", `must be "grid", "skip" or "error" (got ${describe(sensorTiles)})`);
    }
    this.sensorTiles = sensorTiles;
    const map = r.object(json, "the map");
    const type = r.stringAt(map, "type", "", "map");
    if (type !== "map") throw r.rangeError("type", `is ${JSON.stringify(type)}: this is not a Tiled map`);
    const orientation = r.stringAt(map, "orientation", "");
    if (orientation !== "orthogonal") {
      throw r.rangeError("orientation", `is ${JSON.stringify(orientation)}: only orthogonal maps are supported`);
    }
    this.infinite = r.booleanAt(map, "infinite", "", false);
    this.cellWidth = r.integerAt(map, "tilewidth", "", 1, MAX_CELLS);
    this.cellHeight = r.integerAt(map, "tileheight", "", 1, MAX_CELLS);
    const tilesets = r.optionalArray(map, "tilesets", "") ?? [];
    for (let i = 0; i < tilesets.length; i++) this.tilesets.push(this.tileset(tilesets[i], item("tilesets", i)));
    this.tilesets.sort((a, b) => a.firstgid - b.firstgid);
    const layers = r.optionalArray(map, "layers", "");
    if (layers === undefined) throw r.typeError("layers", "must be an array (got nothing)");
    this.walk(layers, "layers", 0, 0);
  }

  plan(): MapPlan {
    const tables = this.gids.length > 1 ? [{ tiles: this.defs, paths: this.defPaths }] : [];
    return { tables, grids: this.grids, shapes: this.shapes };
  }

  /** A tileset entry of the map. */
  tileset(value: unknown, path: string): Tileset {
    const r = this.r;
    const o = r.object(value, path);
    const firstgid = r.integerAt(o, "firstgid", path, 1, GID_MASK);
    const source = r.get(o, "source", path);
    if (source !== undefined) {
      throw r.rangeError(
        join(path, "source"),
        `is ${JSON.stringify(source)}, an external tileset: export the map with "Embed tilesets" (Tiled's ` +
          `Preferences > General > Export Options) so the tileset is in the map`,
      );
    }
    const tileWidth = r.integerAt(o, "tilewidth", path, 1, MAX_CELLS);
    const tileHeight = r.integerAt(o, "tileheight", path, 1, MAX_CELLS);
    const offset = r.optionalObject(o, "tileoffset", path);
    const offsetPath = join(path, "tileoffset");
    const renderSize = r.stringAt(o, "tilerendersize", path, "tile");
    if (renderSize !== "tile" && renderSize !== "grid") {
      throw r.rangeError(join(path, "tilerendersize"), `must be "tile" or "grid" (got ${JSON.stringify(renderSize)})`);
    }
    const alignment = r.stringAt(o, "objectalignment", path, "unspecified");
    if (!Object.hasOwn(ALIGNMENTS, alignment)) {
      throw r.rangeError(
        join(path, "objectalignment"),
        `is not an alignment Tiled writes (got ${JSON.stringify(alignment)})`,
      );
    }
    const tiles = new Map<number, TileInfo>();
    const list = r.optionalArray(o, "tiles", path) ?? [];
    for (let i = 0; i < list.length; i++) {
      const tp = item(join(path, "tiles"), i);
      const t = r.object(list[i], tp);
      const id = r.integerAt(t, "id", tp, 0, GID_MASK);
      const { values, paths } = this.properties(t, tp);
      const imageWidth = r.numberAt(t, "imagewidth", tp, tileWidth);
      const imageHeight = r.numberAt(t, "imageheight", tp, tileHeight);
      const group = r.optionalObject(t, "objectgroup", tp);
      tiles.set(id, {
        path: tp,
        type: this.className(t, tp),
        properties: values,
        propertyPaths: paths,
        width: r.numberAt(t, "width", tp, imageWidth),
        height: r.numberAt(t, "height", tp, imageHeight),
        objects: group === undefined ? undefined : r.optionalArray(group, "objects", join(tp, "objectgroup")),
      });
    }
    return {
      path,
      firstgid,
      tileWidth,
      tileHeight,
      offsetX: offset === undefined ? 0 : r.numberAt(offset, "x", offsetPath, 0),
      offsetY: offset === undefined ? 0 : r.numberAt(offset, "y", offsetPath, 0),
      scaled: renderSize === "grid",
      alignment: ALIGNMENTS[alignment],
      tiles,
    };
  }

  /** An object's or tile's class: `type` (Tiled 1.10 and later, and before 1.9) or `class` (1.9). */
  className(o: Json, path: string): string {
    return this.r.get(o, "type", path) !== undefined
      ? this.r.stringAt(o, "type", path)
      : this.r.stringAt(o, "class", path, "");
  }

  /** A `properties` list as `{ name: value }`, and where each was read. */
  properties(o: Json, path: string): { values: Properties; paths: { [name: string]: string } } {
    const r = this.r;
    const values: { [name: string]: unknown } = {};
    const paths: { [name: string]: string } = {};
    const listPath = join(path, "properties");
    const raw = r.get(o, "properties", path);
    if (raw === undefined || raw === null) return { values, paths };
    if (!Array.isArray(raw)) {
      throw r.typeError(listPath, "must be an array of { name, type, value } (the format of Tiled 1.2 and later)");
    }
    for (let i = 0; i < raw.length; i++) {
      const pp = item(listPath, i);
      const p = r.object(raw[i], pp);
      const name = r.stringAt(p, "name", pp);
      values[name] = r.get(p, "value", pp);
      paths[name] = join(pp, "value");
    }
    return { values, paths };
  }

  /** A flag property (`oneWay`, `sensor`): false when absent; anything but a boolean is an error. */
  flag(values: Properties, paths: { readonly [name: string]: string }, name: string): boolean {
    const v = values[name];
    if (v === undefined) return false;
    if (typeof v !== "boolean") {
      throw this.r.typeError(paths[name], `(the property ${name}) must be a bool property (got ${JSON.stringify(v)})`);
    }
    return v;
  }

  /** The tileset holding `gid` (flip bits cleared): the one with the largest `firstgid` not above it. */
  tilesetOf(gid: number, where: string): Tileset {
    let found: Tileset | undefined;
    for (const t of this.tilesets) if (t.firstgid <= gid) found = t;
    if (found === undefined) {
      const first = this.tilesets.length === 0 ? "the map has no tileset" : `the first is ${this.tilesets[0].firstgid}`;
      throw this.r.rangeError(where, `holds gid ${gid}, below every tileset's firstgid (${first})`);
    }
    return found;
  }

  /** Walks a list of layers (the map's or a group's), adding `offsetX/Y` of the groups around it. */
  walk(layers: readonly unknown[], path: string, offsetX: number, offsetY: number): void {
    const r = this.r;
    for (let i = 0; i < layers.length; i++) {
      const lp = item(path, i);
      const o = r.object(layers[i], lp);
      const type = r.stringAt(o, "type", lp);
      const x = offsetX + r.numberAt(o, "offsetx", lp, 0);
      const y = offsetY + r.numberAt(o, "offsety", lp, 0);
      if (type === "group") {
        const children = r.optionalArray(o, "layers", lp) ?? [];
        this.walk(children, join(lp, "layers"), x, y);
        continue;
      }
      if (type === "imagelayer") continue;
      if (type !== "tilelayer" && type !== "objectgroup") {
        throw r.rangeError(
          join(lp, "type"),
          `is ${JSON.stringify(type)}: expected tilelayer, objectgroup, imagelayer or group`,
        );
      }
      const name = r.stringAt(o, "name", lp, "");
      const cls = r.stringAt(o, "class", lp, "");
      const { values } = this.properties(o, lp);
      const kind = type === "tilelayer" ? "tiles" : "objects";
      const filter = layerFilter(r, this.choice, { name, class: cls, kind, properties: values, path: lp });
      if (filter === null) continue;
      const id = r.integerAt(o, "id", lp, 0, Number.MAX_SAFE_INTEGER, 0);
      const source = { editor: "tiled", id, name, type: cls, properties: values, layer: name, path: lp } as const;
      if (type === "tilelayer") this.tileLayer(o, lp, x, y, filter, source);
      else this.objectLayer(o, lp, x, y, filter, name);
    }
  }

  /** The raw gids of a layer's or chunk's `data`: `count` of them, from a JSON array or Base64. */
  data(o: Json, path: string, count: number, encoding: string): Uint32Array {
    const r = this.r;
    const dp = join(path, "data");
    const raw = r.get(o, "data", path);
    const out = new Uint32Array(count);
    if (encoding === "base64") {
      if (typeof raw !== "string") throw r.typeError(dp, `must be a Base64 string, as encoding is "base64"`);
      let bytes: string;
      try {
        bytes = atob(raw);
      } catch {
        throw r.rangeError(dp, "is not valid Base64");
      }
      if (bytes.length !== 4 * count) {
        throw r.rangeError(dp, `holds ${bytes.length} bytes: ${count} tiles need ${4 * count}`);
      }
      for (let i = 0; i < count; i++) {
        const b = 4 * i;
        const gid = bytes.charCodeAt(b) | (bytes.charCodeAt(b + 1) << 8);
        out[i] = gid | (bytes.charCodeAt(b + 2) << 16) | (bytes.charCodeAt(b + 3) << 24);
      }
      return out;
    }
    const list = r.array(raw, dp);
    if (list.length !== count)
      throw r.rangeError(dp, `holds ${list.length} gids: the layer's ${count} cells need as many`);
    for (let i = 0; i < count; i++) {
      const v = list[i];
      if (typeof v !== "number" || v >>> 0 !== v) {
        throw r.typeError(item(dp, i), `must be a gid, an integer from 0 to 4294967295 (got ${JSON.stringify(v)})`);
      }
      out[i] = v;
    }
    return out;
  }

  /** A tile layer, as a grid of its solid tiles and one of its sensor tiles (each left out when it has none). */
  tileLayer(o: Json, lp: string, x: number, y: number, filter: Filter, source: MapSource): void {
    const r = this.r;
    const encoding = r.stringAt(o, "encoding", lp, "csv");
    if (encoding !== "csv" && encoding !== "base64") {
      throw r.rangeError(join(lp, "encoding"), `must be "csv" or "base64" (got ${JSON.stringify(encoding)})`);
    }
    const compression = r.stringAt(o, "compression", lp, "");
    if (compression !== "") {
      throw r.rangeError(
        join(lp, "compression"),
        `is ${JSON.stringify(compression)}: compressed tile data is not supported (set the map's Tile Layer ` +
          `Format to CSV or Base64 (uncompressed))`,
      );
    }
    // Each part of the layer: the whole layer, or each chunk of an infinite map, at its Tiled column and row.
    const parts: { col: number; row: number; cols: number; rows: number; gids: Uint32Array; path: string }[] = [];
    if (this.infinite) {
      const chunks = r.optionalArray(o, "chunks", lp);
      if (chunks === undefined) throw r.typeError(join(lp, "chunks"), "must be an array, as the map is infinite");
      for (let i = 0; i < chunks.length; i++) {
        const cp = item(join(lp, "chunks"), i);
        const c = r.object(chunks[i], cp);
        const col = r.integerAt(c, "x", cp, -GID_MASK, GID_MASK);
        const row = r.integerAt(c, "y", cp, -GID_MASK, GID_MASK);
        const cols = r.integerAt(c, "width", cp, 1, MAX_CELLS);
        const rows = r.integerAt(c, "height", cp, 1, MAX_CELLS);
        parts.push({ col, row, cols, rows, gids: this.data(c, cp, cols * rows, encoding), path: cp });
      }
    } else {
      const cols = r.integerAt(o, "width", lp, 1, MAX_CELLS);
      const rows = r.integerAt(o, "height", lp, 1, MAX_CELLS);
      parts.push({ col: 0, row: 0, cols, rows, gids: this.data(o, lp, cols * rows, encoding), path: lp });
    }
    if (parts.length === 0) return;
    let minCol = Infinity;
    let minRow = Infinity;
    let maxCol = -Infinity;
    let maxRow = -Infinity;
    for (const p of parts) {
      minCol = Math.min(minCol, p.col);
      minRow = Math.min(minRow, p.row);
      maxCol = Math.max(maxCol, p.col + p.cols);
      maxRow = Math.max(maxRow, p.row + p.rows);
    }
    const cols = maxCol - minCol;
    const rows = maxRow - minRow;
    if (cols * rows > MAX_CELLS) {
      throw r.rangeError(lp, `spans ${cols} × ${rows} cells, more than one grid holds (${MAX_CELLS})`);
    }
    const solid = { cells: new Uint16Array(cols * rows), top: 0 };
    // Made at the first sensor tile: most layers have none.
    let sensor: { cells: Uint16Array; top: number } | null = null;
    for (const p of parts) {
      for (let k = 0; k < p.gids.length; k++) {
        const value = this.valueOf(p.gids[k], p.path, k);
        if (value === 0) continue;
        const col = p.col - minCol + (k % p.cols);
        const row = p.row - minRow + Math.floor(k / p.cols);
        const to = this.sensors[value] ? (sensor ??= { cells: new Uint16Array(cols * rows), top: 0 }) : solid;
        to.cells[row * cols + col] = value;
        to.top = Math.max(to.top, value);
      }
    }
    for (const grid of [solid, sensor]) {
      if (grid === null || grid.top === 0) continue;
      const isSensor = grid === sensor;
      this.grids.push({
        x: x + minCol * this.cellWidth,
        y: y + minRow * this.cellHeight,
        cols,
        rows,
        cellWidth: this.cellWidth,
        cellHeight: this.cellHeight,
        cells: grid.top <= 255 ? Uint8Array.from(grid.cells) : grid.cells,
        table: 0,
        ...filter,
        sensor: isSensor,
        source: { ...source, gids: this.gids, firstColumn: minCol, firstRow: minRow, sensor: isSensor },
      });
    }
  }

  /** The cell value of a raw gid from `data[k]` of `path`: 0 when it does not collide, else its table value. */
  valueOf(raw: number, path: string, k: number): number {
    if ((raw & GID_MASK) === 0) return 0;
    const key = (raw & ~HEX_120) >>> 0;
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const where = item(join(path, "data"), k);
    const found = this.tileDef(key, where);
    let value = 0;
    if (found !== null) {
      value = this.gids.length;
      if (value > 65535) throw this.r.rangeError(where, "is a 65,536th distinct colliding tile: a map holds 65,535");
      this.defs[value] = found.def;
      const ts = this.tilesetOf(key & GID_MASK, where);
      this.defPaths[value] = ts.tiles.get((key & GID_MASK) - ts.firstgid)?.path ?? where;
      this.gids.push(key);
      this.sensors.push(found.sensor);
    }
    this.values.set(key, value);
    return value;
  }

  /**
   * The collision of a gid with its flip bits and whether it is a sensor tile (its cells go to the sensor grid), or
   * null when the tile does not collide.
   */
  tileDef(key: number, where: string): { def: TileDef; sensor: boolean } | null {
    const gid = key & GID_MASK;
    const ts = this.tilesetOf(gid, where);
    const tile = ts.tiles.get(gid - ts.firstgid);
    const oneWay = tile !== undefined && this.flag(tile.properties, tile.propertyPaths, "oneWay");
    const sensor = tile !== undefined && this.flag(tile.properties, tile.propertyPaths, "sensor");
    if (sensor && this.sensorTiles === "skip") return null;
    if (sensor && this.sensorTiles === "error") {
      throw this.r.rangeError(
        tile.propertyPaths.sensor,
        '(the property sensor) is true, and opts.sensorTiles is "error": leave the option out to load these tiles ' +
          'as a sensor grid of their layer, or pass "skip" to leave them out and find them in the layer\'s data',
      );
    }
    if (sensor && oneWay) {
      throw this.r.rangeError(
        tile.propertyPaths.oneWay,
        "(the property oneWay) is true on a sensor tile (its property sensor is true too): no motion meets a " +
          "sensor, so it has no side to be solid from; remove one of the two",
      );
    }
    const outline = tile === undefined ? null : this.outline(tile);
    if (outline === null && !oneWay && !sensor && !this.allTiles) return null;
    const h = (key & FLIP_H) !== 0;
    const v = (key & FLIP_V) !== 0;
    const d = (key & FLIP_D) !== 0;
    const def: { points?: number[]; oneWay?: OneWay } = {};
    if (outline !== null && tile !== undefined) {
      const points = this.inCell(outline, ts, tile, h, v, d, where);
      if (points !== null) def.points = points;
    }
    if (oneWay) {
      // The top side `(0, -1)` through the same flips: the diagonal swaps x and y.
      let ux = d ? -1 : 0;
      let uy = d ? 0 : -1;
      if (h) ux = -ux;
      if (v) uy = -uy;
      def.oneWay = ux === 0 && uy === -1 ? true : { x: ux + 0, y: uy + 0 };
    }
    return { def: def.points === undefined && def.oneWay === undefined ? "solid" : def, sensor };
  }

  /** A tile's collision outline in tile pixels (null when it has none), read once. */
  outline(tile: TileInfo): number[] | null {
    if (tile.outline === undefined) {
      tile.outline = tileOutline(this.r, tile.objects ?? [], join(tile.path, "objectgroup.objects"));
    }
    return tile.outline;
  }

  /**
   * A tile's outline placed in its cell: flipped (diagonal, then horizontal, then vertical, within the tile), then
   * scaled to the cell (`tilerendersize: "grid"`) or anchored at the cell's bottom-left, then moved by the tileset's
   * `tileoffset`. Null when it is exactly the whole cell (a full cell needs no points).
   */
  inCell(
    outline: number[],
    ts: Tileset,
    tile: TileInfo,
    h: boolean,
    v: boolean,
    d: boolean,
    where: string,
  ): number[] | null {
    const r = this.r;
    const tw = tile.width;
    const th = tile.height;
    const cw = this.cellWidth;
    const ch = this.cellHeight;
    if (d && tw !== th) {
      throw r.rangeError(
        where,
        `holds a rotated (diagonally flipped) ${tw} × ${th} tile with a collision shape: only square tiles' shapes can be rotated`,
      );
    }
    const eps = 1e-6 * Math.max(cw, ch);
    const out: number[] = [];
    for (let i = 0; i < outline.length; i += 2) {
      let x = d ? outline[i + 1] : outline[i];
      let y = d ? outline[i] : outline[i + 1];
      if (h) x = tw - x;
      if (v) y = th - y;
      if (ts.scaled) {
        x = (x * cw) / tw;
        y = (y * ch) / th;
      } else {
        y += ch - th;
      }
      x += ts.offsetX;
      y += ts.offsetY;
      if (!(x >= -eps && x <= cw + eps && y >= -eps && y <= ch + eps)) {
        throw r.rangeError(
          join(tile.path, "objectgroup.objects[0]"),
          `leaves its cell: point (${x}, ${y}) is outside 0…${cw} × 0…${ch} (the map's tile size; used at ${where})`,
        );
      }
      out.push(Math.min(Math.max(x, 0), cw), Math.min(Math.max(y, 0), ch));
    }
    // Four distinct corners of the cell make the whole cell.
    const corners = new Set<number>();
    for (let i = 0; i < out.length; i += 2) {
      const cx = out[i] === 0 ? 0 : out[i] === cw ? 1 : -1;
      const cy = out[i + 1] === 0 ? 0 : out[i + 1] === ch ? 2 : -1;
      if (cx >= 0 && cy >= 0) corners.add(cx + cy);
    }
    const full = out.length === 8 && corners.size === 4;
    return full ? null : out;
  }

  /** An object layer: one shape per object. */
  objectLayer(o: Json, lp: string, offsetX: number, offsetY: number, filter: Filter, layer: string): void {
    const r = this.r;
    const objects = r.optionalArray(o, "objects", lp) ?? [];
    for (let i = 0; i < objects.length; i++) {
      const op = item(join(lp, "objects"), i);
      const obj = r.object(objects[i], op);
      const kind = objectKind(this.r, obj, op);
      if (kind === "template") {
        throw r.rangeError(
          join(op, "template"),
          `is ${JSON.stringify(r.get(obj, "template", op))}, a template instance: export the map with "Detach ` +
            `templates" (Tiled's Preferences > General > Export Options)`,
        );
      }
      if (kind === "text")
        throw r.rangeError(op, "is a text object, which has no collision shape (leave its layer out with opts.layers)");
      const { values, paths } = this.properties(obj, op);
      let type = this.className(obj, op);
      let properties: Properties = values;
      let propertyPaths: { readonly [name: string]: string } = paths;
      const x = offsetX + r.numberAt(obj, "x", op, 0);
      const y = offsetY + r.numberAt(obj, "y", op, 0);
      const rotation = r.numberAt(obj, "rotation", op, 0);
      let shape: MapShape;
      if (kind === "tile") {
        // Tile objects inherit their tile's class and properties (Tiled's "Tile Property Inheritance").
        const raw = r.get(obj, "gid", op);
        if (typeof raw !== "number" || raw >>> 0 !== raw) {
          throw r.typeError(
            join(op, "gid"),
            `must be a gid, an integer from 0 to 4294967295 (got ${JSON.stringify(raw)})`,
          );
        }
        const ts = this.tilesetOf(raw & GID_MASK, join(op, "gid"));
        const tile = ts.tiles.get((raw & GID_MASK) - ts.firstgid);
        if (tile !== undefined) {
          if (type === "") type = tile.type;
          properties = { ...tile.properties, ...values };
          propertyPaths = { ...tile.propertyPaths, ...paths };
        }
        shape = rectangleShape(this.r, obj, op, x, y, rotation, ts.alignment);
      } else if (kind === "rectangle") {
        shape = rectangleShape(this.r, obj, op, x, y, rotation, [0, 0]);
      } else if (kind === "ellipse" || kind === "capsule") {
        shape = roundedShape(this.r, obj, op, x, y, rotation, kind);
      } else if (kind === "point") {
        shape = { kind: "point", x, y };
      } else {
        shape = outlineShape(this.r, obj, op, x, y, rotation, kind);
      }
      if (this.flag(properties, propertyPaths, "oneWay")) shape = { ...shape, oneWay: oneWayTurned(rotation) };
      const id = r.integerAt(obj, "id", op, 0, Number.MAX_SAFE_INTEGER, 0);
      const name = r.stringAt(obj, "name", op, "");
      this.shapes.push({
        shape: { ...shape, layer: filter.layer, mask: filter.mask, isStatic: filter.isStatic },
        source: { editor: "tiled", id, name, type, properties, layer, path: op },
      });
    }
  }
}

/**
 * Reads a Tiled map (the object of its JSON export) into a plan: the tile grids and shapes `loadTiledMap` would add,
 * with their sources, and nothing added anywhere. Needs no `init()`. A map sepax cannot load (see the module
 * documentation) throws a `TypeError` or `RangeError` naming the JSON path at fault.
 * @example
 * const plan = readTiledMap(JSON.parse(text), { layers: { Decoration: false } });
 * console.log(plan.grids.length, plan.shapes.map((s) => s.source.name));
 */
export function readTiledMap(map: unknown, opts?: TiledMapOptions): MapPlan {
  return new TiledReader("readTiledMap", map, opts).plan();
}

/**
 * Adds a Tiled map (the object of its JSON export) to `world`: each tile layer as a tile grid (and its tiles with a
 * true `sensor` property as a second grid, a sensor: see `TiledMapOptions.sensorTiles`), each object as a shape.
 * Returns the ids created and, per id, its source (the Tiled object's `id`, `name`, class and properties, its layer
 * and JSON path; a grid's `sensor` says which of its layer's grids it is). All or nothing: a map sepax cannot load,
 * or a shape the world rejects, throws a `TypeError` or `RangeError` naming the JSON path, and leaves the world's
 * shapes as they were.
 * @example
 * const level = loadTiledMap(world, await (await fetch("level1.tmj")).json(), {
 *   layers: { Ground: { layer: 1 }, Hazards: { layer: 2 }, Decoration: false },
 * });
 * for (const [id, source] of level.sources) if (source.type === "Spawn") spawnAt(world.getTransform(id));
 * const water = level.grids.filter((id) => level.sources.get(id)?.sensor);
 */
export function loadTiledMap(world: MapWorld, map: unknown, opts?: TiledMapOptions): LoadedMap {
  return applyPlan(world, new TiledReader("loadTiledMap", map, opts).plan(), "loadTiledMap");
}
