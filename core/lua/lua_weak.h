/* lua_weak: tables that keep no Lua object alive, for what the kernel hangs
 * off Lua objects: with weak keys ("k") an entry goes when its key does (a
 * rules definition's checked options, a frozen table's copier); with
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

/* Pushes registry[key] (a light userdata: the address of a static of the
 * file that keeps it), a table whose mode is "k" or "v", made there on
 * first use. Raises when out of memory. */
static inline void lweak_push_kept(lua_State *L, const void *key, const char *mode)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lweak_push(L, mode);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    }
}

#endif
