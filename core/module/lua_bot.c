#include "lua_bot.h"
#include "../kernel/home.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include "../bots/bot.h"
#include "../kernel/rng.h"

#define BOT_META "referee.bot"

static Bot **check_bot(lua_State *L, int idx)
{
    Bot **b = luaL_checkudata(L, idx, BOT_META);
    if (!*b)
        luaL_argerror(L, idx, "the bot was closed");
    return b;
}

/* referee.bot(name [, {bots_path = "...", budget = N, memory = MB}]) -> a
 * bot, or nil and why. name: bots/NAME.lua in bots_path (default
 * $REFEREE_BOTS, then bots), or a path to a .lua file. */
static int l_bot_new(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    const char *path = NULL;
    lua_Integer budget = 0, memory = 0;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_getfield(L, 2, "bots_path");
        lua_getfield(L, 2, "budget");
        lua_getfield(L, 2, "memory");
        path = luaL_optstring(L, -3, NULL);
        budget = luaL_optinteger(L, -2, 0);
        memory = luaL_optinteger(L, -1, 0);
        luaL_argcheck(L, budget >= 0 && memory >= 0 && memory <= 1 << 20, 2,
                      "budget (instructions) and memory (MB) are whole numbers, 0 for the default");
    }
    char found[4096];
    if (!path) {
        /* As the referee looks: $REFEREE_BOTS, bots/ here, beside the module
         * (the tree it was built from), the installed bots. */
        const char *env = getenv("REFEREE_BOTS");
        char first[4096];
        snprintf(first, sizeof first, "%s%sbots", env ? env : "", env ? ":" : "");
        home_search_path("bots", first, found, sizeof found);
        path = found;
    }
    char *err = NULL;
    Bot *bot = bot_open(name, path, (long)budget, (size_t)memory << 20, &err);
    if (!bot) {
        lua_pushnil(L);
        lua_pushstring(L, err ? err : "the bot cannot be opened");
        free(err);
        return 2;
    }
    Bot **b = lua_newuserdatauv(L, sizeof *b, 0);
    *b = bot;
    luaL_setmetatable(L, BOT_META);
    return 1;
}

/* b:choose(g, seat [, seed]) -> the move the bot picks for seat in g's
 * pending decision (its text), or nil and why the bot faulted. seed keys
 * the bot's math.random (default 1), so a spec gets the same pick again. */
static int l_bot_choose(lua_State *L)
{
    Bot **b = check_bot(L, 1);
    Game *g = game_check(L, 2);
    int seat = (int)luaL_checkinteger(L, 3);
    const char *seed = luaL_optstring(L, 4, "1");
    const Ask *p;
    if (game_pending(g, &p) != GAME_OK)
        return luaL_error(L, "no decision is pending: the game is over");
    int k = 0;
    while (k < p->nseats && p->seats[k] != seat)
        k++;
    luaL_argcheck(L, k < p->nseats, 3, "the pending decision does not ask this seat");
    Rng stream;
    rng_seed_text(&stream, seed);
    char *why = NULL;
    int i = bot_choose(*b, g, seat, &stream, &why);
    if (i < 0) {
        lua_pushnil(L);
        lua_pushstring(L, why ? why : "the bot failed");
        free(why);
        return 2;
    }
    lua_pushstring(L, ask_move(p, p->first[k] + i));
    return 1;
}

static int l_bot_close(lua_State *L)
{
    Bot **b = luaL_checkudata(L, 1, BOT_META);
    if (*b)
        bot_close(*b);
    *b = NULL;
    return 0;
}

static int l_bot_name(lua_State *L)
{
    lua_pushstring(L, bot_name(*check_bot(L, 1)));
    return 1;
}

int luaopen_referee_bot(lua_State *L)
{
    static const luaL_Reg METHODS[] = {{"choose", l_bot_choose}, {"close", l_bot_close},
                                       {"name", l_bot_name}, {NULL, NULL}};
    if (luaL_newmetatable(L, BOT_META)) {
        luaL_newlib(L, METHODS);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, l_bot_close);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, l_bot_new);
    lua_setfield(L, -2, "bot");
    return 1;
}
