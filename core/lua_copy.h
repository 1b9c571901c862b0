/* Deep copies of data within one Lua state: a game's options, the rules'
 * vars for a view, a clone or a sample. (Data crossing into another state,
 * a bot's, goes as bytes: plain_bytes.h.) */
#ifndef REFEREE_LUA_COPY_H
#define REFEREE_LUA_COPY_H

#include <lua.h>

/* Deepest nesting copied. */
#define COPY_MAX_DEPTH 64

/* Pushes a fresh copy of the value at idx: tables are copied, other values
 * (functions and userdata too) pushed as they are, and tables nested deeper
 * than COPY_MAX_DEPTH shared as they are, so the copy never raises for what
 * it is given (only when out of memory). */
void lcopy(lua_State *L, int idx);

#endif
