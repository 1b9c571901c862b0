/* The kernel's ask (core/kernel/ask.c): one seat's decision, a claim window
 * of several seats each with its own moves, a copy of either, and a window
 * cut to one seat (a sample's). */
#include <string.h>
#include "check.h"
#include "../../core/kernel/ask.h"
#include "../../core/kernel/seats.h"

static void add(Ask *a, const char *text)
{
    CHECK(ask_add(a, text, strlen(text), 0));
}

/* Seat slot i's moves, joined by spaces. */
static const char *moves_of(const Ask *a, int i)
{
    static char out[128];
    out[0] = '\0';
    for (int k = a->first[i]; k < a->first[i] + a->count[i]; k++) {
        strcat(out, k > a->first[i] ? " " : "");
        strcat(out, ask_move(a, k));
    }
    return out;
}

void test_ask(void)
{
    Ask a;
    ask_init(&a);

    /* One seat: the whole list is its own. */
    ask_begin(&a, 2, "play", "play a card", 0);
    CHECK(!a.set);
    add(&a, "QS");
    add(&a, "fold");
    ask_finish(&a);
    CHECK(a.set);
    CHECK(!a.window);
    CHECK_EQ_INT(a.nseats, 1);
    CHECK_EQ_INT(a.seats[0], 2);
    CHECK(strcmp(moves_of(&a, 0), "QS fold") == 0);

    /* A window: each seat's moves after it, the order policy and its start. */
    ask_begin_window(&a, "bamm", "call or pass", 1, CLAIM_RANDOM, 3, "bamm");
    ask_window_seat(&a, 3);
    add(&a, "bamm 2C/3H 2D/AS 2S/2H");
    add(&a, "pass");
    ask_window_seat(&a, 1);
    add(&a, "pass");
    ask_finish(&a);
    CHECK(a.set && a.window && a.hidden);
    CHECK(strcmp(a.open, "bamm") == 0);
    CHECK_EQ_INT(a.policy, CLAIM_RANDOM);
    CHECK_EQ_INT(a.order_from, 3);
    CHECK_EQ_INT(a.nseats, 2);
    CHECK_EQ_INT(a.seats[0], 3);
    CHECK_EQ_INT(a.seats[1], 1);
    CHECK(strcmp(moves_of(&a, 0), "bamm 2C/3H 2D/AS 2S/2H pass") == 0);
    CHECK(strcmp(moves_of(&a, 1), "pass") == 0);

    /* A copy is the same window, in memory of its own. */
    Ask c;
    ask_init(&c);
    CHECK(ask_copy(&c, &a));
    CHECK(c.window && c.nseats == 2 && c.text != a.text);
    CHECK(strcmp(moves_of(&c, 1), "pass") == 0);

    /* Cut to one seat: its own moves only; a seat not asked changes nothing. */
    ask_keep_seat(&c, 2);
    CHECK_EQ_INT(c.nseats, 2);
    ask_keep_seat(&c, 1);
    CHECK_EQ_INT(c.nseats, 1);
    CHECK_EQ_INT(c.seats[0], 1);
    CHECK_EQ_INT(c.seat, 1);
    CHECK(strcmp(moves_of(&c, 0), "pass") == 0);
    ask_keep_seat(&a, 3);
    CHECK(strcmp(moves_of(&a, 0), "bamm 2C/3H 2D/AS 2S/2H pass") == 0);

    /* A plain ask after a window is one seat again. */
    ask_begin(&a, 1, "play", NULL, 0);
    add(&a, "AS");
    ask_finish(&a);
    CHECK(!a.window && a.nseats == 1 && a.count[0] == 1 && !a.open[0]);

    /* The card a move names: found among moves that name cards, with the
     * rules' own moves beside them; none in a list of no card. */
    ask_begin(&a, 2, "play", NULL, 0);
    CHECK(ask_add(&a, "stand", 5, 0));
    CHECK(ask_add(&a, "QS", 2, 17));
    CHECK(ask_add2(&a, "turn ", "9H", 31));
    ask_finish(&a);
    CHECK_EQ_INT(ask_card_of(&a, "QS"), 17);
    CHECK_EQ_INT(ask_card_of(&a, "turn 9H"), 31);
    CHECK_EQ_INT(ask_card_of(&a, "stand"), 0);
    CHECK_EQ_INT(ask_card_of(&a, "KS"), 0);
    ask_free(&c); /* (ask_copy fills a fresh ask) */
    CHECK(ask_copy(&c, &a));
    CHECK_EQ_INT(ask_card_of(&c, "turn 9H"), 31);
    ask_begin(&a, 1, "turn trump", NULL, 0);
    CHECK(ask_add2(&a, "turn ", "KD", 12));
    ask_finish(&a);
    CHECK_EQ_INT(ask_card_of(&a, "turn KD"), 12);
    ask_begin(&a, 1, "pick", NULL, 0);
    add(&a, "QS");
    ask_finish(&a);
    CHECK_EQ_INT(ask_card_of(&a, "QS"), 0);

    ask_free(&a);
    ask_free(&c);
}
