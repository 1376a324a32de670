// The JS benches (bench-js/) load the built package the way Node resolves it: through its `exports` conditions.
// A change of the package layout once broke every bench without failing a test; this keeps them loadable.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSepax } from "../../bench-js/sepax.mjs";

test("the benches load pkg/ through its exports and get a working World", async () => {
  const sepax = await loadSepax();
  assert.equal(sepax.build, "simd128");
  const world = new sepax.World();
  const a = world.addCircle(0, 0, 1);
  const b = world.addCircle(1.5, 0, 1);
  assert.equal(world.step(), 1);
  assert.deepEqual([...world.pairs()], [a, b]);
  world.free();
});
