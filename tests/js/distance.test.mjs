// Distance queries through the assembled package (pkg/, Node entry): closestPoint's object, nearest's ids,
// nearestMany read through nearestResults() and equal to one call per point (padding included), distance(a, b) between
// every kind and its contact when touching, filters, and the views' caching. The exactness of every kind against a
// brute force is tests/distance.rs's; every argument position's hostile values are in hostile-sweep.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

const NONE = 0xffffffff;

/** Circles on a line at x = 10, 20, …, a static box, a concave cup, a chain and a tile grid. */
function scene() {
  const w = new World();
  const circles = Array.from({ length: 8 }, (_, k) => w.addCircle(10 * (k + 1), 0, 1));
  const box = w.addAlignedBox(0, 50, 5, 5, { isStatic: true });
  const cup = w.addConcavePolygon(100, 50, 0, [0, 0, 2, 0, 2, 6, 6, 6, 6, 0, 8, 0, 8, 8, 0, 8]);
  const chain = w.addChain([0, 100, 20, 100, 40, 110]);
  const grid = w.addTileGrid(200, 0, 4, 4, 8, 8, new Uint8Array([1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1]));
  w.step();
  return { w, circles, box, cup, chain, grid };
}

test("closestPoint returns { id, x, y, distance } or null, exact for every kind", () => {
  const { w, circles, box, cup, chain, grid } = scene();
  try {
    assert.deepEqual(w.closestPoint(10, 5), { id: circles[0], x: 10, y: 1, distance: 4 });
    // Inside a shape: distance 0, the query point itself.
    assert.deepEqual(w.closestPoint(1, 51), { id: box, x: 1, y: 51, distance: 0 });
    // In the cup's notch (2 to 6 across), 1 above its floor at y = 56: the floor is nearest.
    const notch = w.closestPoint(104, 55);
    assert.equal(notch.id, cup);
    assert.ok(Math.abs(notch.distance - 1) < 1e-5 && Math.abs(notch.y - 56) < 1e-5, JSON.stringify(notch));
    assert.deepEqual(w.closestPoint(10, 97), { id: chain, x: 10, y: 100, distance: 3 });
    // In the grid's hollow (cells 1 to 2, 8 to 24 across): 2 from the inner wall at x = 208.
    assert.deepEqual(w.closestPoint(210, 16), { id: grid, x: 208, y: 16, distance: 2 });
    assert.deepEqual(w.closestPoint(202, 2), { id: grid, x: 202, y: 2, distance: 0 }, "in a solid cell");
    assert.equal(w.closestPoint(10, 5, undefined, 3.9), null, "beyond maxDistance");
    assert.equal(w.closestPoint(10, 5, 0), null, "no layer");
    assert.equal(w.closestPoint(10, 5, { exclude: circles[0] }).id, circles[1]);
  } finally {
    w.free();
  }
});

test("nearest lists ids nearest first, ties to the smaller id, and nearestMany equals it per point", () => {
  const { w, circles } = scene();
  try {
    // Halfway between circles 2 and 3 (x = 30 and 40): a tie, the smaller id first.
    assert.deepEqual(Array.from(w.nearest(35, 0, 4)), [circles[2], circles[3], circles[1], circles[4]]);
    assert.deepEqual(Array.from(w.nearest(35, 0, 4, { exclude: circles[2] })), [
      circles[3],
      circles[1],
      circles[4],
      circles[0],
    ]);
    assert.deepEqual(Array.from(w.nearest(35, 0, 8, undefined, 10)), [circles[2], circles[3]], "cut by maxDistance");
    const points = new Float32Array([35, 0, 0, 0, 101, 53, 500, 500, 10, 98]);
    const k = 3;
    for (const maxDistance of [undefined, 6]) {
      const count = w.nearestMany(points, k, undefined, maxDistance);
      assert.equal(count, 5);
      const { ids, distances, points: xy } = w.nearestResults();
      for (let i = 0; i < count; i++) {
        const one = w.nearest(points[2 * i], points[2 * i + 1], k, undefined, maxDistance);
        for (let j = 0; j < k; j++) {
          const at = i * k + j;
          if (j < one.length) {
            assert.equal(ids[at], one[j]);
            assert.ok(distances[at] >= 0 && Number.isFinite(xy[2 * at]));
          } else {
            assert.deepEqual([ids[at], distances[at]], [NONE, Infinity]);
            assert.ok(Number.isNaN(xy[2 * at]) && Number.isNaN(xy[2 * at + 1]));
          }
        }
        if (one.length > 0) {
          const c = w.closestPoint(points[2 * i], points[2 * i + 1], undefined, maxDistance);
          assert.deepEqual(
            [ids[i * k], distances[i * k], xy[2 * i * k], xy[2 * i * k + 1]],
            [c.id, c.distance, c.x, c.y],
          );
        }
      }
    }
    // Cached views: no new object unless the buffers grew.
    const views = w.nearestResults();
    w.nearestMany(points, k);
    assert.equal(w.nearestResults(), views);
    w.nearestMany(new Float32Array(400), k);
    assert.notEqual(w.nearestResults(), views, "grew");
  } finally {
    w.free();
  }
});

test("distance(a, b) gives the gap and the closest points, 0 and the contact where they touch", () => {
  const { w, circles, box, cup, chain, grid } = scene();
  try {
    assert.deepEqual(w.distance(circles[0], circles[1]), { distance: 8, ax: 11, ay: 0, bx: 19, by: 0 });
    const d = w.distance(box, cup);
    assert.ok(Math.abs(d.distance - 95) < 1e-4 && Math.abs(d.ax - 5) < 1e-4 && Math.abs(d.bx - 100) < 1e-4);
    assert.ok(w.distance(chain, grid).distance > 0);
    // Two shapes that touch: the step pairs them, and the distance is 0 at the contact.
    const a = w.addBox(300, 300, 2, 2, 0);
    const b = w.addBox(303.5, 300, 2, 2, 0);
    w.step();
    assert.deepEqual(Array.from(w.pairs()).slice(-2), [a, b]);
    const touch = w.distance(a, b);
    assert.equal(touch.distance, 0);
    assert.deepEqual([touch.ax, touch.ay], [touch.bx, touch.by]);
    // Midway between the surfaces (x = 301.5 and 302), on b's deepest face.
    assert.ok(Math.abs(touch.ax - 301.75) < 1e-4 && Math.abs(touch.ay - 300) <= 2, JSON.stringify(touch));
    assert.throws(() => w.distance(a, 999), /^RangeError: distance: b: 999 is not the id of a live shape/);
  } finally {
    w.free();
  }
});
