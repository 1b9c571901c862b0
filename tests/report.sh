#!/bin/sh
# The HTML report in a real browser: headless Chromium (Debian's) opens a
# report of a 1,000-game tournament and two recorded games; a check script
# added to a copy of the page measures every mark of every chart as laid
# out (drawn: a box wider and taller than nothing) and reports what it
# found; the page itself must fetch nothing and hold no script. A
# screenshot is kept in build/report.png for people to look at.
bin=${REFEREE_BIN:?set REFEREE_BIN}
here=$(cd "$(dirname "$0")" && pwd)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
# A mutant needs one failure (tools/mutants.sh sets STOP_AT_FIRST_FAILURE): no waiting for the rest.
bad() { fail=$((fail + 1)); echo "report: FAILED: $*"; [ -z "${STOP_AT_FIRST_FAILURE:-}" ] || { echo "report: $pass passed, $fail failed"; exit 1; }; }
browser=$(command -v chromium || command -v chromium-browser)
[ -n "$browser" ] || { echo "report: chromium is needed (apt-get install chromium)"; echo "report: 0 passed, 1 failed"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Whether to run a part: both, or the one TEST_PART names (each mutant runs
# only the part that guards it: tools/mutants.sh). charts: a tournament's
# and two games' page in the browser; records: records that fail to replay.
part() { [ -z "${TEST_PART:-}" ] || [ "$TEST_PART" = "$1" ]; }

if part charts; then
# The weakest bot with a long name, as people name theirs (its column the
# last): every chart must show it whole.
mkdir -p "$work/bots"
printf -- '-- Takes a legal move at random.\nreturn { choose = function(view, moves) return moves[math.random(#moves)] end }\n' \
    >"$work/bots/dice-odds-keeper-at-random.lua"
REFEREE_BOTS="$work/bots:$REFEREE_BOTS" "$bin" tournament bamboozled-dice --bots dice-bluffer,dice-honest,dice-odds-keeper-at-random \
    --seats 4 --games 1008 --seed 5 --jobs 2 --out "$work/t.jsonl" --report "$work/from-tournament.html" >"$work/t.out" 2>&1
[ -s "$work/from-tournament.html" ] && ok || bad "tournament --report wrote no page: $(tail -2 "$work/t.out")"
"$bin" run bam --seats bam-greedy,random,random --seed 8 --set hands=5 --json >"$work/bam.json"
"$bin" run bamboozled-dice --seats dice-bluffer,dice-honest,random --seed 4 --json >"$work/dice.json"
"$bin" report "$work/t.jsonl" "$work/bam.json" "$work/dice.json" -o "$work/report.html" 2>"$work/report.err" &&
    grep -q "wrote .*report.html (1008 tournament games, 2 recorded games)" "$work/report.err" && ok ||
    bad "report did not write the page: $(cat "$work/report.err")"
# Self-contained: nothing fetched, no script of its own.
grep -Eiq '<script|src=|href=|url\(|https?:' "$work/report.html" &&
    bad "the page fetches or runs something: $(grep -Eio '<script|src=[^ ]*|href=[^ ]*|url\([^)]*|https?:[^ ]*' "$work/report.html" | head -3)" || ok

# The check, run by the browser after layout.
cp "$work/report.html" "$work/checked.html"
cat >>"$work/checked.html" <<'JS'
<script>
try {
  const out = [];
  for (const svg of document.querySelectorAll('svg[data-chart]')) {
    const marks = svg.querySelectorAll('g.bar, g.cell, g.series');
    let drawn = 0;
    for (const m of marks) {
      // the mark's shape itself: a bar's or a cell's box, a line's run (a flat line has no height)
      const shape = m.querySelector('rect, polyline'), b = shape ? shape.getBBox() : { width: 0, height: 0 };
      if (b.width > 0 && (b.height > 0 || shape.tagName === 'polyline')) drawn++;
    }
    const values = [...marks].map(m => m.dataset.value || m.dataset.share || m.dataset.points).join(',');
    out.push(svg.dataset.chart + ' marks=' + marks.length + ' drawn=' + drawn + ' data=' + values);
    // every word of the chart inside its frame: a label cut off at the
    // edge is a name nobody can read
    const frame = svg.getBoundingClientRect();
    const cut = [...svg.querySelectorAll('text')].filter(t => {
      const r = t.getBoundingClientRect();
      return r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1 || r.bottom > frame.bottom + 1;
    }).map(t => t.textContent);
    out.push('cut ' + svg.dataset.chart + ' ' + cut.length + (cut.length ? ': ' + cut.join(' | ') : ''));
  }
  document.body.insertAdjacentHTML('beforeend', '<pre id="check">' + out.join('\n') + '</pre>');
} catch (e) {
  document.body.insertAdjacentHTML('beforeend', '<pre id="check">error: ' + e + '</pre>');
}
</script>
JS
flags="--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir=$work/profile"
timeout 120 "$browser" $flags --enable-logging=stderr --v=0 --dump-dom "file://$work/checked.html" \
    >"$work/dom.html" 2>"$work/browser.log"
sed -n '/<pre id="check">/,/<\/pre>/p' "$work/dom.html" | sed 's/<[^>]*>//g' >"$work/check.txt"
[ -s "$work/check.txt" ] && ok || bad "the browser did not run the check: $(tail -3 "$work/browser.log")"
grep -q '^error' "$work/check.txt" && bad "the check failed in the browser: $(cat "$work/check.txt")" || ok
grep -Ei 'Uncaught|CONSOLE.*error|Failed to load' "$work/browser.log" &&
    bad "the browser reported errors on the page" || ok
# The rating is said in people's words; the method's name waits in the details.
grep -q 'The rating says how strong each bot played here: a bot rated 200 above another finishes ahead of it about three times in four' "$work/report.html" &&
    grep -q '<summary>How the ratings are made</summary>Fitted to each game.s finishing order (the Plackett-Luce model)' "$work/report.html" &&
    ! grep '<p class="note">Win rate' "$work/report.html" | grep -q 'Plackett' && ok ||
    bad "the page names the rating's method where it should say what a rating means"
# No chart cuts a word off at its edge.
grep '^cut ' "$work/check.txt" | grep -v ' 0$' && bad "a chart cuts words off: $(grep '^cut ' "$work/check.txt" | grep -v ' 0$')" || ok
# Each chart, drawn whole, with the data it should have.
expect_chart() { # name marks: every mark drawn
    grep -q "^$1 marks=$2 drawn=$2 " "$work/check.txt" && ok ||
        bad "chart $1 should have $2 marks, all drawn: $(grep "^$1 " "$work/check.txt" || echo missing)"
}
expect_chart standings 3
expect_chart head-to-head 6
expect_chart rating-over-games 3
expect_chart course-1 3
expect_chart course-2 3
# The figures drawn are the standings' own: the bars are the win rates merge
# prints (rounded alike), and each rating line has its 40 points.
"$bin" merge --csv "$work/t.jsonl" | awk -F, 'NR > 1 { s = s (NR > 2 ? "," : "") sprintf("%.4f", $5) } END { printf "%s", s }' >"$work/rates"
grep -q "^standings marks=3 drawn=3 data=$(cat "$work/rates")$" "$work/check.txt" && ok ||
    bad "the standings bars are not the win rates ($(cat "$work/rates")): $(grep '^standings' "$work/check.txt")"
grep -q "^rating-over-games marks=3 drawn=3 data=40,40,40$" "$work/check.txt" && ok ||
    bad "the rating lines do not have 40 points each: $(grep '^rating' "$work/check.txt")"
decisions=$(grep -c '"type":"decision"' "$work/dice.json")
grep -q "^course-2 marks=3 drawn=3 data=$((decisions + 1)),$((decisions + 1)),$((decisions + 1))$" "$work/check.txt" && ok ||
    bad "the dice game's course has not a point per decision ($decisions and the start): $(grep '^course-2' "$work/check.txt")"
# A game's chart names its winners (the record's result), its whole-number
# standings on whole ticks of 1, 2 or 5 times a power of ten, and marks an
# axis that does not start at zero (BAM!'s credits) with a break.
winner=$(grep '"type":"result"' "$work/bam.json" | sed -n 's/.*"winners":\[\([0-9]*\).*/\1/p')
sed -n '/data-chart="course-1"/,/<\/svg>/p' "$work/report.html" >"$work/course1.svg"
grep -q "seat $winner ([^)]*): won<" "$work/course1.svg" && ok ||
    bad "the BAM! game's chart does not mark seat $winner as its winner"
# (this game's credits fell near nothing: its axis starts at zero, unbroken;
# another's stayed above 800, so its axis starts there)
grep -q 'class="axis-break"' "$work/course1.svg" && bad "an axis from zero got a break mark" || ok
"$bin" run bam --seats bam-greedy,random,random --seed 4 --set hands=3 --json >"$work/high.json"
"$bin" report "$work/high.json" -o "$work/high.html" 2>/dev/null
grep -q 'class="axis-break"' "$work/high.html" && grep -q 'text-anchor="end">800<' "$work/high.html" && ok ||
    bad "BAM!'s credits axis from 800 has no break mark"
ticks=$(sed -n 's/.*text-anchor="end">\([0-9.-]*\)<\/text>.*/\1/p' "$work/course1.svg" | head -5 | tr '\n' ' ')
echo "$ticks" | awk '{ step = $2 - $1; m = step; while (m >= 10) m /= 10;
    ok = (m == 1 || m == 2 || m == 5) && $1 % step == 0;
    for (i = 2; i <= 5; i++) ok = ok && $i - $(i - 1) == step; exit !ok }' && ok ||
    bad "the BAM! chart's ticks are not whole steps of 1, 2 or 5 times ten to a power: $ticks"
sed -n '/data-chart="course-2"/,/<\/svg>/p' "$work/report.html" | grep -q 'class="axis-break"' &&
    bad "the dice game's strikes left, from zero, got a break mark" || ok

# A head-to-head cell is the share the JSON standings give.
"$bin" merge --json "$work/t.jsonl" | grep '"bot":"dice-bluffer","against":"dice-honest"' |
    sed 's/.*"met":\([0-9]*\),"ahead":\([0-9]*\).*/\1 \2/' | awk '{ printf "%.4f", $2 / $1 }' >"$work/share"
grep "^head-to-head" "$work/check.txt" | grep -q "data=$(cat "$work/share")," && ok ||
    bad "the heat map's first row does not hold bluffer-over-honest $(cat "$work/share"): $(grep '^head' "$work/check.txt")"

# A picture for people (a build product, not checked in).
mkdir -p "$here/../build"
timeout 120 "$browser" $flags --window-size=1000,2600 --screenshot="$here/../build/report.png" \
    "file://$work/report.html" >/dev/null 2>&1
[ -s "$here/../build/report.png" ] && ok || bad "no screenshot was taken"

# Mistakes are refused with what would be right.
"$bin" report "$work/t.jsonl" >"$work/noout" 2>&1
[ $? -eq 2 ] && grep -q "and -o for the page" "$work/noout" && ok || bad "report without -o: $(cat "$work/noout")"
fi

if part records; then
[ -s "$work/bam.json" ] || "$bin" run bam --seats bam-greedy,random,random --seed 8 --set hands=5 --json >"$work/bam.json"
printf '{"type":"start","format":"referee-record/2","game":"bamboozled-dice","seed":"4","seats":["a","b","c"],"options":{}}\n{"type":"decision","seat":1,"move":"fly"}\n' >"$work/broken.json"
"$bin" report "$work/broken.json" -o "$work/x.html" >"$work/broken.out" 2>&1
[ $? -eq 1 ] && grep -q "broken.json:2 does not replay" "$work/broken.out" && ok ||
    bad "a record that does not replay: $(cat "$work/broken.out")"

# Records are replayed as run plays: a standing() that spins or gets stuck
# in C, or a record that does not replay, costs that record alone, told on
# the page and on stderr (exit 1); the other records are charted.
for how in good spin stuck; do
    "$bin" run report-standing --set standing=$how --seats random,random --seed 1 --json >"$work/$how.json"
done
timeout 120 "$bin" report "$work/good.json" "$work/spin.json" "$work/stuck.json" "$work/broken.json" "$work/bam.json" \
    -o "$work/survived.html" >"$work/survived.out" 2>&1
status=$?
[ $status -eq 1 ] && [ -s "$work/survived.html" ] && ok || bad "report of failing records: exit $status: $(tail -2 "$work/survived.out")"
grep -q "wrote .*survived.html (0 tournament games, 2 recorded games, and what failed)" "$work/survived.out" &&
    [ "$(grep -c 'data-chart="course-' "$work/survived.html")" = 2 ] && ok ||
    bad "the records that replay were not charted: $(grep -c 'data-chart="course-' "$work/survived.html") charts; $(tail -1 "$work/survived.out")"
grep -q '<p class="failed">.*spin.json:1: the standing at the start could not be read: the rules failed in standing(): the script ran too long' "$work/survived.html" &&
    grep -q '<p class="failed">.*stuck.json: the rules ran in C past their limit replaying it' "$work/survived.html" &&
    grep -q '<p class="failed">.*broken.json:2 does not replay' "$work/survived.html" && ok ||
    bad "the page does not say why each record was not charted: $(grep -o '<p class="failed">[^<]*' "$work/survived.html")"
# A record names its game: a path in it is never run; a rules file
# elsewhere runs only when named on the command line.
mkdir -p "$work/elsewhere"
printf 'error("these rules were run")\n' >"$work/elsewhere/planted.lua"
sed "s#\"game\":\"report-standing\"#\"game\":\"$work/elsewhere/planted.lua\"#" "$work/good.json" >"$work/planted.json"
cp "$here/fixture/report-standing.lua" "$work/elsewhere/house.lua"
"$bin" run "$work/elsewhere/house.lua" --seats random,random --seed 1 --json >"$work/house.json"
"$bin" report "$work/planted.json" "$work/house.json" -o "$work/paths.html" >"$work/paths.out" 2>&1
[ $? -eq 1 ] && grep -q "planted.json names its game by a path, '.*planted.lua': a report runs rules only by a game's name" "$work/paths.out" &&
    grep -q "no game 'house'.*--rules FILE.lua" "$work/paths.out" && ! grep -q "these rules were run" "$work/paths.out" && ok ||
    bad "a record naming its rules by a path: $(cat "$work/paths.out")"
"$bin" report "$work/house.json" --rules "$work/elsewhere/house.lua" -o "$work/house.html" >"$work/house.out" 2>&1 &&
    grep -q 'data-chart="course-1"' "$work/house.html" && ok || bad "a rules file named with --rules: $(cat "$work/house.out")"
fi
echo "report: $pass passed, $fail failed"
