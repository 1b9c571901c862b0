#include "lua_alloc.h"

#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef REFEREE_SYSTEM_MALLOC
#include <mimalloc.h>
#endif

void *lua_alloc_resize(void *ptr, size_t size)
{
#ifdef REFEREE_SYSTEM_MALLOC
    return realloc(ptr, size);
#else
    /* A new block (most of Lua's: every table, string and closure) from
     * mi_malloc's fast path: mi_realloc of NULL gets there too, through
     * its own checks first, about 60 instructions more a block. */
    return ptr ? mi_realloc(ptr, size) : mi_malloc(size);
#endif
}

void lua_alloc_free(void *ptr)
{
#ifdef REFEREE_SYSTEM_MALLOC
    free(ptr);
#else
    mi_free(ptr);
#endif
}

void *lua_alloc_block(void *ud, void *ptr, size_t osize, size_t nsize)
{
    LuaAllocCount *n = ud;
    /* Without a block, osize tells the kind of object, not a size. */
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        lua_alloc_free(ptr);
        n->used -= old;
        return NULL;
    }
    if (!lua_alloc_fits(n, old, nsize))
        return NULL;
    void *block = lua_alloc_resize(ptr, nsize);
    if (block)
        n->used = n->used - old + nsize;
    return block;
}

/* As luaL_newstate's: an error outside any protected call ends the
 * process with its message. */
static int panic(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "referee: unprotected error in a Lua call (%s)\n",
            msg ? msg : "error object is not a string");
    return 0;
}

/* Lua's warnings, off until "@on", as luaL_newstate's: a message may come
 * in pieces, and only its first piece can be a control message. */
static void warn_off(void *ud, const char *msg, int tocont);
static void warn_on(void *ud, const char *msg, int tocont);

static void warn_piece(void *ud, const char *msg, int tocont)
{
    lua_State *L = ud;
    fputs(msg, stderr);
    if (tocont) {
        lua_setwarnf(L, warn_piece, L);
    } else {
        fputc('\n', stderr);
        lua_setwarnf(L, warn_on, L);
    }
}

static void warn_on(void *ud, const char *msg, int tocont)
{
    lua_State *L = ud;
    if (!tocont && msg[0] == '@') {
        if (strcmp(msg, "@off") == 0)
            lua_setwarnf(L, warn_off, L);
        return;
    }
    fputs("Lua warning: ", stderr);
    warn_piece(ud, msg, tocont);
}

static void warn_off(void *ud, const char *msg, int tocont)
{
    lua_State *L = ud;
    if (!tocont && strcmp(msg, "@on") == 0)
        lua_setwarnf(L, warn_on, L);
}

lua_State *lua_alloc_newstate(void)
{
    LuaAllocCount *n = malloc(sizeof *n);
    if (!n)
        return NULL;
    *n = (LuaAllocCount){.used = 0, .limit = SIZE_MAX, .refused = 0, .game = NULL, .binding = NULL};
    lua_State *L = lua_newstate(lua_alloc_block, n);
    if (!L) {
        free(n);
        return NULL;
    }
    lua_atpanic(L, panic);
    lua_setwarnf(L, warn_off, L);
    /* Lua leaves the main thread's extra space as malloc gave it; what
     * keeps a word there (stable_ids.c) reads it before writing it. */
    memset(lua_getextraspace(L), 0, LUA_EXTRASPACE);
    lua_gc(L, LUA_GCINC, LUA_ALLOC_GC_PAUSE, 0, 0);
    return L;
}

void lua_alloc_close(lua_State *L)
{
    void *n;
    lua_getallocf(L, &n);
    lua_close(L); /* which frees every block through the count */
    free(n);
}

LuaAllocCount *lua_alloc_count(lua_State *L)
{
    void *n;
    return lua_getallocf(L, &n) == lua_alloc_block ? n : NULL;
}
