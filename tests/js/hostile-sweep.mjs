// The hostile-input sweep of every public World entry point, shared by tests/js/hostile.test.mjs (Node) and
// tests/browser/hostile.test.mjs (Chromium, where this file is served and imported by the page). It has no
// imports: pass it the package's `World` and `wasmMemory`.
//
// Cases are generated from a table: for every method, every argument position has a kind (coordinate, size,
// id, bits, opts, points, …) and every kind has a list of hostile values. Each case calls the method with
// valid arguments except that one, and must throw a TypeError or RangeError whose message starts with the
// method's name and names the argument (and the vertex, for polygons). A WebAssembly.RuntimeError (a trap)
// or any other class is a failure. Afterwards the world must be exactly as before: same shapes, same
// transforms, and a new step() reports the same pairs and contacts.

/** A fresh value per call, so that no case can mutate another's input. */
const v = (label, make) => ({ label, make });

function revokedProxy() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}
const throwingGetter = (key) => ({
  get [key]() {
    throw new Error(`getter ${key} threw`);
  },
});
const throwingProxy = (target) =>
  new Proxy(target, {
    get() {
      throw new Error("proxy get trap threw");
    },
    ownKeys() {
      throw new Error("proxy ownKeys trap threw");
    },
  });

/** Values that are not numbers at all: TypeError. */
const NOT_NUMBERS = [
  v('"1"', () => "1"),
  v('""', () => ""),
  v("null", () => null),
  v("true", () => true),
  v("false", () => false),
  v("1n", () => 1n),
  v("{}", () => ({})),
  v("[1]", () => [1]),
  v("{valueOf: () => 1}", () => ({ valueOf: () => 1 })),
  v("new Number(1)", () => new Number(1)),
  v("Symbol()", () => Symbol("s")),
  v("() => 1", () => () => 1),
];
const UNDEFINED = [v("undefined", () => undefined)];
const NON_FINITE = [
  v("NaN", () => NaN),
  v("Infinity", () => Infinity),
  v("-Infinity", () => -Infinity),
  v("1e39 (overflows f32)", () => 1e39),
  v("-1e39", () => -1e39),
];
const OUT_OF_RANGE = [v("1e8", () => 1e8), v("-1.0000001e7", () => -1.0000001e7)];
const NON_POSITIVE = [
  v("0", () => 0),
  v("-0", () => -0),
  v("-1", () => -1),
  v("1e-46 (f32 zero)", () => 1e-46),
  v("2e7 (too large)", () => 2e7),
];

/** Values that are not ids at all (not an integer in [0, 2^32)). */
const ANY_ID = [
  ...NOT_NUMBERS,
  ...UNDEFINED,
  v("-1", () => -1),
  v("1.5", () => 1.5),
  v("NaN", () => NaN),
  v("Infinity", () => Infinity),
  v("-Infinity", () => -Infinity),
  v("2 ** 32", () => 2 ** 32),
  v("2 ** 53", () => 2 ** 53),
  v("1e300", () => 1e300),
];

/** Argument kinds: hostile values for a required position (optional positions drop `undefined`). */
const KINDS = {
  coordinate: [...NOT_NUMBERS, ...UNDEFINED, ...NON_FINITE, ...OUT_OF_RANGE],
  number: [...NOT_NUMBERS, ...UNDEFINED, ...NON_FINITE],
  angle: [...NOT_NUMBERS, ...UNDEFINED, ...NON_FINITE],
  size: [...NOT_NUMBERS, ...UNDEFINED, ...NON_FINITE, ...NON_POSITIVE],
  bits: [
    ...NOT_NUMBERS,
    ...UNDEFINED,
    v("NaN", () => NaN),
    v("Infinity", () => Infinity),
    v("1.5", () => 1.5),
    v("2 ** 32", () => 2 ** 32),
    v("-(2 ** 31) - 1", () => -(2 ** 31) - 1),
  ],
  // Ids of the methods that act on a shape: also those of no live shape.
  id: [
    ...ANY_ID,
    v("2 ** 32 - 1 (never issued)", () => 2 ** 32 - 1),
    v("999999 (never issued)", () => 999999),
    v("removed id", (s) => s.removed),
  ],
  // Ids of the questions that answer about free and never-issued ids too.
  anyId: ANY_ID,
  opts: [
    v("{ foo: 1 } (unknown key)", () => ({ foo: 1 })),
    v("{ isstatic: true } (misspelt)", () => ({ isstatic: true })),
    v('{ layer: "1" }', () => ({ layer: "1" })),
    v("{ layer: 1.5 }", () => ({ layer: 1.5 })),
    v("{ layer: NaN }", () => ({ layer: NaN })),
    v("{ layer: null }", () => ({ layer: null })),
    v("{ layer: 1n }", () => ({ layer: 1n })),
    v("{ mask: 2 ** 32 }", () => ({ mask: 2 ** 32 })),
    v("{ mask: -Infinity }", () => ({ mask: -Infinity })),
    v("{ isStatic: 1 }", () => ({ isStatic: 1 })),
    v('{ isStatic: "yes" }', () => ({ isStatic: "yes" })),
    v("{ isStatic: null }", () => ({ isStatic: null })),
    v("[Symbol key]", () => ({ [Symbol("k")]: 1 })),
    v("5", () => 5),
    v('"static"', () => "static"),
    v("true", () => true),
    v("1n", () => 1n),
    v("[]", () => []),
    v("() => {}", () => () => {}),
    v("throwing getter", () => throwingGetter("layer")),
    v("throwing proxy", () => throwingProxy({})),
    v("revoked proxy", revokedProxy),
  ],
};
// Opts of the add methods with a bad `oneWay` or `tag`.
KINDS.opts.push(
  v("{ tag: -1 }", () => ({ tag: -1 })),
  v("{ tag: 1.5 }", () => ({ tag: 1.5 })),
  v("{ tag: 2 ** 32 }", () => ({ tag: 2 ** 32 })),
  v('{ tag: "7" }', () => ({ tag: "7" })),
  v("{ oneWay: { x: 0, y: 0 } }", () => ({ oneWay: { x: 0, y: 0 } })),
  v("{ oneWay: { x: 1e-46, y: 0 } } (f32 zero)", () => ({ oneWay: { x: 1e-46, y: 0 } })),
  v('{ oneWay: "up" }', () => ({ oneWay: "up" })),
  v("{ oneWay: false }", () => ({ oneWay: false })),
  v("{ oneWay: { x: NaN, y: 1 } }", () => ({ oneWay: { x: NaN, y: 1 } })),
  v("{ oneWay: { x: 1 } }", () => ({ oneWay: { x: 1 } })),
  v("{ oneWay: { x: 0, y: 1, z: 0 } }", () => ({ oneWay: { x: 0, y: 1, z: 0 } })),
);
/** A query's filter: a layer mask that is not one (every value of `bits` but `{}`, which is an empty filter object),
 * and filter objects with a bad field, an unknown key, or reads that throw. */
KINDS.filter = [
  ...KINDS.bits.filter((x) => x.label !== "{}"),
  v("{ mask: 1.5 }", () => ({ mask: 1.5 })),
  v('{ mask: "1" }', () => ({ mask: "1" })),
  v("{ exclude: -1 }", () => ({ exclude: -1 })),
  v("{ exclude: 1.5 }", () => ({ exclude: 1.5 })),
  v("{ exclude: 2 ** 32 }", () => ({ exclude: 2 ** 32 })),
  v('{ exclude: "3" }', () => ({ exclude: "3" })),
  v("{ exclude: null }", () => ({ exclude: null })),
  v("{ excludeStatics: 1 }", () => ({ excludeStatics: 1 })),
  v('{ excludeSensors: "yes" }', () => ({ excludeSensors: "yes" })),
  v("{ exclud: 3 } (misspelt)", () => ({ exclud: 3 })),
  v("Object.create(null) with a bad key", () => Object.assign(Object.create(null), { layer: 1 })),
  v("new Date()", () => new Date()),
  v("throwing getter", () => throwingGetter("exclude")),
  v("throwing proxy", () => throwingProxy({})),
  v("revoked proxy", revokedProxy),
];

/** A 32-bit word (a generation): not an integer from 0 to 2^32 - 1. */
KINDS.word = [
  ...NOT_NUMBERS,
  ...UNDEFINED,
  v("-1", () => -1),
  v("1.5", () => 1.5),
  v("2 ** 32", () => 2 ** 32),
  v("NaN", () => NaN),
];

/** How many nearest shapes: not an integer from 1 to 1,024. */
KINDS.k = [
  ...NOT_NUMBERS,
  ...UNDEFINED,
  v("0", () => 0),
  v("-1", () => -1),
  v("1.5", () => 1.5),
  v("1025", () => 1025),
  v("NaN", () => NaN),
  v("Infinity", () => Infinity),
];

/** Counts and cell indices: not an integer in [0, 2^32), or out of the grid (the core's RangeError). */
KINDS.count = [...ANY_ID];
KINDS.cell = [...ANY_ID, v("99 (out of the grid)", () => 99)];
KINDS.tileValue = [
  ...NOT_NUMBERS,
  ...UNDEFINED,
  v("-1", () => -1),
  v("1.5", () => 1.5),
  v("65536", () => 65536),
  v("NaN", () => NaN),
];

// Optional positions: the same values minus `undefined`.
const optional = (kind) => KINDS[kind].filter((x) => x.label !== "undefined");

/** Bad options of debugLines, each with the part of the message that names it. */
const DEBUG_OPTS = [
  [v("5", () => 5), /\bopts must be an object/],
  [v("null", () => null), /\bopts must be an object/],
  [v("[]", () => []), /\bopts must be an object/],
  [v("{ box: true } (misspelt)", () => ({ box: true })), /opts: unknown key "box"/],
  [v("{ cells: 1 }", () => ({ cells: 1 })), /opts\.cells must be a boolean/],
  [v("{ region: null }", () => ({ region: null })), /opts\.region must be an object/],
  [v("{ region: { minX: 0 } }", () => ({ region: { minX: 0 } })), /opts\.region\.minY/],
  [
    v("{ region: { …, maxX: NaN } }", () => ({ region: { minX: 0, minY: 0, maxX: NaN, maxY: 1 } })),
    /opts\.region\.maxX/,
  ],
  [
    v("{ region: { …, maxY: 1e39 } }", () => ({ region: { minX: 0, minY: 0, maxX: 1, maxY: 1e39 } })),
    /opts\.region\.maxY/,
  ],
  [v("{ region: min > max }", () => ({ region: { minX: 0, minY: 2, maxX: 1, maxY: 1 } })), /opts\.region must have/],
  [v("{ scale: 0 }", () => ({ scale: 0 })), /opts\.scale must be > 0/],
  [v("{ scale: -Infinity }", () => ({ scale: -Infinity })), /opts\.scale/],
  [v('{ scale: "2" }', () => ({ scale: "2" })), /opts\.scale must be a number/],
  [v("throwing getter", () => throwingGetter("boxes")), /opts\.boxes/],
  [v("throwing proxy", () => throwingProxy({})), /\bopts\b/],
  [v("revoked proxy", revokedProxy), /\bopts\b/],
];

const pentagram = () => {
  const p = [];
  for (let k = 0; k < 5; k++) p.push(Math.cos((4 * Math.PI * k) / 5), Math.sin((4 * Math.PI * k) / 5));
  return p;
};
const regular = (n) => {
  const p = [];
  for (let k = 0; k < n; k++) p.push(Math.cos((2 * Math.PI * k) / n), Math.sin((2 * Math.PI * k) / n));
  return p;
};

/** Hostile polygons: value, and the pattern the message must contain (the vertex index where there is one). */
const POLYGONS = [
  [v("2 points", () => [0, 0, 1, 0]), /points.*at least 3/],
  [v("no points", () => []), /points.*at least 3/],
  [v("collinear", () => [0, 0, 1, 1, 2, 2, 3, 3]), /points.*zero area/],
  [v("duplicates only", () => [1, 1, 1, 1, 1, 1]), /points.*zero area/],
  [v("non-convex (vertex 2 reflex)", () => [0, 0, 2, 0, 1, 0.5, 2, 2, 0, 2]), /points.*vertex 2/],
  [v("pentagram", pentagram), /points.*intersects itself/],
  [v("65 vertices", () => regular(65)), /points.*at most 64/],
  [v("odd length", () => [0, 0, 1, 0, 1]), /points.*even/],
  [v("NaN at vertex 2", () => [0, 0, 1, 0, NaN, 1]), /points.*vertex 2/],
  [v("Infinity at vertex 1", () => [0, 0, Infinity, 0, 0, 1]), /points.*vertex 1/],
  [v("1e39 at vertex 1", () => [0, 0, 1, 1e39, 0, 1]), /points.*vertex 1/],
  [v("2e7 at vertex 2 (too far)", () => [0, 0, 1, 0, 0, 2e7]), /points.*vertex 2/],
  [v("string at [3]", () => [0, 0, 1, "0", 0, 1]), /points\[3\]/],
  [v("BigInt at [0]", () => [0n, 0, 1, 0, 0, 1]), /points\[0\]/],
  [v("hole at [4]", () => [0, 0, 1, 0, , 1]), /points\[4\]/], // eslint-disable-line no-sparse-arrays
  [v("Float32Array with NaN at vertex 1", () => new Float32Array([0, 0, NaN, 0, 0, 1])), /points.*vertex 1/],
  [v("Float64Array of 2e6 numbers", () => new Float64Array(2e6)), /points.*at most 64/],
  [v("Int32Array", () => new Int32Array([0, 0, 1, 0, 0, 1])), /points/],
  [v("Uint8Array", () => new Uint8Array([0, 0, 1, 0, 0, 1])), /points/],
  [v('"0,0,1,0,0,1"', () => "0,0,1,0,0,1"), /points/],
  [v("{ length: 6 }", () => ({ length: 6, 0: 0, 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 })), /points/],
  [v("null", () => null), /points/],
  [v("undefined", () => undefined), /points/],
  [v("Object.create(Float32Array.prototype)", () => Object.create(Float32Array.prototype)), /points/],
  [v("proxy over a Float32Array", () => new Proxy(new Float32Array([0, 0, 1, 0, 0, 1]), {})), /points/],
  [v("throwing proxy over an array", () => throwingProxy([0, 0, 1, 0, 0, 1])), /points/],
  [
    v("array with a throwing element getter", () => {
      const a = [0, 0, 1, 0, 0, 1];
      Object.defineProperty(a, 3, {
        get: () => {
          throw new Error("element getter threw");
        },
      });
      return a;
    }),
    /points\[3\]/,
  ],
];

/** Hostile outlines for addConcavePolygon: the polygons' cases that stay hostile for a simple outline (a reflex
 * vertex and 65 vertices are fine there), with its own limit, and outlines that cross or touch themselves, named at
 * the first vertex whose edge does. */
const CONCAVE_OUTLINES = [
  ...POLYGONS.filter(([c]) => !/non-convex|65 vertices|pentagram|2e6/.test(c.label)),
  [v("pentagram", pentagram), /points: the outline crosses itself at the edge from vertex 0/],
  [v("bow tie", () => [0, 0, 1, 1, 1, 0, 0, 1]), /crosses itself at the edge from vertex 0/],
  [v("spike folding back at vertex 4", () => [0, 0, 4, 0, 4, 4, 2, 4, 2, 6, 2, 5, 0, 4]), /from vertex 3/],
  [v("pinch (vertex 4 on vertex 1)", () => [0, 0, 2, 0, 2, 2, 3, 2, 2, 0, 4, 0, 4, 4, 0, 4]), /crosses itself/],
  [v("1025 vertices", () => regular(1025)), /points: a concave polygon has at most 1024 points \(got 1025\)/],
  [v("Float64Array of 2e6 numbers", () => new Float64Array(2e6)), /points.*at most 1024/],
];
const CUP = [0, 0, 1, 0, 1, 3, 3, 3, 3, 0, 4, 0, 4, 4, 0, 4];

/** Hostile chains for addChain: the polygons' cases that stay hostile for a polyline (2 distinct points suffice,
 * and any shape is fine), with its own limits. */
const CHAINS = [
  ...POLYGONS.filter(([c]) => !/non-convex|65 vertices|pentagram|2e6|collinear|^2 points/.test(c.label)).map(
    ([value, pattern]) => [
      value,
      /^(duplicates only|no points)$/.test(value.label) ? /points: a chain needs at least 2/ : pattern,
    ],
  ),
  [v("1 point", () => [3, 4]), /points: a chain needs at least 2 distinct points \(got 1\)/],
  [v("4097 points", () => new Float32Array(8194)), /points: a chain has at most 4096 points \(got 4097\)/],
  [v("Float64Array of 2e6 numbers", () => new Float64Array(2e6)), /points.*at most 4096/],
];
/** Hostile options for addChain: those of every add method, and a `loop` that is not a boolean. */
const CHAIN_OPTIONS = [
  ...optional("opts").map((value) => [value, /\bopts\b/]),
  [v("{ loop: 1 }", () => ({ loop: 1 })), /opts\.loop must be a boolean/],
  [v('{ loop: "yes" }', () => ({ loop: "yes" })), /opts\.loop must be a boolean/],
  [v("{ loop: null }", () => ({ loop: null })), /opts\.loop must be a boolean/],
  [v("{ loop: true } with 2 points", () => ({ loop: true })), /a chain needs at least 3 distinct points \(got 2\)/],
  [v("{ closed: true } (unknown key)", () => ({ closed: true })), /opts: unknown key/],
];

/** Hostile options for addCapsule: those of every add method, and an `upright` that is not a boolean. */
const CAPSULE_OPTIONS = [
  ...optional("opts").map((value) => [value, /\bopts\b/]),
  [v("{ upright: 1 }", () => ({ upright: 1 })), /opts\.upright must be a boolean/],
  [v('{ upright: "yes" }', () => ({ upright: "yes" })), /opts\.upright must be a boolean/],
  [v("{ upright: null }", () => ({ upright: null })), /opts\.upright must be a boolean/],
  [v("{ vertical: true } (unknown key)", () => ({ vertical: true })), /opts: unknown key "vertical"/],
];

/** Hostile options for moveAndSlide, with the pattern the message must contain. */
const MOVE_OPTIONS = [
  ...[5, "x", true, 1n, []].map((x) => [v(JSON.stringify(String(x)), () => x), /opts must be an object/]),
  [v("{ maxSlop: 1 } (misspelt)", () => ({ maxSlop: 1 })), /opts: unknown key "maxSlop"/],
  [v("throwing getter", () => throwingGetter("skin")), /opts\.skin could not be read/],
  [v("throwing proxy", () => throwingProxy({})), /opts/],
  [v("revoked proxy", revokedProxy), /opts/],
  ...[0, 17, 1.5, "4", NaN].map((x) => [
    v(`{ maxIterations: ${String(x)} }`, () => ({ maxIterations: x })),
    /opts\.maxIterations/,
  ]),
  [v("{ upX: NaN }", () => ({ upX: NaN })), /opts\.upX/],
  [v('{ upY: "1" }', () => ({ upY: "1" })), /opts\.upY/],
  [v("{ upX: 0, upY: 0 }", () => ({ upX: 0, upY: 0 })), /opts\.upX, opts\.upY/],
  [v("{ dropThrough: 1 }", () => ({ dropThrough: 1 })), /opts\.dropThrough must be a boolean/],
  ...["stopOnSlope", "slideOnSteep", "constantSlopeSpeed", "carry"].map((key) => [
    v(`{ ${key}: 1 }`, () => ({ [key]: 1 })),
    new RegExp(`opts\\.${key} must be a boolean`),
  ]),
  ...["crossMask", "touchMask", "bounceMask"].flatMap((key) =>
    [1.5, 2 ** 32, "1", NaN].map((x) => [
      v(`{ ${key}: ${String(x)} }`, () => ({ [key]: x })),
      new RegExp(`opts\\.${key}`),
    ]),
  ),
  ...["maxStepHeight", "minStepWidth", "snapDistance"].flatMap((key) =>
    [-1, NaN, 1e8, "1"].map((x) => [v(`{ ${key}: ${String(x)} }`, () => ({ [key]: x })), new RegExp(`opts\\.${key}`)]),
  ),
  ...[-0.1, 4, NaN, null].map((x) => [v(`{ maxSlope: ${String(x)} }`, () => ({ maxSlope: x })), /opts\.maxSlope/]),
  ...[-1, Infinity, 1e39].map((x) => [v(`{ skin: ${String(x)} }`, () => ({ skin: x })), /opts\.skin/]),
  ...[1.5, 2 ** 32, "1", NaN, -(2 ** 31) - 1].map((x) => [
    v(`{ mask: ${String(x)} }`, () => ({ mask: x })),
    /opts\.mask/,
  ]),
];

/** Hostile probe shapes for queryShape, with the pattern the message must contain. */
const PROBES = [
  [v("null", () => null), /shape/],
  [v("undefined", () => undefined), /shape/],
  [v("5", () => 5), /shape/],
  [v('"circle"', () => "circle"), /shape/],
  [v("[]", () => []), /shape/],
  [v("{}", () => ({})), /shape\.kind/],
  [v('{ kind: "bogus" }', () => ({ kind: "bogus" })), /shape\.kind/],
  [v("{ kind: 5 }", () => ({ kind: 5 })), /shape\.kind/],
  [v("circle without radius", () => ({ kind: "circle" })), /shape\.radius/],
  [v("circle radius 0", () => ({ kind: "circle", radius: 0 })), /shape\.radius/],
  [v("circle radius -1", () => ({ kind: "circle", radius: -1 })), /shape\.radius/],
  [v("circle radius NaN", () => ({ kind: "circle", radius: NaN })), /shape\.radius/],
  [v('circle radius "1"', () => ({ kind: "circle", radius: "1" })), /shape\.radius/],
  [v("circle radius 1e39", () => ({ kind: "circle", radius: 1e39 })), /shape\.radius/],
  [v("circle with an unknown key", () => ({ kind: "circle", radius: 1, r: 1 })), /shape.*"r"/],
  [v("box without halfHeight", () => ({ kind: "box", halfWidth: 1 })), /shape\.halfHeight/],
  [v("alignedBox halfWidth -0", () => ({ kind: "alignedBox", halfWidth: -0, halfHeight: 1 })), /shape\.halfWidth/],
  [v("capsule halfLength Infinity", () => ({ kind: "capsule", halfLength: Infinity, radius: 1 })), /shape\.halfLength/],
  [v("capsule upright 1", () => ({ kind: "capsule", halfLength: 1, radius: 1, upright: 1 })), /shape\.upright/],
  [v("circle upright true", () => ({ kind: "circle", radius: 1, upright: true })), /shape.*"upright"/],
  [v("segment of zero length", () => ({ kind: "segment", x1: 1, y1: 1, x2: 1, y2: 1 })), /shape\.x2/],
  [v("segment x1 NaN", () => ({ kind: "segment", x1: NaN, y1: 0, x2: 1, y2: 0 })), /shape\.x1/],
  [v("segment y2 2e7", () => ({ kind: "segment", x1: 0, y1: 0, x2: 1, y2: 2e7 })), /shape\.y2/],
  [v("point with a radius", () => ({ kind: "point", radius: 1 })), /shape.*"radius"/],
  [v("polygon pentagram", () => ({ kind: "polygon", points: pentagram() })), /points.*intersects itself/],
  [v("polygon NaN at vertex 1", () => ({ kind: "polygon", points: [0, 0, NaN, 0, 0, 1] })), /points.*vertex 1/],
  [v("polygon 65 vertices", () => ({ kind: "polygon", points: regular(65) })), /points.*at most 64/],
  [v("polygon odd length", () => ({ kind: "polygon", points: [0, 0, 1, 0, 1] })), /points.*even/],
  [v("polygon points null", () => ({ kind: "polygon", points: null })), /shape\.points/],
  [v("throwing getter on kind", () => throwingGetter("kind")), /shape\.kind/],
  [v("throwing proxy", () => throwingProxy({ kind: "circle", radius: 1 })), /shape/],
  [v("revoked proxy", revokedProxy), /shape/],
];

const U32_IDS = [
  v("Float64Array", (s) => new Float64Array([s.ids[0]])),
  v("Int32Array", (s) => new Int32Array([s.ids[0]])),
  v("plain array", (s) => [s.ids[0]]),
  v("null", () => null),
  v("undefined", () => undefined),
  v('"0"', () => "0"),
  v("Object.create(Uint32Array.prototype)", () => Object.create(Uint32Array.prototype)),
  v("throwing proxy", () => throwingProxy(new Uint32Array(1))),
];

/** setTransforms batches: [ids, xya] builders and the pattern. Every batch starts with valid entries. */
const BATCHES = [
  [v("xya Float64Array", (s) => [new Uint32Array([s.ids[0]]), new Float64Array(3)]), /xya/],
  [v("xya Int32Array", (s) => [new Uint32Array([s.ids[0]]), new Int32Array(3)]), /xya/],
  [v("xya plain array", (s) => [new Uint32Array([s.ids[0]]), [1, 2, 3]]), /xya/],
  [v("xya null", (s) => [new Uint32Array([s.ids[0]]), null]), /xya/],
  [v("xya too short", (s) => [new Uint32Array([s.ids[0], s.ids[1]]), new Float32Array(5)]), /xya.*length 6/],
  [v("xya too long", (s) => [new Uint32Array([s.ids[0]]), new Float32Array(4)]), /xya.*length 3/],
  [v("xya for no ids", () => [new Uint32Array(0), new Float32Array(3)]), /xya.*length 0/],
  [v("removed id last", (s) => [new Uint32Array([s.ids[0], s.removed]), new Float32Array(6)]), /ids/],
  [v("never-issued id first", (s) => [new Uint32Array([999999, s.ids[0]]), new Float32Array(6)]), /ids/],
  [v("id 2 ** 32 - 1", () => [new Uint32Array([2 ** 32 - 1]), new Float32Array(3)]), /ids/],
  [
    v("NaN at xya[4]", (s) => [new Uint32Array([s.ids[0], s.ids[1]]), new Float32Array([5, 5, 0, 6, NaN, 0])]),
    /xya\[4\]/,
  ],
  [
    v("Infinity angle at xya[5]", (s) => [
      new Uint32Array([s.ids[0], s.ids[1]]),
      new Float32Array([5, 5, 0, 6, 6, Infinity]),
    ]),
    /xya\[5\]/,
  ],
  [
    v("1e8 at xya[3]", (s) => [new Uint32Array([s.ids[0], s.ids[1]]), new Float32Array([5, 5, 0, 1e8, 6, 0])]),
    /xya\[3\]/,
  ],
  [
    v("xya Object.create(Float32Array.prototype)", (s) => [
      new Uint32Array([s.ids[0]]),
      Object.create(Float32Array.prototype),
    ]),
    /xya/,
  ],
  [v("xya proxy over a Float32Array", (s) => [new Uint32Array([s.ids[0]]), new Proxy(new Float32Array(3), {})]), /xya/],
  ...U32_IDS.map((ids) => [v(`ids ${ids.label}`, (s) => [ids.make(s), new Float32Array(3)]), /ids/]),
];

/** Hostile tile tables, with the pattern the message must contain. */
const TABLES = [
  [v("null", () => null), /tiles must be an object/],
  [v("5", () => 5), /tiles must be an object/],
  [v("[]", () => []), /tiles must be an object/],
  [v('{ 0: "solid" }', () => ({ 0: "solid" })), /tiles: key "0"/],
  [v('{ 65536: "solid" }', () => ({ 65536: "solid" })), /tiles: key "65536"/],
  [v('{ abc: "solid" }', () => ({ abc: "solid" })), /tiles: key "abc"/],
  [v('{ 3: "rock" }', () => ({ 3: "rock" })), /tiles\[3\]/],
  [v("{ 3: null }", () => ({ 3: null })), /tiles\[3\]/],
  [v("{ 3: { points: 2 points } }", () => ({ 3: { points: [0, 0, 1, 0] } })), /tiles\[3\]\.points/],
  [v("{ 3: { points: pentagram } }", () => ({ 3: { points: pentagram() } })), /tiles\[3\]\.points/],
  [v("{ 3: { points: 9 points } }", () => ({ 3: { points: regular(9) } })), /tiles\[3\]\.points.*at most 8/],
  [v("{ 3: { points: NaN } }", () => ({ 3: { points: [0, 0, NaN, 0, 0, 1] } })), /tiles\[3\]\.points/],
  [v("{ 3: { oneWay: { x: 0, y: 0 } } }", () => ({ 3: { oneWay: { x: 0, y: 0 } } })), /tiles\[3\]\.oneWay/],
  [v('{ 3: { oneWay: "up" } }', () => ({ 3: { oneWay: "up" } })), /tiles\[3\]\.oneWay/],
  [v("{ 3: { sensor: true } } (not supported)", () => ({ 3: { sensor: true } })), /tiles\[3\]: unknown key/],
  [v("throwing getter", () => throwingGetter("3")), /tiles\[3\]/],
  [v("throwing proxy", () => throwingProxy({ 3: "solid" })), /tiles/],
  [v("revoked proxy", revokedProxy), /tiles/],
];
/** Hostile cells of a 2 × 2 grid. */
const GRID_CELLS = [
  [v("null", () => null), /cells/],
  [v("plain array", () => [1, 1, 1, 1]), /cells must be a Uint8Array or Uint16Array/],
  [v("Float32Array", () => new Float32Array(4)), /cells/],
  [v("Uint32Array", () => new Uint32Array(4)), /cells/],
  [v("Uint8Array(3)", () => new Uint8Array(3)), /cells must have length cols × rows = 4 \(got 3\)/],
  [v("Uint16Array(5)", () => new Uint16Array(5)), /cells must have length cols × rows = 4 \(got 5\)/],
  [v("Object.create(Uint8Array.prototype)", () => Object.create(Uint8Array.prototype)), /cells/],
  [v("proxy over a Uint8Array", () => new Proxy(new Uint8Array(4), {})), /cells/],
];
/** Hostile options of addTileGrid. */
const GRID_OPTIONS = [
  ...optional("opts")
    .filter((x) => !/oneWay/.test(x.label))
    .map((value) => [value, /\bopts\b/]),
  [v("{ oneWay: true } (per tile value)", () => ({ oneWay: true })), /opts: unknown key "oneWay"/],
  [v("{ tiles: 99 } (no such table)", () => ({ tiles: 99 })), /tiles: 99 is not the id of a tile table/],
  [v("{ tiles: -1 }", () => ({ tiles: -1 })), /opts\.tiles/],
  [v('{ tiles: "t" }', () => ({ tiles: "t" })), /opts\.tiles/],
  [
    v("{ tiles: outline outside the cell }", () => ({ tiles: { 1: { points: [0, 0, 3, 0, 0, 1] } } })),
    /opts\.tiles\[1\]\.points/,
  ],
  [v("{ isStatic: 0 }", () => ({ isStatic: 0 })), /opts\.isStatic/],
];
/** Hostile one-way directions of setOneWay. */
const ONE_WAYS = [
  [v("undefined", () => undefined), /oneWay/],
  [v("false", () => false), /oneWay/],
  [v("5", () => 5), /oneWay/],
  [v('"up"', () => "up"), /oneWay/],
  [v("{ x: 0, y: 0 }", () => ({ x: 0, y: 0 })), /oneWay must be a direction/],
  [v("{ x: Infinity, y: 0 }", () => ({ x: Infinity, y: 0 })), /oneWay\.x/],
  [v("{ y: 1 }", () => ({ y: 1 })), /oneWay\.x/],
  [v("{ x: 1, y: 1, z: 1 }", () => ({ x: 1, y: 1, z: 1 })), /oneWay: unknown key/],
  [v("throwing proxy", () => throwingProxy({ x: 0, y: 1 })), /oneWay/],
];

/** sweep's `ids`, as [value, pattern]; the valid dxy holds one motion. */
const SWEEP_IDS = [
  ...U32_IDS.map((ids) => [ids, /\bids\b/]),
  [v("removed id", (s) => new Uint32Array([s.removed])), /ids: \d+ is not the id/],
  [v("never-issued id", () => new Uint32Array([999999])), /ids: 999999/],
  [v("two ids for one motion", (s) => new Uint32Array([s.ids[0], s.ids[1]])), /dxy.*length 4/],
];

/** loadSnapshot's `bytes`, as [value, pattern]: not bytes (TypeError), or bytes that are not a snapshot. */
const withByte = (bytes, at, value) => {
  const copy = bytes.slice();
  copy[at] = value;
  return copy;
};
const SNAPSHOT_BYTES = [
  ...[null, undefined, 3, "SPXW", [83, 80, 88, 87]].map((x) => [v(String(x), () => x), /bytes must be a Uint8Array/]),
  [v("ArrayBuffer", (s) => s.world.snapshot().buffer), /bytes must be a Uint8Array/],
  [v("Uint16Array", () => new Uint16Array(8)), /bytes must be a Uint8Array/],
  [v("empty", () => new Uint8Array(0)), /bytes: truncated at byte 0/],
  [v("not a snapshot", () => new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), /bytes: bad magic/],
  [v("truncated snapshot", (s) => s.world.snapshot().subarray(0, 60)), /bytes: truncated at byte 60/],
  [v("version 2", (s) => withByte(s.world.snapshot(), 4, 2)), /bytes: version 2 is not supported/],
  [v("a lying pair count", (s) => withByte(s.world.snapshot(), 32, 255)), /bytes: truncated/],
  // A byte no kind has (10 is a tile grid's).
  [v("a bad kind", (s) => withByte(s.world.snapshot(), 60 + s.world.slotCount + s.ids[0], 12)), /bytes: bad kind/],
];

/** sweep's `dxy` for one id, as [value, pattern]. */
const SWEEP_DXY = [
  [v("Float64Array", () => new Float64Array(2)), /dxy/],
  [v("plain array", () => [1, 0]), /dxy/],
  [v("null", () => null), /dxy/],
  [v("Object.create(Float32Array.prototype)", () => Object.create(Float32Array.prototype)), /dxy/],
  [v("proxy over a Float32Array", () => new Proxy(new Float32Array(2), {})), /dxy/],
  [v("too short", () => new Float32Array(1)), /dxy.*length 2 \(got 1\)/],
  [v("too long", () => new Float32Array(3)), /dxy.*length 2 \(got 3\)/],
  [v("NaN at dxy[1]", () => new Float32Array([1, NaN])), /dxy\[1\]/],
  [v("Infinity at dxy[0]", () => new Float32Array([Infinity, 0])), /dxy\[0\]/],
  [v("-Infinity at dxy[1]", () => new Float32Array([0, -Infinity])), /dxy\[1\]/],
];

/** raycastMany's `rays`, as [value, pattern]. */
const RAYS = [
  [v("Float64Array", () => new Float64Array(4)), /rays/],
  [v("plain array", () => [0, 0, 1, 0]), /rays/],
  [v("null", () => null), /rays/],
  [v("undefined", () => undefined), /rays/],
  [v("throwing proxy", () => throwingProxy(new Float32Array(4))), /rays/],
  [v("length 5", () => new Float32Array([0, 0, 1, 0, 0])), /rays.*length 8 \(got 5\)/],
  [v("zero direction at ray 1", () => new Float32Array([0, 0, 1, 0, 5, 5, 0, 0])), /rays\[6\], rays\[7\]/],
  [v("NaN origin at rays[5]", () => new Float32Array([0, 0, 1, 0, 5, NaN, 1, 0])), /rays\[5\]/],
  [v("origin 1e8 at rays[0]", () => new Float32Array([1e8, 0, 1, 0])), /rays\[0\]/],
  [v("Infinity direction at rays[2]", () => new Float32Array([0, 0, Infinity, 0])), /rays\[2\]/],
];

/** nearestMany's `points`, as [value, pattern]. */
const NEAREST_POINTS = [
  [v("Float64Array", () => new Float64Array(2)), /points/],
  [v("plain array", () => [0, 0]), /points/],
  [v("null", () => null), /points/],
  [v("undefined", () => undefined), /points/],
  [v("throwing proxy", () => throwingProxy(new Float32Array(2))), /points/],
  [v("length 3", () => new Float32Array([0, 0, 1])), /points.*length 4 \(got 3\)/],
  [v("NaN at points[3]", () => new Float32Array([0, 0, 1, NaN])), /points\[3\]/],
  [v("1e8 at points[0]", () => new Float32Array([1e8, 0])), /points\[0\]/],
];

/** Hostile lists for addShapes, each after a valid record (so that a list half added would show). */
const RECORD = () => ({ kind: "circle", x: 0, y: 0, radius: 1 });
const SHAPE_LISTS = [
  [v("5", () => 5), /list must be an array/],
  [v("null", () => null), /list must be an array/],
  [v("an array-like object", () => ({ length: 1, 0: RECORD() })), /list must be an array/],
  [v("throwing proxy list", () => throwingProxy([RECORD()])), /list could not be read/],
  [v("new Array(2 ** 25)", () => new Array(2 ** 25)), /list has 33554432 shapes/],
  [v("[record, null]", () => [RECORD(), null]), /list\[1\] must be an object/],
  [v("[record, { kind: 'star' }]", () => [RECORD(), { kind: "star", x: 0, y: 0 }]), /list\[1\]\.kind/],
  [v("[record, extra key]", () => [RECORD(), { ...RECORD(), foo: 1 }]), /list\[1\]: unknown key "foo"/],
  [v("[record, radius '1']", () => [RECORD(), { ...RECORD(), radius: "1" }]), /list\[1\]\.radius/],
  [v("[record, radius -1]", () => [RECORD(), { ...RECORD(), radius: -1 }]), /list\[1\]\.radius/],
  [v("[record, x NaN]", () => [RECORD(), { ...RECORD(), x: NaN }]), /list\[1\]\.x/],
  [v("[record, y 1e8]", () => [RECORD(), { ...RECORD(), y: 1e8 }]), /list\[1\]\.y/],
  [v("[record, isStatic 1]", () => [RECORD(), { ...RECORD(), isStatic: 1 }]), /list\[1\]\.isStatic/],
  [
    v("[record, capsule upright 'yes']", () => [
      RECORD(),
      { kind: "capsule", x: 0, y: 0, halfLength: 1, radius: 1, upright: "yes" },
    ]),
    /list\[1\]\.upright/,
  ],
  [
    v("[record, throwing getter]", () => [
      RECORD(),
      Object.defineProperty(RECORD(), "radius", Object.getOwnPropertyDescriptor(throwingGetter("radius"), "radius")),
    ]),
    /list\[1\]/,
  ],
  [v("[record, throwing proxy]", () => [RECORD(), throwingProxy(RECORD())]), /list\[1\]/],
  [v("[record, revoked proxy]", () => [RECORD(), revokedProxy()]), /list\[1\]/],
];

// Method table: name, argument positions as [name, kind or value list], and how valid arguments look.
// Positions whose kind is a list of [value, pattern] pairs carry their own patterns.
const METHODS = [
  [
    "addCircle",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["radius", "size"],
      ["opts", "opts?"],
    ],
    () => [0, 0, 1, {}],
  ],
  [
    "addBox",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["halfWidth", "size"],
      ["halfHeight", "size"],
      ["angle", "angle?"],
      ["opts", "opts?"],
    ],
    () => [0, 0, 1, 1, 0, {}],
  ],
  [
    "addAlignedBox",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["halfWidth", "size"],
      ["halfHeight", "size"],
      ["opts", "opts?"],
    ],
    () => [0, 0, 1, 1, {}],
  ],
  [
    "addPolygon",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["angle", "angle"],
      ["points", POLYGONS],
      ["opts", "opts?"],
    ],
    () => [0, 0, 0, [0, 0, 1, 0, 0, 1], {}],
  ],
  [
    "addConcavePolygon",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["angle", "angle"],
      ["points", CONCAVE_OUTLINES],
      ["opts", "opts?"],
    ],
    () => [0, 0, 0, CUP, {}],
  ],
  ["parts", [["id", "id"]], (s) => [s.ids[0]]],
  [
    "addChain",
    [
      ["points", CHAINS],
      ["opts", CHAIN_OPTIONS],
    ],
    () => [[0, 0, 1, 0], {}],
  ],
  ["chainPoints", [["id", "id"]], (s) => [s.ids[0]]],
  [
    "addCapsule",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["halfLength", "size"],
      ["radius", "size"],
      ["angle", "angle?"],
      ["opts", CAPSULE_OPTIONS],
    ],
    () => [0, 0, 1, 1, 0, {}],
  ],
  [
    "addSegment",
    [
      ["x1", "coordinate"],
      ["y1", "coordinate"],
      ["x2", "coordinate"],
      ["y2", "coordinate"],
      ["opts", "opts?"],
    ],
    () => [0, 0, 1, 1, {}],
  ],
  [
    "addPoint",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["opts", "opts?"],
    ],
    () => [0, 0, {}],
  ],
  ["remove", [["id", "id"]], (s) => [s.ids[0]]],
  [
    "setTransform",
    [
      ["id", "id"],
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["angle", "angle"],
    ],
    (s) => [s.ids[0], 3, 3, 0],
  ],
  ["getTransform", [["id", "id"]], (s) => [s.ids[0]]],
  ["generation", [["id", "anyId"]], (s) => [s.ids[0]]],
  ["shape", [["id", "id"]], (s) => [s.ids[0]]],
  ["addShapes", [["list", SHAPE_LISTS]], () => [[RECORD()]]],
  [
    "setLayerMask",
    [
      ["id", "id"],
      ["layer", "bits"],
      ["mask", "bits"],
    ],
    (s) => [s.ids[0], 1, 1],
  ],
  [
    "queryPoint",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["filter", "filter?"],
    ],
    () => [0, 0, 1],
  ],
  [
    "queryAabb",
    [
      ["minX", "coordinate"],
      ["minY", "coordinate"],
      ["maxX", "coordinate"],
      ["maxY", "coordinate"],
      ["filter", "filter?"],
    ],
    () => [0, 0, 1, 1, 1],
  ],
  [
    "queryShape",
    [
      ["shape", PROBES],
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["angle", "angle?"],
      ["filter", "filter?"],
    ],
    () => [{ kind: "circle", radius: 1 }, 0, 0, 0, 1],
  ],
  [
    "raycast",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["dx", "number"],
      ["dy", "number"],
      ["maxDistance", "maxDistance?"],
      ["filter", "filter?"],
    ],
    () => [0, 0, 1, 0, 10, 1],
  ],
  [
    "castShape",
    [
      ["shape", PROBES],
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["angle", "angle"],
      ["dx", "number"],
      ["dy", "number"],
      ["filter", "filter?"],
    ],
    () => [{ kind: "circle", radius: 1 }, 0, 0, 0, 5, 0, 1],
  ],
  [
    "sweep",
    [
      ["ids", SWEEP_IDS],
      ["dxy", SWEEP_DXY],
      ["filter", "filter?"],
    ],
    (s) => [new Uint32Array([s.ids[0]]), new Float32Array([5, 0]), 1],
  ],
  [
    "raycastMany",
    [
      ["rays", RAYS],
      ["maxDistance", "maxDistance?"],
      ["filter", "filter?"],
    ],
    () => [new Float32Array([0, 0, 1, 0]), 10, 1],
  ],
  ["loadSnapshot", [["bytes", SNAPSHOT_BYTES]], (s) => [s.world.snapshot()]],
  ["defineTiles", [["tiles", TABLES]], () => [{ 2: "empty" }]],
  [
    "addTileGrid",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["cols", "count"],
      ["rows", "count"],
      ["cellWidth", "size"],
      ["cellHeight", "size"],
      ["cells", GRID_CELLS],
      ["opts", GRID_OPTIONS],
    ],
    () => [0, 0, 2, 2, 1, 1, new Uint8Array(4).fill(1), {}],
  ],
  [
    "setTile",
    [
      ["id", "id"],
      ["col", "cell"],
      ["row", "cell"],
      ["value", "tileValue"],
    ],
    (s) => [s.grid, 1, 1, 1],
  ],
  [
    "tile",
    [
      ["id", "id"],
      ["col", "cell"],
      ["row", "cell"],
    ],
    (s) => [s.grid, 1, 1],
  ],
  [
    "setOneWay",
    [
      ["id", "id"],
      ["oneWay", ONE_WAYS],
    ],
    (s) => [s.ids[3], true],
  ],
  ["oneWay", [["id", "id"]], (s) => [s.ids[0]]],
  [
    "setTag",
    [
      ["id", "id"],
      ["tag", "count"],
    ],
    (s) => [s.ids[0], 7],
  ],
  ["aabb", [["id", "id"]], (s) => [s.ids[0]]],
  [
    "closestPoint",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["filter", "filter?"],
      ["maxDistance", "maxDistance?"],
    ],
    () => [0, 0, undefined, 10],
  ],
  [
    "nearest",
    [
      ["x", "coordinate"],
      ["y", "coordinate"],
      ["k", "k"],
      ["filter", "filter?"],
      ["maxDistance", "maxDistance?"],
    ],
    () => [0, 0, 2, undefined, 10],
  ],
  [
    "nearestMany",
    [
      ["points", NEAREST_POINTS],
      ["k", "k"],
      ["filter", "filter?"],
      ["maxDistance", "maxDistance?"],
    ],
    () => [new Float32Array([0, 0, 5, 5]), 2, undefined, 10],
  ],
  [
    "distance",
    [
      ["a", "id"],
      ["b", "id"],
    ],
    (s) => [s.ids[0], s.ids[1]],
  ],
  [
    "explain",
    [
      ["a", "anyId"],
      [
        "b",
        [...ANY_ID.map((value) => [value, /\bb\b/]), [v("a itself", (s) => s.ids[0]), /b must be another id than a/]],
      ],
      ["genA", "word?"],
      ["genB", "word?"],
    ],
    (s) => [s.ids[0], s.ids[1], undefined, undefined],
  ],
  [
    "debugLines",
    [["opts", DEBUG_OPTS]],
    () => [{ boxes: true, contacts: true, region: { minX: -5, minY: -5, maxX: 5, maxY: 5 }, scale: 2 }],
  ],
  [
    "moveAndSlide",
    [
      ["id", "id"],
      ["dx", "number"],
      ["dy", "number"],
      ["opts", MOVE_OPTIONS],
    ],
    (s) => [s.ids[0], 0, 0, {}],
  ],
];

const MAX_DISTANCE = [...NOT_NUMBERS, v("NaN", () => NaN), v("-1", () => -1), v("-Infinity", () => -Infinity)];

function positionValues(kind, name) {
  if (Array.isArray(kind)) return kind.map(([value, pattern]) => ({ value, pattern }));
  const isOptional = kind.endsWith("?");
  const base = kind.replace("?", "");
  const list = base === "maxDistance" ? MAX_DISTANCE : isOptional ? optional(base) : KINDS[base];
  return list.map((value) => ({ value, pattern: new RegExp(`\\b${name}\\b`) }));
}

/** Every case of the sweep: { method, arg, label, args(state) → array, pattern, call(world, args) }. */
export function buildCases() {
  const cases = [];
  for (const [method, positions, valid] of METHODS) {
    positions.forEach(([name, kind], index) => {
      for (const { value, pattern } of positionValues(kind, name)) {
        cases.push({
          method,
          arg: name,
          label: value.label,
          pattern,
          args: (s) => {
            const args = valid(s);
            args[index] = value.make(s);
            return args;
          },
          call: (world, args) => world[method](...args),
        });
      }
    });
  }
  for (const [value, pattern] of BATCHES) {
    cases.push({
      method: "setTransforms",
      arg: "ids/xya",
      label: value.label,
      pattern,
      args: (s) => value.make(s),
      call: (world, args) => world.setTransforms(...args),
    });
  }
  // The raycast direction must not be zero.
  cases.push({
    method: "raycast",
    arg: "dx, dy",
    label: "(0, 0)",
    pattern: /dx, dy/,
    args: () => [0, 0, 0, 0],
    call: (world, args) => world.raycast(...args),
  });
  // Bad transforms written straight into the columns: step() and stepProfiled() must reject them, name the
  // shape, and leave the last step's results alone.
  for (const method of ["step", "stepProfiled", "refresh"]) {
    for (const column of ["xs", "ys", "angles"]) {
      const values = column === "angles" ? [NaN, Infinity] : [NaN, -Infinity, 1e8];
      for (const bad of values) {
        cases.push({
          method,
          arg: column,
          label: `${column}[id] = ${bad}`,
          pattern: new RegExp(`${column === "xs" ? "x" : column === "ys" ? "y" : "angle"} of shape \\d+`),
          args: (s) => [s.ids[2]],
          call: (world, [id]) => {
            const t = world.transforms();
            const before = t[column][id];
            t[column][id] = bad;
            try {
              world[method]();
            } finally {
              world.transforms()[column][id] = before;
            }
          },
        });
      }
    }
  }
  // The constructor's reserved options.
  for (const value of [
    v("{ a: 1 }", () => ({ a: 1 })),
    v("5", () => 5),
    v('"x"', () => "x"),
    v("true", () => true),
    v("1n", () => 1n),
    v("[1]", () => [1]),
    v("Symbol()", () => Symbol("s")),
    v("throwing proxy", () => throwingProxy({})),
    v("revoked proxy", revokedProxy),
  ]) {
    cases.push({
      method: "new World",
      arg: "options",
      label: value.label,
      pattern: /options/,
      args: () => [value.make()],
      call: (world, args) => {
        const w = new world.constructor(...args);
        w.free(); // only reached when the constructor wrongly accepted the value
      },
    });
  }
  return cases;
}

/** A small scene: two overlapping circles, a box on a static floor, a polygon, a capsule, a segment, a point. */
function buildScene(World) {
  const world = new World();
  const ids = [
    world.addCircle(0, 0, 1),
    world.addCircle(1.5, 0, 1),
    world.addBox(10, 0.5, 1, 1, 0.2),
    world.addAlignedBox(10, -1, 20, 1, { isStatic: true }),
    world.addPolygon(-10, 0, 0, [0, 0, 2, 0, 1, 2], { layer: 2, mask: 3 }),
    world.addCapsule(-9, 1, 1, 0.5, 0.3),
    world.addSegment(20, 0, 22, 0.5),
    world.addPoint(21, 0.25),
  ];
  // A tile grid, far from the rest, for the tile methods (not in `ids`: the sweep's state compares those).
  const grid = world.addTileGrid(200, 200, 4, 3, 2, 2, new Uint8Array(12).fill(1));
  const removed = world.addCircle(100, 100, 1);
  world.step();
  world.remove(removed);
  world.step();
  return { world, ids, removed, grid };
}

function snapshot(world, ids) {
  return {
    size: world.size,
    slotCount: world.slotCount,
    transforms: ids.map((id) => Array.from(world.getTransform(id))),
    has: ids.map((id) => world.has(id)),
    generations: ids.map((id) => world.generation(id)),
    pairs: Array.from(world.pairs()),
    contacts: Array.from(world.contacts()),
  };
}

function diff(a, b) {
  const ja = JSON.stringify(a);
  const jb = JSON.stringify(b);
  return ja === jb ? null : `before ${ja}\n after ${jb}`;
}

/**
 * Runs every case against a fresh scene. Returns counts and a list of failures (empty when all is well).
 * @param {{ World: any, wasmMemory: () => WebAssembly.Memory }} sepax
 */
export function runSweep({ World, wasmMemory }) {
  const state = buildScene(World);
  const { world, ids } = state;
  const before = snapshot(world, ids);
  const cases = buildCases();
  const counts = { tried: 0, traps: 0, byClass: {}, byMethod: {} };
  const failures = [];
  for (const c of cases) {
    counts.tried += 1;
    counts.byMethod[c.method] = (counts.byMethod[c.method] ?? 0) + 1;
    const what = `${c.method} ${c.arg} = ${c.label}`;
    let error = null;
    let result;
    try {
      result = c.call(world, c.args(state));
    } catch (e) {
      error = e;
    }
    if (error === null) {
      failures.push(`${what}: accepted (returned ${String(result)})`);
      // Undo an accidental add so that the final state comparison blames only this case.
      if (c.method.startsWith("add") && typeof result === "number" && world.has(result)) world.remove(result);
      continue;
    }
    const cls =
      error instanceof WebAssembly.RuntimeError ? "RuntimeError (trap)" : (error?.constructor?.name ?? typeof error);
    counts.byClass[cls] = (counts.byClass[cls] ?? 0) + 1;
    if (error instanceof WebAssembly.RuntimeError) {
      counts.traps += 1;
      failures.push(`${what}: TRAP ${error.message}`);
    } else if (!(error instanceof TypeError || error instanceof RangeError)) {
      failures.push(`${what}: threw ${cls}: ${error?.message}`);
    } else if (!error.message.startsWith(`${c.method}: `)) {
      failures.push(`${what}: message does not start with the method name: ${error.message}`);
    } else if (!c.pattern.test(error.message)) {
      failures.push(`${what}: message does not match ${c.pattern}: ${error.message}`);
    }
  }
  // Nothing changed, and a new step reports what the last one did.
  const afterSweep = snapshot(world, ids);
  const changed = diff(before, afterSweep);
  if (changed) failures.push(`world changed by the sweep (before any new step):\n${changed}`);
  world.step();
  const afterStep = snapshot(world, ids);
  const stepChanged = diff(before, afterStep);
  if (stepChanged) failures.push(`world changed by the sweep (after a new step):\n${stepChanged}`);
  if (world.has(state.removed)) failures.push("the removed id came back");
  const memoryBytes = wasmMemory().buffer.byteLength;
  world.free();
  return { counts, failures, pairsBefore: before.pairs.length / 2, memoryBytes };
}

/**
 * Freed worlds: every method and getter throws a clear Error, free() twice is harmless, and a new World still
 * works. Returns a list of failures.
 */
export function runFreedChecks({ World }) {
  const failures = [];
  const world = new World();
  world.addCircle(0, 0, 1);
  world.step();
  world.free();
  let checked = 0;
  // Every method a World has, wherever it sits on the prototype chain (the package's World
  // extends WorldBase), the entry's internal helpers included.
  const methods = new Map();
  for (let proto = World.prototype; proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (!methods.has(name)) methods.set(name, Object.getOwnPropertyDescriptor(proto, name));
    }
  }
  for (const [name, desc] of methods) {
    if (name === "constructor" || name === "free" || name.startsWith("__")) continue;
    checked += 1;
    try {
      if (desc.get) void world[name];
      else world[name](0, 0, 1, 1, 0, {});
      failures.push(`${name} on a freed World did not throw`);
    } catch (e) {
      if (e instanceof WebAssembly.RuntimeError) failures.push(`${name} on a freed World trapped: ${e.message}`);
      else if (!/freed/.test(String(e?.message))) failures.push(`${name} on a freed World: unclear error ${e}`);
    }
  }
  try {
    world.free();
    world.free();
  } catch (e) {
    failures.push(`free() twice threw ${e}`);
  }
  const fresh = new World();
  const a = fresh.addCircle(0, 0, 1);
  const b = fresh.addCircle(1, 0, 1);
  if (fresh.step() !== 1 || fresh.pairs()[0] !== a || fresh.pairs()[1] !== b) {
    failures.push("a new World after the freed checks does not work");
  }
  fresh.free();
  return { failures, checked };
}
