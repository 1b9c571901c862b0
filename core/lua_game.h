/* Openers of the kernel's Lua modules. */
#ifndef REFEREE_LUA_GAME_H
#define REFEREE_LUA_GAME_H

#include <lua.h>

int luaopen_referee_game(lua_State *L);
int luaopen_referee(lua_State *L);

#endif
