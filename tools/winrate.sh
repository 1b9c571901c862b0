#!/bin/sh
# Win rate of the first seat's bot over N seeded games, the seats rotated
# every game so the bot sits in each seat equally often. A shared win counts
# as a fraction. Prints the rate with a 95% confidence interval (Wilson).
# usage: tools/winrate.sh GAME SEAT1,SEAT2,... N [referee run options...]
# (A stopgap until `referee tournament` lands.)
game=$1 seats=$2 n=$3
shift 3
bin=$(dirname "$0")/../referee
k=$(echo "$seats" | tr ',' '\n' | wc -l)
i=1
while [ "$i" -le "$n" ]; do
    r=$((i % k))
    # Rotate: the first bot goes to seat r+1.
    rotated=$(echo "$seats" | tr ',' '\n' | awk -v r="$r" -v k="$k" '{ a[NR-1] = $0 } END {
        for (j = 0; j < k; j++) printf "%s%s", (j ? "," : ""), a[(j - r + k) % k] }')
    line=$("$bin" run "$game" --seats "$rotated" --seed "$i" --json "$@" | tail -n 1)
    echo "$((r + 1)) $line"
    i=$((i + 1))
done | awk -v n="$n" -v bot="$(echo "$seats" | cut -d, -f1)" '
{
    seat = $1
    match($0, /"winners":\[[0-9,]*\]/)
    w = substr($0, RSTART + 11, RLENGTH - 12)
    m = split(w, list, ",")
    for (j = 1; j <= m; j++) if (list[j] == seat) wins += 1 / m
    if ($0 ~ /"faults":\[[0-9,]*[1-9]/) faulty++
}
END {
    p = wins / n; z = 1.96
    c = (p + z*z/(2*n)) / (1 + z*z/n)
    h = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n)
    printf "%s: %.1f wins in %d games = %.1f%% (95%% CI %.1f%%-%.1f%%), games with faults: %d\n",
        bot, wins, n, 100*p, 100*(c-h), 100*(c+h), faulty
}'
