/* stand_in: a C function put in a library table in place of the library's
 * own, which it keeps as its upvalue 1 and hands every call it does not
 * make itself (quick_format, quick_concat). */
#ifndef REFEREE_STAND_IN_H
#define REFEREE_STAND_IN_H

#include <lua.h>

/* Replaces lib[name] (lib an absolute index) with fn, a closure over the
 * library's own function; leaves it when it is fn already (a copy of a
 * library that holds the stand-in, which must not stand in for itself). */
static inline void stand_in_install(lua_State *L, int lib, const char *name, lua_CFunction fn)
{
    lua_getfield(L, lib, name);
    if (lua_tocfunction(L, -1) == fn) {
        lua_pop(L, 1);
        return;
    }
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, lib, name);
}

/* Returns what the library's own function gives for this call's
 * arguments: run in this call's own frame when it is a C function, so
 * an error it raises names the argument and the function as it would
 * called directly. */
static inline int stand_in_call_own(lua_State *L)
{
    lua_CFunction own = lua_tocfunction(L, lua_upvalueindex(1));
    if (own)
        return own(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

#endif
