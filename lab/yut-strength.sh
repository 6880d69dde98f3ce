#!/usr/bin/env bash
# Measured strength of the Yut Nori computer player and the simulator's
# speed: random vs random (first-mover advantage), greedy vs random, the
# AI vs random and vs greedy, each over GAMES games with the first move
# alternated, win rates with 95% intervals, games/s of CPU time.
#
#   lab/yut-strength.sh [GAMES] [DEPTH] [SEED]    (defaults 10000 2 2026)
#
# Runs under nice: it is a long job on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p boardsh-lab --bin yut_strength
exec nice -n 10 target/release/yut_strength "$@"
