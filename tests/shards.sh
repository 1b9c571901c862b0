#!/bin/sh
# A tournament's lineups, and beyond one machine: the lines repl/README.md
# gives for shards, run as written: GNU parallel on this machine's slots,
# and the Slurm job-array script with its task variables set as Slurm sets
# them. Each is merged and must equal one run of the same tournament,
# standings and lines.
bin=${REFEREE_BIN:?set REFEREE_BIN}
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
pass=0 fail=0
ok() { pass=$((pass + 1)); }
# A mutant needs one failure (tools/mutants.sh sets STOP_AT_FIRST_FAILURE): no waiting for the rest.
bad() { fail=$((fail + 1)); echo "shards: FAILED: $*"; [ -z "${STOP_AT_FIRST_FAILURE:-}" ] || { echo "shards: $pass passed, $fail failed"; exit 1; }; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" && ln -s "$bin" referee

# The same games, lines sorted by game (workers and shards finish in any order).
same_lines() { sort "$1" >"$work/a"; cat $2 | sort >"$work/b"; cmp -s "$work/a" "$work/b"; }

# From deal to deal a lineup is seated in each of its orders round the
# table: over (K-1)! = 6 deals of four seats (24 games) each bot sits
# after each other in 8 games, and in each seat 6 times (only rotated, a
# bot sat after the same one in all 24).
./referee tournament fixture --bots "random,$here/bots/forced-unasked.lua,$here/bots/sample-check.lua,$top/bots/dice-honest.lua" \
    --games 24 --seed 1 --out "$work/orders.jsonl" >/dev/null 2>&1
sed -n 's/.*"seats":\[\([^]]*\)\].*/\1/p' "$work/orders.jsonl" | awk -F, '
    { for (s = 1; s <= 4; s++) { seat[$s, s]++; after[$s, $(s % 4 + 1)]++ }; games++ }
    END {
        ok = games == 24
        for (k in seat) ok = ok && seat[k] == 6
        for (k in after) { pairs++; ok = ok && after[k] == 8 }
        exit !(ok && pairs == 12)
    }' && ok || bad "a tournament's lineups are not seated in every order round the table: $(head -c 300 "$work/orders.jsonl")"

command -v parallel >/dev/null || bad "GNU parallel is needed (apt-get install parallel)"
sed -n '/^parallel -j 4 /,/::: 1 2 3 4$/p' "$top/repl/README.md" >parallel.sh
grep -q "::: 1 2 3 4" parallel.sh && ok || bad "repl/README.md has no 'parallel -j 4 ...' line to run"
sh parallel.sh >parallel.out 2>&1 && ok || bad "the README's parallel line failed: $(tail -3 parallel.out)"
./referee merge shard*.jsonl >merged.txt 2>&1 && ok || bad "merging its shards: $(tail -3 merged.txt)"
./referee tournament bam --bots bam-greedy,random,random --set hands=1 --games 1200 --seed night-1 \
    --out one.jsonl >one.txt 2>&1
cmp -s one.txt merged.txt && ok || bad "parallel's shards merged differ from one run: $(diff one.txt merged.txt | head -4)"
same_lines one.jsonl "shard*.jsonl" && ok || bad "parallel's shards hold other lines than one run's"

rm -f shard*.jsonl
for task in 1 2 3 4; do
    SEED=night-2 GAMES=240 REFEREE=./referee SLURM_ARRAY_TASK_COUNT=4 SLURM_ARRAY_TASK_ID=$task \
        sh "$top/tools/slurm-tournament.sh" >"task$task.out" 2>&1 || bad "array task $task failed: $(tail -2 "task$task.out")"
done
./referee merge shard*.jsonl >merged2.txt 2>&1
./referee tournament bam --bots bam-greedy,random,random --set hands=1 --games 240 --seed night-2 \
    --out one2.jsonl >one2.txt 2>&1
cmp -s one2.txt merged2.txt && ok || bad "the job array's shards merged differ from one run: $(diff one2.txt merged2.txt | head -4)"
same_lines one2.jsonl "shard*.jsonl" && ok || bad "the job array's shards hold other lines than one run's"
SLURM_ARRAY_TASK_ID=1 sh "$top/tools/slurm-tournament.sh" >noseed.out 2>&1
[ $? -ne 0 ] && grep -q "give every task one seed" noseed.out && ok || bad "a task without SEED: $(cat noseed.out)"

echo "shards: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
