#include "placings.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"

static uint64_t key_hash(const unsigned char *left)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < PLACINGS_MAX; i++)
        h = (h ^ left[i]) * 1099511628211ull;
    return h;
}

/* The stage with these bots left, made when new; -1 when out of memory.
 * Games with the same bots left share one stage, so a tournament of
 * millions of games keeps a few hundred. */
static int stage_of(Placings *p, const unsigned char *left)
{
    if (2 * (p->nstages + 1) > p->nslots) {
        int n = p->nslots ? 2 * p->nslots : 256;
        int *slot = malloc(sizeof(int) * (size_t)n);
        if (!slot)
            return -1;
        memset(slot, 0xff, sizeof(int) * (size_t)n);
        for (int s = 0; s < p->nstages; s++) {
            size_t at = key_hash(p->stage[s].left) & (size_t)(n - 1);
            while (slot[at] >= 0)
                at = (at + 1) & (size_t)(n - 1);
            slot[at] = s;
        }
        free(p->slot);
        p->slot = slot;
        p->nslots = n;
    }
    size_t at = key_hash(left) & (size_t)(p->nslots - 1);
    for (; p->slot[at] >= 0; at = (at + 1) & (size_t)(p->nslots - 1))
        if (!memcmp(p->stage[p->slot[at]].left, left, PLACINGS_MAX))
            return p->slot[at];
    if (p->nstages == p->cap) {
        int cap = p->cap ? 2 * p->cap : 64;
        PlacingStage *grown = realloc(p->stage, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        p->stage = grown;
        p->cap = cap;
    }
    memcpy(p->stage[p->nstages].left, left, PLACINGS_MAX);
    p->stage[p->nstages].placed = 0;
    p->slot[at] = p->nstages;
    return p->nstages++;
}

int placings_add(Placings *p, int k, const int *bot, const int *place)
{
    if (k > p->max_seats)
        p->max_seats = k;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            if (bot[i] >= 0 && bot[j] >= 0 && bot[i] != bot[j]) {
                p->met[bot[i]][bot[j]] += 1; /* (j,i) counts the other way round */
                if (place[i] < place[j])
                    p->ahead[bot[i]][bot[j]] += 1;
            }
    /* The steps: at each place taken, those taking it among those left.
     * The last place tells nothing (the rest are placed already). */
    for (int step = 1; step <= k; step++) {
        unsigned char left[PLACINGS_MAX] = {0};
        int taking = 0, behind = 0;
        for (int s = 0; s < k; s++) {
            if (bot[s] < 0 || place[s] < step)
                continue;
            left[bot[s]]++;
            taking += place[s] == step;
            behind += place[s] > step;
        }
        if (!taking || !behind)
            continue;
        int at = stage_of(p, left);
        if (at < 0)
            return 0;
        p->stage[at].placed += taking;
        for (int s = 0; s < k; s++)
            if (bot[s] >= 0 && place[s] == step)
                p->firsts[bot[s]] += 1;
    }
    return 1;
}

void placings_fit(const Placings *p, int nb, double *rating, double *err)
{
    unsigned char *left = malloc((size_t)p->nstages * (size_t)nb + 1);
    double *placed = malloc(sizeof(double) * (size_t)p->nstages + 1);
    if (!left || !placed) {
        for (int i = 0; i < nb; i++)
            rating[i] = 1500, err[i] = 0;
    } else {
        for (int s = 0; s < p->nstages; s++) {
            memcpy(left + (size_t)s * (size_t)nb, p->stage[s].left, (size_t)nb);
            placed[s] = p->stage[s].placed;
        }
        stats_plackett_luce(nb, p->nstages, left, placed, p->firsts, rating, err);
    }
    free(left);
    free(placed);
}

void placings_free(Placings *p)
{
    free(p->stage);
    free(p->slot);
    memset(p, 0, sizeof *p);
}
