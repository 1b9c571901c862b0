#!/bin/sh
# make league: every bundled bot against every other in each bundled game,
# one tournament per game (the same seed, so it plays the same games
# again), its standings with intervals over deals and its head-to-head,
# written as the league table into bench/results.md (its own section,
# kept by make bench) and as an HTML report per game, build/league-GAME.html.
# usage: tools/league.sh [GAMES]   (games per tournament, default 300;
# one-hand BAM! plays eight times as many: its games take a quarter of a
# second and a sixth of them are ties between the two bots that lead, so
# it takes that many to tell a lead of a few points from none)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
referee="$top/referee"
games=${1:-300}
out="$top/build/league"
mkdir -p "$out"
export REFEREE_RULES="$top/rules" REFEREE_BOTS="$top/bots"
table="$out/league.md"
{
    echo "## League"
    echo
    echo "Every bundled bot against every other in each bundled game: one tournament a"
    echo "game, $games games ($((8 * games)) for one-hand BAM!), seed \`league\`, \`tools/league.sh $games\` (\`make league\`;"
    echo "$(date -u +%Y-%m-%d), this machine kind). Win rates and head-to-head shares with"
    echo "their 95% intervals over deals; each game's report is build/league-GAME.html. \`make bench\`"
    echo "keeps this section as it stands."
    echo
} >"$table"
for entry in "bam 8 bam-greedy,ismcts,random --set hands=1" \
             "bamm 1 bamm-greedy,ismcts,random" \
             "bamboozled 1 bamboozled-greedy,ismcts,random --set hands=1" \
             "bamboozled-dice 1 dice-bluffer,dice-honest,ismcts,random"; do
    set -- $entry
    game=$1 times=$2 bots=$3
    shift 3
    rm -f "$out/$game.jsonl"
    "$referee" tournament "$game" --bots "$bots" "$@" --games $((times * games)) --seed league --jobs 2 \
        --out "$out/$game.jsonl" >/dev/null 2>"$out/$game.err" || { cat "$out/$game.err" >&2; exit 1; }
    "$referee" merge --json "$out/$game.jsonl" >"$out/$game.json"
    lua5.4 "$top/tools/league_table.lua" "$game" "$*" <"$out/$game.json" >>"$table"
    "$referee" report "$out/$game.jsonl" -o "$top/build/league-$game.html" >/dev/null
    echo "league: $game done" >&2
done
results="$top/bench/results.md"
# The league replaces its own section of results.md, wherever it stands.
awk -v table="$table" '
    /^## League$/ { skip = 1; while ((getline line < table) > 0) print line; next }
    skip && /^## / { skip = 0 }
    !skip { print }
' "$results" >"$results.new"
grep -q '^## League$' "$results" || { echo; cat "$table"; } >>"$results.new"
mv "$results.new" "$results"
echo "league: written to bench/results.md and build/league-*.html" >&2
