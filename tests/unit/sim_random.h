/* The unit tests' own stream for simulations: xorshift64*, each test
 * keeping its state, so one test's draws never move another's. */
#ifndef REFEREE_SIM_RANDOM_H
#define REFEREE_SIM_RANDOM_H

#include <stdint.h>

/* The next number in [0, 1) of the stream whose state is *state. */
static inline double sim_uniform(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return (double)((*state * 0x2545f4914f6cdd1du) >> 11) / 9007199254740992.0;
}

#endif
