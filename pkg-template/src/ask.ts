// WorldAsk: what a game reads about its shapes and asks about them when something looks wrong: the live ids, a shape's
// box, the tags it gave its shapes. world.ts adds the queries, rays, casts, distances and the mover on top.

import { WorldLevels } from "./levels.js";
import { id as idArg, word as tagArg, word } from "./check.js";
import { loadedMemory } from "./load.js";
import type { Explanation, ExplainSide } from "./types.js";

/** The sides of the binding's side codes. */
const SIDES: readonly ExplainSide[] = ["a", "b", "both"];
/** The reasons of the binding's reason codes, those with a side first. */
const SIDED = ["removed", "stale", "notStepped"] as const;

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
   * The bounding box of shape `id` as `[minX, minY, maxX, maxY]` (a new array): the box the last `step()` used, which
   * is what the broad phase and the queries see (for a shape added since, its box where it was added).
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
