#include "zones.h"

#include <string.h>
#include "strfmt.h"

void zones_clear(Zones *zs)
{
    zs->n = 0;
    memset(zs->index, 0, sizeof zs->index);
    memset(zs->where, 0, sizeof zs->where);
    memset(zs->known, 0, sizeof zs->known);
    zs->physical = 0;
    memset(zs->bound, 0, sizeof zs->bound);
    memset(zs->named, 0, sizeof zs->named);
    memset(zs->claimed, 0, sizeof zs->claimed);
}

static unsigned name_slot(const char *name)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h % ZONE_INDEX_SLOTS;
}

ZoneStatus zones_add(Zones *zs, const char *name, int owner, Visibility vis, int *id)
{
    if (!strfmt_name_ok(name, NAME_LEN - 1))
        return ZONE_BAD_NAME;
    if (zones_find(zs, name))
        return ZONE_EXISTS;
    if (zs->n + 1 >= MAX_ZONES)
        return ZONE_FULL;
    Zone *z = &zs->z[++zs->n];
    memset(z, 0, sizeof *z);
    strcpy(z->name, name);
    z->owner = (int8_t)owner;
    z->vis = (uint8_t)vis;
    unsigned slot = name_slot(name);
    while (zs->index[slot])
        slot = (slot + 1) % ZONE_INDEX_SLOTS;
    zs->index[slot] = (uint8_t)zs->n;
    if (id)
        *id = zs->n;
    return ZONE_OK;
}

int zones_find(const Zones *zs, const char *name)
{
    for (unsigned slot = name_slot(name); zs->index[slot]; slot = (slot + 1) % ZONE_INDEX_SLOTS)
        if (strcmp(zs->z[zs->index[slot]].name, name) == 0)
            return zs->index[slot];
    return 0;
}

const char *zone_status_text(ZoneStatus s)
{
    switch (s) {
    case ZONE_OK: return "ok";
    case ZONE_FULL: return "too many zones (at most 63)";
    case ZONE_EXISTS: return "a zone of that name already exists";
    case ZONE_BAD_NAME: return "a zone name is 1 to 23 bytes of UTF-8 text without spaces, quotes, backslashes or control characters";
    case ZONE_EMPTY: return "the zone is empty";
    case ZONE_NO_CARD: return "no such card there";
    }
    return "unknown zone status";
}

static const char *VIS_NAMES[] = {"hidden", "owner", "public", "top"};

const char *visibility_name(Visibility v)
{
    return (unsigned)v < 4 ? VIS_NAMES[v] : "?";
}

int visibility_parse(const char *s, Visibility *out)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(s, VIS_NAMES[i]) == 0) {
            *out = (Visibility)i;
            return 1;
        }
    return 0;
}

static void unlink_card(Zones *zs, int card)
{
    int from = zs->where[card];
    if (!from)
        return;
    Zone *z = &zs->z[from];
    int i = z->n - 1;
    while (i >= 0 && z->cards[i] != card)
        i--;
    memmove(&z->cards[i], &z->cards[i + 1], (size_t)(z->n - 1 - i));
    z->n--;
    zs->where[card] = 0;
}

void zones_place(Zones *zs, int card, int zone)
{
    zones_move(zs, card, zone);
}

void zones_move(Zones *zs, int card, int to)
{
    unlink_card(zs, card);
    Zone *z = &zs->z[to];
    z->cards[z->n++] = (uint8_t)card;
    zs->where[card] = (uint8_t)to;
}

void zones_move_bottom(Zones *zs, int card, int to)
{
    unlink_card(zs, card);
    Zone *z = &zs->z[to];
    memmove(&z->cards[1], &z->cards[0], z->n);
    z->cards[0] = (uint8_t)card;
    z->n++;
    zs->where[card] = (uint8_t)to;
}

int zones_top(const Zones *zs, int zone)
{
    const Zone *z = &zs->z[zone];
    return z->n ? z->cards[z->n - 1] : 0;
}

int zones_index(const Zones *zs, int card)
{
    int zone = zs->where[card];
    if (!zone)
        return -1;
    const Zone *z = &zs->z[zone];
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] == card)
            return i;
    return -1;
}

void zones_shuffle(Zones *zs, int zone, const Chance *chance)
{
    Zone *z = &zs->z[zone];
    for (int i = z->n - 1; i > 0; i--) {
        int j = (int)chance->below(chance->ctx, (uint32_t)i + 1, "shuffle");
        uint8_t tmp = z->cards[i];
        z->cards[i] = z->cards[j];
        z->cards[j] = tmp;
    }
    /* After a shuffle nobody can tell which card is where; of a real
     * deck, the referee cannot either. */
    for (int i = 0; i < z->n; i++) {
        zs->known[z->cards[i]] = 0;
        zs->bound[z->cards[i]] = 0;
        zs->claimed[z->cards[i]] = 0;
    }
}

int zones_seat_sees(const Zones *zs, int card, int seat)
{
    int zone = zs->where[card];
    if (!zone || (zs->physical && !zs->bound[card]))
        return 0;
    if (seat >= 1 && seat <= MAX_SEATS && (zs->known[card] & (1u << seat)))
        return 1;
    if (seat == 0 && zs->known[card] == ALL_SEATS)
        return 1; /* shown to all: a spectator sees it too (the dealer's kept trump) */
    const Zone *z = &zs->z[zone];
    switch ((Visibility)z->vis) {
    case VIS_PUBLIC: return 1;
    case VIS_OWNER: return seat != 0 && z->owner == seat;
    case VIS_TOP: return z->cards[z->n - 1] == card;
    case VIS_HIDDEN: return 0;
    }
    return 0;
}

int zones_resample(Zones *zs, int seat, Rng *rng)
{
    uint8_t zone_of[MAX_CARDS], slot_of[MAX_CARDS];
    int16_t cards[MAX_CARDS];
    int n = 0;
    for (int zi = 1; zi <= zs->n; zi++) {
        Zone *z = &zs->z[zi];
        for (int i = 0; i < z->n; i++)
            if (!zones_seat_sees(zs, z->cards[i], seat)) {
                zone_of[n] = (uint8_t)zi;
                slot_of[n] = (uint8_t)i;
                cards[n++] = z->cards[i];
            }
    }
    rng_shuffle16(rng, cards, n);
    for (int k = 0; k < n; k++) {
        zs->z[zone_of[k]].cards[slot_of[k]] = (uint8_t)cards[k];
        zs->where[cards[k]] = zone_of[k];
    }
    return n;
}
