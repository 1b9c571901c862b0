/* table.create(nseq [, nrec]), Lua 5.5's, for rules and bots on Lua 5.4:
 * a new empty table with room made for nseq elements of a list and nrec
 * other keys. A list that grows one element at a time is moved to a
 * bigger block at 1, 2, 4, ... elements; a BAM! hand builds some fifteen
 * short lists, and the moves were about 4% of its cost. */
#ifndef REFEREE_TABLE_CREATE_H
#define REFEREE_TABLE_CREATE_H

#include <lua.h>

/* Sets create in the table library table at absolute index lib. */
void table_create_install(lua_State *L, int lib);

#endif
