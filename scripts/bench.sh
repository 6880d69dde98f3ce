#!/usr/bin/env bash
# Benchmarks the release binary on inputs generated here (nothing fetched).
#
#   scripts/bench.sh            all measures
#   scripts/bench.sh --quick    smaller inputs, perft 5 only
#
# Reports: 200k FENs in problem format (time, FENs/s, ratio to `cat` writing
# the same output), a 1M-turn Yut command script with --quiet (turns/s, peak
# RSS), start-up of `boardsh -c fen` (median of 100 runs), perft 5 and 6.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
FENS=200000
TURNS=1000000
(( QUICK )) && FENS=20000 && TURNS=100000

cargo build --release --locked --quiet --bin boardsh --example gen_bench
BIN=target/release/boardsh
GEN=target/release/examples/gen_bench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Wall time of a command in seconds: the best of N runs (default 3).
best() {
    local n=$1; shift
    python3 - "$n" "$@" <<'PY'
import subprocess, sys, time
n = int(sys.argv[1]); cmd = sys.argv[2]
best = float("inf")
for _ in range(n):
    t = time.perf_counter()
    subprocess.run(cmd, shell=True, check=True)
    best = min(best, time.perf_counter() - t)
print(f"{best:.4f}")
PY
}

echo "== problem format: $FENS FENs"
"$GEN" fens "$FENS" > "$WORK/fens.in"
t_fen=$(best 5 "$BIN $WORK/fens.in > $WORK/fens.out")
bytes=$(stat -c %s "$WORK/fens.out")
t_cat=$(best 5 "cat $WORK/fens.out > $WORK/fens.copy")
python3 -c "
t, c, n, b = $t_fen, $t_cat, $FENS, $bytes
print(f'boardsh: {t*1000:.1f} ms, {n/t:,.0f} FENs/s, {b/1e6:.1f} MB out')
print(f'cat of the same output: {c*1000:.1f} ms; ratio {t/c:.1f}x (target <= 5x)')"

echo "== Yut command script: $TURNS turns, --quiet"
"$GEN" yut "$TURNS" > "$WORK/game.yut"
turns=$(grep -c '^move' "$WORK/game.yut")
t_yut=$(best 3 "$BIN --quiet $WORK/game.yut > $WORK/game.out")
rss=$( { /usr/bin/time -v "$BIN" --quiet "$WORK/game.yut" > /dev/null; } 2>&1 | awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print $2}')
python3 -c "
t, n, rss = $t_yut, $turns, ${rss:-0}
print(f'{n:,} turns in {t*1000:.1f} ms: {n/t/1e6:.1f} M turns/s (target >= 5 M); peak RSS {rss/1024:.1f} MB (target <= 32 MB)')"

echo "== start-up: boardsh -c fen, 100 runs"
python3 - "$BIN" <<'PY'
import statistics, subprocess, sys, time
runs = []
for _ in range(100):
    t = time.perf_counter()
    subprocess.run([sys.argv[1], "-c", "fen"], stdout=subprocess.DEVNULL, check=True)
    runs.append(time.perf_counter() - t)
print(f"median {statistics.median(runs)*1000:.2f} ms, min {min(runs)*1000:.2f} ms (target <= 3 ms; includes the spawn)")
PY

echo "== perft from the start position"
depths="5 6"
(( QUICK )) && depths="5"
for d in $depths; do
    t=$(best 1 "$BIN -c 'perft $d' > $WORK/perft.out")
    nodes=$(cat "$WORK/perft.out")
    python3 -c "
t, n = $t, $nodes
print(f'perft $d: {n:,} nodes in {t:.3f} s, {n/t/1e6:.1f} M nodes/s')"
done
