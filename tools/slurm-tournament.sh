#!/bin/sh
#SBATCH --job-name=referee-tournament
#SBATCH --output=shard-%a.log
# A tournament as a Slurm job array: task I of N plays shard I/N and writes
# shardI.jsonl; `referee merge shard*.jsonl` gives the standings of all.
#   SEED=night-1 sbatch --array=1-16 tools/slurm-tournament.sh
# Every task needs the same seed (each would draw its own without one, and
# merge refuses to mix tournaments). GAMES, GAME, BOTS and SETS choose the
# tournament; REFEREE the binary (./referee).
set -eu
: "${SLURM_ARRAY_TASK_ID:?run it as a job array: sbatch --array=1-16 $0 (Slurm sets SLURM_ARRAY_TASK_ID)}"
: "${SEED:?give every task one seed: SEED=night-1 sbatch --array=1-16 $0}"
shards=${SLURM_ARRAY_TASK_COUNT:-16}
set -- --set hands=1
[ -n "${SETS:-}" ] && set -- $SETS
exec "${REFEREE:-./referee}" tournament "${GAME:-bam}" --bots "${BOTS:-bam-greedy,random,random}" "$@" \
    --games "${GAMES:-159996}" --seed "$SEED" --shard "$SLURM_ARRAY_TASK_ID/$shards" \
    --out "shard$SLURM_ARRAY_TASK_ID.jsonl"
