#!/usr/bin/env bash
# make mutants: breaks each guard on purpose, in a copy of the tree of its
# own (build included, so only the broken file is rebuilt), and runs the
# tests that guard it, two mutants at a time (MUTANT_JOBS), one per core.
# Every breakage must make them fail: one that passes ("SURVIVED") is a
# guard no test watches.
# usage: tools/mutants.sh [NAME...]   (no names: every mutant)
top=$(cd "$(dirname "$0")/.." && pwd)
only="$*"
jobs=${MUTANT_JOBS:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a test layer in the copy at $copy; fails when a test fails. A spec
# layer may name the tests to run: a busted filter, a Lua pattern with no
# space in it ('memory.cap': busted's wrapper splits its arguments on spaces).
layer() {
    case "$1" in
    unit) "$copy/build/unit-tests" ;;
    spec) (cd "$copy" && REFEREE_RULES="$copy/tests/fixture:$copy/rules" REFEREE_BOTS="$copy/bots" \
        LUA_CPATH="$copy/build/?.so;;" busted --lua=lua5.4 ${3:+"--filter=$3"} "tests/spec/$2") ;; # as tests/run-all.sh sets them
    hostile|cli|seats|terminal|report|shards) REFEREE_BIN="$copy/referee" REFEREE_RULES="$copy/tests/fixture:$copy/rules" \
        REFEREE_BOTS="$copy/bots" LUA_CPATH="$copy/build/?.so;;" TEST_PART="$2" TEST_ONLY="$3" STOP_AT_FIRST_FAILURE=1 \
        sh "$copy/tests/$1.sh" >"$copy.layer" 2>&1
        status=$?
        cat "$copy.layer"
        [ $status -eq 0 ] && ! grep -Eq '^[a-z]+: [0-9]+ passed, [1-9][0-9]* failed$' "$copy.layer" ;;
    serve) REFEREE_BIN="$copy/referee" REFEREE_RULES="$copy/tests/fixture:$copy/rules" \
        REFEREE_BOTS="$copy/bots" SERVE_SHOTS="$copy/build" TEST_PART="$2" \
        /usr/bin/python3 "$copy/tests/serve/run.py" >"$copy.layer" 2>&1
        cat "$copy.layer"
        grep -Eq '^serve: [0-9]+ passed, 0 failed$' "$copy.layer" ;;
    screens) REFEREE_BIN="$copy/referee" REFEREE_RULES="$copy/tests/fixture:$copy/rules" \
        REFEREE_BOTS="$copy/bots" LUA_CPATH="$copy/build/?.so;;" \
        /usr/bin/python3 "$copy/tests/screens/audit.py" "${2:-40}" >"$copy.layer" 2>&1
        cat "$copy.layer"
        grep -Eq '^screens: [0-9]+ passed, 0 failed$' "$copy.layer" ;;
    transcripts) REFEREE_BIN="$copy/referee" REFEREE_RULES="$copy/tests/fixture:$copy/rules" \
        REFEREE_BOTS="$copy/bots" sh "$copy/tests/transcripts/run.sh" >"$copy.layer" 2>&1
        cat "$copy.layer"
        ! grep -Eq '^transcripts: [0-9]+ passed, [1-9][0-9]* failed$' "$copy.layer" ;;
    esac
}

# mutant NAME FILE OLD NEW LAYER [ARG]: in FILE, the text OLD (its first
# occurrence) becomes NEW; then LAYER must fail. Started in the background
# (at most $jobs at once); its line and verdict go to $work/NAME.result.
mutant() {
    name=$1
    [ -z "$only" ] || echo " $only " | grep -q " $name " || return 0
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    try_mutant "$@" >"$work/$name.result" 2>&1 &
}

try_mutant() {
    name=$1 file=$2
    copy="$work/$name"
    # (not the fuzz targets' build, most of the tree's bytes: no mutant runs them)
    mkdir "$copy" && tar -C "$top" --exclude=./build/fuzz -cf - . | tar -C "$copy" -xf -
    if ! OLD="$3" NEW="$4" perl -0pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/ or exit 3' "$copy/$file"; then
        echo "mutants: FAILED: $name no longer applies: $file has not the text it breaks"
        rm -rf "$copy"; return
    fi
    # Only what the layer runs is built: a link is most of a mutant's build.
    case "$5" in
    unit) targets=build/unit-tests ;;
    spec) targets=build/referee.so ;;
    *) targets=all ;;
    esac
    # (without the link-time pass, which re-optimizes every object at each link)
    if ! make -s -C "$copy" LTO=-fno-lto $targets >"$copy.build" 2>&1; then
        echo "mutants: FAILED: $name does not build:"; tail -3 "$copy.build"
        rm -rf "$copy"; return
    fi
    start=$(date +%s)
    if layer "$5" "${6:-}" "${7:-}" >"$copy.test" 2>&1; then
        echo "mutants: FAILED: $name SURVIVED: $5 ${6:-} passed with it"
    else
        echo "mutant $name: caught by $5 ${6:-} ($(($(date +%s) - start)) s)"
    fi
    rm -rf "$copy"
}

# ---- the guards, each broken once ----

# The bot's instruction budget: a bot that catches the error with pcall
# must meet it again at its next step (loop-in-pcall.lua, called twice).
mutant budget-swallowable core/guards/script.c \
    '        lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_SIZE_KEY);' \
    '        lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_SIZE_KEY);' spec bot_budget_spec.lua
# The bot memory cap, the live bytes and the footprint both.
mutant memory-cap core/bots/bot.c \
    'if (want > b->limit || (want > b->charged' 'if ((want > b->charged' hostile memory count
mutant memory-footprint core/bots/bot.c \
    'arena_set_limit(b->arena, b->limit + b->limit / 16);' '(void)0;' hostile memory churn
# The bots' library allow-list: io and os opened to them.
mutant bot-libraries core/bots/bot.c \
    '{LUA_UTF8LIBNAME, luaopen_utf8},' '{LUA_UTF8LIBNAME, luaopen_utf8}, {LUA_IOLIBNAME, luaopen_io}, {LUA_OSLIBNAME, luaopen_os},' hostile bots io-os
# The rules' allow-list: io reachable from a rules script.
mutant rules-libraries core/referee/rules_sandbox.c \
    'push_stand_in(L, *name);' 'lua_getglobal(L, *name);' spec rules_sandbox_spec.lua
# Each rules environment's own copies of the libraries: the host's shared.
mutant rules-shared-libraries core/referee/rules_sandbox.c \
    '        rules_sandbox_push_copy(L, -1);
        lua_remove(L, -2);
        lua_setfield(L, base, *name);' \
    '        lua_setfield(L, base, *name);' hostile loading
# A method finds the game's table through the state's allocator, and
# only when it was called on that table: a clone's calls reach the clone.
mutant self-by-allocator core/binding/lua_table.h \
    'if (c && c->b.lua_table && lua_topointer(L, 1) == c->b.lua_table)' \
    'if (c && c->b.lua_table && (ud || lua_topointer(L, 1) == c->b.lua_table))' cli repl
# The kernel's metatables locked: the table data's __gc reachable.
mutant kernel-metatable core/binding/lua_table.c \
    '        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    luaL_newlib(L, table_module);' \
    '        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    luaL_newlib(L, table_module);' hostile rules
# The copy of the view a bot gets: every card of a hidden zone seen.
mutant view-hidden-cards core/binding/lua_view.c \
    'if (zones_seat_sees(&t->zones, c, seat))' 'if (1)' unit
# Hidden zones: an owner's zone seen by every seat.
mutant hidden-zones core/kernel/zones.c \
    'case VIS_OWNER: return seat != 0 && z->owner == seat;' 'case VIS_OWNER: return 1;' unit
# Conservation: a transfer that makes a credit.
mutant ledger-conservation core/kernel/ledger.c \
    '    b->balance += amount;' '    b->balance += amount + (amount > 1);' unit
# Save atomicity: the save written in place.
mutant save-in-place core/play/match_record.c \
    'snprintf(tmp, len, "%s.XXXXXX", path);
    int fd = mkstemp(tmp);' \
    'snprintf(tmp, len, "%s", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);' cli
# A bot's answer read to its first NUL.
mutant answer-nul core/bots/bot.c 'if (strlen(answer) != len)' 'if (0)' hostile bots hidden-tail
# The pattern guard of bots and rules.
mutant pattern-guard core/guards/bot_limits.c \
    'if (!plain && pattern_steps(p, lp, ls, may_anchor) > PATTERN_STEPS)' 'if (0)' hostile bots pattern-bomb
# A call stuck in C never stopped.
mutant stuck-never-stopped core/guards/watchdog.c \
    '} else if (watch.fired && ++watch.stuck_ticks >= STUCK_SECONDS * TICKS_PER_SECOND) {' \
    '} else if (0) {' hostile stuck
# The journal index in 16 bits again.
mutant log-width core/kernel/log.h 'int32_t a;    /* also a journal index' 'int16_t a;    /* also a journal index' unit
# A tournament line's check not checked.
mutant line-check repl/tournament/game_lines.c \
    'return got == want ? NULL :' 'return 1 ? NULL :' cli tournaments
# pairs and next in Lua's own order, which changes from process to process.
mutant iteration-order core/lua/ordered_next.c \
    'idx = lua_absindex(L, idx);
    ordered_next_push(L);' 'return;
    ordered_next_push(L);' spec iteration_order_spec.lua
# A shuffle that never leaves a card where it was (Sattolo's, off by one).
mutant shuffle-bias core/kernel/zones.c '(uint32_t)i + 1, "shuffle")' '(uint32_t)i, "shuffle")' unit
# Fresh seeds that are not fresh.
mutant fresh-seed core/kernel/seed.c 'randombytes_buf(bits, sizeof bits);' 'memset(bits, 7, sizeof bits);' unit
# A sample in a claim window that keeps the other seats' moves, which name
# their real hands.
# A sample's dice read from the real game, not from the sample: a search
# would see dice under the cup.
mutant sample-dice-leak core/bots/bot_search.c '&w.game->t->dice' '&w.s->g->t->dice' spec sample_spec.lua
# A sample's cards read from the real game: another seat's hand shown.
mutant sample-cards-leak core/bots/bot_search.c '    const Table *t = w.game->t;' '    const Table *t = w.s->g->t;' spec sample_spec.lua
# A meld that takes fewer of the table's cards than asked: a BAMM! claim
# of one card of the table.
mutant melds-from-table core/games/melds.c 'if (k >= 3 && hand >= from_hand && k - hand >= from_table)' \
    'if (k >= 3 && hand >= from_hand)' spec melds_spec.lua
# The rummy's combinations without the ace above the king (or below the
# two), and without a card's place: a card counted as above itself.
mutant combine-ace-once core/games/combine.c 'return apart == 1 || apart == RANK_A - 2;' 'return apart == 1;' \
    spec combine_spec.lua
mutant combine-above-itself core/games/combine.c 'for (int j = other >= 0 ? 0 : i + 1; j < o->n; j++) {' \
    'for (int j = 0; j < o->n; j++) {' spec combine_spec.lua
# A rules call stopped at the memory cap leaves its garbage standing, and
# every later call runs at the cap.
mutant cap-garbage-left core/guards/memory_cap.c '        lua_gc(L, LUA_GCCOLLECT, 0);' '        (void)0;' \
    spec game_spec.lua 'memory.cap'
# ismcts blind to BAM!: it weighs every discard, and opponents play at random.
mutant ismcts-bam-unread bots/ismcts.lua 'import("bamm-claims"), import("bam-hands") }' 'import("bamm-claims") }' \
    spec ismcts_strength_spec.lua 'discards.worth.it'
# A rating's error over deals taken as over games (the games as
# independent), and a deal's steps taken as unrelated to one another.
mutant rating-error-games repl/tournament/rating_sums.c \
    'STATS_ELO * sqrt(fmax(v, 0) * deals / (deals - 1))' 'STATS_ELO * sqrt(fmax(h[x * m + x], 0))' unit
mutant rating-steps-apart repl/tournament/rating_sums.c \
    '        for (int t = s; t < d->n; t++) {' '        for (int t = s; t <= s; t++) {' unit
# A tournament's lineups only rotated, never seated in another order round
# the table: each bot would keep the same neighbours all tournament long.
mutant seat-orders repl/tournament/game_list.c 'a->bots[(deal * k + order[(s + rot) % k]) % a->nbots]' \
    'a->bots[(deal * k + (s + rot) % k) % a->nbots]' shards
# ismcts dealing a claimer's hidden dice at random, as if no claim were
# made: it challenges honest claims and loses to the heuristic bots.
mutant ismcts-claims-unread bots/lib/dice-claims.lua \
    'return chance_of_claim(dice[1], dice[2], v.score, v.previous_score) / HONEST' 'return 1' spec ismcts_strength_spec.lua against.dice.honest
mutant window-sample core/referee/game_sample.c '    ask_keep_seat(&t->ask, seat);' '' spec sample_spec.lua
# A game that ends with credits in the pot taken as ended right.
mutant pot-promise core/referee/game_reading.c 'if (pot > 0 && g->t->ledger.a[pot].balance != 0) {' 'if (0) {' spec bam_spec.lua
# A log line that names a card with what its viewer learned later.
mutant log-hindsight core/kernel/table.c 'return sees_arrival(t, log_move_known(e), e->c, viewer)' \
    'return sees_arrival(t, t->zones.known[e->a], e->c, viewer)' spec log_knowledge_spec.lua
# The hot seat's screen left as it was when the keyboard passes.
mutant hot-seat-clear repl/screen.c '    fputs("\033[H\033[2J\033[3J", stdout);' '    (void)0;' terminal hotseat
# Real dice: a roll at the table is unknown until typed, never the
# referee's own draw.
mutant table-dice-unseen core/kernel/table.c '    t->dice.d[die].value = 0;
    note_oom(t, log_add(&t->log, LOG_ROLL, 0, die, 0, 0, 0, NULL));' '    note_oom(t, log_add(&t->log, LOG_ROLL, 0, die, 0, 0, 0, NULL));' spec table_dice_spec.lua
# The report's bars are drawn as wide as the win rates.
mutant report-bars repl/report/svg.c 'width * value[i], row - 10' '0 * value[i], row - 10' report
# People's calls in a claim window keep the order they were typed in.
mutant typed-call-order core/referee/game.c \
    '    keep_people_in_typed_order(g->people, seats, n, order);' '' transcripts
# A real deck: a card nobody has named is seen by nobody, its holder
# included (the referee's stand-in names would show).
mutant real-cards-unseen core/kernel/zones.c '    if (!zone || (zs->physical && !zs->bound[card]))' \
    '    if (!zone)' spec table_cards_spec.lua
# A shown card of the suit led must be followed.
mutant real-cards-follow core/kernel/physical_cards.c \
    '    if (led == SUIT_NONE || t->deck.cards[card].face[0].suit == led)' '    if (1)' spec table_cards_spec.lua
# Only the kernel's card asks rename unknown cards: a rules list may hang
# on what the cards are (BAMM!'s claims).
mutant real-cards-rules-lists core/referee/real_cards.c '    if (!a->any_card)
        return -1;' '' spec table_cards_spec.lua
# A value read back from rules popped twice when it is malformed (it once
# aborted the REPL and lost the game: status() returning a number).
mutant reply-double-pop core/referee/game_reading.c \
    '        lua_pop(L, r->nresults);
    } else {' '        lua_pop(L, r->nresults + 1);
    } else {' hostile returns
# A text read back from rules (a status line, a reason, a message) taken
# unchecked: escapes and broken UTF-8 reach the terminal and the record.
mutant reply-text-unchecked core/referee/rules_reply.c '    if (wrong && len > REPLY_TEXT_MAX)' \
    '    wrong = NULL;
    if (wrong && len > REPLY_TEXT_MAX)' spec hostile_returns_spec.lua
# The report runs a rules file a record names by its path.
mutant report-path-game repl/report/course.c '    if (rules_is_path(game)) {' '    if (0) {' report records
# The report replays records in its own process: a standing() stuck in C
# ends the whole report, with no page.
mutant report-unsupervised repl/report/course.c '    pid_t pid = pipe(fds) == 0 ? fork() : -1;' \
    '    pid_t pid = -1;' report records
# Rules loaded through the Lua module reach the host's unguarded string
# methods: ("a"):rep(5000):find(...) backtracks in C for hours.
mutant module-string-methods core/guards/script.c \
    '    int strings = lua_alloc_count(L) ? 0 : limit_strings_enter(L);' '    int strings = 0;' spec rules_sandbox_spec.lua
# A save whose seats were edited: a bot among the people, or at a real
# table (where it would play blind), loaded as if nothing were wrong.
mutant load-people-bots core/referee/game_record.c '        if (g->people & (1u << s))' '        if (0)' seats
mutant load-table-bots core/referee/game_record.c '        if (table)
            return' '        if (0)
            return' seats
# Objects' addresses in scripts' text (tostring({}), %p, %s of a table):
# the records of one seed differ between processes, and a save of rules
# that note them does not replay; numbers counted across calls part the
# REPL (which asks for status) from a replay (which does not).
mutant rules-stable-tostring core/referee/rules_sandbox.c \
    '    stable_ids_install_tostring(L, base);' '' hostile addresses
mutant stable-format core/lua/quick_format.c '    stable_ids_format_args(L);' '' hostile addresses
mutant stable-ids-per-call core/guards/script.c '        stable_ids_new_call(L); /* objects' \
    '        (void)0; /* objects' hostile addresses
mutant bot-stable-tostring core/bots/bot.c '    stable_ids_install_tostring(L, lua_gettop(L));' '' \
    hostile bots
# A person named as a seat word or a bot ("seat 1: human, random").
mutant person-named-bot core/play/match.c '        const char *taken = len ? seat_word(m, names[seat]) : NULL;' \
    '        const char *taken = NULL;' seats
# The ceiling over a whole game: seats held only to their own caps.
mutant game-memory-ceiling core/bots/bot.c \
    '    if (game_memory_used(game) - b->charged + to > game->limit) {' \
    '    if (0) {' hostile memory hoard
# The conformance suite (referee check) over every game: a view that names
# the cards of hidden zones.
mutant conformance-view core/binding/lua_view.c 'if (zones_seat_sees(&t->zones, c, seat))' 'if (1)' \
    spec conformance_spec.lua 'promise.fixture$'
# The hot seat's pass prompt takes what is typed for the Enter, and the
# first hand after play or load is shown without a pass.
mutant pass-enter-only repl/screen.c '        if (!line[strspn(line, " \t")]) {' '        if (1) {' terminal hotseat
mutant pass-first-hand repl/screen.c 'people >= 2 && seat != r->on_screen &&' \
    'people >= 2 && r->on_screen > 0 && seat != r->on_screen &&' terminal hotseat
# The pass prompt only when something private is on the screen: a hand of
# the referee's cards passed without one.
mutant pass-private-only repl/screen.c '    int secret = shows_private(r->m.loop.game->t, seat);' \
    '    int secret = 0;' terminal private
# The screen audit: the keyboard passed without clearing the screen (the
# last person's hand stays up as the next sits down), and the pass judged
# by whose prompt came last instead of who sat down last (a roll drawn on
# the screen of the person before).
mutant screens-clear-on-pass repl/screen.c '    clear_screen();
    if (r->headline)' '    if (r->headline)' screens
mutant screens-who-sat repl/screen.c '        if (seat == r->on_screen)
            r->private_on_screen |= secret;' '        r->on_screen = seat;
        r->private_on_screen = secret;' screens
# A refused undo in an open claim window forgets the answers given: the
# prompt goes back to a person who answered, on another's screen.
mutant window-undo-kept repl/repl.c '    GameStatus st = match_undo(&r->m, seat, 1);' \
    '    match_clear_window(&r->m);
    GameStatus st = match_undo(&r->m, seat, 1);' transcripts
# One inbox: a page told "played" before the save holding the move is on
# disk (caught where match_give answers: the serve test's SIGKILL right
# after the reply can come after a later save); a claim window that
# never closes on its own time; a call at the hot seat's pass prompt
# refused, and the hot seat's clock never running out; the served
# console's undo taken as the next person's, not the last mover's.
mutant ack-before-save core/play/match_give.c '    if (match_keep_save(m, &save_why))' \
    '    if (1)' unit
mutant window-no-time core/play/match_give.c '    if (!m->window_ms || !m->loop.game' \
    '    if (1 || !m->loop.game' serve windows_on_time
mutant hot-seat-no-caller repl/screen.c '        int caller = window ? caller_at_pass(r, line, seat) : 0;' \
    '        int caller = 0;' terminal windows
mutant hot-seat-no-clock repl/screen.c '        if (n == 0) {
            /* The wait ends' '        if (0) {
            /* The wait ends' terminal windows
mutant served-undo-next core/play/match_give.c '    int seat = nobody_at_the_keyboard ? 0 : match_person_to_answer(m);' \
    '    int seat = match_person_to_answer(m);' serve console_undo
# t:melds cut short at its bound but said to have listed every meld: a
# rules script would take a partial list for the whole.
mutant melds-bound-unsaid core/games/melds.c '    return s.stopped ? MELDS_TOO_MANY : MELDS_OK;' \
    '    return MELDS_OK;' spec melds_spec.lua
# A sample's read that runs the rules (its standing) charged nothing for
# their work: a bot spinning on it stops by the CPU backstop, which
# depends on the machine, not by its budget.
mutant sample-reads-free core/bots/bot_search.c '    in_game_metered(L, s, fn, w, nresults, &meter);
    script_charge(L, meter.counted);' '    in_game_metered(L, s, fn, w, nresults, &meter);' hostile reads
# A real deck: a card named face down and named again is told to the table.
mutant physical-contradiction core/kernel/physical_cards.c 'if (t->zones.claimed[from]) {' \
    'if (0) {' transcripts
# A served table: each page is made from its own seat's view; a page
# shown seat 1's cards would show Ann's hand to Bob (the privacy capture).
mutant serve-view-leak repl/serve/page_table.c 'zones_seat_sees(&t->zones, c, seat)' \
    'zones_seat_sees(&t->zones, c, 1)' serve bam_in_browsers
# A token is compared whole: a server that let any token of the right
# length in would give a guess the watchers' page.
mutant serve-token-guess repl/serve/page_server.c \
    'return sodium_memcmp(s->tokens.watch, token, PAGE_TOKEN_HEX) == 0 ? 0 : -1;' 'return 0;' serve hostile

# A hostile network: no limit of connections from one address (a
# thousand sockets take every slot), and no deadline for a request's
# headers (one that trickles in holds its slot for ever).
mutant serve-per-address repl/serve/page_server.c 'MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)PER_ADDRESS_MAX,' \
    'MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)0,' serve hostile_lan
mutant serve-no-deadline repl/serve/page_server.c 'now - k->started >= REQUEST_SECONDS' \
    'now - k->started >= 100000' serve hostile_lan
# A save that fails told only to the page whose move it was.
mutant serve-save-untold repl/serve/page_state.c '    if (notice)' '    if (0)' serve save_fails
# Behind a proxy any origin taken for the public address's.
mutant serve-public-any-origin repl/serve/page_server.c \
    '    if (s->public_origin[0] && strcmp(origin, s->public_origin) == 0)' \
    '    if (s->public_origin[0])' serve tls
# referee check blind to a card made or lost, and to what a seat is told.
mutant check-cards-blind repl/check.lua '    if not cards_broken and (not now or count ~= deck) then' \
    '    if false then' spec conformance_spec.lua 'extra.cards'
mutant check-told-blind repl/check.lua '              problem = told_unseen(text[1], seat, unseen, text[2])' \
    '              problem = nil' spec conformance_spec.lua 'note.names.card' 
mutant check-fork-blind repl/check.lua '    if (told_here or told_there) and kernel_shown(g, from, seat) == kernel_shown(fork, 1, seat) then' \
    '    if false then' spec conformance_spec.lua 'note.tells.die'
mutant rng-seek-held core/kernel/rng.c 'if (r->used < RNG_BLOCK_BYTES && r->block' 'if (r->block' unit
mutant random-seat-own-stream core/play/seat_loop.c 'RANDOM_SEAT_NONCE | (uint64_t)seat);' 'RANDOM_SEAT_NONCE);' cli seeds
mutant variant-own-prepare rules/bam.lua 'local STOCK, DISCARD, TRICK, PLAYED, POT = "stock", "discard", "trick", "played", "pot"' \
    'local STOCK, DISCARD, TRICK, PLAYED, POT' spec variant_prepare_spec.lua
mutant list-crossed-by-index core/lua/plain_cross.c 'lua_rawseti(c->to, -2, i);' 'lua_rawseti(c->to, -2, i > 1 ? i - 1 : i);' unit
# A game's uservalues pushed by reference or as nil: the prepared table
# read as nil, and every game sets the table out again.
mutant prepared-by-ref core/referee/game_state.h '    if (!(g->uv_held & 1u << uv)) {' \
    '    if (!(g->uv_held & 1u << uv) || uv == UV_PREPARED) {' spec game_spec.lua 'prepared'
mutant result-read-plain core/lua/lua_copy.c '    if (lua_getmetatable(L, idx)) {' '    if (0) {' unit
# A game's options and prepared vars copied by their written code: one
# table held twice written as two, and the copy's shape lost.
mutant frozen-copy-shape core/lua/frozen_copy.c '            return 0; /* held twice' '            (void)0; /* held twice' unit
# Rules' and bots' table.concat writing integers itself: an empty range
# misjudged joins an item Lua's own would not.
mutant quick-concat-range core/lua/quick_concat.c '    if (i > last)' '    if (i > last + 1)' unit
wait
cat "$work"/*.result 2>/dev/null
pass=$(cat "$work"/*.result 2>/dev/null | grep -c '^mutant ')
fail=$(cat "$work"/*.result 2>/dev/null | grep -c '^mutants: FAILED')
echo "mutants: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
