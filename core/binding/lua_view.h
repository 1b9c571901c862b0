/* What a seat may see of the table, as a fresh Lua table: zones (a hidden
 * card is "??"), dice, accounts and seats; the rules' vars are added by the
 * caller. */
#ifndef REFEREE_LUA_VIEW_H
#define REFEREE_LUA_VIEW_H

#include <lua.h>
#include "../lua/plain_bytes.h"
#include "../kernel/table.h"

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

/* Makes now, in L, what every view's making would otherwise make the
 * first time (the key strings, the lazy tables' metatables): for a bot
 * whose state is put back after every game to the state it had after
 * loading. A lua_CFunction, to be called protected (it raises when out of
 * memory). */
int lview_prepare(lua_State *L);

/* A bot's view in one go: lview_push with VIEW_ZONES_ON_READ, and
 * view.vars from the rules' vars as plain_write wrote them. The vars'
 * top-level entries are each made when first read (copying them all was
 * most of what was left of a view's cost), so vars read later still show
 * the decision they were handed at. pairs() and # make every entry
 * first; next() and rawget() see only the entries made so far;
 * getmetatable gives false. keys: the index of L's key table (lkeys_push),
 * which the caller pushes once for all it hands over. The caller writes
 * the vars first: vars a bot's view cannot hold are the rules' doing, not
 * the bot's. Raises in L when out of memory: call it inside a protected
 * call of L. */
void lview_push_with_vars(lua_State *L, int keys, const Table *t, int seat, const PlainBytes *vars);

#endif
