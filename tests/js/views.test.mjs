// The view helper: views survive wasm memory growth and buffer reallocation, and are cached
// (the same object comes back while nothing changed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { RawWorld } from "../../pkg/sepax_core.js";
import init, { World, wasmMemory } from "../../pkg/node.js";

await init();

test("views stay correct across wasm memory growth (200,000 adds)", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const b = w.addCircle(1.5, 0, 1);
  assert.equal(w.step(), 1);

  const memory = wasmMemory();
  const bufferBefore = memory.buffer;
  const bytesBefore = bufferBefore.byteLength;
  const pairsBefore = w.pairs();
  const contactsBefore = Array.from(w.contacts());
  const xsBefore = w.transforms().xs;
  // A raw view made the way a careless user would: it must die with the old buffer.
  const raw = new Uint32Array(bufferBefore, w.pairs().byteOffset, 2);
  assert.deepEqual(Array.from(raw), [a, b]);

  // 200,000 circles 3 apart on a grid far from a and b: none touches another.
  const n = 200_000;
  const columns = 500;
  const at = (i) => [1000 + (i % columns) * 3, 1000 + Math.floor(i / columns) * 3];
  let last = -1;
  for (let i = 0; i < n; i++) last = w.addCircle(...at(i), 1);
  assert.equal(w.size, n + 2);

  // Growth really happened: a new, larger buffer, and views over the old one are detached.
  assert.notEqual(memory.buffer, bufferBefore);
  assert.ok(memory.buffer.byteLength > bytesBefore, "memory grew");
  assert.equal(bufferBefore.byteLength, 0, "the old buffer is detached");
  assert.equal(raw.length, 0, "a raw view from before growth is empty");
  assert.equal(pairsBefore.length, 0, "a kept pairs() view from before growth is empty");
  assert.equal(xsBefore.length, 0, "a kept transforms() view from before growth is empty");

  // Through the helper: the last step's results are still there, read from the new buffer.
  assert.deepEqual(Array.from(w.pairs()), [a, b]);
  assert.deepEqual(Array.from(w.contacts()), contactsBefore);
  const { xs, ys } = w.transforms();
  assert.equal(xs.length, w.slotCount);
  assert.deepEqual([xs[b], ys[b]], [1.5, 0]);
  assert.deepEqual([xs[last], ys[last]], at(n - 1));

  // And the next step sees the whole scene.
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.pairs()), [a, b]);
  // Writes through the fresh views move shapes: put the last circle onto b.
  w.transforms().xs[last] = 2.5;
  w.transforms().ys[last] = 0;
  assert.equal(w.step(), 2);
  assert.deepEqual(Array.from(w.pairs()), [a, b, b, last]);
  w.free();
});

test("result views follow reallocated buffers and are cached while nothing changes", () => {
  const w = new World();
  const radius = new Map(); // id -> radius
  const add = (x, r) => radius.set(w.addCircle(x, 0, r), r);
  add(0, 1);
  add(1, 1);
  w.step();
  const p1 = w.pairs();
  assert.equal(w.pairs(), p1, "same count, same view object");
  assert.equal(w.contacts(), w.contacts());
  assert.equal(w.transforms(), w.transforms());
  w.step();
  assert.equal(w.pairs(), p1, "a step with the same count keeps the view");
  assert.ok(w.pairBuffer().length >= 2 * w.pairCount);
  assert.ok(w.contactBuffer().length >= 3 * w.pairCount);

  // A chain of 400 circles, each touching the next: the result buffers must grow (move).
  for (let x = 2; x < 400; x++) add(x, 0.6);
  const ptrBefore = w.pairBuffer().byteOffset;
  const count = w.step();
  assert.notEqual(w.pairBuffer().byteOffset, ptrBefore, "the pairs buffer was reallocated");
  const pairs = w.pairs();
  assert.equal(pairs.length, 2 * count);
  assert.ok(w.pairBuffer().length >= pairs.length);
  // Every reported pair touches by the geometry: centres closer than the radii's sum.
  const contacts = w.contacts();
  const { xs } = w.transforms();
  for (let i = 0; i < count; i++) {
    const [pa, pb] = [pairs[2 * i], pairs[2 * i + 1]];
    assert.ok(pa < pb);
    const radii = radius.get(pa) + radius.get(pb);
    const d = Math.abs(xs[pb] - xs[pa]);
    assert.ok(d <= radii + 1e-6, `pair ${pa}-${pb} is ${d} apart`);
    assert.ok(Math.abs(contacts[3 * i + 2] - (radii - d)) < 1e-5, `depth of ${pa}-${pb}`);
  }
  // Neighbours in the chain (1 apart, radii 0.6 + 0.6) always touch: at least 398 pairs.
  assert.ok(count >= radius.size - 1, `${count} pairs`);
  assert.equal(w.pairs(), pairs, "cached again");
  w.free();
});

test("a view of one world is not disturbed by another world", () => {
  const w1 = new World();
  const w2 = new World();
  w1.addCircle(0, 0, 1);
  w1.addCircle(1, 0, 1);
  w2.addCircle(0, 0, 1);
  w2.addCircle(5, 0, 1);
  w2.addCircle(5.5, 0, 1);
  w1.step();
  w2.step();
  assert.deepEqual(Array.from(w1.pairs()), [0, 1]);
  assert.deepEqual(Array.from(w2.pairs()), [1, 2]);
  w1.free();
  assert.deepEqual(Array.from(w2.pairs()), [1, 2]);
  w2.free();
});

test("layoutVersion changes with every new slot and stays a small integer", () => {
  // The views check the raw world's layoutVersion on every transforms() call: a value of 2^30 or more would be a
  // heap number in V8, i.e. garbage on every frame.
  const w = new RawWorld(false, 0xffffffff);
  const seen = new Set([w.layoutVersion()]);
  for (let i = 0; i < 5000; i++) {
    w.addShape(0, i * 3, 0, 0, 1, 0, 0, 1, 0xffffffff, false);
    const version = w.layoutVersion();
    assert.ok(Number.isInteger(version) && version >= 0 && version < 2 ** 30, `layoutVersion ${version}`);
    assert.ok(!seen.has(version), `layoutVersion ${version} repeated after add ${i}`);
    seen.add(version);
  }
  // Removing and re-adding reuses a slot: the columns neither grow nor move, the views stay valid.
  const before = w.layoutVersion();
  w.remove(10);
  w.addShape(0, 5, 5, 0, 1, 0, 0, 1, 0xffffffff, false);
  assert.equal(w.layoutVersion(), before);
  w.free();
  // Through the entry: the transforms() views are kept while a removal and an add reuse a slot.
  const world = new World();
  for (let i = 0; i < 20; i++) world.addCircle(i * 3, 0, 1);
  const xs = world.transforms().xs;
  world.remove(10);
  world.addCircle(5, 5, 1);
  assert.equal(world.transforms().xs, xs);
  world.free();
});
