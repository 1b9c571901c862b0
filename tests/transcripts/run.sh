#!/bin/sh
# REPL transcripts: each NAME.in is piped into referee (no terminal: no
# prompt, no banner); its output, stderr included, and exit status must
# equal NAME.out. UPDATE=1 rewrites the .out files (review the diff!).
here=$(cd "$(dirname "$0")" && pwd)
bin=${REFEREE_BIN:?set REFEREE_BIN}
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for input in "$here"/*.in; do
    name=$(basename "$input" .in)
    rm -rf "$work"/* && printf '{"format":"referee-game/2","game":"fixture","seed":"1",' >"$work/corrupt.json"
    (cd "$work" && "$bin" <"$input" >"$work/actual" 2>&1; echo "[exit $?]" >>"$work/actual")
    if [ -n "$UPDATE" ]; then
        cp "$work/actual" "$here/$name.out"
    fi
    if cmp -s "$work/actual" "$here/$name.out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "transcript $name differs:"
        diff "$here/$name.out" "$work/actual" | head -20
    fi
done
echo "transcripts: $pass passed, $fail failed"
