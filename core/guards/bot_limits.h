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
/* Pushes setmetatable refusing a metatable with __gc: for bots and rules,
 * whose finalizers would run outside every limit. */
void push_guarded_setmetatable(lua_State *L);

#endif
