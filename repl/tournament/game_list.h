/* The list of a tournament's games, numbered from 0: game g belongs to deal
 * g / K (K seats), every game of a deal has the deal's seed, and the lineup
 * turns by one seat from game to game. */
#ifndef REFEREE_GAME_LIST_H
#define REFEREE_GAME_LIST_H

#include <stdint.h>
#include "tournament.h"

/* Game g's seed (k seats). */
void tour_seed_of(const TourArgs *a, long g, int k, char *out /* SEED_MAX + 1 bytes */);
/* Game g's bot in each of its k seats, into names. */
void tour_seats_of(const TourArgs *a, long g, int k, const char **names);
/* The games in which every bot sits in every seat equally often: a
 * number of games that is a multiple of it keeps the seats even. */
long tour_round_games(const TourArgs *a, int k);
/* Sets a->id: a hash of all that makes the list (see game_list.c). */
void tour_identity(TourArgs *a, int k);

#endif
