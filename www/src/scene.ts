/**
 * The game state: one sepax World plus the per-sprite columns the game needs (kind, velocity, spin), all
 * indexed by the world's shape id. Poses are not duplicated: the world's own x / y / angle columns, read and
 * written through the package's zero-copy views, are the single source of truth for where a sprite is.
 *
 * Game logic lives here (move, bounce off the arena); collision response lives in resolve.ts.
 */
import { World } from "sepax";
import { boundingRadius, type Collider, KINDS, meanArea, scaleCollider } from "./kinds.ts";
import { mulberry32 } from "../../bench-js/rng.mjs";

/** The zero-copy transform views of the package (`world.transforms()`), indexed by shape id. */
export interface Poses {
  readonly xs: Float32Array;
  readonly ys: Float32Array;
  readonly angles: Float32Array;
}

/** Kind value of the static shapes in the `kind` column. */
export const STATIC_KIND = 255;

/** Fraction of the arena the sprites' colliders would cover if laid side by side (sets the sprite scale). */
const COVERAGE = 0.13;

export type StaticFill = "brick" | "stripes";

/** A large static shape (wall, platform, ramp, bumper), drawn from its own geometry, in world units. */
export interface StaticShape {
  readonly id: number;
  readonly collider: Collider;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly fill: StaticFill;
}

const STATIC_OPTS = { isStatic: true } as const;

/** See `Scene.drawOrder`. */
export interface DrawOrder {
  order: Uint32Array;
  readonly start: Uint32Array;
}

export class Scene {
  readonly world: World;
  readonly width: number;
  readonly height: number;
  /** World units per base unit of kinds.ts, chosen so any sprite count covers the arena about equally. */
  readonly scale: number;
  /** Each kind's collider at this scene's scale, in the order of KINDS. */
  readonly colliders: readonly Collider[];
  /** Polygon points at this scale, converted once so adding a ship passes no JS array. */
  private readonly polygonPoints: readonly (Float32Array | null)[];
  readonly statics: StaticShape[] = [];
  /** Moving sprites (statics excluded). */
  spriteCount = 0;

  // Columns indexed by shape id; `capacity` >= the world's slot count.
  private capacity = 0;
  kind = new Uint8Array(0);
  vx = new Float32Array(0);
  vy = new Float32Array(0);
  spin = new Float32Array(0);
  radius = new Float32Array(0);
  isStatic = new Uint8Array(0);
  /** 1 when the shape is in a pair found by the last step (refreshed by `markPairs`). */
  hit = new Uint8Array(0);

  // Moving sprites' ids grouped by kind (counting sort), so drawing can batch by image.
  private readonly orderView: DrawOrder = { order: new Uint32Array(0), start: new Uint32Array(KINDS.length + 1) };
  private orderDirty = true;
  private readonly rand: () => number;

  constructor(count: number, width: number, height: number, seed = 12345) {
    // Contact points on, so that "Contact normals" can draw them at any moment (they cost a little step time).
    this.world = new World({ contactPoints: true });
    this.width = width;
    this.height = height;
    this.rand = mulberry32(seed ^ Math.imul(count, 0x9e3779b1));
    const ideal = Math.sqrt((COVERAGE * width * height) / (Math.max(1, count) * meanArea()));
    this.scale = Math.min(2.5, Math.max(0.1, ideal));
    this.colliders = KINDS.map((k) => scaleCollider(k.collider, this.scale));
    this.polygonPoints = this.colliders.map((c) => (c.type === "polygon" ? Float32Array.from(c.points) : null));
    this.addStatics();
    this.populate(count);
  }

  /** Frees the world's wasm memory; the scene is unusable afterwards. */
  free(): void {
    this.world.free();
  }

  /** Number of ids in use (statics and sprites). */
  get slotCount(): number {
    return this.world.slotCount;
  }

  /** The world's transform views. Fetch again after any world call that may allocate (add, step). */
  poses(): Poses {
    return this.world.transforms();
  }

  /** Adds one moving sprite of kind `k` at (x, y), heading in a random direction; returns its id. */
  spawn(k: number, x: number, y: number): number {
    const kind = KINDS[k];
    const collider = this.colliders[k];
    if (!kind || !collider) throw new RangeError(`no sprite kind ${k}`);
    const heading = this.rand() * Math.PI * 2;
    const speed = (kind.speed[0] + this.rand() * (kind.speed[1] - kind.speed[0])) * this.scale;
    const id = this.add(collider, x, y, kind.faceHeading ? heading : this.rand() * Math.PI * 2, false, k);
    this.vx[id] = speed * Math.cos(heading);
    this.vy[id] = speed * Math.sin(heading);
    this.spin[id] = (this.rand() * 2 - 1) * kind.spin;
    this.spriteCount++;
    this.orderDirty = true;
    return id;
  }

  /** A random kind, by the kinds' weights. */
  randomKind(): number {
    let total = 0;
    for (const k of KINDS) total += k.weight;
    let pick = this.rand() * total;
    for (let i = 0; i < KINDS.length; i++) {
      pick -= KINDS[i]?.weight ?? 0;
      if (pick < 0) return i;
    }
    return 0;
  }

  /**
   * Advances game logic by `dt` seconds: integrate velocity and spin, turn ships and bolts to face where they
   * fly, bounce off the arena edges. Writes straight into the world's columns (no per-sprite call into wasm).
   */
  move(dt: number, p: Poses, dragId: number, dragX: number, dragY: number): void {
    const { xs, ys, angles } = p;
    const { kind, vx, vy, spin, radius, isStatic } = this;
    const w = this.width;
    const h = this.height;
    const n = this.slotCount;
    for (let id = 0; id < n; id++) {
      if (isStatic[id]) continue;
      let x = xs[id] + vx[id] * dt;
      let y = ys[id] + vy[id] * dt;
      let a = angles[id];
      const r = radius[id];
      if (id === dragId) {
        x = dragX;
        y = dragY;
      }
      if (x < r) {
        x = r;
        vx[id] = Math.abs(vx[id]);
      } else if (x > w - r) {
        x = w - r;
        vx[id] = -Math.abs(vx[id]);
      }
      if (y < r) {
        y = r;
        vy[id] = Math.abs(vy[id]);
      } else if (y > h - r) {
        y = h - r;
        vy[id] = -Math.abs(vy[id]);
      }
      const k = KINDS[kind[id]];
      if (k.faceHeading) {
        const turn = spin[id] * dt;
        if (turn !== 0) {
          const c = Math.cos(turn);
          const s = Math.sin(turn);
          const ux = vx[id];
          const uy = vy[id];
          vx[id] = ux * c - uy * s;
          vy[id] = ux * s + uy * c;
        }
        a = Math.atan2(vy[id], vx[id]);
      } else {
        a += spin[id] * dt;
        // Keep angles small: f32 loses precision on large ones.
        if (a > Math.PI) a -= 2 * Math.PI;
        else if (a < -Math.PI) a += 2 * Math.PI;
      }
      xs[id] = x;
      ys[id] = y;
      angles[id] = a;
    }
  }

  /** Sets `hit` from the last step's pairs (`pairs` holds `count` pairs as [a0, b0, a1, b1, ...]). */
  markPairs(pairs: Uint32Array, count: number): void {
    const hit = this.hit;
    hit.fill(0, 0, this.slotCount);
    for (let i = 0; i < 2 * count; i++) hit[pairs[i]] = 1;
  }

  /**
   * Moving sprites' ids grouped by kind: ids of kind k are `order[start[k]] .. order[start[k + 1] - 1]`.
   * Re-sorted only after sprites were added; the returned object is reused.
   */
  drawOrder(): DrawOrder {
    if (this.orderDirty) this.sortByKind();
    return this.orderView;
  }

  /** Top-most moving sprite under (x, y) (exact shapes, via the world's point query), or -1. */
  pick(x: number, y: number): number {
    const ids = this.world.queryPoint(x, y);
    for (let i = ids.length - 1; i >= 0; i--) {
      const id = ids[i];
      if (!this.isStatic[id]) return id;
    }
    return -1;
  }

  private populate(count: number): void {
    const margin = 2 * this.scale * 17;
    for (let i = 0; i < count; i++) {
      const x = margin + this.rand() * (this.width - 2 * margin);
      const y = margin + this.rand() * (this.height - 2 * margin);
      this.spawn(this.randomKind(), x, y);
    }
  }

  private addStatics(): void {
    const w = this.width;
    const h = this.height;
    const t = Math.max(7, Math.min(w, h) * 0.016);
    this.addStatic({ type: "alignedBox", halfWidth: 0.14 * w, halfHeight: t }, 0.3 * w, 0.3 * h, 0, "brick");
    this.addStatic({ type: "alignedBox", halfWidth: 0.13 * w, halfHeight: t }, 0.68 * w, 0.76 * h, 0, "brick");
    this.addStatic({ type: "box", halfWidth: 0.1 * w, halfHeight: t }, 0.76 * w, 0.3 * h, -0.35, "brick");
    this.addStatic({ type: "circle", radius: 0.06 * Math.min(w, h) }, 0.5 * w, 0.52 * h, 0, "stripes");
    // The ramp is a bare segment: zero thickness in the world, drawn as a rail.
    const [x1, y1, x2, y2] = [0.07 * w, 0.9 * h, 0.36 * w, 0.62 * h];
    const half = Math.hypot(x2 - x1, y2 - y1) / 2;
    this.addStatic(
      { type: "segment", halfLength: half },
      (x1 + x2) / 2,
      (y1 + y2) / 2,
      Math.atan2(y2 - y1, x2 - x1),
      "stripes",
    );
    // A chain floor of rolling hills along the bottom right: one id for 48 segments, which sprites slide along
    // without catching on the joints (sepax smooths its contacts). Local points around its left end.
    const hills: number[] = [];
    const length = 0.5 * w;
    for (let i = 0; i <= 48; i++) {
      const u = i / 48;
      hills.push(u * length, -0.035 * h * Math.sin(u * Math.PI * 3) * Math.sin(u * Math.PI));
    }
    this.addStatic({ type: "chain", points: hills, loop: false }, 0.46 * w, 0.95 * h, 0, "stripes");
    // A concave outcrop on the left, a cup opening to the right: one id, cut once into convex parts by sepax, so a
    // sprite can rest inside the cup without touching the rock around it.
    const r = 0.075 * Math.min(w, h);
    const cup: number[] = [];
    for (let i = 0; i <= 10; i++) {
      const a = Math.PI * (0.25 + (1.5 * i) / 10);
      cup.push(r * Math.cos(a), r * Math.sin(a));
    }
    for (let i = 10; i >= 0; i--) {
      const a = Math.PI * (0.25 + (1.5 * i) / 10);
      cup.push(0.55 * r * Math.cos(a), 0.55 * r * Math.sin(a));
    }
    this.addStatic({ type: "concave", points: cup }, 0.1 * w, 0.5 * h, 0, "brick");
  }

  private addStatic(c: Collider, x: number, y: number, angle: number, fill: StaticFill): void {
    const id = this.add(c, x, y, angle, true, STATIC_KIND);
    this.statics.push({ id, collider: c, x, y, angle, fill });
  }

  private add(c: Collider, x: number, y: number, angle: number, isStatic: boolean, kind: number): number {
    const w = this.world;
    const opts = isStatic ? STATIC_OPTS : undefined;
    let id: number;
    switch (c.type) {
      case "circle":
        id = w.addCircle(x, y, c.radius, opts);
        break;
      case "box":
        id = w.addBox(x, y, c.halfWidth, c.halfHeight, angle, opts);
        break;
      case "alignedBox":
        id = w.addAlignedBox(x, y, c.halfWidth, c.halfHeight, opts);
        break;
      case "capsule":
        id = w.addCapsule(x, y, c.halfLength, c.radius, angle, opts);
        break;
      case "polygon":
        id = w.addPolygon(x, y, angle, this.polygonPoints[kind] ?? Float32Array.from(c.points), opts);
        break;
      case "concave":
        id = w.addConcavePolygon(x, y, angle, Float32Array.from(c.points), opts);
        break;
      case "chain":
        // A chain is added at the origin with local points; its transform places it like any shape.
        id = w.addChain(Float32Array.from(c.points), { ...opts, loop: c.loop });
        w.setTransform(id, x, y, angle);
        break;
      case "segment": {
        // Moving segments are added along +x and turned through their angle, so the local shape stays
        // canonical; the static ramp bakes its direction into its endpoints (statics never turn).
        const dx = c.halfLength * (isStatic ? Math.cos(angle) : 1);
        const dy = c.halfLength * (isStatic ? Math.sin(angle) : 0);
        id = w.addSegment(x - dx, y - dy, x + dx, y + dy, opts);
        break;
      }
    }
    this.ensureCapacity(id + 1);
    this.kind[id] = kind;
    this.radius[id] = boundingRadius(c);
    this.isStatic[id] = isStatic ? 1 : 0;
    this.vx[id] = 0;
    this.vy[id] = 0;
    this.spin[id] = 0;
    // Circles and segments take no angle when added; their pictures still turn, so set it on the column.
    if (!isStatic && (c.type === "circle" || c.type === "segment")) w.setTransform(id, x, y, angle);
    return id;
  }

  private ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    const cap = Math.max(n, this.capacity * 2, 256);
    this.kind = grow(this.kind, cap);
    this.vx = grow(this.vx, cap);
    this.vy = grow(this.vy, cap);
    this.spin = grow(this.spin, cap);
    this.radius = grow(this.radius, cap);
    this.isStatic = grow(this.isStatic, cap);
    this.hit = grow(this.hit, cap);
    this.capacity = cap;
  }

  private sortByKind(): void {
    const n = this.slotCount;
    const start = this.orderView.start;
    start.fill(0);
    for (let id = 0; id < n; id++) {
      if (!this.isStatic[id]) start[this.kind[id] + 1]++;
    }
    for (let k = 1; k < start.length; k++) start[k] += start[k - 1];
    if (this.orderView.order.length < this.spriteCount) this.orderView.order = new Uint32Array(this.capacity);
    const order = this.orderView.order;
    const next = start.slice(0, KINDS.length);
    for (let id = 0; id < n; id++) {
      if (this.isStatic[id]) continue;
      const k = this.kind[id];
      order[next[k]] = id;
      next[k]++;
    }
    this.orderDirty = false;
  }
}

function grow<T extends Uint8Array | Float32Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}
