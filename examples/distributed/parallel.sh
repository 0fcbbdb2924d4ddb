#!/usr/bin/env bash
# A distributed count with GNU parallel: the N shards run as N jobs on this
# machine, or on several machines over ssh, then the results are merged.
#
#   PUZZLE=big.toml N=512 ./parallel.sh                       # here, one shard per core
#   PUZZLE=big.toml N=512 SSHLOGINFILE=nodes ./parallel.sh    # on the machines in nodes
#
# A rerun with the same settings redoes only the shards that failed or never
# ran (parallel's --joblog and --resume-failed), and a shard that was killed
# resumes from its checkpoint. Exit status: merge's (0 complete, 1 shards
# missing, 2 bad input).
set -euo pipefail

# What to count: the puzzle, the number of shards, the directory of the
# result files, the polycover binary and the group of the distinct count
# (empty: polycover's default, full).
PUZZLE=${PUZZLE:-big.toml}
N=${N:-512}
OUT=${OUT:-shards}
POLYCOVER=${POLYCOVER:-polycover}
GROUP=${GROUP:-}
# How: shards at a time (per machine; 100% is one per core), threads per shard,
# the job log (keep it between reruns: it is how a rerun knows what is done),
# the machines (empty: only this one; otherwise a --sshloginfile: one
# [ncpus/]host per line, ':' for this machine), and where the merged count and
# the checkpoint of whatever is missing go.
JOBS=${JOBS:-100%}
THREADS=${THREADS:-1}
JOBLOG=${JOBLOG:-$OUT/joblog}
SSHLOGINFILE=${SSHLOGINFILE:-}
MERGED=${MERGED:-merged.json}
REST=${REST:-rest.ck}

mkdir -p "$OUT"
group=()
if [[ -n $GROUP ]]; then
    group=(--group "$GROUP")
fi

# The command of one shard, {} being its index: resume from the shard's
# checkpoint if an earlier run left one, else start recording one; drop the
# checkpoint once the result file is written. The variables are quoted here,
# once, so that the command (which --resume-failed needs to be the same on
# every run) is plain text for the shell of whichever machine runs it.
# shellcheck disable=SC2016 # $ck and $how are the job shell's, not ours
printf -v shard_command \
    'ck=%q/{}.ck; if [ -e "$ck" ]; then how=--resume; else how=--checkpoint; fi; %q count %q --shard {}/%q --out %q/{}.json -j %q "$how" "$ck" %s && rm -f "$ck"' \
    "$OUT" "$POLYCOVER" "$PUZZLE" "$N" "$OUT" "$THREADS" "${group[*]@Q}"

# Over ssh every machine runs in this same directory (it must be on a file
# system they share, with the puzzle file, and polycover on their PATH or
# POLYCOVER an absolute path). The shards of a machine that does not answer
# fail, and a rerun redoes them. (No --filter-hosts: its probe is confused by
# login shells that print anything.)
remote=()
if [[ -n $SSHLOGINFILE ]]; then
    remote=(--sshloginfile "$SSHLOGINFILE" --workdir "$PWD")
fi

# The shards: N jobs, JOBS at a time, each logged in JOBLOG with its exit
# status. --resume-failed skips the jobs the log shows done and runs the
# failed and missing ones again; --tagstring prefixes output with the shard.
failed=0
parallel --jobs "$JOBS" --joblog "$JOBLOG" --resume-failed --tagstring 'shard {}' \
    "${remote[@]}" "$shard_command" ::: $(seq 1 "$N") || failed=$?
if ((failed > 0)); then
    echo "parallel.sh: parallel exited $failed (the number of failed shards, up to 100; see $JOBLOG); merging the rest" >&2
fi

# The merge: the exact total and distinct count as JSON in MERGED; if shards
# are missing, it lists them and writes REST, a checkpoint of everything
# finished (finish with `polycover count $PUZZLE --resume $REST`, or rerun
# this script to redo the missing shards).
shopt -s nullglob
status=0
"$POLYCOVER" merge "$PUZZLE" "$OUT"/[0-9]*.json --json --checkpoint "$REST" "${group[@]}" \
    >"$MERGED" || status=$?
cat "$MERGED"
if ((status == 0)); then
    rm -f "$REST"
fi
exit "$status"
