#!/bin/sh
# The REPL in a real terminal (tmux), as a table of people sees it: what is
# on the screen after each key, not what a pipe gets. Private hot seat:
# when the keyboard passes from one person to the next, nothing of the
# first one's hand is left on the screen.
bin=${REFEREE_BIN:?set REFEREE_BIN}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
# A mutant needs one failure (tools/mutants.sh sets STOP_AT_FIRST_FAILURE): no waiting for the rest.
bad() { fail=$((fail + 1)); echo "terminal: FAILED: $*"; [ -z "${STOP_AT_FIRST_FAILURE:-}" ] || { echo "terminal: $pass passed, $fail failed"; exit 1; }; }
command -v tmux >/dev/null || { echo "terminal: tmux is needed (apt-get install tmux)"; echo "terminal: 0 passed, 1 failed"; exit 1; }
work=$(mktemp -d)
n=0
sock="$work/tmux0"
t() { tmux -S "$sock" "$@"; }
trap 'for s in "$work"/tmux*; do tmux -S "$s" kill-server 2>/dev/null; done; sleep 0.3; rm -rf "$work" 2>/dev/null' EXIT
screen() { t capture-pane -p -t table 2>/dev/null; }
# Waits (up to 10 s) for the screen to show the text.
wait_for() {
    i=0
    while [ $i -lt 100 ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
# Each game in a tmux server of its own.
start() {
    t kill-server 2>/dev/null
    n=$((n + 1))
    sock="$work/tmux$n"
    t new-session -d -s table -x 150 -y 50 "HOME='$work' $*; sleep 30"
}

# TEST_PART=NAME runs one part alone (hotseat, private, others, realdeck,
# served, windows): a mutant runs the part that guards it.
part() { [ -z "${TEST_PART:-}" ] || [ "$TEST_PART" = "$1" ]; }

if part hotseat; then
# Three people at BAM!: Cy (seat 3) deals and turns trumps, then Ann. The
# first hand too is shown after a pass: whoever typed 'play' does not see it.
start "$bin" play bam --seats human,human,human --seed 2 --set dealer=3 --set redraw=false --names Ann,Bob,Cy
wait_for "pass the keyboard to seat 3 (Cy)" && ok || bad "the first hand came without a pass: $(screen | tail -3)"
# The pass screen clears what came before: what 'play' said is on it again.
screen | grep -q "^new game: bam, seed 2, seats: 1 human (Ann), 2 human (Bob), 3 human (Cy)" && ok ||
    bad "the opening line was wiped by the first pass screen: $(screen | head -3)"
screen | grep -q "hand3 (seat 3, Cy, yours)\|9C" && bad "Cy's hand is on the screen before the pass" || ok
# At the pass prompt only Enter passes: a command typed there is shown
# back, not carried out, and nothing is revealed.
t send-keys -t table "undo" Enter
wait_for "'undo' was not carried out: the keyboard passes with Enter alone" && ok ||
    bad "a command at the pass prompt was not refused: $(screen | tail -3)"
screen | grep -q "hand3 (seat 3, Cy, yours)\|9C" && bad "a command at the pass prompt showed Cy's hand" || ok
t send-keys -t table Enter
wait_for "hand3 (seat 3, Cy, yours): 9S 9C 3C 7C" && ok || bad "Cy's hand was not shown: $(screen | tail -3)"
t send-keys -t table "turn 9C" Enter
# A slip of the finger (9C for 9S): at the pass prompt, before anyone else
# sits down, the one who moved takes it back with 'back' and keeps the
# keyboard; nothing of Ann's is shown.
wait_for "pass the keyboard to seat 1 (Ann), and press Enter when they sit down ('back' takes your move back)" && ok ||
    bad "the pass prompt does not offer 'back': $(screen | tail -2)"
t send-keys -t table "back" Enter
wait_for "seat 3 (Cy)'s move is taken back, and seat 3 (Cy) keeps the keyboard" && ok ||
    bad "'back' at the pass prompt did not take Cy's move back: $(screen | tail -3)"
wait_for "bam seat 3 (Cy) (turn trump)>" && ok || bad "Cy was not asked again after 'back': $(screen | tail -3)"
screen | grep -q "hand1 (seat 1, Ann" && bad "'back' showed Ann's hand" || ok
t send-keys -t table "turn 9S" Enter
wait_for "pass the keyboard to seat 1 (Ann)" && ok || bad "no pass to Ann: $(screen | tail -3)"
screen | grep -q "hand3\|9C" && bad "Cy's hand is still on the screen as the keyboard passes: $(screen | grep 'hand3\|9C')" || ok
screen | grep -qF "trumps are spades (seat 3 (Cy) turns 9S)" && ok || bad "the public events were not shown again, with the names"
t send-keys -t table Enter
wait_for "hand1 (seat 1, Ann, yours): 8S KC 2C 3S" && ok || bad "Ann's hand was not shown after Enter"
wait_for "bam seat 1 (Ann) (play or fold)>" && ok || bad "the prompt does not name Ann: $(screen | tail -1)"
t send-keys -t table "play" Enter
wait_for "pass the keyboard to seat 2 (Bob)" && ok || bad "no pass to Bob"
screen | grep -q "hand1\|KC" && bad "Ann's hand is still on the screen as the keyboard passes" || ok
t send-keys -t table Enter
wait_for "hand2 (seat 2, Bob, yours)" && ok || bad "Bob's hand was not shown"
# A save keeps the names, and a load passes the keyboard before the next
# hand (the one who loaded it is not the one to see it); quit then counts
# only the moves made since.
t send-keys -t table "save $work/named.json" Enter
wait_for "saved to" && ok || bad "the hot-seat game was not saved: $(screen | tail -2)"
t send-keys -t table "load $work/named.json" Enter
wait_for "pass the keyboard to seat 2 (Bob)" && ok || bad "load showed a hand without a pass: $(screen | tail -3)"
screen | grep -q "^loaded $work/named.json: bam, [0-9]* moves replayed and checked" && ok ||
    bad "what load said was wiped by the pass screen: $(screen | head -3)"
screen | grep -q "hand2 (seat 2, Bob, yours)" && bad "Bob's hand is on the screen after the load, before the pass" || ok
t send-keys -t table Enter
wait_for "bam seat 2 (Bob) (play or fold)>" && ok || bad "the loaded game forgot Bob's name: $(screen | tail -2)"
t send-keys -t table "play" Enter
t send-keys -t table Enter
t send-keys -t table "quit" Enter
wait_for "the game has 1 move since it was last saved" && ok || bad "quit after a load counts: $(screen | tail -2)"
t send-keys -t table "y" Enter

# BAMM!: every play draws. The card drawn as the keyboard passes was never
# on the screen, so 'back' takes the play back; and whatever was typed at
# the pass prompt is gone when the next person's hand is drawn.
start "$bin" play bamm --seats human,human,human --names Ann,Bob,Cy --seed bammleak
wait_for "pass the keyboard to seat 3 (Cy)" && ok || bad "no first pass in BAMM!: $(screen | tail -3)"
t send-keys -t table Enter
wait_for "bamm seat 3 (Cy) (play)>" && ok || bad "Cy was not asked to play: $(screen | tail -3)"
t send-keys -t table "play QD/9D" Enter
wait_for "pass the keyboard to seat 1 (Ann)" && ok || bad "no pass after Cy's play: $(screen | tail -3)"
t send-keys -t table "back" Enter
wait_for "seat 3 (Cy)'s move is taken back" && ok || bad "'back' after a play that drew was refused: $(screen | tail -3)"
screen | grep -q "5S/8D" && bad "the card Cy drew unseen is on the screen: $(screen | grep 5S/8D)" || ok
t send-keys -t table "play QH/8C" Enter
wait_for "pass the keyboard to seat 1 (Ann)" && ok || bad "no pass after Cy's second play: $(screen | tail -3)"
t send-keys -t table "moves" Enter
wait_for "'moves' was not carried out" && ok || bad "a command at the pass prompt was carried out: $(screen | tail -3)"
t send-keys -t table Enter
wait_for "hand1 (seat 1, Ann, yours)" && ok || bad "Ann's hand was not shown: $(screen | tail -3)"
screen | grep -q "was not carried out\|taken back\|hand3" && bad "the pass prompt's screen is still there as Ann sits down: $(screen | grep 'carried out\|taken back\|hand3')" || ok

# Ctrl-D never reveals and never loses a game: at the pass prompt it asks
# what 'quit' asks, and so does 'quit' typed there; at a game prompt too.
t send-keys -t table "play 2H/2S" Enter
wait_for "pass the keyboard to seat 2 (Bob)" && ok || bad "no pass after Ann's play: $(screen | tail -3)"
t send-keys -t table C-d
wait_for "since it was last saved ('save FILE' keeps it): quit anyway? [y/N]" && ok ||
    bad "Ctrl-D at the pass prompt did not ask: $(screen | tail -3)"
screen | grep -q "hand2 (seat 2, Bob" && bad "Ctrl-D at the pass prompt showed Bob's hand" || ok
t send-keys -t table "n" Enter
wait_for "kept: the game goes on" && ok || bad "'n' did not keep the game at the pass prompt: $(screen | tail -3)"
screen | grep -v '^$' | tail -1 | grep -q "pass the keyboard to seat 2 (Bob)" && ok ||
    bad "the pass prompt did not come back after 'n': $(screen | tail -2)"
t send-keys -t table "quit" Enter
wait_for "quit anyway? [y/N] " && ok || bad "'quit' at the pass prompt was not understood: $(screen | tail -3)"
t send-keys -t table Enter
sleep 0.2
t send-keys -t table Enter
wait_for "hand2 (seat 2, Bob, yours)" && ok || bad "Bob's hand did not come after the pass: $(screen | tail -3)"
t send-keys -t table C-d
wait_for "quit anyway? [y/N]" && ok || bad "Ctrl-D at a game prompt quit without asking: $(screen | tail -3)"
t send-keys -t table C-d
wait_for "kept: the game goes on" && ok || bad "Ctrl-D at the question did not keep the game: $(screen | tail -3)"
wait_for "bamm seat 2 (Bob) (bamm)>" && ok || bad "the game prompt did not come back: $(screen | tail -2)"
t send-keys -t table C-d
wait_for "quit anyway? [y/N]" && ok || bad "a second Ctrl-D did not ask"
t send-keys -t table "y" Enter
sleep 0.5
screen | grep -v "^$" | tail -1 | grep -q "(bamm)>" && bad "'y' did not quit: $(screen | tail -2)" || ok

# The acceptor lifts the cup: Bob, accepting Ann's 64, sees her dice (a
# 4 and a 1: a bluff) on his own screen before his roll, and they are gone
# when the keyboard passes back to Ann.
start "$bin" play bamboozled-dice --seats human,human --names Ann,Bob --seed 4 --set first=1
wait_for "pass the keyboard to seat 1 (Ann)" && t send-keys -t table Enter
wait_for "(roll)>" && t send-keys -t table "roll" Enter
wait_for "(declare)>" && t send-keys -t table "declare 64" Enter
wait_for "pass the keyboard to seat 2 (Bob)" && t send-keys -t table Enter
wait_for "(accept or challenge)>" && t send-keys -t table "accept" Enter
wait_for "seat 2 (Bob) sees die 1: 4" && screen | grep -q "seat 2 (Bob) sees die 2: 1" && ok ||
    bad "the acceptor was not shown the dice he lifted the cup on: $(screen | tail -8)"
wait_for "(declare)>" && t send-keys -t table "declare 65" Enter
wait_for "pass the keyboard to seat 1 (Ann)" && ok || bad "no pass after Bob's declaration: $(screen | tail -3)"
screen | grep -q "sees die 1: 4\|dice you see" && bad "Bob's dice are still on the screen as the keyboard passes" || ok

fi
if part private; then
# At a real deck nothing on the screen is private (a hand is "a card"
# until its cards are played): the keyboard is not passed. With real dice
# but the referee's cards (the dice game's action cards), it still is.
start "$bin" play bam --seats human,human,human --seed 2 --set dealer=3 --set redraw=false --names Ann,Bob,Cy --table cards
wait_for "bam seat 3 (Cy) (turn trump)>" && ok || bad "a real deck's first decision did not come: $(screen | tail -3)"
t send-keys -t table "turn 9S" Enter
wait_for "bam seat 1 (Ann) (play or fold)>" && ok || bad "a real deck's second decision did not come: $(screen | tail -3)"
screen | grep -q "pass the keyboard" && bad "a real deck passed the keyboard, though nothing on screen is private" || ok
start "$bin" play bamboozled-dice --seats human,human --seed 2 --set first=1 --names Ann,Bob --table dice
wait_for "pass the keyboard to seat 1 (Ann)" && ok || bad "real dice with the referee's cards passed no keyboard: $(screen | tail -3)"

fi
if part others; then
# One person playing every seat turns it off.
start "$bin" play bam --seats human,human,human --seed 2 --set dealer=3 --set redraw=false --no-hot-seat
wait_for "hand3 (seat 3, yours)" && ok || bad "no hand shown with --no-hot-seat"
t send-keys -t table "turn 9S" Enter
wait_for "hand1 (seat 1, yours)" && ok || bad "--no-hot-seat still asked to pass: $(screen | tail -3)"
screen | grep -q "pass the keyboard" && bad "--no-hot-seat asked to pass the keyboard" || ok

# One person with bots: never a pass.
start "$bin" play bam --seats human,random,random --seed 2 --set dealer=3 --set redraw=false
wait_for "(play or fold)>" && ok || bad "one person's game did not reach their decision: $(screen | tail -3)"
screen | grep -q "pass the keyboard" && bad "one person was asked to pass the keyboard" || ok

# Nothing lost: quit with moves since the last save asks first.
start "$bin" play bam --seats human,random,random --seed 2 --set dealer=3 --set redraw=false
wait_for "(play or fold)>" && ok || bad "the game did not reach a decision"
t send-keys -t table "play" Enter
t send-keys -t table "quit" Enter
wait_for "since it was last saved ('save FILE' keeps it): quit anyway? [y/N]" && ok ||
    bad "quit with an unsaved game did not ask: $(screen | tail -3)"
t send-keys -t table "n" Enter
wait_for "kept: the game goes on" && ok || bad "'n' did not keep the game"
t send-keys -t table "save $work/kept.json" Enter
wait_for "saved to" && ok || bad "save failed: $(screen | tail -2)"
t send-keys -t table "quit" Enter
sleep 0.3
screen | grep -q "quit anyway" && [ "$(screen | grep -c 'quit anyway')" -eq 1 ] && ok ||
    bad "quit after a save asked again: $(screen | tail -3)"

# As people type: 'play GAME' at the referee> prompt starts it; a slip in
# a move is answered with the move meant; show's credits name the people.
start "$bin"
wait_for "referee>" && t send-keys -t table "play bam --seats human,human,human --names Ann,Bob,Cy --seed 2 --set dealer=3" Enter
wait_for "pass the keyboard to seat 3 (Cy)" && t send-keys -t table Enter
wait_for "(turn trump)>" && ok || bad "'play bam' at the prompt did not start BAM!: $(screen | tail -3)"
t send-keys -t table "trun 9S" Enter
wait_for "'trun 9S' is not a legal move (did you mean 'turn 9S'?)" && ok ||
    bad "a slip in a move got no suggestion: $(screen | tail -3)"
t send-keys -t table "turn 9H" Enter
wait_for "'turn 9H' is not a legal move: you do not hold 9H" && ok || bad "a card not held: $(screen | tail -3)"
t send-keys -t table "show" Enter
wait_for "credits: seat 1 (Ann) 950, seat 2 (Bob) 950, seat 3 (Cy) 950, pot 150" && ok ||
    bad "show's credits are not in people's words: $(screen | grep credits)"

# Tab completes games after new and rules, moves after play; help GAME and
# rules GAME print a game's rules in short.
start "$bin" play bamboozled-dice --seats human,random --seed 2 --set first=1
wait_for "(roll)>" && ok || bad "the dice game did not reach a decision"
t send-keys -t table "rules bamboozled-d" Tab
wait_for "rules bamboozled-dice" && ok || bad "Tab did not complete a game's name: $(screen | tail -1)"
t send-keys -t table C-u "play ro" Tab
wait_for "play roll" && ok || bad "Tab did not complete a move after play: $(screen | tail -1)"
t send-keys -t table C-u "help bamm" Enter
wait_for "BAMM! (seeds/001)" && ok || bad "help bamm did not print BAMM!'s rules: $(screen | tail -3)"

fi
if part realdeck; then
# A real deck: nobody's hand shows a card, the moves read CARD, Tab offers
# no stand-in card, and a card named goes face up as named.
start "$bin" play bam --seats human,human,human --seed 2 --set dealer=3 --set redraw=false --table cards --names Ann,Bob,Cy
wait_for "pass the keyboard to seat 3 (Cy)" && t send-keys -t table Enter
wait_for "hand3 (seat 3, Cy, yours): 4 cards" && ok || bad "Cy's real hand was not shown as 4 cards: $(screen | tail -3)"
screen | grep -q "9S\|9C" && bad "the referee's stand-in cards are on the screen: $(screen | grep '9S\|9C')" || ok
t send-keys -t table "moves" Enter
wait_for "turn CARD" && ok || bad "the moves do not read 'turn CARD': $(screen | tail -2)"
t send-keys -t table "turn 3" Tab
sleep 0.5
screen | grep -q "> turn 3C" && bad "Tab offered a stand-in card: $(screen | grep '> turn')" || ok
t send-keys -t table C-u "turn 7h" Enter
wait_for "trumps are hearts (seat 3 (Cy) turns 7H)" && ok || bad "the card named was not turned: $(screen | tail -3)"

# A real deck as people type it: a card named twice is told at once, and a
# misdeal is dealt again from just after the deal.
start "$bin" play bam --seats human,human,human --names Ann,Bob,Cy --seed 2 --set dealer=1 --table cards
wait_for "bam seat 1 (Ann) (turn trump)>" && ok || bad "no first decision at a real deck: $(screen | tail -3)"
for line in "turn 7h" keep play play play "discard 4S" "discard 4S"; do
    t send-keys -t table "$line" Enter
    sleep 0.2
done
wait_for "the table named 4S before, for a card nobody has seen since: one of the two is mistaken" && ok ||
    bad "a card named twice was not told: $(screen | tail -4)"
t send-keys -t table "redeal" Enter
wait_for "misdeal: deal the hand again; the game is as it was just after the deal (7 moves taken back" && ok ||
    bad "redeal at a real deck: $(screen | tail -4)"
wait_for "bam seat 1 (Ann) (turn trump)>" && ok || bad "after a redeal the dealer turns again: $(screen | tail -3)"

fi
if part served; then
# A served table's console: links with QR codes, no hand and no seed on
# it, and a page's move shown between the keys while a command is being
# typed, the half-typed line kept.
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start "$bin" serve bam --seats human,human,bam-greedy --names Ann,Bob,Cy --seed console-9f2e \
    --set dealer=3 --listen "127.0.0.1:$port" --save "$work/served.json"
wait_for "watchers: http://127.0.0.1:$port/w/" && ok || bad "no links on the served console: $(screen | tail -3)"
screen | grep -q "'qr N' shows seat N's link as a QR code" && ok || bad "the console does not say how to show a QR code"
# One QR code at a time, on request, short enough for a 24-line screen.
t send-keys -t table "qr 1" Enter
wait_for "▀" && ok || bad "'qr 1' showed no QR code: $(screen | tail -3)"
rows=$(screen | grep -c "▀\|▄\|█")
[ "$rows" -gt 10 ] && [ "$rows" -le 22 ] && ok || bad "the QR code takes $rows rows: it must fit a 24-line screen"
t send-keys -t table "qr 3" Enter
wait_for "has no link: a bot plays it" && ok || bad "'qr 3' for a bot's seat: $(screen | tail -2)"
screen | grep -q "yours\|console-9f2e" && bad "a hand or the seed is on the served console" || ok
ann=$(grep -o '"[0-9a-f]\{32\}"' "$work/served.json.links" | head -1 | tr -d '"')
t send-keys -t table "sho"
sleep 0.3
/usr/bin/python3 -c 'import sys, urllib.request as u; print(u.urlopen(u.Request(sys.argv[1], b"play")).read())' \
    "http://127.0.0.1:$port/s/$ann/move" >"$work/played" 2>&1
wait_for "seat 1 (Ann): play" && ok || bad "a page's move was not shown on the console: $(screen | tail -3) $(cat "$work/played")"
screen | grep -v "^$" | tail -1 | grep -q "^referee> sho$" && ok || bad "the half-typed line was not kept: $(screen | grep -v "^$" | tail -1)"
t send-keys -t table "w" Enter
wait_for "the table, as everyone sees it:" && ok || bad "'show' at the served console: $(screen | tail -3)"
# help lists what the console does: no 'moves' or 'play', which are the pages'.
t send-keys -t table "help" Enter
wait_for "The people play on their own pages" && ok || bad "help at the served console: $(screen | tail -3)"
screen | grep -q "^  moves \|^  play " && bad "help at the served console lists moves and play, which it refuses" || ok
screen | grep -q "^  again " && ok || bad "help at the served console does not list again"
t send-keys -t table "quit" Enter

fi
if part windows; then
# A BAMM! claim window at a hot seat of three: Bob's card opens it to Ann
# and Cy, and the keyboard passes to Ann. Cy calls first from the pass
# prompt: he sits down, sees his own hand and nobody else's, and answers;
# then the keyboard passes to Ann. With --claim-time the window closes on
# its own, silence passing, whatever was half typed dropped.
start "$bin" play bamm --seats human,human,human --names Ann,Bob,Cy --seed 5 --claim-time 4
wait_for "pass the keyboard to seat 1 (Ann)" && t send-keys -t table Enter
wait_for "bamm seat 1 (Ann) (play)>" && t send-keys -t table "play 8S/JC" Enter
wait_for "pass the keyboard to seat 2 (Bob)" && t send-keys -t table Enter
wait_for "bamm seat 2 (Bob) (play)>" && t send-keys -t table "play QD/9D" Enter
wait_for "(to call first, type your name)" && ok || bad "the pass prompt of a window does not offer a call: $(screen | tail -2)"
t send-keys -t table "bamm" Enter
wait_for "who calls? your name" && ok || bad "'bamm' at the pass prompt did not ask who calls: $(screen | tail -2)"
t send-keys -t table "Cy" Enter
wait_for "hand3 (seat 3, Cy, yours): QH/8C AC/QS 7D/QH QS/KH" && ok || bad "the caller did not sit down to his own hand: $(screen | tail -3)"
screen | grep -q "hand1 (seat 1, Ann\|hand2 (seat 2, Bob" && bad "another person's hand was on the caller's screen" || ok
wait_for "bamm seat 3 (Cy) (bamm)>" && ok || bad "the prompt is not the caller's: $(screen | tail -1)"
t send-keys -t table "pass" Enter
wait_for "pass the keyboard to seat 1 (Ann)" && ok || bad "after the call the keyboard did not pass to Ann: $(screen | tail -2)"
screen | grep -q "hand3" && bad "Cy's hand stayed on the screen as the keyboard passed" || ok
t send-keys -t table Enter
wait_for "bamm seat 1 (Ann) (bamm)>" && t send-keys -t table "bamm 5S"
# Ann types slowly: the window's four seconds run out, her half-typed
# call is dropped and her silence passes; the pass screen says so.
wait_for "the claim window's time ran out: whoever had not answered passed" && ok ||
    bad "the window did not close on time: $(screen | tail -3)"
wait_for "seat 1 (Ann) answers unseen" && ok || bad "Ann's silence did not answer: $(screen | tail -3)"
wait_for "pass the keyboard to seat 3 (Cy)" && ok || bad "play did not go on after the window: $(screen | tail -3)"
screen | grep -q "calls BAMM" && bad "the half-typed call was played" || ok
t send-keys -t table "quit" Enter
wait_for "anyway? [y/N]" && t send-keys -t table "y" Enter
fi
echo "terminal: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
