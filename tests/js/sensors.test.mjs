// Sensors through the package (pkg/node.js): the `sensor` option of the add methods and scene records, `setSensor`,
// never met by moveAndSlide, casts, sweeps and rays, reported by step() and found by queries, kept by snapshots.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

test("a sensor is reported and found but stops no motion", () => {
  const w = new World();
  const coin = w.addCircle(5, 0, 1, { sensor: true, isStatic: true });
  const player = w.addCircle(0, 0, 0.5, { layer: 2 });
  w.step();
  assert.equal(w.castShape({ kind: "circle", radius: 0.5 }, 0, 0, 0, 10, 0, 1), null);
  assert.equal(w.raycast(0, 0, 1, 0, 10, 1), null);
  w.sweep(new Uint32Array([player]), new Float32Array([10, 0]));
  assert.equal(w.sweepResults().t[0], 1);
  const r = w.moveAndSlide(player, 5, 0);
  assert.deepEqual([r.x, r.y, r.contacts.length], [5, 0, 0]);
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.started()), [coin, player]);
  assert.deepEqual(Array.from(w.queryPoint(5, 0.9)), [coin]);
  assert.equal(w.shape(coin).sensor, true);
  assert.equal(w.shape(player).sensor, false);
  // Solid again: the cast stops at it.
  w.setSensor(coin, false);
  assert.equal(w.castShape({ kind: "circle", radius: 0.5 }, -5, 0, 0, 10, 0, 1).id, coin);
  w.setSensor(coin, true);
  // Kept by snapshots and by scene records.
  const restored = World.restore(w.snapshot());
  assert.equal(restored.shape(coin).sensor, true);
  const [copy] = restored.addShapes([w.shape(coin)]);
  assert.equal(restored.shape(copy).sensor, true);
  restored.free();
  assert.throws(() => w.addCircle(0, 0, 1, { sensor: 1 }), {
    name: "TypeError",
    message: /opts\.sensor must be a boolean/,
  });
  assert.throws(() => w.setSensor(coin, "yes"), { name: "TypeError", message: /setSensor: sensor must be a boolean/ });
  assert.throws(() => w.setSensor(999, true), { name: "RangeError", message: /setSensor: id: 999 is not the id/ });
  assert.throws(
    () => w.addShapes([{ kind: "circle", x: 0, y: 0, radius: 1, sensor: "no" }]),
    /list\[0\]\.sensor must be a boolean/,
  );
  w.free();
});

test("moveAndSlide reports the sensors its path crossed, in order, with t", () => {
  const w = new World();
  const coins = [6, 2, 4].map((x) => w.addCircle(x, 0, 0.25, { isStatic: true, sensor: true }));
  const far = w.addCircle(20, 0, 0.25, { isStatic: true, sensor: true, layer: 4 });
  const player = w.addCircle(0, 0, 0.5);
  w.step();
  let r = w.moveAndSlide(player, 7, 0, { mask: ~4 });
  assert.deepEqual(Array.from(r.crossings), [coins[1], coins[2], coins[0]]);
  assert.deepEqual(
    Array.from(r.crossingTs, (t) => Math.round(t * 7000) / 1000),
    [1.25, 3.25, 5.25],
  );
  r = w.moveAndSlide(player, 0.5, 0);
  assert.equal(r.crossings.length, 0);
  r = w.moveAndSlide(player, 14, 0);
  assert.deepEqual(Array.from(r.crossings), [far]);
  w.free();
});

test("sweepCrossings lists the sensors each bullet crossed before its hit", () => {
  const w = new World();
  const coins = [4, 2, 6].map((x) => w.addCircle(x, 0, 0.25, { isStatic: true, sensor: true }));
  const wall = w.addAlignedBox(9, 0, 0.5, 1, { isStatic: true });
  w.addCircle(12, 0, 0.25, { isStatic: true, sensor: true });
  const bullets = new Uint32Array([w.addCircle(0, 0, 0.1), w.addCircle(0, -3, 0.1)]);
  w.step();
  const dxy = new Float32Array([20, 0, 20, 0]);
  w.sweep(bullets, dxy);
  assert.equal(w.sweepResults().ids[0], wall);
  const c = w.sweepCrossings();
  assert.deepEqual(Array.from(c.items), [0, 0, 0]);
  assert.deepEqual(Array.from(c.ids), [coins[1], coins[0], coins[2]]);
  assert.deepEqual(
    Array.from(c.t, (t) => Math.round(t * 20000) / 1000),
    [1.65, 3.65, 5.65],
  );
  // Asked again with nothing changed: the same views.
  assert.equal(w.sweepCrossings(), c);
  w.sweep(bullets, dxy, 0);
  assert.equal(w.sweepCrossings().ids.length, 0);
  w.free();
});

test("responses per layer: water crossed and reported, spikes stop, rubber bounces", () => {
  const [WATER, SPIKES, RUBBER] = [2, 4, 8];
  const w = new World();
  const water = w.addAlignedBox(3, 0, 0.5, 5, { isStatic: true, layer: WATER });
  w.addAlignedBox(10.5, 0, 0.5, 20, { isStatic: true, layer: RUBBER });
  w.addAlignedBox(0, -10.5, 20, 0.5, { isStatic: true, layer: SPIKES });
  const ball = w.addCircle(0, 0, 0.5);
  w.step();
  const opts = { crossMask: WATER, touchMask: SPIKES, bounceMask: RUBBER };
  let r = w.moveAndSlide(ball, 20, 0, opts);
  assert.deepEqual(Array.from(r.crossings), [water]);
  assert.ok(Math.abs(r.x - 9.49) < 1e-3, `${r.x}`);
  assert.ok(r.bounceX < -10 && r.bounceY === 0, `${r.bounceX}, ${r.bounceY}`);
  r = w.moveAndSlide(ball, -5, -20, opts);
  assert.ok(Math.abs(r.y + 9.49) < 1e-2 && r.x > 4, `stopped on the spikes at ${r.x}, ${r.y}`);
  assert.deepEqual([r.bounceX, r.bounceY], [0, 0]);
  assert.throws(() => w.moveAndSlide(ball, 0, 0, { crossMask: 1.5 }), {
    name: "RangeError",
    message: /opts\.crossMask/,
  });
  assert.throws(() => w.moveAndSlide(ball, 0, 0, { bounceMask: "1" }), {
    name: "TypeError",
    message: /opts\.bounceMask/,
  });
  w.free();
});

test("stepCrossings lists the sensors a continuous shape crossed between two steps", () => {
  const w = new World();
  const coins = [30, 10, 20].map((x) => w.addCircle(x, 0, 1, { isStatic: true, sensor: true }));
  const bullet = w.addCircle(0, 0, 0.5, { continuous: true });
  const plain = w.addCircle(-10, 0.2, 0.5);
  w.setContinuous(plain, false);
  assert.equal(w.shape(bullet).continuous, true);
  assert.equal(w.shape(plain).continuous, false);
  w.step();
  assert.equal(w.stepCrossings().sensors.length, 0);
  // 50 units in one frame: no pair at either step, three coins crossed, in the order entered.
  w.setTransform(bullet, 50, 0, 0);
  w.setTransform(plain, 60, 0.2, 0); // crosses them too, but is not continuous
  assert.equal(w.step(), 0);
  const c = w.stepCrossings();
  assert.deepEqual(Array.from(c.shapes), [bullet, bullet, bullet]);
  assert.deepEqual(Array.from(c.sensors), [coins[1], coins[2], coins[0]]);
  assert.deepEqual(
    Array.from(c.t, (t) => Math.round(t * 1000) / 1000),
    [0.17, 0.37, 0.57],
  );
  assert.equal(w.stepCrossings(), c, "asked again with nothing changed: the same views");
  // A teleport back, marked as one: nothing crossed.
  w.setTransform(bullet, 0, 0, 0);
  w.setContinuous(bullet, true);
  w.step();
  assert.equal(w.stepCrossings().sensors.length, 0);
  // A scene record keeps the flag; a snapshot too.
  const [copy] = w.addShapes([{ ...w.shape(bullet), y: 5 }]);
  assert.equal(w.shape(copy).continuous, true);
  const restored = World.restore(w.snapshot());
  assert.equal(restored.shape(bullet).continuous, true);
  restored.free();
  // Hostile input: named errors, the world unchanged.
  assert.throws(() => w.setContinuous(bullet, 1), {
    name: "TypeError",
    message: /setContinuous: continuous must be a boolean/,
  });
  assert.throws(() => w.setContinuous(999, true), { name: "RangeError", message: /setContinuous: id/ });
  assert.throws(() => w.addCircle(0, 0, 1, { continuous: "yes" }), { name: "TypeError", message: /opts\.continuous/ });
  assert.equal(w.shape(bullet).continuous, true);
  w.free();
});
