// Recipe: a dash that collects every coin it passes. The player dashes 24 units a frame, moved by the game with
// `setTransform`, along a row of coins 8 units apart, and ends every frame between two coins: a step that only
// compares poses sees none of them. Made continuous, the player's path from one step to the next is
// cast against the sensors, and `stepCrossings()` lists every coin entered on the way, in order.
import assert from "node:assert/strict";
import init, { World } from "sepax";

await init();

/** Dashes through 40 coins; returns the coins collected, in order, and how many the step's own pairs saw. */
function dash(continuous) {
  const world = new World();
  const coins = new Set();
  for (let k = 0; k < 40; k++) coins.add(world.addCircle(20 + 8 * k, 0, 1, { isStatic: true, sensor: true }));
  const player = world.addCapsule(0, 0, 3, 2, 0, { upright: true, continuous });
  world.step();
  const collected = [];
  let seenByPairs = 0;
  for (let x = 24; x <= 360; x += 24) {
    world.setTransform(player, x, 0, 0);
    world.step();
    // Coins the player ends the frame on: the step's started pairs.
    const started = world.started();
    for (let k = 0; k < started.length; k += 2) if (coins.has(started[k])) seenByPairs++;
    // Every coin crossed since the last step, in the order entered, touched at neither frame or not.
    const { sensors } = world.stepCrossings();
    for (const coin of sensors) {
      collected.push(coin);
      coins.delete(coin);
      world.remove(coin);
    }
  }
  world.free();
  return { collected, seenByPairs };
}

const plain = dash(false);
const continuous = dash(true);
assert.equal(plain.collected.length, 0, "a shape that is not continuous lists no crossings");
assert.equal(plain.seenByPairs, 0, "every frame ends between two coins: the pairs alone see none");
assert.equal(continuous.collected.length, 40, "the continuous dash collects every coin");
assert.deepEqual(
  continuous.collected,
  [...continuous.collected].sort((a, b) => a - b),
  "in the order entered (the coins were added left to right)",
);
console.log(`pairs alone: ${plain.seenByPairs} of 40 coins; continuous: ${continuous.collected.length} of 40`);
