// What separate() costs beside the TypeScript "resolve" of the demo (www/src/resolve.ts, ported here as it is: one
// pass over the pairs, halves, statics and the dragged sprite fixed), on N crowded circles and boxes (seeded, in a
// square a third of their total size): ms per call (the second call on a world, after a step: buffers grown), and the
// total overlap depth before it and at the next step.
//
//   node bench-js/separate.mjs            # N = 10000
//   BENCH_N="10000 100000" BENCH_ROUNDS=5 node bench-js/separate.mjs

import { mulberry32 } from "./rng.mjs";
import { loadSepax } from "./sepax.mjs";

const sepax = await loadSepax();
const sizes = (process.env.BENCH_N ?? "10000").split(/\s+/).filter(Boolean).map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

function crowd(n) {
  const rng = mulberry32(7);
  const world = new sepax.World();
  const side = Math.sqrt(n) * 1.2;
  for (let i = 0; i < n; i++) {
    const [x, y] = [(rng() * 2 - 1) * side, (rng() * 2 - 1) * side];
    if (i % 2 === 0) world.addCircle(x, y, 0.4 + 0.4 * rng());
    else world.addBox(x, y, 0.3 + 0.4 * rng(), 0.3 + 0.4 * rng(), rng() * 6);
  }
  world.step();
  return world;
}

/** The demo's resolve: one pass, each pair's push halved between its shapes. */
function resolve(world) {
  const pairs = world.pairs();
  const contacts = world.contacts();
  const { xs, ys } = world.transforms();
  for (let i = 0; i < pairs.length / 2; i++) {
    const [a, b] = [pairs[2 * i], pairs[2 * i + 1]];
    const [nx, ny, depth] = [contacts[3 * i], contacts[3 * i + 1], contacts[3 * i + 2]];
    xs[a] -= nx * depth * 0.5;
    ys[a] -= ny * depth * 0.5;
    xs[b] += nx * depth * 0.5;
    ys[b] += ny * depth * 0.5;
  }
}

const depth = (world) => world.contacts().reduce((s, v, k) => (k % 3 === 2 ? s + v : s), 0);

console.log("| N | method | ms per call (median) | depth before | depth after the next step |");
console.log("|---|---|---|---|---|");
for (const n of sizes) {
  for (const [name, call] of [
    ["TypeScript resolve (1 pass)", resolve],
    ["separate, 1 iteration", (w) => w.separate(null, { iterations: 1 })],
    ["separate, 4 iterations", (w) => w.separate(null, { iterations: 4 })],
  ]) {
    const times = [];
    let before = 0;
    let after = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const world = crowd(n);
      // Once untimed, then stepped: the timed call is a steady-state one (buffers grown, as in a game's frames).
      call(world);
      world.step();
      before = depth(world);
      const t0 = performance.now();
      call(world);
      times.push(performance.now() - t0);
      world.step();
      after = depth(world);
      world.free();
    }
    times.sort((a, b) => a - b);
    const ms = times[ROUNDS >> 1].toFixed(2);
    console.log(`| ${n} | ${name} | ${ms} | ${before.toFixed(0)} | ${after.toFixed(0)} |`);
  }
}
