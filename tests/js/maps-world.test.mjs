// The editor fixtures end to end: each map (Tiled orthogonal, infinite and Base64, an LDtk project) loaded into a
// real World through sepax/maps, then played on: a box dropped with moveAndSlide lands on the map's ground at the
// height the map's cells give, rays hit the cell the map puts there (slopes included), one-way tiles and one-way
// objects are passed from below and stood on from above, setTile edits a loaded grid, sensor tiles (water, ladders)
// are crossed and reported by their cell. maps.test.mjs checks what the readers decide cell by cell; this file checks
// that a world given those decisions behaves as the map was drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadLdtkProject, loadTiledMap, readTiledMap } from "../../pkg/maps.js";
import init, { World } from "../../pkg/node.js";

const FIXTURES = new URL("./fixtures/maps/", import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8"));
const NO_CELL = 0xffffffff;
/** The mover's half size: 8 × 8 boxes fit in the fixtures' 16-pixel cells. */
const HALF = 4;
/** How near a resting mover's bottom is to the surface under it (the mover keeps a skin of 0.01). */
const REST = 0.05;
/** Map objects go to layer 2 so the tile-grid checks (mask 1) see the grids only. */
const OBJECTS_APART = { layers: (l) => (l.kind === "objects" || l.kind === "entities" ? { layer: 2 } : null) };

/** Moves `id` down `dy` a frame until it stands on something; returns its resting position. */
function settle(world, id, dy = 2) {
  for (let frame = 0; frame < 300; frame++) {
    const r = world.moveAndSlide(id, 0, dy);
    world.step();
    if (r.grounded) return { x: r.x, y: r.y, cell: r.contactCells.length > 0 ? r.contactCells[0] : NO_CELL };
  }
  assert.fail(`shape ${id} never landed`);
}

/**
 * Jumps `id` straight up at `speed` a frame until its bottom is above `top`, checking each frame moves it the whole
 * way (a one-way tile must not stop it nor pop it up), then lets it fall onto `top`.
 */
function jumpOnto(world, id, speed, top) {
  let y = world.getTransform(id)[1];
  while (y + HALF > top - 1) {
    const r = world.moveAndSlide(id, 0, -speed);
    world.step();
    assert.ok(Math.abs(r.y - (y - speed)) < 1e-3, `rising at ${speed}/frame: ${y} → ${r.y} (a pop-up or a stop)`);
    y = r.y;
  }
  const rest = settle(world, id, 1.5);
  assert.ok(Math.abs(rest.y + HALF - top) < REST, `landed on ${top} (bottom at ${rest.y + HALF})`);
  return rest;
}

/** The closest hit of a ray against layer 1 (the grids) as `{ y, x, nx, ny, cell, id }`, or null. */
function ray(world, x, y, dx, dy, mask = 1) {
  const hit = world.raycast(x, y, dx, dy, 500, mask);
  return hit === null ? null : { ...hit };
}

const near = (a, b, what, eps = 1e-3) => assert.ok(Math.abs(a - b) <= eps, `${what}: ${a} ≈ ${b}`);

test("Tiled orthogonal map in a World: ground, slopes and one-way tiles where the map drew them", async () => {
  await init();
  const world = new World();
  const loaded = loadTiledMap(world, fixture("orthogonal.tmj"), OBJECTS_APART);
  const [ground] = loaded.grids;
  assert.equal(loaded.sources.get(ground).name, "Ground");
  assert.equal(loaded.sources.get(ground).sensor, false);
  world.step();
  // Column 1: solid from row 4 (y = 64), under the one-way ledge of rows 1–2 (y = 16 to 20, passed from below).
  const box = world.addAlignedBox(24, 30, HALF, HALF, { mask: 1 });
  const rest = settle(world, box);
  near(rest.x, 24, "dropped straight");
  assert.ok(Math.abs(rest.y + HALF - 64) < REST, `on row 4's top (bottom at ${rest.y + HALF})`);
  assert.equal(rest.cell, 4 * 8 + 1, "standing on cell (1, 4)");
  for (const speed of [1, 5]) {
    world.setTransform(box, 24, 64 - HALF - 0.01, 0);
    world.step();
    jumpOnto(world, box, speed, 16);
  }
  // Rays (mask 1: the grids only): the ledge's top from above, nothing from below; the slope of (3, 3) rising to
  // the right at its height; the strip of (7, 3), one-way from below, hit from below and passed from above.
  const ledge = ray(world, 40, 0, 0, 1);
  near(ledge.y, 16, "ledge top");
  assert.deepEqual([ledge.id, ledge.cell, ledge.nx, ledge.ny], [ground, 1 * 8 + 2, 0, -1]);
  assert.equal(ray(world, 40, 40, 0, -1), null, "a one-way ledge is passed from below");
  const slope = ray(world, 52, 20, 0, 1);
  near(slope.y, 48 + 16 - 4, "slope height at 4 px into the cell");
  assert.equal(slope.cell, 3 * 8 + 3);
  near(slope.nx, -Math.SQRT1_2, "slope normal x");
  near(slope.ny, -Math.SQRT1_2, "slope normal y");
  const under = ray(world, 120, 68, 0, -1);
  near(under.y, 64, "the upside-down strip's bottom");
  assert.deepEqual([under.cell, under.ny], [3 * 8 + 7, 1]);
  const past = ray(world, 120, 40, 0, 1);
  near(past.y, 72, "passed the strip from above onto the lower half of (7, 4)");
  assert.equal(past.cell, 4 * 8 + 7);
  // The objects, on layer 2: the one-way rectangle "ledge" (y = 50 to 54) is hit from above only.
  const top = ray(world, 70, 40, 0, 1, 2);
  assert.equal(loaded.sources.get(top.id).name, "ledge");
  near(top.y, 50, "the one-way object's top");
  assert.equal(top.cell, NO_CELL);
  assert.equal(ray(world, 70, 60, 0, -1, 2), null, "the one-way object is passed from below");
  // setTile on a loaded grid: the ledge's cell (2, 1) destroyed, the ray falls to the slope of (2, 4).
  world.setTile(ground, 2, 1, 0);
  const hole = ray(world, 40, 0, 0, 1);
  assert.equal(hole.cell, 4 * 8 + 2);
  near(hole.y, 64 + 16 - 8, "the slope of (2, 4) at 8 px into the cell");
});

test("Tiled infinite map in a World: chunks at the layer offset, one-way tile and slope", async () => {
  await init();
  const world = new World();
  const [grid] = loadTiledMap(world, fixture("infinite.tmj")).grids;
  world.step();
  // Row 19 of the grid (y = -256 + 19·16 = 48) is solid from x = -76 to 340.
  const box = world.addAlignedBox(108, 20, HALF, HALF);
  const rest = settle(world, box);
  assert.ok(Math.abs(rest.y + HALF - 48) < REST, `on the floor (bottom at ${rest.y + HALF})`);
  assert.equal(rest.cell, 19 * 48 + 22, "cell (22, 19) under x = 108");
  // The one-way tile of cell (33, 14): x 276 to 292, its top at y = -32.
  world.setTransform(box, 284, 48 - HALF - 0.01, 0);
  world.step();
  jumpOnto(world, box, 4, -32);
  // The slope of cell (13, 18) (x -44 to -28, rising to the right): 8 px in, its top is 8 px below the cell's top.
  const hit = ray(world, -36, 0, 0, 1);
  near(hit.y, 32 + 8, "slope height");
  assert.deepEqual([hit.id, hit.cell], [grid, 18 * 48 + 13]);
});

test("Tiled Base64 map in a World: a box slides across solid and one-way tiles without catching", async () => {
  await init();
  const world = new World();
  const [grid] = loadTiledMap(world, fixture("base64.tmj")).grids;
  world.step();
  // Row 3 (y = 48): solid, solid, a one-way strip (flipped in the file, still solid from above), solid.
  const box = world.addAlignedBox(40, 20, HALF, HALF);
  const onStrip = settle(world, box);
  assert.ok(Math.abs(onStrip.y + HALF - 48) < REST, "landed on the one-way strip");
  assert.equal(onStrip.cell, 3 * 4 + 2);
  world.setTransform(box, HALF + 1, 48 - HALF - 0.01, 0);
  world.step();
  let x = HALF + 1;
  while (x < 64 - HALF - 2) {
    const r = world.moveAndSlide(box, 1, 0.2);
    world.step();
    near(r.x, x + 1, `slid the whole step at x = ${x}`);
    assert.ok(Math.abs(r.y + HALF - 48) < REST, `stayed on the floor at x = ${x} (bottom at ${r.y + HALF})`);
    for (let k = 0; k < r.contacts.length; k += 3) {
      assert.deepEqual([r.contacts[k], r.contacts[k + 1], r.contacts[k + 2]], [grid, 0, -1], `only the floor at ${x}`);
    }
    x = r.x;
  }
});

test("LDtk project in a World: IntGrid values as the options say (empty ladder, one-way platform), two levels", async () => {
  await init();
  const world = new World();
  const loaded = loadLdtkProject(world, fixture("platformer.ldtk"), {
    ...OBJECTS_APART,
    intGrid: { ladder: "empty", platform: { oneWay: true } },
  });
  const [first, second] = loaded.grids;
  world.step();
  // Level 0: floor row 4 (y = 64); the platform cells (2, 2) and (3, 2) (y = 32 to 48) passed from below.
  const box = world.addAlignedBox(48, 56, HALF, HALF, { mask: 1 });
  assert.ok(Math.abs(settle(world, box).y + HALF - 64) < REST, "on the floor");
  jumpOnto(world, box, 3, 32);
  // The ladder column (5, rows 1 and 2) is no collision: a ray down reaches the floor.
  const hit = ray(world, 88, 0, 0, 1);
  near(hit.y, 64, "through the ladder to the floor");
  assert.deepEqual([hit.id, hit.cell], [first, 4 * 8 + 5]);
  // Level 1 is placed at its world position (132, 14): its floor row 4 is at y = 78.
  const other = world.addAlignedBox(164, 40, HALF, HALF, { mask: 1 });
  const rest = settle(world, other);
  assert.ok(Math.abs(rest.y + HALF - 78) < REST, `on level 1's floor (bottom at ${rest.y + HALF})`);
  assert.equal(ray(world, 150, 40, 0, 1).id, second, "level 1 is its own grid");
  // The entity Platform (Bool field oneWay, on layer 2): hit from above only.
  const platform = ray(world, 24, 0, 0, 1, 2);
  assert.equal(loaded.sources.get(platform.id).name, "Platform");
  near(platform.y, 32, "the Platform entity's top");
  assert.equal(ray(world, 24, 39, 0, -1, 2), null, "the Platform entity is passed from below");
});

/** water.tmj loaded: its grids by role, and a world stepped once. */
async function waterWorld(opts) {
  await init();
  const world = new World();
  const loaded = loadTiledMap(world, fixture("water.tmj"), opts);
  const [ground, water, falls] = loaded.grids;
  world.step();
  return { world, loaded, ground, water, falls };
}

/** The pool of water.tmj: columns 3 to 6 (x 48 to 112) of rows 3 and 4 (y 48 to 80), on the floor of row 5. */
const POOL = { left: 48, right: 112, top: 48, floor: 80, cols: 10 };

test("Tiled water in a World: the layer is a solid grid and a sensor grid, each id's source saying which", async () => {
  const { world, loaded, ground, water, falls } = await waterWorld();
  assert.deepEqual(
    loaded.grids.map((id) => [loaded.sources.get(id).name, loaded.sources.get(id).sensor]),
    [
      ["Ground", false],
      ["Ground", true],
      ["Falls", true],
    ],
  );
  // Cell (4, 3): water in the sensor grid, empty in the solid grid; (4, 5): floor in the solid grid only.
  const gid = (id, col, row) => loaded.sources.get(id).gids[world.tile(id, col, row)];
  assert.deepEqual([gid(ground, 4, 3), gid(water, 4, 3)], [0, 6]);
  assert.deepEqual([gid(ground, 4, 5), gid(water, 4, 5)], [1, 0]);
  assert.equal(gid(water, 6, 4), (6 | 0x80000000) >>> 0, "the flipped water tile keeps its gid");
  assert.equal(gid(falls, 1, 2), 6);
  // Found by the overlap queries, met by no ray.
  assert.deepEqual(Array.from(world.queryPoint(72, 60)).sort(), [water]);
  near(ray(world, 72, 0, 0, 1).y, POOL.floor, "a ray falls through the water to the pool's floor");
  assert.equal(ray(world, 72, 0, 0, 1).id, ground);
});

test("Tiled water in a World: moveAndSlide goes through the water cells, its crossings list the sensor grid", async () => {
  const { world, ground, water } = await waterWorld();
  // Dropped into the pool from above in one move: not stopped at the water's surface, it lands on the pool's floor.
  const box = world.addAlignedBox(72, 20, HALF, HALF, { isStatic: false });
  const fall = world.moveAndSlide(box, 0, 100);
  near(fall.x, 72, "straight down");
  assert.ok(Math.abs(fall.y + HALF - POOL.floor) < REST, `on the pool's floor (bottom at ${fall.y + HALF})`);
  assert.deepEqual([fall.grounded, fall.groundId, fall.groundCell], [true, ground, 5 * POOL.cols + 4]);
  assert.deepEqual(Array.from(fall.crossings), [water]);
  // t runs along the path moved (to the floor), not the motion asked for.
  near(fall.crossingTs[0], (POOL.top - (20 + HALF)) / (fall.y - 20), "entered at the water's surface", 1e-4);
  // Across the pool, in the water, in one move: not stopped until the pool's wall.
  const swim = world.moveAndSlide(box, 20, 0);
  near(swim.x, 92, "swam the whole way");
  const wall = world.moveAndSlide(box, 40, 0);
  near(wall.x, POOL.right - HALF, "stopped by the solid wall, not the water", 0.05);
  world.free();
});

test("Tiled water in a World: step() pairs the sensor grid with the character, pairCells names the water cell", async () => {
  const { world, water } = await waterWorld();
  // In the water of cell (4, 4) only (x 64 to 80, y 64 to 80).
  const box = world.addAlignedBox(72, 72, HALF, HALF, { isStatic: false });
  world.step();
  const pairs = Array.from(world.pairs());
  const k = pairs.findIndex(
    (_, i) => i % 2 === 0 && pairs[i] === Math.min(water, box) && pairs[i + 1] === Math.max(water, box),
  );
  assert.ok(k >= 0, `the pair (water, box) in ${pairs}`);
  assert.equal(world.pairCells()[k / 2], 4 * POOL.cols + 4);
  assert.deepEqual(Array.from(world.started()).slice(0, 2), [Math.min(water, box), Math.max(water, box)]);
  // Moved to the puddle on the ground (cell (8, 2), its lower half y 40 to 48): that cell instead.
  world.setTransform(box, 136, 48 - HALF - 0.01, 0);
  world.step();
  const after = Array.from(world.pairs());
  assert.deepEqual(after.slice(0, 2), [Math.min(water, box), Math.max(water, box)]);
  assert.equal(world.pairCells()[0], 2 * POOL.cols + 8);
  world.free();
});

test("Tiled water in a World: a continuous shape moved across the water between two steps crosses the sensor grid", async () => {
  const { world, water } = await waterWorld();
  // A bullet written from above the pool (72, 20) into the floor under it (72, 90): it touches the water at
  // neither step.
  const bullet = world.addCircle(72, 20, 2, { isStatic: false, continuous: true });
  world.step();
  world.setTransform(bullet, 72, 90, 0);
  world.step();
  const { shapes, sensors, t } = world.stepCrossings();
  assert.deepEqual([Array.from(shapes), Array.from(sensors)], [[bullet], [water]]);
  near(t[0], (POOL.top - 2 - 20) / 70, "entered at the water's surface", 1e-4);
  world.free();
});

test("Tiled sensor tiles: 'skip' leaves them out, 'error' names the property, a bad value names the option", async () => {
  await init();
  const map = fixture("water.tmj");
  const skipped = new World();
  const loaded = loadTiledMap(skipped, map, { sensorTiles: "skip" });
  assert.deepEqual(
    loaded.grids.map((id) => [loaded.sources.get(id).name, loaded.sources.get(id).sensor]),
    [["Ground", false]],
  );
  assert.equal(skipped.tile(loaded.grids[0], 4, 3), 0, "a water cell reads 0");
  skipped.step();
  assert.deepEqual(Array.from(skipped.queryPoint(72, 60)), [], "no water");
  const world = new World();
  assert.throws(
    () => loadTiledMap(world, map, { sensorTiles: "error" }),
    (e) =>
      e instanceof RangeError &&
      /^loadTiledMap: tilesets\[0\]\.tiles\[6\]\.properties\[0\]\.value \(the property sensor\) is true, and opts\.sensorTiles is "error"/.test(
        e.message,
      ),
  );
  assert.throws(
    () => loadTiledMap(world, map, { sensorTiles: "keep" }),
    /^TypeError: loadTiledMap: opts\.sensorTiles must be "grid", "skip" or "error" \(got the string "keep"\)/,
  );
  assert.equal(world.size, 0, "nothing added");
  skipped.free();
  world.free();
});

test("LDtk intGrid { sensor: true } in a World: the ladder is a sensor grid, climbed through and reported", async () => {
  await init();
  const world = new World();
  const loaded = loadLdtkProject(world, fixture("platformer.ldtk"), {
    ...OBJECTS_APART,
    intGrid: { ladder: { sensor: true }, platform: { oneWay: true } },
  });
  const sensorOf = (id) => loaded.sources.get(id).sensor;
  assert.deepEqual(loaded.grids.map(sensorOf), [false, true, false]);
  const [floor, ladder] = loaded.grids;
  assert.deepEqual(loaded.sources.get(ladder).values, { 2: "ladder" });
  world.step();
  // The ladder: cells (5, 1) and (5, 2) of level 0 (x 80 to 96, y 16 to 48). A box on the floor under it climbs
  // through it in one move, and the move lists it.
  const box = world.addAlignedBox(88, 56, HALF, HALF, { mask: 1, isStatic: false });
  const rest = settle(world, box);
  assert.ok(Math.abs(rest.y + HALF - 64) < REST, "on the floor");
  const climb = world.moveAndSlide(box, 0, -50);
  near(climb.y, rest.y - 50, "climbed the whole way");
  assert.deepEqual(Array.from(climb.crossings), [ladder]);
  // Back on the ladder's lower cell (5, 2): the step pairs it with the box and names the cell.
  world.setTransform(box, 88, 40, 0);
  world.step();
  const pairs = Array.from(world.pairs());
  const k = pairs.findIndex(
    (_, i) => i % 2 === 0 && pairs[i] === Math.min(ladder, box) && pairs[i + 1] === Math.max(ladder, box),
  );
  assert.ok(k >= 0, `the pair (ladder, box) in ${pairs}`);
  assert.equal(world.pairCells()[k / 2], 2 * 8 + 5);
  assert.equal(world.tile(floor, 5, 2), 0, "the solid grid holds no ladder");
  world.free();
});
