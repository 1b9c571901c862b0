/* The kernel as a Lua module: require "referee" from a stock lua5.4 (the
 * busted specs test rules against it), and preloaded in the referee binary.
 * One list names every module opener. */
#include <lauxlib.h>
#include "../referee/lua_game.h"
#include "lua_bot.h"
#include "../lua/lua_json.h"
#include "../binding/lua_table.h"

typedef int (*Opener)(lua_State *L);

static const Opener OPENERS[] = {
    luaopen_referee_table,
    luaopen_referee_game,
    luaopen_referee_bot,
};

int luaopen_referee(lua_State *L)
{
    lua_newtable(L);
    for (size_t i = 0; i < sizeof OPENERS / sizeof *OPENERS; i++) {
        OPENERS[i](L);
        /* Copy each opener's functions into the one module table. */
        lua_pushnil(L);
        while (lua_next(L, -2)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_settable(L, -5);
        }
        lua_pop(L, 1);
    }
    luaopen_referee_json(L);
    lua_setfield(L, -2, "json");
    lua_pushliteral(L, REFEREE_VERSION);
    lua_setfield(L, -2, "version");
    return 1;
}
