#!/bin/sh
# Runs every test layer and ends with one line: N passed, N failed.
# usage: tests/run-all.sh BUILD_DIR [asan]
build=${1:-build}
mode=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
export REFEREE_BIN="$top/$build/referee"
[ -x "$REFEREE_BIN" ] || REFEREE_BIN="$top/referee"
export REFEREE_RULES="$top/rules"
export LUA_CPATH="$top/$build/?.so;;"
total_pass=0 total_fail=0
tally() { # layer name, output file
    line=$(grep -E '^[a-z -]+: [0-9]+ passed, [0-9]+ failed' "$2" | tail -n 1)
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    if [ -z "$line" ]; then p=0; f=1; echo "$1: no result line (crashed?)"; fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$top/$build/unit-tests" >"$out/c" 2>&1; cat "$out/c"; tally c "$out/c"
if [ "$mode" != asan ]; then
    (cd "$top" && busted --lua=lua5.4 -o "$here/busted-summary.lua" tests/spec) >"$out/lua" 2>&1
    cat "$out/lua"; tally lua "$out/lua"
fi
sh "$here/transcripts/run.sh" >"$out/t" 2>&1; cat "$out/t"; tally transcripts "$out/t"
sh "$here/cli.sh" >"$out/cli" 2>&1; cat "$out/cli"; tally cli "$out/cli"
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
