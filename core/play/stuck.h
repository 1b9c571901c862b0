/* stuck: what a supervising process learns of a call stuck in C (a bot's
 * or the rules', past every limit inside the process), so that the game
 * is played again without it (watchdog.h, repl/supervise.c). */
#ifndef REFEREE_STUCK_H
#define REFEREE_STUCK_H

#include <stddef.h>
#include "../kernel/limits.h"

/* Where a game is, for a supervising process to learn which call a child
 * was in when it got stuck in C: written before each call into a bot (its
 * seat) or the rules (seat 0), to memory the parent shares. */
typedef struct StuckNote {
    volatile int seat;
    volatile long move; /* the game's move count at the call */
    volatile long game; /* in a tournament, the game's number */
} StuckNote;

/* What earlier runs of the same game found stuck, for the game to be played
 * again without it: a bot stuck at move m is not called from move m on
 * (each decision of its seat is a fault and the seat's default, as for any
 * fault); rules stuck at move m stop the game there, its state intact. */
#define STUCK_NEVER (-1L)
#define STUCK_IN_SETUP (-2L) /* a note's move while the rules set the game up */
typedef struct Stuck {
    long bot_at[MAX_SEATS + 1]; /* or STUCK_NEVER */
    long rules_at;              /* or STUCK_NEVER, STUCK_IN_SETUP */
} Stuck;

/* None stuck. */
void stuck_none(Stuck *st);
/* Adds what the note says was stuck. */
void stuck_add(Stuck *st, const StuckNote *note);

/* The game's record as it stood before the call in progress, kept by a
 * REPL in memory its supervising parent shares, with what was found stuck
 * in it before: when a call gets stuck in C and the process is stopped,
 * the parent starts the REPL again on it, people's moves included. */
typedef struct Rescue {
    volatile size_t len; /* 0: none yet */
    volatile long moves; /* the record's move count */
    const void *game;    /* which game it is, in the REPL's own memory */
    Stuck stuck;
    size_t cap;
    char text[];
} Rescue;

#endif
