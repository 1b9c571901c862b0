#include "ask_cards.h"

#include <string.h>

/* Whether a card of this name is offered already: cards of one name (two
 * decks' jokers) are one move, the first of them, as a person can only
 * type the name and a record replays it by its text. */
static int offered_by_name(const Ask *a, const Card *cards, const char *name)
{
    for (int j = 0; j < a->n; j++) {
        const char *other = cards[a->card[j]].name;
        if (other[0] == name[0] && strcmp(other, name) == 0)
            return 1;
    }
    return 0;
}

int ask_cards(Table *t, int seat, const char *kind, int zone, const char *prompt, int follow,
              const char *prefix, int hidden)
{
    const Zone *z = &t->zones.z[zone];
    const Card *cards = t->deck.cards;
    /* Of a real deck the referee knows only the cards shown: the others
     * (unbound) may be of any suit, so each is offered, and its name is
     * the person's to type (physical_cards.h). */
    const uint8_t *bound = t->zones.physical ? t->zones.bound : NULL;
    if (follow != SUIT_NONE) {
        int held = 0;
        for (int i = 0; i < z->n && !held; i++)
            held = cards[z->cards[i]].face[0].suit == follow && (!bound || bound[z->cards[i]]);
        if (!held)
            follow = SUIT_NONE; /* nothing to follow with: any card */
    }
    Ask *a = &t->ask;
    ask_begin(a, seat, kind, prompt, hidden);
    a->any_card = 1;
    for (int i = 0; i < z->n; i++) {
        int c = z->cards[i];
        if (follow != SUIT_NONE && cards[c].face[0].suit != follow && (!bound || bound[c]))
            continue;
        if (offered_by_name(a, cards, cards[c].name))
            continue;
        if (!ask_add2(a, prefix, cards[c].name, c))
            return 0;
    }
    return 1;
}
