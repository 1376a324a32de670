/**
 * The play demo's level (www/play.html), loaded from a Tiled map (www/level.tmj, written by www/make-level.mjs)
 * through `sepax/maps`: the tile layer "Ground" is one tile grid (walls, a floor, a ramp of slope tiles up to a ledge,
 * a staircase of half-height steps up to a landing, the crowd's pen, one-way planks, bricks that bullets break with
 * `setTile`), the object layer "Walls" holds the 2-unit thin wall, the segment wall (a polyline: a chain) and the
 * moving platform, "Water" the pool (on a layer of its own, which the character crosses), and "Items" holds coins and
 * spikes (made sensors here: the loader adds objects as solid shapes), the spawn point and the crowd's pen (a region,
 * read and taken out of the world). World units are the map's pixels (one unit = one CSS pixel of the 960 × 540
 * stage, y down).
 */
import type { World } from "sepax";
import { readTiledMap, applyMapPlan, type TileDef } from "sepax/maps";

export const ROOM_W = 960;
export const ROOM_H = 540;

/** Layers: walls, grid and platforms on WALLS, met by everything that moves; ITEMS are sensors (coins, spikes), crossed
 * by the character and by bullets; WATER is crossed by the character alone; the crowd (ENEMIES) is kept apart from
 * itself and from the character by `separate`. */
export const WALLS = 1;
export const BULLETS = 2;
export const CHARACTER = 4;
export const ITEMS = 8;
export const WATER = 16;
export const ENEMIES = 32;

/** The map's tile layer, as the demo draws and edits it. */
export interface Grid {
  id: number;
  cols: number;
  rows: number;
  cell: number;
  /** The cell values, kept equal to the world's (`setTile` is applied to both). */
  cells: number[];
  /** Each value's collision, as the map's tile table gives it. */
  tiles: { [value: number]: TileDef };
  /** The values bullets destroy (the tileset's tiles with a true `breakable` property). */
  breakable: number[];
}

export interface Item {
  id: number;
  kind: "coin" | "spike";
  /** The map object's name ("laneCoin": the coin over the spawn point that only a bullet reaches). */
  name: string;
  x: number;
  y: number;
  /** Circle radius (coins) or half sizes (spikes). */
  hw: number;
  hh: number;
}

export interface Level {
  /** Where the level was loaded from. */
  source: string;
  grid: Grid;
  /** Top of the floor (the ground row of the grid). */
  floorTop: number;
  /** Top of the ledge at the ramp's upper end (its right edge, `crestX`, is the ramp's crest), of the landing at the
   * top of the stairs, and of the one-way plank over the floor run. */
  ledgeTop: number;
  crestX: number;
  landingTop: number;
  plankTop: number;
  /** The staircase between the landing and the ledge: its steps' left edges and tops, from the landing down. */
  steps: { x: number; top: number }[];
  /** The solid cells of the floor's top row (a seam between each two). */
  tiles: number[];
  /** The 2-unit thin wall standing on the floor: its id and faces. */
  thinWall: { id: number; left: number; right: number; top: number; bottom: number };
  segmentWall: { id: number; x1: number; y1: number; x2: number; y2: number };
  /** The moving platform: a box moved with setTransform between `fromX` and `fromX + travel`. */
  mover: { id: number; x: number; y: number; hw: number; hh: number; fromX: number; travel: number; speed: number };
  /** The pool: a box on the WATER layer. */
  water: { id: number; left: number; right: number; top: number; bottom: number };
  /** The crowd's pen (its inside) and the crowd's numbers, from the map. */
  crowd: { left: number; right: number; top: number; bottom: number; count: number; radius: number; speed: number };
  spawn: { x: number; y: number };
  items: Item[];
}

/** A Tiled map as JSON (the parts read here; the loader checks the whole). */
interface TiledJson {
  tilesets: { firstgid: number; tiles?: { id: number; properties?: { name: string; value: unknown }[] }[] }[];
}

/** Adds the level of `map` (www/level.tmj, parsed) to `world`. */
export function buildLevel(world: World, map: unknown, source: string): Level {
  const plan = readTiledMap(map, {
    layers: {
      Ground: { layer: WALLS },
      Walls: { layer: WALLS },
      Items: { layer: ITEMS, mask: 0 },
      Water: { layer: WATER, mask: CHARACTER },
    },
  });
  const loaded = applyMapPlan(world, plan);
  const g = plan.grids[0];
  const gid = loaded.grids[0];
  if (g === undefined || gid === undefined) throw new Error(`${source}: no tile layer with colliding tiles`);
  // Which values break: the grid's source maps each value to its gid, the tileset gives the gid's properties.
  const breakableGids = new Set<number>();
  for (const ts of (map as TiledJson).tilesets) {
    for (const t of ts.tiles ?? []) {
      if (t.properties?.some((p) => p.name === "breakable" && p.value === true)) breakableGids.add(ts.firstgid + t.id);
    }
  }
  const gids = g.source.gids ?? [];
  const breakable = gids.flatMap((gidOf, value) => (value > 0 && breakableGids.has(gidOf) ? [value] : []));
  const grid: Grid = {
    id: gid,
    cols: g.cols,
    rows: g.rows,
    cell: g.cellWidth,
    cells: Array.from(g.cells),
    tiles: { ...plan.tables[g.table]!.tiles },
    breakable,
  };

  const named = new Map<string, number>();
  const items: Item[] = [];
  let spawn = { x: ROOM_W / 2, y: ROOM_H / 2 };
  plan.shapes.forEach((s, i) => {
    const id = loaded.shapes[i]!;
    const shape = s.shape;
    if (s.source.name !== "") named.set(s.source.name, i);
    if (s.source.type === "Spawn") spawn = { x: shape.x, y: shape.y };
    const name = s.source.name;
    if (s.source.type === "Coin" && shape.kind === "circle") {
      items.push({ id, kind: "coin", name, x: shape.x, y: shape.y, hw: shape.radius, hh: shape.radius });
    }
    if (s.source.type === "Spike" && shape.kind === "alignedBox") {
      items.push({ id, kind: "spike", name, x: shape.x, y: shape.y, hw: shape.halfWidth, hh: shape.halfHeight });
    }
  });
  // Coins and spikes are sensors: they stop no move and no sweep, and the moves and sweeps that cross them say so.
  // The spawn point stays on mask 0, pairing with nothing.
  for (const it of items) {
    world.setSensor(it.id, true);
    world.setLayerMask(it.id, ITEMS, CHARACTER | BULLETS);
  }
  const shapeNamed = (name: string): { id: number; shape: (typeof plan.shapes)[number]["shape"]; props: object } => {
    const i = named.get(name);
    if (i === undefined) throw new Error(`${source}: no object named ${name}`);
    return { id: loaded.shapes[i]!, shape: plan.shapes[i]!.shape, props: plan.shapes[i]!.source.properties };
  };
  const thin = shapeNamed("thinWall");
  const seg = shapeNamed("segmentWall");
  const mover = shapeNamed("mover");
  const pool = shapeNamed("pool");
  const pen = shapeNamed("crowd");
  if (
    thin.shape.kind !== "alignedBox" ||
    mover.shape.kind !== "alignedBox" ||
    pool.shape.kind !== "alignedBox" ||
    pen.shape.kind !== "alignedBox" ||
    seg.shape.kind !== "chain"
  ) {
    throw new Error(`${source}: thinWall, mover, pool and crowd must be rectangles, segmentWall a polyline`);
  }
  // The pen is a region for the crowd, not a shape.
  world.remove(pen.id);
  const penProps = pen.props as { count?: number; radius?: number; speed?: number };
  const [sx1, sy1, sx2, sy2] = Array.from(seg.shape.points).slice(0, 4) as [number, number, number, number];
  const props = mover.props as { speed?: number; travel?: number };

  // The floor's top row: the last row of the grid with a cell under the spawn point.
  const spawnCol = Math.floor(spawn.x / grid.cell);
  let floorRow = Math.floor(spawn.y / grid.cell);
  while (floorRow < grid.rows && grid.cells[floorRow * grid.cols + spawnCol] === 0) floorRow++;
  const tiles: number[] = [];
  for (let c = 0; c < grid.cols; c++) if (grid.cells[floorRow * grid.cols + c] !== 0) tiles.push(c);
  /** The top of the first solid surface in column `col` at or below row `fromRow` (a step tile's top, not its cell's). */
  const topOf = (col: number, fromRow: number): number => {
    let r = fromRow;
    while (r < grid.rows && grid.cells[r * grid.cols + col] === 0) r++;
    const def = grid.tiles[grid.cells[r * grid.cols + col] ?? 0];
    const pts = typeof def === "object" && def.points !== undefined ? Array.from(def.points) : [];
    const inset = pts.length > 0 ? Math.min(...pts.filter((_, k) => k % 2 === 1)) : 0;
    return r * grid.cell + inset;
  };

  const t = thin.shape;
  const m = mover.shape;
  const w = pool.shape;
  const p = pen.shape;
  // Below the pen: the ledge's right end, the landing at the left wall, and the steps between.
  const lower = Math.ceil((p.y + p.halfHeight) / grid.cell) + 1;
  const crestCol = 9;
  const ledgeTop = topOf(crestCol, lower);
  const landingTop = topOf(1, lower);
  const steps: { x: number; top: number }[] = [];
  for (let c = 2; c <= crestCol; c++) {
    const top = topOf(c, lower);
    if (top !== topOf(c - 1, lower) && top <= ledgeTop) steps.push({ x: c * grid.cell, top });
  }
  return {
    source,
    grid,
    floorTop: floorRow * grid.cell,
    ledgeTop,
    crestX: (crestCol + 1) * grid.cell,
    landingTop,
    plankTop: topOf(24, 1),
    steps,
    tiles,
    thinWall: { id: thin.id, ...sides(t) },
    segmentWall: {
      id: seg.id,
      x1: seg.shape.x + sx1,
      y1: seg.shape.y + sy1,
      x2: seg.shape.x + sx2,
      y2: seg.shape.y + sy2,
    },
    mover: {
      id: mover.id,
      x: m.x,
      y: m.y,
      hw: m.halfWidth,
      hh: m.halfHeight,
      fromX: m.x,
      travel: props.travel ?? 0,
      speed: props.speed ?? 1,
    },
    water: { id: pool.id, ...sides(w) },
    crowd: {
      ...sides(p),
      count: penProps.count ?? 20,
      radius: penProps.radius ?? 6,
      speed: penProps.speed ?? 1,
    },
    spawn,
    items,
  };
}

/** The sides of a box given by its centre and half sizes. */
function sides(b: { x: number; y: number; halfWidth: number; halfHeight: number }): {
  left: number;
  right: number;
  top: number;
  bottom: number;
} {
  return { left: b.x - b.halfWidth, right: b.x + b.halfWidth, top: b.y - b.halfHeight, bottom: b.y + b.halfHeight };
}
