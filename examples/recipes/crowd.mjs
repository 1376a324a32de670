// Recipe: a crowd that must not stack, with a trigger zone. A hundred minions walk towards one point each frame
// (the game's steering), then one `separate` call pushes the overlapping ones apart from the step's contacts; a heavy
// boss is pushed a hundredth as much; walls never move. A sensor zone says who entered and left it (`started` and
// `ended` of the step), without blocking anyone.
import assert from "node:assert/strict";
import init, { World } from "sepax";

await init();

/** The crowd for 120 frames, with or without `separate`: the deepest overlap between movers at the end, and more. */
function crowd(separating) {
  const world = new World();
  const wall = world.addAlignedBox(0, 40, 60, 2, { isStatic: true });
  const zone = world.addAlignedBox(0, 0, 10, 10, { isStatic: true, sensor: true });
  const minions = new Uint32Array(100);
  for (let i = 0; i < minions.length; i++) {
    const angle = (i / minions.length) * 2 * Math.PI;
    minions[i] = world.addCircle(30 * Math.cos(angle), 30 * Math.sin(angle), 2);
  }
  const boss = world.addCircle(0, -30, 6);
  const movers = new Uint32Array([...minions, boss]);
  const weights = new Float32Array(movers.length).fill(1);
  weights[movers.length - 1] = 100;
  const separateOptions = { iterations: 4, weights };

  const inZone = new Set();
  for (let frame = 0; frame < 120; frame++) {
    // Steering: every minion walks 0.5 a frame towards the centre.
    for (const id of minions) {
      const [x, y] = world.getTransform(id);
      const d = Math.hypot(x, y);
      if (d > 0.5) world.setTransform(id, x - (0.5 * x) / d, y - (0.5 * y) / d, 0);
    }
    world.step();
    // Who entered and left the zone this frame: the step's started and ended pairs with it.
    for (const [list, entered] of [
      [world.started(), true],
      [world.ended(), false],
    ]) {
      for (let k = 0; k < list.length; k += 2) {
        const other = list[k] === zone ? list[k + 1] : list[k + 1] === zone ? list[k] : -1;
        if (other >= 0) entered ? inZone.add(other) : inZone.delete(other);
      }
    }
    if (separating) world.separate(movers, separateOptions);
  }
  world.step();
  const pairs = world.pairs();
  const contacts = world.contacts();
  let deepest = 0;
  for (let p = 0; p < pairs.length / 2; p++) {
    const [a, b] = [pairs[2 * p], pairs[2 * p + 1]];
    if (a !== zone && b !== zone && a !== wall && b !== wall) deepest = Math.max(deepest, contacts[3 * p + 2]);
  }
  const result = { deepest, inZone: inZone.size, boss: world.getTransform(boss), wall: world.getTransform(wall) };
  world.free();
  return result;
}

const piled = crowd(false);
const kept = crowd(true);
assert.ok(kept.deepest < piled.deepest / 2, `separate keeps the crowd apart: ${piled.deepest} -> ${kept.deepest}`);
assert.ok(Math.hypot(kept.boss[0], kept.boss[1] + 30) < 1, `the boss held its ground: ${kept.boss}`);
assert.deepEqual(Array.from(kept.wall), [0, 40, 0], "the wall never moved");
assert.ok(kept.inZone > 0, "minions entered the zone");
console.log(`crowd: deepest overlap ${piled.deepest.toFixed(2)} piled, ${kept.deepest.toFixed(2)} with separate`);
