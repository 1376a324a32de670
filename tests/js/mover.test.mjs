// moveAndSlide through the package (pkg/node.js): a character walking over a tile floor into a wall, the reused
// result object and contacts view, hostile input (TypeError/RangeError naming the argument, world unchanged), and
// zero JS garbage per frame for 1,000 characters (measured in a child process as garbage.test.mjs does).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import init, { World } from "../../pkg/node.js";

await init();

/** A floor of 30 unit tiles (aligned and turned boxes, tops at y = 0) and a wall whose face is at x = 20. */
function level() {
  const w = new World();
  const tiles = [];
  for (let i = 0; i < 30; i++) {
    const opts = { isStatic: true };
    tiles.push(i % 2 ? w.addBox(i + 0.5, 0.5, 0.5, 0.5, 0, opts) : w.addAlignedBox(i + 0.5, 0.5, 0.5, 0.5, opts));
  }
  const wall = w.addAlignedBox(20.5, -5, 0.5, 5, { isStatic: true });
  return { w, tiles, wall };
}

test("a character walks over tile seams into a wall and holds still", () => {
  const { w, tiles, wall } = level();
  const id = w.addCapsule(1, -2, 0.3, 0.25, Math.PI / 2);
  w.step();
  let standing = null;
  const rest = [];
  for (let frame = 0; frame < 400; frame++) {
    const before = w.getTransform(id)[0];
    const r = w.moveAndSlide(id, 0.07, 0.3);
    w.step();
    // Overlaps nothing but itself (as the step just saw it).
    assert.deepEqual(
      Array.from(w.queryShape({ kind: "capsule", halfLength: 0.3, radius: 0.25 }, r.x, r.y, Math.PI / 2)),
      [id],
    );
    if (r.x + 0.25 < 20 - 0.05 && r.grounded) {
      if (standing === null && frame > 5) standing = r.y;
      if (standing !== null) {
        assert.equal(r.y, standing, `frame ${frame}: height changed`);
        assert.ok(Math.abs(r.x - before - 0.07) < 1e-5, `frame ${frame}: stepped ${r.x - before}`);
        for (let c = 0; c < r.contacts.length; c += 3) {
          assert.ok(tiles.includes(r.contacts[c]), `frame ${frame}: met ${r.contacts[c]}`);
          assert.deepEqual([r.contacts[c + 1], r.contacts[c + 2]], [0, -1]);
        }
      }
    }
    if (frame >= 350) rest.push([r.x, r.y]);
  }
  assert.ok(standing !== null, "never stood on the floor");
  assert.ok(
    rest.every(([x, y]) => x === rest[0][0] && y === rest[0][1]),
    "still at the wall",
  );
  assert.ok(Math.abs(rest[0][0] + 0.25 - (20 - 0.01)) < 1e-4, `rests at ${rest[0]}`);
  const r = w.moveAndSlide(id, 0.1, 0.3);
  assert.ok(r.grounded);
  const met = Array.from({ length: r.contacts.length / 3 }, (_, k) => r.contacts[3 * k]);
  assert.ok(met.includes(wall), `the wall is among ${met}`);
  // The transform was written.
  assert.deepEqual(Array.from(w.getTransform(id)), [Math.fround(r.x), Math.fround(r.y), Math.fround(Math.PI / 2)]);
  w.free();
});

test("the result object and its contacts view are reused; options work", () => {
  const { w } = level();
  const a = w.addCircle(5, -1, 0.4);
  const b = w.addCircle(8, -1, 0.4);
  w.step();
  const r1 = w.moveAndSlide(a, 0, 2);
  const r2 = w.moveAndSlide(b, 0, 2, { maxIterations: 2, upX: 0, upY: -1, maxSlope: 0.5, skin: 0.05 });
  assert.equal(r1, r2, "one object per world");
  assert.ok(Math.abs(r2.y - -0.45) < 1e-4, `skin 0.05: ${r2.y}`);
  assert.equal(r2.contacts.length, 3);
  const again = w.moveAndSlide(b, 0, 2, { skin: 0.05 });
  assert.equal(again.contacts, r2.contacts, "the same view for the same count");
  // y-up: the floor is overhead.
  assert.equal(w.moveAndSlide(b, 0, 1, { upY: 1, skin: 0.05 }).grounded, false);
  // Unknown keys, getters that throw and odd objects go through the checked path.
  assert.throws(() => w.moveAndSlide(a, 0, 1, { maxSlop: 1 }), { name: "TypeError", message: /unknown key "maxSlop"/ });
  const throwing = {
    get skin() {
      throw new Error("boom");
    },
  };
  assert.throws(() => w.moveAndSlide(a, 0, 1, throwing), { name: "TypeError", message: /opts.skin could not be read/ });
  class Opts {
    constructor() {
      this.maxIterations = 3;
    }
  }
  assert.equal(w.moveAndSlide(a, 0.5, 0, new Opts()).x, 5.5);
  w.free();
});

test("the options and contacts stay right across calls, worlds, memory growth and a snapshot load", () => {
  // The package writes the default options only when the last call passed others, and rebuilds its views only
  // when memory grew or the contacts moved: each of those must still give this world's own answer.
  const one = level();
  const other = level();
  const a = one.w.addCircle(5.5, -1, 0.4);
  const b = other.w.addCircle(6.5, -1, 0.4);
  one.w.step();
  other.w.step();
  const land = (world, id, opts) => {
    const r = world.moveAndSlide(id, 0, 2, opts);
    return { y: r.y, contacts: Array.from(r.contacts) };
  };
  const first = land(one.w, a, { skin: 0.05 });
  assert.ok(Math.abs(first.y - -0.45) < 1e-4, `skin 0.05: ${first.y}`);
  assert.deepEqual(first.contacts, [one.tiles[5], 0, -1]);
  // No options: the defaults again (skin 0.01), in the other world too.
  assert.ok(Math.abs(land(one.w, a).y - -0.41) < 1e-4);
  const landed = land(other.w, b);
  assert.ok(Math.abs(landed.y - -0.41) < 1e-4);
  assert.deepEqual(landed.contacts, [other.tiles[6], 0, -1]);
  // Memory grows under the views: the next move reads fresh ones.
  const saved = one.w.snapshot();
  for (let i = 0; i < 60000; i++) one.w.addCircle(1000 + (i % 300) * 3, 1000 + Math.floor(i / 300) * 3, 1);
  one.w.step();
  const wall = one.w.moveAndSlide(a, 20, 0);
  assert.deepEqual(Array.from(wall.contacts.subarray(0, 3)), [one.wall, -1, 0]);
  // A snapshot load replaces the world's contents: still this world's contacts.
  one.w.loadSnapshot(saved);
  one.w.step();
  const back = one.w.moveAndSlide(a, 20, 0);
  assert.ok(back.x < 20 - 0.4, `stopped at the wall: ${back.x}`);
  assert.deepEqual(Array.from(back.contacts.subarray(0, 3)), [one.wall, -1, 0]);
  one.w.free();
  other.w.free();
});

test("platformer options: stairs climbed and walked down on the ground, a platform ridden, the flags", () => {
  const w = new World();
  const fixed = { isStatic: true };
  const floor = w.addAlignedBox(0, 0.5, 30, 0.5, fixed);
  // Four steps 0.3 high rising to the right from x = 3, then a landing.
  for (let k = 0; k < 4; k++)
    w.addAlignedBox(3.5 + k + (k === 3 ? 5 : 0), -0.15 * (k + 1), k === 3 ? 5.5 : 0.5, 0.15 * (k + 1), fixed);
  const id = w.addAlignedBox(0, -0.51, 0.25, 0.5);
  w.step();
  const opts = { maxStepHeight: 0.4, snapDistance: 0.5 };
  let r = null;
  for (let f = 0; f < 100; f++, w.step()) r = w.moveAndSlide(id, 0.1, 0.2, opts);
  assert.ok(r.x > 9.9 && Math.abs(r.y - (-1.2 - 0.51)) < 1e-3, `climbed to ${r.x}, ${r.y}`);
  assert.ok(r.grounded && !r.wall && !r.ceiling);
  assert.deepEqual([r.groundNx, r.groundNy], [0, -1]);
  for (let f = 0; f < 100; f++, w.step()) {
    r = w.moveAndSlide(id, -0.1, 0.2, opts);
    assert.ok(r.grounded, `frame ${f}: in the air at ${r.x}, ${r.y}`);
  }
  assert.equal(r.groundId, floor);
  assert.equal(r.groundCell, 0xffffffff);
  // Without the step height the first step is a wall.
  for (let f = 0; f < 60; f++, w.step()) r = w.moveAndSlide(id, 0.1, 0.2);
  assert.ok(r.grounded && r.wall && r.x < 3, `${r.x}`);
  // A platform moving down faster than the fall carries its rider.
  const platform = w.addBox(-10, -3, 2, 0.25, 0);
  const rider = w.addAlignedBox(-10, -3.76, 0.25, 0.5);
  w.step();
  for (let f = 1; f <= 200; f++, w.step()) {
    w.setTransform(platform, -10 + Math.sin(f / 20), -3 + 2 * Math.sin(f / 10), 0);
    r = w.moveAndSlide(rider, 0, 0.1, { carry: true });
    assert.ok(r.grounded && r.groundId === platform, `frame ${f}: ${r.x}, ${r.y}`);
  }
  r = w.moveAndSlide(rider, 0, -10);
  assert.ok(r.ceiling === false && r.groundId === 0xffffffff && r.groundNx === 0);
  w.free();
});

test("hostile input throws a TypeError or RangeError naming the argument and changes nothing", () => {
  const { w } = level();
  const id = w.addAlignedBox(3, -2, 0.25, 0.5);
  w.step();
  w.moveAndSlide(id, 0, 5);
  const before = Array.from(w.getTransform(id));
  const cases = [
    [() => w.moveAndSlide("1", 0, 0), TypeError, /moveAndSlide: id must be a number/],
    [() => w.moveAndSlide(1.5, 0, 0), RangeError, /id must be a non-negative integer/],
    [() => w.moveAndSlide(-1, 0, 0), RangeError, /id/],
    [() => w.moveAndSlide(999, 0, 0), RangeError, /id: 999 is not the id of a live shape/],
    [() => w.moveAndSlide(id, NaN, 0), RangeError, /dx must be a finite number/],
    [() => w.moveAndSlide(id, 0, Infinity), RangeError, /dy must be a finite number/],
    [() => w.moveAndSlide(id, 1e300, 0), RangeError, /dx is too large/],
    [() => w.moveAndSlide(id, 2e7, 0), RangeError, /x \+ dx must be between/],
    [() => w.moveAndSlide(id, null, 0), TypeError, /dx must be a number/],
    [() => w.moveAndSlide(id, 0, 0, 5), TypeError, /opts must be an object/],
    [() => w.moveAndSlide(id, 0, 0, { maxIterations: -1 }), RangeError, /opts.maxIterations must be an integer/],
    [() => w.moveAndSlide(id, 0, 0, { maxIterations: 0 }), RangeError, /opts.maxIterations/],
    [() => w.moveAndSlide(id, 0, 0, { maxIterations: 1.5 }), RangeError, /opts.maxIterations/],
    [() => w.moveAndSlide(id, 0, 0, { maxIterations: "4" }), TypeError, /opts.maxIterations must be a number/],
    [() => w.moveAndSlide(id, 0, 0, { maxSlope: NaN }), RangeError, /opts.maxSlope must be a finite number/],
    [() => w.moveAndSlide(id, 0, 0, { maxSlope: 4 }), RangeError, /opts.maxSlope must be an angle from 0 to π/],
    [() => w.moveAndSlide(id, 0, 0, { skin: -1 }), RangeError, /opts.skin/],
    [() => w.moveAndSlide(id, 0, 0, { upX: 0, upY: 0 }), RangeError, /opts.upX, opts.upY must be a non-zero vector/],
    [() => w.moveAndSlide(id, 0, 0, { upX: Infinity }), RangeError, /opts.upX must be a finite number/],
    [() => w.moveAndSlide(id, 0, 0, { maxStepHeight: -1 }), RangeError, /opts.maxStepHeight must be a distance/],
    [() => w.moveAndSlide(id, 0, 0, { minStepWidth: NaN }), RangeError, /opts.minStepWidth must be a finite/],
    [() => w.moveAndSlide(id, 0, 0, { snapDistance: 2e7 }), RangeError, /opts.snapDistance must be a distance/],
    [() => w.moveAndSlide(id, 0, 0, { carry: 1 }), TypeError, /opts.carry must be a boolean/],
    [() => w.moveAndSlide(id, 0, 0, { stopOnSlope: "yes" }), TypeError, /opts.stopOnSlope must be a boolean/],
  ];
  for (const [call, type, message] of cases) {
    assert.throws(call, (e) => e instanceof type && message.test(e.message), String(message));
    assert.deepEqual(Array.from(w.getTransform(id)), before);
  }
  // Still usable, and the freed world says so.
  assert.ok(w.moveAndSlide(id, 1, 0).x > before[0]);
  w.free();
  assert.throws(() => w.moveAndSlide(id, 1, 0), /World was freed/);
});

test("1,000 characters moving every frame allocate (almost) no JS heap", (t) => {
  const child = fileURLToPath(new URL("./fixtures/mover-garbage-child.mjs", import.meta.url));
  const run = spawnSync(process.execPath, ["--expose-gc", child, "200"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(run.stdout.trim().split("\n").pop());
  t.diagnostic(JSON.stringify(result));
  assert.ok(result.sink, "the loop read real results");
  assert.ok(result.contacts > 0, "the characters met something");
  assert.ok(result.control.bytesPerFrame > 32, "the control loop's garbage is visible");
  const { bytesPerFrame, gcDuring } = result.movers;
  assert.equal(gcDuring, 0, "a garbage collection ran during every measured window");
  // 1,000 calls per frame: one heap number per call would be 12,000+ bytes per frame.
  assert.ok(bytesPerFrame < 2, `${bytesPerFrame} bytes/frame`);
});
