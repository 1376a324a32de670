// Chains through the package (pkg/node.js): one id for a polyline of segments, two-sided when open and one-sided
// when looped, smoothed contacts along 1,000 collinear segments (step pairs and moveAndSlide never see a seam),
// chainPoints() and parts() for drawing, and hostile input (too few or too many points, NaN, lying typed arrays, a
// bad `loop`) that throws a named RangeError or TypeError and leaves the world unchanged.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

/** 1,001 points along y = 0: 1,000 collinear segments of length 1. */
const floorPoints = () => {
  const p = new Float32Array(2002);
  for (let i = 0; i <= 1000; i++) p[2 * i] = i;
  return p;
};

test("a chain is one id; a box stepped and moved along 1,000 collinear segments sees only the floor's normal", () => {
  const w = new World();
  const floor = w.addChain(floorPoints(), { isStatic: true });
  assert.equal(w.size, 1);
  assert.equal(w.chainPoints(floor).length, 2002);
  // A box tilted 0.3 rad, its lowest corner 0.05 into the floor, from above (y down: above is -y).
  const box = w.addBox(1, 0, 0.5, 0.4, 0.3);
  const lowest = 0.5 * Math.sin(0.3) + 0.4 * Math.cos(0.3);
  let frames = 0;
  for (let x = 1; x < 999; x += 0.0737) {
    w.setTransform(box, x, -lowest + 0.05, 0.3);
    assert.equal(w.step(), 1, `x = ${x}`);
    assert.deepEqual(Array.from(w.pairs()), [floor, box]);
    const [nx, ny, depth] = w.contacts();
    assert.ok(Math.abs(nx) < 1e-4 && Math.abs(ny + 1) < 1e-4, `x = ${x}: normal ${nx}, ${ny}`);
    assert.ok(Math.abs(depth - 0.05) < 1e-3, `x = ${x}: depth ${depth}`);
    frames++;
  }
  assert.ok(frames > 13000);
  w.remove(box);
  // A capsule character walks the whole floor with moveAndSlide, pressed into it, and never catches on a seam.
  const player = w.addCapsule(0.8, -0.26, 0.5, 0.25);
  w.step();
  let moves = 0;
  for (let x = w.getTransform(player)[0]; x < 998; x = w.getTransform(player)[0]) {
    const r = w.moveAndSlide(player, 0.31, 0.05);
    assert.ok(r.grounded, `x = ${x}`);
    assert.ok(Math.abs(r.x - (x + 0.31)) < 1e-3, `caught at x = ${x}: ${r.x}`);
    for (let i = 0; i < r.contacts.length; i += 3) {
      if (r.contacts[i] !== floor) continue;
      assert.ok(Math.abs(r.contacts[i + 1]) < 1e-4 && Math.abs(r.contacts[i + 2] + 1) < 1e-4, `x = ${x}`);
    }
    w.step();
    moves++;
  }
  assert.ok(moves > 3000, `${moves} moves`);
  w.free();
});

test("an open chain is two-sided, a loop one-sided; parts and chainPoints read it back", () => {
  const w = new World();
  // Counter-clockwise with y up is clockwise on this y-down page: solid from outside.
  const square = w.addChain([0, 0, 10, 0, 10, 10, 0, 10], { loop: true, isStatic: true });
  const ball = w.addCircle(5, -0.45, 0.5);
  assert.equal(w.step(), 1, "outside, touching the face at y = 0");
  const near = (got, x, y) => Math.abs(got[0] - x) < 1e-5 && Math.abs(got[1] - y) < 1e-5;
  assert.ok(near(w.contacts(), 0, -1), String(w.contacts()));
  w.setTransform(ball, 5, 0.45, 0);
  assert.equal(w.step(), 0, "inside: the loop's back");
  assert.equal(w.raycast(5, 5, 0, 1, 100), null, "a ray from inside passes");
  assert.equal(w.raycast(8, -5, 0, 1, 100).id, square);
  // The other winding is a cave.
  const cave = w.addChain([0, 0, 0, 10, 10, 10, 10, 0], { loop: true, isStatic: true });
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.pairs()), [ball, cave]);
  assert.ok(near(w.contacts(), 0, -1), "from the ball to the cave's floor below it");
  w.remove(square);
  w.remove(cave);
  // Open: both sides, moved and turned by its transform (points are local).
  const open = w.addChain([-5, 0, 0, 0, 5, 0]);
  w.setTransform(open, 100, 50, Math.PI / 2);
  w.setTransform(ball, 99.55, 50, 0);
  assert.equal(w.step(), 1);
  assert.ok(near(w.contacts(), 1, 0), String(w.contacts()));
  w.setTransform(ball, 100.45, 50, 0);
  assert.equal(w.step(), 1);
  assert.ok(near(w.contacts(), -1, 0), String(w.contacts()));
  // Duplicates merged; parts are its segments.
  const merged = w.addChain(new Float64Array([0, 0, 1, 0, 1, 0, 2, 1]));
  assert.deepEqual(Array.from(w.chainPoints(merged)), [0, 0, 1, 0, 2, 1]);
  assert.deepEqual(Array.from(w.parts(merged)), [2, 2, 0, 0, 1, 0, 2, 1, 0, 2, 1]);
  // 4,096 points are accepted.
  const long = [];
  for (let i = 0; i < 4096; i++) long.push(i, i % 3);
  assert.equal(w.chainPoints(w.addChain(long)).length, 8192);
  // Typed arrays are copied in one call: the same points as the plain array, from either
  // element type and from a view into the middle of a larger buffer.
  const wavy = [];
  for (let i = 0; i < 300; i++) wavy.push(i, Math.fround(Math.sin(i / 7)));
  const want = Array.from(w.chainPoints(w.addChain(wavy)));
  assert.deepEqual(Array.from(w.chainPoints(w.addChain(Float32Array.from(wavy)))), want);
  assert.deepEqual(Array.from(w.chainPoints(w.addChain(Float64Array.from(wavy)))), want);
  const framed = new Float32Array(wavy.length + 10);
  framed.set(wavy, 4);
  assert.deepEqual(Array.from(w.chainPoints(w.addChain(framed.subarray(4, 4 + wavy.length)))), want);
  w.free();
});

test("hostile chains throw a named RangeError or TypeError and change nothing", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const b = w.addCircle(1, 0, 1);
  w.step();
  const liar = new Float32Array([0, 0, 1, 0, 2, 0]);
  Object.defineProperty(liar, "length", { value: 20 });
  const huge = new Float32Array(8);
  Object.defineProperty(huge, "length", { value: 2e9 });
  class Shorter extends Float32Array {
    get length() {
      return 2;
    }
  }
  // A typed array whose buffer was transferred away, with a lying length.
  const detached = new Float32Array(200);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  Object.defineProperty(detached, "length", { value: 200 });
  const cases = [
    [[0, 0], {}, RangeError, /^addChain: points: a chain needs at least 2 distinct points \(got 1\)$/],
    [[1, 1, 1, 1, 1, 1], {}, RangeError, /at least 2 distinct points \(got 1\)/],
    [[0, 0, 1, 0, 0, 0], { loop: true }, RangeError, /at least 3 distinct points \(got 2\)/],
    [[0, 0, 1, 0, NaN, 1], {}, RangeError, /points: vertex 2 must be finite/],
    [[0, 0, 1, 2e7], {}, RangeError, /vertex 1 is further/],
    [new Float32Array(8194), {}, RangeError, /at most 4096 points \(got 4097\)/],
    [liar, {}, TypeError, /points\[6\]/],
    [huge, {}, RangeError, /at most 4096 points/],
    [new Shorter([0, 0, 1, 0]), {}, RangeError, /at least 2 distinct points \(got 1\)/],
    [detached, {}, TypeError, /points\[0\]/],
    [[0, 0, 1], {}, RangeError, /even/],
    ["0,0,1,0", {}, TypeError, /points must be/],
    [null, {}, TypeError, /points must be/],
    [[0, 0, 1, 0], { loop: "yes" }, TypeError, /opts\.loop must be a boolean \(got the string "yes"\)/],
    [[0, 0, 1, 0], { closed: true }, TypeError, /opts: unknown key "closed"/],
    [[0, 0, 1, 0], { isStatic: 1 }, TypeError, /opts\.isStatic/],
    [[0, 0, 1, 0], 5, TypeError, /opts must be an object/],
  ];
  for (const [index, [points, opts, Class, pattern]] of cases.entries()) {
    assert.throws(
      () => w.addChain(points, opts),
      (e) => e instanceof Class && pattern.test(e.message),
      `case ${index}`,
    );
  }
  assert.throws(() => w.chainPoints(a), /^RangeError: chainPoints: id: shape 0 is not a chain$/);
  assert.throws(() => w.chainPoints(99), RangeError);
  assert.throws(() => w.chainPoints("0"), TypeError);
  assert.equal(w.size, 2);
  assert.equal(w.step(), 1);
  assert.deepEqual(Array.from(w.pairs()), [a, b]);
  w.free();
});
