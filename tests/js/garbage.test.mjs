// Zero JS garbage per frame in steady state: a game loop of setTransforms (or writes through the
// transform views) + step + reading the results must not allocate on the JS heap, nor may sweeps
// and ray batches read through sweepResults() and rayResults(), nor a debug drawing. Measured in a
// child process (it needs --expose-gc); see fixtures/garbage-child.mjs for how.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const FRAMES = 2000;
// Bytes per frame, averaged over the window. The loops measure 0 (the young generation's growth,
// less the statistics call's own); one heap number per frame (12-16 bytes, e.g. a u32 getter
// returning 2^30 or more) must fail, and so must one small object every few frames.
const BOUND = 2;

test("steady-state frames allocate (almost) no JS heap", (t) => {
  const child = fileURLToPath(new URL("./fixtures/garbage-child.mjs", import.meta.url));
  const run = spawnSync(process.execPath, ["--expose-gc", child, String(FRAMES)], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const result = JSON.parse(run.stdout.trim().split("\n").pop());
  t.diagnostic(JSON.stringify(result));
  assert.equal(result.frames, FRAMES);
  assert.ok(result.sink, "the loops read real results");

  // The measurement must be able to see garbage: one 3-element array per frame is ~50-80 bytes.
  assert.ok(result.controlOneArrayPerFrame.bytesPerFrame > 32, "the control loop's garbage is visible");
  // The varying-count loop must really vary (else it would test nothing beyond the first loop).
  assert.ok(result.varyingCountSeen > 1, "the pair count varies");

  for (const name of ["setTransforms", "viewsVaryingCount", "sweepAndRaycastMany", "debugDrawing"]) {
    const { bytesPerFrame, gcDuring } = result[name];
    assert.equal(gcDuring, 0, `${name}: a garbage collection ran during the measured frames`);
    assert.ok(bytesPerFrame < BOUND, `${name}: ${bytesPerFrame} bytes/frame (bound ${BOUND})`);
  }

  // Churn: 20 removes and adds a frame. Each add may box one number where V8 does not inline the call (16 bytes,
  // depending on the JIT's choices); the bound fails on anything that grows with the world or with the options read,
  // as the 0.5 KB per remove and add of earlier releases did.
  const CHURN_PER_FRAME = 20;
  const { bytesPerFrame, gcDuring } = result.churn;
  assert.equal(gcDuring, 0, "churn: a garbage collection ran during the measured frames");
  assert.ok(
    bytesPerFrame < 24 * CHURN_PER_FRAME,
    `churn: ${bytesPerFrame} bytes/frame (bound ${24 * CHURN_PER_FRAME})`,
  );
});
