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

#endif
