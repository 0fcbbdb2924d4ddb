#!/usr/bin/env bash
# Side by side, one thread each: `polycover count FILE --engine memo` against
# Knuth's DLX6 ("dancing with ZDDs", Algorithm 7.2.2.1Z) on the matrix that
# `polycover matrix FILE` writes. Outside CI: it needs a DLX6 binary built by
# you from Knuth's public CWEB source (dlx6.w, with ctangle and gcc, and
# gb_flip.w of the Stanford GraphBase) outside this repository, which carries
# neither that source nor a recipe to build it. DLX6 allocates 16 GB of cache
# and 8 GiB of hash table up front; to run it under the memory cap below,
# shrink `max_cache` and `loghashsize` with a change file of your own.
#
#   DLX6=path/to/dlx6 benches/dlx6-side-by-side.sh [PUZZLE.toml ...]
#
# Optional: DLX6_FIRST=path/to/dlx6 built with Knuth's dlx6-noMRV.ch (it
# branches on the first open item instead of the one with fewest options)
# adds its columns; TIMEOUT (seconds, default 300) and MEM_KB (address-space
# cap per run, `ulimit -v`, default 8 GiB) bound every run; DEFAULT_ENGINE
# (default: data/dominoes/8x8.toml) lists the files also counted with the
# default engine (`-j1`), which visits every solution.
#
# Prints a Markdown table: each program's count (shown so that a reader sees
# they agree with each other and with the file's published count), seconds
# (user + system, from /usr/bin/time: the whole process, the matrix's
# parsing included; 0.01 s resolution) and peak resident memory in MB. A run
# stopped by the timeout (wall-clock seconds) reads "gave up after N s", its
# seconds those it had used; one that ran out of memory or capacity reads
# "gave up: " and the program's own message.
set -euo pipefail

dlx6=${DLX6:?set DLX6 to a dlx6 built from Knuth\'s dlx6.w (see the comment at the top)}
[ -x "$dlx6" ] || { echo "$dlx6: not an executable dlx6" >&2; exit 2; }
first=${DLX6_FIRST:-}
[ -z "$first" ] || [ -x "$first" ] || { echo "$first: not an executable dlx6" >&2; exit 2; }
timeout_s=${TIMEOUT:-300}
mem_kb=${MEM_KB:-8388608}
default_files=${DEFAULT_ENGINE:-data/dominoes/8x8.toml}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
puzzles=("$@")
if [ ${#puzzles[@]} -eq 0 ]; then
    puzzles=(data/dominoes/8x8.toml data/dominoes/10x10.toml data/dominoes/12x12.toml
             data/trominoes/9x12.toml data/tetrominoes/8x8.toml data/tetrominoes/4x25.toml
             data/pentominoes-repeated/6x10.toml)
fi

out=target/dlx6-side-by-side
mkdir -p "$out"
cargo build --release -q -p polycover
pc=target/release/polycover

out_file=$(mktemp)
err_file=$(mktemp)
time_file=$(mktemp)
trap 'rm -f "$out_file" "$err_file" "$time_file"' EXIT

# run [INPUT] COMMAND...: runs COMMAND (standard input from INPUT, or
# /dev/null for "-") under the timeout and the memory cap. Sets $secs (user
# + system), $mb (peak resident MB) and $gave_up (empty if it finished,
# else why not); its output in $out_file and $err_file.
run() {
    local input=$1
    shift
    [ "$input" = - ] && input=/dev/null
    local rc=0
    (
        ulimit -v "$mem_kb"
        exec /usr/bin/time -f "%U %S %M %x" -o "$time_file" \
            timeout "$timeout_s" "$@" < "$input" > "$out_file" 2> "$err_file"
    ) || rc=$?
    secs=$(tail -n 1 "$time_file" | awk '{ printf "%.2f", $1 + $2 }')
    mb=$(tail -n 1 "$time_file" | awk '{ printf "%.0f", $3 / 1024 }')
    gave_up=
    if [ "$rc" = 124 ]; then
        gave_up="gave up after $timeout_s s"
    elif [ "$rc" != 0 ]; then
        gave_up="gave up: $(grep -v '^ after ' "$err_file" | tail -n 1 | tr '|' '/') (exit $rc)"
    fi
}

# dlx6_cols BINARY MATRIX: the table cells of one DLX6 run (count, s, MB).
dlx6_cols() {
    run "$2" "$1"
    if [ -n "$gave_up" ]; then
        echo "$gave_up | $secs | $mb"
    else
        echo "$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' "$err_file") | $secs | $mb"
    fi
}

head="| puzzle | published | memo count | memo s | memo MB | DLX6 count | DLX6 s | DLX6 MB"
rule="| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---:"
if [ -n "$first" ]; then
    head="$head | DLX6 first item count | s | MB"
    rule="$rule | ---: | ---: | ---:"
fi
echo "$head | default engine count | s |"
echo "$rule | ---: | ---: |"
for p in "${puzzles[@]}"; do
    x="$out/$(echo "$p" | tr / _ | sed 's/\.toml$//').dlx"
    "$pc" matrix "$p" > "$x"
    published=$(sed -n 's/^solutions *= *\([0-9_]*\).*/\1/p' "$p" | tr -d _)
    run - "$pc" count "$p" --engine memo -q --json
    if [ -n "$gave_up" ]; then
        memo="$gave_up | $secs | $mb"
    else
        memo="$(sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$out_file") | $secs | $mb"
    fi
    row="| $p | ${published:--} | $memo | $(dlx6_cols "$dlx6" "$x")"
    [ -z "$first" ] || row="$row | $(dlx6_cols "$first" "$x")"
    if [[ " $default_files " == *" $p "* ]]; then
        run - "$pc" count "$p" -j1 -q --json
        if [ -n "$gave_up" ]; then
            row="$row | $gave_up | $secs |"
        else
            row="$row | $(sed -n 's/.*"solutions":\([0-9]*\).*/\1/p' "$out_file") | $secs |"
        fi
    else
        row="$row | not run | - |"
    fi
    echo "$row"
done
