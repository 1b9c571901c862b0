/* MAP_ANONYMOUS (for the workers' shared game counter) is not in POSIX 2008. */
#define _DEFAULT_SOURCE
#include "tournament.h"

#include <errno.h>
#include <jansson.h>
#include <lauxlib.h>
#include <math.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../core/grow.h"
#include "../core/lua_json.h"
#include "../core/options.h"
#include "../core/rules_loader.h"
#include "../core/script.h"
#include "../core/stats.h"
#include "../core/strfmt.h"
#include "session.h"
#include "stop_signal.h"

/* ---- the command line ---- */

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
    a->seed = 1;
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
        if (!strcmp(o, "--json")) { /* the only option without a value */
            a->json = 1;
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
            if (!parse_long(v, 0, 0x3fffffffffffffffL, &n)) {
                snprintf(err, errsize, "--seed takes a whole number from 0 to 2^62, not '%s'", v);
                return 0;
            }
            a->seed = (uint64_t)n;
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
        } else {
            snprintf(err, errsize, "unknown option '%s' (options: --bots, --games, --seats, --seed, "
                                   "--jobs, --shard, --out, --set, --bot-budget, --bot-memory, --on-fault, "
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

/* ---- the list of games ---- */

/* Game g: its deal's seed, and who sits where. */
static uint64_t seed_of(const TourArgs *a, long g, int k)
{
    uint64_t x = a->seed + (uint64_t)(g / k) * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    return x & 0x3fffffffffffffffULL;
}

/* The tournament's identity, written in each game line: a hash of all that
 * makes its list of games (the game, seat count, seed, bots in order,
 * options, bot limits, and the text of the rules' and bots' files, loaded
 * by now; not the number of games, as game g is the same game in a run of
 * any length). Merging or resuming mixes only lines that carry the same one,
 * so shards played with other versions of a rules script or a bot are never
 * counted together. */
static void tour_identity(TourArgs *a, int k)
{
    uint64_t h = 14695981039346656037ULL;
    char number[128]; /* five numbers of up to 20 digits, and a hash */
    const char *parts[TOUR_MAX_BOTS + 64 + 8];
    int n = 0;
    parts[n++] = a->game;
    snprintf(number, sizeof number, "%d %llu %ld %zu %d %llx", k, (unsigned long long)a->seed,
             a->bot_budget, a->bot_memory, a->forfeit,
             (unsigned long long)script_sources_hash());
    parts[n++] = number;
    for (int i = 0; i < a->nbots; i++)
        parts[n++] = a->bots[i];
    parts[n++] = "--set";
    for (int i = 0; i < a->nsets; i++)
        parts[n++] = a->sets[i];
    /* Only when given, so tournaments from before --max-moves keep their id. */
    char limit[40];
    if (a->max_moves) {
        snprintf(limit, sizeof limit, "--max-moves %ld", a->max_moves);
        parts[n++] = limit;
    }
    for (int i = 0; i < n; i++)
        for (const char *c = parts[i];; c++) {
            h = (h ^ (unsigned char)*c) * 1099511628211ULL; /* the NUL too: a separator */
            if (!*c)
                break;
        }
    snprintf(a->id, sizeof a->id, "%016llx", (unsigned long long)h);
}

static void seats_of(const TourArgs *a, long g, int k, const char **names)
{
    long deal = g / k;
    int rot = (int)(g % k);
    for (int s = 0; s < k; s++)
        names[s] = a->bots[(deal * k + (s + rot) % k) % a->nbots];
}

/* ---- playing ---- */

/* What a game is replayed for after the standings: the first reason one
 * seat faulted for. Reasons stay out of the lines: a bot's words can hold
 * what differs from process to process (an address), and lines must not. */
typedef struct FaultWitness {
    int seat;
    char *why;
} FaultWitness;

/* What a game played for its fault's reason stops at once with: the rest
 * of it is not needed. */
static const volatile sig_atomic_t stop_now = 1;

static void fault_noted(Session *s, int seat, const char *why, void *ctx)
{
    FaultWitness *w = ctx;
    if (w && seat == w->seat && !w->why) {
        w->why = strdup(why);
        s->stop_request = &stop_now;
    }
}

/* Plays game g with bots from pool; returns its JSON line (malloc'd).
 * witness, when given, gets the first reason its seat faulted for. */
static char *play_game(lua_State *L, const char *rules, const char *bots, const TourArgs *a,
                       BotPool *pool, long g, int k, FaultWitness *witness)
{
    const char *names[MAX_SEATS];
    seats_of(a, g, k, names);
    char list[MAX_SEATS * 80] = "";
    for (int s = 0; s < k; s++) {
        strcat(list, s ? "," : "");
        strncat(list, names[s], 70);
    }
    Session s;
    session_init(&s, L, rules, bots);
    s.pool = pool;
    s.on_fault = fault_noted;
    s.fault_ctx = witness;
    if (witness) /* played after the others: Ctrl-C stops it too */
        s.stop_request = &stop_signal_asked;
    GameArgs args = {0};
    args.game = a->game;
    args.seats = list;
    args.seed = seed_of(a, g, k);
    args.have_seed = 1;
    args.bot_budget = a->bot_budget;
    args.bot_memory = a->bot_memory;
    args.forfeit = a->forfeit;
    args.max_moves = a->max_moves;
    for (int i = 0; i < a->nsets; i++)
        args.sets[args.nsets++] = a->sets[i];
    json_t *line = json_pack("{s:I, s:s, s:I}", "game", (json_int_t)g, "tournament", a->id,
                             "seed", (json_int_t)args.seed);
    json_t *seats = json_array();
    for (int i = 0; i < k; i++)
        json_array_append_new(seats, json_string(names[i]));
    json_object_set_new(line, "seats", seats);
    char *why = NULL;
    if (!session_start(&s, &args, &why)) {
        json_object_set_new(line, "error", json_string(why ? why : "?"));
        free(why);
    } else {
        GameStatus st = session_run_bots(&s, NULL, NULL);
        if (st == GAME_OVER && s.stopped) {
            /* A game stopped at the move limit is a draw: nobody wins. */
            json_object_set_new(line, "winners", json_array());
            json_object_set_new(line, "stopped", json_integer(s.max_moves));
        } else if (st == GAME_OVER && s.forfeited) {
            /* The faulting bot's seat loses; the others share the win. */
            json_t *w = json_array();
            for (int i = 1; i <= k; i++)
                if (i != s.forfeited)
                    json_array_append_new(w, json_integer(i));
            json_object_set_new(line, "winners", w);
            json_object_set_new(line, "forfeit", json_integer(s.forfeited));
        } else if (st == GAME_OVER && game_push_result(s.game) == GAME_OK && lua_istable(L, -1)) {
            lua_getfield(L, -1, "winners");
            lua_getfield(L, -2, "scores");
            char e[100];
            char *w = ljson_encode(L, -2, e, sizeof e), *sc = ljson_encode(L, -1, e, sizeof e);
            json_object_set_new(line, "winners", w ? json_loads(w, JSON_DECODE_ANY, NULL) : json_array());
            if (sc && strcmp(sc, "null") != 0)
                json_object_set_new(line, "scores", json_loads(sc, JSON_DECODE_ANY, NULL));
            free(w);
            free(sc);
            lua_pop(L, 3);
        } else {
            if (st == GAME_OVER)
                lua_pop(L, 1);
            json_object_set_new(line, "error", json_string(s.game->error ? s.game->error : "no result"));
        }
        json_t *faults = json_array();
        for (int i = 1; i <= k; i++)
            json_array_append_new(faults, json_integer(s.faults[i]));
        json_object_set_new(line, "faults", faults);
        json_object_set_new(line, "moves", json_integer(s.game->nmoves));
    }
    session_close(&s);
    char *text = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(line);
    return text;
}

/* ---- progress ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A duration for the ETA: 45s, 3m05s, 2h07m. */
static void format_duration(double seconds, char *out, size_t size)
{
    long s = (long)(seconds + 0.5);
    if (s < 60)
        snprintf(out, size, "%lds", s);
    else if (s < 3600)
        snprintf(out, size, "%ldm%02lds", s / 60, s % 60);
    else
        snprintf(out, size, "%ldh%02ldm", s / 3600, s % 3600 / 60);
}

/* The bar on stderr when it is a terminal: redrawn at most ten times a
 * second (a game can take less than a millisecond), and at the end. */
static void progress(long done, long total, double started)
{
    static int tty = -1;
    static double drawn;
    if (tty < 0)
        tty = isatty(STDERR_FILENO);
    if (!tty || total <= 0)
        return;
    double t = now();
    if (done < total && done > 1 && t - drawn < 0.1)
        return;
    drawn = t;
    double elapsed = t - started;
    double eta = done > 0 ? elapsed / (double)done * (double)(total - done) : 0;
    int width = 30, filled = (int)((double)width * (double)done / (double)total);
    char left[32];
    format_duration(eta, left, sizeof left);
    fprintf(stderr, "\r[%.*s%*s] %ld/%ld games, ETA %s   ", filled,
            "##############################", width - filled, "", done, total, left);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* ---- standings ---- */

typedef struct Standing {
    char *bot;
    double games, wins, score, faults;
    int scored;
    /* The games in which it faulted, and the first of them by number (the
     * same whichever order lines come in): where to look for why. */
    long fault_games, first_fault;
    int first_fault_seat;
    json_int_t first_fault_seed;
    char *first_fault_seats; /* the lineup, comma-separated */
    char *why;               /* the first line of its first reason there, when the game was replayed */
} Standing;

/* The standings so far: each game line is folded in as it comes and then
 * dropped, so a tournament of millions of games needs no more memory than
 * one of ten. */
typedef struct Tally {
    Standing st[TOUR_MAX_BOTS * 2];
    int nb;
    double pair[TOUR_MAX_BOTS * 2][TOUR_MAX_BOTS * 2]; /* pair[i][j]: i beat j */
    long games, errors, stopped;
    char first_error[400]; /* shown with the standings: without --out it is nowhere else */
} Tally;

static Tally *tally_new(void)
{
    return calloc(1, sizeof(Tally));
}

static void tally_free(Tally *y)
{
    for (int i = 0; y && i < y->nb; i++) {
        free(y->st[i].bot);
        free(y->st[i].first_fault_seats);
        free(y->st[i].why);
    }
    free(y);
}

static int find_bot_index(Tally *y, const char *bot)
{
    if (!bot)
        return -1;
    for (int i = 0; i < y->nb; i++)
        if (strcmp(y->st[i].bot, bot) == 0)
            return i;
    if (y->nb == TOUR_MAX_BOTS * 2)
        return -1;
    Standing *b = &y->st[y->nb];
    memset(b, 0, sizeof *b);
    if (!(b->bot = strdup(bot)))
        return -1;
    return y->nb++;
}

static int winner(json_t *winners, int seat)
{
    size_t i;
    json_t *w;
    json_array_foreach(winners, i, w)
        if (json_integer_value(w) == seat)
            return 1;
    return 0;
}

/* b faulted at seat in the game of line: kept if it is the first so far. */
static void note_fault(Standing *b, json_t *line, int seat)
{
    long g = (long)json_integer_value(json_object_get(line, "game"));
    if (b->fault_games++ > 0 && g >= b->first_fault)
        return;
    json_t *seats = json_object_get(line, "seats");
    size_t len = 0, i;
    json_t *name;
    json_array_foreach(seats, i, name)
        len += strlen(json_string_value(name)) + 1;
    char *list = malloc(len + 1);
    if (!list)
        return;
    list[0] = '\0';
    json_array_foreach(seats, i, name) {
        strcat(list, i ? "," : "");
        strcat(list, json_string_value(name));
    }
    free(b->first_fault_seats);
    b->first_fault_seats = list;
    b->first_fault = g;
    b->first_fault_seat = seat;
    b->first_fault_seed = json_integer_value(json_object_get(line, "seed"));
}

/* Folds one game line (a json object) into the standings. */
static void tally_add(Tally *y, json_t *line)
{
    json_t *seats = json_object_get(line, "seats");
    json_t *winners = json_object_get(line, "winners");
    json_t *scores = json_object_get(line, "scores");
    json_t *faults = json_object_get(line, "faults");
    if (json_object_get(line, "error") || !json_is_array(winners)) {
        const char *why = json_string_value(json_object_get(line, "error"));
        if (!y->errors++) {
            /* The rules' own words, from a line that may have come from
             * another machine: printed, so made safe to print. */
            snprintf(y->first_error, sizeof y->first_error, "%s", why ? why : "no winners");
            strfmt_printable(y->first_error);
        }
        return;
    }
    y->games++;
    if (json_object_get(line, "stopped"))
        y->stopped++;
    int k = (int)json_array_size(seats), idx[MAX_SEATS];
    size_t nw = json_array_size(winners);
    for (int s = 0; s < k && s < MAX_SEATS; s++) {
        idx[s] = find_bot_index(y, json_string_value(json_array_get(seats, (size_t)s)));
        if (idx[s] < 0)
            continue;
        Standing *b = &y->st[idx[s]];
        b->games += 1;
        if (winner(winners, s + 1))
            b->wins += 1.0 / (double)nw;
        json_t *sc = json_array_get(scores, (size_t)s);
        if (json_is_number(sc)) {
            b->score += json_number_value(sc);
            b->scored++;
        }
        json_int_t n = json_integer_value(json_array_get(faults, (size_t)s));
        b->faults += (double)n;
        if (n > 0)
            note_fault(b, line, s + 1);
    }
    /* Pairwise results between seats of different bots. */
    for (int i = 0; i < k && i < MAX_SEATS; i++)
        for (int j = i + 1; j < k && j < MAX_SEATS; j++) {
            if (idx[i] < 0 || idx[j] < 0 || idx[i] == idx[j])
                continue;
            int wi = winner(winners, i + 1), wj = winner(winners, j + 1);
            if (wi && !wj)
                y->pair[idx[i]][idx[j]] += 1;
            else if (wj && !wi)
                y->pair[idx[j]][idx[i]] += 1;
            else {
                y->pair[idx[i]][idx[j]] += 0.5;
                y->pair[idx[j]][idx[i]] += 0.5;
            }
        }
}

/* Folds a game line given as text. */
static void tally_text(Tally *y, const char *text)
{
    json_t *j = json_loads(text, 0, NULL);
    if (j)
        tally_add(y, j);
    else
        y->errors++;
    json_decref(j);
}

/* An argument of a command line to copy into a shell: as it is when
 * nothing in it is special to the shell, else in single quotes. */
static void put_arg(FILE *out, const char *arg)
{
    if (*arg && strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+=.,/:@%") ==
                    strlen(arg)) {
        fprintf(out, " %s", arg);
        return;
    }
    fputs(" '", out);
    for (const char *c = arg; *c; c++)
        if (*c == '\'')
            fputs("'\\''", out); /* end the quotes, a quoted quote, quote again */
        else
            fputc(*c, out);
    fputc('\'', out);
}

/* The command that plays b's first faulty game again: GAME stands for the
 * game when a (the tournament) is not known, as in merge. */
static void put_watch_command(FILE *out, const Standing *b, const TourArgs *a)
{
    fputs("referee run", out);
    put_arg(out, a ? a->game : "GAME");
    fputs(" --seats", out);
    put_arg(out, b->first_fault_seats);
    fprintf(out, " --seed %lld", (long long)b->first_fault_seed);
    for (int i = 0; a && i < a->nsets; i++) {
        fputs(" --set", out);
        put_arg(out, a->sets[i]);
    }
    if (a && a->bot_budget)
        fprintf(out, " --bot-budget %ld", a->bot_budget);
    if (a && a->bot_memory)
        fprintf(out, " --bot-memory %zu", a->bot_memory >> 20);
    if (a && a->forfeit)
        fputs(" --on-fault forfeit", out);
    if (a && a->max_moves)
        fprintf(out, " --max-moves %ld", a->max_moves);
}

/* For each bot that faulted: how often, and the first game it did, with
 * the command that plays that game again to watch it (a: the tournament's
 * arguments; NULL for merge, which knows only the lines). */
static void print_faults(const Standing *st, const int *order, int nb, FILE *out,
                         const TourArgs *a)
{
    for (int r = 0; r < nb; r++) {
        const Standing *b = &st[order[r]];
        if (b->fault_games == 0)
            continue;
        fprintf(out, "%s faulted %.0f time%s, in %ld of its %.0f games; first in game %ld, at seat %d",
                b->bot, b->faults, b->faults == 1 ? "" : "s", b->fault_games, b->games,
                b->first_fault, b->first_fault_seat);
        if (b->why)
            fprintf(out, ": %s", b->why);
        fputs("\n  to watch that game: ", out);
        put_watch_command(out, b, a);
        fputs(a ? "\n" : "   (GAME and --set as in the tournament)\n", out);
    }
}

/* A JSON text of s: a bot's words are made printable first, as jansson
 * drops what is not UTF-8. */
static json_t *json_text(const char *s)
{
    json_t *j = json_string(s);
    if (!j) {
        char *copy = strdup(s);
        j = json_string(strfmt_printable(copy) ? copy : "?");
        free(copy);
    }
    return j;
}

/* x rounded to places decimals, as a JSON number. */
static json_t *json_rounded(double x, int places)
{
    double scale = pow(10, places);
    return json_real(round(x * scale) / scale);
}

/* One line: what a standing's figures and its faults say, in order. */
static void put_json_line(FILE *out, json_t *j)
{
    json_dumpf(j, out, JSON_COMPACT | JSON_REAL_PRECISION(12));
    fputc('\n', out);
    json_decref(j);
}

/* The standings as JSON lines (--json): one per bot, best first, then a
 * summary, with the same figures as the table. */
static void print_standings_json(const Tally *y, FILE *out, const TourArgs *a, const int *order,
                                 const double *rating, const double *err)
{
    for (int r = 0; r < y->nb; r++) {
        const Standing *b = &y->st[order[r]];
        double lo, hi;
        stats_wilson(b->wins, b->games, &lo, &hi);
        json_t *j = json_pack("{s:s, s:i, s:o, s:I, s:o, s:o, s:[o, o], s:o, s:I, s:o, s:o}", "type",
                              "standing", "rank", r + 1, "bot", json_text(b->bot), "games",
                              (json_int_t)b->games, "wins", json_rounded(b->wins, 4), "win_rate",
                              json_rounded(b->games > 0 ? b->wins / b->games : 0, 4), "interval",
                              json_rounded(lo, 4), json_rounded(hi, 4), "mean_score",
                              b->scored ? json_rounded(b->score / b->scored, 4) : json_null(),
                              "faults", (json_int_t)b->faults, "rating",
                              json_rounded(rating[order[r]], 1), "rating_error",
                              json_rounded(err[order[r]], 1));
        if (b->fault_games > 0) {
            json_t *seats = json_array();
            char *list = strdup(b->first_fault_seats ? b->first_fault_seats : "");
            for (char *save = NULL, *w = list ? strtok_r(list, ",", &save) : NULL; w;
                 w = strtok_r(NULL, ",", &save))
                json_array_append_new(seats, json_text(w));
            free(list);
            json_t *first = json_pack("{s:I, s:i, s:I, s:o}", "game", (json_int_t)b->first_fault,
                                      "seat", b->first_fault_seat, "seed", b->first_fault_seed,
                                      "seats", seats);
            if (b->why)
                json_object_set_new(first, "reason", json_text(b->why));
            char *command = NULL;
            size_t size = 0;
            FILE *f = a ? open_memstream(&command, &size) : NULL;
            if (f) {
                put_watch_command(f, b, a);
                fclose(f);
                json_object_set_new(first, "watch", json_text(command));
            }
            free(command);
            json_object_set_new(j, "fault_games", json_integer(b->fault_games));
            json_object_set_new(j, "first_fault", first);
        }
        put_json_line(out, j);
    }
    json_t *sum = json_pack("{s:s, s:I, s:I, s:I}", "type", "summary", "games", (json_int_t)y->games,
                            "failed", (json_int_t)y->errors, "stopped", (json_int_t)y->stopped);
    if (y->errors)
        json_object_set_new(sum, "first_failure", json_text(y->first_error));
    put_json_line(out, sum);
}

static void print_standings(const Tally *y, FILE *out, const TourArgs *a, int json)
{
    const Standing *st = y->st;
    int nb = y->nb;
    double *wins = calloc((size_t)(nb * nb) + 1, sizeof(double));
    double rating[TOUR_MAX_BOTS * 2], err[TOUR_MAX_BOTS * 2];
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nb; j++)
            wins[i * nb + j] = y->pair[i][j];
    stats_bradley_terry(nb, wins, rating, err);
    free(wins);
    /* Best rating first; ties by name, so the table is always the same. */
    int order[TOUR_MAX_BOTS * 2];
    for (int i = 0; i < nb; i++)
        order[i] = i;
    for (int i = 1; i < nb; i++)
        for (int j = i; j > 0; j--) {
            int a = order[j - 1], b = order[j];
            if (rating[b] > rating[a] + 1e-9 ||
                (fabs(rating[b] - rating[a]) <= 1e-9 && strcmp(st[b].bot, st[a].bot) < 0)) {
                order[j - 1] = b;
                order[j] = a;
            }
        }
    if (json) {
        print_standings_json(y, out, a, order, rating, err);
        return;
    }
    /* The bot column fits the longest name (a bot may be given by path). */
    int width = 20;
    for (int i = 0; i < nb; i++)
        if ((int)strlen(st[i].bot) > width)
            width = (int)strlen(st[i].bot);
    fprintf(out, "%-*s %7s %9s %8s %15s %11s %7s %13s\n", width, "bot", "games", "wins", "win rate",
            "95% interval", "mean score", "faults", "rating");
    for (int r = 0; r < nb; r++) {
        const Standing *b = &st[order[r]];
        double lo, hi;
        stats_wilson(b->wins, b->games, &lo, &hi);
        char interval[32], mean[32];
        snprintf(interval, sizeof interval, "%.1f%%-%.1f%%", 100 * lo, 100 * hi);
        if (b->scored)
            snprintf(mean, sizeof mean, "%.1f", b->score / b->scored);
        else
            snprintf(mean, sizeof mean, "-");
        fprintf(out, "%-*s %7.0f %9.1f %7.1f%% %15s %11s %7.0f %7.0f ± %3.0f\n", width, b->bot, b->games,
                b->wins, b->games > 0 ? 100 * b->wins / b->games : 0, interval, mean, b->faults,
                rating[order[r]], err[order[r]]);
    }
    fprintf(out, "%ld games", y->games);
    if (y->errors)
        fprintf(out, ", %ld that failed (see their \"error\")", y->errors);
    if (y->stopped)
        fprintf(out, ", %ld stopped at the move limit (--max-moves) and counted as draws", y->stopped);
    fputs("; shared wins count as fractions; ratings: Bradley-Terry on the Elo scale, ± one "
          "standard error\n", out);
    if (y->errors)
        fprintf(out, "the first that failed: %s\n", y->first_error);
    print_faults(st, order, nb, out, a);
}

/* Which game numbers are already in hand: a bitmap that grows. */
typedef struct Seen {
    unsigned char *bits;
    size_t size;
} Seen;

/* g is a checked game number (0 <= g < TOUR_MAX_GAMES): the map stays
 * within 12.5 MB. */
static int seen_has(const Seen *s, json_int_t g)
{
    return (size_t)(g / 8) < s->size && (s->bits[g / 8] >> (g % 8) & 1);
}

/* 0 when out of memory. */
static int seen_add(Seen *s, json_int_t g)
{
    if ((size_t)(g / 8) >= s->size) {
        size_t size = (size_t)(g / 8) * 2 + 64;
        unsigned char *bits = realloc(s->bits, size);
        if (!bits)
            return 0;
        memset(bits + s->size, 0, size - s->size);
        s->bits = bits;
        s->size = size;
    }
    s->bits[g / 8] |= (unsigned char)(1u << (g % 8));
    return 1;
}

/* Is value a list of n integers, each from lo to hi? */
static int integers_in(json_t *value, size_t n, json_int_t lo, json_int_t hi)
{
    if (!json_is_array(value) || json_array_size(value) != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        json_t *x = json_array_get(value, i);
        if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
            return 0;
    }
    return 1;
}

/* What is wrong with a game line as `--out` writes it, or NULL: a line
 * damaged by hand or by a disk must not crash the merge or count for
 * anything in the standings. */
static const char *line_problem(json_t *j)
{
    _Static_assert(TOUR_MAX_GAMES == 100000000, "the message below names the bound");
    json_t *game = json_object_get(j, "game"), *seats = json_object_get(j, "seats");
    if (!json_is_integer(game) || json_integer_value(game) < 0 ||
        json_integer_value(game) >= TOUR_MAX_GAMES)
        return "\"game\" must be a game number from 0 to 99999999";
    json_t *id = json_object_get(j, "tournament");
    if (!json_is_string(id) || !json_is_integer(json_object_get(j, "seed")))
        return "\"tournament\" must be a text and \"seed\" a number";
    /* The id and the bots' names are printed back (in messages, in the
     * standings), and a line may come from another machine. */
    if (strfmt_has_control(json_string_value(id)))
        return "\"tournament\" holds a control character";
    size_t k = json_array_size(seats);
    if (!json_is_array(seats) || k < 1 || k > MAX_SEATS)
        return "\"seats\" must list the bot of each seat";
    for (size_t i = 0; i < k; i++)
        if (!json_is_string(json_array_get(seats, i)))
            return "\"seats\" must list the bot of each seat";
        else if (strfmt_has_control(json_string_value(json_array_get(seats, i))))
            return "a bot's name in \"seats\" holds a control character";
    json_t *error = json_object_get(j, "error"), *faults = json_object_get(j, "faults");
    json_t *moves = json_object_get(j, "moves"), *forfeit = json_object_get(j, "forfeit");
    if (error && !json_is_string(error))
        return "\"error\" must be a text";
    if ((faults || !error) && !integers_in(faults, k, 0, INT_MAX))
        return "\"faults\" must count each seat's faults";
    if ((moves || !error) && (!json_is_integer(moves) || json_integer_value(moves) < 0))
        return "\"moves\" must be a number of moves";
    if (forfeit && (!json_is_integer(forfeit) || json_integer_value(forfeit) < 1 ||
                    json_integer_value(forfeit) > (json_int_t)k))
        return "\"forfeit\" must be a seat";
    if (error)
        return NULL;
    json_t *winners = json_object_get(j, "winners"), *scores = json_object_get(j, "scores");
    size_t nw = json_array_size(winners);
    if (!integers_in(winners, nw, 1, (json_int_t)k))
        return "\"winners\" must list seats";
    for (size_t a = 0; a < nw; a++)
        for (size_t b = a + 1; b < nw; b++)
            if (json_equal(json_array_get(winners, a), json_array_get(winners, b)))
                return "\"winners\" names a seat twice";
    if (scores && (!json_is_array(scores) || json_array_size(scores) != k))
        return "\"scores\" must give each seat's score";
    for (size_t i = 0; scores && i < k; i++)
        if (!json_is_number(json_array_get(scores, i)))
            return "\"scores\" must give each seat's score";
    return NULL;
}

/* Whose lines are being read: the tournament id they must all carry, and
 * where it came from (for the message when a line carries another). */
typedef struct Origin {
    char id[64];
    char where[320];
} Origin;

/* Where a line of this tournament (a, k seats) differs from game g as the
 * list of games has it, or NULL: a run resuming knows the list, so a
 * line's seats and seed are checked too (merge knows only the lines). */
static const char *unlike_its_game(json_t *j, const TourArgs *a, int k)
{
    json_int_t g = json_integer_value(json_object_get(j, "game"));
    json_t *seats = json_object_get(j, "seats");
    const char *names[MAX_SEATS];
    seats_of(a, (long)g, k, names);
    if (json_array_size(seats) != (size_t)k)
        return "its seats are not this tournament's";
    for (int s = 0; s < k; s++)
        if (strcmp(json_string_value(json_array_get(seats, (size_t)s)), names[s]) != 0)
            return "its seats are not those of its game number";
    if ((uint64_t)json_integer_value(json_object_get(j, "seed")) != seed_of(a, (long)g, k))
        return "its seed is not that of its game number";
    return NULL;
}

/* A game line is a few hundred bytes; one over this is not one. */
#define GAME_LINE_MAX (1L << 20)

/* Reads one line, its newline kept, into *buf (grown as getline grows it).
 * Returns its length, 0 at the end of the file, or -1 for a line longer
 * than GAME_LINE_MAX: getline would read an endless stream without
 * newlines (a pipe from a runaway program) until memory ran out. */
static long read_game_line(FILE *f, char **buf, size_t *size)
{
    long len = 0;
    int c;
    while ((c = getc_unlocked(f)) != EOF) {
        if (len >= GAME_LINE_MAX)
            return -1;
        if ((size_t)len + 2 > *size) {
            size_t want = *size ? *size * 2 : 256;
            char *grown = realloc(*buf, want);
            if (!grown)
                return -1;
            *buf = grown;
            *size = want;
        }
        (*buf)[len++] = (char)c;
        if (c == '\n')
            break;
    }
    if (len)
        (*buf)[len] = '\0';
    return len;
}

/* Folds the game lines of a file into the standings (by game number,
 * duplicates dropped); returns how many it took, or -1 with a message.
 * expect (with its seat count k), when given, is the tournament whose
 * games they must be. */
static long read_lines(const char *path, Tally *y, int quiet_missing, Seen *seen, Origin *o,
                       const TourArgs *expect, int k)
{
    /* Quoted in messages as shown: a file name may hold anything. */
    char shown[4096];
    const char *named = strfmt_shown(path, shown, sizeof shown);
    FILE *f = fopen(path, "r");
    if (!f) {
        if (quiet_missing && errno == ENOENT)
            return 0;
        fprintf(stderr, "referee: cannot read '%s': %s\n", named, strerror(errno));
        return -1;
    }
    struct stat st; /* a device (/dev/zero) would be read for ever */
    if (fstat(fileno(f), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
        fprintf(stderr, "referee: '%s' is a device, not a file of game lines\n", named);
        fclose(f);
        return -1;
    }
    char *buf = NULL;
    size_t size = 0;
    long lineno = 0, n = 0, len;
    while ((len = read_game_line(f, &buf, &size)) != 0) {
        lineno++;
        if (len < 0) {
            fprintf(stderr, "referee: %s:%ld is not a game line (longer than %ld bytes, or memory "
                            "ran out): give files that referee tournament --out wrote\n",
                    named, lineno, GAME_LINE_MAX);
            free(buf);
            fclose(f);
            return -1;
        }
        if (buf[0] == '\n')
            continue;
        /* A NUL inside would end the text early, so it could pass for a
         * shorter line: no game line holds one. */
        json_t *j = (size_t)len == strlen(buf) ? json_loads(buf, 0, NULL) : NULL;
        if (!json_is_object(j) || !json_is_integer(json_object_get(j, "game"))) {
            /* A line cut short by an interrupted run is dropped, not fatal. */
            if (!feof(f) || strchr(buf, '\n')) {
                fprintf(stderr, "referee: %s:%ld is not a game line (a JSON object with a "
                                "\"game\" number, as referee tournament --out writes): delete it, "
                                "and a run with --out %s plays its game again\n",
                        named, lineno, named);
                json_decref(j);
                free(buf);
                fclose(f);
                return -1;
            }
            json_decref(j);
            continue;
        }
        const char *id = json_string_value(json_object_get(j, "tournament"));
        if (!o->where[0]) {
            snprintf(o->id, sizeof o->id, "%s", id ? id : "");
            snprintf(o->where, sizeof o->where, "%s:%ld", named, lineno);
        } else if (strcmp(o->id, id ? id : "") != 0) {
            fprintf(stderr, "referee: %s:%ld is a game of another tournament than %s (another "
                            "game, bots, seats, seed, options, bot limits, move limit, or rules or bot files): %s\n",
                    named, lineno, o->where,
                    quiet_missing ? "give another --out file, or the command that wrote this one"
                                  : "merge the shards of one tournament only");
            json_decref(j);
            free(buf);
            fclose(f);
            return -1;
        }
        const char *why = line_problem(j);
        if (!why && expect)
            why = unlike_its_game(j, expect, k);
        json_int_t g = json_integer_value(json_object_get(j, "game"));
        int failed = why != NULL;
        if (why) {
            fprintf(stderr, "referee: %s:%ld is a damaged game line (%s): delete it, and a run "
                            "with --out %s plays that game again\n", named, lineno, why, named);
        } else if (!seen_has(seen, g)) { /* else the same game again: taken once */
            if (seen_add(seen, g)) {
                tally_add(y, j);
                n++;
            } else {
                fprintf(stderr, "referee: out of memory reading %s\n", named);
                failed = 1;
            }
        }
        if (failed) {
            json_decref(j);
            free(buf);
            fclose(f);
            return -1;
        }
        json_decref(j);
    }
    free(buf);
    fclose(f);
    return n;
}

int tour_merge(int nfiles, char **files, int json)
{
    Tally *y = tally_new();
    Seen seen = {NULL, 0};
    long n = 0;
    Origin origin = {"", ""};
    for (int i = 0; i < nfiles && n >= 0; i++) {
        long got = read_lines(files[i], y, 0, &seen, &origin, NULL, 0);
        n = got < 0 ? -1 : n + got;
    }
    free(seen.bits);
    if (n == 0)
        fprintf(stderr, "referee: no game lines in the files given\n");
    if (n > 0)
        print_standings(y, stdout, NULL, json);
    int failed = y->errors > 0; /* an error in a game: the standings say which */
    tally_free(y);
    return n > 0 && !failed ? 0 : 1;
}

/* ---- running ---- */

/* --out is read back to resume a run and then appended to, so it must be
 * a file (made when missing): a device was read forever (/dev/full), and
 * a pipe blocked the run on reading it back (--out /dev/stdout). */
static int out_is_a_file(const char *path, const char *shown)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return 1; /* missing: made, or refused with why, when the games start */
    const char *what = S_ISDIR(st.st_mode) ? "a directory"
                       : S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) ? "a pipe"
                       : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device"
                                                                      : "not a regular file";
    fprintf(stderr, "referee: --out %s is %s: the lines are read back from it to resume a run, so "
                    "name a file (it is made when missing)\n", shown, what);
    return 0;
}

/* A run that was stopped mid-line leaves a partial last line: cut it off
 * so that the resumed run appends whole lines. */
static void drop_partial_line(const char *path)
{
    FILE *f = fopen(path, "r+");
    if (!f)
        return;
    long keep = 0, pos = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        pos++;
        if (c == '\n')
            keep = pos;
    }
    char shown[4096];
    if (keep < pos && ftruncate(fileno(f), keep) != 0)
        fprintf(stderr, "referee: cannot cut the partial last line of '%s'\n",
                strfmt_shown(path, shown, sizeof shown));
    fclose(f);
}

/* The first Ctrl-C (SIGINT) stops a tournament once the games in play end:
 * their lines are written, the standings of the games played are printed,
 * and the same command resumes from --out. Workers get it too (from the
 * terminal, or passed on by the parent): each finishes its game and leaves. */
static const char STOP_NOTICE[] =
    "\nreferee: stopping once the games in play end (Ctrl-C again quits at once)\n";

/* Writes results in game order as they become contiguous. */
typedef struct Collector {
    long *todo;      /* the game numbers to play, ascending */
    char **result;   /* by position in todo */
    long ntodo, next, done;
    FILE *out;
    int write_error; /* errno of the first line --out would not take, or 0 */
    long written;    /* the lines of this run --out holds whole */
    Tally *tally;    /* lines are folded in and freed once written in order */
    double started;
} Collector;

static void collect(Collector *c, long g, char *line)
{
    long lo = 0, hi = c->ntodo - 1;
    while (lo < hi) {
        long mid = (lo + hi) / 2;
        if (c->todo[mid] < g)
            lo = mid + 1;
        else
            hi = mid;
    }
    c->result[lo] = line;
    c->done++;
    while (c->next < c->ntodo && c->result[c->next]) {
        if (c->out && !c->write_error) {
            if (fprintf(c->out, "%s\n", c->result[c->next]) < 0 || fflush(c->out) != 0) {
                /* A full disk: the games stop as at a Ctrl-C, for the file
                 * to be resumed from once there is room. */
                c->write_error = errno ? errno : EIO;
                stop_signal_asked = 1;
            } else {
                c->written++;
            }
        }
        tally_text(c->tally, c->result[c->next]);
        free(c->result[c->next]);
        c->result[c->next] = NULL;
        c->next++;
    }
    progress(c->done, c->ntodo, c->started);
}

/* A worker: plays the games it takes from *next in turn, and writes each
 * game's number and line to fd. Lines go in batches, a tenth of a second
 * apart: a line a game, each waking the parent, cost a third of the speed
 * gained with two workers on two cores. A stopped or finished worker
 * writes what it holds as it leaves. */
static void play_as_worker(lua_State *L, const char *rules, const char *bots, const TourArgs *a,
                           int k, const Collector *c, atomic_long *next, int fd)
{
    FILE *to = fdopen(fd, "w");
    if (!to)
        _exit(1);
    setvbuf(to, NULL, _IOFBF, 1 << 16);
    BotPool *pool = bot_pool_new();
    double sent = now();
    for (long i; !stop_signal_asked && (i = atomic_fetch_add(next, 1)) < c->ntodo;) {
        char *line = play_game(L, rules, bots, a, pool, c->todo[i], k, NULL);
        fprintf(to, "%ld %s\n", c->todo[i], line);
        free(line);
        double at = now();
        if (at - sent >= 0.1) {
            fflush(to);
            sent = at;
        }
    }
    bot_pool_free(pool);
    if (fclose(to) != 0)
        _exit(1);
}

/* What has come from a worker and is not yet a whole line. */
typedef struct LineReader {
    char *buf;
    size_t size, used;
} LineReader;

/* Reads what fd holds and collects every whole line in it ("GAME LINE");
 * 0 once the worker has closed it (or it failed). */
static int read_lines_of(LineReader *r, int fd, Collector *c)
{
    if (!grow_bytes(&r->buf, &r->size, r->used + 65536, 65536))
        return 0;
    ssize_t got = read(fd, r->buf + r->used, r->size - r->used);
    if (got < 0 && errno == EINTR)
        return 1;
    if (got <= 0)
        return 0;
    r->used += (size_t)got;
    char *start = r->buf, *end = r->buf + r->used, *nl;
    while ((nl = memchr(start, '\n', (size_t)(end - start)))) {
        *nl = '\0';
        char *space = strchr(start, ' ');
        if (space)
            collect(c, strtol(start, NULL, 10), strdup(space + 1));
        start = nl + 1;
    }
    r->used = (size_t)(end - start);
    memmove(r->buf, start, r->used);
    return 1;
}

/* Plays the collector's games: 0 when all are played, 1 when Ctrl-C
 * stopped them, -1 when a worker failed. */
static int run_workers(lua_State *L, const char *rules, const char *bots, const TourArgs *a,
                       int k, Collector *c)
{
    int jobs = a->jobs < c->ntodo ? a->jobs : (int)c->ntodo;
    /* Each worker keeps its bots from game to game, each put back as its
     * script left it (a game's line still depends only on its number). */
    if (jobs <= 1) {
        BotPool *pool = bot_pool_new();
        for (long i = 0; i < c->ntodo && !stop_signal_asked; i++)
            collect(c, c->todo[i], play_game(L, rules, bots, a, pool, c->todo[i], k, NULL));
        bot_pool_free(pool);
        return c->done == c->ntodo ? 0 : 1;
    }
    struct pollfd fds[256];
    pid_t pids[256];
    LineReader from[256];
    /* The next game to take, shared by the workers: each takes one game at
     * a time as it finishes the last, so a few long games cannot leave one
     * worker playing alone at the end (a game's line depends only on its
     * number, so who plays it changes nothing). */
    atomic_long *next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                             -1, 0);
    if (next == MAP_FAILED)
        return -1;
    atomic_init(next, 0);
    fflush(NULL);
    for (int w = 0; w < jobs; w++) {
        int p[2];
        if (pipe(p) != 0)
            return -1;
        pid_t pid = fork();
        if (pid < 0)
            return -1;
        if (pid == 0) {
            stop_signal_worker();
            close(p[0]);
            play_as_worker(L, rules, bots, a, k, c, next, p[1]);
            _exit(0);
        }
        close(p[1]);
        pids[w] = pid;
        fds[w].fd = p[0];
        fds[w].events = POLLIN;
        from[w] = (LineReader){0};
    }
    int open_streams = jobs, passed_on = 0;
    while (open_streams > 0) {
        int ready = poll(fds, (nfds_t)jobs, -1);
        if (stop_signal_asked && !passed_on) {
            /* A Ctrl-C sent to this process alone reaches the workers too. */
            for (int w = 0; w < jobs; w++)
                kill(pids[w], SIGINT);
            passed_on = 1;
        }
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            break;
        for (int w = 0; w < jobs; w++) {
            if (fds[w].fd < 0 || !(fds[w].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            if (!read_lines_of(&from[w], fds[w].fd, c)) {
                close(fds[w].fd);
                free(from[w].buf);
                fds[w].fd = -1;
                open_streams--;
            }
        }
    }
    int failed = 0;
    for (int w = 0; w < jobs; w++) {
        int status;
        waitpid(pids[w], &status, 0);
        failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    }
    munmap(next, sizeof *next);
    if (failed)
        return -1;
    return c->done == c->ntodo ? 0 : stop_signal_asked ? 1 : -1;
}

/* Whether every --set names an option of the game with a value it takes:
 * checked once here, so a bad one is refused before any game is played.
 * stack: ..., def */
static int options_ok(lua_State *L, const TourArgs *a)
{
    int def = lua_gettop(L);
    session_push_sets(L, a->sets, a->nsets);
    int ok = options_check(L, a->game, def, def + 1);
    if (!ok)
        fprintf(stderr, "referee: %s (--set)\n", lua_tostring(L, -1));
    lua_settop(L, def);
    return ok;
}

/* The number of seats: --seats, else as many as bots within the game's
 * range; -1 when the game, its seats or its options are refused. */
static int seat_count(lua_State *L, const char *rules, const TourArgs *a)
{
    if (!rules_load_definition(L, a->game, rules)) {
        fprintf(stderr, "referee: %s\n", lua_tostring(L, -1));
        lua_pop(L, 1);
        return -1;
    }
    lua_Integer lo, hi;
    rules_players(L, lua_gettop(L), MAX_SEATS, &lo, &hi);
    int ok = options_ok(L, a);
    lua_pop(L, 1);
    if (!ok)
        return -1;
    int k = a->nseats ? a->nseats : a->nbots;
    if (!a->nseats)
        k = k < lo ? (int)lo : k > hi ? (int)hi : k;
    if (k < lo || k > hi) {
        fprintf(stderr, "referee: %s takes %lld to %lld players, not %d (--seats)\n", a->game,
                (long long)lo, (long long)hi, k);
        return -1;
    }
    return k;
}

/* Plays again the first game each faulting bot faulted in, up to that
 * fault, to say why: once per such bot, after all the other games (and
 * not after Ctrl-C). Ctrl-C meanwhile stops the looking, and the
 * standings follow without the reasons not found. */
static const char REASONS_NOTICE[] =
    "\nreferee: the standings follow without the reasons of the faults (Ctrl-C again quits at once)\n";

static void find_fault_reasons(lua_State *L, const char *rules, const char *bots,
                               const TourArgs *a, int k, Tally *y)
{
    BotPool *pool = NULL;
    stop_signal_catch(REASONS_NOTICE);
    for (int i = 0; i < y->nb && !stop_signal_asked; i++) {
        Standing *b = &y->st[i];
        if (b->fault_games == 0 || (!pool && !(pool = bot_pool_new())))
            continue;
        FaultWitness w = {b->first_fault_seat, NULL};
        free(play_game(L, rules, bots, a, pool, b->first_fault, k, &w));
        if (w.why) /* its first line: the rest is the traceback */
            w.why[strcspn(w.why, "\n")] = '\0';
        b->why = w.why;
    }
    stop_signal_release();
    bot_pool_free(pool);
}

int tour_run(lua_State *L, const char *rules, const char *bots, TourArgs *a)
{
    int k = seat_count(L, rules, a);
    if (k < 0)
        return 1;
    /* Check every bot loads before playing anything. */
    for (int i = 0; i < a->nbots; i++) {
        if (!strcmp(a->bots[i], "random") || !strcmp(a->bots[i], "human")) {
            if (!strcmp(a->bots[i], "human")) {
                fprintf(stderr, "referee: a tournament is played by bots: 'human' cannot sit in it\n");
                return 2;
            }
            continue;
        }
        char *why;
        Bot *b = bot_open(a->bots[i], bots, 0, 0, &why);
        if (!b) {
            fprintf(stderr, "referee: %s\n", why);
            free(why);
            return 1;
        }
        bot_close(b);
    }
    char out_shown[4096]; /* --out as quoted in messages: a file name may hold anything */
    strfmt_shown(a->out, out_shown, sizeof out_shown);
    if (a->out && !out_is_a_file(a->out, out_shown))
        return 1;
    Tally *tally = tally_new();
    long nlines = 0;
    Seen seen = {NULL, 0};
    tour_identity(a, k);
    Origin origin = {"", "this command's"};
    snprintf(origin.id, sizeof origin.id, "%s", a->id);
    if (!tally || (a->out && (nlines = read_lines(a->out, tally, 1, &seen, &origin, a, k)) < 0)) {
        tally_free(tally);
        free(seen.bits);
        return 1;
    }
    /* This shard's games not yet in the output file. */
    Collector c = {0};
    c.tally = tally;
    c.todo = malloc(sizeof(long) * (size_t)(a->games / a->shards + 2));
    for (long g = a->shard - 1; g < a->games; g += a->shards)
        if (!seen_has(&seen, g))
            c.todo[c.ntodo++] = g;
    free(seen.bits);
    c.result = calloc((size_t)c.ntodo + 1, sizeof(char *));
    c.started = now();
    if (a->out)
        drop_partial_line(a->out);
    int status = 0;
    if (a->out && !(c.out = fopen(a->out, "a"))) {
        fprintf(stderr, "referee: cannot write '%s': %s\n", out_shown, strerror(errno));
        status = 1;
        goto done;
    }
    if (nlines && c.ntodo)
        fprintf(stderr, "referee: %s holds %ld games already: playing the %ld left\n", out_shown,
                nlines, c.ntodo);
    stop_signal_catch(STOP_NOTICE);
    int played = run_workers(L, rules, bots, a, k, &c);
    stop_signal_release();
    if (c.write_error) {
        print_standings(tally, stdout, a, a->json);
        fflush(stdout);
        fprintf(stderr, "referee: cannot write to %s: %s; it keeps %ld whole game%s: make room, and "
                        "the same command plays the %ld left\n",
                out_shown, strerror(c.write_error), nlines + c.written,
                nlines + c.written == 1 ? "" : "s", c.ntodo - c.written);
        status = 1;
    } else if (played < 0) {
        fprintf(stderr, "referee: a worker failed; the games written so far are kept\n");
        status = 1;
    } else {
        /* The standings of every game of this run (and of the file, if resumed). */
        if (played == 0)
            find_fault_reasons(L, rules, bots, a, k, tally);
        if (tally->games > 0 || played == 0)
            print_standings(tally, stdout, a, a->json);
        if (played > 0) {
            /* Only the games written in order count: those after a gap are
             * played again on resuming, to the same lines. */
            fflush(stdout);
            fprintf(stderr, "referee: interrupted: %ld of the %ld games to play were played", c.next,
                    c.ntodo);
            if (a->out)
                fprintf(stderr, " and are kept in %s; the same command plays the %ld left\n", out_shown,
                        c.ntodo - c.next);
            else
                fputs(" (with --out FILE they are kept, and the same command plays the rest)\n", stderr);
            status = 130;
        } else if (tally->errors) {
            status = 1; /* an error in a game: the standings say which */
        }
    }
done:
    if (c.out)
        fclose(c.out);
    for (long i = c.next; i < c.ntodo; i++)
        free(c.result[i]);
    free(c.result);
    free(c.todo);
    tally_free(tally);
    return status;
}
