/* result_check: the shape of what a rules script's result(t) returns at the
 * end of a game, checked once for every reader of it (run, the REPL,
 * tournaments, the Lua module): a malformed result is the rules' mistake,
 * reported as such, never a game counted with odd winners. */
#ifndef REFEREE_RESULT_CHECK_H
#define REFEREE_RESULT_CHECK_H

#include <lua.h>
#include <stddef.h>

/* The result table at idx: winners a list of distinct seat numbers from 1
 * to nseats, at least one; scores, when given, one finite number per seat;
 * places, when given, each seat's finishing place (1 for the winners and
 * only them); message, when given, a string. Returns 1, or 0 with what is wrong and
 * what would be right in why. */
int result_check(lua_State *L, int idx, int nseats, char *why, size_t size);

/* What standing(t) returns: one finite number per seat. As result_check. */
int standing_check(lua_State *L, int idx, int nseats, char *why, size_t size);

#endif
