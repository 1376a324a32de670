// The casts through the assembled package (pkg/, Node entry): castShape's hit object, sweep() and
// raycastMany() read through sweepResults() and rayResults() and equal to the single calls, the views' caching, and hostile
// batches (TypeError/RangeError naming the argument, the world and the last results unchanged). Zero
// garbage per frame is measured by garbage.test.mjs; every argument position by hostile-sweep.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

const MISS = 0xffffffff;

/** Walls of every kind (static, layer 1) and 30 bullets (circles, layer 2, mask 1) left of them. */
function range() {
  const w = new World();
  const fixed = { isStatic: true };
  const walls = [
    w.addCircle(30, -12, 2, fixed),
    w.addBox(34, -8, 1, 3, 0.4, fixed),
    w.addAlignedBox(38, -4, 1, 2, fixed),
    w.addPolygon(42, 0, 0.2, [0, -2, 2, 0, 0, 2, -1, 0], fixed),
    w.addCapsule(46, 4, 2, 0.5, 1.2, fixed),
    w.addSegment(50, 6, 50.5, 10, fixed),
    w.addPoint(54, 12, fixed),
  ];
  const bullets = Array.from({ length: 30 }, (_, k) => w.addCircle(0, k - 15, 0.25, { layer: 2, mask: 1 }));
  w.step();
  return { w, walls, bullets: new Uint32Array(bullets) };
}

test("castShape returns { id, t, x, y, nx, ny, cell } or null", () => {
  const w = new World();
  const wall = w.addAlignedBox(6, 0, 1, 5);
  w.step();
  const hit = w.castShape({ kind: "circle", radius: 0.5 }, 0, 0, 0, 10, 0);
  assert.deepEqual(hit, { id: wall, t: Math.fround(0.45), x: 5, y: 0, nx: -1, ny: 0, cell: 0xffffffff });
  assert.equal(w.castShape({ kind: "circle", radius: 0.5 }, 0, 6, 0, 10, 0), null);
  assert.equal(w.castShape({ kind: "box", halfWidth: 1, halfHeight: 1 }, 0, 0, 0, 10, 0, 2), null, "masked out");
  // Starting in contact: t = 0, whatever the direction.
  assert.equal(w.castShape({ kind: "point" }, 6, 0, 0, 0, 0).t, 0);
  w.free();
});

test("sweep() equals castShape per bullet, raycastMany() equals raycast per ray", () => {
  const { w, walls, bullets } = range();
  const dxy = new Float32Array(2 * bullets.length);
  for (let k = 0; k < bullets.length; k++) dxy.set([40 + 10 * k, (k % 5) - 2], 2 * k);
  assert.equal(w.sweep(bullets, dxy), bullets.length);
  const r = w.sweepResults();
  let hits = 0;
  for (let k = 0; k < bullets.length; k++) {
    const [x, y] = w.getTransform(bullets[k]);
    const single = w.castShape({ kind: "circle", radius: 0.25 }, x, y, 0, dxy[2 * k], dxy[2 * k + 1], 1);
    if (single === null) {
      assert.deepEqual([r.ids[k], r.t[k], r.normals[2 * k], r.normals[2 * k + 1]], [MISS, 1, 0, 0]);
      assert.deepEqual(
        [r.points[2 * k], r.points[2 * k + 1]],
        [Math.fround(x + dxy[2 * k]), Math.fround(y + dxy[2 * k + 1])],
      );
    } else {
      hits += 1;
      assert.ok(walls.includes(r.ids[k]));
      const got = {
        id: r.ids[k],
        t: r.t[k],
        x: r.points[2 * k],
        y: r.points[2 * k + 1],
        nx: r.normals[2 * k],
        ny: r.normals[2 * k + 1],
        cell: r.cells[k],
      };
      assert.deepEqual(got, single, `bullet ${k}`);
    }
  }
  assert.ok(hits >= 7, `only ${hits} hits`);

  const rays = new Float32Array(4 * 40);
  for (let k = 0; k < 40; k++) rays.set([-5, k - 20, 1, 0.05 * (k % 7) - 0.15], 4 * k);
  assert.equal(w.raycastMany(rays, 100), 40);
  const views = w.rayResults();
  let rayHits = 0;
  for (let k = 0; k < 40; k++) {
    const single = w.raycast(...rays.subarray(4 * k, 4 * k + 4), 100);
    if (single === null) {
      assert.deepEqual([views.ids[k], views.distances[k]], [MISS, 100]);
    } else {
      rayHits += 1;
      const got = {
        id: views.ids[k],
        distance: views.distances[k],
        x: views.points[2 * k],
        y: views.points[2 * k + 1],
        nx: views.normals[2 * k],
        ny: views.normals[2 * k + 1],
        cell: views.cells[k],
      };
      assert.deepEqual(got, single, `ray ${k}`);
    }
  }
  assert.ok(rayHits >= 7, `only ${rayHits} ray hits`);
  w.free();
});

test("sweepResults() and rayResults() are cached, share the buffers, and are rebuilt when they grow", () => {
  const { w, bullets } = range();
  w.sweep(bullets.subarray(0, 2), new Float32Array([50, 0, 50, 0]));
  const first = w.sweepResults();
  assert.ok(Object.isFrozen(first));
  assert.equal(first.t.length, 2);
  w.sweep(bullets.subarray(0, 1), new Float32Array([50, 0]));
  assert.equal(w.sweepResults(), first, "a shorter batch reuses the views");
  // One name per meaning: a sweep's fraction is `t`, a ray's distance `distances`, over the same buffer.
  assert.equal(w.rayResults().distances, first.t);
  assert.equal(w.rayResults().ids, first.ids);
  w.raycastMany(new Float32Array(4 * 100).fill(1), 10);
  const grown = w.rayResults();
  assert.notEqual(grown.ids, first.ids);
  assert.equal(grown.ids.length, 100);
  assert.equal(grown.normals.length, 200);
  assert.equal(w.sweepResults().t, grown.distances);
  w.free();
});

test("hostile batches throw a TypeError or RangeError naming the argument and change nothing", () => {
  const { w, walls, bullets } = range();
  const two = bullets.subarray(0, 2);
  w.sweep(two, new Float32Array([50, 0, 50, 0]));
  const snapshot = () => ({
    results: [...w.sweepResults().t.subarray(0, 2), ...w.sweepResults().ids.subarray(0, 2)],
    transforms: [...bullets].map((id) => [...w.getTransform(id)]),
    pairs: [...w.pairs()],
    size: w.size,
  });
  const before = snapshot();
  const cases = [
    [() => w.sweep([bullets[0]], new Float32Array(2)), TypeError, /^sweep: ids must be a Uint32Array/],
    [() => w.sweep(two, new Float64Array(4)), TypeError, /^sweep: dxy must be a Float32Array/],
    [() => w.sweep(two, new Float32Array(3)), RangeError, /^sweep: dxy must have length 4 \(got 3\)/],
    [() => w.sweep(two, new Float32Array([1, 0, NaN, 0])), RangeError, /^sweep: dxy\[2\] must be a finite number/],
    [() => w.sweep(two, new Float32Array([1, 0, 0, Infinity])), RangeError, /^sweep: dxy\[3\]/],
    [
      () => w.sweep(new Uint32Array([bullets[0], 4242]), new Float32Array(4)),
      RangeError,
      /^sweep: ids: 4242 is not the id/,
    ],
    [() => w.sweep(two, new Float32Array(4), "all"), TypeError, /^sweep: mask must be a number/],
    [() => w.sweep(two, new Float32Array(4), 1.5), RangeError, /^sweep: mask/],
    [() => w.raycastMany([0, 0, 1, 0]), TypeError, /^raycastMany: rays must be a Float32Array/],
    [() => w.raycastMany(new Float32Array(6)), RangeError, /^raycastMany: rays must have length 8 \(got 6\)/],
    [
      () => w.raycastMany(new Float32Array([0, 0, 1, 0, 0, 0, 0, 0])),
      RangeError,
      /^raycastMany: rays\[6\], rays\[7\] must not both be 0/,
    ],
    [() => w.raycastMany(new Float32Array([0, NaN, 1, 0])), RangeError, /^raycastMany: rays\[1\]/],
    [() => w.raycastMany(new Float32Array([0, 0, 1, 0]), -1), RangeError, /^raycastMany: maxDistance/],
    [() => w.raycastMany(new Float32Array([0, 0, 1, 0]), NaN), RangeError, /^raycastMany: maxDistance/],
    [() => w.castShape({ kind: "circle", radius: 1 }, 0, 0, 0, NaN, 0), RangeError, /^castShape: dx must be a finite/],
    [() => w.castShape({ kind: "circle", radius: 1 }, 0, 0, 0, 1, Infinity), RangeError, /^castShape: dy/],
    [() => w.castShape({ kind: "circle", radius: 0 }, 0, 0, 0, 1, 0), RangeError, /^castShape: shape\.radius/],
    [() => w.castShape({ kind: "circle", radius: 1 }, 0, 0), TypeError, /^castShape: angle must be a number/],
  ];
  // A typed array whose length lies goes to the checked path and is judged by its real contents.
  const liar = new Uint32Array([bullets[0]]);
  Object.defineProperty(liar, "length", { value: 2e9 });
  cases.push([() => w.sweep(liar, new Float32Array([NaN, 0])), RangeError, /^sweep: dxy\[0\]/]);
  for (const [call, Class, pattern] of cases) {
    assert.throws(call, (e) => e instanceof Class && pattern.test(e.message), String(call));
  }
  assert.deepEqual(snapshot(), before);
  // Enormous but finite motions are answered (cut to the world's reach), not rejected.
  // Bullet 3 (at y = -12) meets the circle wall at (30, -12), radius 2, after 27.75 units.
  assert.equal(w.sweep(new Uint32Array([bullets[3]]), new Float32Array([3e38, 0])), 1);
  const r = w.sweepResults();
  assert.equal(r.ids[0], walls[0]);
  assert.ok(Math.abs(r.t[0] * 3e38 - 27.75) < 1e-3, `t = ${r.t[0]}`);
  w.free();
});
