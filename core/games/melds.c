#include "melds.h"
#include "../kernel/strfmt.h"

#include <stdlib.h>
#include <string.h>

/* Places a run's cards take: 1 (the ace low) to 14 (the ace high). */
#define PLACES 15

/* The picks of both zones: the table's cards, then the hand's, each in
 * its zone's order, each card's faces in order. */
typedef struct Picks {
    MeldPick p[2 * 2 * MAX_CARDS];
    uint8_t in_sets[2 * 2 * MAX_CARDS]; /* a card with two faces of one rank counts once in a set */
    int n;
} Picks;

static void add_zone(const Table *t, int zone, int hand, Picks *all)
{
    const Zone *z = &t->zones.z[zone];
    for (int i = 0; i < z->n; i++) {
        Face f[2];
        int c = z->cards[i], faces = card_faces(&t->deck.cards[c], f);
        for (int k = 0; k < faces; k++) {
            all->p[all->n] = (MeldPick){(uint8_t)c, (uint8_t)k, f[k].rank, f[k].suit, (uint8_t)hand};
            all->in_sets[all->n++] = k == 0 || f[0].rank != f[1].rank;
        }
    }
}

void meld_card_text(const Table *t, const MeldPick *p, char *buf)
{
    const char *name = t->deck.cards[p->card].name;
    if (!p->second || !card_name_swapped(name, buf, CARD_NAME_LEN))
        strfmt_copy(buf, CARD_NAME_LEN, name);
}

/* What a search has spent, against its bounds (melds.h); stopped once
 * either is passed, and every loop then unwinds. */
typedef struct Search {
    long steps, found;
    int stopped;
    MeldFn emit;
    void *ctx;
} Search;

/* One more step; 0 once the search must stop. */
static int step(Search *s, long cost)
{
    s->steps += cost;
    if (s->steps > MELD_MOST_STEPS)
        s->stopped = 1;
    return !s->stopped;
}

static void found(Search *s, const MeldPick *picks, int n)
{
    if (++s->found > MELD_MOST_FOUND) {
        s->stopped = 1;
        return;
    }
    s->emit(s->ctx, picks, n);
}

/* ---- sets ---- */

typedef struct Written {
    MeldPick pick;
    char text[CARD_NAME_LEN];
} Written;

static int by_suit_then_text(const void *a, const void *b)
{
    const Written *x = a, *y = b;
    if (x->pick.suit != y->pick.suit)
        return x->pick.suit - y->pick.suit;
    return strcmp(x->text, y->text);
}

/* Every set of one rank's picks (the table's, then the hand's): each
 * choice of them, as the bits of a count, that takes enough of each. */
static void sets_of(Written *list, int n, int from_hand, int from_table, Search *s)
{
    qsort(list, (size_t)n, sizeof *list, by_suit_then_text);
    MeldPick chosen[MELD_MOST_OF_A_RANK];
    for (unsigned mask = 1; mask < 1u << n && step(s, n); mask++) {
        int k = 0, hand = 0;
        for (int i = 0; i < n; i++)
            if (mask >> i & 1u) {
                chosen[k++] = list[i].pick;
                hand += list[i].pick.hand;
            }
        if (k >= 3 && hand >= from_hand && k - hand >= from_table)
            found(s, chosen, k);
    }
}

/* ---- runs ---- */

/* One suit's picks by zone and place, each list in the picks' order:
 * of[at[zone][place]] onwards, n[zone][place] of them. */
typedef struct Places {
    const MeldPick *of[2 * 2 * 2 * MAX_CARDS]; /* an ace at two places */
    int at[2][PLACES], n[2][PLACES];
} Places;

typedef struct Run {
    const Places *places;
    int from_hand, from_table, last;
    MeldPick chosen[PLACES];
    int k, hand;
    uint8_t used[MAX_CARDS + 1];
    Search *search;
} Run;

static void fill(Run *r, int place);

/* Each pick of one zone at place not yet used, and the places after it. */
static void take_each(Run *r, int zone, int place)
{
    const Places *pl = r->places;
    for (int i = 0; i < pl->n[zone][place] && step(r->search, 1); i++) {
        const MeldPick *p = pl->of[pl->at[zone][place] + i];
        if (r->used[p->card])
            continue;
        r->used[p->card] = 1;
        r->chosen[r->k++] = *p;
        r->hand += p->hand;
        fill(r, place + 1);
        r->hand -= p->hand;
        r->k--;
        r->used[p->card] = 0;
    }
}

static void fill(Run *r, int place)
{
    /* Each place left adds one card: too few left to take enough of a
     * zone, and nothing down this way can be a meld. */
    int left = r->last - place + 1;
    if (r->hand + left < r->from_hand || r->k - r->hand + left < r->from_table)
        return;
    if (place > r->last) {
        if (r->hand >= r->from_hand && r->k - r->hand >= r->from_table)
            found(r->search, r->chosen, r->k);
        return;
    }
    take_each(r, 0, place);
    take_each(r, 1, place);
}

/* Within each stretch of filled places, every span of three or more that
 * holds a place the hand can fill (no other span takes from the hand). */
static void runs_of(Run *r)
{
    const Places *pl = r->places;
    int first = 0;
    for (int p = 1; p <= PLACES; p++) {
        if (p < PLACES && (pl->n[0][p] || pl->n[1][p])) {
            first = first ? first : p;
            continue;
        }
        for (int low = first; first && low <= p - 3; low++)
            for (int high = low + 2; high <= p - 1; high++) {
                int hand_in_span = r->from_hand == 0;
                for (int q = low; q <= high; q++)
                    hand_in_span |= pl->n[1][q] > 0;
                if (hand_in_span && !r->search->stopped) {
                    r->last = high;
                    fill(r, low);
                }
            }
        first = 0;
    }
}

/* A pick's places in a run: its rank, and 1 too for an ace. */
static int places_of(const MeldPick *p, int place[2])
{
    place[0] = p->rank;
    place[1] = 1;
    return p->rank == RANK_A ? 2 : 1;
}

/* The runs of one suit, when both zones have a card of it. */
static void runs_in_suit(const Picks *all, int suit, Places *pl, Run *r)
{
    memset(pl->n, 0, sizeof pl->n);
    for (int i = 0; i < all->n; i++) {
        int place[2];
        for (int k = 0, m = places_of(&all->p[i], place); k < m && all->p[i].suit == suit; k++)
            pl->n[all->p[i].hand][place[k]]++;
    }
    int any[2] = {0, 0}, total = 0;
    for (int zone = 0; zone < 2; zone++)
        for (int p = 0; p < PLACES; p++) {
            pl->at[zone][p] = total;
            total += pl->n[zone][p];
            any[zone] |= pl->n[zone][p] > 0;
            pl->n[zone][p] = 0;
        }
    if (!any[0] || !any[1])
        return;
    for (int i = 0; i < all->n; i++) {
        const MeldPick *q = &all->p[i];
        int place[2];
        for (int k = 0, m = places_of(q, place); k < m && q->suit == suit; k++)
            pl->of[pl->at[q->hand][place[k]] + pl->n[q->hand][place[k]]++] = q;
    }
    /* (the run's chosen cards and their count are set as it goes; used is
     * cleared as the search backs out, so all four suits share one) */
    r->places = pl;
    runs_of(r);
}

MeldsStatus melds_find(const Table *t, int hand_zone, int table_zone, int from_hand, int from_table,
                       MeldFn emit, void *ctx)
{
    Search s = {0, 0, 0, emit, ctx};
    Picks all;
    all.n = 0;
    add_zone(t, table_zone, 0, &all);
    add_zone(t, hand_zone, 1, &all);

    int in[2][RANK_A + 1] = {{0}};
    for (int i = 0; i < all.n; i++)
        if (all.in_sets[i])
            in[all.p[i].hand][all.p[i].rank]++;
    for (int rank = 2; rank <= RANK_A; rank++)
        if (in[0][rank] + in[1][rank] > MELD_MOST_OF_A_RANK)
            return MELDS_RANK_TOO_FULL;
    /* Each rank's picks, the table's then the hand's, as a set takes them. */
    Written list[MELD_MOST_OF_A_RANK];
    for (int rank = 2; rank <= RANK_A; rank++) {
        if (in[1][rank] < from_hand || in[0][rank] < from_table || in[0][rank] + in[1][rank] < 3)
            continue;
        int n = 0;
        for (int i = 0; i < all.n; i++)
            if (all.in_sets[i] && all.p[i].rank == rank) {
                list[n].pick = all.p[i];
                meld_card_text(t, &all.p[i], list[n++].text);
            }
        sets_of(list, n, from_hand, from_table, &s);
    }
    Places pl;
    Run r = {.from_hand = from_hand, .from_table = from_table, .search = &s};
    for (int suit = SUIT_C; suit <= SUIT_S && !s.stopped; suit++)
        runs_in_suit(&all, suit, &pl, &r);
    return s.stopped ? MELDS_TOO_MANY : MELDS_OK;
}
