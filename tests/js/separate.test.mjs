// separate() through the package (pkg/node.js): pairs pushed apart by weight from the last step's contacts, statics
// and shapes left out never moving, hostile arguments named.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

test("separate pushes the last step's pairs apart by weight; statics never move", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const b = w.addCircle(1, 0, 1);
  const wall = w.addCircle(10, 0, 1, { isStatic: true });
  const c = w.addCircle(11.5, 0, 1);
  w.step();
  assert.equal(w.separate(null, { iterations: 1 }), 3);
  assert.deepEqual(
    [a, b, wall, c].map((id) => w.getTransform(id)[0]),
    [-0.5, 1.5, 10, 12],
  );
  // Weights: the boss is pushed a hundredth as far as the minion.
  const boss = w.addCircle(0, 20, 1);
  const minion = w.addCircle(1, 20, 1);
  w.step();
  w.separate(new Uint32Array([boss, minion]), { weights: new Float32Array([100, 1]) });
  assert.ok(Math.abs(w.getTransform(boss)[0] + 1 / 101) < 1e-6);
  assert.ok(Math.abs(w.getTransform(minion)[0] - (1 + 100 / 101)) < 1e-6);
  const before = Array.from(w.getTransform(a));
  const cases = [
    [
      () => w.separate(null, { iterations: 0 }),
      RangeError,
      /separate: opts\.iterations must be an integer from 1 to 16/,
    ],
    [() => w.separate(null, { iterations: 2.5 }), RangeError, /opts\.iterations/],
    [() => w.separate(null, { weights: new Float32Array([1]) }), RangeError, /opts\.weights must have length 0/],
    [() => w.separate(new Uint32Array([a]), { weights: new Float32Array([-1]) }), RangeError, /opts\.weights must be/],
    [() => w.separate(new Uint32Array([999])), RangeError, /ids: 999 is not the id of a live shape/],
    [() => w.separate([a]), TypeError, /ids must be a Uint32Array/],
    [() => w.separate(null, { iteration: 2 }), TypeError, /unknown key "iteration"/],
  ];
  for (const [call, type, message] of cases) {
    assert.throws(call, (e) => e instanceof type && message.test(e.message), String(message));
  }
  assert.deepEqual(Array.from(w.getTransform(a)), before);
  w.free();
});
