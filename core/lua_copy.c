#include "lua_copy.h"

#include <lauxlib.h>

static void copy(lua_State *L, int idx, int depth)
{
    if (lua_type(L, idx) != LUA_TTABLE || depth >= COPY_MAX_DEPTH) {
        lua_pushvalue(L, idx);
        return;
    }
    luaL_checkstack(L, 4, "copy");
    /* Made at its full size: grown key by key, it was rehashed on the way. */
    int count = 0, narray = (int)lua_rawlen(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        count++;
    }
    lua_createtable(L, narray, count > narray ? count - narray : 0);
    int dst = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        /* Absolute indices: the copies go on the same stack, above the key
         * and value being copied. */
        int key = lua_gettop(L) - 1, value = key + 1;
        lua_pushvalue(L, key); /* keys as they are */
        copy(L, value, depth + 1);
        lua_rawset(L, dst);
        lua_pop(L, 1);
    }
}

void lcopy(lua_State *L, int idx)
{
    copy(L, lua_absindex(L, idx), 0);
}
