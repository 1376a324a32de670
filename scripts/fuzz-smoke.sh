#!/usr/bin/env bash
# A short run of each cargo-fuzz target in fuzz/ (not part of scripts/test.sh: CI time budget).
#
#   bash scripts/fuzz-smoke.sh            # 20 s per target
#   FUZZ_SECONDS=900 bash scripts/fuzz-smoke.sh world_ops
#
# Needs a nightly toolchain (libFuzzer's instrumentation flags) and cargo-fuzz; installs both when missing
# (rustup's toolchain download and crates.io are reachable). Runs at the lowest CPU priority. Without
# sanitizers (`-s none`): the crate forbids unsafe code, so ASan has nothing to add and costs a 2x slowdown;
# debug assertions (and with them overflow checks) stay on. Crashes land in fuzz/artifacts/<target>/; the
# corpus in fuzz/corpus/<target>/ grows across runs (both are git-ignored).
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT/fuzz"

SECONDS_PER_TARGET="${FUZZ_SECONDS:-20}"
TARGETS=("$@")
[ "${#TARGETS[@]}" -gt 0 ] || TARGETS=(world_ops shape_bytes restore)

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    echo "[fuzz-smoke] installing the nightly toolchain (minimal profile)"
    rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "[fuzz-smoke] installing cargo-fuzz"
    cargo install --locked cargo-fuzz
fi

status=0
for target in "${TARGETS[@]}"; do
    mkdir -p "corpus/${target}"
    echo "[fuzz-smoke] ${target}: ${SECONDS_PER_TARGET} s"
    log="$(mktemp)"
    if nice -n 19 cargo +nightly fuzz run -s none "$target" -- \
        -max_total_time="$SECONDS_PER_TARGET" -max_len=4096 -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
        # libFuzzer's final stats: number of executions.
        execs="$(grep -Eo 'stat::number_of_executed_units: [0-9]+' "$log" | grep -Eo '[0-9]+$' || echo '?')"
        echo "[fuzz-smoke] ${target}: ok, ${execs} executions"
    else
        status=1
        grep -A3 'panicked' "$log" | head -20 || true
        tail -5 "$log"
        echo "[fuzz-smoke] ${target}: CRASH (input saved under fuzz/artifacts/${target}/)"
    fi
    rm -f "$log"
done
exit "$status"
