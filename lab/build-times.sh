#!/usr/bin/env bash
# Cold build times per profile, and what each profile costs at run time.
#
#   lab/build-times.sh release NAME [VAR=VALUE ...]
#       `cargo build --release --locked` from an empty target directory with
#       the given Cargo profile overrides (e.g. CARGO_PROFILE_RELEASE_LTO=fat
#       CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1), then the run time of the
#       binary: perft 7 from the start on one thread, 1M FENs in problem
#       format and a 5M-turn Yut script (CPU seconds, best of 3).
#   lab/build-times.sh test NAME [VAR=VALUE ...]
#       `cargo test --locked` (build and run) from an empty target directory.
#   lab/build-times.sh ci NAME [VAR=VALUE ...]
#       `bash .ci/run` from an empty target directory.
#
# Prints one line per measure: wall seconds and CPU seconds (user + sys of
# cargo and every compiler it ran). On a shared machine the CPU figure is
# the comparable one; wall time is what was observed. Needs the registry
# already downloaded (it builds with --locked and fetches nothing new).
set -euo pipefail
cd "$(dirname "$0")/.."

what=${1:?release, test or ci}
name=${2:?a name for the profile}
shift 2
for kv in "$@"; do export "${kv?}"; done

target=$(mktemp -d /tmp/build-times.XXXXXX)
trap 'rm -rf "$target"' EXIT
export CARGO_TARGET_DIR=$target

# `timed LABEL CMD...`: run CMD, print LABEL with wall and CPU seconds.
timed() {
    local label=$1; shift
    local out
    out=$(mktemp)
    local failed=""
    /usr/bin/time -f '%e %U %S' -o "$out" "$@" > /dev/null 2> "$target/log" || {
        # Still a valid time (a flaky test under load, say), but say so.
        failed="  (FAILED: $(grep -m1 -E '^error' "$target/log" || echo see log))"
        tail -20 "$target/log" >&2
    }
    read -r wall user sys < <(tail -1 "$out")
    rm -f "$out"
    printf '%-10s %-6s wall %7.1f s  cpu %7.1f s%s\n' "$name" "$label" "$wall" \
        "$(echo "$user + $sys" | bc)" "$failed"
}

# `cpu_best N CMD`: the least CPU seconds (user + sys) of N runs of CMD.
cpu_best() {
    local n=$1; shift
    local best=999999 t
    for _ in $(seq "$n"); do
        t=$( { /usr/bin/time -f '%U %S' sh -c "$*" > /dev/null; } 2>&1 | tail -1 |
            awk '{print $1 + $2}')
        best=$(echo "if ($t < $best) $t else $best" | bc)
    done
    echo "$best"
}

case $what in
release)
    timed build cargo build --release --locked --bin boardsh
    bin=$target/release/boardsh
    size=$(stat -c %s "$bin")
    inputs=/tmp/build-times-inputs
    if [[ ! -s $inputs/game.yut ]]; then
        mkdir -p "$inputs"
        cargo build --release --locked --quiet -p boardsh-lab --bin gen_bench
        "$target/release/gen_bench" fens 1000000 > "$inputs/fens.in"
        "$target/release/gen_bench" yut 5000000 > "$inputs/game.yut"
    fi
    p7=$(cpu_best 3 "$bin -c 'perft 7'")
    fen=$(cpu_best 3 "$bin $inputs/fens.in")
    yut=$(cpu_best 3 "$bin --quiet $inputs/game.yut")
    printf '%-10s run    perft7 %.2f s  1M fens %.2f s  5M yut turns %.2f s  (cpu, best of 3)  binary %d KB\n' \
        "$name" "$p7" "$fen" "$yut" $((size / 1024))
    ;;
test)
    timed test cargo test --locked --no-fail-fast
    ;;
ci)
    timed ci bash .ci/run
    ;;
*)
    echo "unknown measure: $what" >&2
    exit 2
    ;;
esac
