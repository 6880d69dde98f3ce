#!/usr/bin/env bash
# The next network generation, start to end (docs/nnue.md, "Making the
# next generation"): self-play with the built-in net into the data
# directory, training with mirrors, then the SPRT [0, 5] at 0.1 s a move
# against the built-in net. Each step resumes: the data job plays only its
# missing shards, a written net is not trained again, and the SPRT goes on
# from its JSON file. Ctrl-C stops a step and keeps what it finished.
#
#   lab/next-gen.sh GEN [POSITIONS] [NODES] [SEED]
#   lab/next-gen.sh 4 15000000 1000 70
#
# The data job stops by itself once its shards hold POSITIONS positions
# (default 15,000,000; gen 3's 15.25 M took 64 minutes here).
# Everything runs from a copy of the release binary and of the built-in
# net in WORK (default target/gen-GEN), so rebuilding the tree or
# changing the net under a running step changes nothing. The data job
# gets a session of its own whose autogroup is set to nice 19 (`nice`
# alone does not yield to other sessions under autogroup scheduling); the
# training runs under `nice` in this script's session. Run it on an otherwise idle machine when the SPRT starts:
# its agents keep wall time. SHARD_GAMES (default 500) sets the games a
# shard file holds. TRAIN (default `--hidden 128 --epochs 20`) replaces
# the trainer's shape and epochs, and ALSO names more data directories
# to train on beside this generation's (gen 4:
#   ALSO=~/.local/share/boardsh/nnue/gen3 \
#   TRAIN="--hidden 128 --activation screlu --epochs 12" \
#   lab/next-gen.sh 4 10000000 1000 70).
set -euo pipefail
cd "$(dirname "$0")/.."
gen=${1:?usage: lab/next-gen.sh GEN [POSITIONS] [NODES] [SEED]}
want=${2:-15000000}
nodes=${3:-1000}
seed=${4:-$((gen * 10 + 30))}
work=${WORK:-target/gen-$gen}
data=${XDG_DATA_HOME:-$HOME/.local/share}/boardsh/nnue/gen$gen
mkdir -p "$work" "$data"
cargo build --release --locked --quiet --bin boardsh
cargo build --release --locked --quiet -p boardsh-train
if [ ! -x "$work/boardsh" ]; then
    cp target/release/boardsh target/release/boardsh-train "$work/"
    cp games/src/congo/nnue/default.nnue "$work/old.nnue"
fi
B=$work/boardsh
yield() { # make the session of process $1 yield to every other session
    echo 19 >"/proc/$1/autogroup" 2>/dev/null || true
}
positions() { cat "$data"/shard-*.txt 2>/dev/null | wc -l; }

echo "== data: $data, $nodes nodes a move, seed $seed, until $want positions"
if [ "$(positions)" -lt "$want" ]; then
    setsid nice -n 19 "$B" selfplay --net "$work/old.nnue" --out-dir "$data" \
        --games 1000000 --shard-games "${SHARD_GAMES:-500}" --jobs "$(nproc)" --nodes "$nodes" \
        --seed "$seed" &
    # A background job of a script ignores SIGINT; SIGTERM stops it, and
    # every shard it finished stays (each is written whole, then renamed).
    job=$!
    trap 'kill -TERM $job 2>/dev/null; wait $job; exit 130' INT TERM
    sleep 1
    yield "$job"
    while kill -0 "$job" 2>/dev/null; do
        if [ "$(positions)" -ge "$want" ]; then
            kill -TERM "$job"
            break
        fi
        sleep 30
    done
    wait "$job" || true
    trap - INT TERM
fi
echo "positions: $(positions)"

echo "== training $work/gen$gen.nnue"
if [ ! -s "$work/gen$gen.nnue" ]; then
    # shellcheck disable=SC2086 # TRAIN and ALSO are word lists
    nice -n 19 "$work/boardsh-train" --out "$work/gen$gen.nnue" --name "gen $gen" \
        ${TRAIN:---hidden 128 --epochs 20} --batch 4096 --lr 2e-3 --lambda 0.9 \
        --threads "$(nproc)" --seed 1 --mirror ${ALSO:-} "$data"
fi

echo "== SPRT [0, 5] at 0.1 s: gen $gen against the built-in net when this began"
"$B" match --sprt elo0=0 elo1=5 --time 0.1 --seed "$seed" --concurrency 2 \
    --json "$work/sprt.json" --pgn "$work/sprt/" \
    "$B agent --net $work/gen$gen.nnue" "$B agent --net $work/old.nnue" |
    grep -v '^game '
