// sepax/threads against the single-threaded build: the standard workload at each N, stepped by the single-threaded
// build and by the threaded one on pools of 1 and 2 threads, frames interleaved (bench-js/threads-run.mjs), in Node
// and in headless Chromium with the worlds stepped from a module Worker on a cross-origin-isolated page. Also the
// cost of waking the pool, per step. Seeded and repeatable; prints markdown and writes bench-js/threads.md.
//
//   node bench-js/threads.mjs                      # N = 1000 5000 20000 100000, Node then Chromium
//   BENCH_N="20000" BENCH_WHERE=node node bench-js/threads.mjs
//   BENCH_GRAIN=2048 node bench-js/threads.mjs     # the threaded worlds' grain (default: the package's)
//   BENCH_OUT=threads-node22.md                    # another file for the markdown
//
// Each variant is its own instance of the package (a copy of pkg/ in a temporary folder, or its own URL in the
// browser), because an instance holds one build and one pool.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { measureSteps, measureWakeUp } from "./threads-run.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const sizes = (process.env.BENCH_N ?? "1000 5000 20000 100000").split(/\s+/).filter(Boolean).map(Number);
const where = (process.env.BENCH_WHERE ?? "node chromium").split(/\s+/).filter(Boolean);
const grain = Number(process.env.BENCH_GRAIN ?? 0);
/** The variants: the entry each imports and its pool. */
const VARIANTS = { single: ["node.js", 0], "threads-1": ["threads_node.js", 1], "threads-2": ["threads_node.js", 2] };

async function inNode() {
  const variants = {};
  const setGrain = {};
  const copies = [];
  for (const [name, [entry, threads]] of Object.entries(VARIANTS)) {
    const copy = mkdtempSync(join(tmpdir(), `sepax-threads-bench-${name}-`));
    copies.push(copy);
    cpSync(join(ROOT, "pkg"), copy, { recursive: true });
    const sepax = await import(pathToFileURL(join(copy, entry)).href);
    await sepax.default(threads ? { threads } : undefined);
    if (threads && sepax.wasmBuild() !== "threads") throw new Error(`${name}: ${sepax.wasmBuild()} build loaded`);
    variants[name] = sepax.World;
    if (sepax.setParallelGrain) setGrain[name] = sepax.setParallelGrain;
    sepax.setParallelGrain?.(grain);
  }
  try {
    const now = () => performance.now();
    return { steps: measureSteps(variants, sizes, now), wake: measureWakeUp(variants, setGrain, now, grain) };
  } finally {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  }
}

// The browser: a module Worker imports each variant from its own URL (/v/<name>/pkg/...) and runs the same code.
const WORKER = `
import { measureSteps, measureWakeUp } from "/bench-js/threads-run.mjs";
const VARIANTS = ${JSON.stringify(VARIANTS)};
const GRAIN = ${grain};
self.onmessage = async ({ data: sizes }) => {
  try {
    const variants = {}, setGrain = {};
    for (const [name, [entry, threads]] of Object.entries(VARIANTS)) {
      const sepax = await import("/v/" + name + "/pkg/" + entry.replace("_node", "").replace("node.js", "index.js"));
      await sepax.default(threads ? { threads } : undefined);
      if (threads && sepax.wasmBuild() !== "threads") throw new Error(name + ": " + sepax.wasmBuild() + " build loaded");
      variants[name] = sepax.World;
      if (sepax.setParallelGrain) setGrain[name] = sepax.setParallelGrain;
      sepax.setParallelGrain?.(GRAIN);
    }
    const now = () => performance.now();
    self.postMessage({ steps: measureSteps(variants, sizes, now), wake: measureWakeUp(variants, setGrain, now, GRAIN) });
  } catch (error) {
    self.postMessage({ error: String((error && error.stack) || error) });
  }
};`;
const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module">
const worker = new Worker("/worker.js", { type: "module" });
worker.onmessage = (event) => (window.__bench = event.data);
worker.onerror = (event) => (window.__bench = { error: event.message });
worker.postMessage(${JSON.stringify(sizes)});
</script>`;
const MIME = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

async function inChromium() {
  const { launchChromium } = await import("../tests/browser/chromium.mjs");
  const headers = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
  const server = createServer((req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    if (path === "/") return void res.writeHead(200, { ...headers, "content-type": MIME[".html"] }).end(PAGE);
    if (path === "/worker.js") return void res.writeHead(200, { ...headers, "content-type": MIME[".js"] }).end(WORKER);
    path = path.replace(/^\/v\/[\w-]+\/pkg\//, "/pkg/");
    if (!path.startsWith("/pkg/") && !path.startsWith("/bench-js/")) return void res.writeHead(404).end();
    try {
      const body = readFileSync(join(ROOT, path));
      res.writeHead(200, { ...headers, "content-type": MIME[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const browser = await launchChromium("threads-bench");
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    for (;;) {
      const result = await page.evaluate(() => window.__bench);
      if (result) {
        if (result.error) throw new Error(result.error);
        return result;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await browser.close();
    server.close();
  }
}

function table(engine, { steps, wake }) {
  const ms = (v) => v.toFixed(v < 1 ? 3 : 2);
  const lines = [
    `### ${engine}`,
    "",
    "| N | pairs | step: single | threads-1 | threads-2 | single / threads-2 | frame: single | threads-2 | ratio |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { n, pairs, variants: v } of steps) {
    const [s, t1, t2] = [v.single, v["threads-1"], v["threads-2"]];
    lines.push(
      `| ${n} | ${pairs} | ${ms(s.step)} | ${ms(t1.step)} | ${ms(t2.step)} | ${(s.step / t2.step).toFixed(2)}× | ` +
        `${ms(s.frame)} | ${ms(t2.frame)} | ${(s.frame / t2.frame).toFixed(2)}× |`,
    );
  }
  lines.push("", "Phases (ms, `stepProfiled()`, timed from the calling thread): single / threads-1 / threads-2", "");
  lines.push("| N | poses | broad phase | narrow phase | output |", "|---:|---:|---:|---:|---:|");
  for (const { n, variants: v } of steps) {
    const cells = [0, 1, 2, 3].map((q) =>
      [v.single, v["threads-1"], v["threads-2"]].map((r) => ms(r.phases[q])).join(" / "),
    );
    lines.push(`| ${n} | ${cells.join(" | ")} |`);
  }
  const wakeCells = Object.entries(wake).map(([name, us]) => `${name} ${us.toFixed(1)} µs`);
  lines.push("", `A step of a two-shape world, every phase on the pool (grain 1): ${wakeCells.join(", ")}.`, "");
  return lines.join("\n");
}

const header =
  `sepax/threads bench, ${new Date().toISOString()}, Node ${process.versions.node}, ` +
  `${availableParallelism()} cores, load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
const out = [header, ""];
console.log(header);
if (where.includes("node")) {
  const section = table("Node (main thread)", await inNode());
  console.log(section);
  out.push(section);
}
if (where.includes("chromium")) {
  const section = table("Chromium (module Worker, cross-origin-isolated page)", await inChromium());
  console.log(section);
  out.push(section);
}
out.push(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
writeFileSync(join(ROOT, "bench-js", process.env.BENCH_OUT ?? "threads.md"), out.join("\n") + "\n");
