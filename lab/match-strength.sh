#!/usr/bin/env bash
# Strength matches with `boardsh match` (release build, nice, bounded).
#
#   lab/match-strength.sh [GAMES [SECONDS [WALL_LIMIT [A [B]]]]]
#
# Defaults: 200 games at 0.1 s per move of the strongest engine (A) against
# the material-only fixed-depth-4 baseline (B), stopped after WALL_LIMIT
# seconds (default 3600): no game starts after that (`--max-seconds`) and
# the summary covers the games that ran. Each game's record goes to
# target/matches/<stamp>/ as a replayable boardsh script; the match's own
# output (every result, W/D/L, score, Elo with its 95% interval, and each
# agent's slowest answer against the limit) is printed and kept in
# target/matches/<stamp>/summary.txt.
#
# The agents measure wall time, so a loaded machine makes both weaker and
# the slowest-answer figure larger: say what else ran when quoting results.
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${1:-200}
SECONDS_PER_MOVE=${2:-0.1}
WALL=${3:-3600}
A=${4:-boardsh agent --engine strongest}
B=${5:-boardsh agent --engine baseline}

cargo build --release --locked --quiet --bin boardsh
DIR=target/matches/$(date -u +%Y%m%dT%H%M%S)-$GAMES-$SECONDS_PER_MOVE
mkdir -p "$DIR"
echo "== $GAMES games at $SECONDS_PER_MOVE s per move (wall limit $WALL s); load: $(cut -d' ' -f1-3 /proc/loadavg)"
nice -n 10 target/release/boardsh match --max-seconds "$WALL" \
    --games "$GAMES" --time "$SECONDS_PER_MOVE" --seed 1 --pgn "$DIR/" \
    "$A" "$B" | tee "$DIR/summary.txt"
echo "== records in $DIR"
