/* melds: every set and run a hand's cards make with a table's, for the
 * rummies whose rules list them as moves (BAMM!'s claims). A card counts
 * by one of its faces (a dual-face card "QS/KH" as a queen or as a king,
 * never both; a one-face card by its face); a set is three or more cards
 * of one rank, a run three or more of one suit in a row, the ace low or
 * high; each meld takes at least from_hand cards of the hand and
 * from_table of the table. The rules' own loops over every combination
 * were four fifths of a BAMM! decision. */
#ifndef REFEREE_MELDS_H
#define REFEREE_MELDS_H

#include <stddef.h>
#include <stdint.h>
#include "table.h"

/* A card as a meld uses it. */
typedef struct MeldPick {
    uint8_t card;   /* its id */
    uint8_t second; /* it counts by its second face ("KH" of "QS/KH") */
    int8_t rank;    /* 2..14, the ace 14 */
    int8_t suit;    /* SUIT_C..SUIT_S */
    uint8_t hand;   /* from the hand (1) or the table (0) */
} MeldPick;

/* Called for each meld, its n picks in order: a set by suit, then by the
 * card as written; a run from its low end. */
typedef void (*MeldFn)(void *ctx, const MeldPick *picks, int n);

/* Every meld, in a fixed order: the sets by rank (2 to the ace), each
 * set's picks chosen as the bits of a count; then the runs by suit (clubs,
 * diamonds, hearts, spades), each stretch of places the cards fill, every
 * span of three or more in it that the hand has a card for, at each place
 * the table's cards before the hand's. 0 when a rank has too many cards
 * to try every set of them (MELD_MOST_OF_A_RANK), with nothing emitted. */
#define MELD_MOST_OF_A_RANK 20
/* The most cards one meld holds: a set of that many, or a run from the
 * ace low to the ace high (14). */
#define MELD_MOST_CARDS MELD_MOST_OF_A_RANK
int melds_find(const Table *t, int hand_zone, int table_zone, int from_hand, int from_table,
               MeldFn emit, void *ctx);

/* The card of a pick as a meld writes it: its face used first ("KH/QS"
 * for the QS/KH counted as a king), into buf (CARD_NAME_LEN bytes). */
void meld_card_text(const Table *t, const MeldPick *p, char *buf);

#endif
