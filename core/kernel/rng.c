#include "rng.h"

#include <sodium.h>
#include <string.h>

/* Domain separation: the same bytes hashed for different purposes give
 * unrelated keys. */
static const unsigned char SEED_HASH_KEY[] = "referee seed -> key, v1";
static const unsigned char DERIVE_HASH_KEY[] = "referee derived stream, v1";

static void put_u64(uint8_t *out, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        out[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_u64(const uint8_t *in)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | in[i];
    return v;
}

void rng_stream(Rng *r, const uint8_t key[RNG_KEY_BYTES], uint64_t nonce)
{
    /* libsodium picks its fastest implementations once; every stream
     * passes here before its first block. */
    static int sodium_ready;
    if (!sodium_ready)
        sodium_ready = sodium_init() >= 0;
    memcpy(r->key, key, RNG_KEY_BYTES);
    r->nonce = nonce;
    r->block = 0;
    r->used = RNG_BLOCK_BYTES;
}

void rng_seed_text(Rng *r, const char *seed)
{
    uint8_t key[RNG_KEY_BYTES];
    crypto_generichash(key, sizeof key, (const unsigned char *)seed, strlen(seed), SEED_HASH_KEY,
                       sizeof SEED_HASH_KEY - 1);
    rng_stream(r, key, 0);
}

void rng_seed(Rng *r, uint64_t seed)
{
    uint8_t key[RNG_KEY_BYTES] = {0};
    put_u64(key, seed);
    rng_stream(r, key, 0);
}

static void refill(Rng *r)
{
    static const uint8_t zeros[RNG_BLOCK_BYTES];
    uint8_t nonce[crypto_stream_chacha20_NONCEBYTES];
    put_u64(nonce, r->nonce);
    crypto_stream_chacha20_xor_ic(r->buf, zeros, RNG_BLOCK_BYTES, nonce, r->block, r->key);
    r->block++;
    r->used = 0;
}

uint64_t rng_next(Rng *r)
{
    if (r->used > RNG_BLOCK_BYTES - 8)
        refill(r);
    uint64_t v = get_u64(r->buf + r->used);
    r->used += 8;
    return v;
}

static uint32_t next32(Rng *r)
{
    if (r->used > RNG_BLOCK_BYTES - 4)
        refill(r);
    const uint8_t *b = r->buf + r->used;
    r->used += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

uint32_t rng_below(Rng *r, uint32_t n)
{
    /* Reject the bottom sliver of the 32-bit range that would bias x % n. */
    uint32_t threshold = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t x = next32(r);
        if (x >= threshold)
            return x % n;
    }
}

uint64_t rng_position(const Rng *r)
{
    return r->block * RNG_BLOCK_BYTES - RNG_BLOCK_BYTES + r->used;
}

void rng_seek(Rng *r, uint64_t position)
{
    /* The block is made already when r holds it: bytes left in buf are
     * always those of block - 1 (refill is all that fills it). */
    if (r->used < RNG_BLOCK_BYTES && r->block == position / RNG_BLOCK_BYTES + 1) {
        r->used = (uint8_t)(position % RNG_BLOCK_BYTES);
        return;
    }
    r->block = position / RNG_BLOCK_BYTES;
    r->used = RNG_BLOCK_BYTES;
    if (position % RNG_BLOCK_BYTES) {
        refill(r);
        r->used = (uint8_t)(position % RNG_BLOCK_BYTES);
    }
}

Rng rng_derive(const Rng *r, uint64_t tag)
{
    uint8_t msg[25], key[RNG_KEY_BYTES];
    put_u64(msg, tag);
    put_u64(msg + 8, r->nonce);
    put_u64(msg + 16, r->block);
    msg[24] = r->used;
    crypto_generichash_state h;
    crypto_generichash_init(&h, r->key, RNG_KEY_BYTES, sizeof key);
    crypto_generichash_update(&h, DERIVE_HASH_KEY, sizeof DERIVE_HASH_KEY - 1);
    crypto_generichash_update(&h, msg, sizeof msg);
    crypto_generichash_final(&h, key, sizeof key);
    Rng child;
    rng_stream(&child, key, 0);
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
