/* rng: the table's random stream, and every other stream the referee keeps.
 *
 * Algorithm: ChaCha20 (libsodium's), a stream cipher's keystream read as
 * numbers. No amount of its output tells the key or the rest of the stream,
 * so a bot that sees some outcomes (its own cards, its own math.random) can
 * neither predict the others nor test guessed seeds without knowing the key.
 * A game's key is a keyed BLAKE2b hash of its seed text (seed.h); a stream
 * for a bot or a search is derived from a key by another keyed hash that
 * cannot be inverted. Only fixed-width arithmetic and byte order are used,
 * so a seed gives the same numbers on every machine (tests/unit checks
 * golden values). Bounded draws use rejection sampling, never a biased
 * modulo. */
#ifndef REFEREE_RNG_H
#define REFEREE_RNG_H

#include <stdint.h>

#define RNG_KEY_BYTES 32
#define RNG_BLOCK_BYTES 64

typedef struct Rng {
    uint8_t key[RNG_KEY_BYTES];
    uint64_t nonce; /* which of the key's streams */
    uint64_t block; /* the next block of the keystream to make */
    uint8_t buf[RNG_BLOCK_BYTES];
    uint8_t used; /* bytes of buf already drawn; RNG_BLOCK_BYTES when empty */
} Rng;

/* The stream of a seed text (any bytes; seed.h says which a person may
 * type). */
void rng_seed_text(Rng *r, const char *seed);
/* The stream of a number a script or a search chose (math.randomseed,
 * g:sample's seed): the number is the key, with no hashing, because what it
 * hides is only what its chooser already knows. */
void rng_seed(Rng *r, uint64_t seed);
/* Stream number nonce of a key: as cheap as a copy; its first block is made
 * when it is first drawn from. */
void rng_stream(Rng *r, const uint8_t key[RNG_KEY_BYTES], uint64_t nonce);
uint64_t rng_next(Rng *r);
/* A uniform integer in [0, n); n must be at least 1. */
uint32_t rng_below(Rng *r, uint32_t n);
/* An independent stream named by tag, derived from r's key and position by
 * a keyed hash without advancing r: the same parent and tag always give the
 * same child, and the child's output tells nothing of the parent. */
Rng rng_derive(const Rng *r, uint64_t tag);
/* Where r stands in its stream (bytes drawn), and a move to such a place:
 * with the key and nonce, all a save needs to go on where it stopped. A
 * move within the block r holds does not make the block again. */
uint64_t rng_position(const Rng *r);
void rng_seek(Rng *r, uint64_t position);
/* Fisher-Yates over n small integers. */
void rng_shuffle16(Rng *r, int16_t *items, int n);

#endif
