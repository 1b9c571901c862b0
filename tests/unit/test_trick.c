/* The kernel's rounds (core/kernel/trick.c): who is asked, which cards they may
 * play, where the cards go, and when the rules get the last one. */
#include <string.h>
#include "check.h"
#include "../../core/kernel/table.h"

/* Three seats, each dealt three named cards into its own hand. */
static Table *three_hands(int *hands, int *trick, const char *cards[3][3])
{
    Table *t = table_new(3, "1");
    zones_add(&t->zones, "trick", 0, VIS_PUBLIC, trick);
    for (int s = 0; s < 3; s++) {
        char name[8] = "hand1";
        name[4] = (char)('1' + s);
        zones_add(&t->zones, name, s + 1, VIS_OWNER, &hands[s]);
        for (int i = 0; i < 3; i++) {
            int c;
            deck_add(&t->deck, cards[s][i], &c);
            zones_place(&t->zones, c, hands[s]);
        }
    }
    return t;
}

/* The moves asked now, joined by spaces. */
static const char *asked(const Table *t)
{
    static char out[128];
    out[0] = '\0';
    for (int i = 0; i < t->ask.n; i++) {
        strcat(out, i ? " " : "");
        strcat(out, ask_move(&t->ask, i));
    }
    return out;
}

static void expect_asked(const Table *t, int seat, const char *moves)
{
    CHECK(t->ask.set);
    CHECK_EQ_INT(t->ask.seat, seat);
    CHECK_EQ_INT(t->seats.current, seat);
    if (strcmp(asked(t), moves) != 0) {
        fprintf(stderr, "    asked \"%s\", expected \"%s\"\n", asked(t), moves);
        CHECK(!"wrong moves asked");
    }
}

void test_trick(void)
{
    const char *cards[3][3] = {{"2C", "4C", "2H"}, {"3H", "6H", "3C"}, {"5C", "7C", "4H"}};
    int hands[3], trick;
    Table *t = three_hands(hands, &trick, cards);
    /* seat 2 leads, then 3, then 1 */
    int seats[3] = {2, 3, 1}, from[3] = {hands[1], hands[2], hands[0]};
    CHECK_EQ_INT(trick_start(t, 3, seats, from, trick, "play", "a round"), TRICK_PLAYED);
    expect_asked(t, 2, "3H 6H 3C");
    CHECK(strcmp(t->ask.kind, "play") == 0 && strcmp(t->ask.prompt, "a round") == 0);

    /* 6H led: seat 3 holds a heart and must play it */
    CHECK_EQ_INT(trick_play(t, ask_card_of(&t->ask, "6H")), TRICK_PLAYED);
    CHECK_EQ_INT(t->zones.z[trick].n, 1);
    CHECK_EQ_INT(t->zones.where[deck_find(&t->deck, "6H")], trick);
    expect_asked(t, 3, "4H");
    CHECK(strcmp(t->ask.prompt, "a round") == 0); /* kept from ask to ask */

    CHECK_EQ_INT(trick_play(t, ask_card_of(&t->ask, "4H")), TRICK_PLAYED);
    expect_asked(t, 1, "2H");

    /* the last card is the rules': not moved, and the round is over */
    CHECK_EQ_INT(trick_play(t, ask_card_of(&t->ask, "2H")), TRICK_LAST);
    CHECK_EQ_INT(t->trick.n, 0);
    CHECK_EQ_INT(t->zones.z[trick].n, 2);
    CHECK_EQ_INT(t->zones.where[deck_find(&t->deck, "2H")], hands[0]);
    CHECK_EQ_INT(t->zones.z[trick].cards[0], deck_find(&t->deck, "6H")); /* in the order played */

    /* a seat without the suit led may play any card: seat 3 has no heart left */
    int seats2[2] = {1, 3}, from2[2] = {hands[0], hands[2]};
    CHECK_EQ_INT(trick_start(t, 2, seats2, from2, trick, "play", ""), TRICK_PLAYED);
    expect_asked(t, 1, "2C 4C 2H");
    CHECK_EQ_INT(trick_play(t, ask_card_of(&t->ask, "2H")), TRICK_PLAYED);
    expect_asked(t, 3, "5C 7C");
    table_free(t);

    /* a seat whose hand is empty when its turn comes: nobody is asked */
    t = three_hands(hands, &trick, cards);
    int both[2] = {1, 2}, shared[2] = {hands[0], hands[0]};
    zones_move(&t->zones, deck_find(&t->deck, "4C"), trick);
    zones_move(&t->zones, deck_find(&t->deck, "2H"), trick);
    CHECK_EQ_INT(trick_start(t, 2, both, shared, trick, "play", ""), TRICK_PLAYED);
    CHECK_EQ_INT(trick_play(t, ask_card_of(&t->ask, "2C")), TRICK_NO_CARD);
    CHECK(!t->ask.set);
    CHECK_EQ_INT(t->trick.n, 0);
    table_free(t);
}
