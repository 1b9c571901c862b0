/* typed_dice: real dice at the table (--table dice). Who may type what the
 * dice show (whoever sees them all, the one whose move it is first), and
 * the values as typed ("6 5", "6,5"). The REPL's prompt and a served
 * table's pages ask the same way. */
#ifndef REFEREE_TYPED_DICE_H
#define REFEREE_TYPED_DICE_H

#include "../core/play/match.h"

/* The seat that sees all n dice (m's moving seat first), 0 for none;
 * *all: everyone sees them (the cup is lifted). */
int typed_dice_seer(const Match *m, const Table *t, int n, const int *dice, int *all);
/* n dice values typed, each a face of its die, into values; 0 when the
 * text is not that. */
int typed_dice_read(const Table *t, int n, const int *dice, const char *text, int *values);

#endif
