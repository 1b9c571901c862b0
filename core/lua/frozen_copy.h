/* frozen_copy: copies of a table that is never written again, made at
 * every game's start: a game's options, and the vars its rules' prepare()
 * set out. lcopy reads a table key by key through the C API each time
 * (lua_next, lua_rawset: about 5,000 instructions for BAM!'s seven
 * options); here the table is read once and written as Lua code, a table
 * constructor of its keys and values, compiled once, and each copy is a
 * call of it. */
#ifndef REFEREE_FROZEN_COPY_H
#define REFEREE_FROZEN_COPY_H

#include <lua.h>

/* Pushes what lcopy_with_room(L, idx, room) would: a copy of the table at
 * idx with the same keys and values, in tables of the same sizes, each
 * filled in the same order. The first call for a table writes the code
 * and keeps it for as long as the table lives (its key in a weak table);
 * the table must not change after it, and is always copied with the same
 * room. Like lcopy, it reads the tables raw and gives the copies no
 * metatable. A table the code cannot hold is copied by lcopy_with_room:
 * a function, userdata or thread among its values, a table held twice (or
 * in itself), a key that is no text, integer or boolean, a value that is
 * NaN or infinite, a list with holes, tables nested deeper than
 * FROZEN_MAX_DEPTH or more than FROZEN_MAX_KEYS keys in all. */
void lcopy_frozen(lua_State *L, int idx, int room);

/* Whether the table at idx, copied once already, is copied by its code
 * (0: by lcopy_with_room, or not copied yet). */
int lcopy_frozen_written(lua_State *L, int idx);

#define FROZEN_MAX_DEPTH 16
#define FROZEN_MAX_KEYS 1024

#endif
