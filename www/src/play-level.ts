/**
 * The play demo's room (www/play.html): static walls, a tile-row floor, platforms (one a rotated box, the ramp), a
 * 2-unit thin wall and a segment wall, all in world units (one unit = one CSS pixel of the 960 × 540 stage, y down).
 */
import type { World } from "sepax";

export const ROOM_W = 960;
export const ROOM_H = 540;
/** Top of the floor tiles. */
export const FLOOR_Y = 500;
export const TILE_W = 40;

/** Layers: statics are on WALLS; bullets and the character collide only with them (not with each other). */
export const WALLS = 1;
export const BULLETS = 2;
export const CHARACTER = 4;

export type Piece =
  | { kind: "aligned" | "tile" | "thin"; id: number; x: number; y: number; hw: number; hh: number }
  | { kind: "box"; id: number; x: number; y: number; hw: number; hh: number; angle: number }
  | { kind: "segment"; id: number; x1: number; y1: number; x2: number; y2: number };

export interface Level {
  pieces: Piece[];
  /** The 2-unit thin wall standing on the floor: its id and faces. */
  thinWall: { id: number; left: number; right: number; top: number; bottom: number };
  segmentWall: { id: number; x1: number; y1: number; x2: number; y2: number };
  tiles: number[];
}

/** Adds the room's static shapes to `world`. */
export function buildLevel(world: World): Level {
  const pieces: Piece[] = [];
  const opts = { isStatic: true, layer: WALLS };
  const aligned = (kind: "aligned" | "tile" | "thin", x: number, y: number, hw: number, hh: number): number => {
    const id = world.addAlignedBox(x, y, hw, hh, opts);
    pieces.push({ kind, id, x, y, hw, hh });
    return id;
  };

  // Ceiling and side walls, 20 units thick.
  aligned("aligned", ROOM_W / 2, 10, ROOM_W / 2, 10);
  aligned("aligned", 10, ROOM_H / 2, 10, ROOM_H / 2);
  aligned("aligned", ROOM_W - 10, ROOM_H / 2, 10, ROOM_H / 2);

  // The floor: a row of 23 adjacent 40 × 40 tiles sharing their edges (x from 20 to 940), as a tile map makes it.
  const tiles: number[] = [];
  for (let x = 20; x < ROOM_W - 20; x += TILE_W) {
    tiles.push(aligned("tile", x + TILE_W / 2, FLOOR_Y + 20, TILE_W / 2, 20));
  }

  // A ramp (a rotated box, about 26°) from the floor up to a ledge on the left.
  const ramp = { x: 300, y: 456, hw: 120, hh: 8, angle: 0.45 };
  const rampId = world.addBox(ramp.x, ramp.y, ramp.hw, ramp.hh, ramp.angle, opts);
  pieces.push({ kind: "box", id: rampId, ...ramp });
  aligned("aligned", 108, 409, 88, 8); // the ledge at the ramp's top (x 20..196, top y 401, the ramp's end 400.6)

  // Floating platforms: one over the floor run (a step to jump over the thin wall), one beyond it, one high up.
  aligned("aligned", 490, 392, 50, 8);
  aligned("aligned", 800, 330, 80, 8);
  aligned("aligned", 330, 250, 70, 8);

  // The thin wall: 2 units thick, 170 tall, standing on the floor (x 640..642). A bullet moves 50 units a frame.
  const thin = { x: 641, y: 415, hw: 1, hh: 85 };
  const thinId = aligned("thin", thin.x, thin.y, thin.hw, thin.hh);

  // A segment wall (zero thickness), slanted, high in the middle: in sight from the floor left of the thin wall.
  const seg = { x1: 560, y1: 100, x2: 720, y2: 160 };
  const segId = world.addSegment(seg.x1, seg.y1, seg.x2, seg.y2, opts);
  pieces.push({ kind: "segment", id: segId, ...seg });

  return {
    pieces,
    thinWall: {
      id: thinId,
      left: thin.x - thin.hw,
      right: thin.x + thin.hw,
      top: thin.y - thin.hh,
      bottom: thin.y + thin.hh,
    },
    segmentWall: { id: segId, ...seg },
    tiles,
  };
}
