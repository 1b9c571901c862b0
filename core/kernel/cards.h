/* cards: a deck is built from data; a card is a small integer id (1..n) with
 * a text name. Standard faces are parsed into rank and suit ("10H": rank 10,
 * suit H; ace is rank 14); a dual-face card "QS/KH" carries two faces; a
 * joker is "JK"; any other name ("Skip", "Double") is a plain token card. */
#ifndef REFEREE_CARDS_H
#define REFEREE_CARDS_H

#include <stddef.h>
#include <stdint.h>
#include "limits.h"

enum { SUIT_NONE = -1, SUIT_C = 0, SUIT_D, SUIT_H, SUIT_S };
enum { RANK_JOKER = 1, RANK_J = 11, RANK_Q = 12, RANK_K = 13, RANK_A = 14 };

typedef struct Face {
    int8_t rank; /* 2..14, RANK_JOKER, or 0 for a token card */
    int8_t suit; /* SUIT_C..SUIT_S or SUIT_NONE */
} Face;

typedef struct Card {
    char name[CARD_NAME_LEN];
    Face face[2];   /* face[1].rank is 0 unless the card is dual-face */
} Card;

typedef struct Deck {
    int n;
    int dual; /* how many are dual-face: without one, no name is looked up swapped */
    Card cards[MAX_CARDS + 1]; /* cards[0] unused */
} Deck;

typedef enum DeckStatus {
    DECK_OK = 0,
    DECK_FULL,
    DECK_BAD_NAME,
} DeckStatus;

void deck_clear(Deck *d);
/* Adds one card; *id receives its id. */
DeckStatus deck_add(Deck *d, const char *name, int *id);
/* The 52 standard cards, clubs to spades, 2 to ace within a suit. */
DeckStatus deck_add_standard52(Deck *d);
const char *deck_status_text(DeckStatus s);

/* The face a one-face name shows ("10H", "qs", "JK2"): 1, or 0 when the
 * name is a token, a dual-face card or no card. */
int face_parse(const char *name, Face *out);
/* The faces a card shows, as deck_add read them from its name: one for
 * "10H", two for a dual-face "QS/KH" (top first); 0 for a joker, a token,
 * or a dual-face card with a joker's side. */
int card_faces(const Card *c, Face out[2]);
/* Writes the canonical name of a face ("10H") into buf (at least 4 bytes). */
void face_name(Face f, char *buf);
/* A suit as people say it: "hearts" for SUIT_H ("?" for none). */
const char *suit_word(int suit);
/* The first card of the deck with this name (case-insensitive), or 0. */
int deck_find(const Deck *d, const char *name);
/* A dual-face card's name with its faces the other way round ("8D/5S" of
 * "5S/8D"), in out; 0 when name is no dual-face name. */
int card_name_swapped(const char *name, char *out, size_t size);

#endif
