#include "game_prepare.h"

#include <string.h>
#include "../kernel/log.h"
#include "../lua/frozen_copy.h"
#include "../lua/lua_copy.h"
#include "game_table.h"

/* A table as game_rebuild makes it: seeded with the game's seed, dealt
 * physical dice and cards as the game is played. */
static void play_as_game(Game *g, Table *t)
{
    t->physical_dice = g->physical_dice;
    t->type_dice = g->physical_dice ? game_typed_dice : NULL; /* game_table.c */
    t->type_dice_ctx = g;
    t->zones.physical = (uint8_t)g->physical_cards;
}

/* Why what prepare() left on t cannot begin every game alike, or NULL:
 * a draw (its outcome would be the first game's in every game) or a
 * decision asked (setup() asks the first). */
static const char *prepared_problem(const Table *t)
{
    int drew = rng_position(&t->rng) != 0;
    for (int i = 0; !drew && i < t->log.n; i++)
        drew = t->log.e[i].kind == LOG_SHUFFLE || t->log.e[i].kind == LOG_ROLL;
    if (drew)
        return "it drew at random (a shuffle, a roll, t:random or math.random): what it sets out "
               "begins every game of these options and seats alike; draw in setup(), which runs "
               "for each game";
    if (t->ask.nseats)
        return "it asked a decision: ask the first one in setup()";
    return NULL;
}

/* Runs prepare() on the table T at the top of the stack (t its Table),
 * the game's table while it runs (math.random finds it so). */
static int run_prepare(Game *g, Table *t)
{
    lua_State *L = g->L;
    LTableBinding was = g->bound;
    Table *was_t = g->t;
    game_push_uv(g, UV_TABLE); /* the game's table until now, if any */
    lua_pushvalue(L, -2);
    game_set_uv(g, UV_TABLE);
    g->bound = (LTableBinding){lua_topointer(L, -2), t, g};
    g->t = t;
    game_push_method(g, "prepare");
    lua_pushvalue(L, -3);
    game_push_uv(g, UV_OPTS);
    lcopy(L, -1);
    lua_remove(L, -2);
    int ok = game_call_rules(g, 2, 0) == LUA_OK;
    lua_pushvalue(L, ok ? -1 : -2); /* the table until now, above any error */
    game_set_uv(g, UV_TABLE);
    lua_remove(L, ok ? -1 : -2);
    g->bound = was;
    g->t = was_t;
    if (!ok) {
        game_set_error(g, "the rules failed in prepare(): %s", lua_tostring(L, -1));
        lua_pop(L, 1);
        return 0;
    }
    const char *problem = prepared_problem(t);
    if (problem) {
        game_set_error(g, "the rules' prepare() cannot be kept: %s", problem);
        return 0;
    }
    return 1;
}

/* Keeps a copy of the prepared table T at the top of the stack (t its
 * Table) and of its vars, for every later game. */
static int keep_prepared(Game *g, const Table *t)
{
    lua_State *L = g->L;
    Table *kept = table_clone(t);
    if (!kept)
        return 0;
    ltable_push(L, kept);
    lua_getfield(L, -2, "vars");
    lcopy(L, -1);
    lua_setfield(L, -3, "vars");
    lua_pop(L, 1);
    game_set_uv(g, UV_PREPARED);
    return 1;
}

/* A copy of the kept table (at the top of the stack, popped) with the
 * game's seed, pushed as a new game's. */
static Table *push_copy_of_prepared(Game *g)
{
    lua_State *L = g->L;
    Table *t = table_clone(ltable_check(L, -1));
    if (!t) {
        lua_pop(L, 1);
        return NULL;
    }
    rng_seed_text(&t->rng, g->seed);
    memcpy(t->seed, g->seed, sizeof t->seed);
    play_as_game(g, t);
    lua_getfield(L, -1, "vars");
    lcopy_frozen(L, -1, LTABLE_VARS_ROOM); /* the kept vars are never written */
    lua_remove(L, -2);
    ltable_push_with_vars(L, t);
    lua_remove(L, -2);
    return t;
}

/* Whether the rules have prepare(), read once: a game's definition is
 * the same for all its games. */
static int prepares(Game *g)
{
    if (!g->prepares) {
        game_push_method(g, "prepare");
        g->prepares = lua_isfunction(g->L, -1) ? 2 : 1;
        lua_pop(g->L, 1);
    }
    return g->prepares == 2;
}

Table *game_push_fresh_table(Game *g)
{
    lua_State *L = g->L;
    /* Only a game of the referee's own chance keeps its prepared table: at
     * a real deck or with real dice prepare() runs before each setup(). */
    int keeps = prepares(g) && !g->physical_dice && !g->physical_cards;
    if (keeps) {
        game_push_uv(g, UV_PREPARED);
        if (lua_istable(L, -1)) {
            Table *t = push_copy_of_prepared(g);
            if (!t)
                game_set_error(g, "out of memory");
            return t;
        }
        lua_pop(L, 1);
    }
    Table *t = table_new(g->nseats, g->seed);
    if (!t) {
        game_set_error(g, "out of memory");
        return NULL;
    }
    play_as_game(g, t);
    ltable_push(L, t); /* owns t */
    if (prepares(g) && (!run_prepare(g, t) || (keeps && !keep_prepared(g, t)))) {
        if (!g->error)
            game_set_error(g, "out of memory");
        lua_pop(L, 1);
        return NULL;
    }
    return t;
}
