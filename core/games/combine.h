/* combine: the two-card combinations of a rummy such as Bamboozled's, "any
 * pairs (e.g. 4H 4D) or suited connectors (e.g. 8S 9S)": two cards of one
 * rank, two jokers among them, or of one suit with ranks next to each
 * other, the ace both below the 2 and above the king. A card counts by its
 * first face; a token card, or a card of a real deck not named yet,
 * combines with nothing. The rules asked it of every pair of cards on
 * every decision, and that was most of what a rummy decision cost. */
#ifndef REFEREE_COMBINE_H
#define REFEREE_COMBINE_H

#include "../kernel/cards.h"
#include "../kernel/table.h"

/* Do the two faces make a pair or suited connectors? */
int faces_combine(Face a, Face b);

/* Do cards a and b (ids of t's deck) combine? A card never combines with
 * itself. */
int cards_combine(const Table *t, int a, int b);

/* Called for each combination, its card of the first zone first. */
typedef void (*CombineFn)(void *ctx, int a, int b);

/* Every pair of cards of zone that combine, each once, a before b in the
 * zone's order (a at the lower place), in the order of a's place, then
 * b's; with other >= 0 instead, every card a of zone with every card b of
 * other that it combines with, in the same order. */
void combinations_find(const Table *t, int zone, int other, CombineFn emit, void *ctx);

#endif
