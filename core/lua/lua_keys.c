#include "lua_keys.h"

static const char KEYS_KEY = 'k';

/* In the order of LuaKey, from KEY_SEAT. */
static const char *const STRINGS[] = {
    "seat",  "zones",  "dice",    "accounts", "seats",     "vars",       "cards",
    "count", "owner",  "vis",     "faces",    "value",     "n",          "current",
    "dealer", "direction", "eliminated", "kind", "window", "prompt",     "decision",
    "sample", "budget_left", "think", "??",
};

_Static_assert(sizeof STRINGS / sizeof STRINGS[0] == KEY_STRINGS_END - 1,
               "one string for each key of LuaKey");

static void make_keys(lua_State *L)
{
    lua_createtable(L, KEY_STRINGS_END, 0);
    for (int k = KEY_SEAT; k < KEY_STRINGS_END; k++) {
        lua_pushstring(L, STRINGS[k - 1]);
        lua_rawseti(L, -2, k);
    }
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &KEYS_KEY);
}

void lkeys_push(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &KEYS_KEY) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    make_keys(L);
}
