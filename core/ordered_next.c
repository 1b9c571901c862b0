#include "ordered_next.h"

#include <lauxlib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Registry keys: the state's ordered next, and its pairs. */
static const char NEXT_KEY = 'n';
static const char PAIRS_KEY = 'p';
/* The third value pairs returns: "from the first key of the snapshot just
 * made", so a loop does not scan for its first key too. */
static const char FROM_START = 's';

enum { RANK_NUMBER, RANK_STRING, RANK_BOOLEAN, RANK_OBJECT };

/* A key as the order sees it. */
typedef struct Key {
    int rank, is_int;
    lua_Integer i; /* an integer, or a boolean */
    lua_Number d;
    const char *s;
    size_t len;
} Key;

static void key_at(lua_State *L, int idx, Key *k)
{
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        k->rank = RANK_NUMBER;
        k->is_int = lua_isinteger(L, idx);
        if (k->is_int)
            k->i = lua_tointeger(L, idx);
        else
            k->d = lua_tonumber(L, idx);
        break;
    case LUA_TSTRING:
        k->rank = RANK_STRING;
        k->s = lua_tolstring(L, idx, &k->len);
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

static int key_compare(const Key *a, const Key *b)
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

static int qsort_keys(const void *a, const void *b)
{
    return key_compare(a, b);
}

static int too_many_objects(lua_State *L)
{
    return luaL_error(L, "pairs/next: this table has two or more keys that are tables, functions, "
                         "coroutines or userdata, whose order is not the same from one run to the "
                         "next (and a game must be): key them by a name or a number (such as an id "
                         "field), or keep them in a list");
}

static void push_key(lua_State *L, const Key *k, int object)
{
    switch (k->rank) {
    case RANK_NUMBER:
        if (k->is_int)
            lua_pushinteger(L, k->i);
        else
            lua_pushnumber(L, k->d);
        break;
    case RANK_STRING:
        lua_pushlstring(L, k->s, k->len);
        break;
    case RANK_BOOLEAN:
        lua_pushboolean(L, (int)k->i);
        break;
    default:
        lua_pushvalue(L, object);
    }
}

/* Pushes a snapshot of the keys of the table at t, sorted: {k1, ..., kn,
 * [0] = the position of the key last given}. */
static void push_snapshot(lua_State *L, int t)
{
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        n++;
    }
    lua_pushnil(L); /* the one object key, when there is one */
    int object = lua_gettop(L);
    Key *keys = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *keys, 0);
    lua_Integer got = 0;
    int objects = 0;
    lua_pushnil(L);
    /* The strings' bytes stay put: t holds them, and no script runs here. */
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        key_at(L, -1, &keys[got]);
        if (keys[got].rank == RANK_OBJECT) {
            if (++objects > 1)
                too_many_objects(L);
            lua_pushvalue(L, -1);
            lua_replace(L, object);
        }
        got++;
    }
    qsort(keys, (size_t)got, sizeof *keys, qsort_keys);
    lua_createtable(L, (int)got, 1);
    for (lua_Integer i = 0; i < got; i++) {
        push_key(L, &keys[i], object);
        lua_rawseti(L, -2, i + 1);
    }
    lua_pushinteger(L, 0);
    lua_rawseti(L, -2, 0);
    lua_replace(L, object); /* the snapshot where the object was, the keys dropped */
    lua_settop(L, object);
}

/* Where key (at idx) would stand among the n keys of the snapshot at s:
 * the position of the last key not after it (0 when all are after). */
static lua_Integer position_of(lua_State *L, int s, lua_Integer n, int idx)
{
    Key want, at;
    key_at(L, idx, &want);
    lua_Integer lo = 0, hi = n; /* keys 1..lo are <= want; keys hi+1..n are > want */
    while (lo < hi) {
        lua_Integer mid = lo + (hi - lo + 1) / 2;
        lua_rawgeti(L, s, mid);
        key_at(L, -1, &at);
        int c = key_compare(&at, &want);
        lua_pop(L, 1);
        if (c <= 0)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* next(t, nil) with no snapshot made: the least key, by one scan (so
 * `next(t) == nil` stays cheap). A snapshot of an earlier traversal is let
 * go: the one that follows makes its own. */
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

/* next(t, k), ordered. upvalue 1: the snapshots, a weak-keyed table. */
static int ordered_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    int cache = lua_upvalueindex(1);
    if (lua_isnil(L, 2))
        return first_key(L, cache);
    int from_start = lua_touserdata(L, 2) == &FROM_START; /* pairs made the snapshot */
    lua_pushvalue(L, 1);
    if (lua_rawget(L, cache) != LUA_TTABLE) { /* 3: the snapshot */
        /* None (another next(t) let it go, or none was made): one is made,
         * and k found in it. */
        lua_pop(L, 1);
        push_snapshot(L, 1);
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 3);
        lua_rawset(L, cache);
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, 3), pos = 0;
    if (!from_start) {
        lua_rawgeti(L, 3, 0);
        pos = lua_tointeger(L, -1);
        lua_rawgeti(L, 3, pos);
        int same = pos > 0 && lua_rawequal(L, -1, 2);
        lua_pop(L, 2);
        if (!same) /* not the key given last: k's place, by its order */
            pos = position_of(L, 3, n, 2);
    }
    while (++pos <= n) {
        lua_rawgeti(L, 3, pos);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) {
            lua_pushinteger(L, pos);
            lua_rawseti(L, 3, 0);
            return 2;
        }
        lua_pop(L, 2); /* cleared during the traversal: skipped */
    }
    lua_pushvalue(L, 1); /* the end: the snapshot is let go */
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

void ordered_next_push(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &NEXT_KEY) == LUA_TFUNCTION)
        return;
    lua_pop(L, 1);
    push_cache(L);
    lua_pushcclosure(L, ordered_next, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &NEXT_KEY);
}

int ordered_pairs_of(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    luaL_checktype(L, idx, LUA_TTABLE);
    ordered_next_push(L);
    lua_pushvalue(L, idx);
    push_cache(L);
    lua_pushvalue(L, idx);
    push_snapshot(L, idx);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_pushlightuserdata(L, (void *)&FROM_START);
    return 3;
}

/* pairs(t): t's __pairs when it has one, as Lua's pairs; else next, t and
 * a start that uses the snapshot made here. */
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

void ordered_pairs_push(lua_State *L)
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
