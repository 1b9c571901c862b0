#include "rules_players.h"

#include <stdio.h>

void rules_players(lua_State *L, int def, int max_seats, lua_Integer *lo, lua_Integer *hi)
{
    /* The referee's copy of the definition, checked as it loaded (take). */
    *lo = 1;
    *hi = max_seats;
    if (lua_getfield(L, def, "players") == LUA_TTABLE) {
        if (lua_getfield(L, -1, "min") == LUA_TNUMBER)
            *lo = lua_tointeger(L, -1);
        if (lua_getfield(L, -2, "max") == LUA_TNUMBER)
            *hi = lua_tointeger(L, -1);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
}

uint32_t rules_people(lua_State *L, int def)
{
    uint32_t mask = 0;
    int top = lua_gettop(L);
    def = lua_absindex(L, def);
    if (lua_getfield(L, def, "players") == LUA_TTABLE && lua_getfield(L, -1, "people") == LUA_TTABLE)
        for (lua_Integer i = 1; lua_rawgeti(L, -1, i) == LUA_TNUMBER; i++) {
            mask |= 1u << lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
    lua_settop(L, top);
    return mask ? mask : ~0u;
}

void rules_players_text(lua_Integer lo, lua_Integer hi, char *buf, size_t size)
{
    if (lo == hi)
        snprintf(buf, size, "%lld player%s", (long long)lo, lo == 1 ? "" : "s");
    else
        snprintf(buf, size, "%lld to %lld players", (long long)lo, (long long)hi);
}
