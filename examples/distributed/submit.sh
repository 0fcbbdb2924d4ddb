#!/usr/bin/env bash
# Submit a distributed count to Slurm: the count array job (count.sbatch, one
# task per shard) and the merge job (merge.sbatch) that runs once every task
# has succeeded.
#
#   PUZZLE=big.toml N=512 ./submit.sh [extra sbatch options, e.g. --partition=long]
#
# Prints the job ids as shell assignments (COUNT_JOB=..., MERGE_JOB=...).
# Run it in the directory where the results and logs should go (on a file
# system every node sees).
set -euo pipefail

# What to count and where (see count.sbatch); the array of tasks to run
# (default all N shards; ARRAY=3,17 resubmits two), the threads per task, and
# the merge job's dependency: afterok (merge only when every task succeeded;
# if one fails the merge never starts and Slurm shows it pending with reason
# DependencyNeverSatisfied) or afterany (merge anyway and list what is missing).
export PUZZLE=${PUZZLE:-big.toml}
export N=${N:-512}
export OUT=${OUT:-shards}
export POLYCOVER=${POLYCOVER:-polycover}
export GROUP=${GROUP:-}
export CHECKPOINT_EVERY=${CHECKPOINT_EVERY:-5s}
ARRAY=${ARRAY:-1-$N}
CPUS=${CPUS:-4}
DEPENDENCY=${DEPENDENCY:-afterok}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$OUT"

# The array job: sbatch passes the exported variables above to every task
# (its default is --export=ALL). --parsable prints "id" or "id;cluster".
count_job=$(sbatch --parsable --array="$ARRAY" --cpus-per-task="$CPUS" "$@" "$here/count.sbatch")
count_job=${count_job%%;*}

# The merge job, held until the whole array is done.
merge_job=$(sbatch --parsable --dependency="$DEPENDENCY:$count_job" "$@" "$here/merge.sbatch")
merge_job=${merge_job%%;*}

echo "COUNT_JOB=$count_job"
echo "MERGE_JOB=$merge_job"
echo "submitted: count array $count_job (tasks $ARRAY of $N shards, $CPUS threads each), merge $merge_job ($DEPENDENCY); squeue -j $count_job,$merge_job" >&2
