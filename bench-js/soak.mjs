// Soak: a long run of the built package (pkg/) with churn, watching memory.
//
//   node --expose-gc bench-js/soak.mjs                   # 10,000 shapes, 20,000 steps, a checkpoint every 500
//   node --expose-gc bench-js/soak.mjs 1000 2000 250     # shapes, steps, checkpoint interval
//
// Shapes are the standard workload's (bench-js/workload.mjs: 40 % boxes, 30 % circles, 30 % polygons). Every step
// 1 % of the shapes are removed and 1 % added (new shapes of the same mix at random places), everything moves
// (through the zero-copy transform views), and step() runs. Checked at every step: the events add up,
// (previous − ended) ∪ started = pairs. At every checkpoint: the size of wasm memory and of the JS heap after a
// full GC. Wasm memory must stop growing after warm-up and the JS heap must not grow; the curve is printed
// (and returned by runSoak, which tests/js/soak.test.mjs uses for the short variant). Seeded; no timings
// are asserted anywhere (the steps per second printed are for information only).
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { mulberry32 } from "./rng.mjs";
import { KIND_BOX, KIND_CIRCLE, makeWorkload } from "./workload.mjs";

/** A full GC (with or without --expose-gc). */
export function fullGc() {
  if (typeof globalThis.gc === "function") return globalThis.gc();
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc")();
}

/**
 * Runs the soak. `sepax` is the package's module (`World`, `wasmMemory`), already initialised.
 * Returns `{ checkpoints: [{ step, wasmBytes, heapBytes, shapes, pairs }], eventMismatches, steps, pairsSeen }`.
 */
export function runSoak(sepax, { shapes = 10_000, steps = 20_000, every = 500, seed = 7, log = () => {} } = {}) {
  const { World, wasmMemory } = sepax;
  const workload = makeWorkload(shapes);
  const rand = mulberry32(seed);
  const width = workload.width;
  const world = new World();

  // Per-id motion (ids are slot indices and get reused).
  let vx = new Float64Array(0);
  let vy = new Float64Array(0);
  let va = new Float64Array(0);
  const live = []; // live ids
  const where = new Map(); // id -> index in live

  const grow = (id) => {
    if (id < vx.length) return;
    const n = Math.max(id + 1, 2 * vx.length);
    for (const name of ["vx", "vy", "va"]) {
      const next = new Float64Array(n);
      next.set(name === "vx" ? vx : name === "vy" ? vy : va);
      if (name === "vx") vx = next;
      else if (name === "vy") vy = next;
      else va = next;
    }
  };

  /** Adds the workload's shape `i` at a random place with a random velocity. */
  const add = (i, x, y, angle) => {
    const s = workload.shapes[i];
    let id;
    if (s.kind === KIND_BOX) id = world.addBox(x, y, s.hw, s.hh, angle);
    else if (s.kind === KIND_CIRCLE) id = world.addCircle(x, y, s.r);
    else id = world.addPolygon(x, y, angle, s.points);
    grow(id);
    vx[id] = rand() - 0.5;
    vy[id] = rand() - 0.5;
    va[id] = 0.1 * (rand() - 0.5);
    where.set(id, live.length);
    live.push(id);
  };
  const removeAt = (k) => {
    const id = live[k];
    const last = live.pop();
    if (k < live.length) {
      live[k] = last;
      where.set(last, k);
    }
    where.delete(id);
    world.remove(id);
  };

  for (let i = 0; i < shapes; i++) add(i, workload.x[i], workload.y[i], workload.angle[i]);

  const churn = Math.max(1, Math.round(shapes / 100));
  const key = (a, b) => a * 0x100000 + b; // ids stay below 2^20 here
  let previous = new Set();
  const checkpoints = [];
  let eventMismatches = 0;
  let pairsSeen = 0;
  const started = Date.now();

  const checkpoint = (step) => {
    fullGc();
    const point = {
      step,
      wasmBytes: wasmMemory().buffer.byteLength,
      heapBytes: process.memoryUsage().heapUsed,
      shapes: world.size,
      pairs: world.pairCount,
    };
    checkpoints.push(point);
    const rate = step > 0 ? ` ${Math.round((step * 1000) / (Date.now() - started))} steps/s` : "";
    log(
      `step ${String(step).padStart(6)}: wasm ${point.wasmBytes} B, JS heap ${point.heapBytes} B, ` +
        `${point.shapes} shapes, ${point.pairs} pairs${rate}`,
    );
  };

  world.step();
  for (let i = 0; i < world.pairs().length; i += 2) previous.add(key(world.pairs()[i], world.pairs()[i + 1]));
  checkpoint(0);

  for (let step = 1; step <= steps; step++) {
    for (let c = 0; c < churn; c++) removeAt(Math.floor(rand() * live.length));
    for (let c = 0; c < churn; c++) {
      add(Math.floor(rand() * shapes), width * rand(), width * rand(), Math.PI * (2 * rand() - 1));
    }
    // Move everything through the views (rebuilt by the package when memory or the columns moved).
    const { xs, ys, angles } = world.transforms();
    for (const id of live) {
      let x = xs[id] + vx[id];
      let y = ys[id] + vy[id];
      if (x < 0 || x > width) {
        vx[id] = -vx[id];
        x = Math.min(Math.max(x, 0), width);
      }
      if (y < 0 || y > width) {
        vy[id] = -vy[id];
        y = Math.min(Math.max(y, 0), width);
      }
      let a = angles[id] + va[id];
      if (a > Math.PI) a -= 2 * Math.PI;
      else if (a < -Math.PI) a += 2 * Math.PI;
      xs[id] = x;
      ys[id] = y;
      angles[id] = a;
    }
    world.step();

    // (previous − ended) ∪ started must be the new pair set.
    const pairs = world.pairs();
    const ended = world.ended();
    const begun = world.started();
    pairsSeen += pairs.length / 2;
    const rebuilt = new Set(previous);
    for (let i = 0; i < ended.length; i += 2) {
      if (!rebuilt.delete(key(ended[i], ended[i + 1]))) eventMismatches++;
    }
    for (let i = 0; i < begun.length; i += 2) rebuilt.add(key(begun[i], begun[i + 1]));
    const current = new Set();
    for (let i = 0; i < pairs.length; i += 2) current.add(key(pairs[i], pairs[i + 1]));
    if (current.size !== rebuilt.size) eventMismatches++;
    else for (const k of current) if (!rebuilt.has(k)) eventMismatches++;
    previous = current;

    if (step % every === 0) checkpoint(step);
  }
  world.free();
  return { checkpoints, eventMismatches, steps, pairsSeen };
}

/** Memory verdicts over a run: growth of wasm memory after warm-up, and of the JS heap. */
export function memoryVerdict(checkpoints, warmupSteps) {
  const after = checkpoints.filter((c) => c.step >= warmupSteps);
  const first = after[0];
  const last = after[after.length - 1];
  const wasmGrowthAfterWarmup = last.wasmBytes - first.wasmBytes;
  const heaps = after.map((c) => c.heapBytes);
  return {
    wasmGrowthAfterWarmup,
    wasmFirst: checkpoints[0].wasmBytes,
    wasmWarm: first.wasmBytes,
    wasmLast: last.wasmBytes,
    heapGrowth: last.heapBytes - first.heapBytes,
    heapMin: Math.min(...heaps),
    heapMax: Math.max(...heaps),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const [shapes = 10_000, steps = 20_000, every = 500] = process.argv.slice(2).map(Number);
  const sepax = await import("../pkg/node.js");
  await sepax.init();
  console.log(`soak: ${shapes} shapes, ${steps} steps, 1 % removed and 1 % added per step, checkpoint every ${every}`);
  const result = runSoak(sepax, { shapes, steps, every, log: (line) => console.log(line) });
  const verdict = memoryVerdict(result.checkpoints, Math.min(steps, Math.max(every, steps / 10)));
  console.log(
    `soak: ${result.eventMismatches} event mismatches over ${steps} steps (${result.pairsSeen} pairs reported); ` +
      `wasm memory ${verdict.wasmFirst} B at start, ${verdict.wasmWarm} B after warm-up, ${verdict.wasmLast} B at the end ` +
      `(growth after warm-up ${verdict.wasmGrowthAfterWarmup} B); JS heap after GC ${verdict.heapMin}..${verdict.heapMax} B ` +
      `(end − warm-up ${verdict.heapGrowth} B)`,
  );
  const ok = result.eventMismatches === 0 && verdict.wasmGrowthAfterWarmup === 0 && verdict.heapGrowth < 1 << 20;
  console.log(ok ? "soak: OK" : "soak: FAILED");
  process.exitCode = ok ? 0 : 1;
}
