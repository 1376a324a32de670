// sepax/threads: the threaded build steps worlds on a pool of threads with results bit-identical to the
// single-threaded build, for any number of threads. Each configuration runs in its own process
// (fixtures/threads-child.mjs): the determinism sequence (whose hash is the committed constant) and the standard
// workload, every step's pairs, contact bits and events hashed. A small grain splits every phase of these small
// worlds in many chunks; the default grain is run on a world large enough to split. In an engine without shared
// memory, init() loads the single-threaded build instead, without an error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { EXPECTED } from "./fixtures/determinism-sequence.mjs";

const child = fileURLToPath(new URL("./fixtures/threads-child.mjs", import.meta.url));

function run(entry, threads, grain, shapes, frames) {
  const args = [child, entry, String(threads), String(grain), String(shapes), String(frames)];
  const out = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 120_000 });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout.trim().split("\n").pop());
}

test("1, 2 and 4 threads give the single-threaded build's bits (small grain: every phase in many chunks)", () => {
  const single = run("single", 0, 0, 3000, 40);
  assert.equal(single.build, "simd128");
  assert.equal(single.threads, 1);
  assert.equal(single.sequence, EXPECTED);
  assert.ok(single.pairs > 40 * 2000 && single.events > 0, JSON.stringify(single));
  for (const threads of [1, 2, 4]) {
    const threaded = run("threads", threads, 16, 3000, 40);
    console.log(`sepax/threads, ${threads} threads: sequence ${threaded.sequence}, workload ${threaded.hash}`);
    assert.equal(threaded.build, "threads");
    assert.equal(threaded.threads, threads);
    assert.deepEqual({ ...threaded, build: "", threads: 0 }, { ...single, build: "", threads: 0 });
  }
});

test("the default grain splits a 20,000-shape world and gives the same bits", () => {
  const single = run("single", 0, 0, 20_000, 12);
  const threaded = run("threads", 2, 0, 20_000, 12);
  assert.equal(threaded.build, "threads");
  assert.deepEqual({ ...threaded, build: "", threads: 0 }, { ...single, build: "", threads: 0 });
});

test("without shared memory, init() of sepax/threads loads the single-threaded build without an error", () => {
  const fallback = run("no-shared-memory", 4, 0, 3000, 10);
  const single = run("single", 0, 0, 3000, 10);
  assert.equal(fallback.build, "simd128");
  assert.equal(fallback.threads, 1);
  assert.deepEqual(fallback, single);
});
