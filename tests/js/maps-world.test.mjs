// The editor fixtures end to end: each map (Tiled orthogonal, infinite and Base64, an LDtk project) loaded into a
// real World through sepax/maps, then played on: a box dropped with moveAndSlide lands on the map's ground at the
// height the map's cells give, rays hit the cell the map puts there (slopes included), one-way tiles and one-way
// objects are passed from below and stood on from above, setTile edits a loaded grid. maps.test.mjs checks what the
// readers decide cell by cell; this file checks that a world given those decisions behaves as the map was drawn.
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
  const loaded = loadTiledMap(world, fixture("orthogonal.tmj"), { ...OBJECTS_APART, sensorTiles: "skip" });
  const [ground] = loaded.grids;
  assert.equal(loaded.sources.get(ground).name, "Ground");
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

test("sensor tiles are an error naming the property until tile grids have sensors, or skipped when asked", async () => {
  await init();
  const map = fixture("orthogonal.tmj");
  const world = new World();
  assert.throws(
    () => loadTiledMap(world, map),
    (e) =>
      e instanceof RangeError &&
      /^loadTiledMap: tilesets\[0\]\.tiles\[4\]\.properties\[0\]\.value \(the property sensor\) is true/.test(
        e.message,
      ) &&
      /opts\.sensorTiles: "skip"/.test(e.message),
  );
  assert.equal(world.queryAabb(-1e6, -1e6, 1e6, 1e6, 0xffffffff).length, 0, "nothing added");
  // Skipped: the sensor tile's cell (6, 2) holds 0, as a decoration's does.
  const plan = readTiledMap(map, { sensorTiles: "skip" });
  assert.equal(plan.grids[0].cells[2 * 8 + 6], 0);
  assert.throws(
    () => readTiledMap(map, { sensorTiles: "keep" }),
    /^TypeError: readTiledMap: opts\.sensorTiles must be/,
  );
  assert.throws(
    () => loadLdtkProject(world, fixture("platformer.ldtk"), { intGrid: { ladder: { sensor: true } } }),
    /^TypeError: loadLdtkProject: opts\.intGrid\["ladder"\]\.sensor is not supported yet/,
  );
});
