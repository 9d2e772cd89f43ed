#!/usr/bin/env bash
# setup.sh: installs what gpurace needs, then builds and tries it, or tests it.
#
#   ./setup.sh          build gpurace and run it on examples/
#   ./setup.sh --test   run the test suite, release build (what CI runs)
#
# Both install clang-19 and the z3 headers with apt-get when they are missing
# (through sudo when not root), and build and install the Bitwuzla SMT solver
# under /usr/local when pkg-config does not find it (tools/install-bitwuzla:
# from the sources of the bitwuzla-sys crate, one to four minutes on 2 cores);
# --test also installs chromium, for the browser test of the HTML report.
# Rust itself is not installed: gpurace needs cargo 1.87 or newer, from
# https://rustup.rs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

mode=run
case "${1:-}" in
    "") ;;
    --test) mode=test ;;
    -h | --help)
        sed -n '2,13s/^# \{0,1\}//p' "$0"
        exit 0
        ;;
    *)
        echo "setup.sh: unknown argument \`$1\` (try --help)" >&2
        exit 2
        ;;
esac

# gpurace runs the newest clang it finds; 19 is the oldest one it is tested with.
have_clang() {
    local v
    for v in 22 21 20 19; do
        command -v "clang-$v" > /dev/null && return 0
    done
    return 1
}

missing=()
have_clang || missing+=(clang-19)
[ -f /usr/include/z3.h ] || missing+=(libz3-dev)
if [ "$mode" = test ] && ! command -v chromium > /dev/null; then
    missing+=(chromium)
fi
if [ ${#missing[@]} -gt 0 ]; then
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "setup.sh: installing ${missing[*]}"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

if ! command -v cargo > /dev/null; then
    echo "setup.sh: cargo not found; install Rust 1.87 or newer from https://rustup.rs" >&2
    exit 2
fi

recipe=$(tools/install-bitwuzla --recipe)
installed=$(cat "$(pkg-config --variable=prefix bitwuzla 2> /dev/null || echo /usr/local)/share/gpurace/bitwuzla.recipe" 2> /dev/null || true)
if ! pkg-config --exists 'bitwuzla >= 0.8' 2> /dev/null || [ "$installed" != "$recipe" ]; then
    echo "setup.sh: building and installing the Bitwuzla SMT solver (tools/install-bitwuzla)"
    tools/install-bitwuzla
fi

if [ "$mode" = test ]; then
    # Release: the end-to-end tests run the analysis hundreds of times, and an
    # unoptimised build runs it several times slower (over CI's 90 minutes).
    exec cargo test --release --workspace
fi

cargo build --release
echo
echo "$ target/release/gpurace check examples/"
status=0
target/release/gpurace check examples/ || status=$?
echo
case "$status" in
    0) echo "exit code 0: no race found" ;;
    1) echo "exit code 1: races found (examples/reduce_missing_sync.cu and smooth_in_place.cu are racy on purpose)" ;;
    *)
        echo "exit code $status: gpurace could not finish" >&2
        exit "$status"
        ;;
esac
echo "gpurace is built: target/release/gpurace check FILE.cu"
