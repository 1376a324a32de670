// sepax/maps through the package (pkg/maps.js): Tiled maps and LDtk projects read into plans (every grid cell, tile
// definition, shape record and source checked against values worked out by hand from the fixtures), the apply step
// against a recording fake world (call order, ids, sources, rollback, errors naming the JSON path), and the shapes of
// a map added to a real World. The fixtures in fixtures/maps/ were written by the editors (see README.md there).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { applyMapPlan, loadLdtkProject, loadTiledMap, readLdtkProject, readTiledMap } from "../../pkg/maps.js";
import init, { World } from "../../pkg/node.js";

const FIXTURES = new URL("./fixtures/maps/", import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8"));
const H = 0x80000000;
const V = 0x40000000;
const D = 0x20000000;
const HEX = 0x10000000;
const FILTER = { layer: 1, mask: 0xffffffff, isStatic: true };
/** Sensor tiles (a true `sensor` property) left out, as decoration. */
const SKIP_SENSORS = { sensorTiles: "skip" };

/** Deep equality with numbers compared to 1e-9 (rotated shapes are computed with sin and cos). */
function near(actual, expected, path = "") {
  if (typeof expected === "number") {
    assert.equal(typeof actual, "number", `${path}: ${actual} is a number`);
    assert.ok(
      Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
      `${path}: ${actual} ≈ ${expected}`,
    );
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path} is an array`);
    assert.equal(actual.length, expected.length, `${path}.length`);
    expected.forEach((e, i) => near(actual[i], e, `${path}[${i}]`));
  } else if (typeof expected === "object" && expected !== null) {
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${path}: keys`);
    for (const k of Object.keys(expected)) near(actual[k], expected[k], `${path}.${k}`);
  } else {
    assert.equal(actual, expected, path);
  }
}

/** The collision of each gid of orthogonal.tmj's tilesets, worked out from the tiles' shapes and flips by hand. */
const ORTHOGONAL_DEFS = new Map([
  [1, "solid"], // a 16 × 16 rectangle: the whole cell
  [1 + H, "solid"],
  [1 + HEX, "solid"], // the hexagonal bit is cleared: the same tile as 1
  [2, { points: [0, 16, 16, 0, 16, 16] }], // the slope rising to the right
  [2 + H, { points: [16, 16, 0, 0, 0, 16] }], // mirrored: rising to the left
  [2 + D + H, { points: [0, 0, 16, 16, 0, 16] }], // turned a quarter clockwise: solid at the bottom-left
  [3, { points: [0, 0, 16, 0, 16, 4, 0, 4], oneWay: true }], // a one-way ledge along the top
  [3 + V, { points: [0, 16, 16, 16, 16, 12, 0, 12], oneWay: { x: 0, y: 1 } }], // upside down: one-way from below
  [4, { points: [0, 8, 16, 8, 16, 16, 0, 16] }], // the lower half
  [5, null], // decoration: no shape, no flag
  [6, null], // a true sensor property: in the layer's sensor grid (SENSOR_DEFS), not in its solid grid
  [7, { points: [8, 0, 8, 8, 0, 0] }], // a triangle turned 90° about (8, 0)
  [9, "solid"], // the lower half of a 16 × 32 tile, anchored at the cell's bottom-left: the whole cell
  [10, null],
]);

/** The sensor tiles of orthogonal.tmj and water.tmj (gid 8: a puddle, the lower half), as their sensor grids hold
 * them; every other tile is 0 there. */
const SENSOR_DEFS = new Map([
  [6, "solid"],
  [6 + H, "solid"],
  [8, { points: [0, 8, 16, 8, 16, 16, 0, 16] }],
]);

/** `defs` for a layer's sensor grid: the sensor tiles' defs, every other gid 0. */
const onlySensors = (gids) => new Map(gids.map((gid) => [gid, SENSOR_DEFS.get(gid) ?? null]));

/** Checks every cell of `grid` against `gids` (row-major, the layer's data) and the hand-made defs. */
function checkCells(plan, grid, gids, defs) {
  const table = plan.tables[grid.table].tiles;
  assert.equal(grid.cells.length, gids.length);
  for (let k = 0; k < gids.length; k++) {
    const want = gids[k] === 0 ? null : defs.get(gids[k]);
    assert.notEqual(want, undefined, `gid ${gids[k]} has an expected def`);
    const value = grid.cells[k];
    if (want === null) {
      assert.equal(value, 0, `cell ${k} (gid ${gids[k]}) does not collide`);
      continue;
    }
    assert.ok(value > 0, `cell ${k} (gid ${gids[k]}) collides`);
    assert.deepEqual(table[value], want, `cell ${k} (gid ${gids[k]})`);
    assert.equal(grid.source.gids[value], (gids[k] & ~HEX) >>> 0, `gids[${value}]`);
  }
}

test("Tiled: a tile layer is a grid whose cells hold each tile's shape, flips applied, and one of its sensor tiles", () => {
  const map = fixture("orthogonal.tmj");
  const plan = readTiledMap(map);
  assert.equal(plan.tables.length, 1, "one table for the whole map");
  assert.equal(plan.grids.length, 3, "Ground, its sensor tiles, Tall (Decoration collides nowhere; Sky is an image)");
  const [ground, groundSensors, tall] = plan.grids;
  near(
    { x: ground.x, y: ground.y, cols: ground.cols, rows: ground.rows, w: ground.cellWidth, h: ground.cellHeight },
    { x: 0, y: 0, cols: 8, rows: 6, w: 16, h: 16 },
  );
  assert.ok(ground.cells instanceof Uint8Array);
  checkCells(plan, ground, map.layers[0].data, ORTHOGONAL_DEFS);
  assert.deepEqual(
    { ...ground.source, gids: undefined },
    {
      editor: "tiled",
      id: 1,
      name: "Ground",
      type: "",
      properties: { kind: "terrain" },
      layer: "Ground",
      path: "layers[0]",
      gids: undefined,
      firstColumn: 0,
      firstRow: 0,
      sensor: false,
    },
  );
  // A flipped tile is its own value; the hexagonal bit is not.
  const values = new Set(ground.cells);
  assert.equal(values.has(0), true);
  assert.equal(values.size - 1, 9, "1, 1|H, 2, 2|H, 2|D|H, 3, 3|V, 4, 7 (6, the sensor tile, is in the sensor grid)");
  // The sensor grid: the same place and size, the one sensor tile (6, 2), values from the same table and gids.
  near(
    { x: groundSensors.x, y: groundSensors.y, cols: groundSensors.cols, rows: groundSensors.rows },
    { x: 0, y: 0, cols: 8, rows: 6 },
  );
  checkCells(plan, groundSensors, map.layers[0].data, onlySensors(map.layers[0].data));
  assert.deepEqual(
    Array.from(groundSensors.cells.keys()).filter((k) => groundSensors.cells[k] !== 0),
    [2 * 8 + 6],
  );
  assert.deepEqual([ground.sensor, groundSensors.sensor, tall.sensor], [false, true, false]);
  assert.deepEqual({ ...groundSensors.source, gids: undefined }, { ...ground.source, gids: undefined, sensor: true });
  assert.equal(groundSensors.source.gids, ground.source.gids, "one gid table for the whole map");
  // Tall, in group Props: offsets 8, -4 (group) and 16, 0 (layer) add up.
  near({ x: tall.x, y: tall.y, cols: tall.cols, rows: tall.rows }, { x: 24, y: -4, cols: 8, rows: 6 });
  assert.equal(tall.source.path, "layers[1].layers[0]");
  checkCells(plan, tall, map.layers[1].layers[0].data, ORTHOGONAL_DEFS);
  for (const g of plan.grids) near({ layer: g.layer, mask: g.mask, isStatic: g.isStatic }, FILTER);
});

test("Tiled: a water tile layer loads as a solid grid plus a sensor grid; a layer of sensor tiles only as one", () => {
  const map = fixture("water.tmj");
  const plan = readTiledMap(map);
  assert.deepEqual(
    plan.grids.map((g) => [g.source.name, g.sensor, g.source.sensor]),
    [
      ["Ground", false, false],
      ["Ground", true, true],
      ["Falls", true, true],
    ],
  );
  const [ground, water, falls] = plan.grids;
  for (const g of plan.grids) {
    near(
      { x: g.x, y: g.y, cols: g.cols, rows: g.rows, w: g.cellWidth, h: g.cellHeight, table: g.table },
      {
        x: 0,
        y: 0,
        cols: 10,
        rows: 6,
        w: 16,
        h: 16,
        table: 0,
      },
    );
  }
  const groundGids = map.layers[0].data;
  checkCells(
    plan,
    ground,
    groundGids,
    new Map([
      [1, "solid"],
      [6, null],
      [6 + H, null],
      [8, null],
    ]),
  );
  checkCells(plan, water, groundGids, onlySensors(groundGids));
  checkCells(plan, falls, map.layers[1].data, onlySensors(map.layers[1].data));
  // The pool's 8 cells and the puddle, the flipped water tile its own value whose gid keeps its flip bit.
  const wet = (g) => Array.from(g.cells.keys()).filter((k) => g.cells[k] !== 0);
  assert.deepEqual(wet(water), [28, 33, 34, 35, 36, 43, 44, 45, 46]);
  assert.equal(water.source.gids[water.cells[46]], (6 | H) >>> 0);
  assert.notEqual(water.cells[46], water.cells[45]);
  assert.deepEqual(wet(falls), [1, 11, 21]);
  assert.equal(falls.cells[1], water.cells[33], "one value per gid for the whole map");
  // Each grid's source lists the layer and the editor's gid of every value.
  assert.deepEqual(
    [falls.source.name, falls.source.path, falls.source.firstColumn, falls.source.firstRow],
    ["Falls", "layers[1]", 0, 0],
  );
  // A layer without sensor tiles is one grid, as before: Tall in orthogonal.tmj, the infinite map's Ground.
  assert.deepEqual(
    readTiledMap(fixture("infinite.tmj")).grids.map((g) => [g.source.name, g.sensor]),
    [["Ground", false]],
  );
  // Skipped, the sensor tiles are 0 and Falls makes no grid; "error" names the first one met.
  const skipped = readTiledMap(map, SKIP_SENSORS);
  assert.deepEqual(
    skipped.grids.map((g) => [g.source.name, g.sensor]),
    [["Ground", false]],
  );
  const gidsOf = (g) => Array.from(g.cells, (v) => g.source.gids[v]);
  assert.deepEqual(gidsOf(skipped.grids[0]), gidsOf(ground), "the same solid tiles");
  assert.throws(
    () => readTiledMap(map, { sensorTiles: "error" }),
    (e) =>
      e instanceof RangeError &&
      e.message.startsWith(
        'readTiledMap: tilesets[0].tiles[6].properties[0].value (the property sensor) is true, and opts.sensorTiles is "error"',
      ),
  );
});

/** The shapes of orthogonal.tmj's object layer, worked out by hand (Tiled rotates clockwise about x, y). */
function orthogonalShapes() {
  const c30 = Math.cos(Math.PI / 6);
  const s30 = Math.sin(Math.PI / 6);
  const c15 = Math.cos(Math.PI / 12);
  const s15 = Math.sin(Math.PI / 12);
  return [
    [
      { kind: "alignedBox", x: 8, y: 48, halfWidth: 8, halfHeight: 48 },
      { id: 1, name: "wall", type: "Wall" },
    ],
    [
      {
        kind: "box",
        x: 40 + 12 * c30 - 4 * s30,
        y: 8 + 12 * s30 + 4 * c30,
        angle: Math.PI / 6,
        halfWidth: 12,
        halfHeight: 4,
      },
      { id: 2 },
    ],
    // 32 × 8 turned 90° about (64, 16): an upright 8 × 32 box, exactly axis-aligned.
    [{ kind: "alignedBox", x: 60, y: 32, halfWidth: 4, halfHeight: 16 }, { id: 3 }],
    [{ kind: "circle", x: 86, y: 46, radius: 6 }, { id: 4 }],
    [
      { kind: "point", x: 24, y: 70 },
      { id: 5, name: "spawn", type: "Spawn", properties: { facing: "left", hp: 3 } },
    ],
    [{ kind: "polygon", x: 100, y: 20, points: [0, 0, 12, 0, 6, -10] }, { id: 6 }],
    // A U turned 90°: (x, y) → (-y, x).
    [{ kind: "concave", x: 30, y: 60, points: [0, 0, 0, 4, -8, 4, -8, 12, 0, 12, 0, 16, -12, 16, -12, 0] }, { id: 7 }],
    [{ kind: "chain", x: 0, y: 90, points: [0, 0, 20, -5, 40, 0, 60, -8], loop: false }, { id: 8 }],
    // A tile object of the props tileset (objectalignment "bottom"): (112, 80) is its bottom centre; it inherits
    // the tile's class and properties.
    [
      { kind: "alignedBox", x: 112, y: 64, halfWidth: 8, halfHeight: 16 },
      { id: 9, type: "Door", properties: { locked: true } },
    ],
    [
      { kind: "alignedBox", x: 64, y: 52, halfWidth: 16, halfHeight: 2, oneWay: true },
      { id: 10, name: "ledge", type: "Platform", properties: { oneWay: true } },
    ],
    // Turned 15°: so is the side it is solid from.
    [
      {
        kind: "box",
        x: 90 + 10 * c15 - 2 * s15,
        y: 60 + 10 * s15 + 2 * c15,
        angle: Math.PI / 12,
        halfWidth: 10,
        halfHeight: 2,
        oneWay: { x: s15, y: -c15 },
      },
      { id: 11, properties: { oneWay: true } },
    ],
  ];
}

test("Tiled: every kind of object becomes its shape, with its source", () => {
  const plan = readTiledMap(fixture("orthogonal.tmj"));
  const expected = orthogonalShapes();
  assert.equal(plan.shapes.length, expected.length);
  expected.forEach(([shape, source], i) => {
    near(plan.shapes[i].shape, { ...shape, ...FILTER }, `shapes[${i}]`);
    near(
      plan.shapes[i].source,
      {
        editor: "tiled",
        name: "",
        type: "",
        properties: {},
        layer: "Objects",
        path: `layers[3].objects[${i}]`,
        ...source,
      },
      `sources[${i}]`,
    );
  });
});

test("Tiled: an infinite map's chunks make one grid over their bounding box, at the layer offset", () => {
  const map = fixture("infinite.tmj");
  const plan = readTiledMap(map);
  assert.equal(plan.grids.length, 1, "the layer without chunks makes no grid");
  const [g] = plan.grids;
  // Chunks span columns -16…31 and rows -16…15; the layer is offset by 4 pixels to the right.
  near(
    { x: g.x, y: g.y, cols: g.cols, rows: g.rows, firstColumn: g.source.firstColumn, firstRow: g.source.firstRow },
    { x: 4 - 16 * 16, y: -16 * 16, cols: 48, rows: 32, firstColumn: -16, firstRow: -16 },
  );
  // The same cells, rebuilt from the chunks independently: Tiled column x, row y is cell (x + 16, y + 16).
  const gids = new Array(48 * 32).fill(0);
  for (const c of map.layers[0].chunks) {
    c.data.forEach((gid, k) => (gids[(c.y + Math.floor(k / c.width) + 16) * 48 + c.x + (k % c.width) + 16] = gid));
  }
  checkCells(plan, g, gids, ORTHOGONAL_DEFS);
  assert.equal(gids.filter((v) => v !== 0).length, 28, "the fixture's 26 floor tiles, a slope and a ledge");
});

test("Tiled: Base64 layer data reads as its CSV form does", () => {
  const map = fixture("base64.tmj");
  const plan = readTiledMap(map);
  const csv = structuredClone(map);
  const bytes = Buffer.from(map.layers[0].data, "base64");
  csv.layers[0].data = Array.from({ length: 16 }, (_, i) => bytes.readUInt32LE(4 * i));
  delete csv.layers[0].encoding;
  delete csv.layers[0].compression;
  assert.deepEqual(csv.layers[0].data.slice(12), [1, 1, 3 + H, 1]);
  assert.deepEqual(plan, readTiledMap(csv));
  checkCells(
    plan,
    plan.grids[0],
    csv.layers[0].data,
    new Map([...ORTHOGONAL_DEFS, [3 + H, { points: [16, 0, 0, 0, 0, 4, 16, 4], oneWay: true }]]),
  );
});

test("Tiled: the layers option picks layer and mask bits by name or class, or leaves layers out", () => {
  const map = fixture("orthogonal.tmj");
  map.layers[3].class = "solid-things"; // a layer's class (Tiled 1.9 and later)
  const seen = [];
  const plan = readTiledMap(map, {
    layers: (layer) => {
      seen.push([layer.name, layer.class, layer.kind, layer.path]);
      return layer.name === "Tall" ? false : { layer: layer.kind === "tiles" ? 2 : 4, mask: 1, isStatic: false };
    },
  });
  assert.deepEqual(seen, [
    ["Ground", "", "tiles", "layers[0]"],
    ["Tall", "", "tiles", "layers[1].layers[0]"],
    ["Decoration", "", "tiles", "layers[2]"],
    ["Objects", "solid-things", "objects", "layers[3]"],
  ]);
  assert.deepEqual(
    plan.grids.map((g) => [g.source.name, g.sensor, g.layer, g.mask, g.isStatic]),
    [
      ["Ground", false, 2, 1, false],
      ["Ground", true, 2, 1, false],
    ],
  );
  assert.ok(plan.shapes.every((s) => s.shape.layer === 4 && s.shape.mask === 1 && s.shape.isStatic === false));
  const table = readTiledMap(map, { layers: { Ground: false, "solid-things": { layer: 8 } } });
  assert.deepEqual(
    table.grids.map((g) => g.source.name),
    ["Tall"],
  );
  assert.ok(table.shapes.every((s) => s.shape.layer === 8 && s.shape.mask === 0xffffffff && s.shape.isStatic));
  // A layer left out is not read: its bad content is no error.
  map.layers[3].objects[0].text = { text: "hello" };
  assert.equal(readTiledMap(map, { layers: { Objects: false } }).shapes.length, 0);
});

test("Tiled: tiles 'all' makes every tile collide, a tile without a shape filling its cell", () => {
  const plan = readTiledMap(fixture("orthogonal.tmj"), { tiles: "all" });
  assert.deepEqual(
    plan.grids.map((g) => [g.source.name, g.sensor]),
    [
      ["Ground", false],
      ["Ground", true],
      ["Tall", false],
      ["Decoration", false],
    ],
  );
  const defs = new Map([...ORTHOGONAL_DEFS, [5, "solid"], [10, "solid"]]);
  const map = fixture("orthogonal.tmj");
  checkCells(plan, plan.grids[0], map.layers[0].data, defs);
  checkCells(plan, plan.grids[1], map.layers[0].data, onlySensors(map.layers[0].data));
  checkCells(plan, plan.grids[3], map.layers[2].data, defs);
});

test("Tiled: capsules (Tiled 1.12) and the object class key of Tiled 1.9", () => {
  const map = fixture("base64.tmj");
  // Objects as json-map-format.rst (Tiled 1.12) describes them: `capsule: true` with the rectangle's fields, and
  // `class` where Tiled 1.9 wrote the object's class.
  map.layers.push({
    id: 2,
    name: "Things",
    type: "objectgroup",
    draworder: "topdown",
    objects: [
      {
        id: 1,
        name: "",
        class: "Pill",
        x: 10,
        y: 20,
        width: 30,
        height: 10,
        rotation: 0,
        capsule: true,
        visible: true,
      },
      { id: 2, name: "", type: "", x: 0, y: 0, width: 8, height: 20, rotation: 90, capsule: true, visible: true },
      { id: 3, name: "", type: "", x: 0, y: 0, width: 8, height: 8, rotation: 0, capsule: true, visible: true },
    ],
    opacity: 1,
    visible: true,
    x: 0,
    y: 0,
  });
  const shapes = readTiledMap(map).shapes;
  near(shapes[0].shape, { kind: "capsule", x: 25, y: 25, angle: 0, halfLength: 10, radius: 5, ...FILTER });
  assert.equal(shapes[0].source.type, "Pill");
  // 8 × 20, turned 90°: centre (0, 0) + (-10, 4); its long side, first along y, now along -x.
  near(shapes[1].shape, { kind: "capsule", x: -10, y: 4, angle: Math.PI, halfLength: 6, radius: 4, ...FILTER });
  near(shapes[2].shape, { kind: "circle", x: 4, y: 4, radius: 4, ...FILTER });
});

test("Tiled: each unsupported map is an error naming its JSON path", () => {
  const cases = [
    ["bad-isometric.tmj", RangeError, /^readTiledMap: orientation is "isometric": only orthogonal maps/],
    ["bad-hexagonal.tmj", RangeError, /^readTiledMap: orientation is "hexagonal"/],
    ["bad-text.tmj", RangeError, /^readTiledMap: layers\[1\]\.objects\[0\] is a text object/],
    ["bad-ellipse.tmj", RangeError, /^readTiledMap: layers\[1\]\.objects\[0\] is an ellipse of 40 × 20: only round/],
    ["bad-external-tileset.tmj", RangeError, /^readTiledMap: tilesets\[0\]\.source is "terrain\.tsj".*Embed tilesets/],
    [
      "bad-template.tmj",
      RangeError,
      /^readTiledMap: layers\[1\]\.objects\[0\]\.template is "crate\.tj".*Detach templates/,
    ],
    ["bad-zlib.tmj", RangeError, /^readTiledMap: layers\[0\]\.compression is "zlib": compressed tile data is not/],
    [
      "bad-two-shapes.tmj",
      RangeError,
      /^readTiledMap: tilesets\[0\]\.tiles\[0\]\.objectgroup\.objects holds 2 collision/,
    ],
    [
      "bad-concave-tile.tmj",
      RangeError,
      /^readTiledMap: tilesets\[0\]\.tiles\[0\]\.objectgroup\.objects\[0\] is not a convex/,
    ],
    [
      "bad-outside-cell.tmj",
      RangeError,
      /^readTiledMap: tilesets\[0\]\.tiles\[0\]\.objectgroup\.objects\[0\] leaves its cell: point \(20, 4\).*layers\[0\]\.data\[12\]/,
    ],
    ["bad-rotated-tall.tmj", RangeError, /^readTiledMap: layers\[0\]\.data\[13\] holds a rotated .*16 × 32 tile/],
  ];
  for (const [file, type, message] of cases) {
    assert.throws(
      () => readTiledMap(fixture(file)),
      (e) => e instanceof type && message.test(e.message),
      file,
    );
  }
});

test("Tiled: a wrong value anywhere is a TypeError or RangeError naming its path", () => {
  const cases = [
    [
      (m) => (m.layers[3].objects[5].polygon[2].x = "6"),
      TypeError,
      /layers\[3\]\.objects\[5\]\.polygon\[2\]\.x must be a number \(got the string "6"\)/,
    ],
    [
      (m) => (m.layers[3].objects[5].polygon.length = 2),
      RangeError,
      /layers\[3\]\.objects\[5\]\.polygon has 2 distinct points/,
    ],
    [(m) => (m.layers[0].data[9] = -1), TypeError, /layers\[0\]\.data\[9\] must be a gid/],
    [(m) => m.layers[0].data.pop(), RangeError, /layers\[0\]\.data holds 47 gids: the layer's 48 cells/],
    [
      (m) => (m.tilesets.length = 0),
      RangeError,
      /layers\[0\]\.data\[9\] holds gid 3, below every tileset's firstgid \(the map has no tileset\)/,
    ],
    [(m) => (m.layers[2].type = "mystery"), RangeError, /layers\[2\]\.type is "mystery": expected tilelayer/],
    [(m) => (m.layers[3].objects[0].width = 0), RangeError, /layers\[3\]\.objects\[0\] is a rectangle of 0 × 96/],
    [
      (m) => (m.layers[3].objects[9].properties[0].value = "yes"),
      TypeError,
      /layers\[3\]\.objects\[9\]\.properties\[0\]\.value \(the property oneWay\) must be a bool/,
    ],
    [
      (m) => (m.tilesets[0].tiles[2].properties = { oneWay: true }),
      TypeError,
      /tilesets\[0\]\.tiles\[2\]\.properties must be an array/,
    ],
    [(m) => (m.tilesets[0].firstgid = 0), RangeError, /tilesets\[0\]\.firstgid must be an integer from 1/],
    [(m) => (m.tilewidth = 1.5), RangeError, /^readTiledMap: tilewidth must be an integer/],
    [(m) => (m.type = "tileset"), RangeError, /type is "tileset": this is not a Tiled map/],
    [(m) => delete m.layers, TypeError, /^readTiledMap: layers must be an array/],
    [
      (m) => (m.tilesets[0].tiles[4].properties[0].value = 1),
      TypeError,
      /tilesets\[0\]\.tiles\[4\]\.properties\[0\]\.value \(the property sensor\) must be a bool property \(got 1\)/,
    ],
    [
      (m) => m.tilesets[0].tiles[4].properties.push({ name: "oneWay", type: "bool", value: true }),
      RangeError,
      /^readTiledMap: tilesets\[0\]\.tiles\[4\]\.properties\[1\]\.value \(the property oneWay\) is true on a sensor tile/,
    ],
  ];
  for (const [change, type, message] of cases) {
    const map = fixture("orthogonal.tmj");
    change(map);
    assert.throws(
      () => readTiledMap(map),
      (e) => e instanceof type && message.test(e.message),
      String(message),
    );
  }
  assert.throws(() => readTiledMap(null), /^TypeError: readTiledMap: the map must be an object \(got null\)/);
  assert.throws(
    () => readTiledMap(fixture("base64.tmj"), { layer: {} }),
    /^TypeError: readTiledMap: opts has an unknown key "layer"/,
  );
  assert.throws(() => readTiledMap(fixture("base64.tmj"), { tiles: "some" }), /opts\.tiles must be "shapes" or "all"/);
  for (const bad of ["keep", true, null]) {
    assert.throws(
      () => readTiledMap(fixture("water.tmj"), { sensorTiles: bad }),
      (e) =>
        e instanceof TypeError &&
        e.message.startsWith('readTiledMap: opts.sensorTiles must be "grid", "skip" or "error" (got '),
      String(bad),
    );
  }
  assert.throws(
    () => readTiledMap(fixture("base64.tmj"), { layers: { Ground: { layer: 1.5 } } }),
    /^RangeError: readTiledMap: opts\.layers\["Ground"\]\.layer must be a 32-bit integer \(got 1\.5\)/,
  );
  assert.throws(
    () => readTiledMap(fixture("base64.tmj"), { layers: () => ({ masks: 1 }) }),
    /^TypeError: readTiledMap: opts\.layers\(layers\[0\]\) \(the layer "Ground"\) has an unknown key "masks"/,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// LDtk

const PLATFORMER_OPTS = { intGrid: { ladder: "empty", platform: { oneWay: true } } };

test("LDtk: IntGrid layers are grids of their values, at each level's world position and layer offset", () => {
  const project = fixture("platformer.ldtk");
  const plan = readLdtkProject(project, PLATFORMER_OPTS);
  assert.equal(plan.tables.length, 1, "one table per IntGrid layer definition");
  assert.deepEqual(plan.tables[0].tiles, { 1: "solid", 2: "empty", 3: "solid", 4: { oneWay: true } });
  assert.deepEqual(plan.tables[0].paths.slice(2), [
    'opts.intGrid["ladder"]',
    "levels[0].layerInstances[1].intGridCsv[24]",
    'opts.intGrid["platform"]',
  ]);
  const [a, b] = plan.grids;
  const level0 = project.levels[0].layerInstances[1];
  near(
    { x: a.x, y: a.y, cols: a.cols, rows: a.rows, w: a.cellWidth, h: a.cellHeight },
    { x: 0, y: 0, cols: 8, rows: 5, w: 16, h: 16 },
  );
  assert.deepEqual(Array.from(a.cells), level0.intGridCsv, "the cells are the IntGrid values");
  assert.deepEqual(a.source, {
    editor: "ldtk",
    id: level0.iid,
    name: "Collisions",
    type: "IntGrid",
    properties: {},
    layer: "Collisions",
    path: "levels[0].layerInstances[1]",
    values: { 1: "dirt", 2: "ladder", 3: "stone", 4: "platform" },
    firstColumn: 0,
    firstRow: 0,
    sensor: false,
  });
  // Level_1 is at world (128, 16), its layer offset by (4, -2).
  near({ x: b.x, y: b.y }, { x: 132, y: 14 });
  assert.deepEqual(Array.from(b.cells), project.levels[1].layerInstances[1].intGridCsv);
  // Without the option every value is solid.
  assert.deepEqual(readLdtkProject(project).tables[0].tiles, { 1: "solid", 2: "solid", 3: "solid", 4: "solid" });
  // By value instead of identifier.
  assert.deepEqual(readLdtkProject(project, { intGrid: { 2: "empty" } }).tables[0].tiles[2], "empty");
});

test("LDtk: IntGrid values given { sensor: true } go to a sensor grid of their layer", () => {
  const project = fixture("platformer.ldtk");
  const csv0 = project.levels[0].layerInstances[1].intGridCsv;
  const csv1 = project.levels[1].layerInstances[1].intGridCsv;
  const plan = readLdtkProject(project, { intGrid: { 3: { sensor: true }, ladder: "empty" } });
  assert.deepEqual(plan.tables[0].tiles, { 1: "solid", 2: "empty", 3: "solid", 4: "solid" });
  assert.equal(plan.tables[0].paths[3], 'opts.intGrid["3"]');
  // Level_0: its solid grid without the stone, a sensor grid of the stone; Level_1 (all stone): only a sensor grid.
  assert.deepEqual(
    plan.grids.map((g) => [g.source.path, g.sensor, g.source.sensor, g.source.values]),
    [
      ["levels[0].layerInstances[1]", false, false, { 1: "dirt", 2: "ladder", 4: "platform" }],
      ["levels[0].layerInstances[1]", true, true, { 3: "stone" }],
      ["levels[1].layerInstances[1]", true, true, { 3: "stone" }],
    ],
  );
  const [solid, stone, level1] = plan.grids;
  assert.deepEqual(
    Array.from(solid.cells),
    csv0.map((v) => (v === 3 ? 0 : v)),
  );
  assert.deepEqual(
    Array.from(stone.cells),
    csv0.map((v) => (v === 3 ? 3 : 0)),
  );
  assert.deepEqual(Array.from(level1.cells), csv1);
  for (const [g, x, y] of [
    [stone, 0, 0],
    [level1, 132, 14],
  ]) {
    near(
      { x: g.x, y: g.y, cols: g.cols, rows: g.rows, w: g.cellWidth, table: g.table },
      { x, y, cols: 8, rows: 5, w: 16, table: 0 },
    );
  }
  // By identifier, with an outline: the table holds the outline, without the sensor key the world does not know.
  const ladder = readLdtkProject(project, {
    intGrid: { ladder: { sensor: true, points: [4, 0, 12, 0, 12, 16, 4, 16] } },
  });
  assert.deepEqual(ladder.tables[0].tiles[2], { points: [4, 0, 12, 0, 12, 16, 4, 16] });
  assert.deepEqual(
    ladder.grids.map((g) => [g.source.path, g.sensor]),
    [
      ["levels[0].layerInstances[1]", false],
      ["levels[0].layerInstances[1]", true],
      ["levels[1].layerInstances[1]", false],
    ],
  );
  // `sensor: false` is an ordinary value.
  assert.deepEqual(
    readLdtkProject(project, { intGrid: { stone: { sensor: false } } }).grids.map((g) => g.sensor),
    [false, false],
  );
});

test("LDtk: entities are boxes by their pivot (circles when drawn as round ellipses), fields as properties", () => {
  const plan = readLdtkProject(fixture("platformer.ldtk"), PLATFORMER_OPTS);
  const path = (i) => `levels[0].layerInstances[0].entityInstances[${i}]`;
  const iid = (c) => `5f1b2c10-0000-11ef-9000-00000000000${c}`;
  const expected = [
    // Player: 24 × 24, pivot (0.5, 1) at (40, 64): bottom centre.
    [
      { kind: "alignedBox", x: 40, y: 52, halfWidth: 12, halfHeight: 12 },
      { id: iid("a"), name: "Player", properties: {} },
    ],
    [
      { kind: "alignedBox", x: 96, y: 54, halfWidth: 10, halfHeight: 10 },
      { id: iid("b"), name: "Mob", properties: { loot: ["Knife"], patrol: true } },
    ],
    // Trigger: renderMode "Ellipse", 16 × 16, pivot (0.5, 0.5).
    [
      { kind: "circle", x: 72, y: 24, radius: 8 },
      { id: iid("c"), name: "Trigger", properties: {} },
    ],
    // Platform: 32 × 8, pivot (0, 0), a Bool field oneWay.
    [
      { kind: "alignedBox", x: 24, y: 36, halfWidth: 16, halfHeight: 4, oneWay: true },
      { id: iid("d"), name: "Platform", properties: { oneWay: true } },
    ],
  ];
  assert.equal(plan.shapes.length, expected.length);
  expected.forEach(([shape, source], i) => {
    near(plan.shapes[i].shape, { ...shape, ...FILTER });
    assert.deepEqual(plan.shapes[i].source, {
      editor: "ldtk",
      type: source.name,
      layer: "Entities",
      path: path(i),
      tags: [],
      ...source,
    });
  });
});

test("LDtk: levels by identifier or iid, multi-world projects, linear layouts one level at a time", () => {
  const project = fixture("platformer.ldtk");
  const one = readLdtkProject(project, { levels: ["Level_1"] });
  assert.deepEqual(
    one.grids.map((g) => [g.x, g.y]),
    [[132, 14]],
  );
  assert.deepEqual(readLdtkProject(project, { levels: [project.levels[1].iid] }), one);
  assert.throws(
    () => readLdtkProject(project, { levels: ["Level_9"] }),
    /^RangeError: readLdtkProject: opts\.levels\[0\] is "Level_9": no level has that identifier or iid/,
  );
  const linear = { ...structuredClone(project), worldLayout: "LinearHorizontal" };
  for (const level of linear.levels) level.worldX = level.worldY = -1;
  assert.throws(
    () => readLdtkProject(linear),
    /^RangeError: readLdtkProject: worldLayout is "LinearHorizontal": levels of a linear layout have no world position/,
  );
  assert.deepEqual(
    readLdtkProject(linear, { levels: ["Level_1"] }).grids.map((g) => [g.x, g.y]),
    [[4, -2]],
  );
  // Multi-worlds (JSON_DOC.md, `worlds`): the levels and the layout move into each world.
  const multi = {
    ...structuredClone(project),
    worlds: [
      {
        identifier: "World",
        iid: "w",
        levels: project.levels,
        worldLayout: "Free",
        worldGridWidth: 256,
        worldGridHeight: 256,
      },
    ],
    levels: [],
    worldLayout: null,
  };
  const plan = readLdtkProject(multi);
  assert.deepEqual(
    plan.grids.map((g) => g.source.path),
    ["worlds[0].levels[0].layerInstances[1]", "worlds[0].levels[1].layerInstances[1]"],
  );
  assert.deepEqual(
    plan.grids.map((g) => [g.x, g.y]),
    [
      [0, 0],
      [132, 14],
    ],
  );
});

test("LDtk: each unsupported or broken project is an error naming its JSON path", () => {
  const cases = [
    [
      (p) => ((p.levels[1].layerInstances = null), (p.levels[1].externalRelPath = "platformer/Level_1.ldtkl")),
      RangeError,
      /levels\[1\]\.layerInstances is null: the project saves levels in separate files \(here "platformer\/Level_1\.ldtkl"\)/,
    ],
    [
      (p) => (p.levels[0].layerInstances[0].entityInstances[2].width = 24),
      RangeError,
      /levels\[0\]\.layerInstances\[0\]\.entityInstances\[2\] is drawn as an ellipse of 24 × 16/,
    ],
    [
      (p) => (p.levels[0].layerInstances[0].entityInstances[3].fieldInstances[0].__value = "yes"),
      TypeError,
      /entityInstances\[3\]\.fieldInstances\[0\]\.__value \(the field oneWay\) must be a Bool/,
    ],
    [
      (p) => p.levels[0].layerInstances[1].intGridCsv.pop(),
      RangeError,
      /levels\[0\]\.layerInstances\[1\]\.intGridCsv holds 39 values: __cWid × __cHei is 40/,
    ],
    [
      (p) => (p.levels[0].layerInstances[1].intGridCsv[5] = 70000),
      RangeError,
      /intGridCsv\[5\] must be an IntGrid value from 0 to 65535 \(got 70000\)/,
    ],
    [(p) => (p.levels[0].layerInstances[1].__type = "Mystery"), RangeError, /layerInstances\[1\]\.__type is "Mystery"/],
    [
      (p) => (p.levels[0].layerInstances[0].entityInstances[0].__pivot = [0.5]),
      RangeError,
      /entityInstances\[0\]\.__pivot must hold 2 numbers/,
    ],
    [(p) => delete p.jsonVersion, TypeError, /^readLdtkProject: jsonVersion is missing: this is not an LDtk project/],
  ];
  for (const [change, type, message] of cases) {
    const project = fixture("platformer.ldtk");
    change(project);
    assert.throws(
      () => readLdtkProject(project),
      (e) => e instanceof type && message.test(e.message),
      String(message),
    );
  }
  assert.throws(
    () => readLdtkProject(fixture("platformer.ldtk"), { intGrid: { ladder: { solid: true } } }),
    /^TypeError: readLdtkProject: opts\.intGrid\["ladder"\] has an unknown key "solid" \(expected points, oneWay, sensor\)/,
  );
  assert.throws(
    () => readLdtkProject(fixture("platformer.ldtk"), { intGrid: { 3: { sensor: "yes" } } }),
    /^TypeError: readLdtkProject: opts\.intGrid\["3"\]\.sensor must be a boolean \(got the string "yes"\)/,
  );
  assert.throws(
    () => readLdtkProject(fixture("platformer.ldtk"), { intGrid: { 3: { sensor: true, oneWay: true } } }),
    /^TypeError: readLdtkProject: opts\.intGrid\["3"\]\.oneWay is given with sensor: true: no motion meets a sensor/,
  );
});

// ---------------------------------------------------------------------------------------------------------------
// The apply step

/** A world that records the calls a loader makes and hands out ids, and can be told to reject one call. */
class FakeWorld {
  calls = [];
  removed = [];
  next = 1;
  failOn = null; // [method, nth call (0-based), error]
  #count = {};
  #maybeFail(method) {
    const n = (this.#count[method] = (this.#count[method] ?? -1) + 1);
    if (this.failOn && this.failOn[0] === method && this.failOn[1] === n) throw this.failOn[2];
  }
  defineTiles(table) {
    this.#maybeFail("defineTiles");
    this.calls.push(["defineTiles", table]);
    return 1000 + this.calls.length;
  }
  addTileGrid(...args) {
    this.#maybeFail("addTileGrid");
    this.calls.push(["addTileGrid", ...args]);
    return this.next++;
  }
  addShapes(list) {
    this.#maybeFail("addShapes");
    this.calls.push(["addShapes", list]);
    return Uint32Array.from(list, () => this.next++);
  }
  remove(id) {
    this.removed.push(id);
  }
}

test("apply: shapes, then tables, then grids, each id with its source; sensor grids added with sensor: true", () => {
  const map = fixture("orthogonal.tmj");
  const plan = readTiledMap(map);
  const world = new FakeWorld();
  const loaded = loadTiledMap(world, map);
  assert.deepEqual(
    world.calls.map((c) => c[0]),
    ["addShapes", "defineTiles", "addTileGrid", "addTileGrid", "addTileGrid"],
  );
  assert.deepEqual(
    world.calls[0][1],
    plan.shapes.map((s) => s.shape),
  );
  assert.deepEqual(world.calls[1][1], plan.tables[0].tiles);
  const table = loaded.tables[0];
  plan.grids.forEach((g, i) => {
    assert.deepEqual(world.calls[2 + i].slice(1), [
      g.x,
      g.y,
      g.cols,
      g.rows,
      g.cellWidth,
      g.cellHeight,
      g.cells,
      // Ground's sensor grid (the second) alone has the key.
      { tiles: table, layer: g.layer, mask: g.mask, isStatic: g.isStatic, ...(i === 1 ? { sensor: true } : {}) },
    ]);
  });
  assert.deepEqual(
    Array.from(loaded.shapes),
    Array.from({ length: 11 }, (_, i) => i + 1),
  );
  assert.deepEqual(loaded.grids, [12, 13, 14]);
  assert.equal(loaded.sources.size, 14);
  assert.deepEqual(loaded.sources.get(5), plan.shapes[4].source);
  assert.deepEqual(loaded.sources.get(13), plan.grids[1].source);
  assert.deepEqual(
    loaded.grids.map((id) => [loaded.sources.get(id).name, loaded.sources.get(id).sensor]),
    [
      ["Ground", false],
      ["Ground", true],
      ["Tall", false],
    ],
  );
  assert.deepEqual(world.removed, []);
  // applyMapPlan adds a plan read (and edited) earlier.
  const other = new FakeWorld();
  const some = applyMapPlan(other, { ...plan, shapes: plan.shapes.filter((s) => s.source.type === "Spawn") });
  assert.equal(some.shapes.length, 1);
  assert.equal(some.sources.get(some.shapes[0]).name, "spawn");
});

test("apply: a call the world rejects removes what was added and names the record's JSON path", () => {
  const map = fixture("orthogonal.tmj");
  const grid = new FakeWorld();
  grid.failOn = ["addTileGrid", 2, new RangeError("addTileGrid: y must be between -1e7 and 1e7")];
  assert.throws(
    () => loadTiledMap(grid, map),
    (e) =>
      e instanceof RangeError &&
      e.message === "loadTiledMap: layers[1].layers[0]: addTileGrid: y must be between -1e7 and 1e7",
  );
  assert.deepEqual(
    grid.removed,
    [...Array.from({ length: 11 }, (_, i) => i + 1), 12, 13],
    "the shapes, the first grid and its sensor grid",
  );
  const shapes = new FakeWorld();
  shapes.failOn = ["addShapes", 0, new TypeError("addShapes: list[3].radius must be a number")];
  assert.throws(
    () => loadTiledMap(shapes, map, SKIP_SENSORS),
    /^TypeError: loadTiledMap: layers\[3\]\.objects\[3\]: addShapes: list\[3\]\.radius/,
  );
  assert.deepEqual(shapes.removed, []);
  const tiles = new FakeWorld();
  tiles.failOn = ["defineTiles", 0, new RangeError("defineTiles: tiles[3].points: vertex 1 is outside the cell")];
  assert.throws(
    () => loadTiledMap(tiles, map, SKIP_SENSORS),
    (e) =>
      e instanceof RangeError &&
      e.message === "loadTiledMap: tilesets[0].tiles[1]: defineTiles: tiles[3].points: vertex 1 is outside the cell",
  );
  assert.deepEqual(
    tiles.removed,
    Array.from({ length: 11 }, (_, i) => i + 1),
  );
  const ldtk = new FakeWorld();
  ldtk.failOn = ["addTileGrid", 0, new RangeError("addTileGrid: cells: too many")];
  assert.throws(
    () => loadLdtkProject(ldtk, fixture("platformer.ldtk")),
    /^RangeError: loadLdtkProject: levels\[0\]\.layerInstances\[1\]: addTileGrid/,
  );
  assert.deepEqual(ldtk.removed, [1, 2, 3, 4]);
  // A sensor value's outline is checked by the world too, and the error names the option's key.
  const sensor = new FakeWorld();
  sensor.failOn = ["defineTiles", 0, new RangeError("defineTiles: tiles[2].points: at least 3 points")];
  assert.throws(
    () =>
      loadLdtkProject(sensor, fixture("platformer.ldtk"), { intGrid: { ladder: { sensor: true, points: [0, 0] } } }),
    (e) =>
      e instanceof RangeError &&
      e.message === 'loadLdtkProject: opts.intGrid["ladder"]: defineTiles: tiles[2].points: at least 3 points',
  );
  assert.deepEqual(sensor.removed, [1, 2, 3, 4]);
});

test("a map's shapes in a real World: every kind where the map put it; a rejected one leaves the world empty", async () => {
  await init();
  const map = fixture("orthogonal.tmj");
  // The tile layers in a World: maps-world.test.mjs.
  const world = new World();
  const loaded = loadTiledMap(world, map, { layers: { Ground: false, Tall: false } });
  assert.equal(world.size, 11);
  const byId = new Map([...loaded.sources].map(([id, s]) => [s.id, id]));
  // The one-way objects keep their side, turned with the object (f32 in the world).
  const oneWays = [...loaded.sources].filter(([, s]) => s.properties.oneWay === true).map(([id]) => world.oneWay(id));
  assert.equal(oneWays.length, 2);
  assert.deepEqual(oneWays[0], { x: 0, y: -1 });
  assert.ok(
    Math.abs(oneWays[1].x - Math.sin(Math.PI / 12)) < 1e-6 && Math.abs(oneWays[1].y + Math.cos(Math.PI / 12)) < 1e-6,
  );
  // The world keeps f32 coordinates.
  const { x, y, angle } = world.shape(byId.get(2));
  const f32 = Math.fround;
  assert.deepEqual(
    { x, y, angle },
    { x: f32(40 + 12 * Math.cos(Math.PI / 6) - 2), y: f32(14 + 4 * Math.cos(Math.PI / 6)), angle: f32(Math.PI / 6) },
  );
  // Points inside each shape, in world coordinates, find it (queries see the world as the last step left it).
  world.step();
  for (const [id, px, py] of [
    [1, 8, 90], // the wall
    [3, 60, 46], // the rectangle turned upright
    [4, 86, 46], // the circle
    [6, 106, 18], // the triangle
    [9, 112, 50], // the tile object
  ]) {
    assert.deepEqual(Array.from(world.queryPoint(px, py)), [byId.get(id)], `object ${id} at ${px}, ${py}`);
  }
  assert.deepEqual(Array.from(world.queryPoint(26, 66)), [], "in the concave U's notch (x 26..22, y 64..72)");
  assert.equal(world.shape(byId.get(7)).kind, "concave");
  assert.equal(world.shape(byId.get(8)).kind, "chain");
  assert.equal(world.shape(byId.get(5)).kind, "point");
  // A coordinate the world rejects (beyond 1e7): the error names the object, and nothing stays.
  const far = fixture("orthogonal.tmj");
  far.layers[3].objects = map.layers[3].objects.map((o) => (o.id === 4 ? { ...o, x: 2e7 } : o));
  const empty = new World();
  assert.throws(
    () => loadTiledMap(empty, far, { layers: { Ground: false, Tall: false } }),
    /^RangeError: loadTiledMap: layers\[3\]\.objects\[3\]: addShapes: list\[3\]\.x must be between -1e7 and 1e7/,
  );
  assert.equal(empty.size, 0);
  world.free();
  empty.free();
});
