#include "deals.h"

#include <stdlib.h>
#include <string.h>

/* The deal's games into the rating's sums: each game's finishing order
 * step by step, as placings.c folds it; and a game of two seats as a
 * Bradley-Terry fit counts it, a tie (or no winner) half each. */
static void fold_rating_steps(Deals *d, const OpenDeal *o)
{
    DealSteps places = {0}, pairs = {0};
    for (int g = 0; g < o->seen; g++) {
        const DealGame *e = &o->games[g];
        int bot[MAX_SEATS], place[MAX_SEATS], taking[MAX_SEATS];
        unsigned char left[PLACINGS_MAX];
        for (int s = 0; s < e->k; s++)
            bot[s] = e->bot[s], place[s] = e->place[s];
        for (int step = 1; step <= e->k; step++) {
            int n = placings_step(e->k, bot, place, step, left, taking);
            if (n)
                deal_steps_add(&d->by_places, &places, left, n, taking, NULL);
        }
        if (e->k == 2 && bot[0] >= 0 && bot[1] >= 0 && bot[0] != bot[1]) {
            int w0 = place[0] == 1, w1 = place[1] == 1;
            double share[2];
            share[0] = w0 && !w1 ? 1 : w1 && !w0 ? 0 : 0.5;
            share[1] = 1 - share[0];
            memset(left, 0, sizeof left);
            left[bot[0]] = left[bot[1]] = 1;
            deal_steps_add(&d->by_pairs, &pairs, left, 2, bot, share);
        }
    }
    rating_sums_fold(&d->by_places, &places);
    rating_sums_fold(&d->by_pairs, &pairs);
}

/* The deal's games into the sums: per bot its wins of its seats, per pair
 * how often the one finished ahead of the other of the games they met;
 * and how many of its games differ (identical seats rotated: one). */
static void fold(Deals *d, const OpenDeal *o)
{
    double x[PLACINGS_MAX] = {0}, n[PLACINGS_MAX] = {0};
    static double ahead[PLACINGS_MAX][PLACINGS_MAX], met[PLACINGS_MAX][PLACINGS_MAX];
    int present[PLACINGS_MAX], np = 0;
    for (int g = 0; g < o->seen; g++) {
        const DealGame *e = &o->games[g];
        for (int s = 0; s < e->k; s++) {
            int b = e->bot[s];
            if (b < 0)
                continue;
            if (n[b] == 0)
                present[np++] = b;
            x[b] += (e->won >> s & 1) ? 1.0 / e->winners : 0;
            n[b] += 1;
        }
        int same = 0;
        for (int h = 0; h < g && !same; h++)
            same = memcmp(o->games[h].bot, e->bot, sizeof e->bot) == 0;
        d->distinct += !same;
    }
    for (int i = 0; i < np; i++)
        for (int j = 0; j < np; j++)
            ahead[present[i]][present[j]] = met[present[i]][present[j]] = 0;
    for (int g = 0; g < o->seen; g++) {
        const DealGame *e = &o->games[g];
        for (int s = 0; s < e->k; s++)
            for (int t = 0; t < e->k; t++)
                if (e->bot[s] >= 0 && e->bot[t] >= 0 && e->bot[s] != e->bot[t]) {
                    met[e->bot[s]][e->bot[t]] += 1;
                    ahead[e->bot[s]][e->bot[t]] += e->place[s] < e->place[t];
                }
    }
    for (int i = 0; i < np; i++) {
        cluster_add(&d->wins[present[i]], x[present[i]], n[present[i]]);
        for (int j = 0; j < np; j++)
            if (i != j)
                cluster_add(&d->ahead[present[i]][present[j]], ahead[present[i]][present[j]],
                            met[present[i]][present[j]]);
    }
    fold_rating_steps(d, o);
    d->closed++;
}

static unsigned long slot_of(long deal, long nslots)
{
    return (unsigned long)(deal * 2654435761u) & (unsigned long)(nslots - 1);
}

/* Room for one more open deal: the table doubles at half full. */
static int make_room(Deals *d)
{
    if (d->nslots && 2 * (d->nopen + 1) <= d->nslots)
        return 1;
    long nslots = d->nslots ? 2 * d->nslots : 64;
    OpenDeal *slot = malloc(sizeof *slot * (size_t)nslots);
    if (!slot)
        return 0;
    for (long i = 0; i < nslots; i++)
        slot[i].deal = -1;
    for (long i = 0; i < d->nslots; i++)
        if (d->slot[i].deal >= 0) {
            unsigned long at = slot_of(d->slot[i].deal, nslots);
            while (slot[at].deal >= 0)
                at = (at + 1) & (unsigned long)(nslots - 1);
            slot[at] = d->slot[i];
        }
    free(d->slot);
    d->slot = slot;
    d->nslots = nslots;
    return 1;
}

/* Takes slot at out of the table, moving back the entries after it that
 * would otherwise no longer be found (linear probing's deletion). */
static void remove_at(Deals *d, unsigned long at)
{
    unsigned long mask = (unsigned long)(d->nslots - 1), next = (at + 1) & mask;
    d->slot[at].deal = -1;
    while (d->slot[next].deal >= 0) {
        unsigned long home = slot_of(d->slot[next].deal, d->nslots);
        /* Moved back when its home is not in (at, next]. */
        if ((next > at && (home <= at || home > next)) || (next < at && home <= at && home > next)) {
            d->slot[at] = d->slot[next];
            d->slot[next].deal = -1;
            at = next;
        }
        next = (next + 1) & mask;
    }
    d->nopen--;
}

int deals_add(Deals *d, long game, int k, const int *bot, const int *place, unsigned won)
{
    if (k < 1 || k > MAX_SEATS)
        return 0;
    DealGame e = {.k = (unsigned char)k, .won = (uint16_t)won};
    for (int s = 0; s < MAX_SEATS; s++) {
        e.bot[s] = (signed char)(s < k ? bot[s] : -1);
        e.place[s] = (unsigned char)(s < k ? place[s] : 0);
        e.winners += s < k && (won >> s & 1);
    }
    long deal = game / k;
    unsigned long at = 0;
    OpenDeal *o = NULL;
    if (make_room(d)) {
        at = slot_of(deal, d->nslots);
        while (d->slot[at].deal >= 0 && d->slot[at].deal != deal)
            at = (at + 1) & (unsigned long)(d->nslots - 1);
        o = &d->slot[at];
        if (o->deal < 0) {
            o->games = malloc(sizeof *o->games * (size_t)k);
            if (o->games) {
                o->deal = deal;
                o->k = k;
                o->seen = 0;
                d->nopen++;
            } else
                o = NULL;
        }
    }
    if (!o || o->seen >= o->k) { /* out of memory, or lines at odds: a deal of its own */
        OpenDeal alone = {.deal = deal, .k = 1, .seen = 1, .games = &e};
        fold(d, &alone);
        return o != NULL;
    }
    o->games[o->seen++] = e;
    if (o->seen == o->k) {
        fold(d, o);
        free(o->games);
        remove_at(d, at);
    }
    return 1;
}

void deals_close_all(Deals *d)
{
    for (long i = 0; i < d->nslots; i++)
        if (d->slot[i].deal >= 0) {
            fold(d, &d->slot[i]);
            free(d->slot[i].games);
            d->slot[i].deal = -1;
        }
    d->nopen = 0;
}

void deals_free(Deals *d)
{
    for (long i = 0; i < d->nslots; i++)
        if (d->slot[i].deal >= 0)
            free(d->slot[i].games);
    free(d->slot);
    d->slot = NULL;
    d->nslots = d->nopen = 0;
    rating_sums_free(&d->by_places);
    rating_sums_free(&d->by_pairs);
}
