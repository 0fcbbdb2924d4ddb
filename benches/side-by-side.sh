#!/usr/bin/env bash
# Side by side, one thread each: polycover's distinct counts against BurrTools'
# command-line solver on the same puzzles (exported from the catalog with
# `polycover export --format xmpuzzle`). Outside CI: it needs BurrTools' public
# source (https://burrtools.sourceforge.net, or a GitHub mirror of it), which
# this repository does not carry.
#
#   benches/side-by-side.sh BURRTOOLS_SOURCE_DIR [PUZZLE.toml ...]
#
# BURRTOOLS_SOURCE_DIR is a checkout of BurrTools 0.7.x (with src/lib,
# src/tools, src/halfedge and src/burrTxt.cpp). Its solver `burrTxt` is built
# once into target/burrtools/ with g++ -O2 (needs g++ and zlib's headers:
# Debian packages g++ and zlib1g-dev). Prints a Markdown table of counts and
# seconds (user + system, from /usr/bin/time) for both programs; the counts
# are shown so that a reader sees both programs agree (BurrTools counts
# assemblies up to rotation, and up to reflection where its mirror check
# allows). Without puzzle arguments it also times a fixed sample of the empty
# Kanoodle Extreme pyramid's symmetry-reduced count (shard 1 of 64: the same
# subproblems every run) on the cell engine and on the bitset engine, which
# BurrTools cannot sample (its whole count would take days). Run it on a
# quiet machine: it takes about 6 minutes with the defaults (Bedlam and the
# Tetris Cube are most of BurrTools' part, the pyramid sample about 80 s).
set -euo pipefail

src=${1:?usage: benches/side-by-side.sh BURRTOOLS_SOURCE_DIR [PUZZLE.toml ...]}
shift
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
for f in lib tools halfedge burrTxt.cpp; do
    [ -e "$src/src/$f" ] || { echo "$src/src/$f: not found (is $src a BurrTools checkout?)" >&2; exit 2; }
done

out=target/burrtools
mkdir -p "$out/obj" "$out/exports"
if [ ! -x "$out/burrTxt" ]; then
    echo "building BurrTools' burrTxt from $src (once)" >&2
    objs=()
    for s in "$src"/src/tools/fileexists.cpp "$src"/src/tools/gzstream.cpp "$src"/src/tools/xml.cpp \
             "$src"/src/halfedge/*.cpp "$src"/src/lib/*.cpp "$src"/src/burrTxt.cpp; do
        case "$s" in *_test*.cpp) continue ;; esac
        o="$out/obj/$(basename "$(dirname "$s")")_$(basename "$s" .cpp).o"
        objs+=("$o")
        [ -f "$o" ] || g++ -std=c++11 -O2 -I"$src/src" -c "$s" -o "$o"
    done
    g++ -o "$out/burrTxt" "${objs[@]}" -lz -lpthread
fi
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
    run "$out/burrTxt" -q "$x"
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
