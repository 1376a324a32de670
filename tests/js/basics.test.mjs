// The assembled package (pkg/, built by scripts/build-pkg.sh) through its Node entry: loading,
// a small scene of every kind, events over several steps, zero-copy transforms, errors, free().
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import init, { World, initSync, init as namedInit, wasmBuild } from "../../pkg/node.js";

await init();

test("init() loaded the build this run expects", () => {
  // The test command runs these suites twice: as Node 20 is (SIMD), and with fixtures/without-simd.mjs preloaded
  // and SEPAX_EXPECT_BUILD=baseline. This makes sure the second pass really exercised the other build.
  assert.equal(wasmBuild(), process.env.SEPAX_EXPECT_BUILD ?? "simd128");
});

const close = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) < 1e-5, `${what}: ${actual} is not ${expected}`);

/** [[a, b], …] from a flat pairs array. */
const pairList = (flat) => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]);
const sorted = (list) => list.map(([a, b]) => (a < b ? [a, b] : [b, a])).sort((p, q) => p[0] - q[0] || p[1] - q[1]);

test("init is idempotent and initSync after init is harmless", async () => {
  assert.equal(init, namedInit);
  await Promise.all([init(), init()]);
  initSync();
  const w = new World();
  assert.equal(w.size, 0);
  w.free();
});

/** Ten shapes, one of each kind at least; returns the ids and the pairs the geometry implies. */
function tenShapes() {
  const w = new World();
  const r = 1;
  const ids = {
    c0: w.addCircle(0, 0, r),
    c1: w.addCircle(1.5, 0, r), // overlaps c0 by 2r - 1.5
    wall: w.addAlignedBox(0, -10, 20, 1, { isStatic: true }), // top edge at y = -9
    c2: w.addCircle(-5, -8.5, r), // sinks 0.5 into the wall's top
    wall2: w.addAlignedBox(10, -10, 5, 1, { isStatic: true }), // overlaps wall: static pairs never form
    box: w.addBox(50, 50, 2, 1, 0.3),
    poly: w.addPolygon(-50, 50, 0, new Float32Array([0, 0, 2, 0, 1, 2])),
    capsule: w.addCapsule(50, -50, 2, 0.5, 0),
    segment: w.addSegment(-51, -50, -49, -50),
    point: w.addPoint(100, 100),
  };
  return { w, ids };
}

test("ten shapes: pairs, normal direction and depth", () => {
  const { w, ids } = tenShapes();
  assert.equal(w.size, 10);
  assert.equal(new Set(Object.values(ids)).size, 10, "ids are distinct");
  const n = w.step();
  assert.equal(n, 2);
  assert.equal(w.pairCount, 2);
  const expected = sorted([
    [ids.c0, ids.c1],
    [ids.wall, ids.c2],
  ]);
  assert.deepEqual(pairList(w.pairs()), expected);
  assert.equal(w.contacts().length, 3 * n);

  // The normal points from the smaller id (a) to the larger (b); moving b by normal × depth separates.
  const contacts = w.contacts();
  pairList(w.pairs()).forEach(([a, b], i) => {
    const [nx, ny, depth] = contacts.subarray(3 * i, 3 * i + 3);
    close(Math.hypot(nx, ny), 1, "normal length");
    const [ax, ay] = w.getTransform(a);
    const [bx, by] = w.getTransform(b);
    if (a === Math.min(ids.c0, ids.c1) && b === Math.max(ids.c0, ids.c1)) {
      const d = Math.hypot(bx - ax, by - ay);
      close(nx, (bx - ax) / d, "circle normal x");
      close(ny, (by - ay) / d, "circle normal y");
      close(depth, 2 - d, "circle depth");
    } else {
      // The circle sits on the wall (top edge y = -9): the normal is vertical, pointing
      // from a to b, and the depth is how far the circle's bottom is below the edge.
      const circleY = a === ids.wall ? by : ay;
      close(nx, 0, "wall normal x");
      close(ny, a === ids.wall ? 1 : -1, "wall normal y");
      close(depth, -9 - (circleY - 1), "wall depth");
    }
  });
  // Everything touching now started now.
  assert.deepEqual(pairList(w.started()), expected);
  assert.equal(w.ended().length, 0);
  w.free();
});

test("started and ended over several steps, with removal and id reuse", () => {
  const { w, ids } = tenShapes();
  w.step();
  const key = (a, b) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  const keys = (flat) => pairList(flat).map(([a, b]) => key(a, b));

  // Step 2: nothing moved: no events, same pairs.
  w.step();
  assert.equal(w.started().length + w.ended().length, 0);
  assert.equal(w.pairCount, 2);

  // Step 3: the point moves into the box, c1 moves away from c0.
  w.setTransform(ids.point, 50.5, 50, 0);
  w.setTransform(ids.c1, 10, 10, 0);
  w.step();
  assert.deepEqual(keys(w.started()), [key(ids.box, ids.point)]);
  assert.deepEqual(keys(w.ended()), [key(ids.c0, ids.c1)]);

  // Step 4: c2 (touching the wall) is removed: its pair ends even though nothing moved.
  w.remove(ids.c2);
  assert.equal(w.has(ids.c2), false);
  w.step();
  assert.deepEqual(keys(w.ended()), [key(ids.wall, ids.c2)]);
  assert.equal(w.started().length, 0);
  assert.deepEqual(keys(w.pairs()), [key(ids.box, ids.point)]);

  // Step 5: a new circle reuses c2's id, away from everything: no pair is inherited.
  const reused = w.addCircle(-80, 80, 1);
  assert.equal(reused, ids.c2);
  w.step();
  assert.equal(w.started().length + w.ended().length, 0);

  // Step 6: it drops onto the wall: a fresh start for the reused id.
  w.setTransform(reused, -5, -8.2, 0);
  w.step();
  assert.deepEqual(keys(w.started()), [key(ids.wall, reused)]);
  assert.equal(w.size, 10);
  w.free();
});

test("generation(id) tells a reused id apart (issue 21)", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const saved = w.generation(a);
  assert.equal(saved, 0);
  w.setTransform(a, 3, 3, 1);
  w.step();
  assert.equal(w.generation(a), saved, "moves and steps keep it");
  w.remove(a);
  assert.notEqual(w.generation(a), saved, "removal changes it at once");
  const free = w.generation(a);
  const b = w.addPoint(5, 5);
  assert.equal(b, a, "the id is reused");
  assert.equal(w.generation(b), free, "the free id already had the next shape's generation");
  assert.notEqual(w.generation(b), saved);
  assert.equal(w.generation(2 ** 32 - 1), 0, "an id never issued");
  assert.throws(
    () => w.generation("0"),
    (e) => e instanceof TypeError && /^generation: id must be a number/.test(e.message),
  );
  assert.throws(
    () => w.generation(),
    (e) => e instanceof TypeError && /^generation: id/.test(e.message),
  );
  for (const bad of [-1, 0.5, 2 ** 32, NaN]) {
    assert.throws(
      () => w.generation(bad),
      (e) => e instanceof RangeError && /^generation: id/.test(e.message),
      `${bad}`,
    );
  }
  w.free();
});

test("a box turned by a huge angle turns by that angle (issue 21)", () => {
  // 1e10 rad is an exact f32 (5.774 rad modulo 2π); it used to be snapped to an axis.
  const w = new World();
  const box = w.addBox(0, 0, 2, 0.5, 1e10);
  const point = w.addPoint(1.5716, -0.8775);
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.pairs()), [box, point]);
  w.free();
});

test("writes to transforms() move shapes at the next step (zero copy)", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const b = w.addCircle(5, 0, 1);
  assert.equal(w.step(), 0);
  const { xs, ys, angles } = w.transforms();
  assert.equal(xs.length, w.slotCount);
  assert.deepEqual([xs[b], ys[b], angles[b]], [5, 0, 0]);
  xs[b] = 1.2;
  ys[b] = 0.5;
  // The write is the shape's transform: no call needed.
  assert.deepEqual(Array.from(w.getTransform(b)), [Math.fround(1.2), 0.5, 0]);
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.pairs()), [a, b]);
  close(w.contacts()[2], 2 - Math.hypot(Math.fround(1.2), 0.5), "depth after a view write");
  // setTransforms writes the same columns, so the views see it.
  w.setTransforms(new Uint32Array([a]), new Float32Array([-3, 0, 0.25]));
  assert.deepEqual([xs[a], ys[a], angles[a]], [-3, 0, 0.25]);
  assert.equal(w.step(), 0);
  w.free();
});

test("bad input throws TypeError/RangeError naming the argument and changes nothing", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const b = w.addCircle(1, 0, 1);
  const gone = w.addCircle(30, 30, 1);
  w.remove(gone);
  w.step();
  const before = Array.from(w.pairs());
  assert.deepEqual(before, [a, b]);
  const transformsBefore = [a, b].map((id) => Array.from(w.getTransform(id)));

  const cases = [
    [() => w.addCircle(NaN, 0, 1), RangeError, /^addCircle: x must be a finite number \(got NaN\)/],
    [() => w.addCircle(0, 0, null), TypeError, /^addCircle: radius must be a number \(got null\)/],
    [() => w.addCircle(0, 0, -1), RangeError, /radius/],
    [() => w.addBox(0, 0, 1, 1, 0, { isStatic: "yes" }), TypeError, /opts/],
    [() => w.remove("1"), TypeError, /^remove: id must be a number \(got the string "1"\)/],
    [() => w.remove(1.5), RangeError, /^remove: id must be a non-negative integer id \(got 1\.5\)/],
    [() => w.remove(gone), RangeError, new RegExp(`^remove: id: ${gone} is not the id of a live shape`)],
    [() => w.setTransform(gone, 0, 0, 0), RangeError, /id/],
    [() => w.setTransforms(new Int32Array([a]), new Float32Array(3)), TypeError, /ids must be a Uint32Array/],
    [() => w.setTransforms([a], new Float32Array(3)), TypeError, /ids must be a Uint32Array/],
    [() => w.setTransforms(new Uint32Array([a]), new Float64Array(3)), TypeError, /xya must be a Float32Array/],
    [
      () => w.setTransforms(new Uint32Array([a, b]), new Float32Array(5)),
      RangeError,
      /xya must have length 6 \(got 5\)/,
    ],
    [() => w.setTransforms(new Uint32Array([a, gone]), new Float32Array(6)), RangeError, /ids/],
    [() => w.setTransforms(new Uint32Array([a, b]), new Float32Array([1, 1, 0, 2, NaN, 0])), RangeError, /xya\[4\]/],
    [() => w.addPolygon(0, 0, 0, [0, 0, 1, 0, NaN, 1]), RangeError, /points: vertex 2 /],
    [() => w.addPolygon(0, 0, 0, [0, 0, 4, 0, 1, 1, 0, 4]), RangeError, /points: .*vertex \d/],
    [() => w.addPolygon(0, 0, 0, [0, 0, 1, 0, 1]), RangeError, /points.*even/],
    [() => w.addPolygon(0, 0, 0, "0,0,1,0,0,1"), TypeError, /points must be/],
  ];
  for (const [call, Type, message] of cases) {
    assert.throws(call, (e) => e instanceof Type && message.test(e.message), `${call}`);
    // Nothing changed: same shapes, same transforms, and the next step reports the same pairs.
    assert.equal(w.size, 2, `${call}`);
    assert.deepEqual(
      [a, b].map((id) => Array.from(w.getTransform(id))),
      transformsBefore,
      `${call}`,
    );
    w.step();
    assert.deepEqual(Array.from(w.pairs()), before, `${call}`);
  }

  // A non-finite value written through a view makes step() throw, naming the shape; fixing it recovers.
  const { xs } = w.transforms();
  xs[b] = Infinity;
  assert.throws(
    () => w.step(),
    (e) => e instanceof RangeError && new RegExp(`shape ${b}`).test(e.message),
  );
  assert.deepEqual(Array.from(w.pairs()), before, "a failed step keeps the last results");
  w.transforms().xs[b] = 1;
  assert.equal(w.step(), 1);
  w.free();
});

test("a freed World throws a clear Error; free() twice is harmless", () => {
  const w = new World();
  w.addCircle(0, 0, 1);
  w.step();
  w.free();
  w.free();
  for (const call of [
    () => w.step(),
    () => w.addCircle(0, 0, 1),
    () => w.pairs(),
    () => w.transforms(),
    () => w.size,
  ]) {
    assert.throws(call, (e) => e.constructor === Error && /World was freed/.test(e.message), `${call}`);
  }
  // Other worlds are unaffected.
  const other = new World();
  other.addCircle(0, 0, 1);
  other.addCircle(0.5, 0, 1);
  assert.equal(other.step(), 1);
  other.free();
});

// A fresh process, so that the module has never been initialised.
test("new World() before init() throws an Error that says to call init()", () => {
  const script = `
        import { World, init } from "../../pkg/node.js";
        try { new World(); console.log("no error"); } catch (e) { console.log(e.constructor.name + ": " + e.message); }
        await init();
        const w = new World();
        console.log("after init: " + (w.addCircle(0, 0, 1) === 0) + " " + (w instanceof World));
    `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  const [before, after] = run.stdout.trim().split("\n");
  assert.match(before, /^Error: sepax: call `await init\(\)`/);
  assert.equal(after, "after init: true true");
});

test("init() handed an HTML page instead of the .wasm says so and how to fix it, and a retry loads", () => {
  // What Vite 5-7's dev server does to the .wasm's URL without optimizeDeps.exclude: it answers with the page.
  const script = `
        import { init, World } from "../../pkg/node.js";
        const page = "<!doctype html><html><body>app</body></html>";
        try {
          await init(new Response(page, { headers: { "content-type": "text/html" } }));
          console.log("no error");
        } catch (e) { console.log(JSON.stringify(e.constructor.name + ": " + e.message)); }
        await init();
        console.log(new World().addCircle(0, 0, 1));
    `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  const [failed, retried] = run.stdout.trim().split("\n");
  const message = JSON.parse(failed);
  assert.match(message, /^Error: sepax: init\(\): the file loaded as the \.wasm is not WebAssembly/);
  assert.match(message, /expected magic word/, "the engine's own words are kept");
  assert.match(message, /optimizeDeps: \{ exclude: \["sepax"\] \}/);
  assert.match(message, /sepax\/inline/);
  assert.equal(retried, "0");
});
