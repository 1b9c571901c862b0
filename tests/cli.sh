#!/bin/sh
# The command-line modes: exit statuses, messages, the run --json record
# (the same bytes from separate processes), hashes, replay of saves. A
# case that is only a command, its exit status and lines it must print is
# a block of tests/cli/commands.test (run at the end); what needs files
# made first, or output read twice, is here.
bin=${REFEREE_BIN:?set REFEREE_BIN}
layer=cli
. "$(dirname "$0")/expect.sh"

# Output that cannot be written (a full disk: /dev/full) is an error, not
# a success with the record or the standings lost.
for cmd in "run fixture --seed 2 --json" "run fixture --seed 2" "tournament fixture --bots random,random --games 2" "--help"; do
    # shellcheck disable=SC2086
    "$bin" $cmd >/dev/full 2>"$work/full.err"
    status=$?
    [ $status -eq 1 ] && grep -q '^referee: the output could not all be written: No space left on device' "$work/full.err" &&
        ok || bad "referee $cmd > /dev/full exited $status: $(head -2 "$work/full.err")"
done
# A mistake in the command line exits 2 from play too; a rules script or a
# bot that is there but fails exits 1.
echo | "$bin" play fixture --set ante=x >"$work/play-usage" 2>&1
[ $? -eq 2 ] && grep -q "^referee: option 'ante' must be an integer from 1 to 50, not 'x'$" "$work/play-usage" && ok ||
    bad "play with a bad --set: $(cat "$work/play-usage")"
mkdir -p "$work/fails"
printf 'local game = inherit("fixture")\nfunction game.setup(t) error("no setup today") end\nreturn game\n' >"$work/fails/fails.lua"
expect 1 "no setup today" -- env REFEREE_RULES="$work/fails:$REFEREE_RULES" "$bin" run fails --seats random,random
expect 1 "no setup today" -- env REFEREE_RULES="$work/fails:$REFEREE_RULES" "$bin" tournament fails --bots random,random --games 2
# A bot is untrusted, its opening comment and its file name too: listed,
# they are printed with their control characters as '?'.
mkdir -p "$work/escbots"
printf -- '-- esc: clears \033[2J the screen \302\233 and rings\007. More.\nreturn {}\n' >"$work/escbots/esc.lua"
printf -- '-- named badly.\nreturn {}\n' >"$work/escbots/$(printf 'b\033[2Jad').lua"
REFEREE_BOTS="$work/escbots" "$bin" bots >"$work/escbots.out" 2>&1
if grep -q '^esc  *clears ?\[2J the screen ?? and rings?\.$' "$work/escbots.out" &&
    grep -q '^b?\[2Jad  *named badly\.$' "$work/escbots.out" &&
    ! LC_ALL=C grep -q "$(printf '[\033\007]')" "$work/escbots.out"; then ok; else
    bad "referee bots printed a bot's control characters: $(cat -v "$work/escbots.out" | head -3)"; fi
# So is a rules file shared by someone else: its description, option help
# and its load error, listed by referee games. Its name, or an option's
# default, holding control characters or bytes that are no UTF-8 is
# refused (saves and records are JSON), the name shown with '?' for them.
mkdir -p "$work/escrules"
esc_rules='return { description = "clears \033[2J the screen", players = { min = 2, max = 2 },\n  options = { { name = "mode", default = "ab", help = "rings \302\233 here\007" } },\n  setup = function() end, apply = function() end, result = function() end }\n'
printf -- "$esc_rules" >"$work/escrules/esc.lua"
printf -- "$esc_rules" >"$work/escrules/$(printf 'e\033]0;x\007sc')".lua
printf -- "$esc_rules" >"$work/escrules/$(printf 'caf\351')".lua
printf -- 'return { \033[2J }\n' >"$work/escrules/broken.lua"
REFEREE_RULES="$work/escrules" "$bin" games >"$work/escrules.out" 2>&1
if grep -q '^esc (2 players): clears ?\[2J the screen$' "$work/escrules.out" &&
    grep -q '^    --set mode=ab   rings ?? here?$' "$work/escrules.out" &&
    grep -q '^error: .*broken' "$work/escrules.out" &&
    grep -q "^error: game 'e?\]0;x?sc': a game's name must be UTF-8 text without control characters" "$work/escrules.out" &&
    grep -q "^error: game 'caf?': a game's name must be UTF-8 text" "$work/escrules.out" &&
    ! LC_ALL=C grep -q "$(printf '\351')" "$work/escrules.out" &&
    ! LC_ALL=C grep -q "$(printf '[\033\007]')" "$work/escrules.out" &&
    ! LC_ALL=C grep -q "$(printf '\302\233')" "$work/escrules.out"; then ok; else
    bad "referee games printed a rules file's control characters: $(cat -v "$work/escrules.out" | head -5)"; fi
# And so are the texts its game prints for a person to read: its notes,
# its result's message. A decision's kind and prompt, which the REPL puts in
# its prompt, are refused when they hold one, with what is wrong.
mkdir -p "$work/escgame"
printf -- 'return { description = "escapes", players = { min = 1, max = 1 },\n  setup = function(t) t:note("note \033[2J here") t:ask(1, t.vars.kind or "go", { "a" }, "pick one") end,\n  apply = function(t) t.vars.done = true end,\n  result = function(t) if t.vars.done then return { winners = { 1 }, scores = { 0 }, message = "won \007" } end end }\n' \
    >"$work/escgame/escgame.lua"
printf -- 'local game = inherit("escgame")\nlocal setup = game.setup\nfunction game.setup(t) t.vars.kind = "go\033[31m" setup(t) end\nreturn game\n' \
    >"$work/escgame/esckind.lua"
{ REFEREE_RULES="$work/escgame" "$bin" run escgame --seats random; printf 'new escgame --seats human\nquit\n' |
    REFEREE_RULES="$work/escgame" "$bin"; REFEREE_RULES="$work/escgame" "$bin" run esckind --seats random;
    printf 'new esckind --seats human\n' | REFEREE_RULES="$work/escgame" "$bin"; } >"$work/escgame.out" 2>&1
if grep -q '^  note ?\[2J here$' "$work/escgame.out" && grep -q '^game over: won ?$' "$work/escgame.out" &&
    grep -q '^seat 1 to go: pick one$' "$work/escgame.out" &&
    [ "$(grep -c "bad argument #2 to 'ask' (the kind 'go?\[31m' must be one line without control characters" "$work/escgame.out")" = 2 ] &&
    ! LC_ALL=C grep -q "$(printf '[\033\007]')" "$work/escgame.out"; then ok; else
    bad "a game's texts reached the terminal with their control characters: $(cat -v "$work/escgame.out" | head -20)"; fi
"$bin" bots >"$work/bots"
for bot in "$(dirname "$0")"/../bots/*.lua; do
    grep -q "^$(basename "$bot" .lua) " "$work/bots" && ok || bad "referee bots does not list $(basename "$bot")"
done
# make bench's own rules play (a variant of loop-floor among them).
for game in loop-floor method-calls; do
    expect 0 '^game over: every decision made' -- env REFEREE_RULES="$(dirname "$0")/../bench:$REFEREE_RULES" \
        "$bin" run "$game" --seats random,random,random,random --seed 1
done
# bench --lua-ops counts the rules' Lua instructions: every loop-floor game
# runs the same ones (its path does not depend on the moves), at least one
# a decision, and a game more adds exactly one game's count.
benchbin="$(dirname "$0")/../build/bench"
lua_ops() { REFEREE_RULES="$(dirname "$0")/../bench" "$benchbin" --lua-ops loop-floor 4 "$1" 1 | cut -d' ' -f6; }
l1=$(lua_ops 1) l2=$(lua_ops 2) l3=$(lua_ops 3)
if [ -n "$l1" ] && [ $((l2 - l1)) -ge 100 ] && [ $((l3 - l2)) -eq $((l2 - l1)) ]; then ok; else
    bad "bench --lua-ops counted $l1, $l2, $l3 Lua instructions for 1, 2, 3 loop-floor games"; fi
# The two floors make every round trip they count: the push floor counts
# the asks its apply made; the pulled moves are drawn from both answers
# (about half accepted), so each was really asked.
expect 0 '^1000$' -- "$benchbin" --lua-floor 1000
set -- $("$benchbin" --lua-pull-floor 1000)
if [ "$1" = 1000 ] && [ "$2" -gt 400 ] && [ "$2" -lt 600 ]; then ok; else
    bad "bench --lua-pull-floor 1000 printed '$*', expected 1000 decisions and about 500 accepted"; fi

# The full-information record: identical bytes from two processes.
"$bin" run fixture --seats random,random --seed 7 --json >"$work/a.jsonl" 2>&1
"$bin" run fixture --seats random,random --seed 7 --json >"$work/b.jsonl" 2>&1
if cmp -s "$work/a.jsonl" "$work/b.jsonl"; then ok; else bad "run --json differs between two runs"; fi
"$bin" run fixture --seats random,random --seed 8 --json >"$work/c.jsonl" 2>&1
if cmp -s "$work/a.jsonl" "$work/c.jsonl"; then bad "seed 8 gave the same record as seed 7"; else ok; fi
# It holds every kind of event, starts with the start and ends with the result.
"$bin" run fixture --seats random,random,random,random --seed 5 --set hands=12 --json >"$work/d.jsonl" 2>&1
for kind in start shuffle move roll die_reveal reveal transfer decision note eliminate result ask window; do
    if grep -q "\"type\":\"$kind\"" "$work/d.jsonl"; then ok; else bad "run --json has no $kind event"; fi
done
head -1 "$work/a.jsonl" | grep -q '^{"type":"start","format":"referee-record/2","game":"fixture","seed":"7"' && ok || bad "first line is not the start"
tail -1 "$work/a.jsonl" | grep -q '^{"type":"result",.*"winners":\[' && ok || bad "last line is not the result"
# Every line is one JSON object (read back with the kernel's own JSON module).
if LD_PRELOAD="${SANITIZER_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 lua5.4 - "$work/d.jsonl" <<'LUA' >/dev/null 2>&1
local json = require("referee").json
for line in io.lines(arg[1]) do assert(type(json.decode(line)) == "table", line) end
LUA
then ok; else bad "run --json wrote a line that is not JSON"; fi

# The two rummies, hundreds of random games each: the rules never fail (a
# seat asked with no legal move, an error in apply) and every game ends.
for spec in "bamm --bots random,random,random,random --games 200" \
            "bamboozled --bots random,random --games 200 --set hands=3"; do
    set -- $spec
    "$bin" tournament "$@" --jobs 2 >"$work/fuzz.out" 2>&1
    [ $? -eq 0 ] && grep -q '^200 games; seed ' "$work/fuzz.out" && ok || bad "random $1 games failed: $(tail -2 "$work/fuzz.out")"
done

# The rummy's own bot plays without a fault and beats random seats (94% of
# 200 one-hand games when written; 68.5% of these 100 since the card taken
# from the stack may wait until the discard, RULINGS.md: a random seat
# then places every combination it has before it may discard).
"$bin" tournament bamboozled --bots bamboozled-greedy,random --games 100 --set hands=1 --seed 3 --jobs 2 >"$work/bzg" 2>&1
awk '$1 == "bamboozled-greedy" && !seen++ { rate = $4 + 0; faults = $7 } END { exit !(rate >= 60 && faults == 0) }' "$work/bzg" && ok ||
    bad "bamboozled-greedy faulted or lost to random: $(grep '^bamboozled-greedy' "$work/bzg")"

# Ratings of a many-player game come from each game's whole finishing
# order (Plackett-Luce): in 4-seat dice games random stands below both dice
# bots by more than three standard errors (the pairwise fit of who won put
# two losers level, and random only 74 points below the honest bot). The
# bluffer stood far above the honest bot too while lineups were only
# rotated, always claiming to the same neighbour; seated every way round
# the table they stand close. The head to head adds up.
"$bin" tournament bamboozled-dice --bots dice-bluffer,dice-honest,random --seats 4 --games 300 --seed 5 \
    --jobs 2 --json >"$work/pl.json" 2>&1
sed -n 's/.*"type":"standing".*"bot":"\([^"]*\)".*"rating":\([0-9.]*\),"rating_error":\([0-9.]*\).*/\1 \2 \3/p' \
    "$work/pl.json" >"$work/pl.txt"
awk 'NR <= 2 { ok = (NR == 1 || ok) && $1 ~ /^dice-(bluffer|honest)$/ } NR == 3 { ok = ok && $1 == "random" && r - $2 > 3 * (e + $3) }
     { r = $2; e = $3 } END { exit !(ok && NR == 3) }' "$work/pl.txt" &&
    grep -q '"rating_model":"plackett-luce"' "$work/pl.json" && ok ||
    bad "the dice bots' ratings do not stand apart in order: $(cat "$work/pl.txt")"
sed -n 's/.*"type":"head_to_head".*"met":\([0-9]*\),"ahead":\([0-9]*\),"behind":\([0-9]*\),"tied":\([0-9]*\).*/\1 \2 \3 \4/p' \
    "$work/pl.json" | awk '{ n++; ok += $1 == $2 + $3 + $4 && $1 > 0 } END { exit !(n == 6 && ok == 6) }' && ok ||
    bad "the head to head does not add up: $(grep head_to_head "$work/pl.json" | head -2)"
"$bin" tournament bamboozled --bots bamboozled-greedy,random --games 20 --set hands=1 --seed 3 --json 2>&1 |
    grep -q '"rating_model":"bradley-terry"' && ok || bad "a two-seat tournament is not rated by Bradley-Terry"

# The real games with their bots: the same bytes from two processes.
for spec in "bam bam-greedy,random,random,random --set hands=4" \
            "bam-app bam-greedy,bam-greedy" \
            "bamboozled-dice dice-bluffer,dice-honest,random" \
            "bamboozled-dice-no-bluffing dice-bluffer,dice-honest" \
            "bamm bamm-greedy,random,random" \
            "bamboozled bamboozled-greedy,random"; do
    set -- $spec
    game=$1 seats=$2
    shift 2
    "$bin" run "$game" --seats "$seats" --seed 9 --json "$@" >"$work/g1" 2>&1
    "$bin" run "$game" --seats "$seats" --seed 9 --json "$@" >"$work/g2" 2>&1
    if cmp -s "$work/g1" "$work/g2" && tail -n 1 "$work/g1" | grep -q '"type":"result"'; then ok
    else bad "run $game --json is not the same twice (or did not finish)"; fi
done

# The table's fingerprint after every step, from two processes.
"$bin" run fixture --seats random,random,random,random --seed 11 --hashes >"$work/h1" 2>&1
"$bin" run fixture --seats random,random,random,random --seed 11 --hashes >"$work/h2" 2>&1
if [ "$(wc -l <"$work/h1")" -gt 20 ] && cmp -s "$work/h1" "$work/h2"; then ok; else bad "--hashes differ or are too few"; fi
# ... also of vars no save can hold (a table as a key, a function, a
# coroutine): the reason fingerprinted names the same key in every process,
# whatever order Lua's own next gives (12 seeds, each from 4 processes).
for s in 1 2 3 4 5 6 7 8 9 10 11 12; do
    for i in 1 2 3 4; do "$bin" run vars-kinds --seats random,random --seed "$s" --hashes; done 2>&1 |
        sort | uniq -c | awk '$1 != 4 { bad = 1 } END { exit bad }' || echo "$s"
done >"$work/vk"
[ ! -s "$work/vk" ] && ok || bad "--hashes of vars-kinds differ between processes for seeds $(tr '\n' ' ' <"$work/vk")"
# One line a step: the move counts only rise (the setup's was printed twice).
awk 'NR > 1 && $1 <= last { exit 1 } { last = $1 }' "$work/h1" && ok ||
    bad "--hashes printed a step twice: $(head -3 "$work/h1" | tr '\n' ' ')"

# Iteration order cannot change a game: a bot and rules that pick by the
# order pairs and next give (Lua's own changes from process to process)
# make the same record, fingerprints and tournament lines in two processes,
# and with one worker or two.
order_bot="$(cd "$(dirname "$0")" && pwd)/bots/by-iteration-order.lua"
for i in 1 2; do
    "$bin" run by-iteration-order --seats "$order_bot,random,$order_bot" --seed 3 --json >"$work/ord$i.jsonl" 2>&1
    "$bin" run by-iteration-order --seats "$order_bot,$order_bot" --seed 4 --hashes >"$work/ordh$i" 2>&1
done
cmp -s "$work/ord1.jsonl" "$work/ord2.jsonl" && tail -n 1 "$work/ord1.jsonl" | grep -q '"type":"result"' && ok ||
    bad "a game that depends on the order of pairs differs between two processes"
cmp -s "$work/ordh1" "$work/ordh2" && [ "$(wc -l <"$work/ordh1")" -gt 10 ] && ok ||
    bad "the fingerprints of a game that depends on the order of pairs differ between two processes"
for jobs in 1 2; do
    "$bin" tournament by-iteration-order --bots "$order_bot,random,$order_bot" --games 6 --seed 2 --jobs $jobs \
        --out "$work/ordt$jobs.jsonl" >/dev/null 2>&1
done
"$bin" tournament by-iteration-order --bots "$order_bot,random,$order_bot" --games 6 --seed 2 \
    --out "$work/ordt3.jsonl" >/dev/null 2>&1
[ "$(wc -l <"$work/ordt1.jsonl")" -eq 6 ] && cmp -s "$work/ordt1.jsonl" "$work/ordt2.jsonl" &&
    cmp -s "$work/ordt1.jsonl" "$work/ordt3.jsonl" && ok ||
    bad "tournaments of a game that depends on the order of pairs differ between runs"

# Seeds: without --seed a fresh one nobody can guess (32 hex digits, 128
# bits from the operating system) is drawn and printed, and playing it
# again with --seed gives the same game; a seed is a word, taken as typed.
"$bin" run fixture --seats random,random --json >"$work/fresh.jsonl" 2>&1
fresh=$(head -n 1 "$work/fresh.jsonl" | sed -n 's/.*"seed":"\([0-9a-f]*\)".*/\1/p')
"$bin" run fixture --seats random,random --json --seed "$fresh" >"$work/fresh-again.jsonl" 2>&1
[ ${#fresh} -eq 32 ] && cmp -s "$work/fresh.jsonl" "$work/fresh-again.jsonl" && ok ||
    bad "an unseeded run did not replay from its printed seed '$fresh'"
"$bin" run fixture --seats random,random --json >"$work/fresh2.jsonl" 2>&1
cmp -s "$work/fresh.jsonl" "$work/fresh2.jsonl" && bad "two unseeded runs played the same game" || ok
"$bin" run fixture --seats random,random --seed 07 --json >"$work/s07" 2>&1
"$bin" run fixture --seats random,random --seed 7 --json >"$work/s7" 2>&1
cmp -s "$work/s07" "$work/s7" && bad "seeds 07 and 7 gave the same game (a seed is its text)" || ok
expect 2 "a tournament's seed has at most 64 characters" -- "$bin" tournament fixture --bots random,random --seed "$(printf 'x%.0s' $(seq 70))"
# A tournament without --seed draws one, says so, writes it in every line
# (game g's seed is the tournament's and /deal) and in the standings; the
# same command resumes its --out with that seed, and --seed plays it again.
"$bin" tournament fixture --bots random,random --games 4 --out "$work/tf.jsonl" >"$work/tf.out" 2>"$work/tf.err"
tseed=$(sed -n 's/^referee: seed \([0-9a-f]*\) (fresh; --seed \1 plays the same games again)$/\1/p' "$work/tf.err")
[ ${#tseed} -eq 32 ] && grep -q "\"seed\":\"$tseed/0\"" "$work/tf.jsonl" && grep -q "\"seed\":\"$tseed/1\"" "$work/tf.jsonl" &&
    grep -q "^4 games; seed $tseed; " "$work/tf.out" && ok ||
    bad "an unseeded tournament did not print and record its seed: $(cat "$work/tf.err")"
head -n 2 "$work/tf.jsonl" >"$work/tf-half.jsonl"
"$bin" tournament fixture --bots random,random --games 4 --out "$work/tf-half.jsonl" >/dev/null 2>"$work/tf-half.err"
"$bin" tournament fixture --bots random,random --games 4 --seed "$tseed" --out "$work/tf-again.jsonl" >/dev/null 2>&1
grep -q "^referee: seed $tseed (read from --out, which was played with it)$" "$work/tf-half.err" &&
    cmp -s "$work/tf.jsonl" "$work/tf-half.jsonl" && cmp -s "$work/tf.jsonl" "$work/tf-again.jsonl" && ok ||
    bad "an unseeded tournament did not resume or replay from its seed: $(cat "$work/tf-half.err")"
# Shards on many machines must share a seed: without one, a fresh one is offered.
expect 2 "the shards of a tournament must share its seed: give every shard the same --seed, such as this fresh one nobody can guess: --seed [0-9a-f]{32}$" -- \
    "$bin" tournament fixture --bots random,random --games 4 --shard 1/2
# A bot's print goes to stderr, one line a call naming the bot, its
# control characters as '?' and never on stdout (the record); at most 64 KB
# a decision, however much it prints.
printf 'local calls = 0\nreturn { choose = function(view, moves, ctx)\n  calls = calls + 1\n  print("decision", ctx.decision, "\\27[2Jcleared")\n  if calls == 2 then for _ = 1, 20 do print(string.rep("x", 100000)) end end\n  return 1 end }\n' >"$work/printer.lua"
"$bin" run fixture --seats "$work/printer.lua,random" --seed 2 --json >"$work/print.out" 2>"$work/print.err"
[ $? -eq 0 ] && ! grep -qv '^{' "$work/print.out" && grep -q '^bot printer.lua: decision	0	?\[2Jcleared$' "$work/print.err" &&
    ! LC_ALL=C grep -q "$(printf '\033')" "$work/print.err" && grep -q '(print: over 65536 bytes in this decision; its further output is dropped)$' "$work/print.err" &&
    [ "$(wc -c <"$work/print.err")" -lt 80000 ] && ok ||
    bad "a bot's print: $(head -c 300 "$work/print.err")"
# The README's examples run as written: the skeleton bot of bots/README.md
# plays every game to its end without a fault, printing to stderr; the
# variant of rules/README.md changes its base's default.
docs="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$work/docbots" "$work/docrules"
awk '/^## A skeleton bot/ { on = 1 } on && /^```lua/ { inside = 1; next } inside && /^```/ { exit } inside' \
    "$docs/bots/README.md" >"$work/docbots/mine.lua"
for spec in "bam 3" "bam-app 2" "bamm 3" "bamboozled 2" "bamboozled-dice 3"; do
    set -- $spec
    seats=$(printf 'mine,%.0s' $(seq "$2") | sed 's/,$//')
    REFEREE_BOTS="$work/docbots" "$bin" run "$1" --seats "$seats" --seed 1 --json >"$work/doc.out" 2>"$work/doc.err"
    [ -s "$work/docbots/mine.lua" ] && tail -n 1 "$work/doc.out" | grep -q '"type":"result".*"faults":\[0\(,0\)*\]' &&
        grep -q '^bot mine: ' "$work/doc.err" && ok ||
        bad "the skeleton bot of bots/README.md in $1: $(tail -n 1 "$work/doc.out" | head -c 200) $(head -n 2 "$work/doc.err")"
done
# Every example of rules/README.md, a block whose first line is "-- example:
# referee run NAME ...", is saved as NAME.lua and played to its result so.
awk '/^```lua/ { inside = 1; next } inside && /^```/ { inside = 0; out = ""; next }
     inside && /^-- example: referee run / { out = dir "/" $5 ".lua"; print $0 >> (dir "/commands") }
     inside && out { print > out }' dir="$work/docrules" "$docs/rules/README.md"
[ "$(wc -l <"$work/docrules/commands")" -ge 5 ] && ok || bad "rules/README.md has fewer than 5 runnable examples"
while read -r _ _ _ _ name args; do
    env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run "$name" $args --seed 1 --json >"$work/doc.out" 2>&1
    tail -n 1 "$work/doc.out" | grep -q '"type":"result"' && ok ||
        bad "the example $name of rules/README.md: $(tail -n 3 "$work/doc.out" | head -c 300)"
done <"$work/docrules/commands"
# The busted specs of rules/README.md and bots/README.md (blocks opening
# "-- spec: NAME") run as written, from the top of the tree as a house
# rule's folder would be.
mkdir -p "$work/docspecs"
awk '/^```lua/ { inside = 1; next } inside && /^```/ { inside = 0; out = ""; next }
     inside && /^-- spec: / { out = dir "/" $3 }
     inside && out { print > out }' dir="$work/docspecs" "$docs/rules/README.md" "$docs/bots/README.md"
[ "$(ls "$work/docspecs" | grep -c '_spec.lua$')" -eq 2 ] && ok || bad "the READMEs do not hold the two specs: $(ls "$work/docspecs")"
(cd "$docs" && LD_PRELOAD="${SANITIZER_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 busted --lua=lua5.4 "$work/docspecs") >"$work/docspecs.out" 2>&1 &&
    grep -q '^2 successes / 0 failures / 0 errors' "$work/docspecs.out" && ok ||
    bad "the READMEs' specs: $(tail -5 "$work/docspecs.out")"
# ... and from an author's own folder outside the tree, nothing set by hand
# but where the module is: it finds the games and bots of the tree it was
# built from, as the binary does.
(cd "$work/docspecs" && env -u REFEREE_RULES -u REFEREE_BOTS LD_PRELOAD="${SANITIZER_PRELOAD:-}" \
    ASAN_OPTIONS=detect_leaks=0 busted --lua=lua5.4 .) >"$work/docspecs-own.out" 2>&1 &&
    grep -q '^2 successes / 0 failures / 0 errors' "$work/docspecs-own.out" && ok ||
    bad "the READMEs' specs from an author's folder: $(tail -5 "$work/docspecs-own.out")"
# repl/README.md names every command and flag that the help text gives.
"$bin" --help >"$work/help" 2>&1
for word in $(grep -o -- '--[a-z][a-z-]*' "$work/help" | sort -u) $(sed -n 's/^  referee \([a-z]\{1,\}\) .*/\1/p' "$work/help"); do
    grep -q -- "$word" "$docs/repl/README.md" || echo "$word"
done >"$work/undocumented"
[ ! -s "$work/undocumented" ] && ok || bad "repl/README.md does not name $(tr '\n' ' ' <"$work/undocumented")"
# ... and every command of the REPL's help.
printf 'help\nquit\n' | "$bin" 2>&1 | awk '/^  [a-z]/ { print $1 }' >"$work/repl-commands"
for c in $(cat "$work/repl-commands"); do grep -q "\`$c" "$docs/repl/README.md" || echo "$c"; done >"$work/undocumented"
[ "$(wc -l <"$work/repl-commands")" -ge 10 ] && [ ! -s "$work/undocumented" ] && ok ||
    bad "repl/README.md does not name the REPL's $(tr '\n' ' ' <"$work/undocumented")"
# The app is played from seat 1 ("You"): a person elsewhere is refused.
expect 2 "bam-app: a person plays seat 1, not seat 2" -- "$bin" play bam-app --seats bam-greedy,human
printf 'new bam-app --seats random,human\nquit\n' | "$bin" >"$work/out" 2>&1
grep -q "error: bam-app: a person plays seat 1, not seat 2" "$work/out" && ok || bad "new bam-app with a person in seat 2 was not refused"
# BAMM! at the REPL: the claims a person's cards make are not listed (by
# moves, a refusal or Tab); a claim typed in any order is taken.
printf 'AD/6H\n5D/AH\npass\n4C/KC\nmoves\nplay bamm AS\nbamm AS/4H AD/6H AH/5D\nshow\n' |
    "$bin" play bamm --seats human,human --seed 1 --set first=1 >"$work/out" 2>&1
grep -q '^bamm CARDS\.\.\.  bamm  pass$' "$work/out" && ! grep -q 'bamm AD/6H AH/5D AS/4H' "$work/out" &&
    grep -q "error: 'bamm AS' is not a legal move: 'AS' is not a card" "$work/out" &&
    grep -q 'pile2: AD/6H 5D/AH AS/4H' "$work/out" && ok ||
    bad "BAMM! at the REPL gave a claim away or refused one typed in another order: $(tail -5 "$work/out")"
# A record re-referees on its own (tests/cli/record_check.lua): each decision
# by a seat asked, with a move it was offered; each window's answers and
# order; every option; the events of each game. A changed move is caught.
check="$(cd "$(dirname "$0")" && pwd)/cli/record_check.lua"
for spec in "bam random,bam-greedy,random hand trump round" "bam-app random,random level hand trump round" \
            "bamboozled-dice random,dice-bluffer,random round strike" "bamboozled random,random hand" \
            "bamm random,bamm-greedy,random" "fixture random,random,random"; do
    set -- $spec
    game=$1 seats=$2
    shift 2
    "$bin" run "$game" --seats "$seats" --seed 7 --json >"$work/rec.jsonl" 2>&1
    LD_PRELOAD="${SANITIZER_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 lua5.4 "$check" "$@" <"$work/rec.jsonl" >"$work/rec.out" 2>&1 && ok ||
        bad "the record of $game does not re-referee: $(head -3 "$work/rec.out")"
done
sed '0,/"type":"decision","seat":1,"move":"[^"]*"/s//"type":"decision","seat":1,"move":"fold and run"/' \
    "$work/rec.jsonl" >"$work/rec-bad.jsonl"
LD_PRELOAD="${SANITIZER_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 lua5.4 "$check" <"$work/rec-bad.jsonl" >"$work/rec.out" 2>&1 && bad "a record with a move never offered passed the check" ||
    { grep -Eq "which the ask before it did not offer it|is not its window answer" "$work/rec.out" && ok ||
      bad "the record check said: $(head -2 "$work/rec.out")"; }
# Undo that cannot peek: a person's own last move comes back while nothing
# hidden has been shown to them since; an accept that showed the dice, or
# a move after which cards were dealt to them, does not.
printf 'play\nundo\nmoves\n' | "$bin" play bam --seats human,random,random --seed 2 --set dealer=3 --set redraw=false >"$work/out" 2>&1
grep -q '^undone: back before your last move' "$work/out" && grep -q '^play  fold$' "$work/out" && ok ||
    bad "undo of a move nothing followed was refused: $(tail -3 "$work/out")"
printf 'accept\nundo\n' | "$bin" play bamboozled-dice --seats human,random --seed 3 --set first=2 >"$work/out" 2>&1
grep -q 'error: you have seen what was hidden since that move (seat 1 sees die 1: 3)' "$work/out" && ok ||
    bad "undo after the dice were seen was not refused: $(tail -3 "$work/out")"
printf 'play\nundo\n' | "$bin" play bam --seats human,random,random --seed 1 --set dealer=3 --set redraw=false >"$work/out" 2>&1
grep -q "error: you have seen what was hidden since that move (10 cards: stock -> seat 1's hand (2D 7H 10C 4C)" "$work/out" && ok ||
    bad "undo across a deal to the person was not refused: $(tail -3 "$work/out")"
printf 'new bam --seats human,human,human --seed 2 --set dealer=3 --set redraw=false\nplay\nundo\n' | "$bin" >"$work/out" 2>&1
grep -Eq 'error: nothing to undo: seat [23] has made no move yet' "$work/out" && ok ||
    bad "one person undid another's move: $(tail -3 "$work/out")"
# Calls out of turn: in a window open to several people, any of them calls
# as they call ("3: bamm"), and 'go on' lets the others pass.
printf 'AD/6H\n5D/AH\n3: bamm\ngo on\n' | "$bin" play bamm --seats human,human,human --seed 1 --set first=1 --set claims=arrival >"$work/out" 2>&1
grep -q 'seat 3 calls BAMM! without a run or a set: 1 off' "$work/out" && grep -q '^seat 3 to play' "$work/out" && ok ||
    bad "a call out of turn or 'go on' did not work: $(tail -4 "$work/out")"
printf 'AD/6H\n5D/AH\n2: bamm\n' | "$bin" play bamm --seats human,human,human --seed 1 --set first=1 >"$work/out" 2>&1
grep -q 'error: seat 2 may not call now' "$work/out" && ok || bad "a seat the window does not ask could call: $(tail -2 "$work/out")"
# 'show table' shows what everyone sees: the dealer's kept trump card too.
printf 'turn 9C\nkeep\nshow table\n' | "$bin" play bam --seats human,random,random --seed 2 --set dealer=1 >"$work/out" 2>&1
grep -q '^  hand1 (seat 1): ?? 9C ?? ??$' "$work/out" && ok || bad "show table hid the kept trump card: $(grep 'hand1 (seat 1)' "$work/out")"
# ... and each variant does what its description says.
expect 0 '^ +--set credits=5000 ' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" games
expect 0 '"credits":5000,' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run bam-rich --seats random,random,random --seed 1 --json
expect 0 'trumps are [a-z]+ \(the stock.s top card\)' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run bam-stock-trumps --seats random,random,random --seed 1
expect 0 'seat [0-9] owes double' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run bam-double-bamboozal --seats random,random,random --seed 1
expect 0 'scores: seat 1 [0-9]' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run high-card --seats random,random,random --seed 1

# The seed-recovery bot (tests/bots/hostile/seed-recovery.lua) named every
# hand of a game seeded 1234, and of every game of a tournament with the
# default options, before the ChaCha20 stream: now it learns nothing.
recover="$(cd "$(dirname "$0")" && pwd)/bots/hostile/seed-recovery.lua"
expect 0 '"type":"result".*"faults":\[0,0\]' -- "$bin" run fixture --seats "$recover,random" --seed 1234 --json
"$bin" tournament fixture --bots "$recover,random,random" --games 6 --set hands=1 --out "$work/recover.jsonl" >"$work/recover.out" 2>&1
[ "$(grep -c '"faults":\[0,0,0\]' "$work/recover.jsonl")" -eq 6 ] && ok ||
    bad "the seed-recovery bot faulted in a tournament: $(grep -m1 'faulted' "$work/recover.out")"
# A game saved by the referee before the ChaCha20 stream is refused with why.
printf '{"format": "referee-game/1", "game": "fixture", "seed": "4", "seats": ["human", "random"], "options": {}, "moves": [], "hash": "0"}' >"$work/old.json"
expect 1 'saved by an older referee \(format "referee-game/1"\), whose cards and dice came from another random stream: it cannot be replayed here; play it again from its seed with --seed' -- "$bin" replay "$work/old.json"

# referee check: the conformance suite over a rules file, a line a promise;
# exit 0 only when all held, 1 with a command that shows a broken one.
expect 0 '^every promise held$' -- "$bin" check bamboozled-dice --games 10
grep -q "^  held    a seat's view shows only what the seat may see ([1-9][0-9]* checks)$" "$work/out" &&
    grep -q "^  held    two processes play the same game (3 checks)$" "$work/out" && ok ||
    bad "check of the dice game: $(cat "$work/out")"
mkdir -p "$work/leaky"
printf 'local game = inherit("fixture")\nlocal result = game.result\nfunction game.result(t)\n  local r = result(t)\n  if r and t:balance("pot") == 0 and t:balance("seat1") > 0 then t:transfer("seat1", "pot", 1, "lost") end\n  return r\nend\nreturn game\n' \
    >"$work/leaky/leaky.lua"
expect 1 '^2 promises broken$' -- "$bin" check "$work/leaky/leaky.lua" --games 4 --seed s
grep -q "^  BROKEN  every game ends: the game stopped without a result: the game ended with 1 credits in the pot" "$work/out" &&
    grep -q "^          to see it: referee run .*leaky.lua --seats random,random --seed s/1$" "$work/out" && ok ||
    bad "check of a house rule that loses a credit: $(cat "$work/out")"

# Saves: replayed and checked; a corrupt or tampered save is refused.
printf 'new fixture --seats human,random --seed 4\npass\nsave %s/g.json\n' "$work" | "$bin" >/dev/null 2>&1
expect 0 '2 moves replayed; every move legal' -- "$bin" replay "$work/g.json"
# A save lists the seats people played (their calls keep the order typed);
# a list naming no seat of the game is refused.
grep -q '"people": \[$' "$work/g.json" && ok || bad "a save does not list the people's seats: $(head -c 300 "$work/g.json")"
sed 's/"people": \[/"people": [ 7,/' "$work/g.json" >"$work/g-people.json"
expect 1 'not a saved game: "people" must list the seats people played, from 1 to 2' -- "$bin" replay "$work/g-people.json"
# A save is written whole or not at all: one that fails as it writes (no
# file may grow here: ulimit -f 0, SIGXFSZ ignored) says so and leaves the
# save it would have replaced as it was.
cp "$work/g.json" "$work/g-before.json"
printf 'load %s\nsave %s\n' "$work/g.json" "$work/g.json" |
    sh -c "trap '' XFSZ; ulimit -f 0; exec \"$bin\" 2>&1" | cat >"$work/full-save.out"
grep -q "cannot save to '.*g.json': File too large (nothing was written)" "$work/full-save.out" &&
    cmp -s "$work/g.json" "$work/g-before.json" && [ -z "$(ls "$work" | grep '^g.json.')" ] && ok ||
    bad "a save that failed as it wrote changed the save it would replace: $(grep error "$work/full-save.out" | head -2)"
sed 's/"seed": "4"/"seed": "5"/' "$work/g.json" >"$work/tampered.json"
expect 1 'does not replay|different table' -- "$bin" replay "$work/tampered.json"
head -c 40 "$work/g.json" >"$work/cut.json"
expect 1 'not a saved game' -- "$bin" replay "$work/cut.json"
expect 1 'cannot open' -- "$bin" replay "$work/missing.json"
# What would be read for ever, or block, is refused before reading: only a
# regular file is read (/dev/zero and a pipe were read until memory ran
# out; a FIFO with no writer blocked for ever), and a file once it shows a
# NUL.
expect 1 "'/dev/zero' is a device, not a regular file" -- timeout 20 "$bin" replay /dev/zero
{ printf '{"format":'; head -c 100 /dev/zero; yes; } 2>/dev/null | timeout 20 "$bin" replay /dev/stdin >"$work/nul.out" 2>&1
[ $? -eq 1 ] && grep -q "is a pipe, not a regular file" "$work/nul.out" && ok ||
    bad "a pipe was not refused before reading: $(head -2 "$work/nul.out")"
{ printf '{"format":'; head -c 100 /dev/zero; } >"$work/nul.json"
expect 1 'not a saved game: the file is empty or binary' -- timeout 20 "$bin" replay "$work/nul.json"
mkfifo "$work/fifo"
expect 1 "is a pipe, not a regular file" -- timeout 10 "$bin" replay "$work/fifo"
# save never replaces a device or opens a FIFO (as root, save /dev/null
# would have made it a file); load of a FIFO does not block.
printf 'new fixture --seats human,random --seed 4\nsave %s\nsave /dev/null\nload %s\n' "$work/fifo" "$work/fifo" |
    timeout 10 "$bin" >"$work/fifo.out" 2>&1
[ $? -eq 1 ] && [ -c /dev/null ] && [ -p "$work/fifo" ] &&
    [ "$(grep -c "is not a regular file (a device, a pipe or a socket)" "$work/fifo.out")" = 2 ] &&
    grep -q "is a pipe, not a regular file (the current game is unchanged)" "$work/fifo.out" && ok ||
    bad "save or load of a device or FIFO: $(grep error "$work/fifo.out" | head -3)"
expect 1 "'/dev/zero' is a device, not a file of game lines" -- timeout 20 "$bin" merge /dev/zero
# A rules script's print goes to stderr: run --json's stdout stays JSON lines.
mkdir -p "$work/printing"
cat >"$work/printing/printing.lua" <<'EOF'
local game = inherit("fixture")
local base_apply = game.apply
function game.apply(t, seat, move, card)
  print("debug:", seat, move)
  return base_apply(t, seat, move, card)
end
return game
EOF
env REFEREE_RULES="$work/printing:$REFEREE_RULES" "$bin" run printing --seats random,random --seed 1 --json \
    >"$work/printing.out" 2>"$work/printing.err"
[ $? -eq 0 ] && ! grep -qv '^{' "$work/printing.out" && grep -q '^debug:	1	play ' "$work/printing.err" && ok ||
    bad "a rules script's print: $(grep -v '^{' "$work/printing.out" | head -2)"
# A number of games that leaves the seats uneven is played, with a note.
"$bin" tournament fixture --bots random,random,random,random --seats 3 --games 13 >/dev/null 2>"$work/uneven.err"
[ $? -eq 0 ] && grep -q '^referee: note: 13 games leave the seats uneven: every bot sits in every seat equally often in each 12 games (3 seats, 4 bots); --games 12 or 24 evens them$' "$work/uneven.err" && ok ||
    bad "an uneven tournament was not noted: $(cat "$work/uneven.err")"
"$bin" tournament fixture --bots random,random,random,random --seats 3 --games 24 --seed 1 >/dev/null 2>"$work/even.err"
[ $? -eq 0 ] && [ ! -s "$work/even.err" ] && ok || bad "an even tournament was noted: $(cat "$work/even.err")"
# A pipe is a fair file of lines, but not one endless line.
yes 2>/dev/null | tr -d '\n' | timeout 20 "$bin" merge /dev/stdin >"$work/endless.out" 2>&1
[ $? -eq 1 ] && grep -q 'stdin:1 is not a game line (longer than 1048576 bytes' "$work/endless.out" && ok ||
    bad "merge of an endless line was not refused: $(head -2 "$work/endless.out")"
# A saved bot that cannot be opened here is played by a person, and load
# says so (it used to say nothing).
sed 's/^  "random"$/  "nosuchbot"/' "$work/g.json" >"$work/nobot.json" # the seat, not the option
printf 'load %s/nobot.json\nseats\n' "$work" | "$bin" >"$work/nobot-out" 2>&1
grep -q "seat 2 was the bot 'nosuchbot', which cannot be opened here (.*): a person plays it" "$work/nobot-out" &&
    grep -q "seat 2: human" "$work/nobot-out" && ok || bad "load of a save naming a missing bot: $(head -3 "$work/nobot-out")"
# A save may come from someone else, and its texts are printed back in
# messages: a control character in any of them (here an ESC clearing the
# screen, a C1 CSI, a tab) is refused, and none reaches the output.
for field in 's/"fixture"/"fix\\u001b[2Jture"/' 's/^  "random"$/  "ran\\u001b]0;x\\u0007dom"/' \
    's/"pass"/"pa\\u001b[2Jss"/' 's/"policy": "random"/"policy": "ran\\u009bdom"/' \
    's/"policy"/"pol\\ticy"/'; do
    sed "$field" "$work/g.json" >"$work/ctl.json"
    cmp -s "$work/g.json" "$work/ctl.json" && bad "the change $field changed nothing"
    expect 1 "not a saved game: .* holds a control character" -- "$bin" replay "$work/ctl.json"
    printf 'load %s/ctl.json\n' "$work" | "$bin" >"$work/ctl-out" 2>&1
    if grep -q 'holds a control character' "$work/ctl-out" &&
        ! LC_ALL=C grep -q "$(printf '[\033\007\t]')" "$work/ctl-out" &&
        ! LC_ALL=C grep -q "$(printf '\302\233')" "$work/ctl-out"; then ok; else
        bad "load of a save with $field: $(cat -v "$work/ctl-out" | head -3)"; fi
done
# And the referee writes no such save: an option or a bot name with one is
# refused before the game starts.
expect 2 "option 'policy' holds a control character" -- "$bin" run fixture --set "policy=$(printf 'ran\tdom')"
expect 2 "bot name holds a control character" -- "$bin" run fixture --seats "random,$(printf 'ran\033dom')"
# What was typed or named and is quoted back in a message (an unknown
# command, option or value, a file name) shows its control characters as
# '?': a file name may come from anyone (referee merge *.jsonl).
esc_file="$work/$(printf 'esc\033[2J')"
printf 'junk\n' >"$esc_file.jsonl"
for args in "$(printf 'ru\033[2Jn')" "run fixture --set $(printf 'po\033[2Jlicy')=1" \
    "run fixture $(printf -- '--se\033[2Jed') 3" "run fixture --seed $(printf '1\033[2J')" \
    "merge $esc_file.jsonl" "replay $esc_file.json" "tournament fixture --bots random,random --games 1 --out $esc_file.jsonl"; do
    # shellcheck disable=SC2086 # each argument list splits at its spaces
    "$bin" $args >"$work/esc-echo" 2>&1
    if grep -q '?\[2J' "$work/esc-echo" && ! LC_ALL=C grep -q "$(printf '\033')" "$work/esc-echo"; then ok; else
        bad "referee $(echo "$args" | cat -v) quoted a control character back: $(cat -v "$work/esc-echo" | head -2)"; fi
done
# A table option (--set NAME=JSON) is looked into: a JSON escape makes the
# control character only as the text is decoded.
mkdir -p "$work/tabled"
cat >"$work/tabled/tabled.lua" <<'EOF'
local game = inherit("fixture")
game.options[#game.options + 1] = { name = "names", default = {}, help = "a table option" }
return game
EOF
expect 2 "option 'names' holds a control character" -- env REFEREE_RULES="$work/tabled:$REFEREE_RULES" \
    "$bin" run tabled --set 'names={"seat":"ran\u001b[2Jdom"}'
expect 2 "option 'names' holds a control character" -- env REFEREE_RULES="$work/tabled:$REFEREE_RULES" \
    "$bin" run tabled --set 'names={"se\u0007at":"random"}'
expect 0 '^game over' -- env REFEREE_RULES="$work/tabled:$REFEREE_RULES" \
    "$bin" run tabled --set 'names={"seat":["r\u00e9","x"]}'
# A result holding one table twice at each of 60 levels: as a tree, 2^60
# tables. It was copied and written as one, and the referee hung in C (no
# watchdog reaches there). Now it is copied in its shape; what is written
# out as a tree stops at 100000 tables, and the record keeps the outcome.
mkdir -p "$work/dag"
cat >"$work/dag/dag.lua" <<'EOF'
local game = inherit("fixture")
local base_result = game.result
function game.result(t)
  local r = base_result(t)
  if r then
    local x = {}
    for _ = 1, 60 do x = { x, x } end
    r.shared = x
  end
  return r
end
return game
EOF
expect 0 '^game over' -- env REFEREE_RULES="$work/dag:$REFEREE_RULES" timeout 20 "$bin" run dag --seed 3
expect 0 '"type":"result","winners":\[[12,]+\],"scores":\[[0-9]+,[0-9]+\],"message":"seat [12].*"unrecorded":"the rest of the result cannot be written as JSON: holds more than 100000 tables' -- \
    env REFEREE_RULES="$work/dag:$REFEREE_RULES" timeout 20 "$bin" run dag --seed 3 --json
expect 0 '^4 games' -- env REFEREE_RULES="$work/dag:$REFEREE_RULES" timeout 20 "$bin" tournament dag --bots random,random --games 4
# Vars no bot's view can hold (nested more than 64 deep, or more than
# 100000 tables as a tree) are the rules' failure: the game fails with the
# reason, and the bot asked is not counted as faulting (it was, 67 times).
vars_rules() { # NAME NEXT TIMES: fixture whose every move leaves in its vars x, made by x = NEXT, TIMES times
    cat >"$work/dag/$1.lua" <<EOF
local game = inherit("fixture")
local base_apply = game.apply
function game.apply(t, seat, move)
  base_apply(t, seat, move)
  local x = {}
  for _ = 1, $3 do x = $2 end
  t.vars.x = x
end
return game
EOF
}
vars_rules deepvars '{ x }' 70
vars_rules dagvars '{ x, x }' 40
expect 1 "^referee: the rules' vars cannot be shown to seat [12]'s bot: t.vars: nested more than 64 deep" -- \
    env REFEREE_RULES="$work/dag:$REFEREE_RULES" REFEREE_BOTS="$(dirname "$0")/bots/hostile" \
    "$bin" run deepvars --seats well-behaved,well-behaved --seed 3
env REFEREE_RULES="$work/dag:$REFEREE_RULES" REFEREE_BOTS="$(dirname "$0")/bots/hostile" timeout 20 \
    "$bin" tournament dagvars --bots well-behaved,random --games 4 >"$work/dagvars.out" 2>&1
if [ $? -eq 1 ] && grep -q '^0 games, 4 that failed' "$work/dagvars.out" &&
    grep -q "^the first that failed: the rules' vars cannot be shown to seat [12]'s bot: t.vars: holds more than 100000 tables" "$work/dagvars.out" &&
    ! grep -q 'faulted' "$work/dagvars.out"; then ok; else
    bad "vars no view can hold were not the rules' failure: $(head -5 "$work/dagvars.out")"; fi
# At the REPL too, where a bot answers in a claim window beside a person.
printf 'new deepvars --seats human,well-behaved,human --seed 26\nplay QH\npass\n' |
    env REFEREE_RULES="$work/dag:$REFEREE_RULES" REFEREE_BOTS="$(dirname "$0")/bots/hostile" "$bin" \
    >"$work/deepvars-repl.out" 2>&1
if grep -q "^error: the rules' vars cannot be shown to seat 2's bot: t.vars: nested more than 64 deep" \
    "$work/deepvars-repl.out" && ! grep -q 'faulted' "$work/deepvars-repl.out"; then ok; else
    bad "a claim window at the REPL: $(tail -3 "$work/deepvars-repl.out")"; fi
# Such vars leave the rest of the table to fingerprint: every step's hash
# differs, and a save's check holds (both were 0 for any such table).
env REFEREE_RULES="$work/dag:$REFEREE_RULES" "$bin" run deepvars --seats random,random --seed 3 \
    --hashes >"$work/deepvars-hashes" 2>&1
[ "$(wc -l <"$work/deepvars-hashes")" -gt 10 ] && ! grep -q ' 0000000000000000$' "$work/deepvars-hashes" &&
    [ -z "$(cut -d' ' -f2 "$work/deepvars-hashes" | sort | uniq -d)" ] && ok ||
    bad "the hashes of unwritable vars are not apart: $(head -3 "$work/deepvars-hashes" | tr '\n' ' ')"
printf 'new deepvars --seats human,human --seed 26\nplay QH\nsave %s/deepvars.json\nload %s/deepvars.json\n' \
    "$work" "$work" | env REFEREE_RULES="$work/dag:$REFEREE_RULES" "$bin" >"$work/deepvars-save" 2>&1 &&
    grep -q 'deepvars, 1 move replayed and checked' "$work/deepvars-save" &&
    ! grep -q '"hash": "0000000000000000"' "$work/deepvars.json" && ok ||
    bad "a save of unwritable vars: $(tail -2 "$work/deepvars-save")"
# save never overwrites a file that is not a saved game (a typo must not
# destroy a rules script); it does overwrite an earlier save.
echo "-- a rules script" >"$work/precious.lua"
printf 'new fixture --seats human,random --seed 4\nsave %s/precious.lua\nsave %s/g.json\n' "$work" "$work" |
    "$bin" >"$work/save-out" 2>&1
grep -q "precious.lua' exists and is not a saved game: it is left as it is" "$work/save-out" &&
    [ "$(cat "$work/precious.lua")" = "-- a rules script" ] && grep -q "saved to .*g.json" "$work/save-out" &&
    ok || bad "save overwrote a file that is not a saved game, or refused an earlier save"

# A rules script that fails is reported with its traceback; no crash.
# A rules script that loops forever is stopped by the CPU-time watchdog, in
# the REPL's process and in forked tournament workers alike (under timeout,
# so a watchdog that fails makes the test fail instead of hang).
expect 1 'ran too long' -- timeout 60 "$bin" run "$(dirname "$0")/fixture/broken/hangs.lua"
expect 1 "ran too long" -- timeout 60 "$bin" run "$(dirname "$0")/fixture/broken/hangs-in-coroutine.lua"
expect 1 '2 that failed' -- timeout 60 "$bin" tournament "$(dirname "$0")/fixture/broken/hangs.lua" --bots random,random --games 2 --jobs 2
# ... and the standings say why, for a run without --out to look in.
grep -q 'the first that failed: .*ran too long' "$work/out" && ok || bad "the standings do not say why games failed"
# A rules script that hoards memory is stopped at the rules' cap (256 MB),
# at its setup and at a move, in the REPL's process and in workers alike.
expect 1 '2 that failed' -- "$bin" tournament "$(dirname "$0")/fixture/broken/memory-bomb.lua" --bots random --games 2 --jobs 2 --seed 5
grep -q 'the first that failed: .*used more than 256 MB of memory' "$work/out" && ok || bad "a rules memory bomb was not stopped at the cap"
# A malformed result is the rules' mistake: no game is counted with it.
expect 1 "0 games, 2 that failed" -- "$bin" tournament "$(dirname "$0")/fixture/broken/bad-result.lua" --set shape=seat-99 --bots random --games 2
grep -q "the first that failed: the rules' result() is malformed: winners\[1\] is 99" "$work/out" && ok || bad "a malformed result was not reported"
# The watchdog's timer stops when referee.so is unloaded (lua_close in a
# host such as busted); a tick after the unload once crashed the host.
if cc -o "$work/unload" "$(dirname "$0")/cli/unload.c" $(pkg-config --cflags --libs lua5.4) 2>"$work/cc"; then
    expect 0 'unloaded cleanly' -- env LD_PRELOAD="${SANITIZER_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 "$work/unload"
else
    bad "cannot build tests/cli/unload.c: $(head -3 "$work/cc")"
fi

# Hostile bots: tests/hostile.sh checks each against what its file expects.
here=$(cd "$(dirname "$0")" && pwd)
# A move's number may come as a float of whole value (#moves / 2 is one),
# as Lua takes 2.0 for the key 2; 1.5 is no move's number.
mkdir -p "$work/floatbots"
printf 'return { choose = function(view, moves) return #moves / 1 end }\n' >"$work/floatbots/whole.lua"
printf 'return { choose = function(view, moves) return 1.5 end }\n' >"$work/floatbots/half.lua"
expect 0 '"type":"result".*"faults":\[0,0\]' -- "$bin" run fixture --seats "$work/floatbots/whole.lua,random" --seed 2 --json
expect 0 '"reason":"answered 1.5, not a move number from 1 to [0-9]+"' -- \
    "$bin" run fixture --seats "$work/floatbots/half.lua,random" --seed 2 --json
# What a bot wrote reaches the person's terminal with its control
# characters as '?': terminal-escapes.lua tries ESC, BEL, CR and CSI.
"$bin" run fixture --seats "$here/bots/hostile/terminal-escapes.lua,random" --seed 2 >"$work/esc" 2>&1
if grep -q 'faulted' "$work/esc" && ! LC_ALL=C grep -q "$(printf '[\033\007\r]')" "$work/esc" &&
    ! LC_ALL=C grep -q "$(printf '\302\233')" "$work/esc"; then ok; else
    bad "a bot's control characters reached the output: $(cat -v "$work/esc" | head -3)"; fi
# A bot's error that is no UTF-8 text is still recorded whole in the JSON
# record, with '?' for those bytes (a fault line was written as {}).
"$bin" run fixture --seats "$here/bots/hostile/not-utf8.lua,random" --seed 2 --json >"$work/u8.jsonl" 2>&1
if grep -q '"type":"fault".*"reason":"choose failed: .*not-utf8.lua:[0-9]*: caf? ? ??' "$work/u8.jsonl" &&
    grep -q '"reason":"answered .*caf?' "$work/u8.jsonl" && ! grep -q '^{}$' "$work/u8.jsonl"; then ok; else
    bad "a bot's bytes that are no UTF-8 lost its fault record: $(grep -v decision "$work/u8.jsonl" | head -3)"; fi
# The view a bot gets is the game's, whole and typed as the game has it,
# with other hands hidden (view-check errors, so faults, on any difference).
check="$here/bots/view-check.lua"
expect 0 '"faults":\[0,0,0\]' -- "$bin" run fixture --seats "$check,$check,$check" --seed 4 --json
# A bot's view is a plain table of its own, the table as it was at the
# decision: a zone first read a decision later shows the earlier hand
# (view-later errors, so faults, on any difference), over several games.
for seed in 1 2 3; do
    expect 0 '"faults":\[0,0,0\]' -- "$bin" run fixture --seats "$here/bots/view-later.lua,$here/bots/view-later.lua,random" \
        --seed $seed --json
done
# A bot's view.vars holds the vars as they were at the decision: every
# kind of key and value, read late, listed, set and cleared by the bot
# (vars-later errors, so faults, on any difference).
expect 0 '"faults":\[0,0\]' -- "$bin" run vars-kinds --seats "$here/bots/vars-later.lua,$here/bots/vars-later.lua" \
    --seed 1 --json
# pairs(view.zones) over a table holding the most zones there may be (63);
# making them lazily once grew the stack of the C call past its room and
# crashed the referee.
expect 0 '"faults":\[0,0\]' -- "$bin" run many-zones --seats "$here/bots/lists-zones.lua,$here/bots/lists-zones.lua" \
    --seed 1 --json
# 200 rules scripts with odd definitions (players, options, description,
# default bot of every kind, metatables that fail): each is refused with
# a message or plays, and the referee never crashes (215 of 300 such did).
mkdir -p "$work/odd-rules"
lua5.4 - "$work/odd-rules" <<'LUA' || bad "the odd rules were not written"
local V = { "nil", "0", "-1", "2", "17", "1e308", "0/0", "math.maxinteger", "1.5", '""', '"x"', '("%"):rep(50)', "{}",
  "{1, 2}", '{"a", "b"}', "true", "function() end", "coroutine.create(print)", "{ min = 3, max = 2 }", "{ min = 2 }",
  'setmetatable({}, { __index = function() error("boom") end })',
  'setmetatable({}, { __tostring = function() error("ts") end })' }
local x = 5
local function pick(list) x = (x * 1103515245 + 12345) % 2147483648; return list[x % #list + 1] end
local FIELDS = { "name", "default", "min", "max", "help", "check", "choices" }
for i = 1, 200 do
  local options = {}
  for _ = 1, x % 3 + 1 do
    local parts = {}
    for _, field in ipairs(FIELDS) do
      if pick({ true, false }) then parts[#parts + 1] = field .. " = " .. (field == "name" and pick({ '"n"', '"a b"', pick(V) }) or pick(V)) end
    end
    options[#options + 1] = "{ " .. table.concat(parts, ", ") .. " }"
  end
  local f = assert(io.open(arg[1] .. "/odd" .. i .. ".lua", "w"))
  f:write("local game = { description = ", pick(V), ", players = ", pick({ pick(V), "{ min = 2, max = 4 }" }),
    ", options = ", pick({ pick(V), "{ " .. table.concat(options, ", ") .. " }" }), ", default_bot = ", pick(V), " }\n",
    'function game.setup(t) t.vars.n = 0; t:ask(1, "go", { "a", "b" }) end\n',
    'function game.apply(t) t.vars.n = t.vars.n + 1; if t.vars.n < 3 then t:ask(1, "go", { "a", "b" }) end end\n',
    'function game.result(t) if t.vars.n >= 3 then return { winners = { 1 }, scores = { 0, 0 }, message = "ok" } end end\n',
    "return ", pick({ "game", "game", 'setmetatable(game, { __index = function(_, k) error("no " .. k) end })' }), "\n")
  f:close()
end
LUA
crashed=0
for i in $(seq 200); do
    REFEREE_RULES="$work/odd-rules" "$bin" run "odd$i" --seats random,random >/dev/null 2>&1
    [ $? -le 2 ] || crashed=$((crashed + 1))
done
REFEREE_RULES="$work/odd-rules" "$bin" games >/dev/null 2>&1
[ $? -le 2 ] || crashed=$((crashed + 1))
[ "$crashed" -eq 0 ] && ok || bad "$crashed odd rules definitions crashed the referee"
# The sandbox is the promised one, while a bot loads (math.random there once
# hung the referee) and at every decision (sandbox-check errors otherwise).
sandbox="$here/bots/sandbox-check.lua"
expect 0 '"faults":\[0,0\]' -- timeout 60 "$bin" run fixture --seats "$sandbox,$sandbox" --seed 3 --json
expect 1 'failed to load: .*a script may not set __gc' -- timeout 60 "$bin" run fixture \
    --seats "$here/fixture/broken/bot-finalizer-at-load.lua,random"
# The budget counts Lua instructions; C work those start (string.rep of a
# megabyte, over and over) is stopped by the watchdog's CPU-time limit, in
# the bot's main thread and in a coroutine.
timeout 60 "$bin" run fixture --seats "$here/bots/hostile/c-work-loop.lua,random" --seed 2 --json \
    --bot-budget 2000000 >"$work/cwork" 2>&1
[ "$(grep -c 'choose failed: the script ran too long (over 2 seconds of CPU time' "$work/cwork")" -eq 2 ] &&
    grep -q '"type":"result"' "$work/cwork" && ok || bad "C work in a bot was not stopped by CPU time"
# A view that cannot be written (vars holding a cycle) is no hang, and the
# rules' failure, not the bot's fault.
expect 1 "^referee: the rules' vars cannot be shown to seat 1's bot: t.vars: nested more than 64 deep \\(a cycle\\?\\)" -- \
    env REFEREE_RULES="$here/fixture/broken:$REFEREE_RULES" "$bin" run cyclic-vars --seats "$check,random" --seed 4 --json
# With --on-fault forfeit a faulting bot loses at its first fault.
"$bin" tournament fixture --bots "$here/bots/hostile/io-os.lua,random" --games 4 --on-fault forfeit --out "$work/ff.jsonl" >"$work/ff" 2>&1
[ "$(grep -c '"forfeit"' "$work/ff.jsonl")" -eq 4 ] && grep -q '^io-os  *4  *0.0 ' "$work/ff" && ok || bad "forfeits in a tournament"
# The standings say why a bot faulted: its first faulting game is played
# again for the reason, and the command printed plays that game to watch
# it, faulting the same way. merge, knowing only the lines, names the game.
if grep -q "io-os.lua faulted 4 times, in 4 of its 4 games; first in game 0, at seat 1: choose failed: .*io-os.lua:[0-9]*: undefined global 'io'" "$work/ff" &&
    grep -q "^  to watch that game: referee run fixture --seats .*io-os.lua,random --seed [^ ]* --on-fault forfeit$" "$work/ff"; then ok; else
    bad "the standings do not say why a bot faulted: $(tail -2 "$work/ff")"; fi
watch=$(sed -n 's/^  to watch that game: referee run //p' "$work/ff")
# (word splitting is meant: the printed arguments need no quotes here)
expect 0 "seat 1's bot io-os.lua faulted \(choose failed: .*undefined global 'io'" -- "$bin" run $watch
expect 0 '"type":"result","forfeit":1,"winners":\[2\],.*"faults":\[1,0\]' -- "$bin" run $watch --json
"$bin" merge "$work/ff.jsonl" >"$work/ff-merged" 2>&1
if grep -q "io-os.lua faulted 4 times, in 4 of its 4 games; first in game 0, at seat 1$" "$work/ff-merged" &&
    grep -q "^  to watch that game: referee run GAME --seats .*io-os.lua,random --seed [^ ]*   (GAME and --set as in the tournament)$" "$work/ff-merged"; then ok; else
    bad "merge does not name the first faulting game: $(tail -2 "$work/ff-merged")"; fi
# The first is the lowest game number, whatever order the shards come in;
# a bot named with a space or a quote is quoted in the command.
mkdir -p "$work/odd name"
printf 'return { choose = function(view, moves, ctx) if ctx.seat == 2 then error("second seat") end return moves[1] end }\n' >"$work/odd name/it's.lua"
for i in 1 2; do
    "$bin" tournament fixture --bots "$work/odd name/it's.lua,random" --games 4 --shard "$i/2" --seed 5 --set hands=1 --out "$work/q$i.jsonl" >"$work/q$i" 2>&1
done
"$bin" merge "$work/q2.jsonl" "$work/q1.jsonl" >"$work/q-merged" 2>&1
if grep -q "it's.lua faulted .* in 2 of its 4 games; first in game 1, at seat 2$" "$work/q-merged" &&
    grep -q "referee run GAME --seats 'random,.*/odd name/it'\\\\''s.lua' --seed" "$work/q-merged"; then ok; else
    bad "merge of shards names the wrong first fault: $(tail -2 "$work/q-merged")"; fi
# --json: the same standings as JSON lines, one per bot and a summary,
# read back with the kernel's JSON module; the faulting bot's first fault
# and watch command are those of the table. It is no part of the
# tournament's identity: the run resumes ff.jsonl (all 4 games in it).
"$bin" tournament fixture --bots "$here/bots/hostile/io-os.lua,random" --games 4 --on-fault forfeit \
    --out "$work/ff.jsonl" --json >"$work/ffj" 2>"$work/ffj.err"
"$bin" merge --json "$work/ff.jsonl" >"$work/ffj-merged" 2>&1
if LD_PRELOAD="${SANITIZER_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 lua5.4 - "$work/ffj" "$work/ffj-merged" "$watch" <<'LUA' >"$work/ffj-check" 2>&1
local json = require("referee").json
local function lines(path)
  local out = {}
  for line in io.lines(path) do out[#out + 1] = assert(json.decode(line), line) end
  return out
end
local ran, merged = lines(arg[1]), lines(arg[2])
assert(#ran == 5 and #merged == 5, "two standings, the head to head both ways and a summary each")
local h2h = ran[3]
assert(h2h.type == "head_to_head" and h2h.bot == "random" and h2h.met == 4 and h2h.ahead == 4 and h2h.behind == 0, h2h.bot)
table.remove(ran, 3); table.remove(ran, 3); table.remove(merged, 3); table.remove(merged, 3)
local first, second, sum = ran[1], ran[2], ran[3]
assert(first.type == "standing" and first.rank == 1 and first.bot == "random", first.bot)
assert(first.games == 4 and first.wins == 4 and first.win_rate == 1 and first.faults == 0)
-- All 4 won, in 2 deals: no spread to weigh, so each deal counts once.
assert(first.interval[1] > 0.3 and first.interval[2] == 1 and first.effective_games == 2 and first.rating > 1500)
assert(first.first_fault == nil and first.fault_games == nil)
assert(second.bot:match("io%-os%.lua$") and second.wins == 0 and second.faults == 4 and second.fault_games == 4)
assert(math.abs(first.rating - 1500 - (1500 - second.rating)) < 0.2, "ratings about 1500")
local f = second.first_fault
assert(f.game == 0 and f.seat == 1 and f.seats[1] == second.bot and f.seats[2] == "random")
assert(f.reason:match("^choose failed: .*undefined global 'io'"), f.reason)
assert(f.watch == "referee run " .. arg[3], f.watch)
assert(sum.type == "summary" and sum.games == 4 and sum.failed == 0 and sum.stopped == 0)
-- merge: the same figures, without the reason and the command
assert(merged[2].first_fault.reason == nil and merged[2].first_fault.watch == nil)
merged[2].first_fault, second.first_fault = nil, nil
for i = 1, 3 do
  for k, v in pairs(ran[i]) do
    assert(json.encode(merged[i][k]) == json.encode(v), k)
  end
end
LUA
then ok; else bad "tournament --json: $(cat "$work/ffj-check" | head -3) $(head -c 300 "$work/ffj")"; fi
[ "$(wc -l <"$work/ff.jsonl")" -eq 4 ] && grep -q '^{"type":"summary","games":4,' "$work/ffj" && ok ||
    bad "--json changed the tournament's identity: $(head -2 "$work/ffj")"
# A game bots never end (stalls.lua accepts every claim and declares the
# lowest score, which may equal the last) is stopped at --max-moves, no
# winner: in run, in a tournament (a draw, and merged alike) and at the REPL.
stall="$here/bots/stalls.lua"
expect 0 '^game stopped: 300 moves and no end \(the limit is --max-moves 300\): no winner$' -- timeout 60 "$bin" run bamboozled-dice --seats "$stall,$stall" --seed 3 --max-moves 300
expect 0 '^\{"type":"result","stopped":300,"winners":\[\],"moves":300,"faults":\[0,0\]\}$' -- timeout 60 "$bin" run bamboozled-dice --seats "$stall,$stall" --seed 3 --max-moves 300 --json
expect 0 '^2 games, 2 stopped at the move limit \(--max-moves\) and counted as draws' -- timeout 60 "$bin" tournament bamboozled-dice --bots "$stall,$stall" --seats 2 --games 2 --max-moves 300 --out "$work/stall.jsonl"
[ "$(grep -c '"winners":\[\],"stopped":300,"faults":\[0,0\],"moves":300,"check":"[0-9a-f]*"}$' "$work/stall.jsonl")" -eq 2 ] && ok || bad "stopped games' lines"
expect 0 '^2 games, 2 stopped at the move limit' -- "$bin" merge "$work/stall.jsonl"
expect 1 'a game of another tournament' -- timeout 60 "$bin" tournament bamboozled-dice --bots "$stall,$stall" --seats 2 --games 2 --out "$work/stall.jsonl"
# At the REPL the screen shows the last 200 entries of such a run, and
# 'continue' lets the bots play on (only when no person is to answer).
printf 'continue\nnew bamboozled-dice --seats %s,%s --seed 3 --max-moves 300\ncontinue\nseats\nlog 1\nnew bamboozled-dice --seats human,random --seed 3\ncontinue\nnew fixture --seats random,random --seed 3\ncontinue\n' "$stall" "$stall" >"$work/stall.in"
timeout 60 "$bin" <"$work/stall.in" >"$work/stall.out" 2>&1
if [ "$(grep -c "error: the bots made 300 moves in a row and the game has not ended: stopped there, no winner yet (the limit is --max-moves 300; 'continue' lets them play on" "$work/stall.out")" -eq 2 ] &&
    grep -q "^  \.\.\. [0-9]* earlier entries ('log all' shows them all)$" "$work/stall.out" &&
    [ "$(grep -c '^  ' "$work/stall.out")" -lt 500 ] &&
    grep -q "error: no game yet" "$work/stall.out" &&
    grep -q "error: seat 1 is yours to answer, not a bot's: play a move" "$work/stall.out" &&
    grep -q "error: the game is over: no move is pending ('new' starts another)" "$work/stall.out"; then ok; else
    bad "the REPL with bots that never end: $(tail -3 "$work/stall.out")"; fi
# Ctrl-C (here SIGINT) while the bots play stops them, the game kept.
printf 'new bamboozled-dice --seats %s,%s --seed 3\nseats\n' "$stall" "$stall" >"$work/stall-int.in"
"$bin" <"$work/stall-int.in" >"$work/stall-int.out" 2>&1 &
pid=$!
sleep 2
kill -INT "$pid" 2>/dev/null
wait "$pid"
if grep -q "error: interrupted: the bots stopped after [0-9]* moves, the game as it stands ('continue' lets them play on)" "$work/stall-int.out" &&
    grep -q "^  seat 2: .*stalls.lua$" "$work/stall-int.out"; then ok; else
    bad "Ctrl-C did not stop the bots: $(tail -3 "$work/stall-int.out")"; fi
# ... and in 'run' (which has no table to keep) the game ends after the move
# in play, the record with a whole line saying so, exit 130.
env --default-signal=INT "$bin" run bamboozled-dice --seats "$stall,$stall" --seed 3 --json >"$work/run-int.out" 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
status=$?
if [ "$status" -eq 130 ] && tail -1 "$work/run-int.out" | grep -Eq '^\{"type":"result","interrupted":true,"winners":\[\],"moves":[0-9]+,"faults":\[0,0\]\}$'; then ok; else
    bad "Ctrl-C in run --json exited $status: $(tail -1 "$work/run-int.out" | head -c 200)"; fi
# --bots as --seats: an empty entry was skipped (or, with no name left, read
# as no --bots at all), and a list over 2047 characters was cut short.
expect 2 "--bots is too long: at most 2047 characters" -- "$bin" tournament fixture --bots "random$(printf ',%075d' $(seq 29))" --games 2
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

# Tournaments: deterministic, the same with two workers, the same from
# merged shards, resumable, every bot in every seat equally often.
good="$here/bots/hostile/well-behaved.lua"
tour() { "$bin" tournament fixture --bots "$good,random,random" --games 36 --seed 5 "$@"; }
tour --out "$work/t1.jsonl" >"$work/st1" 2>&1
tour --out "$work/t2.jsonl" >/dev/null 2>&1
tour --jobs 2 --out "$work/t3.jsonl" >"$work/st3" 2>&1
[ "$(wc -l <"$work/t1.jsonl")" -eq 36 ] && ok || bad "a tournament of 36 games wrote $(wc -l <"$work/t1.jsonl") lines"
cmp -s "$work/t1.jsonl" "$work/t2.jsonl" && ok || bad "the same tournament gave different lines"
cmp -s "$work/t1.jsonl" "$work/t3.jsonl" && ok || bad "--jobs 2 gave different lines"
cmp -s "$work/st1" "$work/st3" && ok || bad "--jobs 2 gave different standings"
# Workers send their lines in batches; 6,000 quick games (900 KB of lines)
# make batches larger than one read of the pipe, so lines arrive cut.
"$bin" tournament bamboozled-dice --bots random,random --games 6000 --seed 3 --out "$work/many1.jsonl" >"$work/many1" 2>&1
"$bin" tournament bamboozled-dice --bots random,random --games 6000 --seed 3 --jobs 2 --out "$work/many2.jsonl" >"$work/many2" 2>&1
[ "$(wc -l <"$work/many2.jsonl")" -eq 6000 ] && cmp -s "$work/many1.jsonl" "$work/many2.jsonl" &&
    cmp -s "$work/many1" "$work/many2" && ok || bad "6,000 games with --jobs 2 gave other lines or standings than with one worker"
for i in 1 2 3; do tour --shard "$i/3" --out "$work/shard$i.jsonl" >/dev/null 2>&1; done
"$bin" merge "$work/shard3.jsonl" "$work/shard1.jsonl" "$work/shard2.jsonl" >"$work/st4" 2>&1
cmp -s "$work/st1" "$work/st4" && ok || bad "merged shards gave other standings"; diff "$work/st1" "$work/st4" | head -5
head -n 20 "$work/t1.jsonl" >"$work/t5.jsonl"
sed -n 21p "$work/t1.jsonl" | head -c 40 >>"$work/t5.jsonl"      # a run stopped mid-line
tour --out "$work/t5.jsonl" >/dev/null 2>&1
cmp -s "$work/t1.jsonl" "$work/t5.jsonl" && ok || bad "a resumed tournament differs from one run"
grep -q '^well-behaved  *36 ' "$work/st1" && ok || bad "the standings do not list the bot's 36 games"
# A file that stops taking lines (a full disk; here a file size limit,
# with SIGXFSZ ignored so the write fails) stops the games as Ctrl-C
# does, says so, exits 1, and the same command resumes to one run's lines.
# Before, the run went on to the end and exited 0 with the lines lost.
for jobs in 1 2; do
    rm -f "$work/full.jsonl"
    (trap '' XFSZ; ulimit -f 8 && tour --jobs $jobs --out "$work/full.jsonl") >"$work/full.out" 2>&1
    status=$?
    kept=$(wc -l <"$work/full.jsonl")
    tour --out "$work/full.jsonl" >/dev/null 2>&1
    if [ $status -eq 1 ] && [ "$kept" -lt 36 ] &&
        grep -q "^referee: cannot write to .*full.jsonl: File too large; it keeps $kept whole games: make room, and the same command plays the $((36 - kept)) left" "$work/full.out" &&
        cmp -s "$work/t1.jsonl" "$work/full.jsonl"; then ok; else
        bad "a file that took no more lines (--jobs $jobs): exit $status, $kept lines kept: $(tail -2 "$work/full.out")"; fi
done
# --out is read back to resume: a device, a pipe or a directory is refused
# (/dev/full was read forever, a pipe blocked the run).
expect 1 "^referee: --out /dev/full is a device: the lines are read back from it to resume a run" -- \
    timeout 20 "$bin" tournament fixture --bots random,random --games 2 --out /dev/full
expect 1 "^referee: --out .* is a directory" -- timeout 20 "$bin" tournament fixture --bots random,random --games 2 --out "$work"
# Ctrl-C stops a tournament once the games in play end: the standings of
# the games played, exit 130, and the file holds the first games in order,
# each whole, so the same command resumes from it. The terminal sends
# SIGINT to the workers too ("group"); kill sends it to the parent alone.
# (env --default-signal: sh starts a background job with SIGINT ignored.)
interrupt() { # JOBS group|parent: a long tournament, interrupted after a second
    setsid env --default-signal=INT "$bin" tournament fixture --bots random,random --games 1000000 \
        --jobs "$1" --out "$work/int.jsonl" >"$work/int.out" 2>&1 &
    pid=$!
    sleep 1
    if [ "$2" = group ]; then kill -INT "-$pid"; else kill -INT "$pid"; fi
    wait "$pid"
}
games_in_order() { # FILE N: the file holds games 0 to N-1, in order, each line whole
    [ "$(sed -n 's/^{"game":\([0-9]*\),.*"moves":[0-9]*,"check":"[0-9a-f]*"}$/\1/p' "$1" | tr '\n' ' ')" = "$(seq -s ' ' 0 $(($2 - 1))) " ]
}
interrupt 2 group
status=$?
first=$(sed -n 's/.*interrupted: \([0-9]*\) of the 1000000 games to play were played and are kept in .*int.jsonl; the same command plays the [0-9]* left$/\1/p' "$work/int.out")
if [ "$status" -eq 130 ] && [ -n "$first" ] && [ "$first" -gt 0 ] && grep -q "^$first games; seed [^ ;]*; " "$work/int.out" &&
    grep -q "stopping once the games in play end (Ctrl-C again quits at once)" "$work/int.out" &&
    games_in_order "$work/int.jsonl" "$first"; then ok; else
    bad "Ctrl-C (--jobs 2) exited $status, not stopping the tournament with its games kept: $(tail -2 "$work/int.out")"; fi
interrupt 1 parent
status=$?
more=$(sed -n 's/.*interrupted: \([0-9]*\) of the [0-9]* games to play were played and are kept.*/\1/p' "$work/int.out")
if [ "$status" -eq 130 ] && grep -q "holds $first games already" "$work/int.out" && [ -n "$more" ] &&
    grep -q "^$((first + more)) games; seed [^ ;]*; " "$work/int.out" && games_in_order "$work/int.jsonl" $((first + more)); then ok; else
    bad "Ctrl-C (--jobs 1, resumed) exited $status: $(tail -2 "$work/int.out")"; fi
# Ctrl-C while a faulting bot's first faulty game is played again for the
# reason stops that: the standings follow, without the reason. (The file
# holds every game already, so the second run goes straight to it; the
# bot thinks about a quarter of a second over each of its first moves.)
cat >"$work/slowfault.lua" <<'EOF_BOT'
local calls = 0
return { choose = function(view, moves)
  calls = calls + 1
  if calls > 4 then return moves[1] end
  local x = 0
  for i = 1, 40000000 do x = x + i end
  if calls == 4 then error("slow fault") end
  return moves[1]
end }
EOF_BOT
set -- tournament fixture --bots "$work/slowfault.lua,random" --games 1 --jobs 1 \
    --bot-budget 1000000000 --out "$work/slow.jsonl"
"$bin" "$@" >/dev/null 2>&1
env --default-signal=INT "$bin" "$@" >"$work/slow.out" 2>&1 &
pid=$!
sleep 0.4
kill -INT "$pid"
wait "$pid"
status=$?
if [ "$status" -eq 0 ] && grep -q "the standings follow without the reasons of the faults" "$work/slow.out" &&
    grep -q "^1 games; seed [^ ;]*; " "$work/slow.out" && grep -q "faulted 1 time, in 1 of its 1 games; first in game 0, at seat 1$" "$work/slow.out" &&
    [ "$(wc -l <"$work/slow.jsonl")" -eq 1 ]; then ok; else
    bad "Ctrl-C while looking for a fault's reason exited $status: $(tail -3 "$work/slow.out")"; fi
# A tournament started with SIGINT ignored (a script's background job) is
# not one the terminal's Ctrl-C is for: it plays on to the end.
"$bin" tournament fixture --bots random,random --games 10000 --jobs 2 >"$work/ign.out" 2>&1 &
pid=$!
sleep 0.3
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" -eq 0 ] && grep -q "^10000 games; seed [^ ;]*; " "$work/ign.out" && ok ||
    bad "a tournament with SIGINT ignored stopped: exit $status, $(tail -1 "$work/ign.out")"
# Lines of another tournament (here another seed) are never mixed in: not
# by merge, and not by a run resuming into a file that holds them.
tour --seed 6 --shard 2/3 --out "$work/other.jsonl" >/dev/null 2>&1
expect 1 "other.jsonl:1 is a game of another tournament than .*shard1.jsonl:1 .*merge the shards of one tournament only" -- "$bin" merge "$work/shard1.jsonl" "$work/other.jsonl"
# ... nor shards played with another text of the rules (or of a bot).
mkdir -p "$work/rv" && cp "$here/fixture/fixture.lua" "$work/rv/fx.lua"
"$bin" tournament "$work/rv/fx.lua" --bots random,random --games 8 --shard 1/2 --seed 1 --out "$work/rv1.jsonl" >/dev/null 2>&1
echo "-- a later version of the rules" >>"$work/rv/fx.lua"
"$bin" tournament "$work/rv/fx.lua" --bots random,random --games 8 --shard 2/2 --seed 1 --out "$work/rv2.jsonl" >/dev/null 2>&1
expect 1 "rv2.jsonl:1 is a game of another tournament .*rules or bot files" -- "$bin" merge "$work/rv1.jsonl" "$work/rv2.jsonl"
cp "$work/shard1.jsonl" "$work/mixed.jsonl"
expect 1 "mixed.jsonl:1 is a game of another tournament than this command's .*give another --out file" -- tour --seed 6 --out "$work/mixed.jsonl"
cmp -s "$work/shard1.jsonl" "$work/mixed.jsonl" && ok || bad "a refused resume changed the file"
# Each line carries a check of its own bytes: an edit a line's own sense
# cannot catch (a changed score, a misspelt key, no winners) is refused by
# merge and a resuming run; the damages below are resealed (reseal) to
# reach the checks behind it.
reseal() { lua5.4 "$here/cli/reseal.lua"; }
for damage in 's/"scores":\[[0-9]*/"scores":[99/' 's/"scores"/"scroes"/' 's/"winners":\[[0-9,]*\]/"winners":[]/'; do
    sed "1$damage" "$work/t1.jsonl" >"$work/edited.jsonl"
    cmp -s "$work/t1.jsonl" "$work/edited.jsonl" && bad "the edit $damage changed nothing"
    expect 1 'edited.jsonl:1 is a damaged game line \(it does not match its "check": it was changed after it was written\)' -- \
        "$bin" merge "$work/edited.jsonl"
    expect 1 'edited.jsonl:1 is a damaged game line \(it does not match its "check"' -- tour --out "$work/edited.jsonl"
done
# A last line whole but for its newline (a full disk cut it there) is not
# counted: the resumed run cuts it and plays its game again, and the file
# ends as a run without the cut would have written it.
head -n 5 "$work/t1.jsonl" | head -c -1 >"$work/cut.jsonl"
tour --out "$work/cut.jsonl" >/dev/null 2>&1
cmp -s "$work/t1.jsonl" "$work/cut.jsonl" && ok ||
    bad "resuming after a last line without its newline lost or changed a game: $(diff "$work/t1.jsonl" "$work/cut.jsonl" | head -3)"
# A line damaged by hand or by a disk is refused with what is wrong, by
# merge and by a resuming run alike, and the file is left as it was (a huge
# game number used to crash both: the map of games seen grew to fit it).
for damage in 's/"game":0,/"game":9223372036854775807,/' 's/"winners":\[[0-9,]*\]/"winners":[99]/' \
    's/"faults":\[[0-9,]*\]/"faults":[-1,0,0]/' 's/"seats":\[[^]]*\]/"seats":[5]/'; do
    sed "1$damage" "$work/t1.jsonl" | reseal >"$work/damaged.jsonl"
    cmp -s "$work/t1.jsonl" "$work/damaged.jsonl" && bad "the damage $damage changed nothing"
    cp "$work/damaged.jsonl" "$work/damaged-copy.jsonl"
    expect 1 'damaged.jsonl:1 is a damaged game line \(.* must .*\): delete it, and a run with --out' -- \
        "$bin" merge "$work/damaged.jsonl"
    expect 1 'damaged.jsonl:1 is a damaged game line' -- tour --out "$work/damaged.jsonl"
    cmp -s "$work/damaged.jsonl" "$work/damaged-copy.jsonl" && ok || bad "a refused resume changed the damaged file"
done
# A line that is not JSON at all (but not the last, cut short by a stop) is
# refused too, saying what a game line is and what to do.
sed '2s/^{/x{/' "$work/t1.jsonl" >"$work/garbled.jsonl" && cp "$work/garbled.jsonl" "$work/garbled-copy.jsonl"
expect 1 'garbled.jsonl:2 is not a game line \(a JSON object with a "game" number, as referee tournament --out writes\): delete it, and a run with --out .*garbled.jsonl plays its game again' -- "$bin" merge "$work/garbled.jsonl"
expect 1 'garbled.jsonl:2 is not a game line' -- tour --out "$work/garbled.jsonl"
cmp -s "$work/garbled.jsonl" "$work/garbled-copy.jsonl" && ok || bad "a refused resume changed the garbled file"
# Lines may come from other machines, and their bot names and id are
# printed back: a control character there is damage too. A failed game's
# reason (the rules' words) is printed with its control characters as '?'.
for damage in 's/"seats":\["/"seats":["\\u001b[2J/' 's/"tournament":"/"tournament":"\\u009b/'; do
    sed "1$damage" "$work/t1.jsonl" | reseal >"$work/ctl.jsonl"
    cmp -s "$work/t1.jsonl" "$work/ctl.jsonl" && bad "the damage $damage changed nothing"
    expect 1 'ctl.jsonl:1 is a damaged game line \(.* holds a control character\)' -- "$bin" merge "$work/ctl.jsonl"
done
sed '1s/"winners":\[[0-9,]*\],"scores":\[[0-9,.-]*\],/"error":"rules failed: \\u001b[2J\\u009bboom",/' \
    "$work/t1.jsonl" | reseal >"$work/ctl.jsonl"
"$bin" merge "$work/ctl.jsonl" >"$work/ctl-out" 2>&1
if grep -q 'the first that failed: rules failed: ?\[2J??boom' "$work/ctl-out" &&
    ! LC_ALL=C grep -q "$(printf '\033')" "$work/ctl-out"; then ok; else
    bad "a failed game's reason reached the output unsafe: $(cat -v "$work/ctl-out" | tail -2)"; fi
# A rules error in words that are no UTF-8 is written to the line with '?'
# for those bytes: the line kept no "error" (JSON takes UTF-8 only), so the
# standings said "no winners" and resuming refused the tournament's own file.
mkdir -p "$work/u8rules"
printf 'return { description = "fails", players = { min = 2, max = 2 },\n  setup = function(t) t:ask(1, "go", { "go" }) end,\n  apply = function() error("caf\351 \200") end, result = function() end }\n' \
    >"$work/u8rules/fails-latin1.lua"
rm -f "$work/u8.jsonl"
REFEREE_RULES="$work/u8rules" "$bin" tournament fails-latin1 --bots random --games 2 --out "$work/u8.jsonl" >"$work/u8-out" 2>&1
if grep -q 'the first that failed: .*fails-latin1.lua:3: caf? ?$' "$work/u8-out" &&
    [ "$(grep -c '"error":"the rules failed .*caf? ?' "$work/u8.jsonl")" = 2 ]; then ok; else
    bad "a rules error that is no UTF-8 was not kept: $(tail -2 "$work/u8-out")"; fi
# (a game that failed makes the exit status 1, resumed or merged: a
# script running tournaments learns its rules broke)
expect 1 '0 games, 2 that failed' -- env REFEREE_RULES="$work/u8rules" "$bin" tournament fails-latin1 --bots random --games 2 --out "$work/u8.jsonl"
expect 1 '0 games, 2 that failed' -- "$bin" merge "$work/u8.jsonl"
# A resuming run knows its list of games, so it also refuses a line whose
# seats or seed are not its game number's (merge, knowing only the lines,
# cannot tell).
head -n 1 "$work/t1.jsonl" | sed 's|"seed":"[^"]*"|"seed":"1/0"|' | reseal >"$work/reseed.jsonl"
expect 1 "reseed.jsonl:1 is a damaged game line \(its seed is not that of its game number\)" -- tour --out "$work/reseed.jsonl"
head -n 2 "$work/t1.jsonl" | tail -n 1 >"$work/reseat.jsonl"
sed -i 's/"game":1,/"game":0,/' "$work/reseat.jsonl"
reseal <"$work/reseat.jsonl" >"$work/reseat2.jsonl" && mv "$work/reseat2.jsonl" "$work/reseat.jsonl"
expect 1 "reseat.jsonl:1 is a damaged game line \(its seats are not those of its game number\)" -- tour --out "$work/reseat.jsonl"
# And 300 files changed in one place each (by the specs' JSON mutator):
# merge takes each or refuses it, never crashes.
(cd "$here/.." && lua5.4 - "$work/t1.jsonl" "$work/mutant" <<'LUA') || bad "the mutants were not written"
local mutator = require "tests.spec.json_mutator"
local text, pick = assert(io.open(arg[1])):read("a"), mutator.stream(7)
for i = 1, 300 do assert(io.open(arg[2] .. i .. ".jsonl", "w")):write(mutator.mutate_json(text, pick)):close() end
LUA
crashed=0
for i in $(seq 300); do
    "$bin" merge "$work/mutant$i.jsonl" >/dev/null 2>&1
    [ $? -le 1 ] || crashed=$((crashed + 1))
done
[ "$crashed" -eq 0 ] && ok || bad "merge crashed on $crashed of 300 changed files"
# Each bot in each seat equally often; the games of a deal share their seed.
if lua5.4 - "$work/t1.jsonl" <<'LUA' >/dev/null 2>&1
local count, seeds = {}, {}
for line in io.lines(arg[1]) do
  local g = tonumber(line:match('"game":(%d+)'))
  local seed = line:match('"seed":(%d+)')
  local seats = line:match('"seats":%[(.-)%]')
  local s = 0
  for name in seats:gmatch('"([^"]+)"') do
    s = s + 1
    name = name:match("well%-behaved") and "good" or name
    count[name .. s] = (count[name .. s] or 0) + 1
  end
  local deal = g // 3
  assert(not seeds[deal] or seeds[deal] == seed, "a deal with two seeds")
  seeds[deal] = seed
end
for s = 1, 3 do
  assert(count["good" .. s] == 12, "the bot sat in seat " .. s .. " " .. tostring(count["good" .. s]) .. " times")
  assert(count["random" .. s] == 24)
end
LUA
then ok; else bad "seats are not rotated evenly, or a deal's games differ in seed"; fi
# The progress bar with its ETA goes to stderr on a terminal only (script
# gives the run one; it is part of Debian's essential bsdutils).
if command -v script >/dev/null 2>&1; then
    script -qc "'$bin' tournament fixture --bots random,random --games 30" /dev/null >"$work/tty" 2>&1
    grep -q '\] 30/30 games, ETA 0s' "$work/tty" && ok || bad "no progress bar on a terminal"
fi
"$bin" tournament fixture --bots random,random --games 30 >/dev/null 2>"$work/notty"
! grep -q 'ETA' "$work/notty" && ok || bad "a progress bar where stderr is not a terminal"
# A bad --set is refused before any game is played, with what it takes.
expect 2 "unknown option 'nosuch' for fixture; its options are: .* \\(--set\\)" -- "$bin" tournament fixture --bots random --set nosuch=1 --games 2 --out "$work/badset.jsonl"
[ ! -s "$work/badset.jsonl" ] && ok || bad "a tournament with a bad --set played games"
# Without --seats a tournament seats as many bots as fit (6 bots, fixture's
# 4 seats).
"$bin" tournament fixture --bots random,random,random,random,random,random --games 2 --out "$work/range.jsonl" >/dev/null 2>&1
[ "$(head -n 1 "$work/range.jsonl" | grep -o '"random"' | wc -l)" -eq 4 ] && ok || bad "6 bots at the fixture did not take 4 seats"
expect 1 'cannot read' -- "$bin" merge "$work/none.jsonl"

# A piped REPL script that errs exits 1; one that does not, 0.
printf 'bogus\n' | "$bin" >/dev/null 2>&1; [ $? -eq 1 ] && ok || bad "a piped error did not exit 1"
printf 'help\n' | "$bin" >"$work/help" 2>&1; [ $? -eq 0 ] && ok || bad "a piped help did not exit 0"
grep -q 'referee>' "$work/help" && bad "a piped REPL printed a prompt" || ok

# Random REPL sessions (tests/cli/repl-fuzz.lua SEED): new games with odd seats,
# seeds and options, saves and loads, commands and words in any order, odd
# bytes. Each ends with 0 or 1 (a line refused), never a crash or a
# sanitizer's report.
# They run in a folder of their own: a random "save WORD" writes a file
# named WORD there.
fuzz_bad=0
mkdir -p "$work/fuzz"
for seed in $(seq 1 60); do
    lua5.4 "$here/cli/repl-fuzz.lua" "$seed" >"$work/fuzz.in"
    (cd "$work/fuzz" && TMPDIR="$work" timeout 60 "$bin" <"$work/fuzz.in" >"$work/fuzz.out" 2>&1)
    status=$?
    if [ $status -gt 1 ] || grep -Eq 'Sanitizer|runtime error:' "$work/fuzz.out"; then
        bad "REPL session $seed of tests/cli/repl-fuzz.lua exited $status"; tail -3 "$work/fuzz.out"
        fuzz_bad=1
    fi
done
[ $fuzz_bad -eq 0 ] && ok

# A real deck: a card is named as it is played; one shown already is
# refused; 'correct' puts a misnamed card right; the save replays.
printf 'turn 7H\nkeep\nplay\nplay\nplay\nstand\nstand\nstand\n7H\nKD\ncorrect KS\nsave %s/tc.json\n' "$work" |
    "$bin" play bam --seats human,human,human --seed 3 --set dealer=3 --table all >"$work/tc.out" 2>&1
grep -q "error: '7H' cannot be played: 7H is already accounted for: it lies in seat 3's hand" "$work/tc.out" &&
    grep -q "^corrected: the last move is played as typed now" "$work/tc.out" && grep -q "^  KS: seat 1's hand -> trick" "$work/tc.out" &&
    grep -q '"KS"' "$work/tc.json" && ! grep -q '"KD"' "$work/tc.json" && ok || bad "a real deck: $(grep -n 'error\|KD\|KS' "$work/tc.out" | head -5)"
expect 0 "9 moves replayed; every move legal" -- "$bin" replay "$work/tc.json"
grep -q '"cards": true' "$work/tc.json" && ok || bad "the save does not mark the real deck"
printf 'play\ncorrect fold\n' | "$bin" play bam --seats human,human,human --seed 3 --set dealer=3 >"$work/tc2.out" 2>&1
grep -q "'correct MOVE' is for a table with a real deck" "$work/tc2.out" && ok || bad "correct MOVE with the referee's deck: $(tail -3 "$work/tc2.out")"
# A die typed at the table: refused out of range, taken back on 'cancel'
# (nothing changed), and a table game's save replays with no typing.
printf 'roll\ndeclare 53\nchallenge\ncancel\nmoves\nchallenge\n0 9\n2 2\nsave %s/td.json\n' "$work" |
    "$bin" play bamboozled-dice --seats human,human,human --seed 3 --set first=1 --table dice >"$work/td.out" 2>&1
grep -q "error: seat 2's 'challenge' was not played: the dice were not typed, so the move was taken back" "$work/td.out" &&
    grep -q "^accept  challenge" "$work/td.out" && grep -q "the dice show 2 and 2: seat 1 bluffed" "$work/td.out" && ok ||
    bad "typing real dice: $(grep -n 'error\|dice' "$work/td.out" | head -5)"
expect 0 "3 moves replayed; every move legal" -- "$bin" replay "$work/td.json"
grep -q '"dice": \[$' "$work/td.json" && ok || bad "the save does not hold the typed dice"
# Variants say what they change: referee games marks them with their base
# and changed defaults; referee diff lists options, functions and texts.
expect 0 '^  option strikes: default 5 \(was 3\)$' -- "$bin" diff bamboozled-dice-more-strikes
grep -q '^bamboozled-dice-more-strikes is a variant of bamboozled-dice' "$work/out" &&
    grep -q '^  text description: "Bamboozled dice with more strikes' "$work/out" &&
    ! grep -q 'function' "$work/out" && ok || bad "diff of more-strikes: $(cat "$work/out")"
expect 0 '^  function setup: replaced$' -- "$bin" diff bam-app
grep -q '^  option levels: added, default 3 entries, \[' "$work/out" && grep -q '^  option fold: default false (was true)$' "$work/out" &&
    grep -q '^  data players: {"max":6,"min":2,"people":\[1\]} (was {"max":6,"min":3})$' "$work/out" &&
    ! grep -q 'function apply' "$work/out" && ok || bad "diff of bam-app: $(cat "$work/out")"
mkdir -p "$work/variants"
printf 'return inherit("fixture")\n' >"$work/variants/same-snap.lua"
printf 'local game = inherit("fixture")\nlocal setup = game.setup\nfunction game.setup(t, o) setup(t, o) end\nfunction game.extra() end\ngame.options = {}\nreturn game\n' >"$work/variants/new-snap.lua"
expect 0 '^  nothing: it plays as its base does$' -- env REFEREE_RULES="$work/variants:$REFEREE_RULES" "$bin" diff same-snap
expect 0 '^  function setup: replaced$' -- env REFEREE_RULES="$work/variants:$REFEREE_RULES" "$bin" diff new-snap
grep -q '^  function extra: added$' "$work/out" && grep -q '^  option policy: dropped$' "$work/out" && ok ||
    bad "diff of a variant that adds a function and drops the options: $(cat "$work/out")"
expect 0 "^  a variant of bamboozled-dice \('referee diff bamboozled-dice-more-strikes' says how\); defaults changed: strikes 5 \(was 3\)$" -- "$bin" games
grep -q "^  a variant of bam ('referee diff bam-app' says how); defaults changed: fold false (was true), redraw false (was true)$" "$work/out" &&
    ! grep -A1 '^bam (' "$work/out" | grep -q 'a variant' && ok || bad "games does not mark the variants alone: $(grep -A1 '^bam' "$work/out")"

# Shell completion: commands, games, bots in a list, and flags.
if command -v bash >/dev/null; then
    complete_words() { # the completions of the words given, the last being completed
        PATH="$(dirname "$bin"):$PATH" bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _referee; printf "%s\n" "${COMPREPLY[@]}"' \
            sh "$here/../completions/referee.bash" "$@"
    }
    [ "$(complete_words referee tour)" = tournament ] && ok || bad "completion of a command: $(complete_words referee tour)"
    complete_words referee play bamboozled-dice-m | grep -qx bamboozled-dice-more-strikes && ok ||
        bad "completion of a game: $(complete_words referee play bamboozled-dice-m)"
    [ "$(complete_words referee play bam --seats human,dice-h)" = human,dice-honest ] && ok ||
        bad "completion of a bot in --seats: $(complete_words referee play bam --seats human,dice-h)"
    complete_words referee tournament bam --re | grep -qx -- --report && ok ||
        bad "completion of a flag: $(complete_words referee tournament bam --re)"
else
    bad "bash is needed to test the shell completion"
fi
# make install puts the module where Debian's lua5.4 looks (the default
# cpath has /usr/local/lib/lua/5.4), the man page and the completion.
if [ -z "${SANITIZER_PRELOAD:-}" ]; then
    make -s -C "$here/.." install DESTDIR="$work/root" >"$work/install.out" 2>&1
    for f in bin/referee lib/lua/5.4/referee.so share/man/man1/referee.1 share/bash-completion/completions/referee \
             share/referee/rules/bam.lua share/referee/bots/dice-honest.lua; do
        [ -f "$work/root/usr/local/$f" ] || echo "$f"
    done >"$work/missing"
    [ ! -s "$work/missing" ] && lua5.4 -e 'print(package.cpath)' | grep -q '/usr/local/lib/lua/5.4/?.so' &&
        LUA_CPATH="$work/root/usr/local/lib/lua/5.4/?.so" REFEREE_RULES="$work/root/usr/local/share/referee/rules" \
        lua5.4 -e 'local r = require "referee"; assert(r.game("bam", { seats = 3 }):pending())' >>"$work/install.out" 2>&1 && ok ||
        bad "make install: $(cat "$work/missing" "$work/install.out" | head -5)"
fi
# The man page formats without a warning.
groff -man -Tutf8 -ww -z "$here/../doc/referee.1" >"$work/man.err" 2>&1 && [ ! -s "$work/man.err" ] && ok ||
    bad "the man page does not format cleanly: $(head -3 "$work/man.err")"

# The cases that are only a command, its exit status and lines it prints
# are data: tests/cli/commands.test.
. "$here/cli/cases.sh"
run_cases "$here/cli/commands.test"

# RULINGS: the no-bluffing variant refuses bluffing=true, with why.
expect 2 "option 'bluffing': this variant plays without bluffing: with bluffing it is the base game, bamboozled-dice" -- \
    "$bin" run bamboozled-dice-no-bluffing --set bluffing=true --seats random,random
# The app's record names each level and its dealer before the level's
# pay-in: a game that ends there shares its pot from that dealer's left.
"$bin" run bam-app --seats bam-greedy,bam-greedy --seed 3 --json >"$work/app.jsonl" 2>&1
awk '/"event":"level"/ { n++; if ((getline next_line) > 0 && next_line !~ /"type":"transfer"/) late++ }
     END { exit !(n >= 3 && !late) }' "$work/app.jsonl" && ok ||
    bad "the app's level event does not come before its pay-in: $(grep -m2 -A1 '"event":"level"' "$work/app.jsonl")"

# Files that hold a seed are their owner's alone: whoever reads the seed
# deals every hand ahead (a save; a tournament's lines).
(umask 022 && printf 'save %s\n' "$work/secret.json" | "$bin" play fixture --seats human,random --seed 2 >/dev/null 2>&1 &&
    "$bin" tournament fixture --bots random,random --games 2 --seed 1 --out "$work/secret.jsonl" >/dev/null 2>&1)
[ "$(stat -c %a "$work/secret.json" 2>/dev/null)" = 600 ] && [ "$(stat -c %a "$work/secret.jsonl" 2>/dev/null)" = 600 ] && ok ||
    bad "a save or a tournament's lines can be read by others: $(stat -c '%a %n' "$work/secret.json" "$work/secret.jsonl" 2>&1)"

echo "cli: $pass passed, $fail failed"
