#include "cards.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char SUIT_CHARS[] = "CDHS";
static const char *RANK_NAMES[] = {
    "", "", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
};

void deck_clear(Deck *d)
{
    d->n = 0; /* each card is written whole when it is added */
    d->dual = 0;
}

static int parse_rank(const char *s, int len)
{
    if (len == 2 && s[0] == '1' && s[1] == '0')
        return 10;
    if (len != 1)
        return 0;
    switch (toupper((unsigned char)s[0])) {
    case 'J': return RANK_J;
    case 'Q': return RANK_Q;
    case 'K': return RANK_K;
    case 'A': return RANK_A;
    default:
        if (s[0] >= '2' && s[0] <= '9')
            return s[0] - '0';
        return 0;
    }
}

static int parse_face_n(const char *s, int len, Face *out)
{
    /* JK, or JK1 to JK9: jokers told apart by a number (two jokers of one
     * deck that a move must name one by one). */
    if ((len == 2 || (len == 3 && s[2] >= '1' && s[2] <= '9')) &&
        toupper((unsigned char)s[0]) == 'J' && toupper((unsigned char)s[1]) == 'K') {
        out->rank = RANK_JOKER;
        out->suit = SUIT_NONE;
        return 1;
    }
    if (len < 2 || len > 3)
        return 0;
    const char *suit = strchr(SUIT_CHARS, toupper((unsigned char)s[len - 1]));
    int rank = parse_rank(s, len - 1);
    if (!suit || !*suit || !rank)
        return 0;
    out->rank = (int8_t)rank;
    out->suit = (int8_t)(suit - SUIT_CHARS);
    return 1;
}

int face_parse(const char *name, Face *out)
{
    return parse_face_n(name, (int)strlen(name), out);
}

int card_faces(const Card *c, Face out[2])
{
    /* Read from the faces kept, not the name: t:melds reads every card of
     * two zones on each call, and parsing their names was a tenth of it. */
    out[0] = c->face[0];
    out[1] = c->face[1];
    if (out[0].rank == 0 || out[0].rank == RANK_JOKER)
        return 0;
    if (out[1].rank == 0)
        return 1;
    return out[1].rank != RANK_JOKER ? 2 : 0;
}

void face_name(Face f, char *buf)
{
    if (f.rank == RANK_JOKER)
        strcpy(buf, "JK");
    else if (f.rank >= 2 && f.rank <= RANK_A && f.suit >= 0) {
        size_t len = strlen(RANK_NAMES[f.rank]);
        memcpy(buf, RANK_NAMES[f.rank], len);
        buf[len] = SUIT_CHARS[f.suit];
        buf[len + 1] = '\0';
    } else
        buf[0] = '\0';
}

static int valid_token(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || len >= CARD_NAME_LEN)
        return 0;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("/+-_", *p))
            return 0;
    return 1;
}

DeckStatus deck_add(Deck *d, const char *name, int *id)
{
    if (d->n >= MAX_CARDS)
        return DECK_FULL;
    if (!valid_token(name))
        return DECK_BAD_NAME;
    Card c;
    memset(&c, 0, sizeof c);
    c.face[0].suit = c.face[1].suit = SUIT_NONE;
    const char *slash = strchr(name, '/');
    if (slash) {
        /* A dual-face card needs a real face on each side. */
        if (!parse_face_n(name, (int)(slash - name), &c.face[0]) ||
            !parse_face_n(slash + 1, (int)strlen(slash + 1), &c.face[1]))
            return DECK_BAD_NAME;
        char a[4], b[4];
        face_name(c.face[0], a);
        face_name(c.face[1], b);
        snprintf(c.name, sizeof c.name, "%s/%s", a, b);
    } else if (parse_face_n(name, (int)strlen(name), &c.face[0])) {
        face_name(c.face[0], c.name);
        if (c.face[0].rank == RANK_JOKER && name[2]) /* its number kept: JK2 */
            snprintf(c.name, sizeof c.name, "JK%c", name[2]);
    } else {
        strcpy(c.name, name);
    }
    d->cards[++d->n] = c;
    d->dual += slash != NULL;
    if (id)
        *id = d->n;
    return DECK_OK;
}

DeckStatus deck_add_standard52(Deck *d)
{
    if (d->n + 52 > MAX_CARDS)
        return DECK_FULL;
    /* Written directly: every game builds this deck, and the names need no
     * parsing. */
    for (int suit = SUIT_C; suit <= SUIT_S; suit++)
        for (int rank = 2; rank <= RANK_A; rank++) {
            Card *c = &d->cards[++d->n];
            memset(c, 0, sizeof *c);
            c->face[0] = (Face){(int8_t)rank, (int8_t)suit};
            c->face[1].suit = SUIT_NONE;
            face_name(c->face[0], c->name);
        }
    return DECK_OK;
}

int deck_find(const Deck *d, const char *name)
{
    /* Rules name cards as the deck spells them; the exact pass is cheap. */
    for (int id = 1; id <= d->n; id++)
        if (d->cards[id].name[0] == name[0] && strcmp(d->cards[id].name, name) == 0)
            return id;
    for (int id = 1; id <= d->n; id++)
        if (strcasecmp(d->cards[id].name, name) == 0)
            return id;
    /* A dual-face card named from its other face first ("8D/5S" for
     * 5S/8D, as a claim reads it): a card of that very name came first. */
    char swapped[2 * CARD_NAME_LEN];
    if (!d->dual || !card_name_swapped(name, swapped, sizeof swapped))
        return 0;
    for (int id = 1; id <= d->n; id++)
        if (strcasecmp(d->cards[id].name, swapped) == 0)
            return id;
    return 0;
}

int card_name_swapped(const char *name, char *out, size_t size)
{
    const char *slash = strchr(name, '/');
    if (!slash || strchr(slash + 1, '/') || strlen(name) >= size)
        return 0;
    /* "B/A" for "A/B", by hand: a miss of t:card names each dual-face
     * card's other face, and snprintf cost more than the search. */
    size_t front = (size_t)(slash - name), back = strlen(slash + 1);
    memcpy(out, slash + 1, back);
    out[back] = '/';
    memcpy(out + back + 1, name, front);
    out[back + 1 + front] = '\0';
    return 1;
}

const char *deck_status_text(DeckStatus s)
{
    switch (s) {
    case DECK_OK: return "ok";
    case DECK_FULL: return "the deck is full (at most 255 cards)";
    case DECK_BAD_NAME:
        return "a card name is 1 to 15 letters, digits or / + - _, and a "
               "dual-face card is two faces such as \"QS/KH\"";
    }
    return "unknown deck status";
}

const char *suit_word(int suit)
{
    static const char *const WORDS[4] = {"clubs", "diamonds", "hearts", "spades"};
    return suit >= SUIT_C && suit <= SUIT_S ? WORDS[suit] : "?";
}
