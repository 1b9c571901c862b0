#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../../core/lua/plain_cross.h"

/* Vars of every plain kind, with tables grown entry by entry (so rehashed
 * on the way) and entries removed again, and one of more entries than are
 * read in one walk: what a copy must reproduce. (A table as a key would
 * land by its address, so in no order two copies share: the bot test
 * vars-later.lua has one.) */
static const char VARS[] =
    "local v = { 'one', 'two', [2.5] = 'half', [true] = 'yes', [false] = 0, huge = 2^63 }\n"
    "v.t = { nested = { deeper = { 1, 2, 3 } } }\n"
    "for i = 1, 40 do v['k' .. i] = i % 3 == 0 and i / 4 or ('v' .. i) end\n"
    "for i = 1, 40, 4 do v['k' .. i] = nil end\n"
    "for i = 3, 30 do v[i] = i * i end\n"
    "v[20], v[35] = nil, 'past a hole'\n"
    "v.many = {} for i = 1, 500 do v.many['m' .. i] = { i, -i } end\n"
    "return v\n";

/* canon(v): the value as text, a table's entries sorted, each number with
 * its kind: equal texts, equal plain data, whatever each state's order. */
static const char CANON[] =
    "function canon(v)\n"
    "  if type(v) == 'number' then return math.type(v) .. ('%.17g'):format(v) end\n"
    "  if type(v) ~= 'table' then return type(v) .. ':' .. tostring(v) end\n"
    "  local parts = {}\n"
    "  for k, x in next, v do parts[#parts + 1] = canon(k) .. '=' .. canon(x) end\n"
    "  table.sort(parts)\n"
    "  return '{' .. table.concat(parts, ',') .. '}'\n"
    "end\n";

/* The canon of the value at idx of L (a new string, the caller frees it). */
static char *canon_of(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_getglobal(L, "canon");
    lua_pushvalue(L, idx);
    CHECK_EQ_INT(lua_pcall(L, 1, 1, 0), LUA_OK);
    char *text = strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
    return text;
}

static lua_State *state_with_canon(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    CHECK(luaL_dostring(L, CANON) == LUA_OK);
    return L;
}

void test_plain_cross(void)
{
    lua_State *from = state_with_canon(), *to = state_with_canon();
    CHECK(luaL_dostring(from, VARS) == LUA_OK);

    /* The same data on the other side, and `from` only read. */
    CHECK(plain_cross(to, from, -1) == NULL);
    CHECK_EQ_INT(lua_gettop(from), 1);
    CHECK_EQ_INT(lua_gettop(to), 1);
    char *sent = canon_of(from, 1), *came = canon_of(to, 1);
    CHECK(strlen(sent) > 10000 && strcmp(sent, came) == 0);
    free(sent);
    free(came);
    lua_settop(from, 0);
    lua_settop(to, 0);

    /* What is not plain data is left out, as a key or as a value. */
    CHECK(luaL_dostring(from, "return { a = 1, f = print, [print] = 2, co = coroutine.create(print),"
                              " t = { g = print, b = 2 }, l = { 'x', print, 3 } }") == LUA_OK);
    CHECK(plain_cross(to, from, -1) == NULL);
    lua_setglobal(to, "mixed");
    CHECK(luaL_dostring(to, "return canon(mixed)") == LUA_OK);
    CHECK(strcmp(lua_tostring(to, -1), "{string:a=integer1,string:l={integer1=string:x,integer3=integer3},"
                                          "string:t={string:b=integer2}}") == 0);
    lua_settop(to, 0);
    lua_settop(from, 0);

    /* A cycle is refused with the reason: nothing pushed, nothing left. */
    CHECK(luaL_dostring(from, "local t = { 1, 2, 3 } t.me = { t } return t") == LUA_OK);
    const char *why = plain_cross(to, from, -1);
    CHECK(why && strcmp(why, "nested more than 64 deep (a cycle?)") == 0);
    CHECK_EQ_INT(lua_gettop(to), 0);
    CHECK_EQ_INT(lua_gettop(from), 1);
    /* Looked at again with nothing made (after a copy ran out of memory):
     * the same reason, and none for data that can cross. */
    why = plain_cross_problem(from, -1);
    CHECK(why && strcmp(why, "nested more than 64 deep (a cycle?)") == 0);
    CHECK_EQ_INT(lua_gettop(from), 1);
    CHECK(luaL_dostring(from, VARS) == LUA_OK);
    CHECK(plain_cross_problem(from, -1) == NULL);
    CHECK(luaL_dostring(from, "local x = {} for _ = 1, 20 do x = { x, x } end return x") == LUA_OK);
    why = plain_cross_problem(from, -1);
    CHECK(why && strstr(why, "holds more than 100000 tables") == why);
    CHECK_EQ_INT(lua_gettop(from), 3);

    lua_close(from);
    lua_close(to);
}
