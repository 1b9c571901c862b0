/* Chi-squared tests of the table's chance over many seeds: die faces,
 * pairs of rolls, and where each card lands after a shuffle. The seeds are
 * fixed, so the test gives the same verdict every run; the thresholds are
 * those a fair source exceeds once in a thousand (or ten thousand) tries. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "../../core/kernel/table.h"

/* The chi-squared value a fair source exceeds with probability p(z), z
 * standard deviations out (Wilson and Hilferty's approximation). */
static double chi2_critical(int df, double z)
{
    double k = df, a = 2.0 / (9.0 * k);
    return k * pow(1.0 - a + z * sqrt(a), 3);
}

static double chi2(const long *counts, int cells, double expected)
{
    double sum = 0;
    for (int i = 0; i < cells; i++) {
        double d = (double)counts[i] - expected;
        sum += d * d / expected;
    }
    return sum;
}

#define Z_1_IN_1000 3.09
#define Z_1_IN_10000 3.72

static void check_below(const char *what, double value, double limit)
{
    if (value < limit)
        checks_passed++;
    else {
        checks_failed++;
        fprintf(stderr, "test_rng_stats: %s: chi-squared %.1f, over %.1f\n", what, value, limit);
    }
}

static void rolls(void)
{
    enum { SEEDS = 30000, ROLLS = 10 };
    long faces[6] = {0}, first[6] = {0}, pairs[36] = {0};
    char seed[32];
    for (int s = 0; s < SEEDS; s++) {
        snprintf(seed, sizeof seed, "roll/%d", s);
        Table *t = table_new(1, seed);
        int die;
        dice_add(&t->dice, 6, &die);
        int last = -1;
        for (int i = 0; i < ROLLS; i++) {
            table_roll(t, die);
            int v = t->dice.d[die].value - 1;
            faces[v]++;
            if (i == 0)
                first[v]++;
            if (last >= 0)
                pairs[last * 6 + v]++;
            last = v;
        }
        table_free(t);
    }
    check_below("die faces", chi2(faces, 6, SEEDS * ROLLS / 6.0), chi2_critical(5, Z_1_IN_1000));
    check_below("first roll of each seed", chi2(first, 6, SEEDS / 6.0), chi2_critical(5, Z_1_IN_1000));
    check_below("pairs of rolls", chi2(pairs, 36, SEEDS * (ROLLS - 1) / 36.0),
                chi2_critical(35, Z_1_IN_1000));
}

static void shuffles(void)
{
    enum { SEEDS = 26000, CARDS = 52 };
    long *where = calloc(CARDS * CARDS, sizeof *where); /* card c at position p */
    long top[CARDS] = {0};
    char seed[32];
    for (int s = 0; s < SEEDS; s++) {
        snprintf(seed, sizeof seed, "deal/%d", s);
        Table *t = table_new(1, seed);
        int stock;
        zones_add(&t->zones, "stock", 0, VIS_HIDDEN, &stock);
        deck_add_standard52(&t->deck);
        for (int c = 1; c <= CARDS; c++)
            zones_place(&t->zones, c, stock);
        table_shuffle(t, stock);
        for (int p = 0; p < CARDS; p++) {
            int c = t->zones.z[stock].cards[p] - 1;
            where[c * CARDS + p]++;
        }
        top[zones_top(&t->zones, stock) - 1]++;
        table_free(t);
    }
    check_below("card positions after a shuffle", chi2(where, CARDS * CARDS, SEEDS / (double)CARDS),
                chi2_critical((CARDS - 1) * (CARDS - 1), Z_1_IN_10000));
    check_below("top card after a shuffle", chi2(top, CARDS, SEEDS / (double)CARDS),
                chi2_critical(CARDS - 1, Z_1_IN_1000));
    free(where);
}

void test_rng_stats(void)
{
    rolls();
    shuffles();
}
