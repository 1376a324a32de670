// Recipe: rollback netcode with snapshots. Keep the world's bytes for the last frames; when a late input arrives for
// an old frame, load that frame's bytes and replay the frames since with the corrected input. The replay gives the
// same ids and results, bit for bit, as if the input had been on time.
import assert from "node:assert/strict";
import init, { World } from "sepax";

await init();

/** One frame of a tiny game: each player moves by its input; returns what the step found. */
function frame(world, players, inputs) {
  for (let p = 0; p < players.length; p++) {
    const [x, y] = world.getTransform(players[p]);
    world.setTransform(players[p], x + inputs[p], y, 0);
  }
  world.step();
  return Array.from(world.pairs());
}

const world = new World();
const players = [world.addCircle(0, 0, 5), world.addCircle(30, 0, 5)];
world.addAlignedBox(15, 0, 2, 20, { isStatic: true }); // a post between them
world.step();

const history = []; // history[f] = the world before frame f
const inputs = (f, late) => [1, f === 3 && late ? -3 : -1]; // player 2's input of frame 3 arrives late
const seen = [];
for (let f = 0; f < 10; f++) {
  history[f] = world.snapshot();
  seen[f] = frame(world, players, inputs(f, false));
}

// The late input for frame 3: rewind to it and replay frames 3..9 with it.
world.loadSnapshot(history[3]);
const replayed = [];
for (let f = 3; f < 10; f++) replayed[f] = frame(world, players, inputs(f, true));

// A world that had the input on time gives the same results, bit for bit.
const reference = World.restore(history[0]);
const refPlayers = players; // ids are kept by snapshots
const onTime = [];
for (let f = 0; f < 10; f++) onTime[f] = frame(reference, refPlayers, inputs(f, true));
for (let f = 3; f < 10; f++) assert.deepEqual(replayed[f], onTime[f], `frame ${f}`);
assert.deepEqual(world.snapshot(), reference.snapshot(), "the same world, byte for byte");
reference.free();
world.free();
console.log("rollback: 7 frames replayed, identical to the on-time world");
