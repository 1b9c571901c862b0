#include "check.h"
#include <string.h>
#include "../../core/kernel/rng.h"
#include "../../core/kernel/seed.h"

void test_rng(void)
{
    /* ChaCha20's published keystream (Bernstein's 64-bit nonce variant,
     * key and nonce all zero): 76 b8 e0 ad a0 f1 3d 90, then 40 5d 6a e5
     * 53 86 bd 28, read little-endian. rng_seed(0) is that key. */
    Rng r;
    rng_seed(&r, 0);
    CHECK(rng_next(&r) == 0x903df1a0ade0b876ULL);
    CHECK(rng_next(&r) == 0x28bd8653e56a5d40ULL);

    /* Golden values of a seed text: a change of algorithm or of the seed's
     * hashing breaks every saved game and replay, so it must be deliberate. */
    rng_seed_text(&r, "7");
    uint32_t golden[5];
    for (int i = 0; i < 5; i++)
        golden[i] = rng_below(&r, 52);
    Rng again;
    rng_seed_text(&again, "7");
    for (int i = 0; i < 5; i++)
        CHECK(rng_below(&again, 52) == golden[i]);
    CHECK_EQ_INT(golden[0], 20);
    CHECK_EQ_INT(golden[1], 37);
    CHECK_EQ_INT(golden[2], 48);
    Rng other;
    rng_seed_text(&other, "07"); /* a seed is a text: not the number 7 */
    CHECK(rng_next(&other) != (rng_seed_text(&again, "7"), rng_next(&again)));

    /* rng_below stays in range and reaches every value. */
    int seen[6] = {0};
    for (int i = 0; i < 6000; i++) {
        uint32_t v = rng_below(&r, 6);
        if (v < 6)
            seen[v]++;
        else
            CHECK(v < 6);
    }
    for (int i = 0; i < 6; i++)
        CHECK(seen[i] > 800 && seen[i] < 1200);
    CHECK(rng_below(&r, 1) == 0);

    /* A position saved and sought again goes on with the same numbers,
     * mid-block and at a block's edge. */
    for (int skip = 0; skip < 20; skip += 3) {
        Rng a, b;
        rng_seed_text(&a, "position");
        for (int i = 0; i < skip; i++)
            rng_below(&a, 100);
        rng_stream(&b, a.key, a.nonce);
        rng_seek(&b, rng_position(&a));
        for (int i = 0; i < 40; i++)
            CHECK(rng_next(&a) == rng_next(&b));
    }

    /* One stream sought here and there (as a random seat's is, a move
     * number at a time) gives at each place what a fresh stream sought
     * there gives: within the block it holds, after it, before it, at
     * block edges, after draws that used the block up, and again. */
    {
        static const uint64_t places[] = {0, 4, 60, 8, 64, 124, 0, 130, 63, 200, 196, 4, 256, 252, 8};
        Rng roving, fresh;
        rng_seed_text(&roving, "roving");
        for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
            rng_stream(&fresh, roving.key, roving.nonce);
            rng_seek(&fresh, places[i]);
            rng_seek(&roving, places[i]);
            CHECK(rng_position(&roving) == places[i]);
            int draws = (int)(i % 3) * 5 + 1; /* up to 11: past a block's end from most places */
            for (int k = 0; k < draws; k++)
                CHECK(rng_below(&roving, 1000003) == rng_below(&fresh, 1000003));
        }
        /* Sought to a block's edge and not drawn from, it holds no block:
         * the next place, in the block before, is made afresh. */
        rng_seek(&roving, 130);
        rng_below(&roving, 10);
        rng_seek(&roving, 64);
        rng_seek(&roving, 4);
        rng_stream(&fresh, roving.key, roving.nonce);
        rng_seek(&fresh, 4);
        CHECK(rng_next(&roving) == rng_next(&fresh));
    }

    /* Derived streams: reproducible, distinct per tag and from the parent,
     * and the parent untouched. */
    Rng parent;
    rng_seed_text(&parent, "99");
    Rng before = parent;
    Rng a = rng_derive(&parent, 1), b = rng_derive(&parent, 1), c = rng_derive(&parent, 2);
    CHECK(rng_next(&a) == rng_next(&b));
    CHECK(rng_next(&a) != rng_next(&c));
    CHECK(memcmp(a.key, parent.key, RNG_KEY_BYTES) != 0);
    CHECK(memcmp(&parent, &before, sizeof parent) == 0);
    /* Streams of one key: distinct per nonce. */
    Rng s1, s2;
    rng_stream(&s1, parent.key, 1);
    rng_stream(&s2, parent.key, 2);
    CHECK(rng_next(&s1) != rng_next(&s2));

    /* Seeds a person may type, and fresh ones. */
    CHECK(seed_problem("7") == NULL);
    CHECK(seed_problem("tourney-2026/3") == NULL);
    CHECK(seed_problem("") != NULL);
    CHECK(seed_problem("a b") != NULL);
    CHECK(seed_problem("x'y") != NULL);
    /* Each byte after a first letter: taken exactly when it is a letter, a
     * digit or one of - _ . : / (no locale's letters, no byte above 127). */
    for (int c = 1; c < 256; c++) {
        char seed[3] = {'a', (char)c, '\0'};
        int listed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                     c == '-' || c == '_' || c == '.' || c == ':' || c == '/';
        CHECK((seed_problem(seed) == NULL) == listed);
    }
    char fresh1[SEED_FRESH_HEX + 1], fresh2[SEED_FRESH_HEX + 1];
    seed_fresh(fresh1);
    seed_fresh(fresh2);
    CHECK(strlen(fresh1) == SEED_FRESH_HEX && seed_problem(fresh1) == NULL);
    CHECK(strcmp(fresh1, fresh2) != 0);
}
