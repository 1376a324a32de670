/**
 * The moving sprite kinds: each one's collider (in "base units", scaled per scene so that any sprite count fills
 * the arena about equally), how it moves and how common it is. The pictures in art.ts are drawn inside exactly
 * these colliders, so what you see is what collides.
 */

/** A collider in local coordinates (origin = sprite centre, angle 0 = facing +x). */
export type Collider =
  | { readonly type: "circle"; readonly radius: number }
  | { readonly type: "box"; readonly halfWidth: number; readonly halfHeight: number }
  | { readonly type: "alignedBox"; readonly halfWidth: number; readonly halfHeight: number }
  | { readonly type: "polygon"; readonly points: readonly number[] }
  | { readonly type: "capsule"; readonly halfLength: number; readonly radius: number }
  /** Along local x from -halfLength to +halfLength. */
  | { readonly type: "segment"; readonly halfLength: number }
  /** A simple outline, concave allowed (static terrain only): `points` = x0, y0, x1, y1, …. */
  | { readonly type: "concave"; readonly points: readonly number[] }
  /** A polyline (static terrain only): `points` = x0, y0, x1, y1, …; closed when `loop`. */
  | { readonly type: "chain"; readonly points: readonly number[]; readonly loop: boolean };

export interface Kind {
  readonly name: string;
  readonly collider: Collider;
  /** Relative frequency in a populated scene. */
  readonly weight: number;
  /** Speed range, base units per second. */
  readonly speed: readonly [number, number];
  /** Largest spin (or turn rate for `faceHeading` kinds), radians per second. */
  readonly spin: number;
  /** The sprite points where it flies (ships, laser bolts): its angle follows its velocity. */
  readonly faceHeading: boolean;
}

/**
 * The ship's collider: the convex hull of its picture, as in the seed's bounding-polygon spaceship. Nose at +x.
 * Counter-clockwise in y-down canvas coordinates; sepax accepts either winding.
 */
export const SHIP_HULL: readonly number[] = [17, 0, -9, 11, -13, 6, -13, -6, -9, -11];

export const KINDS: readonly Kind[] = [
  {
    name: "asteroid",
    collider: { type: "circle", radius: 14 },
    weight: 24,
    speed: [25, 60],
    spin: 0.8,
    faceHeading: false,
  },
  {
    name: "crate",
    collider: { type: "box", halfWidth: 10, halfHeight: 10 },
    weight: 20,
    speed: [25, 60],
    spin: 1.5,
    faceHeading: false,
  },
  { name: "coin", collider: { type: "circle", radius: 7 }, weight: 20, speed: [15, 40], spin: 4, faceHeading: false },
  {
    name: "ship",
    collider: { type: "polygon", points: SHIP_HULL },
    weight: 16,
    speed: [45, 90],
    spin: 0.6,
    faceHeading: true,
  },
  {
    name: "pill",
    collider: { type: "capsule", halfLength: 7, radius: 5.5 },
    weight: 12,
    speed: [30, 70],
    spin: 2,
    faceHeading: false,
  },
  {
    name: "laser",
    collider: { type: "segment", halfLength: 11 },
    weight: 8,
    speed: [160, 240],
    spin: 0,
    faceHeading: true,
  },
];

/** Radius of the smallest circle around the origin that holds the collider. */
export function boundingRadius(c: Collider): number {
  switch (c.type) {
    case "circle":
      return c.radius;
    case "box":
    case "alignedBox":
      return Math.hypot(c.halfWidth, c.halfHeight);
    case "capsule":
      return c.halfLength + c.radius;
    case "segment":
      return c.halfLength;
    case "chain":
    case "concave":
    case "polygon": {
      let r = 0;
      for (let i = 0; i < c.points.length; i += 2) r = Math.max(r, Math.hypot(c.points[i], c.points[i + 1]));
      return r;
    }
  }
}

/** Half extents of the collider's box at angle 0 (sizes the sprite images so the origin is their centre). */
export function halfExtents(c: Collider): [number, number] {
  switch (c.type) {
    case "circle":
      return [c.radius, c.radius];
    case "box":
    case "alignedBox":
      return [c.halfWidth, c.halfHeight];
    case "capsule":
      return [c.halfLength + c.radius, c.radius];
    case "segment":
      return [c.halfLength, 0];
    case "chain":
    case "concave":
    case "polygon": {
      let hx = 0;
      let hy = 0;
      for (let i = 0; i < c.points.length; i += 2) {
        hx = Math.max(hx, Math.abs(c.points[i]));
        hy = Math.max(hy, Math.abs(c.points[i + 1]));
      }
      return [hx, hy];
    }
  }
}

/** The collider scaled by `s` (scenes size every sprite by one factor chosen from the sprite count). */
export function scaleCollider(c: Collider, s: number): Collider {
  switch (c.type) {
    case "circle":
      return { type: "circle", radius: c.radius * s };
    case "box":
    case "alignedBox":
      return { type: c.type, halfWidth: c.halfWidth * s, halfHeight: c.halfHeight * s };
    case "capsule":
      return { type: "capsule", halfLength: c.halfLength * s, radius: c.radius * s };
    case "segment":
      return { type: "segment", halfLength: c.halfLength * s };
    case "polygon":
    case "concave":
      return { type: c.type, points: c.points.map((v) => v * s) };
    case "chain":
      return { type: "chain", points: c.points.map((v) => v * s), loop: c.loop };
  }
}

/** Mean collider area in base units², weighted by frequency: sets the scene scale for a target coverage. */
export function meanArea(): number {
  let total = 0;
  let weights = 0;
  for (const k of KINDS) {
    total += k.weight * area(k.collider);
    weights += k.weight;
  }
  return total / weights;
}

function area(c: Collider): number {
  switch (c.type) {
    case "circle":
      return Math.PI * c.radius * c.radius;
    case "box":
    case "alignedBox":
      return 4 * c.halfWidth * c.halfHeight;
    case "capsule":
      return 4 * c.halfLength * c.radius + Math.PI * c.radius * c.radius;
    case "segment":
    case "chain":
      return 0;
    case "concave":
    case "polygon": {
      let twice = 0;
      const p = c.points;
      for (let i = 0; i < p.length; i += 2) {
        const j = (i + 2) % p.length;
        twice += p[i] * p[j + 1] - p[j] * p[i + 1];
      }
      return Math.abs(twice) / 2;
    }
  }
}

/** Traces the collider's outline into the current path, in local coordinates (the caller sets the transform). */
export function traceCollider(ctx: CanvasRenderingContext2D, c: Collider): void {
  switch (c.type) {
    case "circle":
      ctx.moveTo(c.radius, 0);
      ctx.arc(0, 0, c.radius, 0, Math.PI * 2);
      return;
    case "box":
    case "alignedBox":
      ctx.rect(-c.halfWidth, -c.halfHeight, 2 * c.halfWidth, 2 * c.halfHeight);
      return;
    case "capsule":
      ctx.moveTo(c.halfLength, -c.radius);
      ctx.arc(c.halfLength, 0, c.radius, -Math.PI / 2, Math.PI / 2);
      ctx.arc(-c.halfLength, 0, c.radius, Math.PI / 2, (3 * Math.PI) / 2);
      ctx.closePath();
      return;
    case "segment":
      ctx.moveTo(-c.halfLength, 0);
      ctx.lineTo(c.halfLength, 0);
      return;
    case "polygon":
    case "concave":
    case "chain": {
      const p = c.points;
      ctx.moveTo(p[0], p[1]);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
      if (c.type !== "chain" || c.loop) ctx.closePath();
      return;
    }
  }
}
