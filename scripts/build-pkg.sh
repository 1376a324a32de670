#!/usr/bin/env bash
# Build the npm package into pkg/: wasm-pack's output (the raw binding sepax_core.js and the .wasm files), the
# TypeScript entry of pkg-template/src/ compiled by tsc into the package's JS and .d.ts files, and a package.json
# written with node (never sed).
#
# Two .wasm files: sepax_core_bg.wasm (baseline wasm32) and sepax_core_simd_bg.wasm (built with simd128 in its own
# CARGO_TARGET_DIR: SEPAX_SIMD128_ENV in scripts/env.sh). init() loads the second where WebAssembly.validate accepts
# a SIMD instruction. Both builds export the same bindings, so the one sepax_core.js glue serves both (checked below).
#
#   bash scripts/build-pkg.sh            # rebuilds only when an input changed (src/, Cargo.*, pkg-template/,
#                                        # this file, scripts/env.sh)
#   SEPAX_FORCE_BUILD=1 bash scripts/build-pkg.sh
#
# Prints the raw and gzipped size of the .wasm and fails when the gzipped size is over budget (checked on every
# run, also when the build is skipped). Needs what scripts/setup.sh installs.
#
#   SEPAX_WASM_GZIP_BUDGET=70000 bash scripts/build-pkg.sh   # another budget, for experiments
set -euo pipefail

# The most bytes `gzip -9` of each of pkg/sepax_core_bg.wasm and pkg/sepax_core_simd_bg.wasm may have (the goal the
# project set; how the bytes are spent is in docs/wasm-size.md, and CHANGELOG.md says what each release cost).
WASM_GZIP_BUDGET="${SEPAX_WASM_GZIP_BUDGET:-110000}"

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

OUT="pkg"
STAGING="target/wasm-pack-pkg" # wasm-pack writes here; pkg/ is assembled from it, so stale files never linger
STAGING_SIMD="target/wasm-pack-pkg-simd"
TEMPLATE="pkg-template"

die() { printf '[build-pkg] ERROR: %s\n' "$*" >&2; exit 1; }

[[ "$WASM_GZIP_BUDGET" =~ ^[1-9][0-9]*$ ]] ||
    die "SEPAX_WASM_GZIP_BUDGET must be a positive number of bytes (got '${WASM_GZIP_BUDGET}')"

# One build at a time (the test suite and scripts/demo.sh may run this concurrently): two wasm-packs writing
# the same staging folder produce a corrupt .wasm.
mkdir -p target
exec 9>target/.build-pkg.lock
flock 9

# docs/toolchain.md#wasm-opt: wasm-opt must be npm binaryen's (Debian's 108 breaks the output; none at all makes
# wasm-pack try GitHub).
[ "$(command -v wasm-opt || true)" = "${SEPAX_ROOT}/tools/node_modules/.bin/wasm-opt" ] ||
    die "wasm-opt is not tools/node_modules/.bin/wasm-opt; run scripts/setup.sh"
# A wasm-bindgen-cli that differs from Cargo.lock makes wasm-pack silently build its own for minutes
# (docs/toolchain.md#wasm-bindgen-version). --mode no-install below turns that into a failure; this says why.
want_wbg="$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)"
have_wbg="$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2 || true)"
[ "$want_wbg" = "$have_wbg" ] ||
    die "wasm-bindgen-cli is '${have_wbg:-missing}', Cargo.lock wants ${want_wbg}; run scripts/setup.sh"

# Skip the build when no input changed since the last successful one (the hash is stored in the staging dir).
inputs_hash="$(
    {
        find src "$TEMPLATE" -type f -print0 | sort -z | xargs -0 sha256sum
        sha256sum Cargo.toml Cargo.lock scripts/build-pkg.sh scripts/env.sh LICENSE-MIT LICENSE-APACHE CHANGELOG.md
        printf '%s %s %s\n' "$have_wbg" "$(wasm-opt --version)" "$(tsc --version)"
    } | sha256sum | cut -d' ' -f1
)"
stamp="${STAGING}/.inputs.sha256"
if [ -z "${SEPAX_FORCE_BUILD:-}" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs_hash" ] &&
    [ -f "${OUT}/package.json" ] && [ -f "${OUT}/sepax_core_bg.wasm" ] && [ -f "${OUT}/sepax_core_simd_bg.wasm" ]; then
    echo "[build-pkg] up to date (inputs unchanged)"
else
    rm -f "$stamp"
    # RUSTFLAGS is set explicitly for both builds, so one left in the environment cannot leak into the baseline.
    RUSTFLAGS="" wasm-pack build --release --target web --mode no-install --out-dir "$STAGING" --out-name sepax_core
    env "${SEPAX_SIMD128_ENV[@]}" wasm-pack build --release --target web --mode no-install --out-dir "$STAGING_SIMD" \
        --out-name sepax_core
    cmp -s "$STAGING/sepax_core.js" "$STAGING_SIMD/sepax_core.js" ||
        die "the baseline and simd128 builds have different JS glue; one sepax_core.js cannot load both"

    # Assembled beside pkg/ and swapped in at the end, so a reader never sees half a package.
    next="target/pkg.next"
    rm -rf "$next"
    mkdir -p "$next"
    cp "$STAGING"/sepax_core.js "$STAGING"/sepax_core_bg.wasm "$next"/
    cp "$STAGING_SIMD"/sepax_core_bg.wasm "$next"/sepax_core_simd_bg.wasm
    cp "$TEMPLATE"/README.md "$next"/
    # The entry: pkg-template/src/*.ts beside the binding's generated types, compiled as an ES module package.
    ts="target/ts-build"
    rm -rf "$ts"
    mkdir -p "$ts"
    cp "$TEMPLATE"/src/* "$STAGING"/sepax_core.d.ts "$ts"/
    printf '{ "type": "module" }\n' >"$ts"/package.json
    sed -e 's#"include": \["src"\]#"include": ["."]#' -e 's#"\.\./tools/#"'"${SEPAX_ROOT}"'/tools/#' \
        "$TEMPLATE"/tsconfig.json >"$ts"/tsconfig.json
    tsc -p "$ts" --outDir "$next"
    # The types of the modules that no public declaration imports are left out (their JS stays).
    rm -f "$next"/check.d.ts "$next"/shapes.d.ts "$next"/views.d.ts "$next"/map_json.d.ts "$next"/tiled_shapes.d.ts
    # Both licenses require their text to travel with the code; the changelog is for the registry's readers.
    cp LICENSE-MIT LICENSE-APACHE CHANGELOG.md "$next"/
    # sepax/inline (pkg-template/inline.js): each build as a module whose default export is the base64 of its .wasm.
    for pair in "inline_baseline.js:sepax_core_bg.wasm" "inline_simd.js:sepax_core_simd_bg.wasm"; do
        {
            printf '// The .wasm of %s, base64, for sepax/inline (generated by scripts/build-pkg.sh).\n' "${pair#*:}"
            printf 'export default "%s";\n' "$(base64 -w0 "$next/${pair#*:}")"
        } >"$next/${pair%%:*}"
    done

    # package.json: start from wasm-pack's (name, description, keywords from Cargo.toml) and make it ours.
    node --input-type=module - "$STAGING/package.json" "$next/package.json" "$next" <<'EOF'
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
const [from, to, dir] = process.argv.slice(2);
const base = JSON.parse(readFileSync(from, "utf8"));
// The version of Cargo.toml's [package] table (the first `version =` line after `[package]`).
const cargo = readFileSync("Cargo.toml", "utf8");
const version = /^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1];
if (!version) throw new Error("no [package] version in Cargo.toml");
const files = readdirSync(dir).filter((f) => f !== "package.json").sort();
const pkg = {
    name: "sepax",
    version,
    description: base.description,
    keywords: [...new Set([...(base.keywords ?? []), "collision-detection", "webassembly", "game"])],
    license: "MIT OR Apache-2.0",
    // The same placeholder as Cargo.toml's `repository` (no public repository exists yet).
    repository: { type: "git", url: "git+https://github.com/sepax/sepax.git" },
    homepage: "https://github.com/sepax/sepax#readme",
    bugs: { url: "https://github.com/sepax/sepax/issues" },
    // What the suite runs on (Node 20); the entries use nothing newer than Node 20's APIs.
    engines: { node: ">=20" },
    type: "module",
    // `node` picks the entry that reads the .wasm with node:fs; every other tool (browsers, bundlers, Deno)
    // gets the entry that fetches it, so bundlers never see node:fs.
    exports: {
        // `require` under `node`: node.cjs, which require()s node.js on Node >= 20.19 / 22.12 and otherwise throws
        // an error saying what to do. Bundlers never reach it (they match `default` for require() too).
        // (`node` comes before `types`: TypeScript takes the first condition that matches.)
        ".": {
            node: {
                require: { types: "./node.d.cts", default: "./node.cjs" },
                types: "./index.d.ts",
                default: "./node.js",
            },
            types: "./index.d.ts",
            default: "./index.js",
        },
        // The .wasm embedded (base64), for tools that do not handle `new URL(…, import.meta.url)` assets.
        // (A require() from Node gets node.cjs, as for "."; Node has no asset problem to avoid.)
        "./inline": {
            node: {
                require: { types: "./node.d.cts", default: "./node.cjs" },
                types: "./inline.d.ts",
                default: "./inline.js",
            },
            types: "./inline.d.ts",
            default: "./inline.js",
        },
        // Levels from the Tiled and LDtk editors (maps.ts): its own entry, so games that build levels in code never
        // load it. A require() from Node gets maps.cjs, which require()s maps.js (as node.cjs does for ".").
        "./maps": {
            node: {
                require: { types: "./maps.d.cts", default: "./maps.cjs" },
                types: "./maps.d.ts",
                default: "./maps.js",
            },
            types: "./maps.d.ts",
            default: "./maps.js",
        },
        // Debug drawing on a Canvas 2D context (debug.ts): its own entry, so games that do not draw never load it.
        "./debug": {
            node: {
                require: { types: "./debug.d.cts", default: "./debug.cjs" },
                types: "./debug.d.ts",
                default: "./debug.js",
            },
            types: "./debug.d.ts",
            default: "./debug.js",
        },
        "./sepax_core_bg.wasm": "./sepax_core_bg.wasm",
        "./sepax_core_simd_bg.wasm": "./sepax_core_simd_bg.wasm",
        "./package.json": "./package.json",
    },
    module: "./index.js",
    types: "./index.d.ts",
    files,
    sideEffects: false,
};
writeFileSync(to, JSON.stringify(pkg, null, 2) + "\n");
EOF
    rm -rf "$OUT"
    mv "$next" "$OUT"
    printf '%s\n' "$inputs_hash" >"$stamp"
    echo "[build-pkg] assembled ${OUT}/: $(cd "$OUT" && ls | tr '\n' ' ')"
fi

for wasm in sepax_core_bg.wasm sepax_core_simd_bg.wasm; do
    raw=$(wc -c <"${OUT}/${wasm}")
    gz=$(gzip -9 -c "${OUT}/${wasm}" | wc -c)
    printf '[build-pkg] %s: %d bytes raw, %d bytes gzip -9 (budget %d)\n' "$wasm" "$raw" "$gz" "$WASM_GZIP_BUDGET"
    [ "$gz" -le "$WASM_GZIP_BUDGET" ] ||
        die "${OUT}/${wasm} is ${gz} bytes gzip -9, over the budget of ${WASM_GZIP_BUDGET} bytes by $((gz - WASM_GZIP_BUDGET))"
done
