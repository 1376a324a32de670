// A concave outline against moving shapes, timed (a benchmark, not a test): a static 200-vertex outline (seeded,
// star-shaped around its centre, radii 30 to 150) among 1,000 moving shapes (circles and turning boxes, 1 to 3
// units, bouncing in a 400 × 400 box around it), stepped two ways in two worlds:
//
//   concave  world.addConcavePolygon(outline): one id, one broad-phase entry, the parts tested inside it
//   parts    the same outline's convex parts (world.parts(id) of the first world) added as separate polygons
//
// Each frame writes every moving shape's transform (setTransforms) and steps; the median step time over the measured
// frames is printed for each, the two worlds stepped alternately. Every frame also checks that both report the same
// moving shapes touching the outline (any part, in the second world) and the same moving pairs.
// Then the time of addConcavePolygon itself for outlines of 200 and 1,024 vertices.
//
//   node bench-js/concave.mjs
//   CONCAVE_FRAMES=400 CONCAVE_MOVING=1000 node bench-js/concave.mjs

import { mulberry32 } from "./rng.mjs";
import { loadSepax } from "./sepax.mjs";

const f32 = Math.fround;
const MOVING = Number(process.env.CONCAVE_MOVING ?? 1000);
const FRAMES = Number(process.env.CONCAVE_FRAMES ?? 300);
const WARM = 30;
const SIDE = 400;

/** `n` points, one per equal sector at a random angle within it, at random radii in [rMin, rMax]. */
function radialOutline(rand, n, rMin, rMax) {
  const points = [];
  for (let k = 0; k < n; k++) {
    const a = ((k + 0.999 * rand()) * 2 * Math.PI) / n;
    const r = rMin + (rMax - rMin) * rand();
    points.push(f32(r * Math.cos(a)), f32(r * Math.sin(a)));
  }
  return points;
}

function median(values) {
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1];
}

const { World, wasmBuild } = await loadSepax();
const rand = mulberry32(0xc0ca7e);
const outline = radialOutline(rand, 200, 30, 150);
const centre = SIDE / 2;

// The moving shapes: the same in both worlds, kind, size, start and velocity.
const bodies = [];
for (let k = 0; k < MOVING; k++) {
  bodies.push({
    circle: k % 2 === 0,
    size: 1 + 2 * rand(),
    x: SIDE * rand(),
    y: SIDE * rand(),
    vx: rand() - 0.5,
    vy: rand() - 0.5,
    spin: 0.05 * (rand() - 0.5),
  });
}

function makeWorld(withParts) {
  const world = new World();
  const statics = new Set();
  if (withParts === null) {
    statics.add(world.addConcavePolygon(centre, centre, 0, outline, { isStatic: true }));
  } else {
    for (let k = 0, at = 1; k < withParts[0]; k++, at += 1 + 2 * withParts[at]) {
      const part = withParts.subarray(at + 1, at + 1 + 2 * withParts[at]);
      statics.add(world.addPolygon(centre, centre, 0, part, { isStatic: true }));
    }
  }
  const ids = new Uint32Array(MOVING);
  bodies.forEach((b, k) => {
    ids[k] = b.circle ? world.addCircle(b.x, b.y, b.size) : world.addBox(b.x, b.y, b.size, b.size * 0.6, 0);
  });
  return { world, statics, ids, firstMoving: ids[0] };
}

const concave = makeWorld(null);
const concaveId = [...concave.statics][0];
const parts = concave.world.parts(concaveId);
const split = makeWorld(parts);

/** The transforms of every moving shape at frame `f` (straight lines bouncing off the box's sides). */
function frameTransforms(f) {
  const xya = new Float32Array(3 * MOVING);
  bodies.forEach((b, k) => {
    const bounce = (p, v) => {
      const span = 2 * SIDE;
      let q = (((p + v * f) % span) + span) % span;
      return q > SIDE ? span - q : q;
    };
    xya[3 * k] = bounce(b.x, b.vx);
    xya[3 * k + 1] = bounce(b.y, b.vy);
    xya[3 * k + 2] = b.spin * f;
  });
  return xya;
}

/** What a step reported, as comparable sets: moving ids touching the outline, and moving pairs (by body index). */
function outcome(w) {
  const pairs = w.world.pairs();
  const touching = new Set();
  const moving = new Set();
  const index = (id) => id - w.firstMoving;
  for (let i = 0; i < pairs.length; i += 2) {
    const [a, b] = [pairs[i], pairs[i + 1]];
    if (w.statics.has(a)) touching.add(index(b));
    else if (w.statics.has(b)) touching.add(index(a));
    else moving.add(`${index(a)},${index(b)}`);
  }
  return { touching, moving };
}

const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));
const times = { concave: [], parts: [] };
let checkedTouching = 0;
for (let f = 0; f < WARM + FRAMES; f++) {
  const xya = frameTransforms(f);
  const results = {};
  // Alternate which world goes first, so that neither always runs on a warmer cache.
  const order = f % 2 === 0 ? ["concave", "parts"] : ["parts", "concave"];
  for (const name of order) {
    const w = name === "concave" ? concave : split;
    w.world.setTransforms(w.ids, xya);
    const t0 = performance.now();
    w.world.step();
    const t1 = performance.now();
    if (f >= WARM) times[name].push(t1 - t0);
    results[name] = outcome(w);
  }
  if (
    !sameSet(results.concave.touching, results.parts.touching) ||
    !sameSet(results.concave.moving, results.parts.moving)
  ) {
    throw new Error(`frame ${f}: the two worlds disagree`);
  }
  checkedTouching += results.concave.touching.size;
}

// The cost of adding an outline (decomposition included), median of several adds.
function addTime(points, repeats) {
  const w = new World();
  const samples = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    const id = w.addConcavePolygon(0, 0, 0, points);
    samples.push(performance.now() - t0);
    w.remove(id);
  }
  w.free();
  return median(samples);
}
const big = radialOutline(mulberry32(7), 1024, 30, 150);

const c = median(times.concave);
const p = median(times.parts);
console.log(`sepax ${wasmBuild()} build, ${MOVING} moving shapes, ${FRAMES} measured frames`);
console.log(`outline: ${outline.length / 2} vertices, ${parts[0]} convex parts (${outline.length / 2 - 2} triangles)`);
console.log(`shapes touching the outline per frame: ${(checkedTouching / (WARM + FRAMES)).toFixed(1)} (same in both)`);
console.log("");
console.log("| world | median step (ms) |");
console.log("|---|---:|");
console.log(`| one concave shape | ${c.toFixed(3)} |`);
console.log(`| its ${parts[0]} parts as separate shapes | ${p.toFixed(3)} |`);
console.log(`| ratio concave / parts | ${(c / p).toFixed(3)} |`);
console.log("");
console.log(`addConcavePolygon, 200 vertices: ${addTime(outline, 31).toFixed(3)} ms (median of 31)`);
console.log(`addConcavePolygon, 1,024 vertices: ${addTime(big, 11).toFixed(3)} ms (median of 11)`);
concave.world.free();
split.world.free();
