/* Copying plain data from one Lua state into another (the game's view into
 * a bot's sandbox), with no text in between. */
#ifndef REFEREE_LUA_CROSS_H
#define REFEREE_LUA_CROSS_H

#include <lua.h>

/* Deepest nesting copied; deeper (a cycle, most likely) is an error. */
#define CROSS_MAX_DEPTH 64

/* Pushes onto `to` a fresh copy of the value at idx of `from`: nil,
 * booleans, numbers, strings and tables of them (functions, userdata and
 * threads are left out). `from` is only read: nothing is allocated there
 * and no error is raised there. An error (memory over the cap of `to`,
 * nesting too deep) is raised in `to`, so call this inside a protected call
 * of `to`; afterwards set `from`'s stack back to its old top, which an error
 * midway leaves higher. */
void lcross_copy(lua_State *from, int idx, lua_State *to);

#endif
