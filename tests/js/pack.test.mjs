// The package as a user gets it: `npm pack` pkg/, install the tarball into an empty project, run a
// small example that imports "sepax" by name (so package.json "exports" must route Node to the
// node:fs entry), and type-check TypeScript consumers against the installed .d.ts files.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, copyFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const pkgDir = join(root, "pkg");
const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
const toolsDir = process.env.SEPAX_TOOLS_DIR ?? join(root, "tools");
const tsc = join(toolsDir, "node_modules", ".bin", "tsc");

let dir; // temp folder: the tarball and app/
let app;
let packed; // npm pack --json output for the tarball

const sh = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

before(() => {
  dir = mkdtempSync(join(tmpdir(), "sepax-pack-"));
  packed = JSON.parse(sh("npm", ["pack", pkgDir, "--pack-destination", dir, "--json", "--loglevel=error"], dir))[0];
  app = join(dir, "app");
  sh("mkdir", ["-p", app]);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  // The tarball has no dependencies, so nothing is fetched.
  sh("npm", ["install", join(dir, packed.filename), "--no-audit", "--no-fund", "--loglevel=error"], app);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("the tarball holds the entries, the wasm and the types, and nothing else", () => {
  const files = packed.files.map((f) => f.path).sort();
  for (const f of [
    "package.json",
    "index.js",
    "node.js",
    "node.cjs",
    "inline.js",
    "inline.d.ts",
    "inline_simd.js",
    "inline_baseline.js",
    "node.d.cts",
    "index.d.ts",
    "world.js",
    "world.d.ts",
    "maps.js",
    "maps.d.ts",
    "maps.cjs",
    "maps.d.cts",
    "debug.js",
    "debug.d.ts",
    "debug.cjs",
    "debug.d.cts",
    "tiled.js",
    "ldtk.js",
    "sepax_core.js",
    "sepax_core_bg.wasm",
    "sepax_core_simd_bg.wasm",
    "LICENSE-MIT",
    "LICENSE-APACHE",
    "CHANGELOG.md",
    "README.md",
  ]) {
    assert.ok(files.includes(f), `${f} is packed (got ${files.join(", ")})`);
  }
  assert.deepEqual(
    files.filter((f) => f.startsWith(".") || f.includes("/")),
    [],
    "no dotfiles or folders",
  );
  const manifest = JSON.parse(readFileSync(join(app, "node_modules", "sepax", "package.json"), "utf8"));
  assert.equal(manifest.name, "sepax");
  assert.equal(manifest.type, "module");
  assert.equal(manifest.sideEffects, false);
  assert.equal(manifest.license, "MIT OR Apache-2.0");
  const cargoVersion = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(
    readFileSync(join(root, "Cargo.toml"), "utf8"),
  )[1];
  assert.equal(manifest.version, cargoVersion);
  assert.deepEqual(Object.keys(manifest.exports["."]), ["node", "types", "default"]);
  // The license texts are the repository's, byte for byte.
  for (const f of ["LICENSE-MIT", "LICENSE-APACHE"]) {
    assert.equal(readFileSync(join(app, "node_modules", "sepax", f), "utf8"), readFileSync(join(root, f), "utf8"));
  }
  // Where the code lives and which Node it runs on: the same repository as Cargo.toml's.
  const cargoRepo = /^repository\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))?.[1];
  assert.ok(cargoRepo, "Cargo.toml has a repository");
  assert.equal(manifest.repository.url, `git+${cargoRepo}.git`);
  assert.equal(manifest.homepage, `${cargoRepo}#readme`);
  assert.equal(manifest.bugs.url, `${cargoRepo}/issues`);
  assert.equal(manifest.engines.node, ">=20");
  const [major] = process.versions.node.split(".").map(Number);
  assert.ok(major >= 20, `this suite runs on Node ${process.versions.node}, inside engines`);
});

// What a registry user would run on the package before depending on it.
const tool = (name) => join(process.env.SEPAX_TOOLS_DIR ?? join(root, "tools"), "node_modules", ".bin", name);

test("npm publish --dry-run accepts the package without a warning", () => {
  // npm writes its notes and warnings to stderr: capture both streams.
  const out = execFileSync("sh", ["-c", "npm publish --dry-run 2>&1"], { cwd: pkgDir, encoding: "utf8" });
  // Allowed: the dry run's note that nobody is logged in (nothing is published), and npm's complaint about this
  // machine's user config (not the package's).
  const warnings = out
    .split("\n")
    .filter((l) => /^npm (warn|WARN|ERR|error)/.test(l))
    .filter((l) => !/requires you to be logged in|Unknown user config/.test(l));
  assert.deepEqual(warnings, [], out);
  assert.match(out, /\+ sepax@\d+\.\d+\.\d+/);
});

test("publint --strict: no error, warning or suggestion", () => {
  const out = sh(tool("publint"), ["--strict", join(dir, packed.filename)], dir);
  assert.match(out, /All good!/, out);
});

test("are the types wrong (attw): every resolution mode finds the right types", () => {
  // The .wasm subpaths are assets for bundlers (`new URL(…, import.meta.url)`), not modules: attw would look for
  // JS and types there, so they are left out of its entry points.
  try {
    sh(
      tool("attw"),
      [
        join(dir, packed.filename),
        "--format",
        "ascii",
        "--exclude-entrypoints",
        "./sepax_core_bg.wasm",
        "./sepax_core_simd_bg.wasm",
        "./sepax_core_threads_bg.wasm",
      ],
      dir,
    );
  } catch (e) {
    assert.fail(`attw found problems:\n${e.stdout}${e.stderr}`);
  }
});

test("an example importing 'sepax' by name runs in Node", () => {
  writeFileSync(
    join(app, "example.mjs"),
    `import init, { World } from "sepax";
await init();
const world = new World();
const a = world.addCircle(0, 0, 1);
const b = world.addCircle(1.5, 0, 1);
const count = world.step();
console.log(JSON.stringify({ a, b, count, pairs: Array.from(world.pairs()), contacts: Array.from(world.contacts()) }));
world.free();
`,
  );
  const out = JSON.parse(sh(process.execPath, ["example.mjs"], app).trim());
  assert.equal(out.count, 1);
  assert.deepEqual(out.pairs, [out.a, out.b]);
  const [nx, ny, depth] = out.contacts;
  assert.ok(Math.abs(nx - 1) < 1e-6 && Math.abs(ny) < 1e-6, `normal ${nx}, ${ny} points from a to b`);
  assert.ok(Math.abs(depth - 0.5) < 1e-6, `depth ${depth}`);
});

test("the READMEs' examples run unchanged in Node (no top-level await)", () => {
  for (const [name, readme, after] of [
    ["README.md", join(root, "README.md"), "## Using it"],
    ["the npm README", join(pkgDir, "README.md"), "# sepax"],
  ]) {
    const text = readFileSync(readme, "utf8");
    const code = /```js\n([\s\S]*?)```/.exec(text.slice(text.indexOf(after)))?.[1];
    assert.ok(code, `${name} has a js example`);
    assert.doesNotMatch(code, /^await /m, `${name}: no top-level await`);
    writeFileSync(join(app, "readme-example.mjs"), code + `\nsetTimeout(() => console.log("done"), 100);\n`);
    assert.match(sh(process.execPath, ["readme-example.mjs"], app), /done/, name);
  }
});

test("sepax/maps reads a map without init(), from ES modules and CommonJS", () => {
  const map = readFileSync(join(fixtures, "maps", "base64.tmj"), "utf8");
  writeFileSync(join(app, "level.tmj"), map);
  writeFileSync(
    join(app, "maps.mjs"),
    `import { readTiledMap } from "sepax/maps";
import { readFileSync } from "node:fs";
const plan = readTiledMap(JSON.parse(readFileSync("level.tmj", "utf8")));
console.log(JSON.stringify({ grids: plan.grids.length, cols: plan.grids[0].cols }));
`,
  );
  assert.deepEqual(JSON.parse(sh(process.execPath, ["maps.mjs"], app).trim()), { grids: 1, cols: 4 });
  writeFileSync(
    join(app, "maps.cjs"),
    `const { readTiledMap, loadTiledMap } = require("sepax/maps");
const plan = readTiledMap(JSON.parse(require("node:fs").readFileSync("level.tmj", "utf8")));
console.log(JSON.stringify({ grids: plan.grids.length, load: typeof loadTiledMap }));
`,
  );
  assert.deepEqual(JSON.parse(sh(process.execPath, ["maps.cjs"], app).trim()), { grids: 1, load: "function" });
});

test("sepax/debug loads from ES modules and CommonJS, without the core", () => {
  writeFileSync(
    join(app, "debug.mjs"),
    `import { drawDebug, DEBUG_COLORS } from "sepax/debug";
console.log(JSON.stringify({ draw: typeof drawDebug, colors: DEBUG_COLORS.length }));
`,
  );
  assert.deepEqual(JSON.parse(sh(process.execPath, ["debug.mjs"], app).trim()), { draw: "function", colors: 10 });
  writeFileSync(
    join(app, "debug.cjs"),
    `const { drawDebug } = require("sepax/debug");
console.log(JSON.stringify({ draw: typeof drawDebug }));
`,
  );
  assert.deepEqual(JSON.parse(sh(process.execPath, ["debug.cjs"], app).trim()), { draw: "function" });
});

test("sepax/inline loads the embedded build this engine should run, with no file access", () => {
  writeFileSync(
    join(app, "inline.mjs"),
    `const t0 = performance.now();
const { default: init, World, wasmBuild } = await import("sepax/inline");
const t1 = performance.now();
await init();
const t2 = performance.now();
const world = new World();
world.addCircle(0, 0, 1);
world.addCircle(1.5, 0, 1);
console.log(JSON.stringify({ count: world.step(), build: wasmBuild(), importMs: t1 - t0, initMs: t2 - t1 }));
`,
  );
  const out = JSON.parse(sh(process.execPath, ["inline.mjs"], app).trim());
  console.log(`sepax/inline in Node: import ${out.importMs.toFixed(1)} ms, init ${out.initMs.toFixed(1)} ms`);
  assert.deepEqual({ count: out.count, build: out.build }, { count: 1, build: "simd128" });
  // An engine without wasm SIMD gets the embedded baseline build.
  const plain = JSON.parse(
    sh(process.execPath, ["--import", join(fixtures, "without-simd.mjs"), "inline.mjs"], app).trim(),
  );
  assert.deepEqual({ count: plain.count, build: plain.build }, { count: 1, build: "baseline" });
});

test("a CommonJS consumer: require('sepax') is init, with every export as a property", () => {
  writeFileSync(
    join(app, "example.cjs"),
    `const init = require("sepax");
const { World, initSync, wasmBuild } = require("sepax");
const esm = import("sepax");
init().then(async () => {
  const world = new World();
  world.addCircle(0, 0, 1);
  world.addCircle(1.5, 0, 1);
  const sameInstance = (await esm).World === World;
  console.log(JSON.stringify({ count: world.step(), build: wasmBuild(), sameInstance,
    kinds: [typeof init, typeof init.init, typeof init.default, typeof initSync] }));
});
`,
  );
  const out = JSON.parse(sh(process.execPath, ["example.cjs"], app).trim());
  assert.deepEqual(out, { count: 1, build: "simd128", sameInstance: true, kinds: Array(4).fill("function") });
});

test("where require() of ES modules is off (Node < 20.19), require('sepax') throws at once, saying what to do", () => {
  writeFileSync(join(app, "old-node.cjs"), `require("sepax");\n`);
  let error;
  try {
    sh(process.execPath, ["--no-experimental-require-module", "old-node.cjs"], app);
  } catch (e) {
    error = e;
  }
  assert.ok(error, "require('sepax') threw");
  assert.match(error.stderr, /sepax is an ES module package.*await import\("sepax"\).*Node >= 20\.19/s);
});

// tsc --strict --noEmit, skipLibCheck off (so the package's own .d.ts files are checked too), no @types (a project
// without @types/node): every moduleResolution, with and without the DOM lib; then with @types/node and no DOM.
// Prints one line per configuration.
test("TypeScript consumers type-check against the installed package", () => {
  const fixtureFiles = [
    "consumer.ts",
    "consumer-dom.ts",
    "consumer-no-dom.ts",
    "consumer-node.ts",
    "consumer-cjs.cts",
    "consumer-dispose.ts",
  ];
  for (const f of fixtureFiles) copyFileSync(join(fixtures, f), join(app, f));
  const configs = {};
  for (const resolution of ["bundler", "node16", "nodenext"]) {
    for (const dom of [false, true]) {
      const files = ["consumer.ts"];
      files.push(dom ? "consumer-dom.ts" : "consumer-no-dom.ts");
      if (resolution !== "bundler") files.push("consumer-cjs.cts");
      configs[`tsconfig.${resolution}${dom ? ".dom" : ""}.json`] = {
        module: resolution === "bundler" ? "esnext" : resolution,
        moduleResolution: resolution,
        // es2022 lacks esnext.disposable: the package must not need it.
        lib: dom ? ["es2022", "dom"] : ["es2022"],
        files,
      };
    }
  }
  // A Node project with @types/node (pinned in tools/), no DOM lib.
  for (const resolution of ["node16", "nodenext"]) {
    configs[`tsconfig.${resolution}.types-node.json`] = {
      module: resolution,
      moduleResolution: resolution,
      lib: ["es2022"],
      types: ["node"],
      typeRoots: [join(toolsDir, "node_modules", "@types")],
      files: ["consumer.ts", "consumer-cjs.cts", "consumer-node.ts"],
    };
  }
  // `using` with a World.
  configs["tsconfig.dispose.json"] = {
    module: "esnext",
    moduleResolution: "bundler",
    lib: ["esnext"],
    files: ["consumer.ts", "consumer-dispose.ts"],
  };
  const failures = [];
  for (const [name, { files, ...options }] of Object.entries(configs)) {
    const compilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: "es2022",
      types: [],
      ...options,
    };
    writeFileSync(join(app, name), JSON.stringify({ compilerOptions, files }));
    try {
      sh(tsc, ["-p", name], app);
      console.log(`tsc ok: ${name} (${JSON.stringify({ ...options, files })})`);
    } catch (e) {
      failures.push(`tsc -p ${name} failed:\n${e.stdout}${e.stderr}`);
    }
  }
  assert.deepEqual(failures, []);
});

test("init() checks its argument: a wrong shape is a TypeError that says what is accepted", () => {
  writeFileSync(
    join(app, "init-args.mjs"),
    `import init, { initSync, wasmBuild, simd128, World } from "sepax";
import { readFileSync } from "node:fs";
const results = {};
for (const [name, arg] of Object.entries({
  number: 42, null: null, module: { module: new Uint8Array(8) }, simdOnly: { simd: "a.wasm" },
  extraKey: { module_or_path: "a.wasm", x: 1 }, array: [1], badPromise: Promise.resolve(7),
})) {
  try { await init(arg); results[name] = "loaded"; } catch (e) { results[name] = e.constructor.name + ": " + e.message; }
}
try { initSync(42); } catch (e) { results.initSync = e.constructor.name + ": " + e.message; }
const dir = new URL("./node_modules/sepax/", import.meta.url);
// { simd, baseline }: init() still chooses, and reads only the chosen file.
await init({ simd: new URL("sepax_core_simd_bg.wasm", dir), baseline: Promise.resolve(new URL("nowhere.wasm", dir)) });
const world = new World();
world.addCircle(0, 0, 1); world.addCircle(1.5, 0, 1);
console.log(JSON.stringify({ results, build: wasmBuild(), simd128, count: world.step() }));
`,
  );
  const out = JSON.parse(sh(process.execPath, ["init-args.mjs"], app).trim());
  for (const [name, message] of Object.entries(out.results)) {
    assert.match(message, /^TypeError: sepax: init/, `${name}: ${message}`);
  }
  assert.match(out.results.number, /init\(input\): input must be no argument, \{ simd, baseline \}.*; got number 42/);
  assert.match(out.results.module, /got an object with keys module$/);
  assert.match(out.results.badPromise, /input resolved to number 7, not a .wasm/);
  assert.match(out.results.initSync, /initSync\(input\): input must be the .wasm bytes/);
  assert.deepEqual(
    { build: out.build, simd128: out.simd128, count: out.count },
    { build: "simd128", simd128: true, count: 1 },
  );
});
