// What a game reads about its shapes and how it labels them, through the assembled package (pkg/, Node entry): the
// live ids (a view, ascending, equal to probing every slot with has()), a shape's box, tags (add options, records,
// snapshots, the view), and query filters that exclude an id or the statics, checked against the layer masks that
// express the same filter. Every argument position's hostile values are in hostile-sweep.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

/** A seeded generator (mulberry32), as the other suites use. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const probed = (w) => Array.from({ length: w.slotCount }, (_, id) => id).filter((id) => w.has(id));

test("liveIds() is the live slots ascending, a cached view rebuilt only after adds and removals", () => {
  const w = new World();
  const rand = mulberry32(3);
  try {
    for (let round = 0; round < 400; round++) {
      const live = w.liveIds();
      if (rand() < 0.6 || live.length === 0) w.addCircle(rand() * 100, rand() * 100, 1);
      else w.remove(live[Math.floor(rand() * live.length)]);
      if (round % 7 === 0) w.step();
      assert.deepEqual(Array.from(w.liveIds()), probed(w), `round ${round}`);
      assert.equal(w.liveIds().length, w.size);
    }
    const view = w.liveIds();
    assert.equal(w.liveIds(), view, "no change: the same view");
    w.step();
    assert.equal(w.liveIds(), view, "a step changes no id");
  } finally {
    w.free();
  }
});

test("aabb(id) is the box where the shape is now, as a new array", () => {
  const w = new World();
  try {
    const a = w.addCircle(3, 4, 1);
    assert.deepEqual(Array.from(w.aabb(a)), [2, 3, 4, 5], "added: where it was added");
    w.step();
    w.setTransform(a, 13, 4, 0);
    assert.deepEqual(Array.from(w.aabb(a)), [12, 3, 14, 5], "moved since the step: where it is now");
    w.step();
    assert.deepEqual(Array.from(w.aabb(a)), [12, 3, 14, 5]);
    const b = w.addBox(0, 0, 2, 1, Math.PI / 2);
    const [minX, minY, maxX, maxY] = w.aabb(b);
    assert.ok(Math.abs(maxX - minX - 2) < 1e-5 && Math.abs(maxY - minY - 4) < 1e-5, "turned a quarter");
    assert.notEqual(w.aabb(a), w.aabb(a), "a new array per call");
    w.remove(a);
    assert.throws(() => w.aabb(a), /^RangeError: aabb: id: 0 is not the id of a live shape/);
  } finally {
    w.free();
  }
});

test("tags come from the add options, records and setTag, and go to shape(id), scenes and snapshots", () => {
  const w = new World();
  try {
    const a = w.addCircle(0, 0, 1, { tag: 7 });
    const b = w.addChain([0, 0, 10, 0, 10, 10], { tag: 0xffffffff, isStatic: true });
    const c = w.addTileGrid(50, 50, 2, 2, 8, 8, new Uint8Array([1, 0, 0, 1]), { tag: 3 });
    const [d, e] = w.addShapes([
      { kind: "box", x: 5, y: 5, halfWidth: 1, halfHeight: 1, tag: 11 },
      { kind: "point", x: 6, y: 6 },
    ]);
    const tags = w.tags();
    assert.deepEqual(
      [a, b, c, d, e].map((id) => tags[id]),
      [7, 0xffffffff, 3, 11, 0],
    );
    assert.equal(tags.length, w.slotCount);
    w.setTag(e, 12);
    assert.equal(w.tags()[e], 12);
    assert.equal(w.shape(d).tag, 11);
    assert.equal(w.shape(c).tag, 3, "a grid's record too");
    const copy = new World();
    const ids = copy.addShapes([a, b, c, d, e].map((id) => w.shape(id)));
    assert.deepEqual(
      Array.from(ids, (id) => copy.tags()[id]),
      [7, 0xffffffff, 3, 11, 12],
    );
    copy.free();
    w.step();
    const restored = World.restore(w.snapshot());
    assert.deepEqual(Array.from(restored.tags()), Array.from(w.tags()));
    restored.free();
    w.remove(a);
    assert.equal(w.tags()[a], 0, "a free slot has no tag");
    assert.equal(w.addPoint(1, 1), a);
    assert.equal(w.tags()[a], 0, "the reissued id starts untagged");
  } finally {
    w.free();
  }
});

/** A scene of circles and static boxes, and the same scene with each static on layer 2^31 (for the oracle). */
function scenes(seed) {
  const rand = mulberry32(seed);
  const w = new World();
  const marked = new World();
  for (let k = 0; k < 120; k++) {
    const [x, y, r] = [rand() * 40, rand() * 40, 0.5 + rand() * 2];
    const isStatic = k % 4 === 0;
    const layer = isStatic ? 2 ** 31 : 1;
    if (isStatic) {
      w.addAlignedBox(x, y, r, r, { isStatic });
      marked.addAlignedBox(x, y, r, r, { isStatic, layer });
    } else {
      w.addCircle(x, y, r);
      marked.addCircle(x, y, r, { layer });
    }
  }
  w.step();
  marked.step();
  return { w, marked };
}

test("a filter that excludes an id or the statics equals the masks that express it", () => {
  const { w, marked } = scenes(9);
  const rand = mulberry32(4);
  try {
    for (let round = 0; round < 100; round++) {
      const excluded = Math.floor(rand() * w.size);
      const excludeStatics = rand() < 0.5;
      const filter = { exclude: excluded, excludeStatics, excludeSensors: rand() < 0.5 };
      // The oracle: the excluded shape alone on layer 2^30.
      const layer = marked.shape(excluded).layer;
      marked.setLayerMask(excluded, 2 ** 30, 0xffffffff);
      const mask = (excludeStatics ? ~(3 << 30) : ~(1 << 30)) >>> 0;
      const [x, y] = [rand() * 40, rand() * 40];
      const same = (what, got, want) => assert.deepEqual(got, want, `${what}, round ${round}`);
      same("queryPoint", w.queryPoint(x, y, filter), marked.queryPoint(x, y, mask));
      same(
        "queryAabb",
        w.queryAabb(x - 5, y - 5, x + 5, y + 5, filter),
        marked.queryAabb(x - 5, y - 5, x + 5, y + 5, mask),
      );
      const probe = { kind: "circle", radius: 3 };
      same("queryShape", w.queryShape(probe, x, y, 0, filter), marked.queryShape(probe, x, y, 0, mask));
      const [dx, dy] = [rand() - 0.5, rand() - 0.5 + 1e-3];
      same("raycast", w.raycast(x, y, dx, dy, 50, filter), marked.raycast(x, y, dx, dy, 50, mask));
      same(
        "castShape",
        w.castShape(probe, x, y, 0, 20 * dx, 20 * dy, filter),
        marked.castShape(probe, x, y, 0, 20 * dx, 20 * dy, mask),
      );
      marked.setLayerMask(excluded, layer, 0xffffffff);
    }
    // The mask inside a filter object, and the batches.
    assert.deepEqual(w.queryAabb(0, 0, 40, 40, { mask: 0 }), new Uint32Array(0));
    const shooters = new Uint32Array([1, 2, 3]);
    const motion = new Float32Array([30, 0, 0, 30, -30, 0]);
    const filter = { exclude: 5, excludeStatics: true };
    w.sweep(shooters, motion, filter);
    const got = Array.from(w.sweepResults().ids.subarray(0, 3));
    marked.setLayerMask(5, 2 ** 30, 0xffffffff);
    marked.sweep(shooters, motion, ~(3 << 30) >>> 0);
    assert.deepEqual(got, Array.from(marked.sweepResults().ids.subarray(0, 3)));
    const rays = new Float32Array([0, 20, 1, 0, 20, 0, 0, 1, 40, 40, -1, -1]);
    w.raycastMany(rays, 60, filter);
    const rayIds = Array.from(w.rayResults().ids.subarray(0, 3));
    marked.raycastMany(rays, 60, ~(3 << 30) >>> 0);
    assert.deepEqual(rayIds, Array.from(marked.rayResults().ids.subarray(0, 3)));
    // An exclusion belongs to its one call: the next query with a bare mask sees every shape again.
    const all = w.queryAabb(0, 0, 40, 40);
    w.queryAabb(0, 0, 40, 40, { exclude: all[0] });
    assert.deepEqual(w.queryAabb(0, 0, 40, 40), all);
  } finally {
    w.free();
    marked.free();
  }
});
