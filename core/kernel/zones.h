/* zones: named piles of cards with an owner and a visibility. Each card is in
 * exactly one zone. Besides the zone's own visibility, every card carries the
 * set of seats it has been revealed to; that knowledge stays with the card
 * when it moves and is forgotten when its zone is shuffled. */
#ifndef REFEREE_ZONES_H
#define REFEREE_ZONES_H

#include <stdint.h>
#include "chance.h"
#include "limits.h"
#include "rng.h"

typedef enum Visibility {
    VIS_HIDDEN = 0, /* nobody sees the faces */
    VIS_OWNER,      /* only the owner seat */
    VIS_PUBLIC,     /* everybody */
    VIS_TOP,        /* everybody sees the top card only */
} Visibility;

typedef struct Zone {
    char name[NAME_LEN];
    int8_t owner;      /* seat 1..MAX_SEATS, or 0 */
    uint8_t vis;       /* Visibility */
    uint8_t n;         /* cards[0] is the bottom, cards[n-1] the top */
    uint8_t cards[MAX_CARDS];
} Zone;

/* Slots of the zone-name index: twice MAX_ZONES, so probes stay short. */
#define ZONE_INDEX_SLOTS (2 * MAX_ZONES)

typedef struct Zones {
    int n;
    Zone z[MAX_ZONES];           /* ids are 1..n; z[0] unused */
    /* Rules name a zone on nearly every call: an open-addressed hash of
     * the names (zone id, 0 = free) finds it with one compare. */
    uint8_t index[ZONE_INDEX_SLOTS];
    uint8_t where[MAX_CARDS + 1];  /* zone of each card, 0 = not placed */
    uint32_t known[MAX_CARDS + 1]; /* seats each card was revealed to */
    /* A physical deck (physical_cards.h): a card's id stands for a real
     * card whose face the referee knows only once it is shown (bound);
     * until then nobody, its holder included, sees it through the referee. */
    uint8_t physical;
    uint8_t bound[MAX_CARDS + 1];
    /* The cards the move being applied names (the person typed their
     * names): laid face up or revealed, they are bound; a card shown that
     * nobody named (a bonus card off the stock) stays "a card". */
    uint8_t named[MAX_CARDS + 1];
    /* Cards a person named that nobody has seen since (a discard face
     * down): the name is theirs until the pile is shuffled, so a second
     * card given it tells the table one of the two is mistaken. */
    uint8_t claimed[MAX_CARDS + 1];
} Zones;

typedef enum ZoneStatus {
    ZONE_OK = 0,
    ZONE_FULL,
    ZONE_EXISTS,
    ZONE_BAD_NAME,
    ZONE_EMPTY,
    ZONE_NO_CARD,
} ZoneStatus;

void zones_clear(Zones *zs);
ZoneStatus zones_add(Zones *zs, const char *name, int owner, Visibility vis, int *id);
int zones_find(const Zones *zs, const char *name);
const char *zone_status_text(ZoneStatus s);
const char *visibility_name(Visibility v);
int visibility_parse(const char *s, Visibility *out);

/* Puts an unplaced card on top of a zone (building the deck). */
void zones_place(Zones *zs, int card, int zone);
/* Moves a card (wherever it is) to the top of zone `to`. */
void zones_move(Zones *zs, int card, int to);
/* Moves a card to the bottom of zone `to`. */
void zones_move_bottom(Zones *zs, int card, int to);
/* The top card of a zone, or 0 if empty. */
int zones_top(const Zones *zs, int zone);
/* Position of the card in its zone (0 = bottom), or -1 if unplaced. */
int zones_index(const Zones *zs, int card);
void zones_shuffle(Zones *zs, int zone, const Chance *chance);

/* May `seat` see the face of `card` where it lies now? */
int zones_seat_sees(const Zones *zs, int card, int seat);
/* Reshuffles every card `seat` cannot see among the places such cards hold,
 * with a stream of the caller's. Cards the seat sees never move, and each
 * zone keeps its size. Returns how many cards took part. */
int zones_resample(Zones *zs, int seat, Rng *rng);

#endif
