/* plain_bytes: plain Lua data (booleans, numbers, strings and tables of
 * them) written to bytes from one state and read back into another, the
 * one way data crosses into a bot's state: the rules' vars, written once at
 * each decision and read back one top-level entry at a time as the bot
 * reads them (see lview_push_with_vars), and a sample's result. A table read
 * back is made as lcopy makes its copies: at the same sizes, filled in the
 * same order. */
#ifndef REFEREE_PLAIN_BYTES_H
#define REFEREE_PLAIN_BYTES_H

#include <lua.h>
#include <stddef.h>
#include <stdint.h>

typedef struct PlainBytes {
    char *data;
    size_t size, cap;
} PlainBytes;

/* A table's header: the sizes to make it at (as lcopy does: every entry
 * of the original counts), how many entries (key, value) follow, and in
 * how many bytes: a table is skipped without reading it (a bot's view
 * skips from one top-level entry of the vars to the next). */
typedef struct PlainTable {
    uint32_t narray, nhash, entries;
    size_t bytes;
} PlainTable;

/* Writes the value at idx of `from` into out, replacing what it held;
 * leaves out entries whose key or value is a function, userdata or thread
 * (such a value alone is written as nil). `from` is only read. Returns
 * NULL, or why nothing was written ("nested more than 64 deep (a cycle?)",
 * "holds more than 100000 tables ...", "out of memory"); then `from`'s
 * stack is left higher, to be set back by the caller. */
const char *plain_write(lua_State *from, int idx, PlainBytes *out);
void plain_free(PlainBytes *out);

/* Pushes onto L the value written at *at, moving *at past it. Raises in L
 * when out of memory. */
void plain_push(lua_State *L, const char *bytes, size_t *at);
/* Moves *at past the value written there. */
void plain_skip(const char *bytes, size_t *at);
/* When the value at *at is a table: 1, its header in *out, and *at moved
 * to its first key. Else 0. */
int plain_table(const char *bytes, size_t *at, PlainTable *out);
/* A key to look for among written keys, read from a Lua value once. */
typedef struct PlainKey {
    unsigned char tag;
    lua_Integer i;
    lua_Number n;
    const char *s; /* valid while the value stays on the stack */
    size_t len;
} PlainKey;

/* The value at idx of L as a key to look for (a float with an integer
 * value being that integer, as table keys are): 1, or 0 when no written key
 * can be it (nil, NaN, a table, a function...). */
int plain_key_of(lua_State *L, int idx, PlainKey *key);
/* Whether the key written at `at` is key. */
int plain_key_is(const char *bytes, size_t at, const PlainKey *key);

#endif
