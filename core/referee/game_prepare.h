/* A game's fresh table: the rules' prepare() (what every game of these
 * rules, options and seats begins with: zones, accounts, decks, the
 * rules' own tables) run once and kept, each new game a copy of it with
 * its own seed. */
#ifndef REFEREE_GAME_PREPARE_H
#define REFEREE_GAME_PREPARE_H

#include "game_state.h"

/* Pushes the Lua table a new game of g is played on (its table, fresh or
 * prepared, its vars) and returns its Table; NULL with the game's error
 * set (nothing pushed) when prepare() failed or memory ran out. */
Table *game_push_fresh_table(Game *g);

#endif
