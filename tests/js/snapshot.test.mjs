// Snapshots through the assembled package (pkg/, Node entry): snapshot() → World.restore() and loadSnapshot()
// round trips, a restored world replaying the same frames bit for bit (pairs, contacts, started, ended, the ids of
// adds), and hostile bytes (RangeError/TypeError naming the argument and what is wrong, the world unchanged).
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";
import { mulberry32 } from "../../bench-js/rng.mjs";

await init();

/** A world of moving and static shapes of several kinds, concave L shapes and chains among them. */
function scene(seed) {
  const rand = mulberry32(seed);
  const w = new World();
  for (let k = 0; k < 120; k++) {
    const [x, y, opts] = [rand() * 40, rand() * 40, { isStatic: k % 6 === 0 }];
    if (k % 10 === 9) w.addConcavePolygon(x, y, rand() * 6, [0, 0, 4, 0, 4, 1, 1, 1, 1, 4, 0, 4], opts);
    else if (k % 20 === 4) {
      const chain = w.addChain([0, 0, 3, 1, 6, 0, 9, 1], { loop: k % 40 === 4, isStatic: opts.isStatic });
      w.setTransform(chain, x, y, rand() * 6);
    } else if (k % 3 === 0) w.addCircle(x, y, 1 + rand(), opts);
    else if (k % 3 === 1) w.addBox(x, y, 1 + rand(), 0.5 + rand(), rand() * 6, opts);
    else w.addPolygon(x, y, rand() * 6, [0, 0, 2, 0, 2.5, 1.5, 0, 2], opts);
  }
  return w;
}

/** One frame of seeded inputs (a function of the seed, the frame and the world), then a step; what it gave. */
function frame(w, seed, f) {
  const rand = mulberry32(seed * 7919 + f);
  const { xs, ys } = w.transforms();
  for (let id = 0; id < w.slotCount; id++) {
    if (w.has(id) && id % 6 !== 0 && rand() < 0.5) {
      xs[id] += rand() - 0.5;
      ys[id] += rand() - 0.5;
    }
  }
  const added = [];
  if (f % 5 === 1) added.push(w.addCircle(rand() * 40, rand() * 40, 1.5));
  if (f % 7 === 3)
    for (let id = f % w.slotCount; id < w.slotCount; id++)
      if (w.has(id)) {
        w.remove(id);
        break;
      }
  w.step();
  return {
    added,
    pairs: Array.from(w.pairs()),
    contacts: Array.from(new Uint32Array(new Float32Array(w.contacts()).buffer)),
    started: Array.from(w.started()),
    ended: Array.from(w.ended()),
  };
}

test("a restored world replays the same frames bit for bit, restored fresh or loaded in place", () => {
  const w = scene(1);
  const saves = new Map();
  const first = [];
  for (let f = 0; f < 60; f++) {
    first.push(frame(w, 1, f));
    if (f % 15 === 4) saves.set(f, w.snapshot());
  }
  assert.ok(first.some((r) => r.pairs.length > 40 && r.started.length > 0 && r.ended.length > 0));
  const target = scene(2);
  target.step();
  for (const [f, bytes] of saves) {
    assert.ok(bytes instanceof Uint8Array);
    const restored = World.restore(bytes);
    assert.ok(restored instanceof World);
    assert.deepEqual(restored.snapshot(), bytes, "a restored world's snapshot is its bytes");
    target.loadSnapshot(bytes);
    for (let g = f + 1; g < 60; g++) {
      assert.deepEqual(frame(restored, 1, g), first[g], `restored after frame ${f}, frame ${g}`);
      assert.deepEqual(frame(target, 1, g), first[g], `loaded after frame ${f}, frame ${g}`);
    }
    restored.free();
  }
  w.free();
  target.free();
});

test("results, transforms and generations read straight after a load are the saved world's", () => {
  const w = scene(3);
  w.step();
  w.remove(5);
  w.step();
  const bytes = w.snapshot();
  const saved = { pairs: Array.from(w.pairs()), xs: Array.from(w.transforms().xs), gen: w.generation(5) };
  const other = new World();
  other.addCircle(0, 0, 1);
  other.step();
  const views = other.transforms(); // rebuilt after the load (its layout changed)
  other.loadSnapshot(bytes);
  assert.deepEqual(Array.from(other.pairs()), saved.pairs);
  assert.deepEqual(Array.from(other.transforms().xs), saved.xs);
  assert.notEqual(other.transforms(), views);
  assert.equal(other.generation(5), saved.gen);
  assert.equal(other.has(5), false);
  assert.equal(other.addPoint(0, 0), w.addPoint(0, 0), "the next add gets the same id");
  // Concave shapes come back as concave: the same parts, not their hull.
  assert.deepEqual(Array.from(other.parts(9)), Array.from(w.parts(9)));
  assert.ok(other.parts(9)[0] >= 2, "an L has two parts");
  // Chains too: the same points, the same side.
  assert.deepEqual(Array.from(other.chainPoints(4)), Array.from(w.chainPoints(4)));
  assert.deepEqual(other.shape(44), w.shape(44));
  assert.equal(w.shape(44).loop, true);
  w.free();
  other.free();
});

test("hostile bytes: a RangeError saying what is wrong, a TypeError for non-bytes, the world unchanged", () => {
  const w = scene(4);
  w.step();
  const bytes = w.snapshot();
  const target = scene(5);
  target.step();
  const before = target.snapshot();
  const pairsBefore = Array.from(target.pairs());
  const rangeError = (b, pattern) => {
    assert.throws(
      () => target.loadSnapshot(b),
      (e) => e instanceof RangeError && pattern.test(e.message),
      pattern,
    );
    assert.throws(
      () => World.restore(b),
      (e) => e instanceof RangeError && pattern.test(e.message),
      pattern,
    );
  };
  rangeError(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), /^loadSnapshot: bytes: bad magic|^restore: bytes: bad magic/);
  rangeError(bytes.subarray(0, 100), /bytes: truncated at byte 100 \(expected \d+ bytes\)/);
  rangeError(new Uint8Array(0), /bytes: truncated at byte 0/);
  const wrongVersion = bytes.slice();
  wrongVersion[4] = 9;
  rangeError(wrongVersion, /bytes: version 9 is not supported/);
  const longer = new Uint8Array(bytes.length + 3);
  longer.set(bytes);
  rangeError(longer, /lengths that lie/);
  // Every truncation, and random byte flips: never a trap, never a half-loaded world.
  const rand = mulberry32(6);
  for (let len = 0; len < bytes.length; len += 7) {
    assert.throws(() => target.loadSnapshot(bytes.subarray(0, len)), RangeError);
  }
  let rejected = 0;
  for (let k = 0; k < 400; k++) {
    const corrupt = bytes.slice();
    corrupt[Math.floor(rand() * 300)] ^= 1 << Math.floor(rand() * 8);
    try {
      World.restore(corrupt).free();
    } catch (e) {
      assert.ok(e instanceof RangeError, String(e));
      rejected++;
    }
  }
  assert.ok(rejected > 50, `${rejected} rejected`);
  for (const bad of [null, undefined, 3, "SPXW", [83, 80, 88, 87], bytes.buffer, new Uint16Array(4)]) {
    assert.throws(
      () => target.loadSnapshot(bad),
      (e) => e instanceof TypeError && /^loadSnapshot: bytes must be a Uint8Array/.test(e.message),
    );
  }
  assert.throws(
    () => World.restore({}),
    (e) => e instanceof TypeError && /^restore: bytes/.test(e.message),
  );
  assert.deepEqual(target.snapshot(), before, "the target is unchanged");
  assert.deepEqual(Array.from(target.pairs()), pairsBefore);
  target.step();
  w.free();
  target.free();
});

test("a snapshot carries contact points: restored, loaded into a world without them, and replayed", () => {
  const w = new World({ contactPoints: true });
  for (let k = 0; k < 40; k++) w.addBox((k % 8) * 1.5, Math.floor(k / 8) * 1.5, 1, 1, k * 0.1);
  w.step();
  const saved = w.snapshot();
  const points = Array.from(w.contactPoints());
  assert.ok(points.length > 0 && points.length === (w.pairs().length / 2) * 7);
  const restored = World.restore(saved);
  const plain = new World();
  plain.loadSnapshot(saved);
  for (const other of [restored, plain]) assert.deepEqual(Array.from(other.contactPoints()), points);
  const { xs } = w.transforms();
  xs[3] += 0.25;
  w.step();
  for (const other of [restored, plain]) {
    other.transforms().xs[3] += 0.25;
    other.step();
    assert.deepEqual(Array.from(other.contactPoints()), Array.from(w.contactPoints()));
    other.free();
  }
  w.free();
});
