/* lua_alloc: the allocator of the Lua states the referee makes (the game's
 * and every bot's). Lua allocates and frees small objects on every
 * decision; mimalloc serves them at a fraction of glibc malloc's cost (a
 * tenth of a random-seat BAM! hand, a sixth of a bot tournament game).
 * Built with REFEREE_SYSTEM_MALLOC (the sanitizer build), it is libc's, so
 * AddressSanitizer sees every block. */
#ifndef REFEREE_LUA_ALLOC_H
#define REFEREE_LUA_ALLOC_H

#include <lua.h>
#include <stddef.h>

/* realloc and free for Lua's blocks. */
void *lua_alloc_resize(void *ptr, size_t size);
void lua_alloc_free(void *ptr);

/* A new Lua state on this allocator, with luaL_newstate's panic and warning
 * functions; NULL when out of memory. */
lua_State *lua_alloc_newstate(void);

#endif
