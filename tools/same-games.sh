#!/bin/sh
# Fingerprints of seeded games, one line per game and seat set: N games each
# (default 200), every record of `run --json --hashes` hashed together.
# A change that must not change behaviour (a refactor, a speed-up) keeps
# every line the same:
#   sh tools/same-games.sh > before.txt; ...change...; sh tools/same-games.sh | diff before.txt -
# HASHES= leaves the fingerprints out: they hash the rules' vars too, so a
# change that only renames or drops a var changes them and nothing else.
BIN=${BIN:-./referee}
N=${N:-200}
one() {
    game=$1 seats=$2
    shift 2
    i=1
    while [ "$i" -le "$N" ]; do
        "$BIN" run "$game" --seats "$seats" --seed "s$i" --json ${HASHES---hashes} "$@" 2>&1
        i=$((i + 1))
    done | sha256sum | sed "s|-\$|$game $seats $*|"
}
one bam random,random,random --set hands=2
one bam bam-greedy,random,bam-greedy,random --set hands=2
one bam-app random,random,random --set hands=2
one bamm random,random,random
one bamm bamm-greedy,random
one bamboozled random,random --set target=100
one bamboozled bamboozled-greedy,random --set target=100
one bamboozled-dice random,random,random
one bamboozled-dice dice-bluffer,dice-honest,random
one bamboozled-dice-more-strikes random,random
one bamboozled-dice-no-bluffing dice-honest,random,random
one bamboozled-dice-no-limits dice-bluffer,random
one bamboozled-dice ismcts,random --set strikes=1
