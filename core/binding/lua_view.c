#include "../lua/ordered_next.h"
#include "lua_view.h"

#include <lauxlib.h>
#include <string.h>
#include "../lua/lua_keys.h"
#include "../lua/lua_weak.h"
#include "../lua/plain_bytes.h"

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
 * owner, vis}, a hidden card being "??"; keys: the key table's index. */
static void push_zone(lua_State *L, int keys, const Snapshot *s, int z)
{
    const SnapZone *sz = &zones_of(s)[z];
    const char(*names)[CARD_NAME_LEN] = names_of(s);
    const uint8_t *seen = seen_of(s);
    lua_createtable(L, 0, 4);
    lkeys_push_key(L, keys, KEY_CARDS);
    lua_createtable(L, sz->n, 0);
    for (int i = 0; i < sz->n; i++) {
        int k = sz->first + i;
        if (seen[k])
            lua_pushstring(L, names[k]);
        else
            lkeys_push_key(L, keys, KEY_HIDDEN_CARD);
        lua_rawseti(L, -2, i + 1);
    }
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_COUNT);
    lua_pushinteger(L, sz->n);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_OWNER);
    lua_pushinteger(L, sz->owner);
    lua_rawset(L, -3);
    lkeys_push_key(L, keys, KEY_VIS);
    lua_pushstring(L, visibility_name((Visibility)sz->vis));
    lua_rawset(L, -3);
}

/* zones[name] = the table of zone z, left on the stack; zones at index
 * zones_idx. */
static void fill_zone(lua_State *L, int keys, int zones_idx, const Snapshot *s, int z)
{
    push_zone(L, keys, s, z);
    lua_pushstring(L, zones_of(s)[z].name);
    lua_pushvalue(L, -2);
    lua_rawset(L, zones_idx);
}

/* A lazily made table (view.zones, view.vars) finds its snapshot in a
 * weak-keyed table of the state (lazy table -> snapshot), and shares its
 * metatable with every table of its kind in the state: making a
 * metatable for each view cost about 900 instructions. The metamethods
 * are C closures whose upvalues are that table (1) and the key table (2).
 * The lazy table at index 1; NULL when it has no snapshot (never, as the
 * bot cannot reach the metamethods). */
#define SNAPSHOTS lua_upvalueindex(1)
#define KEYS lua_upvalueindex(2)

static void *snapshot_of(lua_State *L)
{
    lua_pushvalue(L, 1);
    lua_rawget(L, SNAPSHOTS);
    void *s = lua_touserdata(L, -1); /* kept alive while the table lives */
    lua_pop(L, 1);
    return s;
}

/* Pushes the weak-keyed table of snapshots, made the first time; keys:
 * the key table's index. */
static void push_snapshots(lua_State *L, int keys)
{
    if (lua_rawgeti(L, keys, KEY_SNAPSHOTS) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    lweak_push(L, "k");
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys, KEY_SNAPSHOTS);
}

/* Pushes the metatable in slot mt, made the first time with these
 * metamethods, and __metatable false to keep it (and so the other views'
 * tables) out of the bot's reach. */
static void push_metatable(lua_State *L, int keys, LuaKey mt, const luaL_Reg *methods)
{
    if (lua_rawgeti(L, keys, mt) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 5);
    for (; methods->name; methods++) {
        push_snapshots(L, keys);
        lua_pushvalue(L, keys);
        lua_pushcclosure(L, methods->func, 2);
        lua_setfield(L, -2, methods->name);
    }
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_rawseti(L, keys, mt);
}

/* Makes the table on top lazy: its snapshot the value at index snapshot,
 * its metatable the one in slot mt (with these methods). */
static void make_lazy(lua_State *L, int keys, int snapshot, LuaKey mt, const luaL_Reg *methods)
{
    push_snapshots(L, keys);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, snapshot);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    push_metatable(L, keys, mt, methods);
    lua_setmetatable(L, -2);
}

/* __index(zones, name): the zone's table, made now from the snapshot and
 * kept in zones; nil for a name that is no zone. */
static int lzones_index(lua_State *L)
{
    const Snapshot *s = snapshot_of(L);
    if (!s || lua_type(L, 2) != LUA_TSTRING)
        return 0;
    const char *name = lua_tostring(L, 2);
    for (int z = 0; z < s->nzones; z++)
        if (strcmp(zones_of(s)[z].name, name) == 0) {
            lua_settop(L, 2);
            fill_zone(L, KEYS, 1, s, z);
            return 1;
        }
    return 0;
}

/* __pairs(zones): every zone not read yet is made first. */
static int lzones_pairs(lua_State *L)
{
    const Snapshot *s = snapshot_of(L);
    lua_settop(L, 1);
    for (int z = 0; s && z < s->nzones; z++) {
        lua_pushstring(L, zones_of(s)[z].name);
        if (lua_rawget(L, 1) == LUA_TNIL)
            fill_zone(L, KEYS, 1, s, z);
        lua_settop(L, 1); /* the stack a C function may use is small: keep it flat */
    }
    return ordered_pairs_of(L, 1); /* the same order as pairs of any table */
}

/* The rules' vars as a bot's view holds them: the bytes plain_write made,
 * and for each top-level entry where its key is and whether it has been
 * made in the table (or set there by the bot), after which the table's own
 * entry is the one that counts. */
typedef struct VarsSnapshot {
    size_t entries; /* a size_t: the key offsets after it stay aligned */
} VarsSnapshot;

static size_t *keys_of(const VarsSnapshot *s)
{
    return (size_t *)(void *)(s + 1);
}

static uint8_t *made_of(const VarsSnapshot *s)
{
    return (uint8_t *)(keys_of(s) + s->entries);
}

static const char *bytes_of(const VarsSnapshot *s)
{
    return (const char *)(made_of(s) + s->entries);
}

/* The top-level entry whose key is the value at idx, or -1. */
static int find_entry(const VarsSnapshot *s, lua_State *L, int idx)
{
    PlainKey key;
    if (!plain_key_of(L, idx, &key))
        return -1;
    for (uint32_t i = 0; i < s->entries; i++)
        if (plain_key_is(bytes_of(s), keys_of(s)[i], &key))
            return (int)i;
    return -1;
}

/* vars[key] = the value of entry i, made now and left on the stack; vars
 * at index 1. */
static void make_entry(lua_State *L, VarsSnapshot *s, uint32_t i)
{
    size_t at = keys_of(s)[i];
    plain_push(L, bytes_of(s), &at);
    plain_push(L, bytes_of(s), &at);
    lua_pushvalue(L, -1);
    lua_rotate(L, -3, 1);
    lua_rawset(L, 1);
    made_of(s)[i] = 1;
}

/* __index(vars, key): the entry's value, made now from the snapshot and
 * kept in vars; nil for a key vars did not have. */
static int lvars_index(lua_State *L)
{
    VarsSnapshot *s = snapshot_of(L);
    int i = s ? find_entry(s, L, 2) : -1;
    if (i < 0 || made_of(s)[i])
        return 0;
    lua_settop(L, 2);
    make_entry(L, s, (uint32_t)i);
    return 1;
}

/* __newindex(vars, key, value): the bot's own value, set over the
 * snapshot's for good (set back to nil, it stays nil). */
static int lvars_newindex(lua_State *L)
{
    VarsSnapshot *s = snapshot_of(L);
    int i = s ? find_entry(s, L, 2) : -1;
    if (i >= 0)
        made_of(s)[i] = 1;
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

static void make_every_entry(lua_State *L)
{
    VarsSnapshot *s = snapshot_of(L);
    lua_settop(L, 1);
    for (uint32_t i = 0; s && i < s->entries; i++)
        if (!made_of(s)[i]) {
            make_entry(L, s, i);
            lua_settop(L, 1);
        }
}

/* __pairs(vars): every entry not made yet is made first. */
static int lvars_pairs(lua_State *L)
{
    make_every_entry(L);
    return ordered_pairs_of(L, 1);
}

/* __len(vars): as # of the whole table. */
static int lvars_len(lua_State *L)
{
    make_every_entry(L);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
    return 1;
}

static const luaL_Reg VARS_METHODS[] = {{"__index", lvars_index},
                                        {"__newindex", lvars_newindex},
                                        {"__pairs", lvars_pairs},
                                        {"__len", lvars_len},
                                        {NULL, NULL}};
static const luaL_Reg ZONES_METHODS[] = {{"__index", lzones_index}, {"__pairs", lzones_pairs}, {NULL, NULL}};

static void push_vars(lua_State *L, int keys, const char *bytes, size_t size)
{
    PlainTable top;
    size_t at = 0;
    if (!plain_table(bytes, &at, &top)) {
        plain_push(L, bytes, &at);
        return;
    }
    VarsSnapshot *s = lua_newuserdatauv(
        L, sizeof *s + top.entries * (sizeof(size_t) + 1) + size, 0);
    s->entries = top.entries;
    memcpy((char *)bytes_of(s), bytes, size);
    for (uint32_t i = 0; i < top.entries; i++) {
        keys_of(s)[i] = at;
        made_of(s)[i] = 0;
        plain_skip(bytes, &at);
        plain_skip(bytes, &at);
    }
    int snapshot = lua_gettop(L);
    lua_createtable(L, (int)top.narray, (int)top.nhash);
    make_lazy(L, keys, snapshot, KEY_VARS_MT, VARS_METHODS);
    lua_remove(L, snapshot);
}

static void push_zones(lua_State *L, int keys, const Table *t, int seat, ViewZones how)
{
    const Snapshot *s = push_snapshot(L, t, seat);
    int snapshot = lua_gettop(L);
    lua_createtable(L, 0, s->nzones);
    if (how == VIEW_ZONES_FILLED) {
        for (int z = 0; z < s->nzones; z++) {
            fill_zone(L, keys, snapshot + 1, s, z);
            lua_pop(L, 1);
        }
    } else {
        make_lazy(L, keys, snapshot, KEY_ZONES_MT, ZONES_METHODS);
    }
    lua_remove(L, snapshot);
}

/* t[key] = integer v, t on top. */
static void set_integer(lua_State *L, int keys, LuaKey key, lua_Integer v)
{
    lkeys_push_key(L, keys, key);
    lua_pushinteger(L, v);
    lua_rawset(L, -3);
}

static void push_view(lua_State *L, int keys, const Table *t, int seat, ViewZones zones)
{
    lua_createtable(L, 0, 8);
    set_integer(L, keys, KEY_SEAT, seat);

    lkeys_push_key(L, keys, KEY_ZONES);
    push_zones(L, keys, t, seat, zones);
    lua_rawset(L, -3);

    lkeys_push_key(L, keys, KEY_DICE);
    lua_createtable(L, t->dice.n, 0);
    for (int d = 1; d <= t->dice.n; d++) {
        lua_createtable(L, 0, 2);
        set_integer(L, keys, KEY_FACES, t->dice.d[d].faces);
        if (dice_seat_sees(&t->dice, d, seat) && t->dice.d[d].value)
            set_integer(L, keys, KEY_VALUE, t->dice.d[d].value);
        lua_rawseti(L, -2, d);
    }
    lua_rawset(L, -3);

    lkeys_push_key(L, keys, KEY_ACCOUNTS);
    lua_createtable(L, 0, t->ledger.n);
    for (int a = 1; a <= t->ledger.n; a++) {
        lua_pushinteger(L, t->ledger.a[a].balance);
        lua_setfield(L, -2, t->ledger.a[a].name);
    }
    lua_rawset(L, -3);

    lkeys_push_key(L, keys, KEY_SEATS);
    lua_createtable(L, 0, 5);
    set_integer(L, keys, KEY_N, t->seats.n);
    set_integer(L, keys, KEY_CURRENT, t->seats.current);
    set_integer(L, keys, KEY_DEALER, t->seats.dealer);
    set_integer(L, keys, KEY_DIRECTION, t->seats.direction);
    lkeys_push_key(L, keys, KEY_ELIMINATED);
    lua_createtable(L, 0, 0);
    for (int s = 1, k = 0; s <= t->seats.n; s++)
        if (!seats_active(&t->seats, s)) {
            lua_pushinteger(L, s);
            lua_rawseti(L, -2, ++k);
        }
    lua_rawset(L, -3);
    lua_rawset(L, -3);
}

void lview_push(lua_State *L, const Table *t, int seat, ViewZones zones)
{
    lkeys_push(L);
    push_view(L, lua_gettop(L), t, seat, zones);
    lua_remove(L, -2);
}

int lview_prepare(lua_State *L)
{
    lkeys_push(L);
    int keys = lua_gettop(L);
    push_metatable(L, keys, KEY_ZONES_MT, ZONES_METHODS);
    push_metatable(L, keys, KEY_VARS_MT, VARS_METHODS);
    lua_settop(L, keys - 1);
    return 0;
}

void lview_push_with_vars(lua_State *L, int keys, const Table *t, int seat, const PlainBytes *vars)
{
    push_view(L, keys, t, seat, VIEW_ZONES_ON_READ);
    lkeys_push_key(L, keys, KEY_VARS);
    push_vars(L, keys, vars->data, vars->size);
    lua_rawset(L, -3);
}
