/* plain_bytes: plain Lua data (booleans, numbers, strings and tables of
 * them) written to bytes from one state and read back into another, the
 * one way data crosses into a bot's state: the rules' vars, written once at
 * each decision and made again in the bot's view (lview_push_with_vars),
 * and a sample's result. A table read
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
 * of the original counts), and how many entries (key, value) follow. */
typedef struct PlainTable {
    uint32_t narray, nhash, entries;
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

#endif
