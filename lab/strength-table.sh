#!/usr/bin/env bash
# The engine strength table of docs/engine.md (issue 22, item 7): today's engine
# against the engine at the start of the engine work (commit cb54353, built
# in a worktree under target/) and against `--engine baseline`, at 0.1 s
# and 1 s a move, one thread each; then the time to each depth from the
# start and on the benchmark's eight middlegames.
#
#   lab/strength-table.sh [GAMES_FAST [GAMES_SLOW [CONCURRENCY]]]
#
# Defaults: 100 games at 0.1 s, 20 at 1 s, 2 games at once (each game's
# agents are one thread, so 2 fits a 2-core machine). Each match's output
# (W/D/L, Elo with its 95% interval, pairs, slowest answers) goes to
# target/strength/<stamp>/ beside the game records. The agents keep wall
# time: run it on an otherwise idle machine. Threads 1 against 2 is an
# SPRT of its own (docs/engine.md, "Threads").
set -euo pipefail
cd "$(dirname "$0")/.."

FAST=${1:-100}
SLOW=${2:-20}
CONC=${3:-2}
OLD=cb54353

cargo build --release --locked --quiet --bin boardsh
cargo build --release --locked --quiet -p boardsh-lab --bin bench_engine
if [ ! -x target/old-engine/target/release/boardsh ]; then
    git worktree add --detach target/old-engine "$OLD" 2>/dev/null || true
    (cd target/old-engine && cargo build --release --locked --quiet --bin boardsh)
fi
NEW="boardsh agent"
THEN="$PWD/target/old-engine/target/release/boardsh agent"
BASE="boardsh agent --engine baseline"
DIR=target/strength/$(date -u +%Y%m%dT%H%M%S)
mkdir -p "$DIR"
run() { # name games seconds seed B
    echo "== $1: $2 games at $3 s a move (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    target/release/boardsh match --games "$2" --time "$3" --seed "$4" \
        --concurrency "$CONC" --pgn "$DIR/$1/" "$NEW" "$5" |
        grep -v '^game ' | tee "$DIR/$1.txt"
}
run vs-$OLD-0.1s "$FAST" 0.1 21 "$THEN"
run vs-baseline-0.1s "$FAST" 0.1 22 "$BASE"
run vs-baseline-1s "$SLOW" 1 23 "$BASE"
run vs-$OLD-1s "$SLOW" 1 24 "$THEN"
echo "== time to depth, one thread"
target/release/bench_engine 10 | tee "$DIR/depths.txt"
echo "== results in $DIR"
