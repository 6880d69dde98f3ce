#!/usr/bin/env bash
# Solve Yut Nori layers values only on a Slurm cluster: each sweep's N
# parts as one job array (`sbatch --wait --array=1-N`, this script again
# as each task), then the merge, until every layer asked for is solved.
# A preempted or failed task loses its range of that sweep only: the
# merge names the parts missing and the next round runs just those
# again (a part already written is kept).
#
#     lab/yut-values-slurm.sh TABLE N [boardsh yut solve options]
#     MEM=24G lab/yut-values-slurm.sh /shared/yut/k4.bin 256 --tokens 4
#
# TABLE must be on a file system every node sees. BOARDSH is the binary
# (default: boardsh on the PATH), MEM each task's memory (default 8G;
# `boardsh yut solve --estimate` gives the memory of a part), PARTITION
# and TIME the array's partition and time limit, SBATCH_EXTRA more
# sbatch options.
#SBATCH --job-name=yut-values
#SBATCH --cpus-per-task=1
#SBATCH --requeue
set -euo pipefail
if (($# < 2)); then
    sed -n '2,18p' "$0" >&2
    exit 2
fi
BOARDSH=${BOARDSH:-boardsh}
table=$1
n=$2
shift 2
if [[ -n ${SLURM_ARRAY_TASK_ID:-} ]]; then
    # One task: range SLURM_ARRAY_TASK_ID of n of the current sweep.
    mem=${SLURM_MEM_PER_NODE:-8192}
    exec "$BOARDSH" yut solve "$@" --out "$table" --threads 1 \
        --memory $((mem / 1024 > 0 ? mem / 1024 : 1)) --part "$SLURM_ARRAY_TASK_ID/$n"
fi
extra=()
[[ -n ${PARTITION:-} ]] && extra+=(--partition "$PARTITION")
[[ -n ${TIME:-} ]] && extra+=(--time "$TIME")
# shellcheck disable=SC2206 # SBATCH_EXTRA is options, split on spaces
[[ -n ${SBATCH_EXTRA:-} ]] && extra+=($SBATCH_EXTRA)
failed=0
while :; do
    sbatch --wait --array=1-"$n" --mem="${MEM:-8G}" "${extra[@]}" \
        "$0" "$table" "$n" "$@" || true
    status=0
    "$BOARDSH" yut solve "$@" --out "$table" --merge "$n" || status=$?
    case $status in
    0) exit 0 ;;
    75) failed=0 ;;
    1) # parts missing (a task preempted or failed): run the round again
        failed=$((failed + 1))
        ((failed < 5)) || exit 1 ;;
    *) exit "$status" ;;
    esac
done
