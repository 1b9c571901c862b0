/* Deep copies of data within one Lua state: a game's options, the rules'
 * vars for a view, a clone or a sample. (Data crossing into another state,
 * a bot's, is copied straight across: plain_cross.h.) */
#ifndef REFEREE_LUA_COPY_H
#define REFEREE_LUA_COPY_H

#include <lua.h>

/* Deepest nesting copied. */
#define COPY_MAX_DEPTH 64

/* Most tables a value written out as a tree (JSON for a save or a record,
 * a copy in a bot's state) may hold, a table counted once for each place that holds
 * it: far above any game's data, and it stops a table held twice at each of
 * many levels, which a tree would hold 2^levels times, from hanging the
 * referee inside C. */
#define WRITE_MAX_TABLES 100000

/* Pushes a fresh copy of the value at idx: tables are copied, other values
 * (functions and userdata too) pushed as they are, and tables nested deeper
 * than COPY_MAX_DEPTH shared as they are, so the copy never raises for what
 * it is given (only when out of memory). A table held in several places, or
 * in itself, is copied once and held in the same places of the copy: the
 * copy has the shape of the original, and costs no more than its tables. */
void lcopy(lua_State *L, int idx);
/* The same, the copy of the table at idx made with room for at least room
 * keys: for a table that grows once copied (a game's vars), which would
 * be made again at each doubling. */
void lcopy_with_room(lua_State *L, int idx, int room);
/* Pushes the value at idx itself when it is plain: no table in it, to
 * the depth of PLAIN_MAX_TABLES tables, has a metatable, so reading it
 * from C runs no script. Otherwise pushes a copy as lcopy makes. For a
 * value read at once, before the script that made it runs again: most
 * are plain, and looking costs a seventh of copying (a BAM! result:
 * 1,800 instructions against 12,500). */
void lcopy_unless_plain(lua_State *L, int idx);

/* Most tables lcopy_unless_plain walks (a table held twice counted twice)
 * before it copies instead: a result's handful, with room to spare. */
#define PLAIN_MAX_TABLES 32

#endif
