// Hostile input at every public entry point of the built package (pkg/, Node entry): the sweep of
// tests/js/hostile-sweep.mjs (methods × argument positions × hostile values), freed worlds, the predicate
// `has`, and the raw binding under the entry. The same sweep runs in Chromium from
// tests/browser/hostile.test.mjs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RawWorld } from "../../pkg/sepax_core.js";
import init, { World, wasmMemory } from "../../pkg/node.js";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildCases, runFreedChecks, runSweep } from "./hostile-sweep.mjs";

await init();

const sweep = runSweep({ World, wasmMemory });

test("every hostile argument throws a TypeError or RangeError naming it, and changes nothing", () => {
  const { counts, failures, pairsBefore } = sweep;
  console.log(
    `hostile sweep (node): ${counts.tried} hostile inputs tried, ${counts.traps} traps, ` +
      `errors by class ${JSON.stringify(counts.byClass)}, world had ${pairsBefore} pairs`,
  );
  console.log(`hostile sweep (node): cases by method ${JSON.stringify(counts.byMethod)}`);
  assert.equal(counts.traps, 0, "traps seen");
  assert.deepEqual(failures, []);
  assert.ok(pairsBefore >= 3, "the scene has pairs to lose");
  assert.equal(counts.tried, buildCases().length);
  assert.ok(counts.tried > 500, `only ${counts.tried} cases`);
});

// The package's setTransforms passes typed arrays to the raw binding, whose glue trusts `.length`:
// wasm-bindgen's glue mallocs that many elements in wasm memory before Rust sees the call. A real Uint32Array
// with an own `length` of 3e8 grew memory by 1.2 GB; 2e9 trapped with `unreachable`. The entry now sends
// anything but a plain typed array (exact prototype, no own `length`) to the checked method. Run in a child
// process so that a regression cannot take this one's memory with it.
test("setTransforms with a typed array whose length lies (own property or subclass getter)", () => {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", SPOOFED_LENGTH], {
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    encoding: "utf8",
  });
  assert.equal(child.status, 0, child.stdout + child.stderr);
});

const SPOOFED_LENGTH = `
import init, { World } from "../../pkg/node.js";
await init();
const w = new World();
const id = w.addCircle(0, 0, 1);
const own = new Uint32Array([id]);
Object.defineProperty(own, "length", { value: 2e9 });
class Liar extends Uint32Array { get length() { return 2e9; } }
for (const ids of [own, new Liar([id])]) {
    try { w.setTransforms(ids, new Float32Array([5, 6, 0])); } catch (e) {
        if (!(e instanceof TypeError || e instanceof RangeError) || !/^setTransforms: /.test(e.message)) {
            console.error("threw", e?.constructor?.name, e?.message);
            process.exit(1);
        }
    }
}
// Whatever each call decided, memory did not balloon and the world still works.
if (w.getTransform(id)[0] !== 0 && w.getTransform(id)[0] !== 5) process.exit(2);
if (w.step() !== 0) process.exit(3);
`;

test("methods of a freed World throw a clear Error; free() twice is harmless; new Worlds still work", () => {
  const { failures, checked } = runFreedChecks({ World });
  assert.deepEqual(failures, []);
  assert.ok(checked >= 30, `only ${checked} methods checked`);
});

test("has() is a predicate: false for anything that is not a live id, never a throw", () => {
  const w = new World();
  const a = w.addCircle(0, 0, 1);
  const b = w.addCircle(5, 0, 1);
  w.remove(b);
  const hostile = [
    -1,
    1.5,
    NaN,
    Infinity,
    2 ** 32,
    2 ** 53,
    b,
    999,
    "0",
    `${a}`,
    null,
    undefined,
    true,
    0n,
    {},
    [a],
    Symbol("s"),
  ];
  for (const id of hostile) assert.equal(w.has(id), false, `has(${String(id)})`);
  assert.equal(w.has(a), true);
  w.free();
});

test("the raw binding never traps, whatever numbers it is given, and keeps its errors for takeError()", () => {
  // The entry checks types before it calls the raw binding, but the binding itself must still answer every number a
  // u32 or f32 parameter can carry without trapping: a trap would break the whole wasm instance.
  const w = new RawWorld(false, 0xffffffff);
  try {
    const a = w.addShape(0, 0, 0, 0, 1, 0, 0, 1, 0xffffffff, false);
    w.addShape(0, 1, 0, 0, 1, 0, 0, 1, 0xffffffff, false);
    assert.equal(w.step(), 1);
    for (const which of [0, 1, 2, 3, 4, 5, 2 ** 32 - 1]) {
      assert.ok(Number.isInteger(w.resultCapacity(which)) && w.resultCapacity(which) >= 0, `resultCapacity(${which})`);
      assert.ok(Number.isInteger(w.resultPtr(which)), `resultPtr(${which})`);
    }
    for (const kind of [7, 8, 255]) {
      assert.equal(w.addShape(kind, 0, 0, 0, 1, 1, 0, 1, 1, false), 0xffffffff, `addShape of kind ${kind}`);
      assert.match(w.takeError(), /kind must be a shape kind/);
    }
    for (const id of [2, 77, 2 ** 24, 2 ** 32 - 1]) {
      assert.equal(w.remove(id), false, `remove(${id})`);
      assert.match(w.takeError(), /is not the id of a live shape/);
      assert.equal(w.has(id), false);
      assert.equal(w.generation(id), 0);
      assert.equal(w.parts(id), 0xffffffff);
      assert.equal(w.shapeRecord(id), 0xffffffff);
      assert.equal(w.setTransform(id, 0, 0, 0), false);
      assert.equal(w.moveAndSlide(id, 1, 1), 0xffffffff);
    }
    assert.equal(w.setTransforms(new Uint32Array([a, 77]), new Float32Array(6)), false);
    assert.match(w.takeError(), /^ids: 77/);
    assert.equal(w.setTransforms(new Uint32Array([a]), new Float32Array([NaN, 0, 0])), false);
    assert.match(w.takeError(), /xya\[0\]/);
    assert.equal(w.takeError(), "", "takeError forgets");
    // Lengths that do not fit together, which the entry never sends.
    assert.equal(w.setTransforms(new Uint32Array([a]), new Float32Array(2)), false);
    assert.equal(w.sweep(new Uint32Array([a]), new Float32Array(3), 1), 0xffffffff);
    assert.equal(w.raycastMany(new Float32Array(5), 10, 1), 0xffffffff);
    const scene = w.addShapes(
      new Uint8Array([0, 0]),
      new Float32Array(9),
      new Uint32Array([1, 1, 0, 99]),
      new Float32Array(0),
      new Uint32Array(0),
      new Uint8Array(0),
    );
    assert.equal(scene, 0xffffffff, "a circle of radius 0 is refused");
    assert.match(w.takeError(), /^list\[0\]\.radius/);
    assert.equal(
      w.addShapes(
        new Uint8Array([3]),
        new Float32Array(9),
        new Uint32Array([1, 1, 0, 6]),
        new Float32Array(4),
        new Uint32Array(0),
        new Uint8Array(0),
      ),
      0xffffffff,
    );
    assert.match(w.takeError(), /^list\[0\]\.points/);
    // Grid records whose words or cells are missing or short, and tile calls on ids that are not grids.
    const grid = w.addShapes(
      new Uint8Array([9, 9]),
      new Float32Array(18).fill(1),
      new Uint32Array([1, 1, 8, 0, 1, 1, 8, 0]),
      new Float32Array(0),
      new Uint32Array([2, 2, 77, 3]),
      new Uint8Array(1),
    );
    assert.equal(grid, 0xffffffff);
    assert.match(w.takeError(), /^list\[0\]/);
    assert.equal(w.addTileGrid(0, 0, 2, 2, 1, 1, new Uint8Array(7), true, 0xffffffff, 1, 1, true), 0xffffffff);
    assert.match(w.takeError(), /^cells must have length/);
    assert.equal(w.addTileGrid(0, 0, 2 ** 31, 2 ** 31, 1, 1, new Uint8Array(0), false, 5, 1, 1, true), 0xffffffff);
    assert.equal(
      w.defineTiles(new Uint32Array([0]), new Uint8Array(1), new Uint8Array(1), new Float32Array(0)),
      0xffffffff,
    );
    assert.match(w.takeError(), /^tiles: key 0 must be a tile value/);
    assert.equal(
      w.defineTiles(new Uint32Array([3]), new Uint8Array([7]), new Uint8Array([200]), new Float32Array(3)),
      0xffffffff,
    );
    assert.equal(w.tileTable(12345), 0xffffffff);
    for (const id of [a, 77, 2 ** 32 - 1]) {
      assert.equal(w.setTile(id, 0, 0, 1), false);
      assert.equal(w.tile(id, 0, 0), 0xffffffff);
      assert.equal(w.tileGrid(id), 0xffffffff);
    }
    assert.equal(w.setOneWay(77, true, 0, -1), false);
    assert.equal(w.setOneWay(a, true, 0, 0), false);
    assert.equal(w.setOneWay(a, true, NaN, 1), false);
    assert.equal(w.oneWay(77), 0xffffffff);
    for (const v of [NaN, Infinity, -Infinity, 3e38]) {
      assert.equal(w.raycast(v, 0, 1, 0, 10, 1), 0xffffffff, `raycast from ${v}`);
      assert.equal(w.queryAabb(v, 0, 1, 1, 1), 0xffffffff, `queryAabb from ${v}`);
      // Any finite motion is a cast (cut to the world's reach); a motion that is not finite is an error.
      const cast = w.castShape(0, 1, 0, 0, 0, new Float32Array(0), 0, 0, 0, v, 0, 1);
      assert.equal(cast, Number.isFinite(v) ? 1 : 0xffffffff, `castShape by ${v}`);
    }
    assert.equal(w.loadSnapshot(new Uint8Array(3)), false);
    assert.match(w.takeError(), /^bytes: bad magic/);
    assert.equal(w.step(), 1);
  } finally {
    w.free();
  }
});

test("a rejected batch or step keeps the last step's results and moves nothing", () => {
  const w = new World();
  const ids = [w.addCircle(0, 0, 1), w.addCircle(1, 0, 1), w.addCircle(10, 0, 1)];
  w.step();
  const pairs = Array.from(w.pairs());
  const contacts = Array.from(w.contacts());
  // A valid entry first, a bad one last: the valid one must not be applied.
  assert.throws(
    () => w.setTransforms(new Uint32Array([ids[2], ids[0]]), new Float32Array([1, 0, 0, NaN, 0, 0])),
    RangeError,
  );
  assert.deepEqual(Array.from(w.getTransform(ids[2])), [10, 0, 0]);
  w.transforms().xs[ids[1]] = NaN;
  assert.throws(() => w.step(), /step: x of shape 1/);
  assert.deepEqual(Array.from(w.pairs()), pairs);
  assert.deepEqual(Array.from(w.contacts()), contacts);
  w.transforms().xs[ids[1]] = 1;
  w.step();
  assert.deepEqual(Array.from(w.pairs()), pairs);
  assert.equal(w.started().length, 0, "a failed step is not a step: nothing starts again");
  assert.equal(w.ended().length, 0);
  w.free();
});
