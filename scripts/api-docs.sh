#!/usr/bin/env bash
# The API reference of the npm package: TypeDoc over the public types (pkg/index.d.ts, whose doc comments carry an
# @example for every export and every World member), written to target/api/ (open target/api/index.html).
#
#   bash scripts/api-docs.sh
#
# Fails on any TypeDoc warning, and when an exported function or a World member has no @example. TypeDoc lives in
# tools/apidoc/ (it needs TypeScript 5 or 6; tools/ pins 7), installed here with `npm ci` when its lockfile changed.
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

APIDOC="tools/apidoc"
OUT="target/api"

stamp="${APIDOC}/node_modules/.sepax-npm-ci.stamp"
if ! [ -d "${APIDOC}/node_modules" ] || ! [ -f "$stamp" ] || [ "${APIDOC}/package-lock.json" -nt "$stamp" ]; then
    (cd "$APIDOC" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
fi

bash scripts/build-pkg.sh >/dev/null

mkdir -p target
# TypeDoc reads the package's types as a consumer with the DOM lib would (InitInput names Request and Response).
cat >target/api-tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "strict": true,
    "skipLibCheck": false,
    "module": "esnext",
    "moduleResolution": "bundler",
    "lib": ["es2022", "dom"],
    "types": []
  },
  "files": ["../pkg/index.d.ts"]
}
JSON
rm -rf "$OUT"
# No source links (--disableSources): they need a hosted git remote, and a clone of a local path (CI) has none.
"${APIDOC}/node_modules/.bin/typedoc" --entryPoints pkg/index.d.ts --tsconfig target/api-tsconfig.json \
    --name sepax --readme none --treatWarningsAsErrors --disableSources --out "$OUT" --json target/api.json \
    --intentionallyNotExported GlobalInstance --intentionallyNotExported WasmModule

# Every export (functions, the World class, simd128) and every World member has an @example.
node --input-type=module - target/api.json <<'JS'
import { readFileSync } from "node:fs";
const api = JSON.parse(readFileSync(process.argv[2], "utf8"));
const hasExample = (r) =>
  [r.comment, ...(r.signatures ?? []), r.getSignature].some((s) =>
    (s?.comment ?? s)?.blockTags?.some((t) => t.tag === "@example"),
  );
const missing = [];
for (const top of api.children) {
  // Interfaces and type aliases describe data; functions, classes and variables are what one calls.
  if (![64, 128, 32].includes(top.kind)) continue; // Function, Class, Variable
  if (!hasExample(top)) missing.push(top.name);
  if (top.kind === 128) {
    for (const member of top.children ?? []) if (!hasExample(member)) missing.push(`${top.name}.${member.name}`);
  }
}
if (missing.length) {
  console.error(`[api-docs] no @example: ${missing.join(", ")}`);
  process.exit(1);
}
console.log("[api-docs] every export and World member has an @example; the reference is target/api/index.html");
JS
