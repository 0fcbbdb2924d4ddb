#!/usr/bin/env bash
# Side by side, one thread each: assembly and disassembly together,
# polycover's `count --disassemble` against BurrTools' `burrTxt -d` on every
# problem of BurrTools' example files that burrTxt can take apart. Outside
# CI: it needs a built burrTxt and BurrTools' examples, which this
# repository does not carry.
#
#   BURRTXT=path/to/burrTxt BURRTOOLS_EXAMPLES=path/to/examples \
#       benches/disassembly-side-by-side.sh [FILE.xmpuzzle ...]
#
# BURRTXT: BurrTools' command-line solver, built by you from its public
# source outside this repository (which carries no recipe to build it).
# BURRTOOLS_EXAMPLES: the directory of BurrTools' examples/*.xmpuzzle (or
# name files as arguments). Problems burrTxt aborts on (grids it cannot
# take apart) are left out of the table. Prints a Markdown table: both
# programs' assemblies, solutions (assemblies that come apart) and CPU
# seconds (the least of RUNS runs, default 3: `perf stat`'s task-clock, all
# threads, where perf can count it, otherwise user + system from
# /usr/bin/time, which has a resolution of 0.01 s), and polycover's time
# over burrTxt's.
set -euo pipefail

burrtxt=${BURRTXT:?set BURRTXT to a burrTxt built from the BurrTools source}
runs=${RUNS:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    dir=${BURRTOOLS_EXAMPLES:?set BURRTOOLS_EXAMPLES to BurrTools examples/ (or name files)}
    files=("$dir"/*.xmpuzzle)
fi
cd "$root"
cargo build --release -q -p polycover
pc=$root/target/release/polycover

out_file=$(mktemp)
time_file=$(mktemp)
trap 'rm -f "$out_file" "$time_file"' EXIT
use_perf=0
if perf stat -x, -e task-clock -o /dev/null true 2>/dev/null; then
    use_perf=1
fi
# best COMMAND...: runs it RUNS times; its output in $out_file, the least
# CPU seconds in $secs, its exit status in $status.
best() {
    secs=
    for _ in $(seq "$runs"); do
        status=0
        if [ "$use_perf" = 1 ]; then
            perf stat -x, -e task-clock -o "$time_file" "$@" > "$out_file" 2>/dev/null || status=$?
            s=$(awk -F, '$3 ~ /task-clock/ { printf "%.4f", $1 / 1000 }' "$time_file")
        else
            /usr/bin/time -f "%U %S" -o "$time_file" "$@" > "$out_file" 2>/dev/null || status=$?
            s=$(tail -n 1 "$time_file" | awk '{ printf "%.3f", $1 + $2 }')
        fi
        secs=$(awk -v a="$secs" -v b="$s" 'BEGIN { if (a == "" || b < a) print b; else print a }')
    done
}

echo "| file | problem | burrTxt assemblies / solutions | burrTxt s | polycover assemblies / solutions | polycover s | ratio |"
echo "| --- | ---: | --- | ---: | --- | ---: | ---: |"
for f in "${files[@]}"; do
    n=$("$pc" show "$f" --json 2>/dev/null | sed -n 's/.*"problems":\[\(.*\)\].*/\1/p' | grep -o '"index"' | wc -l || true)
    [ "$n" -gt 0 ] || n=1
    for p in $(seq "$n"); do
        best "$burrtxt" -d -q -o $((p - 1)) "$f"
        [ "$status" = 0 ] || continue
        bs=$secs
        bcount=$(sed -n 's/^\([0-9]*\) assemblies and \([0-9]*\) solutions.*/\1 \/ \2/p' "$out_file")
        [ -n "$bcount" ] || continue
        best "$pc" count "$f" --problem "$p" --disassemble -j1 -q --json
        ps=$secs
        pcount=$(sed -n 's/.*"assemblies":\([0-9]*\).*"disassemblable":\([0-9]*\).*/\1 \/ \2/p' "$out_file")
        ratio=$(awk -v a="$ps" -v b="$bs" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
        echo "| $(basename "$f" .xmpuzzle) | $p | $bcount | $bs | $pcount | $ps | $ratio |"
    done
done
