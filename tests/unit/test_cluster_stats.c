/* Intervals over a tournament's deals: the games of one deal share its
 * luck, so they are not independent trials. Simulated tournaments with a
 * known win rate check that the 95% interval over deals covers it 93-97%
 * of the time, where Wilson's over games (the games taken as independent)
 * does not; and that identical games played again add nothing. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "sim_random.h"
#include "../../repl/tournament/stats.h"

static uint64_t state = 0x9e3779b97f4a7c15u;

static double uniform(void)
{
    return sim_uniform(&state);
}

/* A's rate over one tournament of `deals` deals of four games (a four-seat
 * game, A in each seat once): each deal's cards favour A by c in all four,
 * and each seat by its own s. A's true rate is p. */
static void tournament(int deals, double p, ClusterSums *c, double *wins, double *games)
{
    *wins = *games = 0;
    for (int d = 0; d < deals; d++) {
        double cards = 0.6 * (uniform() - 0.5), x = 0;
        double seat[4] = {0.1, -0.1, 0.05, -0.05};
        for (int g = 0; g < 4; g++)
            x += uniform() < p + cards + seat[g];
        cluster_add(c, x, 4);
        *wins += x;
        *games += 4;
    }
}

void test_cluster_stats(void)
{
    const double p = 0.5;
    int covered = 0, covered_naive = 0;
    for (int t = 0; t < 1000; t++) {
        ClusterSums c = {0};
        double wins, games, lo, hi;
        tournament(150, p, &c, &wins, &games);
        cluster_interval(&c, &lo, &hi);
        covered += lo <= p && p <= hi;
        stats_wilson(wins, games, &lo, &hi);
        covered_naive += lo <= p && p <= hi;
    }
    if (getenv("SHOW") || covered < 930 || covered > 970 || covered_naive >= 930)
        fprintf(stderr, "of 1000 tournaments the interval over deals covered the true rate %d "
                        "times, over games %d\n", covered, covered_naive);
    CHECK(covered >= 930 && covered <= 970);
    /* The same games taken as independent: too narrow, it covers less. */
    CHECK(covered_naive < 930);

    /* Each game played again (four identical seats: a deal's rotations
     * are one game): the interval is the distinct games' own. */
    ClusterSums once = {0}, again = {0};
    double lo1, hi1, lo4, hi4;
    for (int d = 0; d < 300; d++) {
        double x = uniform() < 0.3;
        cluster_add(&once, x, 1);
        cluster_add(&again, 4 * x, 4);
    }
    cluster_interval(&once, &lo1, &hi1);
    cluster_interval(&again, &lo4, &hi4);
    CHECK(fabs(lo1 - lo4) < 1e-9 && fabs(hi1 - hi4) < 1e-9);
    CHECK(fabs(cluster_effective_n(&again) - cluster_effective_n(&once)) < 1e-6);
    CHECK(cluster_effective_n(&again) <= 300);

    /* Deals that all come out alike (two identical bots: each wins one
     * game of every deal) are worth one trial each, not two. */
    ClusterSums alike = {0};
    for (int d = 0; d < 50; d++)
        cluster_add(&alike, 1, 2);
    CHECK(fabs(cluster_effective_n(&alike) - 50) < 1e-9);
}
