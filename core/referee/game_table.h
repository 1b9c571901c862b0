/* game_table: the referee loop's side of a physical table (game_table.c),
 * for game.c alone. */
#ifndef REFEREE_GAME_TABLE_H
#define REFEREE_GAME_TABLE_H

#include "game_state.h"

/* Makes *a (of *cap ints) hold at least need; 0 when out of memory. */
int game_grow_ints(int **a, int *cap, int need);
/* The table's source of typed dice (table.h), with the game as ctx: the
 * values typed so far, in the order they were read; past them, live, the
 * game's type_dice. */
int game_typed_dice(void *ctx, Table *t, int n, const int *dice, int *values, char *why,
                    size_t size);

/* Carries out the table's ruling text ("ruling pay 50 from seat2 to pot:
 * revoke"): a transfer the table decided, with its reason, in the log and
 * kept with the moves (seat 0); the credits stay conserved. GAME_ILLEGAL,
 * the error saying why, when it is no such ruling. */
GameStatus game_apply_ruling(Game *g, const char *text);
/* Whether a ruling is the rules' to carry out (all but 'ruling pay'): a
 * refused one may have changed the table, which is put back. */
int game_ruling_by_rules(const char *text);

#endif
