#!/bin/sh
# make bench: for each game, random-seat playouts per second (wall clock,
# noisy) and instructions per game and per decision (callgrind, stable);
# then instructions per game of tournaments between the bundled bots.
# Writes the tables to bench/results.md, the baseline later changes compare
# to, and prints each figure's change against the baseline it replaces.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
bench="$top/build/bench"
referee="$top/referee"
export REFEREE_RULES="$top/bench:$top/tests/fixture:$top/rules" REFEREE_BOTS="$top/bots"
out="$top/bench/results.md"
mkdir -p "$top/bench"
command -v valgrind >/dev/null || { echo "bench: valgrind is needed (apt-get install valgrind)"; exit 1; }

# GAME SEATS [OPTIONS]: the games measured. A BAM! game here is one hand of
# 4 cards (the target of issue 5: at most 24,000 instructions). loop-floor
# (bench/loop-floor.lua) is the thinnest rules there can be: its figure per
# decision is the referee loop's own cost, below which no game can go;
# method-calls (bench/method-calls.lua) adds ten table method calls a
# decision to it, which prices one.
games="bam 4 hands=1 cards=4
bam-app 2 hands=1
bamboozled-dice 4
bamm 4
bamboozled 2 hands=1
fixture 4
fixture 2
loop-floor 4
method-calls 4"

# LONG SHORT GAME BOTS [OPTIONS]: the tournaments measured, per game the
# difference between LONG and SHORT games (a worker loads each bot once
# and puts its state back for every game, so the figure includes that copy
# and not the loading). The last is a search bot's (ismcts: samples and
# playouts, the rules' hot path in search), over fewer games as each costs
# hundreds of millions of instructions.
tournaments="40 10 bam bam-greedy,bam-greedy,bam-greedy,bam-greedy hands=1
40 10 bamboozled-dice dice-bluffer,dice-honest,dice-bluffer,dice-honest
40 10 bamm bamm-greedy,bamm-greedy,bamm-greedy,bamm-greedy
40 10 bamboozled bamboozled-greedy,bamboozled-greedy hands=1
4 1 bam ismcts,bam-greedy,random hands=1"

# The tournament timed with --jobs 1 and --jobs 2: short games, so that
# handing lines from the workers to the parent counts.
parallel_bots=bam-greedy,random,bam-greedy
parallel_options=hands=3
parallel_games=19998 # a whole number of rounds of the three bots

collected() { # COMMAND...: the instructions callgrind counts for it, its child processes
    # (a tournament's workers) included
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | awk '{ sum += $1 } END { print sum + 0 }'
}

{
    echo "| game | seats | options | playouts/s | decisions/game | instructions/game | instructions/decision | Lua instructions/game |"
    echo "|---|---|---|---|---|---|---|---|"
    echo "$games" | while read -r game seats options; do
        set -- $("$bench" "$game" "$seats" 2000 1 $options)
        rate=$4
        decisions=$(( $2 / $1 ))
        # The difference between 40 and 10 games removes start-up costs.
        i40=$(collected "$bench" "$game" "$seats" 40 1 $options)
        i10=$(collected "$bench" "$game" "$seats" 10 1 $options)
        d40=$("$bench" "$game" "$seats" 40 1 $options | cut -d' ' -f2)
        d10=$("$bench" "$game" "$seats" 10 1 $options | cut -d' ' -f2)
        # The rules' own work: Lua instructions (VM steps, not machine
        # instructions), counted by a hook in a run of their own.
        l40=$("$bench" --lua-ops "$game" "$seats" 40 1 $options | cut -d' ' -f6)
        l10=$("$bench" --lua-ops "$game" "$seats" 10 1 $options | cut -d' ' -f6)
        echo "| $game | $seats | ${options:--} | $rate | $decisions | $(( (i40 - i10) / 30 )) | $(( (i40 - i10) / (d40 - d10) )) | $(( (l40 - l10) / 30 )) |"
    done
    echo
    echo "| tournament | bots | options | instructions/game |"
    echo "|---|---|---|---|"
    echo "$tournaments" | while read -r long short game bots options; do
        # A fixed seed: without one each run would play other games.
        run() { collected "$referee" tournament "$game" --bots "$bots" --games "$1" --seed 1 ${options:+--set $options}; }
        i_long=$(run "$long")
        i_short=$(run "$short")
        echo "| $game | $bots | ${options:--} | $(( (i_long - i_short) / (long - short) )) |"
    done
    # Wall clock (so noisy: a figure to compare by eye, not a count; the
    # better of two runs, as other loads only ever slow one) of a tournament
    # of many short games with one worker and with two: how well --jobs
    # spreads it over the cores (issue 5: at least 1.8x).
    echo
    echo "| parallel | bots | options | games | --jobs 1 s | --jobs 2 s | speed-up |"
    echo "|---|---|---|---|---|---|---|"
    wall() { # JOBS: seconds the tournament takes, the better of two runs
        for run in 1 2; do
            start=$(date +%s.%N)
            "$referee" tournament bam --bots "$parallel_bots" --set "$parallel_options" \
                --games "$parallel_games" --seed 5 --jobs "$1" >/dev/null
            echo "$start $(date +%s.%N)"
        done | awk '{ t = $2 - $1; if (NR == 1 || t < best) best = t } END { printf "%.2f", best }'
    }
    one=$(wall 1)
    two=$(wall 2)
    echo "| bam | $parallel_bots | $parallel_options | $parallel_games | $one | $two | $(echo "$one $two" | awk '{ printf "%.2fx", $1 / $2 }') |"
    # pairs as scripts have it (in one order in every process: sorted keys,
    # core/lua/ordered_next.c) against plain Lua 5.4's own next, per traversal
    # of a table of string keys: 1000 traversals less none.
    echo
    echo "| pairs | keys | instructions/traversal | plain Lua 5.4 |"
    echo "|---|---|---|---|"
    for keys in 10 100; do
        probe() { collected "$referee" run pairs-probe --seats random --seed 1 --set keys="$keys" --set loops="$1"; }
        plain() { collected lua5.4 "$top/bench/pairs-plain.lua" "$keys" "$1"; }
        echo "| pairs | $keys | $(( ($(probe 1000) - $(probe 0)) / 1000 )) | $(( ($(plain 1000) - $(plain 0)) / 1000 )) |"
    done
} >"$out.new"
# What is measured by hand (the bots' strength) is kept as it stands.
if [ -f "$out" ]; then sed -n '/^## Measured by hand/,$p' "$out" >>"$out.new"; fi

# The table as written, each instruction count followed by its change on
# the baseline's row of the same game, seats (or bots) and options.
awk -F'|' -v baseline="$out" '
    function counted(col) { return (table == "game" && col >= 7) || (table == "tournament" && col == 5) || (table == "pairs" && col >= 4) }
    function which(line) { if (line ~ /^[|] game [|]/) table = "game"; else if (line ~ /^[|] tournament [|]/) table = "tournament"; else if (line ~ /^[|] parallel [|]/) table = "parallel"; else if (line ~ /^[|] pairs [|] keys/) table = "pairs" }
    function is_row(line) { return line ~ /^[|] / && line !~ /^[|] (game|tournament|parallel) [|]/ && line !~ /^[|] pairs [|] keys/ && line !~ /^[|]---/ }
    BEGIN {
        while ((getline line < baseline) > 0) {
            which(line)
            if (is_row(line)) { split(line, f, "|"); old[table "|" f[2] "|" f[3] "|" f[4]] = line }
        }
        table = ""
    }
    { which($0) }
    !is_row($0) { print; next }
    {
        split(old[table "|" $2 "|" $3 "|" $4], before, "|")
        line = "|"
        for (col = 2; col < NF; col++) {
            figure = $col
            if (counted(col) && before[col] + 0 > 0)
                figure = sprintf("%s(%+.1f%%) ", $col, ($col - before[col]) * 100 / before[col])
            line = line figure "|"
        }
        print line
    }' "$out.new"
mv "$out.new" "$out"
# FLAG: instructions per decision of one of bench's floors, over 100,000.
per_floor_decision() {
    echo $(( ($(collected "$bench" "$1" 100000) - $(collected "$bench" "$1" 0)) / 100000 ))
}
# Lua's own floor under any kernel: bare round trips from C through an
# apply in Lua that asks through one C function (bench.c: lua_floor).
lua_floor=$(per_floor_decision --lua-floor)
# The same for rules that would run as one Lua loop pulling each move from
# C (bench.c: lua_pull_floor): what no contract with the rules in Lua gets under.
pull_floor=$(per_floor_decision --lua-pull-floor)
# Issue 5's targets for rules in Lua, against the figures now.
awk -F'|' -v lua_floor="$lua_floor" -v pull_floor="$pull_floor" '
    # The Lua instructions the rules run: each costs Lua 5.4'"'"'s interpreter
    # tens of machine instructions, so these alone bound a game from below.
    function lua(what, have) { printf "  %-44s %10d Lua instructions\n", what, have }
    function against_ratio(what, have, target) {
        printf "  %-44s %9.2fx, target %5.1fx: %s\n", what, have, target, (have >= target ? "met" : "not met")
    }
    function against(what, have, target) {
        printf "  %-44s %10d, target %6d: %s\n", what, have, target,
               have <= target ? "met" : sprintf("%.0fx over", have / target)
    }
    $2 == " bam " && $4 == " hands=1 cards=4 " { against("4-player BAM! hand of 4 cards, per game", $7, 24000)
                                                 against("BAM! hand, per decision", $8, 800)
                                                 lua("the BAM! rules alone, per game", $9) }
    $2 == " bamboozled-dice " && $3 == " 4 " { against("4-player dice game, per game", $7, 20000)
                                               lua("the dice rules alone, per game", $9) }
    $2 == " bam " && $8 ~ /x $/ { against_ratio("--jobs 2 against --jobs 1 (wall clock)", $8 + 0, 1.8) }
    $2 == " loop-floor " { against("the loop alone (loop-floor), per decision", $8, 800); floor = $8 + 0 }
    $2 == " method-calls " { calls = $8 + 0 }
    END { printf "  %-44s %10d (C into a Lua apply that calls one C function: this Lua'"'"'s least, whatever the kernel)\n",
                 "a bare round trip through Lua, per decision", lua_floor
          printf "  %-44s %10d (Lua rules that pull each move from C and branch on it: the least under any contract)\n",
                 "a move pulled by a Lua loop, per decision", pull_floor
          if (floor && calls && per_row)
              printf "  %-44s %10d (a 4-player BAM! hand makes about 150, 12 a decision)\n",
                     "one table method call (method-calls less loop-floor, / " per_row ")", (calls - floor) / per_row }
' per_row="$(sed -n 's/^local CALLS = \([0-9]*\).*/\1/p' "$top/bench/method-calls.lua")" "$out" |
    { echo; echo "targets (issue 5), in instructions:"; cat; }
echo
echo "written to bench/results.md (in brackets: the change on the figures it held before)"
