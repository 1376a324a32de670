// sepax driven through its npm package (pkg/, built by scripts/build-pkg.sh), the way a game would:
//
//   "sepax"               zero-copy: writes xs/ys/angles straight into the views of world.transforms(),
//                         step(), then reads pairCount pairs from the full-capacity view world.pairBuffer()
//   "sepax-setTransforms" the batch call: fills one Float32Array [x, y, angle, ...] and calls
//                         world.setTransforms(ids, xya), then step() and the same readout
//   "sepax-baseline"      as "sepax", with the package's build for engines without wasm SIMD
//                         (sepax_core_bg.wasm); the other two use the build init() picks (simd128 in Node 20)
//
// Both expose the interface of peers.mjs (write / step / read / pairKeys), plus `depths()` and `depthOf(a, b)` (the
// contact depths sepax reported in the last step, for the cross-check).
//
// The package is imported from ../pkg (its `node` export), or from $SEPAX_PKG (a directory holding a built package).

import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { KIND_BOX, KIND_CIRCLE } from "./workload.mjs";

const f32 = Math.fround;

let sepaxModule = null;
let baselineModule = null;

function packageDir() {
  return process.env.SEPAX_PKG
    ? path.resolve(process.env.SEPAX_PKG)
    : path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "pkg");
}

/** The file an `exports` target names for `import` in Node: conditions `node`, `import`, `default`, nested or not. */
function resolveExport(target) {
  if (typeof target === "string" || target == null) return target ?? undefined;
  for (const condition of ["node", "import", "default"]) {
    if (condition in target) return resolveExport(target[condition]);
  }
  return undefined;
}

/** Imports the package's Node entry from `dir` and initialises it with `wasmFile` (undefined: init()'s choice). */
async function importPackage(dir, wasmFile) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  } catch (e) {
    throw new Error(`no built sepax package in ${dir} (run bash scripts/build-pkg.sh): ${e.message}`);
  }
  const entry = resolveExport(manifest.exports?.["."]) ?? manifest.module;
  const mod = await import(pathToFileURL(path.join(dir, entry)).href);
  await (mod.init ?? mod.default)(wasmFile === undefined ? undefined : pathToFileURL(path.join(dir, wasmFile)));
  const build = mod.wasmBuild?.() ?? "single";
  return { ...mod, version: manifest.version, build: wasmFile ?? build };
}

/** Imports and initialises the built package once, as a game would: init() picks the build (simd128 in Node 20). */
export async function loadSepax() {
  sepaxModule ??= await importPackage(packageDir());
  return sepaxModule;
}

/**
 * The package's baseline build (sepax_core_bg.wasm, no wasm SIMD), what engines without SIMD get. A process holds
 * one core per module instance, so this loads a copy of the package from a temporary folder.
 */
export async function loadSepaxBaseline() {
  if (!baselineModule) {
    const copy = mkdtempSync(path.join(tmpdir(), "sepax-baseline-"));
    process.on("exit", () => rmSync(copy, { recursive: true, force: true }));
    cpSync(packageDir(), copy, { recursive: true });
    baselineModule = await importPackage(copy, "sepax_core_bg.wasm");
  }
  return baselineModule;
}

function makeSepax(useViews, load = loadSepax) {
  return {
    async create(w) {
      const { World } = await load();
      const world = new World();
      const n = w.n;
      const ids = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        const s = w.shapes[i];
        const x = f32(w.x[i]);
        const y = f32(w.y[i]);
        const a = f32(w.angle[i]);
        let id;
        if (s.kind === KIND_BOX) id = world.addBox(x, y, s.hw, s.hh, a);
        else if (s.kind === KIND_CIRCLE) id = world.addCircle(x, y, s.r);
        else id = world.addPolygon(x, y, a, s.points);
        ids[i] = id;
      }
      // Ids are slot indices handed out in order in a fresh world; the readout relies on id == shape index.
      for (let i = 0; i < n; i++) if (ids[i] !== i) throw new Error(`sepax gave id ${ids[i]} to shape ${i}`);
      const xya = new Float32Array(3 * n);
      let lastCount = 0;
      const lib = {
        /** The World itself (bench/phases.mjs reads stepProfiled() from it). */
        world,
        write: useViews
          ? (m) => {
              const { x, y, angle } = m;
              const t = world.transforms(); // cached; rebuilt only after memory growth or a layout change
              const xs = t.xs;
              const ys = t.ys;
              const as = t.angles;
              for (let i = 0; i < n; i++) {
                xs[i] = x[i];
                ys[i] = y[i];
                as[i] = angle[i];
              }
            }
          : (m) => {
              const { x, y, angle } = m;
              for (let i = 0, k = 0; i < n; i++, k += 3) {
                xya[k] = x[i];
                xya[k + 1] = y[i];
                xya[k + 2] = angle[i];
              }
              world.setTransforms(ids, xya);
            },
        step() {
          lastCount = world.step();
        },
        read() {
          const flat = world.pairBuffer(); // whole allocation, cached: no object per frame
          const len = 2 * world.pairCount;
          let s = 0;
          // int32 sum: a sum past 2^31 (100k shapes) would be returned as a heap number, 16 bytes of garbage a frame
          for (let i = 0; i < len; i++) s = (s + flat[i]) | 0;
          return s;
        },
        pairKeys() {
          const p = world.pairs();
          const out = new Float64Array(p.length / 2);
          for (let i = 0; i < out.length; i++) out[i] = p[2 * i] * 4294967296 + p[2 * i + 1];
          return out; // sorted by (a, b) already
        },
        /** Contact depths of the last step, parallel to pairKeys() (a copy). */
        depths() {
          const c = world.contacts();
          const out = new Float32Array(c.length / 3);
          for (let i = 0; i < out.length; i++) out[i] = c[3 * i + 2];
          return out;
        },
        /** Depth of the contact of pair (a < b) in the last step, or NaN when sepax has no such pair. */
        depthOf(a, b) {
          const p = world.pairs();
          let lo = 0;
          let hi = p.length / 2 - 1;
          while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            const ma = p[2 * mid];
            const mb = p[2 * mid + 1];
            if (ma === a && mb === b) return world.contacts()[3 * mid + 2];
            if (ma < a || (ma === a && mb < b)) lo = mid + 1;
            else hi = mid - 1;
          }
          return NaN;
        },
        get count() {
          return lastCount;
        },
        dispose() {
          world.free();
        },
      };
      return lib;
    },
  };
}

export const SEPAX = {
  sepax: makeSepax(true),
  "sepax-setTransforms": makeSepax(false),
  "sepax-baseline": makeSepax(true, loadSepaxBaseline),
};

export const SEPAX_LABELS = {
  sepax: "sepax (views)",
  "sepax-setTransforms": "sepax (setTransforms)",
  "sepax-baseline": "sepax (views, no-SIMD build)",
};
