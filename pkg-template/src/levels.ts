// WorldLevels: what a level adds to the world: tile tables and tile grids (a tile layer as one shape), their edits,
// one-way shapes, and the cells of the step's pairs. world.ts adds the queries, rays, casts and the mover on top.

import { WorldBase } from "./base.js";
import {
  bits,
  describe,
  float,
  get,
  id as idArg,
  oneWayOf,
  optionalBool,
  plainObject,
  typeError,
  word as tagArg,
} from "./check.js";
import { loadedMemory } from "./load.js";
import { encodeCells, tileValue, whole } from "./tiles.js";
import type { OneWay, TileGridOptions, TileTable } from "./types.js";

/** The keys of `addTileGrid`'s `opts`. */
const GRID_KEYS = ["tiles", "layer", "mask", "isStatic", "sensor", "tag"] as const;

/**
 * The methods of `World` for levels: tile tables and grids, one-way shapes, pair cells. Use `World`; this class exists
 * only to keep each source file short.
 *
 * @example
 * const world = new World(); // a WorldLevels too
 * const floor = world.addTileGrid(0, 320, 100, 1, 16, 16, new Uint8Array(100).fill(1));
 */
export abstract class WorldLevels extends WorldBase {
  /**
   * Defines a table of tile values, given once and referred to by its id (`addTileGrid`'s `opts.tiles`); returns that
   * id, or the id of an equal table the world already has. Keys are tile values from 1 to 65535 (0 is always empty);
   * each is `"solid"` (the full cell: what every unlisted value is), `"empty"` (no collision) or
   * `{ points?, oneWay? }`: `points` a convex outline in the cell (3 to 8 points, either winding, checked like
   * `addPolygon`'s) in cell units from the cell's min corner, x along a row and y down the rows (the frame of Tiled's
   * per-tile collision objects; whether each point lies within the cell is checked by `addTileGrid`, which knows the
   * cell's size), `oneWay` (`true` or `{ x, y }`) solid from that side only. Bad entries throw naming them:
   * `defineTiles: tiles[3].points: vertex 2 …`. Tables stay defined for the world's life.
   * @example
   * const tiles = world.defineTiles({
   *   2: { points: [0, 16, 16, 16, 16, 0] }, // a slope rising to the right (y down)
   *   3: { points: [0, 8, 16, 8, 16, 16, 0, 16] }, // the lower half
   *   4: { oneWay: true }, // a platform, passed from below
   *   5: "empty", // grass drawn in the collision layer
   * });
   */
  defineTiles(tiles: TileTable): number {
    this.raw();
    return this.defineTable("defineTiles", "tiles", tiles);
  }

  /**
   * Adds a tile grid: `cols × rows` cells of `cellWidth × cellHeight`, cell `(col, row)` spanning
   * `[x + col·w, x + (col+1)·w] × [y + row·h, y + (row+1)·h]`; `cells` row-major (a `Uint8Array` or `Uint16Array` of
   * `cols × rows` tile values, 0 = empty, read with `opts.tiles`). **One shape with one id** whatever its size, placed
   * at `(x, y)` with angle 0 (`setTransform` moves and turns it like any shape), **static by default**.
   *
   * The grid is read as the boundary of the union of its solid tiles: adjacent solid cells are one surface, so a box
   * or capsule sliding across 1,000 cells only ever meets the surface's normal, in `step()`, queries, rays, casts,
   * `sweep` and `moveAndSlide`, with no seam to catch on. A shape entirely inside the solid touches it (against the
   * tile of its cell). Pairs with it tell which cell was touched (`pairCells()`), and so do rays, casts, sweeps and
   * moves. It keeps about one byte per cell (two once a value is above 255) plus its surface's segments. It cannot be
   * moved by `sweep` or `moveAndSlide`. With `opts.sensor` the grid is a sensor (water, ladders): `step()` reports
   * its pairs with the cell touched, the overlap queries find it, and no motion meets it. Bad arguments throw naming them (`cols`, `cellWidth`, `cells`,
   * `tiles[3].points: point 2 lies outside the cell`); at most 2^24 cells, at most 1e7 units across.
   * @example
   * const level = world.addTileGrid(0, 0, 100, 20, 16, 16, cells, { tiles });
   * world.setTile(level, 10, 5, 0); // a tile destroyed
   */
  addTileGrid(
    x: number,
    y: number,
    cols: number,
    rows: number,
    cellWidth: number,
    cellHeight: number,
    cells: Uint8Array | Uint16Array,
    opts?: TileGridOptions,
  ): number {
    const M = "addTileGrid";
    const raw = this.raw();
    const fx = float(M, "x", x);
    const fy = float(M, "y", y);
    const c = whole(M, "cols", cols);
    const r = whole(M, "rows", rows);
    const w = float(M, "cellWidth", cellWidth);
    const h = float(M, "cellHeight", cellHeight);
    if (!(ArrayBuffer.isView(cells) && (cells instanceof Uint8Array || cells instanceof Uint16Array))) {
      throw typeError(M, `cells must be a Uint8Array or Uint16Array (got ${describe(cells)})`);
    }
    const encoded = encodeCells(M, "cells", cells);
    let [table, layer, mask, isStatic, inline, tag, sensor] = [0xffffffff, 1, 0xffffffff, true, false, 0, false];
    if (opts !== undefined && opts !== null) {
      const o = plainObject(M, "opts", opts, GRID_KEYS);
      const tiles = get(M, "opts.tiles", o, "tiles");
      if (tiles !== undefined) table = this.tableId(M, "opts.tiles", tiles);
      inline = tiles !== undefined && typeof tiles !== "number";
      const l = get(M, "opts.layer", o, "layer");
      const m = get(M, "opts.mask", o, "mask");
      const s = get(M, "opts.isStatic", o, "isStatic");
      if (l !== undefined) layer = bits(M, "opts.layer", l);
      if (m !== undefined) mask = bits(M, "opts.mask", m);
      if (s !== undefined && typeof s !== "boolean") {
        throw typeError(M, `opts.isStatic must be a boolean (got ${describe(s)})`);
      }
      if (s !== undefined) isStatic = s;
      sensor = optionalBool(M, "opts.", o, "sensor");
      const t = get(M, "opts.tag", o, "tag");
      if (t !== undefined) tag = tagArg(M, "opts.tag", t);
    }
    const { bytes, wide } = encoded;
    const id = raw.addTileGrid(fx, fy, c, r, w, h, bytes, wide, table, layer, mask, isStatic);
    if (id === 0xffffffff && inline) {
      // The core names an entry of the table (`tiles[3].points: …`), given here as `opts.tiles`.
      throw new RangeError(`${M}: ${raw.takeError().replace(/^tiles\[/, "opts.tiles[")}`);
    }
    const grid = this.counted(M, id);
    if (tag !== 0) this.ok(M, raw.setTag(grid, tag));
    if (sensor) this.ok(M, raw.setSensor(grid, true));
    return grid;
  }

  /**
   * Sets cell `(col, row)` of grid `id` to `value` (0 to 65535; the next `step()` and every later query see it), in
   * time independent of the grid's size: the boundary is derived again around the cell only (destructible terrain).
   * @example world.setTile(level, col, row, 0); // blown up
   */
  setTile(id: number, col: number, row: number, value: number): void {
    const M = "setTile";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    const c = whole(M, "col", col);
    const r = whole(M, "row", row);
    const v = tileValue(M, "value", value);
    this.ok(M, raw.setTile(i, c, r, v));
  }

  /**
   * The value of cell `(col, row)` of grid `id`.
   * @example if (world.tile(level, col, row) === DOOR) openDoor();
   */
  tile(id: number, col: number, row: number): number {
    const M = "tile";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    return this.counted(M, raw.tile(i, whole(M, "col", col), whole(M, "row", row)));
  }

  /**
   * Makes shape `id` one-way (`true` or `{ x, y }`, as the `add*` options' `oneWay`), or solid from every side again
   * with `null`. See the README's "One-way shapes": casts, sweeps, rays and `moveAndSlide` pass it from below and stop
   * on its top; `step()` and the overlap queries report it as any shape.
   * @example world.setOneWay(platform, true);
   */
  setOneWay(id: number, oneWay: OneWay | null): void {
    const M = "setOneWay";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    if (oneWay === undefined) throw typeError(M, "oneWay must be true, an object { x, y } or null (got undefined)");
    const up = oneWay === null ? null : oneWayOf(M, "oneWay", oneWay);
    this.ok(M, raw.setOneWay(i, up !== null, up?.[0] ?? 0, up?.[1] ?? 0));
  }

  /**
   * Makes shape `id` a sensor (`true`, as the `add*` option `sensor`: reported by `step()` and found by the overlap
   * queries, never met by `moveAndSlide`, casts, sweeps or rays) or solid again (`false`).
   * @example world.setSensor(coin, true);
   */
  setSensor(id: number, sensor: boolean): void {
    const M = "setSensor";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    if (typeof sensor !== "boolean") throw typeError(M, `sensor must be a boolean (got ${describe(sensor)})`);
    this.ok(M, raw.setSensor(i, sensor));
  }

  /**
   * Makes shape `id` continuous (`true`, as the `add*` option `continuous`: each `step()` lists in `stepCrossings()`
   * the sensors it crossed since the last step, even those it overlaps at neither step) or not (`false`). Its path
   * starts where it is now: after a teleport, call `setContinuous(id, true)` again so that the jump is not a motion.
   * @example world.setContinuous(bullet, true);
   */
  setContinuous(id: number, continuous: boolean): void {
    const M = "setContinuous";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    if (typeof continuous !== "boolean") {
      throw typeError(M, `continuous must be a boolean (got ${describe(continuous)})`);
    }
    this.ok(M, raw.setContinuous(i, continuous));
  }

  /**
   * The one-way direction of shape `id` as a new `{ x, y }` (unit length), or `null` for a shape solid from every side.
   * @example const up = world.oneWay(platform); // { x: 0, y: -1 }
   */
  oneWay(id: number): { x: number; y: number } | null {
    const raw = this.raw();
    const one = this.counted("oneWay", raw.oneWay(idArg("oneWay", "id", id)));
    if (one === 0) return null;
    const io = this.io();
    return { x: io[0], y: io[1] };
  }

  /**
   * The last step's cells, parallel to `pairs()`: for each pair with a tile grid, the cell (`row × cols + col`) of its
   * deepest contact on the grid's side (the smaller id's for two grids), `0xFFFFFFFF` for a pair without a grid. Empty
   * while the world holds no grid (a world without grids records nothing). A view, under the views contract.
   * @example
   * const pairs = world.pairs(), cells = world.pairCells();
   * for (let i = 0; i < cells.length; i++) if (cells[i] !== 0xffffffff) hitTile(pairs[2 * i], cells[i]);
   */
  pairCells(): Uint32Array {
    const raw = this.raw();
    return this.views().pairCells.exactView(raw, loadedMemory().buffer);
  }
}
