/* Dice for rules scripts: t:die, t:roll, t:show_die... */
#include <lauxlib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lua_table.h"

static int t_die(lua_State *L)
{
    Table *t = ltable_self(L);
    int id;
    DiceStatus s = dice_add(&t->dice, lt_opt_int(L, 2, INT_MIN, INT_MAX, 6), &id);
    if (s != DICE_OK)
        luaL_argerror(L, 2, dice_status_text(s));
    lua_pushinteger(L, id);
    return 1;
}

/* t:roll(die, ...) -> the values rolled; each die is hidden from all after */
static int t_roll(lua_State *L)
{
    Table *t = ltable_self(L);
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n >= 1, 2, "expected a die");
    for (int i = 2; i <= n + 1; i++)
        lt_check_die(L, t, i);
    if (t->physical_dice) {
        /* Real dice: nothing is known until the rules read a value
         * (t:die_value), when the table types it; so nothing is returned. */
        for (int i = 2; i <= n + 1; i++)
            table_roll_unseen(t, (int)lua_tointeger(L, i));
        return 0;
    }
    for (int i = 2; i <= n + 1; i++) {
        int d = (int)lua_tointeger(L, i);
        if (lt_next_prescribed(L, 1, "rolls")) {
            lua_Integer v = lua_tointeger(L, -1);
            lua_pop(L, 1);
            if (v < 1 || v > t->dice.d[d].faces)
                return luaL_error(L, "a prescribed roll of %d does not fit a %d-sided die",
                                  (int)v, t->dice.d[d].faces);
            table_roll_value(t, d, (int)v);
        } else {
            table_roll(t, d);
        }
        lua_pushinteger(L, t->dice.d[d].value);
    }
    return n;
}

static int t_die_value(lua_State *L)
{
    Table *t = ltable_self(L);
    int value;
    char why[300];
    if (!table_die_value(t, lt_check_die(L, t, 2), &value, why, sizeof why))
        return luaL_error(L, "%s", why);
    lua_pushinteger(L, value);
    return 1;
}

static int t_set_die(lua_State *L)
{
    Table *t = ltable_self(L);
    int d = lt_check_die(L, t, 2);
    DiceStatus s = table_die_set(t, d, lt_check_int(L, 3, INT_MIN, INT_MAX));
    if (s != DICE_OK)
        luaL_argerror(L, 3, dice_status_text(s));
    return 0;
}

static int t_show_die(lua_State *L)
{
    Table *t = ltable_self(L);
    int d = lt_check_die(L, t, 2);
    table_die_reveal(t, d, lt_check_seats(L, t, 3));
    return 0;
}

static int t_hide_die(lua_State *L)
{
    Table *t = ltable_self(L);
    dice_hide(&t->dice, lt_check_die(L, t, 2));
    return 0;
}

const luaL_Reg lua_dice_methods[] = {
    {"die", t_die},
    {"roll", t_roll},
    {"die_value", t_die_value},
    {"set_die", t_set_die},
    {"show_die", t_show_die},
    {"hide_die", t_hide_die},
    {NULL, NULL},
};
