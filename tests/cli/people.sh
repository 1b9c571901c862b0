# tests/cli.sh, part people: people at the REPL: where they sit, BAMM! claims, a record re-refereed, undo, calls out of turn, saves and what reading them refuses.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
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
check="$here/cli/record_check.lua"
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
printf 'play\nundo\nmoves\n' | "$bin" play bam --seats human,random,random --seed 1 --set dealer=3 --set redraw=false >"$work/out" 2>&1
grep -q '^undone: back before your last move' "$work/out" && grep -q '^play  fold$' "$work/out" && ok ||
    bad "undo of a move nothing followed was refused: $(tail -3 "$work/out")"
printf 'accept\nundo\n' | "$bin" play bamboozled-dice --seats human,random --seed 3 --set first=2 >"$work/out" 2>&1
grep -q 'error: you have seen what was hidden since that move (seat 1 sees die 1: 3)' "$work/out" && ok ||
    bad "undo after the dice were seen was not refused: $(tail -3 "$work/out")"
printf 'play\nundo\n' | "$bin" play bam --seats human,random,random --seed 2 --set dealer=3 --set redraw=false >"$work/out" 2>&1
grep -q "error: you have seen what was hidden since that move (10 cards: stock -> seat 1's hand (9C JC KS 6C)" "$work/out" && ok ||
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
printf 'turn 9C\nkeep\nshow table\n' | "$bin" play bam --seats human,random,random --seed 3 --set dealer=1 >"$work/out" 2>&1
grep -q '^  hand1 (seat 1): 9C ?? ?? ??$' "$work/out" && ok || bad "show table hid the kept trump card: $(grep 'hand1 (seat 1)' "$work/out")"
# ... and each variant does what its description says.
expect 0 '^ +--set credits=5000 ' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" games
expect 0 '"credits":5000,' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run bam-rich --seats random,random,random --seed 1 --json
expect 0 'trumps are [a-z]+ \(the stock.s top card\)' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run bam-stock-trumps --seats random,random,random --seed 1
expect 0 'seat [0-9] owes double' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run bam-double-bamboozal --seats random,random,random --seed 1
expect 0 'scores: seat 1 [0-9]' -- env REFEREE_RULES="$work/docrules:$REFEREE_RULES" "$bin" run high-card --seats random,random,random --seed 1

# The seed-recovery bot (tests/bots/hostile/seed-recovery.lua) named every
# hand of a game seeded 1234, and of every game of a tournament with the
# default options, before the ChaCha20 stream: now it learns nothing.
recover="$here/bots/hostile/seed-recovery.lua"
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
# A ruling names people as a person does: "strike Bob" is the game's
# "strike seat2", and the forms a game takes are listed when one is not.
printf 'ruling strike Bob: slow play\nruling dance Bob: joy\n' |
    "$bin" play bamboozled-dice --seats human,human,random --names Ann,Bob --seed 5 >"$work/ruling.out" 2>&1
grep -q "the table's ruling: seat 2 (Bob) takes a strike (slow play)" "$work/ruling.out" &&
    grep -q "or 'ruling strike SEAT: WHY', or 'ruling unstrike SEAT: WHY'" "$work/ruling.out" && ok ||
    bad "a ruling by a person's name: $(tail -3 "$work/ruling.out")"
