// Recipe: a level from the Tiled editor. The map (here inline; a game fetches its exported .tmj) has a tile layer,
// whose tiles' collision shapes and `oneWay` property the tileset gives once, and an object layer with a spawn
// point and coins. One call adds it to the world: the tile layer as one tile grid, each object as a shape; the
// sources say which id came from which object, so the game makes its coins sensors and finds its spawn point.
import assert from "node:assert/strict";
import init, { World } from "sepax";
import { loadTiledMap } from "sepax/maps";

// 10 × 6 cells of 16 pixels: a floor (tile 1, gid 1) and a one-way plank (tile 2, gid 2) above it.
const map = {
  type: "map",
  orientation: "orthogonal",
  renderorder: "right-down",
  infinite: false,
  width: 10,
  height: 6,
  tilewidth: 16,
  tileheight: 16,
  tilesets: [
    {
      firstgid: 1,
      name: "terrain",
      tilewidth: 16,
      tileheight: 16,
      tilecount: 2,
      columns: 2,
      tiles: [
        { id: 0, objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 0, width: 16, height: 16 }] } },
        {
          id: 1,
          properties: [{ name: "oneWay", type: "bool", value: true }],
          objectgroup: { type: "objectgroup", objects: [{ id: 1, x: 0, y: 0, width: 16, height: 4 }] },
        },
      ],
    },
  ],
  layers: [
    {
      id: 1,
      name: "Ground",
      type: "tilelayer",
      x: 0,
      y: 0,
      width: 10,
      height: 6,
      opacity: 1,
      visible: true,
      // prettier-ignore
      data: [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 2, 2, 2, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
      ],
    },
    {
      id: 2,
      name: "Items",
      type: "objectgroup",
      opacity: 1,
      visible: true,
      objects: [
        { id: 3, name: "spawn", type: "", point: true, x: 24, y: 60, width: 0, height: 0, rotation: 0, visible: true },
        { id: 4, name: "", type: "coin", ellipse: true, x: 60, y: 66, width: 8, height: 8, rotation: 0, visible: true },
        {
          id: 5,
          name: "",
          type: "coin",
          ellipse: true,
          x: 124,
          y: 66,
          width: 8,
          height: 8,
          rotation: 0,
          visible: true,
        },
      ],
    },
  ],
};

await init();
const world = new World();
const loaded = loadTiledMap(world, map, { layers: (layer) => (layer.name === "Items" ? { layer: 2 } : null) });
let spawn = null;
const coins = new Set();
for (const [id, source] of loaded.sources) {
  if (source.type === "coin") {
    world.setSensor(id, true);
    coins.add(id);
  }
  if (source.name === "spawn") spawn = world.getTransform(id);
}
const [ground] = loaded.grids;

// The player appears at the spawn point, falls onto the floor, then runs right through both coins.
const player = world.addCapsule(spawn[0], spawn[1], 4, 4, 0, { upright: true }); // 16 pixels tall
world.step();
const collected = new Set();
let vy = 0;
let r = world.moveAndSlide(player, 0, 0);
for (let frame = 0; frame < 240; frame++) {
  vy += 0.4;
  r = world.moveAndSlide(player, frame >= 60 && r.x < 140 ? 1 : 0, vy);
  if (r.grounded) vy = 0;
  for (const id of r.crossings) if (coins.has(id)) collected.add(id);
  world.step();
}
assert.equal(loaded.grids.length, 1, "the tile layer is one grid");
assert.ok(r.grounded && r.groundId === ground, "standing on the map's floor");
assert.ok(Math.abs(r.y + 8 - 5 * 16) < 0.1, `on the floor's top (y = 80): ${r.y + 8}`);
assert.equal(collected.size, 2, "both coins collected");
world.free();
console.log(`tiled-level: ${loaded.shapes.length} objects and ${loaded.grids.length} grid; ${collected.size} coins`);
