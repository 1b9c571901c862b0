/* Deep copies of plain data: within one Lua state (a game's options, the
 * rules' vars for a view or a clone) and from one state into another (the
 * rules' vars into a bot's sandbox), with no text in between. */
#ifndef REFEREE_LUA_COPY_H
#define REFEREE_LUA_COPY_H

#include <lua.h>

/* Deepest nesting copied. */
#define COPY_MAX_DEPTH 64

/* Pushes onto `to` a fresh copy of the value at idx of `from`: tables are
 * copied, other values pushed as they are.
 *
 * Within one state (from == to), functions and userdata are kept by
 * reference and tables nested deeper than COPY_MAX_DEPTH are shared, as
 * they are: the copy never raises for what it is given.
 *
 * Across states, only nil, booleans, numbers, strings and tables of them
 * are copied (functions, userdata and threads are left out), and nesting
 * deeper than COPY_MAX_DEPTH (a cycle, most likely) is an error. `from` is
 * only read: nothing is allocated there and no error is raised there. An
 * error (memory over the cap of `to`, nesting too deep) is raised in `to`,
 * so call this inside a protected call of `to`; afterwards set `from`'s
 * stack back to its old top, which an error midway leaves higher. */
void lcopy(lua_State *from, int idx, lua_State *to);

#endif
