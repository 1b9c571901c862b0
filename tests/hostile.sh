#!/bin/sh
# Hostile bots and rules scripts: each file states what must happen to it
# in "-- expect:" lines, and this checks exactly that.
#   bots (tests/bots/hostile/*.lua): every fault the run records has a
#   reason matching one of the bot's expect lines (extended regular
#   expressions), and each line matches some fault; "no fault" means none.
bin=${REFEREE_BIN:?set REFEREE_BIN}
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "hostile: FAILED: $*"; }

# The expect lines of a script, one a line.
expectations() { sed -n 's/^-- expect: //p' "$1"; }

for bot in "$here"/bots/hostile/*.lua; do
    name=$(basename "$bot" .lua)
    expectations "$bot" >"$work/want"
    if [ ! -s "$work/want" ]; then bad "hostile bot $name states no '-- expect:' line"; continue; fi
    # Under a timeout: a bot that hangs the referee fails here (exit 124).
    timeout 120 "$bin" run fixture --seats "$bot,random" --seed 2 --json --bot-budget 2000000 --bot-memory 16 \
        >"$work/run.jsonl" 2>"$work/run.err"
    status=$?
    result=$(tail -n 1 "$work/run.jsonl")
    if [ $status -ne 0 ] || ! echo "$result" | grep -q '"type":"result"'; then
        bad "hostile bot $name: exit $status, last line: $result"; head -3 "$work/run.err"; continue
    fi
    sed -n 's/^{"type":"fault",.*"reason":"\(.*\)"}$/\1/p' "$work/run.jsonl" >"$work/got"
    if grep -qx 'no fault' "$work/want"; then
        [ ! -s "$work/got" ] && echo "$result" | grep -q '"faults":\[0,0\]' && ok ||
            bad "hostile bot $name should not fault: $(head -1 "$work/got")"
        continue
    fi
    faults=$(echo "$result" | sed -n 's/.*"faults":\[\([0-9]*\),.*/\1/p')
    [ "${faults:-0}" -gt 0 ] && [ "$faults" -eq "$(wc -l <"$work/got")" ] && ok ||
        bad "hostile bot $name: the result counts ${faults:-no} faults, the record $(wc -l <"$work/got")"
    # Every fault is one the file expects...
    unexpected=$(grep -vEf "$work/want" "$work/got" | head -1)
    [ -z "$unexpected" ] && ok || bad "hostile bot $name faulted for a reason it does not expect: $unexpected"
    # ...and every expectation is met by some fault.
    while IFS= read -r pattern; do
        grep -qE -- "$pattern" "$work/got" && ok || bad "hostile bot $name: no fault matched '$pattern'"
    done <"$work/want"
done

echo "hostile: $pass passed, $fail failed"
