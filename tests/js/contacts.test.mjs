// Contact points from the package: new World({ contactPoints }) and its checks, the contactPoints() view (7
// numbers per pair, parallel to pairs(), cached like the other views), and the geometry users rely on.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

const close = (got, want, what) => assert.ok(Math.abs(got - want) < 1e-5, `${what}: ${got} vs ${want}`);

test("new World(options) accepts contactPoints and names a wrong option", () => {
  for (const options of [undefined, null, {}, { contactPoints: false }, { contactPoints: true }]) {
    new World(options).free();
  }
  assert.throws(
    () => new World({ contactPoint: true }),
    (e) => e instanceof TypeError && /"contactPoint"/.test(e.message),
  );
  assert.throws(
    () => new World({ contactPoints: 1 }),
    (e) => e instanceof TypeError && /options\.contactPoints must be a boolean/.test(e.message),
  );
  assert.throws(() => new World(7), TypeError);
});

test("face-to-face boxes give two points, a corner one, a circle one", () => {
  const w = new World({ contactPoints: true });
  w.addAlignedBox(0, 0, 50, 1, { isStatic: true });
  w.addBox(-10, 1.9, 1, 1);
  w.addBox(0, 1 + Math.SQRT2 - 0.2, 1, 1, Math.PI / 4);
  w.addCircle(10, 1.5, 1);
  assert.equal(w.step(), 3);
  const cp = w.contactPoints();
  assert.ok(cp instanceof Float32Array);
  assert.equal(cp.length, 7 * w.pairCount);
  // The flat box: both ends of its bottom face, halfway into the overlap.
  assert.equal(cp[0], 2);
  const xs = [cp[1], cp[4]].sort((a, b) => a - b);
  close(xs[0], -11, "x0");
  close(xs[1], -9, "x1");
  for (const k of [0, 1]) {
    close(cp[2 + 3 * k], 0.95, "y");
    close(cp[3 + 3 * k], 0.1, "depth");
  }
  // The corner: one point, unused slots 0.
  assert.equal(cp[7], 1);
  [1, 0.9, 0.2].forEach((v, i) => close(cp[8 + i], [0, 0.9, 0.2][i], "corner"));
  assert.deepEqual(Array.from(cp.subarray(11, 14)), [0, 0, 0]);
  // The circle: one point midway between the floor's top (y = 1) and its bottom (y = 0.5).
  assert.equal(cp[14], 1);
  [10, 0.75, 0.5].forEach((v, i) => close(cp[15 + i], v, "circle"));
  w.free();
});

test("contactPoints() is empty without the option and the pairs are the same either way", () => {
  const on = new World({ contactPoints: true });
  const off = new World();
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 30;
  for (let i = 0; i < 300; i++) {
    const [x, y, a] = [rand(), rand(), rand()];
    for (const w of [on, off]) {
      if (i % 3 === 0) w.addCircle(x, y, 1.5);
      else if (i % 3 === 1) w.addBox(x, y, 1.5, 0.8, a);
      else w.addCapsule(x, y, 1.2, 0.5, a);
    }
  }
  assert.equal(on.step(), off.step());
  assert.deepEqual(Array.from(on.pairs()), Array.from(off.pairs()));
  assert.deepEqual(Array.from(on.contacts()), Array.from(off.contacts()));
  assert.equal(off.contactPoints().length, 0);
  const cp = on.contactPoints();
  assert.ok(on.pairCount > 20);
  assert.equal(cp.length, 7 * on.pairCount);
  for (let k = 0; k < on.pairCount; k++) {
    assert.ok(cp[7 * k] === 1 || cp[7 * k] === 2, `pair ${k} has ${cp[7 * k]} points`);
    const depth = on.contacts()[3 * k + 2];
    for (let j = 0; j < cp[7 * k]; j++) {
      const d = cp[7 * k + 3 + 3 * j];
      assert.ok(d >= 0 && d <= depth + 1e-5, `pair ${k} point ${j}: depth ${d} of ${depth}`);
    }
  }
  // Cached like the other views: the same object while nothing changed.
  assert.equal(on.contactPoints(), cp);
  assert.ok(on.contactPointBuffer().length >= cp.length);
  on.free();
  off.free();
});
