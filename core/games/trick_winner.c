#include "trick_winner.h"

int trick_winner(const Table *t, const int *cards, int n, int trump, int *token)
{
    int best = 0;
    Face best_face = t->deck.cards[cards[0]].face[0];
    for (int i = 1; i < n; i++) {
        Face face = t->deck.cards[cards[i]].face[0];
        if (face.suit == best_face.suit) {
            if (face.rank == 0 || best_face.rank == 0) {
                *token = face.rank == 0 ? cards[i] : cards[best];
                return -1;
            }
            if (face.rank > best_face.rank)
                best = i, best_face = face;
        } else if (face.suit == trump) {
            best = i, best_face = face; /* the first trump over a card of the suit led */
        }
    }
    return best;
}
