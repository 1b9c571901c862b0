/* stable_ids: what a script sees of an object's identity, the same in every
 * process. Lua's tostring({}) and string.format("%p", f) print addresses,
 * which differ between runs: rules that used one as a key or a tie-break
 * would play another game from the same seed, and a save would not load
 * again. Scripts get instead a number for each object, counted in the
 * order the call first names it ("table: #1", "#2" for %p), started anew
 * by each call from the host (stable_ids_new_call), so that a replay,
 * which makes only the calls that change the game, names every object as
 * the game did, whatever other calls (a REPL's status, a page's view)
 * came between. Values with a __tostring keep it. */
#ifndef REFEREE_STABLE_IDS_H
#define REFEREE_STABLE_IDS_H

#include <lua.h>

/* Sets tostring in the table at absolute index env to the stable one. */
void stable_ids_install_tostring(lua_State *L, int env);
/* A new numbering for the next call into a script of this state. */
void stable_ids_new_call(lua_State *L);
/* string.format's arguments made stable in place, before Lua's own format
 * runs (stack: format, args...): a %p becomes %s of the object's number,
 * and a %s of a value with no __tostring takes the stable tostring. */
void stable_ids_format_args(lua_State *L);

#endif
