#!/usr/bin/env bash
# One slice of a boardsh self-play data job or match, as a task of a
# Slurm job array: task K of an array of N runs `boardsh CMD ARGS...
# --shard K/N`. Every slice is seeded by the job's --seed and the number
# of each shard or opening pair, never by the slice, so the N tasks
# together make what one run of the whole job makes:
#
#   selfplay: the shard files K-1, K-1+N, ... of the --out-dir job; the
#     tasks' files are byte for byte one run's (docs/nnue.md, "Past one
#     machine"):
#       sbatch --array=1-8 scripts/slurm-shard.sh selfplay --net default \
#           --out-dir /shared/boardsh/gen3 --games 40000 --shard-games 200 \
#           --nodes 5000 --seed 60 --jobs 2
#   match: the opening pairs K-1, K-1+N, ...; `boardsh match --merge` of
#     the tasks' results files gives one run's totals (docs/agent.md,
#     "Shards on several machines"):
#       sbatch --array=1-8 scripts/slurm-shard.sh match --games 400 \
#           --time 0.1 --seed 7 --json /shared/match/r-{k}.jsonl \
#           'boardsh agent --net new.nnue' 'boardsh agent --net old.nnue'
#       boardsh match --merge /shared/match/r-*.jsonl
#
# The arguments are the same for every task; `{k}` and `{n}` in them
# become the task's K and N (each match task needs a --json file of its
# own; a selfplay task may have an --out-dir of its own where the nodes
# share no disk). BOARDSH names the binary (default: boardsh on the
# PATH). A task stopped (time limit, scancel) and started again goes on
# from its finished shards or its --json file. Outside Slurm, set
# SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT to run one task.
#
# Self-contained: sbatch runs a copy of the script, away from the
# repository. The array must be one step apart (`--array=1-8` or
# `--array=0-7`, not `1-8:2` or `1,3,5`), since task K is the K-th of it;
# any other is refused rather than leaving slices unplayed.
#SBATCH --job-name=boardsh-shard
#SBATCH --cpus-per-task=2
#SBATCH --output=boardsh-shard-%A_%a.log
set -euo pipefail
me=slurm-shard.sh
cmd=${1:-}
if [[ $cmd != selfplay && $cmd != match ]]; then
    echo "$me: the first argument is selfplay or match, not \`$cmd\`" >&2
    exit 2
fi
shift
if [[ -z ${SLURM_ARRAY_TASK_ID:-} || -z ${SLURM_ARRAY_TASK_COUNT:-} ]]; then
    echo "$me: not a Slurm array task: submit it with sbatch --array=1-N (or set SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT)" >&2
    exit 2
fi
first=${SLURM_ARRAY_TASK_MIN:-1}
step=${SLURM_ARRAY_TASK_STEP:-1}
last=${SLURM_ARRAY_TASK_MAX:-$((first + SLURM_ARRAY_TASK_COUNT - 1))}
for v in "$SLURM_ARRAY_TASK_ID" "$SLURM_ARRAY_TASK_COUNT" "$first" "$step" "$last"; do
    if ! [[ $v =~ ^[0-9]{1,7}$ ]]; then
        echo "$me: the array's task variables must be numbers, not \`$v\`" >&2
        exit 2
    fi
done
# 10#: a number with leading zeros is decimal, not octal.
id=$((10#$SLURM_ARRAY_TASK_ID)) n=$((10#$SLURM_ARRAY_TASK_COUNT))
first=$((10#$first)) step=$((10#$step)) last=$((10#$last))
if ((step != 1 || n < 1 || last - first + 1 != n || id < first || id > last)); then
    echo "$me: task $id of the array $first-$last:$step of $n tasks; give a plain --array=1-N" >&2
    exit 2
fi
k=$((id - first + 1))
args=()
for a in "$@"; do
    a=${a//\{k\}/$k}
    args+=("${a//\{n\}/$n}")
done
exec "${BOARDSH:-boardsh}" "$cmd" "${args[@]}" --shard "$k/$n"
