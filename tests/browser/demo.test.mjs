// Real-browser test of the sprites demo (www/): Chromium via playwright-core loads the built demo from a local
// server and checks that it runs, that highlighted sprites are where the world reports pairs, that pause and
// single-step work, and reports step timings at 1k / 10k / 20k sprites (printed, never asserted).
//
//   bash scripts/build-demo.sh && node --test tests/browser/demo.test.mjs
//
// Builds the demo itself when www/dist is missing or older than its sources or pkg/. Writes
// target/test-output/demo.png and target/test-output/demo-timings.json; with SEPAX_UPDATE_DOCS_SCREENSHOT=1 it
// also copies the screenshot to docs/demo.png (the README's picture).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { startServer } from "../../scripts/serve.mjs";
import { launchChromium } from "./chromium.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIST = join(ROOT, "www", "dist");
const OUT_DIR = join(ROOT, "target", "test-output");
/** Same rule as www/src/palette.ts: the highlight colour #ff3cd2, and nothing else on screen, passes it. */
const PINK = { minR: 200, maxG: 130, minB: 150 };
/** The highlight ring is at most 2 device px (www/src/atlas.ts ringPx); windows reach this far past a sprite's radius. */
const WINDOW_MARGIN = 3;

let server;
let url;
let context;
let page;
let browser;
const problems = [];

/** Newest modification time under `path` (0 when it does not exist, e.g. removed while we look). */
function newestMtime(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function ensureBuilt() {
  const bundle = join(DIST, "main.js");
  const inputs = [
    join(ROOT, "www", "src"),
    join(ROOT, "www", "index.html"),
    join(ROOT, "www", "style.css"),
    join(ROOT, "pkg"),
  ];
  const stale = !existsSync(bundle) || inputs.some((p) => newestMtime(p) > statSync(bundle).mtimeMs);
  if (stale) execFileSync("bash", [join(ROOT, "scripts", "build-demo.sh")], { cwd: ROOT, stdio: "inherit" });
}

function assertNoProblems() {
  assert.deepEqual(problems, [], "page errors, console errors or failed requests");
}

/** Waits until `check(window.__sepax, arg)` is truthy in the page (false while the hook is not installed yet). */
async function waitFor(check, arg, timeout = 60_000) {
  await page.waitForFunction(
    ([src, arg]) => window.__sepax !== undefined && globalThis.eval(`(${src})`)(window.__sepax, arg),
    [check.toString(), arg],
    { timeout, polling: 50 },
  );
}

const hook = (expr) => page.evaluate(expr);
const twoFrames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const readoutNumber = async (id) => Number((await page.textContent(`#${id}`)).replace(/[^0-9.]/g, ""));

before(async () => {
  ensureBuilt();
  ({ server, url } = await startServer({ root: DIST, port: 0 }));
  browser = await launchChromium("demo", { viewport: { width: 1280, height: 720 } });
  context = browser.context;
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
});

after(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r()));
});

test("the demo loads its wasm and runs frames without errors", { timeout: 60_000 }, async () => {
  const wasmType = page
    .waitForResponse((r) => r.url().endsWith(".wasm"), { timeout: 30_000 })
    .then((r) => r.headers()["content-type"]);
  await page.goto(url);
  assert.equal(await wasmType, "application/wasm");
  await waitFor((d) => d.frame > 30);
  assertNoProblems();
});

test("the readout shows pairs and an advancing frame counter", { timeout: 30_000 }, async () => {
  await page.waitForFunction(() => Number(document.getElementById("ro-frame").textContent) > 0);
  const pairs = await readoutNumber("ro-pairs");
  const sprites = await readoutNumber("ro-sprites");
  const frame1 = await readoutNumber("ro-frame");
  await page.waitForTimeout(700);
  const frame2 = await readoutNumber("ro-frame");
  assert.ok(pairs > 0, `readout pairs = ${pairs}`);
  assert.ok(sprites >= 100, `readout sprites = ${sprites}`);
  assert.ok(frame2 > frame1, `frame counter did not advance (${frame1} then ${frame2})`);
  // Chromium has wasm SIMD, so the demo runs the package's SIMD core.
  assert.equal(await page.textContent("#ro-build"), "simd128");
  assertNoProblems();
});

test("highlighted sprites are where the world reports pairs, and nowhere else", { timeout: 30_000 }, async (t) => {
  // Paused, the canvas keeps showing exactly the state the hook describes.
  await page.click("#pause");
  await waitFor((d) => d.paused);
  await twoFrames();
  const result = await page.evaluate(
    ({ PINK, WINDOW_MARGIN }) => {
      const d = window.__sepax;
      const snap = d.snapshot();
      const world = d.world;
      const canvas = document.getElementById("stage");
      const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      const { data, width, height } = pixels;
      // Highlight-coloured pixels within `radius` CSS px of (x, y).
      const pinkNear = (x, y, radius) => {
        const s = snap.dpr;
        const cx = x * s;
        const cy = y * s;
        const r = radius * s;
        let n = 0;
        for (let py = Math.max(0, Math.floor(cy - r)); py <= Math.min(height - 1, Math.ceil(cy + r)); py++) {
          for (let px = Math.max(0, Math.floor(cx - r)); px <= Math.min(width - 1, Math.ceil(cx + r)); px++) {
            if ((px - cx) ** 2 + (py - cy) ** 2 > r * r) continue;
            const i = 4 * (py * width + px);
            if (data[i] >= PINK.minR && data[i + 1] <= PINK.maxG && data[i + 2] >= PINK.minB) n++;
          }
        }
        return n;
      };
      const inside = (id) => {
        const r = snap.radii[id] + WINDOW_MARGIN;
        return snap.xs[id] > r && snap.ys[id] > r && snap.xs[id] < snap.width - r && snap.ys[id] < snap.height - r;
      };
      const paired = new Set(snap.pairs);
      const moving = snap.xs.map((_, id) => id).filter((id) => !snap.isStatic[id] && inside(id));

      // Every paired sprite (up to 40, spread over the ids) must show highlight pixels.
      const pairedIds = moving.filter((id) => paired.has(id));
      const stride = Math.max(1, Math.floor(pairedIds.length / 40));
      const positives = pairedIds
        .filter((_, i) => i % stride === 0)
        .slice(0, 40)
        .map((id) => ({ id, pink: pinkNear(snap.xs[id], snap.ys[id], snap.radii[id] + WINDOW_MARGIN) }));

      // Unpaired sprites with no other shape within 10 px (world's own query) must show none.
      const negatives = [];
      for (const id of moving) {
        if (negatives.length >= 20) break;
        if (paired.has(id)) continue;
        const r = snap.radii[id];
        const near = world.queryShape({ kind: "circle", radius: r + 10 }, snap.xs[id], snap.ys[id]);
        if (near.length === 1 && near[0] === id) {
          negatives.push({ id, pink: pinkNear(snap.xs[id], snap.ys[id], r + WINDOW_MARGIN) });
        }
      }

      // Empty spots (no shape within 14 px) must show none either.
      const empties = [];
      for (let y = 20; y < snap.height - 20 && empties.length < 12; y += 37) {
        for (let x = 20; x < snap.width - 20 && empties.length < 12; x += 41) {
          if (world.queryShape({ kind: "circle", radius: 14 }, x, y).length === 0) {
            empties.push({ x, y, pink: pinkNear(x, y, 5) });
          }
        }
      }
      return { pairCount: snap.pairs.length / 2, positives, negatives, empties };
    },
    { PINK, WINDOW_MARGIN },
  );
  const lit = result.positives.filter((p) => p.pink > 0).length;
  t.diagnostic(
    `pairs ${result.pairCount}; highlight pixels at ${lit}/${result.positives.length} paired sprites, ` +
      `${result.negatives.filter((n) => n.pink > 0).length}/${result.negatives.length} isolated unpaired sprites, ` +
      `${result.empties.filter((e) => e.pink > 0).length}/${result.empties.length} empty spots`,
  );
  assert.ok(result.pairCount > 0, "the world reports no pair");
  assert.ok(result.positives.length >= 10, `only ${result.positives.length} paired sprites fully on screen`);
  // A paired sprite can be hidden under larger highlighted ones whose rings fall outside its window: allow 10 %.
  assert.ok(
    lit >= 0.9 * result.positives.length,
    `paired sprites without highlight: ${JSON.stringify(result.positives.filter((p) => p.pink === 0))}`,
  );
  assert.ok(result.negatives.length >= 3, `only ${result.negatives.length} isolated unpaired sprites found`);
  assert.deepEqual(
    result.negatives.filter((n) => n.pink > 0),
    [],
    "unpaired sprites drawn highlighted",
  );
  assert.ok(result.empties.length >= 3, `only ${result.empties.length} empty spots found`);
  assert.deepEqual(
    result.empties.filter((e) => e.pink > 0),
    [],
    "highlight colour at empty spots",
  );
  assertNoProblems();
});

test("with contact normals shown, every contact point is drawn as a cyan dot", { timeout: 30_000 }, async (t) => {
  // Still paused from the test before: the canvas shows the state the world reports.
  if (!(await hook(() => window.__sepax.paused))) await page.click("#pause");
  await waitFor((d) => d.paused);
  const cyanAtPoints = async () => {
    await twoFrames();
    return page.evaluate(() => {
      const d = window.__sepax;
      const snap = d.snapshot();
      const points = d.world.contactPoints();
      const canvas = document.getElementById("stage");
      const { data, width } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      const found = [];
      for (let i = 0; i < points.length && found.length < 60; i += 7) {
        if (points[i] !== 1 && points[i] !== 2) return { bad: Array.from(points.subarray(i, i + 7)) };
        for (let k = 0; k < points[i]; k++) {
          const [x, y] = [points[i + 1 + 3 * k], points[i + 2 + 3 * k]];
          if (!(x > 5 && y > 5 && x < snap.width - 5 && y < snap.height - 5)) continue;
          const at = 4 * (Math.round(y * snap.dpr) * width + Math.round(x * snap.dpr));
          // CONTACT_POINT in www/src/palette.ts is #4df3ff.
          found.push(data[at] < 140 && data[at + 1] > 200 && data[at + 2] > 200);
        }
      }
      return { pairs: points.length / 7, reported: d.pairs, cyan: found.filter(Boolean).length, of: found.length };
    });
  };
  await page.check("#normals");
  const on = await cyanAtPoints();
  await page.uncheck("#normals");
  const off = await cyanAtPoints();
  t.diagnostic(`normals on: cyan at ${on.cyan}/${on.of} contact points; off: ${off.cyan}/${off.of}`);
  assert.equal(on.bad, undefined, `a pair with a bad point count: ${on.bad}`);
  assert.equal(on.pairs, on.reported, "one entry of contact points per pair");
  assert.ok(on.of >= 10, `only ${on.of} contact points on screen`);
  assert.ok(on.cyan >= 0.95 * on.of, `contact points not drawn: ${on.cyan}/${on.of}`);
  assert.ok(off.cyan <= 0.2 * off.of, `cyan at contact points with normals off: ${off.cyan}/${off.of}`);
  assertNoProblems();
});

test("pause stops frames, Step advances one, Resume restarts", { timeout: 30_000 }, async () => {
  if (!(await hook(() => window.__sepax.paused))) await page.click("#pause");
  await waitFor((d) => d.paused);
  const f1 = await hook(() => window.__sepax.frame);
  await page.waitForTimeout(600);
  assert.equal(await hook(() => window.__sepax.frame), f1, "frames advanced while paused");
  assert.equal(await readoutNumber("ro-frame"), f1, "readout frame counter advanced while paused");
  assert.equal(
    await readoutNumber("ro-pairs"),
    await hook(() => window.__sepax.pairs),
    "readout pairs differ from the world's",
  );
  await page.click("#step");
  await waitFor((d, f) => d.frame === f + 1, f1, 5_000);
  await page.waitForTimeout(300);
  assert.equal(await hook(() => window.__sepax.frame), f1 + 1, "Step advanced more than one frame");
  await page.click("#pause");
  await waitFor((d, f) => !d.paused && d.frame > f + 10, f1);
  assertNoProblems();
});

test("with resolve on, a step's overlaps are pushed apart by world.separate()", { timeout: 30_000 }, async () => {
  if (!(await hook(() => window.__sepax.paused))) await page.click("#pause");
  await waitFor((d) => d.paused);
  if (!(await page.isChecked("#resolve"))) await page.click("#resolve");
  const f1 = await hook(() => window.__sepax.frame);
  await page.click("#step");
  await waitFor((d, f) => d.frame === f + 1, f1, 5_000);
  // The contacts of the demo's step are the overlaps before its resolve; stepping again without moving anything
  // gives the overlaps after it.
  const [before, after] = await page.evaluate(() => {
    const world = window.__sepax.world;
    const total = () => {
      const c = world.contacts();
      let sum = 0;
      for (let k = 2; k < c.length; k += 3) sum += c[k];
      return sum;
    };
    const first = total();
    world.step();
    return [first, total()];
  });
  assert.ok(before > 0, "the scene has overlaps to resolve");
  assert.ok(after < 0.7 * before, `resolve reduced the total overlap: ${before} -> ${after}`);
  await page.click("#resolve");
  await page.click("#pause");
  assertNoProblems();
});

test("dragging moves a sprite; clicking empty space spawns one", { timeout: 30_000 }, async () => {
  await page.click("#pause");
  await waitFor((d) => d.paused);
  await twoFrames();
  const box = await page.locator("#stage").boundingBox();
  // A sprite alone under its centre (so the drag grabs it) and an empty spot, found with the world's queries.
  const found = await page.evaluate(() => {
    const d = window.__sepax;
    const s = d.snapshot();
    let sprite = null;
    for (let id = 0; id < s.xs.length && !sprite; id++) {
      const [x, y] = [s.xs[id], s.ys[id]];
      if (s.isStatic[id] || x < 60 || y < 60 || x > s.width - 120 || y > s.height - 120) continue;
      const under = d.world.queryPoint(x, y);
      if (under.length === 1 && under[0] === id) sprite = { id, x, y };
    }
    let empty = null;
    for (let y = 30; y < s.height - 30 && !empty; y += 29) {
      for (let x = 30; x < s.width - 30 && !empty; x += 31) {
        if (d.world.queryShape({ kind: "circle", radius: 25 }, x, y).length === 0) empty = { x, y };
      }
    }
    return { sprite, empty, count: d.spriteCount };
  });
  assert.ok(found.sprite && found.empty, `no lone sprite or empty spot found: ${JSON.stringify(found)}`);
  const { id, x, y } = found.sprite;
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  await page.mouse.move(box.x + x + 50, box.y + y + 30, { steps: 5 });
  await twoFrames();
  await page.mouse.up();
  await twoFrames();
  const moved = await page.evaluate((id) => {
    const s = window.__sepax.snapshot();
    return [s.xs[id], s.ys[id]];
  }, id);
  assert.ok(
    Math.abs(moved[0] - (x + 50)) < 1 && Math.abs(moved[1] - (y + 30)) < 1,
    `sprite ${id} at ${moved}, expected ${[x + 50, y + 30]}`,
  );
  await page.mouse.click(box.x + found.empty.x, box.y + found.empty.y);
  await waitFor((d, n) => d.spriteCount === n + 1, found.count, 5_000);
  await page.click("#pause");
  await waitFor((d) => !d.paused);
  assertNoProblems();
});

test("step timings at 1,000 / 10,000 / 20,000 sprites (reported, not asserted)", { timeout: 300_000 }, async (t) => {
  const timings = [];
  for (const n of [1000, 10_000, 20_000]) {
    // As a user does it: move the slider and let go (the demo rebuilds on "change").
    await page.$eval(
      "#count",
      (el, v) => {
        el.value = v;
        el.dispatchEvent(new Event("input", { bubbles: true }));
        el.dispatchEvent(new Event("change", { bubbles: true }));
      },
      String(n),
    );
    await waitFor((d, n) => d.spriteCount === n && d.samples >= 60, n, 240_000);
    const m = await hook(() => {
      const d = window.__sepax;
      return { sprites: d.spriteCount, pairs: d.pairs, stepMs: d.stepMs, frameMs: d.frameMs, fps: d.fps };
    });
    assert.equal(await readoutNumber("ro-sprites"), n);
    timings.push(m);
    t.diagnostic(
      `${String(n).padStart(6)} sprites: step ${m.stepMs.toFixed(2)} ms (median of 60), ` +
        `frame ${m.frameMs.toFixed(1)} ms, ${m.fps.toFixed(0)} fps, ${m.pairs} pairs`,
    );
  }
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, "demo-timings.json"), JSON.stringify(timings, null, 2) + "\n");
  assertNoProblems();
});

test("screenshot", { timeout: 60_000 }, async (t) => {
  // The README's picture (docs/demo.png): a smaller window and fewer, larger sprites, contact normals on.
  // SEPAX_UPDATE_DOCS_SCREENSHOT=1 copies it there; keep it under 300 KB.
  await page.setViewportSize({ width: 1000, height: 580 });
  await page.evaluate(() => window.__sepax.setCount(280));
  await page.check("#normals");
  await waitFor((d) => d.spriteCount === 280 && d.samples >= 60);
  mkdirSync(OUT_DIR, { recursive: true });
  const path = join(OUT_DIR, "demo.png");
  await page.screenshot({ path });
  t.diagnostic(`saved ${path} (${statSync(path).size} bytes)`);
  if (process.env.SEPAX_UPDATE_DOCS_SCREENSHOT === "1") {
    mkdirSync(join(ROOT, "docs"), { recursive: true });
    copyFileSync(path, join(ROOT, "docs", "demo.png"));
    t.diagnostic("copied to docs/demo.png");
  }
  assertNoProblems();
});
