/* Bindings of the table for rules scripts. A caller's mistake raises the
 * standard "bad argument" error; an expected failure (an empty stock,
 * insufficient credits) returns nil and a message. */
#include "lua_table.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lua_json.h"
#include "table_json.h"

typedef struct LTable {
    Table *t;
} LTable;

void ltable_push(lua_State *L, Table *t, const char *vars_json)
{
    LTable *lt = lua_newuserdatauv(L, sizeof *lt, 1);
    lt->t = t;
    luaL_setmetatable(L, TABLE_MT);
    char err[200];
    if (!vars_json || strcmp(vars_json, "null") == 0 || !ljson_decode(L, vars_json, err, sizeof err))
        lua_newtable(L);
    lua_setiuservalue(L, -2, 1);
}

Table *ltable_check(lua_State *L, int idx)
{
    return ((LTable *)luaL_checkudata(L, idx, TABLE_MT))->t;
}

static int table_gc(lua_State *L)
{
    LTable *lt = luaL_checkudata(L, 1, TABLE_MT);
    table_free(lt->t);
    lt->t = NULL;
    return 0;
}

/* ---- argument helpers ---- */

static int check_zone(lua_State *L, Table *t, int arg)
{
    if (lua_type(L, arg) == LUA_TNUMBER) {
        lua_Integer z = luaL_checkinteger(L, arg);
        luaL_argcheck(L, z >= 1 && z <= t->zones.n, arg, "no zone of that number");
        return (int)z;
    }
    const char *name = luaL_checkstring(L, arg);
    int z = zones_find(&t->zones, name);
    if (!z)
        luaL_argerror(L, arg, lua_pushfstring(L, "no zone named '%s'", name));
    return z;
}

static int check_card(lua_State *L, Table *t, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING) {
        int c = deck_find(&t->deck, lua_tostring(L, arg));
        if (!c)
            luaL_argerror(L, arg, lua_pushfstring(L, "no card named '%s'", lua_tostring(L, arg)));
        return c;
    }
    lua_Integer c = luaL_checkinteger(L, arg);
    luaL_argcheck(L, c >= 1 && c <= t->deck.n, arg, "no card of that number");
    return (int)c;
}

static int check_seat(lua_State *L, Table *t, int arg)
{
    lua_Integer s = luaL_checkinteger(L, arg);
    if (s < 1 || s > t->seats.n)
        luaL_argerror(L, arg, lua_pushfstring(L, "seat must be from 1 to %d", t->seats.n));
    return (int)s;
}

static int check_die(lua_State *L, Table *t, int arg)
{
    lua_Integer d = luaL_checkinteger(L, arg);
    if (d < 1 || d > t->dice.n)
        luaL_argerror(L, arg, lua_pushfstring(L, "die must be from 1 to %d", t->dice.n));
    return (int)d;
}

static int check_account(lua_State *L, Table *t, int arg)
{
    const char *name = luaL_checkstring(L, arg);
    int a = ledger_find(&t->ledger, name);
    if (!a)
        luaL_argerror(L, arg, lua_pushfstring(L, "no account named '%s'", name));
    return a;
}

/* A seat, "all", or a list of seats. */
static uint32_t check_seats(lua_State *L, Table *t, int arg)
{
    if (lua_type(L, arg) == LUA_TSTRING && strcmp(lua_tostring(L, arg), "all") == 0)
        return ALL_SEATS;
    if (lua_type(L, arg) == LUA_TTABLE) {
        uint32_t mask = 0;
        lua_Integer n = luaL_len(L, arg);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, arg, i);
            lua_Integer s = lua_tointeger(L, -1);
            lua_pop(L, 1);
            if (s < 1 || s > t->seats.n)
                luaL_argerror(L, arg, "expected a list of seat numbers");
            mask |= 1u << s;
        }
        return mask;
    }
    if (lua_type(L, arg) != LUA_TNUMBER)
        luaL_typeerror(L, arg, "seat, list of seats or \"all\"");
    return 1u << check_seat(L, t, arg);
}

static int fail(lua_State *L, const char *msg)
{
    luaL_pushfail(L);
    lua_pushstring(L, msg);
    return 2;
}

/* ---- zones and cards ---- */

/* t:zone(name [, {owner = seat, vis = "hidden"|"owner"|"public"|"top"}]) -> id */
static int t_zone(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    const char *name = luaL_checkstring(L, 2);
    int owner = 0;
    Visibility vis = VIS_HIDDEN;
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        if (lua_getfield(L, 3, "owner") != LUA_TNIL) {
            lua_Integer o = lua_tointeger(L, -1);
            if (o < 1 || o > t->seats.n)
                luaL_argerror(L, 3, lua_pushfstring(L, "owner must be a seat from 1 to %d", t->seats.n));
            owner = (int)o;
        }
        if (lua_getfield(L, 3, "vis") != LUA_TNIL) {
            const char *v = lua_tostring(L, -1);
            if (!v || !visibility_parse(v, &vis))
                luaL_argerror(L, 3, "vis must be \"hidden\", \"owner\", \"public\" or \"top\"");
        } else if (owner) {
            vis = VIS_OWNER;
        }
        lua_pop(L, 2);
    }
    if (vis == VIS_OWNER && !owner)
        luaL_argerror(L, 3, "a zone seen by its owner needs an owner seat");
    int id;
    ZoneStatus s = zones_add(&t->zones, name, owner, vis, &id);
    if (s != ZONE_OK)
        luaL_argerror(L, 2, lua_pushfstring(L, "'%s': %s", name, zone_status_text(s)));
    lua_pushinteger(L, id);
    return 1;
}

static void add_card(lua_State *L, Table *t, int zone, const char *name, int arg)
{
    int id;
    DeckStatus s = deck_add(&t->deck, name, &id);
    if (s != DECK_OK)
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s': %s", name, deck_status_text(s)));
    zones_place(&t->zones, id, zone);
}

static void add_spec(lua_State *L, Table *t, int zone, const char *spec, int arg)
{
    if (strcmp(spec, "standard52") == 0) {
        int first = t->deck.n + 1;
        if (deck_add_standard52(&t->deck) != DECK_OK)
            luaL_argerror(L, arg, deck_status_text(DECK_FULL));
        for (int c = first; c <= t->deck.n; c++)
            zones_place(&t->zones, c, zone);
    } else {
        add_card(L, t, zone, spec, arg);
    }
}

/* t:deck(zone, spec) -> first id, last id. spec is "standard52", a card
 * name, or a list of those ("JK" twice gives two jokers). */
static int t_deck(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int zone = check_zone(L, t, 2);
    int first = t->deck.n + 1;
    if (lua_type(L, 3) == LUA_TTABLE) {
        lua_Integer n = luaL_len(L, 3);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, 3, i);
            if (lua_type(L, -1) != LUA_TSTRING)
                luaL_argerror(L, 3, "expected a list of card names");
            add_spec(L, t, zone, lua_tostring(L, -1), 3);
            lua_pop(L, 1);
        }
    } else {
        add_spec(L, t, zone, luaL_checkstring(L, 3), 3);
    }
    lua_pushinteger(L, first);
    lua_pushinteger(L, t->deck.n);
    return 2;
}

/* t:cards(zone) -> list of card ids, bottom first */
static int t_cards(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    const Zone *z = &t->zones.z[check_zone(L, t, 2)];
    lua_createtable(L, z->n, 0);
    for (int i = 0; i < z->n; i++) {
        lua_pushinteger(L, z->cards[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int t_count(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushinteger(L, t->zones.z[check_zone(L, t, 2)].n);
    return 1;
}

static int t_top(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int c = zones_top(&t->zones, check_zone(L, t, 2));
    if (c)
        lua_pushinteger(L, c);
    else
        lua_pushnil(L);
    return 1;
}

static int t_name(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushstring(L, t->deck.cards[check_card(L, t, 2)].name);
    return 1;
}

/* t:card(name [, zone]) -> id or nil: the first card of that name (in zone). */
static int t_card(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    const char *name = luaL_checkstring(L, 2);
    if (lua_isnoneornil(L, 3)) {
        int c = deck_find(&t->deck, name);
        if (c)
            lua_pushinteger(L, c);
        else
            lua_pushnil(L);
        return 1;
    }
    const Zone *z = &t->zones.z[check_zone(L, t, 3)];
    for (int i = z->n - 1; i >= 0; i--)
        if (strcasecmp(t->deck.cards[z->cards[i]].name, name) == 0) {
            lua_pushinteger(L, z->cards[i]);
            return 1;
        }
    lua_pushnil(L);
    return 1;
}

static const Face *check_face(lua_State *L, Table *t)
{
    const Card *c = &t->deck.cards[check_card(L, t, 2)];
    lua_Integer f = luaL_optinteger(L, 3, 1);
    luaL_argcheck(L, f == 1 || f == 2, 3, "face must be 1 or 2");
    return &c->face[f - 1];
}

/* t:rank(card [, face]) -> 2..14 (ace 14), 1 for a joker, nil for a token */
static int t_rank(lua_State *L)
{
    const Face *f = check_face(L, ltable_check(L, 1));
    if (f->rank)
        lua_pushinteger(L, f->rank);
    else
        lua_pushnil(L);
    return 1;
}

/* t:suit(card [, face]) -> "C", "D", "H", "S" or nil */
static int t_suit(lua_State *L)
{
    const Face *f = check_face(L, ltable_check(L, 1));
    if (f->suit >= 0)
        lua_pushlstring(L, &"CDHS"[f->suit], 1);
    else
        lua_pushnil(L);
    return 1;
}

/* t:move(card, zone [, "bottom"]) */
static int t_move(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int c = check_card(L, t, 2), z = check_zone(L, t, 3);
    const char *where = luaL_optstring(L, 4, "top");
    int bottom = strcmp(where, "bottom") == 0;
    luaL_argcheck(L, bottom || strcmp(where, "top") == 0, 4, "expected \"top\" or \"bottom\"");
    table_move(t, c, z, bottom);
    return 0;
}

/* t:draw(from, to [, n]) -> the cards drawn, or nil, message if from holds
 * fewer than n (then nothing moves). */
static int t_draw(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int from = check_zone(L, t, 2), to = check_zone(L, t, 3);
    lua_Integer n = luaL_optinteger(L, 4, 1);
    luaL_argcheck(L, n >= 1, 4, "must draw at least one card");
    if (t->zones.z[from].n < n)
        return fail(L, lua_pushfstring(L, "%s holds %d card(s), not %d", t->zones.z[from].name,
                                       t->zones.z[from].n, (int)n));
    luaL_checkstack(L, (int)n, "draw");
    for (lua_Integer i = 0; i < n; i++) {
        int c = zones_top(&t->zones, from);
        table_move(t, c, to, 0);
        lua_pushinteger(L, c);
    }
    return (int)n;
}

/* t:deal(from, {zone, ...}, n): n cards to each zone, one at a time in
 * the order given. nil, message if from holds too few (nothing moves). */
static int t_deal(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int from = check_zone(L, t, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_Integer n = luaL_checkinteger(L, 4);
    int targets[MAX_ZONES];
    lua_Integer k = luaL_len(L, 3);
    luaL_argcheck(L, k >= 1 && k < MAX_ZONES, 3, "expected a list of zones");
    for (lua_Integer i = 1; i <= k; i++) {
        lua_rawgeti(L, 3, i);
        targets[i - 1] = check_zone(L, t, lua_gettop(L));
        lua_pop(L, 1);
    }
    if (t->zones.z[from].n < n * k)
        return fail(L, lua_pushfstring(L, "%s holds %d card(s), not the %d needed",
                                       t->zones.z[from].name, t->zones.z[from].n, (int)(n * k)));
    for (lua_Integer r = 0; r < n; r++)
        for (lua_Integer i = 0; i < k; i++)
            table_move(t, zones_top(&t->zones, from), targets[i], 0);
    lua_pushboolean(L, 1);
    return 1;
}

static int t_shuffle(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    table_shuffle(t, check_zone(L, t, 2));
    return 0;
}

/* t:reveal(card, seat | {seats} | "all") */
static int t_reveal(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int c = check_card(L, t, 2);
    table_reveal(t, c, check_seats(L, t, 3));
    return 0;
}

static int t_where(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushstring(L, t->zones.z[t->zones.where[check_card(L, t, 2)]].name);
    return 1;
}

/* t:sees(seat, card) -> whether seat may see the card's face now */
static int t_sees(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int s = check_seat(L, t, 2);
    lua_pushboolean(L, zones_seat_sees(&t->zones, check_card(L, t, 3), s));
    return 1;
}

/* ---- dice ---- */

static int t_die(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int id;
    DiceStatus s = dice_add(&t->dice, (int)luaL_optinteger(L, 2, 6), &id);
    if (s != DICE_OK)
        luaL_argerror(L, 2, dice_status_text(s));
    lua_pushinteger(L, id);
    return 1;
}

/* t:roll(die, ...) -> the values rolled; each die is hidden from all after */
static int t_roll(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n >= 1, 2, "expected a die");
    for (int i = 2; i <= n + 1; i++)
        check_die(L, t, i);
    for (int i = 2; i <= n + 1; i++) {
        int d = (int)lua_tointeger(L, i);
        table_roll(t, d);
        lua_pushinteger(L, t->dice.d[d].value);
    }
    return n;
}

static int t_die_value(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushinteger(L, t->dice.d[check_die(L, t, 2)].value);
    return 1;
}

static int t_set_die(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int d = check_die(L, t, 2);
    DiceStatus s = table_die_set(t, d, (int)luaL_checkinteger(L, 3));
    if (s != DICE_OK)
        luaL_argerror(L, 3, dice_status_text(s));
    return 0;
}

static int t_show_die(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int d = check_die(L, t, 2);
    table_die_reveal(t, d, check_seats(L, t, 3));
    return 0;
}

static int t_hide_die(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    dice_hide(&t->dice, check_die(L, t, 2));
    return 0;
}

/* ---- seats ---- */

static int t_turn(lua_State *L)
{
    lua_pushinteger(L, ltable_check(L, 1)->seats.current);
    return 1;
}

static int t_set_turn(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    t->seats.current = check_seat(L, t, 2);
    return 0;
}

static int opt_seat(lua_State *L, Table *t, int arg)
{
    return lua_isnoneornil(L, arg) ? t->seats.current : check_seat(L, t, arg);
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
    Table *t = ltable_check(L, 1);
    return push_seat(L, seats_next(&t->seats, opt_seat(L, t, 2)));
}

static int t_prev(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    return push_seat(L, seats_prev(&t->seats, opt_seat(L, t, 2)));
}

static int t_advance(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    seats_advance(&t->seats);
    return push_seat(L, t->seats.current);
}

static int t_skip(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    seats_skip(&t->seats);
    return push_seat(L, t->seats.current);
}

static int t_reverse(lua_State *L)
{
    seats_reverse(&ltable_check(L, 1)->seats);
    return 0;
}

static int t_direction(lua_State *L)
{
    lua_pushinteger(L, ltable_check(L, 1)->seats.direction);
    return 1;
}

static int t_eliminate(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    table_eliminate(t, check_seat(L, t, 2));
    return 0;
}

static int t_active(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushboolean(L, seats_active(&t->seats, check_seat(L, t, 2)));
    return 1;
}

static int t_active_count(lua_State *L)
{
    lua_pushinteger(L, seats_active_count(&ltable_check(L, 1)->seats));
    return 1;
}

static int t_dealer(lua_State *L)
{
    lua_pushinteger(L, ltable_check(L, 1)->seats.dealer);
    return 1;
}

static int t_set_dealer(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    t->seats.dealer = check_seat(L, t, 2);
    return 0;
}

static int t_rotate_dealer(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    seats_rotate_dealer(&t->seats);
    return push_seat(L, t->seats.dealer);
}

/* ---- ledger ---- */

/* t:account(name [, credits]) -> id; in setup only when credits > 0 */
static int t_account(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    const char *name = luaL_checkstring(L, 2);
    lua_Integer credits = luaL_optinteger(L, 3, 0);
    int id;
    LedgerStatus s = ledger_open(&t->ledger, name, credits, &id);
    if (s != LEDGER_OK)
        luaL_argerror(L, s == LEDGER_NEGATIVE || s == LEDGER_OVERFLOW ? 3 : 2,
                      lua_pushfstring(L, "account '%s': %s", name, ledger_status_text(s)));
    lua_pushinteger(L, id);
    return 1;
}

static int t_balance(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushinteger(L, t->ledger.a[check_account(L, t, 2)].balance);
    return 1;
}

/* t:transfer(from, to, amount, reason) -> true, or nil and a message
 * (insufficient credits); nothing moves on failure. */
static int t_transfer(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int from = check_account(L, t, 2), to = check_account(L, t, 3);
    lua_Integer amount = luaL_checkinteger(L, 4);
    const char *reason = luaL_checkstring(L, 5);
    luaL_argcheck(L, amount >= 0, 4, "the amount must not be negative");
    luaL_argcheck(L, from != to, 3, "a transfer needs two different accounts");
    LedgerStatus s = table_transfer(t, from, to, amount, reason);
    if (s != LEDGER_OK)
        return fail(L, lua_pushfstring(L, "%s: %s has %I, not %I", ledger_status_text(s),
                                       t->ledger.a[from].name,
                                       (lua_Integer)t->ledger.a[from].balance, amount));
    lua_pushboolean(L, 1);
    return 1;
}

static int t_total(lua_State *L)
{
    lua_pushinteger(L, ltable_check(L, 1)->ledger.total);
    return 1;
}

/* ---- log, chance, views, copies ---- */

/* t:note(text [, seat]): an announcement for everyone (or one seat). */
static int t_note(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    const char *text = luaL_checkstring(L, 2);
    int seat = lua_isnoneornil(L, 3) ? 0 : check_seat(L, t, 3);
    table_note(t, seat, text);
    return 0;
}

/* t:random(n) -> 1..n, t:random(m, n) -> m..n: from the chance source. */
static int t_random(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_Integer lo = 1, hi;
    if (lua_isnoneornil(L, 3)) {
        hi = luaL_checkinteger(L, 2);
    } else {
        lo = luaL_checkinteger(L, 2);
        hi = luaL_checkinteger(L, 3);
    }
    luaL_argcheck(L, lo <= hi && hi - lo < 0x7fffffff, 2, "interval is empty or too large");
    lua_pushinteger(L, lo + (lua_Integer)table_random(t, (uint32_t)(hi - lo + 1), "random"));
    return 1;
}

static void push_card_names(lua_State *L, const Table *t, const Zone *z, int seat)
{
    lua_createtable(L, z->n, 0);
    for (int i = 0; i < z->n; i++) {
        int c = z->cards[i];
        lua_pushstring(L, zones_seat_sees(&t->zones, c, seat) ? t->deck.cards[c].name : "??");
        lua_rawseti(L, -2, i + 1);
    }
}

void ltable_push_view(lua_State *L, int idx, int seat)
{
    idx = lua_absindex(L, idx);
    Table *t = ltable_check(L, idx);
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, seat);
    lua_setfield(L, -2, "seat");

    lua_createtable(L, 0, t->zones.n);
    for (int z = 1; z <= t->zones.n; z++) {
        const Zone *zone = &t->zones.z[z];
        lua_createtable(L, 0, 4);
        push_card_names(L, t, zone, seat);
        lua_setfield(L, -2, "cards");
        lua_pushinteger(L, zone->n);
        lua_setfield(L, -2, "count");
        lua_pushinteger(L, zone->owner);
        lua_setfield(L, -2, "owner");
        lua_pushstring(L, visibility_name((Visibility)zone->vis));
        lua_setfield(L, -2, "vis");
        lua_setfield(L, -2, zone->name);
    }
    lua_setfield(L, -2, "zones");

    lua_createtable(L, t->dice.n, 0);
    for (int d = 1; d <= t->dice.n; d++) {
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, t->dice.d[d].faces);
        lua_setfield(L, -2, "faces");
        if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value) {
            lua_pushinteger(L, t->dice.d[d].value);
            lua_setfield(L, -2, "value");
        }
        lua_rawseti(L, -2, d);
    }
    lua_setfield(L, -2, "dice");

    lua_createtable(L, 0, t->ledger.n);
    for (int a = 1; a <= t->ledger.n; a++) {
        lua_pushinteger(L, t->ledger.a[a].balance);
        lua_setfield(L, -2, t->ledger.a[a].name);
    }
    lua_setfield(L, -2, "accounts");

    lua_createtable(L, 0, 5);
    lua_pushinteger(L, t->seats.n);
    lua_setfield(L, -2, "n");
    lua_pushinteger(L, t->seats.current);
    lua_setfield(L, -2, "current");
    lua_pushinteger(L, t->seats.dealer);
    lua_setfield(L, -2, "dealer");
    lua_pushinteger(L, t->seats.direction);
    lua_setfield(L, -2, "direction");
    lua_createtable(L, 0, 0);
    for (int s = 1, k = 0; s <= t->seats.n; s++)
        if (!seats_active(&t->seats, s)) {
            lua_pushinteger(L, s);
            lua_rawseti(L, -2, ++k);
        }
    lua_setfield(L, -2, "eliminated");
    lua_setfield(L, -2, "seats");

    /* The rules' variables are public by contract: hidden facts live in
     * zones and dice, whose visibility the kernel enforces above. */
    lua_getiuservalue(L, idx, 1);
    ljson_deep_copy(L, -1);
    lua_remove(L, -2);
    lua_setfield(L, -2, "vars");
}

/* t:view(seat) -> a fresh table of what seat may see (0: a spectator) */
static int t_view(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_Integer seat = luaL_optinteger(L, 2, 0);
    luaL_argcheck(L, seat >= 0 && seat <= t->seats.n, 2, "seat out of range");
    ltable_push_view(L, 1, (int)seat);
    return 1;
}

/* t:clone() -> an independent copy, vars included */
static int t_clone(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    Table *c = table_clone(t);
    if (!c)
        return luaL_error(L, "out of memory");
    ltable_push(L, c, NULL);
    lua_getiuservalue(L, 1, 1);
    ljson_deep_copy(L, -1);
    lua_setiuservalue(L, -3, 1);
    lua_pop(L, 1);
    return 1;
}

/* t:resample(seat, tag): reshuffle every card seat cannot see among the
 * places such cards hold, from a stream derived from the table's and tag.
 * Meant for a clone used in search. Returns how many cards took part. */
static int t_resample(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    int seat = check_seat(L, t, 2);
    Rng r = rng_derive(&t->rng, (uint64_t)luaL_optinteger(L, 3, 0));
    lua_pushinteger(L, zones_resample(&t->zones, seat, &r));
    return 1;
}

char *ltable_save(lua_State *L, int idx, char *err, size_t errsize)
{
    Table *t = ltable_check(L, idx);
    lua_getiuservalue(L, idx, 1);
    char *vars = ljson_encode(L, -1, err, errsize);
    lua_pop(L, 1);
    if (!vars)
        return NULL;
    char *text = table_to_json(t, vars);
    free(vars);
    if (!text)
        snprintf(err, errsize, "out of memory");
    return text;
}

/* t:save() -> JSON text, or nil and why (vars that cannot be saved) */
static int t_save(lua_State *L)
{
    char err[200];
    ltable_check(L, 1);
    char *text = ltable_save(L, 1, err, sizeof err);
    if (!text)
        return fail(L, lua_pushfstring(L, "t.vars: %s", err));
    lua_pushstring(L, text);
    free(text);
    return 1;
}

/* t:hash() -> a 64-bit fingerprint of the whole table, vars included */
static int t_hash(lua_State *L)
{
    char err[200];
    ltable_check(L, 1);
    char *text = ltable_save(L, 1, err, sizeof err);
    if (!text)
        return luaL_error(L, "t.vars: %s", err);
    lua_pushinteger(L, (lua_Integer)fnv1a64(text));
    free(text);
    return 1;
}

/* t:log_lines([from [, viewer]]) -> the log from entry `from` (1-based) as
 * text; with a viewer seat (0: a spectator), only what that seat may know */
static int t_log_lines(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_Integer from = luaL_optinteger(L, 2, 1);
    lua_Integer viewer = luaL_optinteger(L, 3, -1);
    int k = 0;
    lua_newtable(L);
    for (int i = (int)(from < 1 ? 1 : from); i <= t->log.n; i++) {
        char line[512];
        if (table_log_line(t, i - 1, (int)viewer, line, sizeof line)) {
            lua_pushstring(L, line);
            lua_rawseti(L, -2, ++k);
        }
    }
    return 1;
}

/* referee.load_table(text) -> table, or nil and why */
static int load_table(lua_State *L)
{
    char err[300], *vars = NULL;
    Table *t = table_from_json(luaL_checkstring(L, 1), &vars, err, sizeof err);
    if (!t)
        return fail(L, err);
    ltable_push(L, t, vars);
    free(vars);
    return 1;
}

/* referee.new_table(nseats, seed) -> an empty table, for tests and tools */
static int new_table(lua_State *L)
{
    lua_Integer n = luaL_checkinteger(L, 1);
    luaL_argcheck(L, n >= 1 && n <= MAX_SEATS, 1, "seats must be from 1 to 16");
    Table *t = table_new((int)n, (uint64_t)luaL_optinteger(L, 2, 0));
    if (!t)
        return luaL_error(L, "out of memory");
    ltable_push(L, t, NULL);
    return 1;
}

static const luaL_Reg table_methods[] = {
    {"zone", t_zone}, {"deck", t_deck}, {"cards", t_cards}, {"count", t_count},
    {"top", t_top}, {"name", t_name}, {"card", t_card}, {"rank", t_rank},
    {"suit", t_suit}, {"move", t_move}, {"draw", t_draw}, {"deal", t_deal},
    {"shuffle", t_shuffle}, {"reveal", t_reveal}, {"where", t_where}, {"sees", t_sees},
    {"die", t_die}, {"roll", t_roll}, {"die_value", t_die_value}, {"set_die", t_set_die},
    {"show_die", t_show_die}, {"hide_die", t_hide_die},
    {"turn", t_turn}, {"set_turn", t_set_turn}, {"next", t_next}, {"prev", t_prev},
    {"advance", t_advance}, {"skip", t_skip}, {"reverse", t_reverse},
    {"direction", t_direction}, {"eliminate", t_eliminate}, {"active", t_active},
    {"active_count", t_active_count}, {"dealer", t_dealer}, {"set_dealer", t_set_dealer},
    {"rotate_dealer", t_rotate_dealer},
    {"account", t_account}, {"balance", t_balance}, {"transfer", t_transfer},
    {"total", t_total},
    {"note", t_note}, {"random", t_random}, {"view", t_view}, {"clone", t_clone},
    {"resample", t_resample}, {"save", t_save}, {"hash", t_hash}, {"log_lines", t_log_lines},
    {NULL, NULL},
};

/* t.vars, t.nseats, then the methods. stack: t, key */
static int table_index(lua_State *L)
{
    size_t len;
    const char *key = lua_tolstring(L, 2, &len);
    if (key && len == 4 && memcmp(key, "vars", 4) == 0) {
        lua_getiuservalue(L, 1, 1);
        return 1;
    }
    if (key && strcmp(key, "nseats") == 0) {
        lua_pushinteger(L, ltable_check(L, 1)->seats.n);
        return 1;
    }
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

static int table_newindex(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TSTRING && strcmp(lua_tostring(L, 2), "vars") == 0 &&
        lua_type(L, 3) == LUA_TTABLE) {
        lua_settop(L, 3);
        lua_setiuservalue(L, 1, 1);
        return 0;
    }
    return luaL_error(L, "the table has no field '%s' to set: keep the rules' own "
                         "variables in t.vars", luaL_tolstring(L, 2, NULL));
}

static int table_tostring(lua_State *L)
{
    Table *t = ltable_check(L, 1);
    lua_pushfstring(L, "referee.Table (%d seats, %d cards, %d zones)", t->seats.n, t->deck.n,
                    t->zones.n);
    return 1;
}

static const luaL_Reg table_module[] = {
    {"load_table", load_table},
    {"new_table", new_table},
    {NULL, NULL},
};

int luaopen_referee_table(lua_State *L)
{
    if (luaL_newmetatable(L, TABLE_MT)) {
        luaL_newlib(L, table_methods);
        lua_pushcclosure(L, table_index, 1);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, table_newindex);
        lua_setfield(L, -2, "__newindex");
        lua_pushcfunction(L, table_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, table_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_pop(L, 1);
    luaL_newlib(L, table_module);
    return 1;
}
