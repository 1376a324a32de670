// moveAndSlide without JS garbage (installed on World.prototype by common.js).
//
// A game calls moveAndSlide for every character every frame, so the call may create no object. Passing a
// fractional number to a binding boxes it (a heap number per argument per call), so `opts` is read here and
// written into nine f64 the world keeps in wasm memory ([3..8]: maxIterations, upX, upY, maxSlope, skin; written
// only when they change), and only (id, dx, dy) are passed. The raw binding returns the contact count (or
// 0xFFFFFFFF, keeping the error for takeError()) and writes x, y, grounded to [0..3] and the contacts' address to
// [8]; the result is one object per world, refilled by each call, whose `contacts` is a view of the world's contact
// buffer. A call thus crosses into wasm once: the views are rebuilt only when memory grew or the contacts moved.
// Arguments that are not numbers, and an `opts` that is not a plain object of numbers, go to the checked binding
// instead, which throws the TypeError naming the argument (or, for an unusual but valid `opts` such as a class
// instance, moves the same way).

// The most contacts a move reports: the core's MAX_PLANES (src/cast/mover.rs). The core reserves room for them
// once, so the buffer moves only at the first call (and when a world's contents are replaced).
const MAX_CONTACTS = 32;

class MoveState {
  constructor(world) {
    this.result = { x: 0.5, y: 0.5, grounded: false, contacts: null }; // 0.5: the fields start as doubles
    this.numbersPtr = world.moveNumbersPtr(); // fixed for the world's life
    this.contactsPtr = world.moveContactsPtr(); // moves only when the core reserves the buffer: see [8]
    this.numbers = null; // the world's nine f64: x, y, grounded, the options, the contacts' address
    this.full = null; // room for MAX_CONTACTS contacts
    this.exact = []; // full.subarray(0, 3 × count), made once per count
    this.defaultOptions = false; // numbers[3..8] hold the defaults (no call has written others since)
  }

  /**
   * Rebuilds the views if there are none yet or wasm memory grew. Growing detaches the old ArrayBuffer, and a view
   * over a detached buffer has length 0: a property read, where `memory.buffer` is a getter call into the engine.
   */
  current(memory) {
    if (this.numbers === null || this.numbers.length === 0) this.views(memory.buffer);
  }

  /** Makes the views over `buffer` (wasm memory, after it grew) or over moved contacts. */
  views(buffer) {
    this.numbers = new Float64Array(buffer, this.numbersPtr, 9);
    this.full = new Float32Array(buffer, this.contactsPtr, 3 * MAX_CONTACTS);
    this.exact = [];
  }
}

/** @internal Adds `moveAndSlide` to the World prototype. `memory()` returns the WebAssembly.Memory. */
export function installMover(proto, memory) {
  const raw = proto.moveAndSlideRaw;
  const checked = proto.moveAndSlide;
  const states = new WeakMap();
  let lastWorld = null; // the world of the last call and its state: a game moves its characters in one world
  let lastState = null;
  let defaults = null; // [maxIterations, upX, upY, maxSlope, skin], read from the core once

  /**
   * The world's state, its views current: two comparisons per call in the steady state (the addresses are read from
   * the core once; the contacts' is then read from the numbers the core writes each move).
   */
  function state(world) {
    if (world !== lastWorld) {
      let s = states.get(world);
      if (s === undefined) {
        s = new MoveState(world);
        states.set(world, s);
      }
      lastWorld = world;
      lastState = s;
    }
    lastState.current(memory());
    return lastState;
  }

  /** Writes `opts` into the numbers; false when it is not a plain object of numbers (or reading it threw). */
  function writeOptions(s, opts) {
    const numbers = s.numbers;
    if (opts === undefined || opts === null) {
      if (!s.defaultOptions) {
        numbers.set(defaults, 3);
        s.defaultOptions = true;
      }
      return true;
    }
    numbers.set(defaults, 3);
    s.defaultOptions = false;
    if (typeof opts !== "object" || Object.getPrototypeOf(opts) !== Object.prototype) return false;
    try {
      for (const key in opts) {
        if (key !== "maxIterations" && key !== "upX" && key !== "upY" && key !== "maxSlope" && key !== "skin") {
          return false;
        }
      }
      const maxIterations = opts.maxIterations;
      const upX = opts.upX;
      const upY = opts.upY;
      const maxSlope = opts.maxSlope;
      const skin = opts.skin;
      if (maxIterations !== undefined) {
        if (typeof maxIterations !== "number") return false;
        numbers[3] = maxIterations;
      }
      if (upX !== undefined) {
        if (typeof upX !== "number") return false;
        numbers[4] = upX;
      }
      if (upY !== undefined) {
        if (typeof upY !== "number") return false;
        numbers[5] = upY;
      }
      if (maxSlope !== undefined) {
        if (typeof maxSlope !== "number") return false;
        numbers[6] = maxSlope;
      }
      if (skin !== undefined) {
        if (typeof skin !== "number") return false;
        numbers[7] = skin;
      }
      return true;
    } catch {
      return false; // a getter or proxy threw: the checked binding says so, naming the field
    }
  }

  /**
   * Moves shape `id` by (dx, dy) as far as it can, sliding along what it meets, and writes its new position.
   * Returns this world's reused `{ x, y, grounded, contacts }` (see sepax_core.d.ts).
   */
  proto.moveAndSlide = function moveAndSlide(id, dx, dy, opts) {
    if (defaults === null) defaults = this.moveOptionDefaults();
    const s = state(this);
    let count;
    if (typeof id === "number" && typeof dx === "number" && typeof dy === "number" && writeOptions(s, opts)) {
      count = raw.call(this, id, dx, dy);
      if (count === 0xffffffff) throw this.takeError();
    } else {
      count = checked.call(this, id, dx, dy, opts).contacts.length / 3;
    }
    // The first move reserves the contact buffer: memory may have grown, and the contacts moved.
    s.current(memory());
    const contactsPtr = s.numbers[8];
    if (contactsPtr !== s.contactsPtr) {
      s.contactsPtr = contactsPtr;
      s.views(s.numbers.buffer);
    }
    let contacts = s.exact[count];
    if (contacts === undefined) {
      contacts = s.full.subarray(0, 3 * count);
      s.exact[count] = contacts;
    }
    const numbers = s.numbers;
    const r = s.result;
    r.x = numbers[0];
    r.y = numbers[1];
    r.grounded = numbers[2] !== 0;
    r.contacts = contacts;
    return r;
  };
}
