#include "result_places.h"

#include <lauxlib.h>

/* How a seat finished, compared tier first, then value (lower is better). */
typedef struct Finish {
    int tier;     /* 0 a winner, 1 still in, 2 eliminated */
    double value; /* minus the score while in; minus the time out once eliminated */
} Finish;

static int ahead(Finish a, Finish b)
{
    return a.tier < b.tier || (a.tier == b.tier && a.value < b.value);
}

int result_places(lua_State *L, int idx, const Seats *seats, int *place)
{
    idx = lua_absindex(L, idx);
    if (lua_getfield(L, idx, "places") != LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    int n = seats->n;
    Finish f[MAX_SEATS + 1];
    lua_getfield(L, idx, "scores");
    int scored = lua_istable(L, -1);
    for (int s = 1; s <= n; s++) {
        f[s].tier = seats_active(seats, s) ? 1 : 2;
        f[s].value = 0;
        if (scored && f[s].tier == 1) {
            lua_rawgeti(L, -1, s);
            f[s].value = -lua_tonumber(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    for (int k = 0; k < seats->nout; k++)
        f[seats->out_order[k]].value = -k;
    lua_getfield(L, idx, "winners");
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
        f[lua_tointeger(L, -1)] = (Finish){0, 0};
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    for (int s = 1; s <= n; s++) {
        place[s - 1] = 1;
        for (int o = 1; o <= n; o++)
            place[s - 1] += ahead(f[o], f[s]);
    }
    return 1;
}

void result_add_places(lua_State *L, int idx, const Seats *seats)
{
    idx = lua_absindex(L, idx);
    int place[MAX_SEATS];
    if (!result_places(L, idx, seats, place))
        return;
    int n = seats->n;
    /* A copy, so the rules' own table (perhaps kept in their vars) is left as they made it. */
    lua_createtable(L, 0, 4);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_createtable(L, n, 0);
    for (int s = 1; s <= n; s++) {
        lua_pushinteger(L, place[s - 1]);
        lua_rawseti(L, -2, s);
    }
    lua_setfield(L, -2, "places");
    lua_replace(L, idx);
}
