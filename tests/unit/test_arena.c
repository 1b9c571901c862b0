#include <stdint.h>
#include <string.h>
#include "check.h"
#include "../../core/guards/arena.h"
#include "../../core/kernel/rng.h"

/* Every live block is filled with its own byte: a block handed out twice,
 * or overlapping another, shows as a changed byte. */
typedef struct Live {
    unsigned char *p;
    size_t size;
    unsigned char fill;
} Live;

static int intact(const Live *b)
{
    for (size_t i = 0; i < b->size; i++)
        if (b->p[i] != b->fill)
            return 0;
    return 1;
}

static void stress(Arena *a)
{
    enum { SLOTS = 300, STEPS = 20000 };
    Live live[SLOTS] = {{0}};
    Rng r;
    rng_seed(&r, 42);
    int broken = 0, refused = 0;
    for (int step = 0; step < STEPS; step++) {
        Live *b = &live[rng_below(&r, SLOTS)];
        /* mostly small blocks, as Lua's; now and then a large one */
        size_t size = rng_below(&r, 10) ? 1 + rng_below(&r, 300) : 1 + rng_below(&r, 70000);
        if (!b->p) {
            b->p = arena_alloc(a, size);
            if (!b->p) {
                refused++;
                continue;
            }
            b->size = size;
        } else if (rng_below(&r, 3) == 0) {
            broken += !intact(b);
            arena_free(a, b->p, b->size);
            b->p = NULL;
            continue;
        } else {
            broken += !intact(b);
            unsigned char *p = arena_resize(a, b->p, b->size, size);
            if (!p) {
                refused++;
                continue;
            }
            size_t kept = b->size < size ? b->size : size;
            for (size_t i = 0; i < kept; i++)
                broken += p[i] != b->fill;
            b->p = p;
            b->size = size;
        }
        b->fill = (unsigned char)(step * 7 + 1);
        memset(b->p, b->fill, b->size);
    }
    for (int i = 0; i < SLOTS; i++)
        if (live[i].p) {
            broken += !intact(&live[i]);
            arena_free(a, live[i].p, live[i].size);
        }
    CHECK_EQ_INT(broken, 0);
    CHECK_EQ_INT(refused, 0); /* 64 MB is room enough for this mix */
}

void test_arena(void)
{
    Arena *a = arena_new(64u << 20);
    CHECK(a != NULL);
    if (!a)
        return;

    /* A freed block is the next one of its class handed out. */
    void *p = arena_alloc(a, 40), *q = arena_alloc(a, 40);
    CHECK(p && q && p != q);
    CHECK(((uintptr_t)p % 16) == 0 && ((uintptr_t)q % 16) == 0);
    arena_free(a, p, 40);
    CHECK(arena_alloc(a, 33) == p); /* 33 and 40 share the class of 48 */
    void *big = arena_alloc(a, 5000);
    arena_free(a, big, 5000);
    CHECK(arena_alloc(a, 8000) == big); /* both in the class of 8192 */

    /* Resizing keeps the bytes, in place within a class. */
    char *s = arena_alloc(a, 20);
    memcpy(s, "nineteen characters", 20);
    CHECK(arena_resize(a, s, 20, 30) == s);
    char *t = arena_resize(a, s, 30, 3000);
    CHECK(t && t != s && memcmp(t, "nineteen characters", 20) == 0);
    char *u = arena_resize(a, t, 3000, 10);
    CHECK(u && memcmp(u, "nineteen c", 10) == 0);
    CHECK(arena_resize(a, u, 10, 0) == NULL);

    /* A copy put back: the blocks and bytes of then, and the same blocks
     * handed out after it, as after the copy was made. */
    unsigned char *kept = arena_alloc(a, 100);
    memset(kept, 0xAB, 100);
    ArenaCopy *c = arena_copy(a);
    CHECK(c != NULL);
    size_t span = arena_span(a);
    void *after_copy[3];
    for (int i = 0; i < 3; i++)
        after_copy[i] = arena_alloc(a, 24 + 400 * i);
    memset(kept, 0, 100);
    arena_free(a, kept, 100);
    unsigned char *last = NULL;
    for (int i = 0; i < 50; i++)
        CHECK((last = arena_alloc(a, 1 << 20)) != NULL); /* a game's 50 MB */
    if (last)
        memset(last, 0xCD, 1 << 20);
    arena_restore(a, c);
    CHECK_EQ_INT(arena_span(a), span);
    /* ... whose pages went back to the system: they read as zeros again. */
    CHECK(last && last[0] == 0 && last[(1 << 20) - 1] == 0);
    int same = 1;
    for (int i = 0; i < 100; i++)
        same &= kept[i] == 0xAB;
    CHECK(same);
    for (int i = 0; i < 3; i++)
        CHECK(arena_alloc(a, 24 + 400 * i) == after_copy[i]);
    arena_restore(a, c); /* and again: a copy serves any number of games */
    CHECK_EQ_INT(arena_span(a), span);
    arena_copy_free(c);

    stress(a);
    arena_delete(a);

    /* A full region refuses to grow a block, never to shrink one. */
    Arena *small = arena_new(1 << 16);
    CHECK(small != NULL);
    if (!small)
        return;
    void *most = arena_alloc(small, 1 << 15);
    CHECK(most != NULL);
    int blocks = 0;
    while (arena_alloc(small, 16) != NULL)
        blocks++;
    CHECK(blocks > 1000 && blocks < 3000); /* the rest of 64 KB, in 16-byte blocks */
    CHECK(arena_resize(small, most, 1 << 15, 1 << 16) == NULL);
    CHECK(arena_resize(small, most, 1 << 15, 100) == most);
    CHECK(arena_alloc(small, 0) == NULL);
    arena_delete(small);

    /* The footprint: small blocks ever carved stay counted when freed (their
     * pages stay touched); a large block counts its pages while in use only.
     * With a limit, a block that would pass it is refused, even where the
     * region has room: memory freed in one size cannot serve another. */
    Arena *f = arena_new(64u << 20);
    CHECK(f != NULL);
    if (!f)
        return;
    arena_set_limit(f, 4u << 20);
    void *blocks_1mb[8];
    int n = 0;
    while (n < 8 && (blocks_1mb[n] = arena_alloc(f, (1u << 20) + 1)) != NULL)
        n++;
    CHECK_EQ_INT(n, 3); /* 1 MB and a page each: a fourth would pass 4 MB */
    CHECK(arena_footprint(f) <= (4u << 20));
    for (int i = 0; i < n; i++)
        arena_free(f, blocks_1mb[i], (1u << 20) + 1);
    CHECK_EQ_INT(arena_footprint(f), 0);
    int tables = 0;
    while (arena_alloc(f, 64) != NULL)
        tables++;
    CHECK_EQ_INT(tables, (4 << 20) / 64); /* the freed large blocks' room serves small ones */
    CHECK(arena_alloc(f, 1u << 20) == NULL); /* and small blocks, freed or not, keep theirs */
    arena_delete(f);
}
