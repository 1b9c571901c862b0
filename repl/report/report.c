#define _DEFAULT_SOURCE /* strdup */
#include "report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "../../core/kernel/strfmt.h"
#include "../tournament/game_lines.h"
#include "../tournament/stats.h"
#include "svg.h"

#define CHECKPOINTS 40

static const char *const STYLE =
    "body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222}"
    "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}p.note{color:#555;font-size:.9em}"
    "table{border-collapse:collapse}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;"
    "text-align:right}td:first-child,th:first-child{text-align:left}p.failed{color:#a00;white-space:pre-wrap}";

static int by_game(const void *a, const void *b)
{
    long x = ((const GameRow *)a)->game, y = ((const GameRow *)b)->game;
    return (x > y) - (x < y);
}

static void standings_section(FILE *out, const Tally *y, const int *order, const double *rating,
                              const double *err, int by_places)
{
    int nb = y->nb;
    const char *names[PLACINGS_MAX], *labels[PLACINGS_MAX];
    double value[PLACINGS_MAX], lo[PLACINGS_MAX], hi[PLACINGS_MAX];
    char label[PLACINGS_MAX][48];
    fputs("<h2>Standings</h2>\n<table data-table=\"standings\"><tr><th>bot</th><th>games</th>"
          "<th>wins</th><th>win rate</th><th>95% interval</th><th>rating</th></tr>\n", out);
    char shown[PLACINGS_MAX][256];
    for (int r = 0; r < nb; r++) {
        const Standing *b = &y->st[order[r]];
        names[r] = standing_label(y, order[r], shown[r], sizeof shown[r]);
        value[r] = b->games > 0 ? b->wins / b->games : 0;
        tally_win_interval(y, order[r], &lo[r], &hi[r], NULL);
        snprintf(label[r], sizeof label[r], "rating %.0f ± %.0f", rating[order[r]], err[order[r]]);
        labels[r] = label[r];
        fputs("<tr><td>", out);
        html_text(out, names[r]);
        fprintf(out, "</td><td>%.0f</td><td>%.1f</td><td>%.1f%%</td><td>%.1f%%–%.1f%%</td>"
                     "<td>%.0f ± %.0f</td></tr>\n", b->games, b->wins, 100 * value[r], 100 * lo[r],
                100 * hi[r], rating[order[r]], err[order[r]]);
    }
    fputs("</table>\n<p class=\"note\">Win rate with its 95% interval over deals (the whisker: "
          "Wilson's, over the independent games the deals are worth, as the spread between "
          "deals gives it); a shared win counts as a fraction. ", out);
    /* What a rating means first, in a sentence; the method for who asks. */
    fputs("The rating says how strong each bot played here: a bot rated 200 above another "
          "finishes ahead of it about three times in four, 400 above about ten times in "
          "eleven.</p>\n<details class=\"note\"><summary>How the ratings are made</summary>", out);
    fputs(by_places ? "Fitted to each game's finishing order (the Plackett-Luce model), on the "
                      "Elo scale, ± one standard error.</details>\n"
                    : "Fitted to who beat whom (the Bradley-Terry model), on the Elo scale, ± one "
                      "standard error.</details>\n", out);
    svg_bars(out, "standings", nb, names, value, lo, hi, labels);
}

static void head_to_head_section(FILE *out, const Tally *y, const int *order)
{
    int nb = y->nb;
    const char *names[PLACINGS_MAX];
    double *share = malloc(sizeof(double) * (size_t)(nb * nb + 1));
    double *count = malloc(sizeof(double) * (size_t)(nb * nb + 1));
    if (!share || !count) {
        free(share);
        free(count);
        return;
    }
    char shown[PLACINGS_MAX][256];
    for (int r = 0; r < nb; r++) {
        names[r] = standing_label(y, order[r], shown[r], sizeof shown[r]);
        for (int c = 0; c < nb; c++) {
            int i = order[r], j = order[c];
            double met = y->placings.met[i][j];
            share[r * nb + c] = i == j || met == 0 ? -1 : y->placings.ahead[i][j] / met;
            count[r * nb + c] = met;
        }
    }
    fputs("<h2>Head to head</h2>\n<p class=\"note\">How often the row's bot finished ahead of the "
          "column's, of the times they sat at one table (ties count for neither).</p>\n", out);
    svg_heat(out, "head-to-head", nb, names, share, count);
    free(share);
    free(count);
}

/* The ratings refitted as the games accumulate, in game order. */
static void rating_section(FILE *out, const Tally *y, const int *order)
{
    int nb = y->nb;
    long n = y->nrows;
    int points = n < CHECKPOINTS ? (int)n : CHECKPOINTS;
    GameRow *rows = malloc(sizeof *rows * (size_t)(n + 1));
    Tally *z = tally_new();
    double *x = malloc(sizeof(double) * (size_t)(points + 1));
    double *series = malloc(sizeof(double) * (size_t)(nb * points + 1));
    if (!rows || !z || !x || !series || points == 0)
        goto done;
    memcpy(rows, y->rows, sizeof *rows * (size_t)n);
    qsort(rows, (size_t)n, sizeof *rows, by_game);
    long folded = 0;
    for (int p = 0; p < points; p++) {
        long upto = (long)((double)n * (p + 1) / points);
        for (; folded < upto; folded++) {
            int idx[MAX_SEATS], place[MAX_SEATS];
            for (int s = 0; s < rows[folded].k; s++)
                idx[s] = rows[folded].bot[s], place[s] = rows[folded].place[s];
            tally_fold_order(z, rows[folded].k, idx, place);
        }
        double rating[PLACINGS_MAX], err[PLACINGS_MAX];
        tally_ratings(z, nb, rating, err);
        x[p] = (double)upto;
        for (int r = 0; r < nb; r++)
            series[r * points + p] = rating[order[r]];
    }
    const char *names[PLACINGS_MAX];
    char shown[PLACINGS_MAX][256];
    for (int r = 0; r < nb; r++)
        names[r] = standing_label(y, order[r], shown[r], sizeof shown[r]);
    fputs("<h2>Rating over games</h2>\n<p class=\"note\">Each bot's rating fitted again from the "
          "first games only, in the order they were numbered.</p>\n", out);
    svg_lines(out, "rating-over-games", "games", nb, names, points, x, series);
done:
    free(rows);
    tally_free(z);
    free(x);
    free(series);
}

/* A record that could not be charted, and why. */
static void failed_section(FILE *out, const Course *c)
{
    fputs("<h2>One game: not charted</h2>\n<p class=\"failed\">", out);
    html_text(out, c->failed);
    fputs("</p>\n", out);
}

static void course_section(FILE *out, const Course *c, int number)
{
    if (c->failed) {
        failed_section(out, c);
        return;
    }
    char chart[32], name[MAX_SEATS][120];
    const char *names[MAX_SEATS];
    double *series = malloc(sizeof(double) * (size_t)(c->nseats * c->npoints + 1));
    if (!series)
        return;
    for (int s = 0; s < c->nseats; s++) {
        snprintf(name[s], sizeof name[s], "seat %d (%s)%s", s + 1, c->seats[s],
                 c->winners & (1u << (s + 1)) ? ": won" : "");
        names[s] = name[s];
        for (int p = 0; p < c->npoints; p++)
            series[s * c->npoints + p] = c->value[(size_t)p * (size_t)c->nseats + (size_t)s];
    }
    fputs("<h2>One game: ", out);
    html_text(out, c->game);
    fputs(", seed ", out);
    html_text(out, c->seed);
    fputs("</h2>\n<p class=\"note\">Each seat's standing after every decision, as the rules count "
          "it (BAM!: credits; the dice game: strikes left; BAMM! and the rummy: points).</p>\n", out);
    snprintf(chart, sizeof chart, "course-%d", number);
    svg_lines(out, chart, "decisions", c->nseats, names, c->npoints, c->step, series);
    free(series);
}

int report_write(const Tally *y, const Course *courses, int ncourses, const char *path, char **err)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        *err = strfmt("cannot write the report to %s: %s", path, strerror(errno));
        return 0;
    }
    fprintf(out, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                 "<title>referee report</title><style>%s</style></head><body>\n"
                 "<h1>referee report</h1>\n", STYLE);
    if (y && y->games > 0) {
        double rating[PLACINGS_MAX], rerr[PLACINGS_MAX];
        int order[PLACINGS_MAX];
        int by_places = tally_ratings(y, y->nb, rating, rerr);
        tally_rank(y, rating, order);
        fprintf(out, "<p>%ld games", y->games);
        if (y->seed[0]) {
            fputs(" of the tournament seeded ", out);
            html_text(out, y->seed);
        }
        if (y->errors)
            fprintf(out, "; %ld failed", y->errors);
        fputs(".</p>\n", out);
        standings_section(out, y, order, rating, rerr, by_places);
        head_to_head_section(out, y, order);
        rating_section(out, y, order);
    }
    for (int i = 0; i < ncourses; i++)
        course_section(out, &courses[i], i + 1);
    fputs("</body></html>\n", out);
    if (fclose(out) != 0) {
        *err = strfmt("cannot write the report to %s: %s", path, strerror(errno));
        return 0;
    }
    return 1;
}

/* Whether the file's first line is a game record's start (run --json). */
static int is_record(const char *path)
{
    FILE *f = fopen(path, "r");
    char head[200] = "";
    if (f) {
        if (!fgets(head, sizeof head, f))
            head[0] = '\0';
        fclose(f);
    }
    return strncmp(head, "{\"type\":\"start\"", 15) == 0;
}

int report_command(lua_State *L, const char *rules_path, int argc, char **argv)
{
    const char *out = NULL;
    char **files = calloc((size_t)argc + 1, sizeof *files);
    char **rules_files = calloc((size_t)argc + 1, sizeof *rules_files);
    int nfiles = 0, nrules = 0;
    for (int i = 0; i < argc; i++) {
        int takes = !strcmp(argv[i], "-o") || !strcmp(argv[i], "--out") || !strcmp(argv[i], "--rules");
        if (takes && i + 1 == argc) {
            fprintf(stderr, "referee: %s needs a file name: -o report.html for the page, --rules "
                            "house.lua for rules a record names\n", argv[i]);
            free(files);
            free(rules_files);
            return 2;
        }
        if (!strcmp(argv[i], "--rules"))
            rules_files[nrules++] = argv[++i];
        else if (takes)
            out = argv[++i];
        else
            files[nfiles++] = argv[i];
    }
    if (!out || nfiles == 0) {
        fprintf(stderr, "referee: report takes tournament files (--out) and game records (run "
                        "--json), and -o for the page: referee report bam.jsonl game.json -o "
                        "report.html\n");
        free(files);
        free(rules_files);
        return 2;
    }
    CourseRules rules = {rules_path, rules_files, nrules};
    Tally *y = tally_new();
    Course *courses = calloc((size_t)nfiles, sizeof *courses);
    Seen seen = {NULL, 0};
    Origin origin = {"", ""};
    int ncourses = 0, nfailed = 0, status = 0;
    y->keep_rows = 1;
    for (int i = 0; i < nfiles && status == 0; i++) {
        if (!is_record(files[i])) {
            if (read_lines(files[i], y, 0, &seen, &origin, NULL, 0) < 0)
                status = 1; /* read_lines said why */
            continue;
        }
        /* One record that does not replay is told on the page; the rest are charted. */
        char *why = NULL;
        if (!course_read_supervised(L, &rules, files[i], &courses[ncourses], &why)) {
            fprintf(stderr, "referee: not charted: %s\n", why ? why : "?");
            courses[ncourses].failed = why ? why : strfmt("%s could not be replayed", files[i]);
            nfailed++;
        }
        ncourses++;
    }
    char *why = NULL;
    tally_close_deals(y);
    if (status == 0 && !report_write(y, courses, ncourses, out, &why)) {
        fprintf(stderr, "referee: %s\n", why);
        status = 1;
    }
    if (status == 0)
        fprintf(stderr, "referee: wrote %s (%ld tournament game%s, %d recorded game%s%s)\n", out,
                y->games, y->games == 1 ? "" : "s", ncourses - nfailed,
                ncourses - nfailed == 1 ? "" : "s", nfailed ? ", and what failed" : "");
    if (nfailed)
        status = 1; /* the page is made, but not all that was asked */
    free(why);
    for (int i = 0; i < ncourses; i++)
        course_free(&courses[i]);
    free(courses);
    free(seen.bits);
    tally_free(y);
    free(files);
    free(rules_files);
    return status;
}
