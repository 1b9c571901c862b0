# tests/cli.sh, part tournaments: tournaments: determinism, workers, full disks, Ctrl-C, lines of other tournaments, damaged lines, deals, progress.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
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
# A line is written straight into its bytes unless a part needs the JSON
# library's spelling: scores with fractions are written by it, read back
# as they were, and the same whichever way the line was made.
mkdir -p "$work/halves"
printf 'return { description = "halves", players = { min = 2, max = 2 },\n  setup = function(t) t:ask(1, "go", { "go" }) end, apply = function(t) t.vars.done = true end,\n  result = function(t) if t.vars.done then return { winners = { 2 }, scores = { 0.5, 1.25 } } end end }\n' \
    >"$work/halves/halves.lua"
rm -f "$work/halves.jsonl"
REFEREE_RULES="$work/halves" "$bin" tournament halves --bots random,random --games 2 --out "$work/halves.jsonl" >/dev/null 2>&1
if [ "$(grep -c '"winners":\[2\],"scores":\[0.5,1.25\],"places":\[2,1\],"faults":\[0,0\],"moves":1,"check"' "$work/halves.jsonl")" = 2 ] &&
    "$bin" merge "$work/halves.jsonl" >"$work/halves.out" 2>&1; then ok; else
    bad "a line with fractions in its scores: $(head -c 300 "$work/halves.jsonl") $(tail -2 "$work/halves.out")"; fi
# Places: the rules' own as they gave them, else worked out from the
# winners and scores (the same in a game's line and in the standings).
mkdir -p "$work/ranked"
for given in 'places = { 1, 3, 2 }' ''; do
    printf 'return { description = "ranked", players = { min = 3, max = 3 },\n  setup = function(t) t:ask(1, "go", { "go" }) end, apply = function(t) t.vars.done = true end,\n  result = function(t) if t.vars.done then return { winners = { 1 }, scores = { 10, 7, 5 }, %s } end end }\n' \
        "$given" >"$work/ranked/ranked.lua"
    rm -f "$work/ranked.jsonl"
    REFEREE_RULES="$work/ranked" "$bin" tournament ranked --bots random,random,random --seats 3 --games 3 \
        --out "$work/ranked.jsonl" >"$work/ranked.out" 2>&1
    want='"places":\[1,2,3\]'
    [ -n "$given" ] && want='"places":\[1,3,2\]'
    if [ "$(grep -c "\"winners\":\[1\],\"scores\":\[10,7,5\],$want,\"faults\"" "$work/ranked.jsonl")" = 3 ]; then ok; else
        bad "places ${given:-worked out}: $(head -c 300 "$work/ranked.jsonl")"; fi
done
