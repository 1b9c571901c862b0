/* table_mode: how the cards in front of the players are held. Either the
 * referee holds them (the chance source shuffles and deals, and every card
 * has its name), or they are a real deck (--table cards), whose hidden
 * cards the referee knows only as "a card" until they are named
 * (real_cards.h). The loop asks its table's mode at the five moments the
 * two differ and never asks which mode it has. */
#ifndef REFEREE_TABLE_MODE_H
#define REFEREE_TABLE_MODE_H

#include <stddef.h>
#include "../kernel/table.h"

typedef struct TableMode {
    /* The rules are about to read the table (judge, explain, status...):
     * what a reading may change is kept (malloc'd, or NULL) to be put
     * back by reading_end, as only a move's apply may change the table. */
    void *(*reading_begin)(Table *t);
    void (*reading_end)(Table *t, void *kept);
    /* A legal move is being applied: the card it names (0: none), its
     * cards bound to what was typed. */
    int (*card_of_move)(Table *t, int seat, const char *move);
    /* An answer not listed (normalised) that the table makes a legal move
     * of: 1 with its canonical text in canon; 0 with why ("" when it is
     * simply no such move). */
    int (*answer)(const Table *t, int seat, const char *typed, char *canon, size_t size,
                  char *why, size_t whysize);
    /* Why seat may not play the listed move canon (a suit it was seen to
     * hold); NULL when it may. */
    const char *(*refuses)(const Table *t, int seat, const char *canon, char *why, size_t size);
    /* A listed move as people at the table read it: move itself, or buf. */
    const char *(*for_people)(const Table *t, int seat, const char *move, char *buf, size_t size);
} TableMode;

/* The mode of table t. */
const TableMode *table_mode(const Table *t);

#endif
