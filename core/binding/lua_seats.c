/* Seats and turn order for rules scripts: t:turn, t:next, t:reverse... */
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lua_table.h"

static int t_turn(lua_State *L)
{
    lua_pushinteger(L, ltable_self(L)->seats.current);
    return 1;
}

static int t_set_turn(lua_State *L)
{
    Table *t = ltable_self(L);
    t->seats.current = lt_check_seat(L, t, 2);
    return 0;
}

static int opt_seat(lua_State *L, Table *t, int arg)
{
    return lua_isnoneornil(L, arg) ? t->seats.current : lt_check_seat(L, t, arg);
}

static int push_seat(lua_State *L, int s)
{
    if (s)
        lua_pushinteger(L, s);
    else
        lua_pushnil(L);
    return 1;
}

/* t:next([seat]) / t:prev([seat]): the next active seat in the direction
 * of play from seat (default: the current one); nil if none is active. */
static int t_next(lua_State *L)
{
    Table *t = ltable_self(L);
    return push_seat(L, seats_next(&t->seats, opt_seat(L, t, 2)));
}

static int t_prev(lua_State *L)
{
    Table *t = ltable_self(L);
    return push_seat(L, seats_prev(&t->seats, opt_seat(L, t, 2)));
}

static int t_advance(lua_State *L)
{
    Table *t = ltable_self(L);
    seats_advance(&t->seats);
    return push_seat(L, t->seats.current);
}

static int t_skip(lua_State *L)
{
    Table *t = ltable_self(L);
    seats_skip(&t->seats);
    return push_seat(L, t->seats.current);
}

static int t_reverse(lua_State *L)
{
    seats_reverse(&ltable_self(L)->seats);
    return 0;
}

static int t_direction(lua_State *L)
{
    lua_pushinteger(L, ltable_self(L)->seats.direction);
    return 1;
}

static int t_eliminate(lua_State *L)
{
    Table *t = ltable_self(L);
    table_eliminate(t, lt_check_seat(L, t, 2));
    return 0;
}

static int t_active(lua_State *L)
{
    Table *t = ltable_self(L);
    lua_pushboolean(L, seats_active(&t->seats, lt_check_seat(L, t, 2)));
    return 1;
}

static int t_active_count(lua_State *L)
{
    lua_pushinteger(L, seats_active_count(&ltable_self(L)->seats));
    return 1;
}

static int t_dealer(lua_State *L)
{
    lua_pushinteger(L, ltable_self(L)->seats.dealer);
    return 1;
}

static int t_set_dealer(lua_State *L)
{
    Table *t = ltable_self(L);
    seats_set_dealer(&t->seats, lt_check_seat(L, t, 2));
    return 0;
}

static int t_rotate_dealer(lua_State *L)
{
    Table *t = ltable_self(L);
    seats_rotate_dealer(&t->seats);
    return push_seat(L, t->seats.dealer);
}

const luaL_Reg lua_seats_methods[] = {
    {"turn", t_turn},
    {"set_turn", t_set_turn},
    {"next", t_next},
    {"prev", t_prev},
    {"advance", t_advance},
    {"skip", t_skip},
    {"reverse", t_reverse},
    {"direction", t_direction},
    {"eliminate", t_eliminate},
    {"active", t_active},
    {"active_count", t_active_count},
    {"dealer", t_dealer},
    {"set_dealer", t_set_dealer},
    {"rotate_dealer", t_rotate_dealer},
    {NULL, NULL},
};

/* seat_names(prefix): {prefix.."1", ..., prefix.."16"}, the names of a
 * zone or account each seat has ("hand" gives hand1 to hand16). Rules
 * index it on every decision: a table read, where "hand" .. seat would
 * print the number and make the string each time. */
int lseat_names(lua_State *L)
{
    size_t len;
    const char *prefix = luaL_checklstring(L, 1, &len);
    luaL_argcheck(L, len >= 1 && len + 2 < NAME_LEN, 1,
                  "a prefix of 1 to 21 bytes, to which each seat's number is added");
    char name[NAME_LEN];
    lua_createtable(L, MAX_SEATS, 0);
    for (int s = 1; s <= MAX_SEATS; s++) {
        snprintf(name, sizeof name, "%s%d", prefix, s);
        lua_pushstring(L, name);
        lua_rawseti(L, -2, s);
    }
    return 1;
}
