// WorldAsk: what a game reads about its shapes and asks about them when something looks wrong: the live ids, a shape's
// box, the tags it gave its shapes. world.ts adds the queries, rays, casts, distances and the mover on top.

import { WorldLevels } from "./levels.js";
import { id as idArg, tag as tagArg } from "./check.js";
import { loadedMemory } from "./load.js";

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
