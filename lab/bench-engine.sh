#!/usr/bin/env bash
# Engine speed on one core: time, nodes and nodes/s to each depth from the
# start position and 8 middlegame positions (lab/src/bin/bench_engine.rs).
#
#   lab/bench-engine.sh            depths 1..10
#   lab/bench-engine.sh 8          depths 1..8
#
# Not part of `cargo test`: wall-time figures depend on the machine and its
# load; compare node counts (fixed at a fixed depth) across changes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet -p boardsh-lab --bin bench_engine
exec target/release/bench_engine "${1:-10}"
