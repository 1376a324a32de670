// Cross-check of pair sets, with a computed cause for every difference.
//
// The reference is sepax. For a pair one library reports and the other does not, the cause is computed, in order:
//   touching   |SAT separation| < 1e-3 units: the shapes (nearly) touch, and the libraries' tolerances differ
//              (sepax: touching counts; matter: it does not; rapier: its own epsilon)
//   10-gon     matter only: with each circle replaced by the inscribed 10-gon matter builds for radii < 10, the
//              separation is > 0 (matter cannot see the pair)
//   late       the peer reports it one frame later (missing) or still reports it one frame after sepax dropped it
//              (extra): a one-frame lag in the peer's pipeline
//   near       |SAT separation| < 1e-2: a looser tolerance than 1e-3 (rapier reports pairs up to ~3e-3 apart)
//   other      none of the above (printed with kinds and separation: a real disagreement to investigate)
// The SAT separation is computed here in f64 from the f32 transforms the libraries received: the largest gap over
// the candidate axes (both polygons' face normals; for a circle also the axis to the closest vertex), negative
// when the shapes overlap (then -depth).

import { KIND_BOX, KIND_CIRCLE, KIND_NAMES } from "./workload.mjs";

function worldPolygon(localPairs, x, y, a) {
  const c = Math.cos(a);
  const s = Math.sin(a);
  const out = [];
  for (const [px, py] of localPairs) out.push([x + c * px - s * py, y + s * px + c * py]);
  return out;
}

function localPoints(shape) {
  if (shape.kind === KIND_BOX) {
    const { hw, hh } = shape;
    return [
      [-hw, -hh],
      [hw, -hh],
      [hw, hh],
      [-hw, hh],
    ];
  }
  const out = [];
  for (let k = 0; k < shape.points.length; k += 2) out.push([shape.points[k], shape.points[k + 1]]);
  return out;
}

/** Matter's circle: Bodies.polygon with max(10, min(25, ceil(r))) sides, first vertex at half a step, inscribed. */
function matterCirclePoints(r) {
  const sides = Math.ceil(Math.max(10, Math.min(25, r)));
  const theta = (2 * Math.PI) / sides;
  const out = [];
  for (let i = 0; i < sides; i++) {
    const t = theta / 2 + i * theta;
    out.push([Math.cos(t) * r, Math.sin(t) * r]);
  }
  return out;
}

// Outward face normals of a counter-clockwise polygon (signed area > 0); works for either winding by checking.
function faceSeparation(A, B) {
  let area = 0;
  for (let i = 0; i < A.length; i++) {
    const [x0, y0] = A[i];
    const [x1, y1] = A[(i + 1) % A.length];
    area += x0 * y1 - x1 * y0;
  }
  const sign = area > 0 ? 1 : -1;
  let best = -Infinity;
  for (let i = 0; i < A.length; i++) {
    const [x0, y0] = A[i];
    const [x1, y1] = A[(i + 1) % A.length];
    let nx = sign * (y1 - y0);
    let ny = sign * -(x1 - x0);
    const len = Math.hypot(nx, ny);
    nx /= len;
    ny /= len;
    let min = Infinity;
    for (const [bx, by] of B) min = Math.min(min, nx * (bx - x0) + ny * (by - y0));
    best = Math.max(best, min);
  }
  return best;
}

function polygonCircleSeparation(P, cx, cy, r) {
  let best = faceSeparation(P, [[cx, cy]]) - r;
  // axis through the closest vertex
  let dmin = Infinity;
  let vx = 0;
  let vy = 0;
  for (const [px, py] of P) {
    const d = Math.hypot(cx - px, cy - py);
    if (d < dmin) {
      dmin = d;
      vx = px;
      vy = py;
    }
  }
  if (dmin > 0) {
    const ux = (cx - vx) / dmin;
    const uy = (cy - vy) / dmin;
    let max = -Infinity;
    for (const [px, py] of P) max = Math.max(max, ux * px + uy * py);
    best = Math.max(best, ux * cx + uy * cy - r - max);
  }
  return best;
}

/** Signed SAT separation of shapes i and j of workload w at the motion's current (f32) transforms. */
export function separation(w, m, i, j, circleAsMatterPolygon = false) {
  const geo = (k) => {
    const s = w.shapes[k];
    const x = m.x[k];
    const y = m.y[k];
    const a = m.angle[k];
    if (s.kind === KIND_CIRCLE && !circleAsMatterPolygon) return { circle: true, x, y, r: s.r };
    const local = s.kind === KIND_CIRCLE ? matterCirclePoints(s.r) : localPoints(s);
    return { circle: false, poly: worldPolygon(local, x, y, a) };
  };
  const A = geo(i);
  const B = geo(j);
  if (A.circle && B.circle) return Math.hypot(B.x - A.x, B.y - A.y) - A.r - B.r;
  if (A.circle) return polygonCircleSeparation(B.poly, A.x, A.y, A.r);
  if (B.circle) return polygonCircleSeparation(A.poly, B.x, B.y, B.r);
  return Math.max(faceSeparation(A.poly, B.poly), faceSeparation(B.poly, A.poly));
}

const TOUCH = 1e-3;

/**
 * Compares one peer with sepax over the cross-check frames but the last (which only serves to recognise "late").
 * `frames[f]` = { motion snapshot {x, y, angle}, ref: sorted keys (sepax), peer: sorted keys, depthOf(a, b) }.
 * Returns { frames: [{ frame, ref, peer, missing, extra }], causes: { cause: count }, examples: [...] }.
 */
export function compare(w, name, frames) {
  const causes = {};
  const examples = [];
  const out = [];
  // The last frame is only a lookahead for the "late" cause.
  for (let f = 0; f + 1 < frames.length; f++) {
    const fr = frames[f];
    const refSet = new Set(fr.ref);
    const peerSet = new Set(fr.peer);
    const nextPeer = f + 1 < frames.length ? new Set(frames[f + 1].peer) : null;
    const prevRef = f > 0 ? new Set(frames[f - 1].ref) : null;
    let missing = 0;
    let extra = 0;
    const classify = (key, kind) => {
      const a = Math.floor(key / 4294967296);
      const b = key % 4294967296;
      const sep = separation(w, fr.motion, a, b);
      let cause;
      if (Math.abs(sep) < TOUCH) cause = "touching (|separation| < 1e-3)";
      else if (
        name === "matter" &&
        kind === "missing" &&
        (w.kinds[a] === KIND_CIRCLE || w.kinds[b] === KIND_CIRCLE) &&
        separation(w, fr.motion, a, b, true) > 0
      )
        cause = "matter's circles are inscribed 10-gons";
      else if (kind === "missing" && nextPeer && nextPeer.has(key)) cause = "late (reported one frame later)";
      else if (kind === "extra" && prevRef && prevRef.has(key))
        cause = "late (still reported one frame after it ended)";
      else if (Math.abs(sep) < 10 * TOUCH) cause = "near-touching (|separation| < 1e-2): the peer's tolerance";
      else cause = "other";
      const label = `${kind}: ${cause}`;
      causes[label] = (causes[label] ?? 0) + 1;
      if (examples.length < 6 && (cause === "other" || examples.filter((e) => e.cause === cause).length < 1)) {
        examples.push({
          frame: f,
          kind,
          cause,
          a,
          b,
          kinds: `${KIND_NAMES[w.kinds[a]]}-${KIND_NAMES[w.kinds[b]]}`,
          separation: sep,
          sepaxDepth: kind === "missing" ? fr.depthOf(a, b) : NaN,
        });
      }
    };
    for (const k of fr.ref) if (!peerSet.has(k)) (missing++, classify(k, "missing"));
    for (const k of fr.peer) if (!refSet.has(k)) (extra++, classify(k, "extra"));
    out.push({ frame: f, ref: fr.ref.length, peer: fr.peer.length, missing, extra });
  }
  return { frames: out, causes, examples };
}
