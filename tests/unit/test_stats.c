#include <math.h>
#include "check.h"
#include <stdlib.h>
#include "../../repl/tournament/stats.h"
#include "../../repl/tournament/placings.h"

static int near(double a, double b, double tol)
{
    return fabs(a - b) <= tol;
}

void test_stats(void)
{
    double lo, hi;
    /* Known values of the Wilson interval. */
    stats_wilson(5, 10, &lo, &hi);
    CHECK(near(lo, 0.2366, 1e-4) && near(hi, 0.7634, 1e-4));
    stats_wilson(0, 10, &lo, &hi);
    CHECK(near(lo, 0, 1e-12) && near(hi, 0.2775, 1e-4));
    stats_wilson(81, 100, &lo, &hi);
    CHECK(near(lo, 0.7222, 1e-4) && near(hi, 0.8749, 1e-4));

    /* Two players, 750 wins to 250: the odds are 3:1, so the gap is
     * 400 log10(3) = 190.8 Elo points. */
    double wins2[4] = {0, 750, 250, 0}, rating[3], err[3];
    stats_bradley_terry(2, wins2, rating, err);
    CHECK(near(rating[0] - rating[1], 190.8, 0.5));
    CHECK(near((rating[0] + rating[1]) / 2, 1500, 1e-6));
    /* The error of the gap, with n = 1000, p = .75: 400/ln10 / sqrt(187.5). */
    CHECK(near(err[0], 173.72 / sqrt(187.5), 0.5));

    /* Three players with consistent odds: A beats B 2:1, B beats C 2:1,
     * A beats C 4:1. */
    double wins3[9] = {0, 200, 400, 100, 0, 200, 100, 100, 0};
    stats_bradley_terry(3, wins3, rating, err);
    CHECK(near(rating[0] - rating[1], 120.4, 1.0));
    CHECK(near(rating[1] - rating[2], 120.4, 1.0));

    /* A player who always wins stays finite; one with no games sits at 1500. */
    double wins4[9] = {0, 10, 0, 0, 0, 0, 0, 0, 0};
    stats_bradley_terry(3, wins4, rating, err);
    CHECK(isfinite(rating[0]) && rating[0] > rating[1]);
    CHECK(near(rating[2], 1500, 50) && err[2] == 0);
}

/* Adds a game of k seats `times` times. */
static void add_games(Placings *p, int times, int k, const int *bot, const int *place)
{
    for (int i = 0; i < times; i++)
        CHECK(placings_add(p, k, bot, place));
}

void test_placings(void)
{
    double rating[3], err[3], bt[3], bt_err[3];
    /* Two players: the finishing order is who won, and the fit is
     * Bradley-Terry's. */
    Placings *two = calloc(1, sizeof *two);
    int ab[2] = {0, 1}, first[2] = {1, 2}, second[2] = {2, 1};
    add_games(two, 750, 2, ab, first);
    add_games(two, 250, 2, ab, second);
    placings_fit(two, 2, rating, err);
    double wins2[4] = {0, 750, 250, 0};
    stats_bradley_terry(2, wins2, bt, bt_err);
    CHECK(near(rating[0] - rating[1], bt[0] - bt[1], 0.01));
    CHECK(near(err[0], bt_err[0], 0.01));
    CHECK(two->met[0][1] == 1000 && two->ahead[0][1] == 750 && two->ahead[1][0] == 250);
    placings_free(two);
    free(two);

    /* Three players of strengths 4:2:1, each order as often as the
     * Plackett-Luce model says: the fit finds 400 log10(2) = 120.4 points
     * between neighbours. */
    Placings *three = calloc(1, sizeof *three);
    const double strength[3] = {4, 2, 1};
    int bots[3] = {0, 1, 2};
    int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int o = 0; o < 6; o++) {
        int *w = perm[o], place[3];
        double p = strength[w[0]] / 7 * strength[w[1]] / (strength[w[1]] + strength[w[2]]);
        for (int r = 0; r < 3; r++)
            place[w[r]] = r + 1;
        add_games(three, (int)lround(p * 10000), 3, bots, place);
    }
    placings_fit(three, 3, rating, err);
    CHECK(near(rating[0] - rating[1], 120.4, 2.0));
    CHECK(near(rating[1] - rating[2], 120.4, 2.0));
    CHECK(near((rating[0] + rating[1] + rating[2]) / 3, 1500, 1e-6));
    CHECK(err[0] > 0 && err[0] < 10);
    placings_free(three);
    free(three);

    /* Two losers are not alike: A always wins, B always second, C last.
     * Who won alone would rate B and C alike. */
    Placings *order = calloc(1, sizeof *order);
    int abc[3] = {1, 2, 3};
    add_games(order, 100, 3, bots, abc);
    placings_fit(order, 3, rating, err);
    CHECK(rating[0] > rating[1] + 100 && rating[1] > rating[2] + 100);
    /* A game all tied tells nothing: no step is added. */
    int all_tied[3] = {1, 1, 1};
    int before = order->steps.n;
    double firsts = order->firsts[2];
    add_games(order, 5, 3, bots, all_tied);
    CHECK(order->steps.n == before && order->firsts[2] == firsts);
    /* The same bots left share one step, however many games. */
    CHECK(order->steps.n == 2);
    placings_free(order);
    free(order);

    /* A bot in two seats of one game: both seats count. */
    Placings *twice = calloc(1, sizeof *twice);
    int a_a_b[3] = {0, 0, 1}, places[3] = {1, 3, 2};
    add_games(twice, 10, 3, a_a_b, places);
    CHECK(twice->steps.left[0][0] == 2 && twice->steps.left[0][1] == 1);
    CHECK(twice->met[0][1] == 20 && twice->ahead[0][1] == 10 && twice->ahead[1][0] == 10);
    placings_free(twice);
    free(twice);
}
