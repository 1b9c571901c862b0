/* For the unit tests of a library function's stand-in (core/lua/stand_in.h):
 * a state whose library table holds the stand-in, and the comparison of
 * the stand-in with Lua's own over a script's random calls. */
#ifndef REFEREE_STAND_IN_CHECK_H
#define REFEREE_STAND_IN_CHECK_H

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include "check.h"

/* Pushes a table holding Lua's own library[name], then replaced by
 * install, as the sandboxes replace it; returns its absolute index. */
static inline int stand_in_lib(lua_State *L, const char *library, const char *name,
                               void (*install)(lua_State *, int))
{
    lua_newtable(L);
    int lib = lua_gettop(L);
    lua_getglobal(L, library);
    lua_getfield(L, -1, name);
    lua_setfield(L, lib, name);
    lua_pop(L, 1);
    install(L, lib);
    return lib;
}

/* Runs script with the stand-in and Lua's own as its two arguments; it
 * returns the first difference it found (or nil) and how many calls
 * agreed, which must be all `calls` of them. */
static inline void stand_in_same_as_luas(lua_State *L, int lib, const char *library,
                                         const char *name, const char *script, int calls)
{
    CHECK(luaL_loadstring(L, script) == LUA_OK);
    lua_getfield(L, lib, name);
    lua_getglobal(L, library);
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
    CHECK(lua_pcall(L, 2, 2, 0) == LUA_OK);
    if (!lua_isnil(L, -2))
        fprintf(stderr, "the quick %s differs from Lua's own: %s\n", name, lua_tostring(L, -2));
    CHECK(lua_isnil(L, -2));
    CHECK_EQ_INT(lua_tointeger(L, -1), calls);
    lua_pop(L, 2);
}

#endif
