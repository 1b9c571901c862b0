/* A tournament's standings: what each bot won, scored and faulted, and who
 * beat whom, folded in from game lines (--out's, or merged shards'). */
#ifndef REFEREE_STANDINGS_H
#define REFEREE_STANDINGS_H

#include <jansson.h>
#include <stdio.h>
#include "tournament.h"
#include "placings.h"
#include "deals.h"

typedef struct Standing {
    char *bot;
    double games, wins, score, faults;
    int scored;
    /* The games in which it faulted, and the first of them by number (the
     * same whichever order lines come in): where to look for why. */
    long fault_games, first_fault;
    int first_fault_seat;
    char first_fault_seed[SEED_MAX + 1];
    char *first_fault_seats; /* the lineup, comma-separated */
    char *why;               /* the first line of its first reason there, when the game was replayed */
} Standing;

/* One game's finishing order, kept for a report (rating over games). */
typedef struct GameRow {
    long game;
    int k;
    signed char bot[MAX_SEATS];    /* the bot's index at each seat, -1: not counted */
    unsigned char place[MAX_SEATS];
} GameRow;

/* The standings so far: each game line is folded in as it comes and then
 * dropped, so a tournament of millions of games needs no more memory than
 * one of ten. */
typedef struct Tally {
    Standing st[TOUR_MAX_BOTS * 2];
    int nb;
    double pair[TOUR_MAX_BOTS * 2][TOUR_MAX_BOTS * 2]; /* pair[i][j]: i beat j */
    Placings placings; /* the finishing orders: ratings of many-player games, head to head */
    Deals deals;       /* the games by deal: the intervals, computed over deals */
    long games, errors, stopped;
    char first_error[400]; /* shown with the standings: without --out it is nowhere else */
    char seed[SEED_MAX + 1]; /* the tournament's, from its first line: shown with the standings */
    int keep_rows;           /* set before reading: keep each game's order in rows */
    GameRow *rows;
    long nrows, cap_rows;
} Tally;

/* What the standings read of one game: the fields of its line, as a
 * worker hands them to the parent without making the line (a game that
 * ended cleanly, no seat faulting), or as read from a line. */
typedef struct GameSummary {
    long game;
    int k;
    const char *seats[MAX_SEATS]; /* the bots, seat by seat */
    unsigned winners;             /* bit s-1: seat s won */
    int nwinners;
    unsigned scored; /* bit s-1: seat s has a score */
    double score[MAX_SEATS];
    long faults[MAX_SEATS];
    int place[MAX_SEATS]; /* the rules' or the referee's; else winners 1, the rest 2 */
    int stopped;
} GameSummary;

/* An empty tally, or NULL when out of memory. */
Tally *tally_new(void);
void tally_free(Tally *y);
/* Folds one game line (checked) into the standings. */
void tally_add(Tally *y, json_t *line);
/* Folds one game that ended with winners into the standings: a line's
 * fields (tally_add reads them into this), or a worker's summary. */
void tally_fold(Tally *y, const GameSummary *g);
/* Folds one game's finishing order (k seats: each seat's bot index, -1 not
 * counted, and place) into the ratings and the head to head. */
void tally_fold_order(Tally *y, int k, const int *idx, const int *place);
/* The deals still open are folded in (a shard's part of them): before
 * the intervals are read. */
void tally_close_deals(Tally *y);
/* Bot i's win rate's 95% interval, computed over deals; and the effective
 * number of independent games it is worth (effective may be NULL). */
void tally_win_interval(const Tally *y, int i, double *lo, double *hi, double *effective);
/* The ratings' standard errors over deals (rating_sums.h: the
 * cluster-robust sandwich) into err, given the fitted ratings of the first
 * nb bots and which model they come from (by_places: Plackett-Luce, else
 * Bradley-Terry); err is left as the fit gave it when the deals cannot
 * tell (fewer than two, out of memory). */
void tally_rating_errors(const Tally *y, int nb, const double *rating, int by_places, double *err);
/* How people read bot i's name: a bot given by path by its file's name
 * ("my-bot" for ~/bots/my-bot.lua), unless another bot of the tally has
 * that name too; buf holds it, or the word given is returned. */
const char *standing_label(const Tally *y, int i, char *buf, size_t size);
/* The ratings of the first nb bots: Plackett-Luce when any game had more
 * than two seats (returns 1), else Bradley-Terry (returns 0). */
int tally_ratings(const Tally *y, int nb, double *rating, double *err);
/* The bots' indices, best rating first (ties by name) into order. */
void tally_rank(const Tally *y, const double *rating, int *order);
/* Folds a game line given as text. */
void tally_text(Tally *y, const char *text);
/* The table, JSON lines or CSV (format): a is the tournament, for the
 * command that plays a faulty game again; NULL for merge. */
enum { STANDINGS_TABLE, STANDINGS_JSON, STANDINGS_CSV };
void print_standings(Tally *y, FILE *out, const TourArgs *a, int format);

#endif
