// Recipe: a platformer's character. The level is one tile grid (a floor, a ramp of slope tiles, a one-way plank);
// a coin is a sensor; a platform is a moving box the game moves with setTransform. The character is an upright
// capsule moved once a frame by moveAndSlide with gravity: it walks up the ramp (maxSlope) and over small steps
// (maxStepHeight), stays on the ground over crests and down slopes (snapDistance), jumps up through the plank and
// lands on it, collects the coin it passes through (crossings), and
// rides the platform (carry).
import assert from "node:assert/strict";
import init, { World } from "sepax";

await init();
const world = new World();

// 16-pixel cells, 40 × 12; 1 = solid, 2 = a slope rising to the right, 3 = a one-way plank (solid from above).
const CELL = 16;
const [COLS, ROWS] = [40, 12];
const tiles = world.defineTiles({
  2: { points: [0, 16, 16, 16, 16, 0] }, // in the grid's units, from the cell's corner
  3: { points: [0, 0, 16, 0, 16, 4, 0, 4], oneWay: true },
});
const cells = new Uint8Array(COLS * ROWS);
for (let col = 0; col < COLS; col++) cells[(ROWS - 1) * COLS + col] = 1; // the floor, row 11
for (let col = 10; col < 14; col++) {
  const top = ROWS - 2 - (col - 10); // a ramp of four cells up to row 7, solid under it
  cells[top * COLS + col] = 2;
  for (let row = top + 1; row < ROWS - 1; row++) cells[row * COLS + col] = 1;
}
for (let col = 14; col < 18; col++) for (let row = 7; row < ROWS - 1; row++) cells[row * COLS + col] = 1;
for (let col = 20; col < 24; col++) cells[4 * COLS + col] = 3; // a one-way plank at row 4
const level = world.addTileGrid(0, 0, COLS, ROWS, CELL, CELL, cells, { tiles });

const coin = world.addCircle(22.5 * CELL, 6 * CELL, 4, { isStatic: true, sensor: true });
const platform = world.addAlignedBox(32 * CELL, 8 * CELL, 24, 4); // moved by the game, never by the world
const player = world.addCapsule(2 * CELL, 9 * CELL, 6, 5, 0, { upright: true }); // 22 pixels tall
world.step();

// The mover's options, read once per call without creating garbage: keep one object.
const moveOptions = { maxSlope: 1, maxStepHeight: 4, snapDistance: 6, carry: true };
const GRAVITY = 0.5;
let vy = 0;
const collected = new Set();
/** One frame: the game moves the platform, then the character (run `dx`, jump if `jump`), then the world steps. */
function frame(dx, jump = false, platformDx = 0) {
  const [px, py] = world.getTransform(platform);
  world.setTransform(platform, px + platformDx, py, 0);
  vy = jump ? -12 : vy + GRAVITY;
  const r = world.moveAndSlide(player, dx, vy, moveOptions);
  if ((r.grounded && vy > 0) || (r.ceiling && vy < 0)) vy = 0;
  for (const id of r.crossings) collected.add(id);
  world.step();
  return r;
}

// Walk right: up the ramp (ground normal leaning left), along the top, off its edge, on to the plank's column.
let climbed = false;
let r = frame(0);
for (let guard = 0; r.x < 22.5 * CELL; guard++) {
  assert.ok(guard < 600, `caught at ${r.x}, ${r.y}`);
  r = frame(2);
  climbed ||= r.grounded && r.groundId === level && r.groundNx < -0.5;
}
for (let i = 0; i < 30; i++) r = frame(0); // stand still on the floor
assert.ok(climbed, "walked up the slope tiles");
assert.ok(r.grounded && r.groundId === level && Math.abs(r.y + 11 - 11 * CELL) < 0.1, `on the floor: ${r.y}`);

// Jump straight up through the one-way plank, through the coin on the way, and land on the plank.
frame(0, true);
for (let i = 0; i < 60; i++) r = frame(0);
assert.ok(collected.has(coin), "the coin was crossed on the way up");
assert.ok(r.grounded && Math.abs(r.y + 11 - 4 * CELL) < 0.1, `standing on the plank: ${r.y}`);

// Ride the platform: put the character on it, then move the platform right 1.5 pixels a frame for two seconds.
world.setTransform(player, 32 * CELL, 8 * CELL - 4 - 11 - 0.01, 0);
world.step();
for (let i = 0; i < 10; i++) r = frame(0);
const startX = r.x;
for (let i = 0; i < 120; i++) r = frame(0, false, 1.5);
assert.ok(r.grounded && r.groundId === platform, "still standing on the platform");
assert.ok(Math.abs(r.x - (startX + 180)) < 0.5, `carried along: ${startX} -> ${r.x}`);
world.free();
console.log(`platformer: climbed the ramp, took ${collected.size} coin, rode the platform ${r.x - startX} pixels`);
