/* placings: the finishing orders of many-player games, folded in game by
 * game into what rates them (a Plackett-Luce fit: who finished first among
 * all, then first among the rest, and so on) and into the head-to-head
 * counts (how often each bot finished ahead of each other). Two losers of
 * the same game are told apart by who went out last or scored more. */
#ifndef REFEREE_PLACINGS_H
#define REFEREE_PLACINGS_H

#include "../../core/kernel/limits.h"
#include "tournament.h"
#include "step_index.h"

#define PLACINGS_MAX STEP_MAX_BOTS

typedef struct Placings {
    double firsts[PLACINGS_MAX];              /* steps at which each bot took the next place */
    double ahead[PLACINGS_MAX][PLACINGS_MAX]; /* ahead[i][j]: i finished ahead of j */
    double met[PLACINGS_MAX][PLACINGS_MAX];   /* games in which i and j both sat */
    /* The steps of the finishing orders: the bots still to be placed, and
     * how many of them took the next place, summed over every game with
     * the same bots left. */
    StepIndex steps;
    double *placed;
    int placed_cap;
    int max_seats;
} Placings;

/* Step `step` of one game's finishing order (k seats, bot[s] the bot at
 * seat s or -1, place[s] its place): the bots still to be placed into
 * left, and the bot of each seat that took the place into taking. The
 * number of those, or 0 when the step tells nothing (nobody takes that
 * place, or nobody is left behind it). */
int placings_step(int k, const int *bot, const int *place, int step, unsigned char *left,
                  int *taking);

/* One game: k seats, bot[s] the bot at seat s (-1: not counted), place[s]
 * its finishing place (1 first; equal places tie). 0 when out of memory. */
int placings_add(Placings *p, int k, const int *bot, const int *place);
/* The ratings of nb bots from the finishing orders (Elo scale, mean 1500),
 * with one standard error each. */
void placings_fit(const Placings *p, int nb, double *rating, double *err);
void placings_free(Placings *p);

#endif
