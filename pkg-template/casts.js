// The package's additions for the casts: garbage-free sweep() and raycastMany() (plain typed arrays
// go to the *Raw methods, anything else to the checked ones, which throw the TypeError naming the
// argument), and castResults(), typed-array views over the world's cast result buffers, cached
// like transforms() in common.js and rebuilt only when memory grew or the buffers grew.

/**
 * @internal Adds sweep(), raycastMany() and castResults() to the World prototype.
 * @param {object} proto World.prototype, after common.js wrapped its methods with the freed check
 * @param {() => ArrayBuffer} memoryBuffer the wasm memory's current buffer
 * @param {() => Error} freedError the error of a call on a freed World
 */
export function installCasts(proto, memoryBuffer, freedError) {
  const sweepRaw = proto.sweepRaw;
  const sweepChecked = proto.sweep;
  const raycastManyRaw = proto.raycastManyRaw;
  const raycastManyChecked = proto.raycastMany;

  // Genuine typed arrays whose length matches their bytes (see setTransforms in common.js): the glue
  // trusts `.length` to size its copy. These checks allocate nothing.
  const plainU32 = (a) => a instanceof Uint32Array && ArrayBuffer.isView(a) && a.length * 4 === a.byteLength;
  const plainF32 = (a) => a instanceof Float32Array && ArrayBuffer.isView(a) && a.length * 4 === a.byteLength;

  /** Sweeps each shape of `ids` by its `dxy`; returns the count. Read the results with castResults(). */
  proto.sweep = function sweep(ids, dxy, mask) {
    if (!(plainU32(ids) && plainF32(dxy))) return sweepChecked.call(this, ids, dxy, mask);
    const n = sweepRaw.call(this, ids, dxy, mask);
    if (n === 0xffffffff) throw this.takeError();
    return n;
  };

  /** Casts every ray of `rays` (x, y, dx, dy each); returns the count. Read the results with castResults(). */
  proto.raycastMany = function raycastMany(rays, maxDistance, mask) {
    if (!plainF32(rays)) return raycastManyChecked.call(this, rays, maxDistance, mask);
    const n = raycastManyRaw.call(this, rays, maxDistance, mask);
    if (n === 0xffffffff) throw this.takeError();
    return n;
  };

  // Per-world cache, kept off the instance (as common.js does).
  const cache = new WeakMap();

  /** Views of the last sweep()'s or raycastMany()'s results; the first `count` items are its own. */
  proto.castResults = function castResults() {
    if (this.__wbg_ptr === 0) throw freedError();
    const buffer = memoryBuffer();
    const version = this.castResultsVersion;
    let c = cache.get(this);
    if (c === undefined || c.buffer !== buffer || c.version !== version) {
      const [t, ids, normals, points] = this.castResultPtrs();
      const n = this.castResultsLength;
      const views = Object.freeze({
        t: new Float32Array(buffer, t, n),
        ids: new Uint32Array(buffer, ids, n),
        normals: new Float32Array(buffer, normals, 2 * n),
        points: new Float32Array(buffer, points, 2 * n),
      });
      c = { buffer, version, views };
      cache.set(this, c);
    }
    return c.views;
  };
}
