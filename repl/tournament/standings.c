/* A tournament's standings, folded from its game lines, and printed as a
 * table or as JSON lines. */
#define _DEFAULT_SOURCE /* open_memstream, strtok_r */
#include "standings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "../../core/referee/game.h"
#include "stats.h"
#include "../../core/kernel/strfmt.h"

Tally *tally_new(void)
{
    return calloc(1, sizeof(Tally));
}

void tally_free(Tally *y)
{
    for (int i = 0; y && i < y->nb; i++) {
        free(y->st[i].bot);
        free(y->st[i].first_fault_seats);
        free(y->st[i].why);
    }
    if (y) {
        placings_free(&y->placings);
        deals_free(&y->deals);
        free(y->rows);
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
    snprintf(b->first_fault_seed, sizeof b->first_fault_seed, "%s",
             json_string_value(json_object_get(line, "seed")));
}

/* Folds one game line (a json object) into the standings. */
void tally_add(Tally *y, json_t *line)
{
    json_t *seats = json_object_get(line, "seats");
    json_t *winners = json_object_get(line, "winners");
    json_t *scores = json_object_get(line, "scores");
    json_t *faults = json_object_get(line, "faults");
    const char *seed = json_string_value(json_object_get(line, "seed"));
    const char *slash = seed ? strrchr(seed, '/') : NULL;
    if (!y->seed[0] && slash) /* game g's seed is the tournament's and "/deal" */
        snprintf(y->seed, sizeof y->seed, "%.*s", (int)(slash - seed), seed);
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
    GameSummary g = {.game = (long)json_integer_value(json_object_get(line, "game")),
                     .stopped = json_object_get(line, "stopped") != NULL,
                     .nwinners = (int)json_array_size(winners)};
    g.k = (int)json_array_size(seats);
    if (g.k > MAX_SEATS)
        g.k = MAX_SEATS;
    json_t *places = json_object_get(line, "places");
    for (int s = 0; s < g.k; s++) {
        g.seats[s] = json_string_value(json_array_get(seats, (size_t)s));
        if (winner(winners, s + 1))
            g.winners |= 1u << s;
        json_t *sc = json_array_get(scores, (size_t)s);
        if (json_is_number(sc)) {
            g.score[s] = json_number_value(sc);
            g.scored |= 1u << s;
        }
        g.faults[s] = (long)json_integer_value(json_array_get(faults, (size_t)s));
        /* The finishing order: the places the rules gave or the referee
         * made (result_places.h); a line without them (a forfeit, a
         * stopped game, a line of an older referee) has its winners first
         * and the rest tied. */
        g.place[s] = json_is_array(places) ? (int)json_integer_value(json_array_get(places, (size_t)s))
                     : (g.winners >> s & 1u) ? 1 : 2;
    }
    tally_fold(y, &g);
    for (int s = 0; s < g.k; s++) {
        int i = g.faults[s] > 0 ? find_bot_index(y, g.seats[s]) : -1;
        if (i >= 0)
            note_fault(&y->st[i], line, s + 1);
    }
}

void tally_fold(Tally *y, const GameSummary *g)
{
    y->games++;
    if (g->stopped)
        y->stopped++;
    int k = g->k, idx[MAX_SEATS];
    for (int s = 0; s < k; s++) {
        idx[s] = find_bot_index(y, g->seats[s]);
        if (idx[s] < 0)
            continue;
        Standing *b = &y->st[idx[s]];
        b->games += 1;
        if (g->winners >> s & 1u)
            b->wins += 1.0 / (double)g->nwinners;
        if (g->scored >> s & 1u) {
            b->score += g->score[s];
            b->scored++;
        }
        b->faults += (double)g->faults[s];
    }
    if (y->keep_rows) {
        if (y->nrows == y->cap_rows) {
            long cap = y->cap_rows ? 2 * y->cap_rows : 1024;
            GameRow *grown = realloc(y->rows, sizeof *grown * (size_t)cap);
            if (grown) {
                y->rows = grown;
                y->cap_rows = cap;
            }
        }
        if (y->nrows < y->cap_rows) {
            GameRow *r = &y->rows[y->nrows++];
            r->game = g->game;
            r->k = k;
            for (int s = 0; s < k; s++)
                r->bot[s] = (signed char)idx[s], r->place[s] = (unsigned char)g->place[s];
        }
    }
    tally_fold_order(y, k, idx, g->place);
    deals_add(&y->deals, g->game, k, idx, g->place, g->winners);
}

void tally_close_deals(Tally *y)
{
    deals_close_all(&y->deals);
}

void tally_win_interval(const Tally *y, int i, double *lo, double *hi, double *effective)
{
    cluster_interval(&y->deals.wins[i], lo, hi);
    if (effective)
        *effective = cluster_effective_n(&y->deals.wins[i]);
}

void tally_rating_errors(const Tally *y, int nb, const double *rating, int by_places, double *err)
{
    double strength[PLACINGS_MAX], over_deals[PLACINGS_MAX];
    for (int j = 0; j < nb; j++)
        strength[j] = exp((rating[j] - 1500) / STATS_ELO);
    const RatingSums *r = by_places ? &y->deals.by_places : &y->deals.by_pairs;
    if (rating_sums_errors(r, nb, strength, over_deals, NULL))
        memcpy(err, over_deals, sizeof *err * (size_t)nb);
}

void tally_fold_order(Tally *y, int k, const int *idx, const int *place)
{
    (void)placings_add(&y->placings, k, idx, place);
    /* Pairwise results between seats of different bots: who won (place 1). */
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            if (idx[i] < 0 || idx[j] < 0 || idx[i] == idx[j])
                continue;
            int wi = place[i] == 1, wj = place[j] == 1;
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

void tally_rank(const Tally *y, const double *rating, int *order)
{
    /* Best rating first; ties by name, so the table is always the same. */
    for (int i = 0; i < y->nb; i++)
        order[i] = i;
    for (int i = 1; i < y->nb; i++)
        for (int j = i; j > 0; j--) {
            int a = order[j - 1], b = order[j];
            if (rating[b] > rating[a] + 1e-9 ||
                (fabs(rating[b] - rating[a]) <= 1e-9 && strcmp(y->st[b].bot, y->st[a].bot) < 0)) {
                order[j - 1] = b;
                order[j] = a;
            }
        }
}

int tally_ratings(const Tally *y, int nb, double *rating, double *err)
{
    /* Two seats: who won is the whole order, and Bradley-Terry is the
     * model. More: the whole finishing order says more than who won, and
     * two losers of one game are not alike. */
    int by_places = y->placings.max_seats > 2;
    if (by_places) {
        placings_fit(&y->placings, nb, rating, err);
        tally_rating_errors(y, nb, rating, 1, err);
        return 1;
    }
    double *wins = calloc((size_t)(nb * nb) + 1, sizeof(double));
    for (int i = 0; wins && i < nb; i++)
        for (int j = 0; j < nb; j++)
            wins[i * nb + j] = y->pair[i][j];
    if (wins)
        stats_bradley_terry(nb, wins, rating, err);
    free(wins);
    tally_rating_errors(y, nb, rating, 0, err);
    return 0;
}

/* Folds a game line given as text. */
void tally_text(Tally *y, const char *text)
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
    fprintf(out, " --seed %s", b->first_fault_seed); /* seed.h: no character needs quoting */
    for (int i = 0; a && i < a->shared.nsets; i++) {
        fputs(" --set", out);
        put_arg(out, a->shared.sets[i]);
    }
    if (a && a->shared.bot_budget)
        fprintf(out, " --bot-budget %ld", a->shared.bot_budget);
    if (a && a->shared.bot_memory)
        fprintf(out, " --bot-memory %zu", a->shared.bot_memory >> 20);
    if (a && a->shared.game_memory)
        fprintf(out, " --game-memory %zu", a->shared.game_memory >> 20);
    if (a && a->shared.forfeit)
        fputs(" --on-fault forfeit", out);
    if (a && a->shared.max_moves)
        fprintf(out, " --max-moves %ld", a->shared.max_moves);
}

/* Head to head: how often the row's bot finished ahead of the column's,
 * of the times they sat at one table (a seat pair each time). */
/* bot's file name without its folders and .lua: "my-bot" of
 * "~/bots/my-bot.lua", into buf. */
static void file_name(const char *bot, char *buf, size_t size)
{
    const char *slash = strrchr(bot, '/');
    snprintf(buf, size, "%s", slash ? slash + 1 : bot);
    size_t len = strlen(buf);
    if (len > 4 && !strcmp(buf + len - 4, ".lua"))
        buf[len - 4] = '\0';
}

const char *standing_label(const Tally *y, int i, char *buf, size_t size)
{
    const char *word = y->st[i].bot;
    file_name(word, buf, size);
    char other[256];
    for (int j = 0; j < y->nb; j++) {
        file_name(y->st[j].bot, other, sizeof other);
        if (j != i && !strcmp(other, buf))
            return word; /* two bots of one file name: each by its path */
    }
    return buf;
}

static void print_head_to_head(const Tally *y, const int *order, int width, FILE *out)
{
    if (y->nb < 2)
        return;
    fprintf(out, "head to head: how often the row finished ahead of the column (ties count "
                 "for neither), ± half its 95%% interval over deals\n%-*s", width, "");
    char label[256];
    for (int c = 0; c < y->nb; c++)
        fprintf(out, " %15.15s", standing_label(y, order[c], label, sizeof label));
    fputc('\n', out);
    for (int r = 0; r < y->nb; r++) {
        int i = order[r];
        fprintf(out, "%-*s", width, standing_label(y, i, label, sizeof label));
        for (int c = 0; c < y->nb; c++) {
            int j = order[c];
            double met = y->placings.met[i][j];
            char cell[32];
            if (i == j || met == 0)
                snprintf(cell, sizeof cell, "-");
            else {
                double lo, hi;
                cluster_interval(&y->deals.ahead[i][j], &lo, &hi);
                snprintf(cell, sizeof cell, "%.0f%% ±%.0f", 100 * y->placings.ahead[i][j] / met,
                         50 * (hi - lo));
            }
            fprintf(out, " %15s", cell);
        }
        fputc('\n', out);
    }
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
                                 const double *rating, const double *err, int by_places)
{
    for (int r = 0; r < y->nb; r++) {
        const Standing *b = &y->st[order[r]];
        double lo, hi;
        tally_win_interval(y, order[r], &lo, &hi, NULL);
        json_t *j = json_pack("{s:s, s:i, s:o, s:I, s:o, s:o, s:[o, o], s:o, s:I, s:o, s:o}", "type",
                              "standing", "rank", r + 1, "bot", json_text(b->bot), "games",
                              (json_int_t)b->games, "wins", json_rounded(b->wins, 4), "win_rate",
                              json_rounded(b->games > 0 ? b->wins / b->games : 0, 4), "interval",
                              json_rounded(lo, 4), json_rounded(hi, 4), "mean_score",
                              b->scored ? json_rounded(b->score / b->scored, 4) : json_null(),
                              "faults", (json_int_t)b->faults, "rating",
                              json_rounded(rating[order[r]], 1), "rating_error",
                              json_rounded(err[order[r]], 1));
        double lo_, hi_, effective;
        tally_win_interval(y, order[r], &lo_, &hi_, &effective);
        json_object_set_new(j, "effective_games", json_rounded(effective, 1));
        if (b->fault_games > 0) {
            json_t *seats = json_array();
            char *list = strdup(b->first_fault_seats ? b->first_fault_seats : "");
            for (char *save = NULL, *w = list ? strtok_r(list, ",", &save) : NULL; w;
                 w = strtok_r(NULL, ",", &save))
                json_array_append_new(seats, json_text(w));
            free(list);
            json_t *first = json_pack("{s:I, s:i, s:s, s:o}", "game", (json_int_t)b->first_fault,
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
    for (int r = 0; r < y->nb; r++)
        for (int c = 0; c < y->nb; c++) {
            int i = order[r], j = order[c];
            double met = y->placings.met[i][j];
            if (i == j || met == 0)
                continue;
            double ahead = y->placings.ahead[i][j], behind = y->placings.ahead[j][i], lo, hi;
            cluster_interval(&y->deals.ahead[i][j], &lo, &hi);
            put_json_line(out, json_pack("{s:s, s:o, s:o, s:I, s:I, s:I, s:I, s:[o, o]}", "type",
                                         "head_to_head", "bot", json_text(y->st[i].bot), "against",
                                         json_text(y->st[j].bot), "met", (json_int_t)met, "ahead",
                                         (json_int_t)ahead, "behind", (json_int_t)behind, "tied",
                                         (json_int_t)(met - ahead - behind), "interval",
                                         json_rounded(lo, 4), json_rounded(hi, 4)));
        }
    json_t *sum = json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:s, s:s}", "type", "summary", "games",
                            (json_int_t)y->games, "distinct_games", (json_int_t)y->deals.distinct,
                            "deals", (json_int_t)y->deals.closed, "failed", (json_int_t)y->errors,
                            "stopped", (json_int_t)y->stopped, "rating_model",
                            by_places ? "plackett-luce" : "bradley-terry", "intervals",
                            "over deals (cluster-robust)");
    if (y->seed[0])
        json_object_set_new(sum, "seed", json_string(y->seed));
    if (y->errors)
        json_object_set_new(sum, "first_failure", json_text(y->first_error));
    put_json_line(out, sum);
}

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
static void put_csv_text(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++)
        fputs(*s == '"' ? "\"\"" : (char[2]){*s, 0}, out);
    fputc('"', out);
}

/* The standings as CSV (--csv): a header, then a row per bot, best first. */
static void print_standings_csv(const Tally *y, FILE *out, const int *order, const double *rating,
                                const double *err)
{
    fputs("rank,bot,games,wins,win_rate,interval_low,interval_high,mean_score,faults,rating,"
          "rating_error\r\n", out);
    for (int r = 0; r < y->nb; r++) {
        const Standing *b = &y->st[order[r]];
        double lo, hi;
        tally_win_interval(y, order[r], &lo, &hi, NULL);
        fprintf(out, "%d,", r + 1);
        put_csv_text(out, b->bot);
        fprintf(out, ",%.0f,%.4f,%.4f,%.4f,%.4f,", b->games, b->wins,
                b->games > 0 ? b->wins / b->games : 0, lo, hi);
        if (b->scored)
            fprintf(out, "%.4f", b->score / b->scored);
        fprintf(out, ",%.0f,%.1f,%.1f\r\n", b->faults, rating[order[r]], err[order[r]]);
    }
}

void print_standings(Tally *y, FILE *out, const TourArgs *a, int format)
{
    tally_close_deals(y);
    const Standing *st = y->st;
    int nb = y->nb;
    double rating[TOUR_MAX_BOTS * 2], err[TOUR_MAX_BOTS * 2];
    int by_places = tally_ratings(y, nb, rating, err);
    int order[TOUR_MAX_BOTS * 2];
    tally_rank(y, rating, order);
    if (format == STANDINGS_JSON) {
        print_standings_json(y, out, a, order, rating, err, by_places);
        return;
    }
    if (format == STANDINGS_CSV) {
        print_standings_csv(y, out, order, rating, err);
        return;
    }
    /* The bot column fits the longest name (a bot given by path is shown
     * by its file's name, unless two share one). */
    int width = 20;
    char label[256];
    for (int i = 0; i < nb; i++)
        if ((int)strlen(standing_label(y, i, label, sizeof label)) > width)
            width = (int)strlen(label);
    fprintf(out, "%-*s %7s %9s %8s %15s %11s %7s %13s\n", width, "bot", "games", "wins", "win rate",
            "95% interval", "mean score", "faults", "rating");
    for (int r = 0; r < nb; r++) {
        const Standing *b = &st[order[r]];
        double lo, hi;
        tally_win_interval(y, order[r], &lo, &hi, NULL);
        char interval[32], mean[32];
        snprintf(interval, sizeof interval, "%.1f%%-%.1f%%", 100 * lo, 100 * hi);
        if (b->scored)
            snprintf(mean, sizeof mean, "%.1f", b->score / b->scored);
        else
            snprintf(mean, sizeof mean, "-");
        fprintf(out, "%-*s %7.0f %9.1f %7.1f%% %15s %11s %7.0f %7.0f ± %3.0f\n", width,
                standing_label(y, order[r], label, sizeof label), b->games,
                b->wins, b->games > 0 ? 100 * b->wins / b->games : 0, interval, mean, b->faults,
                rating[order[r]], err[order[r]]);
    }
    fprintf(out, "%ld games", y->games);
    if (y->errors)
        fprintf(out, ", %ld that failed (see their \"error\")", y->errors);
    if (y->stopped)
        fprintf(out, ", %ld stopped at the move limit (--max-moves) and counted as draws", y->stopped);
    if (y->seed[0])
        fprintf(out, "; seed %s", y->seed);
    fprintf(out, "; shared wins count as fractions; ratings %s, on the Elo scale, ± one "
            "standard error\n", by_places ? "from each game's finishing order"
                                           : "from who beat whom");
    fprintf(out, "intervals and errors over the %ld deals: a deal's games share its cards and dice\n",
            y->deals.closed);
    if (y->deals.distinct < y->games)
        fprintf(out, "identical seats play each deal's rotations as one game: these %ld games are "
                     "%ld distinct ones\n", y->games, y->deals.distinct);
    if (y->errors)
        fprintf(out, "the first that failed: %s\n", y->first_error);
    print_head_to_head(y, order, width, out);
    print_faults(st, order, nb, out, a);
}
