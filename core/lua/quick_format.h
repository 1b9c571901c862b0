/* string.format for the texts rules and bots make on every decision
 * ("round %d, trumps are %s"): Lua's own format prints each %d with the C
 * library's snprintf, about 3,500 instructions for two numbers, more than
 * the rest of a decision's prompt costs. The quick one writes plain %d, %s
 * and %% itself and gives any other format, and any argument that is not
 * an integer for %d or a string for %s, to Lua's own, so the text it makes
 * is Lua's in every case, and so is any error, which Lua's own raises
 * from this call's frame (tests/unit/test_quick_format.c compares both). */
#ifndef REFEREE_QUICK_FORMAT_H
#define REFEREE_QUICK_FORMAT_H

#include <lua.h>

/* Replaces format in the string library table at absolute index lib; the
 * library's own format becomes the quick one's fallback. */
void quick_format_install(lua_State *L, int lib);

#endif
