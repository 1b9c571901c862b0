#include <stdio.h>
#include <string.h>
#include "check.h"
#include "../../core/kernel/zones.h"

static uint32_t first_choice(void *ctx, uint32_t n, const char *what)
{
    (void)what;
    return rng_below((Rng *)ctx, n);
}

void test_zones(void)
{
    Zones zs;
    zones_clear(&zs);
    int stock, hand1, hand2, table, discard;
    CHECK(zones_add(&zs, "stock", 0, VIS_HIDDEN, &stock) == ZONE_OK);
    CHECK(zones_add(&zs, "hand1", 1, VIS_OWNER, &hand1) == ZONE_OK);
    CHECK(zones_add(&zs, "hand2", 2, VIS_OWNER, &hand2) == ZONE_OK);
    CHECK(zones_add(&zs, "table", 0, VIS_PUBLIC, &table) == ZONE_OK);
    CHECK(zones_add(&zs, "discard", 0, VIS_TOP, &discard) == ZONE_OK);
    CHECK(zones_add(&zs, "stock", 0, VIS_HIDDEN, NULL) == ZONE_EXISTS);
    CHECK(zones_add(&zs, "bad name", 0, VIS_HIDDEN, NULL) == ZONE_BAD_NAME);
    CHECK_EQ_INT(zones_find(&zs, "table"), table);
    CHECK_EQ_INT(zones_find(&zs, "tabl"), 0);

    /* Found by name up to the last zone, whose names share their hash's
     * slots with others (63 names in 128 slots). */
    Zones many;
    zones_clear(&many);
    char name[16];
    int found = 0, added = 0;
    for (int i = 0; i < MAX_ZONES; i++) {
        snprintf(name, sizeof name, "hand%d", i);
        added += zones_add(&many, name, 0, VIS_HIDDEN, NULL) == ZONE_OK;
    }
    CHECK_EQ_INT(added, MAX_ZONES - 1);
    for (int i = 0; i < MAX_ZONES - 1; i++) {
        snprintf(name, sizeof name, "hand%d", i);
        found += zones_find(&many, name) == i + 1;
    }
    CHECK_EQ_INT(found, MAX_ZONES - 1);
    snprintf(name, sizeof name, "hand%d", MAX_ZONES - 1);
    CHECK_EQ_INT(zones_find(&many, name), 0); /* refused above, so not found */
    CHECK(zones_add(&many, "hand5", 0, VIS_HIDDEN, NULL) == ZONE_EXISTS);

    for (int c = 1; c <= 52; c++)
        zones_place(&zs, c, stock);
    CHECK_EQ_INT(zs.z[stock].n, 52);
    CHECK_EQ_INT(zones_top(&zs, stock), 52);

    Rng r;
    rng_seed(&r, 1);
    Chance ch = {first_choice, &r};
    zs.known[5] = ALL_SEATS;
    zones_shuffle(&zs, stock, &ch);
    CHECK_EQ_INT(zs.z[stock].n, 52);
    CHECK_EQ_INT(zs.known[5], 0); /* a shuffle forgets what was known */
    int sum = 0;
    for (int i = 0; i < 52; i++)
        sum += zs.z[stock].cards[i];
    CHECK_EQ_INT(sum, 52 * 53 / 2);

    /* Deal 3 each, and check who sees what. */
    for (int k = 0; k < 3; k++) {
        zones_move(&zs, zones_top(&zs, stock), hand1);
        zones_move(&zs, zones_top(&zs, stock), hand2);
    }
    int c1 = zs.z[hand1].cards[0], c2 = zs.z[hand2].cards[0];
    CHECK(zones_seat_sees(&zs, c1, 1));
    CHECK(!zones_seat_sees(&zs, c1, 2));
    CHECK(!zones_seat_sees(&zs, c2, 1));
    CHECK(!zones_seat_sees(&zs, zones_top(&zs, stock), 1));
    zones_move(&zs, c1, table);
    CHECK(zones_seat_sees(&zs, c1, 2));
    zones_move(&zs, zones_top(&zs, stock), discard);
    int under = zones_top(&zs, discard);
    zones_move(&zs, zones_top(&zs, stock), discard);
    CHECK(!zones_seat_sees(&zs, under, 1));
    CHECK(zones_seat_sees(&zs, zones_top(&zs, discard), 2));
    zones_move_bottom(&zs, c1, stock);
    CHECK_EQ_INT(zs.z[stock].cards[0], c1);
    CHECK_EQ_INT(zones_index(&zs, c1), 0);

    /* A revealed card stays known to that seat when it moves. */
    zs.known[c2] |= 1u << 1;
    CHECK(zones_seat_sees(&zs, c2, 1));
    CHECK(!zones_seat_sees(&zs, c2, 3));

    /* Resampling for seat 1 never moves a card seat 1 sees and keeps sizes. */
    for (int round = 0; round < 200; round++) {
        Zones before = zs;
        Rng rr;
        rng_seed(&rr, (uint64_t)round);
        int moved = zones_resample(&zs, 1, &rr);
        CHECK(moved > 0);
        for (int z = 1; z <= zs.n; z++)
            CHECK_EQ_INT(zs.z[z].n, before.z[z].n);
        for (int c = 1; c <= 52; c++) {
            if (zones_seat_sees(&before, c, 1)) {
                if (before.where[c] != zs.where[c] || zones_index(&before, c) != zones_index(&zs, c))
                    CHECK(!"a card seat 1 sees was moved");
            }
            /* where[] agrees with the zone contents */
            if (zs.z[zs.where[c]].cards[zones_index(&zs, c)] != c)
                CHECK(!"where[] out of step");
        }
        checks_passed++;
    }
    CHECK(zones_seat_sees(&zs, c2, 1));
}
