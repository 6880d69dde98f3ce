#!/usr/bin/env bash
# Solve Yut Nori with K tokens a side (the first team's exact chance with
# best play; best play against a uniformly random player, moving first and
# second), then measure the perfect player: against itself (the measured
# first-team share must agree with the exact value), today's AI, greedy
# and random, PAIRS pairs of games each with 95% intervals; and the
# self-play test at 10^6 games (99.9% interval).
#
#   lab/yut-solve.sh K [PAIRS] [CAP]      (defaults 5000 pairs, cap 10)
#
# SELF_GAMES (default 10^6) sets the games of the perfect player against
# itself.
#
# Tables go to the user's data directory (never into git). Long: runs
# under nice -n 19; Ctrl-C stops it, and a new run resumes the solve.
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:?usage: lab/yut-solve.sh K [PAIRS] [CAP]}
pairs=${2:-5000}
cap=${3:-10}
data=${XDG_DATA_HOME:-$HOME/.local/share}/boardsh
cargo build --release --locked --bin boardsh
cargo build --release --locked -p boardsh-lab --bin yut_solve_match
nice -n 19 target/release/boardsh yut solve --tokens "$k" --cap "$cap"
nice -n 19 target/release/boardsh yut solve --tokens "$k" --cap "$cap" --vs-random
table="$data/yut-solve-k$k-cap$cap.bin"
nice -n 19 target/release/yut_solve_match "$k" "$table" "$pairs" 2026 "$cap" ai,greedy,random
self=${SELF_GAMES:-1000000}
nice -n 19 target/release/yut_solve_match "$k" "$table" $((self / 2)) 2027 "$cap" itself
