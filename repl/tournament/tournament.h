/* tournament: many games between bots, and their standings.
 *
 * The games form a fixed list, numbered from 0, so any slice of it can be
 * played anywhere (--shard I/M, other machines) and merged later. Game g
 * belongs to deal g / K (K seats): every game of a deal has the same seed,
 * so the same shuffles and rolls, with the lineup rotated by g % K: each
 * bot sits in each seat equally often and meets the same luck in each.
 * Each game gives one JSON line; standings are computed from lines alone,
 * so one run and merged shards give the same table. */
#ifndef REFEREE_TOURNAMENT_H
#define REFEREE_TOURNAMENT_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>
#include "../../core/kernel/seed.h"
#include "../command_options.h"

#define TOUR_MAX_BOTS 32
/* --games at most; game lines number them from 0. */
#define TOUR_MAX_GAMES 100000000

struct Tally;

typedef struct TourArgs {
    const char *game;
    char *bots[TOUR_MAX_BOTS];
    int nbots;
    int nseats;          /* 0: as many as bots, within the game's range */
    long games;
    int jobs;
    int shard, shards;   /* play the games g with g % shards == shard - 1 */
    const char *out;
    /* The seed (given, read back from --out, or drawn fresh), --set, the
     * bots' limits, what a fault does, the move limit (command_options.h). */
    SharedArgs shared;
    int json;            /* the standings as JSON lines; not part of the id */
    int csv;             /* the standings as CSV, for a spreadsheet; not part of the id */
    const char *report;  /* --report FILE: the HTML report written at the end; not part of the id */
    /* What writes it (the report is a layer above: main gives it); 0 with why in *err. */
    int (*write_report)(const struct Tally *y, const char *path, char **err);
    char id[17];         /* what makes its game list: in every line (tour_run sets it) */
} TourArgs;

/* Parses the tournament's command line (after "tournament"); 0 and a
 * message in err on a mistake. */
int tour_parse(int argc, char **argv, TourArgs *args, char *err, size_t errsize);
/* Runs the tournament and prints the standings; the exit status. */
int tour_run(lua_State *L, const char *rules_path, const char *bots_path, TourArgs *args);
/* Standings of the game lines in these files (shards of one tournament),
 * as a table or as JSON lines. */
int tour_merge(int nfiles, char **files, int format);

#endif
