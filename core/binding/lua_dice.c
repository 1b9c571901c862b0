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
    int id = 0; /* (set by dice_add when it succeeds; the error is raised otherwise) */
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

/* t:die_value(die, ...) -> each die's value, read in the order given (at
 * a table with real dice, where the table types them): x, y =
 * t:die_value(1, 2) for the two reads of one call. */
static int t_die_value(lua_State *L)
{
    Table *t = ltable_self(L);
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n >= 1, 2, "expected a die");
    for (int i = 2; i <= n + 1; i++)
        lt_check_die(L, t, i);
    for (int i = 2; i <= n + 1; i++) {
        int value;
        char why[300];
        if (!table_die_value(t, (int)lua_tointeger(L, i), &value, why, sizeof why))
            return luaL_error(L, "%s", why);
        lua_pushinteger(L, value);
        lua_replace(L, i);
    }
    return n;
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

/* t:show_die(die, who): die a die, or a list of dice shown in its order
 * (t:show_die({1, 2}, seat) for both at once); who a seat, a list of
 * seats or "all". */
static int t_show_die(lua_State *L)
{
    Table *t = ltable_self(L);
    int dice[MAX_DICE], n = 0;
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_Integer len = (lua_Integer)lua_rawlen(L, 2);
        luaL_argcheck(L, len >= 1 && len <= MAX_DICE, 2, "expected a die or a list of dice");
        for (lua_Integer i = 1; i <= len; i++) {
            lua_rawgeti(L, 2, i);
            int isnum;
            lua_Integer d = lua_tointegerx(L, -1, &isnum);
            lua_pop(L, 1);
            if (!isnum || d < 1 || d > t->dice.n)
                luaL_argerror(L, 2, lua_pushfstring(L, "item %d of the list: die must be from 1 to %d",
                                                    (int)i, t->dice.n));
            dice[n++] = (int)d;
        }
    } else {
        dice[n++] = lt_check_die(L, t, 2);
    }
    uint32_t seats = lt_check_seats(L, t, 3);
    for (int i = 0; i < n; i++)
        table_die_reveal(t, dice[i], seats);
    return 0;
}

/* t:hide_die(die, ...) */
static int t_hide_die(lua_State *L)
{
    Table *t = ltable_self(L);
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n >= 1, 2, "expected a die");
    for (int i = 2; i <= n + 1; i++)
        lt_check_die(L, t, i);
    for (int i = 2; i <= n + 1; i++)
        dice_hide(&t->dice, (int)lua_tointeger(L, i));
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
