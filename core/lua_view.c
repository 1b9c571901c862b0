#include "lua_view.h"

#include <lauxlib.h>
#include <string.h>

/* A zone as the seat saw it when the view was made. */
typedef struct SnapZone {
    char name[NAME_LEN];
    int8_t owner;
    uint8_t vis;
    uint8_t n;
    uint8_t first; /* its bottom card's place among the snapshot's cards */
} SnapZone;

/* Every zone, then every card's name and whether the seat saw its face,
 * zone by zone from the bottom up: read, never changed, after it is made. */
typedef struct Snapshot {
    int nzones, ncards;
} Snapshot;

static SnapZone *zones_of(const Snapshot *s)
{
    return (SnapZone *)(void *)(s + 1);
}

static char (*names_of(const Snapshot *s))[CARD_NAME_LEN]
{
    return (char(*)[CARD_NAME_LEN])(void *)(zones_of(s) + s->nzones);
}

static uint8_t *seen_of(const Snapshot *s)
{
    return (uint8_t *)(void *)(names_of(s) + s->ncards);
}

/* Pushes a userdata holding what seat sees of t's zones, and returns it. */
static Snapshot *push_snapshot(lua_State *L, const Table *t, int seat)
{
    const Zones *zs = &t->zones;
    int ncards = 0;
    for (int z = 1; z <= zs->n; z++)
        ncards += zs->z[z].n;
    size_t size = sizeof(Snapshot) + (size_t)zs->n * sizeof(SnapZone) +
                  (size_t)ncards * (CARD_NAME_LEN + 1);
    Snapshot *s = lua_newuserdatauv(L, size, 0);
    s->nzones = zs->n;
    s->ncards = ncards;
    SnapZone *zones = zones_of(s);
    char(*names)[CARD_NAME_LEN] = names_of(s);
    uint8_t *seen = seen_of(s);
    int k = 0;
    for (int z = 1; z <= zs->n; z++) {
        const Zone *zone = &zs->z[z];
        SnapZone *sz = &zones[z - 1];
        memcpy(sz->name, zone->name, NAME_LEN);
        sz->owner = zone->owner;
        sz->vis = zone->vis;
        sz->n = zone->n;
        sz->first = (uint8_t)k;
        for (int i = 0; i < zone->n; i++, k++) {
            int c = zone->cards[i];
            seen[k] = (uint8_t)zones_seat_sees(zs, c, seat);
            if (seen[k])
                memcpy(names[k], t->deck.cards[c].name, CARD_NAME_LEN);
        }
    }
    return s;
}

/* Pushes zone z of the snapshot as its table: {cards = {...}, count,
 * owner, vis}, a hidden card being the "??" string at index hidden. */
static void push_zone(lua_State *L, const Snapshot *s, int z, int hidden)
{
    const SnapZone *sz = &zones_of(s)[z];
    const char(*names)[CARD_NAME_LEN] = names_of(s);
    const uint8_t *seen = seen_of(s);
    lua_createtable(L, 0, 4);
    lua_createtable(L, sz->n, 0);
    for (int i = 0; i < sz->n; i++) {
        int k = sz->first + i;
        if (seen[k])
            lua_pushstring(L, names[k]);
        else
            lua_pushvalue(L, hidden);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "cards");
    lua_pushinteger(L, sz->n);
    lua_setfield(L, -2, "count");
    lua_pushinteger(L, sz->owner);
    lua_setfield(L, -2, "owner");
    lua_pushstring(L, visibility_name((Visibility)sz->vis));
    lua_setfield(L, -2, "vis");
}

/* zones[name] = the table of zone z, left on the stack; zones at index
 * zones_idx, the "??" string at index hidden. */
static void fill_zone(lua_State *L, int zones_idx, const Snapshot *s, int z, int hidden)
{
    push_zone(L, s, z, hidden);
    lua_pushstring(L, zones_of(s)[z].name);
    lua_pushvalue(L, -2);
    lua_rawset(L, zones_idx);
}

/* __index(zones, name): the zone's table, made now from the snapshot
 * (upvalue 1) and kept in zones; nil for a name that is no zone. */
static int lzones_index(lua_State *L)
{
    const Snapshot *s = lua_touserdata(L, lua_upvalueindex(1));
    if (lua_type(L, 2) != LUA_TSTRING)
        return 0;
    const char *name = lua_tostring(L, 2);
    for (int z = 0; z < s->nzones; z++)
        if (strcmp(zones_of(s)[z].name, name) == 0) {
            lua_settop(L, 2);
            lua_pushliteral(L, "??");
            fill_zone(L, 1, s, z, 3);
            return 1;
        }
    return 0;
}

static int raw_next(lua_State *L)
{
    lua_settop(L, 2);
    if (lua_next(L, 1))
        return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs(zones): every zone not read yet is made first. */
static int lzones_pairs(lua_State *L)
{
    const Snapshot *s = lua_touserdata(L, lua_upvalueindex(1));
    lua_settop(L, 1);
    lua_pushliteral(L, "??");
    for (int z = 0; z < s->nzones; z++) {
        lua_pushstring(L, zones_of(s)[z].name);
        if (lua_rawget(L, 1) == LUA_TNIL)
            fill_zone(L, 1, s, z, 2);
        lua_settop(L, 2); /* the stack a C function may use is small: keep it flat */
    }
    lua_pushcfunction(L, raw_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

static void push_zones(lua_State *L, const Table *t, int seat, ViewZones how)
{
    const Snapshot *s = push_snapshot(L, t, seat);
    int snapshot = lua_gettop(L);
    lua_createtable(L, 0, s->nzones);
    if (how == VIEW_ZONES_FILLED) {
        lua_pushliteral(L, "??");
        for (int z = 0; z < s->nzones; z++) {
            fill_zone(L, snapshot + 1, s, z, snapshot + 2);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    } else {
        lua_createtable(L, 0, 3);
        lua_pushvalue(L, snapshot);
        lua_pushcclosure(L, lzones_index, 1);
        lua_setfield(L, -2, "__index");
        lua_pushvalue(L, snapshot);
        lua_pushcclosure(L, lzones_pairs, 1);
        lua_setfield(L, -2, "__pairs");
        /* The snapshot stays out of the bot's reach. */
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_setmetatable(L, -2);
    }
    lua_remove(L, snapshot);
}

void lview_push(lua_State *L, const Table *t, int seat, ViewZones zones)
{
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, seat);
    lua_setfield(L, -2, "seat");

    push_zones(L, t, seat, zones);
    lua_setfield(L, -2, "zones");

    lua_createtable(L, t->dice.n, 0);
    for (int d = 1; d <= t->dice.n; d++) {
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, t->dice.d[d].faces);
        lua_setfield(L, -2, "faces");
        if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value) {
            lua_pushinteger(L, t->dice.d[d].value);
            lua_setfield(L, -2, "value");
        }
        lua_rawseti(L, -2, d);
    }
    lua_setfield(L, -2, "dice");

    lua_createtable(L, 0, t->ledger.n);
    for (int a = 1; a <= t->ledger.n; a++) {
        lua_pushinteger(L, t->ledger.a[a].balance);
        lua_setfield(L, -2, t->ledger.a[a].name);
    }
    lua_setfield(L, -2, "accounts");

    lua_createtable(L, 0, 5);
    lua_pushinteger(L, t->seats.n);
    lua_setfield(L, -2, "n");
    lua_pushinteger(L, t->seats.current);
    lua_setfield(L, -2, "current");
    lua_pushinteger(L, t->seats.dealer);
    lua_setfield(L, -2, "dealer");
    lua_pushinteger(L, t->seats.direction);
    lua_setfield(L, -2, "direction");
    lua_createtable(L, 0, 0);
    for (int s = 1, k = 0; s <= t->seats.n; s++)
        if (!seats_active(&t->seats, s)) {
            lua_pushinteger(L, s);
            lua_rawseti(L, -2, ++k);
        }
    lua_setfield(L, -2, "eliminated");
    lua_setfield(L, -2, "seats");
}
