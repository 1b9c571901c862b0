/* table.concat for the texts rules and bots make of numbers ("seat 3 and
 * seat 4", "Credits: 950, 1050"): Lua's own turns each integer into text
 * with the C library's snprintf, about 1,300 instructions a number. The
 * quick one writes integers itself, and gives any call it cannot make as
 * Lua's own would to Lua's own: a list with a metatable, a separator or a
 * bound that is not plainly a text or an integer, an item that is neither
 * a text nor an integer (a float's text, or the error that names the
 * item). So the text is Lua's in every case, and so is any error
 * (tests/unit/test_quick_concat.c compares both). */
#ifndef REFEREE_QUICK_CONCAT_H
#define REFEREE_QUICK_CONCAT_H

#include <lua.h>

/* Replaces concat in the table library table at absolute index lib; the
 * library's own concat becomes the quick one's fallback. */
void quick_concat_install(lua_State *L, int lib);

#endif
