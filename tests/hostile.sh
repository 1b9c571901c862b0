#!/bin/sh
# Hostile bots and rules scripts: each file states what must happen to it
# in "-- expect:" lines, and this checks exactly that.
#   bots (tests/bots/hostile/*.lua): every fault the run records has a
#   reason matching one of the bot's expect lines (extended regular
#   expressions), and each line matches some fault; "no fault" means none.
#   rules (tests/rules/hostile/*.lua): `referee run` of the game exits with
#   the status of its "-- exit:" line, and its output has a line matching
#   each expect line ("-- args:" adds words to the command).
bin=${REFEREE_BIN:?set REFEREE_BIN}
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ok() { pass=$((pass + 1)); }
# A mutant needs one failure (tools/mutants.sh sets STOP_AT_FIRST_FAILURE): no waiting for the rest.
bad() { fail=$((fail + 1)); echo "hostile: FAILED: $*"; [ -z "${STOP_AT_FIRST_FAILURE:-}" ] || { echo "hostile: $pass passed, $fail failed"; exit 1; }; }

# Whether to run a part: all of them, or the one TEST_PART names (each
# mutant runs only the part that guards it: tools/mutants.sh).
part() { [ -z "${TEST_PART:-}" ] || [ "$TEST_PART" = "$1" ]; }
# The hostile rules scripts: the rules part tries each, the stuck part two.
rules="$here/rules/hostile"

# The expect lines of a script, one a line.
expectations() { sed -n 's/^-- expect: //p' "$1"; }

if part bots; then
# (TEST_ONLY=NAME: that bot alone, for the mutant it catches.)
for bot in "$here"/bots/hostile/${TEST_ONLY:-*}.lua; do
    name=$(basename "$bot" .lua)
    expectations "$bot" >"$work/want"
    if [ ! -s "$work/want" ]; then bad "hostile bot $name states no '-- expect:' line"; continue; fi
    # Under a timeout: a bot that hangs the referee fails here (exit 124).
    timeout 120 "$bin" run fixture --seats "$bot,random" --seed 2 --json --bot-budget 2000000 --bot-memory 16 \
        >"$work/run.jsonl" 2>"$work/run.err"
    status=$?
    result=$(tail -n 1 "$work/run.jsonl")
    if [ $status -ne 0 ] || ! echo "$result" | grep -q '"type":"result"'; then
        bad "hostile bot $name: exit $status, last line: $result"; head -3 "$work/run.err"; continue
    fi
    sed -n 's/^{"type":"fault",.*"reason":"\(.*\)"}$/\1/p' "$work/run.jsonl" >"$work/got"
    if grep -qx 'no fault' "$work/want"; then
        [ ! -s "$work/got" ] && echo "$result" | grep -q '"faults":\[0,0\]' && ok ||
            bad "hostile bot $name should not fault: $(head -1 "$work/got")"
        continue
    fi
    faults=$(echo "$result" | sed -n 's/.*"faults":\[\([0-9]*\),.*/\1/p')
    [ "${faults:-0}" -gt 0 ] && [ "$faults" -eq "$(wc -l <"$work/got")" ] && ok ||
        bad "hostile bot $name: the result counts ${faults:-no} faults, the record $(wc -l <"$work/got")"
    # Every fault is one the file expects...
    unexpected=$(grep -vEf "$work/want" "$work/got" | head -1)
    [ -z "$unexpected" ] && ok || bad "hostile bot $name faulted for a reason it does not expect: $unexpected"
    # ...and every expectation is met by some fault.
    while IFS= read -r pattern; do
        grep -qE -- "$pattern" "$work/got" && ok || bad "hostile bot $name: no fault matched '$pattern'"
    done <"$work/want"
done
fi

if part addresses; then
# A bot that quotes addresses in its errors: the records of one seed are
# the same bytes in two processes (and under another address layout).
for i in 1 2; do
    "$bin" run fixture --seats "$here/bots/hostile/addresses.lua,random" --seed 2 --json >"$work/addresses$i.jsonl" 2>&1
done
grep -q '"type":"fault"' "$work/addresses1.jsonl" && cmp -s "$work/addresses1.jsonl" "$work/addresses2.jsonl" && ok ||
    bad "the records of one seed differ between processes: $(diff "$work/addresses1.jsonl" "$work/addresses2.jsonl" | head -3)"
# Rules that note objects' identities (tostring({}), %p, %s of a table):
# one seed's records are the same bytes in two processes, they show no
# address, and a save made in one process replays in another.
ids="$here/rules/identities/identities.lua"
for i in 1 2; do
    REFEREE_RULES="$here/rules/identities:$REFEREE_RULES" "$bin" run "$ids" --seats random,random --seed 3 --json \
        >"$work/ids$i.jsonl" 2>&1
done
grep -qF '"#2, function: #5, table: #1, table: #3    #4"' "$work/ids1.jsonl" && ok ||
    bad "the rules' identities are not numbered: $(grep -m1 'function' "$work/ids1.jsonl")"
grep -q '0x' "$work/ids1.jsonl" && bad "an address reached the record: $(grep -m1 0x "$work/ids1.jsonl")" || ok
cmp -s "$work/ids1.jsonl" "$work/ids2.jsonl" && ok ||
    bad "rules naming objects play another game in another process: $(diff "$work/ids1.jsonl" "$work/ids2.jsonl" | head -3)"
printf 'roll\ndeclare 21\nsave %s\n' "$work/ids.json" | "$bin" play "$ids" --seats human,random --seed 3 >/dev/null 2>&1
"$bin" replay "$work/ids.json" >"$work/ids-replay" 2>&1 && ok ||
    bad "a save of rules naming objects does not replay: $(tail -2 "$work/ids-replay")"
fi

if part reads; then
# A bot that reads its sample's standing without end, in a game whose
# standing() is costly: every read is charged the rules' instructions it
# runs, so the bot faults by its instruction budget (not by the CPU-time
# backstop, which depends on the machine), and two runs are the same bytes.
for i in 1 2; do
    REFEREE_RULES="$here/rules/costly:$REFEREE_RULES" /usr/bin/time -f '%U' -o "$work/reads-cpu$i" \
        "$bin" run "$here/rules/costly/costly-standing.lua" --seats "$here/bots/sample-standing.lua,random" \
        --seed 2 --json --bot-budget 2000000 --on-fault forfeit >"$work/reads$i.jsonl" 2>&1
done
grep -q '"reason":"choose failed: the script ran too long (over its budget of 2000000 instructions' "$work/reads1.jsonl" &&
    ! grep -q 'seconds of CPU time' "$work/reads1.jsonl" && ok ||
    bad "a bot spinning on standing did not fault by instructions: $(grep -m1 fault "$work/reads1.jsonl")"
cmp -s "$work/reads1.jsonl" "$work/reads2.jsonl" && ok ||
    bad "a bot spinning on standing plays another game on another run: $(diff "$work/reads1.jsonl" "$work/reads2.jsonl" | head -3)"
fi

if part memory; then
# (TEST_ONLY=churn, hoard or count: that check alone, for the mutant it catches.)
only() { [ -z "${TEST_ONLY:-}" ] || [ "$TEST_ONLY" = "$1" ]; }
# The memory cap bounds what the process really holds for a bot: its peak
# resident size stays within the cap plus 25% (memory-churn.lua frees and
# fills its memory three ways; it once reached 2.8 times the cap).
only churn &&
for cap in 64 256; do
    /usr/bin/time -f '%M' -o "$work/rss" "$bin" run fixture --seats "$here/bots/memory-churn.lua,random" \
        --seed 2 --json --bot-memory "$cap" >"$work/churn.jsonl" 2>&1
    peak=$(tail -n 1 "$work/rss")
    [ -n "$peak" ] && [ "$peak" -le $((cap * 1024 * 5 / 4)) ] && tail -n 1 "$work/churn.jsonl" | grep -q '"type":"result"' &&
        ok || bad "a bot capped at $cap MB made the referee's peak resident size ${peak:-?} KB (at most $((cap * 1024 * 5 / 4)))"
done

# The ceiling over a whole game: five seats that hoard up to their caps
# (5 x 128 MB, and 5 x 256 MB under the default ceiling of 1024 MB) keep
# the process within the ceiling plus 25%, and the game ends there with why.
hoarder="$here/bots/hostile/memory-hoarder.lua"
five="$hoarder,$hoarder,$hoarder,$hoarder,$hoarder"
only hoard &&
for how in "128 256" "256 default"; do
    set -- $how
    ceiling=$2 flag="--game-memory $2"
    [ "$2" = default ] && ceiling=1024 flag=
    # shellcheck disable=SC2086
    /usr/bin/time -f '%M' -o "$work/rss" "$bin" run bamboozled-dice --seats "$five" --seed 1 --json \
        --bot-memory "$1" $flag >"$work/hoard.jsonl" 2>"$work/hoard.err"
    status=$?
    peak=$(tail -n 1 "$work/rss")
    [ $status -eq 1 ] && [ -n "$peak" ] && [ "$peak" -le $((ceiling * 1024 * 5 / 4)) ] &&
        grep -q "^referee: the game reached its memory ceiling of $ceiling MB (its rules and every seat together) at move [0-9]*: it ends here" "$work/hoard.err" &&
        grep -q '"type":"fault"' "$work/hoard.jsonl" && ok ||
        bad "five hoarding seats under a ceiling of $ceiling MB: exit $status, peak ${peak:-?} KB (at most $((ceiling * 1024 * 5 / 4))): $(tail -1 "$work/hoard.err")"
done

# ...and the bytes a bot holds live: at most its cap, and near it.
only count && {
"$bin" run fixture --seats "$here/bots/memory-count.lua,random" --seed 2 --json --bot-memory 16 \
    >"$work/count.jsonl" 2>&1
held=$(sed -n 's/.*"reason":"choose failed: held \([0-9]*\) bytes.*/\1/p' "$work/count.jsonl" | head -n 1)
cap=$((16 << 20))
[ -n "$held" ] && [ "$held" -lt "$cap" ] && [ "$held" -ge $((cap * 3 / 4)) ] && ok ||
    bad "a bot capped at 16 MB held ${held:-?} bytes live (less than $cap: the state itself takes some; at least three quarters of it)"
}
fi

if part rules; then
for script in "$rules"/*.lua; do
    name=$(basename "$script" .lua)
    expectations "$script" >"$work/want"
    want_status=$(sed -n 's/^-- exit: //p' "$script")
    if [ ! -s "$work/want" ] || [ -z "$want_status" ]; then
        bad "hostile rules $name state no '-- expect:' or '-- exit:' line"; continue; fi
    args=$(sed -n 's/^-- args: //p' "$script")
    # shellcheck disable=SC2086
    REFEREE_RULES="$rules:$REFEREE_RULES" timeout 60 "$bin" run "$name" --seats random,random --seed 1 $args \
        >"$work/run.out" 2>&1
    status=$?
    [ "$status" = "$want_status" ] && ok || bad "hostile rules $name exited $status, expected $want_status: $(tail -2 "$work/run.out")"
    while IFS= read -r pattern; do
        grep -qE -- "$pattern" "$work/run.out" && ok ||
            bad "hostile rules $name printed no line matching '$pattern': $(head -3 "$work/run.out")"
    done <"$work/want"
done
fi

if part returns; then
# Every value the referee reads back from rules, made wrong in each way
# (fixture/hostile-returns.lua): at the REPL and in run, the rules' fault is
# told with the function's name, the game stays as it was and is saved, and
# nothing crashes (an abort, a signal or the stuck exit).
returns="$here/fixture/hostile-returns.lua"
callbacks=$(sed -n 's/^local CALLBACKS = { \(.*\)$/\1/p; s/^ *\("judge".*\) }$/\1/p' "$returns" | tr -d '",}' | tr ' ' '\n' | grep .)
values=$(sed -n 's/^  \[*"*\([a-z0-9-]*\)"*\]* = function.*/\1/p' "$returns")
[ "$(echo "$callbacks" | wc -l)" -ge 9 ] && [ "$(echo "$values" | wc -l)" -ge 20 ] && ok ||
    bad "hostile returns: the callbacks and values were not read from $returns: $callbacks / $values"
for cb in $callbacks; do
    [ "$cb" = none ] && continue
    fn=${cb%%-*}
    for v in $values; do
        # (a result's message may be any UTF-8 text: its control characters are shown as '?')
        case "$cb=$v" in result-message=long|result-message=escape|result-message=line-break|result-message=nul) fine=1 ;; *) fine= ;; esac
        printf 'new %s --seats human,human --seed 1 --set callback=%s --set value=%s\nshow\nzz\nsay z\nsay a\nb\na\nb\nsave %s\n' \
            "$returns" "$cb" "$v" "$work/returns.json" | timeout 60 "$bin" >"$work/returns.out" 2>&1
        status=$?
        [ $status -le 1 ] && grep -q "^saved to .*returns.json" "$work/returns.out" && ! grep -q unprotected "$work/returns.out" && ok ||
            bad "hostile returns $cb=$v at the REPL: exit $status: $(grep -v '^ ' "$work/returns.out" | tail -2)"
        # (changing is good at one call and bad at the next: either may come first)
        if [ "$v" != nil ] && [ "$v" != changing ] && [ "$fn" != standing ] && [ -z "$fine" ]; then
            grep -Eq "^error: (.*; and )?the rules('| failed in) $fn\(\)" "$work/returns.out" && ok ||
                bad "hostile returns $cb=$v at the REPL: no fault of $fn() told: $(grep '^error' "$work/returns.out" | head -3)"
        fi
        timeout 60 "$bin" run "$returns" --seats random,random --seed 1 --set callback="$cb" --set value="$v" --json \
            >"$work/returns.jsonl" 2>"$work/returns.err"
        status=$?
        if [ "$fn" = result ] && [ "$v" != nil ] && [ "$v" != changing ] && [ -z "$fine" ]; then
            [ $status -eq 1 ] && grep -Eq "the rules('| failed in) result\(\)" "$work/returns.err" && ok ||
                bad "hostile returns $cb=$v in run: exit $status: $(tail -2 "$work/returns.err")"
        else
            [ $status -le 1 ] && ! grep -q unprotected "$work/returns.err" && ok ||
                bad "hostile returns $cb=$v in run: exit $status: $(tail -2 "$work/returns.err")"
        fi
        # The report reads the standing after every decision of the record.
        [ "$fn" = standing ] || continue
        REFEREE_RULES="$here/fixture" timeout 60 "$bin" report "$work/returns.jsonl" -o "$work/returns.html" >"$work/report.out" 2>&1
        status=$?
        if [ "$v" = nil ] || [ "$cb$v" = standing-entrynumber ]; then
            [ $status -eq 0 ] && grep -q 'data-chart="course-1"' "$work/returns.html" && ok ||
                bad "hostile returns $cb=$v in report: exit $status: $(tail -2 "$work/report.out")"
        else
            [ $status -eq 1 ] && grep -q '<p class="failed">.*the rules.* standing()' "$work/returns.html" && ok ||
                bad "hostile returns $cb=$v in report: exit $status, the page: $(grep -o '<p class="failed">[^<]*' "$work/returns.html")"
        fi
    done
done
fi

if part stuck; then
# At the REPL, a call stuck in C stops the process the REPL runs in, and a
# new one takes the game up as it stood before that call, people's moves
# included, without what got stuck; the person types on. (Each process
# spends about 5 seconds of CPU: its CPU limit and STUCK_SECONDS. Bounded in
# CPU time, 3 times that, a busy machine is slower, not red, and mutant
# stuck-never-stopped, which spins until the bound, spends no more; a wall
# clock backstop stops what spins on nothing.)
cpu_bounded() { (ulimit -t "$1" && shift && exec timeout 120 "$@"); }
printf 'new fixture --seats human,%s --seed 50\nplay QH\nsave %s\n' "$here/bots/hostile/stuck-in-c.lua" "$work/rescued.json" |
    cpu_bounded 15 "$bin" >"$work/repl-stuck.out" 2>&1
grep -q "^seat 2's bot ran in C past its limit, where nothing inside the process could stop it, and was stopped: it is not asked again this game" "$work/repl-stuck.out" &&
    grep -q "^the game is taken up again after move 1$" "$work/repl-stuck.out" &&
    grep -q "^saved to .*rescued.json (3 moves)" "$work/repl-stuck.out" && "$bin" replay "$work/rescued.json" >/dev/null 2>&1 &&
    ok || bad "a bot stuck in C at the REPL: $(grep -v '^ ' "$work/repl-stuck.out" | tail -3)"
printf 'new stuck-in-c --seats human,random --seed 1\na\na\na\nsave %s\n' "$work/rescued-rules.json" |
    REFEREE_RULES="$rules:$REFEREE_RULES" cpu_bounded 15 "$bin" >"$work/repl-rules.out" 2>&1
grep -q "^the rules ran in C past their limit, where nothing inside the process could stop them, and were stopped: the game stands as it was before that move" "$work/repl-rules.out" &&
    grep -q "^the game is taken up again after move 2$" "$work/repl-rules.out" &&
    grep -q "^saved to .*rescued-rules.json (2 moves)" "$work/repl-rules.out" && ok ||
    bad "rules stuck in C at the REPL: $(grep -v '^ ' "$work/repl-rules.out" | tail -3)"

printf 'new fixture --seats human,random --seed 50\nplay QH\nnew stuck-in-setup --seats random,random\nshow\n' |
    REFEREE_RULES="$rules:$REFEREE_RULES" cpu_bounded 15 "$bin" >"$work/repl-setup.out" 2>&1
grep -q "^error: a rules script ran in C past its limit setting up a new game, where nothing could stop it, and was stopped: the game in progress goes on" "$work/repl-setup.out" &&
    grep -q "^seat 1 sees:" "$work/repl-setup.out" && ok ||
    bad "rules stuck setting up a new game at the REPL: $(grep -v '^ ' "$work/repl-setup.out" | tail -3)"

# In a tournament the worker playing a stuck game is stopped, the game is
# played again without the stuck bot, and another worker plays on: every
# game has its line, the bot's faults counted and their reason given.
cpu_bounded 15 "$bin" tournament fixture --bots "$here/bots/hostile/stuck-in-c.lua,random" --games 2 \
    --bot-budget 2000000 --seed 1 --out "$work/stuck.jsonl" >"$work/stuck-tour.out" 2>&1
status=$?
# (each of the stuck bot's turns a fault: how many, the random seat's play decides)
[ $status -eq 0 ] && [ "$(grep -c '"faults":\[\([1-9][0-9]*,0\|0,[1-9][0-9]*\)\]' "$work/stuck.jsonl")" = 2 ] &&
    grep -q "first in game 0, at seat 1: at move 0 it ran in C past its limit" "$work/stuck-tour.out" && ok ||
    bad "a tournament with a bot stuck in C (exit $status): $(tail -2 "$work/stuck-tour.out")"
fi

if part loading; then
# What one game's script changes never reaches the next game at the REPL:
# after poison.lua, the fixture plays exactly as it does in a fresh process.
printf 'new poison --seats human,random --seed 1\na\nnew fixture --seats random,random --seed 5\n' |
    REFEREE_RULES="$rules:$REFEREE_RULES" timeout 60 "$bin" >"$work/after.out" 2>&1
printf 'new fixture --seats random,random --seed 5\n' | timeout 60 "$bin" >"$work/fresh.out" 2>&1
sed -n '/^new game: fixture/,$p' "$work/after.out" >"$work/after.fixture"
if [ -s "$work/after.fixture" ] && cmp -s "$work/after.fixture" "$work/fresh.out" &&
    ! grep -q poisoned "$work/after.out"; then ok; else
    bad "a game after poison.lua at the REPL played differently: $(diff "$work/after.fixture" "$work/fresh.out" | head -5)"; fi

# A save or a variant names its game and bots by name: a path outside the
# search paths that is no .lua file is never loaded (its text would be
# quoted in the syntax error).
printf 'new fixture --seats human,random --seed 4\nsave %s\n' "$work/g.json" | "$bin" >/dev/null 2>&1
sed 's#"game": "fixture"#"game": "../../../../etc/passwd"#' "$work/g.json" >"$work/evil-game.json"
"$bin" replay "$work/evil-game.json" >"$work/evil.out" 2>&1
[ $? -eq 1 ] && grep -q "no game '../../../../etc/passwd': a game given by its path must be a readable .lua file" "$work/evil.out" &&
    ! grep -q 'root:' "$work/evil.out" && ok || bad "a save naming /etc/passwd as its game: $(head -2 "$work/evil.out")"
awk '/"seats"/ { seats = 1 } seats && /"random"/ { sub(/"random"/, "\"/etc/passwd\""); seats = 0 } { print }' \
    "$work/g.json" >"$work/evil-bot.json"
printf 'load %s\n' "$work/evil-bot.json" | "$bin" >"$work/evil.out" 2>&1
grep -q "seat 2 was the bot '/etc/passwd', which cannot be opened here" "$work/evil.out" &&
    ! grep -q 'root:' "$work/evil.out" && ok || bad "a save naming /etc/passwd as a bot: $(grep -v '^ ' "$work/evil.out" | head -3)"
fi

echo "hostile: $pass passed, $fail failed"
