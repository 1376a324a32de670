// sepax/maps, CommonJS entry (the `require` condition under `node`). The maps module is an ES module; Node 20.19+ and
// 22.12+ can require() it, so this file loads it that way and exports its functions as properties:
// `const { loadTiledMap } = require("sepax/maps")`. On an older Node it throws at once, saying what to do instead.

import type * as esm from "./maps.js" with { "resolution-mode": "import" };

declare const process: { features: { require_module?: boolean }; version: string };
declare const require: (id: string) => typeof esm;

if (!process.features.require_module) {
  throw new Error(
    `sepax/maps is an ES module, and this Node (${process.version}) cannot require() ES modules. ` +
      'Use `const { loadTiledMap } = await import("sepax/maps")`, or Node >= 20.19 or >= 22.12 where ' +
      'require("sepax/maps") works.',
  );
}

const loaded = require("./maps.js");

/** The functions of sepax/maps; its public types beside them. */
const maps = {
  readTiledMap: loaded.readTiledMap,
  loadTiledMap: loaded.loadTiledMap,
  readLdtkProject: loaded.readLdtkProject,
  loadLdtkProject: loaded.loadLdtkProject,
  applyMapPlan: loaded.applyMapPlan,
};
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace maps {
  export type TiledMapOptions = esm.TiledMapOptions;
  export type LdtkOptions = esm.LdtkOptions;
  export type LayerChoice = esm.LayerChoice;
  export type LayerFilter = esm.LayerFilter;
  export type LoadedMap = esm.LoadedMap;
  export type MapGridOptions = esm.MapGridOptions;
  export type MapLayerInfo = esm.MapLayerInfo;
  export type MapPlan = esm.MapPlan;
  export type MapShape = esm.MapShape;
  export type MapSource = esm.MapSource;
  export type MapWorld = esm.MapWorld;
  export type OneWay = esm.OneWay;
  export type PlannedGrid = esm.PlannedGrid;
  export type PlannedShape = esm.PlannedShape;
  export type PlannedTable = esm.PlannedTable;
  export type TileDef = esm.TileDef;
  export type TileTable = esm.TileTable;
}

export = maps;
