#include "real_cards.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "../kernel/physical_cards.h"

#define MAX_WORDS 24

typedef struct Words {
    int n;
    char buf[512];
    char *w[MAX_WORDS];
} Words;

static void split(const char *text, Words *out)
{
    snprintf(out->buf, sizeof out->buf, "%s", text);
    out->n = 0;
    for (char *save = NULL, *w = strtok_r(out->buf, " ", &save); w && out->n < MAX_WORDS;
         w = strtok_r(NULL, " ", &save))
        out->w[out->n++] = w;
}

/* A renaming: the unknown cards from[i] of seat's hands take the names of
 * the unknown cards to[i] (which take theirs). */
typedef struct Renaming {
    int n;
    int from[MAX_WORDS], to[MAX_WORDS];
} Renaming;

static int used(const Renaming *r, int c)
{
    for (int i = 0; i < r->n; i++)
        if (r->from[i] == c || r->to[i] == c)
            return 1;
    return 0;
}

/* Whether a card's name is the name typed, in either order of its faces
 * for a dual-face card ("8D/5S" for the 5S/8D counted as an 8). */
static int names_card(const char *card_name, const char *typed)
{
    char swapped[CARD_NAME_LEN];
    return strcasecmp(card_name, typed) == 0 ||
           (card_name_swapped(card_name, swapped, sizeof swapped) && strcasecmp(swapped, typed) == 0);
}

/* An unknown card of this name in one of seat's own zones (preferring the
 * given card, the one a kernel-listed move names), not yet renamed. */
static int unknown_held(const Table *t, int seat, const char *name, int listed, const Renaming *r)
{
    const Zones *zs = &t->zones;
    if (listed && !zs->bound[listed] && !used(r, listed))
        return listed;
    for (int c = 1; c <= t->deck.n; c++)
        if (!zs->bound[c] && zs->where[c] && zs->z[zs->where[c]].owner == seat && !used(r, c) &&
            names_card(t->deck.cards[c].name, name))
            return c;
    return 0;
}

static int unknown_named(const Table *t, const char *name, const Renaming *r)
{
    const Zones *zs = &t->zones;
    for (int c = 1; c <= t->deck.n; c++)
        if (!zs->bound[c] && zs->where[c] && !used(r, c) && names_card(t->deck.cards[c].name, name))
            return c;
    return 0;
}

/* Whether listed becomes typed when unknown cards of seat's are renamed:
 * the words of each, in any order, past a first word both share (unless
 * the move is a card: card), the same once the listed names of unknown
 * cards typed otherwise (from) take the names typed (to). why: a typed
 * name that is no unknown card. */
static int renames(const Table *t, int seat, const Words *listed, int card, const Words *typed,
                   Renaming *r, char *why, size_t whysize)
{
    r->n = 0;
    int skip = card ? 0 : 1;
    if (listed->n != typed->n || (skip && strcasecmp(listed->w[0], typed->w[0]) != 0))
        return 0;
    int matched[MAX_WORDS] = {0}; /* listed words typed as they are */
    const char *spare[MAX_WORDS], *need[MAX_WORDS];
    int nneed = 0, nspare = 0;
    for (int i = skip; i < typed->n; i++) {
        int found = 0;
        for (int j = skip; j < listed->n && !found; j++)
            if (!matched[j] && strcasecmp(listed->w[j], typed->w[i]) == 0)
                found = matched[j] = 1;
        if (!found)
            need[nneed++] = typed->w[i];
    }
    for (int j = skip; j < listed->n; j++)
        if (!matched[j])
            spare[nspare++] = listed->w[j];
    for (int k = 0; k < nneed; k++) {
        int from = unknown_held(t, seat, spare[k], card, r);
        if (!from)
            return 0;
        int to = unknown_named(t, need[k], r);
        if (!to) {
            if (!why[0])
                physical_accounted_for(t, need[k], why, whysize);
            return 0;
        }
        r->from[r->n] = from;
        r->to[r->n++] = to;
    }
    return r->n > 0;
}

/* The first of seat's asked moves (the last listed first: a hand's newest
 * cards are listed last, and a card that came after a show-out is no
 * revoke) that typed renames; -1 if none. */
static int find(const Table *t, int seat, const char *typed, Renaming *r, char *why, size_t whysize)
{
    const Ask *a = &t->ask;
    int first = 0, count = a->n;
    why[0] = '\0';
    if (!a->any_card)
        return -1; /* the rules' own list: what it offers may hang on what the cards are */
    if (a->window) {
        count = 0;
        for (int i = 0; i < a->nseats; i++)
            if (a->seats[i] == seat) {
                first = a->first[i];
                count = a->count[i];
            }
    } else if (a->seat != seat) {
        return -1;
    }
    Words want;
    split(typed, &want);
    for (int j = first; j < first + count; j++)
        if (strcmp(ask_move(a, j), typed) == 0)
            return -1; /* listed as it is: nothing to rename */
    for (int j = first + count - 1; j >= first; j--) {
        Words listed;
        split(ask_move(a, j), &listed);
        if (renames(t, seat, &listed, a->card[j], &want, r, why, whysize))
            return j;
    }
    /* A card named that is shown, all its copies: where it is tells the
     * person more than the list of moves does. */
    for (int i = 0; i < want.n && !why[0]; i++) {
        int c = deck_find(&t->deck, want.w[i]);
        if (c && t->zones.z[t->zones.where[c]].owner != seat && !physical_unbound_named(t, want.w[i], 0))
            physical_accounted_for(t, want.w[i], why, whysize);
    }
    return -1;
}

int real_cards_match(const Table *t, int seat, const char *typed, char *canon, size_t size,
                     char *why, size_t whysize)
{
    Renaming r;
    int j = find(t, seat, typed, &r, why, whysize);
    if (j < 0)
        return 0;
    /* The listed move, its renamed cards under their new names (the names
     * the referee gave them are what the cards are called from now on). */
    Words listed;
    split(ask_move(&t->ask, j), &listed);
    size_t n = 0;
    canon[0] = '\0';
    for (int i = 0; i < listed.n && n < size; i++) {
        const char *word = listed.w[i];
        for (int k = 0; k < r.n; k++)
            if (strcasecmp(t->deck.cards[r.from[k]].name, word) == 0) {
                word = t->deck.cards[r.to[k]].name;
                break;
            }
        n += (size_t)snprintf(canon + n, size - n, "%s%s", i ? " " : "", word);
    }
    return n < size;
}

int real_cards_bind(Table *t, int seat, const char *move, int *card)
{
    char why[160];
    Renaming r;
    *card = 0;
    int j = find(t, seat, move, &r, why, sizeof why);
    if (j < 0)
        return 0;
    for (int i = 0; i < r.n; i++) {
        physical_name(t, r.from[i], r.to[i]);
        t->zones.named[r.from[i]] = 1;
    }
    *card = t->ask.card[j];
    return 1;
}

static int round_led(const Table *t)
{
    return t->trick.at ? t->trick.led : SUIT_NONE;
}

const char *real_cards_follow_problem(const Table *t, int seat, const char *canon, char *why,
                                      size_t size)
{
    if (!t->trick.n || t->ask.seat != seat)
        return NULL;
    const char *name = strrchr(canon, ' ');
    int card = deck_find(&t->deck, name ? name + 1 : canon);
    if (!card || physical_follows(t, t->trick.hands[t->trick.at], card, round_led(t), why, size))
        return NULL;
    return why;
}

/* The move seat made when it showed out: the last decision at or before
 * log index at. */
static const char *move_at(const Table *t, int at)
{
    for (int i = at; i >= 0; i--)
        if (t->log.e[i].kind == LOG_DECISION)
            return log_text(&t->log, &t->log.e[i]);
    return "?";
}

void real_cards_played(Table *t, int seat, int card)
{
    if (!t->trick.n)
        return;
    int out = physical_played(t, seat, card, round_led(t));
    if (!out)
        return;
    const Card *c = &t->deck.cards[card];
    char note[320], event[160];
    snprintf(note, sizeof note,
             "seat %d revokes: they played %s when %s were led, holding %s, which they play "
             "now; the rules say nothing of a revoke: the table decides ('undo' takes moves back)",
             seat, move_at(t, out - 1), suit_word(c->face[0].suit), c->name);
    table_note(t, 0, note);
    snprintf(event, sizeof event, "{\"event\": \"revoke\", \"seat\": %d, \"card\": \"%s\"}", seat,
             c->name);
    table_event(t, event);
}

int real_cards_shown(const Table *t, int seat, const char *move, char *buf, size_t size)
{
    Words words;
    split(move, &words);
    int card = ask_card_of(&t->ask, move), changed = 0;
    Renaming none = {0};
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < words.n && n < size; i++) {
        const char *word = words.w[i];
        /* The card a kernel ask names (of a hand, or the deck's top), or
         * a card of seat's own that nobody has named. */
        int unknown = card ? !t->zones.bound[card] && strcasecmp(t->deck.cards[card].name, word) == 0
                           : i > 0 && unknown_held(t, seat, word, 0, &none);
        if (unknown) {
            word = "CARD";
            changed = 1;
        }
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? " " : "", word);
    }
    return changed && n < size;
}
