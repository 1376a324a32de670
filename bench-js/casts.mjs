// Acting on collisions, timed: in the standard world (bench-js/workload.mjs, N shapes moving), per frame
//
//   sweep         10,000 bullets (circles of radius 0.5) each moving 50 units in a seeded random direction: one
//                 world.sweep(ids, dxy, mask) call; beside it rapier2d-simd-compat's world.castShape per bullet
//                 (its fastest correct way: parentless colliders as in peers.mjs, the bullets not in its world).
//   moveAndSlide  1,000 characters (capsules, half length 1, radius 1): world.moveAndSlide(id, dx, dy) each, with a
//                 seeded random motion of 2 units; beside it rapier's KinematicCharacterController
//                 (computeColliderMovement per character, its built-in mover).
//
//   node bench-js/casts.mjs                   # N = 20000
//   CASTS_N="20000 100000" CASTS_FRAMES=40 node bench-js/casts.mjs
//
// The first measured frame also compares the bullets' hits: the same hit shape, and the contact within 0.01 units
// along the path. Prints a Markdown table of median ms per call (sweep: the whole batch; movers: all 1,000).

import { makeWorkload, makeMotion, advance, KIND_BOX, KIND_CIRCLE } from "./workload.mjs";
import { mulberry32 } from "./rng.mjs";
import { loadSepax } from "./sepax.mjs";

const f32 = Math.fround;
const SIZES = (process.env.CASTS_N ?? "20000")
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
const BULLETS = Number(process.env.CASTS_BULLETS ?? 10000);
const CHARACTERS = Number(process.env.CASTS_CHARACTERS ?? 1000);
const SPEED = 50;
const WARM = 10;
const MEASURED = Number(process.env.CASTS_FRAMES ?? 60);
const WORLD_LAYER = 1;
const BULLET_LAYER = 2;
const CHARACTER_LAYER = 4;

function median(values) {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[sorted.length >> 1] : NaN;
}

/** The per-frame inputs, the same for both libraries: bullet starts and paths, character motions. */
function makeFrames(w) {
  const rand = mulberry32(0xb011e7 ^ w.n);
  const frames = [];
  for (let f = 0; f < WARM + MEASURED; f++) {
    const starts = new Float32Array(2 * BULLETS);
    const dxy = new Float32Array(2 * BULLETS);
    for (let k = 0; k < BULLETS; k++) {
      const a = 2 * Math.PI * rand();
      starts[2 * k] = f32(w.width * rand());
      starts[2 * k + 1] = f32(w.width * rand());
      dxy[2 * k] = f32(SPEED * Math.cos(a));
      dxy[2 * k + 1] = f32(SPEED * Math.sin(a));
    }
    const moves = new Float32Array(2 * CHARACTERS);
    for (let k = 0; k < CHARACTERS; k++) {
      const a = 2 * Math.PI * rand();
      moves[2 * k] = f32(2 * Math.cos(a));
      moves[2 * k + 1] = f32(2 * Math.sin(a));
    }
    frames.push({ starts, dxy, moves });
  }
  const homes = new Float32Array(2 * CHARACTERS);
  for (let k = 0; k < 2 * CHARACTERS; k++) homes[k] = f32(w.width * rand());
  return { frames, homes };
}

async function sepaxLib(w, homes) {
  const { World } = await loadSepax();
  const world = new World();
  for (let i = 0; i < w.n; i++) {
    const s = w.shapes[i];
    const [x, y, a] = [f32(w.x[i]), f32(w.y[i]), f32(w.angle[i])];
    if (s.kind === KIND_BOX) world.addBox(x, y, s.hw, s.hh, a);
    else if (s.kind === KIND_CIRCLE) world.addCircle(x, y, s.r);
    else world.addPolygon(x, y, a, s.points);
  }
  const bullets = new Uint32Array(BULLETS);
  for (let k = 0; k < BULLETS; k++) {
    bullets[k] = world.addCircle(0, 0, 0.5, { layer: BULLET_LAYER, mask: WORLD_LAYER });
  }
  const characters = new Uint32Array(CHARACTERS);
  for (let k = 0; k < CHARACTERS; k++) {
    characters[k] = world.addCapsule(homes[2 * k], homes[2 * k + 1], 1, 1, 0, {
      layer: CHARACTER_LAYER,
      mask: WORLD_LAYER,
    });
  }
  return {
    frame(m, input) {
      const { xs, ys, angles } = world.transforms();
      for (let i = 0; i < w.n; i++) {
        xs[i] = m.x[i];
        ys[i] = m.y[i];
        angles[i] = m.angle[i];
      }
      for (let k = 0; k < BULLETS; k++) {
        xs[bullets[k]] = input.starts[2 * k];
        ys[bullets[k]] = input.starts[2 * k + 1];
      }
      world.step();
    },
    sweep(input) {
      world.sweep(bullets, input.dxy, WORLD_LAYER);
    },
    hits() {
      const r = world.sweepResults();
      const out = [];
      for (let k = 0; k < BULLETS; k++) out.push(r.ids[k] === 0xffffffff ? null : { id: r.ids[k], t: r.t[k] });
      return out;
    },
    move(input) {
      for (let k = 0; k < CHARACTERS; k++) {
        world.moveAndSlide(characters[k], input.moves[2 * k], input.moves[2 * k + 1]);
      }
    },
    dispose: () => world.free(),
  };
}

async function rapierLib(w, homes) {
  const mod = await import("@dimforge/rapier2d-simd-compat");
  const RAPIER = mod.default ?? mod;
  await RAPIER.init({});
  const world = new RAPIER.World({ x: 0, y: 0 });
  const types = RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.FIXED_FIXED;
  // Collision groups: membership in the high 16 bits, filter in the low 16.
  const groups = (member, filter) => (member << 16) | filter;
  const colliders = new Array(w.n);
  const indexOf = new Map();
  for (let i = 0; i < w.n; i++) {
    const s = w.shapes[i];
    let desc;
    if (s.kind === KIND_BOX) desc = RAPIER.ColliderDesc.cuboid(s.hw, s.hh);
    else if (s.kind === KIND_CIRCLE) desc = RAPIER.ColliderDesc.ball(s.r);
    else desc = RAPIER.ColliderDesc.convexPolyline(s.points);
    desc.setSensor(true).setActiveCollisionTypes(types).setCollisionGroups(groups(WORLD_LAYER, 0xffff));
    desc.setTranslation(f32(w.x[i]), f32(w.y[i])).setRotation(f32(w.angle[i]));
    colliders[i] = world.createCollider(desc);
    indexOf.set(colliders[i].handle, i);
  }
  const characters = [];
  for (let k = 0; k < CHARACTERS; k++) {
    const desc = RAPIER.ColliderDesc.capsule(1, 1)
      .setRotation(Math.PI / 2) // rapier's capsules run along y; sepax's along x
      .setTranslation(homes[2 * k], homes[2 * k + 1])
      .setCollisionGroups(groups(CHARACTER_LAYER, WORLD_LAYER));
    characters.push(world.createCollider(desc));
  }
  const controller = world.createCharacterController(0.01);
  const ball = new RAPIER.Ball(0.5);
  const position = { x: 0, y: 0 };
  const velocity = { x: 0, y: 0 };
  const motion = { x: 0, y: 0 };
  const bulletGroups = groups(BULLET_LAYER, WORLD_LAYER);
  const characterGroups = groups(CHARACTER_LAYER, WORLD_LAYER);
  let lastHits = null;
  return {
    frame(m) {
      for (let i = 0; i < w.n; i++) {
        position.x = m.x[i];
        position.y = m.y[i];
        colliders[i].setTranslation(position);
        colliders[i].setRotation(m.angle[i]);
      }
      world.step();
    },
    sweep(input, record) {
      const hits = record ? [] : null;
      for (let k = 0; k < BULLETS; k++) {
        position.x = input.starts[2 * k];
        position.y = input.starts[2 * k + 1];
        velocity.x = input.dxy[2 * k];
        velocity.y = input.dxy[2 * k + 1];
        const hit = world.castShape(position, 0, velocity, ball, 0, 1, true, undefined, bulletGroups);
        if (record) hits.push(hit ? { id: indexOf.get(hit.collider.handle), t: hit.time_of_impact } : null);
      }
      if (record) lastHits = hits;
    },
    hits: () => lastHits,
    move(input) {
      for (let k = 0; k < CHARACTERS; k++) {
        const c = characters[k];
        motion.x = input.moves[2 * k];
        motion.y = input.moves[2 * k + 1];
        controller.computeColliderMovement(c, motion, undefined, characterGroups);
        const moved = controller.computedMovement();
        const at = c.translation();
        position.x = at.x + moved.x;
        position.y = at.y + moved.y;
        c.setTranslation(position);
      }
    },
    dispose() {
      controller.free();
      world.free();
    },
  };
}

/**
 * Bullets whose hits differ: a hit against a miss, or contacts more than 0.01 units apart along the 50-unit path, or
 * another shape hit at t > 0. A bullet that starts inside several shapes hits them all at t = 0, and each library
 * names one of them (sepax the smallest id): those count as `startTies`, not as differences.
 */
function compareHits(a, b) {
  let differ = 0;
  let hits = 0;
  let startTies = 0;
  for (let k = 0; k < a.length; k++) {
    if (a[k]) hits++;
    if (!a[k] && !b[k]) continue;
    if (!a[k] || !b[k] || Math.abs(a[k].t - b[k].t) * SPEED > 0.01) differ++;
    else if (a[k].id !== b[k].id) {
      if (a[k].t === 0 && b[k].t === 0) startTies++;
      else differ++;
    }
  }
  return { hits, differ, startTies };
}

console.log("| N | what | sepax (median ms) | rapier2d-simd-compat (median ms) | ratio |");
console.log("|---:|---|---:|---:|---:|");
for (const n of SIZES) {
  const w = makeWorkload(n);
  const { frames, homes } = makeFrames(w);
  const libs = { sepax: await sepaxLib(w, homes), rapier: await rapierLib(w, homes) };
  const motions = { sepax: makeMotion(w), rapier: makeMotion(w) };
  const times = { sepax: { sweep: [], move: [] }, rapier: { sweep: [], move: [] } };
  let agreement = null;
  for (let f = 0; f < frames.length; f++) {
    const input = frames[f];
    for (const name of ["sepax", "rapier"]) {
      // Interleaved: both libraries see the same frame before the next one starts.
      const lib = libs[name];
      advance(motions[name]);
      lib.frame(motions[name], input);
      const record = f === WARM;
      const t0 = performance.now();
      lib.sweep(input, record);
      const t1 = performance.now();
      lib.move(input);
      const t2 = performance.now();
      if (f >= WARM) {
        times[name].sweep.push(t1 - t0);
        times[name].move.push(t2 - t1);
      }
    }
    if (f === WARM) agreement = compareHits(libs.sepax.hits(), libs.rapier.hits());
  }
  for (const what of ["sweep", "move"]) {
    const s = median(times.sepax[what]);
    const r = median(times.rapier[what]);
    const label = what === "sweep" ? `sweep of ${BULLETS} bullets` : `moveAndSlide of ${CHARACTERS} characters`;
    console.log(`| ${n} | ${label} | ${s.toFixed(3)} | ${r.toFixed(3)} | ${(r / s).toFixed(2)} |`);
  }
  console.error(
    `[casts] N=${n}: ${agreement.hits} of ${BULLETS} bullets hit (sepax); ${agreement.differ} differ from rapier's ` +
      `castShape; ${agreement.startTies} start inside several shapes (each library names another one at t = 0)`,
  );
  for (const lib of Object.values(libs)) lib.dispose();
}
