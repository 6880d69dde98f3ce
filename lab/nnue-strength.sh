#!/usr/bin/env bash
# Issue 40's measurements of a network (docs/nnue.md): the SPRT that keeps
# it, the fixed matches that give its Elo, and how its leads end.
#
#   lab/nnue-strength.sh NEW.nnue [OLD]            (OLD: off, or a net file)
#
# Steps (each into target/nnue/<stamp>/, game records beside the summary):
#  1. SPRT [0, 10] at 0.1 s a move, NEW against OLD (default `off`: the
#     hand-written evaluation), 2 games at once, one thread each;
#  2. a fixed match of PAIRS_FAST opening pairs at 0.1 s (default 1000),
#     and PAIRS_SLOW pairs at 1 s (default 200), resumable with --json;
#  3. `progress` over the records: leads of five pawns held for a reply,
#     how many were won, drawn (by repetition / at the ply limit) or lost.
# The agents keep wall time: run it on an otherwise idle machine, niced
# jobs aside. Environment: PAIRS_FAST, PAIRS_SLOW, SKIP_SPRT=1, STAMP.
set -euo pipefail
cd "$(dirname "$0")/.."

NEW=${1:?usage: lab/nnue-strength.sh NEW.nnue [OLD]}
OLD=${2:-off}
FAST=$(( ${PAIRS_FAST:-1000} * 2 ))
SLOW=$(( ${PAIRS_SLOW:-200} * 2 ))
cargo build --release --locked --quiet --bin boardsh
cargo build --release --locked --quiet -p boardsh-lab --bin progress
DIR=target/nnue/${STAMP:-$(date -u +%Y%m%dT%H%M%S)}
mkdir -p "$DIR"
A="boardsh agent --net $NEW"
B="boardsh agent --net $OLD"
echo "new: $NEW ($(md5sum <"$NEW" | cut -c1-12)), old: $OLD, commit $(git rev-parse --short HEAD)" | tee "$DIR/about.txt"
if [ -z "${SKIP_SPRT:-}" ]; then
    echo "== SPRT [0, 10] at 0.1 s a move (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    target/release/boardsh match --sprt elo0=0 elo1=10 --time 0.1 --seed 40 \
        --concurrency 2 --json "$DIR/sprt.json" --pgn "$DIR/sprt/" "$A" "$B" |
        grep -v '^game ' | tee "$DIR/sprt.txt"
fi
run() { # name games seconds seed
    echo "== $1: $2 games at $3 s a move (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    target/release/boardsh match --games "$2" --time "$3" --seed "$4" \
        --concurrency 2 --json "$DIR/$1.json" --pgn "$DIR/$1/" "$A" "$B" |
        grep -v '^game ' | tee "$DIR/$1.txt"
}
run fixed-0.1s "$FAST" 0.1 41
run fixed-1s "$SLOW" 1 42
echo "== leads of five pawns held for a reply, over every game above"
target/release/progress "$DIR"/*/ | tee "$DIR/progress.txt"
echo "== results in $DIR"
