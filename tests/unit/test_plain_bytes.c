#include <lauxlib.h>
#include <lualib.h>
#include <math.h>
#include <string.h>
#include "check.h"
#include "../../core/lua/lua_copy.h"
#include "../../core/lua/plain_bytes.h"

/* Vars of every plain kind, with tables grown entry by entry (so rehashed
 * on the way) and entries removed again: what a copy must reproduce. (A
 * table as a key would land by its address, so in no order two copies
 * share: the bot test vars-later.lua has one.) */
static const char VARS[] =
    "local v = { 'one', 'two', [2.5] = 'half', [true] = 'yes', [false] = 0, huge = 2^63 }\n"
    "v.t = { nested = { deeper = { 1, 2, 3 } } }\n"
    "for i = 1, 40 do v['k' .. i] = i % 3 == 0 and i / 4 or ('v' .. i) end\n"
    "for i = 1, 40, 4 do v['k' .. i] = nil end\n"
    "for i = 3, 30 do v[i] = i * i end\n"
    "v[20], v[35] = nil, 'past a hole'\n"
    "return v\n";

/* Pushes the entries of the table at idx as a list {k1, v1, k2, v2, ...}
 * in lua_next's order. */
static void push_entries(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_newtable(L);
    int list = lua_gettop(L), n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pushvalue(L, -2);
        lua_rawseti(L, list, ++n);
        lua_rawseti(L, list, ++n);
    }
}

/* Whether the values at ia and ib of L are the same plain data, and their
 * tables list the same entries in the same order under lua_next. Within
 * one state that order shows the tables were made at the same sizes and
 * filled in the same order (across states it differs anyway: each state
 * hashes strings with a seed of its own). */
static int same(lua_State *L, int ia, int ib)
{
    ia = lua_absindex(L, ia);
    ib = lua_absindex(L, ib);
    int type = lua_type(L, ia);
    if (type != lua_type(L, ib))
        return 0;
    switch (type) {
    case LUA_TBOOLEAN:
        return lua_toboolean(L, ia) == lua_toboolean(L, ib);
    case LUA_TNUMBER:
        return lua_isinteger(L, ia) == lua_isinteger(L, ib) &&
               lua_tonumber(L, ia) == lua_tonumber(L, ib);
    case LUA_TSTRING:
        return strcmp(lua_tostring(L, ia), lua_tostring(L, ib)) == 0;
    case LUA_TTABLE:
        break;
    default:
        return 0; /* neither copy keeps functions, userdata or threads */
    }
    if (lua_rawlen(L, ia) != lua_rawlen(L, ib))
        return 0;
    push_entries(L, ia);
    push_entries(L, ib);
    lua_Unsigned n = lua_rawlen(L, -2);
    int ok = n == lua_rawlen(L, -1);
    for (lua_Unsigned i = 1; ok && i <= n; i++) {
        lua_rawgeti(L, -2, (lua_Integer)i);
        lua_rawgeti(L, -2, (lua_Integer)i);
        ok = same(L, -2, -1);
        lua_pop(L, 2);
    }
    lua_pop(L, 2);
    return ok;
}

static int count_entries(lua_State *L, int idx)
{
    int n = 0;
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        n++;
        lua_pop(L, 1);
    }
    return n;
}

void test_plain_bytes(void)
{
    lua_State *from = luaL_newstate(), *read = luaL_newstate();
    luaL_openlibs(from);
    CHECK(luaL_dostring(from, VARS) == LUA_OK);

    PlainBytes bytes = {0};
    CHECK(plain_write(from, -1, &bytes) == NULL);
    CHECK_EQ_INT(lua_gettop(from), 1);
    size_t at = 0;
    plain_push(read, bytes.data, &at);
    CHECK_EQ_INT(at, bytes.size);
    /* Read back into the state it came from, it is lcopy's copy: the same
     * entries in the same order, nested tables too. */
    lcopy(from, 1);
    at = 0;
    plain_push(from, bytes.data, &at);
    CHECK(same(from, -2, -1));
    CHECK_EQ_INT(count_entries(read, -1), count_entries(from, 1));
    lua_settop(from, 0);

    /* What is not plain data is left out, as a key or as a value. */
    PlainBytes mixed = {0};
    CHECK(luaL_dostring(from, "return { a = 1, f = print, [print] = 2, co = coroutine.create(print),"
                              " t = { g = print, b = 2 } }") == LUA_OK);
    CHECK(plain_write(from, -1, &mixed) == NULL);
    at = 0;
    plain_push(read, mixed.data, &at);
    CHECK_EQ_INT(count_entries(read, -1), 2);
    lua_getfield(read, -1, "t");
    CHECK_EQ_INT(count_entries(read, -1), 1);
    lua_pop(read, 2);
    plain_free(&mixed);

    /* A cycle is refused with the reason. */
    CHECK(luaL_dostring(from, "local t = {} t.me = t return t") == LUA_OK);
    const char *why = plain_write(from, -1, &bytes);
    CHECK(why && strcmp(why, "nested more than 64 deep (a cycle?)") == 0);

    plain_free(&bytes);
    lua_close(from);
    lua_close(read);
}
