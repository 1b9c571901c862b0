/* game_physical: a physical table switched on, and its mistakes put right
 * (game_physical.c); each replays the game. */
#ifndef REFEREE_GAME_PHYSICAL_H
#define REFEREE_GAME_PHYSICAL_H

#include "game.h"

/* Makes the game's dice physical (--table dice): typed holds the values
 * typed so far (ntyped of them: a save's), type_dice asks for the next
 * (NULL: none may be asked, as in a replay). The table is made again with
 * them. GAME_OK, or why not. */
GameStatus game_use_physical_dice(Game *g, const int *typed, int ntyped, TypedDiceFn type_dice,
                                  void *ctx);
/* Makes the game's deck a real one (--table cards; physical_cards.h): the
 * table is made again with it. GAME_OK, or why not. */
GameStatus game_use_physical_cards(Game *g);
/* The last move was mistyped (a card named wrong at a real deck): it is
 * taken back and text played in its place by the same seat, before the
 * next decision. Nothing changes when text cannot be played there. */
GameStatus game_correct_move(Game *g, const char *text);
/* Puts the values typed during the last move right (they were mistyped)
 * and plays it again with them: n values, as many as it read. */
GameStatus game_correct_dice(Game *g, const int *values, int n);
#endif
