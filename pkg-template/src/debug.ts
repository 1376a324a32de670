// sepax/debug: draws a world's debug lines on a Canvas 2D context. A separate entry, so a game that does not draw
// never loads it; it imports nothing at run time (the world it is given brings the core), so it adds no second copy of
// the entry's code to a bundle.
//
// The lines come from `world.debugLines(opts)` (the world's own buffers, no object per line); this module only
// strokes them, one path per category, so a frame costs ten `stroke()` calls whatever the number of shapes.

import type { World } from "./world.js";
import type { DebugOptions } from "./types.js";

/** A camera: the world point `(x, y)` at the canvas's centre, `zoom` pixels per world unit, turned by `rotation`. */
export interface DebugCamera {
  /** x of the world point at the centre of the canvas. */
  x: number;
  /** y of that point. */
  y: number;
  /** Pixels per world unit (default 1). */
  zoom?: number;
  /** The camera's turn, radians (default 0): the world turns by `-rotation` on screen. */
  rotation?: number;
}

/** What `drawDebug` takes: `debugLines`' options, and how to draw. */
export interface DrawDebugOptions extends DebugOptions {
  /**
   * The camera. With one, `drawDebug` sets the context's transform (and restores it after), draws lines one pixel
   * wide and, unless `region` is given, limits the drawing to what the canvas shows. Without one, it leaves the
   * transform and line width as the game set them (world units in, whatever the game maps them to).
   */
  camera?: DebugCamera;
  /** A CSS colour per `DebugKind`, indexed by kind (default `DEBUG_COLORS`); kinds past its end are not drawn. */
  colors?: readonly string[];
}

/** The default colour of each `DebugKind`, by kind. */
export const DEBUG_COLORS: readonly string[] = Object.freeze([
  "#8a8f98", // Static
  "#3b82f6", // Moving
  "#ef4444", // Touching
  "#a855f7", // Sensor
  "#f59e0b", // OneWay
  "#22c55e", // Box
  "#334155", // Cell
  "#facc15", // Normal
  "#f8fafc", // Point
  "#14b8a6", // Surface
]);

/**
 * The context `drawDebug` needs: what a `CanvasRenderingContext2D` or `OffscreenCanvasRenderingContext2D` has, spelt
 * out so that the types need no DOM lib.
 */
export interface DebugContext {
  readonly canvas: { readonly width: number; readonly height: number };
  strokeStyle: unknown;
  lineWidth: number;
  save(): void;
  restore(): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
}

/** `debugLines`' options of one call (reused: a frame creates no object). */
const lineOptions: DebugOptions = {};
/** The box the camera sees, `minX, minY, maxX, maxY`: numbers kept unboxed on their way to the world. */
const seen = new Float64Array(4);

/** The error naming the first of the camera's numbers that is wrong (`zoom` must also be > 0). */
function cameraError(camera: DebugCamera): Error {
  for (const key of ["x", "y", "zoom", "rotation"] as const) {
    const value: unknown = camera[key] ?? (key === "x" || key === "y" ? undefined : 1);
    if (typeof value !== "number") {
      return new TypeError(`drawDebug: opts.camera.${key} must be a number (got ${typeof value})`);
    }
    if (!Number.isFinite(value) || !(key !== "zoom" || value > 0)) {
      const what = key === "zoom" ? "a finite number > 0" : "a finite number";
      return new RangeError(`drawDebug: opts.camera.${key} must be ${what} (got ${value})`);
    }
  }
  return new TypeError("drawDebug: opts.camera must be { x, y, zoom?, rotation? }");
}

/**
 * Draws `world`'s debug lines (`world.debugLines(opts)`, after its last `step()`) on `ctx`, a colour per category.
 * Returns the number of segments drawn.
 * @example
 * import { drawDebug } from "sepax/debug";
 * function frame() {
 *   world.step();
 *   drawDebug(ctx, world, { contacts: true, camera: { x: player.x, y: player.y, zoom: 2 } });
 * }
 */
export function drawDebug(ctx: DebugContext, world: World, opts?: DrawDebugOptions): number {
  const camera = opts?.camera;
  const colors = opts?.colors ?? DEBUG_COLORS;
  if (opts !== undefined) {
    // debugLines takes DebugOptions' keys only.
    lineOptions.boxes = opts.boxes;
    lineOptions.cells = opts.cells;
    lineOptions.contacts = opts.contacts;
    lineOptions.surfaces = opts.surfaces;
    lineOptions.scale = opts.scale;
    lineOptions.region = opts.region;
  }
  let region: Float64Array | null = null;
  const x = camera?.x ?? 0;
  const y = camera?.y ?? 0;
  const zoom = camera?.zoom ?? 1;
  const turn = camera?.rotation ?? 0;
  // Checked here, before the context changes, and without handing the numbers to a function (which could box them).
  const wrong = !(
    Number.isFinite(x) &&
    Number.isFinite(y) &&
    zoom > 0 &&
    Number.isFinite(zoom) &&
    Number.isFinite(turn)
  );
  if (camera !== undefined && (wrong || camera.x === undefined || camera.y === undefined)) throw cameraError(camera);
  const { width, height } = ctx.canvas;
  if (camera !== undefined && opts!.region === undefined) {
    // The box of the canvas turned into the world: half its diagonal over the zoom, around the camera.
    const half = Math.sqrt(width * width + height * height) / (2 * zoom);
    seen[0] = x - half;
    seen[1] = y - half;
    seen[2] = x + half;
    seen[3] = y + half;
    region = seen;
  }
  // The lines first: bad options throw before the context changes.
  const count = world.debugLinesIn(opts === undefined ? undefined : lineOptions, region);
  ctx.save();
  if (camera !== undefined) {
    const c = Math.cos(turn) * zoom;
    const s = Math.sin(turn) * zoom;
    // screen = centre + zoom · R(-turn) · (world - camera); `0 - s`, not `-s`: a -0 would be boxed on its way.
    ctx.setTransform(c, 0 - s, s, c, width / 2 - (c * x + s * y), height / 2 - (c * y - s * x));
    ctx.lineWidth = 1 / zoom;
  }
  const { lines, kinds } = world.debugLineViews();
  for (let kind = 0; kind < colors.length; kind++) {
    let any = false;
    for (let i = 0; i < count; i++) {
      if (kinds[i] !== kind) continue;
      if (!any) ctx.beginPath();
      any = true;
      ctx.moveTo(lines[4 * i], lines[4 * i + 1]);
      ctx.lineTo(lines[4 * i + 2], lines[4 * i + 3]);
    }
    if (any) {
      ctx.strokeStyle = colors[kind];
      ctx.stroke();
    }
  }
  ctx.restore();
  return count;
}
