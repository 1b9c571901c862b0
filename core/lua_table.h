/* The table as Lua sees it: a "referee.Table" userdata with methods for
 * rules scripts, and the rules' own variables as t.vars. */
#ifndef REFEREE_LUA_TABLE_H
#define REFEREE_LUA_TABLE_H

#include <lua.h>
#include <stddef.h>
#include "table.h"

#define TABLE_MT "referee.Table"

/* Pushes a new userdata owning t (freed by the collector) with an empty
 * vars table, or with the vars decoded from vars_json when it is not NULL. */
void ltable_push(lua_State *L, Table *t, const char *vars_json);
Table *ltable_check(lua_State *L, int idx);
/* The save text of the table at idx, vars included (malloc'd), or NULL with
 * the reason in err. */
char *ltable_save(lua_State *L, int idx, char *err, size_t errsize);
/* Pushes the view of `seat` (0: a spectator) of the table at idx. */
void ltable_push_view(lua_State *L, int idx, int seat);
int luaopen_referee_table(lua_State *L);

#endif
