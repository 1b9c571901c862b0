/* real_cards: a person's answer at a table with a real deck
 * (physical_cards.h). The rules list moves naming the cards a hand holds,
 * but the referee knows a real hand's cards only as "a card": a listed
 * move naming unknown cards stands for the same move with any cards not
 * yet shown in their place, and the names typed are given to those cards. */
#ifndef REFEREE_REAL_CARDS_H
#define REFEREE_REAL_CARDS_H

#include <stddef.h>
#include "../kernel/table.h"

/* Whether typed (normalised) is one of seat's asked moves with unknown
 * cards named otherwise: 1 with its canonical text in canon; 0 with why
 * when it names a card already shown elsewhere (why "" when it is simply
 * not such a move). Changes nothing. */
int real_cards_match(const Table *t, int seat, const char *typed, char *canon, size_t size,
                     char *why, size_t whysize);
/* Gives the cards the names move (a canonical text from real_cards_match,
 * or a listed move) types: 1 when it was such a move, with *card the card
 * the listed move names (0: none). */
int real_cards_bind(Table *t, int seat, const char *move, int *card);

/* At a round the kernel runs (t:ask_trick): why seat may not play the
 * card canon names (a suit it must follow, which it was seen to hold);
 * NULL when it may. */
const char *real_cards_follow_problem(const Table *t, int seat, const char *canon, char *why,
                                      size_t size);
/* Seat plays card to such a round: a show-out is noted, and a revoke told
 * to the table (the rule texts say nothing of one: the table decides). */
void real_cards_played(Table *t, int seat, int card);

/* A listed move as people read it: a name the referee gave an unknown
 * card of seat's reads "CARD" (the move a card is, and words after the
 * first), since the real card is the person's to name. 1 when changed. */
int real_cards_shown(const Table *t, int seat, const char *move, char *buf, size_t size);

#endif
