/* What a seat may see of the table, as a fresh Lua table: zones (a hidden
 * card is "??"), dice, accounts and seats; the rules' vars are added by the
 * caller. */
#ifndef REFEREE_LUA_VIEW_H
#define REFEREE_LUA_VIEW_H

#include <lua.h>
#include "../kernel/table.h"

/* Pushes onto L (the rules' state or a bot's) the view of t for seat (0: a
 * spectator): a plain table, every part of it made now. Raises in L when
 * out of memory. */
void lview_push(lua_State *L, const Table *t, int seat);

/* Makes now, in L, what every view's making would otherwise make the
 * first time (the key strings): for a bot whose state is put back after
 * every game to the state it had after loading. A lua_CFunction, to be
 * called protected (it raises when out of memory). */
int lview_prepare(lua_State *L);

/* A bot's view in one go: lview_push, and view.vars a copy of the value
 * at vars of the rules' state, made straight from it (plain_cross). A
 * plain Lua table like any the bot makes (pairs, next, rawget, # and
 * getmetatable as for its own), and its own: a view kept and read at a
 * later decision still shows its decision. keys: the index of L's key
 * table (lkeys_push), which the caller pushes once for all it hands over.
 * Returns NULL, or why the rules' vars cannot be shown to a bot (nested
 * too deep, too many tables: the rules' doing, not the bot's), then with
 * nothing pushed. Raises in L when out of memory: call it inside a
 * protected call of L, and set the rules' stack back after it. */
const char *lview_push_with_vars(lua_State *L, int keys, const Table *t, int seat, lua_State *rules,
                                 int vars);

#endif
