/* memory_cap: holds each call into the rules to a memory cap, as bots are
 * held to theirs. The rules run in the game's own Lua state, beside the
 * referee's own work in it, which must never fail for want of memory (it
 * runs outside any protected call). So the state is not capped for good,
 * only for the length of the outermost rules call: a block that would take
 * the state past the cap is refused. Lua then collects all garbage, tries
 * once more, and raises a catchable "not enough memory" if the block still
 * does not fit; the referee rebuilds the table as after any rules error. A
 * single huge request (string.rep of 2 GB) is refused at once, before the
 * system is asked for it.
 *
 * A state made by lua_alloc_newstate counts its bytes anyway, so the cap
 * is a limit set and taken off. Another (the host's, when busted loads
 * referee.so) has its allocator wrapped by a counting one for the call. */
#ifndef REFEREE_MEMORY_CAP_H
#define REFEREE_MEMORY_CAP_H

#include <lua.h>
#include <stddef.h>
#include "../lua/lua_alloc.h"

/* What a game's state may hold while its rules run, as much as a bot may by
 * default. A card game's state is under a megabyte (400 KB at most in our
 * games, with search bots sampling it); the cap is there for the rules that
 * grow a table without end, before the machine runs out. */
#define RULES_MEMORY_MB 256

typedef struct MemoryCap {
    LuaAllocCount *count; /* the state's, or own for a wrapped allocator */
    GameMemory *ceiling;  /* the game's ceiling, when it binds tighter than the cap */
    LuaAllocCount own;
    lua_Alloc inner;
    void *inner_ud;
} MemoryCap;

/* Caps L's memory at cap bytes (or what its game's ceiling leaves, when
 * that is less: GameMemory) until memory_cap_leave; c must live until
 * then. Returns 0, and does nothing, when a call on L is capped already
 * (a rules call inside another: the outermost's cap holds). */
int memory_cap_enter(lua_State *L, MemoryCap *c, size_t cap);
void memory_cap_leave(lua_State *L, MemoryCap *c);
/* Whether the cap on L now in force has refused a block: what tells a
 * "not enough memory" of the cap from one of the system's. */
int memory_cap_refused(lua_State *L);
/* The game's ceiling when it was that refused a block under c (noted as
 * reached), or NULL. */
GameMemory *memory_cap_ceiling_refused(const MemoryCap *c);

#endif
