/**
 * The play demo (www/play.html): a level loaded from a Tiled map (www/level.tmj, see play-level.ts) with a character
 * driven by the keyboard and moved with `moveAndSlide` over its tile grid (a floor of adjacent tiles, a ramp of slope
 * tiles, one-way planks), riding a moving platform (a box moved with `setTransform`: the character adds the platform's
 * motion while standing on it), collecting coins and hurt by spikes (found with `queryShape` each frame); bullets fired
 * with the mouse at 50 units per frame, all swept each frame with one `sweep` call, so that each stops at what it
 * hits, even the 2-unit wall or the segment, and bricks they hit are destroyed with `setTile`.
 *
 * One simulation step per animation frame (speeds are in units per frame). `window.__play` is a debug handle for
 * tests/browser/play.test.mjs.
 */
import init, { World, wasmBuild } from "sepax";
import { BULLETS, CHARACTER, ITEMS, ROOM_H, ROOM_W, WALLS, buildLevel, type Level } from "./play-level.ts";

// Character: a vertical capsule (20 wide, 40 tall).
const HALF_LENGTH = 10;
const RADIUS = 10;
const HALF_HEIGHT = HALF_LENGTH + RADIUS;
const RUN = 4; // units per frame
const GRAVITY = 0.5; // units per frame²
const JUMP = 11.5; // take-off speed: about 130 units high
const MAX_FALL = 14;
const JUMP_BUFFER = 6; // frames: a jump pressed just before landing still happens
const STICK = 4; // pressed into the ground while grounded (along its normal): follows the ramp down, stays grounded

// Bullets: circles of radius 2, 50 units per frame, far more than the thin wall's 2 units.
const BULLET_RADIUS = 2;
const BULLET_SPEED = 50;
const BULLET_MAX_AGE = 600; // frames; none lives that long in a closed room
const AUTO_FIRE_EVERY = 6; // frames between shots while the button is held
const SPARK_FRAMES = 30;
const MISS = 0xffffffff;

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
interface Impact {
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

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`#${id} missing from play.html`);
  return el;
}

class Play {
  readonly world = new World();
  readonly level: Level;
  readonly charId: number;
  private readonly canvas = byId("stage", HTMLCanvasElement);
  private readonly ctx: CanvasRenderingContext2D;
  private readonly readout = {
    frame: byId("ro-frame", HTMLElement),
    pos: byId("ro-pos", HTMLElement),
    grounded: byId("ro-grounded", HTMLElement),
    bullets: byId("ro-bullets", HTMLElement),
    fired: byId("ro-fired", HTMLElement),
    impacts: byId("ro-impacts", HTMLElement),
    sweep: byId("ro-sweep", HTMLElement),
    coins: byId("ro-coins", HTMLElement),
    hurts: byId("ro-hurts", HTMLElement),
    broken: byId("ro-broken", HTMLElement),
  };

  frame = 0;
  // Character state.
  x: number;
  y: number;
  vx = 0;
  vy = 0;
  grounded = false;
  /** What the character stands on (MISS when airborne). */
  groundId = MISS;
  private groundNx = 0;
  private groundNy = -1;
  coins = 0;
  hurts = 0;
  broken = 0;
  /** The moving platform's position and its motion this frame. */
  moverX: number;
  moverDx = 0;
  private moverDir = 1;

  // Input.
  private readonly keys = new Set<string>();
  private mouseX = ROOM_W / 2;
  private mouseY = ROOM_H / 2;
  private mouseDown = false;
  private nextAutoFire = 0;
  private jumpAsked = -1e9; // the frame of the last jump key press: a jump is buffered for JUMP_BUFFER frames

  // Bullets, and the buffers of the one sweep per frame (grown by doubling, reused).
  readonly bullets: Bullet[] = [];
  readonly impacts: Impact[] = [];
  fired = 0;
  private sweepIds = new Uint32Array(64);
  private sweepDxy = new Float32Array(128);
  // sweep() takes arrays of exactly the batch's length: one view of the buffers per batch size, made once.
  private idsViews: Uint32Array[] = [];
  private dxyViews: Float32Array[] = [];
  private sweepMs = 0;
  /** Cells hit by bullets this frame, destroyed once every sweep result is read. */
  private readonly pendingBreaks: number[] = [];
  /** The last motion of removed bullets, drawn fading like the sparks. */
  private readonly trails: { x1: number; y1: number; x2: number; y2: number; frame: number }[] = [];

  constructor(map: unknown, source: string) {
    const ctx = this.canvas.getContext("2d");
    if (ctx === null) throw new Error("no 2D canvas context");
    this.ctx = ctx;
    this.level = buildLevel(this.world, map, source);
    this.x = this.level.spawn.x;
    this.y = this.level.spawn.y;
    this.moverX = this.level.mover.x;
    this.charId = this.world.addCapsule(this.x, this.y, HALF_LENGTH, RADIUS, Math.PI / 2, {
      layer: CHARACTER,
      mask: WALLS,
    });
    this.world.step(); // moveAndSlide and sweep see the other shapes as the last step() saw them
    this.resize();
    this.listen();
  }

  private resize(): void {
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(ROOM_W * dpr);
    this.canvas.height = Math.round(ROOM_H * dpr);
  }

  /** World coordinates of a client (CSS pixel) position. */
  private toWorld(clientX: number, clientY: number): [number, number] {
    const r = this.canvas.getBoundingClientRect();
    return [((clientX - r.left) * ROOM_W) / r.width, ((clientY - r.top) * ROOM_H) / r.height];
  }

  /** Client (CSS pixel) coordinates of a world position. */
  toClient(x: number, y: number): { x: number; y: number } {
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + (x * r.width) / ROOM_W, y: r.top + (y * r.height) / ROOM_H };
  }

  private listen(): void {
    const gameKeys = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "KeyA", "KeyD", "KeyW", "Space"]);
    window.addEventListener("keydown", (e) => {
      if (!gameKeys.has(e.code)) return;
      e.preventDefault();
      this.keys.add(e.code);
      // One jump per press (holding the key does not bounce), taken at the next grounded frame.
      if (!e.repeat && (e.code === "ArrowUp" || e.code === "KeyW" || e.code === "Space")) this.jumpAsked = this.frame;
    });
    window.addEventListener("keyup", (e) => this.keys.delete(e.code));
    window.addEventListener("blur", () => {
      this.keys.clear();
      this.mouseDown = false;
    });
    this.canvas.addEventListener("pointermove", (e) => {
      [this.mouseX, this.mouseY] = this.toWorld(e.clientX, e.clientY);
    });
    this.canvas.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      [this.mouseX, this.mouseY] = this.toWorld(e.clientX, e.clientY);
      this.mouseDown = true;
      this.fire();
      this.nextAutoFire = this.frame + AUTO_FIRE_EVERY;
    });
    window.addEventListener("pointerup", () => (this.mouseDown = false));
    window.addEventListener("resize", () => this.resize());
  }

  start(): void {
    const tick = (): void => {
      this.update();
      this.draw();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  update(): void {
    this.moveCharacter();
    this.touchItems();
    if (this.mouseDown && this.frame >= this.nextAutoFire) {
      this.fire();
      this.nextAutoFire = this.frame + AUTO_FIRE_EVERY;
    }
    this.moveBullets();
    this.movePlatform();
    this.world.step();
    this.frame++;
    if (this.frame % 6 === 0) this.showReadout();
  }

  private held(a: string, b: string): boolean {
    return this.keys.has(a) || this.keys.has(b);
  }

  /** Run, jump, gravity; one moveAndSlide per frame. */
  private moveCharacter(): void {
    const run = (this.held("ArrowRight", "KeyD") ? 1 : 0) - (this.held("ArrowLeft", "KeyA") ? 1 : 0);
    const jump = this.frame - this.jumpAsked <= JUMP_BUFFER;
    this.vx = run * RUN;
    let dx: number;
    let dy: number;
    if (this.grounded && jump) {
      this.jumpAsked = -1e9;
      this.vy = -JUMP;
      dx = this.vx;
      dy = this.vy;
    } else if (this.grounded) {
      // Pressed into the ground along its normal (not straight down): no creeping down the ramp when standing.
      this.vy = 0;
      dx = this.vx - this.groundNx * STICK;
      dy = -this.groundNy * STICK;
    } else {
      this.vy = Math.min(this.vy + GRAVITY, MAX_FALL);
      dx = this.vx;
      dy = this.vy;
    }
    // Riding the moving platform: its motion this frame is added to the character's (the platform is moved after
    // the character, and both are seen at their new places from the next step on).
    if (this.grounded && this.groundId === this.level.mover.id) dx += this.moverDx;
    const r = this.world.moveAndSlide(this.charId, dx, dy);
    this.x = r.x;
    this.y = r.y;
    this.grounded = r.grounded;
    // The most upward-facing contact is the ground; a ceiling stops a jump.
    const c = r.contacts;
    let bestNy = 0;
    this.groundId = MISS;
    for (let i = 0; i < c.length; i += 3) {
      const nx = c[i + 1]!;
      const ny = c[i + 2]!;
      if (ny < bestNy) {
        bestNy = ny;
        this.groundNx = nx;
        this.groundNy = ny;
        this.groundId = c[i]!;
      }
      if (ny > 0.5 && this.vy < 0) this.vy = 0;
    }
    if (!this.grounded) {
      this.groundNx = 0;
      this.groundNy = -1;
      this.groundId = MISS;
    }
  }

  /** Coins and spikes the character overlaps, found with one query: a coin is taken, a spike sends it back. */
  private touchItems(): void {
    const shape = { kind: "capsule", halfLength: HALF_LENGTH, radius: RADIUS } as const;
    const touched = this.world.queryShape(shape, this.x, this.y, Math.PI / 2, ITEMS);
    for (const id of touched) {
      const item = this.level.items.find((it) => it.id === id);
      if (item === undefined) continue;
      if (item.kind === "coin") {
        this.world.remove(id);
        this.level.items.splice(this.level.items.indexOf(item), 1);
        this.coins++;
      } else {
        this.hurts++;
        this.respawn();
        return;
      }
    }
  }

  /** Back to the spawn point, at rest. */
  respawn(): void {
    this.x = this.level.spawn.x;
    this.y = this.level.spawn.y;
    this.vx = 0;
    this.vy = 0;
    this.grounded = false;
    this.groundId = MISS;
    this.world.setTransform(this.charId, this.x, this.y, Math.PI / 2);
  }

  /** The moving platform goes back and forth along its travel at its speed, moved with setTransform. */
  private movePlatform(): void {
    const m = this.level.mover;
    let x = this.moverX + this.moverDir * m.speed;
    if (x > m.fromX + m.travel || x < m.fromX) {
      this.moverDir = -this.moverDir;
      x = this.moverX + this.moverDir * m.speed;
    }
    this.moverDx = x - this.moverX;
    this.moverX = x;
    this.world.setTransform(m.id, x, m.y, 0);
  }

  /** One bullet from the character towards the cursor. */
  private fire(): void {
    let dx = this.mouseX - this.x;
    let dy = this.mouseY - this.y;
    const len = Math.hypot(dx, dy);
    if (len < 1e-3) return;
    dx = (dx / len) * BULLET_SPEED;
    dy = (dy / len) * BULLET_SPEED;
    const id = this.world.addCircle(this.x, this.y, BULLET_RADIUS, { layer: BULLETS, mask: WALLS });
    this.fired++;
    const [x, y] = [this.x, this.y];
    this.bullets.push({ id, shot: this.fired, x, y, dx, dy, prevX: x, prevY: y, sx: x, sy: y, age: 0 });
  }

  /** Sweeps every live bullet by its motion in one call; a bullet that hits stops there and is removed. */
  private moveBullets(): void {
    const n = this.bullets.length;
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
      const b = this.bullets[i]!;
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
      const b = this.bullets[i]!;
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
        frame: this.frame,
      });
    }
    for (const cell of this.pendingBreaks) this.breakTile(cell);
    this.pendingBreaks.length = 0;
    if (this.impacts.length > 2000) this.impacts.splice(0, this.impacts.length - 2000);
    let kept = 0;
    for (const b of this.bullets) {
      if (b.age < 0 || b.age > BULLET_MAX_AGE) {
        this.world.remove(b.id);
        this.trails.push({ x1: b.prevX, y1: b.prevY, x2: b.x, y2: b.y, frame: this.frame });
      } else {
        this.world.setTransform(b.id, b.x, b.y, 0);
        this.bullets[kept++] = b;
      }
    }
    this.bullets.length = kept;
  }

  /** Destroys a brick: the world's cell and the drawn one. */
  private breakTile(cell: number): void {
    const grid = this.level.grid;
    if (grid.cells[cell] === 0) return; // two bullets at one brick in one frame
    this.world.setTile(grid.id, cell % grid.cols, Math.floor(cell / grid.cols), 0);
    grid.cells[cell] = 0;
    this.broken++;
  }

  private showReadout(): void {
    const r = this.readout;
    r.frame.textContent = String(this.frame);
    r.pos.textContent = `${this.x.toFixed(1)}, ${this.y.toFixed(1)}`;
    r.grounded.textContent = this.grounded ? "yes" : "no";
    r.bullets.textContent = String(this.bullets.length);
    r.fired.textContent = String(this.fired);
    r.impacts.textContent = String(this.impacts.length);
    r.sweep.textContent = this.sweepMs.toFixed(3);
    r.coins.textContent = `${this.coins} / ${this.coins + this.level.items.filter((it) => it.kind === "coin").length}`;
    r.hurts.textContent = String(this.hurts);
    r.broken.textContent = String(this.broken);
  }

  // ---- Drawing -------------------------------------------------------------------------------------------------

  draw(): void {
    const ctx = this.ctx;
    const s = this.canvas.width / ROOM_W;
    ctx.setTransform(s, 0, 0, s, 0, 0);
    ctx.fillStyle = "#0e1320";
    ctx.fillRect(0, 0, ROOM_W, ROOM_H);
    this.drawLevel();

    // Aim line.
    ctx.strokeStyle = "rgba(255,255,255,0.12)";
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 6]);
    ctx.beginPath();
    ctx.moveTo(this.x, this.y);
    ctx.lineTo(this.mouseX, this.mouseY);
    ctx.stroke();
    ctx.setLineDash([]);

    // Character.
    ctx.fillStyle = this.grounded ? "#5ee08a" : "#f7d154";
    ctx.beginPath();
    ctx.roundRect(this.x - RADIUS, this.y - HALF_HEIGHT, 2 * RADIUS, 2 * HALF_HEIGHT, RADIUS);
    ctx.fill();
    ctx.fillStyle = "#0e1320";
    const face = this.mouseX >= this.x ? 1 : -1;
    ctx.fillRect(this.x + face * 4 - 1.5, this.y - 10, 3, 3);

    // Bullet paths: this frame's motion of each live bullet, and the last motion of those that stopped.
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = "rgba(255,210,120,0.55)";
    ctx.beginPath();
    for (const b of this.bullets) {
      ctx.moveTo(b.prevX, b.prevY);
      ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
    let kept = 0;
    for (const tr of this.trails) {
      const age = this.frame - tr.frame;
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
    for (const b of this.bullets) {
      ctx.beginPath();
      ctx.arc(b.x, b.y, BULLET_RADIUS + 0.5, 0, 2 * Math.PI);
      ctx.fill();
    }

    // Impacts: a spark along the surface normal, fading; a small dot stays where it hit.
    for (let i = this.impacts.length - 1; i >= 0; i--) {
      const m = this.impacts[i]!;
      const age = this.frame - m.frame;
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
  }

  /** The tile grid cell by cell (each value's outline from the map's tile table), the walls, platform and items. */
  private drawLevel(): void {
    const ctx = this.ctx;
    const { grid, thinWall, segmentWall, mover, items } = this.level;
    const w = grid.cell;
    for (let row = 0; row < grid.rows; row++) {
      for (let col = 0; col < grid.cols; col++) {
        const value = grid.cells[row * grid.cols + col]!;
        if (value === 0) continue;
        const def = grid.tiles[value] ?? "solid";
        if (def === "empty") continue;
        const x = col * w;
        const y = row * w;
        const brick = grid.breakable.includes(value);
        if (def === "solid" || def.points === undefined) {
          ctx.fillStyle = brick ? "#8a4b3c" : (col + row) % 2 === 0 ? "#3a4a6b" : "#33425f";
          ctx.fillRect(x, y, w, w);
          if (brick) {
            ctx.strokeStyle = "#b8705a";
            ctx.lineWidth = 1;
            ctx.strokeRect(x + 0.5, y + 0.5, w - 1, w - 1);
          }
          continue;
        }
        const pts = def.points;
        ctx.fillStyle = def.oneWay !== undefined ? "#6fb3d2" : "#2f4d5c";
        ctx.beginPath();
        ctx.moveTo(x + pts[0]!, y + pts[1]!);
        for (let k = 2; k < pts.length; k += 2) ctx.lineTo(x + pts[k]!, y + pts[k + 1]!);
        ctx.closePath();
        ctx.fill();
      }
    }
    ctx.fillStyle = "#ff9f43";
    ctx.fillRect(thinWall.left, thinWall.top, thinWall.right - thinWall.left, thinWall.bottom - thinWall.top);
    ctx.strokeStyle = "#ff9f43";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(segmentWall.x1, segmentWall.y1);
    ctx.lineTo(segmentWall.x2, segmentWall.y2);
    ctx.stroke();
    ctx.fillStyle = "#9b7fe0";
    ctx.fillRect(this.moverX - mover.hw, mover.y - mover.hh, 2 * mover.hw, 2 * mover.hh);
    for (const it of items) {
      if (it.kind === "coin") {
        ctx.fillStyle = "#ffd34d";
        ctx.beginPath();
        ctx.arc(it.x, it.y, it.hw, 0, 2 * Math.PI);
        ctx.fill();
      } else {
        ctx.fillStyle = "#e05252";
        ctx.beginPath();
        for (let x = it.x - it.hw; x < it.x + it.hw - 1; x += 10) {
          ctx.moveTo(x, it.y + it.hh);
          ctx.lineTo(x + 5, it.y - it.hh);
          ctx.lineTo(x + 10, it.y + it.hh);
        }
        ctx.fill();
      }
    }
  }
}

declare global {
  interface Window {
    __play?: unknown;
  }
}

/** The level's map, next to the page. */
const LEVEL_URL = "level.tmj";

async function main(): Promise<void> {
  const error = byId("error", HTMLElement);
  try {
    const [map] = await Promise.all([fetch(LEVEL_URL).then((r) => r.json() as Promise<unknown>), init()]);
    byId("ro-build", HTMLElement).textContent = wasmBuild() ?? "?";
    const play = new Play(map, LEVEL_URL);
    window.__play = {
      world: play.world,
      level: play.level,
      characterId: play.charId,
      frame: () => play.frame,
      character: () => ({
        x: play.x,
        y: play.y,
        vx: play.vx,
        vy: play.vy,
        grounded: play.grounded,
        groundId: play.groundId,
      }),
      bullets: () => play.bullets.map((b) => ({ id: b.id, shot: b.shot, x: b.x, y: b.y, dx: b.dx, dy: b.dy })),
      impacts: () => play.impacts.map((m) => ({ ...m })),
      fired: () => play.fired,
      score: () => ({ coins: play.coins, hurts: play.hurts, broken: play.broken }),
      mover: () => ({ x: play.moverX, dx: play.moverDx }),
      /** Puts the character at (x, y), at rest (tests start a scene there). */
      place: (x: number, y: number) => {
        play.respawn();
        play.x = x;
        play.y = y;
        play.world.setTransform(play.charId, x, y, Math.PI / 2);
      },
      toClient: (x: number, y: number) => play.toClient(x, y),
      constants: { HALF_HEIGHT, RADIUS, RUN, BULLET_SPEED, BULLET_RADIUS, FLOOR_Y: play.level.floorTop },
    };
    play.start();
  } catch (e) {
    error.hidden = false;
    error.textContent = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    throw e;
  }
}

void main();
