#!/usr/bin/env bash
# Side by side, one thread each: polycover's distinct counts against BurrTools'
# command-line solver on the same puzzles (exported from the catalog with
# `polycover export --format xmpuzzle`). Outside CI: it needs BurrTools'
# command-line solver `burrTxt` (BurrTools 0.7.x, https://burrtools.sourceforge.net),
# built by you from BurrTools' public source outside this repository, which
# carries neither that source nor a recipe to build it.
#
#   BURRTXT=path/to/burrTxt benches/side-by-side.sh [PUZZLE.toml ...]
#
# Prints a Markdown table of counts and seconds (user + system, from
# /usr/bin/time) for both programs; the counts
# are shown so that a reader sees both programs agree (BurrTools counts
# assemblies up to rotation, and up to reflection where its mirror check
# allows). Without puzzle arguments it also times a fixed sample of the empty
# Kanoodle Extreme pyramid's symmetry-reduced count (shard 1 of 64: the same
# subproblems every run) on the cell engine and on the bitset engine, which
# BurrTools cannot sample (its whole count would take days). Run it on a
# quiet machine: it takes about 6 minutes with the defaults (Bedlam and the
# Tetris Cube are most of BurrTools' part, the pyramid sample about 80 s).
set -euo pipefail

burrtxt=${BURRTXT:?set BURRTXT to a burrTxt built from the BurrTools source (see the comment at the top)}
[ -x "$burrtxt" ] || { echo "$burrtxt: not an executable burrTxt" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
puzzles=("$@")
sample=0
if [ ${#puzzles[@]} -eq 0 ]; then
    puzzles=(data/pentominoes/6x10.toml data/pentominoes/5x12.toml data/soma/cube.toml
             data/solid-pentominoes/3x4x5.toml data/kanoodle/pyramid.toml
             data/kanoodle-extreme/challenge-05.toml data/kanoodle-extreme/challenge-06.toml
             data/kanoodle-extreme/challenge-07.toml data/bedlam/cube.toml
             data/tetris-cube/cube.toml)
    sample=1
fi

out=target/side-by-side
mkdir -p "$out/exports"
cargo build --release -q -p polycover
pc=target/release/polycover

# run COMMAND...: runs it; its output in $out_file, its user + system seconds
# in $secs.
out_file=$(mktemp)
time_file=$(mktemp)
trap 'rm -f "$out_file" "$time_file"' EXIT
run() {
    /usr/bin/time -f "%U %S" -o "$time_file" "$@" > "$out_file" 2>/dev/null || true
    secs=$(awk '{ printf "%.2f", $1 + $2 }' "$time_file")
}

echo "| puzzle | polycover distinct (total) | polycover s | BurrTools assemblies | BurrTools s | ratio |"
echo "| --- | --- | ---: | --- | ---: | ---: |"
for p in "${puzzles[@]}"; do
    x="$out/exports/$(echo "$p" | tr / _ | sed 's/\.toml$//').xmpuzzle"
    "$pc" export --format xmpuzzle "$p" -o "$x"
    run "$pc" count "$p" --distinct -j1 -q --json
    ps=$secs
    pcount=$(sed -n 's/.*"distinct":\([0-9]*\).*"solutions":\([0-9]*\).*/\1 (\2)/p' "$out_file")
    run "$burrtxt" -q "$x"
    bs=$secs
    bcount=$(sed -n 's/^\([0-9]*\) assemblies.*/\1/p' "$out_file")
    ratio=$(awk -v a="$ps" -v b="$bs" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
    echo "| $p | $pcount | $ps | $bcount | $bs | $ratio |"
done

if [ "$sample" = 1 ]; then
    p=data/kanoodle-extreme/pyramid.toml
    shard_out=$(mktemp)
    echo
    echo "| sample | cell engine s | bitset engine s | ratio |"
    echo "| --- | ---: | ---: | ---: |"
    run "$pc" count "$p" --distinct --shard 1/64 --out "$shard_out" -j1 -q
    cs=$secs
    run "$pc" count "$p" --distinct --shard 1/64 --out "$shard_out" -j1 -q --engine bits
    bs=$secs
    rm -f "$shard_out"
    ratio=$(awk -v a="$cs" -v b="$bs" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
    echo "| $p, shard 1 of 64 of the reduced count | $cs | $bs | $ratio |"
fi
