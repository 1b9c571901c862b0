#include "quick_concat.h"

#include <lauxlib.h>
#include "../kernel/strfmt.h"
#include "stand_in.h"

/* Whether argument arg is absent or nil, or of type; a bound that is an
 * integer, a separator that is a text. */
static int absent_or(lua_State *L, int arg, int integer)
{
    if (lua_isnoneornil(L, arg))
        return 1;
    return integer ? lua_isinteger(L, arg) : lua_type(L, arg) == LUA_TSTRING;
}

/* The items i..last of the list at 1, sep between them, into b; 0 (and
 * nothing more added) at the first item that is not a text or an
 * integer. The buffer's value is on top between its calls, an item above
 * it only for luaL_addvalue (the rule of luaL_Buffer). i steps up only
 * while below last, as in Lua's own: last may be the greatest integer. */
static int add_items(lua_State *L, luaL_Buffer *b, lua_Integer i, lua_Integer last,
                     const char *sep, size_t lsep)
{
    if (i > last)
        return 1;
    for (;; i++) {
        int type = lua_rawgeti(L, 1, i);
        if (type == LUA_TSTRING) {
            luaL_addvalue(b);
        } else if (type == LUA_TNUMBER && lua_isinteger(L, -1)) {
            char digits[STRFMT_INT_SIZE];
            lua_Integer n = lua_tointeger(L, -1);
            lua_pop(L, 1);
            luaL_addlstring(b, digits, strfmt_int(digits, (long long)n));
        } else {
            lua_pop(L, 1);
            return 0;
        }
        if (i == last)
            return 1;
        luaL_addlstring(b, sep, lsep);
    }
}

/* Whether the list at 1 is a table without a metatable (whose __index or
 * __len Lua's own would call). */
static int plain_list(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TTABLE)
        return 0;
    if (lua_getmetatable(L, 1)) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

/* upvalue 1: Lua's own table.concat */
static int quick_concat(lua_State *L)
{
    int top = lua_gettop(L);
    if (plain_list(L) && absent_or(L, 2, 0) && absent_or(L, 3, 1) && absent_or(L, 4, 1)) {
        size_t lsep = 0;
        const char *sep = lua_isnoneornil(L, 2) ? "" : lua_tolstring(L, 2, &lsep);
        lua_Integer i = lua_isnoneornil(L, 3) ? 1 : lua_tointeger(L, 3);
        lua_Integer last = lua_isnoneornil(L, 4) ? (lua_Integer)lua_rawlen(L, 1) : lua_tointeger(L, 4);
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        if (add_items(L, &b, i, last, sep, lsep)) {
            luaL_pushresult(&b);
            return 1;
        }
        lua_settop(L, top); /* an item for Lua's own: the text made so far dropped */
    }
    return stand_in_call_own(L);
}

void quick_concat_install(lua_State *L, int lib)
{
    stand_in_install(L, lib, "concat", quick_concat);
}
