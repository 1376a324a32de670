// The consumer matrix: each folder here is a minimal project of one tool that installs the freshly packed tarball
// (target/examples/sepax.tgz, from pkg/), is built the tool's standard way (or served by its dev server), and is
// loaded from 127.0.0.1 in headless Chromium (tests/browser/chromium.mjs); Node projects are run with node. Every
// page asserts the scene's two pairs, the SIMD build, and no console error, page error or failed request.
//
//   bash scripts/build-pkg.sh && node --test examples/     (scripts/test.sh: the `examples` stage)
//   SEPAX_EXAMPLES="vite7 esbuild" node --test examples/   (only those projects)
//
// Installs are idempotent: a project's dev tools are installed (npm, shared cache, three at a time) only when its
// package.json changed since the last install (stamp in node_modules/); the tarball is then unpacked over
// node_modules/sepax on every run, so the tools need no network once installed. No lockfiles: the tools' versions
// are exact in each package.json, their dependencies are whatever npm resolves.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startServer } from "../scripts/serve.mjs";
import { launchChromium } from "../tests/browser/chromium.mjs";

const run = promisify(execFile);
const HERE = fileURLToPath(new URL("./", import.meta.url));
const ROOT = join(HERE, "..");
const TARBALL_DIR = join(ROOT, "target", "examples");
const TARBALL = join(TARBALL_DIR, "sepax.tgz");
const EXPECTED = { count: 2, pairs: [0, 1, 1, 2], build: "simd128" };

/**
 * The matrix. `runs`: how each project is exercised. A run is a dev server (`dev`: its command, given the port),
 * a build then a static server (`build`: the npm script, `serve`: the folder), static files as they are, or
 * `node`: a script run with node. `pages`: what Chromium loads in each run.
 */
const viteRuns = (major) => {
  const vite = ["node_modules/.bin/vite", "--host", "127.0.0.1", "--strictPort"];
  if (major >= 8) {
    return [
      // worker.html: the scene in a module worker (Vite bundles it with its default worker format).
      { name: "dev", dev: (port) => [...vite, "--port", port], pages: ["/", "/inline.html", "/worker.html"] },
      { name: "build", build: "build", serve: "dist", pages: ["/", "/inline.html", "/worker.html"] },
    ];
  }
  return [
    // No config: the main entry fails in Vite <= 7's dev server (see vite.exclude.config.js); sepax/inline works.
    { name: "dev, sepax/inline, no config", dev: (port) => [...vite, "--port", port], pages: ["/inline.html"] },
    {
      name: "dev, optimizeDeps.exclude",
      dev: (port) => [...vite, "--port", port, "--config", "vite.exclude.config.js"],
      pages: ["/", "/inline.html"],
    },
    { name: "build", build: "build", serve: "dist", pages: ["/", "/inline.html"] },
  ];
};
// Node projects run under the Node running this file (the machine's Node 20) and under Node 22 (tools/node22, from
// scripts/setup.sh; scripts/env.sh names it in SEPAX_NODE22).
const nodeRuns = () => [
  { name: "node", node: "main.js", runtime: process.execPath },
  { name: "node 22", node: "main.js", runtime: process.env.SEPAX_NODE22 },
];
const MATRIX = {
  vite5: viteRuns(5),
  vite6: viteRuns(6),
  vite7: viteRuns(7),
  vite8: viteRuns(8),
  webpack5: [{ name: "build", build: "build", serve: ".", pages: ["/index.html"] }],
  rollup4: [{ name: "build", build: "build", serve: ".", pages: ["/index.html", "/inline.html"] }],
  esbuild: [{ name: "build", build: "build", serve: ".", pages: ["/esm.html", "/iife.html", "/inline-iife.html"] }],
  plain: [{ name: "static", serve: ".", pages: ["/index.html"] }],
  worker: [{ name: "static", serve: ".", pages: ["/index.html"] }],
  parcel2: [
    // --cache-dir (also in the build script): without a lockfile Parcel takes the repository root for its project
    // root and would write its cache there.
    {
      name: "dev",
      dev: (port) => [
        "node_modules/.bin/parcel",
        "serve",
        "index.html",
        "--cache-dir",
        ".parcel-cache",
        "--port",
        port,
      ],
      pages: ["/"],
    },
    { name: "build", build: "build", serve: "dist", pages: ["/index.html"] },
  ],
  // A renderer games use: Phaser (canvas) draws circles that sepax pushes apart (Vite 8 builds it).
  phaser: [{ name: "build", build: "build", serve: "dist", pages: ["/"], expect: { separated: true } }],
  "node-esm": nodeRuns(),
  "node-cjs": nodeRuns(),
};
const only = process.env.SEPAX_EXAMPLES?.split(/\s+/).filter(Boolean);
const projects = Object.keys(MATRIX).filter((p) => !only || only.includes(p));

let browser;
const timings = {};

async function pool(items, width, fn) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length) await fn(queue.shift());
    }),
  );
}

async function install(project) {
  const dir = join(HERE, project);
  const manifest = readFileSync(join(dir, "package.json"));
  const stamp = join(dir, "node_modules", ".sepax-install.stamp");
  const want = createHash("sha256").update(manifest).digest("hex");
  const start = Date.now();
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== want) {
    await run(
      "npm",
      ["install", "--no-package-lock", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
      { cwd: dir, maxBuffer: 64 << 20 },
    );
    writeFileSync(stamp, want);
  }
  // The freshly packed tarball, every run (npm would keep an older copy of the same version).
  const target = join(dir, "node_modules", "sepax");
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  await run("tar", ["-xzf", TARBALL, "-C", target, "--strip-components=1"]);
  // Dev servers' and builds' caches of the previous tarball.
  for (const cache of ["node_modules/.vite", ".parcel-cache", "dist"])
    rmSync(join(dir, cache), { recursive: true, force: true });
  timings[project] = { install: Date.now() - start };
}

before(async () => {
  mkdirSync(TARBALL_DIR, { recursive: true });
  const [{ filename }] = JSON.parse(
    (await run("npm", ["pack", join(ROOT, "pkg"), "--pack-destination", TARBALL_DIR, "--json", "--loglevel=error"]))
      .stdout,
  );
  rmSync(TARBALL, { force: true });
  await run("mv", [join(TARBALL_DIR, filename), TARBALL]);
  await pool(projects, 3, install);
  if (projects.some((p) => MATRIX[p].some((r) => r.pages))) browser = await launchChromium("examples");
});

after(async () => {
  await browser?.close();
  console.log(`examples timings (ms): ${JSON.stringify(timings)}`);
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a dev server; resolves when it answers on `/`, with a stop() that ends its process group. */
async function startDev(dir, argv) {
  const port = await freePort();
  const [cmd, ...args] = argv(String(port));
  const child = spawn(join(dir, cmd), args, { cwd: dir, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dev server exited:\n${output}`);
    try {
      if ((await fetch(origin + "/")).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      stop();
      throw new Error(`dev server did not answer in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { origin, stop, output: () => output };
}

async function loadPage(url) {
  const page = await browser.context.newPage();
  const problems = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()} ${r.url()}`));
  // Chromium has wasm SIMD: the baseline build (its .wasm, or its sepax/inline chunk where the bundler split it)
  // must not even be fetched.
  page.on("request", (r) => /sepax_core_bg[.-]|inline_baseline/.test(r.url()) && problems.push(`fetched ${r.url()}`));
  try {
    await page.goto(url);
    await page.waitForFunction(() => globalThis.__sepax !== undefined, null, { timeout: 60_000 });
    return { result: await page.evaluate(() => globalThis.__sepax), problems };
  } catch (e) {
    return { result: { error: `${e.message.split("\n")[0]}` }, problems };
  } finally {
    await page.close();
  }
}

for (const project of projects) {
  for (const r of MATRIX[project]) {
    test(`${project}: ${r.name}`, { timeout: 240_000 }, async () => {
      const dir = join(HERE, project);
      const start = Date.now();
      if (r.node) {
        assert.ok(r.runtime, `${r.name}: no runtime (SEPAX_NODE22 is set by scripts/env.sh)`);
        const { stdout: version } = await run(r.runtime, ["--version"]);
        if (r.name === "node 22") assert.match(version, /^v22\./);
        const { stdout } = await run(r.runtime, [r.node], { cwd: dir });
        assert.deepEqual(JSON.parse(stdout.trim()), EXPECTED);
        timings[project][r.name] = Date.now() - start;
        return;
      }
      if (r.build) await run("npm", ["run", r.build, "--silent"], { cwd: dir, maxBuffer: 64 << 20 });
      let origin;
      let stop;
      if (r.dev) {
        ({ origin, stop } = await startDev(dir, r.dev));
      } else {
        const { server, url } = await startServer({ root: join(dir, r.serve), port: 0 });
        origin = url.replace(/\/$/, "");
        stop = () => server.close();
      }
      try {
        const outcomes = {};
        for (const path of r.pages) outcomes[path] = await loadPage(origin + path);
        for (const [path, { result, problems }] of Object.entries(outcomes)) {
          assert.deepEqual({ path, result, problems }, { path, result: { ...EXPECTED, ...r.expect }, problems: [] });
        }
      } finally {
        stop();
      }
      timings[project][r.name] = Date.now() - start;
    });
  }
}
