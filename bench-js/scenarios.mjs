// Game-like variations of the standard workload (bench-js/workload.mjs), for sepax and rapier2d-simd-compat driven
// its fastest correct way (parentless sensor colliders, see peers.mjs), interleaved in one process:
//
//   churn   every frame 1 % of the shapes are removed and added again (bullets, particles, pickups), then all move;
//           reports the per-call cost of remove and add, and the frame.
//   moving10, moving1
//           only 10 % (or 1 %) of the shapes move each frame (a fixed seeded subset); the rest are written nowhere.
//
//   node --expose-gc bench-js/scenarios.mjs                      # N = 20000 and 100000, every scenario
//   SCENARIO_N="20000" SCENARIOS="churn" SCENARIO_LIBS="sepax" node bench-js/scenarios.mjs
//
// Prints a Markdown table (median over the measured frames). Seeded and repeatable; read ratios, not milliseconds.

import { makeWorkload, makeMotion, advance, KIND_BOX, KIND_CIRCLE } from "./workload.mjs";
import { mulberry32 } from "./rng.mjs";
import { loadSepax } from "./sepax.mjs";

const f32 = Math.fround;
const SIZES = (process.env.SCENARIO_N ?? "20000 100000")
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
const SCENARIOS = (process.env.SCENARIOS ?? "churn moving10 moving1").split(/[\s,]+/).filter(Boolean);
const LIBS = (process.env.SCENARIO_LIBS ?? "sepax rapier-simd").split(/[\s,]+/).filter(Boolean);
const WARM = 20;
const MEASURED = Number(process.env.SCENARIO_FRAMES ?? 60);

function median(values) {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[sorted.length >> 1] : NaN;
}

/** sepax: the shapes as in bench-js/sepax.mjs; ids stay equal to shape indices (freed ids come back LIFO). */
async function sepaxLib(w) {
  const { World } = await loadSepax();
  const world = new World();
  const add = (i, x, y, a) => {
    const s = w.shapes[i];
    if (s.kind === KIND_BOX) return world.addBox(x, y, s.hw, s.hh, a);
    if (s.kind === KIND_CIRCLE) return world.addCircle(x, y, s.r);
    return world.addPolygon(x, y, a, s.points);
  };
  for (let i = 0; i < w.n; i++) add(i, f32(w.x[i]), f32(w.y[i]), f32(w.angle[i]));
  return {
    remove: (i) => world.remove(i),
    add(i, m) {
      const id = add(i, m.x[i], m.y[i], m.angle[i]);
      if (id !== i) throw new Error(`sepax gave id ${id} to shape ${i}`);
    },
    write(m, list) {
      const { xs, ys, angles } = world.transforms();
      for (let k = 0; k < list.length; k++) {
        const i = list[k];
        xs[i] = m.x[i];
        ys[i] = m.y[i];
        angles[i] = m.angle[i];
      }
    },
    step: () => world.step(),
    dispose: () => world.free(),
  };
}

/** rapier2d-simd-compat, parentless sensor colliders (the recipe of peers.mjs); pairs counted from its events. */
async function rapierLib(w) {
  const mod = await import("@dimforge/rapier2d-simd-compat");
  const RAPIER = mod.default ?? mod;
  await RAPIER.init({});
  const world = new RAPIER.World({ x: 0, y: 0 });
  const events = new RAPIER.EventQueue(true);
  const types = RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.FIXED_FIXED;
  const colliders = new Array(w.n);
  const create = (i, x, y, a) => {
    const s = w.shapes[i];
    let desc;
    if (s.kind === KIND_BOX) desc = RAPIER.ColliderDesc.cuboid(s.hw, s.hh);
    else if (s.kind === KIND_CIRCLE) desc = RAPIER.ColliderDesc.ball(s.r);
    else desc = RAPIER.ColliderDesc.convexPolyline(s.points);
    desc.setSensor(true).setActiveCollisionTypes(types).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
    desc.setTranslation(x, y).setRotation(a);
    colliders[i] = world.createCollider(desc);
  };
  for (let i = 0; i < w.n; i++) create(i, f32(w.x[i]), f32(w.y[i]), f32(w.angle[i]));
  const v = { x: 0, y: 0 };
  let pairs = 0;
  const onEvent = (_a, _b, started) => {
    pairs += started ? 1 : -1;
  };
  return {
    remove: (i) => world.removeCollider(colliders[i], false),
    add: (i, m) => create(i, m.x[i], m.y[i], m.angle[i]),
    write(m, list) {
      for (let k = 0; k < list.length; k++) {
        const i = list[k];
        v.x = m.x[i];
        v.y = m.y[i];
        colliders[i].setTranslation(v);
        colliders[i].setRotation(m.angle[i]);
      }
    },
    step() {
      world.step(events);
      events.drainCollisionEvents(onEvent);
      return pairs;
    },
    dispose() {
      events.free();
      world.free();
    },
  };
}

const MAKERS = { sepax: sepaxLib, "rapier-simd": rapierLib };

/** One scenario at one N for one library: per-frame times (and per-call add/remove times for churn). */
async function measure(name, scenario, w) {
  const lib = await MAKERS[name](w);
  const m = makeMotion(w);
  const rand = mulberry32(0x5eed ^ w.n);
  const all = Uint32Array.from({ length: w.n }, (_, i) => i);
  const share = scenario === "moving10" ? 0.1 : scenario === "moving1" ? 0.01 : 1;
  const moving = share === 1 ? all : all.filter(() => rand() < share);
  const churn = scenario === "churn" ? Math.round(w.n / 100) : 0;
  const churned = new Uint32Array(churn);
  const frames = [];
  const removes = [];
  const adds = [];
  for (let f = 0; f < WARM + MEASURED; f++) {
    advance(m); // the motion of every shape advances; only `moving` is written to the library
    for (let k = 0; k < churn; k++) {
      let i;
      do i = Math.floor(rand() * w.n);
      while (churned.subarray(0, k).includes(i));
      churned[k] = i;
    }
    const t0 = performance.now();
    for (let k = 0; k < churn; k++) lib.remove(churned[k]);
    const t1 = performance.now();
    for (let k = churn - 1; k >= 0; k--) lib.add(churned[k], m);
    const t2 = performance.now();
    lib.write(m, moving);
    lib.step();
    const t3 = performance.now();
    if (f >= WARM) {
      frames.push(t3 - t0);
      if (churn) {
        removes.push(((t1 - t0) * 1000) / churn);
        adds.push(((t2 - t1) * 1000) / churn);
      }
    }
  }
  lib.dispose();
  return { frame: median(frames), remove: median(removes), add: median(adds), moving: moving.length };
}

const rows = [];
for (const n of SIZES) {
  const w = makeWorkload(n);
  for (const scenario of SCENARIOS) {
    const result = {};
    for (const name of LIBS) result[name] = await measure(name, scenario, w);
    rows.push({ n, scenario, result });
    const line = LIBS.map((name) => {
      const r = result[name];
      const calls = scenario === "churn" ? `, remove ${r.remove.toFixed(2)} µs, add ${r.add.toFixed(2)} µs` : "";
      return `${name} ${r.frame.toFixed(2)} ms${calls}`;
    });
    console.error(`[scenarios] N=${n} ${scenario}: ${line.join(" | ")}`);
  }
}

console.log("| N | scenario | library | frame (median ms) | remove (µs/call) | add (µs/call) | ratio to sepax |");
console.log("|---:|---|---|---:|---:|---:|---:|");
for (const { n, scenario, result } of rows) {
  for (const name of LIBS) {
    const r = result[name];
    const calls = scenario === "churn" ? [r.remove.toFixed(2), r.add.toFixed(2)] : ["", ""];
    const ratio = result.sepax ? (r.frame / result.sepax.frame).toFixed(2) : "";
    console.log(`| ${n} | ${scenario} | ${name} | ${r.frame.toFixed(3)} | ${calls[0]} | ${calls[1]} | ${ratio} |`);
  }
}
