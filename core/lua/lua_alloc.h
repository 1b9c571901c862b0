/* lua_alloc: the allocator of the Lua states the referee makes (the game's
 * and every bot's). Lua allocates and frees small objects on every
 * decision; mimalloc serves them at a fraction of glibc malloc's cost (a
 * tenth of a random-seat BAM! hand, a sixth of a bot tournament game).
 * Built with REFEREE_SYSTEM_MALLOC (the sanitizer build), it is libc's, so
 * AddressSanitizer sees every block. */
#ifndef REFEREE_LUA_ALLOC_H
#define REFEREE_LUA_ALLOC_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>

/* realloc and free for Lua's blocks. */
void *lua_alloc_resize(void *ptr, size_t size);
void lua_alloc_free(void *ptr);

struct LuaAllocCount;

/* The memory a whole game may hold, its rules' state and every seat's bot
 * together: a ceiling over each one's own cap, so that many seats near
 * their caps cannot take the process past what the machine has. The bots'
 * allocators (bot.c) and the rules' cap (memory_cap.c) refuse a block that
 * would pass it, and note that they did. */
typedef struct GameMemory {
    size_t bots_used;                   /* what the game's bots hold */
    size_t limit;
    const struct LuaAllocCount *rules;  /* the rules' state's count, or NULL */
    int reached;                        /* a block was refused for the ceiling */
} GameMemory;

/* The bytes a state holds, counted on every block, and the most it may
 * hold: SIZE_MAX, but for the length of a rules call (memory_cap.h). */
typedef struct LuaAllocCount {
    size_t used, limit;
    int refused;        /* a block was refused for the limit */
    GameMemory *game;   /* the game the state's rules run, when it has a ceiling */
    void *binding;      /* the state's table binding (lua_table.c), once made */
} LuaAllocCount;

/* The bytes a game's rules' state and its bots hold now (for the ceiling):
 * inline, as every allocation of a bot in a game asks it. */
static inline size_t game_memory_used(const GameMemory *m)
{
    return m->bots_used + (m->rules ? m->rules->used : 0);
}

/* Whether a block of old bytes may become one of new bytes under n's limit,
 * noting a refusal. A block that shrinks always may: Lua relies on it. */
static inline int lua_alloc_fits(LuaAllocCount *n, size_t old, size_t new)
{
    if (new > old && new - old > n->limit - n->used) {
        n->refused = 1;
        return 0;
    }
    return 1;
}

/* A state made here starts a collection once its memory has grown fourfold
 * since the last (Lua's own pause is 200, twofold). A game's garbage is
 * its tables, dead together at its end, and at twofold the collector
 * marked the loaded rules again every few games: a BAM! hand costs 2% less
 * so, a dice game 1% (2,000 games less 500), for 2 MB more of a rules
 * state's memory. A state near its cap still collects in full before an
 * allocation is refused. (A bot's state collects at tenfold: bot.h.) */
#define LUA_ALLOC_GC_PAUSE 400

/* A new Lua state on this allocator, with luaL_newstate's panic and warning
 * functions, collecting at LUA_ALLOC_GC_PAUSE; NULL when out of memory.
 * Closed with lua_alloc_close. */
lua_State *lua_alloc_newstate(void);
void lua_alloc_close(lua_State *L);
/* The count of a state made by lua_alloc_newstate; NULL for another. */
LuaAllocCount *lua_alloc_count(lua_State *L);
/* The allocator of those states: lua_getallocf(L, &ud) == lua_alloc_block
 * tells one, and ud is its count, for the price of a read. */
void *lua_alloc_block(void *ud, void *ptr, size_t osize, size_t nsize);

#endif
