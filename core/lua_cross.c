#include "lua_cross.h"

#include <lauxlib.h>

/* Whether a value of this type is copied: what is not plain data is left
 * out, as a key (the entry is skipped) or as a value. */
static int is_data(int type)
{
    return type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING ||
           type == LUA_TTABLE;
}

static void copy(lua_State *from, int idx, lua_State *to, int depth)
{
    switch (lua_type(from, idx)) {
    case LUA_TBOOLEAN:
        lua_pushboolean(to, lua_toboolean(from, idx));
        return;
    case LUA_TNUMBER:
        if (lua_isinteger(from, idx))
            lua_pushinteger(to, lua_tointeger(from, idx));
        else
            lua_pushnumber(to, lua_tonumber(from, idx));
        return;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(from, idx, &len); /* a string: no conversion */
        lua_pushlstring(to, s, len);
        return;
    }
    case LUA_TTABLE:
        break;
    default:
        lua_pushnil(to);
        return;
    }
    /* lua_checkstack, not luaL_checkstack: `from` must never raise. */
    if (depth >= CROSS_MAX_DEPTH || !lua_checkstack(from, 3))
        luaL_error(to, "nested more than %d deep (a cycle?)", CROSS_MAX_DEPTH);
    luaL_checkstack(to, 4, "copy");
    idx = lua_absindex(from, idx);
    /* Made at its full size: grown key by key, it was rehashed on the way
     * (half the cost of a copy). */
    int count = 0, narray = (int)lua_rawlen(from, idx);
    lua_pushnil(from);
    while (lua_next(from, idx)) {
        lua_pop(from, 1);
        count++;
    }
    lua_createtable(to, narray, count > narray ? count - narray : 0);
    lua_pushnil(from);
    while (lua_next(from, idx)) {
        if (is_data(lua_type(from, -2)) && is_data(lua_type(from, -1))) {
            copy(from, -2, to, depth + 1);
            copy(from, -1, to, depth + 1);
            lua_rawset(to, -3);
        }
        lua_pop(from, 1);
    }
}

void lcross_copy(lua_State *from, int idx, lua_State *to)
{
    copy(from, idx, to, 0);
}
