#include "step_index.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t key_hash(const unsigned char *left)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < STEP_MAX_BOTS; i++)
        h = (h ^ left[i]) * 1099511628211ull;
    return h;
}

/* The slots doubled at half full, every step put back in. */
static int grow_slots(StepIndex *x)
{
    int n = x->nslots ? 2 * x->nslots : 256;
    int *slot = malloc(sizeof(int) * (size_t)n);
    if (!slot)
        return 0;
    memset(slot, 0xff, sizeof(int) * (size_t)n);
    for (int s = 0; s < x->n; s++) {
        size_t at = key_hash(x->left[s]) & (size_t)(n - 1);
        while (slot[at] >= 0)
            at = (at + 1) & (size_t)(n - 1);
        slot[at] = s;
    }
    free(x->slot);
    x->slot = slot;
    x->nslots = n;
    return 1;
}

int step_index_of(StepIndex *x, const unsigned char *left)
{
    if (2 * (x->n + 1) > x->nslots && !grow_slots(x))
        return -1;
    size_t at = key_hash(left) & (size_t)(x->nslots - 1);
    for (; x->slot[at] >= 0; at = (at + 1) & (size_t)(x->nslots - 1))
        if (!memcmp(x->left[x->slot[at]], left, STEP_MAX_BOTS))
            return x->slot[at];
    if (x->n == x->cap) {
        int cap = x->cap ? 2 * x->cap : 64;
        unsigned char(*grown)[STEP_MAX_BOTS] = realloc(x->left, sizeof *grown * (size_t)cap);
        if (!grown)
            return -1;
        x->left = grown;
        x->cap = cap;
    }
    memcpy(x->left[x->n], left, STEP_MAX_BOTS);
    x->slot[at] = x->n;
    return x->n++;
}

void step_index_free(StepIndex *x)
{
    free(x->left);
    free(x->slot);
    memset(x, 0, sizeof *x);
}
