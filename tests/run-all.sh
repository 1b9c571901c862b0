#!/bin/sh
# Runs every test layer and ends with one line: N passed, N failed.
# usage: tests/run-all.sh BUILD_DIR [asan]
build=${1:-build}
mode=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
export REFEREE_BIN="$top/$build/referee"
[ -x "$REFEREE_BIN" ] || REFEREE_BIN="$top/referee"
export REFEREE_RULES="$top/tests/fixture:$top/rules"
export REFEREE_BOTS="$top/bots"
export LUA_CPATH="$top/$build/?.so;$top/build/?.so;;"
total_pass=0 total_fail=0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Runs a layer (its command after the name), prints its output and the
# wall seconds it took (what to look at when make test grows slow), and
# adds its result line to the totals.
layer() {
    name=$1
    shift
    started=$(date +%s)
    "$@" >"$out/$name" 2>&1
    cat "$out/$name"
    echo "($name took $(($(date +%s) - started)) s)"
    tally "$name" "$out/$name"
}

# Adds a layer's "name: N passed, N failed" line to the totals.
tally() {
    line=$(grep -E "^$1: [0-9]+ passed, [0-9]+ failed" "$2" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$1: no result line (a crash, or a limit it reached: its output above says which)"
        total_fail=$((total_fail + 1))
        return
    fi
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
}

layer c "$top/$build/unit-tests"

# A stock lua5.4 loads the sanitized kernel module only with the sanitizer
# runtimes preloaded; the interpreter's own exit leaks are not ours, so
# leak checks stay with the C tests and the binary.
export SANITIZER_PRELOAD=""
if [ "$mode" = asan ]; then
    SANITIZER_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
fi
# busted closes with "N successes / N failures / N errors / N pending". It
# uses about 3 minutes of CPU: its limit is 15 minutes of CPU, and an hour
# of wall time for a hang (a busy machine is slower, not red). It runs on
# one core beside the other layers, which use one (its result is read at
# the end): the whole run takes minutes less.
(cd "$top" && LD_PRELOAD="$SANITIZER_PRELOAD" ASAN_OPTIONS=detect_leaks=0 \
    sh "$here/limited.sh" busted 900 3600 busted --lua=lua5.4 tests/spec) >"$out/busted" 2>&1 &
busted_pid=$!
busted_started=$(date +%s)

layer transcripts sh "$here/transcripts/run.sh"
layer cli sh "$here/cli.sh"
layer seats sh "$here/seats.sh"
layer hostile sh "$here/hostile.sh"
layer terminal sh "$here/terminal.sh"
# The hot seat's screens, audited over many seeded games in tmux: no
# screen names a card or die its viewer may not know.
layer screens /usr/bin/python3 "$here/screens/audit.py" "${AUDIT_GAMES:-240}"
layer report sh "$here/report.sh"
layer shards sh "$here/shards.sh"
# A served table in real browsers (Debian's python3 and selenium, not a
# pyenv's, whose python has no selenium); its screenshots go to the build.
layer serve env SERVE_SHOTS="$top/$build" /usr/bin/python3 "$here/serve/run.py"
# A short run of each fuzz target (make fuzz runs them longer).
if [ "$mode" != asan ]; then
    layer fuzz sh "$top/tools/fuzz.sh" "${FUZZ_TEST_SECONDS:-10}" save lines repl args
fi

wait "$busted_pid"
tail -n 40 "$out/busted"
echo "(lua took $(($(date +%s) - busted_started)) s, beside the layers above)"
sed -nE 's/^([0-9]+) successes? \/ ([0-9]+) failures? \/ ([0-9]+) errors?.*/lua: \1 passed, \2 \3 failed/p' "$out/busted" |
    awk '{ print $1, $2, $3, $4 + $5, $6 }' >"$out/lua"
cat "$out/lua"; tally lua "$out/lua"

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
