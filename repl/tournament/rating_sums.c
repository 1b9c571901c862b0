#include "rating_sums.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"

void deal_steps_add(RatingSums *r, DealSteps *d, const unsigned char *left, int n, const int *bot,
                    const double *share)
{
    int at = step_index_of(&r->steps, left);
    if (at < 0) {
        d->lost = 1;
        return;
    }
    double placed = 0;
    for (int i = 0; i < n; i++) {
        d->took[bot[i]] += share ? share[i] : 1;
        placed += share ? share[i] : 1;
    }
    int j = 0;
    while (j < d->n && d->step[j] != at)
        j++;
    if (j == d->n) {
        if (d->n == DEAL_MOST_STEPS) {
            d->lost = 1;
            return;
        }
        d->step[d->n] = at;
        d->placed[d->n++] = 0;
    }
    d->placed[j] += placed;
}

/* Room in placed and took_placed for every step the index holds. */
static int steps_room(RatingSums *r)
{
    if (r->steps.n <= r->steps_cap)
        return 1;
    int cap = r->steps_cap ? 2 * r->steps_cap : 64;
    while (cap < r->steps.n)
        cap *= 2;
    double *placed = realloc(r->placed, sizeof *placed * (size_t)cap);
    if (placed)
        r->placed = placed;
    double *grown = placed ? realloc(r->took_placed, sizeof *grown * (size_t)cap * STEP_MAX_BOTS) : NULL;
    if (!grown)
        return 0;
    memset(r->placed + r->steps_cap, 0, sizeof *placed * (size_t)(cap - r->steps_cap));
    memset(grown + (size_t)r->steps_cap * STEP_MAX_BOTS, 0,
           sizeof *grown * (size_t)(cap - r->steps_cap) * STEP_MAX_BOTS);
    r->took_placed = grown;
    r->steps_cap = cap;
    return 1;
}

static unsigned long pair_slot(int a, int b, long nslots)
{
    unsigned long h = (unsigned long)a * 2654435761u ^ (unsigned long)b * 40503u;
    return h & (unsigned long)(nslots - 1);
}

/* The pair's sum, made when new (the slots doubled at half full). */
static double *pair_sum(RatingSums *r, int a, int b)
{
    if (2 * (r->npairs + 1) > r->nslots) {
        long n = r->nslots ? 2 * r->nslots : 1024;
        StepPair *slot = malloc(sizeof *slot * (size_t)n);
        if (!slot)
            return NULL;
        for (long i = 0; i < n; i++)
            slot[i].a = -1;
        for (long i = 0; i < r->nslots; i++)
            if (r->pair[i].a >= 0) {
                unsigned long at = pair_slot(r->pair[i].a, r->pair[i].b, n);
                while (slot[at].a >= 0)
                    at = (at + 1) & (unsigned long)(n - 1);
                slot[at] = r->pair[i];
            }
        free(r->pair);
        r->pair = slot;
        r->nslots = n;
    }
    unsigned long at = pair_slot(a, b, r->nslots);
    while (r->pair[at].a >= 0 && !(r->pair[at].a == a && r->pair[at].b == b))
        at = (at + 1) & (unsigned long)(r->nslots - 1);
    if (r->pair[at].a < 0) {
        r->pair[at] = (StepPair){.a = a, .b = b, .placed2 = 0};
        r->npairs++;
    }
    return &r->pair[at].placed2;
}

void rating_sums_fold(RatingSums *r, const DealSteps *d)
{
    if (d->lost || !steps_room(r)) {
        r->failed = 1;
        return;
    }
    /* Only the bots that took a place: a deal's games seat a few. */
    int took[STEP_MAX_BOTS], n = 0;
    for (int i = 0; i < STEP_MAX_BOTS; i++)
        if (d->took[i] != 0)
            took[n++] = i;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            r->took2[took[a]][took[b]] += d->took[took[a]] * d->took[took[b]];
    for (int s = 0; s < d->n; s++) {
        r->placed[d->step[s]] += d->placed[s];
        double *row = r->took_placed + (size_t)d->step[s] * STEP_MAX_BOTS;
        for (int a = 0; a < n; a++)
            row[took[a]] += d->took[took[a]] * d->placed[s];
        for (int t = s; t < d->n; t++) {
            int a = d->step[s] < d->step[t] ? d->step[s] : d->step[t];
            int b = d->step[s] < d->step[t] ? d->step[t] : d->step[s];
            double *sum = pair_sum(r, a, b);
            if (!sum) {
                r->failed = 1;
                return;
            }
            *sum += d->placed[s] * d->placed[t];
        }
    }
    r->deals++;
}

/* What the strengths expect each bot to take of one place at each step:
 * q[s * nb + i] = m_i g_i / (the sum of m_j g_j over the bots left). */
static double *expected_shares(const RatingSums *r, int nb, const double *strength)
{
    double *q = malloc(sizeof *q * ((size_t)r->steps.n * (size_t)nb + 1));
    for (int s = 0; q && s < r->steps.n; s++) {
        const unsigned char *m = r->steps.left[s];
        double field = 0;
        for (int j = 0; j < nb; j++)
            field += m[j] * strength[j];
        for (int i = 0; i < nb; i++)
            q[s * nb + i] = field > 0 ? m[i] * strength[i] / field : 0;
    }
    return q;
}

/* a (n x n, row-major) inverted in place by Gauss-Jordan with partial
 * pivoting; 0 when it is singular. */
static int invert(int n, double *a)
{
    double *inv = calloc((size_t)(n * n) + 1, sizeof *inv);
    if (!inv)
        return 0;
    for (int i = 0; i < n; i++)
        inv[i * n + i] = 1;
    for (int c = 0; c < n; c++) {
        int pivot = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[pivot * n + c]))
                pivot = r;
        if (fabs(a[pivot * n + c]) < 1e-12) {
            free(inv);
            return 0;
        }
        for (int k = 0; k < n; k++) {
            double t = a[c * n + k];
            a[c * n + k] = a[pivot * n + k], a[pivot * n + k] = t;
            t = inv[c * n + k];
            inv[c * n + k] = inv[pivot * n + k], inv[pivot * n + k] = t;
        }
        double d = a[c * n + c];
        for (int k = 0; k < n; k++)
            a[c * n + k] /= d, inv[c * n + k] /= d;
        for (int r = 0; r < n; r++)
            if (r != c && a[r * n + c] != 0) {
                double f = a[r * n + c];
                for (int k = 0; k < n; k++)
                    a[r * n + k] -= f * a[c * n + k], inv[r * n + k] -= f * inv[c * n + k];
            }
    }
    memcpy(a, inv, sizeof *a * (size_t)(n * n));
    free(inv);
    return 1;
}

/* H (the information of the games) and B (the spread of the deals'
 * scores) among the m bots in act, from the sums and the shares q. */
static void curvature_and_spread(const RatingSums *r, int nb, const double *q, int m, const int *act,
                                 double *h, double *b)
{
    for (int x = 0; x < m; x++)
        for (int y = 0; y < m; y++)
            b[x * m + y] = r->took2[act[x]][act[y]];
    for (int s = 0; s < r->steps.n; s++) {
        const double *qs = q + (size_t)s * (size_t)nb;
        const double *tp = r->took_placed + (size_t)s * STEP_MAX_BOTS;
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++) {
                double qx = qs[act[x]], qy = qs[act[y]];
                h[x * m + y] += r->placed[s] * ((x == y ? qx : 0) - qx * qy);
                b[x * m + y] -= qy * tp[act[x]] + qx * tp[act[y]];
            }
    }
    for (long p = 0; p < r->nslots; p++) {
        const StepPair *e = &r->pair[p];
        if (e->a < 0)
            continue;
        const double *qa = q + (size_t)e->a * (size_t)nb, *qb = q + (size_t)e->b * (size_t)nb;
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++) {
                double both = qa[act[x]] * qb[act[y]];
                if (e->a != e->b)
                    both += qb[act[x]] * qa[act[y]];
                b[x * m + y] += both * e->placed2;
            }
    }
}

int rating_sums_errors(const RatingSums *r, int nb, const double *strength, double *over_deals,
                       double *over_games)
{
    if (r->failed || r->deals < 2 || r->steps.n > r->steps_cap)
        return 0;
    double *q = expected_shares(r, nb, strength);
    int act[STEP_MAX_BOTS], m = 0;
    for (int i = 0; q && i < nb; i++) {
        double info = 0;
        for (int s = 0; s < r->steps.n; s++)
            info += r->placed[s] * q[s * nb + i] * (1 - q[s * nb + i]);
        if (info > 0)
            act[m++] = i;
    }
    double *h = calloc((size_t)(m * m) + 1, sizeof *h), *b = calloc((size_t)(m * m) + 1, sizeof *b);
    int ok = q && h && b && m >= 2;
    if (ok) {
        curvature_and_spread(r, nb, q, m, act, h, b);
        /* H is singular along equal changes of every log-strength (they
         * change no odds), as B is; H+ inverts it on ratings of fixed
         * mean: (H + u u^T)^-1 - u u^T, u the unit vector of equal parts. */
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++)
                h[x * m + y] += 1.0 / m;
        ok = invert(m, h);
    }
    if (ok) {
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++)
                h[x * m + y] -= 1.0 / m;
        double deals = (double)r->deals;
        for (int i = 0; i < nb; i++) {
            over_deals[i] = 0;
            if (over_games)
                over_games[i] = 0;
        }
        for (int x = 0; x < m; x++) {
            /* (H+ B H+)_xx */
            double v = 0;
            for (int y = 0; y < m; y++)
                for (int z = 0; z < m; z++)
                    v += h[x * m + y] * b[y * m + z] * h[z * m + x];
            over_deals[act[x]] = STATS_ELO * sqrt(fmax(v, 0) * deals / (deals - 1));
            if (over_games)
                over_games[act[x]] = STATS_ELO * sqrt(fmax(h[x * m + x], 0));
        }
    }
    free(q);
    free(h);
    free(b);
    return ok;
}

void rating_sums_free(RatingSums *r)
{
    step_index_free(&r->steps);
    free(r->placed);
    free(r->took_placed);
    free(r->pair);
    memset(r, 0, sizeof *r);
}
