#include "page_table.h"

#include <stdlib.h>
#include <string.h>

/* Whose a zone is by its name, as the log says it (table_zone_said):
 * "hand2" or "side2" is seat 2's, unless another seat owns it; else 0. */
static int zone_seat(const Table *t, const Zone *zone, size_t *base)
{
    size_t len = strlen(zone->name);
    *base = len;
    while (*base > 0 && zone->name[*base - 1] >= '0' && zone->name[*base - 1] <= '9')
        (*base)--;
    int seat = *base > 0 && *base < len ? atoi(zone->name + *base) : 0;
    if (seat < 1 || seat > t->seats.n || (zone->owner && zone->owner != seat))
        return 0;
    return seat;
}

static json_t *zone_json(const Table *t, int z, int seat)
{
    const Zone *zone = &t->zones.z[z];
    json_t *cards = json_array();
    for (int i = 0; i < zone->n; i++) {
        int c = zone->cards[i];
        json_array_append_new(cards, zones_seat_sees(&t->zones, c, seat)
                                         ? json_string(t->deck.cards[c].name)
                                         : json_null());
    }
    size_t base;
    int whose = zone_seat(t, zone, &base);
    /* kind: the place ("hand"); seat: whose it is; owner: who alone sees it */
    json_t *j = json_pack("{s:o, s:i, s:i, s:o}", "kind",
                          whose ? json_stringn(zone->name, base) : json_string(zone->name), "seat", whose,
                          "owner", zone->owner, "cards", cards);
    if (zone->vis == VIS_TOP)
        json_object_set_new(j, "top_only", json_true());
    return j;
}

static json_t *dice_json(const Table *t, int seat)
{
    json_t *dice = json_array();
    for (int d = 1; d <= t->dice.n; d++) {
        const Die *die = &t->dice.d[d];
        int seen = dice_seat_sees(&t->dice, d, seat) && die->value;
        json_array_append_new(dice, json_pack("{s:i, s:o}", "faces", die->faces, "value",
                                              seen ? json_integer(die->value) : json_null()));
    }
    return dice;
}

/* Accounts by whose they are: "seat2" is seat 2's; any other (the pot)
 * by its name. */
static json_t *credits_json(const Table *t)
{
    json_t *credits = json_array();
    for (int a = 1; a <= t->ledger.n; a++) {
        const char *name = t->ledger.a[a].name;
        json_int_t balance = (json_int_t)t->ledger.a[a].balance;
        char *end;
        long seat = strncmp(name, "seat", 4) == 0 ? strtol(name + 4, &end, 10) : 0;
        if (seat >= 1 && seat <= t->seats.n && *end == '\0' && end != name + 4)
            json_array_append_new(credits, json_pack("{s:i, s:I}", "seat", (int)seat, "balance", balance));
        else
            json_array_append_new(credits, json_pack("{s:s, s:I}", "name", name, "balance", balance));
    }
    return credits;
}

json_t *page_table_json(const Table *t, int seat)
{
    json_t *zones = json_array();
    for (int z = 1; z <= t->zones.n; z++)
        json_array_append_new(zones, zone_json(t, z, seat));
    json_t *out = json_array();
    for (int s = 1; s <= t->seats.n; s++)
        if (!seats_active(&t->seats, s))
            json_array_append_new(out, json_integer(s));
    json_t *j = json_pack("{s:o, s:o, s:o, s:i, s:i, s:o}", "zones", zones, "dice", dice_json(t, seat),
                          "credits", credits_json(t), "turn", t->seats.current, "direction",
                          t->seats.direction, "out", out);
    if (t->seats.dealer_named)
        json_object_set_new(j, "dealer", json_integer(t->seats.dealer));
    return j;
}
