#!/usr/bin/env bash
# Benchmarks the release binary on inputs generated here (nothing fetched).
#
#   lab/bench.sh            all measures
#   lab/bench.sh --quick    smaller inputs, perft 5 only, scaling to 100k
#
# Reports, each as wall time (best of several runs) and CPU time (user +
# sys of the same run; on a shared machine the steadier figure):
# - 200k FENs in problem format: FENs/s, and the ratio to `cat` writing the
#   same output (target: at most 3x);
# - Yut command scripts of 1M turns with --quiet: pure `move` lines (with a
#   `reset yut` after each game; target 10 M turns/s) and with `show` after
#   every game (target 5 M turns/s); peak RSS (target: under 32 MB);
# - how time and memory grow: 1k, 10k, 100k, 1M lines of FENs and of Yut
#   turns (time per line should stay flat, and so should memory);
# - start-up of `boardsh -c fen` (median of 100 runs);
# - perft 5 and 6 from the start on 1 and 2 threads.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
TARGET=${CARGO_TARGET_DIR:-target}

cargo build --release --locked --quiet --bin boardsh
cargo build --release --locked --quiet -p boardsh-lab --bin gen_bench --bin perft
BIN=$TARGET/release/boardsh
GEN=$TARGET/release/gen_bench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 - "$BIN" "$GEN" "$WORK" "$QUICK" "$TARGET/release/perft" <<'PY'
import os, statistics, subprocess, sys, time

BIN, GEN, WORK, QUICK, PERFT = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1", sys.argv[5]

def gen(kind, n):
    path = os.path.join(WORK, f"{kind}-{n}.in")
    if not os.path.exists(path):
        with open(path, "wb") as f:
            subprocess.run([GEN, kind, str(n)], stdout=f, check=True)
    return path

RSS = os.path.join(WORK, "rss")

def run(argv, out_path=None):
    """One run: (wall s, cpu s, peak RSS KB), stdout to a file or /dev/null.

    The peak RSS comes from /usr/bin/time: a child forked from this Python
    would report Python's own peak as its floor."""
    with open(out_path or os.devnull, "wb") as out:
        t = time.perf_counter()
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", RSS] + argv, stdout=out)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
    if status != 0:
        sys.exit(f"{argv} failed: {status}")
    with open(RSS) as f:
        rss = int(f.read().split()[-1])
    return wall, ru.ru_utime + ru.ru_stime, rss

def best(argv, n, out_path=None):
    runs = [run(argv, out_path) for _ in range(n)]
    return min(r[0] for r in runs), min(r[1] for r in runs), max(r[2] for r in runs)

def count_turns(path):
    with open(path, "rb") as f:
        return sum(1 for line in f if line.startswith(b"move"))

print("== problem format: 200k FENs" if not QUICK else "== problem format: 20k FENs")
n = 20000 if QUICK else 200000
fens = gen("fens", n)
out = os.path.join(WORK, "fens.out")
w, c, rss = best([BIN, fens], 5, out)
size = os.path.getsize(out)
cw, cc, _ = best(["cat", out], 5, os.path.join(WORK, "fens.copy"))
print(f"boardsh: {w*1000:.1f} ms wall, {c*1000:.0f} ms cpu, {n/w:,.0f} FENs/s, {size/1e6:.1f} MB out, peak RSS {rss/1024:.1f} MB")
print(f"cat of the same output: {cw*1000:.1f} ms wall, {cc*1000:.0f} ms cpu; ratio {w/cw:.1f}x wall (target <= 3x)")

for kind, label, target in [("yut-moves", "pure `move` lines", 10), ("yut", "`show` after each game", 5)]:
    n = 100000 if QUICK else 1000000
    path = gen(kind, n)
    turns = count_turns(path)
    w, c, rss = best([BIN, "--quiet", path], 3)
    print(f"== Yut script, {label}: {turns:,} turns, --quiet")
    print(f"{w*1000:.1f} ms wall, {c*1000:.0f} ms cpu: {turns/w/1e6:.1f} M turns/s wall, {turns/max(c, 1e-9)/1e6:.1f} M turns/s cpu "
          f"(target >= {target} M); peak RSS {rss/1024:.1f} MB (target < 32 MB)")

print("== growth: time per line and peak memory as the input grows")
sizes = [1000, 10000, 100000] + ([] if QUICK else [1000000])
for kind, what, argv in [("fens", "FENs", [BIN]), ("yut-moves", "Yut turns", [BIN, "--quiet"])]:
    for n in sizes:
        path = gen(kind, n)
        lines = n if kind == "fens" else count_turns(path)
        w, c, rss = best(argv + [path], 3)
        print(f"{what:9} {lines:>9,}: {w*1000:8.1f} ms wall {c*1000:7.1f} ms cpu  "
              f"{w/lines*1e9:6.0f} ns/line wall {c/lines*1e9:6.0f} ns/line cpu  peak RSS {rss/1024:5.1f} MB")

print("== start-up: boardsh -c fen, 100 runs")
runs = [run([BIN, "-c", "fen"])[0] for _ in range(100)]
print(f"median {statistics.median(runs)*1000:.2f} ms, min {min(runs)*1000:.2f} ms (target <= 3 ms; includes the spawn)")

print("== perft from the start position")
for depth in ([5] if QUICK else [5, 6]):
    for threads in [1, 2]:
        w, c, _ = best([BIN, "--threads", str(threads), "-c", f"perft {depth}"], 3, os.path.join(WORK, "perft.out"))
        nodes = int(open(os.path.join(WORK, "perft.out")).read())
        print(f"perft {depth}, {threads} thread(s): {nodes:,} nodes, {w:.3f} s wall, {c:.3f} s cpu, {nodes/w/1e6:.0f} M nodes/s wall")
PY
