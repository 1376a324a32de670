#!/usr/bin/env bash
# sepax vs its peers on the standard workload (defined in bench-js/workload.mjs), plus the same workload natively.
#
#   bash scripts/bench.sh                                   # everything: ~15-20 min on 2 cores
#   BENCH_N="1000 5000" BENCH_LIBS=sepax,rapier-simd bash scripts/bench.sh   # a quick run
#
# Environment (all optional):
#   BENCH_N       sizes, default "1000 5000 20000 100000" (also used by the native bench)
#   BENCH_LIBS    comma-separated subset of sepax, sepax-setTransforms, sepax-baseline, rapier-simd, rapier, rapier-simd-kinematic, sat-rbush, matter,
#                 detect-collisions (default: all)
#   BENCH_FRAMES  "warm/measured" frames for every N (default depends on N, see bench-js/run.mjs)
#   BENCH_NATIVE  0 skips the native criterion bench (benches/workload.rs)
#
# Writes bench-js/results.md (tables), bench-js/results.json, bench-js/chart.svg, and bench-js/native.txt.
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

bash scripts/setup.sh
bash scripts/build-pkg.sh

# The peers live in bench-js/'s own package.json (never in the package or tools/). `npm ci` only when needed.
stamp="bench-js/node_modules/.sepax-npm-ci.stamp"
if [ -d bench-js/node_modules ] && [ -f "$stamp" ] && ! [ bench-js/package-lock.json -nt "$stamp" ]; then
    echo "[bench] bench-js/node_modules present"
else
    echo "[bench] npm ci in bench-js/"
    (cd bench-js && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
fi

node bench-js/workload.mjs
node --expose-gc bench-js/run.mjs

if [ "${BENCH_NATIVE:-1}" != "0" ]; then
    echo "[bench] native: cargo bench --bench workload"
    cargo bench --bench workload 2>&1 | tee bench-js/native.txt
    node bench-js/native-table.mjs bench-js/native.txt bench-js/results.json bench-js/results.md
fi
echo "[bench] wrote bench-js/results.md, bench-js/results.json, bench-js/chart.svg"
