#include "lua_view.h"

#include <lauxlib.h>
#include <string.h>
#include "../lua/lua_keys.h"
#include "../lua/plain_cross.h"

/* Pushes zone z of t as seat sees it: {cards = {...}, count, owner, vis},
 * a hidden card being "??"; keys: the key table's index. */
static void push_zone(lua_State *L, int keys, const Table *t, int seat, int z)
{
    const Zone *zone = &t->zones.z[z];
    lua_createtable(L, 0, 4);
    lkeys_push_key(L, keys, KEY_CARDS);
    lua_createtable(L, zone->n, 0);
    for (int i = 0; i < zone->n; i++) {
        int c = zone->cards[i];
        if (zones_seat_sees(&t->zones, c, seat))
            lua_pushstring(L, t->deck.cards[c].name);
        else
            lkeys_push_key(L, keys, KEY_HIDDEN_CARD);
        lua_rawseti(L, -2, i + 1);
    }
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_COUNT);
    lua_pushinteger(L, zone->n);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_OWNER);
    lua_pushinteger(L, zone->owner);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_VIS);
    lua_pushstring(L, visibility_name((Visibility)zone->vis));
    lua_rawset(L, -3);
}

static void push_zones(lua_State *L, int keys, const Table *t, int seat)
{
    lua_createtable(L, 0, t->zones.n);
    for (int z = 1; z <= t->zones.n; z++) {
        lua_pushstring(L, t->zones.z[z].name);
        push_zone(L, keys, t, seat, z);
        lua_rawset(L, -3);
    }
}

/* t[key] = integer v, t on top. */
static void set_integer(lua_State *L, int keys, LuaKey key, lua_Integer v)
{
    lkeys_push_key(L, keys, key);
    lua_pushinteger(L, v);
    lua_rawset(L, -3);
}

static void push_view(lua_State *L, int keys, const Table *t, int seat)
{
    lua_createtable(L, 0, 8);
    set_integer(L, keys, KEY_SEAT, seat);

    lkeys_push_key(L, keys, KEY_ZONES);
    push_zones(L, keys, t, seat);
    lua_rawset(L, -3);

    lkeys_push_key(L, keys, KEY_DICE);
    lua_createtable(L, t->dice.n, 0);
    for (int d = 1; d <= t->dice.n; d++) {
        lua_createtable(L, 0, 2);
        set_integer(L, keys, KEY_FACES, t->dice.d[d].faces);
        if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value)
            set_integer(L, keys, KEY_VALUE, t->dice.d[d].value);
        lua_rawseti(L, -2, d);
    }
    lua_rawset(L, -3);

    lkeys_push_key(L, keys, KEY_ACCOUNTS);
    lua_createtable(L, 0, t->ledger.n);
    for (int a = 1; a <= t->ledger.n; a++) {
        lua_pushinteger(L, t->ledger.a[a].balance);
        lua_setfield(L, -2, t->ledger.a[a].name);
    }
    lua_rawset(L, -3);

    lkeys_push_key(L, keys, KEY_SEATS);
    lua_createtable(L, 0, 5);
    set_integer(L, keys, KEY_N, t->seats.n);
    set_integer(L, keys, KEY_CURRENT, t->seats.current);
    set_integer(L, keys, KEY_DEALER, t->seats.dealer);
    set_integer(L, keys, KEY_DIRECTION, t->seats.direction);
    lkeys_push_key(L, keys, KEY_ELIMINATED);
    lua_createtable(L, 0, 0);
    for (int s = 1, k = 0; s <= t->seats.n; s++)
        if (!seats_active(&t->seats, s)) {
            lua_pushinteger(L, s);
            lua_rawseti(L, -2, ++k);
        }
    lua_rawset(L, -3);
    lua_rawset(L, -3);
}

void lview_push(lua_State *L, const Table *t, int seat)
{
    lkeys_push(L);
    push_view(L, lua_gettop(L), t, seat);
    lua_remove(L, -2);
}

int lview_prepare(lua_State *L)
{
    lkeys_push(L);
    lua_pop(L, 1);
    return 0;
}

const char *lview_push_with_vars(lua_State *L, int keys, const Table *t, int seat, lua_State *rules,
                                 int vars)
{
    push_view(L, keys, t, seat);
    lkeys_push_key(L, keys, KEY_VARS);
    const char *why = plain_cross(L, rules, vars);
    if (why) {
        lua_pop(L, 2);
        return why;
    }
    lua_rawset(L, -3);
    return NULL;
}
