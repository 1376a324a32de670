// Real-browser test of the play demo (www/play.html): Chromium via playwright-core loads the built page from a local
// server (the page loads its level, www/level.tmj, through sepax/maps), drives the character with the keyboard
// (moveAndSlide) and fires bullets with the mouse (sweep), and checks what happened through the page's debug handle
// `window.__play`: the character runs along the tile floor without falling through or catching on a seam, stops at
// the thin wall without passing it, jumps and lands; a bullet fired straight up takes the coin (a sensor) it skips
// between two frames, from the sweep's crossings, and flies on; every bullet stops at the surface it meets (the
// 2-unit wall, the segment wall, anything when fired all around), none passes the wall, and none overlaps or crossed
// a wall on its way (checked with overlap queries, not casts); the character walks up the ramp (slope tiles), over
// its crest and up the stairs (maxStepHeight) to the landing without leaving the ground, and back down the stairs
// and over the crest still grounded (snapDistance), stands on the ramp without creeping, and jumps from a one-way
// plank over the wall; bullets break bricks (setTile); the character rides the moving platform, takes a coin its
// move crosses and is sent back by spikes (the move's crossings), and going into the pool (a layer its moves cross)
// is reported; the crowd in its pen is kept from stacking by separate, and stacks with it turned off.
// Behaviour only: frames are counted, never timed.
//
//   bash scripts/build-demo.sh && node --test tests/browser/play.test.mjs
//
// Builds the demo itself when www/dist is missing or older than its sources or pkg/. Writes
// target/test-output/play.png.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { startServer } from "../../scripts/serve.mjs";
import { launchChromium } from "./chromium.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DIST = join(ROOT, "www", "dist");
const OUT_DIR = join(ROOT, "target", "test-output");

let server;
let url;
let browser;
let page;
let level; // window.__play.level: { thinWall: { id, left, right, top, bottom }, segmentWall, tiles, pieces }
let C; // window.__play.constants
const problems = [];

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
  const bundle = join(DIST, "play.js");
  const inputs = [join(ROOT, "www", "src"), join(ROOT, "www", "play.html"), join(ROOT, "www", "style.css")];
  inputs.push(join(ROOT, "www", "level.tmj"));
  inputs.push(join(ROOT, "pkg"));
  const stale = !existsSync(bundle) || inputs.some((p) => newestMtime(p) > statSync(bundle).mtimeMs);
  if (stale) execFileSync("bash", [join(ROOT, "scripts", "build-demo.sh")], { cwd: ROOT, stdio: "inherit" });
}

function assertNoProblems() {
  assert.deepEqual(problems, [], "page errors, console errors or failed requests");
}

const character = () => page.evaluate(() => window.__play.character());

/** Waits until `check(window.__play, arg)` is truthy in the page. */
async function waitFor(check, arg, timeout = 30_000) {
  await page.waitForFunction(
    ([src, arg]) => window.__play !== undefined && globalThis.eval(`(${src})`)(window.__play, arg),
    [check.toString(), arg],
    { timeout, polling: "raf" },
  );
}

/**
 * Calls `sample(window.__play)` (a function source evaluated in the page) once per demo frame, each result spread into
 * `{ frame, ... }`, until `stop(samples)` (a function source too) is true or `max` frames passed; returns the samples.
 */
async function samplePerFrame(sample, stop, max) {
  return page.evaluate(
    ([sampleSrc, stopSrc, max]) =>
      new Promise((resolve) => {
        const take = globalThis.eval(`(${sampleSrc})`);
        const done = globalThis.eval(`(${stopSrc})`);
        const out = [];
        let last = -1;
        const tick = () => {
          const p = window.__play;
          const f = p.frame();
          if (f !== last) {
            last = f;
            out.push({ frame: f, ...take(p) });
            if (out.length >= max || done(out)) return resolve(out);
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    [sample.toString(), stop.toString(), max],
  );
}

/** The character once per demo frame (`{ frame, x, y, grounded, moverX }`) until `stop` or `max` frames. */
const sampleCharacter = (stop, max) => samplePerFrame("(p) => ({ ...p.character(), moverX: p.mover().x })", stop, max);

/** Frames whose character x has not changed for the last `n` samples. */
const stillFor = (n) => `(s) => s.length > ${n} && s.slice(-${n}).every((q) => q.x === s[s.length - 1].x)`;

before(async () => {
  ensureBuilt();
  ({ server, url } = await startServer({ root: DIST, port: 0 }));
  browser = await launchChromium("play", { viewport: { width: 1280, height: 720 } });
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
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

test("the sprites page links to the play page, which loads and runs without errors", { timeout: 60_000 }, async () => {
  await page.goto(url);
  // Once the sprites demo runs (leaving earlier would abort its wasm request, a failed request).
  await page.waitForFunction(() => window.__sepax?.frame > 0, null, { timeout: 30_000 });
  await page.click('a[href="play.html"]');
  await page.waitForURL(/play\.html$/);
  await waitFor((p) => p.frame() > 30);
  ({ level, C } = await page.evaluate(() => ({ level: window.__play.level, C: window.__play.constants })));
  assert.equal(await page.textContent("#ro-build"), "simd128");
  assert.ok(await page.locator('a[href="index.html"]').isVisible(), "no link back to the sprites page");
  // The level is the map's: one tile grid, the character at rest on its floor, standing on the grid.
  assert.equal(level.source, "level.tmj");
  const c = await character();
  assert.ok(c.grounded, `character not grounded at rest: ${JSON.stringify(c)}`);
  assert.ok(Math.abs(c.y - (C.FLOOR_Y - C.HALF_HEIGHT)) < 0.1, `character not standing on the floor: y = ${c.y}`);
  assert.equal(c.groundId, level.grid.id, "standing on the tile grid");
  const under = await page.evaluate(
    ([g, col, row]) => window.__play.world.tile(g, col, row),
    [level.grid.id, Math.floor(c.x / level.grid.cell), C.FLOOR_Y / level.grid.cell],
  );
  assert.notEqual(under, 0, "the world's cell under the character is solid");
  assertNoProblems();
});

test("holding → runs right along the tile floor, over its seams, and stops at the thin wall", async (t) => {
  const start = await character();
  const restY = C.FLOOR_Y - C.HALF_HEIGHT;
  const stopX = level.thinWall.left - C.RADIUS; // where the capsule touches the wall
  assert.ok(start.x < stopX - 100, `character starts too near the wall: x = ${start.x}`);
  await page.keyboard.down("ArrowRight");
  const s = await sampleCharacter(stillFor(30), 400);
  await page.keyboard.up("ArrowRight");
  const xs = s.map((q) => q.x);
  const last = s[s.length - 1];
  const seams = level.tiles.length > 0 ? Math.floor((last.x - start.x) / 40) : 0;
  t.diagnostic(`ran from x ${start.x.toFixed(2)} to ${last.x.toFixed(2)} (${seams}+ tile seams) in ${s.length} frames`);

  // On the floor all the way: never below it (fell through), never above it (caught on a seam edge), grounded.
  for (const q of s) {
    assert.ok(Math.abs(q.y - restY) < 0.1, `frame ${q.frame}: y = ${q.y}, floor rest y = ${restY}`);
    assert.ok(q.grounded, `frame ${q.frame}: not grounded while running on the floor`);
  }
  // Steadily right: each frame either the full run step or (at the wall) less, never backwards, never a stall
  // before the wall.
  const steps = xs.slice(1).map((x, i) => x - xs[i]);
  const firstMove = steps.findIndex((d) => d > 0);
  const lastMove = steps.findLastIndex((d) => d > 0);
  assert.ok(firstMove >= 0, "the character did not move");
  for (let i = firstMove; i < lastMove; i++) {
    assert.ok(Math.abs(steps[i] - C.RUN) < 1e-3, `frame ${s[i + 1].frame}: moved ${steps[i]}, expected ${C.RUN}`);
  }
  // (At the wall the mover settles to its skin: one frame there moves back by 6e-5, f32 rounding.)
  const back = steps.map((d, i) => [s[i + 1].frame, d, xs[i + 1]]).filter(([, d]) => d < -1e-3);
  assert.deepEqual(back, [], "moved left while holding → ([frame, step, x])");
  assert.ok(last.x - start.x > 100, `ran only ${last.x - start.x}`);
  // Stopped at the wall's near face, not through it, and stays there without jitter.
  assert.ok(last.x <= stopX + 1e-3, `x = ${last.x} passes the wall face at ${stopX}`);
  assert.ok(last.x > stopX - 0.5, `x = ${last.x} stopped short of the wall (${stopX})`);
  const tail = xs.slice(-30);
  assert.ok(Math.max(...tail) - Math.min(...tail) === 0, `jitter at the wall: ${tail}`); // stillFor(30): exact
  assertNoProblems();
});

test("↑ jumps: the character rises, comes back down to the floor and is grounded again", async (t) => {
  const restY = C.FLOOR_Y - C.HALF_HEIGHT;
  const before = await character();
  assert.ok(before.grounded);
  await page.keyboard.press("ArrowUp"); // one jump per press (www/src/play.ts)
  await waitFor((p) => !p.character().grounded);
  const s = await sampleCharacter(`(s) => s.length > 10 && s.slice(-10).every((q) => q.grounded)`, 400);
  const minY = Math.min(...s.map((q) => q.y));
  const last = s[s.length - 1];
  t.diagnostic(`jumped ${(restY - minY).toFixed(1)} units high, landed after ${s.length - 10} frames`);
  assert.ok(restY - minY > 80, `jump only ${restY - minY} high`);
  const apex = s.findIndex((q) => q.y === minY);
  for (let i = 1; i < s.length; i++) {
    // 1e-3: a fall can end exactly at the skin distance, ungrounded; the next frame settles it 3e-5 up (f32).
    if (i <= apex) assert.ok(s[i].y <= s[i - 1].y, `frame ${s[i].frame}: fell before the apex`);
    else
      assert.ok(
        s[i].y >= s[i - 1].y - 1e-3,
        `frame ${s[i].frame}: rose after the apex: ${JSON.stringify(s.slice(i - 3, i + 3))}`,
      );
  }
  assert.ok(last.grounded, "not grounded after landing");
  assert.ok(Math.abs(last.y - restY) < 0.1, `landed at y = ${last.y}, floor rest y = ${restY}`);
  assert.ok(
    s.every((q) => q.x < level.thinWall.left),
    "passed the thin wall while jumping",
  );
  assertNoProblems();
});

test("a bullet fired straight up takes the coin it skips between two frames (sweepCrossings) and flies on", async (t) => {
  const coin = level.items.find((it) => it.name === "laneCoin");
  assert.ok(coin !== undefined, "the map's laneCoin");
  const reach = coin.hw + C.BULLET_RADIUS; // a bullet overlaps the coin when its centre is nearer than this
  await placeAt(coin.x, C.FLOOR_Y - C.HALF_HEIGHT - 0.5);
  const before = await page.evaluate(() => window.__play.score().coins);
  const r = await fireAt([[coin.x, coin.y]]);
  assert.equal(r.shots, 1);
  const shot = r.impacts[0].shot;
  const taken = (await page.evaluate(() => window.__play.coinShots())).filter((c) => c.shot === shot);
  t.diagnostic(`shot ${shot} from (${r.from.x.toFixed(2)}, ${r.from.y.toFixed(2)}): ${JSON.stringify(taken)}`);
  assert.deepEqual(
    taken.map((c) => c.coin.id),
    [coin.id],
    "the shot took the lane coin, and only it",
  );
  const c = taken[0];
  // Between two frames: the bullet's centre was out of the coin at the frame before and at the frame after...
  const from = Math.hypot(c.fromX - coin.x, c.fromY - coin.y);
  const to = Math.hypot(c.toX - coin.x, c.toY - coin.y);
  t.diagnostic(
    `bullet ${from.toFixed(2)} and ${to.toFixed(2)} from the coin's centre at the two frames (overlap < ${reach})`,
  );
  assert.ok(from > reach + 1 && to > reach + 1, `the bullet overlapped the coin at a frame: ${from}, ${to}`);
  // ...and its motion in between passed through it, entering it at the sweep's t.
  const [ex, ey] = [c.toX - c.fromX, c.toY - c.fromY];
  const along = ((coin.x - c.fromX) * ex + (coin.y - c.fromY) * ey) / (ex * ex + ey * ey);
  const miss = Math.hypot(c.fromX + along * ex - coin.x, c.fromY + along * ey - coin.y);
  assert.ok(along > 0 && along < 1 && miss < reach, `the motion does not pass the coin: at ${along}, ${miss} off`);
  assert.ok(c.t > 0 && c.t < along, `entered at t ${c.t}, the coin's centre is at ${along}`);
  // The coin stopped nothing: the bullet flew on to the ceiling.
  const hit = r.impacts[0];
  assert.equal(hit.hitId, level.grid.id, "the bullet stopped at the tile grid (the ceiling)");
  assert.ok(hit.by < coin.y - reach, `the bullet stopped at y ${hit.by}, not past the coin at ${coin.y}`);
  // Taken: out of the world and the level, counted.
  const after = await page.evaluate(
    ([x, y]) => ({
      at: Array.from(window.__play.world.queryPoint(x, y, 8)),
      left: window.__play.coinsLeft().map((it) => it.id),
      coins: window.__play.score().coins,
    }),
    [coin.x, coin.y],
  );
  assert.deepEqual(after.at, [], "the coin is gone from the world");
  assert.ok(!after.left.includes(coin.id), "the coin is gone from the level");
  assert.equal(after.coins, before + 1);
  assertNoProblems();
});

/**
 * Clicks at each world point of `targets`, then waits until every bullet fired since is gone. Returns the shots
 * fired, their impacts, and the largest x any of them reached while in flight (sampled every frame).
 */
async function fireAt(targets) {
  const firstShot = (await page.evaluate(() => window.__play.fired())) + 1;
  await page.evaluate((firstShot) => {
    window.__maxBulletX = -Infinity;
    const tick = () => {
      for (const b of window.__play.bullets()) {
        if (b.shot >= firstShot) window.__maxBulletX = Math.max(window.__maxBulletX, b.x);
      }
      if (window.__maxBulletX !== null) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, firstShot);
  for (const [x, y] of targets) {
    const c = await page.evaluate(([x, y]) => window.__play.toClient(x, y), [x, y]);
    await page.mouse.click(c.x, c.y);
  }
  await waitFor((p) => p.bullets().length === 0);
  return page.evaluate((firstShot) => {
    const p = window.__play;
    const maxX = window.__maxBulletX;
    window.__maxBulletX = null;
    return {
      shots: p.fired() - firstShot + 1,
      impacts: p.impacts().filter((m) => m.shot >= firstShot),
      maxX,
      from: p.character(),
    };
  }, firstShot);
}

/**
 * Checks in the page, with overlap queries only (no cast), that each bullet stopped touching the shape it reports
 * and overlapping none, and that the straight path of its centre from where it was fired to where it stopped
 * crosses no wall. On the tile grid (one shape) overlaps with one-way planks are allowed (bullets pass them from
 * below), checked point by point against the cells.
 */
async function checkImpactsExactly(impacts) {
  return page.evaluate(
    ({ impacts, r }) => {
      const w = window.__play.world;
      const grid = window.__play.level.grid;
      // Whether the path crosses a solid tile: the grid is one shape, and one-way planks, passed from below, count
      // as crossed for an overlap query. Points every quarter unit along the path, each in a solid tile not one-way.
      const solidAt = (x, y) => {
        if (!Array.from(w.queryPoint(x, y, 1)).includes(grid.id)) return false;
        const def = grid.tiles[w.tile(grid.id, Math.floor(x / grid.cell), Math.floor(y / grid.cell))];
        return !(typeof def === "object" && def.oneWay !== undefined);
      };
      const crossesSolid = (m) => {
        const n = Math.ceil(4 * Math.hypot(m.bx - m.sx, m.by - m.sy));
        for (let k = 0; k <= n; k++) {
          if (solidAt(m.sx + ((m.bx - m.sx) * k) / n, m.sy + ((m.by - m.sy) * k) / n)) return true;
        }
        return false;
      };
      // The same for the bullet where it stopped: its centre and 16 points just inside its edge.
      const overlapsSolid = (m) => {
        for (let k = 0; k < 16; k++) {
          const a = (k / 16) * 2 * Math.PI;
          if (solidAt(m.bx + (r - 0.05) * Math.cos(a), m.by + (r - 0.05) * Math.sin(a))) return true;
        }
        return solidAt(m.bx, m.by);
      };
      const bad = [];
      for (const m of impacts) {
        const touching = Array.from(w.queryShape({ kind: "circle", radius: r + 0.05 }, m.bx, m.by));
        // A brick the bullet broke is gone, and the moving platform has moved on since: nothing left to touch.
        if (m.broke || m.hitId === window.__play.level.mover.id) touching.push(m.hitId);
        const overlapping = Array.from(w.queryShape({ kind: "circle", radius: r - 0.05 }, m.bx, m.by, 0, 1)).filter(
          (id) => id !== grid.id || overlapsSolid(m),
        );
        const path = { kind: "segment", x1: m.sx, y1: m.sy, x2: m.bx, y2: m.by };
        const crossed = Array.from(w.queryShape(path, 0, 0, 0, 1)).filter((id) => id !== grid.id || crossesSolid(m));
        if (!touching.includes(m.hitId) || overlapping.length > 0 || crossed.length > 0) {
          bad.push({ ...m, touching, overlapping, crossed });
        }
      }
      return bad;
    },
    { impacts, r: C.BULLET_RADIUS },
  );
}

test("bullets fired at the 2-unit wall all stop at its near face; none passes it", async (t) => {
  // Back off from the wall first, so that the bullets fly a few frames.
  await page.keyboard.down("ArrowLeft");
  await waitFor((p, x) => p.character().x < x, level.thinWall.left - 80);
  await page.keyboard.up("ArrowLeft");
  await waitFor((p) => p.character().grounded && p.character().vx === 0);
  const wall = level.thinWall;
  // Targets behind the wall, at heights the line from the character crosses the wall's face.
  const targets = [380, 400, 420, 440, 460, 480, 495].map((y) => [900, y]);
  const r = await fireAt(targets);
  t.diagnostic(
    `${r.shots} bullets from (${r.from.x.toFixed(1)}, ${r.from.y.toFixed(1)}) at ${C.BULLET_SPEED} units/frame, ` +
      `the wall ${wall.right - wall.left} thick; furthest bullet x in flight ${r.maxX.toFixed(2)}`,
  );
  assert.ok(r.shots >= targets.length, `${r.shots} shots for ${targets.length} clicks`);
  assert.equal(r.impacts.length, r.shots, "every bullet stops at something");
  for (const m of r.impacts) {
    assert.equal(m.hitId, wall.id, `shot ${m.shot} hit shape ${m.hitId}, not the thin wall: ${JSON.stringify(m)}`);
    assert.ok(Math.abs(m.x - wall.left) < 0.05, `shot ${m.shot}: contact x ${m.x}, the wall's near face ${wall.left}`);
    assert.ok(m.bx <= wall.left - C.BULLET_RADIUS + 0.05, `shot ${m.shot}: bullet centre at x ${m.bx}`);
    assert.ok(m.nx < -0.99, `shot ${m.shot}: normal ${m.nx}, ${m.ny}`);
    assert.ok(m.y >= wall.top && m.y <= wall.bottom, `shot ${m.shot}: contact y ${m.y} off the wall`);
  }
  assert.ok(r.maxX <= wall.left, `a bullet flew to x ${r.maxX}, beyond the wall's near face ${wall.left}`);
  assert.deepEqual(await checkImpactsExactly(r.impacts), [], "bullets overlapping a wall or past one");
  assertNoProblems();
});

test("bullets fired at the segment wall (zero thickness) all stop on it", async (t) => {
  const seg = level.segmentWall;
  const targets = [];
  for (let k = 0.05; k < 1; k += 0.1) targets.push([seg.x1 + k * (seg.x2 - seg.x1), seg.y1 + k * (seg.y2 - seg.y1)]);
  const r = await fireAt(targets);
  t.diagnostic(`${r.shots} bullets from (${r.from.x.toFixed(1)}, ${r.from.y.toFixed(1)}) at the segment`);
  assert.ok(r.shots >= targets.length, `${r.shots} shots for ${targets.length} clicks`);
  assert.equal(r.impacts.length, r.shots, "every bullet stops at something");
  // The segment's side facing the character.
  const [ex, ey] = [seg.x2 - seg.x1, seg.y2 - seg.y1];
  const side = (x, y) => Math.sign(ex * (y - seg.y1) - ey * (x - seg.x1));
  for (const m of r.impacts) {
    assert.equal(m.hitId, seg.id, `shot ${m.shot} hit shape ${m.hitId}, not the segment: ${JSON.stringify(m)}`);
    assert.equal(side(m.bx, m.by), side(m.sx, m.sy), `shot ${m.shot} stopped past the segment: ${JSON.stringify(m)}`);
    // The contact point is on the segment.
    const cross = Math.abs(ex * (m.y - seg.y1) - ey * (m.x - seg.x1)) / Math.hypot(ex, ey);
    assert.ok(cross < 0.05, `shot ${m.shot}: contact ${m.x}, ${m.y} is ${cross} off the segment`);
  }
  assert.deepEqual(await checkImpactsExactly(r.impacts), [], "bullets overlapping a wall or past one");
  assertNoProblems();
});

test("bullets fired all around stop at whatever they meet", async (t) => {
  const targets = [];
  for (let i = 0; i < 32; i++) {
    const a = (i / 32) * 2 * Math.PI;
    targets.push([480 + 420 * Math.cos(a), 260 + 230 * Math.sin(a)]);
  }
  const r = await fireAt(targets);
  // The grid is one shape: count the surfaces hit as shapes and cells.
  const hit = new Set(r.impacts.map((m) => `${m.hitId}:${m.cell}`));
  t.diagnostic(`${r.shots} bullets, ${r.impacts.length} impacts on ${hit.size} different shapes and cells`);
  assert.equal(r.impacts.length, r.shots, "every bullet stops at something");
  assert.ok(hit.size >= 5, `the bullets hit only ${hit.size} shapes and cells`);
  assert.deepEqual(await checkImpactsExactly(r.impacts), [], "bullets overlapping a wall or past one");
  assertNoProblems();
});

test("holding ← walks up the ramp, over its crest and up the stairs to the landing, never leaving the ground", async (t) => {
  const landingY = level.landingTop - C.HALF_HEIGHT; // the landing at the top of the stairs, www/level.tmj
  await placeAt(560, C.FLOOR_Y - C.HALF_HEIGHT - 0.5);
  const start = await character();
  await page.keyboard.down("ArrowLeft");
  const s = await sampleCharacter(stillFor(30), 600);
  await page.keyboard.up("ArrowLeft");
  const last = s[s.length - 1];
  const steps = s.slice(1).map((q, i) => q.x - s[i].x);
  const moving = steps.slice(
    0,
    steps.findLastIndex((d) => d < 0),
  );
  const slowest = Math.max(...moving.slice(1));
  const airborne = s.filter((q) => !q.grounded).map((q) => q.frame);
  const rises = s.slice(1).map((q, i) => s[i].y - q.y);
  t.diagnostic(
    `from (${start.x.toFixed(1)}, ${start.y.toFixed(1)}) to (${last.x.toFixed(2)}, ${last.y.toFixed(2)}) in ` +
      `${s.length} frames; slowest step ${slowest.toFixed(3)}; highest rise in a frame ${Math.max(...rises).toFixed(2)} ` +
      `(${level.steps.length} steps); frames not grounded: ${airborne.length}`,
  );
  assert.ok(Math.abs(last.y - landingY) < 0.1, `ended at y ${last.y}, the landing's rest y ${landingY}`);
  assert.ok(Math.abs(last.x - (20 + C.RADIUS)) < 0.05, `ended at x ${last.x}, the left wall's face is 20`);
  // Never caught: every frame gains ground, on the ramp, at its crest and at each step's riser.
  const slow = moving.map((d, i) => [s[i + 1].x, s[i + 1].y, d]).filter(([, , d]) => d > -1);
  assert.deepEqual(slow, [], `caught somewhere: [x, y, step] of the slow steps`);
  // Without a jump: grounded every frame, never moving down, never up by more than a step in a frame.
  assert.deepEqual(airborne, [], "frames not grounded while walking up");
  assert.ok(
    s.every((q) => q.vy >= 0),
    "jumped",
  );
  assert.ok(Math.min(...rises) > -1e-3, `went down on the way up: ${Math.min(...rises)}`);
  assert.ok(Math.max(...rises) <= C.STEP_HEIGHT, `rose ${Math.max(...rises)} in a frame`);
  assertNoProblems();
});

test("holding → walks down the stairs and over the ramp's crest to the floor, grounded every frame", async (t) => {
  const start = await character();
  assert.ok(start.x < level.steps[0].x, `not on the landing: ${JSON.stringify(start)}`);
  await page.keyboard.down("ArrowRight");
  const s = await sampleCharacter(`(s) => s[s.length - 1].x > ${level.crestX + 100}`, 300);
  await page.keyboard.up("ArrowRight");
  const last = s[s.length - 1];
  const steps = s.slice(1).map((q, i) => q.x - s[i].x);
  const drops = s.slice(1).map((q, i) => q.y - s[i].y);
  const airborne = s.filter((q) => !q.grounded).map((q) => [q.frame, q.x, q.y]);
  t.diagnostic(
    `from (${start.x.toFixed(1)}, ${start.y.toFixed(1)}) to (${last.x.toFixed(2)}, ${last.y.toFixed(2)}) in ` +
      `${s.length} frames; biggest drop in a frame ${Math.max(...drops).toFixed(2)}; steps in x ` +
      `${Math.min(...steps.slice(1)).toFixed(3)} to ${Math.max(...steps).toFixed(3)}`,
  );
  // Down every step and over the crest onto the ramp, at the walk's speed, never flying off an edge.
  assert.ok(last.x > level.crestX + C.RADIUS && last.y > level.ledgeTop - C.HALF_HEIGHT + 10, "not on the ramp");
  assert.deepEqual(airborne, [], "frames not grounded going down ([frame, x, y])");
  assert.ok(Math.min(...drops) > -1e-3, `went up on the way down: ${Math.min(...drops)}`);
  const off = steps
    .slice(1)
    .map((d, i) => [s[i + 2].x, d])
    .filter(([, d]) => Math.abs(d - C.RUN) > 1e-3);
  assert.deepEqual(off, [], `frames not at the walk's speed ([x, step])`);
  assertNoProblems();
});

test("standing on the ramp, the character does not creep down it", async (t) => {
  await page.keyboard.down("ArrowRight");
  await waitFor((p) => p.character().x > 300);
  await page.keyboard.up("ArrowRight");
  const s = await sampleCharacter("(s) => false", 60);
  const tail = s.slice(10);
  const dx = Math.max(...tail.map((q) => q.x)) - Math.min(...tail.map((q) => q.x));
  const dy = Math.max(...tail.map((q) => q.y)) - Math.min(...tail.map((q) => q.y));
  t.diagnostic(`at (${s[59].x.toFixed(2)}, ${s[59].y.toFixed(2)}); drift over 50 frames ${dx}, ${dy}`);
  assert.ok(
    tail.every((q) => q.grounded),
    "not grounded on the ramp",
  );
  assert.ok(dx < 1e-3 && dy < 1e-3, `crept ${dx}, ${dy} in 50 frames`);
  assertNoProblems();
});

test("hopping onto the platform and jumping from it clears the thin wall; the character lands beyond it", async (t) => {
  const wall = level.thinWall;
  const restY = C.FLOOR_Y - C.HALF_HEIGHT;
  const platformY = level.plankTop - C.HALF_HEIGHT; // the one-way plank over the floor run (x 440..540)
  // Down the ramp and along the floor, past the platform.
  await page.keyboard.down("ArrowRight");
  await waitFor((p) => p.character().x >= 590);
  await page.keyboard.up("ArrowRight");
  await waitFor((p) => p.character().grounded && p.character().vx === 0);
  // Up and left onto the platform.
  await page.keyboard.press("ArrowUp");
  await waitFor((p, y) => p.character().y < y, platformY);
  await page.keyboard.down("ArrowLeft");
  await waitFor((p) => p.character().x < 520);
  await page.keyboard.up("ArrowLeft");
  await waitFor((p) => p.character().grounded);
  const onPlatform = await character();
  assert.ok(Math.abs(onPlatform.y - platformY) < 0.1, `not on the platform: ${JSON.stringify(onPlatform)}`);
  // Run right off its edge with a jump, over the wall.
  const flight = sampleCharacter(
    `(s) => s.length > 5 && s.slice(-5).every((q) => q.grounded && q.x > ${wall.right + C.RADIUS + 10})`,
    600,
  );
  await page.keyboard.down("ArrowRight");
  await waitFor((p) => p.character().x >= 530);
  await page.keyboard.press("ArrowUp");
  const s = await flight;
  await page.keyboard.up("ArrowRight");
  const last = s[s.length - 1];
  const overWall = s.filter((q) => q.x > wall.left - C.RADIUS && q.x < wall.right + C.RADIUS);
  t.diagnostic(
    `from (${onPlatform.x.toFixed(1)}, ${onPlatform.y.toFixed(1)}) to (${last.x.toFixed(1)}, ${last.y.toFixed(1)}); ` +
      `lowest bottom over the wall ${Math.max(...overWall.map((q) => q.y + C.HALF_HEIGHT)).toFixed(1)} ` +
      `(wall top ${wall.top})`,
  );
  assert.ok(overWall.length > 0, "never over the wall");
  for (const q of overWall) {
    assert.ok(q.y + C.HALF_HEIGHT <= wall.top + 0.05, `frame ${q.frame}: overlapping the wall at ${q.x}, ${q.y}`);
  }
  assert.ok(last.x > wall.right + C.RADIUS, `did not land beyond the wall: x ${last.x}`);
  assert.ok(Math.abs(last.y - restY) < 0.1, `landed at y ${last.y}, floor rest y ${restY}`);
  assertNoProblems();
});

/** Puts the character at (x, y) and waits until it stands still there (grounded). */
async function placeAt(x, y) {
  await page.evaluate(([x, y]) => window.__play.place(x, y), [x, y]);
  await waitFor((p) => p.character().grounded);
}

test("bullets break the bricks they hit (setTile); the world's cell is empty afterwards", async (t) => {
  const grid = level.grid;
  // On the floor right of the thin wall, firing up at the brick pillar standing on the right plank.
  await placeAt(780, C.FLOOR_Y - C.HALF_HEIGHT - 0.5);
  const before = await page.evaluate(() => window.__play.score().broken);
  const r = await fireAt([
    [855, 300],
    [855, 285],
    [855, 270],
  ]);
  const broke = r.impacts.filter((m) => m.broke);
  const after = await page.evaluate(() => window.__play.score().broken);
  t.diagnostic(`${r.shots} bullets, ${broke.length} broke a brick; bricks broken ${before} → ${after}`);
  assert.ok(broke.length >= 1, `no brick broken: ${JSON.stringify(r.impacts)}`);
  assert.equal(after - before, new Set(broke.map((m) => m.cell)).size, "one brick per cell broken");
  for (const m of broke) {
    assert.equal(m.hitId, grid.id);
    const cell = await page.evaluate(
      ([g, col, row]) => window.__play.world.tile(g, col, row),
      [grid.id, m.cell % grid.cols, Math.floor(m.cell / grid.cols)],
    );
    assert.equal(cell, 0, `cell ${m.cell} still holds ${cell}`);
  }
  assert.deepEqual(await checkImpactsExactly(r.impacts), [], "bullets overlapping a wall or past one");
  assertNoProblems();
});

test("the character rides the moving platform: it stays on it, at the same place on it, frame after frame", async (t) => {
  const mover = level.mover;
  const top = mover.y - mover.hh;
  const { x } = await page.evaluate(() => window.__play.mover());
  await placeAt(x, top - C.HALF_HEIGHT - 0.5);
  const s = await sampleCharacter("(s) => false", 240);
  const offsets = s.map((q) => q.x - q.moverX);
  const spread = Math.max(...offsets) - Math.min(...offsets);
  const travelled = Math.max(...s.map((q) => q.x)) - Math.min(...s.map((q) => q.x));
  t.diagnostic(`rode ${travelled.toFixed(1)} units; offset on the platform varied by ${spread.toFixed(4)}`);
  assert.ok(travelled > 100, `the platform carried the character only ${travelled} units`);
  for (const q of s) {
    assert.ok(q.grounded && q.groundId === mover.id, `frame ${q.frame}: not standing on the platform`);
    assert.ok(Math.abs(q.y - (top - C.HALF_HEIGHT)) < 0.1, `frame ${q.frame}: y ${q.y}, platform rest y ${top}`);
  }
  // The offset changes by one frame of platform motion at most (the platform is moved after the character).
  assert.ok(spread <= 2 * mover.speed + 1e-3, `slid on the platform by ${spread}`);
  assertNoProblems();
});

test("a coin the character's move crosses is taken (crossings); a spike sends it back to the spawn point", async (t) => {
  // A coin still there (bullets take coins too) with room above it: the character falls through it.
  const left = await page.evaluate(() => window.__play.coinsLeft());
  const coin = left.find((it) => it.name !== "laneCoin" && it.y > 300);
  assert.ok(coin !== undefined, `no coin left to take: ${JSON.stringify(left)}`);
  const before = await page.evaluate(() => window.__play.score());
  const top = coin.y - coin.hw - 2 - C.HALF_HEIGHT; // its bottom 2 units over the coin
  await page.evaluate(([x, y]) => window.__play.place(x, y), [coin.x, top]);
  await waitFor((p, n) => p.score().coins > n, before.coins);
  await waitFor((p) => p.character().grounded);
  const c = await character();
  t.diagnostic(`fell through the coin at (${coin.x}, ${coin.y}) onto y ${c.y.toFixed(2)}`);
  assert.ok(c.y + C.HALF_HEIGHT > coin.y + coin.hw, `stopped on the coin (a sensor stops no move): y ${c.y}`);
  const there = await page.evaluate(
    ([x, y, mask]) => Array.from(window.__play.world.queryPoint(x, y, mask)),
    [coin.x, coin.y, 8],
  );
  assert.deepEqual(there, [], "the coin is gone from the world");
  const spike = level.items.find((it) => it.kind === "spike");
  await page.evaluate(([x, y]) => window.__play.place(x, y), [spike.x, C.FLOOR_Y - C.HALF_HEIGHT - 0.5]);
  await waitFor((p, n) => p.score().hurts > n, before.hurts);
  await waitFor((p) => p.character().grounded);
  const back = await character();
  assert.ok(Math.abs(back.x - level.spawn.x) < 1e-3, `back at the spawn point: x ${back.x}`);
  assertNoProblems();
});

test("going into the pool (a layer the move crosses) is reported: in water once per entry, swimming slower", async (t) => {
  const water = level.water;
  const before = await page.evaluate(() => window.__play.score().waterEntries);
  // In the air over the pool, its bottom 10 over the surface: it falls in.
  const x = (water.left + water.right) / 2 - 40;
  await page.evaluate(([x, y]) => window.__play.place(x, y), [x, water.top - 10 - C.HALF_HEIGHT]);
  await waitFor((p) => p.character().inWater);
  assert.equal(await page.evaluate(() => window.__play.score().waterEntries), before + 1, "one entry counted");
  // Swimming right along the pool's floor: still in, no new entry, at the swimming speed.
  await waitFor((p) => p.character().grounded);
  await page.keyboard.down("ArrowRight");
  const s = await sampleCharacter("(s) => false", 30);
  await page.keyboard.up("ArrowRight");
  const all = s.slice(1).map((q, i) => q.x - s[i].x);
  const steps = all.slice(all.findIndex((d) => d > 0)); // from the first frame that saw the key
  t.diagnostic(`swam from x ${s[0].x.toFixed(1)} to ${s[s.length - 1].x.toFixed(1)}; steps ${[...new Set(steps)]}`);
  assert.ok(
    s.every((q) => q.inWater),
    "left the water",
  );
  assert.ok(
    steps.every((d) => Math.abs(d - C.SWIM_RUN) < 1e-3),
    `not at the swimming speed ${C.SWIM_RUN}: ${steps}`,
  );
  assert.equal(await page.evaluate(() => window.__play.score().waterEntries), before + 1, "entries counted again");
  assert.match(await page.textContent("#ro-water"), /in water/);
  // Out on the floor left of the pool: dry.
  await placeAt(level.spawn.x, C.FLOOR_Y - C.HALF_HEIGHT - 0.5);
  await page.keyboard.down("ArrowLeft");
  await waitFor((p, x) => p.character().x < x, level.spawn.x - 20);
  await page.keyboard.up("ArrowLeft");
  assert.equal((await character()).inWater, false);
  assertNoProblems();
});

/** `window.__play.crowd()` once per demo frame, with the crowd's centre `cx, cy`, until `stop` or `max` frames. */
const sampleCrowd = (stop, max) =>
  samplePerFrame(
    `(p) => {
      const c = p.crowd();
      const cx = c.xs.reduce((a, b) => a + b) / c.xs.length;
      const cy = c.ys.reduce((a, b) => a + b) / c.ys.length;
      return { ...c, cx, cy };
    }`,
    stop,
    max,
  );

/** The crowd's centre has moved less than a tenth of a unit over the last 60 frames. */
const crowdSettled = `(s) => s.length > 60 && Math.hypot(s.at(-1).cx - s.at(-61).cx, s.at(-1).cy - s.at(-61).cy) < 0.1`;

test("the crowd flying to the character is kept from stacking by separate; without it, it stacks", async (t) => {
  const pen = level.crowd;
  // The character on the ledge, under the pen: the crowd flies to the pen's floor over it, from both sides.
  const target = level.crestX - 20;
  assert.ok(target > pen.left + 100 && target < pen.right - 100, `${target} is not under the pen's middle`);
  await placeAt(target, level.ledgeTop - C.HALF_HEIGHT - 0.5);
  const gather = await sampleCrowd(crowdSettled, 1200);
  const together = gather.slice(-60);
  const r = together[0].radius;
  const deepest = Math.max(...together.map((q) => q.deepest));
  const end = together.at(-1);
  const { cx, cy } = end;
  const spread = Math.max(...end.xs.map((x, i) => Math.hypot(x - cx, end.ys[i] - cy)));
  // Gathered: each pressed against another (a neighbour within a unit of touching), not spread along the floor.
  const gap = (i) =>
    Math.min(...end.xs.map((x, j) => (j === i ? Infinity : Math.hypot(x - end.xs[i], end.ys[j] - end.ys[i]))));
  const loose = end.xs.map((_, i) => gap(i) - 2 * r).filter((g) => g > 1);
  t.diagnostic(
    `with separate: settled after ${gather.length} frames; deepest overlap over its last 60 ` +
      `${deepest.toFixed(4)} (radius ${r}); ` +
      `${end.ids.length} within ${spread.toFixed(1)} of (${cx.toFixed(1)}, ${cy.toFixed(1)})`,
  );
  assert.ok(
    together.every((q) => q.separating && q.moved > 0),
    "separate did not run or moved nothing",
  );
  const worst = together.find((q) => q.deepest === deepest);
  assert.ok(deepest < 0.25 * r, `the crowd overlaps by ${deepest}, radius ${r}: ${JSON.stringify(worst)}`);
  assert.deepEqual(loose, [], "the crowd did not gather: gaps to the nearest neighbour");
  // Inside the pen: no circle pushed through a wall or the floor.
  for (const q of together) {
    for (let i = 0; i < q.xs.length; i++) {
      const [x, y] = [q.xs[i], q.ys[i]];
      const inside =
        x > pen.left + r - 0.5 && x < pen.right - r + 0.5 && y > pen.top + r - 0.5 && y < pen.bottom - r + 0.5;
      assert.ok(inside, `out of the pen at ${x}, ${y}`);
    }
  }

  // Without separate they fly onto one spot.
  await page.evaluate(() => window.__play.setSeparate(false));
  const alone = await sampleCrowd("(s) => false", 180);
  const stacked = alone.at(-1).deepest;
  t.diagnostic(`without separate: deepest overlap after 180 frames ${stacked.toFixed(3)}`);
  assert.ok(stacked > 1.5 * r, `without separate the crowd overlaps only ${stacked}`);

  // Back on: one frame's call undoes most of it, a few frames all of it.
  await page.evaluate(() => window.__play.setSeparate(true));
  const again = await sampleCrowd("(s) => false", 60);
  t.diagnostic(`separate again: deepest ${again.slice(0, 5).map((q) => q.deepest.toFixed(3))} …`);
  assert.ok(again.at(-1).deepest < 0.25 * r, `still overlapping by ${again.at(-1).deepest}`);
  assertNoProblems();
});

test("screenshot", { timeout: 60_000 }, async (t) => {
  // Hold the button (auto-fire) aiming back at the thin wall, so that bullets and sparks on it are on screen.
  const c = await page.evaluate(() => window.__play.toClient(400, 440));
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await waitFor((p, n) => p.fired() >= n, (await page.evaluate(() => window.__play.fired())) + 3);
  await page.mouse.up();
  mkdirSync(OUT_DIR, { recursive: true });
  const path = join(OUT_DIR, "play.png");
  await page.screenshot({ path });
  t.diagnostic(`saved ${path} (${statSync(path).size} bytes)`);
  assertNoProblems();
});
