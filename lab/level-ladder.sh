#!/bin/sh
# The Congo level ladder (`set level N`): each level against the next and
# level 1 against the safe player (never leaves a piece en prise), played
# in-process; prints a Markdown table (Elo of the stronger side, 95%
# interval). Not run in CI: it takes minutes (the higher pairs most; the
# top level, full strength, searches LADDER_FULL_NODES nodes a move, default
# 200000, on one thread).
#
#   lab/level-ladder.sh [games] [max_plies] [seed] [pairs]
#   lab/level-ladder.sh 200 200 1 1-2,2-3,11-12,safe
#   lab/level-ladder.sh --net off 200 200 1     (the hand-written evaluation;
#                                                default: the built-in network)
#
# Runs at the lowest priority, bounded by LADDER_TIMEOUT (default 3600 s).
set -eu
cd "$(dirname "$0")/.."
cargo build --release --locked -p boardsh-lab --bin ladder >&2
exec nice -n 19 timeout "${LADDER_TIMEOUT:-3600}" \
    target/release/ladder "$@"
