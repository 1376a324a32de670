// explain(a, b) through the assembled package (pkg/, Node entry): every reason as a plain object, in the step's order,
// the generations that reveal a reissued id, and agreement with the step on a seeded world (touching exactly for the
// pairs of pairs(), with their contacts). Every reason against the core's rules is tests/explain.rs's; hostile
// arguments are in hostile-sweep.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

test("every reason, as the step decides it", () => {
  const w = new World();
  try {
    const a = w.addCircle(0, 0, 1);
    const b = w.addCircle(1.5, 0, 1);
    const far = w.addCircle(10, 0, 1);
    const wall = w.addAlignedBox(20, 0, 1, 1, { isStatic: true });
    const rock = w.addAlignedBox(21, 0, 1, 1, { isStatic: true });
    const tilted = w.addBox(0, 8, 3, 0.2, 0.7);
    const beside = w.addCircle(2.6, 8, 1);
    const player = w.addCircle(30, 0, 1, { layer: 1, mask: 2 });
    const coin = w.addCircle(30.5, 0, 1, { layer: 4 });
    const grid = w.addTileGrid(0, 20, 10, 1, 4, 4, new Uint8Array(10).fill(1));
    const crate = w.addAlignedBox(13, 19.5, 1, 1);
    const platform = w.addAlignedBox(40, 0, 5, 0.5, { isStatic: true, oneWay: true });
    const feet = w.addCircle(40, -1.2, 1);
    w.step();
    const c = w.contacts();
    assert.deepEqual(w.explain(a, b), {
      reason: "touching",
      nx: c[0],
      ny: c[1],
      depth: c[2],
      cell: 0xffffffff,
      oneWay: false,
    });
    assert.equal(w.explain(b, a).nx, -c[0], "the normal from the first id");
    assert.deepEqual(w.explain(crate, grid), { reason: "touching", nx: 0, ny: 1, depth: 0.5, cell: 3, oneWay: false });
    assert.equal(w.explain(platform, feet).oneWay, true);
    assert.deepEqual(w.explain(a, far), { reason: "boxesApart", gap: 8 });
    assert.deepEqual(w.explain(wall, rock), { reason: "bothStatic" });
    assert.deepEqual(w.explain(player, coin), { reason: "layerMask", side: "a" });
    assert.deepEqual(w.explain(coin, player), { reason: "layerMask", side: "b" });
    const sep = w.explain(tilted, beside);
    const d = w.distance(tilted, beside);
    assert.equal(sep.reason, "separated");
    assert.equal(sep.gap, d.distance);
    assert.ok(Math.abs(Math.hypot(sep.nx, sep.ny) - 1) < 1e-6);
    w.setTransform(far, 1, 1, 0);
    assert.deepEqual(w.explain(a, far), { reason: "notStepped", side: "b" });
    w.step();
    assert.equal(w.explain(a, far).reason, "touching");
    // A removed id, and the id reissued: the saved generation tells.
    const saved = w.generation(far);
    w.remove(far);
    assert.deepEqual(w.explain(a, far), { reason: "removed", side: "b" });
    assert.deepEqual(w.explain(0xfffffffe, far), { reason: "removed", side: "both" });
    assert.equal(w.addCircle(1, 1, 1), far);
    w.step();
    assert.deepEqual(w.explain(a, far, undefined, saved), { reason: "stale", side: "b" });
    assert.equal(w.explain(a, far, w.generation(a), w.generation(far)).reason, "touching");
    assert.throws(() => w.explain(a, a), /^RangeError: explain: b must be another id than a \(got 0\)$/);
  } finally {
    w.free();
  }
});

test("on a seeded world, touching exactly for the step's pairs", () => {
  const w = new World();
  let seed = 12345;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  try {
    for (let k = 0; k < 200; k++) {
      const [x, y] = [rand() * 30, rand() * 30];
      if (k % 3 === 0) w.addBox(x, y, 0.5 + rand(), 0.3 + rand(), rand() * 6, { isStatic: k % 9 === 0 });
      else w.addCircle(x, y, 0.5 + rand(), { layer: 1 << (k % 2), mask: k % 5 === 0 ? 1 : 0xffffffff });
    }
    w.step();
    const pairs = new Set();
    const p = w.pairs();
    for (let i = 0; i < p.length; i += 2) pairs.add(`${p[i]},${p[i + 1]}`);
    const counts = {};
    for (let a = 0; a < 200; a++) {
      for (let b = a + 1; b < 200; b += 7) {
        const e = w.explain(a, b);
        counts[e.reason] = (counts[e.reason] ?? 0) + 1;
        assert.equal(e.reason === "touching", pairs.has(`${a},${b}`), `${a} ${b}: ${JSON.stringify(e)}`);
      }
    }
    for (const reason of ["touching", "separated", "boxesApart", "layerMask", "bothStatic"]) {
      assert.ok(counts[reason] > 0, `${reason}: ${JSON.stringify(counts)}`);
    }
  } finally {
    w.free();
  }
});
