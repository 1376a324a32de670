// Determinism of the package in browsers: the seeded sequence of tests/js/fixtures/determinism-sequence.mjs, run
// through the public JS API of pkg/index.js in headless Chromium (playwright-core) and headless Firefox (geckodriver),
// each with the simd128 build (init()'s own choice) and the baseline build (passed to init() by URL), hashes to the
// very constant Node gives (tests/js/determinism.test.mjs). Prints each engine's hash.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { launchChromium, ROOT } from "./chromium.mjs";
import { launchFirefox } from "./firefox.mjs";
import { EXPECTED } from "../js/fixtures/determinism-sequence.mjs";

const MIME = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

// The page: ?baseline loads the baseline .wasm by URL (wasmBuild() then says "custom"), else init() chooses.
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
import init, { World, wasmBuild } from "/pkg/index.js";
import { runSequence } from "/tests/js/fixtures/determinism-sequence.mjs";
try {
  const baseline = new URLSearchParams(location.search).has("baseline");
  await init(baseline ? new URL("/pkg/sepax_core_bg.wasm", location.href) : undefined);
  window.__sepax = { build: wasmBuild(), ...runSequence(World) };
} catch (error) {
  window.__sepax = { error: String((error && error.stack) || error) };
}
</script></body></html>`;

/** What the page may load: the package, the sequence and the PRNG it imports. */
const SERVED = ["/pkg/", "/tests/js/fixtures/", "/bench-js/"];

let server;
let origin;

before(async () => {
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    try {
      if (path === "/determinism.html") {
        res.writeHead(200, { "content-type": MIME[".html"] }).end(PAGE);
        return;
      }
      if (!SERVED.some((folder) => path.startsWith(folder))) throw new Error("not served");
      const body = readFileSync(join(ROOT, path));
      res.writeHead(200, { "content-type": MIME[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

after(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
});

/** Polls the page until it has set window.__sepax (at most 60 s). */
async function result(evaluate) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const value = await evaluate();
    if (value !== null && value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the page did not finish the sequence within 60 s");
}

function check(engine, query, { error, build, hash, words }) {
  assert.equal(error, undefined, error);
  assert.equal(build, query === "" ? "simd128" : "custom");
  const name = query === "" ? "simd128" : "baseline";
  console.log(`determinism hash (package, ${name} build, ${engine}): ${hash} over ${words} words`);
  assert.equal(hash, EXPECTED, `${engine} with the ${name} build gives another hash than Node`);
}

for (const query of ["", "?baseline"]) {
  test(`headless Chromium${query && ", baseline build"}: the package-level hash is the committed one`, async () => {
    const browser = await launchChromium("determinism");
    try {
      const tab = await browser.context.newPage();
      await tab.goto(`${origin}/determinism.html${query}`);
      check("Chromium", query, await result(() => tab.evaluate(() => window.__sepax ?? null)));
    } finally {
      await browser.close();
    }
  });

  test(`headless Firefox${query && ", baseline build"}: the package-level hash is the committed one`, async () => {
    const firefox = await launchFirefox();
    try {
      await firefox.goto(`${origin}/determinism.html${query}`);
      check("Firefox", query, await result(() => firefox.evaluate("return window.__sepax ?? null;")));
    } finally {
      await firefox.close();
    }
  });
}
