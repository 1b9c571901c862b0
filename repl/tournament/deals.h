/* deals: a tournament's games grouped by deal, the unit its intervals are
 * computed over. Game g belongs to deal g / K (tournament.h): the games
 * of one deal share its cards and dice, so they are not independent
 * trials, and when identical seats make the rotations repeat they are one
 * game played again. A deal's games are kept until all K have come (lines
 * come in any order: workers, merged shards), then folded into the sums a
 * cluster-robust interval needs (stats.h) and dropped. */
#ifndef REFEREE_DEALS_H
#define REFEREE_DEALS_H

#include <stdint.h>
#include "placings.h"
#include "rating_sums.h"
#include "stats.h"

typedef struct DealGame {
    unsigned char k, winners;       /* seats, and how many share the win */
    uint16_t won;                   /* bit s: seat s + 1 won */
    signed char bot[MAX_SEATS];     /* each seat's bot, -1: not counted */
    unsigned char place[MAX_SEATS];
} DealGame;

typedef struct OpenDeal {
    long deal;       /* -1: a free slot */
    int k, seen;
    DealGame *games; /* k of them */
} OpenDeal;

typedef struct Deals {
    ClusterSums wins[PLACINGS_MAX];                /* each bot's wins over its seats */
    ClusterSums ahead[PLACINGS_MAX][PLACINGS_MAX]; /* i ahead of j, of the games they met */
    RatingSums by_places; /* a Plackett-Luce rating's steps (placings.h), by deal */
    RatingSums by_pairs;  /* a Bradley-Terry rating's (games of two seats: who won), by deal */
    long closed, distinct; /* deals folded in, and the distinct games among them */
    OpenDeal *slot;        /* the deals still open: open addressing by deal */
    long nslots, nopen;
} Deals;

/* One game (its number, k seats, each seat's bot and place, and which
 * seats won: bit s for seat s + 1); 0 when out of memory (the game then
 * counts as a deal of its own). */
int deals_add(Deals *d, long game, int k, const int *bot, const int *place, unsigned won);
/* Folds the deals still open (a shard's part of them, games that failed). */
void deals_close_all(Deals *d);
void deals_free(Deals *d);

#endif
