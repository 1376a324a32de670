// The measurement of bench-js/threads.mjs, the same in Node and in a browser's Worker: the standard workload stepped
// by each variant (the single-threaded build, the threaded one on a pool of 1, 2, ... threads), interleaved frame by
// frame so that every variant sees the same machine, and a near-empty world to measure what waking the pool costs.
// No Node or DOM API here: the caller loads the variants (each its own instance of the package) and prints.
import { advance, KIND_BOX, KIND_CIRCLE, makeMotion, makeWorkload } from "./workload.mjs";

const f32 = Math.fround;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function build(World, w) {
  const world = new World();
  for (let i = 0; i < w.n; i++) {
    const s = w.shapes[i];
    const [x, y, a] = [f32(w.x[i]), f32(w.y[i]), f32(w.angle[i])];
    if (s.kind === KIND_BOX) world.addBox(x, y, s.hw, s.hh, a);
    else if (s.kind === KIND_CIRCLE) world.addCircle(x, y, s.r);
    else world.addPolygon(x, y, a, s.points);
  }
  return world;
}

function write(world, motion) {
  const { xs, ys, angles } = world.transforms();
  xs.set(motion.x);
  ys.set(motion.y);
  angles.set(motion.angle);
}

/**
 * Steps the standard workload of each size in every variant (`{ name: World }`), frames interleaved; returns per size
 * and variant the median ms of a step, of a frame (write the transforms through the views + step + read the pairs)
 * and of each phase (from stepProfiled(), a separate pass), and the pair count (equal in every variant, or it throws).
 */
export function measureSteps(variants, sizes, now) {
  const names = Object.keys(variants);
  const rows = [];
  for (const n of sizes) {
    const w = makeWorkload(n);
    const motion = makeMotion(w);
    const worlds = names.map((name) => build(variants[name], w));
    const [warm, measured] = n >= 100000 ? [8, 40] : n >= 20000 ? [20, 100] : [30, 200];
    const steps = names.map(() => []);
    const frames = names.map(() => []);
    const phases = names.map(() => [[], [], [], []]);
    for (let f = 0; f < warm + measured; f++) {
      advance(motion);
      const pairs = new Set();
      worlds.forEach((world, k) => {
        const t0 = now();
        write(world, motion);
        const t1 = now();
        world.step();
        const t2 = now();
        const view = world.pairBuffer();
        let sum = 0;
        for (let i = 0, m = 2 * world.pairCount; i < m; i++) sum += view[i];
        const t3 = now();
        pairs.add(`${world.pairCount}:${sum}`);
        if (f >= warm) {
          steps[k].push(t2 - t1);
          frames[k].push(t3 - t0);
        }
      });
      if (pairs.size !== 1) throw new Error(`frame ${f} of ${n}: the variants disagree (${[...pairs].join(" ")})`);
    }
    // Phases: stepProfiled(), which times the phases from the calling thread.
    for (let f = 0; f < measured; f++) {
      advance(motion);
      worlds.forEach((world, k) => {
        write(world, motion);
        const p = world.stepProfiled();
        for (let q = 0; q < 4; q++) phases[k][q].push(p[q]);
      });
    }
    const row = { n, pairs: worlds[0].pairCount, variants: {} };
    names.forEach((name, k) => {
      row.variants[name] = {
        step: median(steps[k]),
        frame: median(frames[k]),
        phases: phases[k].map(median),
      };
    });
    worlds.forEach((world) => world.free());
    rows.push(row);
  }
  return rows;
}

/**
 * The cost of waking the pool: a world of two shapes whose grain (1) puts every phase on the pool, against the same
 * world stepped by the single-threaded build; median µs per step of each. `grainAfter` is the grain restored after.
 */
export function measureWakeUp(variants, setGrain, now, grainAfter = 0) {
  const result = {};
  for (const [name, World] of Object.entries(variants)) {
    setGrain?.[name]?.(1);
    const world = new World();
    setGrain?.[name]?.(grainAfter);
    world.addCircle(0, 0, 1);
    world.addCircle(1, 0, 1);
    const times = [];
    for (let f = 0; f < 2000; f++) {
      world.transforms().xs[1] = 1 + (f % 2) * 0.5;
      const t0 = now();
      world.step();
      times.push(now() - t0);
    }
    world.free();
    result[name] = median(times.slice(200)) * 1000;
  }
  return result;
}
