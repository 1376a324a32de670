/**
 * The play demo (www/play.html): a level loaded from a Tiled map (www/level.tmj, see play-level.ts) with a character
 * driven by the keyboard and moved with `moveAndSlide` over its tile grid: a floor of adjacent tiles, a ramp of slope
 * tiles whose crest it walks over and stays grounded (`snapDistance`), a staircase it walks up and down without
 * jumping (`maxStepHeight`, `snapDistance`), one-way planks; riding a moving platform (a box moved with
 * `setTransform`: the character adds the platform's motion while standing on it). Coins and spikes are sensors: the
 * move reports those its path crossed (`crossings`), and coins are taken, spikes send it back. The water pool is a
 * layer of its own that the move crosses (`crossMask`) and reports: in water the character swims (slower, sinking
 * slowly, a stroke at each jump key press), and the entries are counted. Bullets fired with the mouse fly at 50 units
 * per frame and are all swept each frame with one `sweep` call (play-bullets.ts), which stops each at what it hits
 * and reports the coins it crossed on its way, even one skipped between two frames (`sweepCrossings`). A crowd shut
 * in the pen high on the left flies toward the character, kept from stacking by one `separate` call a frame
 * (play-crowd.ts).
 *
 * One simulation step per animation frame (speeds are in units per frame). `window.__play` is a debug handle for
 * tests/browser/play.test.mjs.
 */
import init, { World, wasmBuild, type MoveOptions } from "sepax";
import { Bullets, BULLET_RADIUS, BULLET_SPEED, MISS } from "./play-bullets.ts";
import { Crowd } from "./play-crowd.ts";
import {
  CHARACTER,
  ENEMIES,
  ITEMS,
  ROOM_H,
  ROOM_W,
  WALLS,
  WATER,
  buildLevel,
  type Item,
  type Level,
} from "./play-level.ts";

// Character: a vertical capsule (20 wide, 40 tall).
const HALF_LENGTH = 10;
const RADIUS = 10;
const HALF_HEIGHT = HALF_LENGTH + RADIUS;
const RUN = 4; // units per frame
const GRAVITY = 0.5; // units per frame²
const JUMP = 11.5; // take-off speed: about 130 units high
const MAX_FALL = 14;
const JUMP_BUFFER = 6; // frames: a jump pressed just before landing still happens
// In water: slower, sinking slowly; each jump press is a stroke at the take-off speed, to swim up and out.
const SWIM_RUN = 2.5;
const WATER_GRAVITY = 0.25;
const MAX_SINK = 2;
const WATER_DRAG = 0.8; // a fall entering the water slows by this each frame down to MAX_SINK
// The stairs' steps are 10 high: climbed up to 12, and snapped down to 12 (more than the ramp's 2 per frame).
const STEP_HEIGHT = 12;
const SNAP = 12;
/** The character's moves: meets walls, crosses sensors (coins, spikes) and water, never meets the crowd. */
const MOVE: MoveOptions = {
  maxStepHeight: STEP_HEIGHT,
  snapDistance: SNAP,
  stopOnSlope: true,
  mask: WALLS | ITEMS | WATER,
  crossMask: WATER,
};
const AUTO_FIRE_EVERY = 6; // frames between shots while the button is held

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
    coinShots: byId("ro-coin-shots", HTMLElement),
    hurts: byId("ro-hurts", HTMLElement),
    broken: byId("ro-broken", HTMLElement),
    water: byId("ro-water", HTMLElement),
    crowd: byId("ro-crowd", HTMLElement),
    overlap: byId("ro-overlap", HTMLElement),
    separate: byId("ro-separate", HTMLElement),
  };
  readonly bullets: Bullets;
  readonly crowd: Crowd;

  frame = 0;
  // Character state.
  x: number;
  y: number;
  vx = 0;
  vy = 0;
  grounded = false;
  /** What the character stands on (MISS when airborne). */
  groundId = MISS;
  coins = 0;
  hurts = 0;
  /** In the pool (its last move crossed it), and how many times it went in. */
  inWater = false;
  waterEntries = 0;
  /** The sensors of the last move, copied out of its views (at most 32). */
  private readonly crossed = new Uint32Array(32);
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

  constructor(map: unknown, source: string) {
    const ctx = this.canvas.getContext("2d");
    if (ctx === null) throw new Error("no 2D canvas context");
    this.ctx = ctx;
    this.level = buildLevel(this.world, map, source);
    this.x = this.level.spawn.x;
    this.y = this.level.spawn.y;
    this.moverX = this.level.mover.x;
    // Pairs with the sensors and the water (so that its moves cross them) and with the crowd (for `separate`).
    this.charId = this.world.addCapsule(this.x, this.y, HALF_LENGTH, RADIUS, Math.PI / 2, {
      layer: CHARACTER,
      mask: WALLS | ITEMS | WATER | ENEMIES,
    });
    this.bullets = new Bullets(this.world, this.level, (id) => this.takeCoin(id));
    this.crowd = new Crowd(this.world, this.level.crowd);
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
      this.bullets.fire(this.x, this.y, this.mouseX, this.mouseY);
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
    if (this.mouseDown && this.frame >= this.nextAutoFire) {
      this.bullets.fire(this.x, this.y, this.mouseX, this.mouseY);
      this.nextAutoFire = this.frame + AUTO_FIRE_EVERY;
    }
    this.bullets.update(this.frame);
    this.movePlatform();
    this.crowd.fly(this.x, this.y);
    this.world.step();
    this.crowd.separate(); // from the pairs of the step just made
    this.frame++;
    if (this.frame % 6 === 0) this.showReadout();
  }

  private held(a: string, b: string): boolean {
    return this.keys.has(a) || this.keys.has(b);
  }

  /** Run, jump (or swim), gravity; one moveAndSlide per frame; then what its path crossed. */
  private moveCharacter(): void {
    const run = (this.held("ArrowRight", "KeyD") ? 1 : 0) - (this.held("ArrowLeft", "KeyA") ? 1 : 0);
    const jump = this.frame - this.jumpAsked <= JUMP_BUFFER;
    this.vx = run * (this.inWater ? SWIM_RUN : RUN);
    if ((this.grounded || this.inWater) && jump) {
      this.jumpAsked = -1e9;
      this.vy = -JUMP;
    } else if (this.grounded) {
      this.vy = 0;
    } else if (this.inWater) {
      this.vy =
        this.vy > MAX_SINK ? Math.max(MAX_SINK, this.vy * WATER_DRAG) : Math.min(this.vy + WATER_GRAVITY, MAX_SINK);
    } else {
      this.vy = Math.min(this.vy + GRAVITY, MAX_FALL);
    }
    // Standing, pressed into the ground: stopOnSlope keeps the press from sliding it down the ramp, and the walk from
    // slowing on it; snapDistance keeps it on the ramp and the steps going down.
    const dy = this.grounded && this.vy === 0 ? GRAVITY : this.vy;
    let dx = this.vx;
    // Riding the moving platform: its motion this frame is added to the character's (the platform is moved after
    // the character, and both are seen at their new places from the next step on).
    if (this.grounded && this.groundId === this.level.mover.id) dx += this.moverDx;
    const r = this.world.moveAndSlide(this.charId, dx, dy, MOVE);
    const moved = r.x !== this.x || r.y !== this.y;
    this.x = r.x;
    this.y = r.y;
    this.grounded = r.grounded;
    this.groundId = r.groundId;
    if (r.ceiling && this.vy < 0) this.vy = 0;
    // The views are valid until the next moveAndSlide: copied before coins are removed.
    const n = r.crossings.length;
    this.crossed.set(r.crossings);
    this.cross(n, moved);
  }

  /** Acts on the `n` sensors and water of the last move (in `crossed`, in the order crossed). */
  private cross(n: number, moved: boolean): void {
    let water = false;
    for (let k = 0; k < n; k++) {
      const id = this.crossed[k]!;
      if (id === this.level.water.id) {
        water = true;
        continue;
      }
      if (this.takeCoin(id) !== undefined) continue;
      const item = this.level.items.find((it) => it.id === id);
      if (item?.kind === "spike") {
        this.hurts++;
        this.respawn();
        return;
      }
    }
    // A move that went nowhere crossed nothing (not even what it stands in): then it is where it was.
    if (moved) {
      if (water && !this.inWater) this.waterEntries++;
      this.inWater = water;
    }
  }

  /** Takes coin `id` if it is one still there: out of the world and the level, into the score. */
  private takeCoin(id: number): Item | undefined {
    const items = this.level.items;
    const k = items.findIndex((it) => it.id === id && it.kind === "coin");
    if (k < 0) return undefined;
    const coin = items[k]!;
    this.world.remove(id);
    items.splice(k, 1);
    this.coins++;
    return coin;
  }

  /** Back to the spawn point, at rest. */
  respawn(): void {
    this.x = this.level.spawn.x;
    this.y = this.level.spawn.y;
    this.vx = 0;
    this.vy = 0;
    this.grounded = false;
    this.groundId = MISS;
    this.inWater = false;
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

  private showReadout(): void {
    const r = this.readout;
    r.frame.textContent = String(this.frame);
    r.pos.textContent = `${this.x.toFixed(1)}, ${this.y.toFixed(1)}`;
    r.grounded.textContent = this.grounded ? "yes" : "no";
    const b = this.bullets;
    r.bullets.textContent = String(b.live.length);
    r.fired.textContent = String(b.fired);
    r.impacts.textContent = String(b.impacts.length);
    r.sweep.textContent = b.sweepMs.toFixed(3);
    r.coins.textContent = `${this.coins} / ${this.coins + this.level.items.filter((it) => it.kind === "coin").length}`;
    r.coinShots.textContent = String(b.coinShots.length);
    r.hurts.textContent = String(this.hurts);
    r.broken.textContent = String(b.broken);
    r.water.textContent = `${this.inWater ? "in water" : "dry"}, ${this.waterEntries} in`;
    const c = this.crowd;
    r.crowd.textContent = `${c.ids.length}, ${c.separating ? c.moved : "off"}`;
    r.overlap.textContent = c.deepest.toFixed(3);
    r.separate.textContent = c.separateMs.toFixed(3);
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

    // The crowd, its eyes on the character.
    this.crowd.draw(ctx, this.x, this.y - 10);

    // Water over what is in it.
    const water = this.level.water;
    ctx.fillStyle = "rgba(64,150,255,0.32)";
    ctx.fillRect(water.left, water.top, water.right - water.left, water.bottom - water.top);
    ctx.fillStyle = "rgba(150,210,255,0.7)";
    ctx.fillRect(water.left, water.top, water.right - water.left, 1.5);

    this.bullets.draw(ctx, this.frame);
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
        // Slopes and steps in the stone's colour; one-way planks blue.
        ctx.fillStyle = def.oneWay !== undefined ? "#6fb3d2" : (col + row) % 2 === 0 ? "#3a4a6b" : "#33425f";
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
        inWater: play.inWater,
      }),
      bullets: () => play.bullets.live.map((b) => ({ id: b.id, shot: b.shot, x: b.x, y: b.y, dx: b.dx, dy: b.dy })),
      impacts: () => play.bullets.impacts.map((m) => ({ ...m })),
      /** The coins bullets took: the shot, the coin, and the bullet's centre at the frames before and after. */
      coinShots: () => play.bullets.coinShots.map((c) => ({ ...c, coin: { ...c.coin } })),
      fired: () => play.bullets.fired,
      coinsLeft: () => play.level.items.filter((it) => it.kind === "coin").map((it) => ({ ...it })),
      score: () => ({
        coins: play.coins,
        hurts: play.hurts,
        broken: play.bullets.broken,
        waterEntries: play.waterEntries,
      }),
      mover: () => ({ x: play.moverX, dx: play.moverDx }),
      crowd: () => ({
        ids: Array.from(play.crowd.ids),
        xs: Array.from(play.crowd.xs),
        ys: Array.from(play.crowd.ys),
        radius: play.crowd.radius,
        deepest: play.crowd.deepest,
        moved: play.crowd.moved,
        separating: play.crowd.separating,
      }),
      /** Turns the crowd's `separate` call on or off (off, the crowd stacks). */
      setSeparate: (on: boolean) => {
        play.crowd.separating = on;
      },
      /** Puts the character at (x, y), at rest (tests start a scene there). */
      place: (x: number, y: number) => {
        play.respawn();
        play.x = x;
        play.y = y;
        play.world.setTransform(play.charId, x, y, Math.PI / 2);
      },
      toClient: (x: number, y: number) => play.toClient(x, y),
      constants: {
        HALF_HEIGHT,
        RADIUS,
        RUN,
        SWIM_RUN,
        STEP_HEIGHT,
        BULLET_SPEED,
        BULLET_RADIUS,
        FLOOR_Y: play.level.floorTop,
      },
    };
    play.start();
  } catch (e) {
    error.hidden = false;
    error.textContent = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    throw e;
  }
}

void main();
