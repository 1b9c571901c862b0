/* lean-loop's seats and dice: the dealer, whose turn it is, the direction
 * of play and the seats still in the game, and the dice with who sees
 * each, kept in C as the referee's kernel keeps them (lean_table.c says
 * what the lean kernel is for). Every seat and die a call names is
 * checked; a roll draws from the table's stream. */
#include <lauxlib.h>
#include "lean.h"

static int check_die(lua_State *L, const Lean *g, int arg)
{
    lua_Integer d = luaL_checkinteger(L, arg);
    luaL_argcheck(L, d >= 1 && d <= g->table.ndice, arg, "not a die: use what t:die gave");
    return (int)d - 1;
}

/* ---- the dealer, the turn, the direction ---- */

static int t_set_dealer(lua_State *L)
{
    Lean *g = lean_self(L);
    g->table.dealer = lean_check_seat(L, g, 2);
    return 0;
}

static int t_dealer(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushinteger(L, g->table.dealer);
    return 1;
}

static int t_set_turn(lua_State *L)
{
    Lean *g = lean_self(L);
    g->table.turn = lean_check_seat(L, g, 2);
    return 0;
}

static int t_turn(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushinteger(L, g->table.turn);
    return 1;
}

static int t_reverse(lua_State *L)
{
    Lean *g = lean_self(L);
    g->table.direction = -g->table.direction;
    return 0;
}

static int t_direction(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushinteger(L, g->table.direction);
    return 1;
}

/* The seat still in the game `step` places (1 or -1) from seat; seat
 * itself when it is the only one. */
static int seat_after(const Lean *g, int seat, int step)
{
    int s = seat;
    do
        s = (s - 1 + step + g->nseats) % g->nseats + 1;
    while (!(g->table.active >> s & 1) && s != seat);
    return s;
}

/* t:next(seat): in the direction of play. */
static int t_next(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushinteger(L, seat_after(g, lean_check_seat(L, g, 2), g->table.direction));
    return 1;
}

/* ---- the seats still in ---- */

static int t_eliminate(lua_State *L)
{
    Lean *g = lean_self(L);
    g->table.active &= ~(1u << lean_check_seat(L, g, 2));
    return 0;
}

static int t_active(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushboolean(L, g->table.active >> lean_check_seat(L, g, 2) & 1);
    return 1;
}

static int t_active_count(lua_State *L)
{
    Lean *g = lean_self(L);
    lua_pushinteger(L, __builtin_popcount(g->table.active));
    return 1;
}

/* ---- the dice ---- */

/* t:die(sides): a new die's handle, not rolled. */
static int t_die(lua_State *L)
{
    Lean *g = lean_self(L);
    LeanTable *tb = &g->table;
    luaL_argcheck(L, tb->ndice < LEAN_DICE, 2, "too many dice");
    lua_Integer sides = luaL_checkinteger(L, 2);
    luaL_argcheck(L, sides >= 2 && sides <= 100, 2, "a die of 2 to 100 sides");
    tb->die[tb->ndice] = (LeanDie){(int)sides, 0, 0};
    lua_pushinteger(L, ++tb->ndice);
    return 1;
}

/* t:roll(first, last): those dice rolled, hidden from every seat. */
static int t_roll(lua_State *L)
{
    Lean *g = lean_self(L);
    int first = check_die(L, g, 2), last = check_die(L, g, 3);
    for (int d = first; d <= last; d++) {
        LeanDie *die = &g->table.die[d];
        die->value = lean_uniform(&g->stream, die->sides) + 1;
        die->seen = 0;
        lean_log(g, LOGGED_ROLL, d, die->value, 0);
    }
    return 0;
}

/* t:dice(first, last): those dice's values. */
static int t_dice(lua_State *L)
{
    Lean *g = lean_self(L);
    int first = check_die(L, g, 2), last = check_die(L, g, 3);
    for (int d = first; d <= last; d++)
        lua_pushinteger(L, g->table.die[d].value);
    return last >= first ? last - first + 1 : 0;
}

/* t:set_die(die, value) */
static int t_set_die(lua_State *L)
{
    Lean *g = lean_self(L);
    LeanDie *die = &g->table.die[check_die(L, g, 2)];
    lua_Integer value = luaL_checkinteger(L, 3);
    luaL_argcheck(L, value >= 1 && value <= die->sides, 3, "a value the die has");
    die->value = (int)value;
    return 0;
}

/* t:show_dice(first, last [, seat]): to the seat, or without one to every
 * seat. */
static int t_show_dice(lua_State *L)
{
    Lean *g = lean_self(L);
    int first = check_die(L, g, 2), last = check_die(L, g, 3);
    int seat = lua_isnoneornil(L, 4) ? 0 : lean_check_seat(L, g, 4);
    for (int d = first; d <= last; d++) {
        g->table.die[d].seen |= 1u << seat;
        lean_log(g, LOGGED_SHOW_DIE, d, seat, 0);
    }
    return 0;
}

/* t:hide_dice(first, last): off the table, seen by none. */
static int t_hide_dice(lua_State *L)
{
    Lean *g = lean_self(L);
    int first = check_die(L, g, 2), last = check_die(L, g, 3);
    for (int d = first; d <= last; d++)
        g->table.die[d].seen = 0;
    return 0;
}

void lean_seats_start(Lean *g)
{
    LeanTable *tb = &g->table;
    tb->dealer = tb->turn = 0;
    tb->direction = 1;
    tb->active = ((1u << g->nseats) - 1) << 1;
    tb->ndice = g->prepared.ndice;
    for (int d = 0; d < tb->ndice; d++)
        tb->die[d] = (LeanDie){g->prepared.die[d].sides, 0, 0};
}

void lean_seats_methods(lua_State *L, Lean *g)
{
    static const luaL_Reg methods[] = {
        {"set_dealer", t_set_dealer}, {"dealer", t_dealer},
        {"set_turn", t_set_turn},     {"turn", t_turn},
        {"reverse", t_reverse},       {"direction", t_direction},
        {"next", t_next},
        {"eliminate", t_eliminate},   {"active", t_active},
        {"active_count", t_active_count},
        {"die", t_die},               {"roll", t_roll},
        {"dice", t_dice},             {"set_die", t_set_die},
        {"show_dice", t_show_dice},   {"hide_dice", t_hide_dice},
        {NULL, NULL},
    };
    lua_pushlightuserdata(L, g);
    luaL_setfuncs(L, methods, 1);
    g->table.direction = 1;
    g->table.active = ((1u << g->nseats) - 1) << 1;
}
