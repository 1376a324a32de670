// The standard benchmark workload, defined here and generated as plain data, so that every library in the bench
// is driven by identical shapes and identical motion. benches/workload.rs is a line-by-line port of this file:
// change both or neither (the bench prints a checksum of frame 0's pairs on both sides to prove they agree).
//
//   node bench-js/workload.mjs        # self-check: W ~ 412, 922, 1840, 4114 for N = 1k, 5k, 20k, 100k
//
// Definition:
// - PRNG: mulberry32 (rng.mjs), seeded with `seedFor(N) = (12345 ^ Math.imul(N, 0x9E3779B1)) >>> 0`.
// - Shape kinds by index, exactly 40/30/30 in every block of 10: i % 10 in 0..3 box, 4..6 circle, 7..9 polygon.
// - Pass 1, for each shape in index order, draws its size:
//     box:     hw = 2 + 6u, hh = 2 + 6u (half-extents)
//     circle:  r = 2 + 6u
//     polygon: n = 3 + floor(6u) (3..8), R = 2 + 6u, then per vertex k: jitter = (2u - 1) * (step / 4),
//              radius = R * (0.8 + 0.2u), at angle step * k + jitter (step = 2 pi / n); convex hull (monotone
//              chain, collinear points dropped, counter-clockwise in y-up), moved so its area centroid is the origin.
//   Every size and vertex is rounded to f32 (Math.fround) before anything else uses it.
// - W = sqrt((N - 1) * (2 * mean(area) + mean(perimeter)^2 / (2 pi)) / 2), means over the generated shapes (f64):
//   the world is the square [0, W]^2, sized (Minkowski mixed-area formula) so that a shape placed and turned at
//   random overlaps about 2 others.
// - Pass 2, for each shape in index order: x = R + (W - 2R)u, y likewise (R = bounding radius: the shape starts
//   inside the walls), angle = pi (2u - 1), vx = u - 0.5, vy = u - 0.5, va = 0.1 (u - 0.5).
// - Motion (advance), in f64 with + - * / only: x += vx, y += vy, angle += va; when x - R < 0 then x = 2R - x and
//   vx = -vx; when x + R > W then x = 2(W - R) - x and vx = -vx (same for y); angle > pi: angle -= 2 pi, angle < -pi:
//   angle += 2 pi. What a library receives is Math.fround of x, y, angle (the Float32Arrays of makeMotion).
// - Frame 0 is the initial placement (no advance before it); frame k has had k advances.

import { mulberry32 } from "./rng.mjs";

export const KIND_BOX = 0;
export const KIND_CIRCLE = 1;
export const KIND_POLYGON = 2;
export const KIND_NAMES = ["box", "circle", "polygon"];

/** The seed of the workload of `n` shapes: 12345 mixed with N. */
export function seedFor(n) {
  return (12345 ^ Math.imul(n, 0x9e3779b1)) >>> 0;
}

const f32 = Math.fround;
const TWO_PI = 2 * Math.PI;

function cross(o, a, b) {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, collinear points dropped. */
function convexHull(points) {
  const p = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const lower = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Signed area, area centroid and perimeter of a closed polygon given as [[x, y], ...]. */
function polygonProperties(points) {
  let a2 = 0;
  let cx = 0;
  let cy = 0;
  let perimeter = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % points.length];
    const c = x0 * y1 - x1 * y0;
    a2 += c;
    cx += (x0 + x1) * c;
    cy += (y0 + y1) * c;
    perimeter += Math.sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
  }
  return { area: a2 / 2, cx: cx / (3 * a2), cy: cy / (3 * a2), perimeter };
}

function makePolygon(rand) {
  const n = 3 + Math.floor(6 * rand());
  const big = f32(2 + 6 * rand());
  const step = TWO_PI / n;
  const raw = [];
  for (let k = 0; k < n; k++) {
    const jitter = (2 * rand() - 1) * (step / 4);
    const radius = big * (0.8 + 0.2 * rand());
    const angle = step * k + jitter;
    raw.push([f32(radius * Math.cos(angle)), f32(radius * Math.sin(angle))]);
  }
  const hull = convexHull(raw);
  const { cx, cy } = polygonProperties(hull);
  const points = new Float32Array(hull.length * 2);
  for (let k = 0; k < hull.length; k++) {
    points[2 * k] = hull[k][0] - cx;
    points[2 * k + 1] = hull[k][1] - cy;
  }
  return points;
}

/**
 * The workload of `n` shapes.
 *
 * Returns `{ n, seed, width, meanArea, meanPerimeter, kinds, shapes, x, y, angle, vx, vy, va, radius }`:
 * `shapes[i]` is `{ kind, hw, hh }` (box), `{ kind, r }` (circle) or `{ kind, points }` (polygon: a Float32Array
 * `x0, y0, x1, y1, ...`, counter-clockwise, centred on its area centroid); the other arrays are per shape
 * (`kinds` Uint8Array; the initial transform and velocities as Float64Array; `radius` is the bounding radius).
 */
export function makeWorkload(n) {
  const seed = seedFor(n);
  const rand = mulberry32(seed);
  const shapes = new Array(n);
  const kinds = new Uint8Array(n);
  const radius = new Float64Array(n);
  let areaSum = 0;
  let perimeterSum = 0;
  for (let i = 0; i < n; i++) {
    const slot = i % 10;
    if (slot < 4) {
      const hw = f32(2 + 6 * rand());
      const hh = f32(2 + 6 * rand());
      shapes[i] = { kind: KIND_BOX, hw, hh };
      kinds[i] = KIND_BOX;
      radius[i] = Math.sqrt(hw * hw + hh * hh);
      areaSum += 4 * hw * hh;
      perimeterSum += 4 * (hw + hh);
    } else if (slot < 7) {
      const r = f32(2 + 6 * rand());
      shapes[i] = { kind: KIND_CIRCLE, r };
      kinds[i] = KIND_CIRCLE;
      radius[i] = r;
      areaSum += Math.PI * r * r;
      perimeterSum += TWO_PI * r;
    } else {
      const points = makePolygon(rand);
      shapes[i] = { kind: KIND_POLYGON, points };
      kinds[i] = KIND_POLYGON;
      const list = [];
      let r2 = 0;
      for (let k = 0; k < points.length; k += 2) {
        list.push([points[k], points[k + 1]]);
        r2 = Math.max(r2, points[k] * points[k] + points[k + 1] * points[k + 1]);
      }
      radius[i] = Math.sqrt(r2);
      const props = polygonProperties(list);
      areaSum += props.area;
      perimeterSum += props.perimeter;
    }
  }
  const meanArea = areaSum / n;
  const meanPerimeter = perimeterSum / n;
  const width = Math.sqrt(((n - 1) * (2 * meanArea + (meanPerimeter * meanPerimeter) / TWO_PI)) / 2);

  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const angle = new Float64Array(n);
  const vx = new Float64Array(n);
  const vy = new Float64Array(n);
  const va = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = radius[i];
    x[i] = r + (width - 2 * r) * rand();
    y[i] = r + (width - 2 * r) * rand();
    angle[i] = Math.PI * (2 * rand() - 1);
    vx[i] = rand() - 0.5;
    vy[i] = rand() - 0.5;
    va[i] = 0.1 * (rand() - 0.5);
  }
  return { n, seed, width, meanArea, meanPerimeter, kinds, shapes, x, y, angle, vx, vy, va, radius };
}

/**
 * A private copy of the moving state (each library in an interleaved run owns one, so all of them see the same
 * frame sequence). The state is kept in f64 (`px`, `py`, `pa`, velocities); what libraries read is its f32
 * rounding in `x`, `y`, `angle` (Float32Array). `frame` 0 = the initial placement.
 */
export function makeMotion(workload) {
  const m = {
    frame: 0,
    width: workload.width,
    radius: workload.radius,
    px: workload.x.slice(),
    py: workload.y.slice(),
    pa: workload.angle.slice(),
    vx: workload.vx.slice(),
    vy: workload.vy.slice(),
    va: workload.va.slice(),
    x: new Float32Array(workload.x),
    y: new Float32Array(workload.y),
    angle: new Float32Array(workload.angle),
  };
  return m;
}

/** Advances a motion state by one frame (see the definition at the top). Allocates nothing. */
/**
 * One step of coordinate `p[i]` at velocity `v[i]` for a shape of radius `r` in `[0, width]`: reflected off a wall
 * it crossed, its velocity turned round. Returns the new coordinate (the caller stores it).
 */
function bounce(p, v, i, r, width) {
  const next = p[i] + v[i];
  if (next - r < 0) {
    v[i] = -v[i];
    return 2 * r - next;
  }
  if (next + r > width) {
    v[i] = -v[i];
    return 2 * (width - r) - next;
  }
  return next;
}

export function advance(m) {
  const { px: xs, py: ys, pa: as, vx, vy, va, radius, width, x, y, angle } = m;
  const n = xs.length;
  for (let i = 0; i < n; i++) {
    const r = radius[i];
    const px = bounce(xs, vx, i, r, width);
    const py = bounce(ys, vy, i, r, width);
    let a = as[i] + va[i];
    if (a > Math.PI) a -= TWO_PI;
    else if (a < -Math.PI) a += TWO_PI;
    xs[i] = px;
    ys[i] = py;
    as[i] = a;
    x[i] = px;
    y[i] = py;
    angle[i] = a;
  }
  m.frame++;
}

/** Order-independent summary of a pair list, printed by both the JS and the native bench: FNV-1a over sorted keys. */
export function pairChecksum(sortedKeys) {
  let h = 0x811c9dc5;
  for (let i = 0; i < sortedKeys.length; i++) {
    const k = sortedKeys[i];
    const a = Math.floor(k / 4294967296);
    const b = k % 4294967296;
    for (const word of [a, b]) {
      for (let s = 0; s < 32; s += 8) {
        h ^= (word >>> s) & 0xff;
        h = Math.imul(h, 0x01000193) >>> 0;
      }
    }
  }
  return h.toString(16).padStart(8, "0");
}

// Self-check when run directly.
if (typeof process === "object" && import.meta.url === `file://${process.argv[1]}`) {
  const expected = { 1000: 412, 5000: 922, 20000: 1840, 100000: 4114 };
  let ok = true;
  for (const n of [1000, 5000, 20000, 100000]) {
    const w = makeWorkload(n);
    const counts = [0, 0, 0];
    for (const k of w.kinds) counts[k]++;
    let inside = true;
    for (let i = 0; i < n; i++) {
      const r = w.radius[i];
      if (w.x[i] - r < 0 || w.x[i] + r > w.width || w.y[i] - r < 0 || w.y[i] + r > w.width) inside = false;
    }
    const good = Math.abs(w.width - expected[n]) / expected[n] < 0.02 && inside;
    ok &&= good;
    console.log(
      `N=${n} seed=${w.seed} W=${w.width.toFixed(1)} (expected ~${expected[n]}) mean area=${w.meanArea.toFixed(2)} ` +
        `mean perimeter=${w.meanPerimeter.toFixed(2)} boxes/circles/polygons=${counts.join("/")} ${good ? "ok" : "MISMATCH"}`,
    );
  }
  process.exit(ok ? 0 : 1);
}
