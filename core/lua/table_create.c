#include "table_create.h"

#include <lauxlib.h>
#include <limits.h>

/* As Lua 5.5's: both sizes are hints, from 0 to INT_MAX; what memory a
 * large one asks for is refused by the state's cap as any other block. */
static int table_create(lua_State *L)
{
    lua_Integer nseq = luaL_checkinteger(L, 1), nrec = luaL_optinteger(L, 2, 0);
    luaL_argcheck(L, nseq >= 0 && nseq <= INT_MAX, 1,
                  "out of range: the elements of a list to make room for, 0 or more");
    luaL_argcheck(L, nrec >= 0 && nrec <= INT_MAX, 2,
                  "out of range: the other keys to make room for, 0 or more");
    lua_createtable(L, (int)nseq, (int)nrec);
    return 1;
}

void table_create_install(lua_State *L, int lib)
{
    lua_pushcfunction(L, table_create);
    lua_setfield(L, lib, "create");
}
