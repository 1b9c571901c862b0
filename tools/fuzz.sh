#!/bin/sh
# Runs each fuzz target for SECONDS, starting from its seeds in
# tests/fuzz/corpus/TARGET (read only: what it finds goes to a temporary
# folder), in a temporary working folder (the REPL's `save` writes there).
# A crash, a leak, undefined behaviour or an input over 20 s fails it; the
# input is kept in build/fuzz/found/ and its name printed.
# usage: tools/fuzz.sh SECONDS TARGET...
seconds=$1
shift
top=$(cd "$(dirname "$0")/.." && pwd)
export REFEREE_RULES="$top/tests/fixture:$top/rules"
export REFEREE_BOTS="$top/bots"
mkdir -p "$top/build/fuzz/found"
pass=0 fail=0
for target in "$@"; do
    work=$(mktemp -d)
    mkdir "$work/corpus" "$work/cwd"
    (cd "$work/cwd" && "$top/build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=20 \
        -rss_limit_mb=4096 -close_fd_mask=3 -artifact_prefix="$top/build/fuzz/found/$target-" \
        "$work/corpus" "$top/tests/fuzz/corpus/$target") >"$work/log" 2>&1
    status=$?
    runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$work/log" | tail -n 1)
    if [ $status -eq 0 ] && [ -n "$runs" ] && [ "$runs" -gt 0 ]; then
        pass=$((pass + 1))
        echo "fuzz $target: $runs inputs in ${seconds}s, no failure"
    else
        fail=$((fail + 1))
        echo "fuzz: FAILED: $target (exit $status); the input is in build/fuzz/found/:"
        grep -E 'ERROR|SUMMARY|artifact|runtime error' "$work/log" | head -8 | sed 's/^/    /'
    fi
    rm -rf "$work"
done
echo "fuzz: $pass passed, $fail failed"
[ $fail -eq 0 ]
