// Concave polygons through the package (pkg/node.js): one id whose pairs, queries, rays, casts and moves see the
// outline (a shape in the notch touches nothing), parts() for drawing, and hostile outlines (self-intersecting,
// zero area, NaN, too many points, lying typed arrays) that throw a named RangeError or TypeError and leave the
// world unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

/** A U (y down): arms 1 wide, a notch 2 wide and 3 deep opening towards -y, its bottom from y = 3 to 4. */
const CUP = [0, 0, 1, 0, 1, 3, 3, 3, 3, 0, 4, 0, 4, 4, 0, 4];

test("a concave polygon is one id whose pairs, queries, rays and casts see its outline", () => {
  const w = new World();
  const cup = w.addConcavePolygon(10, 10, 0, new Float32Array(CUP), { isStatic: true });
  const inNotch = w.addCircle(12, 11.5, 0.5);
  assert.equal(w.size, 2);
  assert.equal(w.step(), 0, "in the notch, inside the hull, touching nothing");
  w.setTransform(inNotch, 12, 12.8, 0);
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.pairs()), [cup, inNotch]);
  const [nx, ny, depth] = w.contacts();
  assert.deepEqual([nx, ny], [0, -1]);
  assert.ok(Math.abs(depth - 0.3) < 1e-5, `depth ${depth}`);
  assert.deepEqual(Array.from(w.queryPoint(12, 10.5)), []);
  assert.deepEqual(Array.from(w.queryPoint(10.5, 10.5)), [cup]);
  // Down the notch, beside the circle at its bottom.
  const ray = w.raycast(11.2, 0, 0, 1, 100);
  assert.equal(ray.id, cup);
  assert.equal(ray.distance, 13);
  const probe = { kind: "circle", radius: 0.2 };
  const hit = w.castShape(probe, 11.25, 0, 0, 0, 20);
  assert.equal(hit.id, cup);
  assert.ok(Math.abs(hit.t - 0.64) < 1e-6, `t ${hit.t}`);
  assert.deepEqual(Array.from(w.parts(inNotch)), [1, 0]);
  w.remove(inNotch);
  // A box dropped into the notch lands on its bottom, a skin above it.
  const box = w.addAlignedBox(12, 5, 0.4, 0.4);
  w.step();
  const moved = w.moveAndSlide(box, 0, 20);
  assert.ok(moved.grounded);
  assert.ok(Math.abs(moved.y - (13 - 0.4 - 0.01)) < 1e-4, `y ${moved.y}`);
  // The parts, in local coordinates, cover the outline's area (10).
  const parts = w.parts(cup);
  assert.ok(parts instanceof Float32Array);
  let area = 0;
  let at = 1;
  for (let k = 0; k < parts[0]; k++) {
    const n = parts[at];
    for (let i = 0; i < n; i++) {
      const [x0, y0] = [parts[at + 1 + 2 * i], parts[at + 2 + 2 * i]];
      const j = (i + 1) % n;
      area += (x0 * parts[at + 2 + 2 * j] - parts[at + 1 + 2 * j] * y0) / 2;
    }
    at += 1 + 2 * n;
  }
  assert.equal(at, parts.length);
  assert.equal(area, 10);
  // A long outline: 1,024 points, added in one call.
  const star = [];
  for (let k = 0; k < 1024; k++) {
    const r = k % 2 ? 50 : 100;
    star.push(r * Math.cos((k * Math.PI) / 512), r * Math.sin((k * Math.PI) / 512));
  }
  const big = w.addConcavePolygon(500, 500, 0.5, star);
  assert.ok(w.parts(big)[0] > 500);
  w.free();
});

test("hostile outlines throw a named RangeError or TypeError and change nothing", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const b = w.addCircle(1, 0, 1);
  w.step();
  const liar = new Float32Array(CUP);
  Object.defineProperty(liar, "length", { value: 20 });
  const huge = new Float32Array(CUP);
  Object.defineProperty(huge, "length", { value: 2e9 });
  class Shorter extends Float32Array {
    get length() {
      return 4;
    }
  }
  const cases = [
    [
      [0, 0, 1, 1, 1, 0, 0, 1],
      RangeError,
      /^addConcavePolygon: points: the outline crosses itself at the edge from vertex 0$/,
    ],
    [[0, 0, 4, 0, 4, 4, 2, 4, 2, 6, 2, 5, 0, 4], RangeError, /from vertex 3/],
    [[0, 0, 1, 1, 2, 2, 3, 3], RangeError, /zero area/],
    [[0, 0, 1, 0, NaN, 1], RangeError, /vertex 2/],
    [new Float32Array(2050), RangeError, /at most 1024 points \(got 1025\)/],
    [liar, TypeError, /points\[16\]/],
    [huge, RangeError, /at most 1024 points/],
    [new Shorter(CUP), RangeError, /at least 3/],
    ["0,0,1,0,0,1", TypeError, /points must be/],
    [null, TypeError, /points must be/],
  ];
  for (const [points, Class, pattern] of cases) {
    assert.throws(
      () => w.addConcavePolygon(0, 0, 0, points),
      (e) => e instanceof Class && pattern.test(e.message),
      String(points),
    );
  }
  assert.throws(() => w.parts(99), RangeError);
  assert.throws(() => w.parts("0"), TypeError);
  assert.equal(w.size, 2);
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.pairs()), [a, b]);
  w.free();
});
