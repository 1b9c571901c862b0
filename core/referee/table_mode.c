/* table_mode: the referee's own cards and a real deck, behind one face. */
#include "table_mode.h"

#include <stdlib.h>
#include <string.h>
#include "../kernel/ask.h"
#include "real_cards.h"

/* The referee's cards: a reading changes nothing, a move names the card
 * the ask listed with it, and every move reads as listed. */
static void *keep_nothing(Table *t)
{
    (void)t;
    return NULL;
}

static void put_back_nothing(Table *t, void *kept)
{
    (void)t;
    (void)kept;
}

static int listed_card(Table *t, int seat, const char *move)
{
    (void)seat;
    return ask_card_of(&t->ask, move);
}

static int no_other_answer(const Table *t, int seat, const char *typed, char *canon, size_t size,
                           char *why, size_t whysize)
{
    (void)t, (void)seat, (void)typed, (void)canon, (void)size;
    if (whysize)
        why[0] = '\0';
    return 0;
}

static const char *refuses_nothing(const Table *t, int seat, const char *canon, char *why,
                                   size_t size)
{
    (void)t, (void)seat, (void)canon, (void)why, (void)size;
    return NULL;
}

static const char *as_listed(const Table *t, int seat, const char *move, char *buf, size_t size)
{
    (void)t, (void)seat, (void)buf, (void)size;
    return move;
}

static const TableMode REFEREES_CARDS = {
    keep_nothing, put_back_nothing, listed_card, no_other_answer, refuses_nothing, as_listed,
};

/* A real deck. A reading may give an unknown card of a hand a name
 * (t:card(name, hand)): the deck's names are kept and put back. */
static void *keep_names(Table *t)
{
    Card *kept = malloc(sizeof t->deck.cards);
    if (kept) {
        memcpy(kept, t->deck.cards, sizeof t->deck.cards);
        memset(t->zones.named, 0, sizeof t->zones.named);
    }
    return kept;
}

static void put_back_names(Table *t, void *kept)
{
    if (!kept)
        return;
    memcpy(t->deck.cards, kept, sizeof t->deck.cards);
    free(kept);
}

/* The move's cards take the names typed; the card it plays is known from
 * now on, and a show-out or a revoke is noted (real_cards_played). */
static int named_card(Table *t, int seat, const char *move)
{
    int card = 0;
    memset(t->zones.named, 0, sizeof t->zones.named);
    if (!real_cards_bind(t, seat, move, &card))
        card = ask_card_of(&t->ask, move);
    if (card) {
        t->zones.named[card] = 1;
        real_cards_played(t, seat, card);
    }
    return card;
}

static const char *shown(const Table *t, int seat, const char *move, char *buf, size_t size)
{
    return real_cards_shown(t, seat, move, buf, size) ? buf : move;
}

static const TableMode REAL_DECK = {
    keep_names, put_back_names, named_card, real_cards_match, real_cards_follow_problem, shown,
};

const TableMode *table_mode(const Table *t)
{
    return t->zones.physical ? &REAL_DECK : &REFEREES_CARDS;
}
