#include "combine.h"

int faces_combine(Face a, Face b)
{
    if (a.rank == 0 || b.rank == 0) /* a token, or a card not named yet */
        return 0;
    if (a.rank == RANK_JOKER || b.rank == RANK_JOKER)
        return a.rank == b.rank;
    if (a.rank == b.rank)
        return 1;
    if (a.suit != b.suit)
        return 0;
    int apart = a.rank > b.rank ? a.rank - b.rank : b.rank - a.rank;
    return apart == 1 || apart == RANK_A - 2; /* the ace (14) next to the 2 */
}

int cards_combine(const Table *t, int a, int b)
{
    return a != b && faces_combine(t->deck.cards[a].face[0], t->deck.cards[b].face[0]);
}

void combinations_find(const Table *t, int zone, int other, CombineFn emit, void *ctx)
{
    const Zone *z = &t->zones.z[zone];
    const Zone *o = other >= 0 ? &t->zones.z[other] : z;
    for (int i = 0; i < z->n; i++) {
        int a = z->cards[i];
        Face fa = t->deck.cards[a].face[0];
        for (int j = other >= 0 ? 0 : i + 1; j < o->n; j++) {
            int b = o->cards[j];
            if (a != b && faces_combine(fa, t->deck.cards[b].face[0]))
                emit(ctx, a, b);
        }
    }
}
