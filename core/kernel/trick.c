#include "trick.h"

#include <string.h>
#include "ask_cards.h"
#include "table.h"

/* Asks the seat at position k->at for a card of its hand. */
static int ask_seat(Table *t, const char *kind, const char *prompt)
{
    Trick *k = &t->trick;
    int seat = k->seats[k->at];
    t->seats.current = seat; /* the turn passes to the seat asked */
    if (!ask_cards(t, seat, kind, k->hands[k->at], prompt, k->led, "", 0))
        return TRICK_NO_MEMORY;
    if (!t->ask.n) {
        k->n = 0; /* nothing stands asked: the caller reports the empty hand */
        return TRICK_NO_CARD;
    }
    ask_finish(&t->ask);
    return TRICK_PLAYED;
}

int trick_start(Table *t, int n, const int *seats, const int *hands, int into, const char *kind,
                const char *prompt)
{
    Trick *k = &t->trick;
    k->n = n;
    k->at = 0;
    k->into = into;
    k->led = SUIT_NONE;
    memcpy(k->seats, seats, sizeof(int) * (size_t)n);
    memcpy(k->hands, hands, sizeof(int) * (size_t)n);
    return ask_seat(t, kind, prompt);
}

int trick_play(Table *t, int card)
{
    Trick *k = &t->trick;
    if (k->at + 1 >= k->n) {
        k->n = 0;
        return TRICK_LAST;
    }
    table_move(t, card, k->into, 0);
    if (k->at == 0)
        k->led = t->deck.cards[card].face[0].suit;
    k->at++;
    /* The ask is rebuilt in place: its kind and prompt are copied out first. */
    char kind[ASK_KIND_LEN], prompt[ASK_PROMPT_LEN];
    memcpy(kind, t->ask.kind, sizeof kind);
    memcpy(prompt, t->ask.prompt, sizeof prompt);
    return ask_seat(t, kind, prompt);
}
