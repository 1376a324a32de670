// sepax/threads in headless Chromium: on a cross-origin-isolated page (served with COOP and COEP), init() starts the
// pool and the determinism sequence and the standard workload give the single-threaded build's bits on 1, 2 and 4
// threads, stepped from a module Worker (the setup the README recommends) and once from the page's main thread
// (where the pool's locks spin instead of blocking); a small grain splits every phase of these small worlds in many
// chunks. On a page that is not isolated, init() of sepax/threads loads the single-threaded build, without an error.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { extname, join, normalize } from "node:path";
import { launchChromium, ROOT } from "./chromium.mjs";
import { EXPECTED } from "../js/fixtures/determinism-sequence.mjs";

const MIME = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };
const ISOLATION = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };

// The run, as a module: the page's main thread imports it, or a module Worker does (see PAGE).
const RUN = `
import init, { World, setParallelGrain, threadCount, wasmBuild } from "/pkg/threads.js";
import { runSequence } from "/tests/js/fixtures/determinism-sequence.mjs";
import { hashWorkload } from "/tests/js/fixtures/workload-hash.mjs";
export async function run(threads) {
  try {
    await init({ threads });
    setParallelGrain(16);
    const sequence = runSequence(World).hash;
    const workload = hashWorkload(World, 3000, 30);
    return { build: wasmBuild(), threads: threadCount(), isolated: self.crossOriginIsolated, sequence, ...workload };
  } catch (error) {
    return { error: String((error && error.stack) || error) };
  }
}
self.onmessage = async (event) => self.postMessage(await run(event.data));
`;

// ?threads=N&where=worker|page
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script type="module">
const query = new URLSearchParams(location.search);
const threads = Number(query.get("threads"));
if (query.get("where") === "page") {
  const { run } = await import("/run.js");
  window.__sepax = await run(threads);
} else {
  const worker = new Worker("/run.js", { type: "module" });
  worker.onmessage = (event) => (window.__sepax = event.data);
  worker.onerror = (event) => (window.__sepax = { error: "worker: " + event.message });
  worker.postMessage(threads);
}
</script></body></html>`;

/** What the pages may load: the package, the fixtures and the workload they import. */
const SERVED = ["/pkg/", "/tests/js/fixtures/", "/bench-js/"];

const servers = [];
const origins = {};

function serve(headers) {
  return createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    try {
      if (path === "/threads.html")
        return void res.writeHead(200, { ...headers, "content-type": MIME[".html"] }).end(PAGE);
      if (path === "/run.js") return void res.writeHead(200, { ...headers, "content-type": MIME[".js"] }).end(RUN);
      if (!SERVED.some((folder) => path.startsWith(folder))) throw new Error("not served");
      const body = readFileSync(join(ROOT, path));
      res.writeHead(200, { ...headers, "content-type": MIME[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

before(async () => {
  for (const [name, headers] of [
    ["isolated", ISOLATION],
    ["plain", {}],
  ]) {
    const server = serve(headers);
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    origins[name] = `http://127.0.0.1:${server.address().port}`;
  }
});

after(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Opens the page and waits (at most 120 s) for its result; page errors fail the run. */
async function open(page, url) {
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto(url);
  for (let waited = 0; waited < 120_000; waited += 100) {
    const value = await page.evaluate(() => window.__sepax);
    if (value !== undefined) {
      assert.deepEqual(errors, []);
      assert.equal(value.error, undefined, value.error);
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not finish within 120 s`);
}

const withoutBuild = (r) => ({ ...r, build: "", threads: 0, isolated: false });

test("headless Chromium: sepax/threads gives the single-threaded bits on 1, 2 and 4 threads", async () => {
  const browser = await launchChromium("threads");
  try {
    const page = await browser.context.newPage();
    // The single-threaded reference: the same entry on a page that is not isolated.
    const single = await open(page, `${origins.plain}/threads.html?threads=2&where=worker`);
    assert.equal(single.build, "simd128");
    assert.equal(single.threads, 1);
    assert.equal(single.isolated, false);
    assert.equal(single.sequence, EXPECTED);
    assert.ok(single.pairs > 30 * 2000 && single.events > 0, JSON.stringify(single));
    for (const [threads, where] of [
      [1, "worker"],
      [2, "worker"],
      [4, "worker"],
      [2, "page"],
    ]) {
      const fresh = await browser.context.newPage();
      const threaded = await open(fresh, `${origins.isolated}/threads.html?threads=${threads}&where=${where}`);
      await fresh.close();
      console.log(`sepax/threads in Chromium, ${threads} threads from the ${where}: ${JSON.stringify(threaded)}`);
      assert.equal(threaded.isolated, true);
      assert.equal(threaded.build, "threads");
      assert.equal(threaded.threads, threads);
      assert.deepEqual(withoutBuild(threaded), withoutBuild(single));
    }
  } finally {
    await browser.close();
  }
});
