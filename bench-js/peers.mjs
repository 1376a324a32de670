// The peers, each driven the fastest correct way found, behind one interface:
//
//   const lib = await PEERS["sat-rbush"].create(workload)
//   lib.write(motion)   // hand the frame's transforms to the library
//   lib.step()          // compute the complete set of overlapping pairs
//   lib.read()          // read the pairs out as a flat array of shape indices and touch them; returns a checksum
//   lib.pairKeys()      // (untimed, cross-check only) sorted keys lo * 2^32 + hi of the current pairs
//
// Pairs are `[a0, b0, a1, b1, ...]` shape indices in a Uint32Array that is reused across frames (`flat`, first
// `2 * count` entries valid): collecting them is part of the library's cost, but the bench adds no garbage of its own.

import { createRequire } from "node:module";
import { KIND_BOX, KIND_CIRCLE } from "./workload.mjs";

const require = createRequire(import.meta.url);

/** A growable flat pair list (Uint32Array), reused across frames. */
export class FlatPairs {
  constructor(capacity = 1024) {
    this.flat = new Uint32Array(2 * capacity);
    this.count = 0;
  }
  clear() {
    this.count = 0;
  }
  push(a, b) {
    let k = 2 * this.count;
    if (k + 2 > this.flat.length) {
      const bigger = new Uint32Array(this.flat.length * 2);
      bigger.set(this.flat);
      this.flat = bigger;
    }
    if (a < b) {
      this.flat[k] = a;
      this.flat[k + 1] = b;
    } else {
      this.flat[k] = b;
      this.flat[k + 1] = a;
    }
    this.count++;
  }
  /** Touches every id (the "read" of the workload): returns the sum of all ids. */
  sum() {
    const f = this.flat;
    const n = 2 * this.count;
    let s = 0;
    // int32 sum, as sepax's read: a sum past 2^31 would be returned as a heap number (garbage).
    for (let i = 0; i < n; i++) s = (s + f[i]) | 0;
    return s;
  }
  keys() {
    const out = new Float64Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const a = this.flat[2 * i];
      const b = this.flat[2 * i + 1];
      out[i] = Math.min(a, b) * 4294967296 + Math.max(a, b);
    }
    return out.sort();
  }
}

/** Local box corners, counter-clockwise in y-up. */
function boxPoints(hw, hh) {
  return [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ];
}

function polygonPoints(shape) {
  if (shape.kind === KIND_BOX) return boxPoints(shape.hw, shape.hh);
  const out = [];
  for (let k = 0; k < shape.points.length; k += 2) out.push([shape.points[k], shape.points[k + 1]]);
  return out;
}

const f32 = Math.fround;

// ---------------------------------------------------------------------------------------------------------------
// rapier (both builds), two recipes; each keeps its pair set from the start/stop collision events (a dense pair list,
// swap-remove on stop).
// - "parentless" (the default, the fastest correct way found): one sensor collider per shape WITHOUT a parent body
//   (world.createCollider(desc)), ActiveCollisionTypes.DEFAULT | FIXED_FIXED (pairs of two parentless colliders count
//   as fixed-fixed and are skipped without FIXED_FIXED; ALL alone does not include it in these versions),
//   COLLISION_EVENTS; per frame collider.setTranslation/setRotation, world.step(eventQueue).
// - "kinematic" (the rapier-simd-kinematic library): one kinematic position-based body per
//   shape carrying the sensor collider; per frame body.setTranslation/setRotation (teleport). About 1.4-1.7x slower.
//   RAPIER_NEXT=1 uses setNextKinematicTranslation/Rotation instead: every pair then comes one frame late (the step
//   detects collisions before it integrates the kinematic targets), so it is not the default.
// rapier2d-simd-compat 0.19.3 reports a few of the pairs that start in a frame one frame late (a stale broad phase); the
// bench's crosscheck says how many.

const NEXT = process.env.RAPIER_NEXT === "1";
function rapierPeer(moduleName, recipe) {
  const parentless = recipe === "parentless";
  return {
    async create(w) {
      const mod = await import(moduleName);
      const RAPIER = mod.default ?? mod;
      await RAPIER.init({});
      const world = new RAPIER.World({ x: 0, y: 0 });
      const events = new RAPIER.EventQueue(true);
      const movers = new Array(w.n); // colliders (parentless) or bodies (kinematic)
      const indexOfHandle = new Map();
      const types = parentless
        ? RAPIER.ActiveCollisionTypes.DEFAULT | RAPIER.ActiveCollisionTypes.FIXED_FIXED
        : RAPIER.ActiveCollisionTypes.ALL;
      for (let i = 0; i < w.n; i++) {
        const s = w.shapes[i];
        let desc;
        if (s.kind === KIND_BOX) desc = RAPIER.ColliderDesc.cuboid(s.hw, s.hh);
        else if (s.kind === KIND_CIRCLE) desc = RAPIER.ColliderDesc.ball(s.r);
        else desc = RAPIER.ColliderDesc.convexPolyline(s.points);
        if (!desc) throw new Error(`rapier rejected shape ${i}`);
        desc.setSensor(true).setActiveCollisionTypes(types).setActiveEvents(RAPIER.ActiveEvents.COLLISION_EVENTS);
        let c;
        if (parentless) {
          desc.setTranslation(f32(w.x[i]), f32(w.y[i])).setRotation(f32(w.angle[i]));
          c = world.createCollider(desc);
          movers[i] = c;
        } else {
          const body = world.createRigidBody(
            RAPIER.RigidBodyDesc.kinematicPositionBased()
              .setTranslation(f32(w.x[i]), f32(w.y[i]))
              .setRotation(f32(w.angle[i])),
          );
          c = world.createCollider(desc, body);
          movers[i] = body;
        }
        indexOfHandle.set(c.handle, i);
      }
      const n = w.n;
      const pairs = new FlatPairs(2 * n);
      const slotOfKey = new Map();
      const keyOfSlot = [];
      const v = { x: 0, y: 0 };
      const onEvent = (h1, h2, started) => {
        let a = indexOfHandle.get(h1);
        let b = indexOfHandle.get(h2);
        if (a > b) {
          const t = a;
          a = b;
          b = t;
        }
        const key = a * n + b;
        const slot = slotOfKey.get(key);
        if (started) {
          if (slot === undefined) {
            slotOfKey.set(key, pairs.count);
            keyOfSlot[pairs.count] = key;
            pairs.push(a, b);
          }
        } else if (slot !== undefined) {
          const last = pairs.count - 1;
          if (slot !== last) {
            pairs.flat[2 * slot] = pairs.flat[2 * last];
            pairs.flat[2 * slot + 1] = pairs.flat[2 * last + 1];
            const lastKey = keyOfSlot[last];
            keyOfSlot[slot] = lastKey;
            slotOfKey.set(lastKey, slot);
          }
          slotOfKey.delete(key);
          pairs.count = last;
        }
      };
      return {
        write(m) {
          const { x, y, angle } = m;
          for (let i = 0; i < n; i++) {
            const b = movers[i];
            v.x = x[i];
            v.y = y[i];
            if (parentless) {
              b.setTranslation(v);
              b.setRotation(angle[i]);
            } else if (NEXT) {
              b.setNextKinematicTranslation(v);
              b.setNextKinematicRotation(angle[i]);
            } else {
              b.setTranslation(v, true);
              b.setRotation(angle[i], true);
            }
          }
        },
        step() {
          world.step(events);
          events.drainCollisionEvents(onEvent);
        },
        read: () => pairs.sum(),
        pairKeys: () => pairs.keys(),
        get count() {
          return pairs.count;
        },
        dispose() {
          events.free();
          world.free();
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// detect-collisions (check2d inside): System, one body per shape (boxes as centred polygons), per frame
// setPosition/setAngle without immediate update then system.updateBody (re-inserts into its BVH), checkAll with a
// callback that keeps each pair once (checkAll reports both orders).

const detectCollisionsPeer = {
  async create(w) {
    const { System } = await import("detect-collisions");
    const system = new System();
    const n = w.n;
    const bodies = new Array(n);
    for (let i = 0; i < n; i++) {
      const s = w.shapes[i];
      const pos = { x: f32(w.x[i]), y: f32(w.y[i]) };
      let body;
      if (s.kind === KIND_CIRCLE) body = system.createCircle(pos, s.r);
      else
        body = system.createPolygon(
          pos,
          polygonPoints(s).map(([x, y]) => ({ x, y })),
          { angle: f32(w.angle[i]) },
        );
      body.benchIndex = i;
      bodies[i] = body;
    }
    const isCircle = w.kinds.map((k) => (k === KIND_CIRCLE ? 1 : 0));
    const pairs = new FlatPairs(2 * n);
    const collect = (r) => {
      const a = r.a.benchIndex;
      const b = r.b.benchIndex;
      if (a < b) pairs.push(a, b);
      return false; // keep going: `checkAll` stops at the first callback returning true
    };
    return {
      write(m) {
        const { x, y, angle } = m;
        for (let i = 0; i < n; i++) {
          const b = bodies[i];
          b.setPosition(x[i], y[i], false);
          if (!isCircle[i]) b.setAngle(angle[i], false);
          system.updateBody(b);
        }
      },
      step() {
        pairs.clear();
        system.checkAll(collect);
      },
      read: () => pairs.sum(),
      pairKeys: () => pairs.keys(),
      get count() {
        return pairs.count;
      },
      dispose() {},
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// sat + rbush: one SAT.Circle / SAT.Polygon per shape (pos and angle set in place; setAngle recomputes the rotated
// points and normals without allocating), the broad phase an rbush bulk-loaded (`load`, OMT) from reused item
// objects per frame, one `search` per shape keeping candidates j > i, and the boolean SAT tests (no Response).

const satRbushPeer = {
  async create(w) {
    const SAT = require("sat");
    const { default: RBush } = await import("rbush");
    const n = w.n;
    const objects = new Array(n);
    const items = new Array(n);
    const kinds = w.kinds;
    for (let i = 0; i < n; i++) {
      const s = w.shapes[i];
      const pos = new SAT.Vector(f32(w.x[i]), f32(w.y[i]));
      if (s.kind === KIND_CIRCLE) objects[i] = new SAT.Circle(pos, s.r);
      else {
        objects[i] = new SAT.Polygon(
          pos,
          polygonPoints(s).map(([x, y]) => new SAT.Vector(x, y)),
        );
        objects[i].setAngle(f32(w.angle[i]));
      }
      items[i] = { minX: 0, minY: 0, maxX: 0, maxY: 0, i };
    }
    const tree = new RBush();
    const pairs = new FlatPairs(2 * n);
    const { testCircleCircle, testCirclePolygon, testPolygonCircle, testPolygonPolygon } = SAT;
    return {
      write(m) {
        const { x, y, angle } = m;
        for (let i = 0; i < n; i++) {
          const o = objects[i];
          o.pos.x = x[i];
          o.pos.y = y[i];
          if (kinds[i] !== KIND_CIRCLE) o.setAngle(angle[i]);
        }
      },
      step() {
        for (let i = 0; i < n; i++) {
          const o = objects[i];
          const it = items[i];
          const px = o.pos.x;
          const py = o.pos.y;
          if (kinds[i] === KIND_CIRCLE) {
            it.minX = px - o.r;
            it.minY = py - o.r;
            it.maxX = px + o.r;
            it.maxY = py + o.r;
          } else {
            const pts = o.calcPoints;
            let x0 = Infinity;
            let y0 = Infinity;
            let x1 = -Infinity;
            let y1 = -Infinity;
            for (let k = 0; k < pts.length; k++) {
              const p = pts[k];
              if (p.x < x0) x0 = p.x;
              if (p.x > x1) x1 = p.x;
              if (p.y < y0) y0 = p.y;
              if (p.y > y1) y1 = p.y;
            }
            it.minX = px + x0;
            it.minY = py + y0;
            it.maxX = px + x1;
            it.maxY = py + y1;
          }
        }
        tree.clear();
        tree.load(items);
        pairs.clear();
        for (let i = 0; i < n; i++) {
          const found = tree.search(items[i]);
          const a = objects[i];
          const ca = kinds[i] === KIND_CIRCLE;
          for (let f = 0; f < found.length; f++) {
            const j = found[f].i;
            if (j <= i) continue;
            const b = objects[j];
            const cb = kinds[j] === KIND_CIRCLE;
            let hit;
            if (ca) hit = cb ? testCircleCircle(a, b) : testCirclePolygon(a, b);
            else hit = cb ? testPolygonCircle(a, b) : testPolygonPolygon(a, b);
            if (hit) pairs.push(i, j);
          }
        }
      },
      read: () => pairs.sum(),
      pairKeys: () => pairs.keys(),
      get count() {
        return pairs.count;
      },
      dispose() {},
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// matter-js: one body per shape (Bodies.rectangle / circle / fromVertices; matter makes circles 10-gons at these
// radii), no engine; per frame Body.setPosition + Body.setAngle, then Detector.collisions (sort and sweep on x,
// then SAT) over all bodies.

const matterPeer = {
  async create(w) {
    const Matter = require("matter-js");
    const { Bodies, Body, Detector } = Matter;
    const n = w.n;
    const bodies = new Array(n);
    for (let i = 0; i < n; i++) {
      const s = w.shapes[i];
      const x = f32(w.x[i]);
      const y = f32(w.y[i]);
      let body;
      if (s.kind === KIND_BOX) body = Bodies.rectangle(x, y, 2 * s.hw, 2 * s.hh);
      else if (s.kind === KIND_CIRCLE) body = Bodies.circle(x, y, s.r);
      else body = Bodies.fromVertices(x, y, [polygonPoints(s).map(([px, py]) => ({ x: px, y: py }))]);
      // fromVertices centres on the area centroid, which the workload already put at the origin (up to f32).
      Body.setPosition(body, { x, y });
      Body.setAngle(body, f32(w.angle[i]));
      body.benchIndex = i;
      bodies[i] = body;
    }
    const detector = Detector.create({ bodies: bodies.slice() });
    const pairs = new FlatPairs(2 * n);
    const pos = { x: 0, y: 0 };
    return {
      write(m) {
        const { x, y, angle } = m;
        for (let i = 0; i < n; i++) {
          const b = bodies[i];
          pos.x = x[i];
          pos.y = y[i];
          Body.setPosition(b, pos);
          Body.setAngle(b, angle[i]);
        }
      },
      step() {
        const collisions = Detector.collisions(detector);
        pairs.clear();
        for (let k = 0; k < collisions.length; k++) {
          const c = collisions[k];
          pairs.push(c.bodyA.benchIndex, c.bodyB.benchIndex);
        }
      },
      read: () => pairs.sum(),
      pairKeys: () => pairs.keys(),
      get count() {
        return pairs.count;
      },
      dispose() {},
    };
  },
};

export const PEERS = {
  "rapier-simd": rapierPeer("@dimforge/rapier2d-simd-compat", "parentless"),
  rapier: rapierPeer("@dimforge/rapier2d-compat", "parentless"),
  "rapier-simd-kinematic": rapierPeer("@dimforge/rapier2d-simd-compat", "kinematic"),
  "sat-rbush": satRbushPeer,
  matter: matterPeer,
  "detect-collisions": detectCollisionsPeer,
};

export const PEER_LABELS = {
  "rapier-simd": "rapier2d-simd-compat",
  rapier: "rapier2d-compat",
  "rapier-simd-kinematic": "rapier2d-simd-compat (kinematic bodies)",
  "sat-rbush": "sat + rbush",
  matter: "matter-js",
  "detect-collisions": "detect-collisions",
};
