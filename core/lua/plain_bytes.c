#include "plain_bytes.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include "../kernel/grow.h"
#include "lua_copy.h"

/* Each value is a tag, then: an integer or a float as its 8 bytes; a
 * string as its length (a size_t) and its bytes; a table as a PlainTable
 * and its entries, each a key and a value. Written and read by the same
 * process, so in its own byte order, copied in and out with memcpy as
 * nothing is aligned. */
enum { P_NIL, P_FALSE, P_TRUE, P_INT, P_FLOAT, P_STRING, P_TABLE };

#define STRINGIFY(x) #x
#define NUMBER_TEXT(n) STRINGIFY(n)
static const char TOO_DEEP[] = "nested more than " NUMBER_TEXT(COPY_MAX_DEPTH) " deep (a cycle?)";
static const char NO_MEMORY[] = "out of memory";
static const char TOO_MANY[] = "holds more than " NUMBER_TEXT(WRITE_MAX_TABLES) " tables, a table counted "
                               "once for each place that holds it (one table held in many places?)";

/* Where a value is written, and how many tables it has held so far. */
typedef struct Writer {
    PlainBytes *out;
    long tables;
} Writer;

/* Makes room for n more bytes: 0 when out of memory. */
static int room(PlainBytes *out, size_t n)
{
    return out->size + n <= out->cap || grow_bytes(&out->data, &out->cap, out->size + n, 1024);
}

static inline int put(PlainBytes *out, const void *p, size_t n)
{
    if (!room(out, n))
        return 0;
    memcpy(out->data + out->size, p, n);
    out->size += n;
    return 1;
}

/* A tag and the n bytes at p. */
static inline int put_tagged(PlainBytes *out, unsigned char tag, const void *p, size_t n)
{
    if (!room(out, 1 + n))
        return 0;
    out->data[out->size] = (char)tag;
    if (n)
        memcpy(out->data + out->size + 1, p, n);
    out->size += 1 + n;
    return 1;
}

/* Whether a value of this type crosses into another state: what is not
 * plain data is left out, as a key (the entry is skipped) or as a value. */
static int crosses(int type)
{
    return type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING ||
           type == LUA_TTABLE;
}

static const char *write_value(lua_State *L, int idx, int type, Writer *w, int depth);

/* The table at idx, in one pass: its header is filled in once its entries
 * are written, so it need not be counted first as lcopy does. */
static const char *write_table(lua_State *L, int idx, Writer *w, int depth)
{
    if (depth >= COPY_MAX_DEPTH || !lua_checkstack(L, 3))
        return TOO_DEEP;
    if (++w->tables > WRITE_MAX_TABLES)
        return TOO_MANY;
    PlainBytes *out = w->out;
    PlainTable header = {(uint32_t)lua_rawlen(L, idx), 0, 0};
    size_t header_at = out->size + 1;
    if (!put_tagged(out, P_TABLE, &header, sizeof header))
        return NO_MEMORY;
    uint32_t count = 0; /* every entry counts in the size, as in lcopy */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        int key = lua_gettop(L) - 1, value = key + 1;
        int key_type = lua_type(L, key), value_type = lua_type(L, value);
        count++;
        if (crosses(key_type) && crosses(value_type)) {
            const char *why = write_value(L, key, key_type, w, depth + 1);
            if (!why)
                why = write_value(L, value, value_type, w, depth + 1);
            if (why)
                return why;
            header.entries++;
        }
        lua_settop(L, key);
    }
    header.nhash = count > header.narray ? count - header.narray : 0;
    memcpy(out->data + header_at, &header, sizeof header);
    return NULL;
}

static const char *write_value(lua_State *L, int idx, int type, Writer *w, int depth)
{
    PlainBytes *out = w->out;
    int ok;
    switch (type) {
    case LUA_TBOOLEAN:
        ok = put_tagged(out, lua_toboolean(L, idx) ? P_TRUE : P_FALSE, NULL, 0);
        break;
    case LUA_TNUMBER: {
        if (lua_isinteger(L, idx)) {
            lua_Integer i = lua_tointeger(L, idx);
            ok = put_tagged(out, P_INT, &i, sizeof i);
        } else {
            lua_Number n = lua_tonumber(L, idx);
            ok = put_tagged(out, P_FLOAT, &n, sizeof n);
        }
        break;
    }
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len); /* a string: no conversion */
        ok = put_tagged(out, P_STRING, &len, sizeof len) && put(out, s, len);
        break;
    }
    case LUA_TTABLE:
        return write_table(L, idx, w, depth);
    default:
        ok = put_tagged(out, P_NIL, NULL, 0);
    }
    return ok ? NULL : NO_MEMORY;
}

const char *plain_write(lua_State *from, int idx, PlainBytes *out)
{
    out->size = 0;
    idx = lua_absindex(from, idx);
    Writer w = {out, 0};
    return write_value(from, idx, lua_type(from, idx), &w, 0);
}

void plain_free(PlainBytes *out)
{
    free(out->data);
    *out = (PlainBytes){0};
}

/* When the value at *at is a table: 1, its header in *out, and *at moved
 * to its first key. Else 0. */
static int plain_table(const char *bytes, size_t *at, PlainTable *out)
{
    if (bytes[*at] != P_TABLE)
        return 0;
    memcpy(out, bytes + *at + 1, sizeof *out);
    *at += 1 + sizeof *out;
    return 1;
}

void plain_push(lua_State *L, const char *bytes, size_t *at)
{
    PlainTable header;
    if (plain_table(bytes, at, &header)) {
        luaL_checkstack(L, 3, "plain data");
        lua_createtable(L, (int)header.narray, (int)header.nhash);
        for (uint32_t i = 0; i < header.entries; i++) {
            plain_push(L, bytes, at);
            plain_push(L, bytes, at);
            lua_rawset(L, -3);
        }
        return;
    }
    unsigned char tag = (unsigned char)bytes[(*at)++];
    switch (tag) {
    case P_FALSE:
    case P_TRUE:
        lua_pushboolean(L, tag == P_TRUE);
        return;
    case P_INT: {
        lua_Integer i;
        memcpy(&i, bytes + *at, sizeof i);
        *at += sizeof i;
        lua_pushinteger(L, i);
        return;
    }
    case P_FLOAT: {
        lua_Number n;
        memcpy(&n, bytes + *at, sizeof n);
        *at += sizeof n;
        lua_pushnumber(L, n);
        return;
    }
    case P_STRING: {
        size_t len;
        memcpy(&len, bytes + *at, sizeof len);
        lua_pushlstring(L, bytes + *at + sizeof len, len);
        *at += sizeof len + len;
        return;
    }
    default:
        lua_pushnil(L);
    }
}
