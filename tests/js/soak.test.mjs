// Soak, short variant of `node --expose-gc bench-js/soak.mjs` (which runs 10,000 shapes for 20,000 steps): 1,000
// workload shapes, 2,000 steps, 1 % removed and 1 % added per step, everything moving through the transform
// views. The events must add up at every step, wasm memory must stop growing after warm-up, and the JS heap
// (after a full GC) must not grow.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as sepax from "../../pkg/node.js";
import { memoryVerdict, runSoak } from "../../bench-js/soak.mjs";

await sepax.init();

test("1,000 shapes × 2,000 steps with churn: events add up, memory stays flat", { timeout: 300_000 }, () => {
  const lines = [];
  const result = runSoak(sepax, { shapes: 1000, steps: 2000, every: 250, seed: 11, log: (l) => lines.push(l) });
  for (const line of lines) console.log(`soak: ${line}`);
  assert.equal(result.eventMismatches, 0, "(previous − ended) ∪ started = pairs at every step");
  assert.ok(result.pairsSeen > 2000 * 100, "the scene has pairs");
  const verdict = memoryVerdict(result.checkpoints, 500);
  console.log(`soak: ${JSON.stringify(verdict)}`);
  assert.equal(verdict.wasmGrowthAfterWarmup, 0, "wasm memory grew after warm-up");
  // Retained garbage grows with the steps; the measurement itself wobbles by tens of kilobytes.
  assert.ok(verdict.heapGrowth < 512 * 1024, `JS heap grew by ${verdict.heapGrowth} B`);
  assert.ok(verdict.heapMax - verdict.heapMin < 1024 * 1024, `JS heap ranged ${verdict.heapMin}..${verdict.heapMax} B`);
});
