#include "physical_cards.h"

#include <stdio.h>
#include <strings.h>

int physical_unbound_named(const Table *t, const char *name, int zone)
{
    const Zones *zs = &t->zones;
    for (int c = 1; c <= t->deck.n; c++)
        if (!zs->bound[c] && zs->where[c] && zs->where[c] != zone &&
            strcasecmp(t->deck.cards[c].name, name) == 0)
            return c;
    return 0;
}

int physical_accounted_for(const Table *t, const char *name, char *why, size_t size)
{
    int c = deck_find(&t->deck, name);
    if (!c)
        return 0;
    int z = t->zones.where[c];
    char said[64];
    const char *where = table_zone_said(t, z, said, sizeof said);
    if (t->zones.z[z].owner && where == t->zones.z[z].name) /* an owned zone of another name */
        snprintf(why, size, "%s is already accounted for: it lies in %s (seat %d's)",
                 t->deck.cards[c].name, where, t->zones.z[z].owner);
    else
        snprintf(why, size, "%s is already accounted for: it lies in %s", t->deck.cards[c].name, where);
    return 1;
}

void physical_swap(Table *t, int a, int b)
{
    Card keep = t->deck.cards[a];
    t->deck.cards[a] = t->deck.cards[b];
    t->deck.cards[b] = keep;
}

int physical_take(Table *t, const char *name, int zone)
{
    const Zone *z = &t->zones.z[zone];
    const Zones *zs = &t->zones;
    /* The unknown card to take the name: one this move has not named yet
     * (a claim names several cards of a hand), else any. */
    int unbound = 0, fresh = 0;
    for (int i = z->n - 1; i >= 0; i--) {
        int c = z->cards[i];
        if (strcasecmp(t->deck.cards[c].name, name) == 0) {
            t->zones.named[c] = 1;
            return c;
        }
        if (!unbound && !zs->bound[c])
            unbound = c;
        if (!fresh && !zs->bound[c] && !zs->named[c])
            fresh = c;
    }
    if (fresh)
        unbound = fresh;
    int elsewhere = unbound ? physical_unbound_named(t, name, zone) : 0;
    if (!elsewhere)
        return 0;
    physical_swap(t, unbound, elsewhere); /* (a reading may take a name too: no claim) */
    t->zones.named[unbound] = 1;
    return unbound;
}

void physical_name(Table *t, int to, int from)
{
    if (t->zones.claimed[from]) {
        char note[200];
        snprintf(note, sizeof note, "the table named %s before, for a card nobody has seen since: "
                 "one of the two is mistaken (check the cards; 'correct' puts the last move right)",
                 t->deck.cards[from].name);
        table_note(t, 0, note);
        t->zones.claimed[from] = 0;
    }
    physical_swap(t, to, from);
    t->zones.claimed[to] = 1;
}

int physical_arrived_at(const Table *t, int card)
{
    for (int i = t->log.n - 1; i >= 0; i--)
        if (t->log.e[i].kind == LOG_MOVE && t->log.e[i].a == card)
            return i;
    return -1;
}

int physical_follows(const Table *t, int hand, int card, int led, char *why, size_t size)
{
    if (led == SUIT_NONE || t->deck.cards[card].face[0].suit == led)
        return 1;
    const Zone *z = &t->zones.z[hand];
    for (int i = 0; i < z->n; i++) {
        int c = z->cards[i];
        if (t->zones.bound[c] && t->deck.cards[c].face[0].suit == led) {
            snprintf(why, size, "%s must be followed: you hold %s, shown", suit_word(led),
                     t->deck.cards[c].name);
            return 0;
        }
    }
    return 1;
}

int physical_played(Table *t, int seat, int card, int led)
{
    int suit = t->deck.cards[card].face[0].suit;
    if (led != SUIT_NONE && suit != led && !t->showed_out[seat][led])
        t->showed_out[seat][led] = t->log.n + 1;
    int out = suit >= 0 ? t->showed_out[seat][suit] : 0;
    return out && physical_arrived_at(t, card) < out - 1 ? out : 0;
}
