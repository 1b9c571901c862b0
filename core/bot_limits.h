/* bot_limits: the standard functions that can loop in C for as long as
 * their arguments say (pattern matching, string.rep of nothing, table.move,
 * insert and remove), given to bots with that work bounded. */
#ifndef REFEREE_BOT_LIMITS_H
#define REFEREE_BOT_LIMITS_H

#include <lua.h>

/* Replaces those functions in L's string and table libraries. */
void bot_limit_c_work(lua_State *L);

#endif
