// The package holds two builds of the core: sepax_core_simd_bg.wasm (wasm SIMD), which init() loads where the engine
// validates a SIMD instruction, and sepax_core_bg.wasm for engines without. They must give the same answers, bit for
// bit: the SIMD kernels compute the same roundings as the scalar ones. Each build steps the standard workload in its
// own process (fixtures/builds-child.mjs) and the hashes of every step's pairs, contact bits and events are compared.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const child = fileURLToPath(new URL("./fixtures/builds-child.mjs", import.meta.url));

function run(file) {
  const out = spawnSync(process.execPath, [child, file, "3000", "40"], { encoding: "utf8" });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout.trim().split("\n").pop());
}

test("init() picks the simd128 build in Node, and it agrees bit for bit with the baseline build", () => {
  const chosen = run("default");
  const simd = run("sepax_core_simd_bg.wasm");
  const baseline = run("sepax_core_bg.wasm");
  assert.equal(chosen.build, "simd128", "Node 20 has wasm SIMD");
  assert.equal(baseline.build, "custom");
  assert.ok(baseline.pairs > 40 * 2000 && baseline.events > 0 && baseline.queried > 0, JSON.stringify(baseline));
  assert.deepEqual({ ...simd, build: "" }, { ...baseline, build: "" });
  assert.deepEqual({ ...chosen, build: "" }, { ...baseline, build: "" });
});

test("without wasm SIMD, init() falls back to the baseline build", () => {
  const fallback = run("no-simd");
  assert.equal(fallback.build, "baseline");
  assert.deepEqual({ ...fallback, build: "" }, { ...run("sepax_core_bg.wasm"), build: "" });
});

test("initSync() with no argument also picks the simd128 build in Node", () => {
  const entry = pathToFileURL(fileURLToPath(new URL("../../pkg/node.js", import.meta.url))).href;
  const program = `import { initSync, wasmBuild, World } from ${JSON.stringify(entry)};
initSync();
const world = new World();
world.addCircle(0, 0, 1);
world.addCircle(1.5, 0, 1);
console.log(JSON.stringify({ build: wasmBuild(), pairs: world.step() }));`;
  const out = spawnSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" });
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(JSON.parse(out.stdout), { build: "simd128", pairs: 1 });
});
