#!/usr/bin/env bash
# The renderer before and after, measured in one run (README "Benchmarks", issue 15).
#
#   scripts/bench-render-compare.sh [OLD_COMMIT] [ROUNDS]     (defaults: 134d46c, 5)
#
# Builds today's render/examples/bench_cpu.rs and its benchmark positions against the
# old commit (in a worktree of its own, with its own target dir), then runs the old and
# the new binary alternately ROUNDS times and prints per game and image the median over
# the rounds of each run's median CPU ms (the rendering thread's CPU time), the speed-up
# and the PNG sizes. Alternating keeps a shared machine's load alike for both.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:-134d46c}
rounds=${2:-5}
target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
work=$(mktemp -d)
git worktree add -q --detach "$work/old" "$old"
trap 'git worktree remove --force "$work/old"; rm -rf "$work"' EXIT
mkdir -p "$work/old/render/benches/support" "$work/old/render/examples"
cp render/benches/support/mod.rs "$work/old/render/benches/support/"
cp render/examples/bench_cpu.rs "$work/old/render/examples/"
# Older commits lack the measuring crates among the renderer's dev-dependencies.
for dep in 'cpu-time = "1"' 'png = "0.18"'; do
    grep -q "^${dep%% *}" "$work/old/render/Cargo.toml" ||
        sed -i "s/^\[dev-dependencies\]\$/[dev-dependencies]\n$dep/" "$work/old/render/Cargo.toml"
done
(cd "$work/old" && CARGO_TARGET_DIR="$target-bench-old" cargo build -q --release -p render --example bench_cpu)
cargo build -q --release -p render --example bench_cpu
cp "$target-bench-old/release/examples/bench_cpu" "$work/old-bench"
cp "$target/release/examples/bench_cpu" "$work/new-bench"
for _ in $(seq "$rounds"); do
    "$work/old-bench" | tail -n +2 | sed 's/^/old /'
    "$work/new-bench" | tail -n +2 | sed 's/^/new /'
done >"$work/runs"
# Median per side, game and image (lines: side game what cpu wall kb).
sort -k2,2 -k3,3 -k1,1 -k4,4n "$work/runs" | awk '
    { key = $2 " " $3; side = $1; v[key, side, ++n[key, side]] = $4; kb[key, side] = $6
      if (!(key in seen)) { seen[key] = 1; order[++keys] = key } }
    function median(key, side,   c) { c = n[key, side]; return (c % 2) ? v[key, side, (c + 1) / 2] : (v[key, side, c / 2] + v[key, side, c / 2 + 1]) / 2 }
    END {
        printf "%-10s %-12s %8s %8s %7s %7s %7s\n", "game", "what", "old ms", "new ms", "x", "old KB", "new KB"
        for (i = 1; i <= keys; i++) {
            k = order[i]; split(k, p, " "); o = median(k, "old"); m = median(k, "new")
            printf "%-10s %-12s %8.2f %8.2f %7.1f %7.1f %7.1f\n", p[1], p[2], o, m, o / m, kb[k, "old"], kb[k, "new"]
        }
    }'
