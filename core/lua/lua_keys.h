/* lua_keys: the strings the kernel keys the tables it hands to Lua by
 * ("seat", "zones", "cards", ...), made once per Lua state and kept in its
 * registry. Setting a field by C string (lua_setfield) looks the string up
 * in Lua's string cache and hashes it on a miss: about 100 instructions,
 * 40 times in every view a bot is handed. A key kept here is pushed by
 * its number instead. */
#ifndef REFEREE_LUA_KEYS_H
#define REFEREE_LUA_KEYS_H

#include <lua.h>

typedef enum LuaKey {
    KEY_SEAT = 1,
    KEY_ZONES,
    KEY_DICE,
    KEY_ACCOUNTS,
    KEY_SEATS,
    KEY_VARS,
    KEY_CARDS,
    KEY_COUNT,
    KEY_OWNER,
    KEY_VIS,
    KEY_FACES,
    KEY_VALUE,
    KEY_N,
    KEY_CURRENT,
    KEY_DEALER,
    KEY_DIRECTION,
    KEY_ELIMINATED,
    KEY_KIND,
    KEY_WINDOW,
    KEY_PROMPT,
    KEY_DECISION,
    KEY_SAMPLE,
    KEY_BUDGET_LEFT,
    KEY_THINK,
    KEY_HIDDEN_CARD, /* "??": a card the seat does not see */
    KEY_STRINGS_END,
} LuaKey;

/* Pushes L's key table, made on first use. Raises when out of memory. */
void lkeys_push(lua_State *L);

/* Pushes key k from the key table at index
 * keys. A field is set by pushing its key, then its value, then
 * lua_rawset: no stack shuffling. */
static inline void lkeys_push_key(lua_State *L, int keys, LuaKey k)
{
    lua_rawgeti(L, keys, k);
}

#endif
