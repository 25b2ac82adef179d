#!/usr/bin/env bash
# The project's test command: every test of the workspace, on one build graph.
#
#   scripts/test.sh            build every target once, run all tests on SQLite, then
#                              the storage and command-layer tests once more on a
#                              throwaway PostgreSQL
#
# One `cargo test --workspace` graph is built once (benchmarks and examples included, so
# they keep compiling); the PostgreSQL pass runs the very same test binaries again with
# SPIELTISCH_TEST_POSTGRES set, so nothing is compiled twice (the registry's sixth game,
# Nim, is in `rules`' own unit tests: no feature, no second build).
#
# It installs what the tests need when missing (Synapse from PyPI into ~/.cache, Debian's
# Chromium and PostgreSQL with apt-get). Settings (environment):
#   CARGO_TARGET_DIR   where cargo builds [~/.cache/spieltisch-target]
#   SPIELTISCH_TIMINGS set to 1 to write cargo's build timings (cargo-timing.html) into
#                      the target directory
# Each step prints its duration (`[test.sh] … took N s`).
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/spieltisch-target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

step_started=$SECONDS
step() {
  echo "[test.sh] $1 took $((SECONDS - step_started)) s" >&2
  step_started=$SECONDS
}

if ! command -v cargo >/dev/null 2>&1; then
  echo "[test.sh] cargo is missing: install a Rust toolchain (rustup) first" >&2
  exit 1
fi

# The Matrix tests run against a real Synapse from PyPI (a cached venv under ~/.cache);
# installing it first makes a missing PyPI fail the run loudly instead of mid-test.
bash scripts/synapse.sh install
# The web page's browser test drives Debian's Chromium.
bash scripts/chromium.sh install >/dev/null
# The PostgreSQL pass runs on a throwaway server from Debian's packages, stopped and
# deleted whatever happens.
bash scripts/postgres.sh install
export POSTGRES_DATA="${TMPDIR:-/tmp}/spieltisch-test-postgres-$$"
trap 'bash scripts/postgres.sh reset >/dev/null 2>&1 || true' EXIT
step "installing the services"

timings=()
if [[ "${SPIELTISCH_TIMINGS:-}" == 1 ]]; then timings=(--timings); fi
# 1. Build every target of the workspace once: libraries, binaries, tests, benchmarks,
#    examples. The list of test binaries is kept for the PostgreSQL pass.
binaries="$CARGO_TARGET_DIR/spieltisch-test-binaries.json"
mkdir -p "$CARGO_TARGET_DIR"
# A fresh file, not the old one overwritten: a target directory copied with hard links
# (`cp -al`, one per worktree) would share the old one and its list with the others.
rm -f "$binaries"
cargo test --workspace --all-targets --no-run "${timings[@]}" --message-format=json-render-diagnostics >"$binaries"
step "building the workspace"

# 2. Every test on SQLite, and the examples in the docs (the same graph: nothing is
#    built here; a plain `cargo test` would build the examples once more, as programs
#    rather than in test mode).
cargo test --workspace --no-fail-fast --lib --bins --tests
cargo test --workspace --no-fail-fast --doc
step "the tests on SQLite"

# 3. The storage and command-layer tests once more, on PostgreSQL: the test binaries of
#    `commands` and the script test of the root package, run directly (no build).
postgres_url=$(bash scripts/postgres.sh start | sed -n 's/^POSTGRES_URL=//p')
export SPIELTISCH_TEST_POSTGRES="$postgres_url"
mapfile -t commands_tests < <(python3 scripts/test_binaries.py "$binaries" commands)
root_it=$(python3 scripts/test_binaries.py "$binaries" spieltisch it)
if [[ ${#commands_tests[@]} -eq 0 || -z "$root_it" ]]; then
  echo "[test.sh] the test binaries are missing from $binaries" >&2
  exit 1
fi
for binary in "${commands_tests[@]}"; do
  echo "[test.sh] on PostgreSQL: $(basename "$binary")" >&2
  (cd commands && "$binary" --include-ignored)
done
# The root package's PostgreSQL tests: the script's, and the tournament killed with SIGKILL.
"$root_it" --include-ignored postgres_script tournament_kills
step "the PostgreSQL pass"
