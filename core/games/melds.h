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
#include "../kernel/table.h"

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
 * the table's cards before the hand's. Their number grows as a product of
 * the cards at each place (two decks of dual cards: four picks a place,
 * 4^14 ways through one suit), so the search is bounded, far above what
 * one deck makes (BAMM!'s whole deck split between a hand and the table
 * makes at most about 155,000 melds, found in 450,000 tries, in 0.1 s;
 * the melds of two decks would take years): MELDS_TOO_MANY
 * when it would list more than MELD_MOST_FOUND melds or try more than
 * MELD_MOST_STEPS picks and sets, some melds emitted by then; and
 * MELDS_RANK_TOO_FULL, nothing emitted, when a rank has more cards than
 * every set of them could be tried for (MELD_MOST_OF_A_RANK). */
#define MELD_MOST_OF_A_RANK 20
#define MELD_MOST_FOUND 500000
#define MELD_MOST_STEPS 10000000L
/* The most cards one meld holds: a set of that many, or a run from the
 * ace low to the ace high (14). */
#define MELD_MOST_CARDS MELD_MOST_OF_A_RANK
typedef enum { MELDS_OK, MELDS_RANK_TOO_FULL, MELDS_TOO_MANY } MeldsStatus;
MeldsStatus melds_find(const Table *t, int hand_zone, int table_zone, int from_hand, int from_table,
                       MeldFn emit, void *ctx);

/* The card of a pick as a meld writes it: its face used first ("KH/QS"
 * for the QS/KH counted as a king), into buf (CARD_NAME_LEN bytes). */
void meld_card_text(const Table *t, const MeldPick *p, char *buf);

#endif
