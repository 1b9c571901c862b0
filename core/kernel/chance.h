/* chance: the one source of every chance event (shuffle, draw order, roll).
 * By default it is the table's rng; a later mode can install a source that
 * takes the outcomes of real cards and dice typed in at a physical table. */
#ifndef REFEREE_CHANCE_H
#define REFEREE_CHANCE_H

#include <stdint.h>

typedef struct Chance {
    /* A value in [0, n). what names the event, for a source that asks a person. */
    uint32_t (*below)(void *ctx, uint32_t n, const char *what);
    void *ctx;
} Chance;

#endif
