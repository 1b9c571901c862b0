#include "lua_copy.h"

#include <lauxlib.h>

/* A copy keeps the shape of what it copies: a table held in two places (or
 * holding itself) is copied once, and the copy holds that one copy in both
 * places. Copied as a tree instead, a table held twice at each of n levels
 * took 2^n copies, and a rules script's result, vars or option of 40 such
 * levels hung the referee inside C, where no watchdog reaches.
 *
 * The tables copied so far are remembered in memo, original -> copy, made
 * only when a first nested table is met: most values copied on the hot path
 * (options, a result's few fields) are flat or nearly so. */

/* The memo's room to begin with: a game's vars hold a dozen to twenty
 * tables, and a memo grown key by key from empty was rehashed at each
 * doubling (an ismcts game's copies cost 3.2% more so, 1.9% sized). */
#define MEMO_SIZE 16

typedef struct Copy {
    int memo;     /* stack slot of the memo table, nil until it is needed */
    int made;     /* is the memo there yet? */
    int root;     /* the table lcopy was given, and */
    int root_dst; /* its copy, the only table being copied when memo is made */
} Copy;

static void remember(lua_State *L, Copy *c, int original, int copied)
{
    lua_pushvalue(L, original);
    lua_pushvalue(L, copied);
    lua_rawset(L, c->memo);
}

static void copy(lua_State *L, Copy *c, int idx, int depth)
{
    if (lua_type(L, idx) != LUA_TTABLE || depth >= COPY_MAX_DEPTH) {
        lua_pushvalue(L, idx);
        return;
    }
    luaL_checkstack(L, 6, "copy");
    if (depth > 0 && !c->made) {
        lua_createtable(L, 0, MEMO_SIZE);
        lua_replace(L, c->memo);
        c->made = 1;
        remember(L, c, c->root, c->root_dst);
    }
    if (c->made) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, c->memo) != LUA_TNIL)
            return; /* copied already: the same copy again */
        lua_pop(L, 1);
    }
    /* Made at its full size: grown key by key, it was rehashed on the way. */
    int count = 0, narray = (int)lua_rawlen(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        count++;
    }
    lua_createtable(L, narray, count > narray ? count - narray : 0);
    int dst = lua_gettop(L);
    if (depth == 0)
        c->root_dst = dst;
    else
        remember(L, c, idx, dst);
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
    Copy c = {0};
    c.root = lua_absindex(L, idx);
    luaL_checkstack(L, 2, "copy");
    lua_pushnil(L); /* the memo's slot */
    c.memo = lua_gettop(L);
    copy(L, &c, c.root, 0);
    lua_remove(L, c.memo);
}
