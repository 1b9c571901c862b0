#!/bin/sh
# Where a game's instructions go, part by part: starting a game, the seat
# loop, the rules' own Lua and each kernel call the rules make, then the
# rules' busiest functions (issue 55's floor; make bench writes it into
# bench/results.md). Random seats in one process, 40 games less 10 as make
# bench counts them.
# usage: tools/ledger.sh GAME SEATS [NAME=VALUE...]   e.g. tools/ledger.sh bam 4 hands=1 cards=4
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: tools/ledger.sh GAME SEATS [NAME=VALUE...]" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "ledger: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
game=$1 seats=$2
shift 2
export REFEREE_RULES="$top/bench:$top/tests/fixture:$top/rules"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for n in 40 10; do
    valgrind --tool=callgrind --callgrind-out-file="$out/$n" "$top/build/bench" "$game" "$seats" $n 1 "$@" >/dev/null 2>&1
done
d40=$("$top/build/bench" "$game" "$seats" 40 1 "$@" | cut -d' ' -f2)
d10=$("$top/build/bench" "$game" "$seats" 10 1 "$@" | cut -d' ' -f2)
for n in 40 10; do
    "$top/build/bench" --lua-functions "$game" "$seats" $n 1 "$@" >"$out/functions$n"
done
# callgrind_annotate reads sources from the working directory: from
# elsewhere, so that it annotates none.
cd "$out"
/usr/bin/env python3 "$top/tools/ledger.py" "$out/40" "$out/10" 30 "$(echo "$d40 $d10" | awk '{ printf "%.1f", ($1 - $2) / 30 }')" \
    "$out/functions40" "$out/functions10"
