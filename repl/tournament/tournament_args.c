/* The tournament's command line. */
#include "tournament.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../core/kernel/limits.h"
#include "../command_options.h"

static int take_format(TourArgs *a, int *which, char *err, size_t errsize)
{
    if (a->json || a->csv) {
        snprintf(err, errsize, "give one of --json and --csv: the standings are printed one way");
        return 0;
    }
    *which = 1;
    return 1;
}

static int take_json(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)value;
    return take_format(own, &((TourArgs *)own)->json, err, errsize);
}

static int take_csv(void *own, SharedArgs *shared, const char *value, char *err, size_t errsize)
{
    (void)shared, (void)value;
    return take_format(own, &((TourArgs *)own)->csv, err, errsize);
}

static int take_bots(void *own, SharedArgs *shared, const char *v, char *err, size_t errsize)
{
    (void)shared;
    TourArgs *a = own;
    char buf[2048];
    size_t len = strlen(v);
    if (len >= sizeof buf) {
        snprintf(err, errsize, "--bots is too long: at most %zu characters", sizeof buf - 1);
        return 0;
    }
    if (!len || v[0] == ',' || v[len - 1] == ',' || strstr(v, ",,")) {
        snprintf(err, errsize, "--bots has an empty entry: name one bot between commas, such as "
                 "bam-greedy,random");
        return 0;
    }
    memcpy(buf, v, len + 1);
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (a->nbots == TOUR_MAX_BOTS) {
            snprintf(err, errsize, "too many bots (at most %d)", TOUR_MAX_BOTS);
            return 0;
        }
        a->bots[a->nbots++] = strdup(w);
    }
    return 1;
}

static int take_games(void *own, SharedArgs *shared, const char *v, char *err, size_t errsize)
{
    (void)shared;
    if (command_parse_long(v, 1, TOUR_MAX_GAMES, &((TourArgs *)own)->games))
        return 1;
    snprintf(err, errsize, "--games takes a whole number from 1 to %d, not '%s'", TOUR_MAX_GAMES, v);
    return 0;
}

static int take_seats(void *own, SharedArgs *shared, const char *v, char *err, size_t errsize)
{
    (void)shared;
    long n;
    if (!command_parse_long(v, 1, MAX_SEATS, &n)) {
        snprintf(err, errsize, "--seats takes the number of seats (1 to 16) in a tournament, not "
                 "'%s'", v);
        return 0;
    }
    ((TourArgs *)own)->nseats = (int)n;
    return 1;
}

static int take_jobs(void *own, SharedArgs *shared, const char *v, char *err, size_t errsize)
{
    (void)shared;
    long n;
    if (!command_parse_long(v, 1, 256, &n)) {
        snprintf(err, errsize, "--jobs takes a number of worker processes from 1 to 256, not '%s'", v);
        return 0;
    }
    ((TourArgs *)own)->jobs = (int)n;
    return 1;
}

static int take_shard(void *own, SharedArgs *shared, const char *v, char *err, size_t errsize)
{
    (void)shared;
    TourArgs *a = own;
    int i, m;
    char extra;
    if (sscanf(v, "%d/%d%c", &i, &m, &extra) != 2 || m < 1 || i < 1 || i > m) {
        snprintf(err, errsize, "--shard takes I/M with 1 <= I <= M (such as 2/8), not '%s'", v);
        return 0;
    }
    a->shard = i;
    a->shards = m;
    return 1;
}

static int take_out(void *own, SharedArgs *shared, const char *v, char *err, size_t errsize)
{
    (void)shared, (void)err, (void)errsize;
    ((TourArgs *)own)->out = v;
    return 1;
}

static int take_report(void *own, SharedArgs *shared, const char *v, char *err, size_t errsize)
{
    (void)shared, (void)err, (void)errsize;
    ((TourArgs *)own)->report = v;
    return 1;
}

/* The tournament's own options, beside the shared ones (command_options.h). */
static const CommandOption TOURNAMENT_OPTIONS[] = {
    {"--bots", "--bots bam-greedy,random", take_bots},
    {"--games", "--games 100", take_games},
    {"--seats", "--seats 4", take_seats},
    {"--jobs", "--jobs 2", take_jobs},
    {"--shard", "--shard 2/8", take_shard},
    {"--out", "--out FILE.jsonl", take_out},
    {"--report", "--report FILE.html", take_report},
    {"--json", NULL, take_json},
    {"--csv", NULL, take_csv},
    {NULL, NULL, NULL},
};

int tour_parse(int argc, char **argv, TourArgs *a, char *err, size_t errsize)
{
    memset(a, 0, sizeof *a);
    a->games = 100;
    a->jobs = 1;
    a->shard = a->shards = 1;
    if (!command_options_parse(argc, argv, TOURNAMENT_OPTIONS, a, &a->shared, &a->game, err,
                               errsize))
        return 0;
    if (a->shared.have_seed && strlen(a->shared.seed) > SEED_TOURNAMENT_MAX) {
        snprintf(err, errsize, "--seed '%.80s' cannot be used: a tournament's seed has at most 64 "
                 "characters (each game's adds /N) (such as --seed 7, or leave it out for a fresh "
                 "seed nobody can guess)", a->shared.seed);
        return 0;
    }
    if (!a->game) {
        snprintf(err, errsize, "tournament needs a game: such as 'referee tournament bam --bots "
                               "bam-greedy,random --games 100'");
        return 0;
    }
    if (a->nbots < 1) {
        snprintf(err, errsize, "tournament needs --bots: the bots to play, such as --bots bam-greedy,random");
        return 0;
    }
    return 1;
}
