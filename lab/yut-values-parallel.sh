#!/usr/bin/env bash
# Solve Yut Nori layers values only (`boardsh yut solve --part/--merge`),
# each sweep shared out over N processes by GNU parallel: the N parts of
# the sweep, then the merge, until every layer asked for is solved. A
# stop (Ctrl-C, a lost host) loses at most the parts under way; run it
# again and it goes on from the last merged sweep.
#
#     lab/yut-values-parallel.sh TABLE N [boardsh yut solve options]
#     lab/yut-values-parallel.sh /work/runs/yut4/values-k4.bin 2 --tokens 4 --down-to 4
#
# Other hosts: PARALLEL_HOSTS='2/:,8/node1,8/node2' runs the parts through
# `parallel --sshlogin` (N jobs/host: `:` is this one); boardsh and the
# table's directory must be at the same paths on every host (e.g. NFS).
# BOARDSH picks the binary (default: boardsh on the PATH), MEMORY the
# --memory of each part in GB (default 8), JOBS the parts run at once
# (default N): more parts than cores balance ranges of unequal cost.
set -euo pipefail
if (($# < 2)); then
    sed -n '2,17p' "$0" >&2
    exit 2
fi
BOARDSH=${BOARDSH:-boardsh}
table=$1
n=$2
shift 2
where=(-j "${JOBS:-$n}")
if [[ -n ${PARALLEL_HOSTS:-} ]]; then
    where=(--sshlogin "$PARALLEL_HOSTS")
fi
while :; do
    parallel --halt now,fail=1 "${where[@]}" \
        "$BOARDSH" yut solve "$@" --out "$table" --threads 1 \
        --memory "${MEMORY:-8}" --part {}/"$n" ::: $(seq 1 "$n")
    status=0
    "$BOARDSH" yut solve "$@" --out "$table" --merge "$n" || status=$?
    case $status in
    0) exit 0 ;;     # every layer asked for is solved
    75) ;;           # merged: the next sweep is due
    *) exit "$status" ;;
    esac
done
