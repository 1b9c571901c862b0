/* answer_step: an answer goes to the rules' step for its decision's kind,
 * which the kind given to t:ask already names (rules/README.md), so no
 * game keeps a phase of its own; a game of one kind gives apply. */
#include "answer_step.h"

#include <lauxlib.h>

int game_push_answer_step(Game *g)
{
    lua_State *L = g->L;
    if (g->answers_ref > 0) { /* (a ref of nil is LUA_REFNIL) */
        lua_rawgeti(L, LUA_REGISTRYINDEX, g->answers_ref);
        if (lua_getfield(L, -1, g->t->ask.kind) == LUA_TFUNCTION) {
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
