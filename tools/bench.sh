#!/bin/sh
# make bench: for each game, random-seat playouts per second (wall clock,
# noisy) and instructions per game and per decision (callgrind, stable).
# Writes the table to bench/results.md, the baseline later changes compare to.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
bench="$top/build/bench"
export REFEREE_RULES="$top/tests/fixture:$top/rules"
out="$top/bench/results.md"
mkdir -p "$top/bench"
command -v valgrind >/dev/null || { echo "bench: valgrind is needed (apt-get install valgrind)"; exit 1; }

# GAME SEATS [OPTIONS]: the games measured. A BAM! game here is one hand of
# 4 cards (the target of issue 5: at most 24,000 instructions).
games="bam 4 hands=1 cards=4
bam-app 2 hands=1
bamboozled-dice 4
fixture 4
fixture 2"

instructions() { # GAME SEATS N OPTIONS: instructions of the whole bench process
    game=$1 seats=$2 n=$3
    shift 3
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "$game" "$seats" "$n" 1 "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

{
    echo "| game | seats | options | playouts/s | decisions/game | instructions/game | instructions/decision |"
    echo "|---|---|---|---|---|---|---|"
    echo "$games" | while read -r game seats options; do
        set -- $("$bench" "$game" "$seats" 2000 1 $options)
        rate=$4
        decisions=$(( $2 / $1 ))
        # The difference between 40 and 10 games removes start-up costs.
        i40=$(instructions "$game" "$seats" 40 $options)
        i10=$(instructions "$game" "$seats" 10 $options)
        d40=$("$bench" "$game" "$seats" 40 1 $options | cut -d' ' -f2)
        d10=$("$bench" "$game" "$seats" 10 1 $options | cut -d' ' -f2)
        per_game=$(( (i40 - i10) / 30 ))
        per_decision=$(( (i40 - i10) / (d40 - d10) ))
        echo "| $game | $seats | ${options:--} | $rate | $decisions | $per_game | $per_decision |"
    done
} | tee "$out.new"
mv "$out.new" "$out"
echo "written to bench/results.md"
