#!/usr/bin/env bash
# sepax vs its peers on the standard workload (defined in bench/workload.mjs), plus the same workload natively.
#
#   bash scripts/bench.sh                                   # everything: ~15-20 min on 2 cores
#   BENCH_N="1000 5000" BENCH_LIBS=sepax,rapier-simd bash scripts/bench.sh   # a quick run
#
# Environment (all optional):
#   BENCH_N       sizes, default "1000 5000 20000 100000" (also used by the native bench)
#   BENCH_LIBS    comma-separated subset of sepax, sepax-setTransforms, sepax-baseline, rapier-simd, rapier, sat-rbush, matter,
#                 detect-collisions (default: all)
#   BENCH_FRAMES  "warm/measured" frames for every N (default depends on N, see bench/run.mjs)
#   BENCH_NATIVE  0 skips the native criterion bench (benches/workload.rs)
#
# Writes bench/results.md (tables), bench/results.json, bench/chart.svg, and bench/native.txt.
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

bash scripts/setup.sh
bash scripts/build-pkg.sh

# The peers live in bench/'s own package.json (never in the package or tools/). `npm ci` only when needed.
stamp="bench/node_modules/.sepax-npm-ci.stamp"
if [ -d bench/node_modules ] && [ -f "$stamp" ] && ! [ bench/package-lock.json -nt "$stamp" ]; then
    echo "[bench] bench/node_modules present"
else
    echo "[bench] npm ci in bench/"
    (cd bench && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
fi

node bench/workload.mjs
node --expose-gc bench/run.mjs

if [ "${BENCH_NATIVE:-1}" != "0" ]; then
    echo "[bench] native: cargo bench --bench workload"
    cargo bench --bench workload 2>&1 | tee bench/native.txt
    node bench/native-table.mjs bench/native.txt bench/results.json bench/results.md
fi
echo "[bench] wrote bench/results.md, bench/results.json, bench/chart.svg"
