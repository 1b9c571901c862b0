#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void rng_seed(Rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t rng_below(Rng *r, uint32_t n)
{
    /* Reject the top sliver of the 32-bit range that would bias r % n. */
    uint32_t threshold = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t x = (uint32_t)(rng_next(r) >> 32);
        if (x >= threshold)
            return x % n;
    }
}

Rng rng_derive(const Rng *r, uint64_t tag)
{
    uint64_t x = r->s[0] ^ rotl(r->s[1], 13) ^ rotl(r->s[2], 29) ^ rotl(r->s[3], 47);
    x ^= splitmix64(&tag);
    Rng child;
    rng_seed(&child, x);
    return child;
}

void rng_shuffle16(Rng *r, int16_t *items, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint32_t)i + 1);
        int16_t tmp = items[i];
        items[i] = items[j];
        items[j] = tmp;
    }
}
