#include "check.h"
#include "../../core/kernel/rng.h"
#include "../../core/kernel/seats.h"

static uint32_t from_rng(void *ctx, uint32_t n, const char *what)
{
    (void)what;
    return rng_below((Rng *)ctx, n);
}

void test_seats(void)
{
    Seats s;
    seats_init(&s, 4);
    CHECK_EQ_INT(seats_next(&s, 1), 2);
    CHECK_EQ_INT(seats_next(&s, 4), 1);
    CHECK_EQ_INT(seats_prev(&s, 1), 4);
    seats_advance(&s);
    CHECK_EQ_INT(s.current, 2);
    seats_skip(&s);
    CHECK_EQ_INT(s.current, 4);
    seats_reverse(&s);
    CHECK_EQ_INT(seats_next(&s, 4), 3);
    CHECK_EQ_INT(seats_prev(&s, 4), 1);
    seats_advance(&s);
    CHECK_EQ_INT(s.current, 3);

    /* Elimination: seats 2 and 3 out, counter-clockwise from 4 goes to 1. */
    seats_eliminate(&s, 2);
    seats_eliminate(&s, 3);
    CHECK_EQ_INT(seats_active_count(&s), 2);
    CHECK_EQ_INT(seats_next(&s, 4), 1);
    CHECK_EQ_INT(seats_next(&s, 1), 4);
    seats_reverse(&s);
    CHECK_EQ_INT(seats_next(&s, 1), 4);
    CHECK_EQ_INT(seats_next(&s, 3), 4); /* from an eliminated seat too */
    seats_skip(&s);                      /* two players: a skip comes back round */
    seats_eliminate(&s, 4);
    CHECK_EQ_INT(seats_next(&s, 1), 1);
    seats_eliminate(&s, 1);
    CHECK_EQ_INT(seats_next(&s, 1), 0);

    /* The dealer rotates clockwise, skipping eliminated seats. */
    seats_init(&s, 5);
    s.dealer = 4;
    seats_reverse(&s);
    seats_eliminate(&s, 5);
    seats_rotate_dealer(&s);
    CHECK_EQ_INT(s.dealer, 1);

    /* Claim windows. */
    int answered[3] = {5, 2, 4}, out[3];
    seats_claim_order(&s, CLAIM_ARRIVAL, 3, answered, 3, NULL, out);
    CHECK(out[0] == 5 && out[1] == 2 && out[2] == 4);
    seats_claim_order(&s, CLAIM_ORDER, 3, answered, 3, NULL, out);
    CHECK(out[0] == 4 && out[1] == 5 && out[2] == 2);
    Rng r;
    rng_seed(&r, 11);
    Chance ch = {from_rng, &r};
    int firsts[6] = {0};
    for (int i = 0; i < 300; i++) {
        seats_claim_order(&s, CLAIM_RANDOM, 3, answered, 3, &ch, out);
        CHECK(out[0] + out[1] + out[2] == 11);
        firsts[out[0]]++;
    }
    CHECK(firsts[2] > 50 && firsts[4] > 50 && firsts[5] > 50);
    ClaimPolicy p;
    CHECK(claim_policy_parse("random", &p) && p == CLAIM_RANDOM);
    CHECK(!claim_policy_parse("fastest", &p));
}
