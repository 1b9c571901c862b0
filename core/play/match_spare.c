#include "match_spare.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

/* registry[&SPARE_KEY] = {key, game}: made once, its two fields set for
 * every game (game nil once taken). */
static const char SPARE_KEY = 0;

/* Appends text and a newline at *end. */
static void put_line(char **end, const char *text)
{
    size_t n = strlen(text);
    memcpy(*end, text, n);
    (*end)[n] = '\n';
    *end += n + 1;
}

char *match_spare_key(const Match *m, const MatchSpec *spec)
{
    if (!spec->reuse_game || spec->options_at || spec->table_cards || spec->table_dice ||
        spec->game_memory || !spec->game)
        return NULL;
    /* The game, where its rules are found, the seats and each --set, a
     * line each (no newline is in any of them). Made on every game of a
     * tournament: no printf. */
    char seats[4] = {(char)('0' + m->loop.nseats / 10), (char)('0' + m->loop.nseats % 10), 0};
    /* each line and its newline; the seats' fits sizeof seats; the end */
    size_t size = strlen(spec->game) + 1 + strlen(m->rules_path) + 1 + sizeof seats + 1;
    for (int i = 0; i < spec->nsets; i++)
        size += strlen(spec->sets[i]) + 1;
    char *key = malloc(size), *end = key;
    if (!key)
        return NULL;
    put_line(&end, spec->game);
    put_line(&end, m->rules_path);
    put_line(&end, seats);
    for (int i = 0; i < spec->nsets; i++)
        put_line(&end, spec->sets[i]);
    *end = '\0';
    return key;
}

void match_keep_spare(Match *m)
{
    const Ask *p;
    Game *g = m->loop.game;
    /* Only a game that ended as its rules end it: one stopped or faulted
     * is dropped, as before. */
    if (!m->spare_key || !g || m->loop.stopped || m->loop.forfeited || g->error ||
        game_pending(g, &p) != GAME_OVER)
        return;
    lua_State *L = m->L;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &SPARE_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 2, 0);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &SPARE_KEY);
    }
    /* The key is most often the one kept already (every game of a
     * tournament): compared, not made a Lua string again. */
    lua_rawgeti(L, -1, 1);
    int same = lua_type(L, -1) == LUA_TSTRING && strcmp(lua_tostring(L, -1), m->spare_key) == 0;
    lua_pop(L, 1);
    if (!same) {
        lua_pushstring(L, m->spare_key);
        lua_rawseti(L, -2, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, m->loop.game_ref);
    lua_rawseti(L, -2, 2);
    lua_pop(L, 1);
}

Game *match_take_spare(Match *m, const char *key, const char *seed)
{
    lua_State *L = m->L;
    if (!key)
        return NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &SPARE_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return NULL;
    }
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    int same = lua_isuserdata(L, -1) && strcmp(lua_tostring(L, -2), key) == 0;
    if (!same) {
        lua_pop(L, 3);
        return NULL;
    }
    lua_pushnil(L); /* taken: no two matches begin on one Game */
    lua_rawseti(L, -4, 2);
    lua_replace(L, -3);
    lua_pop(L, 1);
    Game *g = game_check(L, -1);
    if (game_restart(g, seed) != GAME_OK) {
        lua_pop(L, 1);
        return NULL;
    }
    return g;
}
