// The package loads in a real browser (headless Chromium through playwright-core), two ways:
// a plain <script type="module"> importing pkg/index.js, and an esbuild bundle that imports
// "sepax" by name (resolved through package.json "exports", so it must get the browser entry and
// never see node:fs). Files are served from 127.0.0.1 by a tiny server started here.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, toolsRequire } from "./chromium.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const esbuild = toolsRequire("esbuild");

const MIME = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

// The page's program: one pair of circles, and the views after a burst of adds that grows memory.
const program = (specifier) => `import init, { World, wasmBuild } from ${JSON.stringify(specifier)};
try {
    await init();
    const build = wasmBuild();
    const world = new World();
    const a = world.addCircle(0, 0, 1);
    const b = world.addCircle(1.5, 0, 1);
    const count = world.step();
    const result = { build, a, b, count, pairs: Array.from(world.pairs()), contacts: Array.from(world.contacts()) };
    for (let i = 0; i < 50000; i++) world.addCircle(100 + (i % 200) * 3, 100 + Math.floor(i / 200) * 3, 1);
    result.countAfterGrowth = world.step();
    result.pairsAfterGrowth = Array.from(world.pairs());
    world.free();
    window.__sepax = result;
} catch (error) {
    window.__sepax = { error: String(error && error.stack || error) };
}
`;
const page = (script) =>
  `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>` +
  `<body><script type="module" src="${script}"></script></body></html>`;

let site; // temp folder served over HTTP
let server;
let origin;
let browser;
let context; // the browser's context
let bundleText;

before(async () => {
  site = mkdtempSync(join(tmpdir(), "sepax-browser-"));
  // 1. Plain page: the package folder as is, imported by path.
  cpSync(join(root, "pkg"), join(site, "pkg"), { recursive: true });
  writeFileSync(join(site, "plain.mjs"), program("./pkg/index.js"));
  writeFileSync(join(site, "plain.html"), page("./plain.mjs"));
  // 2. Bundle: "sepax" from node_modules, bundled; the .wasm copied next to it (docs/toolchain.md#esbuild-wasm-url).
  const project = join(site, "project");
  mkdirSync(join(project, "node_modules"), { recursive: true });
  cpSync(join(root, "pkg"), join(project, "node_modules", "sepax"), { recursive: true });
  writeFileSync(join(project, "app.mjs"), program("sepax"));
  mkdirSync(join(site, "bundle"));
  await esbuild.build({
    entryPoints: [join(project, "app.mjs")],
    bundle: true,
    format: "esm",
    outfile: join(site, "bundle", "app.js"),
    logLevel: "silent",
  });
  for (const wasm of ["sepax_core_bg.wasm", "sepax_core_simd_bg.wasm"]) {
    cpSync(join(root, "pkg", wasm), join(site, "bundle", wasm));
  }
  writeFileSync(join(site, "bundle", "index.html"), page("./app.js"));
  bundleText = readFileSync(join(site, "bundle", "app.js"), "utf8");

  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    try {
      const body = readFileSync(join(site, path));
      res.writeHead(200, { "content-type": MIME[extname(path)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await launchChromium("package-load");
  context = browser.context;
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  rmSync(site, { recursive: true, force: true });
});

async function load(path) {
  const tab = await context.newPage();
  const problems = [];
  tab.on("console", (m) => ["error", "warning"].includes(m.type()) && problems.push(`${m.type()}: ${m.text()}`));
  tab.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  tab.on("requestfailed", (r) => problems.push(`requestfailed: ${r.url()}`));
  await tab.goto(origin + path);
  await tab.waitForFunction(() => window.__sepax !== undefined, null, { timeout: 30_000 });
  const result = await tab.evaluate(() => window.__sepax);
  await tab.close();
  return { result, problems };
}

function check({ result, problems }) {
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(problems, []);
  // Chromium has wasm SIMD, so init() chose the simd128 build.
  assert.equal(result.build, "simd128");
  assert.equal(result.count, 1);
  assert.deepEqual(result.pairs, [result.a, result.b]);
  const [nx, ny, depth] = result.contacts;
  assert.ok(Math.abs(nx - 1) < 1e-6 && Math.abs(ny) < 1e-6, `normal ${nx}, ${ny}`);
  assert.ok(Math.abs(depth - 0.5) < 1e-6, `depth ${depth}`);
  // After 50,000 more (apart) circles the views were rebuilt over the grown memory.
  assert.equal(result.countAfterGrowth, 1);
  assert.deepEqual(result.pairsAfterGrowth, [result.a, result.b]);
}

test("a plain <script type=module> page imports pkg/index.js and computes a pair", async () => {
  check(await load("/plain.html"));
});

test("an esbuild bundle of 'sepax' runs in the browser and contains no node:fs", async () => {
  assert.ok(!bundleText.includes("node:fs"), "the bundle must come from the browser entry");
  assert.ok(bundleText.includes("sepax_core_bg.wasm"), "the bundle loads the baseline .wasm by URL");
  assert.ok(bundleText.includes("sepax_core_simd_bg.wasm"), "the bundle loads the simd128 .wasm by URL");
  check(await load("/bundle/index.html"));
});
