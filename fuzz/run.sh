#!/bin/sh
# Runs every fuzz target (or those named) for a fixed time, each from a seed
# corpus built out of the repository's own files. See docs/fuzzing.md.
#
#   fuzz/run.sh                      every target, 60 s each
#   SECONDS_PER_TARGET=600 fuzz/run.sh dlx_roundtrip
#
# Needs a nightly toolchain and cargo-fuzz. Crashes land in
# fuzz/artifacts/TARGET/; the script stops at the first target that fails.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
fuzz="$root/fuzz"
seconds=${SECONDS_PER_TARGET:-60}
# An input taking longer than this is reported as a hang (raise it on a
# loaded machine: the catalog's largest puzzles take seconds under ASan).
timeout=${TIMEOUT_PER_INPUT:-10}
targets=${*:-puzzle_file tile_file dlx_roundtrip burr_file checkpoint twisty_file twisty_state position stick_art}
corpus="$fuzz/corpus"

# Seeds. libFuzzer adds what it finds to the same directories, so they are
# refilled (never emptied) on each run; fuzz/corpus/ is not committed.
seed() { # seed TARGET FILE...
    dir="$corpus/$1"
    shift
    mkdir -p "$dir"
    for f in "$@"; do
        # Flatten the path into the file name (data/soma/cube.toml -> data_soma_cube.toml).
        cp "$f" "$dir/$(echo "${f#"$root"/}" | tr / _)"
    done
}

tomls=$(find "$root/data" -name '*.toml' | sort)
dlxs=$(find "$root/benches/instances" -name '*.dlx' | sort)
tiles=$(grep -l '^kind *= *"tiles"' $tomls)
regressions() { find "$fuzz/regressions/$1" -type f 2>/dev/null | sort; }

# Files only the command line makes: a BurrTools file, a checkpoint and a
# shard's result (both for queens13.dlx, the checkpoint target's matrix).
made=$(mktemp -d)
trap 'rm -rf "$made"' EXIT
cargo build --quiet --manifest-path "$root/Cargo.toml" -p polycover
polycover="$root/target/debug/polycover"
"$polycover" export "$root/data/soma/cube.toml" --format xmpuzzle -o "$made/soma.xmpuzzle"
queens="$root/benches/instances/queens13.dlx"
"$polycover" count "$queens" --checkpoint "$made/queens13.checkpoint" >/dev/null
"$polycover" count "$queens" --shard 1/2 --out "$made/queens13.shard1" >/dev/null

seed puzzle_file $tomls $dlxs "$made/soma.xmpuzzle" $(regressions puzzle_file)
seed tile_file $tiles $(regressions tile_file)
seed dlx_roundtrip $dlxs $(regressions dlx_roundtrip)
seed burr_file "$root"/crates/burrtools/tests/burr/*.xmpuzzle "$made/soma.xmpuzzle" \
    "$fuzz"/seeds/burr_file/* $(regressions burr_file)
seed twisty_file $(find "$root/data/twisty" -name '*.toml' | sort) $(regressions twisty_file)
seed twisty_state "$fuzz"/seeds/twisty_state/* $(regressions twisty_state)
seed checkpoint "$made/queens13.checkpoint" "$made/queens13.shard1" \
    "$fuzz"/seeds/checkpoint/* $(regressions checkpoint)
seed position "$fuzz"/seeds/position/* $(regressions position)
seed stick_art "$fuzz"/seeds/stick_art/* $(regressions stick_art)

cd "$fuzz"
for t in $targets; do
    echo "== $t: ${seconds}s"
    # -timeout: an input taking longer is a hang, reported like a crash.
    cargo +nightly fuzz run "$t" "$corpus/$t" -- \
        -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=4096
done
