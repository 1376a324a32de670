/**
 * The play demo's bullets (www/play.html): circles of radius 2 fired at 50 units per frame, far more than the thin
 * wall's 2 units, all moved each frame by one `sweep` call, so that each stops at what it first touches, even the
 * 2-unit wall or the segment; bricks they hit are destroyed with `setTile`. Coins are sensors, which never stop a
 * sweep: the sweep's crossings (`sweepCrossings()`) give the coins each bullet passed on its way, and those are
 * collected, even one the bullet skipped over between two frames (touching it at neither).
 *
 * Reads the world and the level; knows nothing of the character but where a shot starts.
 */
import type { World } from "sepax";
import { BULLETS, ITEMS, WALLS, type Item, type Level } from "./play-level.ts";

export const BULLET_RADIUS = 2;
export const BULLET_SPEED = 50;
const BULLET_MAX_AGE = 600; // frames; none lives that long in a closed room
const SPARK_FRAMES = 30;
export const MISS = 0xffffffff;

interface Bullet {
  id: number;
  shot: number; // serial number, from 1
  x: number;
  y: number;
  dx: number;
  dy: number;
  prevX: number;
  prevY: number;
  sx: number; // where it was fired from
  sy: number;
  age: number;
}

/** Where a bullet stopped: `x, y` the contact point, `bx, by` the bullet's centre there. */
export interface Impact {
  shot: number;
  hitId: number;
  x: number;
  y: number;
  bx: number;
  by: number;
  nx: number;
  ny: number;
  sx: number;
  sy: number;
  frame: number;
  /** The grid cell hit (`MISS` for other shapes), and whether the bullet destroyed it (a brick). */
  cell: number;
  broke: boolean;
}

/** A coin a bullet collected: where the bullet was at the frame before (`from`) and after (`to`) it crossed it. */
export interface CoinShot {
  shot: number;
  coin: Item;
  /** Where along the bullet's motion of that frame it entered the coin (the sweep's fraction). */
  t: number;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  frame: number;
}

export class Bullets {
  readonly live: Bullet[] = [];
  readonly impacts: Impact[] = [];
  readonly coinShots: CoinShot[] = [];
  fired = 0;
  broken = 0;
  sweepMs = 0;
  // The buffers of the one sweep per frame (grown by doubling, reused).
  private sweepIds = new Uint32Array(64);
  private sweepDxy = new Float32Array(128);
  // sweep() takes arrays of exactly the batch's length: one view of the buffers per batch size, made once.
  private idsViews: Uint32Array[] = [];
  private dxyViews: Float32Array[] = [];
  /** Cells hit by bullets this frame, destroyed once every sweep result is read. */
  private readonly pendingBreaks: number[] = [];
  /** The sweep's crossings of this frame (item, sensor, t), copied out before any coin is removed. */
  private crossItems = new Uint32Array(64);
  private crossIds = new Uint32Array(64);
  private crossTs = new Float32Array(64);
  /** The last motion of removed bullets, drawn fading like the sparks. */
  private readonly trails: { x1: number; y1: number; x2: number; y2: number; frame: number }[] = [];

  constructor(
    private readonly world: World,
    private readonly level: Level,
    /** Takes coin `id` if it is one still there (returns it), for the score. */
    private readonly takeCoin: (id: number) => Item | undefined,
  ) {}

  /** One bullet from `(x, y)` towards `(tx, ty)`. */
  fire(x: number, y: number, tx: number, ty: number): void {
    let dx = tx - x;
    let dy = ty - y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-3) return;
    dx = (dx / len) * BULLET_SPEED;
    dy = (dy / len) * BULLET_SPEED;
    // Meets the walls; crosses the coins (sensors) without stopping, for sweepCrossings.
    const id = this.world.addCircle(x, y, BULLET_RADIUS, { layer: BULLETS, mask: WALLS | ITEMS });
    this.fired++;
    this.live.push({ id, shot: this.fired, x, y, dx, dy, prevX: x, prevY: y, sx: x, sy: y, age: 0 });
  }

  /** Sweeps every live bullet by its motion in one call; a bullet that hits stops there and is removed. */
  update(frame: number): void {
    const n = this.live.length;
    if (n === 0) return;
    if (this.sweepIds.length < n) {
      let cap = this.sweepIds.length;
      while (cap < n) cap *= 2;
      this.sweepIds = new Uint32Array(cap);
      this.sweepDxy = new Float32Array(2 * cap);
      this.idsViews = [];
      this.dxyViews = [];
    }
    const ids = (this.idsViews[n] ??= this.sweepIds.subarray(0, n));
    const dxy = (this.dxyViews[n] ??= this.sweepDxy.subarray(0, 2 * n));
    for (let i = 0; i < n; i++) {
      const b = this.live[i]!;
      this.sweepIds[i] = b.id;
      this.sweepDxy[2 * i] = b.dx;
      this.sweepDxy[2 * i + 1] = b.dy;
    }
    const t0 = performance.now();
    const count = this.world.sweep(ids, dxy);
    this.sweepMs = performance.now() - t0;
    const res = this.world.sweepResults();
    // Read every result before calling the world again (the views are valid until then). Objects are made per
    // hit only: a frame without hits makes no garbage here.
    for (let i = 0; i < count; i++) {
      const b = this.live[i]!;
      b.prevX = b.x;
      b.prevY = b.y;
      b.age++;
      const hitId = res.ids[i]!;
      if (hitId === MISS) {
        b.x += b.dx;
        b.y += b.dy;
        continue;
      }
      const t = res.t[i]!;
      b.x += t * b.dx;
      b.y += t * b.dy;
      b.age = -1; // marks it for removal
      const cell = res.cells[i]!;
      const grid = this.level.grid;
      const broke = hitId === grid.id && cell !== MISS && grid.breakable.includes(grid.cells[cell]!);
      if (broke) {
        // The sweep results stay valid until the world is called again: read the rest of this hit first.
        this.pendingBreaks.push(cell);
      }
      this.impacts.push({
        cell,
        broke,
        shot: b.shot,
        hitId,
        x: res.points[2 * i]!,
        y: res.points[2 * i + 1]!,
        bx: b.x,
        by: b.y,
        nx: res.normals[2 * i]!,
        ny: res.normals[2 * i + 1]!,
        sx: b.sx,
        sy: b.sy,
        frame,
      });
    }
    const crossed = this.copyCrossings();
    for (let k = 0; k < crossed; k++) {
      const coin = this.takeCoin(this.crossIds[k]!);
      if (coin === undefined) continue; // a spike, or a coin another bullet took first
      const b = this.live[this.crossItems[k]!]!;
      this.coinShots.push({
        shot: b.shot,
        coin,
        t: this.crossTs[k]!,
        fromX: b.prevX,
        fromY: b.prevY,
        toX: b.x,
        toY: b.y,
        frame,
      });
    }
    for (const cell of this.pendingBreaks) this.breakTile(cell);
    this.pendingBreaks.length = 0;
    if (this.impacts.length > 2000) this.impacts.splice(0, this.impacts.length - 2000);
    let kept = 0;
    for (const b of this.live) {
      if (b.age < 0 || b.age > BULLET_MAX_AGE) {
        this.world.remove(b.id);
        this.trails.push({ x1: b.prevX, y1: b.prevY, x2: b.x, y2: b.y, frame });
      } else {
        this.world.setTransform(b.id, b.x, b.y, 0);
        this.live[kept++] = b;
      }
    }
    this.live.length = kept;
  }

  /** Copies the last sweep's crossings out of the world's views (coins are removed after); returns their count. */
  private copyCrossings(): number {
    const c = this.world.sweepCrossings();
    const n = c.ids.length;
    if (this.crossIds.length < n) {
      let cap = this.crossIds.length;
      while (cap < n) cap *= 2;
      this.crossItems = new Uint32Array(cap);
      this.crossIds = new Uint32Array(cap);
      this.crossTs = new Float32Array(cap);
    }
    this.crossItems.set(c.items);
    this.crossIds.set(c.ids);
    this.crossTs.set(c.t);
    return n;
  }

  /** Destroys a brick: the world's cell and the drawn one. */
  private breakTile(cell: number): void {
    const grid = this.level.grid;
    if (grid.cells[cell] === 0) return; // two bullets at one brick in one frame
    this.world.setTile(grid.id, cell % grid.cols, Math.floor(cell / grid.cols), 0);
    grid.cells[cell] = 0;
    this.broken++;
  }

  /** This frame's motion of each live bullet and the last motion of those that stopped; the bullets; the sparks. */
  draw(ctx: CanvasRenderingContext2D, frame: number): void {
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "rgba(255,210,120,0.55)";
    ctx.beginPath();
    for (const b of this.live) {
      ctx.moveTo(b.prevX, b.prevY);
      ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
    let kept = 0;
    for (const tr of this.trails) {
      const age = frame - tr.frame;
      if (age > SPARK_FRAMES) continue;
      this.trails[kept++] = tr;
      ctx.strokeStyle = `rgba(255,210,120,${(0.55 * (1 - age / SPARK_FRAMES)).toFixed(3)})`;
      ctx.beginPath();
      ctx.moveTo(tr.x1, tr.y1);
      ctx.lineTo(tr.x2, tr.y2);
      ctx.stroke();
    }
    this.trails.length = kept;
    ctx.fillStyle = "#ffe7a3";
    for (const b of this.live) {
      ctx.beginPath();
      ctx.arc(b.x, b.y, BULLET_RADIUS + 0.5, 0, 2 * Math.PI);
      ctx.fill();
    }

    // Impacts: a spark along the surface normal, fading; a small dot stays where it hit.
    for (let i = this.impacts.length - 1; i >= 0; i--) {
      const m = this.impacts[i]!;
      const age = frame - m.frame;
      if (age > 600) break;
      ctx.fillStyle = "rgba(255,120,80,0.7)";
      ctx.fillRect(m.x - 1.5, m.y - 1.5, 3, 3);
      if (age > SPARK_FRAMES) continue;
      const k = 1 - age / SPARK_FRAMES;
      const len = 6 + 10 * k;
      ctx.strokeStyle = `rgba(255,160,60,${k.toFixed(3)})`;
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (const a of [-0.6, 0, 0.6]) {
        const c = Math.cos(a);
        const sn = Math.sin(a);
        ctx.moveTo(m.x, m.y);
        ctx.lineTo(m.x + (m.nx * c - m.ny * sn) * len, m.y + (m.nx * sn + m.ny * c) * len);
      }
      ctx.stroke();
      ctx.fillStyle = `rgba(255,240,200,${k.toFixed(3)})`;
      ctx.beginPath();
      ctx.arc(m.x, m.y, 2 + 3 * k, 0, 2 * Math.PI);
      ctx.fill();
    }
    // A ring where a bullet took a coin, fading.
    for (let i = this.coinShots.length - 1; i >= 0; i--) {
      const s = this.coinShots[i]!;
      const age = frame - s.frame;
      if (age > SPARK_FRAMES) break;
      ctx.strokeStyle = `rgba(255,211,77,${(1 - age / SPARK_FRAMES).toFixed(3)})`;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(s.coin.x, s.coin.y, s.coin.hw + age * 0.6, 0, 2 * Math.PI);
      ctx.stroke();
    }
  }
}
