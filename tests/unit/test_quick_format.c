#include <lauxlib.h>
#include <lualib.h>
#include <string.h>
#include "check.h"
#include "stand_in_check.h"
#include "../../core/lua/quick_format.h"
#include "../../core/lua/stable_ids.h"

/* Random formats and arguments, each formatted by the quick format and by
 * Lua's own, called the same way: the same text, or the same error in the
 * same words. Returns the first difference (or nothing) and how many
 * formats agreed. */
static const char *const SAME_AS_LUAS =
    "local quick, own = ...\n"
    "local pieces = { '%d', '%s', '%%', 'x', ' ', '%5d', '%x', '%q', '%', 'round ', '\\0',\n"
    "  ('z'):rep(250) }\n"
    "local values = { 0, 7, -1, 10, math.mininteger, math.maxinteger, 3.0, 3.5, -0.0,\n"
    "  'ab', 'a\\0b', '', '12', true, setmetatable({}, {__tostring = function() return 'T' end}),\n"
    "  ('y'):rep(600) }\n"
    "local seed, agreed = 12345, 0\n"
    "local function pick(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n + 1 end\n"
    "for _ = 1, 20000 do\n"
    "  local fmt = {}\n"
    "  for i = 1, pick(5) do fmt[i] = pieces[pick(#pieces)] end\n"
    "  fmt = table.concat(fmt)\n"
    "  local args, n = {}, pick(4) - 1\n"
    "  for i = 1, n do args[i] = values[pick(#values)] end\n"
    "  local ok1, a = pcall(function() local format = quick; return format(fmt, table.unpack(args, 1, n)) end)\n"
    "  local ok2, b = pcall(function() local format = own; return format(fmt, table.unpack(args, 1, n)) end)\n"
    "  if not ok1 then a, b = a:gsub('^.-:%d+: ', ''), b:gsub('^.-:%d+: ', '') end -- (their lines differ)\n"
    "  if ok1 ~= ok2 or a ~= b then -- the text, or the error's words\n"
    "    return ('%q with %d arguments: %s / %s'):format(fmt, n, tostring(a), tostring(b)), agreed\n"
    "  end\n"
    "  agreed = agreed + 1\n"
    "end\n"
    "return nil, agreed\n";

void test_quick_format(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    int lib = stand_in_lib(L, "string", "format", quick_format_install);
    stand_in_same_as_luas(L, lib, "string", "format", SAME_AS_LUAS, 20000);

    /* The cases a prompt makes, spelled out. */
    const char *const cases[][2] = {
        {"return F('round %d, trumps are %s', 3, 'hearts')", "round 3, trumps are hearts"},
        {"return F('%d', math.mininteger)", "-9223372036854775808"},
        {"return F('%d%%', -40)", "-40%"},
        {"return F('seat %d declared %d', 2, 3.0)", "seat 2 declared 3"},
        /* texts at the quick one's bound, and past it (Lua's own then) */
        {"return #F(('a'):rep(511) .. '%d', 7)", "512"},
        {"return #F(('a'):rep(300) .. '%s' .. ('b'):rep(250), 'cc')", "552"},
        {"return #F(('a'):rep(600))", "600"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        lua_getfield(L, lib, "format");
        lua_setglobal(L, "F");
        CHECK(luaL_dostring(L, cases[i][0]) == LUA_OK);
        CHECK(lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), cases[i][1]) == 0);
        lua_pop(L, 1);
    }

    /* No address in the text: objects are numbered in the order a call
     * names them (a table with %s as tostring has it, %p as a number; a
     * string's %p by its text), and each call from the host counts anew. */
    stable_ids_install_tostring(L, lib);
    lua_getfield(L, lib, "format");
    lua_setglobal(L, "F");
    lua_getfield(L, lib, "tostring");
    lua_setglobal(L, "S");
    const char *const named[][2] = {
        {"local t, f = {}, print; return F('%s %p %p %5p|%-4p|', t, f, t, 'x', 1) .. ' ' .. S(f) .. ' ' .. S({})",
         "table: #1 #2 #1    #3|(null)| function: #2 table: #4"},
        {"return S(setmetatable({}, {__name = 'Deck'})) .. F(' %s', setmetatable({}, {__tostring = function() return 'T' end}))",
         "Deck: #1 T"},
        {"return F('%d %s %%p', 5, 'x')", "5 x %p"},
    };
    for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
        stable_ids_new_call(L);
        CHECK(luaL_dostring(L, named[i][0]) == LUA_OK);
        if (!lua_isstring(L, -1) || strcmp(lua_tostring(L, -1), named[i][1]) != 0)
            fprintf(stderr, "stable ids: %s gave '%s'\n", named[i][0], lua_tostring(L, -1));
        CHECK(lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), named[i][1]) == 0);
        lua_pop(L, 1);
    }
    lua_close(L);
}
