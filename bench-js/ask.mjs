// Asking and seeing, timed: in the standard world (bench-js/workload.mjs, N shapes, stepped once), the median time of
//
//   closestPoint   1,000 calls at seeded random points (one shape each)
//   nearest        1,000 calls, k = 8
//   nearestMany    one call for the same 1,000 points, k = 8 (the batch must cost less per point than nearest)
//   distance       1,000 calls on seeded random pairs of ids
//   explain        1,000 calls on the same pairs
//   debugLines     one call drawing everything, and one for a screen of 1/100 of the world's area (region)
//
//   node bench-js/ask.mjs                        # N = 20000
//   ASK_N="20000 100000" node bench-js/ask.mjs
//
// Prints a Markdown table of median ms per batch of calls (and µs per point for the nearest forms).

import { makeWorkload, KIND_BOX, KIND_CIRCLE } from "./workload.mjs";
import { mulberry32 } from "./rng.mjs";
import { loadSepax } from "./sepax.mjs";

const f32 = Math.fround;
const SIZES = (process.env.ASK_N ?? "20000")
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
const CALLS = 1000;
const RUNS = 21;

function median(values) {
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1];
}

function time(run) {
  run();
  const times = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const { World } = await loadSepax();
const rows = [];
for (const n of SIZES) {
  const w = makeWorkload(n);
  const world = new World();
  for (let i = 0; i < n; i++) {
    const s = w.shapes[i];
    const [x, y, a] = [f32(w.x[i]), f32(w.y[i]), f32(w.angle[i])];
    if (s.kind === KIND_BOX) world.addBox(x, y, s.hw, s.hh, a);
    else if (s.kind === KIND_CIRCLE) world.addCircle(x, y, s.r);
    else world.addPolygon(x, y, a, s.points);
  }
  world.step();
  const rand = mulberry32(0xa5c ^ n);
  const points = new Float32Array(2 * CALLS);
  for (let k = 0; k < points.length; k++) points[k] = f32(w.width * rand());
  const pairs = new Uint32Array(2 * CALLS);
  for (let k = 0; k < pairs.length; k += 2) {
    pairs[k] = Math.floor(n * rand());
    pairs[k + 1] = (pairs[k] + 1 + Math.floor((n - 1) * rand())) % n; // another id
  }
  let sink = 0;
  const closest = time(() => {
    for (let k = 0; k < CALLS; k++) sink += world.closestPoint(points[2 * k], points[2 * k + 1]).distance;
  });
  const nearest = time(() => {
    for (let k = 0; k < CALLS; k++) sink += world.nearest(points[2 * k], points[2 * k + 1], 8).length;
  });
  const many = time(() => {
    sink += world.nearestMany(points, 8);
  });
  const distance = time(() => {
    for (let k = 0; k < CALLS; k++) sink += world.distance(pairs[2 * k], pairs[2 * k + 1]).distance;
  });
  const explain = time(() => {
    for (let k = 0; k < CALLS; k++) sink += world.explain(pairs[2 * k], pairs[2 * k + 1]).reason.length;
  });
  const all = time(() => {
    sink += world.debugLines();
  });
  const side = w.width / 10;
  const region = { minX: w.width / 2, minY: w.width / 2, maxX: w.width / 2 + side, maxY: w.width / 2 + side };
  const screen = time(() => {
    sink += world.debugLines({ region });
  });
  const lines = world.debugLines();
  const onScreen = world.debugLines({ region });
  world.free();
  if (!Number.isFinite(sink)) throw new Error("no results");
  rows.push({ n, closest, nearest, many, distance, explain, all, screen, lines, onScreen });
}

const ms = (v) => v.toFixed(2);
const us = (v) => ((v * 1000) / CALLS).toFixed(2);
console.log(
  "| N | closestPoint ×1000 | nearest k=8 ×1000 | nearestMany k=8, 1000 points | distance ×1000 | explain ×1000 | debugLines all | debugLines 1/100 screen |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.n} | ${ms(r.closest)} ms | ${ms(r.nearest)} ms (${us(r.nearest)} µs/point) | ${ms(r.many)} ms (${us(r.many)} µs/point) | ` +
      `${ms(r.distance)} ms | ${ms(r.explain)} ms | ${ms(r.all)} ms (${r.lines} lines) | ${ms(r.screen)} ms (${r.onScreen} lines) |`,
  );
}
