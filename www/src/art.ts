/**
 * The sprite pictures, painted once with canvas paths (no image files to load). Each painter draws one kind
 * centred on the origin, in base units, inside that kind's collider (kinds.ts), facing +x.
 *
 * Palette rule: nothing here may look like the highlight colour (palette.ts), because the browser test finds
 * highlighted sprites by that colour.
 */
import { SHIP_HULL } from "./kinds.ts";
import { mulberry32 } from "../../bench-js/rng.mjs";

export type Painter = (ctx: CanvasRenderingContext2D) => void;

function asteroid(ctx: CanvasRenderingContext2D): void {
  const r = 14;
  const rand = mulberry32(7);
  const n = 13;
  // A lumpy rock whose bumps stay inside the collider circle, so the circle is a fair fit.
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const rr = r * (0.84 + 0.16 * rand());
    if (i === 0) ctx.moveTo(rr * Math.cos(a), rr * Math.sin(a));
    else ctx.lineTo(rr * Math.cos(a), rr * Math.sin(a));
  }
  ctx.closePath();
  const g = ctx.createRadialGradient(-4, -5, 2, 0, 0, r);
  g.addColorStop(0, "#a89c8e");
  g.addColorStop(1, "#5f564e");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "#463f39";
  ctx.stroke();
  const craters: readonly (readonly [number, number, number])[] = [
    [4, 3, 3.2],
    [-5, 4, 2.2],
    [2, -6, 1.8],
    [-3, -1, 1.4],
  ];
  for (const [x, y, cr] of craters) {
    ctx.beginPath();
    ctx.arc(x, y, cr, 0, Math.PI * 2);
    ctx.fillStyle = "#51493f";
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x - 0.5, y - 0.5, cr * 0.7, 0, Math.PI * 2);
    ctx.fillStyle = "#6c6257";
    ctx.fill();
  }
}

function crate(ctx: CanvasRenderingContext2D): void {
  const h = 10;
  ctx.fillStyle = "#b07a3c";
  ctx.fillRect(-h, -h, 2 * h, 2 * h);
  ctx.strokeStyle = "#6e4520";
  ctx.lineWidth = 2.4;
  ctx.strokeRect(-h + 1.2, -h + 1.2, 2 * h - 2.4, 2 * h - 2.4);
  // Planks and the diagonal brace that make it read as a crate even when small.
  ctx.lineWidth = 0.8;
  ctx.strokeStyle = "#8a5a2b";
  for (const y of [-3.5, 3.5]) {
    ctx.beginPath();
    ctx.moveTo(-h + 2.4, y);
    ctx.lineTo(h - 2.4, y);
    ctx.stroke();
  }
  ctx.lineWidth = 2.2;
  ctx.strokeStyle = "#6e4520";
  ctx.beginPath();
  ctx.moveTo(-h + 2, h - 2);
  ctx.lineTo(h - 2, -h + 2);
  ctx.stroke();
}

function coin(ctx: CanvasRenderingContext2D): void {
  const r = 7;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fillStyle = "#d9a520";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(0, 0, r - 1.6, 0, Math.PI * 2);
  ctx.fillStyle = "#f6cf45";
  ctx.fill();
  // An off-centre star so the spin is visible.
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? 3.4 : 1.4;
    if (i === 0) ctx.moveTo(rr * Math.cos(a), rr * Math.sin(a));
    else ctx.lineTo(rr * Math.cos(a), rr * Math.sin(a));
  }
  ctx.closePath();
  ctx.fillStyle = "#b8860b";
  ctx.fill();
}

function ship(ctx: CanvasRenderingContext2D): void {
  // Wings first, fuselage over them; the union's convex hull is SHIP_HULL.
  ctx.fillStyle = "#2f6fd0";
  for (const side of [1, -1]) {
    ctx.beginPath();
    ctx.moveTo(3, 2.5 * side);
    ctx.lineTo(-9, 11 * side);
    ctx.lineTo(-11, 8 * side);
    ctx.lineTo(-9, 3 * side);
    ctx.closePath();
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(SHIP_HULL[0] ?? 17, 0);
  ctx.lineTo(5, 4);
  ctx.lineTo(-13, 6);
  ctx.lineTo(-13, -6);
  ctx.lineTo(5, -4);
  ctx.closePath();
  ctx.fillStyle = "#c9d6e8";
  ctx.fill();
  ctx.lineWidth = 0.8;
  ctx.strokeStyle = "#5b6b82";
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(6, 0, 4, 2.1, 0, 0, Math.PI * 2);
  ctx.fillStyle = "#63d8f5";
  ctx.fill();
  // Engine nozzles, inside the hull's tail edge.
  ctx.fillStyle = "#f08c1e";
  ctx.fillRect(-13, -4.2, 2, 2.8);
  ctx.fillRect(-13, 1.4, 2, 2.8);
}

function pill(ctx: CanvasRenderingContext2D): void {
  const hl = 7;
  const r = 5.5;
  ctx.save();
  ctx.beginPath();
  ctx.arc(hl, 0, r, -Math.PI / 2, Math.PI / 2);
  ctx.arc(-hl, 0, r, Math.PI / 2, (3 * Math.PI) / 2);
  ctx.closePath();
  ctx.clip();
  ctx.fillStyle = "#1fa392";
  ctx.fillRect(-hl - r, -r, hl + r, 2 * r);
  ctx.fillStyle = "#eef1f4";
  ctx.fillRect(0, -r, hl + r, 2 * r);
  ctx.fillStyle = "rgba(255,255,255,0.45)";
  ctx.fillRect(-hl, -r + 1.3, 2 * hl, 1.6);
  ctx.restore();
  ctx.beginPath();
  ctx.arc(hl, 0, r - 0.4, -Math.PI / 2, Math.PI / 2);
  ctx.arc(-hl, 0, r - 0.4, Math.PI / 2, (3 * Math.PI) / 2);
  ctx.closePath();
  ctx.lineWidth = 0.8;
  ctx.strokeStyle = "#3d5a66";
  ctx.stroke();
}

function laser(ctx: CanvasRenderingContext2D): void {
  const h = 11;
  ctx.lineCap = "round";
  ctx.strokeStyle = "rgba(80, 255, 120, 0.45)";
  ctx.lineWidth = 3.4;
  ctx.beginPath();
  ctx.moveTo(-h + 1.7, 0);
  ctx.lineTo(h - 1.7, 0);
  ctx.stroke();
  ctx.strokeStyle = "#e9ffe9";
  ctx.lineWidth = 1.2;
  ctx.stroke();
}

/** Painters in the order of KINDS. */
export const PAINTERS: readonly Painter[] = [asteroid, crate, coin, ship, pill, laser];

/** A 16 x 16 brick tile for walls and platforms (used as a repeating pattern). */
export function brickTile(): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = 16;
  c.height = 16;
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  ctx.fillStyle = "#2b3140";
  ctx.fillRect(0, 0, 16, 16);
  ctx.fillStyle = "#56607a";
  ctx.fillRect(0, 1, 7, 6);
  ctx.fillRect(8, 1, 8, 6);
  ctx.fillStyle = "#4b546b";
  ctx.fillRect(0, 9, 3, 6);
  ctx.fillRect(4, 9, 8, 6);
  ctx.fillRect(13, 9, 3, 6);
  return c;
}

/** A diagonal hazard-stripe tile for the ramp and the bumper. */
export function stripeTile(): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = 12;
  c.height = 12;
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("2D canvas unavailable");
  ctx.fillStyle = "#8d97a8";
  ctx.fillRect(0, 0, 12, 12);
  ctx.strokeStyle = "#3b4252";
  ctx.lineWidth = 3;
  ctx.beginPath();
  for (let k = -12; k <= 24; k += 8) {
    ctx.moveTo(k, 0);
    ctx.lineTo(k - 12, 12);
  }
  ctx.stroke();
  return c;
}
