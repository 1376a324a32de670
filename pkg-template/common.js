// The part of the package shared by the browser entry (index.js) and the Node entry (node.js):
// loading, and the additions to World.prototype (result views, transform views, freed checks,
// garbage-free step/setTransforms).
//
// Views over wasm memory go stale in two ways: when memory grows, every ArrayBuffer over it is
// detached (length 0), and when the core reallocates a buffer, the old address holds garbage.
// Each view below is cached with the memory buffer, address and length it was built from, and
// rebuilt only when one of them changed, so calling an accessor every frame creates no object.

import initWasm, { initSync as initWasmSync, World as CoreWorld, wasmMemory } from "./sepax_core.js";
import { installCasts } from "./casts.js";
import { installMover } from "./mover.js";

let memory = null; // the WebAssembly.Memory; its `.buffer` changes when memory grows
let loading = null; // the pending or finished init() promise
let build = null; // what wasmBuild() reports once loaded

// The package holds two builds of the same core: sepax_core_simd_bg.wasm (compiled with wasm SIMD, simd128) and
// sepax_core_bg.wasm (without). With no argument, init() loads the first where the engine validates this module,
// the smallest that uses a SIMD instruction (a function returning f32x4.pmin of two v128 constants), and the
// second elsewhere. Both give the same results; the SIMD one is faster (see the README's speed section).
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 43, 1, 41, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 253, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 253, 234, 1, 11,
]);

/** True when this engine runs wasm SIMD (simd128), so init() picks the SIMD build. */
export const simd128 = typeof WebAssembly === "object" && WebAssembly.validate(SIMD_PROBE);

/** @internal The file name of the build init() loads when given no input. */
export const defaultWasmFile = simd128 ? "sepax_core_simd_bg.wasm" : "sepax_core_bg.wasm";

function ready(which) {
  memory = wasmMemory();
  build = which;
}

/**
 * Which build of the core is loaded: `"simd128"` or `"baseline"` when init() or initSync() chose it,
 * `"custom"` when the caller passed the module or its location, `null` before loading.
 */
export function wasmBuild() {
  return build;
}

// ----- init()'s argument ----------------------------------------------------------------------------
// Checked before anything is loaded, so that a wrong shape (a number, null, wasm-bindgen's `{ module }` given to
// init(), an object with a misspelt key) is a TypeError naming what is accepted, not a failure deep in fetch or
// WebAssembly.instantiate.

const isInstance = (value, name) => typeof globalThis[name] === "function" && value instanceof globalThis[name];
const isBytes = (value) => value instanceof ArrayBuffer || ArrayBuffer.isView(value);
const isModule = (value) => typeof WebAssembly === "object" && value instanceof WebAssembly.Module;
const isThenable = (value) =>
  value !== null && (typeof value === "object" || typeof value === "function") && typeof value.then === "function";
/** One .wasm as init() takes it (see WasmSource in index.d.ts). */
const isSource = (value) =>
  typeof value === "string" ||
  isInstance(value, "URL") ||
  isInstance(value, "Request") ||
  isInstance(value, "Response") ||
  isBytes(value) ||
  isModule(value);

function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length === 0 ? "an object with no keys" : `an object with keys ${keys.join(", ")}`;
  }
  return `${typeof value} ${String(value)}`;
}

const INIT_ACCEPTS =
  "no argument, { simd, baseline }, { module_or_path }, or one .wasm: a URL or string, a Request or Response, " +
  "an ArrayBuffer or typed array, a WebAssembly.Module, or a promise of one";

function checkSource(what, value) {
  if (isSource(value)) return value;
  if (isThenable(value)) {
    return Promise.resolve(value).then((resolved) => {
      if (!isSource(resolved))
        throw new TypeError(`sepax: init(): ${what} resolved to ${describe(resolved)}, not a .wasm`);
      return resolved;
    });
  }
  throw new TypeError(`sepax: init(): ${what} must be ${INIT_ACCEPTS}; got ${describe(value)}`);
}

const hasExactly = (value, ...keys) =>
  Object.keys(value).length === keys.length && keys.every((k) => Object.prototype.hasOwnProperty.call(value, k));

/** init()'s argument as `{ source, which }`: source undefined means the entry's own file for this engine. */
function initArgument(input) {
  const chosen = simd128 ? "simd128" : "baseline";
  if (input === undefined) return { source: undefined, which: chosen };
  if (isSource(input) || isThenable(input)) return { source: checkSource("input", input), which: "custom" };
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    if (hasExactly(input, "simd", "baseline")) {
      checkSource("input.baseline", input.baseline); // both are checked, only the chosen one is read
      checkSource("input.simd", input.simd);
      return { source: simd128 ? input.simd : input.baseline, which: chosen };
    }
    if (hasExactly(input, "module_or_path")) {
      return { source: checkSource("input.module_or_path", input.module_or_path), which: "custom" };
    }
  }
  throw new TypeError(`sepax: init(input): input must be ${INIT_ACCEPTS}; got ${describe(input)}`);
}

/**
 * @internal `init` of an entry: `resolve(source)` turns a .wasm as the user gave it (undefined: the entry's own
 * file for this engine) into one wasm-bindgen accepts.
 */
export function makeInit(resolve) {
  return function init(input) {
    let arg;
    try {
      arg = initArgument(input);
    } catch (error) {
      return Promise.reject(error);
    }
    if (loading === null) {
      loading = Promise.resolve(arg.source)
        .then((source) => resolve(source))
        // initSync() may have finished while the input was being read.
        .then((source) =>
          memory === null ? initWasm({ module_or_path: source }).then(() => ready(arg.which)) : undefined,
        )
        .then(undefined, (error) => {
          loading = null; // a failed load (e.g. network) may be retried
          throw error;
        });
    }
    return loading;
  };
}

/** @internal `initSync` of an entry: `resolve(input)` gives the entry's own file's bytes for undefined. */
export function makeInitSync(resolve) {
  return function initSync(input) {
    let module = input;
    if (
      typeof input === "object" &&
      input !== null &&
      !isBytes(input) &&
      !isModule(input) &&
      hasExactly(input, "module")
    ) {
      module = input.module;
    }
    if (!(module === undefined || isBytes(module) || isModule(module))) {
      throw new TypeError(
        "sepax: initSync(input): input must be the .wasm bytes (an ArrayBuffer or typed array), a " +
          `WebAssembly.Module or { module } of one${resolve.optional ? ", or nothing" : ""}; got ${describe(input)}`,
      );
    }
    if (memory === null) {
      initWasmSync({ module: resolve(module) });
      ready(module === undefined ? (simd128 ? "simd128" : "baseline") : "custom");
      loading = Promise.resolve();
    }
  };
}

// ----- freed worlds -------------------------------------------------------------------------------
// wasm-bindgen's free() sets `__wbg_ptr` to 0; a later call reaches Rust with a null pointer and
// throws "null pointer passed to rust", and a second free() throws the same. Each method is wrapped
// with a check of that field. Fixed arity (no rest parameters) keeps the wrappers allocation-free.

function freedError() {
  return new Error("World was freed: this World can no longer be used (free() was called)");
}

const proto = CoreWorld.prototype;
const rawFree = proto.free;

for (const name of Object.getOwnPropertyNames(proto)) {
  const desc = Object.getOwnPropertyDescriptor(proto, name);
  if (name === "constructor" || name === "free" || name.startsWith("__")) continue;
  if (typeof desc.value === "function") {
    const method = desc.value;
    // The wrapper passes seven arguments; a longer binding method must widen it (tests load this).
    if (method.length > 7) throw new Error(`sepax: World.${name} takes more than 7 arguments`);
    desc.value = function (a, b, c, d, e, f, g) {
      if (this.__wbg_ptr === 0) throw freedError();
      return method.call(this, a, b, c, d, e, f, g);
    };
  } else if (desc.get) {
    const get = desc.get;
    desc.get = function () {
      if (this.__wbg_ptr === 0) throw freedError();
      return get.call(this);
    };
  } else continue;
  Object.defineProperty(proto, name, desc);
}

/** Releases the world's memory. Calling it again does nothing. */
proto.free = function free() {
  if (this.__wbg_ptr !== 0) rawFree.call(this);
};
if (typeof Symbol.dispose === "symbol") proto[Symbol.dispose] = proto.free;

installCasts(proto, () => memory.buffer, freedError);

// ----- garbage-free step and setTransforms ------------------------------------------------------
// A Rust method returning Result makes the glue build a small array per call; the *Raw variants
// return one number and keep the error (see src/wasm.rs).

const stepRaw = proto.stepRaw;
const setTransformsRaw = proto.setTransformsRaw;
const setTransformsChecked = proto.setTransforms;

/** Finds every touching pair; returns how many. */
proto.step = function step() {
  const n = stepRaw.call(this);
  if (n === 0xffffffff) throw this.takeError();
  return n;
};

/** Moves many shapes: `xya` holds x, y, angle for each id of `ids`; checked whole, applied whole. */
proto.setTransforms = function setTransforms(ids, xya) {
  // A genuine Uint32Array and Float32Array take the garbage-free path, where the glue trusts
  // `.length` to size its copy into wasm memory. Anything else goes to the checked method,
  // which throws the TypeError naming the argument: a plain array, another typed array, a
  // look-alike such as Object.create(Uint32Array.prototype) or a proxy (isView fails), and an
  // array whose `length` was redefined (own property or subclass getter) so that it no longer
  // matches its byte length. (Checks that look for an own property allocate; these do not.)
  const plain =
    ids instanceof Uint32Array &&
    xya instanceof Float32Array &&
    ArrayBuffer.isView(ids) &&
    ArrayBuffer.isView(xya) &&
    ids.length * 4 === ids.byteLength &&
    xya.length * 4 === xya.byteLength;
  if (!plain) {
    return setTransformsChecked.call(this, ids, xya);
  }
  if (!setTransformsRaw.call(this, ids, xya)) throw this.takeError();
};

// moveAndSlide, garbage-free in the same way (see mover.js).
installMover(proto, () => memory);

// ----- views -------------------------------------------------------------------------------------

/** One result buffer: which (index for resultCapacity), element type, stride, address getter, count getter. */
class ResultView {
  constructor(which, Type, stride, ptrName, countName) {
    this.which = which;
    this.Type = Type;
    this.stride = stride;
    this.ptrName = ptrName;
    this.countName = countName;
    this.buffer = null; // the ArrayBuffer `full` was built over
    this.ptr = -1;
    this.capacity = -1;
    this.full = null; // the whole allocation
    this.exact = null; // full.subarray(0, stride × count), re-made only when the count changes
  }

  fullView(world) {
    const buffer = memory.buffer;
    const ptr = world[this.ptrName]();
    const capacity = world.resultCapacity(this.which);
    if (buffer !== this.buffer || ptr !== this.ptr || capacity !== this.capacity) {
      this.full = new this.Type(buffer, ptr, capacity);
      this.exact = null;
      this.buffer = buffer;
      this.ptr = ptr;
      this.capacity = capacity;
    }
    return this.full;
  }

  exactView(world) {
    const full = this.fullView(world);
    const length = world[this.countName] * this.stride;
    if (this.exact === null || this.exact.length !== length) this.exact = full.subarray(0, length);
    return this.exact;
  }
}

class Views {
  constructor() {
    this.pairs = new ResultView(0, Uint32Array, 2, "pairsPtr", "pairCount");
    this.contacts = new ResultView(1, Float32Array, 3, "contactsPtr", "pairCount");
    this.started = new ResultView(2, Uint32Array, 2, "startedPtr", "startedCount");
    this.ended = new ResultView(3, Uint32Array, 2, "endedPtr", "endedCount");
    this.contactPoints = new ResultView(4, Float32Array, 7, "contactPointsPtr", "pairCount");
    this.buffer = null;
    this.layout = -1;
    this.transforms = null;
  }
}

// Per-world cache, kept off the instance so that wasm-bindgen's own fields stay as they are.
const cache = new WeakMap();

function views(world) {
  if (world.__wbg_ptr === 0) throw freedError();
  let v = cache.get(world);
  if (v === undefined) {
    v = new Views();
    cache.set(world, v);
  }
  return v;
}

proto.pairs = function pairs() {
  return views(this).pairs.exactView(this);
};
proto.contacts = function contacts() {
  return views(this).contacts.exactView(this);
};
proto.started = function started() {
  return views(this).started.exactView(this);
};
proto.ended = function ended() {
  return views(this).ended.exactView(this);
};
proto.pairBuffer = function pairBuffer() {
  return views(this).pairs.fullView(this);
};
proto.contactBuffer = function contactBuffer() {
  return views(this).contacts.fullView(this);
};
proto.startedBuffer = function startedBuffer() {
  return views(this).started.fullView(this);
};
proto.endedBuffer = function endedBuffer() {
  return views(this).ended.fullView(this);
};
// Contact points: [count, x0, y0, d0, x1, y1, d1] per pair, empty unless new World({ contactPoints: true }).
proto.contactPoints = function contactPoints() {
  return views(this).contactPoints.exactView(this);
};
proto.contactPointBuffer = function contactPointBuffer() {
  return views(this).contactPoints.fullView(this);
};

proto.transforms = function transforms() {
  const v = views(this);
  const buffer = memory.buffer;
  const layout = this.layoutVersion;
  if (v.transforms === null || buffer !== v.buffer || layout !== v.layout) {
    const [xs, ys, angles] = this.transformPtrs();
    const n = this.slotCount;
    v.transforms = Object.freeze({
      xs: new Float32Array(buffer, xs, n),
      ys: new Float32Array(buffer, ys, n),
      angles: new Float32Array(buffer, angles, n),
    });
    v.buffer = buffer;
    v.layout = layout;
  }
  return v.transforms;
};

// A class of this module, not `export { CoreWorld as World }`: with `"sideEffects": false` a
// bundler may resolve a plain re-export straight to sepax_core.js and drop this module with its
// additions. Subclassing also lets a World created before init() say so, instead of the glue's
// "Cannot read properties of undefined".
/** A collision world (index.d.ts documents its methods). Create it after `init()`. */
export class World extends CoreWorld {
  constructor(options) {
    if (memory === null) {
      throw new Error("sepax: call `await init()` (or `initSync()`) before `new World()`");
    }
    super(options);
  }

  /**
   * A new world from the bytes of `snapshot()` (a World of this module, like `new World()`).
   * @param {Uint8Array} bytes
   * @returns {World}
   */
  static restore(bytes) {
    const world = new World();
    try {
      world.loadSnapshot(bytes);
    } catch (error) {
      world.free();
      // The same error, named after the method the caller called.
      throw new error.constructor(error.message.replace(/^loadSnapshot:/, "restore:"));
    }
    return world;
  }
}

/** @internal The wasm memory (tests and benches measure it); not part of the public types. */
export { wasmMemory };
