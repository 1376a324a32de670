/**
 * The play demo's crowd (www/play.html): small flying circles shut in the pen high on the left of the level, each
 * flying toward the point of the pen nearest the character, moved with `moveAndSlide` against the walls alone. Left
 * to that, they all end on that one point, stacked. One `world.separate(ids)` call per frame, after the step, pushes
 * the step's overlapping pairs apart instead: the crowd gathers in a round cluster. Only the crowd's ids are passed,
 * so nothing else moves: the walls and the character (left out of `ids`) take no push, and one pushed into a wall is
 * put back out by its next `moveAndSlide` (`separate` skips tile grids' pairs). The cluster hovers clear of the walls.
 *
 * Each slows down near the point ("arrive", one of Craig Reynolds' steering behaviours), to a fiftieth of the distance
 * left per frame: flying in at full speed, the outer ones would press the cluster together harder than a few sweeps of
 * `separate` a frame undo. And `separate` pushes only the pairs the step found: a circle pushed into a neighbour it
 * did not touch at the step is seen there at the next step only, so a cluster pressed hard can flip between two
 * arrangements frame after frame, overlapping by about what the outer ones fly in per frame.
 */
import type { World } from "sepax";
import { mulberry32 } from "../../bench-js/rng.mjs";
import { CHARACTER, ENEMIES, WALLS, type Level } from "./play-level.ts";

/** The speed near the point: this fraction of the distance left, per frame. */
const ARRIVE = 0.02;
const MOVE = { mask: WALLS } as const;

export class Crowd {
  readonly ids: Uint32Array;
  readonly radius: number;
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  private readonly speeds: Float64Array;
  /** `separate` runs each frame (the test turns it off to see the crowd stack without it). */
  separating = true;
  /** Shapes `separate` moved this frame, and its time. */
  moved = 0;
  separateMs = 0;
  /** The deepest overlap of two of the crowd after this frame's `separate` (0: none overlaps). */
  deepest = 0;

  constructor(
    private readonly world: World,
    private readonly pen: Level["crowd"],
  ) {
    const n = pen.count;
    const r = pen.radius;
    this.radius = r;
    this.ids = new Uint32Array(n);
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    this.speeds = new Float64Array(n);
    const rand = mulberry32(30);
    for (let i = 0; i < n; i++) {
      // Evenly along the floor, each its own speed, from 0.6 to 1.4 times the pen's.
      const x = pen.left + r + ((pen.right - pen.left - 2 * r) * (i + 0.5)) / n;
      const y = pen.bottom - r - 0.5;
      this.xs[i] = x;
      this.ys[i] = y;
      this.speeds[i] = pen.speed * (0.6 + 0.8 * rand());
      this.ids[i] = world.addCircle(x, y, r, { layer: ENEMIES, mask: WALLS | ENEMIES | CHARACTER });
    }
  }

  /** Each one flies toward the point of the pen nearest `(x, y)`; before the step. */
  fly(x: number, y: number): void {
    // The point is kept off the walls by about the cluster's radius: a cluster pressed on a wall would be pushed into
    // it by `separate`, which does not see tile grids (the next move puts it back).
    const inset = 2 * this.radius * Math.sqrt(this.ids.length);
    const pen = this.pen;
    const tx = Math.min(Math.max(x, pen.left + inset), pen.right - inset);
    const ty = Math.min(Math.max(y, pen.top + inset), pen.bottom - inset);
    for (let i = 0; i < this.ids.length; i++) {
      const dx = tx - this.xs[i]!;
      const dy = ty - this.ys[i]!;
      const len = Math.hypot(dx, dy);
      if (len < 1e-6) continue;
      const v = Math.min(this.speeds[i]!, ARRIVE * len) / len;
      const m = this.world.moveAndSlide(this.ids[i]!, dx * v, dy * v, MOVE);
      this.xs[i] = m.x;
      this.ys[i] = m.y;
    }
  }

  /** One `separate` over the crowd, from the step just made; then measures what overlap is left. */
  separate(): void {
    this.moved = 0;
    if (this.separating) {
      const t0 = performance.now();
      this.moved = this.world.separate(this.ids);
      this.separateMs = performance.now() - t0;
      const { xs, ys } = this.world.transforms();
      for (let i = 0; i < this.ids.length; i++) {
        const id = this.ids[i]!;
        this.xs[i] = xs[id]!;
        this.ys[i] = ys[id]!;
      }
    }
    this.deepest = this.deepestOverlap();
  }

  /** The deepest overlap of two circles of the crowd: all pairs, a few hundred for a crowd of 20. */
  deepestOverlap(): number {
    const reach = 2 * this.radius;
    let deepest = 0;
    for (let i = 0; i < this.ids.length; i++) {
      for (let j = i + 1; j < this.ids.length; j++) {
        const d = reach - Math.hypot(this.xs[j]! - this.xs[i]!, this.ys[j]! - this.ys[i]!);
        if (d > deepest) deepest = d;
      }
    }
    return deepest;
  }

  /** Each as a round body with two eyes turned toward `(lookX, lookY)`. */
  draw(ctx: CanvasRenderingContext2D, lookX: number, lookY: number): void {
    const r = this.radius;
    for (let i = 0; i < this.ids.length; i++) {
      const x = this.xs[i]!;
      const y = this.ys[i]!;
      ctx.fillStyle = i % 2 === 0 ? "#e86bb0" : "#d0559b";
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
      const len = Math.hypot(lookX - x, lookY - y) || 1;
      const ex = ((lookX - x) / len) * r * 0.35;
      const ey = ((lookY - y) / len) * r * 0.35;
      ctx.fillStyle = "#fff";
      ctx.beginPath();
      ctx.arc(x - r * 0.38 + ex, y - r * 0.2 + ey, r * 0.28, 0, 2 * Math.PI);
      ctx.moveTo(x + r * 0.66 + ex, y - r * 0.2 + ey);
      ctx.arc(x + r * 0.38 + ex, y - r * 0.2 + ey, r * 0.28, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}
