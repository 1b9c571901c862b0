# tests/cli.sh, part options: the shared options, bots' searches in samples and windows, the bot pool, memory caps, faults at the REPL.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
# The options run, play and tournament share are read from one table: each
# mistake gets the same message from each command.
for shared in "--bot-budget -5" "--bot-memory 0" "--game-memory 8" "--on-fault explode" \
    "--max-moves 0" "--set ante" "--seed" "--frobnicate"; do
    set -- $shared
    "$bin" run fixture "$@" >"$work/shared-run" 2>&1; s1=$?
    "$bin" play fixture "$@" </dev/null >"$work/shared-play" 2>&1; s2=$?
    "$bin" tournament fixture --bots random "$@" >"$work/shared-tour" 2>&1; s3=$?
    m1=$(sed 's/(options: .*)//' "$work/shared-run"); m3=$(sed 's/(options: .*)//' "$work/shared-tour")
    if [ "$s1$s2$s3" = 222 ] && [ -n "$m1" ] && [ "$m1" = "$m3" ] && cmp -s "$work/shared-run" "$work/shared-play"; then ok; else
        bad "$shared: run, play and tournament differ ($s1 $s2 $s3): $m1 / $m3"; fi
done
# ask_forced = false: a decision with one legal move is played without
# calling choose (a BAM! game has several); without it the same bot is
# called for them, and faults.
sed '/ask_forced/d' "$here/bots/forced-unasked.lua" >"$work/forced-asked.lua"
expect 0 '"type":"result".*"faults":\[[1-9][0-9]*,0,0\]' -- "$bin" run bam --seats "$work/forced-asked.lua,random,random" --seed 1 --json
printf 'return { ask_forced = 1, choose = function(v, m) return m[1] end }\n' >"$work/forced-bad.lua"
expect 1 'sets ask_forced to a number: make it true .* or false' -- "$bin" run bam --seats "$work/forced-bad.lua,random,random"
# ... and plays what choose would have answered: bam-greedy (which sets it)
# and a copy called for every decision have the same games.
sed 's/ask_forced = false/ask_forced = true/' "$here/../bots/bam-greedy.lua" >"$work/greedy-asked.lua"
"$bin" tournament bam --bots bam-greedy,random,random --games 12 --set hands=2 --seed 1 --out "$work/gf.jsonl" >/dev/null 2>&1
"$bin" tournament bam --bots "$work/greedy-asked.lua,random,random" --games 12 --set hands=2 --seed 1 --out "$work/ga.jsonl" >/dev/null 2>&1
strip() { sed 's/"tournament":"[^"]*",//; s/"seats":\[[^]]*\],//; s/,"check":"[0-9a-f]*"//' "$1"; }
[ "$(wc -l <"$work/gf.jsonl")" -eq 12 ] && [ "$(strip "$work/gf.jsonl")" = "$(strip "$work/ga.jsonl")" ] && ok ||
    bad "a bot not asked for forced moves played other games than one asked for them"
# Search: ctx.sample checked from inside a bot in three games (one with
# claim windows); ismcts plays them without a fault, and its tournaments
# give the same lines with --jobs 2. Bots misusing samples are among the
# hostile ones above.
for game in "bam --set hands=1" bamboozled-dice fixture "bamm --set cards=2"; do
    expect 0 '"type":"result".*"faults":\[0,0,0\]' -- "$bin" run $game --seats "$here/bots/sample-check.lua,random,random" --seed 4 --json
    expect 0 '"type":"result".*"faults":\[0,0,0\]' -- "$bin" run $game --seats ismcts,random,random --seed 4 --json
done
# In a claim window a sample's playout answers for every asked seat at
# once, in the window's claim order, as the referee asks them; and ismcts
# follows its own seat's answers there, not those of the first seat asked
# (in crossroads the two seats want opposite answers; in one round, right
# wins seat 2 three times in four, left once).
for seed in 1 2 3 4 5 6; do
    "$bin" run crossroads --seats random,ismcts --seed $seed --json >"$work/cross" 2>&1
    grep -q '"type":"result".*"faults":\[0,0\]' "$work/cross" &&
        grep -Eq '"seat":2,"move":"right"|seat 2.s answer .right. lapsed' "$work/cross" &&
        ! grep -Eq '"seat":2,"move":"left"|seat 2.s answer .left. lapsed' "$work/cross" && ok || bad "ismcts in seat 2 of crossroads (seed $seed) did not always answer right"
done
# Rules that loop forever in a bot's sample: the watchdog stops them there,
# the bot faults, and the game's own later rules calls run (the hook the
# overrun left in the game's state is taken off).
expect 0 '"type":"result","places":\[1,1\],"winners":\[1,2\],"moves":6,"faults":\[1,0\]' -- env REFEREE_RULES="$here/fixture/broken:$REFEREE_RULES" \
    "$bin" run loops-later --seats "$here/bots/sample-runaway.lua,$here/bots/forced-unasked.lua" --seed 2 --json --bot-budget 2000000
"$bin" tournament bamboozled-dice --bots ismcts,random,random --games 6 --seed 1 --out "$work/is1.jsonl" >/dev/null 2>&1
"$bin" tournament bamboozled-dice --bots ismcts,random,random --games 6 --seed 1 --jobs 2 --out "$work/is2.jsonl" >/dev/null 2>&1
[ "$(wc -l <"$work/is1.jsonl")" -eq 6 ] && cmp -s "$work/is1.jsonl" "$work/is2.jsonl" && ok ||
    bad "ismcts tournaments differ between --jobs 1 and --jobs 2"
# A tournament keeps its bots from game to game, each put back as its
# script left it: no trace of an earlier game (globals, module state, memory
# held) is left, in one process or in two workers.
for jobs in 1 2; do
    "$bin" tournament fixture --bots "$here/bots/leaves-traces.lua,$here/bots/leaves-traces.lua,random" --games 9 \
        --bot-memory 16 --jobs $jobs --out "$work/lt$jobs.jsonl" >/dev/null 2>&1
    [ "$(grep -c '"faults":\[0,0,0\]' "$work/lt$jobs.jsonl")" -eq 9 ] && ok ||
        bad "a bot kept between games saw traces of an earlier one (--jobs $jobs): $(grep -v '"faults":\[0,0,0\]' "$work/lt$jobs.jsonl" | head -1)"
done
# The memory cap counts what a bot holds, not its garbage: a bot holding
# 10 MB of its 16 and making 2 MB of garbage a decision is collected before
# an allocation is refused (its collector waits for tenfold growth).
"$bin" tournament fixture --bots "$here/bots/churns-near-cap.lua,random" --seats 2 --games 4 \
    --bot-memory 16 --out "$work/churn.jsonl" >/dev/null 2>&1
[ "$(grep -c '"faults":\[0,0\]' "$work/churn.jsonl")" -eq 4 ] && ok ||
    bad "a bot within its memory cap ran out of memory: $(grep -v '"faults":\[0,0\]' "$work/churn.jsonl" | head -1)"
# A faulting bot at the REPL is reported, and the person plays on.
printf 'new fixture --seats human,%s --seed 26 --bot-budget 100000\nplay QH\n' "$here/bots/hostile/infinite-loop.lua" |
    "$bin" >"$work/repl-bot" 2>&1
grep -q "bot infinite-loop.lua faulted (choose failed: the script ran too long" "$work/repl-bot" && ok ||
    bad "the REPL did not report a faulting bot"
