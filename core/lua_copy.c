#include "lua_copy.h"

#include <lauxlib.h>

/* Whether a value of this type crosses into another state: what is not
 * plain data is left out, as a key (the entry is skipped) or as a value. */
static int crosses(int type)
{
    return type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING ||
           type == LUA_TTABLE;
}

static void copy(lua_State *from, int idx, lua_State *to, int depth)
{
    int type = lua_type(from, idx);
    int same = from == to;
    if (same && (type != LUA_TTABLE || depth >= COPY_MAX_DEPTH)) {
        lua_pushvalue(to, idx);
        return;
    }
    switch (type) {
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
    if (depth >= COPY_MAX_DEPTH || !lua_checkstack(from, 3))
        luaL_error(to, "nested more than %d deep (a cycle?)", COPY_MAX_DEPTH);
    luaL_checkstack(to, 4, "copy");
    idx = lua_absindex(from, idx);
    /* Made at its full size: grown key by key, it was rehashed on the way. */
    int count = 0, narray = (int)lua_rawlen(from, idx);
    lua_pushnil(from);
    while (lua_next(from, idx)) {
        lua_pop(from, 1);
        count++;
    }
    lua_createtable(to, narray, count > narray ? count - narray : 0);
    int dst = lua_gettop(to);
    lua_pushnil(from);
    while (lua_next(from, idx)) {
        /* Absolute indices: within one state the copies go on the same
         * stack, above the key and value being copied. */
        int key = lua_gettop(from) - 1, value = key + 1;
        if (same) {
            lua_pushvalue(to, key); /* keys as they are, as before */
            copy(from, value, to, depth + 1);
            lua_rawset(to, dst);
        } else if (crosses(lua_type(from, key)) && crosses(lua_type(from, value))) {
            copy(from, key, to, depth + 1);
            copy(from, value, to, depth + 1);
            lua_rawset(to, dst);
        }
        lua_pop(from, 1);
    }
}

void lcopy(lua_State *from, int idx, lua_State *to)
{
    copy(from, lua_absindex(from, idx), to, 0);
}
