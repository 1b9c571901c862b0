/* Openers of the kernel's Lua modules. */
#ifndef REFEREE_LUA_GAME_H
#define REFEREE_LUA_GAME_H

#include <lua.h>

int luaopen_referee_game(lua_State *L);
/* Pushes a pending decision as g:pending() gives it: {kind, prompt, window,
 * hidden, policy, seats = {...}, moves = {[seat] = {...}}}. */
struct Ask;
void lgame_push_pending(lua_State *L, const struct Ask *p);
/* Reads the answers of a claim window at idx, {{seat, text}, ...}, as
 * g:window takes them (a bad shape raises): returns their count. The texts
 * live in that table. */
int lgame_check_answers(lua_State *L, int idx, int *seats, const char **texts);
int luaopen_referee(lua_State *L);

#endif
