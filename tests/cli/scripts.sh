# tests/cli.sh, part scripts: rules and bots that fail or misbehave: tracebacks, loops, memory, views, the sandbox, the budget, faults, stalls, Ctrl-C.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
# A rules script that fails is reported with its traceback; no crash.
# A rules script that loops forever is stopped by the CPU-time watchdog, in
# the REPL's process and in forked tournament workers alike (under timeout,
# so a watchdog that fails makes the test fail instead of hang).
expect 1 'ran too long' -- timeout 60 "$bin" run "$here/fixture/broken/hangs.lua"
# A failing table.concat, which the referee's own quick one stands in for,
# is named in the traceback as Lua's own is.
expect 1 "in function 'table.concat'" -- "$bin" run "$here/fixture/broken/concat-fails.lua"
expect 1 "invalid value \\(table\\) at index 3 in table for 'concat'" -- "$bin" run "$here/fixture/broken/concat-fails.lua"
expect 1 "ran too long" -- timeout 60 "$bin" run "$here/fixture/broken/hangs-in-coroutine.lua"
expect 1 '2 that failed' -- timeout 60 "$bin" tournament "$here/fixture/broken/hangs.lua" --bots random,random --games 2 --jobs 2
# ... and the standings say why, for a run without --out to look in.
grep -q 'the first that failed: .*ran too long' "$work/out" && ok || bad "the standings do not say why games failed"
# A rules script that hoards memory is stopped at the rules' cap (256 MB),
# at its setup and at a move, in the REPL's process and in workers alike.
expect 1 '2 that failed' -- "$bin" tournament "$here/fixture/broken/memory-bomb.lua" --bots random --games 2 --jobs 2 --seed 5
grep -q 'the first that failed: .*used more than 256 MB of memory' "$work/out" && ok || bad "a rules memory bomb was not stopped at the cap"
# A malformed result is the rules' mistake: no game is counted with it.
expect 1 "0 games, 2 that failed" -- "$bin" tournament "$here/fixture/broken/bad-result.lua" --set shape=seat-99 --bots random --games 2
grep -q "the first that failed: the rules' result() is malformed: winners\[1\] is 99" "$work/out" && ok || bad "a malformed result was not reported"
# The watchdog's timer stops when referee.so is unloaded (lua_close in a
# host such as busted); a tick after the unload once crashed the host.
if cc -o "$work/unload" "$here/cli/unload.c" $(pkg-config --cflags --libs lua5.4) 2>"$work/cc"; then
    expect 0 'unloaded cleanly' -- env LD_PRELOAD="${SANITIZER_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 "$work/unload"
else
    bad "cannot build tests/cli/unload.c: $(head -3 "$work/cc")"
fi

# Hostile bots: tests/hostile.sh checks each against what its file expects.
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
