#!/usr/bin/env bash
# Build the demo pages (www/: the sprites demo index.html, the play demo play.html) into www/dist/, against the
# package already built in pkg/ (scripts/build-pkg.sh).
#
#   bash scripts/build-demo.sh
#
# The demo consumes sepax exactly as a user would: pkg/ is packed with `npm pack` (so the package.json "files"
# list and "exports" are what gets tested) and that tarball is installed into www/node_modules by name. Then
# `tsc` type-checks www/ against the installed .d.ts, esbuild bundles it, and the package's two .wasm builds are
# copied next to the bundle: esbuild leaves `new URL("x_bg.wasm", import.meta.url)` alone
# (docs/toolchain.md#esbuild-wasm-url).
# Used by scripts/demo.sh and by the build_demo stage of scripts/test.sh. Takes a few seconds.
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

die() { printf '[build-demo] ERROR: %s\n' "$*" >&2; exit 1; }

[ -f pkg/package.json ] || die "pkg/ is not built: run bash scripts/build-pkg.sh first"
command -v esbuild >/dev/null || die "esbuild not on PATH: run bash scripts/setup.sh"
command -v tsc >/dev/null || die "tsc not on PATH: run bash scripts/setup.sh"

# 1. Pack and install. The tarball gets a fixed name because www/package.json points at it.
PACK_DIR="target/demo"
mkdir -p "$PACK_DIR"
rm -f "$PACK_DIR"/*.tgz
packed="$(npm pack ./pkg --pack-destination "$PACK_DIR" --silent --loglevel=error | tail -n 1)"
mv "$PACK_DIR/$packed" "$PACK_DIR/sepax.tgz"
# A fresh node_modules each time: npm would otherwise keep a stale copy of a same-version tarball.
rm -rf www/node_modules
(cd www && npm install --no-audit --no-fund --package-lock=false --loglevel=error)
[ -f www/node_modules/sepax/package.json ] || die "npm did not install sepax into www/node_modules"
echo "[build-demo] installed $(node -p 'const p = require("./www/node_modules/sepax/package.json"); `${p.name}@${p.version}`') from ${PACK_DIR}/sepax.tgz"

# 2. Type-check (strict; tsconfig has noEmit).
tsc -p www
echo "[build-demo] tsc -p www: ok"

# 3. Bundle and copy the static files and the .wasm of the installed package.
rm -rf www/dist
mkdir -p www/dist
# Two pages: the sprites demo (index.html, main.js) and the play demo (play.html, play.js), one bundle each.
esbuild www/src/main.ts www/src/play.ts --bundle --format=esm --target=es2022 --minify --sourcemap \
    --outdir=www/dist --log-level=warning
# The play page's level, a Tiled map fetched next to the page (www/make-level.mjs writes it).
cp www/index.html www/play.html www/style.css www/level.tmj www/dist/
shopt -s nullglob
# The demo imports "sepax": its two single-threaded builds (not sepax/threads' sepax_core_threads_bg.wasm).
wasm=(www/node_modules/sepax/sepax_core_bg.wasm www/node_modules/sepax/sepax_core_simd_bg.wasm)
for w in "${wasm[@]}"; do
    [ -f "$w" ] || die "expected ${w} (the baseline and simd128 builds) in the installed package"
done
cp "${wasm[@]}" www/dist/
printf '[build-demo] www/dist: main.js %d bytes, play.js %d bytes, %s\n' "$(wc -c <www/dist/main.js)" \
    "$(wc -c <www/dist/play.js)" \
    "$(for w in "${wasm[@]}"; do printf '%s %d bytes; ' "$(basename "$w")" "$(wc -c <"$w")"; done)"
