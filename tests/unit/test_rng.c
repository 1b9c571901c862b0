#include "check.h"
#include "../../core/rng.h"

void test_rng(void)
{
    /* xoshiro256** reference: state {1,2,3,4} gives 11520, 0, 1509978240. */
    Rng r = {{1, 2, 3, 4}};
    CHECK(rng_next(&r) == 11520ULL);
    CHECK(rng_next(&r) == 0ULL);
    CHECK(rng_next(&r) == 1509978240ULL);
    CHECK(rng_next(&r) == 1215971899390074240ULL);

    /* splitmix64 reference: seed 0 fills s[0] with 0xe220a8397b1dcdaf. */
    rng_seed(&r, 0);
    CHECK(r.s[0] == 0xe220a8397b1dcdafULL);

    /* Golden values of our seeding: a change of algorithm breaks every
     * saved game and replay, so it must be deliberate. */
    rng_seed(&r, 7);
    uint32_t golden[5];
    for (int i = 0; i < 5; i++)
        golden[i] = rng_below(&r, 52);
    Rng again;
    rng_seed(&again, 7);
    for (int i = 0; i < 5; i++)
        CHECK(rng_below(&again, 52) == golden[i]);
    CHECK_EQ_INT(golden[0], 15);
    CHECK_EQ_INT(golden[1], 6);
    CHECK_EQ_INT(golden[2], 49);

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

    /* Derived streams: reproducible, distinct per tag, parent untouched. */
    Rng parent;
    rng_seed(&parent, 99);
    Rng before = parent;
    Rng a = rng_derive(&parent, 1), b = rng_derive(&parent, 1), c = rng_derive(&parent, 2);
    CHECK(rng_next(&a) == rng_next(&b));
    CHECK(rng_next(&a) != rng_next(&c));
    CHECK(parent.s[0] == before.s[0] && parent.s[3] == before.s[3]);
}
