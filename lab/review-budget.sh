#!/bin/sh
# How far a review's marks depend on its node budget: every game file of
# DIR (`boardsh match --pgn DIR/` records) reviewed at NODES and at ten
# times NODES a position; for each game the moves marked (?!, ?, ??) by
# either, how many carry the same mark at both, how many are marked
# (any mark) at both, how many are `??` at both of those `??` at either,
# and the seconds of each review; then the totals. Run under nice on a shared machine:
#
#     nice -n 10 lab/review-budget.sh target/release/boardsh 20000 DIR
set -eu
bin=$1
nodes=$2
dir=$3
big=$((nodes * 10))
marks() {
    # "move mark" for every marked row of a review (the table's rows:
    # number, mover, move, mark).
    awk '$1 ~ /^[0-9]+\.$/ && ($4 == "?!" || $4 == "?" || $4 == "??") { print $1, $4 }'
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total_marked=0
total_same=0
total_both=0
total_blunders=0
total_same_blunders=0
total_plies=0
total_small=0
total_big=0
for game in "$dir"/*.bsh; do
    s0=$(date +%s.%N)
    "$bin" -c "set quiet on; review nodes $nodes $game" | marks >"$tmp/small"
    s1=$(date +%s.%N)
    "$bin" -c "set quiet on; review nodes $big $game" | marks >"$tmp/big"
    s2=$(date +%s.%N)
    plies=$(grep -c '^play ' "$game")
    # Moves marked by either, and those with the same mark at both.
    marked=$(cut -d' ' -f1 "$tmp/small" "$tmp/big" | sort -u | wc -l)
    same=$(sort "$tmp/small" "$tmp/big" | uniq -d | wc -l)
    both=$(cut -d' ' -f1 "$tmp/small" "$tmp/big" | sort | uniq -d | wc -l)
    blunders=$(grep -h '??' "$tmp/small" "$tmp/big" | cut -d' ' -f1 | sort -u | wc -l)
    same_blunders=$(grep -h '??' "$tmp/small" "$tmp/big" | sort | uniq -d | wc -l)
    small_s=$(echo "$s1 - $s0" | bc)
    big_s=$(echo "$s2 - $s1" | bc)
    echo "$(basename "$game"): $plies plies, marked $marked, same $same, marked at both $both, ?? $blunders (at both $same_blunders); ${small_s}s at $nodes, ${big_s}s at $big"
    total_marked=$((total_marked + marked))
    total_same=$((total_same + same))
    total_both=$((total_both + both))
    total_blunders=$((total_blunders + blunders))
    total_same_blunders=$((total_same_blunders + same_blunders))
    total_plies=$((total_plies + plies))
    total_small=$(echo "$total_small + $small_s" | bc)
    total_big=$(echo "$total_big + $big_s" | bc)
done
echo "total: $total_plies plies; marked $total_marked, same mark $total_same ($(echo "scale=1; 100 * $total_same / $total_marked" | bc)%)"
echo "marked at both: $total_both ($(echo "scale=1; 100 * $total_both / $total_marked" | bc)%); ?? at both: $total_same_blunders of $total_blunders ($(echo "scale=1; 100 * $total_same_blunders / $total_blunders" | bc)%)"
echo "seconds a position: $(echo "scale=3; $total_small / $total_plies" | bc) at $nodes, $(echo "scale=3; $total_big / $total_plies" | bc) at $big"
