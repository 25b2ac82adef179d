#!/usr/bin/env bash
# Renderer benchmarks: for each game the median time (criterion) and the PNG size of the
# board mid-game and finished, the hand (Carat, Artifakes), and the floor: a bare PNG
# encode of the mid-game board's pixels (8-bit RGB, png crate fdeflate, Up filter).
#
#   scripts/bench-render.sh [game ...]      (default: all five games)
#
# Then the same positions in CPU time of the rendering thread (examples/bench_cpu.rs),
# which a machine busy with other builds inflates far less than wall time.
# SKIP_RUN=1 prints the wall-time table of the last run again (and skips the CPU run).
# Uses CARGO_TARGET_DIR if set (criterion writes its estimates under it).
set -euo pipefail
cd "$(dirname "$0")/.."
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(carat aratoth hathor artifakes helofag)
target=${CARGO_TARGET_DIR:-target}
log=$target/bench-render.log
[ -n "${SKIP_RUN:-}" ] || : >"$log"
for game in "${games[@]}"; do
    [ -n "${SKIP_RUN:-}" ] && break
    cargo bench -q -p render --bench "$game" -- --noplot >>"$log" 2>&1 || { cat "$log"; exit 1; }
done
printf '%-10s %-12s %10s %10s  %s\n' game what "median ms" "PNG KB" size
for game in "${games[@]}"; do
    for what in board-mid board-final hand floor-mid; do
        est="$target/criterion/${game}_$what/new/estimates.json"
        line=$(grep "^size $game/$what " "$log" | tail -1 || true)
        [ -f "$est" ] && [ -n "$line" ] || continue
        median=$(jq '.median.point_estimate / 1e6' "$est")
        read -r _ _ bytes dims <<<"$line"
        printf '%-10s %-12s %10.2f %10.1f  %s\n' "$game" "$what" "$median" "$(echo "$bytes / 1000" | bc -l)" "$dims"
    done
done
[ -n "${SKIP_RUN:-}" ] && exit 0
echo
cargo run -q --release -p render --example bench_cpu -- "${games[@]}"
