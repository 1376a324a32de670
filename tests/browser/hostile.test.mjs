// The hostile-input sweep (tests/js/hostile-sweep.mjs) inside headless Chromium: the page loads the built
// package (pkg/index.js, which fetches the .wasm) from a server on 127.0.0.1, runs the same sweep and the
// freed-world checks, and reports the counts back. Needs pkg/ (bash scripts/build-pkg.sh).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { startServer } from "../../scripts/serve.mjs";
import { launchChromium } from "./chromium.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
let server;
let url;
let context;
let page;
let browser;
const problems = [];

before(async () => {
  assert.ok(existsSync(join(ROOT, "pkg", "index.js")), "pkg/ is missing: run bash scripts/build-pkg.sh");
  // The repository root, so that the page can import both pkg/ and the shared sweep module.
  ({ server, url } = await startServer({ root: ROOT, port: 0 }));
  browser = await launchChromium("hostile");
  context = browser.context;
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`);
  });
  // A blank page of our origin to run modules in (no HTML file needed).
  await page.route(`${url}hostile.html`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><link rel="icon" href="data:,"><title>hostile</title>',
    }),
  );
  await page.goto(`${url}hostile.html`);
});

after(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r()));
});

test(
  "the hostile sweep in Chromium: TypeError or RangeError naming the argument, no trap, nothing changed",
  { timeout: 120_000 },
  async () => {
    const result = await page.evaluate(async () => {
      const sepax = await import("/pkg/index.js");
      await sepax.init();
      const { runSweep, runFreedChecks } = await import("/tests/js/hostile-sweep.mjs");
      const sweep = runSweep(sepax);
      const freed = runFreedChecks(sepax);
      return { ...sweep, freed, userAgent: navigator.userAgent };
    });
    const { counts, failures, freed } = result;
    console.log(
      `hostile sweep (chromium): ${counts.tried} hostile inputs tried, ${counts.traps} traps, ` +
        `errors by class ${JSON.stringify(counts.byClass)}, world had ${result.pairsBefore} pairs`,
    );
    assert.equal(counts.traps, 0, "traps seen");
    assert.deepEqual(failures, []);
    assert.ok(counts.tried > 500, `only ${counts.tried} cases`);
    assert.deepEqual(freed.failures, []);
    assert.ok(freed.checked >= 30);
    assert.deepEqual(problems, []);
  },
);
