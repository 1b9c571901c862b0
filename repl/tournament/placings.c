#include "placings.h"

#include <stdlib.h>
#include <string.h>
#include "stats.h"

/* Room for step number at in placed: 0 out of memory. */
static int room_for(Placings *p, int at)
{
    if (at < p->placed_cap)
        return 1;
    int cap = p->placed_cap ? 2 * p->placed_cap : 64;
    while (cap <= at)
        cap *= 2;
    double *grown = realloc(p->placed, sizeof *grown * (size_t)cap);
    if (!grown)
        return 0;
    memset(grown + p->placed_cap, 0, sizeof *grown * (size_t)(cap - p->placed_cap));
    p->placed = grown;
    p->placed_cap = cap;
    return 1;
}

int placings_step(int k, const int *bot, const int *place, int step, unsigned char *left,
                  int *taking)
{
    int n = 0, behind = 0;
    memset(left, 0, PLACINGS_MAX);
    for (int s = 0; s < k; s++) {
        if (bot[s] < 0 || place[s] < step)
            continue;
        left[bot[s]]++;
        if (place[s] == step)
            taking[n++] = bot[s];
        behind += place[s] > step;
    }
    return behind ? n : 0;
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
        unsigned char left[PLACINGS_MAX];
        int taking[MAX_SEATS];
        int n = placings_step(k, bot, place, step, left, taking);
        if (!n)
            continue;
        int at = step_index_of(&p->steps, left);
        if (at < 0 || !room_for(p, at))
            return 0;
        p->placed[at] += n;
        for (int i = 0; i < n; i++)
            p->firsts[taking[i]] += 1;
    }
    return 1;
}

void placings_fit(const Placings *p, int nb, double *rating, double *err)
{
    int nsteps = p->steps.n;
    unsigned char *left = malloc((size_t)nsteps * (size_t)nb + 1);
    double *placed = malloc(sizeof(double) * (size_t)nsteps + 1);
    if (!left || !placed) {
        for (int i = 0; i < nb; i++)
            rating[i] = 1500, err[i] = 0;
    } else {
        for (int s = 0; s < nsteps; s++) {
            memcpy(left + (size_t)s * (size_t)nb, p->steps.left[s], (size_t)nb);
            placed[s] = p->placed[s];
        }
        stats_plackett_luce(nb, nsteps, left, placed, p->firsts, rating, err);
    }
    free(left);
    free(placed);
}

void placings_free(Placings *p)
{
    step_index_free(&p->steps);
    free(p->placed);
    memset(p, 0, sizeof *p);
}
