/* dice: each die has a number of faces, a value (0 before its first roll) and
 * the set of seats that see it. A roll hides the die from everybody; the
 * rules then reveal it to whom the game says (the roller, the acceptor, all). */
#ifndef REFEREE_DICE_H
#define REFEREE_DICE_H

#include <stdint.h>
#include "chance.h"
#include "limits.h"

typedef struct Die {
    uint8_t faces;
    uint8_t value;
    uint32_t known;
} Die;

typedef struct Dice {
    int n;
    Die d[MAX_DICE + 1]; /* ids 1..n */
} Dice;

typedef enum DiceStatus {
    DICE_OK = 0,
    DICE_FULL,
    DICE_BAD_FACES,
    DICE_BAD_VALUE,
} DiceStatus;

void dice_clear(Dice *ds);
DiceStatus dice_add(Dice *ds, int faces, int *id);
void dice_roll(Dice *ds, int die, const Chance *chance);
/* For results entered by hand; the die stays hidden until revealed. */
DiceStatus dice_set(Dice *ds, int die, int value);
void dice_reveal(Dice *ds, int die, uint32_t seats);
void dice_hide(Dice *ds, int die);
int dice_seat_sees(const Dice *ds, int die, int seat);
/* Rolls anew every die that has a value seat does not see, keeping who
 * sees it (a determinization for search); returns how many. */
int dice_resample(Dice *ds, int seat, const Chance *chance);
const char *dice_status_text(DiceStatus s);

#endif
