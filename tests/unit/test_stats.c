#include <math.h>
#include "check.h"
#include "../../repl/tournament/stats.h"

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
