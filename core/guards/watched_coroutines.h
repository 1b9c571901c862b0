/* watched_coroutines: coroutine.resume and wrap that move the watchdog to
 * the coroutine they run, so a loop inside one is stopped like any other.
 * Bots and rules scripts get these in place of the standard ones. */
#ifndef REFEREE_WATCHED_COROUTINES_H
#define REFEREE_WATCHED_COROUTINES_H

#include <lua.h>

/* Pushes a coroutine library: the standard one with resume and wrap
 * replaced. */
void watched_coroutines_push(lua_State *L);

#endif
