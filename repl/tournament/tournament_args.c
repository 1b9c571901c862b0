/* The tournament's command line. */
#include "tournament.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../session.h"

static int parse_long(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (!*text || *end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int tour_parse(int argc, char **argv, TourArgs *a, char *err, size_t errsize)
{
    memset(a, 0, sizeof *a);
    a->games = 100;
    a->jobs = 1;
    a->shard = a->shards = 1;
    for (int i = 0; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (o[0] != '-') {
            if (a->game) {
                snprintf(err, errsize, "unexpected '%s': give one game, then options", o);
                return 0;
            }
            a->game = o;
            continue;
        }
        if (!strcmp(o, "--json") || !strcmp(o, "--csv")) { /* the options without a value */
            if (a->json || a->csv) {
                snprintf(err, errsize, "give one of --json and --csv: the standings are printed one way");
                return 0;
            }
            *(o[2] == 'j' ? &a->json : &a->csv) = 1;
            continue;
        }
        if (!v) {
            snprintf(err, errsize, "%s needs a value", o);
            return 0;
        }
        i++;
        if (!strcmp(o, "--bots")) {
            char buf[2048];
            size_t len = strlen(v);
            if (len >= sizeof buf) {
                snprintf(err, errsize, "--bots is too long: at most %zu characters", sizeof buf - 1);
                return 0;
            }
            if (!len || v[0] == ',' || v[len - 1] == ',' || strstr(v, ",,")) {
                snprintf(err, errsize, "--bots has an empty entry: name one bot between commas, "
                         "such as bam-greedy,random");
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
        } else if (!strcmp(o, "--games")) {
            if (!parse_long(v, 1, TOUR_MAX_GAMES, &a->games)) {
                snprintf(err, errsize, "--games takes a whole number from 1 to %d, not '%s'", TOUR_MAX_GAMES, v);
                return 0;
            }
        } else if (!strcmp(o, "--seats")) {
            if (!parse_long(v, 1, MAX_SEATS, &n)) {
                snprintf(err, errsize, "--seats takes the number of seats (1 to 16) in a tournament, not '%s'", v);
                return 0;
            }
            a->nseats = (int)n;
        } else if (!strcmp(o, "--seed")) {
            const char *why = v ? seed_problem(v) : "it needs a value";
            if (!why && strlen(v) > SEED_TOURNAMENT_MAX)
                why = "a tournament's seed has at most 64 characters (each game's adds /N)";
            if (why) {
                snprintf(err, errsize, "--seed '%.80s' cannot be used: %s (such as --seed 7, or "
                         "leave it out for a fresh seed nobody can guess)", v ? v : "", why);
                return 0;
            }
            snprintf(a->seed, sizeof a->seed, "%s", v);
            a->have_seed = 1;
        } else if (!strcmp(o, "--jobs")) {
            if (!parse_long(v, 1, 256, &n)) {
                snprintf(err, errsize, "--jobs takes a number of worker processes from 1 to 256, not '%s'", v);
                return 0;
            }
            a->jobs = (int)n;
        } else if (!strcmp(o, "--shard")) {
            int i1, m1;
            char extra;
            if (sscanf(v, "%d/%d%c", &i1, &m1, &extra) != 2 || m1 < 1 || i1 < 1 || i1 > m1) {
                snprintf(err, errsize, "--shard takes I/M with 1 <= I <= M (such as 2/8), not '%s'", v);
                return 0;
            }
            a->shard = i1;
            a->shards = m1;
        } else if (!strcmp(o, "--out")) {
            a->out = v;
        } else if (!strcmp(o, "--report")) {
            a->report = v;
        } else if (!strcmp(o, "--set")) {
            if (!strchr(v, '=') || v[0] == '=' || a->nsets == 64) {
                snprintf(err, errsize, "--set takes NAME=VALUE (such as --set hands=10), not '%s'", v);
                return 0;
            }
            a->sets[a->nsets++] = v;
        } else if (!strcmp(o, "--bot-budget")) {
            if (!parse_long(v, 1, 0x7fffffffL, &a->bot_budget)) {
                snprintf(err, errsize, "--bot-budget takes a positive whole number, not '%s'", v);
                return 0;
            }
        } else if (!strcmp(o, "--on-fault")) {
            if (strcmp(v, "forfeit") && strcmp(v, "play-on")) {
                snprintf(err, errsize, "--on-fault takes forfeit or play-on, not '%s'", v);
                return 0;
            }
            a->forfeit = !strcmp(v, "forfeit");
        } else if (!strcmp(o, "--max-moves")) {
            if (!session_parse_max_moves(v, &a->max_moves, err, errsize))
                return 0;
        } else if (!strcmp(o, "--bot-memory")) {
            if (!parse_long(v, 1, 65536, &n)) {
                snprintf(err, errsize, "--bot-memory takes megabytes from 1 to 65536, not '%s'", v);
                return 0;
            }
            a->bot_memory = (size_t)n << 20;
        } else if (!strcmp(o, "--game-memory")) {
            if (!parse_long(v, 16, 1048576, &n)) {
                snprintf(err, errsize, "--game-memory takes megabytes from 16 to 1048576 (what a "
                         "game's rules and every seat may hold together), not '%s'", v);
                return 0;
            }
            a->game_memory = (size_t)n << 20;
        } else {
            snprintf(err, errsize, "unknown option '%s' (options: --bots, --games, --seats, --seed, "
                                   "--jobs, --shard, --out, --set, --bot-budget, --bot-memory, --game-memory, --on-fault, "
                                   "--max-moves)", o);
            return 0;
        }
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
