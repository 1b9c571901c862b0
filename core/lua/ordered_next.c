#include "ordered_next.h"

#include <lauxlib.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* Registry keys: the state's ordered next, and its pairs. */
static const char NEXT_KEY = 'n';
static const char PAIRS_KEY = 'p';

enum { RANK_NUMBER, RANK_STRING, RANK_BOOLEAN, RANK_OBJECT };

/* A key as the order sees it. */
typedef struct Key {
    uint64_t prefix; /* a string's first 8 bytes, big-endian: most strings differ there */
    const char *s;
    size_t len;
    union {
        lua_Integer i; /* an integer, or a boolean */
        lua_Number d;
    };
    int32_t slot; /* where lua_next gave it */
    int8_t rank, is_int;
} Key;

static void key_at(lua_State *L, int idx, Key *k)
{
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        k->rank = RANK_NUMBER;
        k->is_int = (int8_t)lua_isinteger(L, idx);
        if (k->is_int)
            k->i = lua_tointeger(L, idx);
        else
            k->d = lua_tonumber(L, idx);
        break;
    case LUA_TSTRING:
        k->rank = RANK_STRING;
        k->s = lua_tolstring(L, idx, &k->len);
        unsigned char head[8] = {0};
        memcpy(head, k->s, k->len < 8 ? k->len : 8);
        k->prefix = (uint64_t)head[0] << 56 | (uint64_t)head[1] << 48 | (uint64_t)head[2] << 40 |
                    (uint64_t)head[3] << 32 | (uint64_t)head[4] << 24 | (uint64_t)head[5] << 16 |
                    (uint64_t)head[6] << 8 | head[7];
        break;
    case LUA_TBOOLEAN:
        k->rank = RANK_BOOLEAN;
        k->i = lua_toboolean(L, idx);
        break;
    default:
        k->rank = RANK_OBJECT;
    }
}

/* The sign of i - d, exactly (a float key is never NaN, and one with an
 * integer value is stored as that integer). */
static int compare_int_float(lua_Integer i, lua_Number d)
{
    if (d >= 9223372036854775808.0)
        return -1;
    if (d < -9223372036854775808.0)
        return 1;
    lua_Number floor_d = floor(d);
    lua_Integer f = (lua_Integer)floor_d;
    if (i != f)
        return i < f ? -1 : 1;
    return d > floor_d ? -1 : 0;
}

static inline int key_compare(const Key *a, const Key *b)
{
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    switch (a->rank) {
    case RANK_NUMBER:
        if (a->is_int && b->is_int)
            return (a->i > b->i) - (a->i < b->i);
        if (!a->is_int && !b->is_int)
            return (a->d > b->d) - (a->d < b->d);
        return a->is_int ? compare_int_float(a->i, b->d) : -compare_int_float(b->i, a->d);
    case RANK_STRING: {
        if (a->prefix != b->prefix)
            return a->prefix < b->prefix ? -1 : 1;
        int c = memcmp(a->s, b->s, a->len < b->len ? a->len : b->len);
        if (c)
            return c < 0 ? -1 : 1;
        return (a->len > b->len) - (a->len < b->len);
    }
    case RANK_BOOLEAN:
        return (int)(a->i - b->i);
    default:
        return 0; /* one object key at most */
    }
}

/* Sorts n keys (a merge sort through tmp, as many again; keys are unique,
 * so stability does not matter): the comparison inlined, where qsort's
 * indirect calls and copies of whole elements cost twice as much. */
static void sort_keys(Key *k, Key *tmp, lua_Integer n)
{
    for (lua_Integer i = 1; i < n; i++) { /* runs of 8, by insertion */
        lua_Integer start = i - i % 8;
        Key x = k[i];
        lua_Integer j = i;
        for (; j > start && key_compare(&k[j - 1], &x) > 0; j--)
            k[j] = k[j - 1];
        k[j] = x;
    }
    for (lua_Integer width = 8; width < n; width *= 2) {
        for (lua_Integer lo = 0; lo < n; lo += 2 * width) {
            lua_Integer mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            lua_Integer a = lo, b = mid, out = lo;
            while (a < mid && b < hi)
                tmp[out++] = key_compare(&k[a], &k[b]) <= 0 ? k[a++] : k[b++];
            while (a < mid)
                tmp[out++] = k[a++];
            while (b < hi)
                tmp[out++] = k[b++];
        }
        memcpy(k, tmp, (size_t)n * sizeof *k);
    }
}

static int too_many_objects(lua_State *L)
{
    return luaL_error(L, "pairs/next: this table has two or more keys that are tables, functions, "
                         "coroutines or userdata, whose order is not the same from one run to the "
                         "next (and a game must be): key them by a name or a number (such as an id "
                         "field), or keep them in a list");
}

/* A table's keys in order: slot[0..n-1] index the list of its keys as
 * lua_next gave them (the userdata's user value), which also keeps a key
 * cleared during a traversal alive; pos is how many have been given. */
typedef struct Order {
    lua_Integer n, pos;
    int32_t slot[];
} Order;

/* Up to this many keys are sorted in an array on the C stack. */
#define FEW_KEYS 32

/* Pushes the Order of the keys of the table at t. */
static Order *push_order(lua_State *L, int t)
{
    lua_createtable(L, FEW_KEYS, 0);
    int raw = lua_gettop(L);
    Key few[2 * FEW_KEYS], *keys = few;
    lua_Integer n = 0;
    int objects = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, raw, ++n);
        if (n <= FEW_KEYS) {
            key_at(L, -1, &few[n - 1]);
            few[n - 1].slot = (int32_t)n;
            if (few[n - 1].rank == RANK_OBJECT && ++objects > 1)
                too_many_objects(L);
        }
    }
    if (n > FEW_KEYS) {
        keys = lua_newuserdatauv(L, 2 * (size_t)n * sizeof *keys, 0); /* and room to sort */
        objects = 0;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, raw, i); /* (raw holds it: its bytes stay put) */
            key_at(L, -1, &keys[i - 1]);
            keys[i - 1].slot = (int32_t)i;
            if (keys[i - 1].rank == RANK_OBJECT && ++objects > 1)
                too_many_objects(L);
            lua_pop(L, 1);
        }
    }
    sort_keys(keys, keys + (n > FEW_KEYS ? n : FEW_KEYS), n);
    Order *o = lua_newuserdatauv(L, sizeof *o + (size_t)n * sizeof o->slot[0], 1);
    o->n = n;
    o->pos = 0;
    for (lua_Integer i = 0; i < n; i++)
        o->slot[i] = keys[i].slot;
    lua_pushvalue(L, raw);
    lua_setiuservalue(L, -2, 1);
    lua_replace(L, raw);
    lua_settop(L, raw);
    return o;
}

/* Gives the next key of o (its list of keys at the absolute index raw)
 * still in the table at 1, and its value; or nil at the end. */
static int give_next(lua_State *L, Order *o, int raw)
{
    while (o->pos < o->n) {
        lua_rawgeti(L, raw, o->slot[o->pos++]);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL)
            return 2;
        lua_pop(L, 2); /* cleared during the traversal: skipped */
    }
    lua_pushnil(L);
    return 1;
}

/* How many of o's keys (listed at raw) come before or are key (at idx). */
static lua_Integer keys_up_to(lua_State *L, const Order *o, int raw, int idx)
{
    Key want, at;
    key_at(L, idx, &want);
    lua_Integer lo = 0, hi = o->n; /* the first lo are <= want; those from hi on are > want */
    while (lo < hi) {
        lua_Integer mid = lo + (hi - lo) / 2;
        lua_rawgeti(L, raw, o->slot[mid]);
        key_at(L, -1, &at);
        int c = key_compare(&at, &want);
        lua_pop(L, 1);
        if (c <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* next(t, nil): the least key, by one scan (so `next(t) == nil` stays
 * cheap). The list of an earlier traversal by next is let go: the one
 * that follows makes its own. */
static int first_key(lua_State *L, int cache)
{
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_rawset(L, cache);
    lua_pushnil(L); /* 3: the least key so far */
    Key best = {0}, k;
    int found = 0, objects = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        key_at(L, -1, &k);
        if (k.rank == RANK_OBJECT && ++objects > 1)
            too_many_objects(L);
        if (!found || key_compare(&k, &best) < 0) {
            best = k;
            found = 1;
            lua_pushvalue(L, -1);
            lua_replace(L, 3);
        }
    }
    if (!found)
        return 1; /* nil: the table is empty */
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}

/* next(t, k), ordered. upvalue 1: the Orders of traversals by next, in a
 * weak-keyed table. */
static int ordered_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    int cache = lua_upvalueindex(1);
    if (lua_isnil(L, 2))
        return first_key(L, cache);
    lua_pushvalue(L, 1);
    Order *o;
    if (lua_rawget(L, cache) == LUA_TUSERDATA) { /* 3 */
        o = lua_touserdata(L, 3);
    } else {
        /* None (next(t) let it go, or none was made): one is made, and
         * k found in it. */
        lua_pop(L, 1);
        o = push_order(L, 1);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 3);
        lua_rawset(L, cache);
    }
    lua_getiuservalue(L, 3, 1); /* 4: its keys */
    int same = 0;
    if (o->pos > 0) {
        lua_rawgeti(L, 4, o->slot[o->pos - 1]);
        same = lua_rawequal(L, -1, 2);
        lua_pop(L, 1);
    }
    if (!same) /* not the key given last: k's place, by its order */
        o->pos = keys_up_to(L, o, 4, 2);
    if (give_next(L, o, 4) == 2)
        return 2;
    lua_pushvalue(L, 1); /* the end: the list is let go */
    lua_pushnil(L);
    lua_rawset(L, cache);
    lua_pushnil(L);
    return 1;
}

static const char CACHE_KEY = 'c';

static void push_cache(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &CACHE_KEY) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &CACHE_KEY);
}

/* Pushes the state's ordered next (one per state, made on first use). */
static void ordered_next_push(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &NEXT_KEY) == LUA_TFUNCTION)
        return;
    lua_pop(L, 1);
    push_cache(L);
    lua_pushcclosure(L, ordered_next, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &NEXT_KEY);
}

/* The iterator pairs gives, one per traversal: upvalue 1 its Order, 2 the
 * keys it lists. A step is a few reads, with no search for where the last
 * one stopped. */
static int ordered_step(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    return give_next(L, lua_touserdata(L, lua_upvalueindex(1)), lua_upvalueindex(2));
}

/* Pushes what pairs gives for the table at idx: the iterator, the table,
 * nil. */
static int ordered_pairs_of(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    luaL_checktype(L, idx, LUA_TTABLE);
    push_order(L, idx);
    lua_getiuservalue(L, -1, 1);
    lua_pushcclosure(L, ordered_step, 2);
    lua_pushvalue(L, idx);
    lua_pushnil(L);
    return 3;
}

/* pairs(t): t's __pairs when it has one, as Lua's pairs; else an iterator
 * over the keys sorted here, t and nil. */
static int ordered_pairs(lua_State *L)
{
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    if (!lua_istable(L, 1))
        return luaL_error(L, "bad argument #1 to 'pairs' (table expected, got %s)",
                          luaL_typename(L, 1));
    return ordered_pairs_of(L, 1);
}

static void ordered_pairs_push(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &PAIRS_KEY) == LUA_TFUNCTION)
        return;
    lua_pop(L, 1);
    lua_pushcfunction(L, ordered_pairs);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PAIRS_KEY);
}

void ordered_iteration_install(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    ordered_next_push(L);
    lua_setfield(L, idx, "next");
    ordered_pairs_push(L);
    lua_setfield(L, idx, "pairs");
}
