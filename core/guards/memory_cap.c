#include "memory_cap.h"

#include <stdint.h>

/* The allocator a foreign state has for the length of a capped call. */
static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    MemoryCap *c = ud;
    /* Without a block, osize tells the kind of object, not a size. */
    size_t old = ptr ? osize : 0;
    if (!lua_alloc_fits(&c->own, old, nsize))
        return NULL;
    void *block = c->inner(c->inner_ud, ptr, osize, nsize);
    if (block || nsize == 0)
        c->own.used = c->own.used - old + nsize;
    return block;
}

/* The count of the cap in force on L, if any. */
static LuaAllocCount *capped_count(lua_State *L)
{
    LuaAllocCount *ours = lua_alloc_count(L);
    if (ours)
        return ours->limit != SIZE_MAX ? ours : NULL;
    void *ud;
    return lua_getallocf(L, &ud) == capped_alloc ? &((MemoryCap *)ud)->own : NULL;
}

int memory_cap_enter(lua_State *L, MemoryCap *c, size_t cap)
{
    c->ceiling = NULL;
    c->count = lua_alloc_count(L);
    if (!c->count) {
        c->inner = lua_getallocf(L, &c->inner_ud);
        if (c->inner == capped_alloc)
            return 0;
        int kbytes = lua_gc(L, LUA_GCCOUNT, 0);
        if (kbytes < 0) /* asked from inside a collection: leave it be */
            return 0;
        c->count = &c->own;
        c->own = (LuaAllocCount){.used = (size_t)kbytes * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB, 0),
                                 .limit = SIZE_MAX}; /* a host's state: no game's ceiling */
    } else if (c->count->limit != SIZE_MAX) {
        return 0;
    }
    /* The game's ceiling leaves the rules what its bots do not hold. */
    GameMemory *game = c->count->game;
    if (game) {
        size_t room = game->limit > game->bots_used ? game->limit - game->bots_used : 0;
        if (room < cap) {
            cap = room;
            c->ceiling = game;
        }
    }
    /* A state already past the cap may still free, never grow. */
    c->count->limit = cap > c->count->used ? cap : c->count->used;
    c->count->refused = 0;
    if (c->count == &c->own)
        lua_setallocf(L, capped_alloc, c);
    return 1;
}

void memory_cap_leave(lua_State *L, MemoryCap *c)
{
    int refused = c->count->refused;
    c->count->limit = SIZE_MAX;
    if (c->count == &c->own)
        lua_setallocf(L, c->inner, c->inner_ud);
    /* A call stopped at the cap leaves the cap's worth of garbage, and Lua's
     * collector, which met the cap in an emergency collection with all of
     * it alive, is left paced for a heap that size: it let 250 MB of a
     * host's garbage stand (busted's generational mode), so that every
     * later rules call ran at the cap, collecting at each allocation. Once
     * the call is over: collected, and the pace set from the heap left.
     * (Scripts set no finalizers: nothing of theirs runs here.) */
    if (refused && lua_gc(L, LUA_GCCOUNT, 0) >= 0) {
        lua_gc(L, LUA_GCCOLLECT, 0);
        if (lua_gc(L, LUA_GCISRUNNING, 0))
            lua_gc(L, LUA_GCRESTART, 0);
    }
}

int memory_cap_refused(lua_State *L)
{
    LuaAllocCount *n = capped_count(L);
    return n && n->refused;
}

GameMemory *memory_cap_ceiling_refused(const MemoryCap *c)
{
    if (!c->ceiling || !c->count->refused)
        return NULL;
    c->ceiling->reached = 1;
    return c->ceiling;
}
