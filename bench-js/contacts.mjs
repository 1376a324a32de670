// What contact points cost: the standard workload (defined in bench-js/workload.mjs) in two worlds built from the
// same shapes, one created with new World({ contactPoints: true }), one without, stepped interleaved in one process
// (A B, then B A the next frame, so that neither always runs with the other's data in the cache). A frame is the
// workload's frame: write every transform through the views, step(), read the pairs; the world with contact points
// also reads its contact points (a game that asked for them reads them). Prints a markdown table with the ratio of
// medians, and of the fastest frames (less disturbed when other processes share the cores).
//
//   node bench-js/contacts.mjs                 # N = 20000
//   BENCH_N="1000 20000" node bench-js/contacts.mjs
//   SEPAX_BUILD=baseline node bench-js/contacts.mjs   # the package's no-SIMD build
//
// Seeded and repeatable; read the ratio, not the milliseconds (the machine is shared).

import { makeWorkload, makeMotion, advance, KIND_BOX, KIND_CIRCLE } from "./workload.mjs";
import { loadSepax, loadSepaxBaseline } from "./sepax.mjs";

const sizes = (process.env.BENCH_N ?? "20000").split(/\s+/).filter(Boolean).map(Number);
const baseline = process.env.SEPAX_BUILD === "baseline";
const sepax = await (baseline ? loadSepaxBaseline() : loadSepax());
const f32 = Math.fround;

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A world of the workload's shapes, with or without contact points. */
function build(workload, contactPoints) {
  const world = new sepax.World({ contactPoints });
  for (let i = 0; i < workload.n; i++) {
    const s = workload.shapes[i];
    const [x, y, a] = [f32(workload.x[i]), f32(workload.y[i]), f32(workload.angle[i])];
    if (s.kind === KIND_BOX) world.addBox(x, y, s.hw, s.hh, a);
    else if (s.kind === KIND_CIRCLE) world.addCircle(x, y, s.r);
    else world.addPolygon(x, y, a, s.points);
  }
  return world;
}

/** One timed frame of `world`; returns ms, and a checksum of what it read so nothing is optimised away. */
function frame(world, motion, withPoints) {
  const t0 = performance.now();
  const { xs, ys, angles } = world.transforms();
  const { x, y, angle } = motion;
  for (let i = 0; i < x.length; i++) {
    xs[i] = x[i];
    ys[i] = y[i];
    angles[i] = angle[i];
  }
  world.step();
  const count = world.pairCount;
  const pairs = world.pairBuffer();
  let sum = 0;
  for (let i = 0; i < 2 * count; i++) sum = (sum + pairs[i]) | 0;
  if (withPoints) {
    const points = world.contactPointBuffer();
    for (let i = 0; i < count; i++) sum = (sum + points[7 * i]) | 0;
  }
  return [performance.now() - t0, sum];
}

console.log(`sepax build: ${sepax.build}`);
console.log(
  "| N | pairs | two-point pairs | off: median ms | off: p95 | on: median ms | on: p95 | on / off (medians) | " +
    "on / off (fastest frames) |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const n of sizes) {
  const workload = makeWorkload(n);
  const motion = makeMotion(workload);
  const on = build(workload, true);
  const off = build(workload, false);
  const warm = 30;
  const measured = n >= 100000 ? 40 : 400;
  const times = { on: [], off: [] };
  let check = 0;
  for (let f = 0; f < warm + measured; f++) {
    advance(motion);
    const order = f % 2 === 0 ? ["on", "off"] : ["off", "on"];
    for (const which of order) {
      const [ms, sum] = frame(which === "on" ? on : off, motion, which === "on");
      check = (check + sum) | 0;
      if (f >= warm) times[which].push(ms);
    }
  }
  if (on.pairCount !== off.pairCount) throw new Error(`pair counts differ: ${on.pairCount} vs ${off.pairCount}`);
  const points = on.contactPoints();
  let two = 0;
  for (let i = 0; i < points.length; i += 7) two += points[i] === 2 ? 1 : 0;
  const [offMedian, onMedian] = [quantile(times.off, 0.5), quantile(times.on, 0.5)];
  console.log(
    `| ${n} | ${on.pairCount} | ${two} | ${offMedian.toFixed(3)} | ${quantile(times.off, 0.95).toFixed(3)} | ` +
      `${onMedian.toFixed(3)} | ${quantile(times.on, 0.95).toFixed(3)} | ${(onMedian / offMedian).toFixed(3)} | ` +
      `${(quantile(times.on, 0) / quantile(times.off, 0)).toFixed(3)} |`,
  );
  if (check === 0.5) console.log(check); // never true: keeps the checksum alive
  on.free();
  off.free();
}
