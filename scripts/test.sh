#!/usr/bin/env bash
# sepax's whole test suite: `bash scripts/test.sh` (CI runs it through .ci/run).
#
# Installs what is missing (scripts/setup.sh), then runs every stage, in order, failing fast. No stage is ever
# skipped: a missing piece (no wasm-bindgen test file, no node test, no pkg/) is a failure, never a quiet pass.
# Output ends with one summary line per stage and then a plain `N passed, N failed` line that adds up every
# test count the stages printed (cargo's `test result:` lines, node --test's `# pass` / `# fail`).
#
# To add a stage: write a `stage_<name>` function below and add <name> to STAGES. Inside a stage, run commands
# through `run` so their output is logged for counting. A stage fails when it returns non-zero.
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}" # plain text keeps the `test result:` lines greppable
export CARGO_TERM_PROGRESS_WHEN=never

LOG_DIR="${SEPAX_ROOT}/target/test-logs"
mkdir -p "$LOG_DIR"

STAGES=(
    setup
    commits
    fmt
    js_fmt
    clippy_host
    clippy_wasm
    doc
    cargo_test
    threads_native
    wasm_node
    wasm_chrome
    wasm_firefox
    build_pkg
    js_tests
    js_tests_baseline
    js_tests_node22
    build_demo
    browser_tests
    api_docs
    examples
)
# For local iteration only: SEPAX_STAGES="fmt cargo_test" bash scripts/test.sh runs just those stages.
if [ -n "${SEPAX_STAGES:-}" ]; then
    read -r -a STAGES <<<"$SEPAX_STAGES"
fi

# ----------------------------------------------------------------------------------------------------------
# helpers

STAGE_LOG="" # log file of the stage being run; `run` appends every command's output to it

# Run a command, echoing it, with its output shown and appended to the stage log.
run() {
    printf '+ %s\n' "$*"
    "$@" 2>&1 | tee -a "$STAGE_LOG"
}

# Sum "test result: ok. N passed; M failed" lines of a log (cargo test, wasm-bindgen-test-runner).
# Prints "passed failed".
count_cargo() {
    awk '/test result: (ok|FAILED)\. [0-9]+ passed; [0-9]+ failed/ {
            for (i = 1; i <= NF; i++) {
                if ($i ~ /^passed;?$/) p += $(i - 1)
                if ($i ~ /^failed;?$/) f += $(i - 1)
            }
         } END { print p + 0, f + 0 }' "$1"
}

# Sum node --test totals, TAP reporter (`# pass N`) or spec reporter (`ℹ pass N`). Prints "passed failed".
count_node() {
    awk '/^(# |ℹ )pass [0-9]+$/ { p += $NF } /^(# |ℹ )fail [0-9]+$/ { f += $NF } END { print p + 0, f + 0 }' "$1"
}

# wasm-pack test exits 0 even when every test file was skipped (browser-only files under --node, non-browser files
# under --chrome without WASM_BINDGEN_USE_BROWSER=1): docs/toolchain.md#wasm-test-skips. Demand a positive count.
require_tests_ran() {
    local what="$1" passed failed
    read -r passed failed < <(count_cargo "$STAGE_LOG")
    if [ "$failed" -gt 0 ]; then
        echo "!! ${what}: ${failed} test(s) failed" >&2
        return 1
    fi
    if [ "$passed" -eq 0 ]; then
        echo "!! ${what}: exit code 0 but no test passed (no 'test result: ok. N passed' with N > 0);" \
            "see docs/toolchain.md#wasm-test-skips" >&2
        return 1
    fi
}

# Does a folder hold test files that node --test picks up from a directory argument (Node 20's patterns)?
has_node_tests() {
    [ -n "$(find "$1" -type f \( -name '*.test.[cm]js' -o -name '*.test.js' \
        -o -name '*-test.[cm]js' -o -name '*-test.js' -o -name '*_test.[cm]js' -o -name '*_test.js' \
        -o -name 'test-*.[cm]js' -o -name 'test-*.js' -o -name 'test.[cm]js' -o -name 'test.js' \) \
        -not -path '*/node_modules/*' -print -quit)" ]
}

# ----------------------------------------------------------------------------------------------------------
# stages

# The free disk first: a full run needs about 3 GB in target/ (more with incremental caches), and a full disk
# shows up later as a compiler crash.
stage_setup() {
    run df -h "$SEPAX_ROOT"
    run bash scripts/setup.sh
}

# Commit messages since the rule began: subjects of at most 72 characters, imperative, the why in the body.
stage_commits() { run bash scripts/check-commits.sh; }

stage_fmt() { run cargo fmt --all --check -- --color never; }

# Every JS, TS, JSON, HTML and CSS file the repository owns is as prettier (tools/, pinned) writes it, with
# .prettierrc's settings; .prettierignore lists what is generated or vendored. Fix with `prettier --write .`
# after `. scripts/env.sh`.
stage_js_fmt() { run prettier --check .; }

stage_clippy_host() { run cargo clippy --all-targets -- -D warnings; }

stage_clippy_wasm() {
    local args tests
    args="$(wasm_test_args)" # the wasm-bindgen test files (defined below); fails when there are none
    mapfile -t tests <<<"$args"
    run cargo clippy --target wasm32-unknown-unknown --lib "${tests[@]}" -- -D warnings
    # The simd128 build compiles other kernels (cfg target_feature): lint those too.
    run env "${SEPAX_SIMD128_ENV[@]}" cargo clippy --target wasm32-unknown-unknown --lib "${tests[@]}" -- -D warnings
}

# House style: the API docs build with warnings denied (broken intra-doc links fail).
stage_doc() { run env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps; }

stage_cargo_test() { run cargo test; }

# The `threads` feature (the threaded step, src/world/threads.rs), which the stages above leave out: its lints on the
# host and on wasm32 (rustup's wasm32 std without atomics is enough to lint it; the package's threaded build itself is
# scripts/build-pkg.sh's), its docs, and tests/threads.rs (the determinism sequence and twin worlds on 1, 2 and 4
# threads against the single-threaded step). The threaded build's own tests run with the package suites
# (tests/js/threads.test.mjs, tests/browser/threads.test.mjs).
stage_threads_native() {
    run cargo clippy --all-targets --features threads -- -D warnings
    run cargo clippy --target wasm32-unknown-unknown --lib --features threads -- -D warnings
    run env RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --features threads
    run cargo test --features threads --test threads
    require_tests_ran "cargo test --features threads"
}

# The wasm-bindgen tests are tests/wasm_*.rs: prints `--test NAME` for each file, for clippy_wasm to lint exactly
# these (the other test targets are host-only).
wasm_test_args() {
    local files=(tests/wasm_*.rs) f
    [ -f "${files[0]}" ] || { echo "!! no tests/wasm_*.rs: the wasm-bindgen tests are missing" >&2; return 1; }
    for f in "${files[@]}"; do printf -- '--test\n%s\n' "$(basename "$f" .rs)"; done
}

# The issue's own words: the wasm-bindgen suites run by `wasm-pack test --node` and by
# `wasm-pack test --headless --chrome` (or `--firefox`), exactly as a user of the crate would run them. Every
# tests/*.rs target is built for wasm32, so host-only test files put their
# `#![cfg(not(target_arch = "wasm32"))]` after their `//!` docs (missing_docs is denied). `-- --nocapture` shows
# what the tests log: the determinism test's hash, once per engine and build.
run_wasm_tests() {
    local where="$1"
    shift
    if [ "$where" = node ]; then
        run env "$@" wasm-pack test --node -- -- --nocapture
    else
        run env "$@" wasm-pack test --headless "--${where}" -- -- --nocapture
    fi
}

stage_wasm_node() {
    run_wasm_tests node
    # Again for the package's simd128 build (SEPAX_SIMD128_ENV in scripts/env.sh), whose kernels differ.
    run_wasm_tests node "${SEPAX_SIMD128_ENV[@]}"
    require_tests_ran "wasm-bindgen tests in Node"
}

stage_wasm_chrome() {
    # WASM_BINDGEN_USE_BROWSER=1 runs every file in the browser, also those without
    # wasm_bindgen_test_configure!(run_in_browser) (docs/toolchain.md#wasm-test-skips). wasm-pack finds Debian's
    # /usr/bin/chromedriver on PATH (docs/toolchain.md#chromedriver).
    run_wasm_tests chrome WASM_BINDGEN_USE_BROWSER=1
    run_wasm_tests chrome WASM_BINDGEN_USE_BROWSER=1 "${SEPAX_SIMD128_ENV[@]}"
    require_tests_ran "wasm-bindgen tests in headless Chrome"
}

# The same suites in headless Firefox (Debian's firefox-esr), baseline and simd128 builds: the determinism test
# must give the same hash in a third engine. wasm-pack finds the geckodriver that scripts/setup.sh built on PATH
# (docs/toolchain.md#geckodriver).
stage_wasm_firefox() {
    run_wasm_tests firefox WASM_BINDGEN_USE_BROWSER=1
    run_wasm_tests firefox WASM_BINDGEN_USE_BROWSER=1 "${SEPAX_SIMD128_ENV[@]}"
    require_tests_ran "wasm-bindgen tests in headless Firefox"
}

# Also the size budget: build-pkg.sh fails when the .wasm is over WASM_GZIP_BUDGET bytes gzipped.
stage_build_pkg() { run bash scripts/build-pkg.sh; }

# node --test run over a folder. A folder where node finds no test file is an error (most likely misnamed tests),
# and so is a run that reports no test.
node_test_dir() {
    local dir="$1" passed failed
    if ! has_node_tests "$dir"; then
        echo "!! ${dir} holds no file that node --test runs (*.test.js, *.test.mjs, test-*.js, ...)" >&2
        return 1
    fi
    run node --test "$dir"
    read -r passed failed < <(count_node "$STAGE_LOG")
    if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
        echo "!! node --test ${dir}: no test ran" >&2
        return 1
    fi
}

stage_js_tests() { node_test_dir tests/js/; }

# The same package suites against the no-SIMD build, the one init() loads in engines without wasm SIMD: Node 20 has
# SIMD, so fixtures/without-simd.mjs is preloaded (NODE_OPTIONS reaches the test runner's child processes too) to
# make the package's probe fail. basics.test.mjs checks that the build loaded is the one SEPAX_EXPECT_BUILD names.
# builds.test.mjs (the choice itself) and pack.test.mjs (the tarball) have nothing more to say without SIMD.
stage_js_tests_baseline() {
    local suites=(basics determinism garbage hostile mover soak views) files=() name passed failed
    for name in "${suites[@]}"; do files+=("tests/js/${name}.test.mjs"); done
    run env NODE_OPTIONS="--import=${SEPAX_ROOT}/tests/js/fixtures/without-simd.mjs" SEPAX_EXPECT_BUILD=baseline \
        node --test "${files[@]}"
    read -r passed failed < <(count_node "$STAGE_LOG")
    [ "$passed" -gt 0 ] || { echo "!! js_tests_baseline: no test ran" >&2; return 1; }
}

# The package suites again under Node 22 (tools/node22, from scripts/setup.sh): the package supports Node 20 and 22
# (package.json engines), and both must load it, pick the SIMD build and give the same answers.
stage_js_tests_node22() {
    local passed failed
    "$SEPAX_NODE22" --version | grep -q '^v22\.' || { echo "!! ${SEPAX_NODE22} is not Node 22" >&2; return 1; }
    # Node 22 takes files or globs, not a folder, after --test.
    run "$SEPAX_NODE22" --test tests/js/*.test.mjs
    read -r passed failed < <(count_node "$STAGE_LOG")
    [ "$passed" -gt 0 ] || { echo "!! js_tests_node22: no test ran" >&2; return 1; }
}

# The API reference (TypeDoc over pkg/index.d.ts into target/api/): fails on a TypeDoc warning or a public function or
# World member without an @example.
stage_api_docs() { run bash scripts/api-docs.sh; }

# The sprites demo (www/), built against pkg/ as a user would install it; tests/browser/demo.test.mjs loads it.
stage_build_demo() { run bash scripts/build-demo.sh; }

stage_browser_tests() { node_test_dir tests/browser/; }

# The consumer matrix (examples/): the packed tarball in one minimal project per tool (Vite 5-8 dev and build,
# webpack 5, Rollup 4, esbuild esm and iife, a plain module script, a module worker, Node ESM and CommonJS), each
# built its standard way and loaded in headless Chromium. Installs each project's tools only when its package.json
# changed (npm's shared cache, three at a time); examples/matrix.test.mjs says more.
stage_examples() { node_test_dir examples/; }

# ----------------------------------------------------------------------------------------------------------
# runner

declare -A RESULT=()
TOTAL_PASSED=0
TOTAL_FAILED=0

print_summary() {
    local name
    echo
    echo "==================== summary ===================="
    for name in "${STAGES[@]}"; do
        printf '  %-17s %s\n' "$name" "${RESULT[$name]:-not run}"
    done
    echo "================================================="
    # The plain closing line CI reads (docs/toolchain.md#ci): "N passed, N failed" alone on the last line.
    echo "${TOTAL_PASSED} passed, ${TOTAL_FAILED} failed"
}

i=0
for name in "${STAGES[@]}"; do
    i=$((i + 1))
    STAGE_LOG="${LOG_DIR}/${i}-${name}.log"
    : >"$STAGE_LOG"
    echo
    echo "==================== [${i}/${#STAGES[@]}] ${name} ===================="
    start=$SECONDS
    # Not `stage || status=$?`: bash ignores `set -e` inside anything run on the left of || (even in a
    # subshell), so a failing command in the middle of a stage would go unnoticed.
    set +e
    (
        set -e
        declare -F "stage_${name}" >/dev/null || { echo "!! unknown stage '${name}'" >&2; exit 2; }
        "stage_${name}"
    )
    status=$?
    set -e
    took=$((SECONDS - start))

    # Count whatever tests the stage printed (cargo and node formats never overlap).
    read -r cp cf < <(count_cargo "$STAGE_LOG")
    read -r np nf < <(count_node "$STAGE_LOG")
    passed=$((cp + np))
    failed=$((cf + nf))
    # A stage that failed without a countable test failure (fmt, clippy, a compile error) counts as one failure,
    # so the closing line never says "0 failed" for a red run.
    if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
    TOTAL_PASSED=$((TOTAL_PASSED + passed))
    TOTAL_FAILED=$((TOTAL_FAILED + failed))
    counts=""
    if [ $((passed + failed)) -gt 0 ]; then counts=", ${passed} passed, ${failed} failed"; fi

    if [ "$status" -ne 0 ]; then
        RESULT[$name]="FAILED (exit ${status}, ${took}s${counts}; log ${STAGE_LOG#"${SEPAX_ROOT}"/})"
        echo "!! stage ${name} FAILED (exit ${status})" >&2
        print_summary
        exit 1
    fi
    RESULT[$name]="ok (${took}s${counts})"
done

if [ "$TOTAL_PASSED" -eq 0 ]; then
    # A run that executes no test does not count as green for CI (docs/toolchain.md#ci).
    echo "!! every stage passed, but no test ran" >&2
    print_summary
    exit 1
fi
print_summary
