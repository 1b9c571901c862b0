#!/bin/sh
# Who sits where: the people's names are never the words of a seat or a
# bot's, and a save whose seats were edited so that a bot sits where a
# person must is refused, by replay and by the REPL's load, nothing changed.
bin=${REFEREE_BIN:?set REFEREE_BIN}
here=$(cd "$(dirname "$0")" && pwd)
layer=seats
. "$here/expect.sh"

# A person is not named as a seat word or a bot is: the seats line would
# read "seat 1: human, random" (a usage mistake; at the REPL, nothing changes).
expect 2 "^referee: --names 'Random' is a word of --seats \(human, random\): .*give the person another name" -- \
    "$bin" play fixture --seats human,human,random --names Random,Bob
expect 2 "^referee: --names 'ismcts' is the name of a bot" -- "$bin" play fixture --seats human,human --names Ann,ismcts
expect 2 "^referee: --names 'Well-Behaved' is the name of a bot at this table" -- \
    "$bin" play fixture --seats "human,$here/bots/hostile/well-behaved.lua" --names Well-Behaved
printf 'new fixture --seats human,human --seed 4 --names Ann,Bob\nnames Ann,human\nshow\n' | "$bin" >"$work/names.out" 2>&1
grep -q "^error: 'human' is a word of --seats" "$work/names.out" && grep -q "^seat 2 (Bob) sees:" "$work/names.out" && ok ||
    bad "names a person 'human' at the REPL: $(grep -v '^ ' "$work/names.out" | tail -3)"
printf 'quit\n' | "$bin" play fixture --seats human,human,random --names Ann,Bob >"$work/fine.out" 2>&1 &&
    grep -q "seats: 1 human (Ann), 2 human (Bob), 3 random" "$work/fine.out" && ok ||
    bad "people named Ann and Bob: $(head -2 "$work/fine.out")"

# A save lists the seats people played: one listing a seat a bot plays is
# refused (the REPL's load as replay, the game in progress unchanged).
printf 'new fixture --seats human,random --seed 4\npass\nsave %s/g.json\n' "$work" | "$bin" >/dev/null 2>&1
expect 0 '2 moves replayed; every move legal' -- "$bin" replay "$work/g.json"
sed 's/"people": \[/"people": [ 2,/' "$work/g.json" >"$work/g-bot-person.json"
expect 1 'not a saved game: "people" lists seat 2, but the bot .random. plays it' -- "$bin" replay "$work/g-bot-person.json"
printf 'new fixture --seats human,random --seed 9\nload %s\nshow\n' "$work/g-bot-person.json" | "$bin" >"$work/load-bot.out" 2>&1
grep -q '^error: not a saved game: "people" lists seat 2' "$work/load-bot.out" && grep -q "^new game: fixture, seed 9" "$work/load-bot.out" &&
    ! grep -q "^loaded" "$work/load-bot.out" && ok || bad "load of a save with a bot among the people: $(grep -v '^ ' "$work/load-bot.out" | tail -3)"

# A real table's save whose seats were edited to bots is refused: a bot
# there would play blind.
printf 'roll\ndeclare 53\nchallenge\n2 2\nsave %s/td.json\n' "$work" |
    "$bin" play bamboozled-dice --seats human,human,human --seed 3 --set first=1 --table dice >/dev/null 2>&1
expect 0 "3 moves replayed; every move legal" -- "$bin" replay "$work/td.json"
awk '/"seats"/ { seats = 1 } seats && /"human"/ && ++n == 2 { sub(/"human"/, "\"dice-honest\"") } { print }' \
    "$work/td.json" | sed 's/"people": \[/"people": [ 1, 3 ], "was": [/' >"$work/td-bot.json"
expect 1 'not a saved game: it is played at a real table \("table"\), where every seat is a person, but seat 2 is the bot .dice-honest.' -- \
    "$bin" replay "$work/td-bot.json"
printf 'load %s\n' "$work/td-bot.json" | "$bin" >"$work/load-td.out" 2>&1
grep -q "^error: not a saved game: it is played at a real table" "$work/load-td.out" && ok ||
    bad "load of a real table's save with a bot: $(grep -v '^ ' "$work/load-td.out" | tail -2)"

# A save keeps the people's names; a load gives them back (names a save
# holds that would not be taken when typed are left, with a note).
printf 'new fixture --seats human,human --seed 4 --names Ann,Bob\nsave %s/named.json\nnew fixture --seats human,human --seed 5\nload %s/named.json\nseats\n' "$work" "$work" |
    "$bin" >"$work/named.out" 2>&1
grep -q '^  seat 1: human, Ann$' "$work/named.out" && grep -q '^  seat 2: human, Bob$' "$work/named.out" && ok ||
    bad "the names did not come back with the save: $(grep -v '^  [a-z]' "$work/named.out" | tail -3)"
sed 's/"Bob"/"random"/' "$work/named.json" >"$work/named-bad.json"
printf 'load %s/named-bad.json\nseats\n' "$work" | "$bin" >"$work/named-bad.out" 2>&1
grep -q "the saved names were not taken ('random' is a word of --seats" "$work/named-bad.out" &&
    grep -q '^  seat 2: human$' "$work/named-bad.out" && ok ||
    bad "a save whose names are not fit: $(grep -v '^  [a-z]' "$work/named-bad.out" | tail -3)"

# A table's ruling is kept as a move of no seat (seat 0); a save may hold
# no other move there (a seat-0 move would otherwise be played by nobody).
printf 'new fixture --seats human,random --seed 3\nruling pay 5 from seat2 to pot: a revoke\nsave %s/ruled.json\n' "$work" |
    "$bin" >/dev/null 2>&1
expect 0 'every move legal and the final table matches the save' -- "$bin" replay "$work/ruled.json"
sed 's/"ruling pay 5 from seat2 to pot: a revoke"/"play 5S"/' "$work/ruled.json" >"$work/ruled-bad.json"
expect 1 'not a saved game: move 1 is malformed .*or \[0, 0, a ruling\]' -- "$bin" replay "$work/ruled-bad.json"

echo "seats: $pass passed, $fail failed"
