#!/bin/sh
# What ismcts's search costs, game by game (tools/search-cost.lua plays
# the games): CPU milliseconds a decision, playouts a decision, and what
# one playout (one iteration: a sample, the walk down the tree, the
# playout) costs in milliseconds and in budget instructions.
# usage: tools/search-cost.sh   (from make, or with build/ built)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
LUA_CPATH="$top/build/?.so;;" lua5.4 tools/search-cost.lua 2>&1 >/dev/null |
    awk -F'\t' '
        $1 ~ /COST$/ { playouts = $2; spent = $3; next }
        $1 == "TIME" {
            if (!($2 in n)) order[++games] = $2
            n[$2]++; ms[$2] += $3; p[$2] += playouts; b[$2] += spent
        }
        END {
            print "| game | decisions | ms a decision | playouts a decision | ms a playout | budget a playout |"
            print "|---|---|---|---|---|---|"
            for (i = 1; i <= games; i++) {
                g = order[i]
                printf "| %s | %d | %.1f | %.0f | %.3f | %.0f |\n", g, n[g], ms[g] / n[g], p[g] / n[g], ms[g] / p[g], b[g] / p[g]
            }
        }'
