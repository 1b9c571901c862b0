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
