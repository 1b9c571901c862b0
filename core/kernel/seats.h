/* seats: the ring of seats 1..n, the direction of play, eliminated seats,
 * whose turn it is, the dealer, and claim windows (several seats may answer
 * out of turn; a priority policy orders their answers). */
#ifndef REFEREE_SEATS_H
#define REFEREE_SEATS_H

#include <stdint.h>
#include "chance.h"
#include "limits.h"

typedef struct Seats {
    int n;
    int direction;       /* +1 clockwise (1, 2, 3, ...), -1 counter-clockwise */
    int current;         /* 0 when nobody is to play */
    int dealer;
    /* 1 once the rules named or rotated the dealer: a game without one (the
     * dice game) shows none. For people's eyes only: not saved, not hashed. */
    int dealer_named;
    /* The seats in the order they were eliminated (a later one finished
     * ahead of an earlier one): the finishing order of a tournament game.
     * Made again by replay; not saved, not hashed. */
    int nout, out_order[MAX_SEATS];
    uint32_t eliminated; /* bit s set: seat s is out */
} Seats;

typedef enum ClaimPolicy {
    CLAIM_ORDER = 0, /* clockwise from the window's start seat */
    CLAIM_RANDOM,    /* an order drawn from the chance source each window */
    CLAIM_ARRIVAL,   /* the order the answers came in (entered at the REPL) */
} ClaimPolicy;

void seats_init(Seats *s, int n);
int seats_active(const Seats *s, int seat);
int seats_active_count(const Seats *s);
/* The next (previous) active seat from `from` in the direction of play;
 * `from` itself if it is the only one active, 0 if none is. */
int seats_next(const Seats *s, int from);
int seats_prev(const Seats *s, int from);
/* Turn order: pass the turn on; skip the next player; reverse direction. */
void seats_advance(Seats *s);
void seats_skip(Seats *s);
void seats_reverse(Seats *s);
void seats_eliminate(Seats *s, int seat);
/* The dealer passes clockwise to the next active seat, whatever the direction. */
void seats_rotate_dealer(Seats *s);
void seats_set_dealer(Seats *s, int seat);

const char *claim_policy_name(ClaimPolicy p);
int claim_policy_parse(const char *name, ClaimPolicy *out);
/* Orders the seats in `answered` (given in arrival order, n of them) by the
 * policy, into out. */
void seats_claim_order(const Seats *s, ClaimPolicy p, int start, const int *answered,
                       int n, const Chance *chance, int *out);

#endif
