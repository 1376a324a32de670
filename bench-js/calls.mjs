// The cost of one call through the package, for the calls a game makes many times a frame: setTransform,
// queryAabb and moveAndSlide, in the standard 20,000-shape world (bench-js/workload.mjs; BENCH_N=100000 for more),
// each case from a freshly stepped world; and queryAabb right after a setTransform of one shape, the path of a game
// that asks between its moves and its step (each query sees the shape it just moved: the world refreshes it). Two
// built packages can be compared in one process, alternating (A B A B …), so that the ratio is read from one run:
//
//   node bench-js/calls.mjs                      # pkg/ alone
//   node bench-js/calls.mjs pkg other/pkg         # pkg/ against another build of the package
//
// Prints the median ns per call of each package over ROUNDS rounds of CALLS calls each.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { KIND_BOX, KIND_CIRCLE, makeWorkload } from "./workload.mjs";

const dirs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["pkg"];
const N = Number(process.env.BENCH_N ?? 20000);
const CALLS = 20000;
const ROUNDS = 15;

/** One package's World, filled with the standard workload and a capsule character on a floor of tiles. */
async function setup(dir) {
  const mod = await import(pathToFileURL(path.resolve(dir, "node.js")).href);
  await mod.default();
  const w = new mod.World();
  const workload = makeWorkload(N);
  const ids = new Uint32Array(N);
  for (let i = 0; i < N; i++) {
    const s = workload.shapes[i];
    const [x, y, a] = [workload.x[i], workload.y[i], workload.angle[i]];
    if (s.kind === KIND_CIRCLE) ids[i] = w.addCircle(x, y, s.r);
    else if (s.kind === KIND_BOX) ids[i] = w.addBox(x, y, s.hw, s.hh, a);
    else ids[i] = w.addPolygon(x, y, a, s.points);
  }
  const floorY = -50;
  for (let k = 0; k < 40; k++) w.addAlignedBox(k + 0.5, floorY + 0.5, 0.5, 0.5, { isStatic: true });
  const player = w.addCapsule(20, floorY - 1, 0.3, 0.25, 0);
  w.step();
  return { w, ids, player, xs: workload.x, ys: workload.y };
}

const worlds = [];
for (const dir of dirs) worlds.push({ dir, ...(await setup(dir)) });

const cases = {
  setTransform: ({ w, ids, xs, ys }, i) => {
    const k = i % ids.length;
    w.setTransform(ids[k], xs[k], ys[k], 0.25);
  },
  queryAabb: ({ w, xs, ys }, i) => {
    const k = i % xs.length;
    w.queryAabb(xs[k] - 4, ys[k] - 4, xs[k] + 4, ys[k] + 4);
  },
  moveAndSlide: ({ w, player }, i) => {
    w.moveAndSlide(player, i & 64 ? 0.1 : -0.1, 0.05);
  },
  "setTransform + queryAabb": ({ w, ids, xs, ys }, i) => {
    const k = (i * 7919) % ids.length;
    w.setTransform(ids[k], xs[k] + 0.5, ys[k], 0.25);
    w.queryAabb(xs[k] - 4, ys[k] - 4, xs[k] + 4, ys[k] + 4);
  },
};

const median = (values) => values.slice().sort((a, b) => a - b)[values.length >> 1];
for (const [name, call] of Object.entries(cases)) {
  const times = worlds.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    worlds.forEach((world, k) => {
      world.w.step(); // each round starts from a stepped world (outside the timing)
      const t0 = performance.now();
      for (let i = 0; i < CALLS; i++) call(world, round * CALLS + i);
      times[k].push(((performance.now() - t0) * 1e6) / CALLS);
    });
  }
  const line = worlds.map((world, k) => `${world.dir} ${median(times[k]).toFixed(0)} ns`).join(", ");
  console.log(`${name}: ${line}`);
}
