// Tile maps, timed (issue 29 point 6): a seeded 1,000 × 200-cell map of 16-unit tiles (a hilly ground with caves and
// floating platforms, about half the cells solid), and per frame
//
//   move    1,000 capsule characters (radius 5, half length 4, upright) each moved by (±2, 3) units: sepax's
//           world.moveAndSlide per character; rapier's KinematicCharacterController.computeColliderMovement (its
//           built-in mover, up = -y, skin 0.01) per character
//   sweep   10,000 bullets (circles of radius 1) from seeded random points in seeded random directions, 40 units
//           each: sepax's world.sweep (one call); rapier's world.castShape per bullet (stop at penetration)
//
// for four ways of holding the same map:
//
//   sepax-grid     one addTileGrid (one shape for the whole layer)
//   sepax-boxes    one static addAlignedBox per solid tile
//   rapier-boxes   @dimforge/rapier2d-compat 0.21, one parentless (fixed) cuboid collider per solid tile
//   rapier-voxels  the same rapier, one Voxels collider (ColliderDesc.voxels) for the whole map
//
// run interleaved frame by frame (the machine is shared: read ratios). Also: whether the bullets' hits agree (hit or
// miss, and the stop within 0.01 units along the path; the cell hit where the library says which), where the
// characters end after the run, the bytes of wasm memory a grid takes per cell (growth of sepax's memory when a grid
// is added, page-granular, on a 4,000 × 800 map), and the cost of one tile edit (sepax setTile, rapier setVoxel;
// removing and re-adding one box for the box variants) at two map sizes (1,000 × 200 and 4,000 × 800).
//
//   node bench-js/tiles.mjs                         # 10 warm-up and 30 measured frames
//   TILES_FRAMES=20 node bench-js/tiles.mjs
//
// Prints Markdown (bench-js/tiles.md holds a run's output, with the machine's notes).

import { mulberry32 } from "./rng.mjs";
import { loadSepax } from "./sepax.mjs";

const f32 = Math.fround;
const CELL = 16;
const CHARACTERS = 1000;
const BULLETS = 10000;
const BULLET_RADIUS = 1;
const BULLET_SPEED = 40;
const RADIUS = 5;
const HALF_LENGTH = 4;
const WARM = 10;
const MEASURED = Number(process.env.TILES_FRAMES ?? 30);
const WORLD = 1;
const BULLET = 2;
const CHARACTER = 4;
const MISS = 0xffffffff;

function median(values) {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[sorted.length >> 1] : NaN;
}

/** The seeded map: `cols × rows` cells, 1 = solid; the ground's top row per column. */
function makeMap(cols, rows, seed) {
  const rand = mulberry32(seed);
  const cells = new Uint8Array(cols * rows);
  const surface = new Int32Array(cols);
  let h = Math.floor(rows / 2);
  for (let c = 0; c < cols; c++) {
    const r = rand();
    if (r < 0.2) h--;
    else if (r > 0.8) h++;
    h = Math.max(Math.floor(rows * 0.2), Math.min(Math.floor(rows * 0.8), h));
    surface[c] = h;
    for (let row = h; row < rows; row++) cells[row * cols + c] = 1;
  }
  // Caves under the ground (at least two rows under the surface), platforms 5 to 12 rows above it.
  for (let k = 0; k < (cols * rows) / 600; k++) {
    const c0 = Math.floor(rand() * cols);
    const w = 3 + Math.floor(rand() * 6);
    const hgt = 2 + Math.floor(rand() * 4);
    const r0 = surface[c0] + 2 + Math.floor(rand() * (rows - surface[c0]));
    for (let row = r0; row < Math.min(rows - 1, r0 + hgt); row++) {
      for (let c = c0; c < Math.min(cols - 1, c0 + w); c++) if (row > surface[c] + 1) cells[row * cols + c] = 0;
    }
  }
  for (let k = 0; k < cols / 2.5; k++) {
    const c0 = Math.floor(rand() * cols);
    const w = 3 + Math.floor(rand() * 8);
    const row = surface[c0] - 5 - Math.floor(rand() * 8);
    if (row < 1) continue;
    for (let c = c0; c < Math.min(cols, c0 + w); c++) if (row < surface[c] - 4) cells[row * cols + c] = 1;
  }
  let solid = 0;
  for (const v of cells) solid += v;
  return { cols, rows, cells, surface, solid };
}

/** Per-frame inputs, the same for every library: bullet starts and paths; character directions and homes. */
function makeInputs(map) {
  const rand = mulberry32(0x7113 ^ map.cols);
  const [W, H] = [map.cols * CELL, map.rows * CELL];
  const frames = [];
  for (let f = 0; f < WARM + MEASURED; f++) {
    const starts = new Float32Array(2 * BULLETS);
    const dxy = new Float32Array(2 * BULLETS);
    for (let k = 0; k < BULLETS; k++) {
      const a = 2 * Math.PI * rand();
      starts[2 * k] = f32(W * rand());
      starts[2 * k + 1] = f32(H * rand());
      dxy[2 * k] = f32(BULLET_SPEED * Math.cos(a));
      dxy[2 * k + 1] = f32(BULLET_SPEED * Math.sin(a));
    }
    frames.push({ starts, dxy });
  }
  const homes = new Float32Array(2 * CHARACTERS);
  const dirs = new Float32Array(CHARACTERS);
  for (let k = 0; k < CHARACTERS; k++) {
    const c = 2 + Math.floor(rand() * (map.cols - 4));
    homes[2 * k] = f32((c + 0.5) * CELL);
    // Standing just above the ground (platforms are 5 rows up or more, so the 2 rows above are free).
    homes[2 * k + 1] = f32(map.surface[c] * CELL - RADIUS - HALF_LENGTH - 0.5);
    dirs[k] = rand() < 0.5 ? -2 : 2;
  }
  return { frames, homes, dirs };
}

/** The x of each character's move on frame `f`: each turns back every 100 frames. */
const moveX = (dirs, k, f) => (Math.floor(f / 100) % 2 === 0 ? dirs[k] : -dirs[k]);

async function sepaxLib(map, inputs, asGrid) {
  const { World } = await loadSepax();
  const world = new World();
  const boxes = new Map(); // box id → cell (sepax-boxes)
  let grid = -1;
  if (asGrid) {
    grid = world.addTileGrid(0, 0, map.cols, map.rows, CELL, CELL, map.cells, { layer: WORLD });
  } else {
    for (let i = 0; i < map.cells.length; i++) {
      if (map.cells[i] === 0) continue;
      const c = i % map.cols;
      const r = (i - c) / map.cols;
      const id = world.addAlignedBox((c + 0.5) * CELL, (r + 0.5) * CELL, CELL / 2, CELL / 2, { layer: WORLD });
      boxes.set(id, i);
    }
  }
  const bullets = new Uint32Array(BULLETS);
  for (let k = 0; k < BULLETS; k++) {
    bullets[k] = world.addCircle(0, 0, BULLET_RADIUS, { layer: BULLET, mask: WORLD });
  }
  const characters = new Uint32Array(CHARACTERS);
  for (let k = 0; k < CHARACTERS; k++) {
    const [x, y] = [inputs.homes[2 * k], inputs.homes[2 * k + 1]];
    characters[k] = world.addCapsule(x, y, HALF_LENGTH, RADIUS, Math.PI / 2, { layer: CHARACTER, mask: WORLD });
  }
  world.step();
  const pos = new Float32Array(2 * CHARACTERS);
  return {
    place(input) {
      const { xs, ys } = world.transforms();
      for (let k = 0; k < BULLETS; k++) {
        xs[bullets[k]] = input.starts[2 * k];
        ys[bullets[k]] = input.starts[2 * k + 1];
      }
      world.step();
    },
    sweep(input) {
      world.sweep(bullets, input.dxy, WORLD);
    },
    hits() {
      const r = world.sweepResults();
      const out = [];
      for (let k = 0; k < BULLETS; k++) {
        if (r.ids[k] === MISS) out.push(null);
        else out.push({ t: r.t[k], cell: asGrid ? r.cells[k] : boxes.get(r.ids[k]) });
      }
      return out;
    },
    move(f) {
      for (let k = 0; k < CHARACTERS; k++) {
        const m = world.moveAndSlide(characters[k], moveX(inputs.dirs, k, f), 3);
        pos[2 * k] = m.x;
        pos[2 * k + 1] = m.y;
      }
    },
    positions: () => pos,
    dispose: () => world.free(),
  };
}

let rapierModule = null;
async function loadRapier() {
  if (!rapierModule) {
    const mod = await import("@dimforge/rapier2d-compat");
    rapierModule = mod.default ?? mod;
    await rapierModule.init({});
  }
  return rapierModule;
}

const groups = (member, filter) => (member << 16) | filter;

async function rapierLib(map, inputs, asVoxels) {
  const RAPIER = await loadRapier();
  const world = new RAPIER.World({ x: 0, y: 0 });
  const cellOf = new Map(); // collider handle → cell (rapier-boxes)
  let voxels = null;
  if (asVoxels) {
    const coords = new Int32Array(2 * map.solid);
    let n = 0;
    for (let i = 0; i < map.cells.length; i++) {
      if (map.cells[i] === 0) continue;
      const c = i % map.cols;
      coords[n++] = c;
      coords[n++] = (i - c) / map.cols;
    }
    const desc = RAPIER.ColliderDesc.voxels(coords, { x: CELL, y: CELL });
    voxels = world.createCollider(desc.setCollisionGroups(groups(WORLD, 0xffff)));
  } else {
    for (let i = 0; i < map.cells.length; i++) {
      if (map.cells[i] === 0) continue;
      const c = i % map.cols;
      const r = (i - c) / map.cols;
      const desc = RAPIER.ColliderDesc.cuboid(CELL / 2, CELL / 2)
        .setTranslation((c + 0.5) * CELL, (r + 0.5) * CELL)
        .setCollisionGroups(groups(WORLD, 0xffff));
      cellOf.set(world.createCollider(desc).handle, i);
    }
  }
  const characters = [];
  for (let k = 0; k < CHARACTERS; k++) {
    const desc = RAPIER.ColliderDesc.capsule(HALF_LENGTH, RADIUS) // along y: upright
      .setTranslation(inputs.homes[2 * k], inputs.homes[2 * k + 1])
      .setCollisionGroups(groups(CHARACTER, WORLD));
    characters.push(world.createCollider(desc));
  }
  world.step(); // the query pipeline sees the colliders from here on
  const controller = world.createCharacterController(0.01);
  controller.setUp({ x: 0, y: -1 });
  const ball = new RAPIER.Ball(BULLET_RADIUS);
  const position = { x: 0, y: 0 };
  const velocity = { x: 0, y: 0 };
  const motion = { x: 0, y: 0 };
  const bulletGroups = groups(BULLET, WORLD);
  const characterGroups = groups(CHARACTER, WORLD);
  const pos = new Float32Array(2 * CHARACTERS);
  let lastHits = null;
  return {
    place() {},
    sweep(input, record) {
      const hits = record ? [] : null;
      for (let k = 0; k < BULLETS; k++) {
        position.x = input.starts[2 * k];
        position.y = input.starts[2 * k + 1];
        velocity.x = input.dxy[2 * k];
        velocity.y = input.dxy[2 * k + 1];
        const hit = world.castShape(position, 0, velocity, ball, 0, 1, true, undefined, bulletGroups);
        if (record) {
          hits.push(
            hit ? { t: hit.time_of_impact, cell: asVoxels ? undefined : cellOf.get(hit.collider.handle) } : null,
          );
        }
      }
      if (record) lastHits = hits;
    },
    hits: () => lastHits,
    move(f) {
      for (let k = 0; k < CHARACTERS; k++) {
        const c = characters[k];
        motion.x = moveX(inputs.dirs, k, f);
        motion.y = 3;
        controller.computeColliderMovement(c, motion, undefined, characterGroups);
        const moved = controller.computedMovement();
        const at = c.translation();
        position.x = at.x + moved.x;
        position.y = at.y + moved.y;
        c.setTranslation(position);
        pos[2 * k] = position.x;
        pos[2 * k + 1] = position.y;
      }
    },
    positions: () => pos,
    voxels,
    world,
    dispose() {
      controller.free();
      world.free();
    },
  };
}

/**
 * How far two runs' bullet hits agree, over the bullets that start outside the solid (`outside[k]`): a bullet that
 * starts inside is a hit at t = 0 for boxes and rapier's shapes, and a miss for a sepax grid (its sweep meets the
 * boundary of the solid, and a bullet starting inside crosses none), so those are counted apart.
 */
function compareHits(a, b, outside) {
  let same = 0;
  let cells = 0;
  let cellsCompared = 0;
  const worst = [];
  for (let k = 0; k < a.length; k++) {
    if (!outside[k]) continue;
    const [p, q] = [a[k], b[k]];
    const agree =
      (p === null && q === null) || (p !== null && q !== null && Math.abs(p.t - q.t) * BULLET_SPEED <= 0.01);
    if (agree) same++;
    else if (worst.length < 3) worst.push({ k, a: p, b: q });
    if (agree && p !== null && p.cell !== undefined && q.cell !== undefined) {
      cellsCompared++;
      if (p.cell === q.cell) cells++;
    }
  }
  return { same, cells, cellsCompared, worst };
}

/** Growth of sepax's wasm memory (bytes) while `fn` runs. */
function grown(wasmMemory, fn) {
  const before = wasmMemory().buffer.byteLength;
  fn();
  return wasmMemory().buffer.byteLength - before;
}

/** Median ns of one call of `edit(i)` over `count` calls, in batches of 100 timed together. */
function editCost(count, edit) {
  const per = [];
  for (let b = 0; b < count / 100; b++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 100; i++) edit(b * 100 + i);
    per.push(Number(process.hrtime.bigint() - t0) / 100);
  }
  return median(per);
}

async function memoryAndEdits() {
  const { World, wasmMemory } = await loadSepax();
  const RAPIER = await loadRapier();
  const rows = [];
  // Memory first, in a fresh process's memory: a grid added three times (the first add may grow memory for the
  // input's transient copy too; the second and third show what a grid keeps).
  const big = makeMap(4000, 800, 0x5eed);
  const keep = new World();
  const growth = [0, 1, 2].map(() =>
    grown(wasmMemory, () => keep.addTileGrid(0, 0, big.cols, big.rows, CELL, CELL, big.cells)),
  );
  const boxWorld = new World();
  const boxMap = makeMap(1000, 200, 0x5eed);
  const boxGrowth = grown(wasmMemory, () => {
    for (let i = 0; i < boxMap.cells.length; i++) {
      if (boxMap.cells[i] === 0) continue;
      const c = i % boxMap.cols;
      boxWorld.addAlignedBox((c + 0.5) * CELL, ((i - c) / boxMap.cols + 0.5) * CELL, CELL / 2, CELL / 2);
    }
  });
  const memory = {
    cells: big.cols * big.rows,
    growth,
    perCell: growth.slice(1).map((g) => g / (big.cols * big.rows)),
    boxesPerSolidTile: boxGrowth / boxMap.solid,
    boxesPerCell: boxGrowth / (boxMap.cols * boxMap.rows),
  };
  keep.free();
  boxWorld.free();

  for (const [cols, rows_] of [
    [1000, 200],
    [4000, 800],
  ]) {
    const map = makeMap(cols, rows_, 0x5eed);
    const rand = mulberry32(0xed17);
    const EDITS = 20000;
    // Cells on the ground's surface (a boundary around them), toggled solid/empty.
    const picks = new Int32Array(EDITS);
    for (let i = 0; i < EDITS; i++) {
      const c = 1 + Math.floor(rand() * (cols - 2));
      picks[i] = map.surface[c] * cols + c;
    }
    const world = new World();
    const grid = world.addTileGrid(0, 0, cols, rows_, CELL, CELL, map.cells);
    const state = Uint8Array.from(map.cells);
    const setTile = editCost(EDITS, (i) => {
      const cell = picks[i];
      state[cell] ^= 1;
      world.setTile(grid, cell % cols, Math.floor(cell / cols), state[cell]);
    });
    world.free();
    const rw = new RAPIER.World({ x: 0, y: 0 });
    const coords = new Int32Array(2 * map.solid);
    let n = 0;
    for (let i = 0; i < map.cells.length; i++) {
      if (map.cells[i] === 0) continue;
      coords[n++] = i % cols;
      coords[n++] = Math.floor(i / cols);
    }
    const vox = rw.createCollider(RAPIER.ColliderDesc.voxels(coords, { x: CELL, y: CELL }));
    const vstate = Uint8Array.from(map.cells);
    const setVoxel = editCost(EDITS, (i) => {
      const cell = picks[i];
      vstate[cell] ^= 1;
      vox.setVoxel(cell % cols, Math.floor(cell / cols), vstate[cell] === 1);
    });
    rw.free();
    // One box per tile: destroying a tile is removing its box (and re-adding it, to keep the map), in a world of
    // the map's boxes (the 1,000 × 200 map only: 1.6 million boxes for the large one is beyond a fair comparison).
    let boxEdit = NaN;
    if (cols === 1000) {
      const bw = new World();
      const ids = new Int32Array(map.cells.length).fill(-1);
      for (let i = 0; i < map.cells.length; i++) {
        if (map.cells[i] === 0) continue;
        const c = i % cols;
        ids[i] = bw.addAlignedBox((c + 0.5) * CELL, (Math.floor(i / cols) + 0.5) * CELL, CELL / 2, CELL / 2);
      }
      boxEdit = editCost(EDITS, (i) => {
        const cell = picks[i];
        if (ids[cell] >= 0) {
          bw.remove(ids[cell]);
          ids[cell] = -1;
        } else {
          const c = cell % cols;
          ids[cell] = bw.addAlignedBox((c + 0.5) * CELL, (Math.floor(cell / cols) + 0.5) * CELL, CELL / 2, CELL / 2);
        }
      });
      bw.free();
    }
    rows.push({ cols, rows: rows_, solid: map.solid, setTile, setVoxel, boxEdit });
  }
  return { memory, edits: rows };
}

async function main() {
  const { memory, edits } = await memoryAndEdits();
  const map = makeMap(1000, 200, 0x5eed);
  const inputs = makeInputs(map);
  const names = ["sepax-grid", "sepax-boxes", "rapier-boxes", "rapier-voxels"];
  const libs = [
    await sepaxLib(map, inputs, true),
    await sepaxLib(map, inputs, false),
    await rapierLib(map, inputs, false),
    await rapierLib(map, inputs, true),
  ];
  const times = libs.map(() => ({ move: [], sweep: [] }));
  const firstHits = [];
  for (let f = 0; f < WARM + MEASURED; f++) {
    const input = inputs.frames[f];
    libs.forEach((lib, i) => {
      lib.place(input);
      const t0 = performance.now();
      lib.sweep(input, f === WARM);
      const t1 = performance.now();
      lib.move(f);
      const t2 = performance.now();
      if (f === WARM) firstHits[i] = lib.hits();
      if (f >= WARM) {
        times[i].sweep.push(t1 - t0);
        times[i].move.push(t2 - t1);
      }
    });
  }

  const out = [];
  out.push(
    `Map ${map.cols} × ${map.rows} cells of ${CELL} units, ${map.solid} solid (${((100 * map.solid) / map.cells.length).toFixed(1)} %); ` +
      `${CHARACTERS} capsule characters, ${BULLETS} bullets; ${WARM} warm-up and ${MEASURED} measured frames, interleaved.`,
  );
  out.push("");
  out.push("| library | moveAndSlide × 1,000 (ms) | sweep × 10,000 (ms) |");
  out.push("|---|---|---|");
  names.forEach((name, i) => {
    out.push(`| ${name} | ${median(times[i].move).toFixed(2)} | ${median(times[i].sweep).toFixed(2)} |`);
  });
  out.push("");
  // Outside: sepax-boxes' sweep does not start in contact (a hit at t = 0 is a bullet starting in a solid tile).
  const outside = firstHits[1].map((h) => h === null || h.t > 0);
  const starting = outside.filter((o) => o).length;
  const insideGridHits = firstHits[0].filter((h, k) => !outside[k] && h !== null).length;
  out.push(
    `Bullet hits of frame ${WARM} against sepax-grid (the same hit or miss, the stop within 0.01 units), over the ` +
      `${starting} bullets that start outside the solid (${BULLETS - starting} start in a solid tile: a hit at ` +
      `t = 0 for the boxes and rapier, for sepax-grid ${insideGridHits} hits and ${BULLETS - starting - insideGridHits} misses):`,
  );
  out.push("");
  for (let i = 1; i < libs.length; i++) {
    const c = compareHits(firstHits[0], firstHits[i], outside);
    const cellNote = c.cellsCompared ? `, the same cell in ${c.cells} of ${c.cellsCompared} hits` : "";
    out.push(
      `- ${names[i]}: ${c.same} of ${starting} agree${cellNote}` +
        (c.worst.length ? `; e.g. ${JSON.stringify(c.worst[0])}` : ""),
    );
  }
  const hitsOf = (h) => h.filter((x, k) => outside[k] && x !== null).length;
  out.push(`- hits among them: ${names.map((n, i) => `${n} ${hitsOf(firstHits[i])}`).join(", ")}`);
  out.push("");
  const ref = libs[0].positions();
  out.push(
    `Characters after ${WARM + MEASURED} frames, against sepax-grid (distance between the two runs' positions):`,
  );
  out.push("");
  for (let i = 1; i < libs.length; i++) {
    const p = libs[i].positions();
    const d = [];
    for (let k = 0; k < CHARACTERS; k++) d.push(Math.hypot(p[2 * k] - ref[2 * k], p[2 * k + 1] - ref[2 * k + 1]));
    d.sort((a, b) => a - b);
    const within = d.filter((x) => x <= 0.05).length;
    out.push(
      `- ${names[i]}: median ${median(d).toFixed(3)}, p95 ${d[Math.floor(0.95 * d.length)].toFixed(3)}, max ${d[d.length - 1].toFixed(3)}; ${within} of ${CHARACTERS} within 0.05`,
    );
  }
  out.push("");
  out.push(
    `Memory (sepax's wasm memory growth, 64 KiB pages): a ${memory.cells}-cell grid added three times grew it by ` +
      `${memory.growth.join(", ")} bytes: ${memory.perCell.map((b) => b.toFixed(2)).join(" and ")} bytes per cell kept. ` +
      `The 1,000 × 200 map as one box per solid tile: ${memory.boxesPerSolidTile.toFixed(0)} bytes per solid tile ` +
      `(${memory.boxesPerCell.toFixed(1)} per cell).`,
  );
  out.push("");
  out.push("| map | solid cells | sepax setTile (ns) | rapier setVoxel (ns) | sepax remove/add one box (ns) |");
  out.push("|---|---|---|---|---|");
  for (const e of edits) {
    const box = Number.isNaN(e.boxEdit) ? "–" : e.boxEdit.toFixed(0);
    out.push(`| ${e.cols} × ${e.rows} | ${e.solid} | ${e.setTile.toFixed(0)} | ${e.setVoxel.toFixed(0)} | ${box} |`);
  }
  console.log(out.join("\n"));
  for (const lib of libs) lib.dispose();
}

await main();
