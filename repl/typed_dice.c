/* typed_dice: who types real dice, and what they typed (typed_dice.h). */
#include "typed_dice.h"

#include <stdlib.h>

int typed_dice_seer(const Match *m, const Table *t, int n, const int *dice, int *all)
{
    int seer = 0;
    *all = 1;
    for (int s = 1; s <= t->seats.n; s++) {
        int sees = 1;
        for (int i = 0; i < n; i++)
            sees &= dice_seat_sees(&t->dice, dice[i], s);
        *all &= sees;
        /* the one whose move it is looks first (an acceptor lifting the cup) */
        if (sees && (!seer || s == m->moving_seat))
            seer = s;
    }
    return seer;
}

int typed_dice_read(const Table *t, int n, const int *dice, const char *text, int *values)
{
    int got = 0;
    const char *p = text;
    char *end;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (!*p)
            return got == n;
        long v = strtol(p, &end, 10);
        if (end == p || got == n || v < 1 || v > t->dice.d[dice[got]].faces)
            return 0;
        values[got++] = (int)v;
        p = end;
    }
}
