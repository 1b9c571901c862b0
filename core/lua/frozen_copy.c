#include "frozen_copy.h"

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../kernel/grow.h"
#include "lua_copy.h"
#include "lua_weak.h"

/* registry[&MAKERS_KEY]: table -> the function that copies it, or false
 * when it cannot be written as code; weak keys, so the table goes free. */
static const char MAKERS_KEY = 0;

typedef struct Writer {
    char *code;
    size_t used, size;
    int keys; /* written so far, against FROZEN_MAX_KEYS */
    int tables;
    const void *met[FROZEN_MAX_KEYS + 1]; /* the tables written, each once */
} Writer;

static int put(Writer *w, const char *text, size_t len)
{
    if (!grow_bytes(&w->code, &w->size, w->used + len + 1, 512))
        return 0;
    memcpy(w->code + w->used, text, len);
    w->used += len;
    w->code[w->used] = '\0';
    return 1;
}

static int put_text(Writer *w, const char *text)
{
    return put(w, text, strlen(text));
}

/* A text as a Lua string literal: every byte that is not plain printable
 * ASCII (and quote and backslash) as a three-digit escape, so the copy's
 * bytes are the table's whatever they are. */
static int put_string(Writer *w, const char *s, size_t len)
{
    if (!put(w, "\"", 1))
        return 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[5];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            if (!put(w, (const char *)&s[i], 1))
                return 0;
        } else {
            snprintf(esc, sizeof esc, "\\%03u", c);
            if (!put(w, esc, 4))
                return 0;
        }
    }
    return put(w, "\"", 1);
}

/* A number as Lua reads it back to the same value and subtype: integers
 * in decimal (the least, whose digits alone would read as a float, as a
 * sum), floats in hexadecimal, exact. 0 for an infinity or NaN. */
static int put_number(Writer *w, lua_State *L, int idx)
{
    char text[64];
    if (lua_isinteger(L, idx)) {
        lua_Integer n = lua_tointeger(L, idx);
        if (n == LUA_MININTEGER)
            return put_text(w, "(-9223372036854775807-1)");
        snprintf(text, sizeof text, LUA_INTEGER_FMT, n);
        return put_text(w, text);
    }
    lua_Number x = lua_tonumber(L, idx);
    if (!isfinite(x))
        return 0;
    snprintf(text, sizeof text, "%a", (double)x);
    return put_text(w, text);
}

static int put_table(Writer *w, lua_State *L, int idx, int depth, int root_room);

/* The value at idx as a Lua expression. */
static int put_value(Writer *w, lua_State *L, int idx, int depth)
{
    switch (lua_type(L, idx)) {
    case LUA_TBOOLEAN: return put_text(w, lua_toboolean(L, idx) ? "true" : "false");
    case LUA_TNUMBER: return put_number(w, L, idx);
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        return put_string(w, s, len);
    }
    case LUA_TTABLE: return put_table(w, L, idx, depth + 1, -1);
    default: return 0; /* a function, userdata or thread, which lcopy shares, or nil:
                          a hole in the list, whose sizes lcopy's and a constructor's differ on */
    }
}

/* A key as it goes between brackets: a text, an integer or a boolean. */
static int put_key(Writer *w, lua_State *L, int idx)
{
    int type = lua_type(L, idx);
    if (type == LUA_TNUMBER && !lua_isinteger(L, idx))
        return 0;
    return (type == LUA_TSTRING || type == LUA_TNUMBER || type == LUA_TBOOLEAN) &&
           put_value(w, L, idx, 0);
}

/* Whether key at idx is one of the list's 1..narray. */
static int in_list(lua_State *L, int idx, lua_Integer narray)
{
    if (!lua_isinteger(L, idx))
        return 0;
    lua_Integer k = lua_tointeger(L, idx);
    return k >= 1 && k <= narray;
}

/* The table at idx as a constructor, its list (1..#t) by position and the
 * rest as [key] = value in the order lua_next gives them, which is the
 * order lcopy sets them in; so each table is made at lcopy's sizes. A
 * root (root_room >= 0) given more room than its keys take is made by
 * create() with that room and filled by statements instead. */
static int put_table(Writer *w, lua_State *L, int idx, int depth, int root_room)
{
    const void *p = lua_topointer(L, idx);
    for (int i = 0; i < w->tables; i++)
        if (w->met[i] == p)
            return 0; /* held twice or in itself: lcopy keeps that shape */
    if (depth > FROZEN_MAX_DEPTH || w->tables == FROZEN_MAX_KEYS + 1 ||
        !lua_checkstack(L, 4))
        return 0;
    w->met[w->tables++] = p;
    lua_Integer narray = (lua_Integer)lua_rawlen(L, idx), count = 0;
    for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1))
        count++;
    if ((w->keys += (int)count) > FROZEN_MAX_KEYS)
        return 0;
    lua_Integer hash = count - narray;
    int made = root_room > hash; /* else a constructor: its size is its keys' */
    char text[96];
    if (made)
        snprintf(text, sizeof text, "local t = create(%lld, %d)\n", (long long)narray, root_room);
    if (!put_text(w, made ? text : root_room >= 0 ? "return {" : "{"))
        return 0;
    for (lua_Integer i = 1; i <= narray; i++) {
        text[0] = '\0';
        if (made)
            snprintf(text, sizeof text, "t[%lld] = ", (long long)i);
        lua_rawgeti(L, idx, i);
        int ok = put_text(w, text) && put_value(w, L, lua_gettop(L), depth) &&
                 put_text(w, made ? "\n" : ", ");
        lua_pop(L, 1);
        if (!ok)
            return 0;
    }
    for (lua_pushnil(L); lua_next(L, idx); lua_pop(L, 1)) {
        int key = lua_gettop(L) - 1;
        if (in_list(L, key, narray))
            continue;
        if (!put_text(w, made ? "t[" : "[") || !put_key(w, L, key) || !put_text(w, "] = ") ||
            !put_value(w, L, key + 1, depth) || !put_text(w, made ? "\n" : ", ")) {
            lua_pop(L, 2);
            return 0;
        }
    }
    return put_text(w, made ? "return t\n" : root_room >= 0 ? "}\n" : "}");
}

static int create(lua_State *L)
{
    lua_createtable(L, (int)lua_tointeger(L, 1), (int)lua_tointeger(L, 2));
    return 1;
}

/* Pushes the function that copies the table at idx, or false. */
static void push_maker(lua_State *L, int idx, int room)
{
    Writer *w = calloc(1, sizeof *w);
    int top = lua_gettop(L);
    int ok = w && put_text(w, "local create = ...\nreturn function()\n") &&
             put_table(w, L, idx, 0, room) && put_text(w, "end\n");
    lua_settop(L, top);
    if (ok && luaL_loadbufferx(L, w->code, w->used, "=(a frozen table's copy)", "t") == LUA_OK) {
        lua_pushcfunction(L, create);
        lua_call(L, 1, 1);
    } else {
        lua_settop(L, top);
        lua_pushboolean(L, 0);
    }
    if (w)
        free(w->code);
    free(w);
}

int lcopy_frozen_written(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &MAKERS_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    int written = lua_isfunction(L, -1);
    lua_pop(L, 2);
    return written;
}

void lcopy_frozen(lua_State *L, int idx, int room)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE) {
        lua_pushvalue(L, idx);
        return;
    }
    lweak_push_kept(L, &MAKERS_KEY, "k");
    lua_pushvalue(L, idx);
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 1);
        push_maker(L, idx, room);
        lua_pushvalue(L, idx);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);
    }
    lua_remove(L, -2);
    if (lua_isfunction(L, -1)) {
        lua_call(L, 0, 1);
    } else {
        lua_pop(L, 1);
        lcopy_with_room(L, idx, room);
    }
}
