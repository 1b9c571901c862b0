#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include "check.h"
#include "../../core/lua/frozen_copy.h"

/* same(a, b): b is a copy of a: equal keys, values of the same type and
 * subtype, numbers to the bit (-0.0 is not 0.0), texts to the byte, and
 * every table another table than a's, with no metatable. shaped(c): c.a and c.b are one
 * table, and c.self is c (a copy that kept the original's shape). */
static const char *HELPERS =
    "local function same(a, b)\n"
    "  if type(a) ~= type(b) then return false end\n"
    "  if type(a) == 'number' then\n"
    "    return math.type(a) == math.type(b) and string.pack('n', a) == string.pack('n', b)\n"
    "  end\n"
    "  if type(a) ~= 'table' then return a == b end\n"
    "  if rawequal(a, b) or getmetatable(b) ~= nil then return false end\n"
    "  for k, v in next, a do if not same(v, rawget(b, k)) then return false end end\n"
    "  for k in next, b do if rawget(a, k) == nil then return false end end\n"
    "  return true\n"
    "end\n"
    "return same";

/* Tables the code holds: what the copies are checked against. */
static const char *const WRITTEN[] = {
    /* BAM!'s options */
    "return { cards = 4, credits = 1000, hand_amount = 50, fold = true, redraw = false, hands = 0, dealer = 0 }",
    /* every byte, in values and keys */
    "local s = {} for i = 0, 255 do s[#s + 1] = string.char(i) end "
    "return { all = table.concat(s), ['q\"\\\\'] = 'a\\\\\"b\\n', [string.char(0, 1, 255)] = '\\0x', "
    "[''] = '', long = string.rep('long ', 30), ['\"] = os.exit() --'] = '\" .. os.exit() .. \"' }",
    /* numbers to the bit, and keys that are no text */
    "return { mi = math.mininteger, ma = math.maxinteger, z = -0.0, f = 0.1, big = 1e308, "
    "tiny = 5e-324, two = 2.0, neg = -3, [-7] = 1, [0] = 2, [math.mininteger] = 'least', "
    "[true] = false, [false] = true }",
    /* nested lists and tables, a list and keys past it */
    "return { owes = { 0, 0, 0, 0 }, deep = { a = { b = { c = { 1, 2, { x = true } } } } }, "
    "list = { 1, 2, 3, n = 3, [10] = 10 }, hands_played = 0 }",
    "return {}",
    "local t = {} for i = 1, 120 do t[i] = i * 1.5 end return t",
    /* read raw, as lcopy reads it: the copy has no metatable */
    "return setmetatable({ a = 1, list = setmetatable({ 2 }, { __len = error }) }, "
    "{ __index = error, __newindex = error, __pairs = error })",
};

/* Tables the code cannot hold: lcopy copies them, as it would. */
static const char *const NOT_WRITTEN[] = {
    "return { f = print, n = 1 }",
    "return { x = 0/0 }",
    "return { x = 1/0, y = -1/0 }",
    "return { [1.5] = 'half' }",
    "return { [{}] = 'a table' }",
    "return { 1, nil, 3 }",
    "local t = {} local at = t for i = 1, 20 do at.next = {} at = at.next end return t",
    "local t = {} for i = 1, 2000 do t['k' .. i] = i end return t",
};

/* Two copies of the table at 1, the first made as the code is written and
 * the second by it, each another table equal to it; a change to one
 * reaches neither the table nor a later copy. */
static void check_copies(lua_State *L, const char *code, int room, int written)
{
    int same = 1;
    if (luaL_dostring(L, code) != LUA_OK) {
        fprintf(stderr, "%s: %s\n", code, lua_tostring(L, -1));
        CHECK(0);
        lua_settop(L, same);
        return;
    }
    int t = lua_gettop(L);
    for (int copy = 1; copy <= 2; copy++) {
        lcopy_frozen(L, t, room);
        lua_pushvalue(L, same);
        lua_pushvalue(L, t);
        lua_pushvalue(L, -3);
        lua_call(L, 2, 1);
        if (!lua_toboolean(L, -1))
            fprintf(stderr, "copy %d of %s: not the same\n", copy, code);
        CHECK(lua_toboolean(L, -1));
        lua_pop(L, 1);
        if (lcopy_frozen_written(L, t) != written)
            fprintf(stderr, "%s: %s by its code\n", code, written ? "not copied" : "copied");
        CHECK_EQ_INT(lcopy_frozen_written(L, t), written);
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "written into the copy");
        lua_pop(L, 1);
    }
    lua_pushliteral(L, "written into the copy");
    CHECK(lua_rawget(L, t) == LUA_TNIL);
    lua_settop(L, same);
}

static void test_copies_equal_the_table(lua_State *L)
{
    for (size_t i = 0; i < sizeof WRITTEN / sizeof *WRITTEN; i++) {
        check_copies(L, WRITTEN[i], 0, 1);
        check_copies(L, WRITTEN[i], 32, 1); /* a game's vars: room to grow */
    }
    for (size_t i = 0; i < sizeof NOT_WRITTEN / sizeof *NOT_WRITTEN; i++)
        check_copies(L, NOT_WRITTEN[i], 0, 0);
}

/* A table held twice stays one table in the copy, and a table that holds
 * itself holds its copy (lcopy's shape). */
static void test_shape_kept(lua_State *L)
{
    CHECK(luaL_dostring(L, "local x = {} return { a = x, b = { x } }") == LUA_OK);
    CHECK(luaL_dostring(L, "local t = { n = 1 } t.self = t return t") == LUA_OK);
    for (int copy = 1; copy <= 2; copy++) {
        lcopy_frozen(L, 2, 0);
        CHECK(!lcopy_frozen_written(L, 2));
        lua_getfield(L, -1, "a");
        lua_getfield(L, -2, "b");
        lua_rawgeti(L, -1, 1);
        CHECK(lua_rawequal(L, -1, -3));
        lua_getfield(L, 2, "a");
        CHECK(!lua_rawequal(L, -1, -2));
        lcopy_frozen(L, 3, 0);
        CHECK(!lcopy_frozen_written(L, 3));
        lua_getfield(L, -1, "self");
        CHECK(lua_rawequal(L, -1, -2));
        CHECK(!lua_rawequal(L, -1, 3));
        lua_settop(L, 3);
    }
    lua_settop(L, 1);
}

/* Bytes the copy of the table at idx with room takes (the collector
 * stopped). */
static long copy_bytes(lua_State *L, int idx, int room)
{
    lua_gc(L, LUA_GCSTOP);
    long before = lua_gc(L, LUA_GCCOUNT) * 1024L + lua_gc(L, LUA_GCCOUNTB);
    lcopy_frozen(L, idx, room);
    long after = lua_gc(L, LUA_GCCOUNT) * 1024L + lua_gc(L, LUA_GCCOUNTB);
    lua_pop(L, 1);
    lua_gc(L, LUA_GCRESTART);
    return after - before;
}

/* A game's vars are copied with room for 32 keys, as lcopy_with_room
 * makes them: 32 slots of a table's hash part, not the 8 its 7 keys take
 * (each slot a key, a value and a link: 24 bytes and more). */
static void test_room_made(lua_State *L)
{
    CHECK(luaL_dostring(L, WRITTEN[0]) == LUA_OK);
    CHECK(luaL_dostring(L, WRITTEN[0]) == LUA_OK);
    copy_bytes(L, 2, 32); /* the first copies write the code */
    copy_bytes(L, 3, 0);
    CHECK(lcopy_frozen_written(L, 2) && lcopy_frozen_written(L, 3));
    CHECK(copy_bytes(L, 2, 32) >= copy_bytes(L, 3, 0) + 24 * 24);
    lua_settop(L, 1);
}

void test_frozen_copy(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    CHECK(luaL_dostring(L, HELPERS) == LUA_OK);
    test_copies_equal_the_table(L);
    test_shape_kept(L);
    test_room_made(L);
    /* Not a table: itself. */
    lua_pushinteger(L, 7);
    lcopy_frozen(L, -1, 0);
    CHECK_EQ_INT(lua_tointeger(L, -1), 7);
    lua_close(L);
}
