// WorldAsk: what a game reads about its shapes and asks about them when something looks wrong: the live ids, a shape's
// box, the tags it gave its shapes. world.ts adds the queries, rays, casts, distances and the mover on top.

import { WorldLevels } from "./levels.js";
import { id as idArg, word as tagArg, word, plainObject, optionalBool, float, get, rangeError } from "./check.js";
import { loadedMemory } from "./load.js";
import type { DebugLineViews, DebugOptions, Explanation, ExplainSide } from "./types.js";

/** The sides of the binding's side codes. */
const SIDES: readonly ExplainSide[] = ["a", "b", "both"];
/** The reasons of the binding's reason codes, those with a side first. */
const SIDED = ["removed", "stale", "notStepped"] as const;

/** The options of `debugLines` that are flags, in the order of the binding's flag bits. */
const DEBUG_FLAGS = ["boxes", "cells", "contacts", "surfaces"] as const;
const DEBUG_KEYS: readonly string[] = [...DEBUG_FLAGS, "region", "scale"];
const REGION_KEYS = ["minX", "minY", "maxX", "maxY"] as const;

/** `debugLines`' options as the binding reads them from `io[0..6]`: flags (1 boxes, 2 cells, 4 contacts, 8 surfaces,
 * 16 region), the region's `minX, minY, maxX, maxY`, the scale; these are the defaults. */
const NO_DEBUG_OPTIONS = Object.freeze([0, 0, 0, 0, 0, 1]);

/** The largest finite `f32`. */
const F32_MAX = 3.4028234663852886e38;

/** Whether `o` is a plain object (no proxy traps reached: reading it may throw, and the caller catches). */
const isPlain = (o: unknown): o is Record<string, unknown> =>
  typeof o === "object" && o !== null && Object.getPrototypeOf(o) === Object.prototype;

/**
 * Reads `opts` into `out` without creating an object (for-in over a plain object creates no array); false, maybe
 * after writing some, when it is anything but a plain object of valid options or reading it threw: the checked
 * reading then says what is wrong.
 */
function plainDebugOptions(opts: unknown, out: Float64Array): boolean {
  try {
    if (!isPlain(opts)) return false;
    for (const key in opts) if (!DEBUG_KEYS.includes(key)) return false;
    let flags = 0;
    for (let bit = 0; bit < DEBUG_FLAGS.length; bit++) {
      const on = opts[DEBUG_FLAGS[bit]];
      if (on === true) flags |= 1 << bit;
      else if (on !== undefined && on !== false) return false;
    }
    const { region, scale } = opts;
    if (region !== undefined) {
      if (!isPlain(region)) return false;
      for (const key in region) if (!(REGION_KEYS as readonly string[]).includes(key)) return false;
      // Each number straight from the object into `out` and checked there: handed to a function, a fractional
      // number could be boxed.
      const { minX, minY, maxX, maxY } = region;
      if (typeof minX !== "number" || typeof minY !== "number" || typeof maxX !== "number") return false;
      if (typeof maxY !== "number") return false;
      out[1] = minX;
      out[2] = minY;
      out[3] = maxX;
      out[4] = maxY;
      if (!(-F32_MAX <= out[1] && out[1] <= out[3] && out[3] <= F32_MAX)) return false;
      if (!(-F32_MAX <= out[2] && out[2] <= out[4] && out[4] <= F32_MAX)) return false;
      flags |= 16;
    }
    if (scale !== undefined) {
      if (typeof scale !== "number") return false;
      out[5] = scale;
      if (!(0 < out[5] && out[5] <= F32_MAX)) return false;
    }
    out[0] = flags;
    return true;
  } catch {
    return false;
  }
}

/** `debugLines`' options read with every check, throwing the error that names what is wrong. */
function checkedDebugOptions(opts: unknown, out: Float64Array): void {
  const M = "debugLines";
  const o = plainObject(M, "opts", opts, DEBUG_KEYS);
  let flags = 0;
  DEBUG_FLAGS.forEach((key, bit) => {
    if (optionalBool(M, "opts.", o, key)) flags |= 1 << bit;
  });
  const region = get(M, "opts.region", o, "region");
  if (region !== undefined) {
    const box = plainObject(M, "opts.region", region, REGION_KEYS);
    REGION_KEYS.forEach((key, k) => (out[1 + k] = float(M, `opts.region.${key}`, get(M, "opts.region", box, key))));
    if (!(out[1] <= out[3] && out[2] <= out[4])) {
      throw rangeError(M, `opts.region must have minX <= maxX and minY <= maxY (got ${out.slice(1, 5).join(", ")})`);
    }
    flags |= 16;
  }
  const scale = get(M, "opts.scale", o, "scale");
  if (scale !== undefined && !((out[5] = float(M, "opts.scale", scale)) > 0)) {
    throw rangeError(M, `opts.scale must be > 0 (got ${scale})`);
  }
  out[0] = flags;
}

/**
 * The category of each segment of `debugLines()` (its byte in `debugLineViews().kinds`): shape outlines by state
 * (touching, one-way, static, moving; the first that holds), then what the options add.
 * @example if (kinds[i] === DebugKind.Touching) ctx.strokeStyle = "red";
 */
export const DebugKind = Object.freeze({
  /** The outline of a static shape. */
  Static: 0,
  /** The outline of a moving shape. */
  Moving: 1,
  /** The outline of a shape in one of the last step's pairs. */
  Touching: 2,
  /** The outline of a sensor, touching or not. */
  Sensor: 3,
  /** The outline of a one-way shape, and (with `surfaces`) its direction. */
  OneWay: 4,
  /** A bounding box, as the last step used it (`boxes`). */
  Box: 5,
  /** An occupied cell of the broad phase's grid (`cells`). */
  Cell: 6,
  /** A contact normal, from the contact point along the normal from the pair's first id to its second (`contacts`). */
  Normal: 7,
  /** A contact point, as a small cross (`contacts`). */
  Point: 8,
  /** A surface normal of a chain or tile grid, from the middle of a segment (`surfaces`). */
  Surface: 9,
});

/**
 * The methods of `World` that read and label its shapes (live ids, boxes, tags). Use `World`; this class exists only to
 * keep each source file short.
 *
 * @example
 * const world = new World(); // a WorldAsk too
 * for (const id of world.liveIds()) console.log(id, world.aabb(id));
 */
export abstract class WorldAsk extends WorldLevels {
  /**
   * The ids of the live shapes, ascending: a view under the views contract (walk it, then ask again next frame rather
   * than keep it). Adds and removals make the next call rebuild it in one pass over the slots; calls in between cost
   * nothing and return the same view.
   * @example
   * for (const id of world.liveIds()) draw(id);
   */
  liveIds(): Uint32Array {
    const raw = this.raw();
    const count = raw.liveIds();
    return this.views().liveIds(loadedMemory().buffer, this.io()[0], count);
  }

  /**
   * The bounding box of shape `id` as `[minX, minY, maxX, maxY]` (a new array), where the shape is now (moved or added
   * since the last `step()` too): the box the queries see.
   * @example const [minX, minY, maxX, maxY] = world.aabb(player);
   */
  aabb(id: number): Float32Array {
    const M = "aabb";
    const raw = this.raw();
    this.ok(M, raw.aabb(idArg(M, "id", id)));
    const io = this.io();
    return Float32Array.of(io[0], io[1], io[2], io[3]);
  }

  /**
   * A zero-copy view of the shapes' tags, indexed by id (0 in free slots and for shapes never tagged), under the views
   * contract; it moves when the transform columns do. Tags are set with `opts.tag` when adding, `tag` in `addShapes`
   * records, or `setTag`, and come back in `shape(id)`, scenes and snapshots.
   * @example
   * const tags = world.tags();
   * for (let i = 0; i < world.pairCount; i++) handle(tags[pairs[2 * i]], tags[pairs[2 * i + 1]]);
   */
  tags(): Uint32Array {
    const raw = this.raw();
    return this.views().tags(raw, loadedMemory().buffer);
  }

  /**
   * Why shapes `a` and `b` do or do not touch, decided as `step()` decides, in its order: an id of no live shape
   * (`removed`), a generation that is not the id's (`stale`: give the generations saved with the ids to detect a
   * reissued id), a shape added or moved since the last step (`notStepped`), both static, layer and mask (which side
   * rejects), boxes apart (their gap), separated (the gap and its direction), or touching (normal, depth, cell,
   * one-way), as a new plain object (see `Explanation`). Layers, masks and tiles are read as they are now; poses as
   * the last step saw them. The README's "Why did no collision fire?" says what to do about each.
   * @example
   * world.explain(player, coin); // { reason: "layerMask", side: "a" }
   * world.explain(bullet, wall); // { reason: "separated", nx: 1, ny: 0, gap: 0.25 }
   */
  explain(a: number, b: number, genA?: number, genB?: number): Explanation {
    const M = "explain";
    const raw = this.raw();
    const ia = idArg(M, "a", a);
    const ib = idArg(M, "b", b);
    const ga = genA === undefined ? 0 : word(M, "genA", genA);
    const gb = genB === undefined ? 0 : word(M, "genB", genB);
    const checks = (genA === undefined ? 0 : 1) | (genB === undefined ? 0 : 2);
    const code = this.counted(M, raw.explain(ia, ib, ga, gb, checks));
    const io = this.io();
    const side = SIDES[io[0]];
    if (code < 3) return { reason: SIDED[code], side };
    if (code === 3) return { reason: "bothStatic" };
    if (code === 4) return { reason: "layerMask", side };
    if (code === 5) return { reason: "boxesApart", gap: io[1] };
    if (code === 6) return { reason: "separated", nx: io[1], ny: io[2], gap: io[3] };
    return { reason: "touching", nx: io[1], ny: io[2], depth: io[3], cell: io[4], oneWay: io[5] !== 0 };
  }

  /**
   * Draws the world as line segments into buffers the world owns and reuses (read them with `debugLineViews()`), and
   * returns how many: every shape's outline where the last step saw it (a shape added since, where it was added),
   * polygons by their edges, circles as 16-gons, capsules as two half 16-gons and their sides, points as crosses, a
   * concave polygon by its outline, a chain by its segments, a tile grid by its surface; each with the category of its
   * state (`DebugKind`). `opts` adds boxes, grid cells, contacts and surface normals, and `region` limits the work to
   * what is on screen. A frame of drawing creates no object once the buffers have grown. `drawDebug` in `sepax/debug`
   * draws them on a canvas.
   * @example
   * const n = world.debugLines({ contacts: true, region: { minX: 0, minY: 0, maxX: 800, maxY: 600 } });
   * const { lines, kinds } = world.debugLineViews();
   * for (let i = 0; i < n; i++) drawLine(lines[4 * i], lines[4 * i + 1], lines[4 * i + 2], lines[4 * i + 3], kinds[i]);
   */
  debugLines(opts?: DebugOptions): number {
    return this.debugLinesIn(opts, null);
  }

  /**
   * @internal `debugLines`, with the region from `region[0..4]` (`minX, minY, maxX, maxY`, checked by the caller)
   * when not null: drawDebug's camera box, handed over without boxing a fractional number.
   */
  debugLinesIn(opts: DebugOptions | undefined, region: Float64Array | null): number {
    const raw = this.raw();
    const io = this.io();
    io.set(NO_DEBUG_OPTIONS);
    if (opts !== undefined && !plainDebugOptions(opts, io)) checkedDebugOptions(opts, io);
    if (region !== null) {
      io.set(region, 1);
      io[0] = io[0] | 16;
    }
    return raw.debugLines();
  }

  /**
   * Views of the last `debugLines()`'s segments (see `DebugLineViews`), under the views contract. Cached: no object is
   * created unless memory or the buffers grew.
   * @example const { lines, kinds } = world.debugLineViews();
   */
  debugLineViews(): DebugLineViews {
    const raw = this.raw();
    return this.views().debug(raw, loadedMemory().buffer);
  }

  /**
   * Gives shape `id` the tag `tag`, an integer from 0 to 2^32 - 1 that the world stores and never reads (an entity
   * id, a kind).
   * @example world.setTag(enemy, ENEMY_KIND);
   */
  setTag(id: number, tag: number): void {
    const M = "setTag";
    const raw = this.raw();
    const i = idArg(M, "id", id);
    this.ok(M, raw.setTag(i, tagArg(M, "tag", tag)));
  }
}
