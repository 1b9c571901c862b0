/* Fixed capacities of one table. Fixed arrays keep a table one flat block:
 * cloning it for search is a memcpy, and no card operation allocates. */
#ifndef REFEREE_LIMITS_H
#define REFEREE_LIMITS_H

#define MAX_CARDS 255   /* card ids are 1..255; 0 means "no card" */
#define MAX_ZONES 64
#define MAX_SEATS 16    /* seat numbers are 1..16; bit s of a mask is seat s */
#define MAX_DICE 16
#define MAX_ACCOUNTS 40
#define NAME_LEN 24     /* zone and account names, NUL included */
#define CARD_NAME_LEN 16

/* Entries a table's log, and transfers its journal, hold at most: the log
 * keeps a journal index in 32 bits, and the counts are ints that double. */
#define LOG_MAX_ENTRIES (1 << 30)

#define ALL_SEATS 0xFFFFFFFFu

#endif
