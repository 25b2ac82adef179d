#!/usr/bin/env bash
# Builds the spieltisch binary and runs the adversarial checks of issue 20
# (scripts/adversarial.py: kills, races, fuzzing, mutated records, closed stderr, ...).
#   scripts/adversarial.sh              the full run (issue 20's counts)
#   scripts/adversarial.sh --quick      a short run
#   scripts/adversarial.sh --release    build and check the release binary (much faster)
# Other options go to adversarial.py (--only kills,fuzz  --seed N  --out DIR  --json FILE).
# Not part of CI (.ci/run): it produces the figures for the issue.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/spieltisch-target-platform}"
profile=debug
args=()
for a in "$@"; do
  if [ "$a" = "--release" ]; then profile=release; else args+=("$a"); fi
done
# Always the whole workspace: building the package alone rebuilds other features' dependencies.
if [ "$profile" = release ]; then
  cargo build --release --workspace --bins
else
  cargo build --workspace --bins
fi
exec python3 scripts/adversarial.py --bin "$CARGO_TARGET_DIR/$profile/spieltisch" ${args[@]+"${args[@]}"}
