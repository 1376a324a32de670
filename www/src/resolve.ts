/**
 * "Resolve": the simplest collision response a game can build on sepax's results, `world.separate()`: from the
 * contacts of the step just taken, each overlapping pair is pushed apart along its normal, shared between the two,
 * and the new positions are written into the world's columns. A static shape never moves, nor does the sprite being
 * dragged (left out of the ids), so its partner takes the whole push.
 *
 * One iteration, position only: overlaps with several partners are reduced, not solved, which is what a game without
 * a physics engine usually wants. Velocities are left to the game logic.
 */
import type { World } from "sepax";
import type { Scene } from "./scene.ts";

/** One pass over the pairs a frame; more iterations leave less overlap in a pile. */
const OPTIONS = { iterations: 1 };

export class Resolver {
  /** The ids that may move: every moving sprite but the dragged one, rebuilt when either changes. */
  #ids = new Uint32Array(0);
  #slots = -1;
  #pinned = -1;

  resolve(scene: Scene, world: World, pinned: number): void {
    if (scene.slotCount !== this.#slots || pinned !== this.#pinned) {
      this.#slots = scene.slotCount;
      this.#pinned = pinned;
      const ids: number[] = [];
      for (let id = 0; id < scene.slotCount; id++) if (scene.isStatic[id] !== 1 && id !== pinned) ids.push(id);
      this.#ids = Uint32Array.from(ids);
    }
    world.separate(this.#ids, OPTIONS);
  }
}
