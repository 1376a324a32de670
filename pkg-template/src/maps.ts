// sepax/maps: levels from the Tiled and LDtk editors. A separate entry, so a game that builds its levels in code
// never loads this module; it imports nothing from the wasm core either, so the readers work before `init()`.
//
// Each editor has a pure reader (`readTiledMap`, `readLdtkProject`: the editor's JSON object in, a `MapPlan` out) and
// a loader that reads and applies in one call (`loadTiledMap`, `loadLdtkProject`: a world and the JSON in, the ids
// and each id's source out). `applyMapPlan` adds a plan read earlier. What each editor's fields become, and what is
// not supported, is written at the top of tiled.ts and ldtk.ts, with the documentation each field was checked
// against; the plan's types and the apply step are in map_plan.ts, the checked JSON reading in map_json.ts.

export { readTiledMap, loadTiledMap } from "./tiled.js";
export type { TiledMapOptions } from "./tiled.js";
export { readLdtkProject, loadLdtkProject } from "./ldtk.js";
export type { LdtkOptions } from "./ldtk.js";
export { applyMapPlan } from "./map_plan.js";
export type {
  LayerChoice,
  LayerFilter,
  LoadedMap,
  MapGridOptions,
  MapLayerInfo,
  MapPlan,
  MapShape,
  MapSource,
  MapWorld,
  PlannedGrid,
  PlannedShape,
  PlannedTable,
} from "./map_plan.js";
// The tile and one-way types are the world's own (one definition, in types.ts): a plan's tables go to
// `world.defineTiles` as they are.
export type { OneWay, TileDef, TileTable } from "./types.js";
