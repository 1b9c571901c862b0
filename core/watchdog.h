/* watchdog: stops a runaway call into a rules script without slowing down
 * the calls that finish. An instruction-count hook would put every Lua
 * instruction of every rules call through the debug hook machinery (an
 * eighth of a whole game's cost); instead a CPU-time timer ticks while the
 * process computes, and only when one call has run for RULES_CPU_SECONDS
 * is a hook set that raises "ran too long" at the script's next step.
 * Bots keep their deterministic instruction budget (bot.c): they are
 * hostile by assumption, rules scripts are merely buggy. */
#ifndef REFEREE_WATCHDOG_H
#define REFEREE_WATCHDOG_H

#include <lua.h>

#define RULES_CPU_SECONDS 2

/* A watched call on L begins / ends. Calls nest (a rules script importing a
 * helper): the time counts from the outermost. */
void watchdog_enter(lua_State *L);
void watchdog_leave(lua_State *L);

#endif
