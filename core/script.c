#include "script.h"

#include <lauxlib.h>
#include <string.h>

#define HOOK_EVERY 10000

/* Turns any error object into a message with a traceback. */
static int message_handler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            msg = lua_tostring(L, -1);
        else
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

static const char BUDGET_KEY = 'b';

/* Counts down the budget; once spent it raises on every later tick too, so
 * a script that catches the error with pcall is stopped again at once. */
static void budget_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
    lua_Integer left = lua_tointeger(L, -1) - HOOK_EVERY;
    lua_pop(L, 1);
    lua_pushinteger(L, left);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
    if (left < 0)
        luaL_error(L, "the script ran too long (over %I instructions in one call)",
                   (lua_Integer)RULES_BUDGET);
}

int script_pcall(lua_State *L, int nargs, int nresults, long budget)
{
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, message_handler);
    lua_insert(L, base);
    if (budget > 0) {
        lua_pushinteger(L, budget);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &BUDGET_KEY);
        lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOOK_EVERY);
    }
    int status = lua_pcall(L, nargs, nresults, base);
    if (budget > 0)
        lua_sethook(L, NULL, 0, 0);
    lua_remove(L, base);
    if (status != LUA_OK && lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushliteral(L, "(error while handling an error)");
    }
    return status;
}

int script_load_file(lua_State *L, const char *path, int env_idx)
{
    env_idx = lua_absindex(L, env_idx);
    int status = luaL_loadfilex(L, path, "t");
    if (status != LUA_OK)
        return status;
    lua_pushvalue(L, env_idx);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    return LUA_OK;
}
