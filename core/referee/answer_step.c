/* answer_step: an answer goes to the rules' step for its decision's kind,
 * which the kind given to t:ask already names (rules/README.md), so no
 * game keeps a phase of its own; a game of one kind gives apply. */
#include "answer_step.h"

#include <lauxlib.h>
#include <string.h>

/* Pushes the kind of the decision due as a Lua string. Made from its text
 * (lua_pushstring: Lua's cache of C strings by address, then its hash and
 * its table of strings) it cost about 450 instructions an answer, 2.6% of
 * a dice game; a kind answered lately is kept, anchored in the registry,
 * and found by comparing texts. */
static void push_kind(Game *g)
{
    lua_State *L = g->L;
    const char *kind = g->t->ask.kind;
    for (int i = 0; i < g->nkinds; i++)
        if (strcmp(g->kinds[i].text, kind) == 0) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, g->kinds[i].ref);
            return;
        }
    lua_pushstring(L, kind);
    int i = g->next_kind;
    g->next_kind = (i + 1) % GAME_KINDS_KEPT;
    if (i < g->nkinds)
        luaL_unref(L, LUA_REGISTRYINDEX, g->kinds[i].ref); /* the oldest makes room */
    else
        g->nkinds++;
    lua_pushvalue(L, -1);
    g->kinds[i].ref = luaL_ref(L, LUA_REGISTRYINDEX);
    strcpy(g->kinds[i].text, kind); /* it fits: ask.kind is as long */
}

void game_forget_kinds(Game *g)
{
    for (int i = 0; i < g->nkinds; i++)
        luaL_unref(g->L, LUA_REGISTRYINDEX, g->kinds[i].ref);
    g->nkinds = g->next_kind = 0;
}

int game_push_answer_step(Game *g)
{
    lua_State *L = g->L;
    if (g->answers_ref > 0) { /* (a ref of nil is LUA_REFNIL) */
        lua_rawgeti(L, LUA_REGISTRYINDEX, g->answers_ref);
        push_kind(g);
        if (lua_gettable(L, -2) == LUA_TFUNCTION) { /* answers[kind], as rules index it */
            lua_remove(L, -2);
            return 1;
        }
        lua_pop(L, 2);
    }
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, g->apply_ref) == LUA_TFUNCTION)
        return 1;
    lua_pop(L, 1);
    game_set_error(g, "the rules have no answers[\"%s\"] and no apply: nothing applies an "
                      "answer to the '%s' decision they asked", g->t->ask.kind, g->t->ask.kind);
    return 0;
}
