// Scenes as plain objects through the built package: addShapes(list) and shape(id). Every kind round-trips
// exactly (also through JSON), a world built by addShapes steps exactly like one built by add* calls, and hostile
// lists are refused whole with a TypeError or RangeError naming the record and the field, leaving the world as it
// was and steppable.
import assert from "node:assert/strict";
import { test } from "node:test";
import init, { World } from "../../pkg/node.js";
import { mulberry32 } from "../../bench-js/rng.mjs";

await init();

/** Everything the public API says about the live shapes of `world` listed in `ids`. */
function state(world, ids) {
  world.step();
  return {
    size: world.size,
    shapes: [...ids].map((id) => world.shape(id)),
    parts: [...ids].map((id) => [...world.parts(id)]),
    generations: [...ids].map((id) => world.generation(id)),
    pairs: [...world.pairs()],
    contacts: [...new Uint32Array(world.contacts().slice().buffer)], // the bits
  };
}

/** One shape of each kind through the add* methods, moved and turned afterwards, with options. */
function eachKind(world) {
  const ids = [
    world.addCircle(0.5, 0.25, 1.5, { layer: 2, mask: 7 }),
    world.addBox(3, 0, 2, 0.5, 0.3, { isStatic: true }),
    world.addAlignedBox(-3, 0, 3, 1, { layer: 4 }),
    world.addPolygon(0, 3, 0.7, [0, 0, 0, 2, 2, 2, 2, 2, 2.5, 0.5]), // clockwise, a duplicate: repaired
    world.addCapsule(2, 3, 2, 0.25, 1.1, { mask: -1 }),
    world.addSegment(-1, -2, 2.5, -2.75),
    world.addPoint(0.75, 0.5, { layer: 0x80000000, mask: 0xffffffff }),
    // An L, clockwise, with a collinear point: described by its checked outline, rebuilt into the same parts.
    world.addConcavePolygon(-2, 4, 0.2, [0, 4, 1, 4, 1, 1, 4, 1, 4, 0, 0, 0, 0, 2], { layer: 8 }),
    // A closed chain with a repeated point (merged): its checked points and its side.
    world.addChain([0, 0, 3, 0, 3, 0, 3, 2, 0, 2], { loop: true, isStatic: true }),
  ];
  world.setTransform(ids[8], 1, -4, 0.5);
  world.setTransform(ids[5], 0.1, -2.2, 7.25); // a turned segment: its ends are local
  world.setTransform(ids[0], 0.5, 0.25, 1e10); // a huge angle on a circle is kept too
  return ids;
}

const KINDS = ["circle", "box", "alignedBox", "polygon", "capsule", "segment", "point", "concave", "chain"];

test("every kind round-trips exactly through shape(id) and addShapes, and through JSON", () => {
  const world = new World();
  const copy = new World();
  const fromJson = new World();
  try {
    const ids = eachKind(world);
    const records = ids.map((id) => world.shape(id));
    assert.deepEqual(
      records.map((r) => r.kind),
      KINDS,
    );
    for (const record of records) {
      for (const key of ["x", "y", "angle", "layer", "mask", "isStatic"]) assert.ok(key in record, key);
    }
    assert.deepEqual(records[3].points.length, 8, "the repaired polygon's four kept vertices");
    assert.ok(Array.isArray(records[3].points));
    assert.equal(records[0].angle, Math.fround(1e10));
    assert.equal(records[6].layer, 0x80000000);
    assert.equal(records[6].mask, 0xffffffff);
    assert.equal(records[7].points.length, 12, "the L's six checked points, not its hull's");
    assert.equal(world.parts(ids[7])[0], 2, "two parts");
    assert.deepEqual(records[8].points, [0, 0, 3, 0, 3, 2, 0, 2]);
    assert.equal(records[8].loop, true);
    assert.equal(records[8].angle, Math.fround(0.5));

    assert.deepEqual([...copy.addShapes(records)], ids);
    assert.deepEqual(state(copy, ids), state(world, ids));
    assert.deepEqual([...fromJson.addShapes(JSON.parse(JSON.stringify(records)))], ids);
    assert.deepEqual(state(fromJson, ids), state(world, ids));
    for (const id of ids) assert.deepEqual([...copy.getTransform(id)], [...world.getTransform(id)]);
  } finally {
    world.free();
    copy.free();
    fromJson.free();
  }
});

test("defaults are the add* methods' defaults, and typed-array points are accepted", () => {
  const a = new World();
  const b = new World();
  try {
    const ids = a.addShapes([
      { kind: "circle", x: 1, y: 2, radius: 3 },
      { kind: "polygon", x: 0, y: 0, points: new Float32Array([0, 0, 1, 0, 0, 1]) },
      { kind: "polygon", x: 0, y: 0, points: new Float64Array([0, 0, 1, 0, 0, 1]) },
    ]);
    b.addCircle(1, 2, 3);
    b.addPolygon(0, 0, 0, [0, 0, 1, 0, 0, 1]);
    b.addPolygon(0, 0, 0, [0, 0, 1, 0, 0, 1]);
    assert.deepEqual(state(a, ids), state(b, ids));
    assert.deepEqual(a.shape(ids[0]), {
      kind: "circle",
      x: 1,
      y: 2,
      angle: 0,
      radius: 3,
      layer: 1,
      mask: 0xffffffff,
      isStatic: false,
      oneWay: null,
      sensor: false,
      continuous: false,
      tag: 0,
    });
  } finally {
    a.free();
    b.free();
  }
});

/**
 * A seeded scene on a grid of quarter units (every sum and half is exact in f32): the add* calls, and the records
 * that describe the same shapes.
 */
function gridScene(seed, count) {
  const rand = mulberry32(seed);
  const q = (lo, hi) => (lo + Math.floor(rand() * (hi - lo + 1))) / 4; // a quarter-unit grid value
  const calls = [];
  const records = [];
  for (let i = 0; i < count; i++) {
    const x = q(-160, 160);
    const y = q(-160, 160);
    const angle = rand() < 0.5 ? 0 : rand() * 6;
    const opts = { layer: 1 << (i % 3), mask: rand() < 0.2 ? 5 : -1, isStatic: rand() < 0.2 };
    const place = { x, y, angle, ...opts, mask: opts.mask >>> 0 };
    const a = q(1, 12);
    const b = q(1, 12);
    switch (KINDS[i % KINDS.length]) {
      case "circle":
        calls.push((w) => w.addCircle(x, y, a, opts));
        records.push({ kind: "circle", radius: a, ...place, angle: 0 });
        break;
      case "box":
        calls.push((w) => w.addBox(x, y, a, b, angle, opts));
        records.push({ kind: "box", halfWidth: a, halfHeight: b, ...place });
        break;
      case "alignedBox":
        calls.push((w) => w.addAlignedBox(x, y, a, b, opts));
        records.push({ kind: "alignedBox", halfWidth: a, halfHeight: b, ...place, angle: 0 });
        break;
      case "polygon": {
        const points = [-a, -b, a, -b, 0, b];
        calls.push((w) => w.addPolygon(x, y, angle, points, opts));
        records.push({ kind: "polygon", points, ...place });
        break;
      }
      case "capsule":
        calls.push((w) => w.addCapsule(x, y, a, b, angle, opts));
        records.push({ kind: "capsule", halfLength: a, radius: b, ...place });
        break;
      case "segment": {
        // addSegment places a segment at its midpoint with angle 0, its ends ± half the difference.
        const [x2, y2] = [x + 2 * a, y - 2 * b];
        calls.push((w) => w.addSegment(x, y, x2, y2, opts));
        records.push({ kind: "segment", x1: -a, y1: b, x2: a, y2: -b, ...place, x: x + a, y: y - b, angle: 0 });
        break;
      }
      case "concave": {
        const points = [-a, -b, a, -b, a, b, 0, 0, -a, b]; // a notch in the top
        calls.push((w) => w.addConcavePolygon(x, y, angle, points, opts));
        records.push({ kind: "concave", points, ...place });
        break;
      }
      case "chain": {
        // addChain places a chain at the origin: the calls move it, the record places it.
        const points = [-a, 0, 0, b, a, 0];
        calls.push((w) => {
          const id = w.addChain(points, opts);
          w.setTransform(id, x, y, angle);
          return id;
        });
        records.push({ kind: "chain", points, loop: false, ...place });
        break;
      }
      default:
        calls.push((w) => w.addPoint(x, y, opts));
        records.push({ kind: "point", ...place, angle: 0 });
    }
  }
  return { calls, records };
}

test("a world built by addShapes steps exactly like one built by add* calls", () => {
  const byCalls = new World();
  const byList = new World();
  try {
    const { calls, records } = gridScene(21, 700);
    const ids = calls.map((add) => add(byCalls));
    assert.deepEqual([...byList.addShapes(records)], ids);
    for (const id of ids) assert.deepEqual(byList.shape(id), byCalls.shape(id), `id ${id}`);
    const rand = mulberry32(5);
    const moving = ids.filter((id) => !byCalls.shape(id).isStatic);
    for (let frame = 0; frame < 5; frame++) {
      const s = state(byCalls, ids);
      assert.ok(s.pairs.length > 40, `frame ${frame}: a scene with pairs (${s.pairs.length / 2})`);
      assert.deepEqual(state(byList, ids), s, `frame ${frame}`);
      const xya = new Float32Array(moving.length * 3);
      moving.forEach((id, i) => {
        const [x, y, a] = byCalls.getTransform(id);
        xya.set([x + rand() - 0.5, y + rand() - 0.5, a + 0.1], 3 * i);
      });
      byCalls.setTransforms(new Uint32Array(moving), xya);
      byList.setTransforms(new Uint32Array(moving), xya);
    }
  } finally {
    byCalls.free();
    byList.free();
  }
});

const CIRCLE = () => ({ kind: "circle", x: 0, y: 0, radius: 1 });
const throwing = (message) => () => {
  throw new Error(message);
};
function withThrowingIndex(index) {
  const list = [CIRCLE()];
  Object.defineProperty(list, index, { get: throwing("index getter threw"), enumerable: true });
  return list;
}

/** Hostile lists: [label, list maker, error class, message pattern]. Each starts with a valid record. */
const HOSTILE = [
  ["a number", () => 5, TypeError, /^addShapes: list must be an array of shapes \(got 5\)$/],
  ["null", () => null, TypeError, /list must be an array/],
  ["undefined", () => undefined, TypeError, /list must be an array/],
  ["an array-like object", () => ({ length: 1, 0: CIRCLE() }), TypeError, /list must be an array/],
  ["a typed array", () => new Float64Array(3), TypeError, /list must be an array/],
  ["a null entry", () => [CIRCLE(), null], TypeError, /^addShapes: list\[1\] must be an object \(got null\)$/],
  ["a hole", () => [CIRCLE(), , CIRCLE()], TypeError, /list\[1\] must be an object \(got undefined\)/], // eslint-disable-line no-sparse-arrays
  ["a number entry", () => [CIRCLE(), 7], TypeError, /list\[1\] must be an object/],
  ["an array entry", () => [CIRCLE(), [1, 2]], TypeError, /list\[1\] must be an object/],
  ["no kind", () => [CIRCLE(), { x: 0, y: 0, radius: 1 }], TypeError, /list\[1\]\.kind must be a string/],
  [
    "an unknown kind",
    () => [CIRCLE(), { kind: "star", x: 0, y: 0 }],
    TypeError,
    /list\[1\]\.kind must be one of .*"polygon", "concave", "chain", "tileGrid" \(got "star"\)/,
  ],
  [
    "a concave outline that crosses itself",
    () => [CIRCLE(), { kind: "concave", x: 0, y: 0, points: [0, 0, 2, 2, 2, 0, 0, 2] }],
    RangeError,
    /list\[1\]\.points: the outline crosses itself/,
  ],
  [
    "a concave outline of 1025 points",
    () => [CIRCLE(), { kind: "concave", x: 0, y: 0, points: new Float64Array(2050) }],
    RangeError,
    /list\[1\]\.points: a concave polygon has at most 1024 points/,
  ],
  [
    "a concave record with a polygon's size key",
    () => [CIRCLE(), { kind: "concave", x: 0, y: 0, radius: 1, points: [0, 0, 1, 0, 0, 1] }],
    TypeError,
    /list\[1\].*radius/,
  ],
  [
    "a chain of one point",
    () => [CIRCLE(), { kind: "chain", x: 0, y: 0, points: [1, 1] }],
    RangeError,
    /list\[1\]\.points: .*2/,
  ],
  [
    "a chain's loop not a boolean",
    () => [CIRCLE(), { kind: "chain", x: 0, y: 0, points: [0, 0, 1, 0], loop: 1 }],
    TypeError,
    /list\[1\]\.loop must be a boolean \(got 1\)/,
  ],
  [
    "loop on a concave record",
    () => [CIRCLE(), { kind: "concave", x: 0, y: 0, points: [0, 0, 1, 0, 0, 1], loop: true }],
    TypeError,
    /list\[1\].*loop/,
  ],
  [
    "concave points not an array",
    () => [CIRCLE(), { kind: "concave", x: 0, y: 0, points: "0,0,1,0,0,1" }],
    TypeError,
    /list\[1\]\.points must be a Float32Array/,
  ],
  ["a kind of another case", () => [CIRCLE(), { kind: "Circle", x: 0, y: 0, radius: 1 }], TypeError, /list\[1\]\.kind/],
  ["an extra field", () => [CIRCLE(), { ...CIRCLE(), colour: "red" }], TypeError, /list\[1\]: unknown key "colour"/],
  [
    "another kind's field",
    () => [CIRCLE(), { ...CIRCLE(), halfWidth: 1 }],
    TypeError,
    /list\[1\]: unknown key "halfWidth"/,
  ],
  [
    "a symbol key",
    () => [CIRCLE(), { ...CIRCLE(), [Symbol("s")]: 1 }],
    TypeError,
    /list\[1\]: unknown key \(a symbol\)/,
  ],
  [
    "a missing size",
    () => [CIRCLE(), { kind: "box", x: 0, y: 0, halfWidth: 1 }],
    TypeError,
    /list\[1\]\.halfHeight must be a number \(got undefined\)/,
  ],
  [
    "a missing x",
    () => [CIRCLE(), { kind: "point", y: 0 }],
    TypeError,
    /list\[1\]\.x must be a number \(got undefined\)/,
  ],
  [
    "a string size",
    () => [CIRCLE(), { ...CIRCLE(), radius: "1" }],
    TypeError,
    /list\[1\]\.radius must be a number \(got the string "1"\)/,
  ],
  ["a boxed number", () => [CIRCLE(), { ...CIRCLE(), x: new Number(1) }], TypeError, /list\[1\]\.x must be a number/],
  ["a BigInt", () => [CIRCLE(), { ...CIRCLE(), y: 1n }], TypeError, /list\[1\]\.y must be a number/],
  ["NaN", () => [CIRCLE(), { ...CIRCLE(), x: NaN }], RangeError, /list\[1\]\.x must be a finite number \(got NaN\)/],
  [
    "an infinite angle",
    () => [CIRCLE(), { ...CIRCLE(), angle: Infinity }],
    RangeError,
    /list\[1\]\.angle must be a finite number/,
  ],
  [
    "a negative size",
    () => [CIRCLE(), { ...CIRCLE(), radius: -2 }],
    RangeError,
    /^addShapes: list\[1\]\.radius must be greater than 0 \(got -2\)$/,
  ],
  [
    "a zero half width",
    () => [CIRCLE(), { kind: "box", x: 0, y: 0, halfWidth: 0, halfHeight: 1 }],
    RangeError,
    /list\[1\]\.halfWidth must be greater than 0/,
  ],
  ["a huge size", () => [CIRCLE(), { ...CIRCLE(), radius: 1e8 }], RangeError, /list\[1\]\.radius must be at most/],
  [
    "an f32 overflow",
    () => [CIRCLE(), { ...CIRCLE(), radius: 1e39 }],
    RangeError,
    /list\[1\]\.radius is too large for 32-bit floats/,
  ],
  [
    "a position out of range",
    () => [CIRCLE(), { ...CIRCLE(), y: -2e7 }],
    RangeError,
    /list\[1\]\.y must be between -1e7 and 1e7/,
  ],
  [
    "a fractional mask",
    () => [CIRCLE(), { ...CIRCLE(), mask: 1.5 }],
    RangeError,
    /list\[1\]\.mask must be a 32-bit integer/,
  ],
  ["a string layer", () => [CIRCLE(), { ...CIRCLE(), layer: "2" }], TypeError, /list\[1\]\.layer must be a number/],
  [
    "a numeric isStatic",
    () => [CIRCLE(), { ...CIRCLE(), isStatic: 1 }],
    TypeError,
    /list\[1\]\.isStatic must be a boolean \(got 1\)/,
  ],
  [
    "a zero-length segment",
    () => [CIRCLE(), { kind: "segment", x: 0, y: 0, x1: 1, y1: 1, x2: 1, y2: 1 }],
    RangeError,
    /list\[1\]\.x2, list\[1\]\.y2 must differ/,
  ],
  [
    "collinear polygon points",
    () => [CIRCLE(), { kind: "polygon", x: 0, y: 0, points: [0, 0, 1, 0, 2, 0] }],
    RangeError,
    /list\[1\]\.points: the polygon has zero area/,
  ],
  [
    "a concave polygon",
    () => [CIRCLE(), { kind: "polygon", x: 0, y: 0, points: [0, 0, 4, 0, 1, 1, 0, 4] }],
    RangeError,
    /list\[1\]\.points: the polygon is not convex at vertex 2/,
  ],
  [
    "65 polygon points",
    () => [CIRCLE(), { kind: "polygon", x: 0, y: 0, points: new Float64Array(130) }],
    RangeError,
    /list\[1\]\.points: a polygon has at most 64 points/,
  ],
  [
    "points not an array",
    () => [CIRCLE(), { kind: "polygon", x: 0, y: 0, points: "0,0,1,0,0,1" }],
    TypeError,
    /list\[1\]\.points must be a Float32Array/,
  ],
  [
    "a NaN vertex",
    () => [CIRCLE(), { kind: "polygon", x: 0, y: 0, points: [0, 0, 1, NaN, 0, 1] }],
    RangeError,
    /list\[1\]\.points: vertex 1/,
  ],
  [
    "a getter that throws",
    () => [
      CIRCLE(),
      {
        ...CIRCLE(),
        get radius() {
          throw new Error("boom");
        },
      },
    ],
    TypeError,
    /list\[1\]\.radius could not be read \(it threw: boom\)/,
  ],
  [
    "a kind getter that throws",
    () => [
      CIRCLE(),
      {
        get kind() {
          throw new Error("no kind");
        },
      },
    ],
    TypeError,
    /list\[1\]\.kind could not be read \(it threw: no kind\)/,
  ],
  [
    "an index getter that throws",
    () => withThrowingIndex(1),
    TypeError,
    /list\[1\] could not be read \(it threw: index getter threw\)/,
  ],
  [
    "a proxy whose ownKeys throws",
    () => [CIRCLE(), new Proxy(CIRCLE(), { ownKeys: throwing("keys trap") })],
    TypeError,
    /list\[1\] could not be read \(it threw: keys trap\)/,
  ],
  [
    "a revoked proxy record",
    () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return [CIRCLE(), proxy];
    },
    TypeError,
    /list\[1\]/,
  ],
  [
    "a proxy list whose get throws",
    () => new Proxy([CIRCLE()], { get: throwing("list trap") }),
    TypeError,
    /^addShapes: list could not be read \(it threw: list trap\)$/,
  ],
  [
    "a huge sparse list",
    () => new Array(2 ** 25),
    RangeError,
    /list has 33554432 shapes, more than the \d+ the world has room for/,
  ],
  [
    "a bad record at the end of 10,000",
    () => [
      ...Array.from({ length: 10000 }, (_, i) => ({ kind: "point", x: i % 100, y: 1 })),
      { ...CIRCLE(), radius: 0 },
    ],
    RangeError,
    /^addShapes: list\[10000\]\.radius must be greater than 0 \(got 0\)$/,
  ],
  [
    "a bad type at the end of 10,000",
    () => [...Array.from({ length: 10000 }, () => CIRCLE()), { ...CIRCLE(), x: "0" }],
    TypeError,
    /^addShapes: list\[10000\]\.x must be a number/,
  ],
];

test("hostile lists are refused whole, naming the record and the field; the world is intact and steppable", () => {
  const world = new World();
  try {
    const ids = eachKind(world);
    world.remove(world.addPoint(50, 50)); // a free id: the next add must still get it
    const before = state(world, ids);
    const freeId = ids.length;
    for (const [label, make, cls, pattern] of HOSTILE) {
      assert.throws(
        () => world.addShapes(make()),
        (e) => e instanceof cls && pattern.test(e.message),
        label,
      );
      assert.equal(world.size, ids.length, `${label}: nothing added`);
      assert.equal(world.has(freeId), false, `${label}: the free id is still free`);
    }
    assert.deepEqual(state(world, ids), before);
    // Still usable: the next add gets the free id, and the world steps.
    assert.deepEqual([...world.addShapes([CIRCLE()])], [freeId]);
    assert.ok(world.step() >= 1);
  } finally {
    world.free();
  }
});

test("an empty list adds nothing; shape() of a removed or bad id names `id`", () => {
  const world = new World();
  try {
    assert.deepEqual([...world.addShapes([])], []);
    const [a] = world.addShapes([CIRCLE()]);
    world.remove(a);
    assert.throws(() => world.shape(a), /^RangeError: shape: id: 0 is not the id of a live shape$/);
    assert.throws(() => world.shape(99), RangeError);
    assert.throws(
      () => world.shape(1.5),
      (e) => e instanceof RangeError && /^shape: id must be/.test(e.message),
    );
    assert.throws(
      () => world.shape("0"),
      (e) => e instanceof TypeError && /^shape: id must be a number/.test(e.message),
    );
    assert.throws(
      () => world.shape(),
      (e) => e instanceof TypeError && /\bid\b/.test(e.message),
    );
  } finally {
    world.free();
  }
});
