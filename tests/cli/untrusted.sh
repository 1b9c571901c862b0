# tests/cli.sh, part untrusted: texts and values from others: saves, quoted words, JSON options, results and vars too deep or too big.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
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
    env REFEREE_RULES="$work/dag:$REFEREE_RULES" REFEREE_BOTS="$here/bots/hostile" \
    "$bin" run deepvars --seats well-behaved,well-behaved --seed 3
env REFEREE_RULES="$work/dag:$REFEREE_RULES" REFEREE_BOTS="$here/bots/hostile" timeout 20 \
    "$bin" tournament dagvars --bots well-behaved,random --games 4 >"$work/dagvars.out" 2>&1
if [ $? -eq 1 ] && grep -q '^0 games, 4 that failed' "$work/dagvars.out" &&
    grep -q "^the first that failed: the rules' vars cannot be shown to seat [12]'s bot: t.vars: holds more than 100000 tables" "$work/dagvars.out" &&
    ! grep -q 'faulted' "$work/dagvars.out"; then ok; else
    bad "vars no view can hold were not the rules' failure: $(head -5 "$work/dagvars.out")"; fi
# So too when the bot's memory runs out before the copy finds too many
# tables: the vars are looked at again, and the bot is not blamed.
env REFEREE_RULES="$work/dag:$REFEREE_RULES" REFEREE_BOTS="$here/bots/hostile" timeout 20 \
    "$bin" tournament dagvars --bots well-behaved,random --games 4 --bot-memory 1 >"$work/dagvars-small.out" 2>&1
if [ $? -eq 1 ] && grep -q "^the first that failed: the rules' vars cannot be shown to seat [12]'s bot: t.vars: holds more than 100000 tables" "$work/dagvars-small.out" &&
    ! grep -q 'faulted' "$work/dagvars-small.out"; then ok; else
    bad "vars no view can hold, a bot of 1 MB: $(head -5 "$work/dagvars-small.out")"; fi
# At the REPL too, where a bot answers in a claim window beside a person.
printf 'new deepvars --seats human,well-behaved,human --seed 26\nplay QH\npass\n' |
    env REFEREE_RULES="$work/dag:$REFEREE_RULES" REFEREE_BOTS="$here/bots/hostile" "$bin" \
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
