/* trick_winner: which card of a trick wins it, "the highest trump, else
 * the highest card of the suit led", the rule of BAM! and most
 * trick-taking games. A card counts by its first face. The rules asked a
 * card's suit and rank of the table card by card, three or four calls
 * into the kernel for each card of each round. */
#ifndef REFEREE_TRICK_WINNER_H
#define REFEREE_TRICK_WINNER_H

#include "../kernel/table.h"

/* The place (0 .. n-1) of the card of cards[] (ids of t's deck, in the
 * order played) that wins: each card in turn beats the best so far when it
 * is of the best card's suit and of a higher rank, or when it is of the
 * trump suit (trump: SUIT_C..SUIT_S, or SUIT_NONE for none) and the best
 * is not. A card with no suit (a joker) is of the same "suit" as another
 * with none, and of the trump when there is none, as the rules' Lua
 * comparing nil with nil had it. -1 when two ranks had to be compared and
 * one of them is a token card's (no rank): *token is that card. n >= 1. */
int trick_winner(const Table *t, const int *cards, int n, int trump, int *token);

#endif
