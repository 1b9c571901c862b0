/* arena: one bot's Lua state in a memory region of its own, so that the
 * state just after its script loaded can be kept as bytes and put back for
 * the next game: a memcpy instead of a new state, its libraries and its
 * script (a third of a one-hand BAM! bot game).
 *
 * The region is reserved once (pages are committed as they are touched)
 * and never moves, so the pointers inside a kept copy stay right. Blocks
 * come in size classes, each with a free list kept inside the region:
 * multiples of 16 bytes up to 1024, then powers of two. Lua tells the size
 * of every block it frees, so blocks carry no header. The allocator's own
 * state lives at the start of the region, so a kept copy includes it. */
#ifndef REFEREE_ARENA_H
#define REFEREE_ARENA_H

#include <stddef.h>

typedef struct Arena Arena;
typedef struct ArenaCopy ArenaCopy;

/* A region of capacity bytes (rounded up to whole pages), or NULL when the
 * system will not reserve it. */
Arena *arena_new(size_t capacity);
void arena_delete(Arena *a);

/* lua_Alloc's three cases: NULL when the region is full; a block that
 * shrinks is never refused (Lua relies on it). */
void *arena_alloc(Arena *a, size_t size);
void arena_free(Arena *a, void *block, size_t size);
void *arena_resize(Arena *a, void *block, size_t old_size, size_t new_size);

/* The bytes the region holds in memory: small blocks ever carved (in use
 * or free) and the pages of large blocks in use. With a limit set, a block
 * that would take it past the limit is refused (NULL): so the memory a bot
 * really holds is bounded, not only the bytes Lua counts as live. */
size_t arena_footprint(const Arena *a);
void arena_set_limit(Arena *a, size_t limit);

/* Bytes of the region in use or on free lists: what a copy holds. */
size_t arena_span(const Arena *a);

/* The region as it is now, and putting it back: every block allocated
 * since is gone, every block freed since is back, with its bytes. */
ArenaCopy *arena_copy(const Arena *a);
void arena_restore(Arena *a, const ArenaCopy *c);
void arena_copy_free(ArenaCopy *c);

#endif
