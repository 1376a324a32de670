#!/usr/bin/env bash
# Build the npm package into pkg/: wasm-pack's output (sepax_core*.js/.wasm/.d.ts) + the hand-written entry files
# of pkg-template/ + a package.json written with node (never sed).
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

# The most bytes `gzip -9` of each of pkg/sepax_core_bg.wasm and pkg/sepax_core_simd_bg.wasm may have. 60 KiB until
# the shape casts and the character mover (src/cast/: the exact f64 Minkowski-sum cast; src/world/casts.rs and
# mover.rs; their bindings). Measured growth of both together is given in docs/performance-notes.md ("wasm size").
# 84,000 until scenes as plain objects (addShapes, shape: about 3.3 KB gzip), snapshots (src/world/snapshot.rs,
# src/wasm/snapshot.rs: +8.2 / +8.4 KB gzip) and concave polygons (src/shape/decompose.rs: the simplicity sweep, ear
# clipping, Hertel-Mehlhorn, the hull, the hierarchy over the parts; src/world/concave.rs: every exact test through
# the parts; src/wasm/concave.rs: +12.1 KB gzip) and contact points (src/narrow_phase/manifold.rs: +2.7 KB gzip),
# each measured in docs/performance-notes.md ("wasm size"). 111,500 until concave polygons went into snapshots (the
# outline section and its checks) and scenes (`{ kind: "concave", points }` both ways): +2.2 KB gzip measured.
# 112,800 until chains (src/shape/chain.rs, src/world/chain.rs, src/wasm/chain.rs and the smoothing in every exact
# path: +5.2 / +5.1 KB gzip measured). 118,800 until chains went into snapshots and scenes (kinds 8 and 9, the point
# lists shared with concave outlines; `{ kind: "chain", points, loop }`): +1.1 KB gzip measured (117,993 / 118,863).
# 119,600 until the concave step's speed work (issue 18: the grid over a concave polygon's parts and its build, the
# inlined part walk of deepest_part, the radix sort of a long run of found pairs): +1,709 / +2,174 bytes gzip measured
# (119,702 / 121,037), bought by a concave world 15 % faster in wasm (docs/performance-notes.md, "Concave polygons").
# 121,800 until this stride's speed work, each part measured (baseline / SIMD build, bytes gzip): long outlines and
# chains copied from a typed array in one call (src/wasm/args.rs; addChain 7x faster): +415 / +394; contact points'
# clip written for a short dependent chain (issue 18 point 6, src/narrow_phase/manifold.rs; on/off 1.29 -> 1.20):
# +552 / +425; the broad phase rewritten for what compiles well to wasm (issue 20 point 4: f32x4 box tests, corners
# written out, two entries per inner loop; broad phase 0.93 -> 0.55 ms at 20k): +503 / +253; the casts' speed work
# (issue 17 point 5: a point mover's own-edge walk in src/cast/minkowski.rs, the broad phase handing each entry's box
# to the casts' path test, candidates cast in order of entry in src/world/casts.rs; sweep of bullets 15-20 % faster):
# +2,337 / +1,904. Together 119,454 / 120,850 -> 123,173 / 124,094 (docs/performance-notes.md has the speed figures).
# 124,600 until the cast's array walk (issue 17 point 5, src/cast/minkowski.rs: a box or polygon target and a mover
# of up to four vertices merged from arrays, the general merge kept as one copy called through a pointer; with the
# clip's early stop and the other changes of that commit, a frame of moves 12 % fewer instructions natively; with the
# leaner JS entry, the moves alone in the wasm 1.50 -> 1.39 ms, median of six alternated runs): +1,623 / +1,594
# (122,973 / 124,058 -> 124,596 / 125,652; docs/performance-notes.md, "What the 2 ms and 1 ms targets would take").
# 125,700 until the mover's memory work (issue 17 point 5, src/world/mover.rs: a cast skipped where a plane of the
# same shape keeps the path clear, +309 / +272; the candidates' rows and boxes kept from the broad phase, +201 / +209;
# the mover's box from half extents found once, +309 / +192; the last checked options kept, +200 / +178; the rest
# +36 / +66): 1,000 moves in the wasm 1.33-1.48 -> 1.02-1.19 ms in three alternated runs of bench-js/casts.mjs
# (124,595 / 125,652 -> 125,650 / 126,569; docs/performance-notes.md, "The moves were waiting on memory").
# 126,600 until a chain fix: smoothing never hides an overlap (src/world/concave.rs, deepest_pieces keeps the deepest
# contact dropped as a ghost for a pair that has no other; the mover's push out does the same): +261 / +518
# (125,911 / 127,087). 127,100 until each piece of a concave or chain mover gave planes of its own (src/world/mover.rs:
# the push out and the casts walk the mover's pieces; a concave mover could end inside a shape two of its parts started
# near): +507 / +540 (126,418 / 127,627); then one piece-pair contact for the step and the push out: 126,309 /
# 127,583. 127,700 until a step that cannot hold its pairs failed instead of trapping (issue 33 point 5: src/grow.rs,
# every buffer of the pairs grown through try_reserve, the published results replaced only once the room is had,
# the limit of pairs, the error messages): +2,144 / +1,885 (128,453 / 129,468).
WASM_GZIP_BUDGET="${SEPAX_WASM_GZIP_BUDGET:-129500}"

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
        printf '%s %s\n' "$have_wbg" "$(wasm-opt --version)"
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
    cp "$STAGING"/sepax_core.js "$STAGING"/sepax_core.d.ts "$STAGING"/sepax_core_bg.wasm \
        "$STAGING"/sepax_core_bg.wasm.d.ts "$next"/
    cp "$STAGING_SIMD"/sepax_core_bg.wasm "$next"/sepax_core_simd_bg.wasm
    cp -R "$TEMPLATE"/. "$next"/
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
                require: { types: "./index.d.cts", default: "./node.cjs" },
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
                require: { types: "./index.d.cts", default: "./node.cjs" },
                types: "./inline.d.ts",
                default: "./inline.js",
            },
            types: "./inline.d.ts",
            default: "./inline.js",
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
