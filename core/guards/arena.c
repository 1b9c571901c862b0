#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE, madvise */
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define GRAIN 16
#define SMALL_MAX 1024                   /* classes 0..63: 16, 32, ... 1024 */
#define SMALL_CLASSES (SMALL_MAX / GRAIN)
#define LARGE_FIRST 11                   /* then 2^11, 2^12, ... 2^47 */
#define LARGE_CLASSES 37
/* What a restore gives back to the system past the copy's span, at least. */
#define RELEASE_AT_LEAST (1u << 20)

typedef struct FreeBlock {
    struct FreeBlock *next;
} FreeBlock;

struct Arena {
    size_t capacity; /* bytes reserved, this header included */
    size_t top;      /* offset of the first byte never handed out: it only grows */
    /* What the region holds in memory: every small block ever carved (free
     * ones stay on their lists, their pages touched), and the pages of the
     * large blocks in use (a freed one's pages go back to the system). */
    size_t small_carved, large_pages;
    size_t footprint_limit; /* 0: none */
    FreeBlock *free_list[SMALL_CLASSES + LARGE_CLASSES];
};

struct ArenaCopy {
    size_t span;
    unsigned char bytes[];
};

static size_t header_size(void)
{
    return (sizeof(Arena) + GRAIN - 1) / GRAIN * GRAIN;
}

/* The class of a block of size bytes (size > 0), and that class's size. */
static int class_of(size_t size)
{
    if (size <= SMALL_MAX)
        return (int)((size - 1) / GRAIN);
    int k = LARGE_FIRST;
    while (((size_t)1 << k) < size)
        k++;
    return SMALL_CLASSES + k - LARGE_FIRST;
}

static size_t class_size(int c)
{
    return c < SMALL_CLASSES ? (size_t)(c + 1) * GRAIN : (size_t)1 << (c - SMALL_CLASSES + LARGE_FIRST);
}

Arena *arena_new(size_t capacity)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (capacity > SIZE_MAX / 2)
        return NULL;
    capacity = (capacity + header_size() + page - 1) / page * page;
    void *region = mmap(NULL, capacity, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (region == MAP_FAILED)
        return NULL;
    Arena *a = region;
    memset(a, 0, sizeof *a);
    a->capacity = capacity;
    a->top = header_size();
    return a;
}

void arena_delete(Arena *a)
{
    if (a)
        munmap(a, a->capacity);
}

static size_t page_size(void)
{
    static size_t page;
    if (!page)
        page = (size_t)sysconf(_SC_PAGESIZE);
    return page;
}

/* The pages a large block of size bytes touches. */
static size_t pages_of(size_t size)
{
    return (size + page_size() - 1) / page_size() * page_size();
}

size_t arena_footprint(const Arena *a)
{
    return a->small_carved + a->large_pages;
}

void arena_set_limit(Arena *a, size_t limit)
{
    a->footprint_limit = limit;
}

/* Would adding more to the footprint pass the limit? */
static int over_limit(const Arena *a, size_t more)
{
    return a->footprint_limit && arena_footprint(a) + more > a->footprint_limit;
}

void *arena_alloc(Arena *a, size_t size)
{
    if (size == 0 || size > ((size_t)1 << (LARGE_FIRST + LARGE_CLASSES - 1)))
        return NULL;
    int c = class_of(size);
    int small = c < SMALL_CLASSES;
    FreeBlock *b = a->free_list[c];
    if (b && small) {
        a->free_list[c] = b->next;
        return b;
    }
    if (over_limit(a, small ? class_size(c) : pages_of(size)))
        return NULL;
    if (b) { /* large: its pages were given back, and come again as touched */
        a->free_list[c] = b->next;
        a->large_pages += pages_of(size);
        return b;
    }
    size_t need = class_size(c);
    if (need > a->capacity - a->top)
        return NULL;
    void *block = (unsigned char *)a + a->top;
    a->top += need;
    if (small)
        a->small_carved += need;
    else
        a->large_pages += pages_of(size);
    return block;
}

void arena_free(Arena *a, void *block, size_t size)
{
    if (!block || size == 0)
        return;
    int c = class_of(size);
    if (c >= SMALL_CLASSES) {
        /* Its pages go back to the system (but the first, which holds the
         * free list's link): a bot that frees its strings holds them no
         * more, however the region is carved. */
        a->large_pages -= pages_of(size);
        /* madvise takes whole pages: those inside the block past its link. */
        uintptr_t first = ((uintptr_t)block + sizeof(FreeBlock) + page_size() - 1) / page_size() * page_size();
        uintptr_t end = ((uintptr_t)block + class_size(c)) / page_size() * page_size();
        if (end > first)
            madvise((void *)first, end - first, MADV_DONTNEED);
    }
    FreeBlock *b = block;
    b->next = a->free_list[c];
    a->free_list[c] = b;
}

void *arena_resize(Arena *a, void *block, size_t old_size, size_t new_size)
{
    if (!block)
        return arena_alloc(a, new_size);
    if (new_size == 0) {
        arena_free(a, block, old_size);
        return NULL;
    }
    if (class_of(old_size) == class_of(new_size)) {
        if (class_of(new_size) >= SMALL_CLASSES) {
            size_t was = pages_of(old_size), now = pages_of(new_size);
            if (now > was && over_limit(a, now - was))
                return NULL;
            a->large_pages = a->large_pages - was + now;
        }
        return block;
    }
    void *moved = arena_alloc(a, new_size);
    if (!moved) {
        /* A shrink may not fail: the block stays, bigger than it needs to
         * be, and will be freed into the smaller class, which it fits. */
        return new_size < old_size ? block : NULL;
    }
    memcpy(moved, block, old_size < new_size ? old_size : new_size);
    arena_free(a, block, old_size);
    return moved;
}

size_t arena_span(const Arena *a)
{
    return a->top;
}

ArenaCopy *arena_copy(const Arena *a)
{
    ArenaCopy *c = malloc(sizeof *c + a->top);
    if (!c)
        return NULL;
    c->span = a->top;
    memcpy(c->bytes, a, a->top);
    return c;
}

void arena_restore(Arena *a, const ArenaCopy *c)
{
    size_t touched = a->top;
    memcpy(a, c->bytes, c->span); /* the header too: top and free lists */
    /* Pages a game touched past the copy go back to the system, when they
     * are many: the next game commits them again as it needs them. */
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t from = (c->span + page - 1) / page * page;
    if (touched > from && touched - from >= RELEASE_AT_LEAST)
        madvise((unsigned char *)a + from, touched - from, MADV_DONTNEED);
}

void arena_copy_free(ArenaCopy *c)
{
    free(c);
}
