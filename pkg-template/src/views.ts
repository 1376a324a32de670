// Typed-array views over a world's buffers in wasm memory: results of the step, the transform columns, the results of
// sweeps and rays.
//
// Views go stale in two ways: when memory grows, every ArrayBuffer over it is detached (length 0), and when the core
// reallocates a buffer, the old address holds garbage. Each view here is cached with the memory buffer, address and
// length it was built from, and rebuilt only when one of them changed, so that calling an accessor every frame creates
// no object.

import type { RawWorld } from "./core.js";
import type {
  DebugLineViews,
  NearestResultViews,
  RayResultViews,
  StepCrossingViews,
  SweepCrossingViews,
  SweepResultViews,
  TransformViews,
} from "./types.js";

type Typed = Uint32Array | Float32Array | Uint8Array;

/** One result buffer of the step: which (the binding's `resultPtr` index), element type, stride, count getter. */
class ResultView<T extends Typed> {
  private buffer: ArrayBufferLike | null = null;
  private ptr = -1;
  private capacity = -1;
  private full: T | null = null;
  private exact: T | null = null;

  constructor(
    private readonly which: number,
    private readonly Type: { new (buffer: ArrayBufferLike, offset: number, length: number): T },
    private readonly stride: number,
    private readonly count: (raw: RawWorld) => number,
  ) {}

  /** The whole allocation. */
  fullView(raw: RawWorld, buffer: ArrayBufferLike): T {
    const ptr = raw.resultPtr(this.which);
    const capacity = raw.resultCapacity(this.which);
    if (buffer !== this.buffer || ptr !== this.ptr || capacity !== this.capacity) {
      this.full = new this.Type(buffer, ptr, capacity);
      this.exact = null;
      this.buffer = buffer;
      this.ptr = ptr;
      this.capacity = capacity;
    }
    return this.full!;
  }

  /** The first `stride × count` elements, re-made only when the count changes. */
  exactView(raw: RawWorld, buffer: ArrayBufferLike): T {
    const full = this.fullView(raw, buffer);
    const length = this.count(raw) * this.stride;
    if (this.exact === null || this.exact.length !== length) this.exact = full.subarray(0, length) as T;
    return this.exact;
  }
}

/**
 * Three parallel lists of crossings (two of `u32`, one of `f32`, at the addresses `io[0..3]`, `count` long) as the
 * views `make` names, rebuilt only when memory grew, a buffer moved or the count changed.
 */
class CrossingViews<V extends object> {
  private views: V | null = null;
  private buffer: ArrayBufferLike | null = null;
  private addresses = [-1, -1, -1];
  private count = -1;

  constructor(private readonly make: (first: Uint32Array, second: Uint32Array, t: Float32Array) => V) {}

  get(buffer: ArrayBufferLike, io: Float64Array, count: number): V {
    const at = this.addresses;
    if (this.views === null || buffer !== this.buffer || count !== this.count || at.some((a, k) => a !== io[k])) {
      const first = new Uint32Array(buffer, io[0], count);
      const second = new Uint32Array(buffer, io[1], count);
      this.views = Object.freeze(this.make(first, second, new Float32Array(buffer, io[2], count)));
      this.buffer = buffer;
      this.addresses = [io[0], io[1], io[2]];
      this.count = count;
    }
    return this.views;
  }
}

const pairCount = (raw: RawWorld): number => raw.pairCount();
/** The count of the buffers read only whole (the debug lines: their count is `debugLines`' return value). */
const wholeOnly = (): number => 0;

/** @internal The views of one world. */
export class Views {
  readonly pairs = new ResultView(0, Uint32Array, 2, pairCount);
  readonly contacts = new ResultView(1, Float32Array, 3, pairCount);
  readonly started = new ResultView(2, Uint32Array, 2, (raw) => raw.startedCount());
  readonly ended = new ResultView(3, Uint32Array, 2, (raw) => raw.endedCount());
  readonly contactPoints = new ResultView(4, Float32Array, 7, pairCount);
  readonly pairCells = new ResultView(5, Uint32Array, 1, (raw) => raw.pairCellCount());
  private readonly debugLines = new ResultView(7, Float32Array, 4, wholeOnly);
  private readonly debugKinds = new ResultView(8, Uint8Array, 1, wholeOnly);
  private debugViews: DebugLineViews | null = null;
  private transformBuffer: ArrayBufferLike | null = null;
  private layout = -1;
  private transformViews: TransformViews | null = null;
  private tagBuffer: ArrayBufferLike | null = null;
  private tagLayout = -1;
  private tagView: Uint32Array | null = null;
  private liveBuffer: ArrayBufferLike | null = null;
  private liveAddress = -1;
  private liveView: Uint32Array | null = null;
  private nearestBuffer: ArrayBufferLike | null = null;
  private nearestVersion = -1;
  private nearestViews: NearestResultViews | null = null;
  private castBuffer: ArrayBufferLike | null = null;
  private castVersion = -1;
  private sweepViews: SweepResultViews | null = null;
  private rayViews: RayResultViews | null = null;
  private readonly sweepCrossingViews = new CrossingViews<SweepCrossingViews>((items, ids, t) => ({ items, ids, t }));
  private readonly stepCrossingViews = new CrossingViews<StepCrossingViews>((shapes, sensors, t) => ({
    shapes,
    sensors,
    t,
  }));

  /** The transform columns, rebuilt when memory grew or the columns moved or grew. */
  transforms(raw: RawWorld, buffer: ArrayBufferLike, io: Float64Array): TransformViews {
    const layout = raw.layoutVersion();
    if (this.transformViews === null || buffer !== this.transformBuffer || layout !== this.layout) {
      raw.transformPtrs();
      const n = raw.slotCount();
      this.transformViews = Object.freeze({
        xs: new Float32Array(buffer, io[0], n),
        ys: new Float32Array(buffer, io[1], n),
        angles: new Float32Array(buffer, io[2], n),
      });
      this.transformBuffer = buffer;
      this.layout = layout;
    }
    return this.transformViews;
  }

  /** The tag column, rebuilt when memory grew or the columns moved or grew (it moves with them). */
  tags(raw: RawWorld, buffer: ArrayBufferLike): Uint32Array {
    const layout = raw.layoutVersion();
    if (this.tagView === null || buffer !== this.tagBuffer || layout !== this.tagLayout) {
      this.tagView = new Uint32Array(buffer, raw.resultPtr(6), raw.slotCount());
      this.tagBuffer = buffer;
      this.tagLayout = layout;
    }
    return this.tagView;
  }

  /** The live ids at `address` (`count` of them), re-made when memory grew or the list moved or changed length. */
  liveIds(buffer: ArrayBufferLike, address: number, count: number): Uint32Array {
    const view = this.liveView;
    if (view === null || buffer !== this.liveBuffer || address !== this.liveAddress || view.length !== count) {
      this.liveView = new Uint32Array(buffer, address, count);
      this.liveBuffer = buffer;
      this.liveAddress = address;
    }
    return this.liveView!;
  }

  /** The results of the last nearestMany, rebuilt when memory grew or the buffers grew. */
  nearestResults(raw: RawWorld, buffer: ArrayBufferLike, io: Float64Array): NearestResultViews {
    raw.nearestResults();
    const [ids, distances, points, n, version] = [io[0], io[1], io[2], io[3], io[4]];
    if (this.nearestViews === null || buffer !== this.nearestBuffer || version !== this.nearestVersion) {
      this.nearestViews = Object.freeze({
        ids: new Uint32Array(buffer, ids, n),
        distances: new Float32Array(buffer, distances, n),
        points: new Float32Array(buffer, points, 2 * n),
      });
      this.nearestBuffer = buffer;
      this.nearestVersion = version;
    }
    return this.nearestViews;
  }

  /** The debug line buffers, whole (the object re-made only when one of them was re-made). */
  debug(raw: RawWorld, buffer: ArrayBufferLike): DebugLineViews {
    const lines = this.debugLines.fullView(raw, buffer);
    const kinds = this.debugKinds.fullView(raw, buffer);
    const views = this.debugViews;
    if (views === null || views.lines !== lines || views.kinds !== kinds) {
      this.debugViews = Object.freeze({ lines, kinds });
    }
    return this.debugViews!;
  }

  /** Rebuilds the cast result views when memory grew or the buffers grew. */
  private casts(raw: RawWorld, buffer: ArrayBufferLike, io: Float64Array): void {
    const version = raw.castResultsVersion();
    if (this.sweepViews !== null && buffer === this.castBuffer && version === this.castVersion) return;
    raw.castResultPtrs();
    const n = raw.castResultsLength();
    const [t, ids, normals, points, cells] = [io[0], io[1], io[2], io[3], io[4]];
    const shared = {
      ids: new Uint32Array(buffer, ids, n),
      normals: new Float32Array(buffer, normals, 2 * n),
      points: new Float32Array(buffer, points, 2 * n),
      cells: new Uint32Array(buffer, cells, n),
    };
    const values = new Float32Array(buffer, t, n);
    this.sweepViews = Object.freeze({ t: values, ...shared });
    this.rayViews = Object.freeze({ distances: values, ...shared });
    this.castBuffer = buffer;
    this.castVersion = version;
  }

  /** The results of the last sweep. */
  sweepResults(raw: RawWorld, buffer: ArrayBufferLike, io: Float64Array): SweepResultViews {
    this.casts(raw, buffer, io);
    return this.sweepViews!;
  }

  /** The sensors the last sweep crossed (`count` of them, their addresses in `io[0..3]`). */
  sweepCrossings(buffer: ArrayBufferLike, io: Float64Array, count: number): SweepCrossingViews {
    return this.sweepCrossingViews.get(buffer, io, count);
  }

  /** The sensors the continuous shapes crossed at the last step (`count` of them, their addresses in `io[0..3]`). */
  stepCrossings(buffer: ArrayBufferLike, io: Float64Array, count: number): StepCrossingViews {
    return this.stepCrossingViews.get(buffer, io, count);
  }

  /** The results of the last raycastMany. */
  rayResults(raw: RawWorld, buffer: ArrayBufferLike, io: Float64Array): RayResultViews {
    this.casts(raw, buffer, io);
    return this.rayViews!;
  }
}
