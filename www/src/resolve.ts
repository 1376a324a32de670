/**
 * "Resolve": the simplest collision response a game can build on sepax's results. Each pair's normal points
 * from a to b and moving b by normal x depth separates them, so a moves back by half and b forward by half;
 * a static shape (or the sprite being dragged) never moves and its partner takes the whole push.
 *
 * Position-only and one pass over the pairs: overlaps with several partners are reduced, not solved, which is
 * what a game without a physics engine usually wants. Velocities are left to the game logic.
 */
import type { Poses, Scene } from "./scene.ts";

export function resolve(
  scene: Scene,
  p: Poses,
  pairs: Uint32Array,
  contacts: Float32Array,
  count: number,
  pinned: number,
): void {
  const { xs, ys } = p;
  const fixed = scene.isStatic;
  for (let i = 0; i < count; i++) {
    const a = pairs[2 * i];
    const b = pairs[2 * i + 1];
    const nx = contacts[3 * i];
    const ny = contacts[3 * i + 1];
    const depth = contacts[3 * i + 2];
    const aFixed = fixed[a] === 1 || a === pinned;
    const bFixed = fixed[b] === 1 || b === pinned;
    if (aFixed && bFixed) continue;
    const shareA = aFixed ? 0 : bFixed ? 1 : 0.5;
    const shareB = 1 - shareA;
    // Static slots are never written: the world only re-reads statics after touchStatics().
    if (shareA > 0) {
      xs[a] -= nx * depth * shareA;
      ys[a] -= ny * depth * shareA;
    }
    if (shareB > 0) {
      xs[b] += nx * depth * shareB;
      ys[b] += ny * depth * shareB;
    }
  }
}
