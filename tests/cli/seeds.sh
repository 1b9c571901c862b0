# tests/cli.sh, part seeds: seeds, a bot's print, and the READMEs' examples run as written.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
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
# Each random seat draws from a stream of its own, a function of the seed,
# the seat and the move number: two of them asked in one window (the
# fixture's snap or pass) answer apart, not alike every time.
for s in 1 2 3; do "$bin" run fixture --seats random,random,random --seed $s --json; done >"$work/windows.jsonl" 2>&1
grep -Eq '"answers":\[\{"seat":[0-9],"move":"(snap|pass)"\},\{"seat":[0-9],"move":"(snap|pass)"\}\]' "$work/windows.jsonl" &&
    grep -E '"answers":\[\{"seat":[0-9],"move":"(snap|pass)"\},\{"seat":[0-9],"move":"(snap|pass)"\}\]' "$work/windows.jsonl" |
    grep -Eqv '"move":"snap".*"move":"snap"|"move":"pass".*"move":"pass"' && ok ||
    bad "random seats in one window answered alike every time: their streams are not their own"
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
docs="$(cd "$here/.." && pwd)"
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
