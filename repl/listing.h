/* listing: the games and the bots a referee can find, described. */
#ifndef REFEREE_LISTING_H
#define REFEREE_LISTING_H

#include <lua.h>
#include <stdio.h>

/* Prints the games in the rules folders with their options. */
int list_games(FILE *out, lua_State *L, const char *rules_path);
/* Prints the bots in the bots folders (and the built-in seats), each with
 * the first sentence of its opening comment. */
int list_bots(FILE *out, const char *bots_path);

#endif
