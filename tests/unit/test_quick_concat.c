#include <lauxlib.h>
#include <string.h>
#include <lualib.h>
#include "check.h"
#include "stand_in_check.h"
#include "../../core/lua/quick_concat.h"

/* Random lists, separators and bounds, each joined by the quick concat
 * and by Lua's own: the same text, or the same error in the same words.
 * Returns the first difference (or nothing) and how many calls agreed. */
static const char *const SAME_AS_LUAS =
    "local quick, own = ...\n"
    "local items = { 'a', '', 'a\\0b', 7, -1, 0, math.mininteger, math.maxinteger, 3.0, 3.5,\n"
    "  -0.0, 1e300, true, {}, ('y'):rep(300), 'seat' }\n"
    "local seps = { nil, '', ', ', ' and seat ', 1, 2.5, '\\0', true }\n"
    "local bounds = { nil, 1, 2, 0, -1, 3, 5, 9, 2.0, '2', 2.5, math.maxinteger, math.mininteger }\n"
    "local seed, agreed = 4242, 0\n"
    "local function pick(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n + 1 end\n"
    "for _ = 1, 20000 do\n"
    "  local list, n = {}, pick(7) - 1\n"
    "  for i = 1, n do if pick(9) > 1 then list[i] = items[pick(#items)] end end\n"
    "  if pick(8) == 1 then -- read through metamethods: Lua's own, always\n"
    "    local inner = list\n"
    "    list = setmetatable({}, { __index = inner, __len = function() return n end })\n"
    "  end\n"
    "  local args, k = { list }, pick(4)\n"
    "  if k >= 2 then args[2] = seps[pick(#seps)] end\n"
    "  if k >= 3 then args[3] = bounds[pick(#bounds)] end\n"
    "  if k >= 4 then args[4] = bounds[pick(#bounds)] end\n"
    "  if pick(40) == 1 then args[1] = 'not a list' end\n"
    "  local ok1, a = pcall(function() local concat = quick; return concat(table.unpack(args, 1, k)) end)\n"
    "  local ok2, b = pcall(function() local concat = own; return concat(table.unpack(args, 1, k)) end)\n"
    "  if not ok1 and type(a) == 'string' then a, b = a:gsub('^.-:%d+: ', ''), b:gsub('^.-:%d+: ', '') end\n"
    "  if ok1 ~= ok2 or a ~= b then\n"
    "    return ('%d items, %d arguments: %s / %s'):format(n, k, tostring(a), tostring(b)), agreed\n"
    "  end\n"
    "  agreed = agreed + 1\n"
    "end\n"
    "return nil, agreed\n";

void test_quick_concat(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    int lib = stand_in_lib(L, "table", "concat", quick_concat_install);
    stand_in_same_as_luas(L, lib, "table", "concat", SAME_AS_LUAS, 20000);

    /* The cases a result or a note makes, spelled out. */
    const char *const cases[][2] = {
        {"return C({ 3, 4 }, ' and seat ')", "3 and seat 4"},
        {"return C({ 950, 1050 }, ', ')", "950, 1050"},
        {"return C({ math.mininteger, 'x', 0 })", "-9223372036854775808x0"},
        {"return C({ 'a', 'b', 'c' }, '-', 2)", "b-c"},
        {"return C({ 1, 2.5 }, ' ')", "1 2.5"},
    };
    lua_getfield(L, lib, "concat");
    lua_setglobal(L, "C");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        CHECK(luaL_dostring(L, cases[i][0]) == LUA_OK);
        CHECK(lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), cases[i][1]) == 0);
        lua_pop(L, 1);
    }
    lua_close(L);
}
