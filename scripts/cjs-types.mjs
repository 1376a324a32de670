// Writes the public types into the CommonJS entries before tsc compiles them (scripts/build-pkg.sh runs it on the
// staged copy of pkg-template/src): a CommonJS entry re-exports its ES module's types one by one inside a namespace,
// which has no `export type *`. The line `// cjs-types: every type of types.ts` of each .cts file given becomes one
// `export type Name = esm.Name;` per interface and type alias that types.ts exports, so that a type added there
// reaches `require("sepax")` without a second list to keep.
//
//   node scripts/cjs-types.mjs DIR node.cts threads.cts
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [dir, ...entries] = process.argv.slice(2);
if (dir === undefined || entries.length === 0) {
  throw new Error("usage: node scripts/cjs-types.mjs DIR ENTRY.cts...");
}
const names = [...readFileSync(join(dir, "types.ts"), "utf8").matchAll(/^export (?:interface|type) (\w+)/gm)].map(
  (m) => m[1],
);
if (names.length === 0) throw new Error(`${dir}/types.ts exports no type`);
const marker = /^( *)\/\/ cjs-types: every type of types\.ts\n/m;
for (const entry of entries) {
  const path = join(dir, entry);
  const source = readFileSync(path, "utf8");
  if (!marker.test(source)) throw new Error(`${path}: no line "// cjs-types: every type of types.ts"`);
  const lines = (indent) => names.map((name) => `${indent}export type ${name} = esm.${name};\n`).join("");
  writeFileSync(
    path,
    source.replace(marker, (_, indent) => lines(indent)),
  );
}
