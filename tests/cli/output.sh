# tests/cli.sh, part output: what the command writes: a full disk, exit statuses, texts from rules and bots printed safely, the lists of games and bots, make bench's own games.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
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
# A note longer than a screen line is shown cut where it is too long to
# show, ending in "...", never cut short of that without a word.
mkdir -p "$work/longnote"
printf 'local game = inherit("fixture")\nlocal base = game.apply\nfunction game.apply(t, ...)\n  t:note(("word "):rep(300) .. "end")\n  return base(t, ...)\nend\nreturn game\n' >"$work/longnote/longnote.lua"
REFEREE_RULES="$work/longnote:$REFEREE_RULES" "$bin" run longnote --seats random,random --seed 2 >"$work/longnote.out" 2>&1
if grep -q '^  word word .* word \.\.\.$' "$work/longnote.out" &&
    [ "$(grep '^  word ' "$work/longnote.out" | head -1 | wc -c)" -gt 1000 ]; then ok; else
    bad "a long note was shown cut without '...': $(grep '^  word ' "$work/longnote.out" | head -1 | cut -c1-40)...$(grep '^  word ' "$work/longnote.out" | head -1 | tail -c 40)"; fi
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
for bot in "$here"/../bots/*.lua; do
    grep -q "^$(basename "$bot" .lua) " "$work/bots" && ok || bad "referee bots does not list $(basename "$bot")"
done
# make bench's own rules play (a variant of loop-floor among them).
for game in loop-floor method-calls; do
    expect 0 '^game over: every decision made' -- env REFEREE_RULES="$here/../bench:$REFEREE_RULES" \
        "$bin" run "$game" --seats random,random,random,random --seed 1
done
# bench --lua-ops counts the rules' Lua instructions: every loop-floor game
# runs the same ones (its path does not depend on the moves), at least one
# a decision, and a game more adds exactly one game's count.
benchbin="$here/../build/bench"
lua_ops() { REFEREE_RULES="$here/../bench" "$benchbin" --lua-ops loop-floor 4 "$1" 1 | cut -d' ' -f6; }
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
