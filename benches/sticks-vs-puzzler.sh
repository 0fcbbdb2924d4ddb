#!/usr/bin/env bash
# Side by side, one thread each: polycover's distinct counts of stick puzzles
# against Polyform Puzzler (David Goodger's program; the Python 3 fork
# johnrudge/puzzler, GPL) on the same puzzles. Outside CI: it needs a checkout
# of Puzzler made by you outside this repository, which carries none of its
# code, and a Python with Puzzler's one requirement, `xcover` (pip install xcover):
#
#   python3 -m venv /tmp/puzzler-venv && /tmp/puzzler-venv/bin/pip install xcover
#   PUZZLER=path/to/puzzler PYTHON=/tmp/puzzler-venv/bin/python benches/sticks-vs-puzzler.sh
#
# PUZZLER is the checkout (the folder holding puzzler/bin and puzzler/puzzler,
# or that inner puzzler folder itself). POLYCOVER is the polycover binary
# (default: target/release/polycover, built here if missing).
#
# Each row runs one of Puzzler's own scripts (bin/sticks/*.py, bin/twigs/*.py)
# and polycover's `count --distinct -j1` on the catalog files of the same
# puzzle (Puzzler's Tetrasticks6x6 is our five data/sticks/tetrasticks-5x5-
# without-*.toml together: their distinct counts add up to its 1,795), checks
# that both print the published count, and prints a Markdown table of wall
# and CPU (user + system) seconds from /usr/bin/time. Puzzler's times include
# starting Python and building its matrix (about 0.7 s of CPU on a 2-core
# Xeon once xcover's numba code is compiled: a first, untimed run compiles and
# caches it); its own "duration" line, the search alone, is shown too.
set -euo pipefail

puzzler=${PUZZLER:?set PUZZLER to a checkout of Polyform Puzzler (see the comment at the top)}
[ -d "$puzzler/puzzler/bin" ] && puzzler="$puzzler/puzzler"
[ -d "$puzzler/bin" ] && [ -d "$puzzler/puzzler" ] ||
    { echo "$puzzler: not a Polyform Puzzler checkout (no bin/ and puzzler/)" >&2; exit 2; }
python=${PYTHON:-python3}
"$python" -c 'import xcover' 2>/dev/null ||
    { echo "$python cannot import xcover: pip install xcover (see the comment at the top)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
pc=${POLYCOVER:-target/release/polycover}
if [ ! -x "$pc" ]; then
    cargo build --release -q -p polycover
    pc=target/release/polycover
fi

out_file=$(mktemp)
time_file=$(mktemp)
trap 'rm -f "$out_file" "$time_file"' EXIT

# run COMMAND...: runs it; its output in $out_file, its wall seconds in
# $wall and user + system seconds in $cpu.
run() {
    /usr/bin/time -f "%e %U %S" -o "$time_file" "$@" > "$out_file" 2>/dev/null
    wall=$(awk '{ printf "%.2f", $1 }' "$time_file")
    cpu=$(awk '{ printf "%.2f", $2 + $3 }' "$time_file")
}

# puzzler SCRIPT: runs one of Puzzler's scripts (no search-state file); sets
# $pz_count, $pz_wall, $pz_cpu, $pz_search.
puzzler_run() {
    run env PYTHONPATH="$puzzler" "$python" "$puzzler/$1" --no-search-state
    pz_count=$(sed -n 's/^\([0-9,]*\) solutions*, .*/\1/p' "$out_file" | tr -d ,)
    pz_search=$(sed -n 's/.*duration \([0-9:.]*\)$/\1/p' "$out_file" |
        awk -F: '{ printf "%.2f", $1 * 3600 + $2 * 60 + $3 }')
    pz_wall=$wall
    pz_cpu=$cpu
}

# ours FILE...: polycover's distinct counts of the files, summed, and the
# summed times (and its own search seconds, from --json); sets $pc_count,
# $pc_wall, $pc_cpu, $pc_search.
ours() {
    pc_count=0
    pc_search=0
    pc_wall=0
    pc_cpu=0
    for f in "$@"; do
        run "$pc" count --distinct -j1 -q --json "$f"
        n=$(sed -n 's/.*"distinct":\([0-9]*\).*/\1/p' "$out_file")
        pc_count=$((pc_count + n))
        t=$(sed -n 's/.*"seconds":\([0-9.e-]*\).*/\1/p' "$out_file")
        pc_search=$(awk -v a="$pc_search" -v b="$t" 'BEGIN { printf "%.3f", a + b }')
        pc_wall=$(awk -v a="$pc_wall" -v b="$wall" 'BEGIN { printf "%.2f", a + b }')
        pc_cpu=$(awk -v a="$pc_cpu" -v b="$cpu" 'BEGIN { printf "%.2f", a + b }')
    done
}

# A first run compiles xcover's numba code and caches it: not timed.
puzzler_run bin/twigs/tetratwigs-arch.py

status=0
echo "| puzzle (Puzzler's class) | published | Puzzler count | Puzzler wall s | Puzzler CPU s | Puzzler search s | polycover distinct | polycover wall s | polycover CPU s | polycover search s | CPU ratio |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
row() {
    local name=$1 published=$2 script=$3
    shift 3
    puzzler_run "$script"
    ours "$@"
    # /usr/bin/time counts in hundredths: a run under 0.01 s gives a bound.
    ratio=$(awk -v a="$pz_cpu" -v b="$pc_cpu" 'BEGIN { if (b > 0) printf "%.0f", a / b; else printf "> %.0f", a / 0.01 }')
    echo "| $name | $published | $pz_count | $pz_wall | $pz_cpu | $pz_search | $pc_count | $pc_wall | $pc_cpu | $pc_search | $ratio |"
    if [ "$pz_count" != "$published" ] || [ "$pc_count" != "$published" ]; then
        echo "$name: expected $published, Puzzler printed $pz_count, polycover $pc_count" >&2
        status=1
    fi
}
row "Tetrasticks6x6" 1795 bin/sticks/tetrasticks-6x6.py data/sticks/tetrasticks-5x5-without-{H,J,L,N,Y}.toml
row "PentatwigsTriangle" 56 bin/twigs/pentatwigs-triangle.py data/twigs/pentatwigs-triangle.toml
row "PentatwigsChevron5x2" 241 bin/twigs/pentatwigs-chevron-5x2.py data/twigs/pentatwigs-chevron-5x2.toml
row "Polytwigs1234InsetRectangle4x2" 5755 bin/twigs/polytwigs-1234-inset-rectangle-4x2.py \
    data/twigs/polytwigs-1234-inset-rectangle-4x2.toml
exit $status
