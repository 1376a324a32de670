// Tile grids and one-way shapes through the package (pkg/node.js): a tile layer as one id whose seams never catch a
// box or a capsule (step normals, moveAndSlide), the cells of pairs, rays, casts, sweeps and moves, setTile seen by
// the next step, slopes and half tiles from a table, one-way platforms and tiles passed from below at any speed and
// landed on from above, records (shape(id) → JSON → addShapes) and snapshots of grids, sensor grids (`opts.sensor`),
// and bad tables, cells and options named in their errors with the world unchanged.
//
// y grows downwards, as on a canvas: up is (0, -1).
import { test } from "node:test";
import assert from "node:assert/strict";
import init, { World } from "../../pkg/node.js";

await init();

const NONE = 0xffffffff;

/** A floor of `cols` × 2 full cells of side 1 whose top is at y = 0 (the grid's id is 0). */
function floorWorld(cols = 1000) {
  const w = new World();
  const floor = w.addTileGrid(0, 0, cols, 2, 1, 1, new Uint8Array(2 * cols).fill(1));
  assert.equal(floor, 0);
  return w;
}

test("a tile layer is one static id; a box stepped across 1,000 cells sees only the floor's normal", () => {
  const w = floorWorld();
  assert.equal(w.size, 1);
  assert.equal(w.shape(0).isStatic, true);
  assert.deepEqual(Array.from(w.pairCells()), [], "no pair yet");
  const box = w.addBox(1, 0, 0.5, 0.4, 0.3);
  const lowest = 0.5 * Math.sin(0.3) + 0.4 * Math.cos(0.3);
  let frames = 0;
  for (let x = 1; x < 999; x += 0.0737) {
    w.setTransform(box, x, -lowest + 0.05, 0.3);
    assert.equal(w.step(), 1, `x = ${x}`);
    const [nx, ny, depth] = w.contacts();
    assert.ok(Math.abs(nx) < 0.01 && Math.abs(ny + 1) < 1e-4, `x = ${x}: normal ${nx}, ${ny}`);
    assert.ok(Math.abs(depth - 0.05) < 1e-3, `x = ${x}: depth ${depth}`);
    const cell = w.pairCells()[0];
    assert.ok(Math.abs(cell - Math.floor(x)) <= 1, `x = ${x}: cell ${cell}`);
    frames++;
  }
  assert.ok(frames > 13000);
  w.free();
});

test("a capsule walks 1,000 cells with moveAndSlide and never catches; its contacts name the cells", () => {
  const w = floorWorld();
  const player = w.addCapsule(0.8, -0.56, 0.3, 0.25, Math.PI / 2);
  w.step();
  let moves = 0;
  for (let x = w.getTransform(player)[0]; x < 998; x = w.getTransform(player)[0]) {
    const r = w.moveAndSlide(player, 0.31, 0.05);
    assert.ok(r.grounded, `x = ${x}`);
    assert.ok(Math.abs(r.x - (x + 0.31)) < 1e-3, `caught at x = ${x}: ${r.x}`);
    assert.equal(r.contactCells.length, r.contacts.length / 3);
    for (let i = 0; i < r.contacts.length; i += 3) {
      assert.ok(Math.abs(r.contacts[i + 1]) < 1e-4 && Math.abs(r.contacts[i + 2] + 1) < 1e-4, `x = ${x}`);
      assert.ok(Math.abs(r.contactCells[i / 3] - Math.floor(r.x)) <= 1, `x = ${x}: ${r.contactCells[i / 3]}`);
    }
    w.step();
    moves++;
  }
  assert.ok(moves > 3000, `${moves} moves`);
  w.free();
});

test("rays, casts, sweeps and ray batches tell the cell they hit, 0xFFFFFFFF elsewhere", () => {
  const w = floorWorld(100);
  const wall = w.addAlignedBox(-10, -5, 1, 5, { isStatic: true });
  const bullet = w.addCircle(30.5, -3, 0.1);
  w.step();
  assert.deepEqual({ ...w.raycast(7.5, -3, 0, 1, 10) }, { ...w.raycast(7.5, -3, 0, 1, 10), id: 0, cell: 7 });
  assert.equal(w.raycast(0, -3, -1, 0, 100).cell, NONE);
  assert.equal(w.raycast(0, -3, -1, 0, 100).id, wall);
  const hit = w.castShape({ kind: "circle", radius: 0.1 }, 12.3, -3, 0, 0, 5);
  assert.equal(hit.cell, 12);
  // From below: a cell of row 1.
  assert.equal(w.castShape({ kind: "circle", radius: 0.1 }, 5.5, 4, 0, 0, -5).cell, 105);
  assert.equal(w.sweep(new Uint32Array([bullet]), new Float32Array([0, 5])), 1);
  assert.deepEqual([w.sweepResults().ids[0], w.sweepResults().cells[0]], [0, 30]);
  w.raycastMany(new Float32Array([40.2, -1, 0, 1, 0, -1, -1, 0, 3, -10, 0, -1]), 50, 1);
  const r = w.rayResults();
  assert.deepEqual(Array.from(r.cells.subarray(0, 3)), [40, NONE, NONE]);
  w.free();
});

test("setTile edits one cell, seen by the next step, in Uint16Array grids too; tile reads it back", () => {
  const w = new World();
  const cells = new Uint16Array(20 * 4).fill(1);
  cells[5] = 300; // any value above 255: also a full solid cell
  const grid = w.addTileGrid(0, 0, 20, 4, 16, 16, cells);
  const crate = w.addAlignedBox(56, -8.5, 7, 7); // above cell (3, 0)
  assert.equal(w.step(), 0);
  w.setTransform(crate, 56, -6.5, 0); // 0.5 into the floor
  assert.equal(w.step(), 1);
  assert.equal(w.pairCells()[0], 3);
  w.setTile(grid, 3, 0, 0);
  w.setTile(grid, 3, 1, 0);
  assert.equal(w.tile(grid, 3, 0), 0);
  assert.equal(w.tile(grid, 5, 0), 300);
  // Over a hole two cells deep, a 14-wide box touches neither side (cells 2 and 4 start at x = 48 and 64).
  assert.equal(w.step(), 0, "the hole is seen at once");
  w.setTile(grid, 3, 0, 65535);
  assert.equal(w.step(), 1);
  assert.throws(() => w.setTile(grid, 20, 0, 1), /setTile: col, row: \(20, 0\) is not a cell of the grid/);
  assert.throws(() => w.setTile(grid, 0, 0, 65536), /setTile: value must be a tile value from 0 to 65535/);
  assert.throws(() => w.setTile(crate, 0, 0, 1), /setTile: id: shape 1 is not a tile grid/);
  assert.throws(() => w.tile(grid, 0, 4), RangeError);
  w.free();
});

test("a table gives slopes and half tiles: a capsule walks up a ramp without catching", () => {
  const w = new World();
  const tiles = w.defineTiles({ 2: { points: [0, 1, 1, 1, 1, 0] }, 3: { points: [0, 0.5, 1, 0.5, 1, 1, 0, 1] } });
  assert.equal(
    w.defineTiles({ 3: { points: [0, 0.5, 1, 0.5, 1, 1, 0, 1] }, 2: { points: [0, 1, 1, 1, 1, 0] } }),
    tiles,
  );
  // Flat at row 9, a ramp of slope tiles rising one cell per cell, flat again.
  const [cols, rows] = [40, 10];
  const cells = new Uint8Array(cols * rows);
  for (let col = 0; col < cols; col++) {
    const height = Math.min(Math.max(col - 10, 0), 8);
    for (let row = rows - 1 - height; row < rows; row++) cells[row * cols + col] = 1;
    if (col >= 11 && col <= 18) cells[(rows - 1 - height) * cols + col] = 2;
  }
  w.addTileGrid(0, 0, cols, rows, 1, 1, cells, { tiles });
  const capsule = w.addCapsule(2, 8.39, 0.3, 0.3);
  w.step();
  let x = 2;
  for (let frame = 0; frame < 200 && x < 36; frame++) {
    const r = w.moveAndSlide(capsule, 0.3, 0.05);
    assert.ok(r.x > x + 0.08, `caught at frame ${frame}: ${r.x}, ${r.y}`);
    x = r.x;
    w.step();
  }
  assert.ok(x >= 36 && w.getTransform(capsule)[1] < 1);
  // A half tile: its top is half a cell down.
  const half = w.addTileGrid(100, 0, 1, 1, 1, 1, new Uint8Array([3]), { tiles });
  w.step();
  const hit = w.raycast(100.5, -5, 0, 1, 10);
  assert.equal(hit.id, half);
  assert.ok(Math.abs(hit.distance - 5.5) < 1e-5);
  w.free();
});

test("a one-way platform is jumped through at 1, 5 and 20 units a frame and landed on without a pop-up", () => {
  for (const speed of [1, 5, 20]) {
    const w = new World();
    w.addAlignedBox(0, 11, 100, 1, { isStatic: true }); // ground, top at y = 10
    const platform = w.addAlignedBox(0, 0.25, 5, 0.25, { isStatic: true, oneWay: true }); // top at y = 0
    assert.deepEqual(w.oneWay(platform), { x: 0, y: -1 });
    const player = w.addCapsule(0, 9.29, 0.4, 0.3, Math.PI / 2); // feet at 9.99
    w.step();
    let vy = -speed;
    const gravity = (speed * speed) / 24;
    let landed = false;
    for (let frame = 0; frame < 400 && !landed; frame++) {
      const y0 = w.getTransform(player)[1];
      const r = w.moveAndSlide(player, 0, vy);
      w.step();
      // Never moved up more than asked (a pop-up), beyond the skin's push out.
      assert.ok(y0 - r.y <= Math.max(-vy, 0) + 0.021, `${speed}: popped at frame ${frame}: ${y0} → ${r.y}`);
      vy += gravity;
      landed = vy > 0 && Math.abs(r.y + 0.7) < 0.02;
    }
    assert.ok(landed, `${speed}: never landed`);
    for (let frame = 0; frame < 30; frame++) {
      const r = w.moveAndSlide(player, 0, 0.5);
      w.step();
      assert.ok(r.grounded && Math.abs(r.y + 0.71) < 2e-3, `${speed}: standing at ${r.y}`);
    }
    // The step reports the pair while it stands on the top (a trigger needs it).
    w.setTransform(player, 0, -0.69, Math.PI / 2);
    w.step();
    assert.deepEqual(Array.from(w.pairs()), [platform, player]);
    // Dropping through on purpose: it then keeps passing down to the ground.
    w.setTransform(player, 0, -0.71, Math.PI / 2);
    w.step();
    w.moveAndSlide(player, 0, 0.3, { dropThrough: true });
    for (let frame = 0; frame < 60; frame++) {
      w.moveAndSlide(player, 0, 0.3);
      w.step();
    }
    assert.ok(Math.abs(w.getTransform(player)[1] - (10 - 0.71)) < 2e-3, `${speed}: on the ground`);
    w.free();
  }
});

test("rays and casts pass a one-way shape or tile from below and stop on it from above", () => {
  const w = new World();
  const platform = w.addAlignedBox(0, 0.25, 5, 0.25, { isStatic: true, oneWay: { x: 0, y: -3 } });
  const tiles = w.defineTiles({ 4: { oneWay: true }, 5: { points: [0, 1, 1, 1, 1, 0], oneWay: true } });
  const grid = w.addTileGrid(20, 0, 10, 1, 1, 1, new Uint8Array([5, 4, 4, 4, 4, 4, 4, 4, 4, 4]), { tiles });
  w.step();
  assert.equal(w.raycast(0, 5, 0, -1, 20), null);
  assert.equal(w.raycast(0, -5, 0, 1, 20).id, platform);
  assert.equal(w.castShape({ kind: "circle", radius: 0.3 }, 2, 5, 0, 0, -10), null);
  assert.equal(w.castShape({ kind: "circle", radius: 0.3 }, 2, -5, 0, 0, 10).id, platform);
  assert.equal(w.raycast(25.5, 5, 0, -1, 20), null);
  const top = w.raycast(25.5, -5, 0, 1, 20);
  assert.deepEqual([top.id, top.cell, top.ny], [grid, 5, -1]);
  // The one-way slope tile: landed on along its normal.
  const slope = w.castShape({ kind: "circle", radius: 0.2 }, 20.5, -3, 0, 0, 5);
  assert.ok(Math.abs(slope.nx + Math.SQRT1_2) < 1e-5 && Math.abs(slope.ny + Math.SQRT1_2) < 1e-5);
  assert.equal(w.castShape({ kind: "circle", radius: 0.2 }, 20.5, 3, 0, 0, -5), null);
  w.setOneWay(platform, null);
  assert.equal(w.oneWay(platform), null);
  assert.equal(w.raycast(0, 5, 0, -1, 20).id, platform);
  w.free();
});

test("shape(id) of a grid and of a one-way shape survives JSON and addShapes; snapshots keep them", () => {
  const w = new World();
  const tiles = { 2: "empty", 3: { points: [0, 16, 16, 16, 16, 0] }, 4: { oneWay: { x: 0, y: -1 } } };
  const cells = new Uint8Array(12).map((_, k) => [0, 1, 2, 3, 4][k % 5]);
  const grid = w.addTileGrid(5, 6, 4, 3, 16, 16, cells, { tiles, layer: 2, isStatic: false });
  const platform = w.addAlignedBox(0, 0, 5, 1, { oneWay: true });
  const record = w.shape(grid);
  assert.equal(record.kind, "tileGrid");
  assert.deepEqual(record.cells, Array.from(cells));
  assert.deepEqual(record.tiles, { 2: "empty", 3: { points: [0, 16, 16, 16, 16, 0] }, 4: { oneWay: { x: 0, y: -1 } } });
  assert.deepEqual(
    [record.x, record.y, record.cols, record.rows, record.cellWidth, record.cellHeight],
    [5, 6, 4, 3, 16, 16],
  );
  assert.deepEqual([record.layer, record.isStatic, record.oneWay], [2, false, null]);
  assert.deepEqual(w.shape(platform).oneWay, { x: 0, y: -1 });
  const saved = JSON.parse(JSON.stringify([w.shape(grid), w.shape(platform)]));
  const [g2, p2] = w.addShapes(saved);
  assert.deepEqual({ ...w.shape(g2) }, { ...record });
  assert.deepEqual(w.oneWay(p2), { x: 0, y: -1 });
  w.setTile(grid, 1, 1, 700);
  w.addCircle(20, 20, 5);
  w.step();
  const bytes = w.snapshot();
  const copy = World.restore(bytes);
  assert.deepEqual(copy.snapshot(), bytes);
  assert.deepEqual(Array.from(copy.pairCells()), Array.from(w.pairCells()));
  assert.equal(copy.tile(grid, 1, 1), 700);
  copy.free();
  w.free();
});

test("bad tables, cells and options are named, and the world is unchanged", () => {
  const w = floorWorld(10);
  w.step();
  const before = JSON.stringify([w.shape(0), w.snapshot().subarray(0, 64)]);
  const cells = new Uint8Array(4).fill(1);
  const bad = [
    [() => w.defineTiles(5), TypeError, /defineTiles: tiles must be an object/],
    [() => w.defineTiles({ 0: "solid" }), RangeError, /tiles: key "0" must be a tile value from 1 to 65535/],
    [() => w.defineTiles({ 1.5: "solid" }), RangeError, /key "1.5"/],
    [() => w.defineTiles({ 3: "rock" }), TypeError, /tiles\[3\] must be "solid", "empty" or an object/],
    [() => w.defineTiles({ 3: { points: [0, 0, 1, 0] } }), RangeError, /defineTiles: tiles\[3\]\.points: .*at least 3/],
    [
      () => w.defineTiles({ 3: { points: [0, 0, 2, 0, 1, 0.5, 2, 2, 0, 2] } }),
      RangeError,
      /tiles\[3\]\.points: .*vertex 2/,
    ],
    [() => w.defineTiles({ 3: { points: new Array(18).fill(0) } }), RangeError, /at most 8 points/],
    [() => w.defineTiles({ 3: { oneWay: { x: 0, y: 0 } } }), RangeError, /tiles\[3\]\.oneWay must be a direction/],
    [() => w.defineTiles({ 3: { sensor: true } }), TypeError, /tiles\[3\]: unknown key "sensor"/],
    [() => w.addTileGrid(0, 0, 2, 2, 1, 1, [1, 1, 1, 1]), TypeError, /addTileGrid: cells must be a Uint8Array/],
    [() => w.addTileGrid(0, 0, 2, 2, 1, 1, new Uint8Array(3)), RangeError, /cells must have length cols × rows = 4/],
    [() => w.addTileGrid(0, 0, 0, 2, 1, 1, new Uint8Array(0)), RangeError, /addTileGrid: cols must be/],
    [() => w.addTileGrid(0, 0, 2.5, 2, 1, 1, cells), RangeError, /cols must be a non-negative integer/],
    [() => w.addTileGrid(0, 0, 2, 2, 0, 1, cells), RangeError, /cellWidth must be greater than 0/],
    [() => w.addTileGrid(NaN, 0, 2, 2, 1, 1, cells), RangeError, /addTileGrid: x must be a finite number/],
    [
      () => w.addTileGrid(0, 0, 2, 2, 1, 1, cells, { tiles: 99 }),
      RangeError,
      /tiles: 99 is not the id of a tile table/,
    ],
    [
      () => w.addTileGrid(0, 0, 2, 2, 1, 1, cells, { tiles: { 1: { points: [0, 0, 2, 0, 0, 1] } } }),
      RangeError,
      /addTileGrid: opts\.tiles\[1\]\.points: point 1 lies outside the cell/,
    ],
    [() => w.addTileGrid(0, 0, 2, 2, 1, 1, cells, { oneWay: true }), TypeError, /opts: unknown key "oneWay"/],
    [
      () => w.addTileGrid(0, 0, 2, 2, 1, 1, cells, { sensor: 1 }),
      TypeError,
      /^addTileGrid: opts\.sensor must be a boolean \(got 1\)/,
    ],
    [() => w.addCircle(0, 0, 1, { oneWay: { x: 0, y: 0 } }), RangeError, /addCircle: opts\.oneWay must be a direction/],
    [() => w.addCircle(0, 0, 1, { oneWay: "up" }), TypeError, /opts\.oneWay must be true or an object/],
    [() => w.setOneWay(0, undefined), TypeError, /setOneWay: oneWay must be true/],
    [() => w.moveAndSlide(0, 1, 0), RangeError, /moveAndSlide: id: shape 0 is a tile grid/],
    [() => w.sweep(new Uint32Array([0]), new Float32Array(2)), RangeError, /sweep: ids: shape 0 is a tile grid/],
    [() => w.moveAndSlide(99, 1, 0, { dropThrough: 1 }), TypeError, /opts\.dropThrough must be a boolean/],
    [
      () =>
        w.addShapes([
          { kind: "circle", x: 0, y: 0, radius: 1 },
          { kind: "tileGrid", x: 0, y: 0, cols: 2, rows: 2, cellWidth: 1, cellHeight: 1, cells: [1, 1, 1] },
        ]),
      RangeError,
      /addShapes: list\[1\]\.cells must have length/,
    ],
    [
      () =>
        w.addShapes([{ kind: "tileGrid", x: 0, y: 0, cols: 1, rows: 1, cellWidth: 1, cellHeight: 1, cells: [70000] }]),
      RangeError,
      /list\[0\]\.cells\[0\] must be a tile value/,
    ],
    [
      () =>
        w.addShapes([
          {
            kind: "tileGrid",
            x: 0,
            y: 0,
            cols: 1,
            rows: 1,
            cellWidth: 1,
            cellHeight: 1,
            cells: [1],
            tiles: { 1: { points: [0, 0, 1] } },
          },
        ]),
      RangeError,
      /list\[0\]\.tiles\[1\]\.points/,
    ],
  ];
  for (const [call, Type, pattern] of bad) {
    assert.throws(call, (e) => e instanceof Type && pattern.test(e.message), String(call));
  }
  // (A table given inline stays defined, as `defineTiles` would keep it, even when its grid is rejected.)
  assert.equal(w.size, 1);
  w.step();
  assert.equal(JSON.stringify([w.shape(0), w.snapshot().subarray(0, 64)]), before);
  w.free();
});

test("opts.sensor makes a grid a sensor: its cells are reported by the step and crossed by every motion", () => {
  const w = floorWorld(10);
  // Water over the floor: cells (2..5, 0) of a grid whose row 0 spans y -2 to -1 and row 1 y -1 to 0.
  const cells = new Uint8Array(20);
  cells.fill(1, 2, 6);
  cells.fill(1, 12, 16);
  const water = w.addTileGrid(0, -2, 10, 2, 1, 1, cells, { sensor: true, isStatic: true });
  assert.equal(w.shape(water).sensor, true);
  const box = w.addAlignedBox(3.5, -5, 0.25, 0.25);
  const fall = w.moveAndSlide(box, 0, 10);
  assert.ok(Math.abs(fall.y + 0.25) < 0.05, `fell through the water onto the floor (y ${fall.y})`);
  assert.deepEqual([fall.groundId, Array.from(fall.crossings)], [0, [water]]);
  w.step();
  assert.deepEqual(Array.from(w.pairs()), [water, box]);
  assert.equal(w.pairCells()[0], 10 + 3, "the water cell (3, 1)");
  assert.equal(w.raycast(4.5, -5, 0, 1, 10).id, 0, "rays pass the water");
  w.free();
});
