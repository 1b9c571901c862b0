/* options: a game's options, each with a default and a check. Values from
 * --set arrive as text and are converted by the default's type; a bad or
 * unknown option is refused before the game starts, with its name and the
 * values it allows. */
#ifndef REFEREE_OPTIONS_H
#define REFEREE_OPTIONS_H

#include <lua.h>

/* Pushes the options table: the definition's defaults (def is the game
 * definition), overridden by the table at given (0: none). Returns 0 and
 * pushes a message when an option is unknown or bad. */
int options_check(lua_State *L, const char *game, int def, int given);
/* What a person chose for a new game of name, checked against the
 * definition at def: the number of seats, the options (given at opts_idx,
 * or none when 0), and the options that name a seat against the seats.
 * Pushes the options (defaults filled in) and returns 1, or pushes why and
 * returns 0. */
int options_check_choice(lua_State *L, const char *name, int def, int nseats, int opts_idx);

/* What keeps the value at idx out of a save: 1 when a text in it (a key
 * or a value, at any depth) holds a control character or bytes that are no
 * UTF-8, -1 when it nests too deep, 0 when nothing does. */
int options_value_problem(lua_State *L, int idx);

#endif
