# tests/cli.sh, part repl: REPL scripts and random REPL sessions, the man page, the data cases (commands.test), rulings, files that hold a seed.
# Sourced by tests/cli.sh (its $bin, $work, $here and expect.sh), in order.
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
