// A step whose pairs cannot be held, through the package: the churn pile of shared/repro/churn-pile.mjs (10,000
// shapes, 200 a frame removed and re-added at one point, so the pile and its pairs grow every frame) must end in a
// RangeError that says how many pairs and how much memory, never a trap, and the world must keep the last good
// step's results and stay usable. With `maxPairs` the limit is explicit and reached in a few frames; without it the
// pile grows until wasm memory (4 GiB) cannot hold the step, which is run in a child process so that its memory goes
// with it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import init, { World } from "../../pkg/node.js";
import { pile, clearPile } from "./fixtures/pile.mjs";

await init();

test("maxPairs: a step over the limit throws a RangeError, keeps the last results, and the world goes on", () => {
  const { world, frame } = pile(World, { maxPairs: 200_000 });
  try {
    let failedAt = -1;
    let last = null;
    for (let f = 0; f < 60 && failedAt < 0; f++) {
      frame(f);
      try {
        world.step();
        last = { pairs: world.pairs().slice(), contacts: world.contacts().slice() };
      } catch (e) {
        assert.ok(e instanceof RangeError, String(e));
        assert.match(e.message, /^step: the step found \d+ pairs, more than maxPairs \(200000\)/);
        failedAt = f;
      }
    }
    assert.ok(failedAt > 0, "the pile reached the limit");
    assert.deepEqual(world.pairs(), last.pairs, "the last good step's pairs");
    assert.deepEqual(world.contacts(), last.contacts, "and contacts");
    assert.ok(clearPile(world) > 100, "the pile is removed");
    const count = world.step();
    assert.ok(count < 200_000, `${count} pairs once the pile is gone`);
    world.setMaxPairs(null);
    assert.equal(world.step(), count);
    assert.throws(() => world.setMaxPairs(-1), /^RangeError: setMaxPairs: maxPairs must be an integer/);
    assert.throws(() => new World({ maxPairs: "1" }), /^TypeError: new World: options\.maxPairs must be a number/);
  } finally {
    world.free();
  }
});

test("the churn pile outgrowing wasm memory is a RangeError naming pairs and bytes, and the world goes on", () => {
  const child = spawnSync(process.execPath, [fileURLToPath(new URL("./fixtures/pile-child.mjs", import.meta.url))], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  assert.equal(child.status, 0, child.stderr);
  const out = JSON.parse(child.stdout.trim().split("\n").pop());
  assert.equal(out.error.name, "RangeError");
  assert.match(out.error.message, /^step: out of memory: the step could not allocate \d+ bytes for \d+ pairs/);
  assert.ok(out.pairsKept > 1_000_000, `the last good step's ${out.pairsKept} pairs are kept`);
  assert.ok(out.afterClear < out.pairsKept, "after the pile is removed the next step succeeds");
  assert.ok(out.endedAfterClear > 1_000_000, "and ends the pile's pairs");
});
