/* What the fuzz targets share: the referee's own Lua state with the
 * kernel loaded, and where the rules and bots are. */
#ifndef REFEREE_FUZZ_COMMON_H
#define REFEREE_FUZZ_COMMON_H

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../core/lua/lua_alloc.h"
#include "../../core/referee/lua_game.h"

/* The rules and bots folders, from the environment as for the referee
 * (tools/fuzz.sh sets them). */
#define FUZZ_RULES (getenv("REFEREE_RULES") ? getenv("REFEREE_RULES") : "tests/fixture:rules")
#define FUZZ_BOTS (getenv("REFEREE_BOTS") ? getenv("REFEREE_BOTS") : "bots")

static inline lua_State *fuzz_state(void)
{
    lua_State *L = lua_alloc_newstate();
    luaL_openlibs(L);
    luaL_requiref(L, "referee", luaopen_referee, 0);
    lua_pop(L, 1);
    return L;
}

/* The input as a NUL-terminated text (what the referee reads as text). */
static inline char *fuzz_text(const unsigned char *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text) {
        memcpy(text, data, size);
        text[size] = '\0';
    }
    return text;
}

#endif
