#!/usr/bin/env bash
# Builds the spieltisch binary and runs the adversarial checks of issue 20
# (scripts/adversarial.py: kills, races, fuzzing, mutated records, closed stderr, ...).
#   scripts/adversarial.sh              the full run (issue 20's counts) on the debug build
#   scripts/adversarial.sh --quick      a short run
#   scripts/adversarial.sh --fast       the debug profile with the workspace's own crates
#                                       optimised too (opt-level 2, debug assertions and
#                                       overflow checks kept), in a target dir of its own
#                                       seeded from the shared one: the full run in ~20 min
#   scripts/adversarial.sh --release    the release build
# Other options go to adversarial.py (--only kills,fuzz  --seed N  --out DIR  --json FILE).
# Not part of CI (.ci/run): it produces the figures for the issue.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/spieltisch-target-platform}"
profile=debug
args=()
for a in "$@"; do
  case "$a" in
    --release) profile=release ;;
    --fast) profile=fast ;;
    *) args+=("$a") ;;
  esac
done
# Always the whole workspace: building the package alone rebuilds other features' dependencies.
case "$profile" in
  release)
    cargo build --release --workspace --bins
    bin="$CARGO_TARGET_DIR/release/spieltisch" ;;
  fast)
    fast_dir="$CARGO_TARGET_DIR-adversarial"
    if [ ! -d "$fast_dir/debug/deps" ] && [ -d "$CARGO_TARGET_DIR/debug/deps" ]; then
      # The dependencies are built the same (they are opt-level 2 in dev already): reuse them.
      mkdir -p "$fast_dir/debug"
      cp -a "$CARGO_TARGET_DIR/debug/deps" "$CARGO_TARGET_DIR/debug/build" \
        "$CARGO_TARGET_DIR/debug/.fingerprint" "$fast_dir/debug/"
    fi
    CARGO_TARGET_DIR="$fast_dir" CARGO_PROFILE_DEV_OPT_LEVEL=2 cargo build --workspace --bins
    bin="$fast_dir/debug/spieltisch" ;;
  *)
    cargo build --workspace --bins
    bin="$CARGO_TARGET_DIR/debug/spieltisch" ;;
esac
exec python3 scripts/adversarial.py --bin "$bin" ${args[@]+"${args[@]}"}
