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
export REFEREE_RULES="$top/bench:$top/tests/fixture:$top/rules" REFEREE_BOTS="$top/bench:$top/bots"
out="$top/bench/results.md"
mkdir -p "$top/bench"
command -v valgrind >/dev/null || { echo "bench: valgrind is needed (apt-get install valgrind)"; exit 1; }

# GAME SEATS [OPTIONS]: the games measured. A BAM! game here is one hand of
# 4 cards (the target of issue 5: at most 24,000 instructions). loop-floor
# (bench/loop-floor.lua) is the thinnest rules there can be: its figure per
# decision is the referee loop's own cost, below which no game can go, and
# a game of one decision what starting a game costs;
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
loop-floor 4 decisions=1
method-calls 4"

# LONG SHORT GAME BOTS [OPTIONS]: the tournaments measured, per game the
# difference between LONG and SHORT games (a worker loads each bot once
# and puts its state back for every game, so the figure includes that copy
# and not the loading). One is a search bot's (ismcts: samples and
# playouts, the rules' hot path in search), over fewer games as each costs
# hundreds of millions of instructions; one (--out among its options)
# writes every game's line as well, as a tournament kept to a file does.
# Four random seats play each deal's four seatings as one game, so their
# rows take 400 less 100 games (75 deals, as many games as the lean
# loop's): over 30 games, 7 or 8 deals, a game's length swung the figure
# by a tenth from one random stream to another.
tournaments="40 10 bam bam-greedy,bam-greedy,bam-greedy,bam-greedy hands=1
40 10 bamboozled-dice dice-bluffer,dice-honest,dice-bluffer,dice-honest
40 10 bamm bamm-greedy,bamm-greedy,bamm-greedy,bamm-greedy
40 10 bamboozled bamboozled-greedy,bamboozled-greedy hands=1
4 1 bam ismcts,bam-greedy,random hands=1
400 100 bam random,random,random,random hands=1 cards=4
400 100 bam random,random,random,random hands=1 cards=4 --out
400 100 bamboozled-dice random,random,random,random"

# The tournament timed with --jobs 1 and --jobs 2: short games, so that
# handing lines from the workers to the parent counts.
parallel_bots=bam-greedy,random,bam-greedy
parallel_options=hands=3
parallel_games=19998 # a whole number of rounds of the three bots

collected() { # COMMAND...: the instructions callgrind counts for it, its child processes
    # (a tournament's workers) included
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | awk '{ sum += $1 } END { printf "%.0f\n", sum }'
}

{
    echo "| game | seats | options | playouts/s | decisions/game | instructions/game | instructions/decision | Lua instructions/game |"
    echo "|---|---|---|---|---|---|---|---|"
    game_rows=$(echo "$games" | while read -r game seats options; do
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
    done)
    echo "$game_rows"
    # The tournaments between bots and random seats (the table after the
    # lean loop's), measured first: the lean table reads two of its rows.
    tournament_rows=$(echo "$tournaments" | while read -r long short game bots options; do
        # A fixed seed: without one each run would play other games.
        sets="" lines=""
        for o in $options; do
            # --out: each game's line written too (a new file each run:
            # an existing one would be resumed)
            case $o in --out) lines="$top/build/bench-lines.jsonl" ;; *) sets="$sets --set $o" ;; esac
        done
        run() {
            [ -z "$lines" ] || rm -f "$lines"
            collected "$referee" tournament "$game" --bots "$bots" --games "$1" --seed 1 $sets ${lines:+--out "$lines"}
        }
        i_long=$(run "$long")
        i_short=$(run "$short")
        echo "| $game | $bots | ${options:--} | $(( (i_long - i_short) / (long - short) )) |"
    done)
    tournament_figure() { # GAME OPTIONS: the instructions a game of random seats' row
        echo "$tournament_rows" | awk -F'|' -v game=" $1 " -v options=" $2 " \
            '$2 == game && $3 == " random,random,random,random " && $4 == options { print $5 + 0 }'
    }
    # Rules played by the leanest loop that keeps the contract
    # (tools/lean_loop.c and the files beside it, issue 68: a target out of
    # reach is shown so) and by the referee, for each target: the thinnest
    # rules' decision (40 games of 100 less 10) and game of one decision,
    # its start (400 games less 100); a BAM! hand in one process, the same
    # as a tournament game kept with --out, and a tournament game of the
    # dice game (the referee 40 games less 10, as above; the lean loop,
    # whose figures cost little, 400 less 100, for a steadier mean), the
    # referee's rules/bam.lua and rules/bamboozled-dice.lua beside
    # bench/lean-bam.lua and bench/lean-dice.lua, the same games written
    # for the lean table.
    echo
    echo "| lean loop | rules | target | referee, instructions | lean loop, instructions | referee / lean | decisions a game, referee / lean |"
    echo "|---|---|---|---|---|---|---|"
    lean() { collected "$top/build/lean-loop" "$@"; }
    # The same game? Decisions a game over 20,000 games of each, the
    # referee's random seats (build/bench) and the lean loop's.
    same() { # GAME SEATS OPTIONS RULES OPTION
        r=$("$bench" "$1" "$2" 20000 1 $3 | awk '{ printf "%.2f", $2 / $1 }')
        l=$("$top/build/lean-loop" "$top/bench/$4" 20000 "$2" "$5" | awk '{ printf "%.2f", $3 / $1 }')
        echo "$r / $l"
    }
    floor() { collected "$bench" loop-floor 4 "$@"; }
    lean_decision=$(( ($(lean "$top/bench/loop-floor.lua" 40 4 100) - $(lean "$top/bench/loop-floor.lua" 10 4 100)) / 3000 ))
    # The referee's: loop-floor's row of the games table (40 games less 10).
    floor_decision=$(echo "$game_rows" | awk -F'|' '$2 == " loop-floor " && $4 == " - " { print $8 + 0 }')
    lean_start=$(( ($(lean "$top/bench/loop-floor.lua" 400 4 1) - $(lean "$top/bench/loop-floor.lua" 100 4 1)) / 300 ))
    floor_start=$(( ($(floor 400 1 decisions=1) - $(floor 100 1 decisions=1)) / 300 ))
    ratio() { echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; }
    echo "| a decision | loop-floor, 4 seats | 2000 | $floor_decision | $lean_decision | $(ratio $floor_decision $lean_decision) | 100 / 100 |"
    echo "| a game of one decision | loop-floor, 4 seats, decisions=1 | 15000 | $floor_start | $lean_start | $(ratio $floor_start $lean_start) | 1 / 1 |"
    # The referee's BAM! hand: its row in the games table.
    ri=$(echo "$game_rows" | awk -F'|' '$2 == " bam " && $3 == " 4 " && $4 == " hands=1 cards=4 " { print $7 + 0 }')
    lean_hand=$(( ($(lean "$top/bench/lean-bam.lua" 400 4 4) - $(lean "$top/bench/lean-bam.lua" 100 4 4)) / 300 ))
    bam_same=$(same bam 4 "hands=1 cards=4" lean-bam.lua 4)
    echo "| a BAM! hand | bam, 4 seats, hands=1 cards=4 | 150000 | $ri | $lean_hand | $(ratio $ri $lean_hand) | $bam_same |"
    lines="$top/build/bench-lines.jsonl"
    ref_out=$(tournament_figure bam "hands=1 cards=4 --out")
    lean_out=$(( ($(lean --tournament --out "$lines" "$top/bench/lean-bam.lua" 400 4 4) - $(lean --tournament --out "$lines" "$top/bench/lean-bam.lua" 100 4 4)) / 300 ))
    echo "| a BAM! tournament game with --out | bam, 4 random seats, hands=1 cards=4 | 180000 | $ref_out | $lean_out | $(ratio $ref_out $lean_out) | $bam_same |"
    ref_dice=$(tournament_figure bamboozled-dice -)
    lean_dice=$(( ($(lean --tournament "$top/bench/lean-dice.lua" 400 4 3) - $(lean --tournament "$top/bench/lean-dice.lua" 100 4 3)) / 300 ))
    echo "| a dice tournament game | bamboozled-dice, 4 random seats | 700000 | $ref_dice | $lean_dice | $(ratio $ref_dice $lean_dice) | $(same bamboozled-dice 4 "" lean-dice.lua 3) |"
    rm -f "$lines"
    # Where the referee's BAM! hand stands between rules/bam.lua and the
    # lean loop: the same hand written for speed against the referee's own
    # API (bench/bam-fast.lua), its record byte for byte bam.lua's, then
    # without the events, notes and prompts of that record (the lean
    # loop's hand keeps none), each 40 hands less 10.
    fast() { echo $(( ($(collected "$bench" bam-fast 4 40 1 cards=4 "$@") - $(collected "$bench" bam-fast 4 10 1 cards=4 "$@")) / 30 )); }
    fast_record=$(fast)
    fast_bare=$(fast record=false)
    share() { echo "$1 $ri" | awk '{ printf "%.2f", $1 / $2 }'; }
    echo
    echo "| a BAM! hand | rules | instructions | against rules/bam.lua |"
    echo "|---|---|---|---|"
    echo "| the referee | rules/bam.lua | $ri | 1.00 |"
    echo "| the referee, the rules written for speed, the same record | bench/bam-fast.lua | $fast_record | $(share $fast_record) |"
    echo "| the referee, the same without events, notes or prompts | bench/bam-fast.lua, record=false | $fast_bare | $(share $fast_bare) |"
    echo "| the lean loop, the same without events, notes or prompts | bench/lean-bam.lua | $lean_hand | $(share $lean_hand) |"
    echo
    echo "| tournament | bots | options | instructions/game |"
    echo "|---|---|---|---|"
    echo "$tournament_rows"
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
    # The anchors (issues 41 and 55): the same BAM! hand as one Lua 5.4
    # script with no kernel, run by the stock lua5.4, idiomatic
    # (bench/bam-plain.lua) and lean (bench/bam-lean.lua: integer cards, no
    # table made in a hand): their instructions per hand (40 less 10) beside
    # the referee's random-seat hand (ri, its row of the games table), and
    # the CPU seconds of many hands each, the better of
    # two runs.
    echo
    echo "| anchor | game | referee instructions/hand | Lua instructions/hand | ratio | referee CPU s | Lua CPU s | CPU ratio |"
    echo "|---|---|---|---|---|---|---|---|"
    cpu() { # COMMAND...: user+system CPU seconds, the better of two runs
        for run in 1 2; do /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1; done |
            awk '{ t = $1 + $2; if (NR == 1 || t < best) best = t } END { printf "%.2f", best }'
    }
    rc=$(cpu "$bench" bam 4 20000 1 hands=1 cards=4)
    for anchor in "plain Lua:bam-plain" "lean Lua:bam-lean"; do
        script="$top/bench/${anchor#*:}.lua"
        p40=$(collected lua5.4 "$script" 40)
        p10=$(collected lua5.4 "$script" 10)
        pc=$(cpu lua5.4 "$script" 20000)
        pi=$(( (p40 - p10) / 30 ))
        echo "| ${anchor%:*} | bam, 4 random seats, hands=1 cards=4 | $ri | $pi | $(echo "$ri $pi" | awk '{ printf "%.2f", $1 / $2 }') | $rc | $pc | $(echo "$rc $pc" | awk '{ printf "%.2f", $1 / $2 }') |"
    done
    # Handing a view to a bot (issue 41): per decision, the cost of a
    # tournament of BAM! games of 3 hands less one of 1 hand, over the
    # decisions between them (so what a game costs once, such as putting a
    # bot's state back, drops out), for bots that take the first legal move
    # (bench/first-move.lua) less the same for random seats.
    echo
    echo "| bot call | game | first-move bot, instructions/decision | random seat, instructions/decision | a bot's view and call, per decision |"
    echo "|---|---|---|---|---|"
    per_decision() { # BOTS: instructions per decision, 3-hand games less 1-hand games
        for hands in 1 3; do
            rm -f "$top/build/bench-view.jsonl"
            i=$(collected "$referee" tournament bam --bots "$1" --games 20 --seed 1 --set hands=$hands \
                --set cards=4 --out "$top/build/bench-view.jsonl")
            m=$(sed -n 's/.*"moves":\([0-9]*\).*/\1/p' "$top/build/bench-view.jsonl" | awk '{ s += $1 } END { print s }')
            echo "$i $m"
        done | awk 'NR == 1 { i = $1; m = $2 } NR == 2 { printf "%d", ($1 - i) / ($2 - m) }'
        rm -f "$top/build/bench-view.jsonl"
    }
    first=$(per_decision first-move,first-move,first-move,first-move)
    random=$(per_decision random,random,random,random)
    echo "| view | bam, 4 seats, cards=4 | $first | $random | $((first - random)) |"
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
    # Where the instructions go (issue 55): per game, starting it, the seat
    # loop, the rules' own Lua and each kernel call they make
    # (tools/ledger.sh), then each target beside the rules' own Lua alone:
    # a figure no change to the kernel or the loop can take a game under.
    echo
    echo "## Where the instructions go"
    floors=""
    for spec in "bam 4 hands=1 cards=4" "bamboozled-dice 4" "bamboozled 2 hands=1"; do
        ledger=$(sh "$top/tools/ledger.sh" $spec)
        echo
        echo "### $spec (random seats, in one process)"
        echo
        echo "$ledger"
        floors="$floors$spec|$(echo "$ledger" | awk -F'|' '/rules. own Lua:/ { print $3 + 0 "|" $4 + 0 }')
"
    done
    lua_of() { echo "$floors" | awk -F'|' -v spec="$1" -v col="$2" '$1 == spec { print $col }'; }
    echo
    echo "| target (issue 55) | target, instructions | the rules' own Lua alone | |"
    echo "|---|---|---|---|"
    below() {
        echo "$1 $2" | awk '{ if ($1 > $2) printf "out of reach of these rules as written: their Lua alone is %.2fx the target", $1 / $2; else printf "in reach of these rules as written" }'
    }
    bam_lua=$(lua_of "bam 4 hands=1 cards=4" 2)
    dice_lua=$(lua_of "bamboozled-dice 4" 2)
    rummy_lua=$(lua_of "bamboozled 2 hands=1" 3)
    echo "| BAM! hand, in one process | 150000 | $bam_lua | $(below "$bam_lua" 150000) |"
    echo "| that hand's tournament game, all processes | 180000 | $bam_lua | $(below "$bam_lua" 180000) |"
    echo "| dice tournament game, all processes | 700000 | $dice_lua | $(below "$dice_lua" 700000) |"
    echo "| the rummy, a decision | 80000 | $rummy_lua | $(below "$rummy_lua" 80000) |"
    echo
} >"$out.new"
# What is measured by hand (the bots' strength) is kept as it stands.
if [ -f "$out" ]; then sed -n '/^## Measured by hand/,$p' "$out" >>"$out.new"; fi

# The table as written, each instruction count followed by its change on
# the baseline's row of the same game, seats (or bots) and options.
awk -F'|' -v baseline="$out" '
    function counted(col) { return (table == "game" && col >= 7) || (table == "tournament" && col == 5) || (table == "pairs" && col >= 4) || (table == "anchor" && (col == 4 || col == 5)) || (table == "view" && col >= 4) || (table == "lean" && (col == 5 || col == 6)) || (table == "fast" && col == 4) }
    function which(line) { if (line ~ /^[|] game [|]/) table = "game"; else if (line ~ /^[|] tournament [|]/) table = "tournament"; else if (line ~ /^[|] parallel [|]/) table = "parallel"; else if (line ~ /^[|] pairs [|] keys/) table = "pairs"; else if (line ~ /^[|] anchor [|]/) table = "anchor"; else if (line ~ /^[|] bot call [|]/) table = "view"; else if (line ~ /^[|] lean loop [|]/) table = "lean"; else if (line ~ /^[|] a BAM! hand [|] rules [|]/) table = "fast"; else if (line ~ /^[|] bot [|]/) table = "hand"; else if (line ~ /^[|] (part|kernel call|rules function|target [(]issue 55[)]) [|]/) table = "ledger" }
    function is_row(line) { return table != "hand" && table != "ledger" && line ~ /^[|] / && line !~ /^[|] (game|tournament|parallel|anchor|bot call|bot|lean loop) [|]/ && line !~ /^[|] a BAM! hand [|] rules [|]/ && line !~ /^[|] pairs [|] keys/ && line !~ /^[|]---/ }
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
# Issue 55's targets, against the figures now; the floors below which no
# contract with the rules in Lua goes.
awk -F'|' -v lua_floor="$lua_floor" -v pull_floor="$pull_floor" '
    function strip(x) { sub(/\(.*/, "", x); gsub(/ /, "", x); return x + 0 }
    function against(what, have, target) {
        printf "  %-52s %10d, target %7d: %s\n", what, have, target,
               have <= target ? "met" : sprintf("not met (%.1fx)", have / target)
    }
    # Only the tables make bench writes: those measured by hand below
    # them have rows of the same games.
    /^## / { done = 1 }
    done { next }
    /^[|] game [|]/ { table = "game" } /^[|] tournament [|]/ { table = "tournament" } /^[|] anchor [|]/ { table = "anchor" } /^[|] bot call [|]/ { table = "view" } /^[|] lean loop [|]/ { table = "lean" } /^[|] a BAM! hand [|] rules [|]/ { table = "fast" }
    table == "game" && $2 == " bam " && $4 == " hands=1 cards=4 " { bam_game = strip($7); bam_decision = strip($8); bam_decisions = strip($6) }
    table == "game" && $2 == " bamboozled-dice " && $3 == " 4 " { dice_game = strip($7) }
    table == "game" && $2 == " bamm " { bamm_decision = strip($8) }
    table == "game" && $2 == " bamboozled " { rummy_decision = strip($8) }
    table == "game" && $2 == " loop-floor " && $4 == " - " { floor = strip($8) }
    table == "game" && $2 == " loop-floor " && $4 == " decisions=1 " { start_floor = strip($7) }
    table == "tournament" && $2 == " bam " && $3 ~ /^ random,random,random,random / { tour_random = strip($5) }
    table == "tournament" && $2 == " bamboozled-dice " && $3 ~ /^ random,random,random,random / { tour_dice = strip($5) }
    table == "view" && $2 == " view " { view = strip($6) }
    table == "lean" && $2 == " a decision " { lean_decision = strip($6) }
    table == "lean" && $2 == " a game of one decision " { lean_start = strip($6) }
    table == "lean" && $2 == " a BAM! hand " { lean_hand = strip($6) }
    table == "lean" && $2 == " a BAM! tournament game with --out " { lean_out = strip($6) }
    table == "lean" && $2 == " a dice tournament game " { lean_dice = strip($6) }
    table == "fast" && $3 == " bench/bam-fast.lua " { fast_record = strip($4) }
    table == "fast" && $3 == " bench/bam-fast.lua, record=false " { fast_bare = strip($4) }
    table == "anchor" && $2 == " plain Lua " { ratio = $6 + 0; cpu_ratio = $9 + 0 }
    table == "anchor" && $2 == " lean Lua " { lean_ratio = $6 + 0; lean_cpu_ratio = $9 + 0 }
    END {
        against("BAM! hand, 4 random seats, start included", bam_game, 150000)
        against("a tournament game of that hand, all processes", tour_random, 180000)
        against("dice game, tournament game of 4 random seats", tour_dice, 700000)
        against("BAMM!, per decision", bamm_decision, 80000)
        against("the rummy, per decision", rummy_decision, 80000)
        printf "  %-52s %10.2f (CPU time: %.2f)\n", "the referee against idiomatic plain Lua", ratio, cpu_ratio
        printf "  %-52s %10.2f (CPU time: %.2f)\n", "the referee against lean Lua", lean_ratio, lean_cpu_ratio
        printf "  %-52s %10d (the referee loop alone: loop-floor)\n", "floor: a decision of the thinnest rules", floor
        printf "  %-52s %10d (loop-floor, decisions=1)\n", "floor: starting a game of the thinnest rules", start_floor
        printf "  %-52s %10d (tools/lean_loop.c: the same contract, written lean)\n", "lean loop: a decision of the thinnest rules", lean_decision
        printf "  %-52s %10d (the same, decisions=1)\n", "lean loop: a game of one decision", lean_start
        printf "  %-52s %10d, target %7d (bench/bam-fast.lua: bam.lua'"'"'s record)\n", "the referee, a BAM! hand written for speed", fast_record, 150000
        printf "  %-52s %10d (the same, record=false)\n", "the referee, that hand without its record", fast_bare
        printf "  %-52s %10d, target %7d (bench/lean-bam.lua)\n", "lean loop: a BAM! hand", lean_hand, 150000
        printf "  %-52s %10d, target %7d (the same, --tournament --out)\n", "lean loop: that hand'"'"'s tournament game", lean_out, 180000
        printf "  %-52s %10d, target %7d (bench/lean-dice.lua, --tournament)\n", "lean loop: a dice tournament game", lean_dice, 700000
        printf "  %-52s %10d (the start and a BAM! hand'"'"'s decisions at the floor)\n", "floor: a BAM! hand'"'"'s start and loop alone", start_floor + (bam_decisions - 1) * floor
        printf "  %-52s %10d (C into a Lua apply that calls one C function)\n", "floor: a bare round trip through Lua", lua_floor
        printf "  %-52s %10d (Lua rules pulling each move from C)\n", "floor: a move pulled by a Lua loop", pull_floor
    }' "$out" |
    { echo; echo "targets (issue 55), in instructions:"; cat; }
echo
echo "the rules' own Lua alone against each target (a floor no kernel change takes these rules under;"
echo "the lean loop's figures above are the same games written for a lean kernel):"
sed -n '/^| target (issue 55)/,/^$/p' "$out" | grep -v '^|---\|^| target' | grep . |
    awk -F'|' '{ gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $5); printf "  %-52s %10d, target %7d: %s\n", $2, $4, $3, $5 }'
echo
echo "written to bench/results.md (in brackets: the change on the figures it held before)"
