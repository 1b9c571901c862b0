/* Weak tables (core/lua/lua_weak.h): an entry goes with its weak side. */
#include <lauxlib.h>
#include "check.h"
#include "../../core/lua/lua_weak.h"

static int entries(lua_State *L, int idx)
{
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        n++;
    }
    return n;
}

void test_lua_weak(void)
{
    lua_State *L = luaL_newstate();
    lweak_push(L, "k"); /* 1 */
    lweak_push(L, "v"); /* 2 */
    lua_newtable(L);    /* 3: kept */
    for (int i = 0; i < 3; i++) {
        lua_newtable(L); /* dropped below */
        lua_pushinteger(L, i);
        lua_rawset(L, 1);
        lua_newtable(L);
        lua_rawseti(L, 2, i + 1);
    }
    lua_pushvalue(L, 3);
    lua_pushboolean(L, 1);
    lua_rawset(L, 1);
    lua_pushvalue(L, 3);
    lua_rawseti(L, 2, 10);
    CHECK_EQ_INT(entries(L, 1), 4);
    CHECK_EQ_INT(entries(L, 2), 4);
    lua_gc(L, LUA_GCCOLLECT);
    /* Only the entries of the table still held are left. */
    CHECK_EQ_INT(entries(L, 1), 1);
    CHECK_EQ_INT(entries(L, 2), 1);
    lua_close(L);
}
