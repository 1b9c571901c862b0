#include "dice.h"

#include <string.h>

void dice_clear(Dice *ds)
{
    memset(ds, 0, sizeof *ds);
}

DiceStatus dice_add(Dice *ds, int faces, int *id)
{
    if (ds->n >= MAX_DICE)
        return DICE_FULL;
    if (faces < 2 || faces > 100)
        return DICE_BAD_FACES;
    Die *d = &ds->d[++ds->n];
    d->faces = (uint8_t)faces;
    d->value = 0;
    d->known = 0;
    if (id)
        *id = ds->n;
    return DICE_OK;
}

void dice_roll(Dice *ds, int die, const Chance *chance)
{
    Die *d = &ds->d[die];
    d->value = (uint8_t)(1 + chance->below(chance->ctx, d->faces, "roll"));
    d->known = 0;
}

DiceStatus dice_set(Dice *ds, int die, int value)
{
    Die *d = &ds->d[die];
    if (value < 1 || value > d->faces)
        return DICE_BAD_VALUE;
    d->value = (uint8_t)value;
    return DICE_OK;
}

void dice_reveal(Dice *ds, int die, uint32_t seats)
{
    ds->d[die].known |= seats;
}

void dice_hide(Dice *ds, int die)
{
    ds->d[die].known = 0;
}

int dice_seat_sees(const Dice *ds, int die, int seat)
{
    /* seat 0, a spectator (the table as everyone sees it), sees a die
     * shown to all: ALL_SEATS is the only reveal with its bit. */
    if (seat == 0)
        return (ds->d[die].known & 1u) != 0;
    return seat >= 1 && seat <= MAX_SEATS && (ds->d[die].known & (1u << seat));
}

const char *dice_status_text(DiceStatus s)
{
    switch (s) {
    case DICE_OK: return "ok";
    case DICE_FULL: return "too many dice (at most 16)";
    case DICE_BAD_FACES: return "a die has 2 to 100 faces";
    case DICE_BAD_VALUE: return "the value must be from 1 to the die's number of faces";
    }
    return "unknown dice status";
}

int dice_resample(Dice *ds, int seat, const Chance *chance)
{
    int n = 0;
    for (int die = 1; die <= ds->n; die++) {
        Die *d = &ds->d[die];
        if (d->value && !dice_seat_sees(ds, die, seat)) {
            d->value = (uint8_t)(1 + chance->below(chance->ctx, d->faces, "roll"));
            n++;
        }
    }
    return n;
}
