// What the character and sensor features cost per call in a populated world: N shapes (a tile floor of static boxes,
// static and moving circles and boxes, a tenth of them sensor coins), 1,000 characters moved by moveAndSlide each
// frame, plain and with every platformer option, and 10,000 bullets swept, in a world without sensors and with them
// (whose crossings are then reported). Prints ms per frame of each (median of the frames). A second table: the step
// of the world with sensors while 1,000 of its bullets fly 20 units a frame by setTransforms, plain and continuous
// (setContinuous: the step then lists the sensors each crossed between frames), ms per step and crossings per step.
//
//   node bench-js/characters.mjs                    # N = 20000
//   BENCH_N="20000 100000" node bench-js/characters.mjs

import { mulberry32 } from "./rng.mjs";
import { loadSepax } from "./sepax.mjs";

const sepax = await loadSepax();
const sizes = (process.env.BENCH_N ?? "20000").split(/\s+/).filter(Boolean).map(Number);
const FRAMES = 40;

function world(n, sensors) {
  const rng = mulberry32(11);
  const w = new sepax.World();
  const side = Math.sqrt(n) * 4;
  for (let i = 0; i < n; i++) {
    const [x, y] = [(rng() * 2 - 1) * side, (rng() * 2 - 1) * side];
    const opts = { isStatic: i % 2 === 0, sensor: sensors && i % 10 === 0 };
    if (i % 3 === 0) w.addCircle(x, y, 0.3 + 0.5 * rng(), opts);
    else w.addBox(x, y, 0.3 + 0.5 * rng(), 0.3 + 0.5 * rng(), rng() * 6, opts);
  }
  const characters = new Uint32Array(1000);
  for (let k = 0; k < 1000; k++) {
    characters[k] = w.addCapsule((rng() * 2 - 1) * side, (rng() * 2 - 1) * side, 0.4, 0.3, 0, { upright: true });
  }
  const bullets = new Uint32Array(10000);
  const dxy = new Float32Array(20000);
  for (let k = 0; k < 10000; k++) {
    bullets[k] = w.addCircle((rng() * 2 - 1) * side, (rng() * 2 - 1) * side, 0.05, { layer: 2, mask: 1 });
    dxy[2 * k] = (rng() * 2 - 1) * 20;
    dxy[2 * k + 1] = (rng() * 2 - 1) * 20;
  }
  w.step();
  return { w, characters, bullets, dxy };
}

const median = (t) => [...t].sort((a, b) => a - b)[t.length >> 1].toFixed(2);
const platformer = { maxStepHeight: 0.5, minStepWidth: 0.1, snapDistance: 0.4, stopOnSlope: true, carry: true };

console.log(
  "| N | sensors | 1,000 moves, plain | 1,000 moves, every option | 10,000 bullets swept | crossings a sweep |",
);
console.log("|---|---|---|---|---|---|");
for (const n of sizes) {
  for (const sensors of [false, true]) {
    const { w, characters, bullets, dxy } = world(n, sensors);
    const [plain, options, swept] = [[], [], []];
    let crossings = 0;
    for (let f = 0; f < FRAMES; f++) {
      const vx = f % 20 < 10 ? 0.2 : -0.2;
      let t0 = performance.now();
      for (let k = 0; k < 1000; k += 2) w.moveAndSlide(characters[k], vx, 0.3);
      plain.push(2 * (performance.now() - t0));
      t0 = performance.now();
      for (let k = 1; k < 1000; k += 2) w.moveAndSlide(characters[k], vx, 0.3, platformer);
      options.push(2 * (performance.now() - t0));
      t0 = performance.now();
      w.sweep(bullets, dxy, 1);
      crossings = w.sweepCrossings().ids.length;
      swept.push(performance.now() - t0);
      w.step();
    }
    console.log(
      `| ${n} | ${sensors ? "a tenth" : "none"} | ${median(plain)} | ${median(options)} | ${median(swept)} | ${crossings} |`,
    );
    w.free();
  }
}

console.log("");
console.log("| N | 1,000 bullets | step | crossings a step |");
console.log("|---|---|---|---|");
for (const n of sizes) {
  for (const continuous of [false, true]) {
    const { w, bullets, dxy } = world(n, true);
    const flying = bullets.subarray(0, 1000);
    for (const id of flying) w.setContinuous(id, continuous);
    const { xs, ys } = w.transforms();
    const xya = new Float32Array(3 * flying.length);
    const stepped = [];
    let crossings = 0;
    for (let f = 0; f < FRAMES; f++) {
      const sign = f % 20 < 10 ? 1 : -1;
      for (let k = 0; k < flying.length; k++) {
        const id = flying[k];
        xya[3 * k] = xs[id] + sign * dxy[2 * k];
        xya[3 * k + 1] = ys[id] + sign * dxy[2 * k + 1];
        xya[3 * k + 2] = 0;
      }
      w.setTransforms(flying, xya);
      const t0 = performance.now();
      w.step();
      stepped.push(performance.now() - t0);
      crossings = w.stepCrossings().sensors.length;
    }
    console.log(`| ${n} | ${continuous ? "continuous" : "plain"} | ${median(stepped)} | ${crossings} |`);
    w.free();
  }
}
