/* lua_weak: tables that keep no Lua object alive, for what the kernel hangs
 * off Lua objects: with weak keys ("k") an entry goes when its key does (a
 * rules definition's checked options); with
 * weak values ("v") when its value does (the games of a state). */
#ifndef REFEREE_LUA_WEAK_H
#define REFEREE_LUA_WEAK_H

#include <lauxlib.h>

/* Pushes a new table whose mode is "k" or "v". Raises when out of memory. */
static inline void lweak_push(lua_State *L, const char *mode)
{
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushstring(L, mode);
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
}

#endif
