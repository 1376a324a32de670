/**
 * Draws a scene on the stage canvas: background, static shapes, sprites batched by kind (plain ones first,
 * then the highlighted ones on top so a pair is never hidden), and optionally every collider's outline and
 * every contact normal with its depth and contact points.
 *
 * Per sprite the loop does one setTransform and one drawImage from a pre-rendered image: no path, no
 * allocation, no state change beyond the transform.
 */
import { buildAtlas, type SpriteImage } from "./atlas.ts";
import { brickTile, stripeTile } from "./art.ts";
import { KINDS, traceCollider } from "./kinds.ts";
import { BACKGROUND, CONTACT_POINT, DEPTH, GRID, HIGHLIGHT, NORMAL, OUTLINE } from "./palette.ts";
import type { Poses, Scene, StaticShape } from "./scene.ts";
import type { World } from "sepax";
import { drawDebug } from "sepax/debug";

export interface DrawOptions {
  readonly outlines: boolean;
  readonly normals: boolean;
}

/** What the debug lines show besides outlines: contacts, normals 8 pixels long. */
const DEBUG_OPTIONS = { contacts: true, surfaces: true, scale: 8 };

/** Length of the drawn normal direction, CSS pixels (the depth is drawn to scale over it). */
const NORMAL_LENGTH = 10;

export class Renderer {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly brick: CanvasPattern;
  private readonly stripes: CanvasPattern;
  private background: HTMLCanvasElement | null = null;
  private atlas: SpriteImage[] = [];
  private atlasScene: Scene | null = null;
  /** Device pixels per CSS pixel (world units are CSS pixels). */
  dpr = 1;
  width = 0;
  height = 0;

  constructor(canvas: HTMLCanvasElement) {
    this.canvas = canvas;
    const ctx = canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("2D canvas unavailable");
    this.ctx = ctx;
    this.brick = pattern(ctx, brickTile());
    this.stripes = pattern(ctx, stripeTile());
  }

  /** Matches the canvas's pixel size to its CSS box; returns true when it changed. */
  resize(): boolean {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.floor(this.canvas.clientWidth));
    const h = Math.max(1, Math.floor(this.canvas.clientHeight));
    if (w === this.width && h === this.height && dpr === this.dpr) return false;
    this.width = w;
    this.height = h;
    this.dpr = dpr;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.background = null;
    this.atlasScene = null;
    return true;
  }

  draw(
    scene: Scene,
    p: Poses,
    pairs: Uint32Array,
    contacts: Float32Array,
    points: Float32Array,
    count: number,
    opts: DrawOptions,
  ): void {
    const ctx = this.ctx;
    if (this.atlasScene !== scene) {
      this.atlas = buildAtlas(scene.scale * this.dpr);
      this.atlasScene = scene;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.backgroundImage(), 0, 0);
    for (const s of scene.statics) this.drawStatic(s, scene.hit[s.id] === 1);
    this.drawSprites(scene, p, false);
    this.drawSprites(scene, p, true);
    if (opts.outlines) this.drawOutlines(scene, p);
    if (opts.normals) {
      this.drawNormals(scene, p, pairs, contacts, count);
      this.drawContactPoints(points, count);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  /** The library's own debug drawing (sepax/debug), over the frame: what a game gets in one call. */
  drawDebugLines(world: World): void {
    const ctx = this.ctx;
    // World units are CSS pixels: scale to the canvas's, and leave the transform to drawDebug (no camera).
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.lineWidth = 1;
    drawDebug(ctx, world, DEBUG_OPTIONS);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }

  private drawSprites(scene: Scene, p: Poses, lit: boolean): void {
    const ctx = this.ctx;
    const { xs, ys, angles } = p;
    const { order, start } = scene.drawOrder();
    const hit = scene.hit;
    const want = lit ? 1 : 0;
    const dpr = this.dpr;
    for (let k = 0; k < KINDS.length; k++) {
      const img = this.atlas[k];
      if (!img) continue;
      const image = lit ? img.lit : img.plain;
      const ox = -img.offsetX;
      const oy = -img.offsetY;
      for (let i = start[k], end = start[k + 1]; i < end; i++) {
        const id = order[i];
        if (hit[id] !== want) continue;
        const a = angles[id];
        const c = Math.cos(a);
        const s = Math.sin(a);
        ctx.setTransform(c, s, -s, c, xs[id] * dpr, ys[id] * dpr);
        ctx.drawImage(image, ox, oy);
      }
    }
  }

  private drawStatic(s: StaticShape, lit: boolean): void {
    const ctx = this.ctx;
    const d = this.dpr;
    const c = Math.cos(s.angle);
    const sn = Math.sin(s.angle);
    // Patterns follow the transform, so bricks turn with their platform.
    ctx.setTransform(c * d, sn * d, -sn * d, c * d, s.x * d, s.y * d);
    ctx.beginPath();
    traceCollider(ctx, s.collider);
    if (s.collider.type === "segment" || s.collider.type === "chain") {
      ctx.lineCap = "round";
      ctx.lineWidth = 9;
      ctx.strokeStyle = "#3b4252";
      ctx.stroke();
      ctx.lineWidth = 6;
      ctx.strokeStyle = this.stripes;
      ctx.stroke();
    } else {
      ctx.fillStyle = s.fill === "brick" ? this.brick : this.stripes;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = "#1c2230";
      ctx.stroke();
    }
    if (lit) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = HIGHLIGHT;
      ctx.stroke();
    }
  }

  /** Every collider as sepax sees it, in one path and one stroke. */
  private drawOutlines(scene: Scene, p: Poses): void {
    const ctx = this.ctx;
    const { xs, ys, angles } = p;
    const { order, start } = scene.drawOrder();
    const d = this.dpr;
    ctx.beginPath();
    for (let k = 0; k < KINDS.length; k++) {
      const collider = scene.colliders[k];
      if (!collider) continue;
      for (let i = start[k], end = start[k + 1]; i < end; i++) {
        const id = order[i];
        const a = angles[id];
        const c = Math.cos(a) * d;
        const s = Math.sin(a) * d;
        // Path points are transformed when added, so one path can hold every sprite's outline.
        ctx.setTransform(c, s, -s, c, xs[id] * d, ys[id] * d);
        traceCollider(ctx, collider);
      }
    }
    for (const s of scene.statics) {
      const c = Math.cos(s.angle) * d;
      const sn = Math.sin(s.angle) * d;
      ctx.setTransform(c, sn, -sn, c, s.x * d, s.y * d);
      traceCollider(ctx, s.collider);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.lineWidth = Math.max(1, d);
    ctx.strokeStyle = OUTLINE;
    ctx.stroke();
  }

  /**
   * Each contact: its normal (a to b) as a fixed-length yellow tick, and its depth to scale as an orange bar
   * spanning the overlap along the normal, placed at the smaller shape's deepest point (exact for circles).
   */
  private drawNormals(scene: Scene, p: Poses, pairs: Uint32Array, contacts: Float32Array, count: number): void {
    const ctx = this.ctx;
    const { xs, ys } = p;
    const radius = scene.radius;
    const d = this.dpr;
    ctx.setTransform(d, 0, 0, d, 0, 0);
    ctx.lineCap = "butt";
    for (let pass = 0; pass < 2; pass++) {
      ctx.beginPath();
      for (let i = 0; i < count; i++) {
        const a = pairs[2 * i];
        const b = pairs[2 * i + 1];
        const nx = contacts[3 * i];
        const ny = contacts[3 * i + 1];
        const depth = contacts[3 * i + 2];
        let qx: number;
        let qy: number;
        if (radius[b] <= radius[a]) {
          qx = xs[b] - nx * radius[b];
          qy = ys[b] - ny * radius[b];
        } else {
          qx = xs[a] + nx * (radius[a] - depth);
          qy = ys[a] + ny * (radius[a] - depth);
        }
        const len = pass === 0 ? NORMAL_LENGTH : depth;
        ctx.moveTo(qx, qy);
        ctx.lineTo(qx + nx * len, qy + ny * len);
        if (pass === 0) {
          // Arrowhead at the tip: which way b gets pushed.
          const tx = qx + nx * len;
          const ty = qy + ny * len;
          ctx.moveTo(tx - nx * 3 - ny * 2, ty - ny * 3 + nx * 2);
          ctx.lineTo(tx, ty);
          ctx.lineTo(tx - nx * 3 + ny * 2, ty - ny * 3 - nx * 2);
        }
      }
      ctx.lineWidth = pass === 0 ? 1 : 2.5;
      ctx.strokeStyle = pass === 0 ? NORMAL : DEPTH;
      ctx.stroke();
    }
  }

  /**
   * Each pair's one or two contact points (`contactPoints()`: count, then x, y, depth per point) as small cyan
   * dots, in one path and one fill.
   */
  private drawContactPoints(points: Float32Array, count: number): void {
    const ctx = this.ctx;
    const d = this.dpr;
    ctx.setTransform(d, 0, 0, d, 0, 0);
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const at = 7 * i;
      for (let k = 0; k < points[at]; k++) {
        const x = points[at + 1 + 3 * k];
        const y = points[at + 2 + 3 * k];
        ctx.moveTo(x + 2.5, y);
        ctx.arc(x, y, 2.5, 0, 2 * Math.PI);
      }
    }
    ctx.fillStyle = CONTACT_POINT;
    ctx.fill();
  }

  private backgroundImage(): HTMLCanvasElement {
    if (this.background) return this.background;
    const bg = document.createElement("canvas");
    bg.width = this.canvas.width;
    bg.height = this.canvas.height;
    const ctx = bg.getContext("2d");
    if (!ctx) throw new Error("2D canvas unavailable");
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, bg.width, bg.height);
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    const step = 40 * this.dpr;
    for (let x = step; x < bg.width; x += step) {
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, bg.height);
    }
    for (let y = step; y < bg.height; y += step) {
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(bg.width, Math.round(y) + 0.5);
    }
    ctx.stroke();
    this.background = bg;
    return bg;
  }
}

function pattern(ctx: CanvasRenderingContext2D, tile: HTMLCanvasElement): CanvasPattern {
  const p = ctx.createPattern(tile, "repeat");
  if (!p) throw new Error("canvas pattern unavailable");
  return p;
}
