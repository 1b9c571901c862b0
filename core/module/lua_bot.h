/* lua_bot: a bot for the Lua module, so a bot's author can test it as the
 * project tests its games: referee.bot(name) loads it in its own sandbox,
 * and b:choose(g, seat) asks it for the pending decision of a game made
 * with referee.game, exactly as the referee would. */
#ifndef REFEREE_LUA_BOT_H
#define REFEREE_LUA_BOT_H

#include <lua.h>

/* Pushes a table with the module's function bot. */
int luaopen_referee_bot(lua_State *L);

#endif
