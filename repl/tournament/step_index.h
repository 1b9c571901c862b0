/* step_index: a rating's steps found by the bots they leave. A step of a
 * finishing order is who was still to be placed (a count per bot: a bot
 * may sit in more than one seat); games with the same bots left share a
 * step, so a tournament of millions of games keeps a few hundred. */
#ifndef REFEREE_STEP_INDEX_H
#define REFEREE_STEP_INDEX_H

#include "tournament.h"

#define STEP_MAX_BOTS (TOUR_MAX_BOTS * 2)

typedef struct StepIndex {
    unsigned char (*left)[STEP_MAX_BOTS]; /* each step's bots left */
    int n, cap;
    int *slot, nslots; /* open addressing by the bots left */
} StepIndex;

/* The number of the step with these bots left, made when new (numbers
 * run 0, 1, ... in the order steps are first seen); -1 out of memory. */
int step_index_of(StepIndex *x, const unsigned char *left);
void step_index_free(StepIndex *x);

#endif
