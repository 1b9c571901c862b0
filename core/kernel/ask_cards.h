/* ask_cards: the kernel's ask for one card of a zone, which t:ask_cards
 * makes for the rules and a round asked with t:ask_trick (trick.h) makes
 * for each seat in turn without calling them. */
#ifndef REFEREE_ASK_CARDS_H
#define REFEREE_ASK_CARDS_H

#include "table.h"

/* Asks seat for one card of zone, as prefix followed by the card's name:
 * only the cards of suit `follow` when the zone holds any (SUIT_NONE: any
 * card), and of cards of one name only the first. The moves may be none
 * (an empty zone): the caller says why that is wrong. Returns 0 when out of
 * memory. hidden: only the seat knows the move (a card put down face down). */
int ask_cards(Table *t, int seat, const char *kind, int zone, const char *prompt, int follow,
              const char *prefix, int hidden);

#endif
