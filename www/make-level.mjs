// Writes www/level.tmj, the play demo's level, as Tiled's "JSON Map Format" describes a map (the fields Tiled 1.8
// writes, an embedded tileset with per-tile collision shapes and properties): open it in Tiled to edit it by hand
// (then keep "Embed tilesets" and CSV layer data when exporting). Run again after changing this script:
//
//   node www/make-level.mjs
//
// The room is 48 × 27 cells of 20 units (960 × 540, the stage): walls all around, a floor whose top is y = 500, a
// ramp of half-height slope tiles rising to the left onto a ledge (top y = 400; its edge is the ramp's crest), a
// staircase of four 10-unit steps (half-height and full tiles) from the ledge up to a landing (top y = 360), the
// crowd's pen high on the left (its floor's top y = 180), one-way platforms, a row of bricks that bullets break;
// objects for the 2-unit thin wall, the segment wall, a moving platform, the water pool between the thin wall and the
// right wall (a layer of its own), coins (one high over the spawn point, in the lane of a bullet fired straight up,
// out of the character's reach), spikes, the crowd's pen and the character's spawn point.
import { writeFileSync } from "node:fs";

const COLS = 48;
const ROWS = 27;
const CELL = 20;

// Tile ids of the tileset (gid = id + 1).
const WALL = 0;
const BRICK = 1;
const SLOPE_HIGH = 2; // the upper half of a slope rising to the left over two cells: top from 0 to 10
const SLOPE_LOW = 3; // its lower half: top from 10 to 20
const ONE_WAY = 4; // a 6-unit plank at the top of its cell, passed from below
const HALF = 5; // the lower half of a cell: a 10-unit stair step

const cells = new Array(COLS * ROWS).fill(0);
const put = (col, row, id) => (cells[row * COLS + col] = id + 1);
for (let c = 0; c < COLS; c++) {
  put(c, 0, WALL);
  put(c, ROWS - 2, WALL);
  put(c, ROWS - 1, WALL);
}
for (let r = 0; r < ROWS; r++) {
  put(0, r, WALL);
  put(COLS - 1, r, WALL);
}
// The ramp: rows 20 to 24, two slope cells a row, solid under them and under the ledge (cols 1 to 9 of row 20).
for (let k = 0; k < 5; k++) {
  const row = 20 + k;
  for (let c = 1; c < 10 + 2 * k; c++) put(c, row, WALL);
  put(10 + 2 * k, row, SLOPE_HIGH);
  put(11 + 2 * k, row, SLOPE_LOW);
}
// The stairs: from the ledge (cols 8 and 9 stay flat up to the crest at x = 200) four steps up to the left, each a
// cell wide and 10 high (tops 390, 380, 370, 360), onto the landing (cols 1 to 4, top 360).
put(7, 19, HALF);
put(6, 19, WALL);
put(5, 19, WALL);
put(5, 18, HALF);
for (let c = 1; c <= 4; c++) {
  put(c, 19, WALL);
  put(c, 18, WALL);
}
// The crowd's pen, high on the left: a floor (x 20 to 440, top 180) and a wall on its right (x 420 to 440): shut.
for (let c = 1; c <= 21; c++) put(c, 9, WALL);
for (let r = 1; r <= 8; r++) put(21, r, WALL);
// One-way platforms: over the floor run (x 440 to 540, top 380) and on the right (x 720 to 880, top 320).
for (let c = 22; c <= 26; c++) put(c, 19, ONE_WAY);
for (let c = 36; c <= 43; c++) put(c, 16, ONE_WAY);
// Bricks, high up (x 260 to 400, top 240), and a brick pillar on the right platform.
for (let c = 13; c <= 19; c++) put(c, 12, BRICK);
for (let r = 13; r <= 15; r++) put(42, r, BRICK);

/** A tile's collision object, as Tiled's tile collision editor writes it. */
const rect = (w, h, y = 0) => ({ height: h, id: 1, name: "", rotation: 0, type: "", visible: true, width: w, x: 0, y });
const polygon = (points) => ({
  height: 0,
  id: 1,
  name: "",
  polygon: points.map(([x, y]) => ({ x, y })),
  rotation: 0,
  type: "",
  visible: true,
  width: 0,
  x: 0,
  y: 0,
});
const group = (object) => ({
  draworder: "index",
  name: "",
  objects: [object],
  opacity: 1,
  type: "objectgroup",
  visible: true,
  x: 0,
  y: 0,
});
const bool = (name) => ({ name, type: "bool", value: true });

const tileset = {
  columns: 6,
  firstgid: 1,
  image: "terrain.png",
  imageheight: CELL,
  imagewidth: 6 * CELL,
  margin: 0,
  name: "terrain",
  spacing: 0,
  tilecount: 6,
  tileheight: CELL,
  tilewidth: CELL,
  tiles: [
    { id: WALL, objectgroup: group(rect(CELL, CELL)), type: "Wall" },
    { id: BRICK, objectgroup: group(rect(CELL, CELL)), properties: [bool("breakable")], type: "Brick" },
    {
      id: SLOPE_HIGH,
      objectgroup: group(
        polygon([
          [0, 0],
          [CELL, CELL / 2],
          [CELL, CELL],
          [0, CELL],
        ]),
      ),
      type: "Slope",
    },
    {
      id: SLOPE_LOW,
      objectgroup: group(
        polygon([
          [0, CELL / 2],
          [CELL, CELL],
          [0, CELL],
        ]),
      ),
      type: "Slope",
    },
    { id: ONE_WAY, objectgroup: group(rect(CELL, 6)), properties: [bool("oneWay")], type: "Platform" },
    { id: HALF, objectgroup: group(rect(CELL, CELL / 2, CELL / 2)), type: "Step" },
  ],
};

let nextObjectId = 1;
function object(fields) {
  return { height: 0, id: nextObjectId++, name: "", rotation: 0, type: "", visible: true, width: 0, ...fields };
}
const walls = [
  object({ name: "thinWall", type: "Wall", x: 640, y: 330, width: 2, height: 170 }),
  object({
    name: "segmentWall",
    type: "Wall",
    x: 560,
    y: 100,
    polyline: [
      { x: 0, y: 0 },
      { x: 160, y: 60 },
    ],
  }),
  object({
    name: "mover",
    type: "MovingPlatform",
    x: 700,
    y: 230,
    width: 80,
    height: 10,
    properties: [
      { name: "speed", type: "float", value: 1 },
      { name: "travel", type: "float", value: 160 },
    ],
  }),
];
// The pool: from the thin wall to the right wall, 80 deep over the floor (its surface at y = 420).
const water = [object({ name: "pool", type: "Water", x: 642, y: 420, width: 298, height: 80 })];
const coin = (x, y, name = "") =>
  object({ name, type: "Coin", ellipse: true, x: x - 6, y: y - 6, width: 12, height: 12 });
const items = [
  object({ name: "spawn", type: "Spawn", point: true, x: 480, y: 479.5 }),
  coin(50, 345),
  coin(330, 225),
  coin(490, 360),
  coin(740, 215),
  coin(800, 300),
  coin(720, 470),
  // Straight over the spawn point, out of jumping reach: a bullet fired straight up from the floor (centre y 480) is
  // at y 180 and 130 at two frames in a row, 25 units either side of the coin, touching it at neither.
  coin(480, 155, "laneCoin"),
  object({ type: "Spike", x: 880, y: 490, width: 60, height: 10 }),
  // The crowd's pen (its inside): the crowd flies there, toward the character.
  object({
    name: "crowd",
    type: "Crowd",
    x: 20,
    y: 20,
    width: 400,
    height: 160,
    properties: [
      { name: "count", type: "int", value: 20 },
      { name: "radius", type: "float", value: 6 },
      { name: "speed", type: "float", value: 1.5 },
    ],
  }),
];

const layer = (id, name, fields) => ({ id, name, opacity: 1, visible: true, x: 0, y: 0, ...fields });
const map = {
  compressionlevel: -1,
  height: ROWS,
  infinite: false,
  layers: [
    layer(1, "Ground", { data: cells, height: ROWS, type: "tilelayer", width: COLS }),
    layer(2, "Walls", { draworder: "topdown", objects: walls, type: "objectgroup" }),
    layer(3, "Items", { draworder: "topdown", objects: items, type: "objectgroup" }),
    layer(4, "Water", { draworder: "topdown", objects: water, type: "objectgroup" }),
  ],
  nextlayerid: 5,
  nextobjectid: nextObjectId,
  orientation: "orthogonal",
  renderorder: "right-down",
  tiledversion: "1.8.2",
  tileheight: CELL,
  tilesets: [tileset],
  tilewidth: CELL,
  type: "map",
  version: "1.8",
  width: COLS,
};

writeFileSync(new URL("./level.tmj", import.meta.url), JSON.stringify(map) + "\n");
