/* bot_limits: the standard functions that can loop in C for as long as
 * their arguments say (pattern matching, string.rep of nothing, table.move,
 * insert and remove), given to bots with that work bounded. */
#ifndef REFEREE_BOT_LIMITS_H
#define REFEREE_BOT_LIMITS_H

#include <lua.h>

/* Replaces those functions in L's string and table libraries. */
void bot_limit_c_work(lua_State *L);
/* The same in the string and table library tables at the given absolute
 * indices (0: none), which must hold the standard functions (a rules
 * environment's own copies). */
void limit_c_work_in(lua_State *L, int string_lib, int table_lib);
/* In a host's state (a tool that loads the kernel as a Lua module), the
 * strings' metatable is the host's, so ("x"):rep(n) in a rules script
 * would reach the host's unguarded string library. The guarded copy at
 * idx is kept for the rules: limit_strings_enter puts it in the strings'
 * metatable for as long as a rules call runs (1 when it did), and
 * limit_strings_leave puts the host's back, so the host's own strings
 * never change. Neither allocates, so neither can raise. */
void limit_strings_for_host(lua_State *L, int idx);
int limit_strings_enter(lua_State *L);
void limit_strings_leave(lua_State *L, int entered);
/* Pushes setmetatable refusing a metatable with __gc: for bots and rules,
 * whose finalizers would run outside every limit. */
void push_guarded_setmetatable(lua_State *L);

#endif
