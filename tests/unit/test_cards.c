#include <string.h>
#include "check.h"
#include "../../core/kernel/cards.h"

void test_cards(void)
{
    Deck d;
    deck_clear(&d);
    CHECK(deck_add_standard52(&d) == DECK_OK);
    CHECK_EQ_INT(d.n, 52);
    CHECK(strcmp(d.cards[1].name, "2C") == 0);
    CHECK(strcmp(d.cards[52].name, "AS") == 0);
    int ten = deck_find(&d, "10h");
    CHECK(ten > 0 && strcmp(d.cards[ten].name, "10H") == 0);
    CHECK_EQ_INT(d.cards[ten].face[0].rank, 10);
    CHECK_EQ_INT(d.cards[ten].face[0].suit, SUIT_H);
    CHECK_EQ_INT(deck_find(&d, "1H"), 0);

    int jk, dual, token;
    CHECK(deck_add(&d, "JK", &jk) == DECK_OK);
    CHECK_EQ_INT(d.cards[jk].face[0].rank, RANK_JOKER);
    CHECK(deck_add(&d, "qs/kh", &dual) == DECK_OK);
    CHECK(strcmp(d.cards[dual].name, "QS/KH") == 0);
    CHECK_EQ_INT(d.cards[dual].face[0].rank, RANK_Q);
    CHECK_EQ_INT(d.cards[dual].face[1].rank, RANK_K);
    CHECK_EQ_INT(d.cards[dual].face[1].suit, SUIT_H);
    /* Jokers told apart by a number keep it in their name. */
    int jk2, jk0;
    CHECK(deck_add(&d, "jk2", &jk2) == DECK_OK);
    CHECK(strcmp(d.cards[jk2].name, "JK2") == 0);
    CHECK_EQ_INT(d.cards[jk2].face[0].rank, RANK_JOKER);
    CHECK(strcmp(d.cards[jk].name, "JK") == 0);
    CHECK(deck_add(&d, "JK0", &jk0) == DECK_OK); /* not a joker: a token named so */
    CHECK_EQ_INT(d.cards[jk0].face[0].rank, 0);
    CHECK(deck_add(&d, "Skip", &token) == DECK_OK);
    CHECK_EQ_INT(d.cards[token].face[0].rank, 0);

    CHECK(deck_add(&d, "QS/XX", NULL) == DECK_BAD_NAME);
    /* The faces a card shows, as its name reads: one, two (top first), or
     * none for a joker, a token and a dual-face card with a joker's side. */
    Face f[2];
    CHECK(card_faces(&d.cards[ten], f) == 1 && f[0].rank == 10 && f[0].suit == SUIT_H);
    CHECK(card_faces(&d.cards[dual], f) == 2 && f[0].rank == RANK_Q && f[0].suit == SUIT_S &&
          f[1].rank == RANK_K && f[1].suit == SUIT_H);
    CHECK(card_faces(&d.cards[jk], f) == 0 && card_faces(&d.cards[jk2], f) == 0);
    CHECK(card_faces(&d.cards[jk0], f) == 0 && card_faces(&d.cards[token], f) == 0);
    int joker_side;
    CHECK(deck_add(&d, "JK/QS", &joker_side) == DECK_OK);
    CHECK(card_faces(&d.cards[joker_side], f) == 0);
    /* A dual-face card's name from its other face; no other name has one. */
    char swapped[8];
    CHECK(card_name_swapped("5S/10D", swapped, sizeof swapped) && strcmp(swapped, "10D/5S") == 0);
    CHECK(card_name_swapped("/QS", swapped, sizeof swapped) && strcmp(swapped, "QS/") == 0);
    CHECK(!card_name_swapped("QS", swapped, sizeof swapped));
    CHECK(!card_name_swapped("A/B/C", swapped, sizeof swapped));
    CHECK(!card_name_swapped("10S/10D", swapped, 7)); /* 7 bytes and the NUL need 8 */
    CHECK(card_name_swapped("10S/10H", swapped, 8) && strcmp(swapped, "10H/10S") == 0);
    CHECK(card_name_swapped("10S/9D", swapped, sizeof swapped) && strcmp(swapped, "9D/10S") == 0);
    CHECK(deck_add(&d, "has space", NULL) == DECK_BAD_NAME);
    CHECK(deck_add(&d, "", NULL) == DECK_BAD_NAME);
    CHECK(deck_add(&d, "waytoolongcardname", NULL) == DECK_BAD_NAME);
    while (d.n < MAX_CARDS)
        deck_add(&d, "X", NULL);
    CHECK(deck_add(&d, "X", NULL) == DECK_FULL);
    CHECK(deck_add_standard52(&d) == DECK_FULL);
}
