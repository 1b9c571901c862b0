/* stats: the statistics of tournament standings. Win rates get a Wilson
 * score interval (sound for small samples and rates near 0 or 1); ratings
 * are a Bradley-Terry fit of the pairwise results (a draw counts half),
 * on the Elo scale (400 points = 10:1 odds), with standard errors from
 * the fit's curvature. */
#ifndef REFEREE_STATS_H
#define REFEREE_STATS_H

/* The 95% Wilson interval of `wins` successes in n trials. */
void stats_wilson(double wins, double n, double *lo, double *hi);

/* Pairwise results among k players: wins[i*k + j] is how often i beat j
 * (draws add half to both). Fills rating[i] (mean 1500) and err[i] (one
 * standard error, in rating points). Players with no games get 1500 and
 * an error of 0. Returns the iterations used. */
int stats_bradley_terry(int k, const double *wins, double *rating, double *err);

#endif
