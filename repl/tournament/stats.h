/* stats: the statistics of tournament standings. Win rates get a Wilson
 * score interval (sound for small samples and rates near 0 or 1); ratings
 * are a Bradley-Terry fit of the pairwise results (a draw counts half),
 * on the Elo scale (400 points = 10:1 odds), with standard errors from
 * the fit's curvature. */
#ifndef REFEREE_STATS_H
#define REFEREE_STATS_H

/* Rating points a unit of log-strength is worth: 400 points are 10:1 odds. */
#define STATS_ELO (400.0 / 2.302585092994046)

/* The 95% Wilson interval of `wins` successes in n trials. */
void stats_wilson(double wins, double n, double *lo, double *hi);

/* A rate over clusters whose trials are not independent: the games of one
 * of a tournament's deals share its cards and dice (and, with identical
 * seats, are one game played again). Summed over clusters: x (successes),
 * n (trials), and x^2, x n, n^2 of each cluster's own totals. */
typedef struct ClusterSums {
    double x, n, xx, xn, nn;
    long clusters;
} ClusterSums;

/* Adds one cluster's totals: x successes of n trials. */
void cluster_add(ClusterSums *c, double x, double n);
/* The effective number of independent trials the clusters are worth: the
 * rate's variance as the spread between clusters gives it (the
 * cluster-robust "sandwich" estimate, with its small-sample factor
 * C/(C-1)), against a binomial's. At most n, and at least the number of
 * clusters when the clusters do not differ (all won, or all equal). */
double cluster_effective_n(const ClusterSums *c);
/* The 95% interval of the rate x/n: Wilson's, over the effective trials. */
void cluster_interval(const ClusterSums *c, double *lo, double *hi);

/* Pairwise results among k players: wins[i*k + j] is how often i beat j
 * (draws add half to both). Fills rating[i] (mean 1500) and err[i] (one
 * standard error, in rating points). Players with no games get 1500 and
 * an error of 0. Returns the iterations used. */
int stats_bradley_terry(int k, const double *wins, double *rating, double *err);

/* Finishing orders among k players, as steps: at step s, left[s*k + i]
 * copies of player i were still to be placed and placed[s] of them took
 * the next place (ties share a step: Breslow's approximation); firsts[i]
 * counts the steps at which i took the place. Fills rating[i] (mean 1500,
 * Elo scale, where two players alone give Bradley-Terry's odds) and err[i]
 * (one standard error; 0 for a player in no step) from a Plackett-Luce
 * fit by Hunter's MM algorithm, with the same small prior as
 * stats_bradley_terry. Returns the iterations used. */
int stats_plackett_luce(int k, int nsteps, const unsigned char *left, const double *placed,
                        const double *firsts, double *rating, double *err);

#endif
