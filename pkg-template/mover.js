// moveAndSlide without JS garbage (installed on World.prototype by common.js).
//
// A game calls moveAndSlide for every character every frame, so the call may create no object: `opts` is read
// here and passed as numbers to the raw binding, which returns the contact count (or 0xFFFFFFFF, keeping the
// error for takeError()); the result is one object per world, refilled by each call, whose `contacts` is a view of
// the world's contact buffer in wasm memory. Arguments that are not plain numbers and a plain `opts` object of
// numbers go to the checked binding instead, which throws the TypeError naming the argument (or, for an unusual
// but valid `opts`, moves the same way).

// The most contacts a move reports: the core's MAX_PLANES (src/cast/mover.rs). The core reserves room for them
// once, so the buffer never moves after the first call.
const MAX_CONTACTS = 32;

class MoveState {
  constructor() {
    this.result = { x: 0.5, y: 0.5, grounded: false, contacts: null }; // 0.5: the fields start as doubles
    this.buffer = null; // the ArrayBuffer the views below were made over
    this.resultPtr = -1;
    this.contactsPtr = -1;
    this.numbers = null; // [x, y, grounded] as f64
    this.full = null; // room for MAX_CONTACTS contacts
    this.exact = []; // full.subarray(0, 3 × count), made once per count
  }
}

/** @internal Adds `moveAndSlide` to the World prototype. `memory()` returns the wasm memory. */
export function installMover(proto, memory) {
  const raw = proto.moveAndSlideRaw;
  const checked = proto.moveAndSlide;
  const states = new WeakMap();
  let defaults = null; // [maxIterations, upX, upY, maxSlope, skin], read from the core once

  function fill(world, count) {
    let s = states.get(world);
    if (s === undefined) {
      s = new MoveState();
      states.set(world, s);
    }
    const buffer = memory().buffer;
    const resultPtr = world.moveResultPtr();
    const contactsPtr = world.moveContactsPtr();
    if (buffer !== s.buffer || resultPtr !== s.resultPtr || contactsPtr !== s.contactsPtr) {
      s.numbers = new Float64Array(buffer, resultPtr, 3);
      s.full = new Float32Array(buffer, contactsPtr, 3 * MAX_CONTACTS);
      s.exact = [];
      s.buffer = buffer;
      s.resultPtr = resultPtr;
      s.contactsPtr = contactsPtr;
    }
    let contacts = s.exact[count];
    if (contacts === undefined) {
      contacts = s.full.subarray(0, 3 * count);
      s.exact[count] = contacts;
    }
    const r = s.result;
    r.x = s.numbers[0];
    r.y = s.numbers[1];
    r.grounded = s.numbers[2] !== 0;
    r.contacts = contacts;
    return r;
  }

  /**
   * Moves shape `id` by (dx, dy) as far as it can, sliding along what it meets, and writes its new position.
   * Returns this world's reused `{ x, y, grounded, contacts }` (see sepax_core.d.ts).
   */
  proto.moveAndSlide = function moveAndSlide(id, dx, dy, opts) {
    if (defaults === null) defaults = this.moveOptionDefaults();
    let maxIterations = defaults[0];
    let upX = defaults[1];
    let upY = defaults[2];
    let maxSlope = defaults[3];
    let skin = defaults[4];
    let fast = typeof id === "number" && typeof dx === "number" && typeof dy === "number";
    if (fast && opts !== undefined && opts !== null) {
      fast = typeof opts === "object" && Object.getPrototypeOf(opts) === Object.prototype;
      try {
        for (const key in opts) {
          if (key !== "maxIterations" && key !== "upX" && key !== "upY" && key !== "maxSlope" && key !== "skin") {
            fast = false;
          }
        }
        if (fast) {
          const v0 = opts.maxIterations;
          const v1 = opts.upX;
          const v2 = opts.upY;
          const v3 = opts.maxSlope;
          const v4 = opts.skin;
          if (v0 !== undefined) typeof v0 === "number" ? (maxIterations = v0) : (fast = false);
          if (v1 !== undefined) typeof v1 === "number" ? (upX = v1) : (fast = false);
          if (v2 !== undefined) typeof v2 === "number" ? (upY = v2) : (fast = false);
          if (v3 !== undefined) typeof v3 === "number" ? (maxSlope = v3) : (fast = false);
          if (v4 !== undefined) typeof v4 === "number" ? (skin = v4) : (fast = false);
        }
      } catch {
        fast = false; // a getter or proxy threw: the checked binding says so, naming the field
      }
    }
    let count;
    if (fast) {
      count = raw.call(this, id, dx, dy, maxIterations, upX, upY, maxSlope, skin);
      if (count === 0xffffffff) throw this.takeError();
    } else {
      count = checked.call(this, id, dx, dy, opts).contacts.length / 3;
    }
    return fill(this, count);
  };
}
