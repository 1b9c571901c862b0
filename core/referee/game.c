#include "game.h"

#include <ctype.h>
#include <lauxlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "../kernel/ask_match.h"
#include "../kernel/grow.h"
#include "../lua/frozen_copy.h"
#include "../lua/lua_copy.h"
#include "../binding/lua_table.h"
#include "../lua/lua_weak.h"
#include "options.h"
#include "table_mode.h"
#include "answer_step.h"
#include "game_answer.h"
#include "game_prepare.h"
#include "game_table.h"
#include "rules_loader.h"
#include "../guards/script.h"
#include "../kernel/strfmt.h"
#include "../kernel/table_json.h"










/* ---- the loop ---- */



/* math.random for rules: the chance source of the table of the game whose
 * rules are running, so every random outcome is replayed from the seed.
 * That game is the owner of the state's table binding (its upvalue). */
static int rules_random(lua_State *L)
{
    LTableBinding *bound = ltable_bound(L);
    Game *g = bound ? bound->owner : NULL;
    if (!g || !g->t)
        return luaL_error(L, "math.random is available to rules while a game runs "
                             "(in setup, pending, apply), not while the script loads");
    lua_Integer lo, hi;
    if (!script_random_args(L, &lo, &hi)) {
        lua_pushnumber(L, (lua_Number)table_random(g->t, 0x80000000u, "random") / 2147483648.0);
        return 1;
    }
    game_push_table(g);
    lua_pushinteger(L, lt_random_between(L, -1, lo, hi));
    return 1;
}




/* A card of a round the kernel runs (trick.h): 1 when the kernel played
 * it, with the outcome in *st; 0 for the round's last card, which the
 * rules apply. */
static int played_in_round(Game *g, int seat, int card, GameStatus *st)
{
    *st = GAME_SCRIPT;
    switch (trick_play(g->t, card)) {
    case TRICK_LAST:
        return 0;
    case TRICK_NO_CARD:
        game_set_error(g, "the round t:ask_trick asked went on after seat %d's card to a seat "
                          "whose hand is empty: the rules must ask only seats that can play",
                       seat);
        return 1;
    case TRICK_NO_MEMORY:
        game_set_error(g, "out of memory while asking the round's next card");
        return 1;
    }
    if (g->t->out_of_memory) {
        game_set_error(g, "out of memory while playing seat %d's card", seat);
        return 1;
    }
    *st = GAME_OK;
    return 1;
}

/* Applies a move already known to be legal. The rules get the card a card
 * move names as a fourth argument, and their ask is cleared: what they ask
 * while applying is the next decision. */
static GameStatus apply_move(Game *g, int seat, const char *move)
{
    if (seat == 0) /* the table's own ruling: the referee carries it out, not the rules */
        return game_apply_ruling(g, move);
    lua_State *L = g->L;
    g->move_log_at = g->t->log.n;
    table_decision(g->t, seat, move, g->pending_valid && g->t->ask.hidden);
    game_invalidate(g);
    /* Rules that ask get the card a card move names; a round's cards but
     * its last are the kernel's to play. */
    int card = table_mode(g->t)->card_of_move(g->t, seat, move);
    GameStatus played;
    if (card && g->t->trick.n && played_in_round(g, seat, card, &played))
        return played;
    script_push_handler(L);
    if (!game_push_answer_step(g)) {
        lua_pop(L, 1);
        return GAME_SCRIPT;
    }
    game_push_uv(g, UV_TABLE);
    lua_pushinteger(L, seat);
    /* A move text is at a new address each time: Lua's cache of C strings
     * by address would only be searched in vain (lua_pushstring). */
    lua_pushlstring(L, move, strlen(move));
    if (card)
        lua_pushinteger(L, card);
    else
        lua_pushnil(L);
    g->t->ask.set = 0;
    g->t->ask.answering = 1;
    g->table_refused = 0;
    int status = game_call_rules_as(g, 4, 0, 1);
    g->t->ask.answering = 0;
    if (status != LUA_OK) { /* its handler pushed first (script.h) */
        if (g->table_refused) {
            /* The table did not give the dice the move reads: no fault of the rules. */
            game_set_error(g, "seat %d's '%s' was not played: %s", seat, move, g->table_why);
            lua_pop(L, 1);
            return GAME_ILLEGAL;
        }
        game_set_error(g, "the rules failed applying seat %d's move '%s': %s", seat, move,
                  lua_tostring(L, -1));
        lua_pop(L, 1);
        return GAME_SCRIPT;
    }
    if (g->t->out_of_memory) {
        game_set_error(g, "out of memory while applying '%s'", move);
        return GAME_SCRIPT;
    }
    return GAME_OK;
}






/* Room for a move text of len bytes at the end of move_texts; NULL when
 * out of memory. What is written there is a move once commit_move counts it. */
static char *reserve_text(Game *g, size_t len)
{
    if (!grow_bytes(&g->move_texts, &g->texts_size, g->texts_used + len + 1, 1024))
        return NULL;
    return g->move_texts + g->texts_used;
}

/* Counts the text reserved last (len bytes) as the next move. */
static int commit_move(Game *g, int seat, int group, size_t len)
{
    if (g->nmoves == g->cap) {
        int cap = g->cap ? g->cap * 2 : 64;
        Move *m = realloc(g->moves, sizeof(Move) * (size_t)cap);
        if (!m)
            return 0;
        g->moves = m;
        g->cap = cap;
    }
    g->moves[g->nmoves++] = (Move){seat, group, g->texts_used, g->move_log_at, g->typed_before};
    g->texts_used += len + 1;
    return 1;
}

static int append_move(Game *g, int seat, int group, const char *text)
{
    size_t len = strlen(text);
    char *copy = reserve_text(g, len);
    if (!copy)
        return 0;
    memcpy(copy, text, len + 1);
    return commit_move(g, seat, group, len);
}

static GameStatus refuse_if_not_pending(Game *g)
{
    const Ask *p;
    GameStatus s = game_pending(g, &p);
    if (s == GAME_OVER)
        game_set_error(g, "the game is over: no move is pending ('new' starts another)");
    return s;
}

/* After a rules failure: the table is rebuilt as it was before the first
 * `keep` moves, keeping the failure's message; a sample has no moves to
 * rebuild from, and is broken. */
static void roll_back(Game *g, int keep)
{
    if (g->sample) {
        g->broken = 1;
        game_invalidate(g);
        char *why = g->error;
        g->error = strfmt("this sample's rules failed: %s", why ? why : "?");
        free(why);
        return;
    }
    char *why = g->error;
    g->error = NULL;
    g->nmoves = keep;
    /* Dice typed for the move that failed were for nothing: asked again. */
    if (g->physical_dice && g->ntyped > g->typed_before)
        g->ntyped = g->typed_before;
    game_rebuild(g, keep);
    free(g->error);
    g->error = why;
}

/* Applies one answer; on a rules failure the table is rebuilt as it was. */
static GameStatus play_one(Game *g, int seat, int group, const char *canon)
{
    size_t len = strlen(canon);
    char *move = reserve_text(g, len);
    if (!move) {
        game_set_error(g, "out of memory");
        return GAME_SCRIPT;
    }
    /* The copy is kept as the game's record of the move: the text canon
     * points to may change as the move is applied. Nothing else is added
     * to move_texts while the rules apply it, so move stays where it is. */
    memcpy(move, canon, len + 1);
    g->typed_before = g->typed_read;
    GameStatus s = apply_move(g, seat, move);
    if (s == GAME_OK && !commit_move(g, seat, group, len)) {
        game_set_error(g, "out of memory");
        s = GAME_SCRIPT;
    }
    if (s != GAME_OK)
        roll_back(g, g->nmoves);
    return s;
}

GameStatus game_play(Game *g, int seat, const char *text)
{
    if (seat == 0) { /* a ruling: kept with the moves, the decision due still due */
        free(g->error);
        g->error = NULL;
        g->typed_before = g->typed_read;
        GameStatus s = apply_move(g, 0, text);
        if (s == GAME_OK && !append_move(g, 0, 0, text)) {
            game_set_error(g, "out of memory");
            s = GAME_SCRIPT;
        }
        if (s != GAME_OK && game_ruling_by_rules(text))
            roll_back(g, g->nmoves); /* the rules may have changed things before refusing */
        return s;
    }
    GameStatus s = refuse_if_not_pending(g);
    if (s != GAME_OK)
        return s;
    const char *canon = game_check_answer(g, seat, text);
    if (!canon)
        return GAME_ILLEGAL;
    return play_one(g, seat, g->t->ask.window ? ++g->groups : 0, canon);
}

/* Whether p asks any of the seats in mask (bit s: seat s). */
static int asks_any(const Ask *p, unsigned mask)
{
    for (int i = 0; i < p->nseats; i++)
        if (mask & (1u << p->seats[i]))
            return 1;
    return 0;
}

/* The policy drew order[] from the answers in seats[] (arrival order);
 * the places it gave people's answers are filled again with those answers
 * in the order they were typed. */
static void keep_people_in_typed_order(unsigned people, const int *seats, int n, int *order)
{
    int next = 0;
    for (int k = 0; k < n; k++) {
        if (!(people & (1u << order[k])))
            continue;
        while (!(people & (1u << seats[next])))
            next++;
        order[k] = seats[next++];
    }
}

/* The core of a claim window, shared by play and replay: answers already
 * checked, in arrival order. An answer lapses once its window has closed:
 * when no window is open, or one asks a seat that has answered already (a
 * window takes one answer from each seat, so that is a new one). */
static GameStatus run_window(Game *g, int n, const int *seats, char *const *moves, int group)
{
    int order[MAX_SEATS];
    unsigned answered = 0;
    Chance chance = table_chance(g->t);
    const Ask *p = &g->t->ask;
    int hidden = p->hidden; /* the answers are known only to their seats (a claim of hand cards) */
    int log_at = g->t->log.n;
    g->typed_before = g->typed_read;
    seats_claim_order(&g->t->seats, (ClaimPolicy)p->policy, p->order_from, seats, n, &chance, order);
    keep_people_in_typed_order(g->people, seats, n, order);
    g->window_group = group;
    g->window_n = n;
    memcpy(g->window_order, order, sizeof(int) * (size_t)n);
    for (int k = 0; k < n; k++) {
        int i = 0;
        while (seats[i] != order[k])
            i++;
        const Ask *now;
        GameStatus s = game_pending(g, &now);
        if (s == GAME_SCRIPT)
            return s;
        if (s == GAME_OVER || !now->window || asks_any(now, answered) ||
            !game_accept_answer(g, seats[i], moves[i])) {
            char note[600];
            if (hidden)
                snprintf(note, sizeof note, "seat %d's answer lapsed: the window had closed", seats[i]);
            else
                snprintf(note, sizeof note, "seat %d's answer '%s' lapsed: the window had closed",
                         seats[i], moves[i]);
            table_note(g->t, 0, note);
            continue;
        }
        if ((s = apply_move(g, seats[i], moves[i])) != GAME_OK)
            return s;
        answered |= 1u << seats[i];
    }
    g->move_log_at = log_at;
    for (int i = 0; i < n; i++)
        if (!append_move(g, seats[i], group, moves[i])) {
            game_set_error(g, "out of memory");
            return GAME_SCRIPT;
        }
    return GAME_OK;
}

GameStatus game_window(Game *g, int n, const int *seats, const char *const *texts)
{
    GameStatus s = refuse_if_not_pending(g);
    if (s != GAME_OK)
        return s;
    if (!g->t->ask.window) {
        game_set_error(g, "no claim window is open: seat %d is to %s", g->t->ask.seats[0],
                  g->t->ask.kind);
        return GAME_ILLEGAL;
    }
    if (n < 1 || n > g->t->ask.nseats) {
        game_set_error(g, "a claim window takes one answer from each of its seats");
        return GAME_ILLEGAL;
    }
    char *moves[MAX_SEATS] = {0};
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++)
            if (seats[j] == seats[i]) {
                game_set_error(g, "seat %d answered twice in one window", seats[i]);
                s = GAME_ILLEGAL;
            }
        const char *canon = s == GAME_OK ? game_check_answer(g, seats[i], texts[i]) : NULL;
        if (!canon || !(moves[i] = strdup(canon))) {
            s = GAME_ILLEGAL;
            break;
        }
    }
    if (s == GAME_OK) {
        int before = g->nmoves;
        s = run_window(g, n, seats, moves, ++g->groups);
        if (s != GAME_OK)
            roll_back(g, before);
    }
    for (int i = 0; i < n; i++)
        free(moves[i]);
    return s;
}

static void free_moves_from(Game *g, int n)
{
    if (n < g->nmoves) {
        g->texts_used = g->moves[n].text;
        g->nmoves = n;
    }
}

static GameStatus rebuild_on(Game *g, Table *t, int n);

GameStatus game_rebuild(Game *g, int n)
{
    if (g->sample) {
        game_set_error(g, "a sample has no moves before it to replay: take a new sample");
        return GAME_SCRIPT;
    }
    if (n < 0)
        n = 0;
    if (n > g->nmoves)
        n = g->nmoves;
    /* Physical dice: the values typed before move n are read again, in
     * order; those typed after it belonged to moves taken back. */
    if (g->physical_dice && n < g->nmoves && g->ntyped > g->moves[n].typed_at)
        g->ntyped = g->moves[n].typed_at;
    g->typed_read = 0;
    g->replaying = 1;
    Table *t = game_push_fresh_table(g);
    if (!t) {
        g->replaying = 0;
        return GAME_SCRIPT;
    }
    memcpy(g->seed_key, t->rng.key, sizeof g->seed_key); /* the table's stream is the seed's */
    GameStatus rebuilt = rebuild_on(g, t, n);
    g->replaying = 0;
    return rebuilt;
}

GameStatus game_restart(Game *g, const char *seed)
{
    if (g->sample || g->physical_dice || g->physical_cards) {
        game_set_error(g, "only a game of the referee's own chance can begin again");
        return GAME_SCRIPT;
    }
    if (seed_problem(seed)) {
        game_set_error(g, "the seed '%.80s' cannot be used: %s (for example 7 or 3f9a0c)", seed,
                       seed_problem(seed));
        return GAME_ILLEGAL;
    }
    memcpy(g->seed, seed, strlen(seed) + 1); /* seed_problem: it fits */
    /* Everything a game's moves leave behind, as game_push_new leaves it
     * (the rebuild counts the window groups again, from no moves). */
    free_moves_from(g, 0);
    g->move_log_at = g->window_group = g->window_n = 0;
    g->people = 0;
    g->broken = g->table_refused = 0;
    g->table_why[0] = '\0';
    free(g->error);
    free(g->judged);
    g->error = g->judged = NULL;
    return game_rebuild(g, 0);
}

/* The rules' setup on the game's fresh table t (its Lua table at the top
 * of the stack, popped), then a test's arrangement of it (a stacked deck,
 * say): part of the game's inputs, so made again on every rebuild. The
 * arrangement gets the rules' definition too: one that changes what the
 * first decision offers asks it again (t:ask...). */
static GameStatus set_up_on(Game *g, Table *t)
{
    lua_State *L = g->L;
    game_push_uv(g, UV_SCRIPT);
    if (lua_istable(L, -1))
        ltable_set_script(L, -2, -1);
    lua_pop(L, 1);
    g->bound = (LTableBinding){lua_topointer(L, -1), t, g};
    game_set_uv(g, UV_TABLE);
    g->t = t;
    game_invalidate(g);

    game_push_method(g, "setup");
    game_push_uv(g, UV_TABLE);
    game_push_uv(g, UV_OPTS);
    lcopy_frozen(L, -1, 0); /* the options are the game's, the same for all its games */
    lua_remove(L, -2);
    const char *failed = "the rules failed in setup()";
    if (game_call_rules(g, 2, 0) == LUA_OK) {
        failed = "the arrange function failed";
        game_push_uv(g, UV_ARRANGE);
        if (!lua_isfunction(L, -1)) {
            lua_pop(L, 1);
            ledger_seal(&t->ledger);
            return GAME_OK;
        }
        game_push_uv(g, UV_TABLE);
        game_push_uv(g, UV_DEF);
        lua_getfield(L, -1, "script");
        lua_remove(L, -2);
        if (game_call_rules(g, 2, 0) == LUA_OK) {
            ledger_seal(&t->ledger);
            return GAME_OK;
        }
    }
    game_set_error(g, "%s: %s", failed, lua_tostring(L, -1));
    lua_pop(L, 1);
    free_moves_from(g, 0);
    return GAME_SCRIPT;
}

/* Plays the first n of the moves old (their texts in old_texts) again, as
 * they were played: a run of answers of one window group is one window. */
static GameStatus replay(Game *g, const Move *old, const char *old_texts, int n)
{
    GameStatus s = GAME_OK;
    int i = 0;
    while (i < n && s == GAME_OK) {
        const Ask *p;
        if ((s = game_pending(g, &p)) != GAME_OK)
            break;
        if (!old[i].group || !p->window) {
            const char *text = old_texts + old[i].text;
            g->typed_before = g->typed_read;
            s = apply_move(g, old[i].seat, text) == GAME_OK &&
                        append_move(g, old[i].seat, old[i].group, text)
                    ? GAME_OK
                    : GAME_SCRIPT;
            i++;
            continue;
        }
        int seats[MAX_SEATS];
        char *moves[MAX_SEATS];
        int k = 0;
        for (; i + k < n && k < MAX_SEATS && old[i + k].group == old[i].group; k++) {
            seats[k] = old[i + k].seat;
            moves[k] = (char *)old_texts + old[i + k].text;
        }
        s = run_window(g, k, seats, moves, old[i].group);
        i += k;
    }
    return s;
}

/* game_rebuild's work on the fresh table t: set up, then the first n moves
 * taken out of the list and put back as they are applied again. */
static GameStatus rebuild_on(Game *g, Table *t, int n)
{
    GameStatus s = set_up_on(g, t);
    if (s != GAME_OK)
        return s;
    Move *old = g->moves;
    char *old_texts = g->move_texts;
    int nold = g->nmoves, groups = 0;
    g->moves = NULL;
    g->move_texts = NULL;
    g->nmoves = g->cap = 0;
    g->texts_used = g->texts_size = 0;
    s = replay(g, old, old_texts, n);
    for (int m = 0; m < nold; m++)
        if (old[m].group > groups)
            groups = old[m].group;
    free(old);
    free(old_texts);
    g->groups = groups;
    if (s != GAME_OK && s != GAME_OVER) {
        char *why = g->error;
        g->error = strfmt("replaying the moves failed at move %d (the rules are not "
                          "deterministic?): %s", g->nmoves + 1, why ? why : "");
        free(why);
        return GAME_SCRIPT;
    }
    return GAME_OK;
}

const char *game_random_move(Game *g, int seat, Rng *r)
{
    const Ask *p;
    if (game_pending(g, &p) != GAME_OK)
        return NULL;
    int slot = ask_slot_of(p, seat);
    if (slot < 0)
        return NULL;
    return ask_move(p, p->first[slot] + (int)rng_below(r, (uint32_t)p->count[slot]));
}




uint64_t game_hash(Game *g)
{
    char err[200];
    game_push_uv(g, UV_TABLE);
    char *text = ltable_save(g->L, -1, err, sizeof err);
    lua_pop(g->L, 1);
    if (text) {
        uint64_t h = fnv1a64(text);
        free(text);
        return h;
    }
    /* Vars no save can hold (a cycle, too many tables): the rest of the
     * table and the reason still tell states apart, where one fixed value
     * would let a save's check pass any table at all. */
    text = table_to_json(g->t, NULL);
    uint64_t h = fnv1a64(err) ^ (text ? fnv1a64(text) : 0);
    free(text);
    return h;
}

/* ---- creating games ---- */

int game_gc(lua_State *L)
{
    Game *g = luaL_checkudata(L, 1, GAME_MT);
    for (int uv = 0; uv <= UV_COUNT; uv++) {
        luaL_unref(L, LUA_REGISTRYINDEX, g->uv_ref[uv]);
        g->uv_ref[uv] = LUA_NOREF;
    }
    luaL_unref(L, LUA_REGISTRYINDEX, g->apply_ref);
    luaL_unref(L, LUA_REGISTRYINDEX, g->answers_ref);
    g->apply_ref = g->answers_ref = LUA_NOREF;
    game_forget_kinds(g);
    if (g->type_dice_ref > 0)
        luaL_unref(L, LUA_REGISTRYINDEX, g->type_dice_ref);
    g->type_dice_ref = LUA_NOREF;
    free_moves_from(g, 0);
    free(g->moves);
    free(g->move_texts);
    free(g->typed);
    g->typed = NULL;
    free(g->judged);
    free(g->error);
    free(g->source);
    g->moves = NULL;
    g->move_texts = NULL;
    g->error = NULL;
    g->source = NULL;
    return 0;
}

static const char *base_name(const char *name, char *buf, size_t size)
{
    const char *slash = strrchr(name, '/');
    snprintf(buf, size, "%s", slash ? slash + 1 : name);
    size_t len = strlen(buf);
    if (len > 4 && strcmp(buf + len - 4, ".lua") == 0)
        buf[len - 4] = '\0';
    return buf;
}



char *game_choice_problem(lua_State *L, const char *name, const char *rules_path, int nseats,
                          int opts_idx)
{
    char path[4096];
    opts_idx = lua_absindex(L, opts_idx);
    int top = lua_gettop(L);
    char *why = NULL;
    if (!rules_find(name, rules_path, path, sizeof path)) { /* no such game: say so */
        if (!rules_definition(L, name, rules_path))
            why = strfmt("%s", lua_tostring(L, -1));
    } else if (rules_definition(L, name, rules_path)) {
        char base[64];
        base_name(name, base, sizeof base);
        if (!options_check_choice(L, base, lua_gettop(L), nseats, opts_idx))
            why = strfmt("%s", lua_tostring(L, -1));
    }
    lua_settop(L, top);
    return why;
}

Game *game_new(lua_State *L, const char *name, const char *rules_path, int nseats,
               const char *seed, int opts_idx, int arrange_idx, char **err)
{
    return game_new_scripted(L, name, rules_path, nseats, seed, opts_idx, arrange_idx, 0, err);
}

Game *game_new_scripted(lua_State *L, const char *name, const char *rules_path, int nseats,
                        const char *seed, int opts_idx, int arrange_idx, int script_idx, char **err)
{
    *err = NULL;
    if (seed_problem(seed)) {
        *err = strfmt("the seed '%.80s' cannot be used: %s (for example 7 or 3f9a0c)", seed,
                      seed_problem(seed));
        return NULL;
    }
    if (opts_idx)
        opts_idx = lua_absindex(L, opts_idx);
    if (arrange_idx)
        arrange_idx = lua_absindex(L, arrange_idx);
    if (script_idx)
        script_idx = lua_absindex(L, script_idx);
    luaL_checkstack(L, 20, "game");
    Game *g = game_push_new(L);
    snprintf(g->seed, sizeof g->seed, "%s", seed);
    g->nseats = nseats;
    base_name(name, g->name, sizeof g->name);
    g->source = strdup(name);
    int self = lua_gettop(L);
    if (!g->source) {
        lua_pushliteral(L, "out of memory");
        goto fail;
    }

    ltable_push_bound_function(L, rules_random);
    rules_use_random(L);
    if (!rules_definition(L, name, rules_path))
        goto fail;
    lua_pushvalue(L, -2);
    game_set_uv(g, UV_ENV);
    lua_pushvalue(L, -1);
    game_set_uv(g, UV_DEF);
    int def = lua_gettop(L);

    if (!options_check_choice(L, g->name, def, nseats, opts_idx))
        goto fail;
    game_set_uv(g, UV_OPTS);
    if (arrange_idx) {
        lua_pushvalue(L, arrange_idx);
        game_set_uv(g, UV_ARRANGE);
    }
    if (script_idx) {
        lua_pushvalue(L, script_idx);
        game_set_uv(g, UV_SCRIPT);
    }
    if (game_rebuild(g, 0) != GAME_OK) {
        lua_pushstring(L, g->error);
        goto fail;
    }
    lua_settop(L, self);
    return g;
fail:
    *err = strfmt("%s", lua_tostring(L, -1));
    lua_settop(L, self - 1);
    return NULL;
}


Game *game_push_sample_of(Game *g, Table *t)
{
    lua_State *L = g->L;
    luaL_checkstack(L, 10, "sample");
    ltable_push(L, t); /* owns t from here on */
    int table = lua_gettop(L);
    game_push_uv(g, UV_TABLE);
    lua_getfield(L, -1, "vars");
    lcopy(L, -1);
    lua_setfield(L, table, "vars");
    lua_pop(L, 2);

    Game *s = game_push_new(L);
    memcpy(s->seed, t->seed, sizeof s->seed);
    s->nseats = g->nseats;
    memcpy(s->name, g->name, sizeof s->name);
    s->sample = 1;
    if (!(s->source = strdup(g->source ? g->source : g->name)))
        luaL_error(L, "out of memory");
    static const int SHARED[] = {UV_DEF, UV_OPTS, UV_ENV};
    for (size_t i = 0; i < sizeof SHARED / sizeof *SHARED; i++) {
        game_push_uv(g, SHARED[i]);
        game_set_uv(s, SHARED[i]);
    }
    lua_pushvalue(L, table);
    s->bound = (LTableBinding){lua_topointer(L, -1), t, s};
    game_set_uv(s, UV_TABLE);
    s->t = t;
    lua_remove(L, table);
    return s;
}
