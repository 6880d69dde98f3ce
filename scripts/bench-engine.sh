#!/usr/bin/env bash
# Engine speed on one core: time, nodes and nodes/s to each depth from the
# start position and 8 middlegame positions (examples/bench_engine.rs).
#
#   scripts/bench-engine.sh            depths 1..10
#   scripts/bench-engine.sh 8          depths 1..8
#
# Not part of `cargo test`: wall-time figures depend on the machine and its
# load; compare node counts (fixed at a fixed depth) across changes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet --example bench_engine
exec target/release/examples/bench_engine "${1:-10}"
