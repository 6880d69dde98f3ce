#!/usr/bin/env bash
# The README's two commands from a fresh clone, for each commit given, in
# turn on the same machine: `cargo run --release` (standard input closed:
# it builds, starts, reads the end of input and leaves), then `cargo test
# --locked`; wall and CPU seconds (user + sys) of each, and the test
# summaries. Run it on an otherwise idle machine; the registry must
# already be downloaded (it builds with --locked).
#
#     lab/clone-to-green.sh 06b6c2f HEAD
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
for rev in "$@"; do
    d=$(mktemp -d /tmp/clone-to-green.XXXXXX)
    git clone -q "$repo" "$d" && git -C "$d" checkout -q "$rev"
    (
        cd "$d" || exit 1
        /usr/bin/time -f "$rev run-release wall %e cpu %U+%S" \
            cargo run --release --locked </dev/null >/dev/null 2>"$d.run.log"
        tail -1 "$d.run.log"
        /usr/bin/time -f "$rev test wall %e cpu %U+%S" \
            cargo test --locked >"$d.test.log" 2>&1
        tail -1 "$d.test.log"
        grep -E "^test result" "$d.test.log" | sed "s/^/$rev /"
    )
    rm -rf "$d" "$d.run.log" "$d.test.log"
done
