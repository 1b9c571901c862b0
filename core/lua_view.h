/* What a seat may see of the table, as a fresh Lua table: zones (a hidden
 * card is "??"), dice, accounts and seats; the rules' vars are added by the
 * caller. */
#ifndef REFEREE_LUA_VIEW_H
#define REFEREE_LUA_VIEW_H

#include <lua.h>
#include "table.h"

/* How view.zones is made. */
typedef enum ViewZones {
    VIEW_ZONES_FILLED, /* every zone's table made at once */
    /* Each zone's table made when it is first read, from a snapshot of all
     * of them taken now: it shows the table as it is now, whenever it is
     * read. Building every zone was most of the cost of a bot's view at
     * each decision, and most bots read a zone or two. pairs() fills in
     * every zone first; getmetatable(view.zones) is false. */
    VIEW_ZONES_ON_READ,
} ViewZones;

/* Pushes onto L (the rules' state or a bot's) the view of t for seat (0: a
 * spectator). Raises in L when out of memory. */
void lview_push(lua_State *L, const Table *t, int seat, ViewZones zones);

/* Pushes onto L (a bot's state) the rules' vars from the bytes plain_write
 * made of them. A table's top-level entries are each made when first read
 * (copying them all was most of what was left of a view's cost), so the
 * vars read later still show the decision they were handed at. pairs()
 * and # make every entry first; next() and rawget() see only the entries
 * made so far; getmetatable gives false. Raises in L when out of memory. */
void lview_push_vars(lua_State *L, const char *bytes, size_t size);

/* Makes now, in L, what every view's making would otherwise make the
 * first time (the key strings, the lazy tables' metatables): for a bot
 * whose state is put back after every game to the state it had after
 * loading. A lua_CFunction, to be called protected (it raises when out of
 * memory). */
int lview_prepare(lua_State *L);

/* lview_push with VIEW_ZONES_ON_READ, and view.vars from the bytes as
 * lview_push_vars makes them: a bot's view in one go. */
void lview_push_with_vars(lua_State *L, const Table *t, int seat, const char *bytes, size_t size);

#endif
