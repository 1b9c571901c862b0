/* rules_check: what a game definition must hold besides its functions. */
#ifndef REFEREE_RULES_CHECK_H
#define REFEREE_RULES_CHECK_H

#include <lua.h>

/* NULL when the definition at def holds its players, options, description
 * and default bot as the referee reads them; else pushes and returns what
 * is wrong. Leaves other values on the stack. */
const char *rules_check(lua_State *L, int def);

#endif
