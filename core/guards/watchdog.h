/* watchdog: stops a runaway call into a rules script without slowing down
 * the calls that finish. An instruction-count hook would put every Lua
 * instruction of every rules call through the debug hook machinery (an
 * eighth of a whole game's cost); instead a CPU-time timer ticks while the
 * process computes, and only when one call has run for RULES_CPU_SECONDS
 * is a hook set that raises "ran too long" at the script's next step.
 * Bots keep their deterministic instruction budget (bot.c), and are
 * watched too, with a longer allowance: the budget counts Lua instructions,
 * not the C work one of them can start (string.rep of a megabyte, in a
 * loop). */
#ifndef REFEREE_WATCHDOG_H
#define REFEREE_WATCHDOG_H

#include <lua.h>

#define RULES_CPU_SECONDS 2
/* CPU seconds a call may go on past its limit, after the hook that stops
 * it is set, before it is taken to be stuck in C: the process then exits
 * with WATCHDOG_STUCK_EXIT (a supervising parent plays on without it). */
#define STUCK_SECONDS 3
#define WATCHDOG_STUCK_EXIT 86

/* Called (from a signal handler, so async-signal-safe only, and it may
 * _exit itself) when a call is stuck in C; then the process exits. */
void watchdog_on_stuck(void (*handler)(void));

/* A watched call on L begins / ends. Calls nest (a rules script importing a
 * helper): the time counts from the outermost. */
void watchdog_enter(lua_State *L);
/* The same, for a call allowed the given CPU seconds. */
void watchdog_enter_for(lua_State *L, int seconds);
void watchdog_leave(lua_State *L);
/* While a watched call resumes coroutine co, the watchdog watches co;
 * watchdog_switch returns what to give watchdog_switch_back when co yields
 * or ends (NULL, and nothing changes, outside a watched call). */
lua_State *watchdog_switch(lua_State *co);
void watchdog_switch_back(lua_State *was);
/* After a switch to a state that lives on (a game's state a bot's sample
 * ran in), the hook an overrun left there is taken off it, so the state's
 * later calls run. */
void watchdog_unhook(lua_State *L);

#endif
