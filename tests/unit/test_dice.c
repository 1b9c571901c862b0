#include "check.h"
#include "../../core/kernel/dice.h"
#include "../../core/kernel/rng.h"

static uint32_t from_rng(void *ctx, uint32_t n, const char *what)
{
    (void)what;
    return rng_below((Rng *)ctx, n);
}

void test_dice(void)
{
    Dice ds;
    dice_clear(&ds);
    int a, b;
    CHECK(dice_add(&ds, 6, &a) == DICE_OK);
    CHECK(dice_add(&ds, 6, &b) == DICE_OK);
    CHECK(dice_add(&ds, 1, NULL) == DICE_BAD_FACES);
    Rng r;
    rng_seed(&r, 3);
    Chance ch = {from_rng, &r};
    int counts[7] = {0};
    for (int i = 0; i < 600; i++) {
        dice_roll(&ds, a, &ch);
        counts[ds.d[a].value]++;
    }
    CHECK_EQ_INT(counts[0], 0);
    for (int v = 1; v <= 6; v++)
        CHECK(counts[v] > 60);
    dice_reveal(&ds, a, 1u << 2);
    CHECK(dice_seat_sees(&ds, a, 2));
    CHECK(!dice_seat_sees(&ds, a, 1));
    dice_roll(&ds, a, &ch);
    CHECK(!dice_seat_sees(&ds, a, 2)); /* a new roll is hidden again */
    CHECK(dice_set(&ds, b, 7) == DICE_BAD_VALUE);
    CHECK(dice_set(&ds, b, 0) == DICE_BAD_VALUE);
    CHECK(dice_set(&ds, b, 4) == DICE_OK);
    CHECK_EQ_INT(ds.d[b].value, 4);
    dice_reveal(&ds, b, ALL_SEATS);
    CHECK(dice_seat_sees(&ds, b, 5));
    dice_hide(&ds, b);
    CHECK(!dice_seat_sees(&ds, b, 5));
}
