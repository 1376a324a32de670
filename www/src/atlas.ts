/**
 * Sprite images for one scene: every kind painted at the scene's exact on-screen size (so drawing never
 * scales), once plain and once highlighted. Rebuilt only when the scene (its scale) changes.
 *
 * The highlighted copy has a solid ring of the highlight colour around the silhouette plus a pink tint, baked
 * in: highlighting thousands of sprites then costs nothing more than drawing them.
 */
import { PAINTERS } from "./art.ts";
import { halfExtents, KINDS } from "./kinds.ts";
import { HIGHLIGHT } from "./palette.ts";

/** Width of the highlight ring, in device pixels: 2, or 1 for sprites a few pixels wide (else all is ring). */
function ringPx(pxPerUnit: number): number {
  return pxPerUnit < 0.5 ? 1 : 2;
}

export interface SpriteImage {
  readonly plain: HTMLCanvasElement;
  readonly lit: HTMLCanvasElement;
  /** Draw at (-offsetX, -offsetY) in device pixels, relative to the sprite centre. */
  readonly offsetX: number;
  readonly offsetY: number;
}

/** Images for every kind, in the order of KINDS. `pxPerUnit` = scene scale x devicePixelRatio. */
export function buildAtlas(pxPerUnit: number): SpriteImage[] {
  return KINDS.map((kind, i) => {
    const painter = PAINTERS[i];
    if (!painter) throw new Error(`no painter for ${kind.name}`);
    const [hx, hy] = halfExtents(kind.collider);
    // The laser's glow is drawn 1.7 units either side of its zero-width segment.
    const ring = ringPx(pxPerUnit);
    const pad = ring + 2 + 2 * pxPerUnit;
    const w = Math.ceil(2 * (hx * pxPerUnit + pad));
    const h = Math.ceil(2 * (hy * pxPerUnit + pad));
    const plain = canvas(w, h);
    const ctx = context(plain);
    ctx.setTransform(pxPerUnit, 0, 0, pxPerUnit, w / 2, h / 2);
    painter(ctx);
    return { plain, lit: highlighted(plain, ring), offsetX: w / 2, offsetY: h / 2 };
  });
}

function highlighted(plain: HTMLCanvasElement, ring: number): HTMLCanvasElement {
  const lit = canvas(plain.width, plain.height);
  const ctx = context(lit);
  // Dilate the silhouette by stamping it around a circle, then paint the stamp solid pink...
  const steps = 12;
  for (let i = 0; i < steps; i++) {
    const a = (i / steps) * Math.PI * 2;
    ctx.drawImage(plain, ring * Math.cos(a), ring * Math.sin(a));
  }
  ctx.globalCompositeOperation = "source-in";
  ctx.fillStyle = HIGHLIGHT;
  ctx.fillRect(0, 0, lit.width, lit.height);
  // ...then the sprite itself on top, tinted so small sprites read as highlighted too.
  ctx.globalCompositeOperation = "source-over";
  ctx.drawImage(plain, 0, 0);
  ctx.globalCompositeOperation = "source-atop";
  ctx.globalAlpha = 0.18;
  ctx.fillRect(0, 0, lit.width, lit.height);
  return lit;
}

function canvas(w: number, h: number): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = Math.max(1, w);
  c.height = Math.max(1, h);
  return c;
}

function context(c: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  return ctx;
}
