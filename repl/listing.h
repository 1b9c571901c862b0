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
/* The games' names (malloc'd, at most max), sorted; returns how many. */
int game_names(const char *rules_path, char **names, int max);
/* A game's rules in short, for 'rules GAME': its description and its
 * script's opening comment (the rules in brief, its move texts, its
 * readings), and for a variant its base's too. 0 and a message on stderr
 * when there is no such game. */
int print_rules(FILE *out, lua_State *L, const char *name, const char *rules_path);

#endif
