#!/bin/bash
# Fixed-depth searches through the binary itself: `best depth D` on the
# start position and bench_engine's 8 middlegames, once with the built-in
# network (`set net default`) and once with the hand-written evaluation
# (`set net off`). Prints each search's line (move, score, depth, nodes,
# line), so two binaries' outputs can be diffed byte for byte and timed.
#
#   lab/fixed-depth-bench.sh BINARY [DEPTH]      (depth 10 by default)
#
# NETS="FILE off" (or any list of `set net` values) replaces "default off",
# so that binaries whose built-in nets differ can be compared on one file.
B=$1; D=${2:-10}
F=("" "1mel2z/1p1pge1/pp2p1p/7/1PE1P1P/P1P3P/GM1LEC1 w 10" "gmel1cz/pp3p1/1pe4/4P2/7/PP1P1P1/GMELECZ w 10" "1m1le1z/1pe1pc1/2p1p1p/2p4/2GP1PP/PP1Z1P1/1M1LEC1 w 10" "1m1lec1/gp3pp/1peppz1/7/PP1P1PP/EG1P1PC/1M1LE1Z w 10" "3lecz/1m1p2p/ppg3p/7/4P2/P4PP/1MELECZ w 10" "3l1cz/mg1pe2/ppepppp/7/PGPP1PP/1P2EP1/1MEL1CZ w 10" "gm1lecz/ep2ppp/7/7/3PP2/2P2P1/GMELECZ w 10" "2elecz/Gpp2p1/p1g3p/7/1P3PP/1PLp1P1/1ME2CZ w 10")
for net in ${NETS:-default off}; do
  cmds="set net $net"
  for f in "${F[@]}"; do
    if [ -z "$f" ]; then cmds="$cmds; new congo; best depth $D"; else cmds="$cmds; fen $f; best depth $D"; fi
  done
  (ulimit -v 2000000; timeout 300 nice -n 10 "$B" -c "$cmds")
done
