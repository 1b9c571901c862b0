/* plain_cross: plain Lua data (booleans, numbers, strings and tables of
 * them) copied from one state straight into another, the one way data
 * crosses into a bot's state: the rules' vars into its view at each
 * decision, a search's sample result. Straight: no bytes between, each
 * value read once and made at once. The copy is a tree: a table held in
 * two places is copied twice (so a cycle, or a table shared at each of
 * many levels, is refused, not followed), entries whose key or value is a
 * function, userdata or thread are left out, and each table is made at
 * its original's sizes (every entry of the original counts), before the
 * tables it holds, and filled in the order `next` gives its entries. */
#ifndef REFEREE_PLAIN_CROSS_H
#define REFEREE_PLAIN_CROSS_H

#include <lua.h>

/* Pushes onto `to` a copy of the value at idx of `from` (a value that is
 * not plain data crosses as nil). Returns NULL, or why it cannot cross,
 * as a JSON text of the value would be ("nested more than 64 deep (a
 * cycle?)", "holds more than 100000 tables ..."): then nothing is pushed. `from` is only
 * read and its top put back. Raises in `to` when out of memory (call it in
 * a protected call of `to`): then `from`'s stack is left higher, for the
 * caller to set back. */
const char *plain_cross(lua_State *to, lua_State *from, int idx);

/* Why the value at idx of `from` cannot cross (as plain_cross would say),
 * or NULL, with nothing made: for a copy that ran out of memory midway,
 * whether the data could cross at all (too deep or too many tables is the
 * data's fault, not the memory's). `from` is only read. */
const char *plain_cross_problem(lua_State *from, int idx);

#endif
