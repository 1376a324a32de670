// Recipe: a top-down shooter's bullets. Every bullet moves 40 units a frame, much more than a wall is thick; one
// `sweep` call a frame moves them all exactly as far as they can go, so none passes through a wall, and the results
// say which wall each one hit and where. Bullets never hit each other or their shooter (layers and masks).
import assert from "node:assert/strict";
import init, { World } from "sepax";

await init();
const world = new World();

const WALLS = 1;
const BULLETS = 2;
const PLAYER = 4;
// A thin wall (2 units) across the corridor, and the player who shoots.
const wall = world.addAlignedBox(100, 0, 1, 50, { isStatic: true, layer: WALLS });
const player = world.addCircle(0, 0, 5, { layer: PLAYER, mask: WALLS });

// Five bullets leave the player fanning out; each collides with walls only.
const bullets = new Uint32Array(5);
const motion = new Float32Array(2 * bullets.length);
for (let i = 0; i < bullets.length; i++) {
  bullets[i] = world.addCircle(6, 0, 1, { layer: BULLETS, mask: WALLS });
  const angle = (i - 2) * 0.1;
  motion[2 * i] = 40 * Math.cos(angle);
  motion[2 * i + 1] = 40 * Math.sin(angle);
}
world.step(); // the world as the sweep sees it

const hits = [];
const alive = new Set(bullets);
for (let frame = 0; frame < 5 && alive.size > 0; frame++) {
  const count = world.sweep(bullets, motion);
  const { t, ids, points } = world.sweepResults(); // views: read them before calling the world again
  for (let i = 0; i < count; i++) {
    if (!alive.has(bullets[i])) continue;
    const [x, y] = world.getTransform(bullets[i]);
    if (ids[i] === 0xffffffff) {
      world.setTransform(bullets[i], x + motion[2 * i], y + motion[2 * i + 1], 0);
    } else {
      hits.push({ bullet: bullets[i], wall: ids[i], x: points[2 * i], y: points[2 * i + 1], frame });
      world.setTransform(bullets[i], x + motion[2 * i] * t[i], y + motion[2 * i + 1] * t[i], 0);
      alive.delete(bullets[i]);
    }
  }
  world.step();
}

// Every bullet stopped at the wall's near face (x = 99), in the frame it reached it; none hit the player.
assert.equal(hits.length, bullets.length);
for (const hit of hits) {
  assert.equal(hit.wall, wall);
  assert.ok(Math.abs(hit.x - 99) < 1e-3, `hit at x = ${hit.x}`);
  assert.notEqual(hit.wall, player);
}
world.free();
console.log(`shooter: ${hits.length} bullets stopped at the wall`);
