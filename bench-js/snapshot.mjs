// Snapshot size and speed on the standard workload (workload.mjs), sepax against rapier's takeSnapshot():
// bytes per shape, and the median time to save and to restore, after a few frames of motion (so that both hold
// their pair state). rapier is driven as peers.mjs drives it: parentless sensor colliders.
//
//   bash scripts/build-pkg.sh && node bench-js/snapshot.mjs [N]     # N = 20000 by default
import { performance } from "node:perf_hooks";
import { makeWorkload, makeMotion, advance, KIND_BOX, KIND_CIRCLE } from "./workload.mjs";
import { loadSepax } from "./sepax.mjs";

const N = Number(process.argv[2] ?? 20000);
const FRAMES = 10; // of motion before saving
const REPEATS = 15;
const f32 = Math.fround;

/** The median time of `repeats` calls of `fn`, in milliseconds. */
function median(fn, repeats = REPEATS) {
  const times = [];
  for (let k = 0; k < repeats; k++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

async function sepax(w) {
  const { World } = await loadSepax();
  const world = new World();
  for (let i = 0; i < w.n; i++) {
    const s = w.shapes[i];
    const [x, y, a] = [f32(w.x[i]), f32(w.y[i]), f32(w.angle[i])];
    if (s.kind === KIND_BOX) world.addBox(x, y, s.hw, s.hh, a);
    else if (s.kind === KIND_CIRCLE) world.addCircle(x, y, s.r);
    else world.addPolygon(x, y, a, s.points);
  }
  const m = makeMotion(w);
  for (let f = 0; f < FRAMES; f++) {
    advance(m);
    const { xs, ys, angles } = world.transforms();
    xs.set(m.x);
    ys.set(m.y);
    angles.set(m.angle);
    world.step();
  }
  const bytes = world.snapshot();
  const target = new World();
  const result = {
    library: "sepax",
    pairs: world.pairCount,
    bytes: bytes.length,
    save: median(() => world.snapshot()),
    restore: median(() => World.restore(bytes).free()),
    load: median(() => target.loadSnapshot(bytes)),
  };
  if (target.snapshot().length !== bytes.length) throw new Error("sepax: the loaded world differs");
  world.free();
  target.free();
  return result;
}

async function rapier(w, moduleName) {
  const mod = await import(moduleName);
  const RAPIER = mod.default ?? mod;
  await RAPIER.init({});
  const world = new RAPIER.World({ x: 0, y: 0 });
  const events = new RAPIER.EventQueue(true);
  const types = RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.FIXED_FIXED;
  const colliders = [];
  for (let i = 0; i < w.n; i++) {
    const s = w.shapes[i];
    let desc;
    if (s.kind === KIND_BOX) desc = RAPIER.ColliderDesc.cuboid(s.hw, s.hh);
    else if (s.kind === KIND_CIRCLE) desc = RAPIER.ColliderDesc.ball(s.r);
    else desc = RAPIER.ColliderDesc.convexPolyline(s.points);
    desc.setSensor(true).setActiveCollisionTypes(types).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
    desc.setTranslation(f32(w.x[i]), f32(w.y[i])).setRotation(f32(w.angle[i]));
    colliders.push(world.createCollider(desc));
  }
  const m = makeMotion(w);
  let pairs = 0;
  const v = { x: 0, y: 0 };
  for (let f = 0; f < FRAMES; f++) {
    advance(m);
    for (let i = 0; i < w.n; i++) {
      v.x = m.x[i];
      v.y = m.y[i];
      colliders[i].setTranslation(v);
      colliders[i].setRotation(m.angle[i]);
    }
    world.step(events);
    events.drainCollisionEvents((_a, _b, started) => (pairs += started ? 1 : -1));
  }
  const bytes = world.takeSnapshot();
  const result = {
    library: moduleName.replace("@dimforge/", ""),
    pairs,
    bytes: bytes.length,
    save: median(() => world.takeSnapshot()),
    restore: median(() => RAPIER.World.restoreSnapshot(bytes).free()),
    load: NaN,
  };
  events.free();
  world.free();
  return result;
}

const w = makeWorkload(N);
const rows = [await sepax(w)];
for (const name of ["@dimforge/rapier2d-compat", "@dimforge/rapier2d-simd-compat"]) rows.push(await rapier(w, name));
const ms = (t) => (Number.isNaN(t) ? "-" : t.toFixed(2));
console.log(`snapshot of the standard workload, N = ${N}, after ${FRAMES} frames (median of ${REPEATS}, ms)`);
console.log("| library | pairs | bytes | bytes/shape | save | restore (new world) | load in place |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) {
  const perShape = (r.bytes / N).toFixed(1);
  console.log(
    `| ${r.library} | ${r.pairs} | ${r.bytes} | ${perShape} | ${ms(r.save)} | ${ms(r.restore)} | ${ms(r.load)} |`,
  );
}
const [s, ...peers] = rows;
for (const p of peers) console.log(`${p.library}: ${(p.bytes / s.bytes).toFixed(1)}x sepax's bytes`);
