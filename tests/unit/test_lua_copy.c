#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../../core/lua/lua_copy.h"
#include "../../core/lua/lua_json.h"
#include "../../core/lua/plain_cross.h"

/* A table held twice at each of `levels` levels: {x, x} with x = {y, y}
 * and so on. As a tree it would be 2^levels tables. */
static void push_shared_levels(lua_State *L, int levels)
{
    char code[160];
    snprintf(code, sizeof code,
             "local x = {} for _ = 1, %d do x = { x, x } end return x", levels);
    CHECK(luaL_dostring(L, code) == LUA_OK);
}

/* Whether t[1] and t[2] are one table at each level below the table at idx,
 * down to the empty one, and how many levels that is. */
static int shared_levels(lua_State *L, int idx)
{
    int levels = 0;
    lua_pushvalue(L, idx);
    while (lua_rawgeti(L, -1, 1) == LUA_TTABLE) {
        lua_rawgeti(L, -2, 2);
        if (!lua_rawequal(L, -1, -2)) {
            lua_pop(L, 3);
            return -1;
        }
        lua_pop(L, 1);
        lua_remove(L, -2);
        levels++;
    }
    lua_pop(L, 2);
    return levels;
}

static void test_copy_keeps_the_shape(lua_State *L)
{
    /* 60 shared levels: as a tree, 2^60 copies (the copy never ended). */
    push_shared_levels(L, 60);
    lcopy(L, -1);
    CHECK_EQ_INT(lua_gettop(L), 2);
    CHECK(!lua_rawequal(L, 1, 2));
    CHECK_EQ_INT(shared_levels(L, 2), 60);
    /* A fresh copy: nothing in it is the original's. */
    lua_rawgeti(L, 1, 1);
    lua_rawgeti(L, 2, 1);
    CHECK(!lua_rawequal(L, -1, -2));
    lua_settop(L, 0);

    /* A table holding itself, and a nested one holding the top: cycles are
     * copied as cycles, within the copy. */
    CHECK(luaL_dostring(L, "local t = { inner = {} } t.self = t t.inner.up = t "
                           "t.inner.again = t.inner return t") == LUA_OK);
    lcopy(L, 1);
    lua_getfield(L, 2, "self");
    CHECK(lua_rawequal(L, -1, 2));
    lua_getfield(L, 2, "inner");
    lua_getfield(L, -1, "up");
    CHECK(lua_rawequal(L, -1, 2));
    lua_getfield(L, -2, "again");
    CHECK(lua_rawequal(L, -1, -3));
    lua_getfield(L, 1, "inner");
    CHECK(!lua_rawequal(L, -1, -3));
    lua_settop(L, 0);

    /* Values are copied as they were; a flat table too. */
    CHECK(luaL_dostring(L, "return { 1, 'two', x = true, t = { 3 } }") == LUA_OK);
    lcopy(L, 1);
    CHECK_EQ_INT(lua_rawlen(L, 2), 2);
    lua_getfield(L, 2, "t");
    lua_rawgeti(L, -1, 1);
    CHECK_EQ_INT(lua_tointeger(L, -1), 3);
    lua_settop(L, 0);

    /* An empty table is copied as one; a table of up to 32 keys is read
     * once, a larger one twice (lua_copy.c): each whole, keys and values. */
    CHECK(luaL_dostring(L, "return { empty = {}, { {} } }") == LUA_OK);
    lcopy(L, 1);
    CHECK_EQ_INT(lua_gettop(L), 2);
    CHECK(lua_getfield(L, 2, "empty") == LUA_TTABLE && lua_rawlen(L, -1) == 0);
    CHECK(lua_rawgeti(L, 2, 1) == LUA_TTABLE && lua_rawgeti(L, -1, 1) == LUA_TTABLE);
    lua_settop(L, 0);
    for (int keys = 31; keys <= 34; keys++) {
        char code[200];
        snprintf(code, sizeof code, "local t = {} for i = 1, %d do t[i] = i end for i = 1, %d do "
                 "t['k' .. i] = { i } end return t", keys / 2, keys - keys / 2);
        CHECK(luaL_dostring(L, code) == LUA_OK);
        lcopy(L, 1);
        CHECK_EQ_INT(lua_gettop(L), 2);
        CHECK(luaL_loadstring(L, "local a, b = ... local n = 0 for k, v in pairs(a) do n = n + 1 "
                               "if type(v) == 'table' then if b[k][1] ~= v[1] or b[k] == v then "
                               "return -1 end elseif b[k] ~= v then return -1 end end "
                               "for _ in pairs(b) do n = n - 1 end return n") == LUA_OK);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_call(L, 2, 1);
        CHECK_EQ_INT(lua_tointeger(L, -1), 0);
        lua_settop(L, 0);
    }
}

/* Written out as a tree, such a value stops at WRITE_MAX_TABLES with why;
 * below it, it is written. */
static void test_writing_a_shared_table(lua_State *L)
{
    lua_State *to = luaL_newstate();
    char err[300], too_many[64];
    snprintf(too_many, sizeof too_many, "holds more than %d tables", WRITE_MAX_TABLES);
    push_shared_levels(L, 60);
    const char *why = plain_cross(to, L, -1);
    CHECK(why && strstr(why, too_many));
    CHECK_EQ_INT(lua_gettop(to), 0);
    lua_settop(L, 0);
    push_shared_levels(L, 60);
    CHECK(ljson_encode(L, -1, err, sizeof err) == NULL);
    CHECK(strstr(err, too_many) != NULL);
    lua_settop(L, 0);

    /* 2^16 - 1 tables as a tree: under the limit, so written whole. */
    push_shared_levels(L, 15);
    CHECK(plain_cross(to, L, -1) == NULL);
    CHECK_EQ_INT(lua_gettop(to), 1);
    char *text = ljson_encode(L, -1, err, sizeof err);
    CHECK(text != NULL);
    free(text);
    lua_settop(L, 0);
    lua_close(to);
}

/* Whether lcopy_unless_plain pushed the value at 1 itself (1) or a copy
 * (0); either way a table without a metatable at any depth walked. */
static int pushed_itself(lua_State *L, const char *code)
{
    CHECK(luaL_dostring(L, code) == LUA_OK);
    lcopy_unless_plain(L, 1);
    CHECK_EQ_INT(lua_gettop(L), 2);
    int same = lua_rawequal(L, 1, 2);
    lua_getfield(L, 2, "inner");
    CHECK(!lua_getmetatable(L, 2) && !(lua_istable(L, -1) && lua_getmetatable(L, -1)));
    lua_settop(L, 0);
    return same;
}

static void test_plain_values_read_as_they_lie(lua_State *L)
{
    /* A result as rules make one: read where it lies. */
    CHECK(pushed_itself(L, "return { winners = { 2 }, scores = { 0, 1 }, message = 'won' }"));
    /* A metatable at the top, or deeper, could run a script as C reads it. */
    CHECK(!pushed_itself(L, "return setmetatable({ 1 }, { __index = error })"));
    CHECK(!pushed_itself(L, "return { inner = setmetatable({}, { __len = error }) }"));
    /* More tables than the walk looks at, a cycle or a shared level after
     * level: copied, as lcopy copies them, in the shape they had. */
    CHECK(!pushed_itself(L, "local t = { inner = {} } t.inner.up = t return t"));
    push_shared_levels(L, 40);
    lcopy_unless_plain(L, 1);
    CHECK(!lua_rawequal(L, 1, 2));
    CHECK_EQ_INT(shared_levels(L, 2), 40);
    lua_settop(L, 0);
    /* What is not a table is itself. */
    lua_pushliteral(L, "a text");
    lcopy_unless_plain(L, 1);
    CHECK(lua_rawequal(L, 1, 2));
    lua_settop(L, 0);
}

void test_lua_copy(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L); /* setmetatable and error, for the values made plain or not */
    test_copy_keeps_the_shape(L);
    test_plain_values_read_as_they_lie(L);
    test_writing_a_shared_table(L);
    lua_close(L);
}
