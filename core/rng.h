/* rng: the table's seedable random stream.
 *
 * Algorithm: xoshiro256** (Blackman and Vigna, 2018), its 256-bit state filled
 * from the 64-bit seed by splitmix64. Only fixed-width integer arithmetic is
 * used, so a seed gives the same numbers on every platform (tests/unit checks
 * golden values). Bounded draws use rejection sampling, never a biased modulo.
 */
#ifndef REFEREE_RNG_H
#define REFEREE_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t s[4];
} Rng;

void rng_seed(Rng *r, uint64_t seed);
uint64_t rng_next(Rng *r);
/* A uniform integer in [0, n); n must be at least 1. */
uint32_t rng_below(Rng *r, uint32_t n);
/* An independent stream named by tag, derived from r's state without
 * advancing r: the same parent and tag always give the same child. */
Rng rng_derive(const Rng *r, uint64_t tag);
/* Fisher-Yates over n small integers. */
void rng_shuffle16(Rng *r, int16_t *items, int n);

#endif
