#include "stats.h"

#include <math.h>
#include <stdlib.h>

void stats_wilson(double wins, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = wins / n, z2 = z * z;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

void cluster_add(ClusterSums *c, double x, double n)
{
    if (n <= 0)
        return;
    c->x += x;
    c->n += n;
    c->xx += x * x;
    c->xn += x * n;
    c->nn += n * n;
    c->clusters++;
}

double cluster_effective_n(const ClusterSums *c)
{
    if (c->n <= 0)
        return 0;
    double p = c->x / c->n, spread = p * (1 - p);
    /* sum over clusters of (x_d - p n_d)^2, from the sums kept */
    double ss = c->xx - 2 * p * c->xn + p * p * c->nn;
    double cl = (double)c->clusters;
    double var = cl > 1 ? ss * cl / (cl - 1) / (c->n * c->n) : 0;
    if (var <= 1e-15 || spread <= 0)
        return cl > 1 ? cl : c->n; /* no spread to weigh: each cluster counts once */
    double eff = spread / var;
    return eff > c->n ? c->n : eff < 1 ? 1 : eff;
}

void cluster_interval(const ClusterSums *c, double *lo, double *hi)
{
    double eff = cluster_effective_n(c);
    if (eff <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    stats_wilson(c->n > 0 ? eff * c->x / c->n : 0, eff, lo, hi);
}


/* The next strengths of an iteration become the strengths, scaled to a
 * geometric mean of 1; returns the largest change of a log-strength. */
static double take_normalised(int k, const double *next, double *strength)
{
    double logsum = 0, change = 0;
    for (int i = 0; i < k; i++)
        logsum += log(next[i]);
    double scale = exp(logsum / k);
    for (int i = 0; i < k; i++) {
        double s = next[i] / scale;
        change = fmax(change, fabs(log(s) - log(strength[i])));
        strength[i] = s;
    }
    return change;
}

int stats_bradley_terry(int k, const double *wins, double *rating, double *err)
{
    double *strength = malloc(sizeof(double) * (size_t)k);
    double *next = malloc(sizeof(double) * (size_t)k);
    if (!strength || !next) {
        free(strength);
        free(next);
        return 0;
    }
    /* A small prior game against an average player keeps every strength
     * finite, even for a player who won or lost everything. */
    const double prior = 0.5;
    for (int i = 0; i < k; i++)
        strength[i] = 1;
    int iter;
    for (iter = 1; iter <= 2000; iter++) {
        for (int i = 0; i < k; i++) {
            double w = prior, denom = 2 * prior / (strength[i] + 1);
            for (int j = 0; j < k; j++) {
                if (j == i)
                    continue;
                double n = wins[i * k + j] + wins[j * k + i];
                w += wins[i * k + j];
                if (n > 0)
                    denom += n / (strength[i] + strength[j]);
            }
            next[i] = w / denom;
        }
        if (take_normalised(k, next, strength) < 1e-10)
            break;
    }
    for (int i = 0; i < k; i++) {
        double info = 0;
        int played = 0;
        for (int j = 0; j < k; j++) {
            if (j == i)
                continue;
            double n = wins[i * k + j] + wins[j * k + i];
            if (n > 0) {
                double p = strength[i] / (strength[i] + strength[j]);
                info += n * p * (1 - p);
                played = 1;
            }
        }
        rating[i] = 1500 + STATS_ELO * log(strength[i]);
        err[i] = played && info > 0 ? STATS_ELO / sqrt(info) : 0;
    }
    free(strength);
    free(next);
    return iter;
}

/* The strength of the field a step leaves: m[i] of each of k bots, strong
 * as strength[i]. */
static double field_strength(int k, const unsigned char *m, const double *strength)
{
    double total = 0;
    for (int i = 0; i < k; i++)
        total += m[i] * strength[i];
    return total;
}

int stats_plackett_luce(int k, int nsteps, const unsigned char *left, const double *placed,
                        const double *firsts, double *rating, double *err)
{
    double *strength = malloc(sizeof(double) * (size_t)k);
    double *denom = malloc(sizeof(double) * (size_t)k);
    if (!strength || !denom) {
        free(strength);
        free(denom);
        for (int i = 0; i < k; i++)
            rating[i] = 1500, err[i] = 0;
        return 0;
    }
    const double prior = 0.5; /* as stats_bradley_terry: a half game won and lost against strength 1 */
    for (int i = 0; i < k; i++)
        strength[i] = 1;
    int iter;
    for (iter = 1; iter <= 5000; iter++) {
        for (int i = 0; i < k; i++)
            denom[i] = 2 * prior / (strength[i] + 1);
        for (int s = 0; s < nsteps; s++) {
            const unsigned char *m = left + (size_t)s * (size_t)k;
            double total = field_strength(k, m, strength);
            for (int i = 0; i < k; i++)
                if (m[i])
                    denom[i] += placed[s] * m[i] / total;
        }
        for (int i = 0; i < k; i++)
            denom[i] = (prior + firsts[i]) / denom[i]; /* the next strength */
        if (take_normalised(k, denom, strength) < 1e-10)
            break;
    }
    /* The curvature of the log-likelihood in each log-strength. */
    for (int i = 0; i < k; i++)
        denom[i] = 0;
    for (int s = 0; s < nsteps; s++) {
        const unsigned char *m = left + (size_t)s * (size_t)k;
        double total = field_strength(k, m, strength);
        for (int i = 0; i < k; i++)
            if (m[i]) {
                double p = m[i] * strength[i] / total;
                denom[i] += placed[s] * p * (1 - p);
            }
    }
    for (int i = 0; i < k; i++) {
        rating[i] = 1500 + STATS_ELO * log(strength[i]);
        err[i] = denom[i] > 0 ? STATS_ELO / sqrt(denom[i]) : 0;
    }
    free(strength);
    free(denom);
    return iter;
}
