#include "lua_copy.h"

#include <lauxlib.h>

/* A copy keeps the shape of what it copies: a table held in two places (or
 * holding itself) is copied once, and the copy holds that one copy in both
 * places. Copied as a tree instead, a table held twice at each of n levels
 * took 2^n copies, and a rules script's result, vars or option of 40 such
 * levels hung the referee inside C, where no watchdog reaches.
 *
 * The tables copied so far are remembered, original -> copy: the first
 * MEMO_FAST by their addresses in a C array (a scan of a few pointers
 * costs less than a Lua table keyed by tables: a game's vars hold a dozen
 * to twenty tables), the copies in a Lua list; any more in a Lua table
 * keyed by the originals. Nothing is made until a first nested table is
 * met: most values copied on the hot path (options, a result's few
 * fields) are flat or nearly so. */
#define MEMO_FAST 48

typedef struct Copy {
    int copies;   /* stack slot of the list of copies, nil until it is needed */
    int memo;     /* stack slot of the table of the rest, nil until it is needed */
    int n;        /* tables remembered */
    int root;     /* the table lcopy was given, and */
    int root_dst; /* its copy, the only table being copied when the list is made */
    int room;     /* keys the root's copy has room for at least */
    const void *original[MEMO_FAST];
} Copy;

static void remember(lua_State *L, Copy *c, int original, int copied)
{
    if (c->n < MEMO_FAST) {
        c->original[c->n++] = lua_topointer(L, original);
        lua_pushvalue(L, copied);
        lua_rawseti(L, c->copies, c->n);
        return;
    }
    if (c->n++ == MEMO_FAST) {
        lua_createtable(L, 0, MEMO_FAST);
        lua_replace(L, c->memo);
    }
    lua_pushvalue(L, original);
    lua_pushvalue(L, copied);
    lua_rawset(L, c->memo);
}

/* Pushes the copy made of the table at idx already and returns 1, or 0. */
static int copied_already(lua_State *L, Copy *c, int idx)
{
    const void *p = lua_topointer(L, idx);
    int fast = c->n < MEMO_FAST ? c->n : MEMO_FAST;
    for (int i = 0; i < fast; i++)
        if (c->original[i] == p) {
            lua_rawgeti(L, c->copies, i + 1);
            return 1;
        }
    if (c->n <= MEMO_FAST)
        return 0;
    lua_pushvalue(L, idx);
    if (lua_rawget(L, c->memo) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    return 0;
}

/* A table of at most PAIRS_HELD keys is read once: its keys and values are
 * held on the stack, counted as they come, and set into a copy made at its
 * full size. A larger one is read twice, counted first. Reading a key with
 * lua_next looks it up again: the second pass was a fifth of a copy. */
#define PAIRS_HELD 32

/* Pushes a new table with room for the table at idx's count keys (its
 * list part narray of them), the copy of the table idx, remembered. */
static int push_copy_table(lua_State *L, Copy *c, int idx, int depth, int count)
{
    int narray = (int)lua_rawlen(L, idx);
    int hash = count > narray ? count - narray : 0;
    lua_createtable(L, narray, depth == 0 && hash < c->room ? c->room : hash);
    int dst = lua_gettop(L);
    if (depth == 0)
        c->root_dst = dst;
    else
        remember(L, c, idx, dst);
    return dst;
}

static void copy(lua_State *L, Copy *c, int idx, int depth)
{
    if (lua_type(L, idx) != LUA_TTABLE || depth >= COPY_MAX_DEPTH) {
        lua_pushvalue(L, idx);
        return;
    }
    luaL_checkstack(L, 2 * PAIRS_HELD + 8, "copy");
    if (depth > 0 && !c->n) {
        lua_createtable(L, 8, 0);
        lua_replace(L, c->copies);
        remember(L, c, c->root, c->root_dst);
    }
    if (c->n && copied_already(L, c, idx))
        return; /* the same copy again */
    int held = lua_gettop(L), count = 0;
    lua_pushnil(L);
    while (count <= PAIRS_HELD && lua_next(L, idx)) {
        count++;
        lua_pushvalue(L, -2); /* the next key; this pair stays */
    }
    if (count <= PAIRS_HELD) {
        /* Made at its full size: grown key by key, it was rehashed on the way. */
        int dst = push_copy_table(L, c, idx, depth, count);
        for (int key = held + 1; key < held + 2 * count; key += 2) {
            lua_pushvalue(L, key); /* keys as they are */
            copy(L, c, key + 1, depth + 1);
            lua_rawset(L, dst);
        }
        if (count) { /* the copy, in place of the pairs (with none, it is there) */
            lua_replace(L, held + 1);
            lua_settop(L, held + 1);
        }
        return;
    }
    lua_settop(L, held);
    count = 0;
    for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1))
        count++;
    int dst = push_copy_table(L, c, idx, depth, count);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        /* Absolute indices: the copies go on the same stack, above the key
         * and value being copied. */
        int key = lua_gettop(L) - 1, value = key + 1;
        lua_pushvalue(L, key); /* keys as they are */
        copy(L, c, value, depth + 1);
        lua_rawset(L, dst);
        lua_pop(L, 1);
    }
}

void lcopy(lua_State *L, int idx)
{
    lcopy_with_room(L, idx, 0);
}

void lcopy_with_room(lua_State *L, int idx, int room)
{
    Copy c;
    c.n = 0;
    c.room = room;
    c.root = lua_absindex(L, idx);
    luaL_checkstack(L, 3, "copy");
    lua_pushnil(L); /* the list's slot */
    c.copies = lua_gettop(L);
    lua_pushnil(L); /* the table's slot */
    c.memo = c.copies + 1;
    copy(L, &c, c.root, 0);
    lua_rotate(L, c.copies, 1); /* the copy below the two slots, then */
    lua_pop(L, 2);
}

/* Whether the table at idx and each table among its values, and theirs,
 * has no metatable; *budget counts the tables walked down to where the
 * walk gives up (0: it gave up, or met a metatable). */
static int plain_tree(lua_State *L, int idx, int *budget)
{
    if (--*budget < 0)
        return 0;
    if (lua_getmetatable(L, idx)) {
        lua_pop(L, 1);
        return 0;
    }
    luaL_checkstack(L, 3, "copy");
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -1) == LUA_TTABLE && !plain_tree(L, lua_gettop(L), budget)) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 1);
    }
    return 1;
}

void lcopy_unless_plain(lua_State *L, int idx)
{
    int budget = PLAIN_MAX_TABLES;
    if (lua_type(L, idx) != LUA_TTABLE || plain_tree(L, lua_absindex(L, idx), &budget))
        lua_pushvalue(L, idx);
    else
        lcopy(L, idx);
}
