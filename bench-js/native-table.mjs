// Appends the native criterion numbers (benches/workload.rs, saved by scripts/bench.sh to bench-js/native.txt) and the
// wasm/native ratio (sepax views median / native estimate) to results.md.
//
//   node bench-js/native-table.mjs bench-js/native.txt bench-js/results.json bench-js/results.md

import { readFileSync, appendFileSync } from "node:fs";

const [nativeFile, jsonFile, mdFile] = process.argv.slice(2);
const text = readFileSync(nativeFile, "utf8");
const unit = { ns: 1e-6, µs: 1e-3, us: 1e-3, ms: 1, s: 1000 };
const native = {};
for (const m of text.matchAll(/workload\/(\d+)\s+time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]/g)) {
  native[m[1]] = Number(m[2]) * unit[m[3]];
}
const checks = Object.fromEntries(
  [...text.matchAll(/N = (\d+):.*?frame 0: (\d+) pairs, checksum ([0-9a-f]+)/g)].map((m) => [m[1], [m[2], m[3]]]),
);
const { results } = JSON.parse(readFileSync(jsonFile, "utf8"));
const lines = [
  "",
  "## Native (criterion, benches/workload.rs) vs wasm",
  "",
  "| N | native ms (criterion point estimate) | sepax wasm (views) median ms | wasm / native | frame-0 pairs native / wasm | pair checksum native / wasm |",
  "|---|---:|---:|---:|---|---|",
];
for (const [n, ms] of Object.entries(native)) {
  const r = results.find((e) => String(e.n) === n)?.libs?.sepax;
  const wasm = r?.medianMs;
  const [pairs, sum] = checks[n] ?? ["?", "?"];
  lines.push(
    `| ${n} | ${ms.toFixed(3)} | ${wasm?.toFixed(3) ?? "-"} | ${wasm ? (wasm / ms).toFixed(2) : "-"} | ${pairs} / ${r?.pairsFrame0 ?? "-"} | ${sum} / ${r?.checksumFrame0 ?? "-"} |`,
  );
}
appendFileSync(mdFile, lines.join("\n") + "\n");
console.log(lines.join("\n"));
