// Queries see the world as it is (the core's `world::changes`): shapes added, moved or removed since the last step()
// are seen at once by every query, cast, sweep and moveAndSlide, exactly as a step first would show them; writes
// through the transforms() views after refresh(). Also the upright capsule and moveAndSlide's mask.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

test("a shape added or moved since the last step is seen at once, as a step would show it", () => {
  const w = new World();
  const wall = w.addAlignedBox(10, 0, 1, 10, { isStatic: true });
  // Before any step: a coin placed with a query lands outside the wall.
  assert.deepEqual(Array.from(w.queryPoint(10, 0)), [wall]);
  const player = w.addCircle(0, 0, 0.5);
  // The character moves through nothing: it meets the wall added before any step.
  const r = w.moveAndSlide(player, 20, 0);
  assert.ok(Math.abs(r.x - (9 - 0.5 - 0.01)) < 1e-4, `stopped at ${r.x}`);
  w.setTransform(wall, 30, 0, 0);
  const hit = w.raycast(0, 5, 1, 0, 100);
  assert.equal(hit.id, wall);
  assert.ok(Math.abs(hit.distance - 29) < 1e-4);
  const cast = w.castShape({ kind: "circle", radius: 0.5 }, 0, 5, 0, 50, 0);
  assert.equal(cast.id, wall);
  // The same answers as a twin stepped first.
  const twin = World.restore(w.snapshot());
  twin.step();
  assert.deepEqual(twin.raycast(0, 5, 1, 0, 100), hit);
  assert.deepEqual(twin.castShape({ kind: "circle", radius: 0.5 }, 0, 5, 0, 50, 0), cast);
  // Removed: gone at once.
  w.remove(wall);
  assert.equal(w.raycast(0, 5, 1, 0, 100), null);
  w.free();
  twin.free();
});

test("writes through the views are seen after refresh(), and a bad one is named", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  w.step();
  const { xs } = w.transforms();
  xs[a] = 50;
  assert.deepEqual(Array.from(w.queryPoint(50, 0)), [], "not seen before refresh()");
  w.refresh();
  assert.deepEqual(Array.from(w.queryPoint(50, 0)), [a]);
  assert.deepEqual(Array.from(w.queryPoint(0, 0)), []);
  w.transforms().ys[a] = NaN;
  assert.throws(() => w.refresh(), { name: "RangeError", message: /^refresh: y of shape 0 must be a finite number/ });
  w.transforms().ys[a] = 0;
  // A refresh is not a step: the pairs and events are still the last step's.
  const b = w.addCircle(50, 1, 1);
  w.refresh();
  assert.equal(w.pairCount, 0);
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.started()), [a, b]);
  w.free();
});

test("an upright capsule stands exactly vertical, and round-trips as a record", () => {
  const w = new World();
  const standing = w.addCapsule(0, 0, 1, 0.5, 0, { upright: true });
  const lying = w.addCapsule(10, 0, 1, 0.5);
  // A point on its side at exactly its radius touches it.
  assert.deepEqual(Array.from(w.queryPoint(0.5, 1)), [standing]);
  assert.deepEqual(Array.from(w.queryAabb(-0.5, -1.5, 0.5, 1.5)), [standing]);
  const record = w.shape(standing);
  assert.equal(record.upright, true);
  assert.equal(w.shape(lying).upright, false);
  const [copy] = w.addShapes([{ ...record, x: 20 }]);
  assert.equal(w.shape(copy).upright, true);
  // Probes read the flag too: lying, the probe reaches the copy; standing, it does not.
  const probe = { kind: "capsule", halfLength: 1, radius: 0.5 };
  assert.deepEqual(Array.from(w.queryShape(probe, 21.9, 0)), [copy]);
  assert.deepEqual(Array.from(w.queryShape({ ...probe, upright: true }, 21.9, 0)), []);
  const restored = World.restore(w.snapshot());
  assert.equal(restored.shape(copy).upright, true);
  w.free();
  restored.free();
});

test("moveAndSlide's mask leaves layers out of what the character meets", () => {
  const w = new World();
  const COIN = 4;
  const coin = w.addCircle(3, 0, 0.5, { layer: COIN, isStatic: true });
  const wall = w.addAlignedBox(6, 0, 0.5, 5, { isStatic: true });
  const player = w.addCircle(0, 0, 0.5);
  w.step();
  const through = w.moveAndSlide(player, 10, 0, { mask: ~COIN });
  assert.deepEqual(Array.from(through.contacts.subarray(0, 1)), [wall]);
  assert.ok(Math.abs(through.x - (5.5 - 0.5 - 0.01)) < 1e-4);
  w.setTransform(player, 0, 0, 0);
  const blocked = w.moveAndSlide(player, 10, 0);
  assert.deepEqual(Array.from(blocked.contacts.subarray(0, 1)), [coin]);
  assert.throws(() => w.moveAndSlide(player, 1, 0, { mask: 1.5 }), { name: "RangeError", message: /opts\.mask/ });
  w.free();
});
