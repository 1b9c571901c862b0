/* placings: the finishing orders of many-player games, folded in game by
 * game into what rates them (a Plackett-Luce fit: who finished first among
 * all, then first among the rest, and so on) and into the head-to-head
 * counts (how often each bot finished ahead of each other). Two losers of
 * the same game are told apart by who went out last or scored more. */
#ifndef REFEREE_PLACINGS_H
#define REFEREE_PLACINGS_H

#include "../../core/kernel/limits.h"
#include "tournament.h"

#define PLACINGS_MAX (TOUR_MAX_BOTS * 2)

/* One step of a finishing order: the bots still to be placed (a bot may sit
 * in more than one seat) and how many of them took the next place, summed
 * over every game with the same bots left. */
typedef struct PlacingStage {
    unsigned char left[PLACINGS_MAX];
    double placed;
} PlacingStage;

typedef struct Placings {
    double firsts[PLACINGS_MAX];              /* steps at which each bot took the next place */
    double ahead[PLACINGS_MAX][PLACINGS_MAX]; /* ahead[i][j]: i finished ahead of j */
    double met[PLACINGS_MAX][PLACINGS_MAX];   /* games in which i and j both sat */
    PlacingStage *stage;
    int nstages, cap;
    int *slot, nslots; /* an index of stage by its bots left (open addressing) */
    int max_seats;
} Placings;

/* One game: k seats, bot[s] the bot at seat s (-1: not counted), place[s]
 * its finishing place (1 first; equal places tie). 0 when out of memory. */
int placings_add(Placings *p, int k, const int *bot, const int *place);
/* The ratings of nb bots from the finishing orders (Elo scale, mean 1500),
 * with one standard error each. */
void placings_fit(const Placings *p, int nb, double *rating, double *err);
void placings_free(Placings *p);

#endif
