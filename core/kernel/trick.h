/* trick: a round in which each of some seats plays a card, run by the
 * kernel (t:ask_trick). The seats play in the order given, each from its
 * own hand onto one zone, following the suit of the round's first card when
 * they hold any. The kernel asks each play and moves the card itself; only
 * the round's last card reaches the rules' apply, so a round costs the
 * rules one call instead of one a seat: card play is most of the
 * decisions of a trick-taking game, and of the playouts a search bot runs.
 * The round is part of the table (copied with it) and ends with its last
 * card or when the rules ask anything else. */
#ifndef REFEREE_TRICK_H
#define REFEREE_TRICK_H

#include "limits.h"

typedef struct Trick {
    int n;                /* seats in the round; 0: no round is being played */
    int at;               /* the position of the seat asked now */
    int into;             /* the zone the cards are played onto */
    int led;              /* the suit of the round's first card, or SUIT_NONE */
    int seats[MAX_SEATS]; /* in the order they play */
    int hands[MAX_SEATS]; /* the zone each of them plays from */
} Trick;

struct Table;

enum { TRICK_PLAYED, TRICK_LAST, TRICK_NO_CARD, TRICK_NO_MEMORY };

/* Starts a round of n seats (checked by the caller) and asks the first:
 * TRICK_PLAYED, or TRICK_NO_CARD when its hand is empty, TRICK_NO_MEMORY. */
int trick_start(struct Table *t, int n, const int *seats, const int *hands, int into,
                const char *kind, const char *prompt);
/* The seat asked plays card. TRICK_PLAYED: the kernel moved it and asked
 * the next seat. TRICK_LAST: it is the round's last card, for the rules to
 * apply; the round is over. TRICK_NO_CARD: the next seat's hand is empty
 * (the card is played, nobody is asked). TRICK_NO_MEMORY. */
int trick_play(struct Table *t, int card);

#endif
