/* A seat's view as Lua gets it (core/binding/lua_view.c): every field under its
 * own name with the value the table holds, read here by name, so a key
 * pushed under the wrong name is caught; for a bot's view (zones and vars
 * made when read) and for the rules' t:view (zones made at once). */
#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../../core/lua/lua_keys.h"
#include "../../core/binding/lua_view.h"

/* Three seats; seat 2 asks. Seat 1 is out, seat 3 deals, play runs
 * counter-clockwise; seat 2 holds AS, KH lies face up, QD face down;
 * die 1 shows 4 to seat 2, die 2 shows 5 to nobody. */
static Table *known_table(void)
{
    Table *t = table_new(3, "1");
    t->seats.current = 2;
    t->seats.dealer = 3;
    t->seats.direction = -1;
    seats_eliminate(&t->seats, 1);
    int hand, pile, stock, c;
    zones_add(&t->zones, "hand2", 2, VIS_OWNER, &hand);
    zones_add(&t->zones, "pile", 0, VIS_PUBLIC, &pile);
    zones_add(&t->zones, "stock", 0, VIS_HIDDEN, &stock);
    deck_add(&t->deck, "AS", &c);
    zones_place(&t->zones, c, hand);
    deck_add(&t->deck, "KH", &c);
    zones_place(&t->zones, c, pile);
    deck_add(&t->deck, "QD", &c);
    zones_place(&t->zones, c, stock);
    int die;
    dice_add(&t->dice, 6, &die);
    dice_set(&t->dice, die, 4);
    dice_reveal(&t->dice, die, 1u << 2);
    dice_add(&t->dice, 6, &die);
    dice_set(&t->dice, die, 5);
    ledger_open(&t->ledger, "seat2", 150, &c);
    ledger_open(&t->ledger, "pot", 0, &c);
    return t;
}

/* The value at path (fields and numbers split by dots) from the table
 * on top, pushed. */
static int push_path(lua_State *L, const char *path)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", path);
    lua_pushvalue(L, -1);
    for (char *part = strtok(buf, "."); part; part = strtok(NULL, ".")) {
        if (lua_type(L, -1) != LUA_TTABLE)
            return LUA_TNIL;
        if (part[0] >= '0' && part[0] <= '9')
            lua_geti(L, -1, atoi(part));
        else
            lua_getfield(L, -1, part);
        lua_remove(L, -2);
    }
    return lua_type(L, -1);
}

static void expect_int(lua_State *L, const char *path, lua_Integer want)
{
    int type = push_path(L, path);
    int ok = type == LUA_TNUMBER && lua_isinteger(L, -1) && lua_tointeger(L, -1) == want;
    if (!ok)
        fprintf(stderr, "    view.%s is %s, expected %lld\n", path,
                type == LUA_TNUMBER ? lua_tostring(L, -1) : lua_typename(L, type), (long long)want);
    CHECK(ok);
    lua_pop(L, 1);
}

static void expect_str(lua_State *L, const char *path, const char *want)
{
    int type = push_path(L, path);
    int ok = type == LUA_TSTRING && strcmp(lua_tostring(L, -1), want) == 0;
    if (!ok)
        fprintf(stderr, "    view.%s is %s, expected \"%s\"\n", path,
                type == LUA_TSTRING ? lua_tostring(L, -1) : lua_typename(L, type), want);
    CHECK(ok);
    lua_pop(L, 1);
}

static void expect_nil(lua_State *L, const char *path)
{
    CHECK_EQ_INT(push_path(L, path), LUA_TNIL);
    lua_pop(L, 1);
}

/* The view on top of L, as seat 2 of known_table sees it. */
static void expect_seat2_view(lua_State *L)
{
    expect_int(L, "seat", 2);
    expect_int(L, "seats.n", 3);
    expect_int(L, "seats.current", 2);
    expect_int(L, "seats.dealer", 3);
    expect_int(L, "seats.direction", -1);
    expect_int(L, "seats.eliminated.1", 1);
    expect_nil(L, "seats.eliminated.2");
    expect_int(L, "accounts.seat2", 150);
    expect_int(L, "accounts.pot", 0);
    expect_int(L, "dice.1.faces", 6);
    expect_int(L, "dice.1.value", 4);
    expect_int(L, "dice.2.faces", 6);
    expect_nil(L, "dice.2.value");
    expect_str(L, "zones.hand2.cards.1", "AS");
    expect_int(L, "zones.hand2.count", 1);
    expect_int(L, "zones.hand2.owner", 2);
    expect_str(L, "zones.hand2.vis", "owner");
    expect_str(L, "zones.pile.cards.1", "KH");
    expect_str(L, "zones.pile.vis", "public");
    expect_int(L, "zones.pile.owner", 0);
    expect_str(L, "zones.stock.cards.1", "??");
    expect_int(L, "zones.stock.count", 1);
}

/* Run protected in the bot's state: seat 2's view, its vars the value on
 * top of the rules' state. */
static int push_with_vars(lua_State *L)
{
    const Table *t = lua_touserdata(L, 1);
    lua_State *rules = lua_touserdata(L, 2);
    lkeys_push(L);
    CHECK(lview_push_with_vars(L, lua_gettop(L), t, 2, rules, lua_gettop(rules)) == NULL);
    return 1;
}

void test_lua_view(void)
{
    Table *t = known_table();
    lua_State *rules = luaL_newstate(), *L = luaL_newstate();
    luaL_openlibs(L);

    /* The rules' view: zones made at once, no vars (the binding adds them). */
    lview_push(L, t, 2);
    expect_seat2_view(L);
    lua_pop(L, 1);

    /* A bot's view, twice: the second is made with what the first made
     * for the state (the key strings) and must read the same. */
    CHECK(luaL_dostring(rules, "return { phase = 'declare', strikes = { 0, 2 } }") == LUA_OK);
    for (int round = 0; round < 2; round++) {
        lua_pushcfunction(L, push_with_vars);
        lua_pushlightuserdata(L, t);
        lua_pushlightuserdata(L, rules);
        CHECK_EQ_INT(lua_pcall(L, 2, 1, 0), LUA_OK);
        CHECK_EQ_INT(lua_gettop(rules), 1); /* the rules' state only read */
        expect_seat2_view(L);
        expect_str(L, "vars.phase", "declare");
        expect_int(L, "vars.strikes.2", 2);
        /* A plain table, as one the bot made: no metatable anywhere,
         * and next and rawget see every entry at once. */
        lua_setglobal(L, "view");
        CHECK(luaL_dostring(L, "return getmetatable(view) == nil and getmetatable(view.zones) == nil "
                               "and getmetatable(view.vars) == nil and rawget(view.zones, 'stock') ~= nil "
                               "and rawget(view.vars, 'strikes') ~= nil and next(view.vars) ~= nil") == LUA_OK &&
              lua_toboolean(L, -1));
        lua_settop(L, 0);
    }

    /* Vars no view can hold are refused with why, and nothing is pushed. */
    CHECK(luaL_dostring(rules, "local t = {} t.me = t return t") == LUA_OK);
    lkeys_push(L);
    CHECK_EQ_INT(lua_gettop(L), 1);
    const char *why = lview_push_with_vars(L, 1, t, 2, rules, lua_gettop(rules));
    CHECK(why && strcmp(why, "nested more than 64 deep (a cycle?)") == 0);
    CHECK_EQ_INT(lua_gettop(L), 1);
    lua_settop(L, 0);

    lua_close(L);
    lua_close(rules);
    table_free(t);
}
