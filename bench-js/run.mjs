// sepax vs its peers on the standard workload (defined in bench-js/workload.mjs), in one Node process,
// interleaved. Run through `bash scripts/bench.sh`, or directly:
//
//   node --expose-gc bench-js/run.mjs
//   BENCH_N="1000 5000" BENCH_LIBS=sepax,rapier-simd node --expose-gc bench-js/run.mjs
//
// Environment:
//   BENCH_N       sizes (default "1000 5000 20000 100000")
//   BENCH_LIBS    comma-separated subset of: sepax, sepax-setTransforms, sepax-baseline, rapier-simd, rapier, rapier-simd-kinematic, sat-rbush, matter,
//                 detect-collisions (default: all)
//   BENCH_FRAMES  "warm/measured" for every N (default per N: 1k 100/400, 5k 50/200, 20k 30/100, 100k 30/100)
//   BENCH_OUT     directory for results.json, results.md, chart.svg (default: this directory)
//
// One frame = write every shape's transform into the library + compute all overlapping pairs + read the pairs out
// as a flat array of shape indices, touching every id (summing them). The motion itself (the game's work) is
// advanced before the clock starts. Each library owns a copy of the motion state, so all see the same frames.
//
// Interleaving: frames run in batches; in each batch every library runs `batch` consecutive frames, and the order
// of the libraries rotates from batch to batch, so that a noisy neighbour or thermal drift hits all of them alike.
// Read ratios, not absolute milliseconds: the machine is shared.
//
// JS garbage per frame: after the timed frames, for each library, windows of K frames (K = about 250 ms worth of
// frames, 1..200) are run after a forced full GC (`gc()`, needs --expose-gc), reading the bytes in use in V8's young
// generation before and after. Young-generation allocation is a bump pointer, so with no GC inside the window
// (a PerformanceObserver on "gc" entries checks) the difference is exactly what the K frames allocated. When a GC
// did run inside (libraries allocating megabytes per frame), `process.memoryUsage().heapUsed` is used instead and
// the figure is marked as a lower bound, "≥". The cost of the reads themselves (empty windows) is subtracted; the
// figure is the smallest window (noise such as code compilation only ever adds bytes; a first window is
// discarded), divided by K. Wasm linear memory and ArrayBuffer backing stores are not JS heap
// garbage and are not counted (a growing wasm memory would show in `arrayBuffers`, reported separately if nonzero).

import os from "node:os";
import v8 from "node:v8";
import { writeFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PerformanceObserver, performance } from "node:perf_hooks";
import { makeWorkload, makeMotion, advance, pairChecksum } from "./workload.mjs";
import { PEERS, PEER_LABELS } from "./peers.mjs";
import { SEPAX, SEPAX_LABELS, loadSepax } from "./sepax.mjs";
import { compare } from "./crosscheck.mjs";
import { renderChart } from "./chart.mjs";

if (typeof globalThis.gc !== "function") {
  console.error("run with node --expose-gc (the garbage measurement needs gc())");
  process.exit(2);
}

const LIBS = { ...SEPAX, ...PEERS };
const LABELS = { ...SEPAX_LABELS, ...PEER_LABELS };
const ALL = Object.keys(LIBS);
const REFERENCE = "sepax";
const SKIP_MS = 2000; // a library whose steady frames take longer is skipped at this N and above
const SKIP_PROBE = 5; // ... judged on the median of the first frames after the cross-check (frame 1 is often slow)
const CROSS_FRAMES = 4;
const GARBAGE_WINDOW_MS = 250; // length of one garbage window (frames = this / the library's median frame time) // frames 0-2 are compared, frame 3 tells whether a difference is a one-frame lag

const sizes = (process.env.BENCH_N ?? "1000 5000 20000 100000")
  .split(/[\s,]+/)
  .filter(Boolean)
  .map(Number);
const chosen = process.env.BENCH_LIBS ? process.env.BENCH_LIBS.split(/[\s,]+/).filter(Boolean) : ALL;
for (const name of chosen) {
  if (!LIBS[name]) {
    console.error(`unknown library '${name}'; choose from ${ALL.join(", ")}`);
    process.exit(2);
  }
}
const outDir = process.env.BENCH_OUT
  ? path.resolve(process.env.BENCH_OUT)
  : path.dirname(new URL(import.meta.url).pathname);

function plan(n) {
  const defaults = n <= 1000 ? [100, 400, 5] : n <= 5000 ? [50, 200, 5] : n <= 20000 ? [30, 100, 2] : [30, 100, 1];
  if (process.env.BENCH_FRAMES) {
    const [w, m] = process.env.BENCH_FRAMES.split("/").map(Number);
    defaults[0] = Math.max(w, CROSS_FRAMES);
    defaults[1] = m;
  }
  return { warm: defaults[0], measured: defaults[1], batch: defaults[2], garbageWindows: n <= 20000 ? 7 : 4 };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const median = (xs) => {
  const s = Float64Array.from(xs).sort();
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

let sink = 0; // keeps the readout sums alive

/** Runs one frame; returns [write, step, read] durations in ms. */
function frame(lib, motion) {
  const t0 = performance.now();
  lib.write(motion);
  const t1 = performance.now();
  lib.step();
  const t2 = performance.now();
  sink += lib.read();
  const t3 = performance.now();
  return [t1 - t0, t2 - t1, t3 - t2];
}

// ----- GC observation, for the garbage windows ------------------------------------------------------------------
const gcEntries = [];
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcEntries.push([e.startTime, e.startTime + e.duration]);
});
gcObserver.observe({ entryTypes: ["gc"] });
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Bytes in use in V8's young generation: allocation there is a bump pointer, so between two reads with no GC in
 *  between, the difference is exactly what was allocated on the JS heap (objects too large for it excepted, which
 *  heapUsed still catches). */
const youngBytes = () =>
  v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name === "new_space" || space.space_name === "new_large_object_space")
    .reduce((sum, space) => sum + space.space_used_size, 0);

async function garbage(lib, motion, windowFrames, windows) {
  const spans = [];
  const run = (fn, count) => {
    const young = [];
    const used = [];
    const ext = [];
    for (let k = 0; k < count; k++) {
      gc();
      const start = performance.now();
      const h0 = process.memoryUsage();
      const y0 = youngBytes();
      fn();
      const y1 = youngBytes();
      const h1 = process.memoryUsage();
      spans.push([start, performance.now()]);
      young.push(y1 - y0);
      used.push(h1.heapUsed - h0.heapUsed);
      ext.push(h1.arrayBuffers - h0.arrayBuffers);
    }
    return { young, used, ext };
  };
  // The frames of the timed runs without the clock: `frame()` returns its three durations in a fresh array, which
  // is the harness's garbage, not the library's.
  const frames = () => {
    for (let f = 0; f < windowFrames; f++) {
      advance(motion);
      lib.write(motion);
      lib.step();
      sink = (sink + lib.read()) | 0; // an int32 stays a small integer: no heap number per frame
    }
  };
  const empty = run(() => {}, windows);
  run(frames, 1); // discarded: compiles this closure
  spans.length = 0;
  const measured = run(frames, windows);
  await settle();
  const collected = gcEntries.some(([s, e]) => spans.some(([a, b]) => s < b && e > a));
  // Without a GC inside the windows the young-generation difference is exact (minus the empty window's cost of
  // the reads themselves). With one, part of the allocation was collected: heapUsed then gives a lower bound.
  // Noise (code compilation, feedback vectors) only ever adds bytes: the smallest window is the steady-state
  // figure; the median is kept in results.json too.
  const [values, baseline] = collected ? [measured.used, empty.used] : [measured.young, empty.young];
  const base = Math.min(...baseline);
  return {
    bytes: Math.max(0, (Math.min(...values) - base) / windowFrames),
    medianBytes: Math.max(0, (median(values) - base) / windowFrames),
    lowerBound: collected,
    externalBytes: Math.min(...measured.ext) / windowFrames,
  };
}

// ----- one size --------------------------------------------------------------------------------------------------
const skipped = new Set(); // libraries that exceeded SKIP_MS at a smaller N
const results = []; // { n, width, libs: { name: {...} }, crosscheck: {...} }

async function runSize(n) {
  const p = plan(n);
  const w = makeWorkload(n);
  console.log(
    `\n=== N = ${n}: W = ${w.width.toFixed(1)}, ${p.warm} warm-up + ${p.measured} measured frames, batches of ${p.batch} ===`,
  );
  const entry = { n, width: w.width, plan: p, libs: {}, crosscheck: {} };
  results.push(entry);
  const active = [];
  const state = {};
  for (const name of chosen) {
    if (skipped.has(name)) {
      entry.libs[name] = { skipped: `a frame took more than ${SKIP_MS} ms at a smaller N` };
      console.log(`${name}: skipped (slower than ${SKIP_MS} ms per frame at a smaller N)`);
      continue;
    }
    const t = performance.now();
    try {
      const lib = await LIBS[name].create(w);
      state[name] = { lib, motion: makeMotion(w), times: [], splits: [[], [], []], warmTimes: [] };
      active.push(name);
      entry.libs[name] = { createMs: performance.now() - t };
    } catch (e) {
      entry.libs[name] = { error: String(e?.message ?? e) };
      console.log(`${name}: FAILED to create: ${e?.stack ?? e}`);
    }
  }

  // Cross-check frames (part of the warm-up): one frame at a time, every library, same frame index.
  const cross = {};
  const reference = makeMotion(w);
  for (let f = 0; f < CROSS_FRAMES; f++) {
    if (f > 0) advance(reference);
    const snapshot = { x: reference.x.slice(), y: reference.y.slice(), angle: reference.angle.slice() };
    for (const name of active.slice()) {
      const s = state[name];
      if (f > 0) advance(s.motion);
      const [a, b, c] = frame(s.lib, s.motion);
      const ms = a + b + c;
      const keys = s.lib.pairKeys();
      (cross[name] ??= []).push({ motion: snapshot, keys, depths: s.lib.depths?.() ?? null, ms, count: keys.length });
    }
  }
  for (const name of Object.keys(cross)) {
    const c0 = cross[name][0];
    entry.libs[name].pairsFrame0 = c0.count;
    entry.libs[name].checksumFrame0 = pairChecksum(c0.keys);
    entry.libs[name].firstFrameMs = c0.ms;
  }
  const refName = cross[REFERENCE] ? REFERENCE : Object.keys(cross)[0];
  if (refName) {
    const refFrames = cross[refName];
    const depthOf = (fr) => (a, b) => {
      const key = a * 4294967296 + b;
      let lo = 0;
      let hi = fr.keys.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (fr.keys[mid] === key) return fr.depths ? fr.depths[mid] : NaN;
        if (fr.keys[mid] < key) lo = mid + 1;
        else hi = mid - 1;
      }
      return NaN;
    };
    console.log(
      `pairs at frame 0: ${Object.keys(cross)
        .map((k) => `${k} ${cross[k][0].count}`)
        .join(", ")}; ${refName} checksum ${pairChecksum(refFrames[0].keys)}`,
    );
    for (const name of Object.keys(cross)) {
      if (name === refName) continue;
      const frames = cross[name].map((fr, f) => ({
        motion: refFrames[f].motion,
        ref: refFrames[f].keys,
        peer: fr.keys,
        depthOf: depthOf(refFrames[f]),
      }));
      const result = compare(w, name, frames);
      entry.crosscheck[name] = { against: refName, ...result };
      const diffs = result.frames.map((r) => `f${r.frame}: -${r.missing}/+${r.extra}`).join(" ");
      const causes = Object.entries(result.causes)
        .map(([k, v]) => `${v} ${k}`)
        .join("; ");
      console.log(`cross-check ${name} vs ${refName}: ${diffs}${causes ? ` — ${causes}` : " — identical"}`);
      for (const e of result.examples) {
        console.log(
          `    e.g. frame ${e.frame} ${e.kind} (${e.a}, ${e.b}) ${e.kinds}: ${e.cause}; SAT separation ${e.separation.toExponential(2)}` +
            (Number.isFinite(e.sepaxDepth) ? `, sepax depth ${e.sepaxDepth.toExponential(2)}` : ""),
        );
      }
    }
  }

  // Remaining warm-up, then measured frames, interleaved in batches with a rotating order.
  const total = p.warm + p.measured - CROSS_FRAMES;
  const startClock = performance.now();
  for (let done = 0, batchNo = 0; done < total; done += p.batch, batchNo++) {
    const order = active.slice(batchNo % active.length).concat(active.slice(0, batchNo % active.length));
    const count = Math.min(p.batch, total - done);
    for (const name of order) {
      const s = state[name];
      if (!s) continue; // skipped in this batch
      for (let k = 0; k < count; k++) {
        advance(s.motion);
        const split = frame(s.lib, s.motion);
        if (s.warmTimes.length < SKIP_PROBE) {
          s.warmTimes.push(split[0] + split[1] + split[2]);
          if (s.warmTimes.length === SKIP_PROBE && median(s.warmTimes) > SKIP_MS) {
            const ms = median(s.warmTimes);
            console.log(
              `${name}: median of frames 4-${3 + SKIP_PROBE} is ${ms.toFixed(0)} ms > ${SKIP_MS} ms: skipped at N = ${n} and above`,
            );
            entry.libs[name].skipped =
              `frames took ${ms.toFixed(0)} ms (median of ${SKIP_PROBE} after the cross-check)`;
            skipped.add(name);
            s.lib.dispose();
            delete state[name];
            active.splice(active.indexOf(name), 1);
            break;
          }
        }
        if (done + k + CROSS_FRAMES >= p.warm) {
          s.times.push(split[0] + split[1] + split[2]);
          for (let q = 0; q < 3; q++) s.splits[q].push(split[q]);
        }
      }
    }
    if (performance.now() - startClock > 30000 && batchNo % 10 === 0) {
      console.log(`  ... ${done + count}/${total} frames`);
    }
  }

  for (const name of active) {
    const s = state[name];
    const sorted = Float64Array.from(s.times).sort();
    const r = entry.libs[name];
    r.medianMs = median(sorted);
    r.p95Ms = quantile(sorted, 0.95);
    r.minMs = sorted[0];
    r.split = { writeMs: median(s.splits[0]), stepMs: median(s.splits[1]), readMs: median(s.splits[2]) };
    r.pairsLast = s.lib.count;
  }
  for (const name of active) {
    const s = state[name];
    // Windows of about GARBAGE_WINDOW_MS each: a few hundred bytes of measurement noise then weigh little per frame
    // for a fast library, and a slow one still gets at least one whole frame per window.
    const windowFrames = Math.max(1, Math.min(200, Math.round(GARBAGE_WINDOW_MS / entry.libs[name].medianMs)));
    entry.libs[name].garbage = await garbage(s.lib, s.motion, windowFrames, p.garbageWindows);
    entry.libs[name].garbage.windowFrames = windowFrames;
  }
  const ref = entry.libs[REFERENCE]?.medianMs;
  for (const name of active) {
    const r = entry.libs[name];
    r.ratio = ref ? r.medianMs / ref : NaN;
    console.log(
      `${name.padEnd(20)} median ${r.medianMs.toFixed(2).padStart(8)} ms  p95 ${r.p95Ms.toFixed(2).padStart(8)} ms` +
        `  x${Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : "?"}  garbage ${fmtBytes(r.garbage)}/frame` +
        `  [write ${r.split.writeMs.toFixed(2)} step ${r.split.stepMs.toFixed(2)} read ${r.split.readMs.toFixed(2)}]` +
        `  pairs ${r.pairsLast}`,
    );
  }
  for (const name of active) state[name].lib.dispose();
  gc();
}

function fmtBytes(g) {
  if (!g) return "-";
  const b = g.bytes;
  const s =
    b < 1024
      ? `${Math.round(b)} B`
      : b < 1024 * 1024
        ? `${(b / 1024).toFixed(1)} KB`
        : `${(b / 1048576).toFixed(2)} MB`;
  return (g.lowerBound ? "≥" : "") + s;
}

// ----- report ----------------------------------------------------------------------------------------------------
function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model?.trim() ?? "unknown CPU"} × ${cpus.length}, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

function markdown(meta) {
  const lines = [];
  lines.push(`# sepax benchmark: the standard workload`);
  lines.push("");
  lines.push(
    `${meta.date}, ${meta.machine}. sepax ${meta.sepaxVersion}` +
      (meta.sepaxBuild
        ? ` (${meta.sepaxBuild} build, chosen by init(); "no-SIMD build" rows load sepax_core_bg.wasm)`
        : "") +
      `. Generated by \`bash scripts/bench.sh\` (bench-js/run.mjs).`,
  );
  lines.push("");
  lines.push(
    "One frame = write all N transforms + find every overlapping pair + read the pairs out as a flat array (summing " +
      "the ids). Libraries interleaved in one process; ratio = library median / sepax (views) median, > 1 means " +
      "sepax is faster. Garbage = JS heap bytes allocated per frame in steady state (see bench-js/run.mjs for the method; " +
      "≥ marks a window in which a GC ran, so a lower bound).",
  );
  lines.push("");
  lines.push("| N | library | median ms | p95 ms | ratio to sepax | JS garbage / frame | pairs (frame 0) |");
  lines.push("|---|---|---:|---:|---:|---:|---:|");
  for (const e of results) {
    for (const name of chosen) {
      const r = e.libs[name];
      if (!r) continue;
      if (r.medianMs === undefined) {
        lines.push(`| ${e.n} | ${LABELS[name]} | ${r.error ? "failed" : "skipped"} | | | | ${r.pairsFrame0 ?? ""} |`);
        continue;
      }
      lines.push(
        `| ${e.n} | ${LABELS[name]} | ${r.medianMs.toFixed(2)} | ${r.p95Ms.toFixed(2)} | ${Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : ""} | ${fmtBytes(r.garbage)} | ${r.pairsFrame0 ?? ""} |`,
      );
    }
  }
  lines.push("");
  lines.push("## Where sepax's frame goes (median ms)");
  lines.push("");
  lines.push("| N | variant | write transforms | step | read pairs |");
  lines.push("|---|---|---:|---:|---:|");
  for (const e of results) {
    for (const name of ["sepax", "sepax-setTransforms", "sepax-baseline"]) {
      const r = e.libs[name];
      if (!r?.split) continue;
      lines.push(
        `| ${e.n} | ${LABELS[name]} | ${r.split.writeMs.toFixed(3)} | ${r.split.stepMs.toFixed(3)} | ${r.split.readMs.toFixed(3)} |`,
      );
    }
  }
  lines.push("");
  lines.push("## Cross-check of pair sets against sepax (frames 0-2; frame 3 only to recognise one-frame lags)");
  lines.push("");
  lines.push("| N | library | missing / extra per frame | causes (computed) |");
  lines.push("|---|---|---|---|");
  for (const e of results) {
    for (const [name, c] of Object.entries(e.crosscheck)) {
      const diffs = c.frames.map((r) => `-${r.missing}/+${r.extra}`).join(", ");
      const causes = Object.entries(c.causes)
        .map(([k, v]) => `${v} ${k}`)
        .join("; ");
      lines.push(`| ${e.n} | ${LABELS[name]} | ${diffs} | ${causes || "identical"} |`);
    }
  }
  lines.push("");
  return lines.join("\n");
}

async function main() {
  const meta = { date: new Date().toISOString().slice(0, 10), machine: machine(), sepaxVersion: "?" };
  if (chosen.some((n) => n.startsWith("sepax"))) {
    const sepax = await loadSepax();
    meta.sepaxVersion = sepax.version;
    meta.sepaxBuild = sepax.build; // which .wasm init() chose: "simd128" in Node 20
  }
  console.log(
    `sepax bench — ${meta.date} — ${meta.machine}${meta.sepaxBuild ? ` — sepax build ${meta.sepaxBuild}` : ""}`,
  );
  console.log(`libraries: ${chosen.join(", ")}; N: ${sizes.join(", ")}`);
  // BENCH_MERGE=old/results.json keeps that file's sizes that this run does not measure (e.g. to redo one N).
  const merged = process.env.BENCH_MERGE ? JSON.parse(readFileSync(process.env.BENCH_MERGE, "utf8")).results : [];
  for (const n of sizes) await runSize(n);
  for (const e of merged) if (!sizes.includes(e.n)) results.push(e);
  results.sort((a, b) => a.n - b.n);
  gcObserver.disconnect();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "results.json"), JSON.stringify({ meta, results }, null, 1) + "\n");
  writeFileSync(path.join(outDir, "results.md"), markdown(meta));
  const series = chosen
    .map((name) => ({
      name: LABELS[name],
      points: results.filter((e) => e.libs[name]?.medianMs !== undefined).map((e) => [e.n, e.libs[name].medianMs]),
    }))
    .filter((s) => s.points.length > 0);
  writeFileSync(
    path.join(outDir, "chart.svg"),
    renderChart({ title: `Collision pairs per frame, standard workload — ${meta.date} — ${meta.machine}`, series }),
  );
  console.log(`\n${markdown(meta)}`);
  console.log(`wrote ${path.join(outDir, "results.md")}, results.json, chart.svg (sink ${sink % 997})`);
}

await main();
