/* ask_match: which of an ask's legal moves a typed text names. A person
 * types a move loosely (another case, extra spaces, a set's cards in
 * another order, the verb left out where every move has it) and a bot's
 * answer is matched the same way, so both reach the one text the record
 * keeps. */
#ifndef REFEREE_ASK_MATCH_H
#define REFEREE_ASK_MATCH_H

#include <stddef.h>
#include "ask.h"

/* Folds runs of white space and trims: "play  QS " -> "play QS". */
void ask_normalise(const char *text, char *out, size_t size);
/* Where seat's moves are in a (its slot), or -1 when a does not ask it. */
int ask_slot_of(const Ask *a, int seat);
/* The legal move of seat that text names, as listed; NULL if none. */
const char *ask_match(const Ask *a, int seat, const char *text);
/* Whether a listed move is shown to people: not one of the moves beginning
 * with an open word (a BAMM! claim of particular cards), whose listing
 * would give a hand away. */
int ask_move_shown(const Ask *a, const char *move);

#endif
