/* lean-loop's base: what every part of the lean loop and its kernel
 * shares (lean_table.c says what the lean kernel is for): a failure that
 * ends the run, the checks every method and every ask makes, the table's
 * random stream and its log. */
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lean.h"

void lean_fail(const char *what)
{
    fprintf(stderr, "lean-loop: %s\n", what);
    exit(1);
}

int lean_one_line(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return 0;
    return len > 0;
}

/* ---- the checks every method and ask makes ---- */

Lean *lean_game_of(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

void lean_check_table(lua_State *L, const Lean *g)
{
    luaL_argcheck(L, lua_topointer(L, 1) == g->t, 1, "not the game's table: call t:method(...)");
}

Lean *lean_self(lua_State *L)
{
    Lean *g = lean_game_of(L);
    lean_check_table(L, g);
    return g;
}

int lean_check_seat(lua_State *L, const Lean *g, int arg)
{
    lua_Integer s = luaL_checkinteger(L, arg);
    luaL_argcheck(L, s >= 1 && s <= g->nseats, arg, "no such seat");
    return (int)s;
}

void lean_begin_ask(lua_State *L, Lean *g)
{
    luaL_argcheck(L, lua_topointer(L, 1) == g->t, 1, "not the game's table: call t:ask");
    lua_Integer seat = luaL_checkinteger(L, 2);
    luaL_argcheck(L, seat >= 1 && seat <= g->nseats, 2, "no such seat");
    size_t len;
    const char *kind = luaL_checklstring(L, 3, &len);
    luaL_argcheck(L, len < sizeof g->kind && lean_one_line(kind, len), 3, "a kind is one short line");
    luaL_argcheck(L, !g->asked, 1, "a decision is pending already");
    memcpy(g->kind, kind, len + 1);
    lua_pushvalue(L, 3);
    lua_rawseti(L, LUA_REGISTRYINDEX, g->kind_ref);
    g->asked = (int)seat;
}

/* ---- the stream ---- */

static uint32_t next_word(LeanStream *s)
{
    if (s->used == 16) {
        uint8_t nonce[crypto_stream_chacha20_NONCEBYTES] = {0}, bytes[64];
        for (int i = 0; i < 8; i++)
            nonce[i] = (uint8_t)(s->block >> (8 * i));
        s->block++;
        crypto_stream_chacha20(bytes, sizeof bytes, nonce, s->key);
        for (int i = 0; i < 16; i++)
            s->word[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                         (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
        s->used = 0;
    }
    return s->word[s->used++];
}

int lean_uniform(LeanStream *s, int n)
{
    uint32_t threshold = (uint32_t)(-(uint32_t)n) % (uint32_t)n, x;
    do
        x = next_word(s);
    while (x < threshold);
    return (int)(x % (uint32_t)n);
}

/* ---- the log ---- */

void lean_log(Lean *g, int32_t code, int32_t a, int32_t b, int32_t c)
{
    if (g->nnotes == g->notes_cap) {
        size_t cap = g->notes_cap ? 2 * g->notes_cap : 256;
        LeanNote *grown = realloc(g->notes, cap * sizeof *grown);
        if (!grown)
            lean_fail("out of memory for the log");
        g->notes = grown;
        g->notes_cap = cap;
    }
    g->notes[g->nnotes++] = (LeanNote){code, a, b, c};
}

