// Where a sepax step spends its time on the standard workload: per-phase medians from
// World.stepProfiled() (performance.now() read inside wasm between phases), next to the
// whole frame (write transforms through the views + step + read the pairs).
//
//   node bench-js/phases.mjs            # N = 1000 5000 20000 100000
//   BENCH_N="20000" node bench-js/phases.mjs
//   SEPAX_BUILD=baseline node bench-js/phases.mjs   # the package's no-SIMD build instead of init()'s choice
//
// Seeded and repeatable (the workload of benchmark-workload.md); prints a markdown table.

import { makeWorkload, makeMotion, advance } from "./workload.mjs";
import { SEPAX, loadSepax, loadSepaxBaseline } from "./sepax.mjs";

const sizes = (process.env.BENCH_N ?? "1000 5000 20000 100000").split(/\s+/).filter(Boolean).map(Number);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

const baseline = process.env.SEPAX_BUILD === "baseline";
const variant = SEPAX[baseline ? "sepax-baseline" : "sepax"];
console.log(`sepax build: ${(await (baseline ? loadSepaxBaseline() : loadSepax())).build}`);
console.log("| N | frame ms (median) | poses | broad phase | narrow phase | output | candidates | pairs |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const n of sizes) {
  const workload = makeWorkload(n);
  const motion = makeMotion(workload);
  const lib = await variant.create(workload);
  const world = lib.world;
  const warm = n >= 100000 ? 10 : 30;
  const measured = n >= 100000 ? 40 : 150;
  const frames = [];
  const phases = [[], [], [], [], []];
  for (let f = 0; f < warm + measured; f++) {
    advance(motion);
    const t0 = performance.now();
    lib.write(motion);
    const p = world.stepProfiled();
    lib.read();
    const t1 = performance.now();
    if (f >= warm) {
      frames.push(t1 - t0);
      for (let k = 0; k < 5; k++) phases[k].push(p[k]);
    }
  }
  const cells = phases.map((values, k) => (k < 4 ? median(values).toFixed(3) : String(median(values))));
  console.log(`| ${n} | ${median(frames).toFixed(3)} | ${cells.join(" | ")} | ${world.pairCount} |`);
  lib.dispose();
}
