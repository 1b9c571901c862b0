/* physical_cards: a real deck at the table. The referee shuffles and deals
 * its own deck as always (so the rest of the game's chance is drawn as it
 * would be), but at a physical table a card's id stands for "a card" there
 * until the card is shown: the person names it, and the id takes that
 * name. Cards nobody has shown are alike to the referee, so two of them
 * may trade names at any time without anything it knows changing: that
 * trade is how a name typed for a card in a hand reaches that hand. A card
 * laid face up or revealed is bound to its name (zones.bound) until its
 * pile is shuffled. */
#ifndef REFEREE_PHYSICAL_CARDS_H
#define REFEREE_PHYSICAL_CARDS_H

#include <stddef.h>
#include "table.h"

/* An unbound card of this name (case-insensitive) lying outside zone
 * (0: anywhere), or 0. */
int physical_unbound_named(const Table *t, const char *name, int zone);
/* Where a card of this name is, for a person told it cannot be played:
 * "7H is already accounted for: it lies in trick". Returns 0 when the deck
 * has no card of that name (why is then left alone). */
int physical_accounted_for(const Table *t, const char *name, char *why, size_t size);
/* The card of this name in zone, giving the name to an unbound card of the
 * zone when none bears it (the one that came last, so a show-out before it
 * is not taken for a revoke): the card, marked named (zones.named), or 0
 * when the zone holds none and no unbound card bears the name elsewhere. */
int physical_take(Table *t, const char *name, int zone);
/* Two unbound cards trade names. */
void physical_swap(Table *t, int a, int b);
/* The name a person typed goes to card `to` from card `from`, which bore
 * it (a trade of names): when a person had named `from` already and
 * nobody has seen it since (a discard face down), the two namings cannot
 * both be right, and the table is told so at once, in a note that names
 * the card and no seat. `to` is claimed from now on. */
void physical_name(Table *t, int to, int from);
/* The log index at which card came to lie where it is. */
int physical_arrived_at(const Table *t, int card);

/* A card seat would play from hand to a round led in suit led (SUIT_NONE:
 * seat leads): 0 with why when seat must follow and holds a card of the
 * suit the referee has seen (one shown and kept face up), else 1. */
int physical_follows(const Table *t, int hand, int card, int led, char *why, size_t size);
/* The card is played: a show-out is noted when it is not of the suit led.
 * Returns the log index plus 1 of seat's show-out of the card's suit when
 * seat held this card then (a revoke), else 0. */
int physical_played(Table *t, int seat, int card, int led);

#endif
