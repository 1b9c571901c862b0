/* A real deck (core/kernel/physical_cards.c): unknown cards trade names
 * without moving, a shown card keeps its name and is found where it lies,
 * and a show-out is remembered for the cards held then, not those that
 * came later. */
#include <string.h>
#include "check.h"
#include "../../core/kernel/physical_cards.h"

static const char *name_of(const Table *t, int c)
{
    return t->deck.cards[c].name;
}

void test_physical_cards(void)
{
    Table *t = table_new(2, "1");
    int stock, hand1, hand2, trick;
    zones_add(&t->zones, "stock", 0, VIS_HIDDEN, &stock);
    zones_add(&t->zones, "hand1", 1, VIS_OWNER, &hand1);
    zones_add(&t->zones, "hand2", 2, VIS_OWNER, &hand2);
    zones_add(&t->zones, "trick", 0, VIS_PUBLIC, &trick);
    t->zones.physical = 1;
    const char *names[] = {"2H", "3H", "4S", "5S", "6H", "7C", "8H"};
    int id[7];
    for (int i = 0; i < 7; i++) {
        deck_add(&t->deck, names[i], &id[i]);
        zones_place(&t->zones, id[i], stock);
    }
    /* hand1: 2H 3H, hand2: 4S 5S, all dealt unknown */
    table_move(t, id[0], hand1, 0);
    table_move(t, id[1], hand1, 0);
    table_move(t, id[2], hand2, 0);
    table_move(t, id[3], hand2, 0);
    CHECK(!zones_seat_sees(&t->zones, id[0], 1)); /* its holder too: the referee has not seen it */

    /* 4S named for hand1: the top unknown card of hand1 (3H) takes the
     * name, and the card that bore it in hand2 takes 3H's; nothing moves */
    int c = physical_take(t, "4S", hand1);
    CHECK_EQ_INT(c, id[1]);
    CHECK(strcmp(name_of(t, id[1]), "4S") == 0 && strcmp(name_of(t, id[2]), "3H") == 0);
    CHECK_EQ_INT(t->zones.where[id[1]], hand1);
    CHECK_EQ_INT(t->zones.z[hand1].n, 2);
    CHECK(t->zones.named[id[1]]);

    /* played face up: known from then on, wherever it is looked for */
    table_move(t, id[1], trick, 0);
    CHECK(t->zones.bound[id[1]]);
    CHECK(zones_seat_sees(&t->zones, id[1], 2));
    CHECK_EQ_INT(physical_take(t, "4S", hand2), 0);
    char why[120] = "";
    CHECK(physical_accounted_for(t, "4S", why, sizeof why));
    CHECK(strcmp(why, "4S is already accounted for: it lies in trick") == 0);
    CHECK(!physical_accounted_for(t, "9D", why, sizeof why));

    /* a card unnamed but laid face up stays unknown (a bonus card) */
    memset(t->zones.named, 0, sizeof t->zones.named);
    table_move(t, id[6], trick, 0);
    CHECK(!t->zones.bound[id[6]]);

    /* seat 2 shows out of hearts, playing the card it names 5S */
    memset(t->zones.named, 0, sizeof t->zones.named);
    c = physical_take(t, "5S", hand2);
    CHECK_EQ_INT(c, id[3]);
    CHECK_EQ_INT(physical_played(t, 2, c, SUIT_H), 0);
    CHECK(t->showed_out[2][SUIT_H] > 0);
    table_move(t, c, trick, 0);
    /* a card that came after the show-out, named a heart: no revoke */
    table_move(t, id[4], hand2, 0);
    memset(t->zones.named, 0, sizeof t->zones.named);
    c = physical_take(t, "8H", hand2);
    CHECK_EQ_INT(c, id[4]); /* the newest unknown card takes the name */
    CHECK_EQ_INT(physical_played(t, 2, c, SUIT_NONE), 0);
    /* a heart named for the card held since before the show-out: a
     * revoke (the card this move named already is not taken again) */
    c = physical_take(t, "2H", hand2);
    CHECK_EQ_INT(c, id[2]);
    CHECK_EQ_INT(physical_played(t, 2, c, SUIT_NONE), t->showed_out[2][SUIT_H]);

    /* a shown heart in the hand must be followed; an unknown one cannot be */
    char follow[120] = "";
    CHECK(physical_follows(t, hand2, id[3], SUIT_H, follow, sizeof follow)); /* none shown yet */
    t->zones.bound[id[2]] = 1;
    CHECK(!physical_follows(t, hand2, id[3], SUIT_H, follow, sizeof follow));
    CHECK(strcmp(follow, "hearts must be followed: you hold 2H, shown") == 0);
    CHECK(physical_follows(t, hand2, id[4], SUIT_H, follow, sizeof follow));
    CHECK(physical_follows(t, hand2, id[3], SUIT_NONE, follow, sizeof follow));
    table_free(t);
}
